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

use crate::error::{Error, Result};
use crate::game::Game;
use crate::shape::{Rule, Shape, MAX_CELLS};
use std::fmt::Write as _;

/// One parsed cell: `None` is a hole.
type Cell = Option<u32>;

/// A parsed rectangle of cells with the position of each row for error messages.
struct Rows {
    rows: Vec<Vec<Cell>>,
    lines: Vec<usize>,
}

fn parse_row(line_no: usize, line: &str, modulus: u32) -> Result<Vec<Cell>> {
    let value = |column: usize, token: &str| -> Result<Cell> {
        match token {
            "#" => Ok(None),
            "." => Ok(Some(0)),
            _ => match token.parse::<u64>() {
                Ok(v) if v < modulus as u64 => Ok(Some(v as u32)),
                Ok(v) => Err(Error::parse(
                    line_no,
                    column,
                    format!("cell value {v} is out of range: expected 0 to {} (the modulus is {modulus})", modulus - 1),
                )),
                Err(_) => Err(Error::parse(
                    line_no,
                    column,
                    format!("expected a cell value 0 to {}, '.' or '#', found {token:?}", modulus - 1),
                )),
            },
        }
    };
    let trimmed = line.trim_end();
    let token_mode = modulus > 10 || trimmed.trim_start().contains(char::is_whitespace);
    if token_mode {
        let mut cells = Vec::new();
        let mut chars = trimmed.char_indices().peekable();
        let mut column = 0;
        while let Some(&(start, ch)) = chars.peek() {
            column += 1;
            if ch.is_whitespace() {
                chars.next();
                continue;
            }
            let start_column = column;
            let mut end = start + ch.len_utf8();
            chars.next();
            while let Some(&(i, c)) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                end = i + c.len_utf8();
                column += 1;
                chars.next();
            }
            cells.push(value(start_column, &trimmed[start..end])?);
        }
        Ok(cells)
    } else {
        // Leading blanks are indentation, not cells; columns still count them.
        let indent = trimmed.chars().take_while(|c| c.is_whitespace()).count();
        trimmed.chars().enumerate().skip(indent).map(|(i, ch)| value(i + 1, ch.encode_utf8(&mut [0; 4]))).collect()
    }
}

/// Parse blocks of rows separated by blank lines.
/// Text without a leading byte-order mark (some editors write one).
fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

fn parse_blocks(text: &str, modulus: u32) -> Result<Vec<Rows>> {
    let text = strip_bom(text);
    let mut blocks: Vec<Rows> = Vec::new();
    let mut current: Option<Rows> = None;
    let mut total: u128 = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            blocks.extend(current.take());
            continue;
        }
        let row = parse_row(i + 1, line, modulus)?;
        total += row.len().max(1) as u128;
        if total > MAX_CELLS {
            return Err(Error::too_large("the board text", total, "cells", MAX_CELLS));
        }
        let block = current.get_or_insert_with(|| Rows { rows: Vec::new(), lines: Vec::new() });
        block.rows.push(row);
        block.lines.push(i + 1);
    }
    blocks.extend(current);
    if blocks.is_empty() {
        return Err(Error::parse(1, 1, "expected a board (one line per row), found no rows"));
    }
    Ok(blocks)
}

/// Check that every row of a block has `width` cells.
fn check_width(block: &Rows, width: usize) -> Result<()> {
    for (row, &line) in block.rows.iter().zip(&block.lines) {
        if row.len() != width {
            return Err(Error::parse(
                line,
                1,
                format!("expected {width} cells in this row (like the rows before), found {}", row.len()),
            ));
        }
    }
    Ok(())
}

/// A board as a game and its lights: a full grid if there are no holes, otherwise a board
/// with holes, both with the plus rule.
pub fn parse_board(text: &str, modulus: u64) -> Result<(Game, Vec<u32>)> {
    parse_board_with(text, Rule::Plus, modulus)
}

/// Like [`parse_board`] with another press rule.
///
/// ```
/// use lightsout_topo::{text, Rule};
/// let (game, lights) = text::parse_board_with("11\n11\n", Rule::Moore, 2).unwrap();
/// assert_eq!(game.solve(&lights).unwrap(), vec![1, 0, 0, 0]);
/// ```
pub fn parse_board_with(text: &str, rule: Rule, modulus: u64) -> Result<(Game, Vec<u32>)> {
    let p = lightsout_core::Modulus::new(modulus)?.get();
    let blocks = parse_blocks(text, p)?;
    if blocks.len() > 1 {
        return Err(Error::parse(
            blocks[1].lines[0] - 1,
            1,
            "expected one block of rows, found a blank line inside the board",
        ));
    }
    let block = &blocks[0];
    let cols = block.rows[0].len();
    check_width(block, cols)?;
    let rows = block.rows.len();
    let cells: Vec<Cell> = block.rows.iter().flatten().copied().collect();
    let shape = if cells.iter().all(Option::is_some) {
        Shape::Grid { rows, cols }
    } else {
        Shape::Mask { rows, cols, cells: cells.iter().map(Option::is_some).collect() }
    };
    let game = Game::with_rule(shape, rule, modulus)?;
    let lights = cells.into_iter().flatten().collect();
    Ok((game, lights))
}

