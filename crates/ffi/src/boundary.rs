//! The edge between C and Rust: status codes, the per-thread last error, the panic boundary
//! that every exported function runs inside, and checked conversions of C arguments.

use std::cell::RefCell;
use std::ffi::{c_char, CStr, CString};

/// The result of every call that can fail. `LIGHTSOUT_OK` is 0; any other value is a failure,
/// described in words by `lightsout_last_error()`. On failure no output parameter was written.
///
/// The values are part of the ABI and never change; new codes are only ever appended.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::enum_variant_names)] // the prefix makes the C names LIGHTSOUT_OK, LIGHTSOUT_UNSOLVABLE, ...
pub enum Status {
    /// Success.
    LightsoutOk = 0,
    /// The board has no solution (the input was fine).
    LightsoutUnsolvable = 1,
    /// An argument is invalid for a reason the message explains (a side of 0, a bad edge, text
    /// that is not UTF-8, ...).
    LightsoutInvalidArgument = 2,
    /// A pointer argument was NULL.
    LightsoutNullPointer = 3,
    /// An array's length is not the one expected (the message gives both).
    LightsoutLengthMismatch = 4,
    /// The request exceeds a documented size limit (refused before allocating).
    LightsoutTooLarge = 5,
    /// An internal error was caught at the boundary (a bug: please report it with the message).
    LightsoutPanic = 6,
    /// The modulus is not an integer k with 2 <= k < 2^31 (or not a prime where a field is
    /// needed).
    LightsoutInvalidModulus = 7,
    /// An entry of a board or presses array is not in 0..p-1.
    LightsoutOutOfRange = 8,
    /// Text does not follow the documented format; the message names the line and column.
    LightsoutParseError = 9,
    /// No preset has that name; the message lists the known ones.
    LightsoutUnknownPreset = 10,
}

/// A failure on its way to C: the status to return and the message for `lightsout_last_error`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) status: Status,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(status: Status, message: impl Into<String>) -> Self {
        Failure { status, message: message.into() }
    }

    pub(crate) fn null(name: &str) -> Self {
        Failure::new(Status::LightsoutNullPointer, format!("{name} must not be NULL"))
    }
}

/// The one place where library errors become status codes.
impl From<lightsout_core::Error> for Failure {
    fn from(e: lightsout_core::Error) -> Self {
        use lightsout_core::Error as E;
        #[allow(unreachable_patterns)] // new core variants map to INVALID_ARGUMENT until given a code
        let status = match e {
            E::InvalidModulus(_) | E::InvalidRingModulus(_) => Status::LightsoutInvalidModulus,
            E::DimensionMismatch { .. } => Status::LightsoutLengthMismatch,
            E::EntryOutOfRange { .. } => Status::LightsoutOutOfRange,
            E::TooLarge { .. } => Status::LightsoutTooLarge,
            E::Unsolvable { .. } => Status::LightsoutUnsolvable,
            E::InvalidArgument(_) => Status::LightsoutInvalidArgument,
            _ => Status::LightsoutInvalidArgument,
        };
        Failure::new(status, lightsout_topo::words::in_words_of(lightsout_topo::words::FrontEnd::C, &e.to_string()))
    }
}

impl From<lightsout_topo::Error> for Failure {
    fn from(e: lightsout_topo::Error) -> Self {
        use lightsout_topo::Error as E;
        #[allow(unreachable_patterns)] // new topo variants map to INVALID_ARGUMENT until given a code
        match e {
            E::Core(core) => core.into(),
            E::Parse { .. } => Failure::new(Status::LightsoutParseError, e.to_string()),
            E::UnknownPreset { .. } => Failure::new(Status::LightsoutUnknownPreset, e.to_string()),
            _ => Failure::new(Status::LightsoutInvalidArgument, e.to_string()),
        }
    }
}

/// What an exported body returns: `Ok(())` after writing its outputs, or the failure.
pub(crate) type FfiResult = Result<(), Failure>;

