//! The one route: which engine of the core answers a game, decided once from its description.
//!
//! [`Game::solver_path`] reads the shape, rule, modulus and size and names a [`SolverPath`];
//! [`Game::engine`] builds that path's engine on first use and hands it out as a
//! `&dyn FactoredSystem`. Every question of [`crate::Game`] (rank, solving, counting, quiet
//! patterns, …) asks that value; none matches on the engine kind. The paths:
//! - grids, tori and cylinders with the plus or neighbours rule, large, prime modulus: the
//!   chasing [`GridSolver`] or [`WrapSolver`] (M never built);
//! - the same boards over a composite modulus: [`RingGridSolver`], one chasing engine per
//!   prime-power factor;
//! - other large GF(2) games with a geometry: the [`BandedSolver`] of M;
//! - the rest: dense elimination of M, the field [`lightsout_core::Solver`] for a prime, the
//!   [`lightsout_core::RingSolver`] for a composite modulus.
//!
//! The questions that some paths answer without their engine, or that need more than
//! `FactoredSystem`, ask this file too, and nowhere else is the path looked at: pressing
//! without a factorisation (`press_unfactored`), the rank of a dense bit matrix without
//! factoring it (`unfactored_rank`), the dense factorisation that the pseudoinverse,
//! the obstructions, bulk solving and statistics take (`dense_factorisation`), the
//! dense engine behind the exhaustive fewest-press searches (`dense_field_engine`,
//! `dense_ring_engine`), and the chasing engines that take compact boards in place
//! (`chasing_grid`, `ring_grid_solver`, `chases`).
//!
//! A new engine implements `FactoredSystem` in the core and, here, gets a [`SolverPath`]
//! variant, a line in [`Game::solver_path`], a `PathEngine` variant built in `path_engine` and
//! handed out by [`Game::engine`], and the memory estimate it is held to in `check_footprint`
//! (written in `footprint.rs` if none there fits); the capabilities above are the places to
//! name it if it has one. No other file of topo changes.

use crate::error::Result;
use crate::game::Game;
use crate::shape::{Rule, Shape};
use lightsout_core::banded::BandedSolver;
use lightsout_core::batch::BatchSolver;
use lightsout_core::minimal::{Budget, Stats};
use lightsout_core::ring::RingGridSolver;
use lightsout_core::structured::{GridSolver, Wrap, WrapSolver};
use lightsout_core::{FactoredSystem, Matrix, Modulus, RingSolver, Solver};

/// Games with at least this many lights are solved by the structured solvers when their shape
/// and rule allow it; smaller games use the dense [`lightsout_core::Solver`], whose answers
/// (the particular solution, the null basis) then match [`crate::Game::solver`] exactly.
pub const STRUCTURED_MIN_LIGHTS: usize = 4096;

/// Grids, tori and cylinders over a composite modulus with at least this many lights are chased
/// over each prime-power factor ([`lightsout_core::ring::RingGridSolver`]). The threshold is far
/// below [`STRUCTURED_MIN_LIGHTS`] because the dense Smith form over Z/p^e is much slower than
/// elimination over a field: about 0.1 s at 1024 lights but some 800 s at 4095, while chasing
/// takes milliseconds at either size.
pub const RING_CHASING_MIN_LIGHTS: usize = 1024;

/// How a game's questions are answered; chosen by the game from its description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SolverPath {
    /// A grid with cut-off edges: light chasing and one polynomial gcd, time and memory about
    /// proportional to the board; M is never built.
    Chasing,
    /// A torus or cylinder: light chasing down to a 2n x 2n system, which is 2 x 2 over
    /// polynomials modulo z^n - 1 (or chi); M is never built.
    WrappedChasing,
    /// A large GF(2) game with a geometry but no structured solver: M, reordered so every
    /// press stays within a narrow band, then elimination inside the band.
    Banded,
    /// Everything else over a prime: M factored densely (bit-packed for GF(2), bitsliced for
    /// GF(3)).
    Dense,
    /// Everything else over a composite modulus k: M factored over each prime-power factor of k
    /// and the answers recombined.
    Ring,
    /// A large grid, torus or cylinder over a composite modulus k: per prime-power factor p^e,
    /// the structured field solver for a prime, else light chasing over Z/p^e to the n x n
    /// (tori: 2n x 2n) system, solved by p-adic lifting from its factorisation mod p; the
    /// answers recombined. M is never built.
    RingChasing,
}

