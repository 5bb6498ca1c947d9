//! What a game looks like ([`Shape`]) and what a press does ([`Rule`]), plus the size limits
//! that are checked before anything is allocated.

use crate::error::{Error, Result};

/// The most cells a board in a text format (a board file, a decision file, a graph file's
/// vertex count) may declare: 2^24 = 16,777,216 (a 4096 x 4096 grid). Games themselves are
/// limited by what they allocate ([`crate::MAX_GAME_BYTES`]) and by the core's
/// [`lightsout_core::limits::MAX_LIGHTS`].
pub const MAX_CELLS: u128 = 1 << 24;

/// The most entries (pairs of a button and a light it changes) an edge list may give, twice its
/// edges: 2^27. A game's press matrix is limited by its bytes instead ([`crate::Game::matrix_bytes`]).
pub const MAX_PRESS_ENTRIES: u128 = 1 << 27;

/// The most offsets a [`Rule::Stencil`] may list.
pub const MAX_STENCIL_OFFSETS: usize = 4096;

/// The geometry of a game: where its lights sit, so boards can be given and shown in their
/// natural shape.
///
/// Lights are numbered in the row-major order of the natural array ([`Shape::dims`]), skipping
/// holes. Press sets are *sets*: when wrap-around makes two offsets land on the same light (a
/// torus or cylinder with a side of 1 or 2), that light is toggled once, not twice.
///
/// ```
/// use lightsout_topo::Shape;
/// assert_eq!(Shape::Cube { k: 3 }.dims(), vec![6, 3, 3]);
/// assert_eq!(Shape::Torus { rows: 4, cols: 4 }.cells(), 16);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A rectangular grid with cut-off edges.
    Grid {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
    },
    /// A grid that wraps around both ways.
    Torus {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
    },
    /// A grid whose columns wrap around (the left and right edges are glued); rows do not wrap.
    Cylinder {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
    },
    /// A Möbius band: the left and right edges are glued with a twist, so a step right from
    /// `(r, cols - 1)` lands on `(rows - 1 - r, 0)`; the top and bottom edges are cut off.
    /// It is a cylinder whose seam is flipped (see [`Edges`] for the rule at every edge).
    Mobius {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
    },
    /// A Klein bottle: the left and right edges are glued with a twist (as on the Möbius band)
    /// and the top and bottom edges straight (as on the torus): a step down from
    /// `(rows - 1, c)` lands on `(0, c)`.
    Klein {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
    },
    /// The real projective plane: both pairs of edges are glued with a twist, so a step down
    /// from `(rows - 1, c)` lands on `(0, cols - 1 - c)`. Each corner's two outside neighbours
    /// are the same light, the opposite corner (see [`Edges`]).
    Projective {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
    },
    /// The surface of a cube, `k x k` lights on each of 6 faces. Faces are numbered as in the
    /// unfolded cross net `0 = up, 1 = left, 2 = front, 3 = right, 4 = back, 5 = down`:
    ///
    /// ```text
    ///       [0]
    ///   [1] [2] [3] [4]
    ///       [5]
    /// ```
    ///
    /// Each face is read row-major as it appears in that net; a step off a face continues on
    /// the face across the cube edge, so every light has exactly 4 neighbours.
    Cube {
        /// Side of each face (at least 1).
        k: usize,
    },
    /// A grid with holes: `cells[r * cols + c]` is `true` where there is a light (and its
    /// button) and `false` for a hole (no light, no button). Offsets landing on a hole or off
    /// the board are dropped.
    Mask {
        /// Number of rows (at least 1).
        rows: usize,
        /// Number of columns (at least 1).
        cols: usize,
        /// Row-major, `true` = light.
        cells: Vec<bool>,
    },
    /// The vertices `0..n` of a graph (the edges live in the rule as press sets).
    Graph {
        /// Number of vertices.
        n: usize,
    },
    /// `n` lights with no geometry: explicit press sets or an explicit matrix.
    Explicit {
        /// Number of lights.
        n: usize,
    },
}

