//! Text formats shared by the command line, Python and C: boards (with holes), the decision
//! format of the torus seed, and graph edge lists.
//!
//! # Boards
//!
//! One line per row of the natural array. Each cell is a digit `0..p-1` (the state of that
//! light, or the number of presses), `.` (also 0), or `#` for a hole (no light, no button).
//! For p <= 10 a row is read character by character (`1.0#1`); a row containing blanks is read
//! as blank-separated cells (`1 0 # 1`). For p > 10 every row is blank-separated numbers
//! (`12 0 # 3`), which is also how [`format_board`] prints them. Leading and trailing blank
//! lines, leading and trailing blanks of a row, and a byte-order mark are ignored; every row
//! must have the same number of cells.
//!
//! A cube is written as its 6 faces (up, left, front, right, back, down; see
//! [`crate::Shape::Cube`]) one after another, each `k` rows, separated by one blank line.
//! A graph or explicit game is one row of `n` cells.
//!
//! ```
//! use lightsout_topo::{text, Game};
//! let (game, lights) = text::parse_board("1#1\n010\n", 2).unwrap();
//! assert_eq!(text::format_board(&game, &lights).unwrap(), "1#1\n010\n");
//! assert_eq!((game.size(), lights), (5, vec![1, 1, 0, 1, 0]));
//! ```

mod board;
mod decision;
mod edges;

pub use board::{format_board, parse_board, parse_board_with, parse_lights};
pub use decision::{parse_decision, Decision};
pub use edges::{parse_edge_list, EdgeList};

use crate::error::{Error, Result};

/// Text without a leading byte-order mark (some editors write one).
pub(crate) fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The 1-based column (in characters) where word `index` of a line starts, or the end of the line.
pub(crate) fn word_column(line: &str, index: usize) -> usize {
    let mut seen = 0;
    let mut in_word = false;
    for (i, ch) in line.chars().enumerate() {
        if ch.is_whitespace() {
            in_word = false;
        } else if !in_word {
            if seen == index {
                return i + 1;
            }
            seen += 1;
            in_word = true;
        }
    }
    line.chars().count() + 1
}

/// A non-negative integer in a text format, or what was wrong with it (`expected` says what the
/// word should be): a run of digits past 2^64 - 1 is "too large", anything else "not a
/// non-negative integer".
pub(crate) fn count(word: &str, expected: &str) -> std::result::Result<u64, String> {
    word.parse().map_err(|_| {
        if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) {
            format!("expected {expected}, found {word}, which is too large (at most {})", u64::MAX)
        } else {
            format!("expected {expected} (a non-negative integer), found {word:?}")
        }
    })
}

/// Exactly `N` non-negative integers on a line, or an error naming the first bad word.
pub(crate) fn numbers<const N: usize>(line_no: usize, line: &str, names: [&str; N]) -> Result<[u64; N]> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = [0u64; N];
    for (i, name) in names.iter().enumerate() {
        let column = word_column(line, i);
        let word = words
            .get(i)
            .ok_or_else(|| Error::parse(line_no, column, format!("expected {name}, found the end of the line")))?;
        out[i] = count(word, name).map_err(|message| Error::parse(line_no, column, message))?;
    }
    if words.len() > N {
        let column = word_column(line, N);
        let want = names.join(" ");
        return Err(Error::parse(
            line_no,
            column,
            format!("expected only \"{want}\" on this line, found {:?}", words[N]),
        ));
    }
    Ok(out)
}

/// The blank-separated words of a line with their 1-based columns (in characters).
pub(crate) fn words_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (column, byte offset)
    let mut column = 0;
    for (byte, ch) in line.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (true, Some((c, b))) => {
                out.push((c, &line[b..byte]));
                start = None;
            }
            (false, None) => start = Some((column, byte)),
            _ => {}
        }
    }
    if let Some((c, b)) = start {
        out.push((c, &line[b..]));
    }
    out
}
