//! [`Game`]: a shape, a press rule and a modulus, with M and its solver built lazily.

use crate::error::{Error, Result};
use crate::layout::{self, Layout};
use crate::once::Once;
use crate::shape::{Rule, Shape};
use crate::spec::Spec;
use lightsout_core::{Matrix, Modulus, RingSolver, Solver, SparseMatrix};

/// A Lights Out game: where the lights are ([`Shape`]), what a press does ([`Rule`]) and the
/// number of states of a light (the modulus k: any `2 <= k < 2^31`; a prime gives the field
/// Z_p, a composite k the ring Z_k, solved by [`Game::ring_solver`]). The press matrix M and its [`Solver`]
/// are built on first use and then shared (a `Game` is `Clone + Send + Sync`; clones made after
/// the solver was built share nothing but copy it). Threads that race the first question of a
/// fresh game build them once: one computes, the others wait for its answer (or its error).
///
/// Boards and presses are light vectors (one entry in `0..k` per light, in light order:
/// row-major over the natural array, skipping holes). [`Game::lights_from_cells`] and
/// [`Game::cells_from_lights`] convert from and to the natural array ([`Game::dims`]). Large
/// boards go compactly, one byte or one bit a light, through [`Game::solve_board`] and the
/// other methods of [`crate::BoardFormat`].
///
/// ```
/// use lightsout_topo::Game;
/// let game = Game::grid(5, 5, 2).unwrap();
/// assert_eq!((game.size(), game.nullity().unwrap()), (25, 2));
/// let board = game.random_solvable(7).unwrap();
/// let presses = game.solve(&board).unwrap();
/// assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
/// ```
#[derive(Clone)]
pub struct Game {
    shape: Shape,
    rule: Rule,
    modulus: Modulus,
    name: Option<String>,
    layout: Layout,
    matrix: Once<SparseMatrix>,
    solver: Once<Solver>,
    ring: Once<RingSolver>,
    /// The engine of a chasing or banded path ([`Game::engine`]).
    pub(crate) path_engine: Once<crate::route::PathEngine>,
    /// The rank of a dense bit matrix, by elimination of M alone (see [`Game::rank`]).
    pub(crate) dense_rank: Once<usize>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The shape of a mask and the matrix can be huge: show the summary instead.
        f.debug_struct("Game")
            .field("name", &self.name)
            .field("shape", &self.shape.describe())
            .field("rule", &self.rule.name())
            .field("modulus", &self.modulus.get())
            .field("size", &self.size())
            .finish()
    }
}

/// The one-line description, e.g. `classic: grid 5x5, plus rule, modulus 2`.
impl std::fmt::Display for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

/// The constructors of the `rows x cols` surfaces with the plus rule: `name => Shape` makes
/// `Game::name(rows, cols, modulus)`, the game of `Shape::Shape { rows, cols }`.
macro_rules! plus_surfaces {
    ($($(#[$doc:meta])* $name:ident => $shape:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(rows: usize, cols: usize, modulus: u64) -> Result<Game> {
            Self::with_rule(Shape::$shape { rows, cols }, Rule::Plus, modulus)
        }
    )*};
}

impl Game {
    /// Any shape with any rule that fits it (see [`Rule`]); the one constructor all others use.
    ///
    /// ```
    /// use lightsout_topo::{Game, Rule, Shape};
    /// let g = Game::with_rule(Shape::Torus { rows: 3, cols: 3 }, Rule::Moore, 2).unwrap();
    /// assert_eq!(g.size(), 9);
    /// assert!(Game::with_rule(Shape::Grid { rows: 0, cols: 5 }, Rule::Plus, 2).is_err());
    /// assert!(Game::with_rule(Shape::Grid { rows: 2, cols: 2 }, Rule::Plus, 1).is_err());
    /// let four = Game::with_rule(Shape::Grid { rows: 2, cols: 2 }, Rule::Plus, 4).unwrap();
    /// assert_eq!(four.modulus().get(), 4); // four states per light: Z_4 is a ring
    /// ```
    pub fn with_rule(shape: Shape, rule: Rule, modulus: u64) -> Result<Game> {
        let modulus = Modulus::ring(modulus)?;
        shape.check()?;
        let layout = Layout::new(&shape);
        layout::check_rule(&shape, &rule, layout.size, modulus)?;
        let game = Game {
            shape,
            rule,
            modulus,
            name: None,
            layout,
            matrix: Once::default(),
            solver: Once::default(),
            ring: Once::default(),
            path_engine: Once::default(),
            dense_rank: Once::default(),
        };
        game.check_footprint()?;
        Ok(game)
    }

