//! GF(3) arithmetic on 64 entries at once, bitsliced into two bit planes `(ones, twos)` (an
//! entry is 1 when its bit of `ones` is set, 2 when its bit of `twos` is): the arithmetic of the
//! packed GF(3) layout, for the elimination ([`super::m4r3`]) and the polynomials over GF(3).

/// `a + b` on 64 packed entries, as `(ones, twos)` planes.
#[inline(always)]
pub(crate) fn add(a1: u64, a2: u64, b1: u64, b2: u64) -> (u64, u64) {
    let t = (a1 | b2) ^ (a2 | b1);
    ((a2 | b2) ^ t, (a1 | b1) ^ t)
}

/// `a - b` on 64 packed entries: `a + (-b)`, where `-b` swaps the planes.
#[inline(always)]
pub(crate) fn sub(a1: u64, a2: u64, b1: u64, b2: u64) -> (u64, u64) {
    add(a1, a2, b2, b1)
}

#[cfg(test)]
mod tests {
    use super::{add, sub};

    /// The plane formulas against integer arithmetic, for all nine pairs in every bit position.
    #[test]
    fn add_and_sub_are_arithmetic_mod_3() {
        let pack = |v: &[u32]| -> (u64, u64) {
            v.iter()
                .enumerate()
                .fold((0, 0), |(o, t), (i, &x)| (o | ((x == 1) as u64) << i, t | ((x == 2) as u64) << i))
        };
        let unpack = |(o, t): (u64, u64), n: usize| -> Vec<u32> {
            assert_eq!(o & t, 0, "planes must stay disjoint");
            (0..n).map(|i| (o >> i & 1) as u32 + 2 * (t >> i & 1) as u32).collect()
        };
        for shift in 0..56 {
            let xs: Vec<u32> = (0..64).map(|i| if i < shift { 0 } else { ((i - shift) / 3 % 3) as u32 }).collect();
            let ys: Vec<u32> = (0..64).map(|i| if i < shift { 0 } else { ((i - shift) % 3) as u32 }).collect();
            let ((a1, a2), (b1, b2)) = (pack(&xs), pack(&ys));
            let sum: Vec<u32> = xs.iter().zip(&ys).map(|(x, y)| (x + y) % 3).collect();
            let diff: Vec<u32> = xs.iter().zip(&ys).map(|(x, y)| (x + 3 - y) % 3).collect();
            assert_eq!(unpack(add(a1, a2, b1, b2), 64), sum);
            assert_eq!(unpack(sub(a1, a2, b1, b2), 64), diff);
        }
    }
}
