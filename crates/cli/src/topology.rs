//! From the topology options to a [`Game`] (and, for `--board`, the lights drawn in the file).

use crate::args::Topology;
use crate::error::{CliError, CliResult};
use crate::input::{self, Input};
use lightsout_topo::{text, Game, Rule, Shape};

/// A game built from the options, and the lights of a `--board` file if one was given.
pub struct Built {
    /// The game.
    pub game: Game,
    /// The lights drawn in the `--board` file, in light order.
    pub board: Option<Vec<u32>>,
}

impl Topology {
    /// Whether any option chose the shape of the game.
    pub fn has_shape(&self) -> bool {
        self.preset.is_some()
            || self.grid.is_some()
            || self.torus.is_some()
            || self.cylinder.is_some()
            || self.mobius.is_some()
            || self.klein.is_some()
            || self.projective.is_some()
            || self.cube.is_some()
            || self.graph.is_some()
            || self.matrix.is_some()
            || self.board.is_some()
    }

    fn rule(&self) -> CliResult<Option<Rule>> {
        match &self.rule {
            None => Ok(None),
            Some(name) => Rule::from_name(name).map(Some).map_err(|e| CliError::from_topo("--rule", e)),
        }
    }

    /// `--directed` without `--graph` is an error, not ignored (clap's `requires` does not
    /// see through the flattened option groups).
    fn check_directed(&self) -> CliResult<()> {
        if self.directed && self.graph.is_none() {
            return Err(CliError::input(
                "--directed applies to --graph FILE only (the edges of a graph going one way); \
                 the other shapes have no direction",
            ));
        }
        Ok(())
    }

    /// Build the game; without any shape option, the classic preset.
    pub fn build(&self) -> CliResult<Built> {
        self.check_directed()?;
        let rule = self.rule()?;
        let modulus = self.modulus.unwrap_or(2);
        let plain = |flag: &str, shape: Shape| -> CliResult<Built> {
            let game = Game::with_rule(shape, rule.clone().unwrap_or(Rule::Plus), modulus)
                .map_err(|e| CliError::from_topo(flag, e))?;
            Ok(Built { game, board: None })
        };
        if let Some((rows, cols)) = self.grid {
            return plain(&format!("--grid {rows}x{cols}"), Shape::Grid { rows, cols });
        }
        if let Some((rows, cols)) = self.torus {
            return plain(&format!("--torus {rows}x{cols}"), Shape::Torus { rows, cols });
        }
        if let Some((rows, cols)) = self.cylinder {
            return plain(&format!("--cylinder {rows}x{cols}"), Shape::Cylinder { rows, cols });
        }
        if let Some((rows, cols)) = self.mobius {
            return plain(&format!("--mobius {rows}x{cols}"), Shape::Mobius { rows, cols });
        }
        if let Some((rows, cols)) = self.klein {
            return plain(&format!("--klein {rows}x{cols}"), Shape::Klein { rows, cols });
        }
        if let Some((rows, cols)) = self.projective {
            return plain(&format!("--projective {rows}x{cols}"), Shape::Projective { rows, cols });
        }
        if let Some(k) = self.cube {
            return plain(&format!("--cube {k}"), Shape::Cube { k });
        }
        if let Some(path) = &self.board {
            let input = input::read(path)?;
            return board_game(&input, rule, modulus);
        }
        if let Some(path) = &self.matrix {
            if rule.is_some() {
                return Err(CliError::input(
                    "--rule does not apply to --matrix: the matrix says what every press does",
                ));
            }
            return matrix_game(path, self.modulus);
        }
        if let Some(path) = &self.graph {
            let input = input::read(path)?;
            let edges = text::parse_edge_list(&input.text).map_err(|e| CliError::from_topo(&input.name, e))?;
            let self_toggle = match rule {
                None | Some(Rule::Plus) => true,
                Some(Rule::Neighbours) => false,
                Some(other) => {
                    return Err(CliError::input(format!(
                        "--rule {}: a graph takes the rule plus (a press toggles the vertex and its \
                         neighbours) or neighbours (only the neighbours)",
                        other.name()
                    )))
                }
            };
            let game = Game::graph(edges.n, &edges.edges, self.directed, self_toggle, modulus)
                .map_err(|e| CliError::from_topo(&input.name, e))?;
            return Ok(Built { game, board: None });
        }
        let name = self.preset.as_deref().unwrap_or("classic");
        let flag = format!("--preset {name}");
        let game = Game::preset(name).map_err(|e| CliError::from_topo(&flag, e))?;
        if self.modulus.is_none() && rule.is_none() {
            return Ok(Built { game, board: None });
        }
        // A preset with another modulus or rule is the same shape under the new terms; it
        // keeps no name, since it is no longer the game the name stands for.
        let mut spec = game.spec();
        spec.name = None;
        if let Some(p) = self.modulus {
            spec.modulus = p;
        }
        if let Some(rule) = rule {
            spec.rule = rule;
        }
        let game = Game::from_spec(spec).map_err(|e| CliError::from_topo(&flag, e))?;
        Ok(Built { game, board: None })
    }
}

/// A board file as a game (grid, or grid with holes) and its lights.
pub fn board_game(input: &Input, rule: Option<Rule>, modulus: u64) -> CliResult<Built> {
    let (game, lights) = text::parse_board_with(&input.text, rule.unwrap_or(Rule::Plus), modulus)
        .map_err(|e| CliError::from_topo(&input.name, e))?;
    Ok(Built { game, board: Some(lights) })
}