/// Parse a board for a known game: the text must have the game's natural shape, with `#`
/// exactly at its holes. Used for `--lights FILE` and for parsing solutions back.
///
/// ```
/// use lightsout_topo::{text, Game};
/// let cube = Game::cube(1, 2).unwrap();
/// let lights = text::parse_lights(&cube, "1\n\n0\n\n0\n\n0\n\n0\n\n1\n").unwrap();
/// assert_eq!(lights, vec![1, 0, 0, 0, 0, 1]);
/// assert!(text::parse_lights(&Game::grid(2, 2, 2).unwrap(), "11\n").is_err());
/// ```
pub fn parse_lights(game: &Game, text: &str) -> Result<Vec<u32>> {
    let p = game.modulus().get();
    let blocks = parse_blocks(text, p)?;
    let dims = game.dims();
    let (block_count, rows, cols) = match dims.as_slice() {
        [rows, cols] => (1, *rows, *cols),
        [faces, k, k2] => (*faces, *k, *k2),
        [n] => (1, 1, *n),
        _ => unreachable!("a shape has 1, 2 or 3 dimensions"),
    };
    if blocks.len() != block_count {
        let last = blocks.last().and_then(|b| b.lines.last()).copied().unwrap_or(1);
        return Err(Error::parse(
            last,
            1,
            format!(
                "expected {block_count} block(s) of rows separated by blank lines for a {}, found {}",
                game.shape().describe(),
                blocks.len()
            ),
        ));
    }
    let mut cells = Vec::with_capacity(game.shape().cells());
    for block in &blocks {
        if block.rows.len() != rows {
            return Err(Error::parse(
                block.lines[0],
                1,
                format!("expected {rows} rows for a {}, found {}", game.shape().describe(), block.rows.len()),
            ));
        }
        check_width(block, cols)?;
        for (row, &line) in block.rows.iter().zip(&block.lines) {
            for (c, cell) in row.iter().enumerate() {
                let index = cells.len();
                match (cell, game.is_hole(index)) {
                    (Some(v), false) => cells.push(*v),
                    (None, true) => cells.push(0),
                    (None, false) => {
                        return Err(Error::parse(line, c + 1, "expected a light here, found a hole '#'"));
                    }
                    (Some(_), true) => {
                        return Err(Error::parse(
                            line,
                            c + 1,
                            "expected a hole '#' here (the board has no light there)",
                        ));
                    }
                }
            }
        }
    }
    game.lights_from_cells(&cells)
}

/// Print a light vector (a board or presses) in the board format, in the game's natural
/// shape, with `#` for holes. [`parse_lights`] (and [`parse_board`] for grids and masks)
/// read it back.
pub fn format_board(game: &Game, values: &[u32]) -> Result<String> {
    let cells = game.cells_from_lights(values)?;
    let p = game.modulus().get();
    let width = (p - 1).to_string().len();
    let dims = game.dims();
    let cols = *dims.last().unwrap_or(&1);
    let rows_per_block = if dims.len() == 3 { dims[1] } else { usize::MAX };
    let per_cell = if p > 10 { width + 1 } else { 1 };
    let mut out = String::with_capacity(cells.len() * per_cell + cells.len() / cols.max(1) * 2);
    for (r, row) in cells.chunks(cols.max(1)).enumerate() {
        if r > 0 && r % rows_per_block == 0 {
            out.push('\n');
        }
        for (c, &v) in row.iter().enumerate() {
            let hole = game.is_hole(r * cols + c);
            if p > 10 {
                if c > 0 {
                    out.push(' ');
                }
                if hole {
                    let _ = write!(out, "{:>width$}", "#");
                } else {
                    let _ = write!(out, "{v:>width$}");
                }
            } else if hole {
                out.push('#');
            } else {
                out.push(char::from(b'0' + v as u8));
            }
        }
        out.push('\n');
    }
    Ok(out)
}

/// The seed's decision problem: an `n x n` torus (plus rule, GF(2)) and its lit lights.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Side of the torus.
    pub n: usize,
    /// The lit lights as `(row, col)`, 0-based, in the order given.
    pub lit: Vec<(usize, usize)>,
}

impl Decision {
    /// The `n x n` torus over GF(2).
    pub fn game(&self) -> Result<Game> {
        Game::torus(self.n, self.n, 2)
    }

