//! Small games of every shape, rule and modulus (prime and composite) against a brute-force model: every press
//! vector is tried, so the rank, solvability, solution counts, the fewest presses and the quiet
//! patterns are known exactly and compared with the library's answers. For grids, tori,
//! cylinders and boards with holes the press matrix itself comes from an independent model of
//! the rule (offsets from each button, wrapped or cut off); for cubes, graphs and explicit
//! matrices from the game's press sets.

use crate::Bytes;
use lightsout_core::minimal::Budget;
use lightsout_topo::{Game, Rule, Shape};
use std::collections::HashMap;

/// Brute force only while p^n stays below this.
const BRUTE: u64 = 6000;

pub fn small_game(data: &[u8]) {
    let mut b = Bytes(data);
    let mut p = b.pick(&[2u64, 3, 5, 7, 2, 3, 4, 6, 9]);
    let (rows, cols) = (1 + b.below(4), 1 + b.below(4));
    let kind = b.below(7);
    let rule = match b.below(5) {
        0 => Rule::Plus,
        1 => Rule::Neighbours,
        2 => Rule::Moore,
        3 => Rule::from_name("knight").unwrap(),
        _ => {
            let offsets = (0..1 + b.below(4)).map(|_| (b.below(5) as i64 - 2, b.below(5) as i64 - 2)).collect();
            Rule::Stencil { offsets }
        }
    };
    let shape = match kind {
        0 => Shape::Grid { rows, cols },
        1 => Shape::Torus { rows, cols },
        2 => Shape::Cylinder { rows, cols },
        3 => {
            let mut cells: Vec<bool> = (0..rows * cols).map(|_| b.byte() % 4 != 0).collect();
            cells[0] = true;
            Shape::Mask { rows, cols, cells }
        }
        _ => Shape::Graph { n: 0 }, // built below
    };
    let game = match kind {
        4 => Game::cube(1, p),
        5 => {
            let n = 1 + b.below(7);
            let edges: Vec<(usize, usize)> = (0..b.below(12)).map(|_| (b.below(n), b.below(n))).collect();
            Game::graph(n, &edges, b.byte() & 1 == 1, b.byte() & 1 == 0, p)
        }
        6 => {
            let n = 1 + b.below(5);
            let columns = (0..n)
                .map(|_| (0..n).filter_map(|l| Some((l, (b.byte() as u64 % p) as u32)).filter(|e| e.1 > 0)).collect())
                .collect();
            Game::with_rule(Shape::Explicit { n }, Rule::Weighted { columns }, p)
        }
        _ => Game::with_rule(shape.clone(), rule.clone(), p),
    };
    let Ok(game) = game else { return }; // a rule that does not fit the shape: refused, fine
    let n = game.size();
    while p > 2 && p.checked_pow(n as u32).map_or(true, |c| c > BRUTE) {
        // Too many press vectors for this modulus: the same game over GF(2).
        p = 2;
    }
    let game = if p != game.modulus().get() as u64 {
        let mut spec = game.spec();
        spec.modulus = p;
        if let Rule::Weighted { columns } = &mut spec.rule {
            for col in columns.iter_mut() {
                col.retain_mut(|e| {
                    e.1 %= p as u32;
                    e.1 > 0
                });
            }
        }
        Game::from_spec(spec).unwrap()
    } else {
        game
    };
    let p32 = p as u32;
    let columns: Vec<Vec<u32>> = (0..n).map(|j| column(&game, j)).collect();
    if kind <= 3 {
        let model = planar_model(&game, &shape, &rule, p32);
        assert_eq!(columns, model, "press matrix of {}", game.describe());
    }
    if 2u64.checked_pow(n as u32).map_or(true, |c| c > BRUTE) {
        return;
    }
    // Every press vector: board -> (number of press vectors giving it, fewest presses).
    let mut image: HashMap<Vec<u32>, (u64, u64)> = HashMap::new();
    let mut x = vec![0u32; n];
    loop {
        let board = mul(&columns, &x, p32);
        let w: u64 = x.iter().map(|&v| v as u64).sum();
        let e = image.entry(board).or_insert((0, u64::MAX));
        e.0 += 1;
        e.1 = e.1.min(w);
        if !next(&mut x, p32) {
            break;
        }
    }
    let quiet = image[&vec![0u32; n]].0;
    assert_eq!(game.solvable_boards().unwrap().to_u128(), Some(image.len() as u128), "{}", game.describe());
    assert_eq!(game.kernel_size().unwrap().to_u128(), Some(quiet as u128), "{}", game.describe());
    let basis = game.null_basis().unwrap();
    if game.modulus().is_prime() {
        let rank = (image.len() as f64).log(p as f64).round() as usize;
        assert_eq!(p.pow(rank as u32), image.len() as u64);
        assert_eq!(game.rank().unwrap(), rank, "{}", game.describe());
        assert_eq!(game.nullity().unwrap(), n - rank);
        assert_eq!(basis.len(), n - rank);
    } else {
        // Generators of the quiet patterns: their orders multiply to the number of patterns.
        let orders = game.null_orders().unwrap();
        assert_eq!(orders.len(), basis.len());
        assert_eq!(orders.iter().map(|&o| o as u64).product::<u64>(), quiet, "{}", game.describe());
    }
    for v in &basis {
        assert!(mul(&columns, v, p32).iter().all(|&y| y == 0), "a quiet pattern changes lights");
    }
    for t in 0..4 {
        let board: Vec<u32> = (0..n).map(|_| b.byte() as u32 % p32).collect();
        let board = if t % 2 == 0 { game.random_solvable(b.byte() as u64).unwrap() } else { board };
        let target: Vec<u32> = board.iter().map(|&v| (p32 - v) % p32).collect();
        let known = image.get(&target).copied();
        assert_eq!(game.is_solvable(&board).unwrap(), known.is_some(), "{} {board:?}", game.describe());
        let count = game.count_solutions(&board).unwrap();
        match known {
            Some((ways, fewest)) => {
                assert_eq!(count.to_u128(), Some(ways as u128));
                let s = game.solve(&board).unwrap();
                assert_eq!(mul(&columns, &s, p32), target);
                let best = game.minimal_solution(&board, &Budget::work_only(1 << 20)).unwrap();
                assert!(best.proven_optimal);
                assert_eq!(best.weight, fewest, "{} {board:?}", game.describe());
                assert_eq!(mul(&columns, &best.presses, p32), target);
                let all: Vec<Vec<u32>> = game.solutions(&board).unwrap().take(ways as usize + 1).collect();
                assert_eq!(all.len() as u64, ways);
            }
            None => {
                assert_eq!(count.to_u128(), Some(0));
                let e = game.solve(&board).unwrap_err();
                assert!(e.is_unsolvable(), "{e}");
            }
        }
    }
}