impl SolverPath {
    /// A short description for people, as `lightsout analyze` prints it.
    ///
    /// ```
    /// use lightsout_topo::{Game, SolverPath};
    /// assert_eq!(Game::grid(5, 5, 2).unwrap().solver_path(), SolverPath::Dense);
    /// assert_eq!(Game::grid(100, 100, 2).unwrap().solver_path(), SolverPath::Chasing);
    /// assert!(SolverPath::Banded.describe().starts_with("banded"));
    /// ```
    pub fn describe(self) -> &'static str {
        match self {
            SolverPath::Chasing => "structured: light chasing and a polynomial gcd (the N x N matrix is never built)",
            SolverPath::WrappedChasing => {
                "structured: light chasing to a 2n x 2n system, solved as 2 x 2 over polynomials (the N x N matrix is never built)"
            }
            SolverPath::Banded => "banded elimination of M after a bandwidth-reducing ordering of the lights",
            SolverPath::Dense => "dense elimination of M",
            SolverPath::Ring => "elimination of M over each prime-power factor of the modulus (a ring, not a field)",
            SolverPath::RingChasing => {
                "structured over each prime-power factor of the modulus: p-adic lifting over Z/p^e, one fast \
                 solve mod p per digit on the whole board (or light chasing to the first rows when the kernel \
                 mod p is large); the N x N matrix is never built"
            }
        }
    }

    /// How each prime-power factor is solved on the paths over a composite modulus, as
    /// `lightsout analyze` prints it; `None` on the paths over a prime.
    ///
    /// ```
    /// use lightsout_topo::SolverPath;
    /// assert_eq!(SolverPath::Ring.factor_method(), Some("Smith form"));
    /// assert_eq!(SolverPath::Dense.factor_method(), None);
    /// ```
    pub fn factor_method(self) -> Option<&'static str> {
        match self {
            SolverPath::RingChasing => Some("light chasing and p-adic lifting"),
            SolverPath::Ring => Some("Smith form"),
            SolverPath::Chasing | SolverPath::WrappedChasing | SolverPath::Banded | SolverPath::Dense => None,
        }
    }

    /// A one-word name for machine-readable output: `chasing`, `wrapped-chasing`, `banded`,
    /// `dense`, `ring`, `ring-chasing`.
    pub fn name(self) -> &'static str {
        match self {
            SolverPath::Chasing => "chasing",
            SolverPath::WrappedChasing => "wrapped-chasing",
            SolverPath::Banded => "banded",
            SolverPath::Dense => "dense",
            SolverPath::Ring => "ring",
            SolverPath::RingChasing => "ring-chasing",
        }
    }
}

/// Whether a game of this shape and rule can be chased: grids, tori and cylinders with the
/// plus or neighbours rule.
fn chasing_shape(shape: &Shape, rule: &Rule) -> bool {
    matches!(rule, Rule::Plus | Rule::Neighbours)
        && matches!(shape, Shape::Grid { .. } | Shape::Torus { .. } | Shape::Cylinder { .. })
}

/// Rows, columns and joined edges of a board that chases (our cylinders join left and right,
/// so every row is a cycle).
fn frame(shape: &Shape) -> Result<(usize, usize, Wrap)> {
    Ok(match *shape {
        Shape::Torus { rows, cols } => (rows, cols, Wrap::Torus),
        Shape::Cylinder { rows, cols } => (rows, cols, Wrap::Horizontal),
        Shape::Grid { rows, cols } => (rows, cols, Wrap::None),
        _ => {
            return Err(crate::Error::invalid(format!(
                "no structured solver for a {} (grids, tori and cylinders with the plus or neighbours rule only)",
                shape.describe()
            )))
        }
    })
}

