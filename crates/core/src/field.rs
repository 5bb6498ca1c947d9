//! Prime fields Z_p, and the rings Z_k, with the modulus chosen at run time.
//!
//! Elements are plain `u32` values in `0..k`; a [`Field`] value is the context that knows the
//! modulus and does the arithmetic. This keeps matrices compact (one `u32` per entry, or one bit
//! for GF(2) in [`crate::BitMatrix`]) and lets the modulus be read from a user at run time.
//!
//! A [`Modulus`] is either a prime (from [`Modulus::new`]: every field engine accepts it) or any
//! k with `2 <= k < 2^31` (from [`Modulus::ring`]: matrices, vectors and [`crate::RingSolver`]
//! accept it; engines that divide need [`Modulus::is_prime`] and say so when it is not).

use crate::arith::Fp;
use crate::error::{Error, Result};

/// Arithmetic in a finite field whose elements are `u32` values in `0..p`.
///
/// Laws (checked for every implementation by the crate's tests): `add`/`mul` are associative and
/// commutative, `mul` distributes over `add`, `0` and `1` are the identities, `add(a, neg(a)) = 0`,
/// and `mul(a, inv(a)) = 1` for every `a != 0`.
///
/// ```
/// use lightsout_core::{Field, Zp};
/// let f = Zp::new(17).unwrap();
/// assert_eq!(f.add(9, 10), 2);
/// assert_eq!(f.neg(3), 14);
/// assert_eq!(f.mul(f.inv(5).unwrap(), 5), 1);
/// assert_eq!(f.inv(0), None);
/// ```
pub trait Field: Copy + Send + Sync + std::fmt::Debug {
    /// The characteristic p.
    fn modulus(&self) -> u32;
    /// `a + b mod p`.
    fn add(&self, a: u32, b: u32) -> u32;
    /// `a - b mod p`.
    fn sub(&self, a: u32, b: u32) -> u32 {
        self.add(a, self.neg(b))
    }
    /// `-a mod p`.
    fn neg(&self, a: u32) -> u32;
    /// `a * b mod p`.
    fn mul(&self, a: u32, b: u32) -> u32;
    /// The inverse of `a`, or `None` for `a = 0`.
    fn inv(&self, a: u32) -> Option<u32>;
    /// Reduce any signed integer into `0..p`.
    fn reduce(&self, x: i64) -> u32 {
        x.rem_euclid(self.modulus() as i64) as u32
    }
}

/// GF(2): addition is XOR, multiplication is AND.
///
/// ```
/// use lightsout_core::{Field, Gf2};
/// assert_eq!(Gf2.add(1, 1), 0);
/// assert_eq!(Gf2.neg(1), 1);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Gf2;

impl Field for Gf2 {
    fn modulus(&self) -> u32 {
        2
    }
    fn add(&self, a: u32, b: u32) -> u32 {
        a ^ b
    }
    fn neg(&self, a: u32) -> u32 {
        a
    }
    fn mul(&self, a: u32, b: u32) -> u32 {
        a & b
    }
    fn inv(&self, a: u32) -> Option<u32> {
        (a == 1).then_some(1)
    }
}

/// Z_p for a prime `p < 2^31` given at run time, over the crate's one arithmetic context
/// (`arith::Fp`: Barrett products, branch-free sums), so the reference arithmetic the generic
/// engines use and the inner loops' arithmetic are the same code.
///
/// ```
/// use lightsout_core::{Field, Zp};
/// assert!(Zp::new(4).is_err());          // not prime
/// let z3 = Zp::new(3).unwrap();           // Lights Out 2000
/// assert_eq!(z3.mul(2, 2), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zp {
    fp: Fp,
}

impl Zp {
    /// The field Z_p; an error unless `p` is a prime with `2 <= p < 2^31`.
    pub fn new(p: u64) -> Result<Self> {
        check_modulus(p).map(|p| Zp { fp: Fp::new(p) })
    }

    /// The context itself, for loops that take it directly.
    pub(crate) fn arith(self) -> Fp {
        self.fp
    }
}

impl Field for Zp {
    #[inline]
    fn modulus(&self) -> u32 {
        self.fp.p
    }
    #[inline]
    fn add(&self, a: u32, b: u32) -> u32 {
        self.fp.add(a, b)
    }
    #[inline]
    fn sub(&self, a: u32, b: u32) -> u32 {
        self.fp.sub(a, b)
    }
    #[inline]
    fn neg(&self, a: u32) -> u32 {
        self.fp.neg(a)
    }
    #[inline]
    fn mul(&self, a: u32, b: u32) -> u32 {
        self.fp.mul(a, b)
    }
    fn inv(&self, a: u32) -> Option<u32> {
        inverse_mod(a, self.fp.p)
    }
    #[inline]
    fn reduce(&self, x: i64) -> u32 {
        self.fp.reduce_signed(x)
    }
}

