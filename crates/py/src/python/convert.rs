//! numpy arrays in and out: boards and presses in the game's natural shape or flat, any
//! integer dtype; results in the shape (and, where it can hold them, the dtype) given.

use lightsout_core::batch::Cell;
use lightsout_topo::Game;
use numpy::{
    Element, PyArray1, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
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

    /// The dtype for results from an input of this dtype: the same if it holds `p - 1`
    /// (booleans give `uint8`), else `int64`.
    pub(crate) fn for_results(self, p: u32) -> Dt {
        match self {
            Dt::Bool if p <= 256 => Dt::U8,
            Dt::Bool => Dt::I64,
            d if d.max() >= (p - 1) as u64 => d,
            _ => Dt::I64,
        }
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
    let shape = arr.shape().to_vec();
    with_dt!(dt, T => read::<T>(arr, &shape, what, p))
}

fn read<T: Element + Cell>(arr: &Bound<'_, PyUntypedArray>, shape: &[usize], what: &str, p: u32) -> PyResult<Vec<u32>> {
    let typed = arr.cast::<PyArrayDyn<T>>().map_err(|e| PyTypeError::new_err(e.to_string()))?;
    let view = typed.try_readonly().map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    let mut out = Vec::with_capacity(view.len());
    let mut push = |i: usize, v: T| -> PyResult<()> {
        match v.to_u32().filter(|&x| x < p) {
            Some(x) => {
                out.push(x);
                Ok(())
            }
            None => Err(out_of_range(what, shape, i, v.to_i128().to_string(), p)),
        }
    };
    // `as_slice` is in memory order, which is C order only for C-contiguous arrays.
    match view.as_slice().ok().filter(|_| arr.is_c_contiguous()) {
        Some(slice) => slice.iter().enumerate().try_for_each(|(i, &v)| push(i, v))?,
        None => view.as_array().iter().enumerate().try_for_each(|(i, &v)| push(i, v))?,
    }
    Ok(out)
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
/// natural shape, and the dtype to give results in.
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
    Ok(Board { values, natural, out: dt.for_results(p) })
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
