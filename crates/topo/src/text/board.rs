//! The board format: one line per row, digits, `.` and `#` (see the module above).

use super::strip_bom;
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
            _ => match super::count(token, "a cell value") {
                Ok(v) if v < modulus as u64 => Ok(Some(v as u32)),
                Ok(v) => Err(Error::parse(
                    line_no,
                    column,
                    format!("cell value {v} is out of range: expected 0 to {} (the modulus is {modulus})", modulus - 1),
                )),
                Err(_) if token.bytes().all(|b| b.is_ascii_digit()) => Err(Error::parse(
                    line_no,
                    column,
                    format!(
                        "cell value {token} is out of range: expected 0 to {} (the modulus is {modulus})",
                        modulus - 1
                    ),
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

/// Check that every row of a block has `width` cells; `why` says where that width comes from
/// ("like the first row", "for a grid 5x5").
fn check_width(block: &Rows, width: usize, why: &str) -> Result<()> {
    for (row, &line) in block.rows.iter().zip(&block.lines) {
        if row.len() != width {
            return Err(Error::parse(
                line,
                1,
                format!("expected {width} cells in this row ({why}), found {}", row.len()),
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
    let p = lightsout_core::Modulus::ring(modulus)?.get();
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
    check_width(block, cols, "like the first row")?;
    let rows = block.rows.len();
    let cells: Vec<Cell> = block.rows.iter().flatten().copied().collect();
    if cells.iter().all(Option::is_none) {
        return Err(Error::parse(
            block.lines[0],
            1,
            "expected at least one light ('.' or a digit), found only holes '#'",
        ));
    }
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
        check_width(block, cols, &format!("for a {}", game.shape().describe()))?;
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
