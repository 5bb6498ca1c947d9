//! Where every light of a game is drawn: the one place that knows the picture's layout, shared
//! by the SVG drawing and the interactive notebook board (which gets it through Python).
//!
//! Grids, tori, cylinders and boards with holes are squares on a lattice (holes get no spot);
//! wrapped edges are marked by lines. The cube is its unfolded cross net with each face named.
//! Graphs and explicit games put their lights on a circle, with a line for each pair of lights
//! that press each other and an arrow for a one-way press.

use crate::cube::{FACE_NAMES, NET_POSITIONS};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::shape::{Edges, Shape};

/// The most lights a picture may have.
pub const MAX_PICTURE_LIGHTS: usize = 100_000;
/// The most press-matrix entries a graph picture may have (one line per entry).
pub const MAX_PICTURE_EDGES: usize = 200_000;

/// The side of one grid cell in picture units (pixels at scale 1).
pub const CELL: f64 = 40.0;
/// The empty border around the picture.
pub const MARGIN: f64 = 12.0;

/// One light's place: centre `(x, y)` and half-size `r` (half the side of a square, or the
/// radius of a circle).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spot {
    /// Centre, left to right.
    pub x: f64,
    /// Centre, top to bottom.
    pub y: f64,
    /// Half the side of the square, or the circle's radius.
    pub r: f64,
}

/// A link drawn between two lights of a graph: `from` presses `to`, and (unless `directed`)
/// `to` presses `from` too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// The pressing light.
    pub from: usize,
    /// The light it changes.
    pub to: usize,
    /// Whether only `from` presses `to` (drawn as an arrow).
    pub directed: bool,
}

/// A text label at `(x, y)`: its baseline's left end, or its middle when `centred`.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// Left to right.
    pub x: f64,
    /// Top to bottom (the baseline).
    pub y: f64,
    /// The text.
    pub text: String,
    /// Whether `x` is the middle of the text rather than its start.
    pub centred: bool,
}

/// The layout of a game's picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Geometry {
    /// Picture width.
    pub width: f64,
    /// Picture height.
    pub height: f64,
    /// Whether lights are circles (graphs) rather than squares.
    pub round: bool,
    /// One spot per light, in light order.
    pub spots: Vec<Spot>,
    /// Edges glued straight (a torus's or cylinder's), as segments `(x1, y1, x2, y2)`; the two
    /// edges of a pair run the same way, so a point's place along one is its place along the
    /// other.
    pub wraps: Vec<[f64; 4]>,
    /// Edges glued with a twist (a Möbius band's, Klein bottle's or projective plane's), as
    /// segments `(x1, y1, x2, y2)` oriented so that the start of one edge of a pair is glued
    /// to the start of the other: the two run opposite ways across the picture.
    pub twists: Vec<[f64; 4]>,
    /// Text labels: the cube's face names, a graph's vertex numbers.
    pub labels: Vec<Label>,
    /// Graph links between lights.
    pub links: Vec<Link>,
}

