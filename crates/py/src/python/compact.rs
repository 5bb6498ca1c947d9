//! Compact boards from and to numpy: `uint8` arrays (one light per byte) and, with
//! `packed=True`, packed `uint8` arrays: over GF(2) in the layout of
//! `numpy.packbits(board, axis=-1)`, over GF(3) two bits a light, four lights a byte (the
//! layout of [`lightsout_topo::BoardFormat`]).
//! They go to topo's compact-board methods ([`lightsout_topo::BoardFormat`]) as bytes, so a
//! 10,000 x 10,000 GF(2) grid is solved without one `u32` per light.

use super::args;
use super::convert::{self, shape_text, Dt};
use super::errors::{topo_error, value_error, LoResult, Proof};
use lightsout_core::structured::PackedBoard;
use lightsout_topo::{BoardFormat, Encoding, Game, Order};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A board in a compact format: a C-contiguous uint8 array, with the shape it came in.
pub(crate) struct Compact<'py> {
    pub arr: Bound<'py, PyArrayDyn<u8>>,
    pub format: BoardFormat,
    pub shape: Vec<usize>,
    /// Whether the board came in another dtype (read by [`narrowed`]): an unsolvable one's
    /// proof is then shaped as on the general path.
    pub converted: bool,
    /// Whether the board was packed here (not given packed): answers are unpacked to bytes.
    pub repacked: bool,
    /// The board as given, where its bytes are read as uint8 but its dtype is not (int8, see
    /// [`one_byte_view`]): an entry out of range is named as that dtype reads it.
    pub source: Option<Bound<'py, PyAny>>,
}

impl Compact<'_> {
    /// The bytes, borrowed from numpy, handed to `f` (which may release the GIL).
    pub(crate) fn with_bytes<T>(&self, f: impl FnOnce(&[u8]) -> PyResult<T>) -> LoResult<T> {
        let view = self.arr.try_readonly()?;
        Ok(f(view.as_slice()?)?)
    }
}

/// For a board read through [`one_byte_view`] (`source`, the board as given) whose bytes held
/// an entry out of range (`e`), the error its own dtype's reading gives (the first bad entry in
/// C order, with its signed value: an int8 -1 is the byte 255); `None` for any other board or
/// error, or when that board reads clean (the bad entry was another board's).
pub(crate) fn own_error(game: &Game, source: Option<&Bound<'_, PyAny>>, e: &lightsout_topo::Error) -> Option<PyErr> {
    match e {
        lightsout_topo::Error::Core(lightsout_core::Error::EntryOutOfRange { what, .. }) => {
            narrowed(game, source?, what, true).err()
        }
        _ => None,
    }
}

/// A C-contiguous array of one-byte entries that the byte route reads where it is, as the uint8
/// array of its bytes, shared, not copied (`None` for anything else). numpy keeps a bool in one
/// byte, 0 or 1, and an int8 from 0 to 127 in the same byte as uint8, so these boards are read
/// as uint8 boards are, in one pass on every thread, where the bytes refuse exactly what the
/// dtype's own reading refuses: bool over GF(2) (a bad bool is named by its byte, as its own
/// reading names it), int8 up to modulus 128 (a negative int8 is a byte of 128 or more, refused
/// and then named by [`own_error`] with its own value).
pub(crate) fn one_byte_view<'py>(game: &Game, obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Option<Compact<'py>>> {
    let Ok(arr) = obj.cast::<PyUntypedArray>() else { return Ok(None) };
    let dt = Dt::of(arr);
    let exact = match dt {
        Some(Dt::Bool) => game.modulus().get() == 2,
        Some(Dt::I8) => game.modulus().get() <= 128,
        _ => false,
    };
    if !exact || !arr.is_c_contiguous() {
        return Ok(None);
    }
    let bytes = arr.call_method1("view", ("uint8",))?;
    let source = (dt == Some(Dt::I8)).then(|| obj.clone());
    Ok(read(game, &bytes, what, false)?.map(|c| Compact { converted: true, source, ..c }))
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
    // Bytes hold values up to 255: a larger modulus takes the general path.
    if !packed && game.modulus().get() > 256 {
        return Ok(None);
    }
    if packed && game.packed_lights_per_byte().is_none() {
        return Err(PyValueError::new_err(format!(
            "packed=True is for modulus 2 (one bit per light) and 3 (two bits per light), but this game has \
             modulus {}: pass a uint8 board (one byte per light) instead",
            game.modulus()
        )));
    }
    let shape = arr.shape().to_vec();
    let format = match bytes_format(game, &shape, encoding) {
        Some(f) => f,
        None if packed => {
            let natural = BoardFormat { encoding, order: Order::Natural };
            let flat = BoardFormat { encoding, order: Order::Flat };
            return Err(PyValueError::new_err(format!(
                "{what} packed must have shape {} (numpy.packbits of the board, axis=-1) or {} (of the flat light \
                 vector), got {}",
                shape_text(&shape_of(game, natural)),
                shape_text(&shape_of(game, flat)),
                shape_text(&shape)
            )));
        }
        None => return Ok(None),
    };
    // Bytes in another memory order are read into C order once, checked as they go; packed
    // bytes (any value is eight lights) are copied by numpy.
    let arr = if arr.is_c_contiguous() {
        arr.clone()
    } else if packed {
        obj.py().import("numpy")?.call_method1("ascontiguousarray", (arr,))?.cast_into::<PyArrayDyn<u8>>()?
    } else {
        convert::narrowed_array::<u8>(arr.as_untyped(), Dt::U8, what, game.modulus().get())?
    };
    Ok(Some(Compact { arr, format, shape, converted: false, repacked: false, source: None }))
}

