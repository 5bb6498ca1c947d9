//! numpy arrays in and out: boards and presses in the game's natural shape or flat, any
//! integer dtype and memory order (read where numpy keeps them by core's readers, plane by
//! plane: [`gather`], [`gather_bits`]); results in the shape given and the
//! smallest unsigned dtype that holds k - 1 (or the `dtype=` asked for).

mod bits;

use lightsout_core::batch::Cell;
use lightsout_core::pack::{Block, Entry, Value};
use lightsout_topo::Game;
use numpy::{
    Element, PyArray1, PyArrayDescr, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// The integer dtypes read and written natively.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dt {
    Bool,
    U8,
    U16,
    U32,
    U64,
    I8,
    I16,
    I32,
    I64,
}

impl Dt {
    /// The native dtype of an array, `None` for non-integer or non-native (byte-swapped) ones.
    pub(crate) fn of(arr: &Bound<'_, PyUntypedArray>) -> Option<Dt> {
        let d = arr.dtype();
        if !matches!(d.byteorder(), b'=' | b'|') {
            return None;
        }
        Dt::of_descr(&d)
    }

    /// The numpy name of the dtype.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Dt::Bool => "bool",
            Dt::U8 => "uint8",
            Dt::U16 => "uint16",
            Dt::U32 => "uint32",
            Dt::U64 => "uint64",
            Dt::I8 => "int8",
            Dt::I16 => "int16",
            Dt::I32 => "int32",
            Dt::I64 => "int64",
        }
    }

    /// The largest value the dtype holds.
    fn max(self) -> u64 {
        match self {
            Dt::Bool => 1,
            Dt::U8 => u8::MAX as u64,
            Dt::U16 => u16::MAX as u64,
            Dt::U32 => u32::MAX as u64,
            Dt::U64 => u64::MAX,
            Dt::I8 => i8::MAX as u64,
            Dt::I16 => i16::MAX as u64,
            Dt::I32 => i32::MAX as u64,
            Dt::I64 => i64::MAX as u64,
        }
    }

    /// The smallest unsigned dtype that holds `p - 1`: uint8 up to p = 256, then uint16, uint32.
    pub(crate) fn smallest_for(p: u32) -> Dt {
        match p - 1 {
            0..=0xff => Dt::U8,
            0x100..=0xffff => Dt::U16,
            _ => Dt::U32,
        }
    }

    /// The dtype of a numpy dtype object, whatever its byte order (`None` for anything but
    /// bool and the integers).
    pub(crate) fn of_descr(d: &Bound<'_, PyArrayDescr>) -> Option<Dt> {
        match (d.kind(), d.itemsize()) {
            (b'b', 1) => Some(Dt::Bool),
            (b'u', 1) => Some(Dt::U8),
            (b'u', 2) => Some(Dt::U16),
            (b'u', 4) => Some(Dt::U32),
            (b'u', 8) => Some(Dt::U64),
            (b'i', 1) => Some(Dt::I8),
            (b'i', 2) => Some(Dt::I16),
            (b'i', 4) => Some(Dt::I32),
            (b'i', 8) => Some(Dt::I64),
            _ => None,
        }
    }

    /// Whether every value in `0..p` fits the dtype.
    pub(crate) fn holds(self, p: u32) -> bool {
        self.max() >= (p - 1) as u64
    }
}

/// Run `$body` with `$t` bound to the Rust type of a [`Dt`].
macro_rules! with_dt {
    ($dt:expr, $t:ident => $body:expr) => {
        $crate::python::convert::with_dt!(@each $dt, $t, $body,
            Bool bool, U8 u8, U16 u16, U32 u32, U64 u64, I8 i8, I16 i16, I32 i32, I64 i64)
    };
    (@each $dt:expr, $t:ident, $body:expr, $($variant:ident $rust:ty),*) => {
        match $dt {
            $(Dt::$variant => {
                type $t = $rust;
                $body
            })*
        }
    };
}
pub(crate) use with_dt;

/// An argument as a numpy array (lists and other array-likes go through `numpy.asarray`), with
/// its native integer dtype: `TypeError` for anything that is not integers.
pub(crate) fn int_array<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<(Bound<'py, PyUntypedArray>, Dt)> {
    let py = obj.py();
    let arr = match obj.cast::<PyUntypedArray>() {
        Ok(a) => a.clone(),
        Err(_) => {
            let np = py.import("numpy")?;
            let a = np
                .call_method1("asarray", (obj,))
                .map_err(|e| PyValueError::new_err(format!("{what} must be an array of integers: {}", e.value(py))))?;
            a.cast_into::<PyUntypedArray>().map_err(|_| PyTypeError::new_err(format!("{what} must be an array")))?
        }
    };
    let kind = arr.dtype().kind();
    if !matches!(kind, b'b' | b'i' | b'u') {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an array of integers, got dtype {}",
            arr.dtype().str().map_or_else(|_| "?".into(), |s| s.to_string())
        )));
    }
    match Dt::of(&arr) {
        Some(dt) => Ok((arr, dt)),
        None => {
            // A byte-swapped or otherwise non-native integer array: convert it.
            let native = arr.call_method1("astype", ("int64",))?.cast_into::<PyUntypedArray>()?;
            Ok((native, Dt::I64))
        }
    }
}