/// The inverse of `a` modulo `m` (any `m >= 2`), or `None` when `a` shares a factor with `m`
/// (for a prime m: when `a = 0`). Extended Euclid, so it is also right for composite m.
///
/// ```
/// use lightsout_core::field::inverse_mod;
/// assert_eq!(inverse_mod(3, 7), Some(5));
/// assert_eq!(inverse_mod(3, 8), Some(3));
/// assert_eq!(inverse_mod(2, 8), None);
/// ```
pub fn inverse_mod(a: u32, m: u32) -> Option<u32> {
    let (mut r0, mut r1) = (m as i64, (a % m) as i64);
    let (mut t0, mut t1) = (0i64, 1i64);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    (r0 == 1).then(|| t0.rem_euclid(m as i64) as u32)
}

/// Check that `p` is a usable modulus: a prime with `2 <= p < 2^31`.
///
/// ```
/// assert_eq!(lightsout_core::check_modulus(7), Ok(7));
/// assert!(lightsout_core::check_modulus(1).is_err());
/// assert!(lightsout_core::check_modulus(2_147_483_647).is_ok()); // 2^31 - 1 is prime
/// ```
pub fn check_modulus(p: u64) -> Result<u32> {
    if !(2..(1u64 << 31)).contains(&p) || !is_prime(p) {
        return Err(Error::InvalidModulus(p));
    }
    Ok(p as u32)
}

/// Deterministic primality test by trial division (p < 2^31 needs at most ~23,000 divisions).
pub fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    if n % 2 == 0 {
        return n == 2;
    }
    let mut d = 3u64;
    while d * d <= n {
        if n % d == 0 {
            return false;
        }
        d += 2;
    }
    true
}

/// Check that `k` is a usable ring modulus: any integer with `2 <= k < 2^31`.
///
/// ```
/// assert_eq!(lightsout_core::field::check_ring_modulus(12), Ok(12));
/// assert!(lightsout_core::field::check_ring_modulus(1).is_err());
/// assert!(lightsout_core::field::check_ring_modulus(1 << 31).is_err());
/// ```
pub fn check_ring_modulus(k: u64) -> Result<u32> {
    if !(2..(1u64 << 31)).contains(&k) {
        return Err(Error::InvalidRingModulus(k));
    }
    Ok(k as u32)
}

/// A validated modulus: the number k of states of a light. It dispatches to the packed GF(2)
/// path, the generic Z_p path, or (for composite k) the ring engine of [`crate::ring`].
///
/// ```
/// use lightsout_core::Modulus;
/// assert!(Modulus::new(12).is_err()); // a field needs a prime
/// let m = Modulus::ring(12).unwrap();
/// assert!(!m.is_prime());
/// assert_eq!(m.factors(), vec![(2, 2), (3, 1)]);
/// assert!(Modulus::ring(7).unwrap().is_prime());
/// assert_eq!(Modulus::ring(7).unwrap(), Modulus::new(7).unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Modulus {
    k: u32,
    prime: bool,
    /// The arithmetic context of k, made once (its multipliers cost two divisions).
    fp: Fp,
}

impl Modulus {
    /// Validate a prime `p` (see [`check_modulus`]): the modulus of a field.
    pub fn new(p: u64) -> Result<Self> {
        check_modulus(p).map(|k| Modulus { k, prime: true, fp: Fp::new(k) })
    }
    /// Validate any `k` with `2 <= k < 2^31` (see [`check_ring_modulus`]): the modulus of the
    /// ring Z_k. A prime k gives the same value as [`Modulus::new`].
    pub fn ring(k: u64) -> Result<Self> {
        check_ring_modulus(k).map(|k| Modulus { k, prime: is_prime(k as u64), fp: Fp::new(k) })
    }
    /// GF(2).
    pub const TWO: Modulus = Modulus { k: 2, prime: true, fp: Fp::new(2) };
    /// The modulus k (a prime p for a field).
    pub fn get(self) -> u32 {
        self.k
    }
    /// Whether k is a prime, so that Z_k is a field.
    pub fn is_prime(self) -> bool {
        self.prime
    }
    /// The factorisation of k into prime powers `(p, e)`, primes ascending.
    pub fn factors(self) -> Vec<(u32, u32)> {
        crate::ring::factor(self.k)
    }
    /// An error naming `what` unless k is a prime: for the engines that divide by pivots.
    pub fn require_prime(self, what: &str) -> Result<()> {
        if self.prime {
            return Ok(());
        }
        Err(Error::InvalidArgument(format!(
            "{what} needs a prime modulus, but {} is not prime (composite moduli are solved by RingSolver)",
            self.k
        )))
    }
    /// Z_k as a generic arithmetic context (also valid for k = 2). For composite k, `add`,
    /// `neg` and `mul` are the ring operations and `inv` answers for the units only.
    pub fn field(self) -> Zp {
        Zp { fp: self.arith() }
    }

    /// The arithmetic context of the inner loops (Barrett reduction) for this modulus, prime
    /// or not: the one the chasing, polynomial and ring engines share.
    pub(crate) fn arith(self) -> Fp {
        self.fp
    }
}