impl Shape {
    /// The natural array shape: `[rows, cols]` for grids, tori, cylinders and masks (holes
    /// count as cells), `[6, k, k]` for cubes, `[n]` for graphs and explicit games.
    pub fn dims(&self) -> Vec<usize> {
        match *self {
            Shape::Grid { rows, cols }
            | Shape::Torus { rows, cols }
            | Shape::Cylinder { rows, cols }
            | Shape::Mobius { rows, cols }
            | Shape::Klein { rows, cols }
            | Shape::Projective { rows, cols }
            | Shape::Mask { rows, cols, .. } => vec![rows, cols],
            Shape::Cube { k } => vec![6, k, k],
            Shape::Graph { n } | Shape::Explicit { n } => vec![n],
        }
    }

    /// The number of cells of the natural array (lights plus holes). Saturates on overflow;
    /// [`Shape::check`] rejects such shapes.
    pub fn cells(&self) -> usize {
        self.dims().iter().fold(1usize, |acc, &d| acc.saturating_mul(d))
    }

    /// A short human name: `grid 5x5`, `torus 4x4`, `cube 3`, `graph 6`, ...
    pub fn describe(&self) -> String {
        match *self {
            Shape::Grid { rows, cols } => format!("grid {rows}x{cols}"),
            Shape::Torus { rows, cols } => format!("torus {rows}x{cols}"),
            Shape::Cylinder { rows, cols } => format!("cylinder {rows}x{cols}"),
            Shape::Mobius { rows, cols } => format!("Möbius band {rows}x{cols}"),
            Shape::Klein { rows, cols } => format!("Klein bottle {rows}x{cols}"),
            Shape::Projective { rows, cols } => format!("projective plane {rows}x{cols}"),
            Shape::Cube { k } => format!("cube {k}"),
            Shape::Mask { rows, cols, ref cells } => {
                format!("{rows}x{cols} board with {} holes", cells.iter().filter(|&&c| !c).count())
            }
            Shape::Graph { n } => format!("graph with {n} vertices"),
            Shape::Explicit { n } => format!("explicit game with {n} lights"),
        }
    }

    /// Whether the shape is a planar grid (grid, torus, cylinder, Möbius band, Klein bottle,
    /// projective plane or mask): lights on a rectangle of rows and columns, whatever its edges.
    pub fn is_planar(&self) -> bool {
        self.edges().is_some()
    }

    /// How a planar shape's edges are joined, `(top and bottom, left and right)`; `None` for
    /// cubes, graphs and explicit games.
    ///
    /// ```
    /// use lightsout_topo::{Edges, Shape};
    /// assert_eq!(Shape::Klein { rows: 3, cols: 4 }.edges(), Some((Edges::Straight, Edges::Twisted)));
    /// assert_eq!(Shape::Grid { rows: 3, cols: 4 }.edges(), Some((Edges::Cut, Edges::Cut)));
    /// ```
    pub fn edges(&self) -> Option<(Edges, Edges)> {
        use Edges::{Cut, Straight, Twisted};
        match self {
            Shape::Grid { .. } | Shape::Mask { .. } => Some((Cut, Cut)),
            Shape::Torus { .. } => Some((Straight, Straight)),
            Shape::Cylinder { .. } => Some((Cut, Straight)),
            Shape::Mobius { .. } => Some((Cut, Twisted)),
            Shape::Klein { .. } => Some((Straight, Twisted)),
            Shape::Projective { .. } => Some((Twisted, Twisted)),
            Shape::Cube { .. } | Shape::Graph { .. } | Shape::Explicit { .. } => None,
        }
    }

