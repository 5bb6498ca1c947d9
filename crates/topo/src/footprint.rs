//! What a game will allocate, estimated from its description alone, so that a request too large
//! is refused at once, saying how many bytes it needs and for what, before anything is built.
//! (Without it, a 16-million-vertex graph would spend gigabytes building its press matrix M only
//! to learn that the dense factorisation M is meant for needs 70 TB.)
//!
//! Every game takes one path, chosen from its description ([`Game::solver_path`]): structured
//! solvers for grids, tori and cylinders with the plus or neighbours rule (memory proportional
//! to the board, M never built; over a composite modulus one per prime-power factor); the banded solver for other large GF(2) games with a geometry
//! (M, then a band about one side wide); dense elimination of M for the rest (over each
//! prime-power factor for a composite modulus). Which of the estimates below holds each path
//! is said in the route (`route.rs`: `check_footprint`, `check_engine_fits`).

use crate::error::{Error, Result};
use crate::game::Game;
use crate::layout;
use crate::shape::Shape;
use lightsout_core::limits;

/// The most memory one structure a game builds may take, in bytes: 4 GiB, the core's limit for
/// one dense matrix ([`lightsout_core::limits::MAX_DENSE_BYTES`]). Checked against estimates
/// made before anything is allocated.
pub const MAX_GAME_BYTES: u128 = limits::MAX_DENSE_BYTES;

/// Bytes per light of one board or press vector (`u32` entries), what every question of a
/// game takes and returns.
const VECTOR_BYTES_PER_LIGHT: u128 = 4;

/// Bytes a shape needs before any question: the cell-to-light maps of a board with holes
/// (4 bytes per cell and per light). Checked by [`Shape::check`] before they are built.
pub(crate) fn shape_bytes(shape: &Shape) -> u128 {
    match shape {
        Shape::Mask { rows, cols, .. } => 8 * (*rows as u128) * (*cols as u128),
        _ => 0,
    }
}

/// `text` as a `&'static str`, each distinct text allocated once (error messages name sizes
/// that only a few games ever reach).
pub(crate) fn intern(text: String) -> &'static str {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static TEXTS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut texts = TEXTS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&kept) = texts.get(text.as_str()) {
        return kept;
    }
    let kept: &'static str = Box::leak(text.into_boxed_str());
    texts.insert(kept);
    kept
}

/// An error if `needed` bytes exceed [`MAX_GAME_BYTES`].
pub(crate) fn check_bytes(what: &'static str, needed: u128) -> Result<()> {
    if needed > MAX_GAME_BYTES {
        return Err(Error::too_large(what, needed, "bytes", MAX_GAME_BYTES));
    }
    Ok(())
}

impl Game {
    /// The bytes building M takes at its peak, estimated from the description: the press sets
    /// (24 bytes a button plus 8 an entry) and the columns made from them (24 bytes a button plus
    /// 16 an entry, counting the temporary copy of an explicit matrix).
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(4096, 4096, 2).unwrap();
    /// assert!(g.matrix_bytes() > 1 << 31); // so a structured grid never builds it
    /// ```
    pub fn matrix_bytes(&self) -> u128 {
        let n = self.size() as u128;
        48 * n + 24 * layout::press_entries(self.rule(), self.size())
    }

    /// The bytes one light vector of this game takes (a `u32` a light), what every question
    /// that takes or returns a `Vec<u32>` allocates at least once.
    pub fn light_vector_bytes(&self) -> u128 {
        VECTOR_BYTES_PER_LIGHT * self.size() as u128
    }