/// An error unless `v` has `n` entries, each in `0..p`: the check every solver makes of a board
/// or press vector (of `u32` values, or bytes) before using it, with `what` naming the vector in
/// the error. The one check of this kind: the front ends' boards of bytes are checked here too.
///
/// ```
/// use lightsout_core::{field::check_vector, Modulus};
/// let z3 = Modulus::new(3).unwrap();
/// assert!(check_vector("lights", &[0u8, 2, 1], 3, z3).is_ok());
/// let e = check_vector("lights", &[0u8, 3, 1], 3, z3).unwrap_err();
/// assert_eq!(e.to_string(), "lights[1] must be in 0 <= x < 3, not 3");
/// assert!(check_vector("lights", &[0u8, 1], 3, z3).is_err()); // two entries for three
/// ```
pub fn check_vector<C: Copy + Into<u32>>(what: &'static str, v: &[C], n: usize, modulus: Modulus) -> Result<()> {
    if v.len() != n {
        return Err(Error::DimensionMismatch { what, expected: n, got: v.len() });
    }
    let p = modulus.get();
    // The maximum of each chunk vectorises; the index is looked for only in a chunk that has one.
    const CHUNK: usize = 4096;
    for (ci, chunk) in v.chunks(CHUNK).enumerate() {
        if chunk.iter().fold(0u32, |m, &c| m.max(c.into())) >= p {
            if let Some((i, value)) = chunk.iter().map(|&c| c.into()).enumerate().find(|&(_, x)| x >= p) {
                return Err(Error::EntryOutOfRange { what, index: ci * CHUNK + i, value: value as i64, modulus: p });
            }
        }
    }
    Ok(())
}

/// `n` press counts drawn uniformly from `0..p`, reproducible from `seed`. Every solver's
/// `random_solvable` is M times this draw, so all of them give the same board for a seed.
///
/// ```
/// use lightsout_core::{field::random_presses, Modulus};
/// let a = random_presses(Modulus::new(3).unwrap(), 5, 42);
/// assert_eq!(a, random_presses(Modulus::new(3).unwrap(), 5, 42));
/// assert!(a.iter().all(|&x| x < 3));
/// ```
pub fn random_presses(modulus: Modulus, n: usize, seed: u64) -> Vec<u32> {
    let mut presses = vec![0; n];
    fill_random_presses(&mut presses, modulus, seed);
    presses
}

/// [`random_presses`] into a buffer the caller allocated (so that a huge one can fail cleanly).
pub fn fill_random_presses(presses: &mut [u32], modulus: Modulus, seed: u64) {
    let n = presses.len();
    for_each_random_press(modulus, n, seed, |i, v| presses[i] = v);
}

/// The presses of [`random_presses`] handed to `visit(light, value)` one at a time, in light
/// order, so that a caller can store them compactly (bit-packed, one byte each).
///
/// ```
/// use lightsout_core::{field, Modulus};
/// let mut seen = Vec::new();
/// field::for_each_random_press(Modulus::TWO, 40, 9, |_, v| seen.push(v));
/// assert_eq!(seen, field::random_presses(Modulus::TWO, 40, 9));
/// ```
pub fn for_each_random_press(modulus: Modulus, n: usize, seed: u64, mut visit: impl FnMut(usize, u32)) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    // Each press is `rng.gen_range(0..k)` (its values are part of what a seed means), drawn here
    // from words taken a block at a time: rand 0.8 draws a u32 `v` and keeps the high word of
    // `v k` when its low word is at most `zone`, else draws again (for k = 4 every other word
    // is rejected). Taking the words in blocks yields the same words in the same order.
    let k = modulus.get();
    let zone = (k << k.leading_zeros()).wrapping_sub(1);
    // The kept values are packed without a branch (a rejection is a coin flip for k = 4).
    let (mut words, mut kept) = ([0u32; 256], [0u32; 256]);
    let mut i = 0;
    while i < n {
        rng.fill(&mut words[..]);
        let mut count = 0;
        for &v in &words {
            let wide = v as u64 * k as u64;
            kept[count] = (wide >> 32) as u32;
            count += (wide as u32 <= zone) as usize;
        }
        for &x in &kept[..count.min(n - i)] {
            visit(i, x);
            i += 1;
        }
    }
}

impl std::fmt::Display for Modulus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The presses drawn a block of words at a time are those of `gen_range(0..k)` one by one
    /// (what a seed meant before), for moduli that reject no words, half of them, and most.
    #[test]
    fn random_presses_are_the_draws_of_gen_range() {
        use rand::{Rng, SeedableRng};
        for k in [2u64, 3, 4, 5, 6, 7, 8, 12, 100, 255, 256, 257, 65_536, (1 << 30) + 1, 2_147_483_647] {
            let modulus = Modulus::ring(k).unwrap();
            for (n, seed) in [(0usize, 1u64), (1, 2), (255, 3), (256, 4), (257, 5), (5000, 6)] {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let want: Vec<u32> = (0..n).map(|_| rng.gen_range(0..k as u32)).collect();
                assert_eq!(random_presses(modulus, n, seed), want, "k = {k}, n = {n}");
            }
        }
    }
}
