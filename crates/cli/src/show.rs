//! Printing games, boards and presses for people (text) and programs (JSON, SVG).

use crate::error::{CliError, CliResult};
use lightsout_core::SolutionCount;
use lightsout_topo::{svg, text, Game};
use std::path::Path;

/// The game in one line, with its number of lights: `classic: grid 5x5, plus rule, modulus 2 (25 lights)`.
pub fn headline(game: &Game) -> String {
    format!("{} ({} lights)", game.describe(), game.size())
}

/// A light vector in the board text format (the game's natural shape, `#` for holes).
pub fn board(game: &Game, values: &[u32]) -> CliResult<String> {
    Ok(text::format_board(game, values)?)
}

/// The coordinates of a light as `r c` (`f r c` on a cube, `v` on a graph), 0-based.
pub fn coords(game: &Game, light: usize) -> String {
    game.coords_of(light).map_or_else(|| light.to_string(), |c| join(&c, " "))
}

/// Join numbers with a separator.
pub fn join(values: &[usize], sep: &str) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(sep)
}

/// The total number of presses (each entry counts as many presses as its value).
pub fn press_count(presses: &[u32]) -> u64 {
    presses.iter().map(|&x| x as u64).sum()
}

/// The buttons to press as a readable list, `(0 1) (2 3)x2 ...`, or `None` if there are too many
/// to be worth listing.
pub fn press_list(game: &Game, presses: &[u32], most: usize) -> Option<String> {
    let pressed: Vec<(usize, u32)> = presses.iter().enumerate().filter(|(_, &v)| v > 0).map(|(i, &v)| (i, v)).collect();
    if pressed.is_empty() || pressed.len() > most {
        return None;
    }
    let items: Vec<String> = pressed
        .iter()
        .map(|&(light, times)| match times {
            1 => format!("({})", coords(game, light)),
            t => format!("({})x{t}", coords(game, light)),
        })
        .collect();
    Some(items.join(" "))
}

/// The number of decimal digits of a count, rounded up (no big numbers computed).
fn digits(count: SolutionCount) -> f64 {
    count.log10().map_or(1.0, |l| l + 1.0)
}

/// A count that is not a power of the modulus (over a composite k) as `2^a·3^b`.
fn prime_powers(count: SolutionCount) -> String {
    let parts = count.prime_powers().unwrap_or_default();
    let shown: Vec<String> = parts.iter().filter(|&&(_, x)| x > 0).map(|&(p, x)| format!("{p}^{x}")).collect();
    if shown.is_empty() {
        "1".to_string()
    } else {
        shown.join("·")
    }
}

/// `p^k`, with the decimal value when it is short enough to read.
pub fn power(count: SolutionCount) -> String {
    match count.exponent() {
        None if count.is_zero() => "0".to_string(),
        None if digits(count) <= 30.0 => count.to_decimal(),
        None => prime_powers(count),
        Some(e) if digits(count) <= 30.0 => {
            let decimal = count.to_decimal();
            if e <= 1 {
                decimal
            } else {
                format!("{decimal} = {}^{e}", count.modulus())
            }
        }
        Some(e) => format!("{}^{e}", count.modulus()),
    }
}

/// The most digits a count is written out with in JSON; larger counts are written `"p^k"`.
pub const MAX_JSON_DIGITS: f64 = 1000.0;

/// A count as a JSON string: the exact decimal (it can exceed any JSON number) when it has at
/// most [`MAX_JSON_DIGITS`] digits, else `"p^k"`.
pub fn count_json(count: SolutionCount) -> serde_json::Value {
    match count.exponent() {
        Some(e) if digits(count) > MAX_JSON_DIGITS => format!("{}^{e}", count.modulus()).into(),
        None if digits(count) > MAX_JSON_DIGITS => prime_powers(count).into(),
        _ => count.to_decimal().into(),
    }
}

/// An error if `--svg` was asked for a game too large to draw: checked before any work.
pub fn check_svg(output: &crate::args::OutputArgs, game: &Game) -> CliResult<()> {
    match output.svg {
        Some(_) => svg::check(game).map_err(|e| CliError::from_topo("--svg", e)),
        None => Ok(()),
    }
}

/// Draw the game with its lights and presses into an SVG file.
pub fn write_svg(path: &Path, game: &Game, lights: Option<&[u32]>, presses: Option<&[u32]>) -> CliResult<()> {
    let picture = svg::render(game, lights, presses).map_err(|e| CliError::from_topo("--svg", e))?;
    std::fs::write(path, picture).map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))
}
