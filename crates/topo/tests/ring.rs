//! Games over Z_k for composite k, on every shape and rule: solving, counting, fewest presses,
//! generation, statistics, text and drawings.

use lightsout_core::minimal::Budget;
use lightsout_topo::{svg, text, Game, Rule, Shape};

fn games(k: u64) -> Vec<Game> {
    let mask = vec![true, true, false, true, true, true, true, false, true];
    vec![
        Game::grid(3, 3, k).unwrap(),
        Game::torus(2, 3, k).unwrap(),
        Game::cylinder(3, 2, k).unwrap(),
        Game::cube(1, k).unwrap(),
        Game::mask(3, 3, mask, Rule::Plus, k).unwrap(),
        Game::with_rule(Shape::Grid { rows: 2, cols: 3 }, Rule::Moore, k).unwrap(),
        Game::with_rule(Shape::Grid { rows: 3, cols: 2 }, Rule::Neighbours, k).unwrap(),
        Game::graph(5, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)], false, true, k).unwrap(),
        Game::graph(4, &[(0, 1), (1, 2), (2, 3)], true, false, k).unwrap(),
        Game::from_press_sets(3, vec![vec![0, 1], vec![1, 2], vec![0, 2]], k).unwrap(),
    ]
}

#[test]
fn every_shape_solves_over_composite_moduli() {
    for k in [4u64, 6, 8, 9, 12] {
        for game in games(k) {
            let what = game.describe();
            let n = game.size();
            let kernel = game.kernel_size().unwrap();
            assert_eq!(
                game.null_orders().unwrap().iter().map(|&o| o as u128).product::<u128>(),
                kernel.to_u128().unwrap()
            );
            let d: u128 = game.elementary_divisors().unwrap().iter().map(|&x| x as u128).product();
            assert_eq!(d, kernel.to_u128().unwrap(), "{what}");
            for seed in 0..4 {
                let board = game.random_solvable(seed).unwrap();
                let presses = game.solve(&board).unwrap();
                assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0), "{what}");
                assert_eq!(game.count_solutions(&board).unwrap(), kernel, "{what}");
                let best = game.minimal_solution(&board, &Budget::default()).unwrap();
                assert!(game.apply(&board, &best.presses).unwrap().iter().all(|&x| x == 0), "{what}");
                let all: Vec<_> = game.solutions(&board).unwrap().collect();
                let lightest = all.iter().map(|s| s.iter().map(|&x| x as u64).sum::<u64>()).min().unwrap();
                assert!(best.proven_optimal && best.weight == lightest, "{what}");
                let puzzle = game.random_with_presses(seed, n.min(2)).unwrap();
                assert!(game.is_solvable(&puzzle).unwrap(), "{what}");
            }
            for g in game.null_basis().unwrap() {
                assert!(game.apply(&vec![0; n], &g).unwrap().iter().all(|&x| x == 0), "{what}");
            }
            let unsolvable = (0..n).map(|i| (i as u32 * 5 + 1) % k as u32).collect::<Vec<_>>();
            match game.solve(&unsolvable) {
                Ok(p) => assert!(game.apply(&unsolvable, &p).unwrap().iter().all(|&x| x == 0)),
                Err(e) => assert!(e.is_unsolvable() && !game.is_solvable(&unsolvable).unwrap(), "{what}: {e}"),
            }
            assert!(svg::render(&game, Some(&game.random_solvable(1).unwrap()), None).unwrap().starts_with("<svg"));
        }
    }
}

#[test]
fn difficulty_and_statistics_over_z4() {
    let game = Game::grid(2, 3, 4).unwrap();
    let stats = game.stats(&Budget::default()).unwrap();
    assert_eq!(stats.solvable_boards as u128, game.solvable_boards().unwrap().to_u128().unwrap());
    assert_eq!(stats.kernel_size as u128, game.kernel_size().unwrap().to_u128().unwrap());
    for target in [1, stats.max_presses] {
        let board = game.random_with_difficulty(5, target).unwrap();
        assert_eq!(game.minimal_solution(&board, &Budget::default()).unwrap().weight, target);
    }
    assert!(game.random_with_difficulty(5, stats.max_presses + 1).is_err());
}

#[test]
fn text_boards_use_digits_up_to_k_minus_one() {
    let (game, lights) = text::parse_board("0123\n3210\n", 4).unwrap();
    assert_eq!(game.modulus().get(), 4);
    assert_eq!(text::format_board(&game, &lights).unwrap(), "0123\n3210\n");
    let presses = game.solve(&lights).unwrap_or_else(|_| vec![0; 8]);
    assert_eq!(text::format_board(&game, &presses).unwrap().lines().count(), 2);
    let spec = game.spec().to_string();
    assert_eq!(Game::from_spec(spec.parse().unwrap()).unwrap().modulus().get(), 4);
}

/// For a prime modulus the ring solver and the field solver agree (the game uses the latter).
#[test]
fn prime_games_are_unchanged() {
    for game in games(5) {
        let ring = game.ring_solver().unwrap();
        let field = game.solver().unwrap();
        assert_eq!(ring.null_basis(), field.null_basis());
        let board = game.random_solvable(9).unwrap();
        assert_eq!(ring.solve(&board).unwrap(), game.solve(&board).unwrap());
    }
}

