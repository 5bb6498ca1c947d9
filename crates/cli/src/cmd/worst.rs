//! `lightsout worst`: the hardest solvable board of a game and how many presses it needs.

use crate::args::{seconds, WorstArgs};
use crate::error::{CliError, CliResult};
use crate::progress::Spinner;
use crate::show;
use lightsout_core::minimal::Budget;
use serde_json::json;
use std::io::Write;

/// Find (and prove, where the budget allows) the worst case, then print it.
pub fn run(args: WorstArgs, out: &mut dyn Write) -> CliResult<()> {
    if let Some(path) = &args.check {
        return crate::cmd::worst_table::check(path, args.max_nullity, out);
    }
    let time = seconds(args.time_limit, "--time-limit").map_err(CliError::input)?;
    let started = std::time::Instant::now();
    let game = args.topology.build()?.game;
    show::check_svg(&args.output, &game)?;
    let budget = Budget { max_time: time, max_work: args.max_work.unwrap_or(u64::MAX) };
    let worst = match &args.scheduler {
        Some(address) => {
            // The cluster's progress bar (on a terminal) takes the place of the spinner.
            let seconds = time.map_or(f64::INFINITY, |t| t.as_secs_f64());
            let on = crate::remote::Cluster { address, seconds, tasks: args.tasks };
            let files = (args.checkpoint.as_deref(), args.resume.as_deref());
            crate::remote::worst(&game, &on, args.max_work, args.symmetry, files)?
        }
        None => {
            let _spinner =
                Spinner::start(format!("searching for the hardest board of {}", game.describe()), usize::MAX);
            let symmetry = args.symmetry.choice().0;
            game.worst_case_with(&budget, &symmetry)
                .map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?
        }
    };
    if let Some(path) = &args.record {
        let command: Vec<String> = std::env::args().skip(1).collect();
        let run = format!(
            "lightsout {}: {:.1} s, {} solution weights",
            command.join(" "),
            started.elapsed().as_secs_f64(),
            worst.explored
        );
        let changed = crate::cmd::worst_table::record(path, &game, &worst, &run)?;
        eprintln!("{}: {}: {changed}", path.display(), game.describe());
    }
    if let Some(path) = &args.output.svg {
        show::write_svg(path, &game, Some(&worst.board), Some(&worst.presses))?;
    }
    if args.output.json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "modulus": game.modulus().get(),
            "nullity": game.nullity().ok(),
            "weight": worst.weight,
            "upper_bound": worst.upper_bound,
            "proven_optimal": worst.proven_optimal,
            "board": worst.board,
            "presses": worst.presses,
            "explored": worst.explored,
            "note": worst.note,
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(out, "{}", show::headline(&game))?;
    if worst.proven_optimal {
        writeln!(
            out,
            "Every solvable board can be turned off in at most {} presses; this one needs all of them:",
            worst.weight
        )?;
    } else if let Some(note) = &worst.note {
        writeln!(
            out,
            "This board needs {} presses; no solvable board needs more than {} ({note}):",
            worst.weight, worst.upper_bound
        )?;
    } else {
        writeln!(
            out,
            "This board needs {} presses; no solvable board needs more than {} (not proven within the budget: \
             raise --time-limit or --max-work to close the gap):",
            worst.weight, worst.upper_bound
        )?;
    }
    writeln!(out, "{}", show::board(&game, &worst.board)?)?;
    writeln!(out, "Its fewest presses:")?;
    write!(out, "{}", show::board(&game, &worst.presses)?)?;
    Ok(())
}