    /// The board: 1 at every lit light (row-major). An error if the fields were set by hand
    /// to something [`parse_decision`] would refuse (a board too large, a light outside it).
    pub fn lights(&self) -> Result<Vec<u32>> {
        let game = self.game()?;
        let mut lights = vec![0; game.size()];
        for &(r, c) in &self.lit {
            let light = game
                .light_at(&[r, c])
                .ok_or_else(|| Error::invalid(format!("lit light ({r}, {c}) is outside the {0}x{0} board", self.n)))?;
            lights[light] = 1;
        }
        Ok(lights)
    }

    /// Whether the board can be turned off (the answer `Yes`), by the core's structured torus
    /// solver, so large tori are decided without the N x N matrix.
    ///
    /// ```
    /// let d = lightsout_topo::text::parse_decision("2\n1\n0 0\n").unwrap();
    /// assert!(d.is_solvable().is_ok());
    /// ```
    pub fn is_solvable(&self) -> Result<bool> {
        // One chase and a 2n x 2n elimination: about a second for n = 2000.
        Ok(lightsout_core::structured::torus_decide_gf2(self.n, &self.lit)?)
    }
}

/// Parse the decision format: a line with n (side of the torus), a line with k (the number of
/// lit lights), then k lines `row col` (0-based). Blank lines are skipped. Duplicates,
/// coordinates outside the board, a count that does not match the lines, and anything that is
/// not a number are errors naming the line and column.
///
/// ```
/// use lightsout_topo::text::parse_decision;
/// let d = parse_decision("3\n3\n0 1\n0 2\n1 0\n").unwrap();
/// assert_eq!((d.n, d.lit.len()), (3, 3));
/// assert!(parse_decision("3\n1\n0 3\n").unwrap_err().to_string().contains("line 3"));
/// ```
pub fn parse_decision(text: &str) -> Result<Decision> {
    let text = strip_bom(text);
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()).map(|(i, l)| (i + 1, l));
    let last_line = text.lines().count().max(1);
    let (ln, line) =
        lines.next().ok_or_else(|| Error::parse(1, 1, "expected n (the side of the torus), found nothing"))?;
    let [n] = numbers::<1>(ln, line, ["n (the side of the torus)"])?;
    if n == 0 {
        return Err(Error::parse(ln, 1, "expected n >= 1 (the side of the torus), found 0"));
    }
    let cells = (n as u128) * (n as u128);
    if cells > MAX_CELLS {
        return Err(Error::too_large("the torus", cells, "cells", MAX_CELLS));
    }
    let n = n as usize;
    let (ln, line) = lines
        .next()
        .ok_or_else(|| Error::parse(last_line + 1, 1, "expected k (the number of lit lights), found the end"))?;
    let [k] = numbers::<1>(ln, line, ["k (the number of lit lights)"])?;
    if k as u128 > cells {
        return Err(Error::parse(ln, 1, format!("k = {k} lit lights cannot fit on a {n}x{n} board ({cells} lights)")));
    }
    let k = k as usize;
    let mut seen = vec![false; n * n];
    let mut lit = Vec::with_capacity(k);
    for i in 0..k {
        let (ln, line) = lines.next().ok_or_else(|| {
            Error::parse(last_line + 1, 1, format!("expected {k} coordinate lines \"row col\", found only {i}"))
        })?;
        let [r, c] = numbers::<2>(ln, line, ["row", "col"])?;
        for (value, what, word) in [(r, "row", 0), (c, "column", 1)] {
            if value >= n as u64 {
                let column = word_column(line, word);
                return Err(Error::parse(
                    ln,
                    column,
                    format!("{what} {value} is outside the board: expected 0 to {}", n - 1),
                ));
            }
        }
        let (r, c) = (r as usize, c as usize);
        if std::mem::replace(&mut seen[r * n + c], true) {
            return Err(Error::parse(ln, 1, format!("light ({r}, {c}) is listed twice")));
        }
        lit.push((r, c));
    }
    if let Some((ln, _)) = lines.next() {
        return Err(Error::parse(ln, 1, format!("expected exactly {k} coordinate lines (k = {k}), found more")));
    }
    Ok(Decision { n, lit })
}

