//! The worst-case table as data: `lightsout worst --record FILE` merges a run's answer into a
//! JSON table of games, and `lightsout worst --check FILE` checks every witness in it.
//!
//! The file is `{"about": ..., "entries": [...]}`; each entry names its game twice, for people
//! (`game`, `lights`, `modulus`, `nullity`) and for the program (`spec`, the text that
//! `Game::from_spec` rebuilds it from), and holds the best bounds known: `lower`, the presses
//! that the `witness` board (its rows in the board format) needs, `upper`, a bound no board
//! exceeds, `proven` when the two meet, and the runs that established each (`lower_run`,
//! `upper_run`). Recording keeps the better of the old and the new bound on each side, and
//! every other field of the table and its entries as it was.

use crate::error::{CliError, CliResult};
use lightsout_core::minimal::{Budget, WorstCase};
use lightsout_topo::{text, Game, Spec};
use serde_json::{json, Map, Value};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

const ABOUT: &str = "The worst case of Lights Out games: the most presses any solvable board needs. \
    lower: the witness board (its rows, one digit per light) needs exactly this many presses; \
    upper: no solvable board needs more; proven when they meet. Check every witness with \
    `lightsout worst --check FILE`; add or improve an entry with `lightsout worst ... --record FILE`.";

/// Read the table at `path`: its other fields and its entries (an empty table when the file
/// does not exist and `missing_ok`).
fn read(path: &Path, missing_ok: bool) -> CliResult<(Map<String, Value>, Vec<Map<String, Value>>)> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if missing_ok && e.kind() == std::io::ErrorKind::NotFound => return Ok((Map::new(), Vec::new())),
        Err(e) => return Err(CliError::input(format!("{}: cannot read the table: {e}", path.display()))),
    };
    let bad = |what: String| CliError::input(format!("{}: {what}", path.display()));
    let value: Value = serde_json::from_str(&text).map_err(|e| bad(format!("not a worst-case table (JSON: {e})")))?;
    let entries = value
        .get("entries")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("expected an object with an \"entries\" list".into()))?;
    let entries = entries
        .iter()
        .enumerate()
        .map(|(i, e)| e.as_object().cloned().ok_or_else(|| bad(format!("entry {} is not an object", i + 1))))
        .collect::<CliResult<Vec<_>>>()?;
    let mut rest = value.as_object().cloned().unwrap_or_default();
    rest.remove("entries");
    Ok((rest, entries))
}

/// A whole-number field of an entry.
fn number(entry: &Map<String, Value>, key: &str) -> Result<u64, String> {
    entry.get(key).and_then(Value::as_u64).ok_or_else(|| format!("expected a whole number \"{key}\""))
}

/// The game of an entry, rebuilt from its spec.
fn game_of(entry: &Map<String, Value>) -> Result<Game, String> {
    let spec = entry.get("spec").and_then(Value::as_str).ok_or("expected a \"spec\" text")?;
    let spec: Spec = spec.parse().map_err(|e| format!("its spec: {e}"))?;
    Game::from_spec(spec).map_err(|e| format!("its spec: {e}"))
}

/// The witness board of an entry, parsed for its game.
fn witness_of(entry: &Map<String, Value>, game: &Game) -> Result<Vec<u32>, String> {
    let rows = entry.get("witness").and_then(Value::as_array).ok_or("expected a \"witness\" list of rows")?;
    let rows: Option<Vec<&str>> = rows.iter().map(Value::as_str).collect();
    let rows = rows.ok_or("expected the witness rows as text")?;
    text::parse_lights(game, &rows.join("\n")).map_err(|e| format!("its witness: {e}"))
}

/// Check one entry: its game and nullity, its bounds, and that its witness needs exactly
/// `lower` presses (the fewest-press search, every solution visited). The line to print.
fn check_entry(entry: &Map<String, Value>) -> Result<String, String> {
    let game = game_of(entry)?;
    let nullity = game.nullity().map_err(|e| e.to_string())? as u64;
    let (lower, upper) = (number(entry, "lower")?, number(entry, "upper")?);
    let proven = entry.get("proven").and_then(Value::as_bool).ok_or("expected \"proven\": true or false")?;
    for (key, truth) in [("lights", game.size() as u64), ("modulus", game.modulus().get() as u64), ("nullity", nullity)]
    {
        let said = number(entry, key)?;
        if said != truth {
            return Err(format!("\"{key}\" says {said}, the game has {truth}"));
        }
    }
    if lower > upper || proven != (lower == upper) {
        return Err(format!("the bounds {lower} .. {upper} do not match \"proven\": {proven}"));
    }
    let board = witness_of(entry, &game)?;
    let best = game.minimal_solution(&board, &Budget::unlimited()).map_err(|e| format!("its witness: {e}"))?;
    if !best.proven_optimal || best.weight != lower {
        return Err(format!("its witness needs {} presses, the entry says {lower}", best.weight));
    }
    let bounds = if proven { format!("{lower}, proven") } else { format!("{lower} .. {upper}") };
    Ok(format!("{bounds}: the witness needs exactly {lower} presses"))
}

