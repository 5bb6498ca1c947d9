//! `lightsout stats`: how many solvable boards need each minimal number of presses, or the
//! nullity of the n x n grids.

use crate::args::{seconds, StatsArgs};
use crate::error::{CliError, CliResult};
use crate::progress::Spinner;
use crate::show;
use lightsout_core::minimal::{self, Budget};
use serde_json::json;
use std::io::Write;

/// The largest n `--grids` goes to (small grids are eliminated densely, grids of 4096 lights and
/// more by light chasing and a polynomial gcd, about n^2 operations each).
pub const MAX_GRIDS: usize = 2000;

/// Print the statistics table (or the nullity table with `--grids`).
pub fn run(args: StatsArgs, out: &mut dyn Write) -> CliResult<()> {
    let time = seconds(args.time_limit, "--time-limit").map_err(CliError::input)?;
    if let Some(n) = args.grids {
        return grids(n, &args, out);
    }
    let game = args.topology.build()?.game;
    let stats = if let Some(address) = &args.scheduler {
        crate::remote::stats(&game, address, args.time_limit, args.max_work)?
    } else {
        let _spinner = Spinner::start(format!("counting the solvable boards of {}", game.describe()), usize::MAX);
        let budget = Budget { max_time: time, max_work: args.max_work.unwrap_or(Budget::default().max_work) };
        game.stats(&budget).map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?
    };
    if let Some(path) = &args.output.svg {
        write_file(path, &stats.to_svg())?;
    }
    if args.output.json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "modulus": stats.modulus,
            "rank": stats.rank,
            "nullity": stats.nullity,
            "kernel_size": stats.kernel_size,
            "solvable_boards": stats.solvable_boards,
            "histogram": stats.histogram,
            "max_presses": stats.max_presses,
            "mean": stats.mean,
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(out, "{}", show::headline(&game))?;
    writeln!(out, "Solvable boards by the number of presses their best solution needs:")?;
    write!(out, "{}", stats.to_table())?;
    Ok(())
}

fn grids(n: usize, args: &StatsArgs, out: &mut dyn Write) -> CliResult<()> {
    if n == 0 || n > MAX_GRIDS {
        return Err(CliError::input(format!("--grids expects N in 1..={MAX_GRIDS}, found {n}")));
    }
    let table = {
        let _spinner = Spinner::start(format!("the nullity of the n x n grids up to n = {n}"), n * n);
        minimal::nullity_table_with(n, |k| {
            lightsout_topo::Game::grid(k, k, 2)
                .and_then(|g| g.nullity())
                .map_err(|e| lightsout_core::Error::InvalidArgument(format!("the {k}x{k} grid: {e}")))
        })?
    };
    if let Some(path) = &args.output.svg {
        write_file(path, &table.to_svg())?;
    }
    if args.output.json {
        let rows: Vec<_> = table.rows.iter().map(|&(n, u)| json!({"n": n, "nullity": u})).collect();
        writeln!(out, "{}", json!({ "modulus": 2, "rule": "plus", "grids": rows }))?;
        return Ok(());
    }
    writeln!(out, "Nullity of the n x n grid (plus rule, modulus 2): 2^nullity solutions per solvable board")?;
    write!(out, "{}", table.to_table())?;
    Ok(())
}

fn write_file(path: &std::path::Path, text: &str) -> CliResult<()> {
    std::fs::write(path, text).map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))
}
