//! `lightsout`: solve, decide, analyze, generate and play Lights Out from the terminal.
//!
//! Exit status: 0 on success (`decide` answers both Yes and No with 0), 1 when `solve` is given
//! a board without a solution, 2 for bad usage or bad input, with `error: …` on standard error.

mod args;
mod cmd;
mod error;
mod input;
mod progress;
mod remote;
mod show;
mod topology;

use args::{Cli, Command};
use clap::Parser;
use error::{CliError, CliResult, EXIT_USAGE};
use std::io::{BufWriter, Write};

fn main() {
    remote::STARTED.get_or_init(std::time::SystemTime::now);
    install_panic_hook();
    let cli = Cli::parse();
    let code = match run(cli) {
        Ok(()) => 0,
        Err(err) => {
            if let CliError::Input(_) | CliError::Output(_) = err {
                eprintln!("error: {err}");
            }
            err.exit_code()
        }
    };
    std::process::exit(code);
}

fn run(cli: Cli) -> CliResult<()> {
    if let Some(Command::Play(args)) = cli.command {
        // Play writes as it goes (prompts and boards must appear before the next line is read).
        return cmd::play::run(args);
    }
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = match cli.command {
        None => cmd::solve::run_default(cli.topology, cli.output, &mut out),
        Some(Command::Solve(args)) => cmd::solve::run(args, &mut out),
        Some(Command::Decide(args)) => cmd::decide::run(args, &mut out),
        Some(Command::Analyze(args)) => cmd::analyze::run(args, &mut out),
        Some(Command::Generate(args)) => cmd::generate::run(args, &mut out),
        Some(Command::Dataset(args)) => cmd::dataset::run(args, &mut out),
        Some(Command::Stats(args)) => cmd::stats::run(args, &mut out),
        Some(Command::Worst(args)) => cmd::worst::run(args, &mut out),
        Some(Command::Presets) => cmd::presets::run(&mut out),
        Some(Command::Play(_)) => unreachable!("handled above"),
    };
    // Whatever was printed (an unsolvable board's explanation too) reaches the output.
    let flushed = out.flush().map_err(CliError::from);
    result.and(flushed)
}

/// The last line of defence: a bug that panics still ends with one `error:` line and status 2,
/// never a panic message or a backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_string());
        let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        let _ = writeln!(std::io::stderr(), "error: internal error ({what}{place}); please report it");
        std::process::exit(EXIT_USAGE);
    }));
}