impl Game {
    /// How this game's questions are answered (see [`SolverPath`]), from its description alone.
    pub fn solver_path(&self) -> SolverPath {
        let large = self.size() >= STRUCTURED_MIN_LIGHTS;
        let prime = self.modulus().is_prime();
        let chases = chasing_shape(self.shape(), self.rule());
        if large && prime && chases {
            match self.shape() {
                Shape::Grid { .. } => SolverPath::Chasing,
                _ => SolverPath::WrappedChasing,
            }
        } else if !prime && chases && self.size() >= RING_CHASING_MIN_LIGHTS {
            SolverPath::RingChasing
        } else if large
            && self.modulus() == Modulus::TWO
            && !chases
            && !matches!(self.shape(), Shape::Graph { .. } | Shape::Explicit { .. })
        {
            // Graphs and explicit games stay dense: their band can be as wide as the game.
            SolverPath::Banded
        } else if prime {
            SolverPath::Dense
        } else {
            SolverPath::Ring
        }
    }

    /// The engine that answers this game's questions, built on first use on the path
    /// [`Game::solver_path`] names (an error, before anything large is allocated, when it
    /// would not fit).
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// let big = Game::grid(300, 300, 2).unwrap(); // chased: M is never built
    /// let engine = big.engine().unwrap();
    /// let board = engine.random_solvable(1).unwrap();
    /// assert!(engine.apply(&board, &engine.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// assert_eq!(engine.nullity().unwrap(), big.nullity().unwrap());
    /// ```
    pub fn engine(&self) -> Result<&dyn FactoredSystem> {
        Ok(match self.solver_path() {
            SolverPath::Dense => self.solver()?,
            SolverPath::Ring => self.ring_solver()?,
            _ => match self.path_engine()? {
                PathEngine::Grid(e) => e,
                PathEngine::Wrap(e) => e,
                PathEngine::RingGrid(e) => e,
                PathEngine::Banded(e) => e,
            },
        })
    }

    /// The engine of a chasing or banded path, built on first use (the dense paths keep theirs
    /// in [`Game::solver`] and [`Game::ring_solver`], which other questions share).
    fn path_engine(&self) -> Result<&PathEngine> {
        self.path_engine.get_or_try_init(|| {
            let path = self.solver_path();
            if path == SolverPath::Banded {
                // Refused from the shape before M is built, when the band is sure to be too wide.
                self.check_band_estimate()?;
                return Ok(PathEngine::Banded(BandedSolver::new(self.matrix()?)?));
            }
            let (rows, cols, wrap) = frame(self.shape())?;
            let (self_toggle, modulus) = (self.self_toggle(), self.modulus());
            Ok(match path {
                SolverPath::Chasing => PathEngine::Grid(GridSolver::new(rows, cols, self_toggle, modulus)?),
                SolverPath::WrappedChasing => {
                    PathEngine::Wrap(WrapSolver::new(rows, cols, wrap, self_toggle, modulus)?)
                }
                SolverPath::RingChasing => {
                    PathEngine::RingGrid(RingGridSolver::new(rows, cols, wrap, self_toggle, modulus)?)
                }
                SolverPath::Banded | SolverPath::Dense | SolverPath::Ring => {
                    return Err(crate::Error::invalid(format!(
                        "internal error: no path engine on the {} path",
                        path.name()
                    )))
                }
            })
        })
    }

    /// Refuse, before anything is built, what the game's path cannot hold: M for the banded and
    /// dense paths; for the chasing paths, one light vector where every question needs one (the
    /// wrapped and ring paths, and grids over a modulus above 256). A grid on the chasing path
    /// over a modulus up to 256 is charged nothing per light here: its engine takes memory
    /// about one side long, and its boards travel compactly ([`crate::BoardFormat`]: one bit a
    /// light over GF(2), two over GF(3), a byte otherwise); the questions that do take a
    /// `u32` light vector check its size when they are asked ([`Game::check_light_vectors`]).
    /// Called by every constructor.
    pub(crate) fn check_footprint(&self) -> Result<()> {
        match self.solver_path() {
            SolverPath::Chasing if self.modulus().get() <= 256 => Ok(()),
            SolverPath::Chasing | SolverPath::WrappedChasing | SolverPath::RingChasing => self.check_light_vectors(),
            // A dense bit matrix is M already: its factorisation is what it will allocate.
            _ if matches!(self.rule(), Rule::Dense { .. }) => self.check_dense_fits(),
            SolverPath::Banded | SolverPath::Dense | SolverPath::Ring => self.check_matrix_fits(),
        }
    }

