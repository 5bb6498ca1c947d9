//! numpy arrays in and out: boards and presses in the game's natural shape or flat, any
//! integer dtype and memory order (read by one [`gather`]); results in the shape given and the
//! smallest unsigned dtype that holds k - 1 (or the `dtype=` asked for).

mod bits;

use lightsout_core::batch::Cell;
use lightsout_core::pack::Entry;
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
/// narrower type `O`, each checked to lie in `0..p` (see [`Bands`]).
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
    let emit = |band: Band<'_, O>, rows: &mut [O]| {
        for (i, row) in band.data.chunks(band.cols).enumerate() {
            rows[i * width + band.col..][..row.len()].copy_from_slice(row);
        }
    };
    read_entries(arr, dt, what, p, out, width, &Bands { p: p as u64, emit: &emit, light: std::marker::PhantomData })
}

/// A block of entries read by [`gather`]: `data` holds `data.len() / cols` rows of `cols`
/// entries, from column `col` of the array's rows.
pub(crate) struct Band<'a, O> {
    pub data: &'a [O],
    pub col: usize,
    pub cols: usize,
}

/// A GF(2) board (or a batch of boards) from numpy straight into packed rows: `out` holds
/// `row_bytes` bytes for each row of the last axis, in the layout of
/// `numpy.packbits(arr, axis=-1)` (first entry in the most significant bit, the last byte's
/// unused bits 0), every entry checked to be 0 or 1, by core's one reader of entries into bits
/// in every layout (rows 1 or 2 entries apart and Fortran order 16 entries at once in SSE2
/// registers; see [`bits`]). An entry out of range is reported as by [`gather`].
pub(crate) fn gather_bits(
    arr: &Bound<'_, PyUntypedArray>,
    dt: Dt,
    what: &str,
    out: &mut [u8],
    row_bytes: usize,
) -> PyResult<()> {
    read_entries(arr, dt, what, 2, out, row_bytes, &bits::Bits)
}

/// How the entries of an array are read once [`read_entries`] has them where numpy keeps them.
trait Reader<X> {
    /// Every entry into `out` (`row_out` places for each row of the last axis); a bad entry as
    /// its flat index in C order with its value.
    fn read<T: Entry>(&self, entries: &Entries<'_, T>, out: &mut [X], row_out: usize) -> Result<(), (usize, String)>;
}

/// The reading of [`gather`]: every entry of an array narrowed to `O` and checked to lie in
/// `0..p`, handed to `emit` in cache-sized bands. The array is read where numpy keeps it, in
/// whatever memory order: rows that are contiguous as slices, Fortran order down its columns through a tile transposed in
/// registers, anything else through its strides, so it costs one pass and no numpy copy first.
/// `out` holds `row_out` places for each row of the last axis (counting the rows over the whole
/// array): `emit` gets each band with the places of its rows, so that a large array is read by
/// a few threads at once, each into its own rows. An entry out of range is reported as the first
/// one in C order, by its index in the array's own shape.
struct Bands<'e, O, E> {
    p: u64,
    emit: &'e E,
    light: std::marker::PhantomData<fn() -> O>,
}

impl<O: Light, X: Send, E: Fn(Band<'_, O>, &mut [X]) + Sync> Reader<X> for Bands<'_, O, E> {
    fn read<T: Entry>(&self, entries: &Entries<'_, T>, out: &mut [X], row_out: usize) -> Result<(), (usize, String)> {
        entries.gather(self.p, out, row_out, self.emit)
    }
}

/// The checks and the borrow every reading shares: `arr` of the native integer dtype `dt`
/// (aligned first where it is not), `out` large enough for `row_out` places a row, then the
/// entries to `reader`, an entry out of range named by its index in the array's shape.
fn read_entries<X: Send>(
    arr: &Bound<'_, PyUntypedArray>,
    dt: Dt,
    what: &str,
    p: u32,
    out: &mut [X],
    row_out: usize,
    reader: &impl Reader<X>,
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
        reader
            .read(&entries, out, row_out)
            .map_err(|(flat, value)| out_of_range(what, &shape, flat, value, p))
    })
}

/// The types a checked entry is written as: one light's state.
pub(crate) trait Light: Element + Copy + Send {
    fn narrow(v: u64) -> Self;