/// The empty C string, for when the thread's storage is gone.
pub(crate) static EMPTY: [c_char; 1] = [0];

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Record the message of this thread's latest failure (NUL bytes inside become `?`). Never
/// panics: while the thread is being torn down (its storage gone) the message is dropped.
pub(crate) fn set_last_error(message: &str) {
    let text = CString::new(message.replace('\0', "?")).unwrap_or_default();
    let _ = LAST_ERROR.try_with(|e| {
        if let Ok(mut slot) = e.try_borrow_mut() {
            *slot = text;
        }
    });
}

/// The message of this thread's latest failure; valid until the next failure on this thread.
/// Never panics: during thread teardown it is the empty string.
pub(crate) fn last_error_ptr() -> *const c_char {
    LAST_ERROR.try_with(|e| e.try_borrow().map(|s| s.as_ptr()).ok()).ok().flatten().unwrap_or(EMPTY.as_ptr())
}

/// Turn a caught panic payload into words.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let detail = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string());
    format!("internal error (a bug in liblightsout, please report it): {detail}")
}

/// Run an exported body: `Ok` becomes `LIGHTSOUT_OK`, a failure its status (and its message
/// the thread's last error), a panic `LIGHTSOUT_PANIC`. The body must write its outputs only
/// after everything that can fail, so that outputs stay untouched on error.
macro_rules! ffi_boundary {
    ($body:block) => {{
        let run = || -> $crate::boundary::FfiResult { $body };
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(run)) {
            Ok(Ok(())) => $crate::boundary::Status::LightsoutOk,
            Ok(Err(failure)) => {
                $crate::boundary::set_last_error(&failure.message);
                failure.status
            }
            Err(payload) => {
                $crate::boundary::set_last_error(&$crate::boundary::panic_message(&*payload));
                $crate::boundary::Status::LightsoutPanic
            }
        }
    }};
}
pub(crate) use ffi_boundary;

/// Like [`ffi_boundary`] for functions that return a plain value instead of a status:
/// `$fallback` is returned on failure or panic (and the message recorded as usual).
macro_rules! ffi_boundary_value {
    ($fallback:expr, $body:block) => {{
        let run = || -> Result<_, $crate::boundary::Failure> { $body };
        match ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(run)) {
            Ok(Ok(value)) => value,
            Ok(Err(failure)) => {
                $crate::boundary::set_last_error(&failure.message);
                $fallback
            }
            Err(payload) => {
                $crate::boundary::set_last_error(&$crate::boundary::panic_message(&*payload));
                $fallback
            }
        }
    }};
}
pub(crate) use ffi_boundary_value;

/// A shared reference from a C pointer, or `LIGHTSOUT_NULL_POINTER` naming the argument.
///
/// # Safety
/// A non-NULL `ptr` must point to a live, properly aligned `T` for the lifetime `'a`.
pub(crate) unsafe fn arg_ref<'a, T>(ptr: *const T, name: &str) -> Result<&'a T, Failure> {
    // SAFETY: the caller guarantees that a non-NULL pointer is valid.
    unsafe { ptr.as_ref() }.ok_or_else(|| Failure::null(name))
}

fn check_array<T>(ptr: *const T, len: usize, name: &str) -> Result<(), Failure> {
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    if (ptr as usize) & (std::mem::align_of::<T>() - 1) != 0 {
        return Err(Failure::new(
            Status::LightsoutInvalidArgument,
            format!("{name} is not aligned for its element type ({} bytes)", std::mem::align_of::<T>()),
        ));
    }
    let bytes = (len as u128) * std::mem::size_of::<T>() as u128;
    if bytes > isize::MAX as u128 {
        return Err(Failure::new(
            Status::LightsoutTooLarge,
            format!("{name}_len = {len} is larger than any array can be ({bytes} bytes)"),
        ));
    }
    Ok(())
}