    /// An error, from the description alone and before anything is built, if the engine of
    /// this game's path would surely pass its limits: the banded elimination's work and memory
    /// with the narrowest band the shape allows ([`Game::engine`] checks the same first). For a
    /// caller about to do other work (dealing a random board builds M) before it asks the
    /// engine.
    ///
    /// ```
    /// use lightsout_topo::{Game, Rule, Shape};
    /// let rp2 = Game::with_rule(Shape::Projective { rows: 5000, cols: 5000 }, Rule::Plus, 2).unwrap();
    /// let e = rp2.check_engine_fits().unwrap_err().to_string();
    /// assert!(e.contains("the banded elimination of M needs") && e.contains("the limit is 600"), "{e}");
    /// assert!(Game::with_rule(Shape::Klein { rows: 211, cols: 211 }, Rule::Plus, 2).unwrap().check_engine_fits().is_ok());
    /// ```
    pub fn check_engine_fits(&self) -> Result<()> {
        match self.solver_path() {
            SolverPath::Banded => self.check_band_estimate(),
            _ => Ok(()),
        }
    }

    /// Whether the game is a grid on the chasing path, whose boards travel compactly (one bit a
    /// light over GF(2), two over GF(3), a byte up to modulus 256).
    pub(crate) fn chases_as_grid(&self) -> bool {
        self.solver_path() == SolverPath::Chasing
    }

