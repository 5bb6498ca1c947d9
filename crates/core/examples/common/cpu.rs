//! Process CPU time for the benchmark examples (`#[path]`-included by each): on a shared machine
//! it says what the wall time cannot.

/// CPU seconds (user + system, every thread) of this process so far (Linux; 0 elsewhere).
pub fn cpu() -> f64 {
    #[cfg(target_os = "linux")]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `t` is a valid timespec to write into.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    0.0
}