/// Large grids, tori and cylinders over composite moduli take the structured ring path (M is
/// never built): solutions, counts, quiet patterns and obstructions hold up on the game itself.
#[test]
fn large_structured_games_chase_over_composite_moduli() {
    use lightsout_topo::SolverPath;
    let games = [
        Game::grid(300, 300, 4).unwrap(),
        Game::grid(64, 64, 12).unwrap(),
        Game::torus(64, 70, 4).unwrap(),
        Game::cylinder(70, 64, 9).unwrap(),
        Game::with_rule(Shape::Grid { rows: 80, cols: 65 }, Rule::Neighbours, 8).unwrap(),
    ];
    for game in games {
        let what = game.describe();
        let (n, k) = (game.size(), game.modulus().get());
        assert_eq!(game.solver_path(), SolverPath::RingChasing, "{what}");
        let kernel = game.kernel_size().unwrap();
        let orders = game.null_orders().unwrap();
        assert_eq!(orders.iter().map(|&o| o as u128).product::<u128>(), kernel.to_u128().unwrap(), "{what}");
        let divisors = game.elementary_divisors().unwrap();
        assert_eq!(divisors.len(), n);
        assert_eq!(divisors.iter().map(|&d| d as u128).product::<u128>(), kernel.to_u128().unwrap(), "{what}");
        assert!(game.rank().is_err());
        let board = game.random_solvable(7).unwrap();
        let presses = game.solve(&board).unwrap();
        assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0), "{what}");
        assert_eq!(game.count_solutions(&board).unwrap(), kernel);
        let first = game.solutions_limited(&board, 3).unwrap().take(3).collect::<Vec<_>>();
        for s in &first {
            assert!(game.apply(&board, s).unwrap().iter().all(|&x| x == 0), "{what}");
        }
        for y in game.quiet_patterns(2).unwrap() {
            assert!(game.apply(&vec![0; n], &y).unwrap().iter().all(|&x| x == 0), "{what}");
        }
        let mut lit = vec![0u32; n];
        lit[n / 2 + 3] = 1;
        match game.solve(&lit) {
            Ok(s) => assert!(game.apply(&lit, &s).unwrap().iter().all(|&x| x == 0), "{what}"),
            Err(lightsout_topo::Error::Core(lightsout_core::Error::Unsolvable { obstruction, .. })) => {
                assert!(!game.is_solvable(&lit).unwrap());
                assert!(game.apply(&vec![0; n], &obstruction).unwrap().iter().all(|&x| x == 0), "{what}");
                assert_ne!(obstruction[n / 2 + 3] % k, 0, "{what}: y.b = 0");
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

/// Fewest presses, boards of a given difficulty and the worst case of a ring-chased game come
/// from the structured solver's quiet patterns, and agree with the dense ring solver's.
#[test]
fn fewest_presses_and_worst_case_of_a_chased_game_match_the_dense_ring_solver() {
    use lightsout_core::minimal::{minimal_in_module, worst_from_module};
    let game = Game::grid(34, 34, 4).unwrap(); // 1156 lights; kernel 2 x 2 x 4 x 4
    assert!(game.uses_ring_chasing());
    let (k, n) = (game.modulus(), game.size());
    let (gens, orders) = game.ring_solver().unwrap().null_basis_with_orders();
    assert_eq!(orders.iter().product::<u32>(), 64);
    let budget = Budget::default();
    for seed in 0..3 {
        let board = game.random_solvable(seed).unwrap();
        let fewest = game.minimal_solution(&board, &budget).unwrap();
        assert!(fewest.proven_optimal);
        assert!(game.apply(&board, &fewest.presses).unwrap().iter().all(|&x| x == 0));
        let dense = minimal_in_module(k, &game.solve(&board).unwrap(), &gens, &orders, &budget).unwrap();
        assert_eq!(fewest.weight, dense.weight, "seed {seed}");
    }
    let board = game.random_with_difficulty(5, 40).unwrap();
    assert_eq!(game.minimal_solution(&board, &budget).unwrap().weight, 40);
    // The generators differ, so a search cut short by its budget may stop at different
    // witnesses; each must respect the other's bound, and each witness is exact.
    let budget = Budget::work_only(1 << 22);
    let worst = game.worst_case(&budget).unwrap();
    let negate = |x: &[u32]| Ok(game.apply(&vec![0; n], x).unwrap().iter().map(|&v| (4 - v) % 4).collect());
    let dense = worst_from_module(k, n, &gens, &orders, &budget, negate).unwrap();
    assert!(worst.weight <= dense.upper_bound && dense.weight <= worst.upper_bound, "{worst:?} {dense:?}");
    assert!(worst.weight > 1000, "{}", worst.weight);
    assert_eq!(game.minimal_solution(&worst.board, &budget).unwrap().weight, worst.weight);
    // The dense generators' witness (a direct search on press vectors: a type of this game has
    // too many value histograms over Z_4) needs exactly its weight too.
    assert_eq!(game.minimal_solution(&dense.board, &budget).unwrap().weight, dense.weight);
}
