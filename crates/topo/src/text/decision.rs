//! The decision format of the torus seed: n, then k, then k lines `row col`.

use super::{numbers, strip_bom, word_column};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::shape::MAX_CELLS;

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
        // Two chases and polynomial gcds modulo z^n - 1: milliseconds for n = 2000.
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
