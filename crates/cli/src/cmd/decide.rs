//! `lightsout decide`: the torus decision problem, answered `Yes` or `No`.

use crate::args::DecideArgs;
use crate::error::{CliError, CliResult};
use crate::input;
use crate::progress::Spinner;
use lightsout_topo::text;
use std::io::Write;
use std::path::Path;

/// Read the decision format and print exactly `Yes` or `No`.
pub fn run(args: DecideArgs, out: &mut dyn Write) -> CliResult<()> {
    let input = input::read(args.file.as_deref().unwrap_or(Path::new("-")))?;
    let decision = text::parse_decision(&input.text).map_err(|e| CliError::from_topo(&input.name, e))?;
    let lights = decision.n * decision.n;
    let solvable = {
        let _spinner = Spinner::start(format!("deciding the {0} x {0} torus", decision.n), lights);
        decision.is_solvable().map_err(|e| CliError::from_topo(&input.name, e))?
    };
    writeln!(out, "{}", if solvable { "Yes" } else { "No" })?;
    Ok(())
}
