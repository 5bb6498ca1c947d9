//! Shared helpers of the packed engines: splitting row updates (and other work in disjoint
//! parts) across threads and XOR-ing several table entries into a row in one sweep.

use rayon::prelude::*;

/// Below this many words of update work a pass runs on the calling thread: splitting costs
/// a few microseconds, which only pays on large matrices.
const PAR_MIN_WORK: usize = 1 << 17;

/// Run `f` on disjoint chunks of whole rows of `data` (`row_len` words per row), in parallel
/// when the work (`work_per_row` words per row) is large enough.
pub(crate) fn for_each_row_chunk<F: Fn(&mut [u64]) + Sync>(
    data: &mut [u64],
    row_len: usize,
    work_per_row: usize,
    f: F,
) {
    for_each_row_chunk_at(data, row_len, work_per_row, |_, chunk| f(chunk))
}

/// [`for_each_row_chunk`], `f` told the index of the chunk's first row too.
pub(crate) fn for_each_row_chunk_at<F: Fn(usize, &mut [u64]) + Sync>(
    data: &mut [u64],
    row_len: usize,
    work_per_row: usize,
    f: F,
) {
    let rows = data.len() / row_len.max(1);
    let threads = rayon::current_num_threads();
    if threads < 2 || rows < 2 || rows.saturating_mul(work_per_row) < PAR_MIN_WORK {
        f(0, data);
        return;
    }
    let per_task = rows.div_ceil(4 * threads).max(1);
    data.par_chunks_mut(per_task * row_len).enumerate().for_each(|(i, chunk)| f(i * per_task, chunk));
}

/// Run `f` on each of `parts` (disjoint pieces of one job of `work` words in all), in parallel
/// when the work is large enough.
pub(crate) fn for_each_part<T: Send, F: Fn(T) + Sync + Send>(parts: Vec<T>, work: usize, f: F) {
    if rayon::current_num_threads() < 2 || parts.len() < 2 || work < PAR_MIN_WORK {
        parts.into_iter().for_each(f);
    } else {
        parts.into_par_iter().for_each(f);
    }
}

/// `dst ^= data[o + s0..][..dst.len()]` for the four (or, with `many`, eight) offsets `o`.
/// Unused offsets point at a zero entry.
#[inline(always)]
pub(crate) fn xor_sources(dst: &mut [u64], data: &[u64], offsets: &[usize; 8], s0: usize, many: bool) {
    let n = dst.len();
    let src = |g: usize| &data[offsets[g] + s0..offsets[g] + s0 + n];
    let (a, b, c, d) = (src(0), src(1), src(2), src(3));
    if many {
        let (e, f, g, h) = (src(4), src(5), src(6), src(7));
        for i in 0..n {
            dst[i] ^= a[i] ^ b[i] ^ c[i] ^ d[i] ^ e[i] ^ f[i] ^ g[i] ^ h[i];
        }
    } else {
        for i in 0..n {
            dst[i] ^= a[i] ^ b[i] ^ c[i] ^ d[i];
        }
    }
}
