//! Drawing a game as SVG: grids, tori, cylinders and boards with holes as squares (holes left
//! blank, wrapped edges dashed), the cube as its unfolded cross net, graphs on a circle.
//! Lit lights are yellow (for p > 2 a deeper shade for a higher state, with the state
//! written); a press is marked with a ring, and for p > 2 the press count is written in it.

use crate::cube::{FACE_NAMES, NET_POSITIONS};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::shape::Shape;
use std::fmt::Write as _;

/// The most lights a drawing may have.
pub const MAX_SVG_LIGHTS: usize = 100_000;
/// The most press-matrix entries a graph drawing may have (one line per entry).
pub const MAX_SVG_EDGES: usize = 200_000;

const CELL: f64 = 40.0;
const MARGIN: f64 = 12.0;

/// An error if `game` is too large to draw ([`MAX_SVG_LIGHTS`] lights, [`MAX_SVG_EDGES`]
/// press entries for a graph), decided from its description alone: callers check this before
/// solving, so that a drawing that cannot be made costs nothing.
///
/// ```
/// use lightsout_topo::{svg, Game};
/// assert!(svg::check(&Game::grid(300, 300, 2).unwrap()).is_ok());
/// assert!(svg::check(&Game::cube(1000, 2).unwrap()).is_err()); // no matrix is built
/// ```
pub fn check(game: &Game) -> Result<()> {
    if game.size() > MAX_SVG_LIGHTS {
        return Err(Error::too_large("a drawing", game.size() as u128, "lights", MAX_SVG_LIGHTS as u128));
    }
    if matches!(game.shape(), Shape::Graph { .. } | Shape::Explicit { .. }) {
        let entries: usize = match game.rule() {
            crate::Rule::Sets { sets } => sets.iter().map(Vec::len).sum(),
            crate::Rule::Weighted { columns } => columns.iter().map(Vec::len).sum(),
            _ => 0,
        };
        if entries > MAX_SVG_EDGES {
            return Err(Error::too_large("a graph drawing", entries as u128, "edges", MAX_SVG_EDGES as u128));
        }
    }
    Ok(())
}

/// Draw `game`, optionally with the state of every light and the presses (light vectors of
/// length `game.size()` with entries in `0..p`).
///
/// ```
/// use lightsout_topo::{svg, Game};
/// let g = Game::preset("classic").unwrap();
/// let board = g.random_solvable(1).unwrap();
/// let presses = g.solve(&board).unwrap();
/// let picture = svg::render(&g, Some(&board), Some(&presses)).unwrap();
/// assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
/// assert!(svg::render(&g, Some(&[1, 0]), None).is_err());
/// ```
pub fn render(game: &Game, lights: Option<&[u32]>, presses: Option<&[u32]>) -> Result<String> {
    check(game)?;
    let lights = match lights {
        Some(l) => game.cells_from_lights(l)?,
        None => vec![0; game.shape().cells()],
    };
    let presses = match presses {
        Some(s) => Some(game.cells_from_lights(s)?),
        None => None,
    };
    let p = game.modulus().get();
    let mut body = String::new();
    let (width, height) = match game.shape() {
        Shape::Cube { k } => {
            let k = *k;
            let face = k as f64 * CELL + CELL / 2.0;
            for (f, &(fx, fy)) in NET_POSITIONS.iter().enumerate() {
                let (x0, y0) = (MARGIN + fx as f64 * face, MARGIN + fy as f64 * face);
                let _ = writeln!(
                    body,
                    r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#666">{}</text>"##,
                    x0,
                    y0 + k as f64 * CELL + 10.0,
                    FACE_NAMES[f]
                );
                for r in 0..k {
                    for c in 0..k {
                        let cell = f * k * k + r * k + c;
                        let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
                        square(&mut body, x, y, lights[cell], presses.as_ref().map(|s| s[cell]), p);
                    }
                }
            }
            (2.0 * MARGIN + 4.0 * face, 2.0 * MARGIN + 3.0 * face)
        }
        Shape::Graph { .. } | Shape::Explicit { .. } => graph(game, &mut body, &lights, presses.as_deref(), p)?,
        shape => {
            let dims = shape.dims();
            let (rows, cols) = (dims[0], dims[1]);
            for r in 0..rows {
                for c in 0..cols {
                    let cell = r * cols + c;
                    if game.is_hole(cell) {
                        continue;
                    }
                    let (x, y) = (MARGIN + c as f64 * CELL, MARGIN + r as f64 * CELL);
                    square(&mut body, x, y, lights[cell], presses.as_ref().map(|s| s[cell]), p);
                }
            }
            let (w, h) = (cols as f64 * CELL, rows as f64 * CELL);
            let (wrap_rows, wrap_cols) = match shape {
                Shape::Torus { .. } => (true, true),
                Shape::Cylinder { .. } => (false, true),
                _ => (false, false),
            };
            let dash = r##"stroke="#3a7bd5" stroke-width="3" stroke-dasharray="6 4""##;
            if wrap_cols {
                let _ = writeln!(
                    body,
                    r#"<line x1="{MARGIN}" y1="{MARGIN}" x2="{MARGIN}" y2="{:.1}" {dash}/>"#,
                    MARGIN + h
                );
                let x = MARGIN + w;
                let _ =
                    writeln!(body, r#"<line x1="{x:.1}" y1="{MARGIN}" x2="{x:.1}" y2="{:.1}" {dash}/>"#, MARGIN + h);
            }
            if wrap_rows {
                let _ = writeln!(
                    body,
                    r#"<line x1="{MARGIN}" y1="{MARGIN}" x2="{:.1}" y2="{MARGIN}" {dash}/>"#,
                    MARGIN + w
                );
                let y = MARGIN + h;
                let _ =
                    writeln!(body, r#"<line x1="{MARGIN}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" {dash}/>"#, MARGIN + w);
            }
            (2.0 * MARGIN + w, 2.0 * MARGIN + h)
        }
    };
    let title = escape(&game.describe());
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n<title>{title}</title>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" \
         markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#888\"/></marker></defs>\n\
         {body}</svg>\n"
    ))
}

