//! Statistics, puzzle generation and the nullity table, checked against brute force.

use lightsout_core::minimal::{
    dense_grid_nullity, grid_nullity, minimal_solution, nullity_table, plus_grid, random_with_difficulty,
    random_with_presses, stats, Budget,
};
use lightsout_core::{Error, Modulus, Solver};
use std::collections::HashMap;

fn grid(rows: usize, cols: usize, p: u64) -> Solver {
    Solver::new(&plus_grid(rows, cols, Modulus::new(p).unwrap()).unwrap()).unwrap()
}

/// Histogram of minimal weights by pressing every one of the p^N press vectors and keeping,
/// for each board reached, the lightest press vector that reaches it.
fn brute_histogram(solver: &Solver) -> Vec<u64> {
    let (n, p) = (solver.buttons(), solver.modulus().get());
    let mut best: HashMap<Vec<u32>, u64> = HashMap::new();
    let mut s = vec![0u32; n];
    loop {
        let board = solver.matrix().mul_vec(&s).unwrap();
        let w: u64 = s.iter().map(|&x| x as u64).sum();
        let e = best.entry(board).or_insert(u64::MAX);
        *e = (*e).min(w);
        // Odometer.
        let mut k = 0;
        while k < n && s[k] == p - 1 {
            s[k] = 0;
            k += 1;
        }
        if k == n {
            break;
        }
        s[k] += 1;
    }
    let mut h = vec![0u64; *best.values().max().unwrap() as usize + 1];
    for &w in best.values() {
        h[w as usize] += 1;
    }
    h
}

/// The 5x5 by brute force over all 2^25 press vectors, boards kept as 25-bit masks.
#[test]
fn five_by_five_table() {
    let solver = grid(5, 5, 2);
    let cols: Vec<u32> =
        (0..25).map(|j| solver.matrix().column(j).iter().fold(0u32, |acc, &(r, _)| acc | 1 << r)).collect();
    let mut best = vec![u8::MAX; 1 << 25];
    let mut board = 0u32;
    best[0] = 0;
    for i in 1u32..1 << 25 {
        board ^= cols[i.trailing_zeros() as usize];
        let w = (i ^ (i >> 1)).count_ones() as u8;
        let slot = &mut best[board as usize];
        *slot = (*slot).min(w);
    }
    let mut expected = vec![0u64; 16];
    for &w in best.iter().filter(|&&w| w != u8::MAX) {
        expected[w as usize] += 1;
    }
    let s = stats(&solver, &Budget::default()).unwrap();
    assert_eq!(s.histogram, expected);
    assert_eq!(s.solvable_boards, 1 << 23);
    assert_eq!(s.max_presses, 15);
    assert_eq!((s.rank, s.nullity), (23, 2));
    let total: u64 = expected.iter().enumerate().map(|(w, &n)| w as u64 * n).sum();
    assert!((s.mean - total as f64 / (1u64 << 23) as f64).abs() < 1e-12);
    assert!(s.to_table().contains("largest minimal press count: 15"));
}

#[test]
fn small_games_over_z3_and_z5_match_brute_force() {
    for (r, c, p) in [(2, 3, 3), (3, 3, 3), (2, 2, 5), (1, 5, 3), (2, 4, 2), (4, 4, 2)] {
        let solver = grid(r, c, p);
        let s = stats(&solver, &Budget::default()).unwrap();
        assert_eq!(s.histogram, brute_histogram(&solver), "{r}x{c} over Z_{p}");
        assert_eq!(s.solvable_boards as u128, solver.solvable_boards().to_u128().unwrap());
    }
}

#[test]
fn stats_refuse_what_they_cannot_enumerate() {
    let solver = grid(4, 9, 2); // 36 buttons, nullity 4: 2^36 members
    assert_eq!(solver.nullity(), 4);
    assert!(matches!(stats(&solver, &Budget::default()), Err(Error::TooLarge { .. })));
    assert!(matches!(stats(&grid(5, 5, 2), &Budget::work_only(1000)), Err(Error::TooLarge { .. })));
    // Out of time is an error, not a partial table.
    let no_time = Budget::new(1 << 32, Some(std::time::Duration::ZERO));
    let err = stats(&grid(5, 5, 2), &no_time).unwrap_err().to_string();
    assert!(err.contains("ran out of time"), "{err}");
    // Nullity 0 needs no enumeration, but the counts must fit in 64 bits.
    assert!(matches!(stats(&grid(8, 8, 2), &Budget::default()), Err(Error::TooLarge { .. })));
}