    /// A tile read down its columns (column `j`'s `height` entries from `tile[j * TILE]`) into
    /// `height` rows of `width` entries, `stride` apart in `out`.
    fn transpose(tile: &[Self; TILE * TILE], height: usize, width: usize, out: &mut [Self], stride: usize) {
        transpose_part(tile, 0..height, 0..width, out, stride);
    }
}
macro_rules! light {
    ($($t:ty),*) => {
        $(impl Light for $t {
            #[inline]
            fn narrow(v: u64) -> Self {
                v as $t
            }
        })*
    };
}
light!(u16, u32);

impl Light for u8 {
    #[inline]
    fn narrow(v: u64) -> Self {
        v as u8
    }

    /// Whole 16 x 16 blocks in SSE2 registers (part of every x86-64 processor), the edges entry
    /// by entry.
    fn transpose(tile: &[u8; TILE * TILE], height: usize, width: usize, out: &mut [u8], stride: usize) {
        #[cfg(target_arch = "x86_64")]
        {
            let (whole_rows, whole_cols) = (height / 16 * 16, width / 16 * 16);
            for i0 in (0..whole_rows).step_by(16) {
                for j0 in (0..whole_cols).step_by(16) {
                    transpose16(tile, i0, j0, out, stride);
                }
            }
            transpose_part(tile, 0..whole_rows, whole_cols..width, out, stride);
            transpose_part(tile, whole_rows..height, 0..width, out, stride);
        }
        #[cfg(not(target_arch = "x86_64"))]
        transpose_part(tile, 0..height, 0..width, out, stride);
    }
}

/// Rows `rows` and columns `cols` of [`Light::transpose`], entry by entry.
fn transpose_part<O: Copy>(
    tile: &[O; TILE * TILE],
    rows: std::ops::Range<usize>,
    cols: std::ops::Range<usize>,
    out: &mut [O],
    stride: usize,
) {
    for i in rows {
        let row = &mut out[i * stride..][cols.clone()];
        for (o, j) in row.iter_mut().zip(cols.clone()) {
            *o = tile[j * TILE + i];
        }
    }
}

/// The 16 x 16 block of a tile at row `i0`, column `j0` of [`Light::transpose`]: each round
/// interleaves register `k` with register `k + 8`, which moves the top bit of an entry's
/// (register, byte) index to the bottom of the eight, so four rounds swap the register and the
/// byte, row and column.
#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)]
fn transpose16(tile: &[u8; TILE * TILE], i0: usize, j0: usize, out: &mut [u8], stride: usize) {
    use std::arch::x86_64::{
        __m128i, _mm_loadu_si128, _mm_setzero_si128, _mm_storeu_si128, _mm_unpackhi_epi8, _mm_unpacklo_epi8,
    };
    // SAFETY: SSE2 is part of x86-64; each load and store touches the 16 bytes of a slice.
    unsafe {
        let mut regs: [__m128i; 16] = [_mm_setzero_si128(); 16];
        for (j, reg) in regs.iter_mut().enumerate() {
            *reg = _mm_loadu_si128(tile[(j0 + j) * TILE + i0..][..16].as_ptr().cast());
        }
        for _ in 0..4 {
            let mut next = [_mm_setzero_si128(); 16];
            for k in 0..8 {
                next[2 * k] = _mm_unpacklo_epi8(regs[k], regs[k + 8]);
                next[2 * k + 1] = _mm_unpackhi_epi8(regs[k], regs[k + 8]);
            }
            regs = next;
        }
        for (i, reg) in regs.iter().enumerate() {
            _mm_storeu_si128(out[(i0 + i) * stride + j0..][..16].as_mut_ptr().cast(), *reg);
        }
    }
}

/// One entry narrowed into `o`, `bad` set when its bits are above `ok` (see [`Entry::max_ok`]).
#[inline(always)]
fn put<T: Entry, O: Light>(v: T, o: &mut O, bad: &mut bool, ok: T::Bits) {
    let b = v.bits();
    *bad |= b > ok;
    *o = O::narrow(b.into());
}

