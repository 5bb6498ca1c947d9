//! Ripple-carry adders over bit planes: `acc += term` mod `2^e`, e planes of one word each, 64
//! lights a word. The press of board planes ([`super::planes`]) and the sums of the Four
//! Russians' products ([`super::plane_products`]) both add with them.

/// `acc += term` over e planes (one word each), mod `2^e`, for e known only at run time (more
/// than 4 planes, and the lifting's `axpy`); [`add_n`] is the same adder unrolled.
#[inline(always)]
pub(crate) fn add_word(acc: &mut [u64], term: &[u64]) {
    let mut carry = 0u64;
    for (a, &t) in acc.iter_mut().zip(term) {
        let s = *a ^ t;
        let c = (*a & t) | (carry & s);
        *a = s ^ carry;
        carry = c;
    }
}

/// `acc += t` on E planes (one word each), mod `2^E`: a ripple-carry adder, 64 lights a word,
/// unrolled for E known at compile time (the press of board planes, and the sums of the Four
/// Russians' products in the `plane_products` module).
#[inline(always)]
pub(crate) fn add_n<const E: usize>(acc: &mut [u64; E], t: [u64; E]) {
    let mut carry = 0u64;
    for u in 0..E {
        let s = acc[u] ^ t[u];
        let c = (acc[u] & t[u]) | (carry & s);
        acc[u] = s ^ carry;
        carry = c;
    }
}