    /// Check sides (at least 1) and size without allocating: at most
    /// [`lightsout_core::limits::MAX_LIGHTS`] cells, and the light numbering of a board with
    /// holes (8 bytes a cell) within [`crate::MAX_GAME_BYTES`].
    pub fn check(&self) -> Result<()> {
        let (what, dims): (&str, Vec<u128>) = match *self {
            Shape::Grid { rows, cols } => ("a grid", vec![rows as u128, cols as u128]),
            Shape::Torus { rows, cols } => ("a torus", vec![rows as u128, cols as u128]),
            Shape::Cylinder { rows, cols } => ("a cylinder", vec![rows as u128, cols as u128]),
            Shape::Mobius { rows, cols } => ("a Möbius band", vec![rows as u128, cols as u128]),
            Shape::Klein { rows, cols } => ("a Klein bottle", vec![rows as u128, cols as u128]),
            Shape::Projective { rows, cols } => ("a projective plane", vec![rows as u128, cols as u128]),
            Shape::Mask { rows, cols, .. } => ("a board", vec![rows as u128, cols as u128]),
            Shape::Cube { k } => ("a cube", vec![6, k as u128, k as u128]),
            Shape::Graph { n } => ("a graph", vec![n as u128]),
            Shape::Explicit { n } => ("an explicit game", vec![n as u128]),
        };
        match *self {
            Shape::Graph { n: 0 } => return Err(Error::invalid("a graph needs at least 1 vertex, got 0")),
            Shape::Explicit { n: 0 } => return Err(Error::invalid("an explicit game needs at least 1 light, got 0")),
            _ => {}
        }
        if dims.contains(&0) {
            return Err(Error::invalid(format!(
                "{what} needs every side at least 1, got {}",
                self.dims().iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" x ")
            )));
        }
        let cells = dims.iter().fold(1u128, |a, &d| a.saturating_mul(d));
        lightsout_core::limits::check_lights("the board", cells)?;
        crate::footprint::check_bytes(
            "the light numbering of a board with holes (8 bytes a cell)",
            crate::footprint::shape_bytes(self),
        )?;
        if let Shape::Mask { cells: ref mask, .. } = *self {
            if mask.len() as u128 != cells {
                return Err(Error::Core(lightsout_core::Error::DimensionMismatch {
                    what: "the mask cells",
                    expected: cells as usize,
                    got: mask.len(),
                }));
            }
            if !mask.iter().any(|&c| c) {
                return Err(Error::invalid("a board needs at least one light, but every cell of the mask is a hole"));
            }
        }
        Ok(())
    }
}

/// How a pair of opposite edges of a planar board is joined ([`Shape::edges`]).
///
/// The neighbour rule, for any offset `(dr, dc)` of a rule: the step is taken on the unfolded
/// plane, `(r + dr, c + dc)`, and brought back onto the board first across the left and right
/// edges, then across the top and bottom edges. Crossing a straight pair shifts by a side;
/// crossing a twisted pair shifts by a side and mirrors the other coordinate
/// (`r -> rows - 1 - r` when crossing left or right, `c -> cols - 1 - c` when crossing top or
/// bottom); crossing a cut edge leaves the board and the offset is dropped. So on the
/// projective plane a corner light's two outside neighbours (one across each pair) are both
/// the opposite corner: `(0, 0)` steps left to `(rows - 1, cols - 1)` and up to the same
/// light, which is toggled once, as press sets are sets. A diagonal offset across a corner
/// there follows the same order (left and right first), so a Moore press on a projective
/// plane need not be symmetric; [`crate::Game::is_symmetric`] checks it on M.
///
/// ```
/// use lightsout_topo::{Edges, Game, Shape, Rule};
/// let rp2 = Game::with_rule(Shape::Projective { rows: 3, cols: 3 }, Rule::Plus, 2).unwrap();
/// let corner: Vec<usize> = rp2.press_set(0).unwrap().into_iter().map(|(l, _)| l).collect();
/// assert_eq!(corner, vec![0, 1, 3, 8]); // itself, right, down, and the opposite corner twice
/// assert_eq!(Edges::Twisted.land(-1, 3), Some((2, true)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edges {
    /// Not joined: a step across leaves the board.
    Cut,
    /// Joined straight: a step off one edge comes back on the opposite one, the other
    /// coordinate unchanged.
    Straight,
    /// Joined with a twist: a step off one edge comes back on the opposite one with the other
    /// coordinate mirrored.
    Twisted,
}