    /// Whether the answers of [`Game::solve`], [`Game::rank`] and the game's other questions
    /// come from the core's structured solvers (grids, tori and cylinders with the plus or
    /// neighbours rule, a prime modulus and at least [`STRUCTURED_MIN_LIGHTS`] lights), which
    /// never build the N x N system, rather than from [`Game::solver`].
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// assert!(!Game::grid(5, 5, 2).unwrap().uses_structured_solver());
    /// let big = Game::grid(300, 300, 2).unwrap();
    /// assert!(big.uses_structured_solver());
    /// let board = big.random_solvable(1).unwrap();
    /// assert!(big.apply(&board, &big.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn uses_structured_solver(&self) -> bool {
        matches!(self.solver_path(), SolverPath::Chasing | SolverPath::WrappedChasing)
    }

    /// Whether the answers come from the core's structured solver over Z_k
    /// ([`lightsout_core::ring::RingGridSolver`]): a composite modulus, a grid, torus or cylinder
    /// with the plus or neighbours rule and at least [`crate::RING_CHASING_MIN_LIGHTS`] lights. It
    /// never builds M: each prime-power factor is chased down to the first rows.
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// let big = Game::grid(300, 300, 4).unwrap();
    /// assert!(big.uses_ring_chasing() && !big.uses_structured_solver());
    /// let board = big.random_solvable(1).unwrap();
    /// assert!(big.apply(&board, &big.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn uses_ring_chasing(&self) -> bool {
        self.solver_path() == SolverPath::RingChasing
    }

    /// Whether the game's questions are answered by the core's banded solver: GF(2) games with
    /// a geometry (masks, cubes, grids with other rules) and at least [`STRUCTURED_MIN_LIGHTS`]
    /// lights that have no structured solver. It renumbers the lights into a narrow band and
    /// eliminates there, in about `N * W / 8` bytes for a band of width W (about one side)
    /// where [`Game::solver`] needs `N^2 / 4`.
    ///
    /// ```
    /// use lightsout_topo::{Game, Rule};
    /// let cells: Vec<bool> = (0..80 * 80).map(|i| i % 7 != 3).collect();
    /// let game = Game::mask(80, 80, cells, Rule::Plus, 2).unwrap();
    /// assert!(game.uses_banded_solver());
    /// let board = game.random_solvable(1).unwrap();
    /// assert!(game.apply(&board, &game.solve(&board).unwrap()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn uses_banded_solver(&self) -> bool {
        self.solver_path() == SolverPath::Banded
    }

    /// `lights + M presses` (entries checked by the caller) without factoring anything: the
    /// chasing engines press on the board, a dense bit matrix by the parity of its rows, every
    /// other game by M (the banded solver would need its factorisation, where M alone does it).
    pub(crate) fn press_unfactored(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        match self.solver_path() {
            SolverPath::RingChasing => return self.chased_press(lights, presses),
            SolverPath::Chasing | SolverPath::WrappedChasing => return Ok(self.engine()?.apply(lights, presses)?),
            _ => {}
        }
        if let Rule::Dense { rows } = self.rule() {
            return Ok(rows.0.apply(lights, presses));
        }
        let change = self.matrix()?.mul_vec(presses)?;
        let f = self.modulus().field();
        Ok(lights.iter().zip(change).map(|(&a, b)| lightsout_core::Field::add(&f, a, b)).collect())
    }

    /// The rank of M where it is known without the engine: a dense bit matrix is eliminated
    /// alone, a third of the work of the factorisation `[M | I]` that solving needs (and the
    /// same engine), so the questions that follow from the rank never factor such a game.
    /// `None` for every other game: its engine answers.
    pub(crate) fn unfactored_rank(&self) -> Result<Option<usize>> {
        let Rule::Dense { rows } = self.rule() else { return Ok(None) };
        let rank = self.dense_rank.get_or_try_init(|| {
            let mut m = rows.0.as_ref().clone();
            let rank = lightsout_core::elim::gf2::rank(&mut m);
            lightsout_core::interrupt::check()?;
            Ok(rank)
        })?;
        Ok(Some(*rank))
    }

    /// The dense field engine when it is this game's engine (the dense path): the fewest-press
    /// searches that take a whole factorisation use it. `None` on the structured and banded
    /// paths, whose quiet patterns are searched instead, and over a composite modulus.
    pub(crate) fn dense_field_engine(&self) -> Result<Option<&Solver>> {
        Ok(match self.solver_path() {
            SolverPath::Dense => Some(self.solver()?),
            _ => None,
        })
    }

    /// The dense ring engine when it is this game's engine (the ring path): small games over a
    /// composite modulus, whose boards of a given difficulty can be drawn from every press
    /// vector. `None` on every other path.
    pub(crate) fn dense_ring_engine(&self) -> Result<Option<&RingSolver>> {
        Ok(match self.solver_path() {
            SolverPath::Ring => Some(self.ring_solver()?),
            _ => None,
        })
    }

    /// The dense factorisation of M, whatever the path, for the answers that have no
    /// structured form: the field engine for a prime, the ring engine for a composite modulus.
    pub(crate) fn dense_factorisation(&self) -> Result<DenseFactorisation<'_>> {
        Ok(if self.modulus().is_prime() {
            DenseFactorisation::Field(self.solver()?)
        } else {
            DenseFactorisation::Ring(self.ring_solver()?)
        })
    }

    /// The chasing grid engine, when it is this game's engine: then boards go packed (GF(2),
    /// GF(3)) or as bytes, in place. Only then: asking for the chasing engine of another game
    /// would build it, which applying presses never needs.
    pub(crate) fn chasing_grid(&self) -> Result<Option<&GridSolver>> {
        if !self.chases_as_grid() {
            return Ok(None);
        }
        Ok(Some(self.grid_solver_built()?))
    }

    /// The structured solver over Z_k of a composite-modulus grid, torus or cylinder, when the
    /// game answers through it (the natural array of these games is their light vector).
    pub(crate) fn ring_grid_solver(&self) -> Result<Option<&RingGridSolver>> {
        if !self.uses_ring_chasing() {
            return Ok(None);
        }
        Ok(Some(self.ring_grid_solver_built()?))
    }

    /// Whether the game is a grid, torus or cylinder that chases, whose natural array of one
    /// byte a light is its light vector: boards of bytes are pressed on the bytes themselves.
    pub(crate) fn chases(&self) -> bool {
        matches!(self.solver_path(), SolverPath::RingChasing | SolverPath::Chasing | SolverPath::WrappedChasing)
    }

    /// Whether a press changes the pressed light itself (the plus rule) or only its
    /// neighbours: the one thing the chasing engines need to know of the rule.
    fn self_toggle(&self) -> bool {
        matches!(self.rule(), Rule::Plus)
    }

    /// The chasing grid engine (built on first use); only on [`SolverPath::Chasing`].
    fn grid_solver_built(&self) -> Result<&GridSolver> {
        match self.path_engine()? {
            PathEngine::Grid(e) => Ok(e),
            _ => Err(crate::Error::invalid("internal error: the grid engine of a game that does not chase as a grid")),
        }
    }

    /// The chasing engine over each prime-power factor (built on first use); only on
    /// [`SolverPath::RingChasing`].
    fn ring_grid_solver_built(&self) -> Result<&RingGridSolver> {
        match self.path_engine()? {
            PathEngine::RingGrid(e) => Ok(e),
            _ => Err(crate::Error::invalid("internal error: the ring chasing engine of a game off its path")),
        }
    }

    /// [`Game::chased_press`] on boards of one byte a light (k <= 256, the caller has checked
    /// the board's size).
    pub(crate) fn chased_press_bytes(&self, lights: &[u8], presses: &[u8]) -> Result<Vec<u8>> {
        let (rows, cols, wrap) = frame(self.shape())?;
        Ok(RingGridSolver::press_bytes(rows, cols, wrap, self.self_toggle(), self.modulus(), lights, presses)?)
    }

    /// [`Game::chased_press_bytes`] on a dark board (none allocated).
    pub(crate) fn chased_press_dark_bytes(&self, presses: &[u8]) -> Result<Vec<u8>> {
        let (rows, cols, wrap) = frame(self.shape())?;
        Ok(RingGridSolver::press_dark_bytes(rows, cols, wrap, self.self_toggle(), self.modulus(), presses)?)
    }

    /// `lights + M presses` over Z_k for a board that chases, without factoring anything.
    pub(crate) fn chased_press(&self, lights: &[u32], presses: &[u32]) -> Result<Vec<u32>> {
        let (rows, cols, wrap) = frame(self.shape())?;
        Ok(RingGridSolver::press(rows, cols, wrap, self.self_toggle(), self.modulus(), lights, presses)?)
    }
}