/// A slice from a C array and its length. NULL is refused, even with length 0.
///
/// # Safety
/// A non-NULL `ptr` must point to `len` initialised values that stay valid and unmodified
/// for the lifetime `'a`.
pub(crate) unsafe fn arg_slice<'a, T>(ptr: *const T, len: usize, name: &str) -> Result<&'a [T], Failure> {
    check_array(ptr, len, name)?;
    // SAFETY: non-NULL, aligned, size within isize::MAX, validity guaranteed by the caller.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Like [`arg_slice`], but NULL is accepted when `len` is 0 (an empty list, such as a graph
/// without edges).
///
/// # Safety
/// As for [`arg_slice`].
pub(crate) unsafe fn arg_slice_or_empty<'a, T>(ptr: *const T, len: usize, name: &str) -> Result<&'a [T], Failure> {
    if ptr.is_null() && len == 0 {
        return Ok(&[]);
    }
    // SAFETY: forwarded from the caller.
    unsafe { arg_slice(ptr, len, name) }
}

/// A mutable slice from a C array and its length, for functions that rewrite an array in
/// place. NULL is refused, even with length 0.
///
/// # Safety
/// A non-NULL `ptr` must point to `len` initialised values, valid for reads and writes and
/// not accessed otherwise for the lifetime `'a`.
pub(crate) unsafe fn arg_slice_mut<'a, T>(ptr: *mut T, len: usize, name: &str) -> Result<&'a mut [T], Failure> {
    check_array(ptr as *const T, len, name)?;
    // SAFETY: non-NULL, aligned, size within isize::MAX, validity and exclusivity guaranteed
    // by the caller.
    Ok(unsafe { std::slice::from_raw_parts_mut(ptr, len) })
}

/// A checked output array: NULL is refused (unless the result is empty and `len` is 0), and
/// its length must be exactly `expected`. Nothing is written here; [`OutArray::write`] copies
/// the result once everything succeeded.
pub(crate) struct OutArray<T> {
    ptr: *mut T,
    len: usize,
}

impl<T: Copy> OutArray<T> {
    /// Check an output array against the length the result will have.
    pub(crate) fn new(ptr: *mut T, len: usize, expected: usize, name: &str) -> Result<Self, Failure> {
        if !(ptr.is_null() && len == 0 && expected == 0) {
            check_array(ptr as *const T, len, name)?;
        }
        if len != expected {
            return Err(Failure::new(
                Status::LightsoutLengthMismatch,
                format!("{name} must have {expected} entries, got {name}_len = {len}"),
            ));
        }
        Ok(OutArray { ptr, len })
    }

    /// Copy the result out.
    ///
    /// # Safety
    /// The pointer given to [`OutArray::new`] must be valid for `len` writes, and no Rust
    /// reference to that memory may be live.
    pub(crate) unsafe fn write(self, values: &[T]) {
        assert_eq!(values.len(), self.len, "result length differs from the checked output length");
        if self.len == 0 {
            return;
        }
        // SAFETY: checked non-NULL and aligned; the caller guarantees validity for len writes.
        unsafe { std::ptr::copy_nonoverlapping(values.as_ptr(), self.ptr, self.len) };
    }
}

/// A `&str` from a NUL-terminated C string that must be UTF-8.
///
/// # Safety
/// A non-NULL `ptr` must point to a NUL-terminated string valid for the lifetime `'a`.
pub(crate) unsafe fn arg_str<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure::null(name));
    }
    // SAFETY: non-NULL and NUL-terminated by the caller's guarantee.
    let c = unsafe { CStr::from_ptr(ptr) };
    c.to_str().map_err(|e| {
        Failure::new(
            Status::LightsoutInvalidArgument,
            format!("{name} must be UTF-8 text, but byte {} is not valid UTF-8", e.valid_up_to()),
        )
    })
}

/// Write one value through an out-pointer (checked non-NULL beforehand with [`out_ptr`]).
///
/// # Safety
/// `ptr` must be valid for a write of `T`.
pub(crate) unsafe fn write_out<T>(ptr: *mut T, value: T) {
    // SAFETY: guaranteed by the caller.
    unsafe { ptr.write(value) }
}

/// Check an out-pointer for NULL and alignment before any work is done.
pub(crate) fn out_ptr<T>(ptr: *mut T, name: &str) -> Result<*mut T, Failure> {
    check_array(ptr as *const T, 1, name)?;
    Ok(ptr)
}

/// An out-pointer the caller may leave NULL (an optional report such as `info_out`): checked
/// for alignment before any work is done, written only when given.
pub(crate) struct OptionalOut<T>(Option<*mut T>);

