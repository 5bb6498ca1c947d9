//! Solve the classic 5x5 Lights Out with the core alone: `cargo run -p lightsout-core --example classic`.

use lightsout_core::{minimal::plus_grid, Modulus, Solver};

fn main() -> Result<(), lightsout_core::Error> {
    let n = 5;
    let m = plus_grid(n, n, Modulus::TWO)?;
    let solver = Solver::new(&m)?;
    let board = solver.random_solvable(2024);
    let presses = solver.solve(&board)?;
    let show = |v: &[u32]| {
        v.chunks(n).map(|row| row.iter().map(|x| x.to_string()).collect::<String>()).collect::<Vec<_>>().join("\n")
    };
    println!("board:\n{}\n\npresses:\n{}\n", show(&board), show(&presses));
    println!("rank {} nullity {}", solver.rank(), solver.nullity());
    assert!(solver.apply(&board, &presses)?.iter().all(|&x| x == 0));
    Ok(())
}
