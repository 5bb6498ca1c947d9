//! Large GF(2) games with a geometry but no structured solver (masks, cubes, other rules on
//! grids) answer through the core's banded solver, with the same answers as the dense solver.

use lightsout_core::Solver;
use lightsout_topo::{Game, Rule, Shape};

/// Every answer of the game checked against the dense solver of its own matrix.
fn agrees_with_dense(game: &Game) {
    assert!(game.uses_banded_solver(), "{game}");
    assert!(!game.uses_structured_solver(), "{game}");
    let m = game.matrix().unwrap();
    let dense = Solver::new(m).unwrap();
    assert_eq!(game.rank().unwrap(), dense.rank(), "{game}");
    assert_eq!(game.nullity().unwrap(), dense.nullity(), "{game}");
    let n = game.size();
    let mut boards = vec![game.random_solvable(3).unwrap()];
    for seed in 0..4u64 {
        boards.push((0..n as u64).map(|i| ((i * 2654435761 + seed * 97) >> 7 & 1) as u32).collect());
    }
    for board in &boards {
        let solvable = dense.is_solvable(board).unwrap();
        assert_eq!(game.is_solvable(board).unwrap(), solvable, "{game}");
        assert_eq!(game.count_solutions(board).unwrap(), dense.count_solutions(board).unwrap(), "{game}");
        match game.solve(board) {
            Ok(s) => assert!(game.apply(board, &s).unwrap().iter().all(|&x| x == 0), "{game}"),
            Err(e) => {
                assert!(!solvable && e.is_unsolvable(), "{game}: {e}");
                match e {
                    lightsout_topo::Error::Core(lightsout_core::Error::Unsolvable { obstruction, .. }) => {
                        let seen = obstruction.iter().zip(board).filter(|&(&y, &b)| y & b == 1).count();
                        assert_eq!(seen % 2, 1, "{game}: the obstruction does not see the board");
                        assert!(m.transpose().mul_vec(&obstruction).unwrap().iter().all(|&x| x == 0), "{game}");
                    }
                    other => panic!("{game}: {other:?}"),
                }
            }
        }
    }
    let basis = game.null_basis().unwrap();
    assert_eq!(basis.len(), dense.nullity(), "{game}");
    for v in &basis {
        assert!(m.mul_vec(v).unwrap().iter().all(|&x| x == 0), "{game}: a null vector is not quiet");
    }
}

#[test]
fn masks_cubes_and_other_rules_use_the_banded_solver() {
    let cells: Vec<bool> = (0..70 * 70u64).map(|i| (i * 7919 + 13) % 10 != 0).collect();
    agrees_with_dense(&Game::mask(70, 70, cells, Rule::Plus, 2).unwrap());
    agrees_with_dense(&Game::cube(27, 2).unwrap()); // 4374 lights
    agrees_with_dense(&Game::with_rule(Shape::Grid { rows: 64, cols: 65 }, Rule::Moore, 2).unwrap());
    agrees_with_dense(&Game::with_rule(Shape::Torus { rows: 65, cols: 64 }, Rule::Moore, 2).unwrap());
}

#[test]
fn small_games_graphs_and_other_moduli_keep_their_solvers() {
    let cells = vec![true; 70 * 70];
    assert!(!Game::mask(70, 70, cells.clone(), Rule::Plus, 3).unwrap().uses_banded_solver());
    assert!(!Game::mask(10, 10, vec![true; 100], Rule::Plus, 2).unwrap().uses_banded_solver());
    assert!(!Game::grid(100, 100, 2).unwrap().uses_banded_solver());
    let edges: Vec<(usize, usize)> = (0..5000).map(|i| (i, (i + 1) % 5000)).collect();
    assert!(!Game::graph(5000, &edges, false, true, 2).unwrap().uses_banded_solver());
}

#[test]
fn pressing_and_random_boards_need_no_factorisation() {
    // A mask too large for the dense solver: apply and random boards still work without any
    // elimination, and solving goes through the band.
    let side = 200;
    let cells: Vec<bool> = (0..side * side).map(|i| i % 11 != 5).collect();
    let game = Game::mask(side, side, cells, Rule::Plus, 2).unwrap();
    let board = game.random_solvable(5).unwrap();
    let presses = game.solve(&board).unwrap();
    assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
}
