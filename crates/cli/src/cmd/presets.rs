//! `lightsout presets`: the built-in games.

use crate::error::CliResult;
use lightsout_topo::Game;
use std::io::Write;

/// List every preset with its description.
pub fn run(out: &mut dyn Write) -> CliResult<()> {
    let width = Game::presets().iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    for (name, description) in Game::presets() {
        writeln!(out, "{name:<width$}  {description}")?;
    }
    Ok(())
}
