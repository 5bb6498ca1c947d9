//! `lightsout analyze`: what the press matrix says about every board of a game.

use crate::args::AnalyzeArgs;
use crate::error::{CliError, CliResult};
use crate::show;
use lightsout_topo::Game;
use serde_json::json;
use std::io::Write;

/// Print the number of lights, rank, nullity (over a composite modulus: the elementary
/// divisors and the number of quiet patterns), solvable boards, symmetry and quiet patterns.
pub fn run(args: AnalyzeArgs, out: &mut dyn Write) -> CliResult<()> {
    let game = args.topology.build()?.game;
    crate::topology::prepare(&game)?;
    if let Some(path) = &args.pseudoinverse {
        let line = crate::cmd::pseudoinverse::write(&game, path)?;
        // With --json standard output is one JSON object: say it on standard error.
        if args.json {
            eprintln!("{line}");
        } else {
            writeln!(out, "{line}")?;
        }
    }
    if !game.modulus().is_prime() {
        return ring(&game, &args, out);
    }
    let rank = game.rank()?;
    let nullity = game.nullity()?;
    let solvable_boards = crate::topology::solvable_boards(&game)?;
    let p = game.modulus().get();
    let symmetric = game.is_symmetric()?;
    let path = game.solver_path();
    // Quiet patterns are computed only as far as they are shown.
    let patterns: Vec<Vec<u32>> = if args.patterns == 0 || nullity == 0 {
        Vec::new()
    } else {
        game.quiet_patterns(args.patterns).map_err(|e| {
            CliError::input(format!(
                "{}: {e}; --patterns K shows fewer quiet patterns (--patterns 0 none)",
                game.describe()
            ))
        })?
    };
    if args.json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "rank": rank,
            "nullity": nullity,
            "modulus": p,
            "symmetric": symmetric,
            "solvable_boards": show::count_json(solvable_boards),
            "solvable_boards_exponent": rank,
            "kernel_size": show::count_json(game.kernel_size()?),
            "all_solvable": nullity == 0,
            "structured": game.uses_structured_solver(),
            "solver": path.name(),
            "quiet_patterns": patterns,
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(out, "{}", show::headline(&game))?;
    writeln!(out, "lights:          {}", game.size())?;
    writeln!(out, "rank:            {rank}")?;
    writeln!(out, "nullity:         {nullity}")?;
    writeln!(out, "solver:          {}", path.describe())?;
    let fraction = if nullity == 0 {
        "every board".to_string()
    } else {
        format!("one board in {}", show::power(lightsout_core::SolutionCount::new(game.modulus(), nullity)))
    };
    writeln!(out, "solvable boards: {} of {}^{} ({fraction})", show::power(solvable_boards), p, game.size())?;
    writeln!(
        out,
        "symmetric M:     {}",
        if symmetric { "yes (pressing i changes j exactly when pressing j changes i)" } else { "no" }
    )?;
    if nullity == 0 {
        writeln!(out, "quiet patterns:  none (every board has exactly one solution)")?;
        return Ok(());
    }
    let total = show::power(lightsout_core::SolutionCount::new(game.modulus(), nullity));
    writeln!(
        out,
        "quiet patterns:  a basis of {nullity} (presses that change nothing; {total} combinations), \
         so every solvable board has {total} solutions"
    )?;
    for (i, pattern) in patterns.iter().enumerate() {
        writeln!(out)?;
        writeln!(out, "Quiet pattern {}:", i + 1)?;
        write!(out, "{}", show::board(&game, pattern)?)?;
    }
    if patterns.len() < nullity {
        writeln!(out)?;
        writeln!(out, "({} more not shown; --patterns K shows up to K)", nullity - patterns.len())?;
    }
    Ok(())
}

/// `analyze` over a composite modulus k: Z_k is a ring, so the press matrix is described by its
/// elementary divisors (Smith form) and its quiet patterns by generators with their orders.
fn ring(game: &Game, args: &AnalyzeArgs, out: &mut dyn Write) -> CliResult<()> {
    let k = game.modulus().get();
    let divisors = game.elementary_divisors()?;
    let kernel = game.kernel_size()?;
    let solvable = game.solvable_boards()?;
    let symmetric = game.is_symmetric()?;
    // Generators are built only as far as they are shown (a large board has few, each as
    // large as the board).
    let orders = game.null_orders()?;
    let generators = orders.len();
    let shown = game.quiet_patterns(args.patterns.min(generators))?;
    let path = game.solver_path();
    if args.json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "rank": null,
            "nullity": null,
            "modulus": k,
            "symmetric": symmetric,
            "solvable_boards": show::count_json(solvable),
            "kernel_size": show::count_json(kernel),
            "elementary_divisors": crate::topology::divisor_runs(&divisors),
            "all_solvable": kernel.exponent() == Some(0),
            "structured": game.uses_ring_chasing(),
            "solver": path.name(),
            "quiet_patterns": shown,
            "quiet_pattern_orders": &orders[..shown.len()],
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(out, "{}", show::headline(game))?;
    writeln!(out, "lights:          {}", game.size())?;
    writeln!(
        out,
        "divisors:        {} (Smith form of M over Z_{k}; {k} stands for 0)",
        crate::topology::divisors(&divisors)
    )?;
    let how = path.factor_method().unwrap_or("Smith form");
    writeln!(
        out,
        "solver:          {how} over each prime-power factor of {k}, joined by the Chinese remainder theorem"
    )?;
    writeln!(out, "solvable boards: {} of {k}^{}", show::power(solvable), game.size())?;
    writeln!(
        out,
        "symmetric M:     {}",
        if symmetric { "yes (pressing i changes j exactly when pressing j changes i)" } else { "no" }
    )?;
    if generators == 0 {
        writeln!(out, "quiet patterns:  none (every board has exactly one solution)")?;
        return Ok(());
    }
    let total = show::power(kernel);
    writeln!(
        out,
        "quiet patterns:  {generators} generators (orders {}; {total} combinations), so every solvable board has {total} solutions",
        orders.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
    )?;
    for (i, pattern) in shown.iter().enumerate() {
        writeln!(out)?;
        writeln!(out, "Quiet pattern {} (order {}):", i + 1, orders[i])?;
        write!(out, "{}", show::board(game, pattern)?)?;
    }
    if shown.len() < generators {
        writeln!(out)?;
        writeln!(out, "({} more not shown; --patterns K shows up to K)", generators - shown.len())?;
    }
    Ok(())
}
