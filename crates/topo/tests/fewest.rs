//! Fewest presses, generation and statistics through `Game`, whichever solver feeds them; and
//! `Game::is_symmetric` answered from the description.

use lightsout_core::minimal::{random_with_presses, weight, Budget};
use lightsout_core::Error as CoreError;
use lightsout_topo::{Error, Game, Rule, Shape, MAX_NULL_BASIS_BYTES};

fn is_off(game: &Game, lights: &[u32], presses: &[u32]) -> bool {
    game.apply(lights, presses).unwrap().iter().all(|&x| x == 0)
}

/// The lightest solution by trying every one (`solutions()` lists all p^nullity).
fn brute_force(game: &Game, lights: &[u32]) -> u64 {
    game.solutions(lights).unwrap().map(|s| weight(&s)).min().unwrap()
}

#[test]
fn classic_fewest_matches_brute_force() {
    let game = Game::preset("classic").unwrap();
    assert_eq!(game.nullity().unwrap(), 2);
    for seed in 0..20 {
        let board = game.random_solvable(seed).unwrap();
        let best = game.minimal_solution(&board, &Budget::default()).unwrap();
        assert!(best.proven_optimal && best.lower_bound == best.weight);
        assert!(is_off(&game, &board, &best.presses));
        assert_eq!(best.weight, weight(&best.presses));
        assert_eq!(best.weight, brute_force(&game, &board), "seed {seed}");
    }
}

#[test]
fn z3_and_mask_fewest_match_brute_force() {
    // Small Z_3 games and masks; at least two of them have quiet patterns (checked below).
    let cells: Vec<bool> = (0..30).map(|i| i % 7 != 3).collect();
    let games = [
        Game::grid(4, 4, 3).unwrap(),
        Game::torus(3, 3, 3).unwrap(),
        Game::mask(5, 6, cells, Rule::Plus, 2).unwrap(),
        Game::mask(4, 4, vec![true; 16], Rule::Plus, 2).unwrap(),
    ];
    let mut with_quiet = 0;
    for game in &games {
        if game.nullity().unwrap() > 0 {
            with_quiet += 1;
        }
        for seed in 0..8 {
            let board = game.random_solvable(seed).unwrap();
            let best = game.minimal_solution(&board, &Budget::default()).unwrap();
            assert!(best.proven_optimal, "{}", game.describe());
            assert!(is_off(game, &board, &best.presses));
            assert_eq!(best.weight, brute_force(game, &board), "{} seed {seed}", game.describe());
        }
    }
    assert!(with_quiet >= 2, "the test should cover games with quiet patterns");
}

#[test]
fn large_structured_grid_searches_its_quiet_patterns() {
    // 74 x 74 = 5476 lights: the structured solver, nullity 8 over GF(2) (256 solutions).
    let game = Game::grid(74, 74, 2).unwrap();
    assert!(game.uses_structured_solver());
    let nullity = game.nullity().unwrap();
    assert!(nullity > 0);
    let board = game.random_with_presses(5, 40).unwrap();
    let best = game.minimal_solution(&board, &Budget::default()).unwrap();
    assert!(best.proven_optimal);
    assert!(best.weight <= 40);
    assert!(is_off(&game, &board, &best.presses));
    // Every other solution is at least as heavy.
    let lightest = game.solutions(&board).unwrap().map(|s| weight(&s)).min().unwrap();
    assert_eq!(best.weight, lightest);
    // Starting from any solution gives the same weight.
    let other = game.solve(&board).unwrap();
    assert_eq!(game.minimal_from_presses(&other, &Budget::default()).unwrap().weight, best.weight);
}

#[test]
fn large_z3_grid_uses_the_structured_coset() {
    let game = Game::grid(64, 64, 3).unwrap();
    assert!(game.uses_structured_solver());
    let board = game.random_with_presses(2, 12).unwrap();
    let best = game.minimal_solution(&board, &Budget::default()).unwrap();
    assert!(is_off(&game, &board, &best.presses));
    // Pressing 12 buttons once each makes the board; undoing it takes 2 presses each over Z_3,
    // so the fewest is at most 24.
    assert!(best.weight <= 24, "{}", best.weight);
}

#[test]
fn banded_mask_fewest() {
    let cells: Vec<bool> = (0..70 * 70).map(|i| i % 11 != 5).collect();
    let game = Game::mask(70, 70, cells, Rule::Plus, 2).unwrap();
    assert!(game.uses_banded_solver());
    let board = game.random_with_presses(9, 15).unwrap();
    let best = game.minimal_solution(&board, &Budget::work_only(1 << 24)).unwrap();
    assert!(is_off(&game, &board, &best.presses));
    assert!(best.weight <= 15 && best.lower_bound <= best.weight);
}