impl Edges {
    /// Bring coordinate `x` (possibly off the board) back onto a side of length `n`: the
    /// place and whether the other coordinate is mirrored, or `None` when it leaves across a
    /// cut edge.
    pub fn land(self, x: i128, n: usize) -> Option<(usize, bool)> {
        let n = n as i128;
        match self {
            Edges::Cut => (0..n).contains(&x).then_some((x as usize, false)),
            Edges::Straight => Some((x.rem_euclid(n) as usize, false)),
            Edges::Twisted => Some((x.rem_euclid(n) as usize, x.div_euclid(n).rem_euclid(2) == 1)),
        }
    }

    /// The cell `(r + dr, c + dc)` leads to on a `rows x cols` board whose top and bottom
    /// edges are joined as `vertical` and left and right edges as `horizontal`.
    pub fn step(
        (vertical, horizontal): (Edges, Edges),
        (rows, cols): (usize, usize),
        (r, c): (usize, usize),
        (dr, dc): (i64, i64),
    ) -> Option<(usize, usize)> {
        let mut y = r as i128 + dr as i128;
        let (x, flip_rows) = horizontal.land(c as i128 + dc as i128, cols)?;
        if flip_rows {
            y = rows as i128 - 1 - y;
        }
        let (y, flip_cols) = vertical.land(y, rows)?;
        Some((y, if flip_cols { cols - 1 - x } else { x }))
    }
}

/// What a press does.
///
/// The geometric rules (`Plus`, `Neighbours`, `Moore`, `Stencil`) apply to grids, tori,
/// cylinders and masks; `Plus` and `Neighbours` also to cubes. `Sets` and `Weighted` name the
/// changed lights explicitly and fit every shape (they are how graphs, explicit games and
/// Merlin's Magic Square are stored).
///
/// ```
/// use lightsout_topo::Rule;
/// assert_eq!(Rule::Plus.offsets().unwrap().len(), 5);
/// assert!(Rule::Plus.is_symmetric_rule());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A press toggles the light itself and its 4 edge-neighbours (the classic rule).
    Plus,
    /// A press toggles the 4 edge-neighbours but not the light itself.
    Neighbours,
    /// A press toggles the light itself and its 8 neighbours (the 3 x 3 block).
    Moore,
    /// A press at `(r, c)` toggles `(r + dr, c + dc)` for every offset; include `(0, 0)` for
    /// the light itself. Offsets are `(drow, dcol)`.
    Stencil {
        /// The offsets `(drow, dcol)`.
        offsets: Vec<(i64, i64)>,
    },
    /// Button `j` toggles exactly the lights `sets[j]` (light indices); one set per light.
    Sets {
        /// The press set of every button.
        sets: Vec<Vec<usize>>,
    },
    /// Button `j` adds `value` to light `light` for every `(light, value)` in `columns[j]`:
    /// the columns of an explicit square matrix.
    Weighted {
        /// The non-zero entries of every column, as `(light, value)` with `value` in `0..p`.
        columns: Vec<Vec<(usize, u32)>>,
    },
    /// A dense explicit GF(2) matrix, bit-packed by rows (see [`crate::Game::from_bit_rows`]):
    /// factored as it is, without a sparse copy.
    Dense {
        /// The rows of M.
        rows: DenseRows,
    },
}

/// The bit-packed rows of a dense GF(2) press matrix, shared between clones of a game.
#[derive(Clone)]
pub struct DenseRows(pub std::sync::Arc<lightsout_core::BitMatrix>);

