//! The ring engine over Z_k against brute force (every one of the k^N press vectors), the
//! CRT of the prime answers for squarefree k, and the field solver for prime k.

mod common;

use lightsout_core::minimal::{minimal_in_module, ring_stats, stats, Budget};
use lightsout_core::{Error, Modulus, RingSolver, Solver, SparseMatrix};
use proptest::prelude::*;
use std::collections::HashSet;

fn dense(k: u32, rows: usize, cols: usize, data: &[u32]) -> SparseMatrix {
    let columns = (0..cols).map(|c| (0..rows).map(|r| (r, data[r * cols + c] as i64)).collect()).collect();
    SparseMatrix::from_columns(Modulus::ring(k as u64).unwrap(), rows, columns).unwrap()
}

fn dot(y: &[u32], v: &[u32], k: u32) -> u32 {
    (y.iter().zip(v).map(|(&a, &b)| a as u64 * b as u64).sum::<u64>() % k as u64) as u32
}

/// `y M` over Z_k.
fn left_mul(m: &SparseMatrix, y: &[u32]) -> Vec<u32> {
    let k = m.modulus().get() as u64;
    m.columns()
        .iter()
        .map(|col| (col.iter().map(|&(r, v)| y[r as usize] as u64 * v as u64).sum::<u64>() % k) as u32)
        .collect()
}

/// Check every answer of the ring solver against all k^N press vectors.
fn brute_force(m: &SparseMatrix, what: &str) {
    let k = m.modulus().get();
    let (rows, cols) = (m.rows(), m.cols());
    let s = RingSolver::new(m).unwrap();
    // image (as a number in base k) -> how many press vectors make it
    let code_of = |v: &[u32]| v.iter().rev().fold(0u64, |acc, &x| acc * k as u64 + x as u64) as usize;
    let mut by_image = vec![0u64; (k as usize).pow(rows as u32)];
    let mut lightest = vec![u64::MAX; by_image.len()];
    let mut presses = vec![0u32; cols];
    let mut image = vec![0u32; rows];
    loop {
        image.iter_mut().for_each(|x| *x = 0);
        for (col, &s) in m.columns().iter().zip(&presses) {
            for &(r, v) in col {
                image[r as usize] = ((image[r as usize] as u64 + v as u64 * s as u64) % k as u64) as u32;
            }
        }
        let code = code_of(&image);
        by_image[code] += 1;
        lightest[code] = lightest[code].min(presses.iter().map(|&x| x as u64).sum());
        let Some(i) = presses.iter().position(|&x| x + 1 < k) else { break };
        presses[..i].iter_mut().for_each(|x| *x = 0);
        presses[i] += 1;
    }
    let kernel = by_image[0] as u128;
    assert_eq!(s.kernel_size().to_u128(), Some(kernel), "{what}: kernel size");
    let images = by_image.iter().filter(|&&c| c > 0).count() as u128;
    assert_eq!(s.solvable_boards().to_u128(), Some(images), "{what}: solvable boards");
    let divisors: u128 = s.elementary_divisors().iter().map(|&d| d as u128).product();
    let extra = (k as u128).pow(cols.saturating_sub(rows) as u32);
    assert_eq!(divisors * extra, kernel, "{what}: elementary divisors {:?}", s.elementary_divisors());
    let (gens, orders) = s.null_basis_with_orders();
    assert_eq!(orders.iter().map(|&o| o as u128).product::<u128>(), kernel, "{what}: orders");
    for (g, &o) in gens.iter().zip(&orders) {
        assert!(m.mul_vec(g).unwrap().iter().all(|&x| x == 0), "{what}: generator is quiet");
        let scaled: Vec<u32> = g.iter().map(|&x| ((x as u64 * o as u64) % k as u64) as u32).collect();
        assert!(scaled.iter().all(|&x| x == 0), "{what}: order kills the generator");
    }
    for y in s.obstructions() {
        assert!(left_mul(m, &y).iter().all(|&x| x == 0), "{what}: obstruction in the left kernel");
    }
    let stats = ring_stats(&s, &Budget::default()).unwrap();
    let mut histogram = vec![0u64; stats.histogram.len()];
    for &w in lightest.iter().filter(|&&w| w != u64::MAX) {
        histogram[w as usize] += 1;
    }
    assert_eq!(stats.histogram, histogram, "{what}: statistics");
    assert_eq!(stats.kernel_size as u128, kernel, "{what}");
    // Boards: a spread of all k^rows (every one when there are few).
    let total = (k as u64).pow(rows as u32);
    let step = (total / 150).max(1);
    let mut code = 0u64;
    while code < total {
        let board: Vec<u32> = (0..rows).map(|i| ((code / (k as u64).pow(i as u32)) % k as u64) as u32).collect();
        let neg: Vec<u32> = board.iter().map(|&x| (k - x) % k).collect();
        let expected = Some(by_image[code_of(&neg)]).filter(|&c| c > 0);
        assert_eq!(s.is_solvable(&board).unwrap(), expected.is_some(), "{what}: solvable {board:?}");
        match (s.solve(&board), expected) {
            (Ok(p), Some(_)) => assert!(s.apply(&board, &p).unwrap().iter().all(|&x| x == 0), "{what}"),
            (Err(Error::Unsolvable { obstruction, .. }), None) => {
                assert!(left_mul(m, &obstruction).iter().all(|&x| x == 0), "{what}: y M = 0");
                assert_ne!(dot(&obstruction, &neg, k), 0, "{what}: y.(-b) != 0");
            }
            (other, _) => panic!("{what}: {board:?} gave {other:?}"),
        }
        if let Some(all) = expected {
            // Distinct, each a solution, and as many as brute force found: every solution.
            let listed: Vec<Vec<u32>> = s.solutions(&board).unwrap().collect();
            assert_eq!(listed.len() as u64, all, "{what}: every solution");
            assert!(listed.iter().all(|p| s.apply(&board, p).unwrap().iter().all(|&x| x == 0)), "{what}");
            assert_eq!(listed.iter().collect::<HashSet<_>>().len() as u64, all, "{what}: none twice");
            assert_eq!(s.count_solutions(&board).unwrap().to_u128(), Some(all as u128));
            let particular = s.solve(&board).unwrap();
            let best = minimal_in_module(m.modulus(), &particular, &gens, &orders, &Budget::default()).unwrap();
            assert!(best.proven_optimal, "{what}");
            assert_eq!(best.weight, lightest[code_of(&neg)], "{what}: fewest presses of {board:?}");
            assert!(s.apply(&board, &best.presses).unwrap().iter().all(|&x| x == 0), "{what}");
        } else {
            assert!(s.count_solutions(&board).unwrap().is_zero());
        }
        code += step;
    }
}