/// Every entry of an integer array in C order, checked to lie in `0..p`; the error names the
/// entry by its index in the array's own shape.
pub(crate) fn entries(arr: &Bound<'_, PyUntypedArray>, dt: Dt, what: &str, p: u32) -> PyResult<Vec<u32>> {
    let mut out = vec![0u32; arr.len()];
    gather(arr, dt, what, p, &mut out)?;
    Ok(out)
}

/// The entries of an integer array as a new C-contiguous array of `O` of the same shape,
/// checked to lie in `0..p` (see [`gather`]).
pub(crate) fn narrowed_array<'py, O: Light>(
    arr: &Bound<'py, PyUntypedArray>,
    dt: Dt,
    what: &str,
    p: u32,
) -> PyResult<Bound<'py, PyArrayDyn<O>>> {
    let out = PyArrayDyn::<O>::zeros(arr.py(), arr.shape().to_vec(), false);
    {
        let mut write = out.try_readwrite().map_err(|e| PyValueError::new_err(e.to_string()))?;
        gather(arr, dt, what, p, write.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?)?;
    }
    Ok(out)
}

/// Every entry of `arr` (of the native integer dtype `dt`) in C order into `out` as the
/// narrower type `O`, each checked to lie in `0..p`, by core's one reader of values
/// ([`Block::read_values`]) plane by plane, a large array by a few threads at once. An entry out
/// of range is reported as the first one in C order, by its index in the array's own shape.
pub(crate) fn gather<O: Light>(
    arr: &Bound<'_, PyUntypedArray>,
    dt: Dt,
    what: &str,
    p: u32,
    out: &mut [O],
) -> PyResult<()> {
    if out.len() != arr.len() {
        return Err(PyValueError::new_err(format!("{what}: {} entries for {} places", arr.len(), out.len())));
    }
    let width = arr.shape().last().copied().unwrap_or(1);
    read_entries(arr, dt, what, p, out, width, &Values(p as u64))
}

/// A GF(2) board (or a batch of boards) from numpy straight into packed rows: `out` holds
/// `row_bytes` bytes for each row of the last axis, in the layout of
/// `numpy.packbits(arr, axis=-1)` (first entry in the most significant bit, the last byte's
/// unused bits 0), every entry checked to be 0 or 1, by core's one reader of entries into bits
/// in every layout ([`Block::read_bits`]). An entry out of range is reported as by [`gather`].
pub(crate) fn gather_bits(
    arr: &Bound<'_, PyUntypedArray>,
    dt: Dt,
    what: &str,
    out: &mut [u8],
    row_bytes: usize,
) -> PyResult<()> {
    read_entries(arr, dt, what, 2, out, row_bytes, &bits::Bits)
}

/// A GF(2) grid board from numpy straight into the words of the grid solver's packed board
/// (`row_words` words a row, light `c` of a row at bit `c % 64` of word `c / 64`), every entry
/// checked to be 0 or 1 as by [`gather_bits`], with no packbits bytes between.
pub(crate) fn gather_words(
    arr: &Bound<'_, PyUntypedArray>,
    dt: Dt,
    what: &str,
    out: &mut [u64],
    row_words: usize,
) -> PyResult<()> {
    read_entries(arr, dt, what, 2, out, row_words, &bits::Words)
}

