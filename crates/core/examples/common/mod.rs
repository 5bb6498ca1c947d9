//! Packed GF(2) rows under the plus rule, for the examples that build and check huge boards
//! row by row (`mod common;` in each).

/// `T x ^ above ^ below` on packed rows (the plus rule), masked to `cols`.
pub fn plus(cols: usize, above: &[u64], x: &[u64], below: &[u64], out: &mut [u64]) {
    let w = x.len();
    for i in 0..w {
        let left = (x[i] << 1) | if i > 0 { x[i - 1] >> 63 } else { 0 };
        let right = (x[i] >> 1) | if i + 1 < w { x[i + 1] << 63 } else { 0 };
        out[i] = left ^ right ^ x[i] ^ above[i] ^ below[i];
    }
    if cols % 64 != 0 {
        out[w - 1] &= (1u64 << (cols % 64)) - 1;
    }
}