#[test]
fn unsolvable_and_bad_input() {
    let game = Game::preset("classic").unwrap();
    let mut board = vec![0u32; 25];
    board[0] = 1;
    assert!(game.minimal_solution(&board, &Budget::default()).unwrap_err().is_unsolvable());
    let err = game.minimal_solution(&[0; 24], &Budget::default()).unwrap_err();
    assert!(matches!(err, Error::Core(CoreError::DimensionMismatch { .. })), "{err}");
    let err = game.minimal_from_presses(&[2; 25], &Budget::default()).unwrap_err();
    assert!(matches!(err, Error::Core(CoreError::EntryOutOfRange { .. })), "{err}");
}

#[test]
fn huge_null_basis_is_refused_before_it_is_built() {
    // The 2048 x 2048 grid has nullity 1056: 17.7 GB of quiet patterns as u32 vectors, far
    // over what the machine has.
    let game = Game::grid(2048, 2048, 2).unwrap();
    let nullity = game.nullity().unwrap();
    assert!(nullity as u128 * game.size() as u128 * 4 > MAX_NULL_BASIS_BYTES);
    let presses = vec![0u32; game.size()];
    let err = game.minimal_from_presses(&presses, &Budget::default()).unwrap_err();
    assert!(matches!(err, Error::Core(CoreError::TooLarge { unit: "bytes", .. })), "{err}");
    assert!(err.to_string().contains("null basis"), "{err}");
}

#[test]
fn random_with_presses_matches_the_core_and_needs_no_factoring() {
    let game = Game::preset("classic").unwrap();
    for seed in 0..5 {
        for k in [0, 1, 7, 25] {
            let ours = game.random_with_presses(seed, k).unwrap();
            let core = random_with_presses(game.solver().unwrap(), seed, k).unwrap();
            assert_eq!(ours, core);
        }
    }
    let z5 = Game::grid(3, 4, 5).unwrap();
    assert_eq!(z5.random_with_presses(4, 6).unwrap(), random_with_presses(z5.solver().unwrap(), 4, 6).unwrap());
    let err = game.random_with_presses(1, 26).unwrap_err();
    assert!(err.to_string().contains("only 25 buttons"), "{err}");
    let big = Game::torus(1500, 1500, 2).unwrap();
    let board = big.random_with_presses(1, 3).unwrap();
    assert!(board.iter().filter(|&&x| x == 1).count() <= 15); // 3 presses, 5 lights each
    assert!(big.is_solvable(&board).unwrap());
}

#[test]
fn difficulty_and_stats() {
    let game = Game::preset("classic").unwrap();
    let board = game.random_with_difficulty(3, 9).unwrap();
    assert_eq!(game.minimal_solution(&board, &Budget::default()).unwrap().weight, 9);
    let z3 = Game::grid(2, 3, 3).unwrap();
    let stats = z3.stats(&Budget::default()).unwrap();
    assert_eq!(stats.solvable_boards, 3u64.pow(z3.rank().unwrap() as u32));
    assert_eq!(stats.histogram.iter().sum::<u64>(), stats.solvable_boards);
    let err = Game::grid(300, 300, 2).unwrap().stats(&Budget::default()).unwrap_err();
    assert!(matches!(err, Error::Core(CoreError::TooLarge { .. })), "{err}");
}

#[test]
fn symmetric_without_building_the_matrix() {
    let huge = Game::grid(3000, 3000, 2).unwrap();
    assert!(huge.is_symmetric().unwrap());
    assert!(Game::torus(2000, 2000, 3).unwrap().is_symmetric().unwrap());
    let knight = Rule::from_name("knight").unwrap();
    assert!(Game::with_rule(Shape::Grid { rows: 3000, cols: 3000 }, knight, 2).unwrap().is_symmetric().unwrap());
    let one_way = Rule::Stencil { offsets: vec![(0, 0), (0, 1)] };
    assert!(!Game::with_rule(Shape::Grid { rows: 5, cols: 5 }, one_way, 2).unwrap().is_symmetric().unwrap());
    // (Graphs are factored densely, so one is refused when its [M | I] could never fit: 100,000
    // vertices is 2.5 GB bit-packed, still a game.)
    let n = 100_000;
    let ring: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    assert!(Game::graph(n, &ring, false, true, 2).unwrap().is_symmetric().unwrap());
    assert!(!Game::graph(n, &ring, true, true, 2).unwrap().is_symmetric().unwrap());
    assert!(!Game::preset("merlin").unwrap().is_symmetric().unwrap());
}

