//! The facts stated in the source documents, checked through this crate.

use lightsout_core::Matrix;
use lightsout_topo::{text, Game};

fn quiet(game: &Game, v: &[u32]) -> bool {
    game.matrix().unwrap().mul_vec(v).unwrap().iter().all(|&x| x == 0)
}

#[test]
fn classic_has_nullity_two_with_the_two_known_quiet_patterns() {
    let g = Game::preset("classic").unwrap();
    assert_eq!((g.size(), g.rank().unwrap(), g.nullity().unwrap()), (25, 23, 2));
    // The two null vectors of the seed (tan-minimal-play.txt), row-major.
    let v1 = [0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 1, 1, 0];
    let v2 = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1];
    assert!(quiet(&g, &v1) && quiet(&g, &v2));
    assert_ne!(v1, v2);
    // Every basis vector the solver finds is one of v1, v2, v1 + v2.
    let v3: Vec<u32> = v1.iter().zip(&v2).map(|(a, b)| a ^ b).collect();
    for n in g.null_basis().unwrap() {
        assert!(n == v1 || n == v2 || n == v3, "unexpected quiet pattern {n:?}");
    }
    assert!(g.is_symmetric().unwrap());
    // A quarter of the boards are solvable: the two patterns are the only obstructions.
    let mut lone = vec![0; 25];
    lone[0] = 1; // v2 has a 1 at the corner, so a lone corner light is not solvable
    assert!(!g.is_solvable(&lone).unwrap());
    assert!(g.solve(&lone).unwrap_err().is_unsolvable());
}

#[test]
fn classic_matrix_matches_the_seed_rows() {
    // Rows 0 and 12 of M in rabbani-closed-form.txt, equation (6).
    let m = Game::preset("classic").unwrap().matrix().unwrap().to_dense().unwrap();
    let row0: Vec<u32> = (0..25).map(|c| u32::from([0, 1, 5].contains(&c))).collect();
    let row12: Vec<u32> = (0..25).map(|c| u32::from([7, 11, 12, 13, 17].contains(&c))).collect();
    assert_eq!(m.row(0), &row0[..]);
    assert_eq!(m.row(12), &row12[..]);
}

#[test]
fn mini_torus_is_its_own_inverse() {
    let g = Game::preset("mini").unwrap();
    assert_eq!((g.size(), g.nullity().unwrap()), (16, 0));
    let m = g.matrix().unwrap().to_dense().unwrap();
    let mm = m.mul_mat(&m).unwrap();
    assert_eq!(mm, Matrix::identity(g.modulus(), 16).unwrap());
    // So pressing the lit lights gives the solution (mini-lights-out-parity.txt).
    let board = g.random_solvable(11).unwrap();
    assert_eq!(g.solve(&board).unwrap(), m.mul_vec(&board).unwrap());
    assert!(g.is_symmetric().unwrap());
}

