//! One error type for the whole command: what went wrong, which exit status it maps to, and
//! where it came from (a file name is prefixed to parse errors so the message names file, line
//! and column).

use std::fmt;

/// Exit status for success (and for both answers of `decide`).
pub const EXIT_OK: i32 = 0;
/// Exit status of `solve` when the board has no solution.
pub const EXIT_UNSOLVABLE: i32 = 1;
/// Exit status for bad usage or bad input.
pub const EXIT_USAGE: i32 = 2;

/// Why the command stops early.
#[derive(Debug)]
pub enum CliError {
    /// Bad usage or bad input: printed as `error: …`, exit status 2.
    Input(String),
    /// The board has no solution; the explanation was already printed. Exit status 1.
    Unsolvable,
    /// Standard output went away (a closed pipe): stop quietly with status 0.
    ClosedOutput,
    /// Any other I/O failure while writing the output: exit status 2.
    Output(std::io::Error),
}

impl CliError {
    /// Bad input or usage with a message saying what was wrong and what was expected.
    pub fn input(message: impl Into<String>) -> Self {
        CliError::Input(message.into())
    }

    /// A topo/core error about input from `source` (a file name, `<stdin>`, or an option such
    /// as `--grid`): `source: message`.
    pub fn from_topo(source: &str, err: lightsout_topo::Error) -> Self {
        CliError::Input(format!("{source}: {}", in_cli_words(err)))
    }

    /// The exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) | CliError::Output(_) => EXIT_USAGE,
            CliError::Unsolvable => EXIT_UNSOLVABLE,
            CliError::ClosedOutput => EXIT_OK,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) => f.write_str(m),
            CliError::Unsolvable => f.write_str("the board is not solvable"),
            CliError::ClosedOutput => f.write_str("standard output was closed"),
            CliError::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError::ClosedOutput
        } else {
            CliError::Output(e)
        }
    }
}

impl From<lightsout_topo::Error> for CliError {
    fn from(e: lightsout_topo::Error) -> Self {
        CliError::Input(in_cli_words(e))
    }
}

impl From<lightsout_core::Error> for CliError {
    fn from(e: lightsout_core::Error) -> Self {
        CliError::Input(in_cli_words(e))
    }
}

/// A library error's message in the command line's words (its image files, not Python's
/// `packed=True`).
fn in_cli_words(e: impl fmt::Display) -> String {
    lightsout_topo::words::in_words_of(lightsout_topo::words::FrontEnd::CommandLine, &e.to_string())
}

/// Short for `Result<T, CliError>`.
pub type CliResult<T> = Result<T, CliError>;
