//! Reading plain Python arguments (integers, rules, edge lists, press sets) with messages that
//! say what was expected, instead of the generic conversion errors.

use super::convert::Dt;
use lightsout_core::minimal::Symmetry;
use lightsout_topo::Rule;
use numpy::{PyArrayDescr, PyArrayDescrMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};

/// A non-negative integer that fits a `u64`: `TypeError` for non-integers, `ValueError` for
/// negative or huge values.
pub(crate) fn nonneg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        // True is an int to Python, but not a size, a count or an index.
        return Err(PyTypeError::new_err(format!("{what} must be an int, not bool")));
    }
    match obj.extract::<i128>() {
        Ok(v) if v < 0 => Err(PyValueError::new_err(format!("{what} must be a non-negative int, not {v}"))),
        Ok(v) => u64::try_from(v).map_err(|_| PyValueError::new_err(format!("{what} must be < 2^64, not {v}"))),
        Err(_) if obj.is_instance_of::<PyInt>() => {
            Err(PyValueError::new_err(format!("{what} is out of range: {}", obj.str()?)))
        }
        Err(_) => Err(PyTypeError::new_err(format!("{what} must be an int, not {}", type_name(obj)))),
    }
}

/// A non-negative integer used as a size or an index.
pub(crate) fn size(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let v = nonneg(obj, what)?;
    usize::try_from(v).map_err(|_| PyValueError::new_err(format!("{what} is too large: {v}")))
}

/// The modulus: an int; that it is in `2..2^31` (a prime where a field is needed) is checked
/// where the game or solver is built.
pub(crate) fn modulus(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return nonneg(obj, "modulus"); // refused: a bool is not a modulus
    }
    match obj.extract::<i128>() {
        Ok(v) if (0..=u64::MAX as i128).contains(&v) => Ok(v as u64),
        Ok(v) => Err(PyValueError::new_err(format!("modulus must be an integer k with 2 <= k < 2^31, not {v}"))),
        Err(_) => nonneg(obj, "modulus"),
    }
}

/// A seed: any int in `0..2^64`, or `None` for a fresh random one.
pub(crate) fn seed(obj: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match obj {
        Some(o) if !o.is_none() => nonneg(o, "seed"),
        _ => Ok(rand::random()),
    }
}

/// A press rule: `None` (plus), a name (`plus`, `neighbours`, `moore`, `knight`,
/// `stencil:DR,DC;...`) or a sequence of `(drow, dcol)` offsets.
pub(crate) fn rule(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Rule> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(Rule::Plus) };
    if let Ok(name) = obj.cast::<PyString>() {
        return Rule::from_name(&name.to_cow()?).map_err(super::errors::value_error);
    }
    let offsets = pairs(obj, "rule offsets")?;
    Ok(Rule::Stencil { offsets })
}

/// A sequence of integer pairs (a list of tuples or lists, or an (E, 2) array).
pub(crate) fn pairs(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<(i64, i64)>> {
    let obj = if obj.hasattr("tolist")? { obj.call_method0("tolist")? } else { obj.clone() };
    let expected = || {
        PyTypeError::new_err(format!(
            "{what} must be a sequence of integer pairs such as [(0, 1), (1, 2)], not {}",
            type_name(&obj)
        ))
    };
    if obj.is_instance_of::<PyString>() {
        return Err(expected());
    }
    let items = obj.try_iter().map_err(|_| expected())?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        let pair: Vec<i64> = item.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}[{i}] must be a pair of ints, not {}",
                item.repr().map_or("?".into(), |r| r.to_string())
            ))
        })?;
        if pair.len() != 2 {
            return Err(PyValueError::new_err(format!("{what}[{i}] must have 2 entries, got {}", pair.len())));
        }
        out.push((pair[0], pair[1]));
    }
    Ok(out)
}

/// A list of lists of non-negative integers (press sets).
pub(crate) fn sets(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Vec<usize>>> {
    let obj = if obj.hasattr("tolist")? { obj.call_method0("tolist")? } else { obj.clone() };
    let items = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("{what} must be a sequence of sequences of ints, not {}", type_name(&obj)))
    })?;
    let mut out = Vec::new();
    for (j, set) in items.enumerate() {
        let set = set?;
        let set = if set.hasattr("tolist")? { set.call_method0("tolist")? } else { set };
        let values: Vec<i128> = set.extract().map_err(|_| {
            PyTypeError::new_err(format!("{what}[{j}] must be a sequence of ints, not {}", type_name(&set)))
        })?;
        let mut lights = Vec::with_capacity(values.len());
        for v in values {
            lights.push(usize::try_from(v).map_err(|_| {
                PyValueError::new_err(format!("{what}[{j}] contains {v}, but light indices must be >= 0"))
            })?);
        }
        out.push(lights);
    }
    Ok(out)
}

