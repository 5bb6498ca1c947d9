//! `lightsout generate`: a random solvable board, reproducible with a seed.

use crate::args::GenerateArgs;
use crate::error::{CliError, CliResult};
use crate::show;
use serde_json::json;
use std::io::Write;

/// A seed from the clock and the process id, for runs without `--seed`.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    h.write_u32(std::process::id());
    // Keep seeds short enough to retype.
    h.finish() % 1_000_000_000
}

/// Print a board drawn uniformly from the solvable boards.
pub fn run(args: GenerateArgs, out: &mut dyn Write) -> CliResult<()> {
    let game = args.topology.build()?.game;
    show::check_svg(&args.output, &game)?;
    let seed = match args.seed {
        Some(s) => s,
        None => {
            let s = fresh_seed();
            eprintln!("seed: {s} (give --seed {s} to get this board again)");
            s
        }
    };
    if let Some(path) = &args.out {
        let format = crate::cmd::solve_out::output_format(path, &game)?;
        let board = match (args.presses, args.difficulty.filter(|&d| d > 0)) {
            (None, None) => crate::cmd::solve_out::Board::Random(seed),
            (Some(k), _) => crate::cmd::solve_out::Board::Lights(game.random_with_presses(seed, k)?),
            (None, Some(d)) => crate::cmd::solve_out::Board::Lights(
                game.random_with_difficulty(seed, d)
                    .map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?,
            ),
        };
        let data = crate::cmd::solve_out::encode(&game, board, format)?;
        crate::cmd::solve_out::write_file(path, &game, &data, format)?;
        if args.output.json {
            writeln!(
                out,
                "{}",
                json!({"game": game.describe(), "lights": game.size(), "modulus": game.modulus().get(), "seed": seed, "board_file": path.display().to_string()})
            )?;
        }
        return Ok(());
    }
    let board = match (args.presses, args.difficulty.filter(|&d| d > 0)) {
        (Some(k), _) => game.random_with_presses(seed, k)?,
        (None, Some(d)) => {
            let _spinner = crate::progress::Spinner::start(
                format!("looking for a board of {} that needs exactly {d} presses", game.describe()),
                usize::MAX,
            );
            game.random_with_difficulty(seed, d).map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?
        }
        (None, None) => game.random_solvable(seed)?,
    };
    if let Some(path) = &args.output.svg {
        show::write_svg(path, &game, Some(&board), None)?;
    }
    if args.output.json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "modulus": game.modulus().get(),
            "seed": seed,
            "board": board,
        });
        writeln!(out, "{value}")?;
    } else {
        write!(out, "{}", show::board(&game, &board)?)?;
    }
    Ok(())
}