/// `lightsout worst --check FILE`: check every entry (those of nullity at most `max_nullity`,
/// when given), one line each; an error naming the entries that fail.
pub fn check(path: &Path, max_nullity: Option<u64>, out: &mut dyn Write) -> CliResult<()> {
    let (_, entries) = read(path, false)?;
    let (mut checked, mut failed) = (0usize, Vec::new());
    for (i, entry) in entries.iter().enumerate() {
        let name = entry.get("game").and_then(Value::as_str).unwrap_or("?").to_string();
        let nullity = entry.get("nullity").and_then(Value::as_u64);
        if let (Some(most), Some(nullity)) = (max_nullity, nullity) {
            if nullity > most {
                writeln!(out, "{name}: skipped (nullity {nullity} > {most})")?;
                continue;
            }
        }
        let start = Instant::now();
        match check_entry(entry) {
            Ok(line) => {
                checked += 1;
                writeln!(out, "{name}: {line} ({:.2} s)", start.elapsed().as_secs_f64())?;
            }
            Err(why) => {
                writeln!(out, "{name}: WRONG: {why}")?;
                failed.push(format!("entry {} ({name})", i + 1));
            }
        }
    }
    if !failed.is_empty() {
        return Err(CliError::input(format!("{}: {} wrong: {}", path.display(), failed.len(), failed.join(", "))));
    }
    writeln!(out, "{checked} entries checked, every witness needs exactly its lower bound")?;
    Ok(())
}

/// `lightsout worst ... --record FILE`: merge `worst` for `game` into the table (a new entry,
/// or a better lower or upper bound for an existing one, with `run` as the run that
/// established it) and write the table back. Returns what changed, for the user.
pub fn record(path: &Path, game: &Game, worst: &WorstCase, run: &str) -> CliResult<String> {
    let (mut table, mut entries) = read(path, true)?;
    let spec = game.spec().to_string();
    let rows: Vec<Value> = text::format_board(game, &worst.board)
        .map_err(|e| CliError::input(e.to_string()))?
        .lines()
        .map(|l| Value::String(l.to_string()))
        .collect();
    let nullity = game.nullity().map_err(|e| CliError::input(e.to_string()))?;
    let at = entries.iter().position(|e| e.get("spec").and_then(Value::as_str) == Some(spec.as_str()));
    let changed = match at {
        None => {
            let entry = json!({
                "game": game.describe(),
                "spec": spec,
                "lights": game.size(),
                "modulus": game.modulus().get(),
                "nullity": nullity,
                "lower": worst.weight,
                "upper": worst.upper_bound,
                "proven": worst.proven_optimal,
                "witness": rows,
                "lower_run": run,
                "upper_run": run,
            });
            entries.push(entry.as_object().expect("an object").clone());
            format!("new entry {} .. {}", worst.weight, worst.upper_bound)
        }
        Some(i) => {
            let entry = &mut entries[i];
            let bad = |what: String| CliError::input(format!("{}: {} entry: {what}", path.display(), game.describe()));
            let lower = number(entry, "lower").map_err(bad)?;
            let upper = number(entry, "upper").map_err(bad)?;
            let mut changes = Vec::new();
            if worst.weight > lower {
                entry.insert("lower".into(), json!(worst.weight));
                entry.insert("witness".into(), Value::Array(rows));
                entry.insert("lower_run".into(), json!(run));
                changes.push(format!("lower bound {lower} -> {}", worst.weight));
            }
            if worst.upper_bound < upper {
                entry.insert("upper".into(), json!(worst.upper_bound));
                entry.insert("upper_run".into(), json!(run));
                changes.push(format!("upper bound {upper} -> {}", worst.upper_bound));
            }
            let (lower, upper) = (lower.max(worst.weight), upper.min(worst.upper_bound));
            if lower > upper {
                return Err(CliError::input(format!(
                    "{}: {}: the new bounds contradict the table ({lower} > {upper}); the table is left as it was",
                    path.display(),
                    game.describe()
                )));
            }
            entry.insert("proven".into(), json!(lower == upper));
            if changes.is_empty() {
                format!("no better than the table's {lower} .. {upper}; left as it was")
            } else {
                changes.join(", ")
            }
        }
    };
    // The table's other fields stay as they are (a new table gets the description).
    table.entry("about").or_insert_with(|| json!(ABOUT));
    table.insert("entries".into(), Value::Array(entries.into_iter().map(Value::Object).collect()));
    let mut text = serde_json::to_string_pretty(&table).map_err(|e| CliError::input(e.to_string()))?;
    text.push('\n');
    std::fs::write(path, text)
        .map_err(|e| CliError::input(format!("{}: cannot write the table: {e}", path.display())))?;
    Ok(changed)
}
