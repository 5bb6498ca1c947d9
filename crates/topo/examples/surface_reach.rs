//! How large a square board of each surface is solved within a second: build the game, deal a
//! random solvable board and solve it (the rank and the solution through whichever solver the
//! game uses), for sides growing by about 10 % until one takes longer than the limit.
//!
//! ```text
//! cargo run --release -p lightsout-topo --example surface_reach [SECONDS]
//! ```

use lightsout_topo::{Game, Shape};
use std::time::Instant;

fn main() {
    let limit: f64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1.0);
    println!("surface            side   lights   path       seconds (build, deal, solve)");
    for name in ["grid", "cylinder", "torus", "mobius", "klein", "projective"] {
        let shape = |n: usize| match name {
            "grid" => Shape::Grid { rows: n, cols: n },
            "cylinder" => Shape::Cylinder { rows: n, cols: n },
            "torus" => Shape::Torus { rows: n, cols: n },
            "mobius" => Shape::Mobius { rows: n, cols: n },
            "klein" => Shape::Klein { rows: n, cols: n },
            _ => Shape::Projective { rows: n, cols: n },
        };
        let mut side = 64;
        let mut best = None;
        loop {
            let start = Instant::now();
            let game = Game::with_rule(shape(side), lightsout_topo::Rule::Plus, 2).expect("a valid game");
            let board = game.random_solvable(side as u64).expect("a board");
            let presses = game.solve(&board).expect("a solvable board");
            let seconds = start.elapsed().as_secs_f64();
            assert!(game.apply(&board, &presses).expect("pressed").iter().all(|&x| x == 0));
            let path = if game.uses_structured_solver() {
                "chasing"
            } else if game.uses_banded_solver() {
                "banded"
            } else {
                "dense"
            };
            if seconds > limit {
                break;
            }
            best = Some((side, path, seconds));
            side = side * 11 / 10 + 1;
        }
        if let Some((side, path, seconds)) = best {
            println!("{name:<18} {side:>5} {:>8}   {path:<10} {seconds:.2}", side * side);
        }
    }
}
