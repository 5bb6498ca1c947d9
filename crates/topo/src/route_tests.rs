//! The route's own checks: the band-width estimate that refuses a banded game before M is
//! built, and the chasing engines against the dense solver on the matrices this crate builds.

use super::*;
use crate::layout::{press_matrix, Layout};
use lightsout_core::Solver;

/// The widest row span of M in the banded solver's numbering (reverse Cuthill-McKee).
fn band_width(game: &Game) -> usize {
    let m = game.matrix().unwrap();
    let o = lightsout_core::banded::BandOrdering::reverse_cuthill_mckee(m);
    let (mut lo, mut hi) = (vec![u32::MAX; m.rows()], vec![0u32; m.rows()]);
    for (j, col) in m.columns().iter().enumerate() {
        let c = o.new_of_col()[j];
        for &(r, _) in col {
            let r = o.new_of_row()[r as usize] as usize;
            (lo[r], hi[r]) = (lo[r].min(c), hi[r].max(c));
        }
    }
    (0..m.rows()).filter(|&r| lo[r] != u32::MAX).map(|r| (hi[r] - lo[r]) as usize + 1).max().unwrap_or(1)
}

/// The band width estimated from the shape never exceeds the real one, so the refusal it
/// makes before M is built never refuses what the elimination could do.
#[test]
fn the_band_width_estimate_is_below_the_real_width() {
    let sides = [(16, 16), (16, 300), (300, 16), (17, 40), (40, 40), (64, 70), (100, 45), (33, 129)];
    let mut checked = 0;
    for (rows, cols) in sides {
        for shape in [
            Shape::Grid { rows, cols },
            Shape::Torus { rows, cols },
            Shape::Cylinder { rows, cols },
            Shape::Mobius { rows, cols },
            Shape::Klein { rows, cols },
            Shape::Projective { rows, cols },
        ] {
            for rule in [Rule::Plus, Rule::Neighbours, Rule::Moore] {
                let g = Game::with_rule(shape.clone(), rule.clone(), 2).unwrap();
                let Some(estimate) = g.band_width_estimate() else {
                    assert!(chasing_shape(&shape, &rule), "{}", g.describe());
                    continue;
                };
                let real = band_width(&g);
                assert!(estimate <= real, "{} {}: estimate {estimate}, real {real}", g.describe(), rule.name());
                checked += 1;
            }
        }
    }
    for k in [16, 20, 27] {
        let g = Game::cube(k, 2).unwrap();
        let (estimate, real) = (g.band_width_estimate().unwrap(), band_width(&g));
        assert!(estimate <= real, "cube {k}: estimate {estimate}, real {real}");
    }
    assert_eq!(checked, sides.len() * 12);
    // No estimate where the shape does not bound the band.
    assert_eq!(
        Game::with_rule(Shape::Klein { rows: 15, cols: 400 }, Rule::Plus, 2).unwrap().band_width_estimate(),
        None
    );
    let mask = Shape::Mask { rows: 64, cols: 64, cells: vec![true; 64 * 64] };
    assert_eq!(Game::with_rule(mask, Rule::Plus, 2).unwrap().band_width_estimate(), None);
}

/// A banded game whose band is sure to be too wide is refused from its shape: before M is
/// built (it used to take minutes and gigabytes to learn it).
#[test]
fn a_band_too_wide_is_refused_before_m_is_built() {
    for shape in [Shape::Projective { rows: 5000, cols: 5000 }, Shape::Klein { rows: 3000, cols: 3000 }] {
        let g = Game::with_rule(shape, Rule::Plus, 2).unwrap();
        assert_eq!(g.solver_path(), SolverPath::Banded);
        let e = g.engine().err().expect("refused").to_string();
        assert!(e.contains("the banded elimination of M needs") && e.contains("the limit is 600"), "{e}");
        assert!(!g.matrix_built() && !g.path_engine.is_computed());
        assert!(g.check_engine_fits().is_err());
    }
    // The largest square Klein bottle solved within a second (docs/BENCHMARKS.md) still is.
    let klein = Game::with_rule(Shape::Klein { rows: 211, cols: 211 }, Rule::Plus, 2).unwrap();
    assert!(klein.check_engine_fits().is_ok());
}

/// The chasing engine of a small board (the route sends such boards to the dense solver).
fn chasing_engine(shape: &Shape, rule: &Rule, modulus: Modulus) -> Box<dyn FactoredSystem> {
    let (rows, cols, wrap) = frame(shape).unwrap();
    let self_toggle = matches!(rule, Rule::Plus);
    match wrap {
        Wrap::None => Box::new(GridSolver::new(rows, cols, self_toggle, modulus).unwrap()),
        _ => Box::new(WrapSolver::new(rows, cols, wrap, self_toggle, modulus).unwrap()),
    }
}

/// The structured solvers agree with the dense solver on the matrices this crate builds,
/// including sides of 1 and 2 where wrap-around makes press sets smaller (sets, not sums),
/// and the orientation of cylinders (left and right edges joined).
#[test]
fn structured_solvers_agree_with_the_dense_matrix() {
    for p in [2u64, 3, 5] {
        let modulus = Modulus::new(p).unwrap();
        for rows in 1..=6 {
            for cols in 1..=6 {
                for shape in [Shape::Grid { rows, cols }, Shape::Torus { rows, cols }, Shape::Cylinder { rows, cols }] {
                    for rule in [Rule::Plus, Rule::Neighbours] {
                        let what = format!("{} {} p={p}", shape.describe(), rule.name());
                        let m = press_matrix(&shape, &rule, &Layout::new(&shape), modulus).unwrap();
                        let dense = Solver::new(&m).unwrap();
                        let fast = chasing_engine(&shape, &rule, modulus);
                        assert_eq!(fast.rank().unwrap(), dense.rank(), "{what}");
                        let n = rows * cols;
                        for seed in 0..6u64 {
                            let board: Vec<u32> =
                                (0..n as u64).map(|i| ((i * 7 + seed * 13 + i * i * seed) % p) as u32).collect();
                            let presses: Vec<u32> = board.iter().rev().copied().collect();
                            assert_eq!(
                                fast.apply(&board, &presses).unwrap(),
                                dense.apply(&board, &presses).unwrap(),
                                "{what}"
                            );
                            let solvable = dense.is_solvable(&board).unwrap();
                            assert_eq!(fast.is_solvable(&board).unwrap(), solvable, "{what}");
                            match fast.solve(&board).map_err(crate::Error::from) {
                                Ok(s) => assert!(dense.apply(&board, &s).unwrap().iter().all(|&x| x == 0)),
                                Err(e) => assert!(!solvable && e.is_unsolvable(), "{what}: {e}"),
                            }
                        }
                        for v in fast.null_basis().unwrap() {
                            assert!(m.mul_vec(&v).unwrap().iter().all(|&x| x == 0), "{what}");
                        }
                    }
                }
            }
        }
    }
}