/// Column j of M as a dense vector.
fn column(game: &Game, j: usize) -> Vec<u32> {
    let mut col = vec![0; game.size()];
    for (l, v) in game.press_set(j).unwrap() {
        col[l] = v;
    }
    col
}

/// M of a grid, torus, cylinder or board with holes from the offsets of the rule: button (r, c)
/// adds 1 to each light (r + dr, c + dc), wrapped where the shape wraps, cut off elsewhere and
/// at holes; a light reached twice is changed once (press sets are sets).
fn planar_model(game: &Game, shape: &Shape, rule: &Rule, p: u32) -> Vec<Vec<u32>> {
    let offsets: Vec<(i64, i64)> = match rule {
        Rule::Plus => vec![(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)],
        Rule::Neighbours => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
        Rule::Moore => (-1..=1).flat_map(|a| (-1..=1).map(move |b| (a, b))).collect(),
        Rule::Stencil { offsets } => offsets.clone(),
        _ => unreachable!("planar rules only"),
    };
    let dims = game.dims();
    let (rows, cols) = (dims[0] as i64, dims[1] as i64);
    let (wrap_r, wrap_c) = match shape {
        Shape::Torus { .. } => (true, true),
        Shape::Cylinder { .. } => (false, true),
        _ => (false, false),
    };
    let fold = |x: i64, size: i64, wrap: bool| {
        if wrap {
            Some(x.rem_euclid(size))
        } else {
            (0..size).contains(&x).then_some(x)
        }
    };
    let n = game.size();
    let mut m = vec![vec![0u32; n]; n];
    for (j, col) in m.iter_mut().enumerate() {
        let at = game.coords_of(j).unwrap();
        for &(dr, dc) in &offsets {
            let r = fold(at[0] as i64 + dr, rows, wrap_r);
            let c = fold(at[1] as i64 + dc, cols, wrap_c);
            if let (Some(r), Some(c)) = (r, c) {
                if let Some(l) = game.light_at(&[r as usize, c as usize]) {
                    col[l] = 1 % p;
                }
            }
        }
    }
    m
}

fn mul(columns: &[Vec<u32>], x: &[u32], p: u32) -> Vec<u32> {
    let mut out = vec![0u64; columns.len()];
    for (col, &xj) in columns.iter().zip(x) {
        for (o, &a) in out.iter_mut().zip(col) {
            *o += a as u64 * xj as u64;
        }
    }
    out.into_iter().map(|v| (v % p as u64) as u32).collect()
}

/// The next vector in odometer order; false after the last.
fn next(x: &mut [u32], p: u32) -> bool {
    for v in x.iter_mut() {
        *v += 1;
        if *v < p {
            return true;
        }
        *v = 0;
    }
    false
}
