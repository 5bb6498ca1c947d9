//! `lightsout dataset`: random solvable boards with their fewest-press solutions and exact
//! distances, as CSV (one column per light) or JSON lines, for training and testing agents.

use crate::args::DatasetArgs;
use crate::error::{CliError, CliResult};
use lightsout_core::batch::BoardLayout;
use lightsout_core::minimal::BLOCK_ROWS;
use serde_json::json;
use std::fmt::Write as _;
use std::io::Write;

/// Rows made and written at a time.
const CHUNK_ROWS: usize = 16 * BLOCK_ROWS;

/// Print `--count` rows drawn as `lightsout.dataset` draws them (the same seed gives the same
/// rows there and here).
pub fn run(args: DatasetArgs, out: &mut dyn Write) -> CliResult<()> {
    let game = args.topology.build()?.game;
    let seed = match args.seed {
        Some(s) => s,
        None => {
            let s = super::generate::fresh_seed();
            eprintln!("seed: {s} (give --seed {s} to get these rows again)");
            s
        }
    };
    let about = |e: lightsout_core::Error| CliError::input(format!("{}: {e}", game.describe()));
    crate::topology::prepare(&game)?;
    let many = game.batch_minimizer().map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?;
    // 0 is "no difficulty" in every front end (C has no other way to say it).
    let sampler = many.sampler(args.difficulty.filter(|&d| d > 0)).map_err(about)?;
    let n = game.size();
    let layout = BoardLayout { stride: n, cell_of_light: Vec::new() };
    if !args.json {
        let names: Vec<String> =
            (0..n).map(|l| format!("b{l}")).chain((0..n).map(|l| format!("s{l}"))).chain(["distance".into()]).collect();
        writeln!(out, "{}", names.join(","))?;
    }
    let mut start = 0;
    while start < args.count {
        let rows = CHUNK_ROWS.min(args.count - start);
        let (mut boards, mut presses, mut distances) = (vec![0u32; rows * n], vec![0u32; rows * n], vec![0u64; rows]);
        let block = (start / BLOCK_ROWS) as u64;
        many.fill(&sampler, seed, block, &layout, &mut boards, &mut presses, &mut distances).map_err(about)?;
        let mut text = String::new();
        for (i, &d) in distances.iter().enumerate() {
            let (b, s) = (&boards[i * n..(i + 1) * n], &presses[i * n..(i + 1) * n]);
            if args.json {
                let _ = writeln!(text, "{}", json!({ "board": b, "presses": s, "distance": d }));
            } else {
                for v in b.iter().chain(s) {
                    let _ = write!(text, "{v},");
                }
                let _ = writeln!(text, "{d}");
            }
        }
        out.write_all(text.as_bytes())?;
        start += rows;
    }
    Ok(())
}