/// Build the game for `solve`: as [`Topology::build`], except that without any shape option a
/// `--lights` file gives the shape itself (like `--board`).
pub fn build_with_lights(topology: &Topology, lights: Option<&Input>) -> CliResult<Built> {
    match lights {
        Some(input) if !topology.has_shape() => {
            topology.check_directed()?;
            let rule = topology.rule()?;
            board_game(input, rule, topology.modulus.unwrap_or(2))
        }
        _ => topology.build(),
    }
}

/// Prepare the game's answers (the structured solver of a large grid, torus or cylinder, else
/// M factored once), with a spinner while that runs and the game named in any error (a game
/// too large for the dense solver, say). Over a composite modulus this factors M over each
/// prime-power factor of Z_k.
pub fn prepare(game: &Game) -> CliResult<()> {
    let chasing = game.uses_structured_solver() || game.uses_ring_chasing();
    let what = if chasing { "chasing the lights of" } else { "factoring the press matrix of" };
    let _spinner = crate::progress::Spinner::start(format!("{what} {}", game.describe()), game.size());
    game.kernel_size().map(|_| ()).map_err(|e| CliError::input(format!("{}: {e}", game.describe())))
}

/// How many boards are solvable: p^rank over Z_p.
pub fn solvable_boards(game: &Game) -> CliResult<lightsout_core::SolutionCount> {
    Ok(game.solvable_boards()?)
}

/// Rank and nullity over a prime modulus; `None` over a composite one, where Z_k is no field.
pub fn rank_nullity(game: &Game) -> CliResult<Option<(usize, usize)>> {
    if !game.modulus().is_prime() {
        return Ok(None);
    }
    Ok(Some((game.rank()?, game.nullity()?)))
}

/// `Rank R, nullity U` over Z_p; over Z_k the elementary divisors of M (its Smith form), whose
/// product is the number of quiet patterns.
pub fn structure(game: &Game) -> CliResult<String> {
    if let Some((rank, nullity)) = rank_nullity(game)? {
        return Ok(format!("Rank {rank}, nullity {nullity}"));
    }
    Ok(format!("Elementary divisors {}", divisors(&game.elementary_divisors()?)))
}

/// Divisors as runs of equal values, in order: the Smith form of a large board is mostly 1s, so
/// a run is one entry however many lights the board has.
fn runs(ds: &[u32]) -> Vec<(u32, usize)> {
    let mut runs: Vec<(u32, usize)> = Vec::new();
    for &d in ds {
        match runs.last_mut() {
            Some((last, n)) if *last == d => *n += 1,
            _ => runs.push((d, 1)),
        }
    }
    runs
}

/// Divisors as runs: `1 (x14), 2 (x2)`; the modulus k stands for 0 and is written so.
pub fn divisors(ds: &[u32]) -> String {
    runs(ds)
        .iter()
        .map(|&(d, n)| if n == 1 { d.to_string() } else { format!("{d} (x{n})") })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Divisors for JSON: `[{"divisor": 1, "count": 14}, {"divisor": 2, "count": 2}]`, one object a
/// run (a 300 x 300 board would otherwise print 90,000 numbers).
pub fn divisor_runs(ds: &[u32]) -> serde_json::Value {
    runs(ds).iter().map(|&(d, n)| serde_json::json!({"divisor": d, "count": n})).collect()
}

/// The game of `--matrix FILE`: a square PBM or PGM image as the press matrix.
fn matrix_game(path: &std::path::Path, modulus: Option<u64>) -> CliResult<Built> {
    let (name, bytes) = input::read_bytes(path)?;
    let img = lightsout_topo::image::parse(&name, &bytes)?;
    let n = img.width;
    if img.height != n {
        return Err(CliError::input(format!(
            "{name}: a press matrix is square (one button per light), the image is {} x {}",
            img.width, img.height
        )));
    }
    let k = modulus.unwrap_or(img.states);
    let from = |e| CliError::from_topo(&name, e);
    if img.format == lightsout_topo::BoardFormat::PACKED && k == 2 {
        return Ok(Built { game: Game::from_packed_rows(n, &img.data).map_err(from)?, board: None });
    }
    let values: Vec<u32> = match (img.format, img.wide) {
        // A plain PGM past maxval 255: its values as they are.
        (_, Some(wide)) => wide,
        // A raw PBM for another modulus: its bits as entries.
        (lightsout_topo::BoardFormat::PACKED, None) => {
            let per_row = n.div_ceil(8);
            (0..n * n).map(|i| ((img.data[i / n * per_row + i % n / 8] >> (7 - i % n % 8)) & 1) as u32).collect()
        }
        (_, None) => img.data.into_iter().map(u32::from).collect(),
    };
    if let Some(i) = values.iter().position(|&v| v as u64 >= k) {
        return Err(CliError::input(format!(
            "{name}: the entry at row {}, column {} is {}, but the modulus is {k} (entries 0 to {})",
            i / n + 1,
            i % n + 1,
            values[i],
            k - 1
        )));
    }
    let game = if k == 2 {
        let per_row = n.div_ceil(8);
        let mut packed = vec![0u8; n * per_row];
        for (i, &v) in values.iter().enumerate() {
            packed[i / n * per_row + i % n / 8] |= (v as u8) << (7 - i % n % 8);
        }
        Game::from_packed_rows(n, &packed).map_err(from)?
    } else {
        let modulus = lightsout_core::Modulus::ring(k).map_err(|e| from(e.into()))?;
        let flat: Vec<i64> = values.iter().map(|&v| v as i64).collect();
        let m = lightsout_core::Matrix::from_flat_reduced(modulus, n, n, &flat).map_err(|e| from(e.into()))?;
        Game::from_matrix(m).map_err(from)?
    };
    Ok(Built { game, board: None })
}
