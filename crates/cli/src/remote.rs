//! `--scheduler ADDRESS`: the exact fewest-press proof, the statistics or the worst case on a
//! Dask cluster.
//!
//! Dask is a Python system, so the command line does not host it: it runs the Python package's
//! entry point, `python -m lightsout.distributed`, with the interpreter named by
//! `LIGHTSOUT_PYTHON` (default `python3`), sends the game (its spec text) and the board as JSON
//! on standard input and reads the answer back as JSON. The answer is checked (the presses must
//! turn the board off, the table must fit the game) and printed exactly as a local run prints.

use crate::error::{CliError, CliResult};
use lightsout_core::minimal::{MinimalSolution, Stats, WorstCase};
use lightsout_topo::Game;
use serde_json::{json, Value};
use std::io::{IsTerminal, Write};
use std::process::{Command, Stdio};

/// When the command started: a `--time-limit` holds for the whole run from here.
pub static STARTED: std::sync::OnceLock<std::time::SystemTime> = std::sync::OnceLock::new();

/// The environment variable naming the Python interpreter.
pub const PYTHON_VAR: &str = "LIGHTSOUT_PYTHON";

/// The fewest-press solution of `board`, proven on the cluster at `scheduler` (within
/// `seconds`: then the best found, not proven, with a lower bound).
pub fn minimal(game: &Game, board: &[u32], scheduler: &str, seconds: f64) -> CliResult<MinimalSolution> {
    let request = json!({ "spec": game.spec().to_string(), "lights": board });
    let answer = run("minimal", scheduler, seconds, &request)?;
    let bad = |what: &str| CliError::input(format!("the Dask search answered without a valid {what}: {answer}"));
    let presses: Vec<u32> = answer["presses"]
        .as_array()
        .ok_or_else(|| bad("presses"))?
        .iter()
        .map(|v| v.as_u64().and_then(|x| u32::try_from(x).ok()))
        .collect::<Option<_>>()
        .ok_or_else(|| bad("presses"))?;
    let number = |key: &str| answer[key].as_u64().ok_or_else(|| bad(key));
    let (weight, lower_bound, explored) = (number("weight")?, number("lower_bound")?, number("explored")?);
    let proven_optimal = answer["proven_optimal"].as_bool().ok_or_else(|| bad("proven_optimal"))?;
    let solves = game.apply(board, &presses).map(|after| after.iter().all(|&x| x == 0)).unwrap_or(false);
    if !solves || lightsout_core::minimal::weight(&presses) != weight || lower_bound > weight {
        return Err(CliError::input(format!(
            "the Dask search answered presses that do not solve this board with {weight} presses: \
             is the Python package the same version as this command?"
        )));
    }
    let method = lightsout_core::minimal::Method::GrayCode;
    Ok(MinimalSolution { presses, weight, proven_optimal, lower_bound, explored, method })
}

/// The statistics of `game`, counted on the cluster at `scheduler` within `seconds`, refused
/// past `max_work` coset members (`None`: the Python side's default).
pub fn stats(game: &Game, scheduler: &str, seconds: f64, max_work: Option<u64>) -> CliResult<Stats> {
    let request = json!({ "spec": game.spec().to_string() });
    let extra: Vec<String> = max_work.map(|w| vec!["--max-work".into(), w.to_string()]).unwrap_or_default();
    let answer = run_with("stats", scheduler, seconds, &request, &extra)?;
    let bad = || CliError::input(format!("the Dask statistics answered without a valid table: {answer}"));
    let histogram: Vec<u64> = answer["histogram"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(Value::as_u64)
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    let rank = answer["rank"].as_u64().ok_or_else(bad)? as usize;
    let p = game.modulus().get();
    let boards = (p as u128).checked_pow(rank as u32);
    let total: u128 = histogram.iter().map(|&x| x as u128).sum();
    if rank != game.rank()? || boards != Some(total) {
        return Err(CliError::input(format!(
            "the Dask statistics do not fit this game (rank {rank}, {total} boards): is the Python package the \
             same version as this command?"
        )));
    }
    Ok(Stats::from_histogram(p, game.size(), rank, histogram))
}

/// Where and how long a worst-case proof runs.
pub struct Cluster<'a> {
    /// The scheduler's address, or `local`.
    pub address: &'a str,
    /// The time limit of the whole run (infinite: none).
    pub seconds: f64,
    /// Tasks per decision (`None`: the default).
    pub tasks: Option<u64>,
}

