//! Compact boards from and to numpy: `uint8` arrays (one light per byte) and, with
//! `packed=True`, packed `uint8` arrays: over GF(2) in the layout of
//! `numpy.packbits(board, axis=-1)`, over GF(3) two bits a light, four lights a byte (the
//! layout of [`lightsout_topo::BoardFormat`]).
//! They go to topo's compact-board methods ([`lightsout_topo::BoardFormat`]) as bytes, so a
//! 10,000 x 10,000 GF(2) grid is solved without one `u32` per light.

use super::args;
use super::convert::{self, shape_text, with_dt, Dt};
use super::errors::{topo_error, value_error, LoResult, Proof};
use lightsout_core::batch::Cell;
use lightsout_topo::{BoardFormat, Encoding, Game, Order};
use numpy::{Element, PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A board in a compact format: a C-contiguous uint8 array, with the shape it came in.
pub(crate) struct Compact<'py> {
    pub arr: Bound<'py, PyArrayDyn<u8>>,
    pub format: BoardFormat,
    pub shape: Vec<usize>,
}

impl Compact<'_> {
    /// The bytes, borrowed from numpy, handed to `f` (which may release the GIL).
    pub(crate) fn with_bytes<T>(&self, f: impl FnOnce(&[u8]) -> PyResult<T>) -> LoResult<T> {
        let view = self.arr.try_readonly()?;
        Ok(f(view.as_slice()?)?)
    }
}

/// The numpy shape of a board in `format`: the natural shape (its last axis packed to whole
/// bytes) or flat.
pub(crate) fn shape_of(game: &Game, format: BoardFormat) -> Vec<usize> {
    let mut dims = match format.order {
        Order::Natural => game.dims(),
        Order::Flat => vec![game.size()],
    };
    if format.encoding == Encoding::Packed {
        let last = dims.len() - 1;
        dims[last] = dims[last].div_ceil(game.packed_lights_per_byte().unwrap_or(8));
    }
    dims
}

/// A board for the compact path: with `packed`, a bit-packed uint8 array (an error otherwise);
/// without, a uint8 array in the natural shape or flat (`None` for anything else, which takes
/// the general path).
pub(crate) fn read<'py>(
    game: &Game,
    obj: &Bound<'py, PyAny>,
    what: &str,
    packed: bool,
) -> PyResult<Option<Compact<'py>>> {
    let encoding = if packed { Encoding::Packed } else { Encoding::Bytes };
    let arr = match obj.cast::<PyArrayDyn<u8>>() {
        Ok(a) => a,
        Err(_) if packed => {
            return Err(PyTypeError::new_err(format!(
                "with packed=True, {what} must be a uint8 numpy array from numpy.packbits(board, axis=-1), not {}",
                obj.cast::<PyUntypedArray>()
                    .map(|a| format!("an array of dtype {}", a.dtype()))
                    .unwrap_or_else(|_| args::type_name(obj))
            )))
        }
        Err(_) => return Ok(None),
    };
    if packed && game.packed_lights_per_byte().is_none() {
        return Err(PyValueError::new_err(format!(
            "packed=True is for modulus 2 (one bit per light) and 3 (two bits per light), but this game has \
             modulus {}: pass a uint8 board (one byte per light) instead",
            game.modulus()
        )));
    }
    let shape = arr.shape().to_vec();
    let natural = BoardFormat { encoding, order: Order::Natural };
    let flat = BoardFormat { encoding, order: Order::Flat };
    let format = if shape == shape_of(game, natural) {
        natural
    } else if shape == shape_of(game, flat) {
        flat
    } else if packed {
        return Err(PyValueError::new_err(format!(
            "{what} packed must have shape {} (numpy.packbits of the board, axis=-1) or {} (of the flat light \
             vector), got {}",
            shape_text(&shape_of(game, natural)),
            shape_text(&shape_of(game, flat)),
            shape_text(&shape)
        )));
    } else {
        return Ok(None);
    };
    let arr = if arr.is_c_contiguous() {
        arr.clone()
    } else {
        obj.py().import("numpy")?.call_method1("ascontiguousarray", (arr,))?.cast_into::<PyArrayDyn<u8>>()?
    };
    Ok(Some(Compact { arr, format, shape }))
}

/// A board of any other integer dtype (bool, int8 to int64, uint16 to uint64; C or Fortran
/// order or strided) as a compact board of bytes, read in one pass that checks every entry
/// against the modulus (the first bad entry is named by its index, as on the general path),
/// with the dtype its answer goes back in: so a large board of any dtype takes the byte route
/// at memory speed instead of becoming one `u32` a light. `None` where that does not apply (a
/// modulus above 256, not a numpy integer array, a shape that is neither the board's nor
/// flat: the general path answers or says why).
pub(crate) fn narrowed<'py>(game: &Game, obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Option<(Compact<'py>, Dt)>> {
    let p = game.modulus().get();
    let Ok(arr) = obj.cast::<PyUntypedArray>() else { return Ok(None) };
    let Some(dt) = Dt::of(arr).filter(|_| p <= 256) else { return Ok(None) };
    let shape = arr.shape().to_vec();
    let bytes = BoardFormat { encoding: Encoding::Bytes, order: Order::Natural };
    let format = if shape == shape_of(game, bytes) {
        bytes
    } else if shape == [game.size()] {
        BoardFormat { encoding: Encoding::Bytes, order: Order::Flat }
    } else {
        return Ok(None);
    };
    // Any other memory order is first copied to C order by numpy (a pass at memory speed), so
    // the check below runs over one slice.
    let contiguous;
    let arr = if arr.is_c_contiguous() {
        arr
    } else {
        contiguous =
            obj.py().import("numpy")?.call_method1("ascontiguousarray", (arr,))?.cast_into::<PyUntypedArray>()?;
        &contiguous
    };
    let out = PyArrayDyn::<u8>::zeros(obj.py(), shape.clone(), false);
    {
        let mut write = out.try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let bytes = write.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        with_dt!(dt, T => narrow::<T>(arr, bytes, &shape, what, p))?;
    }
    Ok(Some((Compact { arr: out, format, shape }, dt.for_results(p))))
}

