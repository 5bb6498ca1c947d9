//! [`Spec`]: a complete, plain-data description of a game, with a line-based text form so it
//! can be stored, sent to another process (Python pickling) and parsed back.

use crate::error::{Error, Result};
use crate::shape::{Rule, Shape};
use std::fmt::{self, Write as _};

/// Everything needed to rebuild a [`crate::Game`]: `Game::from_spec(game.spec())` gives the same
/// game. Its `Display` form parses back with `str::parse`:
///
/// ```text
/// lightsout-game 1
/// name classic
/// modulus 2
/// shape grid 5 5
/// rule plus
/// ```
///
/// A mask shape is followed by its rows (`.` light, `#` hole); `rule stencil` lists `DR,DC`
/// offsets on the same line; `rule sets` and `rule weighted` are followed by one line per
/// button (`-` for an empty one) listing lights, or `light:value` pairs.
///
/// ```
/// use lightsout_topo::{Game, Spec};
/// let spec = Game::torus(4, 4, 2).unwrap().spec();
/// let back: Spec = spec.to_string().parse().unwrap();
/// assert_eq!(back, spec);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Where the lights are.
    pub shape: Shape,
    /// What a press does.
    pub rule: Rule,
    /// The modulus p (validated when the game is built).
    pub modulus: u64,
    /// An optional display name.
    pub name: Option<String>,
}

const MAGIC: &str = "lightsout-game 1";

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        writeln!(out, "{MAGIC}")?;
        if let Some(name) = &self.name {
            writeln!(out, "name {name}")?;
        }
        writeln!(out, "modulus {}", self.modulus)?;
        match &self.shape {
            Shape::Grid { rows, cols } => writeln!(out, "shape grid {rows} {cols}")?,
            Shape::Torus { rows, cols } => writeln!(out, "shape torus {rows} {cols}")?,
            Shape::Cylinder { rows, cols } => writeln!(out, "shape cylinder {rows} {cols}")?,
            Shape::Mobius { rows, cols } => writeln!(out, "shape mobius {rows} {cols}")?,
            Shape::Klein { rows, cols } => writeln!(out, "shape klein {rows} {cols}")?,
            Shape::Projective { rows, cols } => writeln!(out, "shape projective {rows} {cols}")?,
            Shape::Cube { k } => writeln!(out, "shape cube {k}")?,
            Shape::Graph { n } => writeln!(out, "shape graph {n}")?,
            Shape::Explicit { n } => writeln!(out, "shape explicit {n}")?,
            Shape::Mask { rows, cols, cells } => {
                writeln!(out, "shape mask {rows} {cols}")?;
                for row in cells.chunks((*cols).max(1)) {
                    let line: String = row.iter().map(|&lit| if lit { '.' } else { '#' }).collect();
                    writeln!(out, "{line}")?;
                }
            }
        }
        match &self.rule {
            Rule::Stencil { offsets } => {
                write!(out, "rule stencil")?;
                for (dr, dc) in offsets {
                    write!(out, " {dr},{dc}")?;
                }
                writeln!(out)?;
            }
            Rule::Sets { sets } => {
                writeln!(out, "rule sets")?;
                for set in sets {
                    let items: Vec<String> = set.iter().map(|l| l.to_string()).collect();
                    writeln!(out, "{}", if items.is_empty() { "-".to_string() } else { items.join(" ") })?;
                }
            }
            Rule::Weighted { columns } => {
                writeln!(out, "rule weighted")?;
                for col in columns {
                    let items: Vec<String> = col.iter().map(|(l, v)| format!("{l}:{v}")).collect();
                    writeln!(out, "{}", if items.is_empty() { "-".to_string() } else { items.join(" ") })?;
                }
            }
            // Written as the weighted matrix it equals, which reads back as such.
            Rule::Dense { rows } => {
                writeln!(out, "rule weighted")?;
                for set in crate::layout::dense_columns(&rows.0) {
                    let items: Vec<String> = set.iter().map(|l| format!("{l}:1")).collect();
                    writeln!(out, "{}", if items.is_empty() { "-".to_string() } else { items.join(" ") })?;
                }
            }
            other => writeln!(out, "rule {}", other.name())?,
        }
        f.write_str(&out)
    }
}

/// Reads the lines of a spec, remembering the line number for errors.
struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    fn next(&mut self, expected: &str) -> Result<(usize, &'a str)> {
        match self.lines.next() {
            Some((i, l)) => {
                self.last = i + 1;
                Ok((i + 1, l.trim_end_matches('\r')))
            }
            None => Err(Error::parse(self.last + 1, 1, format!("the text ends early; expected {expected}"))),
        }
    }
}

fn number<T: std::str::FromStr>(line: usize, text: &str, word: &str, what: &str) -> Result<T> {
    let column = text.find(word).map_or(1, |c| c + 1);
    word.parse().map_err(|_| Error::parse(line, column, format!("expected {what}, found {word:?}")))
}

fn keyword<'a>(line: usize, text: &'a str, key: &str) -> Result<Vec<&'a str>> {
    let mut words = text.split_whitespace();
    if words.next() != Some(key) {
        return Err(Error::parse(line, 1, format!("expected a line starting with {key:?}, found {text:?}")));
    }
    Ok(words.collect())
}

fn arity(line: usize, words: &[&str], n: usize, what: &str) -> Result<()> {
    if words.len() != n {
        return Err(Error::parse(line, 1, format!("expected {what}")));
    }
    Ok(())
}

impl std::str::FromStr for Spec {
    type Err = Error;

