//! Drawing a game as SVG: grids, tori, cylinders, the glued surfaces and boards with holes as
//! squares (holes left blank; edges glued straight dashed blue, edges glued with a twist dotted
//! magenta, each with an arrow: a pair is joined so that its arrows agree), the cube as its
//! unfolded cross net, graphs on a circle.
//! Lit lights are yellow (for p > 2 a colour-blind-safe scale, lighter for a higher state, with
//! the state written); a press is marked with a ring, and for p > 2 the press count is written in it.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::geometry::{Geometry, CELL};
use crate::shape::Shape;
use std::fmt::Write as _;

/// The most lights a drawing may have.
pub const MAX_SVG_LIGHTS: usize = crate::geometry::MAX_PICTURE_LIGHTS;
/// The most press-matrix entries a graph drawing may have (one line per entry).
pub const MAX_SVG_EDGES: usize = crate::geometry::MAX_PICTURE_EDGES;

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
            crate::Rule::Dense { rows } => rows.0.words().iter().map(|w| w.count_ones() as usize).sum(),
            _ => 0,
        };
        if entries > MAX_SVG_EDGES {
            return Err(Error::too_large("a graph drawing", entries as u128, "edges", MAX_SVG_EDGES as u128));
        }
    }
    Ok(())
}

/// Draw `game`, optionally with the state of every light and the presses (light vectors of
/// length `game.size()` with entries in `0..p`), at the places [`Geometry::of`] gives.
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
    let geo = Geometry::of(game)?;
    let n = game.size();
    if let Some(l) = lights {
        game.cells_from_lights(l)?;
    }
    if let Some(s) = presses {
        game.cells_from_lights(s)?;
    }
    let p = game.modulus().get();
    let mut body = String::new();
    for label in &geo.labels {
        let (x, y, text) = (label.x, label.y, escape(&label.text));
        let anchor = if label.centred { r#" text-anchor="middle""# } else { "" };
        let _ = writeln!(body, r##"<text x="{x:.1}" y="{y:.1}" font-size="9" fill="#555"{anchor}>{text}</text>"##);
    }
    for link in &geo.links {
        let (a, b) = (geo.spots[link.from], geo.spots[link.to]);
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len * a.r, dy / len * a.r);
        let arrow = if link.directed { r#" marker-end="url(#arrow)""# } else { "" };
        let _ = writeln!(
            body,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888" stroke-width="1.5"{arrow}/>"##,
            a.x + ux,
            a.y + uy,
            b.x - ux,
            b.y - uy
        );
    }
    for (i, spot) in geo.spots.iter().enumerate().take(n) {
        let value = lights.map_or(0, |l| l[i]);
        let press = presses.map(|s| s[i]);
        if geo.round {
            node(&mut body, spot.x, spot.y, spot.r, value, press, p);
        } else {
            square(&mut body, spot.x - CELL / 2.0, spot.y - CELL / 2.0, value, press, p);
        }
    }
    for (edges, colour, dash, class) in
        [(&geo.wraps, "#3a7bd5", "6 4", "wrap"), (&geo.twists, "#c2417f", "2 3", "twist")]
    {
        for &[x1, y1, x2, y2] in edges.iter() {
            let _ = writeln!(
                body,
                r#"<line class="{class}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}" stroke-width="3" stroke-dasharray="{dash}"/>"#
            );
            arrowhead(&mut body, [x1, y1, x2, y2], colour);
        }
    }
    let (width, height) = (geo.width, geo.height);
    let title = escape(&game.describe());
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\">\n<title>{title}</title>\n\
         <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" \
         markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#888\"/></marker></defs>\n\
         {body}</svg>\n"
    ))
}

/// An arrowhead at the middle of an edge, pointing along it: the two edges of a glued pair are
/// joined so that their arrows agree (the classic way of drawing a surface from a square).
fn arrowhead(out: &mut String, [x1, y1, x2, y2]: [f64; 4], colour: &str) {
    let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1e-9);
    let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
    let (mx, my) = ((x1 + x2) / 2.0 + ux * 5.0, (y1 + y2) / 2.0 + uy * 5.0);
    let (bx, by) = (mx - ux * 10.0, my - uy * 10.0);
    let _ = writeln!(
        out,
        r#"<path d="M {mx:.1} {my:.1} L {:.1} {:.1} L {:.1} {:.1} z" fill="{colour}"/>"#,
        bx - uy * 6.0,
        by + ux * 6.0,
        bx + uy * 6.0,
        by - ux * 6.0
    );
}

/// Stops of a colour-blind-safe sequential scale (viridis: ordered by lightness, readable with any
/// common colour-vision deficiency), shared with the notebook board.
const SCALE: [[u8; 3]; 9] = [
    [0x44, 0x01, 0x54],
    [0x48, 0x28, 0x78],
    [0x3e, 0x49, 0x89],
    [0x31, 0x68, 0x8e],
    [0x26, 0x82, 0x8e],
    [0x1f, 0x9e, 0x89],
    [0x35, 0xb7, 0x79],
    [0x6e, 0xce, 0x58],
    [0xfd, 0xe7, 0x25],
];

/// The colour of state `v` of `p > 2` on the scale (state 1 a third of the way in, clear of
/// the off colour; state p - 1 at its light end).
fn scale(v: u32, p: u32) -> [u8; 3] {
    let t = 0.35 + 0.65 * (v - 1) as f64 / (p.saturating_sub(2)).max(1) as f64;
    let x = t * (SCALE.len() - 1) as f64;
    let i = (x.floor() as usize).min(SCALE.len() - 2);
    let f = x - i as f64;
    let mut out = [0u8; 3];
    for (k, c) in out.iter_mut().enumerate() {
        *c = (SCALE[i][k] as f64 + (SCALE[i + 1][k] as f64 - SCALE[i][k] as f64) * f).round() as u8;
    }
    out
}

/// The fill of a light in state `v` of `p`.
fn fill(v: u32, p: u32) -> String {
    match v {
        0 => "#2b2b2b".to_string(),
        _ if p == 2 => "#ffd84a".to_string(),
        _ => {
            let [r, g, b] = scale(v, p);
            format!("#{r:02x}{g:02x}{b:02x}")
        }
    }
}

/// Black or white, whichever reads better on state `v` of `p > 2`.
fn ink(v: u32, p: u32) -> &'static str {
    let [r, g, b] = scale(v, p);
    if 0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64 > 0.45 * 255.0 {
        "#111"
    } else {
        "#fff"
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
        let (dx, dy, size) = if press.is_some_and(|c| c > 0) { (8.0, 13.0, 11) } else { (CELL / 2.0, 25.0, 16) };
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="{size}" font-weight="bold" text-anchor="middle" fill="{}">{value}</text>"##,
            x + dx,
            y + dy,
            ink(value, p)
        );
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

fn node(out: &mut String, x: f64, y: f64, r: f64, value: u32, press: Option<u32>, p: u32) {
    let _ = writeln!(out, r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{}" stroke="#111"/>"##, fill(value, p));
    if let Some(count) = press.filter(|&c| c > 0) {
        mark(out, x, y, count, p, r * 0.6);
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