    plus_surfaces! {
        /// A `rows x cols` grid with the plus rule (the classic game is `grid(5, 5, 2)`).
        grid => Grid;
        /// A `rows x cols` torus (wrapping both ways) with the plus rule. Press sets are sets: on a
        /// side of 1 or 2 a light reached twice is toggled once.
        torus => Torus;
        /// A `rows x cols` cylinder (columns wrap, rows do not) with the plus rule.
        cylinder => Cylinder;
        /// A `rows x cols` Möbius band (left and right edges glued with a twist, top and bottom cut
        /// off) with the plus rule.
        ///
        /// ```
        /// let band = lightsout_topo::Game::mobius(3, 4, 2).unwrap();
        /// // a step right from row 0's last light lands on row 2's first: light 8
        /// assert!(band.press_set(3).unwrap().iter().any(|&(l, _)| l == 8));
        /// ```
        mobius => Mobius;
        /// A `rows x cols` Klein bottle (left and right edges glued with a twist, top and bottom
        /// straight) with the plus rule.
        klein => Klein;
        /// A `rows x cols` real projective plane (both pairs of edges glued with a twist) with the
        /// plus rule.
        projective => Projective;
    }

    /// The cube with `k x k` lights per face and the plus rule (every light has 4 neighbours).
    ///
    /// ```
    /// let cube = lightsout_topo::Game::cube(3, 2).unwrap();
    /// assert_eq!((cube.size(), cube.dims()), (54, vec![6, 3, 3]));
    /// ```
    pub fn cube(k: usize, modulus: u64) -> Result<Game> {
        Self::with_rule(Shape::Cube { k }, Rule::Plus, modulus)
    }

    /// A grid with holes: `cells` row-major, `true` where there is a light.
    ///
    /// ```
    /// use lightsout_topo::{Game, Rule};
    /// let g = Game::mask(2, 2, vec![true, true, false, true], Rule::Plus, 2).unwrap();
    /// assert_eq!(g.size(), 3);
    /// assert_eq!(g.light_at(&[1, 1]), Some(2));
    /// assert_eq!(g.light_at(&[1, 0]), None);
    /// ```
    pub fn mask(rows: usize, cols: usize, cells: Vec<bool>, rule: Rule, modulus: u64) -> Result<Game> {
        Self::with_rule(Shape::Mask { rows, cols, cells }, rule, modulus)
    }