#[test]
fn symmetric_shortcut_agrees_with_the_matrix() {
    let rules = [
        Rule::Plus,
        Rule::Neighbours,
        Rule::Moore,
        Rule::from_name("knight").unwrap(),
        Rule::Stencil { offsets: vec![(0, 0), (0, 2)] },
        Rule::Stencil { offsets: vec![(1, 1), (-1, -1), (0, 3), (0, -3)] },
    ];
    for rows in 1..=4 {
        for cols in 1..=4 {
            let mask: Vec<bool> = (0..rows * cols).map(|i| i == 0 || i % 3 != 1).collect();
            for shape in [
                Shape::Grid { rows, cols },
                Shape::Torus { rows, cols },
                Shape::Cylinder { rows, cols },
                Shape::Mask { rows, cols, cells: mask.clone() },
            ] {
                for rule in &rules {
                    let game = Game::with_rule(shape.clone(), rule.clone(), 2).unwrap();
                    let truth = game.matrix().unwrap().is_symmetric();
                    assert_eq!(game.is_symmetric().unwrap(), truth, "{} {}", shape.describe(), rule.name());
                }
            }
        }
    }
    for k in 1..=3 {
        for rule in [Rule::Plus, Rule::Neighbours] {
            let game = Game::with_rule(Shape::Cube { k }, rule, 2).unwrap();
            assert!(game.matrix().unwrap().is_symmetric());
            assert!(game.is_symmetric().unwrap());
        }
    }
    let edges = [(0, 1), (1, 2), (2, 0), (3, 3), (1, 1), (0, 1)];
    for directed in [false, true] {
        for self_toggle in [false, true] {
            let game = Game::graph(4, &edges, directed, self_toggle, 3).unwrap();
            assert_eq!(game.is_symmetric().unwrap(), game.matrix().unwrap().is_symmetric());
        }
    }
}

#[test]
fn difficulty_on_a_structured_grid_is_exact_and_matches_the_dense_walk() {
    let game = Game::grid(74, 74, 2).unwrap();
    assert!(game.uses_structured_solver());
    for (seed, target) in [(1, 5), (2, 12)] {
        let board = game.random_with_difficulty(seed, target).unwrap();
        let best = game.minimal_solution(&board, &Budget::default()).unwrap();
        assert!(best.proven_optimal);
        assert_eq!(best.weight, target);
    }
    let err = game.random_with_difficulty(1, 74 * 74 + 1).unwrap_err();
    assert!(err.to_string().contains("no board needs"), "{err}");
    // The same steps as the core's dense walk, so the same board.
    let dense = lightsout_core::minimal::random_with_difficulty(game.solver().unwrap(), 3, 9).unwrap();
    assert_eq!(game.random_with_difficulty(3, 9).unwrap(), dense);
}

/// The search cut into tasks, all run and combined, equals the single search whichever solver
/// feeds it (structured, banded, dense; GF(2) and Z_3); composite moduli are refused clearly.
#[test]
fn split_searches_equal_the_single_search_for_every_solver() {
    let cells: Vec<bool> = (0..70 * 70).map(|i| i % 11 != 2).collect(); // nullity 4
    let games = [
        Game::grid(74, 74, 2).unwrap(),
        Game::grid(64, 64, 3).unwrap(),
        Game::mask(70, 70, cells, Rule::Plus, 2).unwrap(),
        Game::torus(6, 6, 2).unwrap(),
    ];
    assert!(games[0].uses_structured_solver() && games[1].uses_structured_solver() && games[2].uses_banded_solver());
    let mut searched = Vec::new();
    for game in &games {
        let nullity = game.nullity().unwrap();
        if (game.modulus().get() as u64).pow(nullity.min(30) as u32) > 1 << 22 {
            continue; // too many solutions for a quick exact single search
        }
        searched.push((game.describe(), nullity));
        let board = game.random_with_presses(3, 20).unwrap();
        let single = game.minimal_solution(&board, &Budget::work_only(1 << 32)).unwrap();
        assert!(single.proven_optimal);
        let split = game.split_minimal(&board, Some(8)).unwrap();
        let parts: Vec<_> = (0..split.tasks()).map(|i| split.work().run(i).unwrap()).collect();
        assert_eq!(split.combine(&parts).unwrap(), single, "{}", game.describe());
    }
    assert!(searched.len() >= 3 && searched.iter().all(|s| s.1 > 0), "{searched:?}");
    let ring = Game::grid(3, 3, 4).unwrap();
    let err = ring.split_minimal(&[0; 9], None).unwrap_err().to_string();
    assert!(err.contains("need a prime modulus, not 4"), "{err}");
    assert!(ring.split_stats(None).is_err());
}