#[test]
fn nullity_zero_tables_are_counts_by_weight() {
    // The 6x6 over GF(2): every press vector is its own board's only solution.
    let s = stats(&grid(6, 6, 2), &Budget::work_only(0)).unwrap();
    let binomial = |n: u64, k: u64| (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1));
    assert_eq!(s.histogram, (0..=36).map(|k| binomial(36, k)).collect::<Vec<_>>());
    assert_eq!((s.solvable_boards, s.max_presses, s.mean), (1 << 36, 36, 18.0));
    // Small nullity-0 games over Z_3 and Z_5 against brute force.
    let mut compared = 0;
    for (r, c, p) in [(1, 3, 3), (2, 2, 3), (1, 2, 5), (2, 3, 5), (1, 4, 3), (3, 3, 3)] {
        let solver = grid(r, c, p);
        if solver.nullity() == 0 {
            assert_eq!(stats(&solver, &Budget::default()).unwrap().histogram, brute_histogram(&solver));
            compared += 1;
        }
    }
    assert!(compared >= 3);
}

#[test]
fn histogram_svg_has_one_bar_per_count() {
    let s = stats(&grid(4, 4, 2), &Budget::default()).unwrap();
    let svg = s.to_svg();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<rect x=").count(), s.histogram.len());
}

#[test]
fn difficulty_boards_on_the_classic() {
    let solver = grid(5, 5, 2);
    for d in [0, 1, 7, 15] {
        let board = random_with_difficulty(&solver, d, d).unwrap();
        let best = minimal_solution(&solver, &board, &Budget::default()).unwrap();
        assert_eq!((best.weight, best.proven_optimal), (d, true));
    }
    // Reproducible.
    assert_eq!(random_with_difficulty(&solver, 9, 8).unwrap(), random_with_difficulty(&solver, 9, 8).unwrap());
    let err = random_with_difficulty(&solver, 1, 16).unwrap_err().to_string();
    assert!(err.contains("0 to 15"), "{err}");
    assert!(random_with_difficulty(&solver, 1, 26).is_err());
}

#[test]
fn difficulty_boards_beyond_exhaustive_size() {
    // The 9x9 grid (81 buttons, nullity 8) takes the random walk.
    let solver = grid(9, 9, 2);
    assert_eq!(solver.nullity(), 8);
    for d in [3, 20, 30] {
        let board = random_with_difficulty(&solver, d, d).unwrap();
        let best = minimal_solution(&solver, &board, &Budget::default()).unwrap();
        assert_eq!((best.weight, best.proven_optimal), (d, true));
    }
    let z3 = grid(3, 4, 3);
    let board = random_with_difficulty(&z3, 5, 6).unwrap();
    assert_eq!(minimal_solution(&z3, &board, &Budget::default()).unwrap().weight, 6);
}

#[test]
fn pressed_boards() {
    // The 3x3 has nullity 0: the board made by k presses needs exactly k.
    let solver = grid(3, 3, 2);
    for k in 0..=9 {
        let board = random_with_presses(&solver, k as u64, k).unwrap();
        assert_eq!(minimal_solution(&solver, &board, &Budget::default()).unwrap().weight, k as u64);
    }
    let z5 = grid(3, 3, 5);
    let board = random_with_presses(&z5, 3, 4).unwrap();
    assert_eq!(minimal_solution(&z5, &board, &Budget::default()).unwrap().weight, 4);
    assert_eq!(random_with_presses(&solver, 5, 4).unwrap(), random_with_presses(&solver, 5, 4).unwrap());
    assert!(random_with_presses(&solver, 0, 10).is_err());
}

#[test]
fn nullity_of_small_grids() {
    let t = nullity_table(20).unwrap();
    let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
    assert_eq!(t.rows.iter().map(|r| r.1).collect::<Vec<_>>(), expected);
    let svg = t.to_svg();
    assert_eq!(svg.matches("<circle").count(), 20);
    assert!(t.to_table().contains("   19  16"));
    for n in 1..=30 {
        assert_eq!(dense_grid_nullity(n).unwrap(), grid_nullity(n).unwrap(), "n = {n}");
    }
}

#[test]
fn a_nullity_table_too_long_is_refused_at_once() {
    // n_max = 10^9 used to run for hours: refused before any grid is chased, naming the limit.
    let mut chased = 0;
    let e = lightsout_core::minimal::nullity_table_with(1_000_000_000, |n| {
        chased += 1;
        grid_nullity(n)
    })
    .unwrap_err();
    assert_eq!(chased, 0);
    let text = e.to_string();
    assert!(text.contains("the nullity table of the n x n grids up to n_max"), "{text}");
    assert!(text.contains("seconds of estimated work, the limit is 600"), "{text}");
    assert!(nullity_table(1_000_000_000).is_err());
}