/// The worst case of `game`, proven on the cluster; `files` are the checkpoint to record in
/// and the one to resume from. The answer is checked: its presses turn its board off, and
/// weigh what it says.
pub fn worst(
    game: &Game,
    on: &Cluster<'_>,
    max_work: Option<u64>,
    symmetry: crate::args::SymmetryKind,
    files: (Option<&std::path::Path>, Option<&std::path::Path>),
) -> CliResult<WorstCase> {
    let request = json!({ "spec": game.spec().to_string() });
    let mut extra: Vec<String> = Vec::new();
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
    for (flag, value) in [
        ("--tasks", on.tasks.map(|t| t.to_string())),
        ("--max-work", max_work.map(|w| w.to_string())),
        ("--checkpoint", files.0.map(path)),
        ("--resume", files.1.map(path)),
        // Only when asked: a Python side of an earlier version takes the default.
        ("--symmetry", (symmetry != crate::args::SymmetryKind::Detect).then(|| symmetry.choice().1.to_string())),
    ] {
        if let Some(value) = value {
            extra.extend([flag.to_string(), value]);
        }
    }
    let answer = run_with("worst", on.address, on.seconds, &request, &extra)?;
    let bad = |what: &str| CliError::input(format!("the Dask worst case answered without a valid {what}: {answer}"));
    let vector = |key: &str| -> CliResult<Vec<u32>> {
        answer[key]
            .as_array()
            .ok_or_else(|| bad(key))?
            .iter()
            .map(|v| v.as_u64().and_then(|x| u32::try_from(x).ok()))
            .collect::<Option<_>>()
            .ok_or_else(|| bad(key))
    };
    let (board, presses) = (vector("board")?, vector("presses")?);
    let number = |key: &str| answer[key].as_u64().ok_or_else(|| bad(key));
    let (weight, upper_bound, explored) = (number("weight")?, number("upper_bound")?, number("explored")?);
    let proven_optimal = answer["proven_optimal"].as_bool().ok_or_else(|| bad("proven_optimal"))?;
    let note = answer["note"].as_str().map(str::to_string);
    let solves = game.apply(&board, &presses).map(|after| after.iter().all(|&x| x == 0)).unwrap_or(false);
    if !solves || lightsout_core::minimal::weight(&presses) != weight || upper_bound < weight {
        return Err(CliError::input(format!(
            "the Dask worst case answered a board that its presses do not turn off with {weight} presses: \
             is the Python package the same version as this command?"
        )));
    }
    Ok(WorstCase { board, presses, weight, proven_optimal, upper_bound, explored, note })
}

/// Run `python -m lightsout.distributed COMMAND` and read its JSON answer.
fn run(command: &str, scheduler: &str, seconds: f64, request: &Value) -> CliResult<Value> {
    run_with(command, scheduler, seconds, request, &[])
}

/// [`run`] with more arguments for the entry point.
fn run_with(command: &str, scheduler: &str, seconds: f64, request: &Value, extra: &[String]) -> CliResult<Value> {
    let python = std::env::var(PYTHON_VAR).ok().filter(|p| !p.trim().is_empty()).unwrap_or_else(|| "python3".into());
    let mut args =
        vec!["-m".to_string(), "lightsout.distributed".into(), command.into(), "--scheduler".into(), scheduler.into()];
    if seconds.is_finite() {
        args.extend(["--max-time".into(), seconds.to_string()]);
    }
    args.extend(extra.iter().cloned());
    // The limit holds for the whole run: the interpreter's start-up, connecting to the scheduler
    // or starting a local cluster count inside it, so the Python side is told when it ends.
    let start = STARTED.get().copied().unwrap_or_else(std::time::SystemTime::now);
    let start = start.duration_since(std::time::UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
    if seconds.is_finite() {
        args.extend(["--deadline".into(), format!("{:.3}", start + seconds)]);
    }
    if std::io::stderr().is_terminal() {
        args.push("--progress".into());
    }
    let install = format!(
        "--scheduler runs the search through Python: install the package there with \
         `{python} -m pip install 'lightsout-solver[dask]'`, or set {PYTHON_VAR} to an interpreter that has it"
    );
    let mut child = Command::new(&python)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| CliError::input(format!("cannot start {python:?} ({e}). {install}")))?;
    if let Some(mut stdin) = child.stdin.take() {
        // A child that exits at once closes the pipe; its status says why.
        let _ = stdin.write_all(request.to_string().as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| CliError::input(format!("{python:?} failed: {e}")))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let answer: Option<Value> = text.lines().rev().find_map(|l| serde_json::from_str(l).ok());
    match answer {
        Some(Value::Object(map)) if map.contains_key("error") => {
            let message = map["error"].as_str().unwrap_or("unknown error").to_string();
            if map.contains_key("checkpoint") {
                // The file's fault, not the cluster's: the message names the file and the field.
                return Err(CliError::input(message));
            }
            Err(CliError::input(format!("the Dask run at {scheduler} failed: {message}")))
        }
        Some(value) if out.status.success() => Ok(value),
        _ => Err(CliError::input(format!(
            "`{python} -m lightsout.distributed` failed ({}) without an answer. {install}",
            out.status
        ))),
    }
}