/// Which of core's readers takes the planes of an array: each block of rows of one plane into
/// its rows of `out` (`row_out` places a row); a bad entry as its index in the block with its
/// value.
trait Reader<X> {
    fn read<T: Entry>(&self, block: Block<'_, T>, out: &mut [X], row_out: usize) -> Result<(), (usize, T)>;
}

/// The reading of [`gather`]: values below the modulus, narrowed to `O`.
struct Values(u64);

impl<O: Light> Reader<O> for Values {
    fn read<T: Entry>(&self, block: Block<'_, T>, out: &mut [O], row_out: usize) -> Result<(), (usize, T)> {
        block.read_values(self.0, out, row_out)
    }
}

/// The checks and the borrow every reading shares: `arr` of the native integer dtype `dt`
/// (aligned first where it is not), `out` large enough for `row_out` places a row, then the
/// planes to `reader`, an entry out of range named by its index in the array's shape.
fn read_entries<X: Send>(
    arr: &Bound<'_, PyUntypedArray>,
    dt: Dt,
    what: &str,
    p: u32,
    out: &mut [X],
    row_out: usize,
    reader: &(impl Reader<X> + Sync),
) -> PyResult<()> {
    let item = arr.dtype().itemsize() as isize;
    if !arr.is_aligned() || arr.strides().iter().any(|s| s % item != 0) {
        // Entries not on their own alignment (an array over a foreign buffer): an aligned copy.
        let copy = arr.call_method0("copy")?.cast_into::<PyUntypedArray>()?;
        return read_entries(&copy, dt, what, p, out, row_out, reader);
    }
    let shape = arr.shape().to_vec();
    let rows = shape.iter().rev().skip(1).product::<usize>();
    if rows.checked_mul(row_out).is_none_or(|places| out.len() < places) {
        return Err(PyValueError::new_err(format!("{what}: {} places for {rows} rows of {row_out}", out.len())));
    }
    with_dt!(dt, T => {
        let typed = arr.cast::<PyArrayDyn<T>>().map_err(|e| PyTypeError::new_err(e.to_string()))?;
        let _view = typed.try_readonly().map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
        let steps: Vec<isize> = arr.strides().iter().map(|s| s / item).collect();
        // SAFETY: the readonly borrow keeps the array alive and unwritten from Rust; the data
        // pointer with the shape and the strides (whole entries, checked above) address exactly
        // the array's entries.
        let entries = unsafe { Entries::new(typed.data(), &shape, &steps) };
        entries
            .read(out, row_out, reader)
            .map_err(|(flat, value)| out_of_range(what, &shape, flat, value, p))
    })
}

/// The types a checked entry is written as: one light's state, a numpy element that core's
/// reader of values writes.
pub(crate) trait Light: Element + Value {}
impl<O: Element + Value> Light for O {}

/// Rows of a share when a large read is split among threads (whole tiles of core's readers).
const TILE: usize = 64;

/// The entries of an array where numpy keeps them: `base` is the first, `shape` and `steps`
/// (the stride of each axis in entries) address the others. The last two axes form planes (one
/// row for a vector) of `rows x cols` entries, `rs` and `cs` apart.
struct Entries<'a, T> {
    base: *const T,
    shape: &'a [usize],
    steps: &'a [isize],
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
}

// SAFETY: the entries are only read, and every `T` (an integer or bool) may be read from any
// thread; `Entries::new` requires them to stay unwritten while it lives.
unsafe impl<T: Sync> Sync for Entries<'_, T> {}

impl<'a, T: Entry> Entries<'a, T> {
    /// # Safety
    /// `base` with `shape` and `steps` must address readable entries of `T`, unwritten while the
    /// value lives.
    unsafe fn new(base: *const T, shape: &'a [usize], steps: &'a [isize]) -> Self {
        let d = shape.len();
        let (rows, cols, rs, cs) = match d {
            0 => (1, 1, 0, 1),
            1 => (1, shape[0], 0, steps[0]),
            _ => (shape[d - 2], shape[d - 1], steps[d - 2], steps[d - 1]),
        };
        Entries { base, shape, steps, rows, cols, rs, cs }
    }

    /// Every row of the last axis (counting over every plane) into `out` (`row_out` places a
    /// row) by `reader`, a plane's rows at a time, shared on a large array among a few threads
    /// by core's one rule ([`lightsout_core::pack::split_rows`]) in shares of whole tiles, each
    /// reading its rows into its own part of `out`; the first bad entry in C order, by its flat
    /// index, with its value as an error message writes it.
    fn read<X: Send>(
        &self,
        out: &mut [X],
        row_out: usize,
        reader: &(impl Reader<X> + Sync),
    ) -> Result<(), (usize, String)> {
        let n: usize = self.shape.iter().product();
        if n == 0 {
            return Ok(());
        }
        let Entries { rows, cols, rs, cs, .. } = *self;
        lightsout_core::pack::split_rows(n / cols, n, TILE, out, row_out, |start, end, part| {
            let mut row = start;
            while row < end {
                let (plane, r_lo) = (row / rows, row % rows);
                let r_hi = rows.min(r_lo + end - row);
                let into = &mut part[(row - start) * row_out..(row - start + r_hi - r_lo) * row_out];
                // SAFETY: rows `r_lo..r_hi` of the plane, every column, are entries of the array
                // (`Entries::new`), unwritten while it is read.
                let block =
                    unsafe { Block::from_raw(self.plane(plane).offset(r_lo as isize * rs), r_hi - r_lo, cols, rs, cs) };
                reader.read(block, into, row_out).map_err(|(i, v)| (row * cols + i, v.text()))?;
                row += r_hi - r_lo;
            }
            Ok(())
        })
    }