/// A board of any other integer dtype (bool, int8 to int64, uint16 to uint64) or memory order
/// (Fortran, strided) as a compact board, read by [`convert::gather`] (to bits by [`convert::gather_bits`]) in one pass that
/// checks every entry against the modulus (the first bad entry is named by its index, as on the
/// general path): so a large board of any dtype takes the compact route at memory speed instead
/// of becoming one `u32` a light. With `pack` and modulus 2 it goes straight to bits (the
/// layout of `packed=True`, an eighth of the bytes to write, and the engines' own form), else to
/// bytes. `None` where that does not apply (a modulus above 256, not a native integer array, a
/// shape that is neither the board's nor flat: the general path answers or says why).
pub(crate) fn narrowed<'py>(
    game: &Game,
    obj: &Bound<'py, PyAny>,
    what: &str,
    pack: bool,
) -> PyResult<Option<Compact<'py>>> {
    let p = game.modulus().get();
    let Ok(arr) = obj.cast::<PyUntypedArray>() else { return Ok(None) };
    let Some(dt) = Dt::of(arr).filter(|_| p <= 256) else { return Ok(None) };
    let shape = arr.shape().to_vec();
    let Some(format) = bytes_format(game, &shape, Encoding::Bytes) else { return Ok(None) };
    if !(pack && p == 2) {
        let arr = convert::narrowed_array::<u8>(arr, dt, what, p)?;
        return Ok(Some(Compact { arr, format, shape, converted: dt != Dt::U8, repacked: false, source: None }));
    }
    let format = BoardFormat { encoding: Encoding::Packed, order: format.order };
    let packed_shape = shape_of(game, format);
    let row_bytes = *packed_shape.last().expect("a board has at least one axis");
    let out = PyArrayDyn::<u8>::zeros(obj.py(), packed_shape, false);
    {
        let mut write = out.try_readwrite()?;
        let bits = write.as_slice_mut()?;
        convert::gather_bits(arr, dt, what, bits, row_bytes)?;
    }
    Ok(Some(Compact { arr: out, format, shape, converted: dt != Dt::U8, repacked: true, source: None }))
}

/// A GF(2) grid board of `dims` (rows, columns) in the board's own shape, of any native
/// integer dtype or memory order, read by [`convert::gather_words`] straight into the grid
/// solver's packed board (each entry checked to be 0 or 1, the first bad one named as on the
/// general path), with whether its dtype is another than uint8: what [`narrowed`] reads to
/// packbits bytes, without those bytes (see [`Game::solve_packed`]). `None` for a flat board or
/// anything not a native integer array.
pub(crate) fn packed_grid_board(
    obj: &Bound<'_, PyAny>,
    what: &str,
    dims: (usize, usize),
) -> LoResult<Option<(PackedBoard, bool)>> {
    let Ok(arr) = obj.cast::<PyUntypedArray>() else { return Ok(None) };
    let Some(dt) = Dt::of(arr) else { return Ok(None) };
    if arr.shape() != [dims.0, dims.1] {
        return Ok(None);
    }
    let row_words = dims.1.div_ceil(64);
    let board = PackedBoard::filled(dims.0, dims.1, |words| -> LoResult<()> {
        Ok(convert::gather_words(arr, dt, what, words, row_words)?)
    })?;
    Ok(Some((board, dt != Dt::U8)))
}

/// Whether `obj` is a C-contiguous array of one byte a light, which the byte route reads where
/// it is: uint8, bool or int8 (see [`one_byte_view`] for where the last two apply).
pub(crate) fn is_bytes(obj: &Bound<'_, PyAny>) -> bool {
    obj.cast::<PyUntypedArray>()
        .is_ok_and(|a| matches!(Dt::of(a), Some(Dt::U8 | Dt::Bool | Dt::I8)) && a.is_c_contiguous())
}

/// The format of a compact board of `shape`: the game's natural shape or flat, `None` for any
/// other shape.
fn bytes_format(game: &Game, shape: &[usize], encoding: Encoding) -> Option<BoardFormat> {
    [Order::Natural, Order::Flat]
        .into_iter()
        .map(|order| BoardFormat { encoding, order })
        .find(|&f| shape == shape_of(game, f).as_slice())
}

/// Bytes in `format` as a numpy array of its shape and of dtype `dt` (uint8 as is, other
/// dtypes converted by numpy in one pass): a compact answer in the dtype asked for. `repacked`:
/// the answer is bits for a board that came as one light per entry, unpacked to bytes first.
pub(crate) fn array_as<'py>(
    py: Python<'py>,
    game: &Game,
    data: Vec<u8>,
    format: BoardFormat,
    repacked: bool,
    dt: Dt,
) -> PyResult<Bound<'py, PyAny>> {
    let (data, format) = if repacked {
        let bytes = BoardFormat { encoding: Encoding::Bytes, order: format.order };
        let dims = shape_of(game, bytes);
        let row = *dims.last().expect("a board has at least one axis");
        // A board-sized buffer from the core's one place for them (huge pages where the kernel
        // has them: a fresh buffer's cost is its page faults), unpacked by core's inverse of
        // the reader, row by row on every thread.
        let mut out = lightsout_core::buffer::zeroed::<u8>("the answer", dims.iter().product()).map_err(value_error)?;
        lightsout_core::pack::packbits_rows_to_bytes(&data, row, &mut out).map_err(value_error)?;
        (out, bytes)
    } else {
        (data, format)
    };
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