impl Geometry {
    /// The layout of `game`; an error over [`MAX_PICTURE_LIGHTS`] lights, or over
    /// [`MAX_PICTURE_EDGES`] press-matrix entries for a graph.
    ///
    /// ```
    /// use lightsout_topo::{geometry::Geometry, Game};
    /// let g = Geometry::of(&Game::torus(3, 4, 2).unwrap()).unwrap();
    /// assert_eq!((g.spots.len(), g.wraps.len()), (12, 4));
    /// assert_eq!((g.width, g.height), (4.0 * 40.0 + 24.0, 3.0 * 40.0 + 24.0));
    /// ```
    pub fn of(game: &Game) -> Result<Geometry> {
        let n = game.size();
        if n > MAX_PICTURE_LIGHTS {
            return Err(Error::too_large("a drawing", n as u128, "lights", MAX_PICTURE_LIGHTS as u128));
        }
        let half = CELL / 2.0 - 2.0;
        let square = |x0: f64, y0: f64| Spot { x: x0 + CELL / 2.0, y: y0 + CELL / 2.0, r: half };
        let mut g = Geometry {
            width: 0.0,
            height: 0.0,
            round: false,
            spots: Vec::with_capacity(n),
            wraps: Vec::new(),
            twists: Vec::new(),
            labels: Vec::new(),
            links: Vec::new(),
        };
        match game.shape() {
            Shape::Cube { k } => {
                let k = *k;
                let face = k as f64 * CELL + CELL / 2.0;
                for (f, &(fx, fy)) in NET_POSITIONS.iter().enumerate() {
                    let (x0, y0) = (MARGIN + fx as f64 * face, MARGIN + fy as f64 * face);
                    let (x, y, text) = (x0, y0 + k as f64 * CELL + 10.0, FACE_NAMES[f].to_string());
                    g.labels.push(Label { x, y, text, centred: false });
                    for cell in 0..k * k {
                        g.spots.push(square(x0 + (cell % k) as f64 * CELL, y0 + (cell / k) as f64 * CELL));
                    }
                }
                (g.width, g.height) = (2.0 * MARGIN + 4.0 * face, 2.0 * MARGIN + 3.0 * face);
            }
            Shape::Graph { .. } | Shape::Explicit { .. } => g.circle(game)?,
            shape => {
                let dims = shape.dims();
                let (rows, cols) = (dims[0], dims[1]);
                for light in 0..n {
                    let c = game.coords_of(light).unwrap_or_default();
                    g.spots.push(square(MARGIN + c[1] as f64 * CELL, MARGIN + c[0] as f64 * CELL));
                }
                let (w, h) = (cols as f64 * CELL, rows as f64 * CELL);
                let (x1, y1, x2, y2) = (MARGIN, MARGIN, MARGIN + w, MARGIN + h);
                let (vertical, horizontal) = shape.edges().unwrap_or((Edges::Cut, Edges::Cut));
                match horizontal {
                    Edges::Cut => {}
                    Edges::Straight => g.wraps.extend([[x1, y1, x1, y2], [x2, y1, x2, y2]]),
                    Edges::Twisted => g.twists.extend([[x1, y1, x1, y2], [x2, y2, x2, y1]]),
                }
                match vertical {
                    Edges::Cut => {}
                    Edges::Straight => g.wraps.extend([[x1, y1, x2, y1], [x1, y2, x2, y2]]),
                    Edges::Twisted => g.twists.extend([[x1, y1, x2, y1], [x2, y2, x1, y2]]),
                }
                (g.width, g.height) = (2.0 * MARGIN + w, 2.0 * MARGIN + h);
            }
        }
        Ok(g)
    }

    /// Lights on a circle, with the links of the press matrix.
    fn circle(&mut self, game: &Game) -> Result<()> {
        let m = game.matrix()?;
        if m.nnz() > MAX_PICTURE_EDGES {
            return Err(Error::too_large("a graph drawing", m.nnz() as u128, "edges", MAX_PICTURE_EDGES as u128));
        }
        let n = game.size();
        let radius = (n as f64 * CELL / std::f64::consts::TAU).max(2.0 * CELL);
        let node = CELL * 0.35;
        // Vertex numbers sit outside the circle of vertices, clear of every node and link.
        let label_gap = node + 10.0;
        let centre = MARGIN + radius + label_gap + 6.0;
        self.round = true;
        for i in 0..n {
            let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
            let (cos, sin) = (a.cos(), a.sin());
            self.spots.push(Spot { x: centre + radius * cos, y: centre + radius * sin, r: node });
            let (x, y) = (centre + (radius + label_gap) * cos, centre + (radius + label_gap) * sin + 3.0);
            self.labels.push(Label { x, y, text: i.to_string(), centred: true });
        }
        // An undirected pair (both directions present) is one link; a one-way entry an arrow.
        let t = m.transpose();
        for (j, col) in m.columns().iter().enumerate() {
            for &(l, _) in col {
                let l = l as usize;
                if l == j {
                    continue;
                }
                let back = t.column(j).iter().any(|&(b, _)| b as usize == l);
                if back && l < j {
                    continue;
                }
                self.links.push(Link { from: j, to: l, directed: !back });
            }
        }
        (self.width, self.height) = (2.0 * centre, 2.0 * centre);
        Ok(())
    }
}
