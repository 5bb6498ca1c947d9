//! Board-sized buffers, for every layer that hands boards out: allocated with an error (never an
//! abort) when memory is short, and backed by huge pages where the kernel offers them.
//!
//! A fresh buffer's cost is its page faults, not its bytes: a 10^10-light packed board is
//! 300,000 pages of 4 KiB, and faulting them in one by one cost several times the solve (5.4 s
//! of system time against 1.3 s of user time). Buffers of a few MiB and more are therefore
//! advised onto 2 MiB pages (`madvise(MADV_HUGEPAGE)`, as numpy does for its arrays), and the
//! faults of the large ones are taken on two cores at once.
//!
//! ```
//! use lightsout_core::buffer;
//! let board: Vec<u8> = buffer::zeroed("a board", 1 << 20).unwrap();
//! assert!(board.iter().all(|&b| b == 0));
//! assert_eq!(buffer::copied("a copy", &[1u8, 2, 3]).unwrap(), [1, 2, 3]);
//! assert!(buffer::zeroed::<u64>("a board", usize::MAX / 8).is_err()); // refused, not aborted
//! ```

use crate::error::{Error, Result};
use std::mem::MaybeUninit;

/// Buffers from this size on take their page faults on two threads.
const SPLIT_BYTES: usize = 16 << 20;

/// `len` zeroed elements, or [`Error::TooLarge`] naming `what` when memory is short.
pub fn zeroed<T: Clone + Default + Send>(what: &'static str, len: usize) -> Result<Vec<T>> {
    let mut v = reserved(what, len)?;
    let spare = &mut v.spare_capacity_mut()[..len];
    fill(spare, |_, part| part.iter_mut().for_each(|x| _ = x.write(T::default())));
    // SAFETY: the first `len` elements were all written by `fill`.
    unsafe { v.set_len(len) };
    Ok(v)
}

/// A copy of `src` in a fresh buffer (the same care as [`zeroed`], one pass over the bytes).
pub fn copied<T: Copy + Send + Sync>(what: &'static str, src: &[T]) -> Result<Vec<T>> {
    let mut v = reserved(what, src.len())?;
    let spare = &mut v.spare_capacity_mut()[..src.len()];
    fill(spare, |at, part| part.iter_mut().zip(&src[at..]).for_each(|(d, &s)| _ = d.write(s)));
    // SAFETY: the first `src.len()` elements were all written by `fill`.
    unsafe { v.set_len(src.len()) };
    Ok(v)
}

/// An empty vector with room for exactly `len` elements, advised onto huge pages.
fn reserved<T>(what: &'static str, len: usize) -> Result<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Error::TooLarge {
        what,
        needed: (len as u128) * std::mem::size_of::<T>() as u128,
        unit: "bytes (allocation failed)",
        limit: 0,
    })?;
    advise_huge_pages(v.as_mut_ptr().cast(), len * std::mem::size_of::<T>());
    Ok(v)
}

/// Run `write(offset, part)` over all of `spare`, in two halves on two threads when it is large.
fn fill<T: Send>(spare: &mut [MaybeUninit<T>], write: impl Fn(usize, &mut [MaybeUninit<T>]) + Sync) {
    if std::mem::size_of_val(spare) >= SPLIT_BYTES && rayon::current_num_threads() >= 2 {
        let half = spare.len() / 2;
        let (a, b) = spare.split_at_mut(half);
        rayon::join(|| write(0, a), || write(half, b));
    } else {
        write(0, spare);
    }
}

/// Ask the kernel to back the 2 MiB-aligned part of a fresh allocation of `bytes` bytes with huge
/// pages. Advice only: where the kernel has none to give, the buffer is backed as usual.
fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        if bytes < 2 * HUGE {
            return;
        }
        let start = (ptr as usize).next_multiple_of(HUGE);
        let end = (ptr as usize + bytes) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside an allocation this process owns; the advice changes
            // how its pages are backed, never their contents.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, bytes);
}