#[test]
fn lights_out_2000_works_over_z3() {
    let g = Game::preset("2000").unwrap();
    assert_eq!((g.size(), g.modulus().get()), (25, 3));
    assert_eq!(g.dims(), vec![5, 5]);
    for seed in 0..20 {
        let board = g.random_solvable(seed).unwrap();
        let presses = g.solve(&board).unwrap();
        assert!(presses.iter().all(|&x| x < 3));
        assert!(g.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
    }
    // A press cycles the light itself and its neighbours one step: twice from 0 gives 2.
    let mut presses = vec![0; 25];
    presses[12] = 2;
    let after = g.apply(&[0; 25], &presses).unwrap();
    assert_eq!(text::format_board(&g, &after).unwrap(), "00000\n00200\n02220\n00200\n00000\n");
}

#[test]
fn cube_lights_have_four_neighbours_and_m_is_symmetric() {
    for k in 1..=6 {
        let g = Game::cube(k, 2).unwrap();
        assert_eq!(g.size(), 6 * k * k);
        let m = g.matrix().unwrap();
        for (j, col) in m.columns().iter().enumerate() {
            // Plus rule: itself and exactly 4 distinct neighbours.
            assert_eq!(col.len(), 5, "k={k}, light {j}");
            assert!(col.iter().any(|&(l, _)| l as usize == j));
        }
        assert!(g.is_symmetric().unwrap(), "k={k}");
    }
    let g = Game::preset("cube").unwrap();
    assert_eq!((g.size(), g.dims()), (54, vec![6, 3, 3]));
}

#[test]
fn merlin_is_not_symmetric_and_follows_its_rule() {
    let g = Game::preset("merlin").unwrap();
    assert!(!g.is_symmetric().unwrap());
    let press = |b: usize| {
        let mut s = vec![0; 9];
        s[b] = 1;
        text::format_board(&g, &g.apply(&[0; 9], &s).unwrap()).unwrap()
    };
    assert_eq!(press(0), "110\n110\n000\n"); // corner: its 2x2 block
    assert_eq!(press(1), "111\n000\n000\n"); // edge: its edge row
    assert_eq!(press(5), "001\n001\n001\n"); // edge: its edge column
    assert_eq!(press(4), "010\n111\n010\n"); // centre: the plus
    assert_eq!(press(8), "000\n011\n011\n");
    for seed in 0..10 {
        let board = g.random_solvable(seed).unwrap();
        assert!(g.apply(&board, &g.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    }
}

#[test]
fn deluxe_is_a_six_by_six_grid() {
    let g = Game::preset("deluxe").unwrap();
    assert_eq!((g.dims(), g.modulus().get()), (vec![6, 6], 2));
}

#[test]
fn the_decision_example_of_the_seed() {
    // n = 3 with lights at (0,1), (0,2), (1,0) on the 3x3 torus.
    let d = text::parse_decision("3\n3\n0 1\n0 2\n1 0\n").unwrap();
    assert_eq!(d.lit, vec![(0, 1), (0, 2), (1, 0)]);
    let g = d.game().unwrap();
    // Check against every one of the 2^9 press patterns.
    let lights = d.lights().unwrap();
    let reachable = (0u32..512).any(|mask| {
        let s: Vec<u32> = (0..9).map(|i| (mask >> i) & 1).collect();
        g.apply(&lights, &s).unwrap().iter().all(|&x| x == 0)
    });
    assert_eq!(d.is_solvable().unwrap(), reachable);
}

#[test]
fn large_grids_tori_and_cylinders_use_the_structured_solvers() {
    for game in [
        Game::grid(70, 60, 2).unwrap(),
        Game::torus(64, 64, 2).unwrap(),
        Game::cylinder(50, 90, 3).unwrap(),
        Game::with_rule(lightsout_topo::Shape::Grid { rows: 64, cols: 64 }, lightsout_topo::Rule::Neighbours, 2)
            .unwrap(),
    ] {
        assert!(game.uses_structured_solver(), "{game}");
        let board = game.random_solvable(5).unwrap();
        let presses = game.solve(&board).unwrap();
        assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0), "{game}");
        assert_eq!(game.rank().unwrap() + game.nullity().unwrap(), game.size());
        for v in game.null_basis().unwrap() {
            assert!(game.apply(&vec![0; game.size()], &v).unwrap().iter().all(|&x| x == 0), "{game}");
        }
    }
    // A 2000 x 2000 torus: four million lights, far beyond the dense limit.
    let huge = Game::torus(2000, 2000, 2).unwrap();
    let mut board = vec![0; huge.size()];
    board[12345] = 1;
    assert!(huge.is_solvable(&board).is_ok());
}

#[test]
fn random_boards_match_the_core_solver() {
    for name in ["classic", "2000", "merlin", "cube"] {
        let g = Game::preset(name).unwrap();
        for seed in [0, 1, 99] {
            assert_eq!(g.random_solvable(seed).unwrap(), g.solver().unwrap().random_solvable(seed), "{name}");
        }
    }
}

#[test]
fn the_wayout_example_with_three_holes() {
    // boards-with-holes.txt: a 5x5 level with 3 holes (22 lights), its start S and the
    // published solution A, in light order. The drawing of the level is lost in the text, so
    // try every placement of the 3 holes: the published A must solve S on some of them, and
    // wherever it does, our own solution must differ from A by a quiet pattern.
    let s = [1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 0];
    let a = [0, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0];
    let mut fitting = 0;
    for h1 in 0..25 {
        for h2 in h1 + 1..25 {
            for h3 in h2 + 1..25 {
                let cells: Vec<bool> = (0..25).map(|c| c != h1 && c != h2 && c != h3).collect();
                let g = Game::mask(5, 5, cells, lightsout_topo::Rule::Plus, 2).unwrap();
                if g.apply(&s, &a).unwrap().iter().any(|&x| x != 0) {
                    continue;
                }
                fitting += 1;
                let ours = g.solve(&s).unwrap();
                let zero = [0; 22];
                assert_eq!(g.apply(&zero, &ours).unwrap(), g.apply(&zero, &a).unwrap());
                // "the first row [of M] will be (1,1,0,0,0,1,0,...,0)"
                let first: Vec<usize> = g.press_set(0).unwrap().iter().map(|&(l, _)| l).collect();
                assert_eq!(first, vec![0, 1, 5]);
            }
        }
    }
    assert!(fitting > 0);
}