/// Plus-rule grids, paths and cycles, which are the games people play.
#[test]
fn brute_force_on_games() {
    for (k, max_n) in [(4u32, 8usize), (6, 6), (8, 6), (9, 5), (10, 5), (12, 5)] {
        for (r, c) in [(1, 2), (1, 3), (2, 2), (1, 5), (2, 3), (2, 4), (1, 7)] {
            if r * c > max_n {
                continue;
            }
            let m = common::grid(Modulus::ring(k as u64).unwrap(), r, c, false);
            brute_force(&m, &format!("grid {r}x{c} mod {k}"));
            let t = common::grid(Modulus::ring(k as u64).unwrap(), r, c, true);
            brute_force(&t, &format!("torus {r}x{c} mod {k}"));
        }
    }
}

/// Random matrices, square and not, rich in zero divisors.
#[test]
fn brute_force_on_random_matrices() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for (k, max_n) in [(4u32, 8usize), (6, 6), (8, 6), (9, 5), (10, 5), (12, 5)] {
        for trial in 0..8 {
            let cols = rng.gen_range(1..=max_n);
            let rows = if trial % 2 == 0 { cols } else { rng.gen_range(1..=max_n.min(5)) };
            let data: Vec<u32> = (0..rows * cols)
                .map(|_| match rng.gen_range(0..4) {
                    0 => 0,
                    1 => k / factor_of(k),
                    _ => rng.gen_range(0..k),
                })
                .collect();
            brute_force(&dense(k, rows, cols, &data), &format!("random {rows}x{cols} mod {k} #{trial}"));
        }
    }
}

fn factor_of(k: u32) -> u32 {
    (2..=k).find(|d| k % d == 0).unwrap()
}

#[test]
fn ring_statistics_match_the_field_statistics_for_primes() {
    for p in [2u64, 3, 5] {
        for (r, c) in [(2, 2), (2, 3), (3, 3), (1, 4)] {
            let m = common::grid(Modulus::new(p).unwrap(), r, c, r == 2);
            if (p as u128).pow((r * c) as u32) > 1 << 16 {
                continue;
            }
            let field = stats(&Solver::new(&m).unwrap(), &Budget::default()).unwrap();
            let ring = ring_stats(&RingSolver::new(&m).unwrap(), &Budget::default()).unwrap();
            assert_eq!(ring, field, "{r}x{c} mod {p}");
        }
    }
}