    /// A graph on vertices `0..n`: pressing `u` toggles `u` itself (if `self_toggle`) and its
    /// out-neighbours. Undirected edges go both ways; directed edges `(u, v)` only from u to v.
    /// Repeated edges and loops are allowed (a press set is a set). A graph has no structure to
    /// exploit, so it is solved by dense elimination: one whose augmented matrix `[M | I]` would
    /// exceed [`lightsout_core::limits::MAX_DENSE_BYTES`] is refused here, before anything is built.
    ///
    /// ```
    /// let path = lightsout_topo::Game::graph(3, &[(0, 1), (1, 2)], false, true, 2).unwrap();
    /// assert!(path.is_symmetric().unwrap());
    /// let arrow = lightsout_topo::Game::graph(2, &[(0, 1)], true, true, 2).unwrap();
    /// assert!(!arrow.is_symmetric().unwrap());
    /// ```
    pub fn graph(n: usize, edges: &[(usize, usize)], directed: bool, self_toggle: bool, modulus: u64) -> Result<Game> {
        Shape::Graph { n }.check()?;
        // A graph is solved by dense elimination: if its augmented matrix can never fit, refuse
        // now, before the press sets are built (a 9-byte edge list can declare 2^24 vertices).
        // (A composite modulus is factored by parts, the smallest of which may be bit-packed.)
        let prime = lightsout_core::field::is_prime(modulus);
        let bits = if prime { lightsout_core::limits::bits_per_entry(modulus.min(u32::MAX as u64) as u32) } else { 1 };
        lightsout_core::limits::check_dense_bits("the augmented matrix [M | I]", n, n.saturating_mul(2), bits)?;
        // The press sets built below and M made from them (see Game::matrix_bytes).
        let entries = edges.len() as u128 * 2 + n as u128;
        crate::footprint::check_bytes("the press matrix M of the graph", 48 * n as u128 + 24 * entries)?;
        let mut sets: Vec<Vec<usize>> = (0..n).map(|u| if self_toggle { vec![u] } else { Vec::new() }).collect();
        for (i, &(u, v)) in edges.iter().enumerate() {
            if u >= n || v >= n {
                return Err(Error::invalid(format!(
                    "edge {i} is ({u}, {v}), but the vertices are 0 to {} (both ends must be less than {n})",
                    n - 1
                )));
            }
            sets[u].push(v);
            if !directed {
                sets[v].push(u);
            }
        }
        for set in &mut sets {
            set.sort_unstable();
            set.dedup();
        }
        Self::with_rule(Shape::Graph { n }, Rule::Sets { sets }, modulus)
    }

    /// `n` lights where button `j` toggles the lights `sets[j]` (one set per light; repeated
    /// lights count once).
    ///
    /// ```
    /// let g = lightsout_topo::Game::from_press_sets(2, vec![vec![0, 1], vec![1]], 2).unwrap();
    /// assert_eq!(g.rank().unwrap(), 2);
    /// ```
    pub fn from_press_sets(n: usize, sets: Vec<Vec<usize>>, modulus: u64) -> Result<Game> {
        let sets = sets
            .into_iter()
            .map(|mut s| {
                s.sort_unstable();
                s.dedup();
                s
            })
            .collect();
        Self::with_rule(Shape::Explicit { n }, Rule::Sets { sets }, modulus)
    }

    /// The game whose press matrix is `m` (square; column j = what button j adds to each light).
    ///
    /// ```
    /// use lightsout_core::{Matrix, Modulus};
    /// let m = Matrix::from_rows(Modulus::new(3).unwrap(), &[vec![1, 2], vec![0, 1]]).unwrap();
    /// let g = lightsout_topo::Game::from_matrix(m).unwrap();
    /// assert_eq!(g.solve(&[1, 1]).unwrap(), vec![1, 2]); // M s = -b = [2, 2]
    /// ```
    pub fn from_matrix(m: Matrix) -> Result<Game> {
        if m.rows() != m.cols() {
            return Err(Error::invalid(format!(
                "a press matrix must be square (one button per light), got {} x {}",
                m.rows(),
                m.cols()
            )));
        }
        let columns = SparseMatrix::from_dense(&m)
            .columns()
            .iter()
            .map(|c| c.iter().map(|&(r, v)| (r as usize, v)).collect())
            .collect();
        Self::with_rule(Shape::Explicit { n: m.rows() }, Rule::Weighted { columns }, m.modulus().get() as u64)
    }

    /// The GF(2) game whose press matrix has the bit-packed rows `m` (square; entry (r, c) is
    /// whether button c toggles light r). Solved by the packed dense engine as it is, with no
    /// sparse copy: a random dense 20,000 x 20,000 M takes 50 MB here and 100 MB to factor,
    /// where its sparse form would take several GB. The sizes are checked before the
    /// factorisation is allocated.
    ///
    /// ```
    /// use lightsout_core::BitMatrix;
    /// let mut m = BitMatrix::zeros(3, 3).unwrap();
    /// for (r, c) in [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)] {
    ///     m.set(r, c, true);
    /// }
    /// let g = lightsout_topo::Game::from_bit_rows(m).unwrap();
    /// assert_eq!(g.rank().unwrap(), 3);
    /// let presses = g.solve(&[1, 0, 1]).unwrap();
    /// assert_eq!(g.apply(&[1, 0, 1], &presses).unwrap(), vec![0, 0, 0]);
    /// ```
    pub fn from_bit_rows(m: lightsout_core::BitMatrix) -> Result<Game> {
        if m.rows() != m.cols() {
            return Err(Error::invalid(format!(
                "a press matrix must be square (one button per light), got {} x {}",
                m.rows(),
                m.cols()
            )));
        }
        let rows = crate::shape::DenseRows(std::sync::Arc::new(m));
        Self::with_rule(Shape::Explicit { n: rows.0.rows() }, Rule::Dense { rows }, 2)
    }