/// Rows of a band, rows and columns of a tile where the array is walked down its columns.
const TILE: usize = 64;
/// Entries of a row read at once (a multiple of 8, so that packed bands start on whole bytes).
const RUN: usize = 1 << 14;
/// Rows and columns of a band in Fortran order (a multiple of 8, and of `TILE`): a band's
/// columns are read in runs of this many entries and its rows written whole cache lines long,
/// while the band stays in the second-level cache.
const BLOCK: usize = 512;
/// How many tiles ahead of the one being read a Fortran-order read asks for the next.
const AHEAD: usize = 2;

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

    /// [`Bands`] over the entries (see [`Entries::split`]).
    fn gather<O: Light, X: Send>(
        &self,
        p: u64,
        out: &mut [X],
        row_out: usize,
        emit: &(impl Fn(Band<'_, O>, &mut [X]) + Sync),
    ) -> Result<(), (usize, String)> {
        self.split(out, row_out, |start, end, part| self.gather_rows(start, end, p, part, row_out, emit))
    }

    /// The rows of the last axis (counting over every plane) read by `read(start, end, places)`,
    /// shared on a large array among a few threads by core's one rule
    /// ([`lightsout_core::pack::split_rows`]) in shares of whole tiles, each reading its rows
    /// into its own part of `out` (`row_out` places a row); the first bad entry in C order.
    fn split<X: Send>(
        &self,
        out: &mut [X],
        row_out: usize,
        read: impl Fn(usize, usize, &mut [X]) -> Result<(), (usize, String)> + Sync,
    ) -> Result<(), (usize, String)> {
        let n: usize = self.shape.iter().product();
        if n == 0 {
            return Ok(());
        }
        lightsout_core::pack::split_rows(n / self.cols, n, TILE, out, row_out, read)
    }

    /// Rows `start..end` of the last axis (counting over every plane) in bands of up to `TILE`
    /// rows, or runs of `RUN` entries of one row where rows are longer; in Fortran order bands of
    /// `BLOCK x BLOCK` entries, read tile by tile down the columns. A bad entry: the first in C
    /// order in range.
    fn gather_rows<O: Light, X>(
        &self,
        start: usize,
        end: usize,
        p: u64,
        out: &mut [X],
        row_out: usize,
        emit: &impl Fn(Band<'_, O>, &mut [X]),
    ) -> Result<(), (usize, String)> {
        let Entries { rows, cols, rs, cs, .. } = *self;
        let by_columns = rs.unsigned_abs() < cs.unsigned_abs() && rows > 1;
        let (band_rows, run) = match () {
            _ if by_columns => (BLOCK.min(rows), BLOCK.min(cols)),
            _ if cols <= RUN => (TILE.min(rows), cols),
            _ => (1, RUN),
        };
        let mut scratch = vec![O::narrow(0); band_rows * run];
        let mut row = start;
        while row < end {
            let (plane, r_lo) = (row / rows, row % rows);
            let r_hi = rows.min(r_lo + end - row);
            let first = self.plane(plane);
            // SAFETY (every `offset` below): rows `r_lo..r_hi` and every column of the plane
            // are entries of the array.
            let at = |r: usize, c: usize| unsafe { first.offset(r as isize * rs + c as isize * cs) };
            for r0 in (r_lo..r_hi).step_by(band_rows) {
                let r1 = (r0 + band_rows).min(r_hi);
                let band_row = plane * rows + r0;
                let places = &mut out[(band_row - start) * row_out..(band_row - start + r1 - r0) * row_out];
                for c0 in (0..cols).step_by(run) {
                    let width = (c0 + run).min(cols) - c0;
                    let data = &mut scratch[..(r1 - r0) * width];
                    // SAFETY: as above.
                    if unsafe { gather_plane(at(r0, c0), r1 - r0, width, rs, cs, data, p) }.is_err() {
                        // A band of several rows and part of them: the rows are scanned again
                        // for their first bad entry in C order.
                        // SAFETY: as above.
                        let (i, v) = unsafe { first_bad(at(r0, 0), r1 - r0, cols, rs, cs, p) };
                        return Err((band_row * cols + i, v));
                    }
                    emit(Band { data, col: c0, cols: width }, &mut *places);
                }
            }
            row += r_hi - r_lo;
        }
        Ok(())
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

/// The first entry of a `rows x cols` block in C order that is not below `p`, by its index in
/// the block, with its value (the block has one).
///
/// # Safety
/// `base` with `rows`, `cols`, `rs` and `cs` must address readable entries of `T`.
unsafe fn first_bad<T: Entry>(
    base: *const T,
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
    p: u64,
) -> (usize, String) {
    let ok = T::max_ok(p);
    for i in 0..rows {
        for j in 0..cols {
            let v = *base.offset(i as isize * rs + j as isize * cs);
            if v.bits() > ok {
                return (i * cols + j, v.text());
            }
        }
    }
    unreachable!("first_bad is called on a block with a bad entry")
}

/// Ask the processor to bring `cols` columns of `rows` contiguous entries, `cs` apart from
/// `first`, into the cache (a hint: nothing is read, an address past the array is harmless).
#[inline]
#[allow(unused_unsafe)]
fn prefetch_columns<T>(first: *const T, rows: usize, cols: usize, cs: isize) {
    #[cfg(target_arch = "x86_64")]
    for j in 0..cols {
        let column = first.wrapping_offset(j as isize * cs).cast::<i8>();
        for byte in (0..rows * std::mem::size_of::<T>()).step_by(64) {
            // SAFETY: a prefetch reads nothing and never faults.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(column.wrapping_add(byte)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (first, rows, cols, cs);
}

/// One `rows x cols` block into `out` (C order): contiguous rows are read as slices (the loop
/// the compiler vectorises), rows of every other entry likewise, a block whose columns are
/// closer together than its rows (Fortran order) down its columns a `TILE x TILE` tile at a
/// time (each column narrowed into the tile, the tile then transposed into `out`, see
/// [`Light::transpose`]), anything else row by row through the strides. A bad entry: the first
/// in C order, by its index in the block.
///
/// # Safety
/// As for [`first_bad`].
unsafe fn gather_plane<T: Entry, O: Light>(
    base: *const T,
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
    out: &mut [O],
    p: u64,
) -> Result<(), (usize, String)> {
    let at = |i: usize, j: usize| *base.offset(i as isize * rs + j as isize * cs);
    let ok = T::max_ok(p);
    let mut bad = false;
    if cs == 1 {
        for i in 0..rows {
            let row = std::slice::from_raw_parts(base.offset(i as isize * rs), cols);
            for (o, &v) in out[i * cols..(i + 1) * cols].iter_mut().zip(row) {
                put(v, o, &mut bad, ok);
            }
        }
    } else if cs == 2 {
        // Every other entry (`a[:, ::2]`, `big[::2, ::2]`): pairs, the first of each kept.
        for i in 0..rows {
            let row = base.offset(i as isize * rs);
            for (j, o) in out[i * cols..(i + 1) * cols].iter_mut().enumerate() {
                put(*row.add(2 * j), o, &mut bad, ok);
            }
        }
    } else if rs.unsigned_abs() < cs.unsigned_abs() {
        let mut tile = [O::narrow(0); TILE * TILE];
        let tiles_down = rows.div_ceil(TILE);
        for (block, c0) in (0..cols).step_by(TILE).enumerate() {
            let width = (c0 + TILE).min(cols) - c0;
            for (down, r0) in (0..rows).step_by(TILE).enumerate() {
                let height = (r0 + TILE).min(rows) - r0;
                // Ask for the tile `AHEAD` further in this order while this one is read: each
                // column of a tile is a short run of its own (a cache line for bytes), too many
                // at once for the processor's own prefetching to follow.
                let ahead = block * tiles_down + down + AHEAD;
                let (c, r) = (ahead / tiles_down * TILE, ahead % tiles_down * TILE);
                if rs == 1 && c < cols {
                    let first = base.wrapping_offset(r as isize + c as isize * cs);
                    prefetch_columns(first, (rows - r).min(TILE), (cols - c).min(TILE), cs);
                }
                for jj in 0..width {
                    let col = base.offset(r0 as isize * rs + (c0 + jj) as isize * cs);
                    let into = &mut tile[jj * TILE..jj * TILE + height];
                    if rs == 1 {
                        for (o, &v) in into.iter_mut().zip(std::slice::from_raw_parts(col, height)) {
                            put(v, o, &mut bad, ok);
                        }
                    } else {
                        for (i, o) in into.iter_mut().enumerate() {
                            put(*col.offset(i as isize * rs), o, &mut bad, ok);
                        }
                    }
                }
                O::transpose(&tile, height, width, &mut out[r0 * cols + c0..], cols);
            }
        }
    } else {
        for i in 0..rows {
            for j in 0..cols {
                put(at(i, j), out.get_unchecked_mut(i * cols + j), &mut bad, ok);
            }
        }
    }
    if bad {
        return Err(first_bad(base, rows, cols, rs, cs, p));
    }
    Ok(())
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
