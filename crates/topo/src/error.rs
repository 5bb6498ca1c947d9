//! The error type of `lightsout-topo`: core errors pass through unchanged, plus parse errors
//! that name the line and column, and unknown preset names that list the known ones.

use thiserror::Error;

/// Everything that can go wrong when describing, parsing or drawing a game.
///
/// Size limits, lengths, entries out of range and other bad arguments are reported with the
/// core's variants (wrapped in [`Error::Core`]) so that every binding maps one set of kinds.
///
/// ```
/// use lightsout_topo::{Error, Game};
/// let err = Game::preset("nope").unwrap_err();
/// assert!(matches!(err, Error::UnknownPreset { .. }));
/// assert!(err.to_string().contains("classic"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// An error from the core: bad modulus, wrong length, entry out of range, too large,
    /// invalid argument, or an unsolvable board (with its obstruction).
    #[error(transparent)]
    Core(#[from] lightsout_core::Error),
    /// Text that does not follow a documented format. Lines and columns count from 1.
    #[error("line {line}, column {column}: {message}")]
    Parse {
        /// The line of the offending text (1-based).
        line: usize,
        /// The column (1-based, in characters) where the problem starts.
        column: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// A preset name that does not exist.
    #[error("unknown preset {name:?}; expected one of: {known}")]
    UnknownPreset {
        /// The name that was asked for.
        name: String,
        /// The known names, comma-separated.
        known: String,
    },
}

impl Error {
    /// Whether this error says that a board has no solution (rather than that the input was bad).
    pub fn is_unsolvable(&self) -> bool {
        matches!(self, Error::Core(lightsout_core::Error::Unsolvable { .. }))
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Error::Core(lightsout_core::Error::InvalidArgument(message.into()))
    }

    pub(crate) fn too_large(what: &'static str, needed: u128, unit: &'static str, limit: u128) -> Self {
        Error::Core(lightsout_core::Error::TooLarge { what, needed, unit, limit })
    }

    pub(crate) fn parse(line: usize, column: usize, message: impl Into<String>) -> Self {
        Error::Parse { line, column, message: message.into() }
    }
}

/// Short for `Result<T, lightsout_topo::Error>`.
pub type Result<T> = std::result::Result<T, Error>;
