//! The lifting solver against the Smith form of the whole matrix ([`PowerSolver`]), on random
//! matrices built to have large kernels mod p and every valuation up to e. Test data and
//! expectations are built with plain `%`, independent of the arithmetic under test.

use super::lift::LiftSolver;
use super::PowerSolver;
use crate::{Matrix, Modulus, SparseMatrix};
use proptest::prelude::*;

/// `C B + p G + p^2 H` mod q with B of `rank` rows: rank at most `rank` mod p.
fn build(q: u32, p: u32, n: usize, rank: usize, seed: &[u32]) -> Matrix {
    let mut it = seed.iter().cycle().copied();
    let mut rnd = |m: u32| it.next().unwrap() % m;
    let b: Vec<Vec<u32>> = (0..rank).map(|_| (0..n).map(|_| rnd(q)).collect()).collect();
    let c: Vec<Vec<u32>> = (0..n).map(|_| (0..rank).map(|_| rnd(q)).collect()).collect();
    let mut a = Matrix::zeros(Modulus::ring(q as u64).unwrap(), n, n).unwrap();
    for i in 0..n {
        for j in 0..n {
            let mut v: u64 = (0..rank).map(|t| c[i][t] as u64 * b[t][j] as u64).sum();
            // Sparse multiples of p and p^2, so that valuations 1 and 2 both appear.
            if rnd(3) == 0 {
                v += p as u64 * rnd(q) as u64;
            }
            if rnd(4) == 0 {
                v += (p * p) as u64 * rnd(q) as u64;
            }
            a.set(i, j, (v % q as u64) as u32);
        }
    }
    a
}

fn mul(a: &Matrix, u: &[u32]) -> Vec<u32> {
    a.mul_vec(u).unwrap()
}

fn order_of(v: &[u32], q: u32) -> u32 {
    (1..=q).find(|&o| v.iter().all(|&x| (x as u64 * o as u64) % q as u64 == 0)).unwrap()
}

fn check(q: u32, p: u32, n: usize, rank: usize, seed: Vec<u32>) {
    let a = build(q, p, n, rank, &seed);
    let lift = LiftSolver::new(a.clone()).unwrap();
    let power = PowerSolver::new(&SparseMatrix::from_dense(&a)).unwrap();
    let e = power.exponent();
    let mut want: Vec<u32> = power.valuations().iter().copied().filter(|&v| v > 0).collect();
    want.resize(want.len() + n - power.valuations().len(), e);
    assert_eq!(lift.nonunit_valuations(), want, "q={q} n={n} rank={rank}");
    assert_eq!(lift.kernel_exponent(), power.kernel_exponent());
    assert_eq!(lift.image_exponent(), power.image_exponent());
    let (gens, orders) = lift.null_basis();
    let mut product = 1u128;
    for (g, &o) in gens.iter().zip(&orders) {
        assert!(mul(&a, g).iter().all(|&x| x == 0));
        assert_eq!(order_of(g, q), o);
        product *= o as u128;
    }
    assert_eq!(product, (p as u128).pow(power.kernel_exponent() as u32));
    for t in 0..6u32 {
        // A solvable right-hand side (A x), then an arbitrary one.
        let x: Vec<u32> = (0..n).map(|i| seed[(i + t as usize * 7) % seed.len()] % q).collect();
        let c = if t % 2 == 0 { mul(&a, &x) } else { x.iter().map(|&v| (v * 3 + t) % q).collect() };
        let neg: Vec<u32> = c.iter().map(|&v| (q - v) % q).collect();
        let solvable = power.is_solvable(&neg).unwrap();
        match lift.solve(&c).unwrap() {
            Some(u) => assert_eq!(mul(&a, &u), c),
            None => assert!(!solvable, "lifting missed a solution, q={q} n={n}"),
        }
        assert_eq!(lift.solve(&c).unwrap().is_some(), solvable);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn lifting_matches_the_smith_form(
        (q, p) in prop::sample::select(vec![(4u32, 2u32), (8, 2), (16, 2), (9, 3), (27, 3), (25, 5), (49, 7), (2, 2), (3, 3)]),
        n in 1usize..12,
        rank_frac in 0usize..=4,
        seed in prop::collection::vec(0u32..1_000_000, 64),
    ) {
        check(q, p, n, n * rank_frac / 4, seed);
    }
}

#[test]
fn zero_and_identity() {
    for (q, p) in [(4u32, 2u32), (9, 3)] {
        let z = Modulus::ring(q as u64).unwrap();
        let zero = LiftSolver::new(Matrix::zeros(z, 3, 3).unwrap()).unwrap();
        assert_eq!(zero.nonunit_valuations(), vec![2, 2, 2]);
        assert_eq!(zero.solve(&[0, 0, 1]).unwrap(), None);
        let id = LiftSolver::new(Matrix::identity(z, 3).unwrap()).unwrap();
        assert!(id.nonunit_valuations().is_empty());
        assert_eq!(id.solve(&[1, 2, p]).unwrap(), Some(vec![1, 2, p]));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// The Z/4 shortcut for a matrix of even entries answers as the Smith form over the ring.
    #[test]
    fn twice_binary_matches_the_smith_form(
        n in 1usize..14,
        seed in prop::collection::vec(0u32..2, 256),
        sparse in 0u32..3,
    ) {
        let z4 = Modulus::ring(4).unwrap();
        let mut s = Matrix::zeros(z4, n, n).unwrap();
        for i in 0..n {
            for j in 0..n {
                let bit = seed[(i * n + j) % seed.len()] & u32::from((i + j) as u32 % 3 >= sparse);
                s.set(i, j, 2 * bit);
            }
        }
        let fast = PowerSolver::twice_binary(&s).unwrap().expect("every entry is even");
        let power = PowerSolver::new(&SparseMatrix::from_dense(&s)).unwrap();
        prop_assert_eq!(fast.valuations(), power.valuations());
        prop_assert_eq!(fast.kernel_exponent(), power.kernel_exponent());
        prop_assert_eq!(fast.image_exponent(), power.image_exponent());
        let (gens, orders) = fast.null_basis();
        let mut log = 0;
        for (g, &o) in gens.iter().zip(&orders) {
            prop_assert!(mul(&s, g).iter().all(|&x| x == 0));
            prop_assert_eq!(order_of(g, 4), o);
            log += o.trailing_zeros() as usize;
        }
        prop_assert_eq!(log, power.kernel_exponent());
        for t in 0..6usize {
            let b: Vec<u32> = (0..n).map(|i| (seed[(i * 5 + t * 11) % seed.len()] * (1 + (t as u32 % 2))) % 4).collect();
            prop_assert_eq!(fast.is_solvable(&b).unwrap(), power.is_solvable(&b).unwrap());
            if let Ok(x) = fast.solve(&b) {
                let pressed = mul(&s, &x);
                prop_assert!(pressed.iter().zip(&b).all(|(&m, &l)| (m + l) % 4 == 0));
                // Pressing with the matrix kept dense, as the sparse one does.
                let after = crate::FactoredSystem::apply(&fast, &b, &x).unwrap();
                prop_assert_eq!(after, crate::FactoredSystem::apply(&power, &b, &x).unwrap());
            }
        }
    }
}

#[test]
fn twice_binary_declines_other_matrices() {
    let z4 = Modulus::ring(4).unwrap();
    assert!(PowerSolver::twice_binary(&Matrix::identity(z4, 3).unwrap()).unwrap().is_none());
    let z8 = Modulus::ring(8).unwrap();
    assert!(PowerSolver::twice_binary(&Matrix::zeros(z8, 3, 3).unwrap()).unwrap().is_none());
}