    /// The first entry of plane `k` (the leading axes' index `k` in C order).
    fn plane(&self, k: usize) -> *const T {
        let (mut rest, mut offset) = (k, 0isize);
        for a in (0..self.shape.len().saturating_sub(2)).rev() {
            offset += (rest % self.shape[a]) as isize * self.steps[a];
            rest /= self.shape[a];
        }
        // SAFETY: the index addresses an entry of the array (`Entries::new`).
        unsafe { self.base.offset(offset) }
    }
}

/// `lights[1, 3] must be in 0 <= x < 2, not 5`.
pub(crate) fn out_of_range(what: &str, shape: &[usize], flat: usize, value: String, p: u32) -> PyErr {
    PyValueError::new_err(format!("{what}{} must be in 0 <= x < {p}, not {value}", index_text(shape, flat)))
}

/// `[7]` or `[1, 2]`: a flat index in an array of `shape`.
pub(crate) fn index_text(shape: &[usize], mut flat: usize) -> String {
    let mut coords = vec![0; shape.len()];
    for (c, &d) in coords.iter_mut().zip(shape).rev() {
        if d > 0 {
            *c = flat % d;
            flat /= d;
        }
    }
    format!("[{}]", coords.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", "))
}

/// `(5, 5)`, `(25,)`.
pub(crate) fn shape_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!("({})", shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// A board or press vector read from Python: the light vector, whether it came in the
/// natural shape, and the dtype to give results in (the smallest unsigned one that holds p-1,
/// whatever the dtype read).
pub(crate) struct Board {
    pub values: Vec<u32>,
    pub natural: bool,
    pub out: Dt,
}

/// Read a light vector given flat (`size()` entries) or in the natural shape (`dims()`).
pub(crate) fn board(game: &Game, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Board> {
    let (arr, dt) = int_array(obj, what)?;
    let p = game.modulus().get();
    let dims = game.dims();
    let n = game.size();
    let shape = arr.shape();
    let natural = if shape.len() == 1 && shape[0] == n {
        false
    } else if shape == dims.as_slice() {
        true
    } else {
        return Err(shape_error(what, shape, n, &dims));
    };
    let values = entries(&arr, dt, what, p)?;
    let values = if natural { game.lights_from_cells(&values).map_err(super::errors::value_error)? } else { values };
    Ok(Board { values, natural, out: Dt::smallest_for(p) })
}

/// "lights must have 25 entries, got 24" (and the natural shape when it differs).
pub(crate) fn shape_error(what: &str, shape: &[usize], n: usize, dims: &[usize]) -> PyErr {
    let natural = if dims.len() > 1 || dims[0] != n {
        format!(" (or the board shape {})", shape_text(dims))
    } else {
        String::new()
    };
    if shape.len() == 1 {
        PyValueError::new_err(format!("{what} must have {n} entries{natural}, got {}", shape[0]))
    } else {
        PyValueError::new_err(format!("{what} must have shape ({n},){natural}, got {}", shape_text(shape)))
    }
}

/// A light vector as a numpy array: in the natural shape (holes 0) or flat, of dtype `dt`.
pub(crate) fn to_array<'py>(
    py: Python<'py>,
    game: &Game,
    values: &[u32],
    natural: bool,
    dt: Dt,
) -> PyResult<Bound<'py, PyAny>> {
    if natural {
        let cells = game.cells_from_lights(values).map_err(super::errors::value_error)?;
        shaped(py, &cells, &game.dims(), dt)
    } else {
        Ok(vector(py, values, dt))
    }
}

/// A flat numpy vector of dtype `dt` (values must fit it).
pub(crate) fn vector<'py>(py: Python<'py>, values: &[u32], dt: Dt) -> Bound<'py, PyAny> {
    with_dt!(dt, T => PyArray1::<T>::from_vec(py, values.iter().map(|&v| T::from_u32(v)).collect()).into_any())
}

/// A numpy array of shape `dims` and dtype `dt` from row-major values (reshaped in place
/// through numpy's C API, not a Python call).
pub(crate) fn shaped<'py>(py: Python<'py>, values: &[u32], dims: &[usize], dt: Dt) -> PyResult<Bound<'py, PyAny>> {
    with_dt!(dt, T => {
        let flat = PyArray1::<T>::from_vec(py, values.iter().map(|&v| T::from_u32(v)).collect());
        Ok(flat.reshape(dims.to_vec())?.into_any())
    })
}

/// A `rows x cols` int64 matrix from row-major values.
pub(crate) fn matrix<'py>(py: Python<'py>, rows: usize, cols: usize, values: Vec<i64>) -> PyResult<Bound<'py, PyAny>> {
    let arr = PyArray1::<i64>::from_vec(py, values);
    Ok(arr.call_method1("reshape", ((rows, cols),))?)
}