/// The symmetries of a worst-case search: `"detect"` (the default; `None` too), `"plain"`, or
/// a sequence of permutations of the buttons (each a sequence of button indices in light
/// order, `perm[j]` the image of button j). Names and shapes are checked here; that each is a
/// permutation keeping the game's quiet patterns is checked by the search (`ValueError`).
pub(crate) fn symmetry(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Symmetry> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(Symmetry::Detect) };
    let expected = "symmetry must be 'detect', 'plain' or a list of permutations of the buttons";
    if let Ok(name) = obj.cast::<PyString>() {
        return match &*name.to_cow()? {
            "detect" => Ok(Symmetry::Detect),
            "plain" => Ok(Symmetry::Plain),
            other => Err(PyValueError::new_err(format!("{expected}, not {other:?}"))),
        };
    }
    let obj = if obj.hasattr("tolist")? { obj.call_method0("tolist")? } else { obj.clone() };
    let items = obj.try_iter().map_err(|_| PyTypeError::new_err(format!("{expected}, not {}", type_name(&obj))))?;
    let mut perms = Vec::new();
    for (i, perm) in items.enumerate() {
        let perm = perm?;
        let perm = if perm.hasattr("tolist")? { perm.call_method0("tolist")? } else { perm };
        let bad =
            || PyTypeError::new_err(format!("symmetry[{i}] must be a sequence of ints, not {}", type_name(&perm)));
        if perm.is_instance_of::<PyString>() {
            return Err(bad());
        }
        let mut images = Vec::new();
        for j in perm.try_iter().map_err(|_| bad())? {
            images.push(size(&j?, &format!("symmetry[{i}] entries (button indices)"))?);
        }
        perms.push(images);
    }
    Ok(Symmetry::Given(perms))
}

/// The type name of an object, for messages.
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string())
}

/// A search budget from `max_work` (a positive int, `None` for the default 2**32,
/// `float("inf")` for no limit) and `max_time` (seconds: `None` for the default 60 s,
/// `float("inf")` or any time too long to represent for no limit, else a positive number).
/// Zero is no budget and is refused, as in every front end (docs/guide/fewest.md, "Budgets"):
/// a `ValueError` that says how to ask for the default or for no limit. NaN, negative times
/// and bools (`True` is not a time) are refused too.
pub(crate) fn budget(
    max_work: Option<&Bound<'_, PyAny>>,
    max_time: Option<&Bound<'_, PyAny>>,
) -> PyResult<lightsout_core::minimal::Budget> {
    let mut b = lightsout_core::minimal::Budget::default();
    if let Some(w) = max_work.filter(|w| !w.is_none()) {
        b.max_work = match w.extract::<f64>() {
            Ok(f) if f == f64::INFINITY && !w.is_instance_of::<PyInt>() => u64::MAX,
            _ => nonneg(w, "max_work")?,
        };
        if b.max_work == 0 {
            return Err(PyValueError::new_err(
                "max_work must be a positive int: 0 is no budget (None for the default 2**32, float('inf') for no limit)",
            ));
        }
    }
    if let Some(t) = seconds(max_time, "max_time")? {
        // Past Duration's range (about 5.8e11 years) a limit can never be reached.
        b.max_time = std::time::Duration::try_from_secs_f64(t).ok();
    }
    Ok(b)
}

/// A time limit in seconds (`None` when not given): a positive number or `float("inf")`.
/// Zero, negative numbers, NaN and bools are refused with what `what` expects.
pub(crate) fn seconds(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<f64>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(None) };
    let expected = "a positive number of seconds (None for the default, float('inf') for no limit)";
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!("{what} must be {expected}, not a bool")));
    }
    let t = obj
        .extract::<f64>()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be {expected}, not {}", type_name(obj))))?;
    if t.is_nan() || t <= 0.0 {
        let zero = if t == 0.0 { ": 0 is no budget" } else { "" };
        return Err(PyValueError::new_err(format!("{what} must be {expected}, not {t}{zero}")));
    }
    Ok(Some(t))
}

/// The `dtype=` of a result: `None` when not given (the answer then comes in the smallest
/// unsigned dtype that holds k - 1), else a numpy integer dtype (or bool) in this machine's byte
/// order that holds every value in `0..k`. `packed=True` answers in bits and takes no dtype.
pub(crate) fn result_dtype(obj: Option<&Bound<'_, PyAny>>, packed: bool, k: u32) -> PyResult<Option<Dt>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(None) };
    if packed {
        return Err(PyValueError::new_err(format!("give packed=True or dtype, not both (dtype={})", obj.str()?)));
    }
    const NAMES: &str = "uint8, uint16, uint32, uint64, int8, int16, int32, int64 or bool";
    let refused = || {
        PyTypeError::new_err(format!(
            "dtype must be a numpy integer dtype ({NAMES}, as a name or a numpy type), not {}",
            obj.repr().map_or_else(|_| type_name(obj), |r| r.to_string())
        ))
    };
    let descr = obj.py().import("numpy")?.call_method1("dtype", (obj,)).map_err(|_| refused())?;
    let descr = descr.cast_into::<PyArrayDescr>().map_err(|_| refused())?;
    let dt = Dt::of_descr(&descr).filter(|_| matches!(descr.byteorder(), b'=' | b'|')).ok_or_else(refused)?;
    if !dt.holds(k) {
        return Err(PyValueError::new_err(format!(
            "dtype {} cannot hold the values 0..{} of a game modulo {k}; give a wider one, or none for {}",
            dt.name(),
            k - 1,
            Dt::smallest_for(k).name()
        )));
    }
    Ok(Some(dt))
}
