//! Game::worst_case against brute force on small grids, tori and cylinders over Z_2 and Z_3,
//! and on a game large enough for the structured solver.

use lightsout_core::minimal::Budget;
use lightsout_topo::Game;

#[test]
fn small_games_match_every_board() {
    for p in [2u64, 3] {
        let most = if p == 2 { 16 } else { 9 };
        for rows in 1..=4usize {
            for cols in rows..=4usize {
                if rows * cols > most {
                    continue;
                }
                for game in [
                    Game::grid(rows, cols, p).unwrap(),
                    Game::torus(rows, cols, p).unwrap(),
                    Game::cylinder(rows, cols, p).unwrap(),
                ] {
                    let what = game.describe();
                    let w = game.worst_case(&Budget::work_only(1 << 30)).unwrap();
                    let truth = game.stats(&Budget::default()).unwrap().max_presses;
                    assert!(w.proven_optimal, "{what}");
                    assert_eq!((w.weight, w.upper_bound), (truth, truth), "{what}");
                    let again = game.minimal_solution(&w.board, &Budget::default()).unwrap();
                    assert_eq!(again.weight, w.weight, "{what}");
                }
            }
        }
    }
}

/// A 74 x 74 grid (nullity 4) takes its quiet patterns from the structured solver; the witness
/// is still a board that needs exactly the reported presses, and no sampled board needs more.
#[test]
fn structured_games_give_checked_witnesses() {
    let game = Game::grid(74, 74, 2).unwrap();
    assert!(game.uses_structured_solver());
    let w = game.worst_case(&Budget::work_only(1 << 24)).unwrap();
    assert!(w.weight <= w.upper_bound && w.upper_bound <= 74 * 74);
    assert_eq!(game.apply(&w.board, &w.presses).unwrap(), vec![0; 74 * 74]);
    let again = game.minimal_solution(&w.board, &Budget::default()).unwrap();
    assert!(again.proven_optimal);
    assert_eq!(again.weight, w.weight);
    for seed in 0..3 {
        let board = game.random_with_presses(seed, 3000).unwrap();
        let best = game.minimal_solution(&board, &Budget::default()).unwrap();
        assert!(best.weight <= w.upper_bound);
    }
}

/// Past the exact range (the 64 x 64 grid has nullity 28): a witness that needs exactly the
/// presses outside the quiet patterns, and the averaging bound, never a proof it lacks.
#[test]
fn wide_games_report_a_bound() {
    let game = Game::grid(64, 64, 2).unwrap();
    let w = game.worst_case(&Budget::work_only(1 << 20)).unwrap();
    assert!(!w.proven_optimal && w.weight < w.upper_bound);
    assert_eq!(game.apply(&w.board, &w.presses).unwrap(), vec![0; 64 * 64]);
    assert_eq!(lightsout_core::minimal::weight(&w.presses), w.weight);
}

/// Composite moduli: the ring solver's generators and orders, checked against the ring
/// statistics (every solvable board).
#[test]
fn rings_match_every_board() {
    for (k, rows, cols) in [(4u64, 2, 2), (4, 2, 3), (6, 2, 2), (4, 3, 3)] {
        for game in [Game::grid(rows, cols, k).unwrap(), Game::torus(rows, cols, k).unwrap()] {
            let what = game.describe();
            let w = game.worst_case(&Budget::work_only(1 << 30)).unwrap();
            let truth = game.stats(&Budget::default()).unwrap().max_presses;
            assert!(w.proven_optimal, "{what}");
            assert_eq!(w.weight, truth, "{what}");
            let again = game.minimal_solution(&w.board, &Budget::default()).unwrap();
            assert_eq!(again.weight, w.weight, "{what}");
        }
    }
}
