//! Property tests: the mathematics of press matrices and the round trips of every format.

use lightsout_topo::{text, Game, Rule, Shape, Spec};
use proptest::prelude::*;

fn planar_shape() -> impl Strategy<Value = Shape> {
    (0..4usize, 1..7usize, 1..7usize, any::<u64>()).prop_map(|(kind, rows, cols, bits)| match kind {
        0 => Shape::Grid { rows, cols },
        1 => Shape::Torus { rows, cols },
        2 => Shape::Cylinder { rows, cols },
        _ => {
            let mut cells: Vec<bool> = (0..rows * cols).map(|i| (bits >> (i % 64)) & 1 == 1 || i % 7 == 3).collect();
            cells[0] = true;
            Shape::Mask { rows, cols, cells }
        }
    })
}

fn undirected_rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Plus),
        Just(Rule::Neighbours),
        Just(Rule::Moore),
        proptest::collection::vec((-3i64..=3, -3i64..=3), 0..6).prop_map(|half| {
            let offsets = half.iter().flat_map(|&(a, b)| [(a, b), (-a, -b)]).collect();
            Rule::Stencil { offsets }
        }),
    ]
}

fn any_rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        undirected_rule(),
        proptest::collection::vec((-3i64..=3, -3i64..=3), 0..6).prop_map(|offsets| Rule::Stencil { offsets }),
    ]
}

fn modulus() -> impl Strategy<Value = u64> {
    prop::sample::select(vec![2u64, 3, 5, 7, 11, 13])
}

/// M built the obvious way, independently of the crate: entry (a, b) is 1 when some offset
/// takes cell a to cell b (wrapping where the shape wraps, dropping holes and the outside).
fn reference_matrix(shape: &Shape, rule: &Rule) -> Vec<Vec<u32>> {
    let dims = shape.dims();
    let (rows, cols) = (dims[0] as i64, dims[1] as i64);
    let is_light = |r: i64, c: i64| match shape {
        Shape::Mask { cells, .. } => cells[(r * cols + c) as usize],
        _ => true,
    };
    let (wr, wc) = match shape {
        Shape::Torus { .. } => (true, true),
        Shape::Cylinder { .. } => (false, true),
        _ => (false, false),
    };
    let lights: Vec<(i64, i64)> =
        (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| is_light(r, c)).collect();
    let n = lights.len();
    let mut m = vec![vec![0; n]; n];
    for (b, &(r, c)) in lights.iter().enumerate() {
        for (dr, dc) in rule.offsets().unwrap() {
            let (mut rr, mut cc) = (r + dr, c + dc);
            if wr {
                rr = rr.rem_euclid(rows);
            }
            if wc {
                cc = cc.rem_euclid(cols);
            }
            if (0..rows).contains(&rr) && (0..cols).contains(&cc) && is_light(rr, cc) {
                let a = lights.iter().position(|&x| x == (rr, cc)).unwrap();
                m[a][b] = 1; // a set: reached twice is still 1
            }
        }
    }
    m
}