/// An entry widened to `u64`, so that one unsigned comparison with p checks it (a negative
/// value wraps to a huge one): the check and the narrowing then run as one branch-free loop.
trait Wide: Copy {
    fn wide(self) -> u64;
}
macro_rules! wide {
    ($via:ty: $($t:ty),*) => {
        $(impl Wide for $t {
            #[inline]
            fn wide(self) -> u64 {
                self as $via as u64
            }
        })*
    };
}
wide!(u64: bool, u8, u16, u32, u64);
wide!(i64: i8, i16, i32, i64);

/// Every entry of the C-contiguous `arr` into `out` as a byte, checked to lie in `0..p`.
fn narrow<T: Element + Cell + Wide>(
    arr: &Bound<'_, PyUntypedArray>,
    out: &mut [u8],
    shape: &[usize],
    what: &str,
    p: u32,
) -> PyResult<()> {
    const CHUNK: usize = 1 << 12;
    let typed = arr.cast::<PyArrayDyn<T>>().map_err(|e| PyTypeError::new_err(e.to_string()))?;
    let view = typed.try_readonly().map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    let slice = view.as_slice().map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    let p64 = p as u64;
    for (c, (o, s)) in out.chunks_mut(CHUNK).zip(slice.chunks(CHUNK)).enumerate() {
        let mut bad = false;
        for (o, &v) in o.iter_mut().zip(s) {
            let w = v.wide();
            bad |= w >= p64;
            *o = w as u8;
        }
        if bad {
            let (j, v) = s.iter().enumerate().find(|(_, v)| v.wide() >= p64).expect("a bad entry in this chunk");
            return Err(convert::out_of_range(what, shape, c * CHUNK + j, v.to_i128().to_string(), p));
        }
    }
    Ok(())
}

/// Bytes in `format` as a numpy array of its shape and of dtype `dt` (uint8 as is, other
/// dtypes converted by numpy in one pass).
pub(crate) fn array_as<'py>(
    py: Python<'py>,
    game: &Game,
    data: Vec<u8>,
    format: BoardFormat,
    dt: Dt,
) -> PyResult<Bound<'py, PyAny>> {
    let arr = array(py, game, data, format)?;
    if dt == Dt::U8 {
        return Ok(arr);
    }
    arr.call_method1("astype", (dt.name(),))
}

/// The array `solve(..., out=out)` writes into: a writable C-contiguous uint8 array of the
/// board's shape, or a TypeError/ValueError saying which of these it is not.
pub(crate) fn writable_like<'py>(
    out: &Bound<'py, PyAny>,
    board: &Compact<'py>,
) -> PyResult<Bound<'py, PyArrayDyn<u8>>> {
    let arr = out.cast::<PyArrayDyn<u8>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "out must be a uint8 numpy array of shape {}, not {}",
            shape_text(&board.shape),
            out.cast::<PyUntypedArray>()
                .map(|a| format!("an array of dtype {}", a.dtype()))
                .unwrap_or_else(|_| args::type_name(out))
        ))
    })?;
    if arr.shape() != board.shape.as_slice() {
        return Err(PyValueError::new_err(format!(
            "out must have the board's shape {}, got {}",
            shape_text(&board.shape),
            shape_text(arr.shape())
        )));
    }
    if !arr.is_c_contiguous() || !arr.getattr("flags")?.getattr("writeable")?.extract::<bool>()? {
        return Err(PyValueError::new_err(
            "out must be a writable C-contiguous array (numpy.ascontiguousarray gives one)",
        ));
    }
    Ok(arr.clone())
}

/// Bytes in `format` as a numpy uint8 array of its shape (the vector is handed to numpy, not
/// copied).
pub(crate) fn array<'py>(
    py: Python<'py>,
    game: &Game,
    data: Vec<u8>,
    format: BoardFormat,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_vec(py, data).reshape(shape_of(game, format))?.into_any())
}

/// An error mapper for the compact path: an unsolvable board's obstruction comes back in the
/// board's format, an entry out of range is named by its index in the array's shape (every
/// board of one call has the same shape).
pub(crate) fn err<'a>(
    py: Python<'a>,
    game: &'a Game,
    shape: &'a [usize],
    format: BoardFormat,
) -> impl Fn(lightsout_topo::Error) -> PyErr + 'a {
    // A packed board names its bad light by the light's place in the board, not in the bytes.
    let natural = (format.encoding == Encoding::Packed)
        .then(|| shape_of(game, BoardFormat { encoding: Encoding::Bytes, order: format.order }));
    move |e| match e {
        lightsout_topo::Error::Core(lightsout_core::Error::EntryOutOfRange { what, index, value, modulus }) => {
            convert::out_of_range(what, natural.as_deref().unwrap_or(shape), index, value.to_string(), modulus)
        }
        e => {
            let proof = Proof { modulus: game.modulus().get(), game: Some(game) };
            topo_error(py, e, proof, |py, y| {
                let bytes = game.encode_board(&y, format).map_err(value_error)?;
                Ok(array(py, game, bytes, format)?.unbind())
            })
        }
    }
}