impl PartialEq for DenseRows {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0) || self.0 == other.0
    }
}
impl Eq for DenseRows {}
impl std::hash::Hash for DenseRows {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0.rows(), self.0.cols()).hash(state);
        self.0.words().hash(state);
    }
}
impl std::fmt::Debug for DenseRows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DenseRows({} x {})", self.0.rows(), self.0.cols())
    }
}

impl Rule {
    /// The offsets of a geometric rule, or `None` for `Sets` and `Weighted`.
    pub fn offsets(&self) -> Option<Vec<(i64, i64)>> {
        match self {
            Rule::Plus => Some(vec![(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]),
            Rule::Neighbours => Some(vec![(-1, 0), (1, 0), (0, -1), (0, 1)]),
            Rule::Moore => Some((-1..=1).flat_map(|dr| (-1..=1).map(move |dc| (dr, dc))).collect()),
            Rule::Stencil { offsets } => Some(offsets.clone()),
            Rule::Sets { .. } | Rule::Weighted { .. } | Rule::Dense { .. } => None,
        }
    }

    /// Whether the rule by itself is undirected (every offset's negation is an offset), so
    /// that it gives a symmetric M on grids, tori, cylinders and masks. `Sets` and `Weighted`
    /// answer `false` here: check [`crate::Game::is_symmetric`] instead.
    pub fn is_symmetric_rule(&self) -> bool {
        match self.offsets() {
            Some(offs) => offs
                .iter()
                .all(|&(dr, dc)| dr.checked_neg().zip(dc.checked_neg()).is_some_and(|neg| offs.contains(&neg))),
            None => false,
        }
    }

    /// A short name: `plus`, `neighbours`, `moore`, `stencil`, `sets`, `weighted`, `dense`.
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Plus => "plus",
            Rule::Neighbours => "neighbours",
            Rule::Moore => "moore",
            Rule::Stencil { .. } => "stencil",
            Rule::Sets { .. } => "sets",
            Rule::Weighted { .. } => "weighted",
            Rule::Dense { .. } => "dense",
        }
    }

    /// Parse a rule name as used on command lines: `plus`, `neighbours` (or `neighbors`),
    /// `moore`, `knight` (the 8 knight moves plus the light itself), or `stencil:DR,DC;DR,DC;...`.
    ///
    /// ```
    /// use lightsout_topo::Rule;
    /// assert_eq!(Rule::from_name("moore").unwrap(), Rule::Moore);
    /// assert_eq!(Rule::from_name("stencil:0,0;0,1").unwrap(), Rule::Stencil { offsets: vec![(0, 0), (0, 1)] });
    /// assert!(Rule::from_name("hex").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Rule> {
        let lower = name.trim().to_ascii_lowercase();
        match lower.as_str() {
            "plus" => Ok(Rule::Plus),
            "neighbours" | "neighbors" => Ok(Rule::Neighbours),
            "moore" => Ok(Rule::Moore),
            "knight" => {
                let mut offsets = vec![(0, 0)];
                for (a, b) in [(1, 2), (2, 1)] {
                    for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        offsets.push((sa * a, sb * b));
                    }
                }
                Ok(Rule::Stencil { offsets })
            }
            _ => match lower.strip_prefix("stencil:") {
                Some(body) => parse_offsets(body).map(|offsets| Rule::Stencil { offsets }),
                None => Err(Error::invalid(format!(
                    "unknown rule {name:?}; expected plus, neighbours, moore, knight or stencil:DR,DC;DR,DC;..."
                ))),
            },
        }
    }
}

fn parse_offsets(body: &str) -> Result<Vec<(i64, i64)>> {
    body.split(';')
        .filter(|s| !s.trim().is_empty())
        .map(|pair| {
            let bad = || Error::invalid(format!("stencil offset {pair:?} must be two integers DR,DC such as -1,0"));
            let (a, b) = pair.split_once(',').ok_or_else(bad)?;
            Ok((a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?))
        })
        .collect()
}