    fn from_str(text: &str) -> Result<Spec> {
        let mut lines = Lines { lines: text.lines().enumerate(), last: 0 };
        let (ln, first) = lines.next("the header line")?;
        if first.trim() != MAGIC {
            return Err(Error::parse(ln, 1, format!("expected the header {MAGIC:?}, found {first:?}")));
        }
        let (mut ln, mut line) = lines.next("\"name\" or \"modulus\"")?;
        let mut name = None;
        if let Some(rest) = line.strip_prefix("name ") {
            name = Some(rest.to_string());
            (ln, line) = lines.next("\"modulus P\"")?;
        }
        let words = keyword(ln, line, "modulus")?;
        arity(ln, &words, 1, "\"modulus P\"")?;
        let modulus = number(ln, line, words[0], "the modulus")?;
        let (ln, line) = lines.next("\"shape ...\"")?;
        let words = keyword(ln, line, "shape")?;
        let dims = |n: usize, what: &str| -> Result<Vec<usize>> {
            arity(ln, &words, n + 1, what)?;
            words[1..].iter().map(|w| number(ln, line, w, "a size")).collect()
        };
        let shape = match words.first().copied() {
            Some("grid") => dims(2, "\"shape grid ROWS COLS\"").map(|d| Shape::Grid { rows: d[0], cols: d[1] })?,
            Some("torus") => dims(2, "\"shape torus ROWS COLS\"").map(|d| Shape::Torus { rows: d[0], cols: d[1] })?,
            Some("cylinder") => {
                dims(2, "\"shape cylinder ROWS COLS\"").map(|d| Shape::Cylinder { rows: d[0], cols: d[1] })?
            }
            Some("mobius") => {
                dims(2, "\"shape mobius ROWS COLS\"").map(|d| Shape::Mobius { rows: d[0], cols: d[1] })?
            }
            Some("klein") => dims(2, "\"shape klein ROWS COLS\"").map(|d| Shape::Klein { rows: d[0], cols: d[1] })?,
            Some("projective") => {
                dims(2, "\"shape projective ROWS COLS\"").map(|d| Shape::Projective { rows: d[0], cols: d[1] })?
            }
            Some("cube") => dims(1, "\"shape cube K\"").map(|d| Shape::Cube { k: d[0] })?,
            Some("graph") => dims(1, "\"shape graph N\"").map(|d| Shape::Graph { n: d[0] })?,
            Some("explicit") => dims(1, "\"shape explicit N\"").map(|d| Shape::Explicit { n: d[0] })?,
            Some("mask") => {
                let d = dims(2, "\"shape mask ROWS COLS\"")?;
                let (rows, cols) = (d[0], d[1]);
                Shape::Grid { rows, cols }.check()?;
                // Grown row by row as the text has them: the declared size alone (up to 2^40
                // cells) must not allocate.
                let mut cells = Vec::new();
                for _ in 0..rows {
                    let (ln, row) = lines.next("a mask row of '.' and '#'")?;
                    if row.chars().count() != cols {
                        return Err(Error::parse(ln, 1, format!("expected a mask row of {cols} characters")));
                    }
                    for (i, ch) in row.chars().enumerate() {
                        match ch {
                            '.' => cells.push(true),
                            '#' => cells.push(false),
                            _ => return Err(Error::parse(ln, i + 1, format!("expected '.' or '#', found {ch:?}"))),
                        }
                    }
                }
                Shape::Mask { rows, cols, cells }
            }
            _ => {
                return Err(Error::parse(
                    ln,
                    1,
                    "expected a shape: grid, torus, cylinder, mobius, klein, projective, cube, mask, graph, explicit",
                ))
            }
        };
        shape.check()?;
        let size = match &shape {
            Shape::Mask { cells, .. } => cells.iter().filter(|&&c| c).count(),
            other => other.cells(),
        };
        let (ln, line) = lines.next("\"rule ...\"")?;
        let words = keyword(ln, line, "rule")?;
        let rule = match words.first().copied() {
            Some("plus") => Rule::Plus,
            Some("neighbours") => Rule::Neighbours,
            Some("moore") => Rule::Moore,
            Some("stencil") => Rule::from_name(&format!("stencil:{}", words[1..].join(";")))
                .map_err(|e| Error::parse(ln, 1, e.to_string()))?,
            Some(kind @ ("sets" | "weighted")) => {
                let mut sets = Vec::new();
                let mut columns = Vec::new();
                for _ in 0..size {
                    let (ln, row) = lines.next("one line per button")?;
                    let items: Vec<&str> = row.split_whitespace().filter(|&w| w != "-").collect();
                    if kind == "sets" {
                        sets.push(items.iter().map(|w| number(ln, row, w, "a light index")).collect::<Result<_>>()?);
                    } else {
                        let col = items
                            .iter()
                            .map(|w| {
                                let (l, v) = w
                                    .split_once(':')
                                    .ok_or_else(|| Error::parse(ln, 1, format!("expected LIGHT:VALUE, found {w:?}")))?;
                                Ok((number(ln, row, l, "a light index")?, number(ln, row, v, "a value")?))
                            })
                            .collect::<Result<_>>()?;
                        columns.push(col);
                    }
                }
                if kind == "sets" {
                    Rule::Sets { sets }
                } else {
                    Rule::Weighted { columns }
                }
            }
            _ => return Err(Error::parse(ln, 1, "expected a rule: plus, neighbours, moore, stencil, sets, weighted")),
        };
        if let Some((i, extra)) = lines.lines.find(|(_, l)| !l.trim().is_empty()) {
            return Err(Error::parse(i + 1, 1, format!("expected the end of the description, found {extra:?}")));
        }
        Ok(Spec { shape, rule, modulus, name })
    }
}