impl<T> OptionalOut<T> {
    pub(crate) fn new(ptr: *mut T, name: &str) -> Result<Self, Failure> {
        Ok(OptionalOut(if ptr.is_null() { None } else { Some(out_ptr(ptr, name)?) }))
    }

    /// Write `value` when a pointer was given.
    ///
    /// # Safety
    /// A non-NULL pointer must be valid for a write of `T`.
    pub(crate) unsafe fn write(&self, value: impl Into<T>) {
        if let Some(ptr) = self.0 {
            // SAFETY: checked non-NULL and aligned by `new`; the caller guarantees it is writable.
            unsafe { write_out(ptr, value.into()) }
        }
    }
}

/// The body of a query about a handle: check the handle, then `out`, and only then compute
/// the answer and write it.
///
/// # Safety
/// A non-NULL `out` must be valid for a write of `T`.
pub(crate) unsafe fn write_answer<H: ?Sized, T>(
    handle: Result<&H, Failure>,
    out: *mut T,
    answer: impl FnOnce(&H) -> Result<T, Failure>,
) -> FfiResult {
    let handle = handle?;
    let out = out_ptr(out, "out")?;
    let value = answer(handle)?;
    // SAFETY: `out` was checked non-NULL and aligned; the caller guarantees it is writable.
    unsafe { write_out(out, value) };
    Ok(())
}

/// A machine-sized count from a C `uint32_t` (always fits on the 32- and 64-bit targets we build).
pub(crate) fn to_usize(v: u32) -> usize {
    v as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last() -> String {
        // SAFETY: the pointer is a live NUL-terminated string owned by this thread.
        unsafe { CStr::from_ptr(last_error_ptr()) }.to_string_lossy().into_owned()
    }

    #[test]
    fn panics_become_a_status_and_a_message() {
        let status = ffi_boundary!({
            let v: Vec<u32> = Vec::new();
            let _ = v[3];
            Ok(())
        });
        assert_eq!(status, Status::LightsoutPanic);
        assert!(last().starts_with("internal error"), "{}", last());
        let value: usize = ffi_boundary_value!(7, { panic!("boom {}", 1) });
        assert_eq!(value, 7);
        assert!(last().contains("boom 1"), "{}", last());
    }

    #[test]
    fn failures_set_the_last_error_and_success_keeps_it() {
        let status = ffi_boundary!({ Err(Failure::null("game")) });
        assert_eq!(status, Status::LightsoutNullPointer);
        assert_eq!(last(), "game must not be NULL");
        assert_eq!(ffi_boundary!({ Ok(()) }), Status::LightsoutOk);
        assert_eq!(last(), "game must not be NULL");
        set_last_error("a\0b");
        assert_eq!(last(), "a?b");
    }

    #[test]
    fn arrays_are_checked_before_use() {
        let data = [1u32, 2, 3];
        // SAFETY: a valid array of 3 values.
        assert_eq!(unsafe { arg_slice(data.as_ptr(), 3, "lights") }.unwrap(), &data);
        // SAFETY: NULL is refused before it is read.
        let err = unsafe { arg_slice::<u32>(std::ptr::null(), 0, "lights") }.unwrap_err();
        assert_eq!(err.status, Status::LightsoutNullPointer);
        let misaligned = (data.as_ptr() as *const u8).wrapping_add(1) as *const u32;
        // SAFETY: a misaligned pointer is refused before it is read.
        let err = unsafe { arg_slice(misaligned, 1, "lights") }.unwrap_err();
        assert_eq!(err.status, Status::LightsoutInvalidArgument);
        let mut out = [0u32; 2];
        let err = OutArray::new(out.as_mut_ptr(), 2, 3, "presses").err().unwrap();
        assert_eq!(err.status, Status::LightsoutLengthMismatch);
        assert_eq!(err.message, "presses must have 3 entries, got presses_len = 2");
        let huge = OutArray::new(out.as_mut_ptr(), usize::MAX, usize::MAX, "presses").err().unwrap();
        assert_eq!(huge.status, Status::LightsoutTooLarge);
    }
}
