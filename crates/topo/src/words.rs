//! Each front end's own words for the things a message names.
//!
//! The library's messages name a compact board format in Rust's words
//! (`BoardFormat::PACKED`); a front end passes every message through [`in_words_of`] on its
//! way out, so that Python says `packed=True`, C `LIGHTSOUT_BOARD_PACKED` and the command line
//! its image files. The phrases are whole, so a translation never meets a word by accident.
//!
//! ```
//! use lightsout_topo::words::{in_words_of, FrontEnd};
//! let e = lightsout_topo::Game::grid(40_000, 40_000, 2).unwrap().random_solvable(1).unwrap_err().to_string();
//! assert!(e.contains("pass BoardFormat::PACKED (one bit a light)"), "{e}");
//! assert!(in_words_of(FrontEnd::Python, &e).contains("pass packed=True (one bit a light)"));
//! assert!(in_words_of(FrontEnd::C, &e).contains("pass LIGHTSOUT_BOARD_PACKED (one bit a light)"));
//! let cli = in_words_of(FrontEnd::CommandLine, &e);
//! assert!(cli.contains("give the board as a .pbm image (one bit a light)") && !cli.contains("packed="), "{cli}");
//! ```

/// Where a message is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontEnd {
    /// The Rust crates: the messages as they are.
    Rust,
    /// The Python package.
    Python,
    /// The C ABI.
    C,
    /// The `lightsout` command.
    CommandLine,
}

/// The packed board over GF(2), in Rust's words.
pub(crate) const PACKED_BITS: &str = "BoardFormat::PACKED (one bit a light)";
/// The packed board over GF(3), in Rust's words.
pub(crate) const PACKED_TRITS: &str = "BoardFormat::PACKED (two bits a light)";
/// The board of one byte a light, in Rust's words.
pub(crate) const BYTES: &str = "BoardFormat::BYTES (one byte a light)";

/// Each phrase as `pass {phrase}` reads in Rust, and its words in Python, C and the command
/// line (which has no packed board over GF(3): it names the other front ends').
const PHRASES: [(&str, [&str; 3]); 3] = [
    (
        "pass BoardFormat::PACKED (one bit a light)",
        [
            "pass packed=True (one bit a light)",
            "pass LIGHTSOUT_BOARD_PACKED (one bit a light)",
            "give the board as a .pbm image (one bit a light)",
        ],
    ),
    (
        "pass BoardFormat::PACKED (two bits a light)",
        [
            "pass packed=True (two bits a light)",
            "pass LIGHTSOUT_BOARD_PACKED (two bits a light)",
            "use Python's packed=True or C's LIGHTSOUT_BOARD_PACKED (two bits a light; the command line reads \
             one byte a light)",
        ],
    ),
    (
        "pass BoardFormat::BYTES (one byte a light)",
        [
            "pass a uint8 array (one byte a light)",
            "pass LIGHTSOUT_BOARD_BYTES (one byte a light)",
            "give the board as a .pgm image (one byte a light)",
        ],
    ),
];

/// `message` in the words of `front`: each phrase of the table replaced by that front end's.
pub fn in_words_of(front: FrontEnd, message: &str) -> String {
    let column = match front {
        FrontEnd::Rust => return message.to_string(),
        FrontEnd::Python => 0,
        FrontEnd::C => 1,
        FrontEnd::CommandLine => 2,
    };
    let mut text = message.to_string();
    for (rust, theirs) in PHRASES {
        if text.contains(rust) {
            text = text.replace(rust, theirs[column]);
        }
    }
    text
}