#[test]
fn large_moduli_stay_exact() {
    // 2^30, 3^19 and 2^31 - 2 = 2 * 3^2 * 7 * 11 * 31 * 151 * 331: products stay in u64.
    for k in [1u32 << 30, 1_162_261_467, 2_147_483_646] {
        let m = common::grid(Modulus::ring(k as u64).unwrap(), 4, 4, true);
        let s = RingSolver::new(&m).unwrap();
        for seed in 0..5 {
            let board = s.random_solvable(seed);
            let p = s.solve(&board).unwrap();
            assert!(s.apply(&board, &p).unwrap().iter().all(|&x| x == 0), "mod {k}");
        }
        let mut board = vec![0; 16];
        board[0] = 1;
        if let Err(Error::Unsolvable { obstruction, .. }) = s.solve(&board) {
            assert!(left_mul(&m, &obstruction).iter().all(|&x| x == 0));
            assert_ne!(dot(&obstruction, &board, k), 0);
        }
        for g in s.null_basis() {
            assert!(m.mul_vec(&g).unwrap().iter().all(|&x| x == 0), "mod {k}");
        }
    }
}

#[test]
fn bad_moduli_and_boards_are_errors() {
    for k in [0u64, 1, 1 << 31, u64::MAX] {
        let e = Modulus::ring(k).unwrap_err();
        assert!(e.to_string().contains("2 <= k < 2^31"), "{e}");
    }
    let m = common::grid(Modulus::ring(6).unwrap(), 2, 2, false);
    let s = RingSolver::new(&m).unwrap();
    let e = s.solve(&[0, 6, 0, 0]).unwrap_err();
    assert!(matches!(e, Error::EntryOutOfRange { value: 6, modulus: 6, .. }), "{e}");
    assert!(s.is_solvable(&[0, 1]).is_err());
    assert!(s.rank().unwrap_err().to_string().contains("elementary divisors"));
    assert!(Solver::new(&m).unwrap_err().to_string().contains("not prime"));
}