    /// An error, before anything is allocated, if one light vector of this game (4 bytes a
    /// light) exceeds [`MAX_GAME_BYTES`]; it names the compact board that fits, with its size
    /// (one bit a light over GF(2), two over GF(3), a byte up to modulus 256). Checked by every
    /// question that takes or returns a light vector.
    ///
    /// ```
    /// let huge = lightsout_topo::Game::grid(100_000, 100_000, 2).unwrap(); // 10^10 lights
    /// let e = huge.random_solvable(1).unwrap_err().to_string();
    /// assert!(e.contains("needs 40 GB (40000000000 bytes), over the 4 GiB limit"), "{e}");
    /// assert!(e.contains("pass BoardFormat::PACKED (one bit a light): it needs 1.2 GB (1250000000 bytes)"), "{e}");
    /// // Past the limit even packed: the real sizes, and no route that would be refused too.
    /// let e = lightsout_topo::Game::grid(1_000_000, 1_000_000, 2).unwrap().random_solvable(1).unwrap_err().to_string();
    /// assert!(e.contains("even a packed board (one bit a light) needs 125 GB (125000000000 bytes), over the limit too"), "{e}");
    /// assert!(e.contains("needs 4 TB (4000000000000 bytes), over the 4 GiB limit"), "{e}");
    /// ```
    pub fn check_light_vectors(&self) -> Result<()> {
        let needed = self.light_vector_bytes();
        if needed <= MAX_GAME_BYTES {
            return Ok(());
        }
        let compact = self.compact_route();
        Err(Error::too_large(compact, needed, "bytes", MAX_GAME_BYTES))
    }

    /// What a refused light vector's error calls it, naming the compact board that fits this
    /// game and its size (`&'static` for the error: each distinct text is kept once).
    fn compact_route(&self) -> &'static str {
        let k = self.modulus().get();
        let chases = self.chases_as_grid();
        let text = match k {
            2 | 3 if chases => {
                format!(
                    "one light vector of this game (4 bytes a light; {})",
                    self.compact_hint(crate::Encoding::Packed)
                )
            }
            _ if chases && k <= 256 => {
                format!(
                    "one light vector of this game (4 bytes a light; {})",
                    self.compact_hint(crate::Encoding::Bytes)
                )
            }
            _ => "one light vector of this game (4 bytes a light, and this game has no compact route)".to_string(),
        };
        intern(text)
    }
    /// A lower estimate of the row span W of M after the banded path's ordering (reverse
    /// Cuthill-McKee), from the shape alone: `3 min(rows, cols)` for a grid-like surface
    /// (measured 3.8 to 4.2 times the shorter side with the plus and neighbours rules on every
    /// surface, 7.4 to 8 times with the Moore rule where an edge is glued), `5 k` for a cube
    /// (measured 6.1 k). `None` where the shape does not bound it (boards with holes, stencils,
    /// press sets) or the shorter side is under 16.
    pub(crate) fn band_width_estimate(&self) -> Option<usize> {
        let chases = matches!(self.rule(), crate::Rule::Plus | crate::Rule::Neighbours)
            && matches!(self.shape(), Shape::Grid { .. } | Shape::Torus { .. } | Shape::Cylinder { .. });
        if chases || !matches!(self.rule(), crate::Rule::Plus | crate::Rule::Neighbours | crate::Rule::Moore) {
            // Boards that chase never take the banded path (and a grid's band is narrower).
            return None;
        }
        let (side, times) = match *self.shape() {
            Shape::Grid { rows, cols }
            | Shape::Torus { rows, cols }
            | Shape::Cylinder { rows, cols }
            | Shape::Mobius { rows, cols }
            | Shape::Klein { rows, cols }
            | Shape::Projective { rows, cols } => (rows.min(cols), 3),
            Shape::Cube { k } => (k, 5),
            _ => return None,
        };
        (side >= 16).then(|| side.saturating_mul(times))
    }

    /// An error, before M is built, if the banded path's elimination would pass its work or
    /// memory limits with a band as wide as [`Game::band_width_estimate`] (a lower estimate, so
    /// what fits is never refused here; the elimination checks the real width again).
    pub(crate) fn check_band_estimate(&self) -> Result<()> {
        match self.band_width_estimate() {
            Some(width) => Ok(lightsout_core::banded::check_gf2_band(self.size(), self.size(), width)?),
            None => Ok(()),
        }
    }

    /// An error if building M would take more than [`MAX_GAME_BYTES`].
    pub(crate) fn check_matrix_fits(&self) -> Result<()> {
        check_bytes("the press matrix M (one column of entries a button)", self.matrix_bytes())
    }

    /// An error if the dense factorisation of M would exceed the core's memory or work limits,
    /// checked from the size alone before M is built (the same checks the core's solver makes).
    pub(crate) fn check_dense_fits(&self) -> Result<()> {
        Ok(limits::check_dense_solver(self.size(), self.size(), self.modulus().get())?)
    }
}
