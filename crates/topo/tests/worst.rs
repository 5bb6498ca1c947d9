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

/// The largest fewest-press count over every solvable board, by pressing every press vector
/// (odometer order: one digit change adds its button's column once, a wrap included, since k
/// times a column is zero) and keeping the lightest press vector of each board.
fn every_press_vector(game: &Game) -> u64 {
    let (n, k) = (game.size(), game.modulus().get() as u64);
    let m = game.matrix().unwrap();
    let boards = (0..n).fold(1u64, |a, _| a * k) as usize;
    let place: Vec<u64> = (0..n).map(|i| k.pow(i as u32)).collect();
    let mut lightest = vec![u64::MAX; boards];
    let (mut x, mut board) = (vec![0u64; n], vec![0u64; n]);
    let (mut weight, mut at) = (0u64, 0u64);
    loop {
        lightest[at as usize] = lightest[at as usize].min(weight);
        let Some(j) = (0..n).find(|&j| x[j] + 1 < k) else { break };
        for i in 0..=j {
            // Digits below j wrap to 0, digit j goes up by one: each adds column i once.
            weight = weight + (x[i] + 1) % k - x[i];
            x[i] = (x[i] + 1) % k;
            for &(light, v) in m.column(i) {
                let l = light as usize;
                let new = (board[l] + v as u64) % k;
                at = at + new * place[l] - board[l] * place[l];
                board[l] = new;
            }
        }
    }
    lightest.into_iter().filter(|&w| w != u64::MAX).max().unwrap()
}

/// Every small grid whose k^N press vectors number at most a million (tori and cylinders: see
/// below),
/// over moduli the search over type histograms does not take (above 255, or types with many
/// value histograms) and the usual ones alike: the worst case is searched, proven, and equal
/// to the enumeration of every press vector (it used to be the empty board for Z_257 on the 1 x
/// 2 grid, Z_27 on the 2 x 2 grid, Z_12 on the 1 x 5 torus).
#[test]
fn every_small_game_matches_every_press_vector() {
    let moduli = [2u64, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 25, 27, 30, 36, 64, 100, 255, 256, 257, 300, 1000];
    let mut games = 0;
    for k in moduli {
        for rows in 1..=4usize {
            for cols in rows..=20usize {
                let vectors = (rows * cols) as f64 * (k as f64).log10();
                let mut shapes = Vec::new();
                if vectors <= 6.0 + 1e-9 {
                    shapes.push(Game::grid(rows, cols, k).unwrap());
                }
                // Tori and cylinders up to 250,000 press vectors (the 1 x 5 torus over Z_12 has
                // 248,832), to keep the enumeration's time in a debug build in bounds; a
                // cylinder of one row is that torus.
                if vectors <= 250_000f64.log10() + 1e-9 {
                    shapes.push(Game::torus(rows, cols, k).unwrap());
                    if rows > 1 {
                        shapes.push(Game::cylinder(rows, cols, k).unwrap());
                    }
                }
                for game in shapes {
                    let what = game.describe();
                    let w = game.worst_case(&Budget::default()).unwrap();
                    let truth = every_press_vector(&game);
                    assert_eq!((w.weight, w.proven_optimal, w.upper_bound), (truth, true, truth), "{what}");
                    assert_eq!(game.apply(&w.board, &w.presses).unwrap(), vec![0; game.size()], "{what}");
                    assert_eq!(lightsout_core::minimal::weight(&w.presses), w.weight, "{what}");
                    games += 1;
                }
            }
        }
    }
    assert!(games > 100, "{games} games");
}

/// Past what can be enumerated (Z_65537 and Z_2^31-1 on the 1 x 2 grid): a heavy witness from
/// the direct search, exact, with a note that names why no proof is possible instead of the
/// empty board. The answer is k - 1 (one button pressed k - 1 times is the lightest way to
/// make the board with lights k - 1, k - 1).
#[test]
fn moduli_past_enumeration_give_a_witness_and_the_reason() {
    for k in [65_537u64, (1 << 31) - 1] {
        let game = Game::grid(1, 2, k).unwrap();
        let what = game.describe();
        // Past 2^22 solutions a board, each extra board the local search weighs costs k work
        // (2^31 here, seconds in a debug build): a budget short of one such weighing checks the
        // direct search's witness and the note, which is what this test is about.
        let budget =
            if k < 1 << 20 { Budget::default() } else { Budget::new(k / 2, Some(std::time::Duration::from_secs(60))) };
        let w = game.worst_case(&budget).unwrap();
        assert!(w.weight >= k - 2 && w.weight <= w.upper_bound && w.upper_bound <= k - 1, "{what}: {w:?}");
        assert_eq!(game.apply(&w.board, &w.presses).unwrap(), vec![0; 2], "{what}");
        if k < 1 << 20 {
            // Every solution of the board (k of them) weighed: the witness needs exactly its weight.
            let again = game.minimal_solution(&w.board, &Budget::default()).unwrap();
            assert_eq!((again.weight, again.proven_optimal), (w.weight, true), "{what}");
        }
        if !w.proven_optimal {
            let note = w.note.as_deref().unwrap_or_default();
            assert!(note.contains("too many to enumerate") && note.contains(&format!("{k}^2")), "{what}: {note}");
        }
    }
}