fn squarefree() -> impl Strategy<Value = u32> {
    prop_oneof![Just(6u32), Just(10), Just(15), Just(30), Just(2310), Just(2 * 1_073_741_789)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// For squarefree k every answer is the CRT of the answers over each prime.
    #[test]
    fn squarefree_is_the_crt_of_primes(k in squarefree(), n in 1usize..7, seed in any::<u64>()) {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let data: Vec<u32> = (0..n * n).map(|_| if rng.gen_bool(0.4) { 0 } else { rng.gen_range(0..k) }).collect();
        let m = dense(k, n, n, &data);
        let s = RingSolver::new(&m).unwrap();
        let board: Vec<u32> = if rng.gen_bool(0.5) { s.random_solvable(seed) } else { (0..n).map(|_| rng.gen_range(0..k)).collect() };
        let answer = s.solve(&board);
        let mut all_solvable = true;
        for (p, _) in m.modulus().factors() {
            let mp = dense(p, n, n, &data.iter().map(|&x| x % p).collect::<Vec<_>>());
            let field = Solver::new(&mp).unwrap();
            let bp: Vec<u32> = board.iter().map(|&x| x % p).collect();
            let solvable = field.is_solvable(&bp).unwrap();
            all_solvable &= solvable;
            if let Ok(sol) = &answer {
                let reduced: Vec<u32> = sol.iter().map(|&x| x % p).collect();
                prop_assert_eq!(reduced, field.solve(&bp).unwrap());
            }
            let exp = s.kernel_size().prime_powers().unwrap().into_iter().find(|&(q, _)| q == p).unwrap().1;
            prop_assert_eq!(exp, field.nullity());
        }
        prop_assert_eq!(answer.is_ok(), all_solvable);
        prop_assert_eq!(s.is_solvable(&board).unwrap(), all_solvable);
    }

    /// For prime k the ring solver gives exactly the answers of the field solver.
    #[test]
    fn prime_is_the_field_solver(m in common::matrix(9), seed in any::<u64>()) {
        let field = Solver::new(&m).unwrap();
        let ring = RingSolver::new(&m).unwrap();
        prop_assert_eq!(ring.rank().unwrap(), field.rank());
        prop_assert_eq!(ring.null_basis(), field.null_basis());
        prop_assert_eq!(ring.obstructions(), field.obstructions());
        prop_assert_eq!(ring.kernel_size(), lightsout_core::SolutionCount::new(m.modulus(), field.nullity()));
        prop_assert_eq!(ring.solvable_boards(), field.solvable_boards());
        prop_assert_eq!(ring.random_solvable(seed), field.random_solvable(seed));
        let p = m.modulus().get() as u64;
        let board: Vec<u32> = (0..m.rows() as u64).map(|i| ((seed >> (i % 60)) % p) as u32).collect();
        prop_assert_eq!(ring.solve(&board), field.solve(&board));
        prop_assert_eq!(ring.count_solutions(&board), field.count_solutions(&board));
        if let (Ok(a), Ok(b)) = (ring.solutions(&board), field.solutions(&board)) {
            prop_assert_eq!(a.take(50).collect::<Vec<_>>(), b.take(50).collect::<Vec<_>>());
        }
        let ones = ring.elementary_divisors().iter().filter(|&&d| d == 1).count();
        prop_assert_eq!(ones, field.rank());
    }

    /// The prime-power engine run on a prime (e = 1) agrees with the field solver.
    #[test]
    fn power_engine_on_a_prime(m in common::matrix(8)) {
        let field = Solver::new(&m).unwrap();
        let power = lightsout_core::ring::PowerSolver::new(&m).unwrap();
        prop_assert_eq!(power.valuations().len(), field.rank());
        prop_assert_eq!(power.kernel_exponent(), field.nullity());
        prop_assert_eq!(power.obstructions().len(), m.rows() - field.rank());
    }
}

/// The pseudoinverse over Z_k exists iff every elementary divisor is a unit or zero in each
/// prime-power factor of k; where it exists, `W(-b)` solves every solvable board.
#[test]
fn pseudoinverse_exists_exactly_when_no_divisor_needs_a_division() {
    use lightsout_core::minimal::plus_grid;
    let mut seen = (0, 0);
    for k in [4u32, 6, 8, 9, 12, 36] {
        let mut matrices: Vec<SparseMatrix> =
            (1..=7).map(|n| plus_grid(n, n, Modulus::ring(k as u64).unwrap()).unwrap()).collect();
        for seed in 0..6u32 {
            let data: Vec<u32> = (0..12u32).map(|i| (i * i * 7 + seed * 13 + i * seed) % k).collect();
            matrices.push(dense(k, 3, 4, &data));
            matrices.push(dense(k, 4, 3, &data));
        }
        for m in matrices {
            let s = RingSolver::new(&m).unwrap();
            let blocked = s.elementary_divisors().iter().any(|&d| {
                lightsout_core::ring::factor(k).iter().any(|&(p, e)| {
                    let q = p.pow(e);
                    d % q != 0 && d % p == 0
                })
            });
            match s.pseudoinverse() {
                Ok(w) => {
                    assert!(!blocked, "k={k}: {:?}", s.elementary_divisors());
                    seen.0 += 1;
                    for seed in 0..4 {
                        let board = s.random_solvable(seed);
                        let neg: Vec<u32> = board.iter().map(|&x| (k - x) % k).collect();
                        let presses = w.mul_vec(&neg).unwrap();
                        assert!(s.apply(&board, &presses).unwrap().iter().all(|&x| x == 0), "k={k}");
                    }
                }
                Err(e) => {
                    assert!(blocked, "k={k}: {e}");
                    assert!(e.to_string().contains("elementary divisor"), "{e}");
                    seen.1 += 1;
                }
            }
        }
    }
    assert!(seen.0 > 10 && seen.1 > 10, "{seen:?}");
}

/// The batch layout over Z_k answers as the ring solver does, board by board, wherever the
/// pseudoinverse exists, and refuses with the same error where it does not.
#[test]
fn batch_solving_over_composite_moduli_matches_the_ring_solver() {
    use lightsout_core::batch::{BatchSolver, BoardLayout};
    use lightsout_core::minimal::plus_grid;
    for k in [4u32, 6, 8, 9, 12, 36] {
        for n in 1..=6 {
            let ring = RingSolver::new(&plus_grid(n, n, Modulus::ring(k as u64).unwrap()).unwrap()).unwrap();
            let batch = match BatchSolver::from_ring(&ring) {
                Ok(b) => b,
                Err(e) => {
                    assert_eq!(e, ring.pseudoinverse().unwrap_err());
                    continue;
                }
            };
            let lights = n * n;
            let mut boards: Vec<u32> = Vec::new();
            for seed in 0..6u64 {
                if seed % 2 == 0 {
                    boards.extend(ring.random_solvable(seed));
                } else {
                    boards.extend((0..lights as u64).map(|i| ((i * 7 + seed * 5 + i * i) % k as u64) as u32));
                }
            }
            let mut presses = vec![0u32; boards.len()];
            let mut ok = vec![false; 6];
            batch
                .solve(&boards, &BoardLayout { stride: lights, cell_of_light: vec![] }, &mut presses, &mut ok)
                .unwrap();
            for (i, board) in boards.chunks(lights).enumerate() {
                assert_eq!(ok[i], ring.is_solvable(board).unwrap(), "k={k} n={n}");
                let got = &presses[i * lights..(i + 1) * lights];
                match ring.solve(board) {
                    Ok(s) => assert_eq!(got, &s[..], "k={k} n={n}"),
                    Err(_) => assert!(got.iter().all(|&x| x == 0)),
                }
            }
        }
    }
}