fn word_column(line: &str, index: usize) -> usize {
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

/// Exactly `N` non-negative integers on a line, or an error naming the first bad word.
fn numbers<const N: usize>(line_no: usize, line: &str, names: [&str; N]) -> Result<[u64; N]> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out = [0u64; N];
    for (i, name) in names.iter().enumerate() {
        let column = word_column(line, i);
        let word = words
            .get(i)
            .ok_or_else(|| Error::parse(line_no, column, format!("expected {name}, found the end of the line")))?;
        out[i] = word.parse().map_err(|_| {
            Error::parse(line_no, column, format!("expected {name} (a non-negative integer), found {word:?}"))
        })?;
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

/// A graph read from an edge list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeList {
    /// Number of vertices (declared, or one more than the largest vertex named).
    pub n: usize,
    /// The edges `(u, v)` in the order given.
    pub edges: Vec<(usize, usize)>,
}

/// Parse an edge list: an optional first line `n` (the number of vertices), then one edge
/// `u v` per line (0-based vertices), or adjacency lines `u: v w ...` (an edge from `u` to each
/// vertex listed; the list may be empty). `#` starts a comment; blank lines are skipped.
/// Without `n`, the vertices are `0..=max` of those named. Repeated edges are allowed (a press
/// set is a set).
///
/// ```
/// use lightsout_topo::text::parse_edge_list;
/// let g = parse_edge_list("# a path\n4\n0 1\n1 2 # middle\n").unwrap();
/// assert_eq!((g.n, g.edges), (4, vec![(0, 1), (1, 2)]));
/// let star = parse_edge_list("0: 1 2 3\n4:\n").unwrap();
/// assert_eq!((star.n, star.edges), (5, vec![(0, 1), (0, 2), (0, 3)]));
/// assert!(parse_edge_list("2\n0 2\n").is_err());
/// ```
pub fn parse_edge_list(text: &str) -> Result<EdgeList> {
    let text = strip_bom(text);
    let mut declared: Option<usize> = None;
    let mut largest: Option<usize> = None;
    let mut edges = Vec::new();
    let mut first = true;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        let ln = i + 1;
        if first && !line.contains(':') && line.split_whitespace().count() == 1 {
            let [n] = numbers::<1>(ln, line, ["n (the number of vertices)"])?;
            if n as u128 > MAX_CELLS {
                return Err(Error::too_large("the graph", n as u128, "vertices", MAX_CELLS));
            }
            declared = Some(n as usize);
            first = false;
            continue;
        }
        first = false;
        let vertex = |column: usize, word: &str| -> Result<usize> {
            let value: u64 = word.parse().map_err(|_| {
                Error::parse(ln, column, format!("expected a vertex (a non-negative integer), found {word:?}"))
            })?;
            let limit = declared.map_or(MAX_CELLS as u64, |n| n as u64);
            if value >= limit {
                let expected = match declared {
                    Some(0) => "the graph declares no vertices".to_string(),
                    Some(n) => format!("the graph has vertices 0 to {}", n - 1),
                    None => format!("vertices must be below {MAX_CELLS}"),
                };
                return Err(Error::parse(ln, column, format!("vertex {value} is out of range: {expected}")));
            }
            Ok(value as usize)
        };
        let words = words_with_columns(line);
        let pairs: Vec<(usize, usize)> = match line.split_once(':') {
            Some((head, _)) => {
                let head_words = words_with_columns(head);
                let [(column, word)] = head_words[..] else {
                    return Err(Error::parse(ln, 1, "expected one vertex before ':' (\"u: v w ...\")"));
                };
                let u = vertex(column, word)?;
                largest = largest.max(Some(u));
                let tail_offset = head.chars().count() + 1;
                words_with_columns(&line[head.len() + 1..])
                    .into_iter()
                    .map(|(c, w)| Ok((u, vertex(tail_offset + c, w)?)))
                    .collect::<Result<_>>()?
            }
            None => {
                if words.len() != 2 {
                    let column = words.get(2).map_or(words.last().map_or(1, |w| w.0), |w| w.0);
                    return Err(Error::parse(
                        ln,
                        column,
                        format!(
                            "expected an edge \"u v\" or an adjacency line \"u: v w ...\", found {} words",
                            words.len()
                        ),
                    ));
                }
                vec![(vertex(words[0].0, words[0].1)?, vertex(words[1].0, words[1].1)?)]
            }
        };
        if (edges.len() + pairs.len()) as u128 > crate::shape::MAX_PRESS_ENTRIES / 2 {
            let needed = (edges.len() + pairs.len()) as u128;
            return Err(Error::too_large("the edge list", needed, "edges", crate::shape::MAX_PRESS_ENTRIES / 2));
        }
        edges.extend(pairs);
    }
    let named = edges.iter().map(|&(u, v)| u.max(v)).max().max(largest);
    let n = match (declared, named) {
        (Some(n), _) => n,
        (None, Some(max)) => max + 1,
        (None, None) => {
            return Err(Error::parse(
                1,
                1,
                "expected an edge list (\"n\" then lines \"u v\" or \"u: v w ...\"), found no vertices",
            ))
        }
    };
    Ok(EdgeList { n, edges })
}

/// The blank-separated words of a line with their 1-based columns (in characters).
fn words_with_columns(line: &str) -> Vec<(usize, &str)> {
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