/// The fill of a light in state `v` of `p`.
fn fill(v: u32, p: u32) -> String {
    match v {
        0 => "#2b2b2b".to_string(),
        _ if p == 2 => "#ffd84a".to_string(),
        _ => {
            let lightness = 75.0 - 40.0 * (v - 1) as f64 / (p - 1).max(1) as f64;
            format!("hsl(45, 95%, {lightness:.0}%)")
        }
    }
}

fn square(out: &mut String, x: f64, y: f64, value: u32, press: Option<u32>, p: u32) {
    let s = CELL - 4.0;
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{s:.1}" height="{s:.1}" rx="5" fill="{}" stroke="#111"/>"##,
        x + 2.0,
        y + 2.0,
        fill(value, p)
    );
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    if p > 2 && value > 0 {
        let _ =
            writeln!(out, r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#333">{value}</text>"##, x + 5.0, y + 12.0);
    }
    if let Some(count) = press.filter(|&c| c > 0) {
        mark(out, cx, cy, count, p, CELL / 4.0);
    }
}

fn mark(out: &mut String, cx: f64, cy: f64, count: u32, p: u32, r: f64) {
    let _ = writeln!(
        out,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="none" stroke="#e8413c" stroke-width="3"/>"##
    );
    if p > 2 {
        let _ = writeln!(
            out,
            r##"<text x="{cx:.1}" y="{:.1}" font-size="12" text-anchor="middle" fill="#e8413c" font-weight="bold">{count}</text>"##,
            cy + 4.0
        );
    }
}

fn graph(game: &Game, out: &mut String, lights: &[u32], presses: Option<&[u32]>, p: u32) -> Result<(f64, f64)> {
    let m = game.matrix()?;
    if m.nnz() > MAX_SVG_EDGES {
        return Err(Error::too_large("a graph drawing", m.nnz() as u128, "edges", MAX_SVG_EDGES as u128));
    }
    let n = game.size();
    let radius = (n as f64 * CELL / std::f64::consts::TAU).max(2.0 * CELL);
    let node = CELL * 0.35;
    // Vertex labels sit outside the circle of vertices, clear of every node and edge.
    let label_gap = node + 10.0;
    let centre = MARGIN + radius + label_gap + 6.0;
    let at = |i: usize, r: f64| {
        let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
        (centre + r * a.cos(), centre + r * a.sin())
    };
    let pos = |i: usize| at(i, radius);
    // An undirected pair (both directions present) is one plain line; a one-way entry an arrow.
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
            let ((x1, y1), (x2, y2)) = (pos(j), pos(l));
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (ux, uy) = (dx / len * node, dy / len * node);
            let arrow = if back { "" } else { r#" marker-end="url(#arrow)""# };
            let _ = writeln!(
                out,
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888" stroke-width="1.5"{arrow}/>"##,
                x1 + ux,
                y1 + uy,
                x2 - ux,
                y2 - uy
            );
        }
    }
    for i in 0..n {
        let (x, y) = pos(i);
        let _ = writeln!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{node:.1}" fill="{}" stroke="#111"/>"##,
            fill(lights[i], p)
        );
        if let Some(count) = presses.map(|s| s[i]).filter(|&c| c > 0) {
            mark(out, x, y, count, p, node * 0.6);
        }
    }
    for i in 0..n {
        let (x, y) = at(i, radius + label_gap);
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-size="9" text-anchor="middle" fill="#555">{i}</text>"##,
            y + 3.0
        );
    }
    let side = 2.0 * centre;
    Ok((side, side))
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