/// The engine of a chasing or banded path, the one [`Game::engine`] builds for it; at most
/// one is ever built for a game.
#[derive(Clone)]
pub(crate) enum PathEngine {
    Grid(GridSolver),
    Wrap(WrapSolver),
    RingGrid(RingGridSolver),
    Banded(BandedSolver),
}

/// The dense factorisation of M that [`Game::dense_factorisation`] hands out: what the
/// pseudoinverse, the obstructions, bulk solving and the statistics of every board ask.
pub(crate) enum DenseFactorisation<'g> {
    /// Over a prime: the field engine.
    Field(&'g Solver),
    /// Over a composite modulus: the ring engine.
    Ring(&'g RingSolver),
}

impl DenseFactorisation<'_> {
    /// The pseudoinverse W (see [`Game::pseudoinverse`]).
    pub(crate) fn pseudoinverse(&self) -> Result<Matrix> {
        Ok(match self {
            DenseFactorisation::Field(s) => s.pseudoinverse()?,
            DenseFactorisation::Ring(s) => s.pseudoinverse()?,
        })
    }

    /// The pseudoinverse's entries row after row, each turned into a `T` by `entry`.
    pub(crate) fn pseudoinverse_entries<T: Copy + Default>(&self, entry: impl Fn(u32) -> T) -> Result<Vec<T>> {
        Ok(match self {
            DenseFactorisation::Field(s) => s.pseudoinverse_entries(entry)?,
            DenseFactorisation::Ring(s) => s.pseudoinverse()?.as_slice().iter().map(|&v| entry(v)).collect(),
        })
    }

    /// Generators of the left kernel (see [`Game::obstructions`]).
    pub(crate) fn obstructions(&self) -> Vec<Vec<u32>> {
        match self {
            DenseFactorisation::Field(s) => s.obstructions(),
            DenseFactorisation::Ring(s) => s.obstructions(),
        }
    }

    /// The pseudoinverse and obstructions laid out for many boards at once.
    pub(crate) fn batch_solver(&self) -> Result<BatchSolver> {
        Ok(match self {
            DenseFactorisation::Field(s) => BatchSolver::new(s)?,
            DenseFactorisation::Ring(s) => BatchSolver::from_ring(s)?,
        })
    }

    /// The distribution of fewest-press counts over every solvable board (see
    /// [`Game::stats`]).
    pub(crate) fn stats(&self, budget: &Budget) -> Result<Stats> {
        Ok(match self {
            DenseFactorisation::Field(s) => lightsout_core::minimal::stats(s, budget)?,
            DenseFactorisation::Ring(s) => lightsout_core::minimal::ring_stats(s, budget)?,
        })
    }
}

#[cfg(test)]
#[path = "route_tests.rs"]
mod tests;