    /// A named game (see [`Game::presets`]); an unknown name is an error listing the known ones.
    ///
    /// ```
    /// let g = lightsout_topo::Game::preset("2000").unwrap();
    /// assert_eq!((g.size(), g.modulus().get()), (25, 3));
    /// ```
    pub fn preset(name: &str) -> Result<Game> {
        crate::presets::build(name)
    }

    /// Every preset as `(name, description)`.
    pub fn presets() -> &'static [(&'static str, &'static str)] {
        crate::presets::PRESETS
    }

    /// The same game with a display name (no control characters).
    pub fn with_name(mut self, name: impl Into<String>) -> Result<Game> {
        let name = name.into();
        if name.chars().any(char::is_control) {
            return Err(Error::invalid(format!("a game name must not contain control characters, got {name:?}")));
        }
        self.name = Some(name);
        Ok(self)
    }

    /// The full description of this game, from which [`Game::from_spec`] rebuilds it.
    pub fn spec(&self) -> Spec {
        Spec {
            shape: self.shape.clone(),
            rule: self.rule.clone(),
            modulus: self.modulus.get() as u64,
            name: self.name.clone(),
        }
    }

    /// Rebuild a game from its description (validated like every constructor).
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// let g = Game::preset("merlin").unwrap();
    /// let text = g.spec().to_string();
    /// let again = Game::from_spec(text.parse().unwrap()).unwrap();
    /// assert_eq!(again.matrix().unwrap(), g.matrix().unwrap());
    /// ```
    pub fn from_spec(spec: Spec) -> Result<Game> {
        let game = Self::with_rule(spec.shape, spec.rule, spec.modulus)?;
        match spec.name {
            Some(name) => game.with_name(name),
            None => Ok(game),
        }
    }

    /// Number of lights (and buttons).
    pub fn size(&self) -> usize {
        self.layout.size
    }
    /// The modulus k: every light has k states.
    pub fn modulus(&self) -> Modulus {
        self.modulus
    }
    /// Where the lights are.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// What a press does.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }
    /// The display name (presets have one).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    /// The natural array shape (see [`Shape::dims`]).
    pub fn dims(&self) -> Vec<usize> {
        self.shape.dims()
    }
    /// A one-line description such as `classic: grid 5x5, plus rule, modulus 2`.
    pub fn describe(&self) -> String {
        let body = format!("{}, {} rule, modulus {}", self.shape.describe(), self.rule_name(), self.modulus);
        match &self.name {
            Some(n) => format!("{n}: {body}"),
            None => body,
        }
    }

    /// The rule's name as a user chose it: a graph's press sets are the plus rule when every
    /// vertex toggles itself and the neighbours rule when none does (`Rule::Sets` otherwise).
    fn rule_name(&self) -> &'static str {
        match (&self.shape, &self.rule) {
            (Shape::Graph { .. }, Rule::Sets { sets }) => {
                let own = sets.iter().enumerate().filter(|(j, s)| s.contains(j)).count();
                if own == sets.len() {
                    "plus"
                } else if own == 0 {
                    "neighbours"
                } else {
                    self.rule.name()
                }
            }
            _ => self.rule.name(),
        }
    }

    /// Whether M has been built (for tests of what is refused before it is).
    #[cfg(test)]
    pub(crate) fn matrix_built(&self) -> bool {
        self.matrix.is_computed()
    }

    /// The press matrix M, built on first use; refused before it is built if it would take more
    /// than [`crate::MAX_GAME_BYTES`] ([`Game::matrix_bytes`]).
    pub fn matrix(&self) -> Result<&SparseMatrix> {
        self.matrix.get_or_try_init(|| {
            self.check_matrix_fits()?;
            layout::press_matrix(&self.shape, &self.rule, &self.layout, self.modulus)
        })
    }

    /// The field solver (M factored once), built on first use. An error, before M is even
    /// built, if the dense factorisation would exceed the core's memory or work limits
    /// ([`lightsout_core::limits::check_dense_solver`]), or if the modulus is not a prime (see
    /// [`Game::ring_solver`]).
    pub fn solver(&self) -> Result<&Solver> {
        self.solver.get_or_try_init(|| {
            self.check_dense_fits()?;
            match &self.rule {
                Rule::Dense { rows } => Ok(Solver::from_bit_rows(rows.0.as_ref().clone())?),
                _ => Ok(Solver::new(self.matrix()?)?),
            }
        })
    }

    /// The solver over the ring Z_k (any modulus, prime or not), built on first use; the
    /// questions of [`Game::solve`] and the others use it for a composite modulus. For a prime
    /// it gives the answers of [`Game::solver`].
    ///
    /// ```
    /// let g = lightsout_topo::Game::grid(3, 3, 6).unwrap();
    /// let board = g.random_solvable(3).unwrap();
    /// let presses = g.ring_solver().unwrap().solve(&board).unwrap();
    /// assert!(g.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn ring_solver(&self) -> Result<&RingSolver> {
        self.ring.get_or_try_init(|| {
            self.check_dense_fits()?;
            Ok(RingSolver::new(self.matrix()?)?)
        })
    }

    /// The lights that one press of `button` changes, with the amount (1 for every rule but
    /// an explicit weighted matrix).
    ///
    /// ```
    /// let g = lightsout_topo::Game::preset("merlin").unwrap();
    /// let lights: Vec<usize> = g.press_set(0).unwrap().iter().map(|&(l, _)| l).collect();
    /// assert_eq!(lights, vec![0, 1, 3, 4]); // a corner toggles its 2x2 block
    /// assert!(g.press_set(9).is_err());
    /// ```
    pub fn press_set(&self, button: usize) -> Result<Vec<(usize, u32)>> {
        if button >= self.size() {
            return Err(Error::invalid(format!(
                "button {button} does not exist: the buttons are 0 to {}",
                self.size() - 1
            )));
        }
        Ok(self.matrix()?.column(button).iter().map(|&(l, v)| (l as usize, v)).collect())
    }

    /// Whether M equals its transpose (true for undirected rules).
    ///
    /// Answered from the description when it settles the question, without building M:
    /// grids, tori, cylinders, masks and the glued surfaces (the projective plane with the plus
    /// or neighbours rule only) with a rule that contains the negation of each of its
    /// offsets ([`Rule::is_symmetric_rule`]), cubes with the plus or neighbours rule, and
    /// graphs whose every edge goes both ways. Explicit press sets, Merlin's square and
    /// weighted matrices are checked on M.
    ///
    /// ```
    /// let huge = lightsout_topo::Game::grid(3000, 3000, 2).unwrap();
    /// assert!(huge.is_symmetric().unwrap()); // no 9-million-light matrix is built
    /// ```
    pub fn is_symmetric(&self) -> Result<bool> {
        match (&self.shape, &self.rule) {
            // A diagonal step across a corner of the projective plane need not come back.
            (Shape::Projective { .. }, rule) if !matches!(rule, Rule::Plus | Rule::Neighbours) => {}
            (shape, rule) if shape.is_planar() && rule.is_symmetric_rule() => return Ok(true),
            (Shape::Cube { .. }, Rule::Plus | Rule::Neighbours) => return Ok(true),
            (Shape::Graph { .. }, Rule::Sets { sets }) => return Ok(sets_are_symmetric(sets)),
            _ => {}
        }
        Ok(self.matrix()?.is_symmetric())
    }

    /// The light at natural-array coordinates, `None` for a hole or coordinates outside.
    pub fn light_at(&self, coords: &[usize]) -> Option<usize> {
        let dims = self.dims();
        if coords.len() != dims.len() || coords.iter().zip(&dims).any(|(&c, &d)| c >= d) {
            return None;
        }
        let cell = coords.iter().zip(&dims).fold(0usize, |acc, (&c, &d)| acc * d + c);
        self.layout.light_of_cell(cell)
    }

    /// The natural-array coordinates of a light, `None` if `light >= size()`.
    pub fn coords_of(&self, light: usize) -> Option<Vec<usize>> {
        if light >= self.size() {
            return None;
        }
        let mut cell = self.layout.cell_of_light(light);
        let dims = self.dims();
        let mut coords = vec![0; dims.len()];
        for (c, &d) in coords.iter_mut().zip(&dims).rev() {
            *c = cell % d;
            cell /= d;
        }
        Some(coords)
    }

    /// Whether a natural-array cell index is a hole (only masks have holes).
    pub fn is_hole(&self, cell: usize) -> bool {
        cell < self.shape.cells() && self.layout.light_of_cell(cell).is_none()
    }

    /// An error unless `values` is a light vector (or natural array) of `expected` entries below
    /// the modulus; on a game too large for light vectors, the refusal that names the compact
    /// board that fits ([`Game::check_light_vectors`]).
    pub(crate) fn check_values(&self, what: &'static str, values: &[u32], expected: usize) -> Result<()> {
        self.check_light_vectors()?;
        if values.len() != expected {
            return Err(lightsout_core::Error::DimensionMismatch { what, expected, got: values.len() }.into());
        }
        let p = self.modulus.get();
        if let Some((index, &value)) = values.iter().enumerate().find(|&(_, &v)| v >= p) {
            return Err(lightsout_core::Error::EntryOutOfRange { what, index, value: value as i64, modulus: p }.into());
        }
        Ok(())
    }

    /// Light vector from the natural array (length = product of dims). Holes must hold 0.
    ///
    /// ```
    /// use lightsout_topo::{Game, Rule};
    /// let g = Game::mask(1, 3, vec![true, false, true], Rule::Plus, 2).unwrap();
    /// assert_eq!(g.lights_from_cells(&[1, 0, 1]).unwrap(), vec![1, 1]);
    /// assert!(g.lights_from_cells(&[1, 1, 1]).is_err()); // a hole holds no light
    /// ```
    pub fn lights_from_cells(&self, cells: &[u32]) -> Result<Vec<u32>> {
        self.check_values("cells", cells, self.shape.cells())?;
        let mut lights = Vec::with_capacity(self.size());
        for (cell, &v) in cells.iter().enumerate() {
            match self.layout.light_of_cell(cell) {
                Some(_) => lights.push(v),
                None if v != 0 => {
                    let coords: Vec<String> = self.cell_coords(cell).into_iter().map(|c| c.to_string()).collect();
                    return Err(Error::invalid(format!(
                        "cell ({}) is a hole and must hold 0, not {v}",
                        coords.join(", ")
                    )));
                }
                None => {}
            }
        }
        Ok(lights)
    }

    /// The natural array from a light vector, with 0 in the holes.
    pub fn cells_from_lights(&self, lights: &[u32]) -> Result<Vec<u32>> {
        self.check_values("lights", lights, self.size())?;
        let mut cells = vec![0; self.shape.cells()];
        for (light, &v) in lights.iter().enumerate() {
            cells[self.layout.cell_of_light(light)] = v;
        }
        Ok(cells)
    }

    fn cell_coords(&self, mut cell: usize) -> Vec<usize> {
        let dims = self.dims();
        let mut coords = vec![0; dims.len()];
        for (c, &d) in coords.iter_mut().zip(&dims).rev() {
            *c = cell % d;
            cell /= d;
        }
        coords
    }
}

/// Whether `l` in `sets[j]` always comes with `j` in `sets[l]` (press sets that go both ways
/// give a symmetric 0/1 matrix; repeated entries count once, as in M).
fn sets_are_symmetric(sets: &[Vec<usize>]) -> bool {
    let sorted: Vec<Vec<usize>> = sets
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_unstable();
            s.dedup();
            s
        })
        .collect();
    sorted
        .iter()
        .enumerate()
        .all(|(j, set)| set.iter().all(|&l| sorted.get(l).is_some_and(|back| back.binary_search(&j).is_ok())))
}