fn dense(game: &Game) -> Vec<Vec<u32>> {
    let m = game.matrix().unwrap().to_dense().unwrap();
    (0..m.rows()).map(|r| m.row(r).to_vec()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn matrix_matches_the_reference(shape in planar_shape(), rule in any_rule(), p in modulus()) {
        let game = Game::with_rule(shape.clone(), rule.clone(), p).unwrap();
        prop_assert_eq!(dense(&game), reference_matrix(&shape, &rule));
    }

    #[test]
    fn undirected_rules_give_symmetric_m(shape in planar_shape(), rule in undirected_rule(), p in modulus()) {
        let game = Game::with_rule(shape, rule, p).unwrap();
        prop_assert!(game.is_symmetric().unwrap());
    }

    #[test]
    fn undirected_graphs_give_symmetric_m(n in 1usize..12, raw in proptest::collection::vec((0usize..12, 0usize..12), 0..30), selfish: bool) {
        let edges: Vec<_> = raw.into_iter().map(|(u, v)| (u % n, v % n)).collect();
        let g = Game::graph(n, &edges, false, selfish, 2).unwrap();
        prop_assert!(g.is_symmetric().unwrap());
        let d = Game::graph(n, &edges, true, selfish, 2).unwrap();
        let m = dense(&d);
        for (u, v) in (0..n).flat_map(|u| (0..n).map(move |v| (u, v))) {
            let expected = (u == v && selfish) || edges.contains(&(u, v));
            prop_assert_eq!(m[v][u] == 1, expected, "button {} light {}", u, v);
        }
    }

    #[test]
    fn a_full_grid_equals_its_mask(rows in 1usize..7, cols in 1usize..7, rule in any_rule(), p in modulus()) {
        let grid = Game::with_rule(Shape::Grid { rows, cols }, rule.clone(), p).unwrap();
        let mask = Game::mask(rows, cols, vec![true; rows * cols], rule, p).unwrap();
        prop_assert_eq!(grid.matrix().unwrap(), mask.matrix().unwrap());
        prop_assert_eq!(grid.size(), mask.size());
    }

    #[test]
    fn every_solution_turns_the_board_off(shape in planar_shape(), rule in any_rule(), p in modulus(), raw in proptest::collection::vec(any::<u32>(), 36)) {
        let game = Game::with_rule(shape, rule, p).unwrap();
        let board: Vec<u32> = raw[..game.size()].iter().map(|x| x % p as u32).collect();
        match game.solve(&board) {
            Ok(s) => prop_assert!(game.apply(&board, &s).unwrap().iter().all(|&x| x == 0)),
            Err(e) => {
                prop_assert!(e.is_unsolvable());
                prop_assert!(!game.is_solvable(&board).unwrap());
            }
        }
        let solvable = game.random_solvable(raw[0] as u64).unwrap();
        let s = game.solve(&solvable).unwrap();
        prop_assert!(game.apply(&solvable, &s).unwrap().iter().all(|&x| x == 0));
    }

    #[test]
    fn solvability_agrees_with_brute_force(shape in planar_shape(), rule in any_rule(), bits: u32) {
        let game = Game::with_rule(shape, rule, 2).unwrap();
        prop_assume!(game.size() <= 10);
        let n = game.size();
        let board: Vec<u32> = (0..n).map(|i| (bits >> i) & 1).collect();
        let reachable = (0u32..1 << n).any(|mask| {
            let s: Vec<u32> = (0..n).map(|i| (mask >> i) & 1).collect();
            game.apply(&board, &s).unwrap().iter().all(|&x| x == 0)
        });
        prop_assert_eq!(game.is_solvable(&board).unwrap(), reachable);
    }

    #[test]
    fn boards_round_trip_through_text(shape in planar_shape(), p in modulus(), raw in proptest::collection::vec(any::<u32>(), 36)) {
        let game = Game::with_rule(shape.clone(), Rule::Plus, p).unwrap();
        let lights: Vec<u32> = raw[..game.size()].iter().map(|x| x % p as u32).collect();
        let printed = text::format_board(&game, &lights).unwrap();
        prop_assert_eq!(&text::parse_lights(&game, &printed).unwrap(), &lights);
        if matches!(shape, Shape::Grid { .. } | Shape::Mask { .. }) {
            let (again, parsed) = text::parse_board(&printed, p).unwrap();
            // A mask without holes reads back as the plain grid, which is the same game.
            prop_assert_eq!(again.dims(), game.dims());
            prop_assert_eq!(again.matrix().unwrap(), game.matrix().unwrap());
            prop_assert_eq!(parsed, lights);
        }
    }

    #[test]
    fn cubes_and_graphs_round_trip_through_text(k in 1usize..5, n in 1usize..30, p in modulus(), raw in proptest::collection::vec(any::<u32>(), 96)) {
        for game in [Game::cube(k, p).unwrap(), Game::graph(n, &[(0, n - 1)], false, true, p).unwrap()] {
            let lights: Vec<u32> = raw[..game.size()].iter().map(|x| x % p as u32).collect();
            let printed = text::format_board(&game, &lights).unwrap();
            prop_assert_eq!(text::parse_lights(&game, &printed).unwrap(), lights);
        }
    }

    #[test]
    fn specs_round_trip(shape in planar_shape(), rule in any_rule(), p in modulus(), named: bool) {
        let mut game = Game::with_rule(shape, rule, p).unwrap();
        if named {
            game = game.with_name("my board #1").unwrap();
        }
        let spec: Spec = game.spec().to_string().parse().unwrap();
        prop_assert_eq!(&spec, &game.spec());
        let again = Game::from_spec(spec).unwrap();
        prop_assert_eq!(again.matrix().unwrap(), game.matrix().unwrap());
    }

    #[test]
    fn coordinates_and_cells_are_consistent(shape in planar_shape(), p in modulus(), raw in proptest::collection::vec(any::<u32>(), 36)) {
        let game = Game::with_rule(shape, Rule::Plus, p).unwrap();
        for light in 0..game.size() {
            let coords = game.coords_of(light).unwrap();
            prop_assert_eq!(game.light_at(&coords), Some(light));
        }
        prop_assert_eq!(game.coords_of(game.size()), None);
        let lights: Vec<u32> = raw[..game.size()].iter().map(|x| x % p as u32).collect();
        let cells = game.cells_from_lights(&lights).unwrap();
        prop_assert_eq!(cells.len(), game.dims().iter().product::<usize>());
        prop_assert_eq!(game.lights_from_cells(&cells).unwrap(), lights);
    }

    #[test]
    fn decisions_agree_with_the_game(n in 1usize..12, raw in proptest::collection::vec((0usize..12, 0usize..12), 0..30)) {
        let mut lit: Vec<(usize, usize)> = raw.into_iter().map(|(r, c)| (r % n, c % n)).collect();
        let mut seen = std::collections::HashSet::new();
        lit.retain(|x| seen.insert(*x));
        let d = text::Decision { n, lit };
        let dense = Game::torus(n, n, 2).unwrap();
        prop_assert_eq!(d.is_solvable().unwrap(), dense.solver().unwrap().is_solvable(&d.lights().unwrap()).unwrap());
    }

    #[test]
    fn decisions_round_trip(n in 1usize..9, raw in proptest::collection::vec((0usize..9, 0usize..9), 0..20)) {
        let mut lit: Vec<(usize, usize)> = raw.into_iter().map(|(r, c)| (r % n, c % n)).collect();
        let mut seen = std::collections::HashSet::new();
        lit.retain(|x| seen.insert(*x));
        let body: String = lit.iter().map(|(r, c)| format!("{r} {c}\n")).collect();
        let d = text::parse_decision(&format!("{n}\n{}\n{body}", lit.len())).unwrap();
        prop_assert_eq!(d, text::Decision { n, lit });
    }
}

#[test]
fn cube_spec_and_graph_spec_round_trip() {
    for game in [
        Game::preset("cube").unwrap(),
        Game::preset("merlin").unwrap(),
        Game::graph(4, &[(0, 1), (2, 3)], true, false, 5).unwrap(),
        Game::from_matrix(
            lightsout_core::Matrix::from_rows(lightsout_core::Modulus::new(3).unwrap(), &[vec![1, 2], vec![0, 0]])
                .unwrap(),
        )
        .unwrap(),
    ] {
        let again = Game::from_spec(game.spec().to_string().parse().unwrap()).unwrap();
        assert_eq!(again.matrix().unwrap(), game.matrix().unwrap());
        assert_eq!(again.name(), game.name());
        assert_eq!(again.shape(), game.shape());
    }
}
