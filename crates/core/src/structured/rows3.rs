//! Rows between boards (a byte or a `u32` per light) and bitsliced GF(3) rows.
//!
//! A row of bytes in `0..3` packs eight lights at a time: the low bits of eight bytes gather
//! into one byte with a single multiplication (`0x0102040810204080` puts bit `8k` at bit
//! `56 + k`, and no two partial products overlap, so nothing carries), the high bits likewise.
//! Unpacking spreads each byte of a plane back through a 256-entry table.

use super::chase::{Cell, Layout};
use super::poly3::Tri;

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const GATHER: u64 = 0x0102_0408_1020_4080;

/// Byte `k` of `SPREAD[b]` is bit `k` of `b`.
static SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            t[b] |= (((b >> k) & 1) as u64) << (8 * k);
            k += 1;
        }
        b += 1;
    }
    t
};

/// Pack bytes in `0..3` (at most 64) into one word of each plane.
#[inline]
fn pack_word(bytes: &[u8]) -> (u64, u64) {
    let (mut one, mut two) = (0u64, 0u64);
    let mut gather = |g: usize, v: u64| {
        one |= ((v & LOW_BITS).wrapping_mul(GATHER) >> 56) << (8 * g);
        two |= (((v >> 1) & LOW_BITS).wrapping_mul(GATHER) >> 56) << (8 * g);
    };
    let chunks = bytes.chunks_exact(8);
    let (full, rest) = (chunks.len(), chunks.remainder());
    for (g, chunk) in chunks.enumerate() {
        gather(g, u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
    }
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        gather(full, u64::from_le_bytes(buf));
    }
    (one, two)
}

/// Pack a row of bytes in `0..3` into its two planes (`len / 64` words rounded up, each).
pub(crate) fn pack_row(bytes: &[u8], one: &mut [u64], two: &mut [u64]) {
    for ((chunk, o), t) in bytes.chunks(64).zip(one.iter_mut()).zip(two.iter_mut()) {
        (*o, *t) = pack_word(chunk);
    }
}

/// Unpack the two planes of a row into `out.len()` bytes.
pub(crate) fn unpack_row(one: &[u64], two: &[u64], out: &mut [u8]) {
    for ((chunk, &o), &t) in out.chunks_mut(64).zip(one).zip(two) {
        unpack_word(o, t, chunk);
    }
}

/// One row of values 0, 1, 2 into the two planes of a bitsliced row (zero before).
pub(crate) fn pack_values(values: &[u32], one: &mut [u64], two: &mut [u64]) {
    for (c, &v) in values.iter().enumerate() {
        one[c / 64] |= ((v == 1) as u64) << (c % 64);
        two[c / 64] |= ((v == 2) as u64) << (c % 64);
    }
}

/// The values of one bitsliced row, `out.len()` of them.
pub(crate) fn unpack_values(one: &[u64], two: &[u64], out: &mut [u32]) {
    for (c, o) in out.iter_mut().enumerate() {
        *o = ((one[c / 64] >> (c % 64)) & 1) as u32 + 2 * ((two[c / 64] >> (c % 64)) & 1) as u32;
    }
}

/// Unpack one word of each plane into `out.len()` (at most 64) bytes.
#[inline]
fn unpack_word(one: u64, two: u64, out: &mut [u8]) {
    for (g, chunk) in out.chunks_mut(8).enumerate() {
        let v = SPREAD[((one >> (8 * g)) & 0xff) as usize] | (SPREAD[((two >> (8 * g)) & 0xff) as usize] << 1);
        chunk.copy_from_slice(&v.to_le_bytes()[..chunk.len()]);
    }
}

/// Chase row `k` of `board` (values in `0..3`) into `out`; `scratch` holds `n` values.
pub(crate) fn load<C: Cell>(layout: Layout, board: &[C], k: usize, scratch: &mut [u32], out: &mut Tri) {
    let n = layout.n();
    if !layout.transposed {
        let row = &board[k * n..(k + 1) * n];
        if let Some(bytes) = C::bytes(row) {
            pack_row(bytes, &mut out.one, &mut out.two);
            return;
        }
    }
    layout.load(board, k, scratch);
    out.one.fill(0);
    out.two.fill(0);
    for (i, &v) in scratch.iter().enumerate() {
        out.one[i / 64] |= ((v == 1) as u64) << (i % 64);
        out.two[i / 64] |= ((v == 2) as u64) << (i % 64);
    }
}

/// Store the bitsliced chase row `k` into `board`; `scratch` holds `n` values.
pub(crate) fn store<C: Cell>(layout: Layout, board: &mut [C], k: usize, row: &Tri, scratch: &mut [u32]) {
    let n = layout.n();
    if !layout.transposed {
        if let Some(bytes) = C::bytes_mut(&mut board[k * n..(k + 1) * n]) {
            unpack_row(&row.one, &row.two, bytes);
            return;
        }
    }
    for (i, s) in scratch.iter_mut().enumerate() {
        *s = row.get(i);
    }
    layout.store(board, k, scratch);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_both_paths() {
        for (rows, cols) in [(3, 70), (70, 3), (5, 64), (2, 129), (1, 1)] {
            let values: Vec<u32> = (0..rows * cols).map(|i| ((i * 2654435761usize) >> 9) as u32 % 3).collect();
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            for transposed in [false, true] {
                let layout = Layout { rows, cols, transposed };
                let n = layout.n();
                let mut scratch = vec![0u32; n];
                let (mut a, mut b) = (Tri::zeros(n.div_ceil(64)), Tri::zeros(n.div_ceil(64)));
                let (mut out8, mut out32) = (vec![0u8; rows * cols], vec![0u32; rows * cols]);
                for k in 0..layout.m() {
                    load(layout, &bytes, k, &mut scratch, &mut a);
                    load(layout, &values, k, &mut scratch, &mut b);
                    assert_eq!(a, b);
                    layout.load(&values, k, &mut scratch);
                    assert_eq!(a.to_values(n), scratch);
                    store(layout, &mut out8, k, &a, &mut scratch);
                    store(layout, &mut out32, k, &b, &mut scratch);
                }
                assert_eq!(out8, bytes);
                assert_eq!(out32, values);
            }
        }
    }
}
