//! Time against lights for every structured path, as a CSV table and a log-log SVG plot with
//! the speed targets on it.
//!
//! ```text
//! cargo run --release -p lightsout-core --example structured_sweep -- docs/structured_scaling [--huge]
//! ```
//!
//! writes `docs/structured_scaling.csv` and `docs/structured_scaling.svg`; with `--from-csv` it
//! only draws the SVG again from the CSV. Each point is the
//! best of three runs of setup plus one solve of a random solvable board (`M s`, checked), so
//! a shared machine's load shows less; `--huge` adds GF(2) grids of 10^9 and 10^10 lights (one
//! run each, 2.5 GB). The reference line "one pass of M" is the time to apply M to a packed
//! GF(2) board once: the GF(2) target is setup plus solve within 3 times that.

use lightsout_core::structured::{torus_decide_gf2, GridSolver, PackedBoard, PackedBoard3, Wrap, WrapSolver};
use lightsout_core::Modulus;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::time::Instant;

mod common;
use common::plus;

/// `b + M s` for packed GF(2) boards (the plus rule, cut-off edges).
fn apply_packed(s: &PackedBoard, out: &mut PackedBoard) {
    let (rows, cols) = (s.rows(), s.cols());
    let zero = vec![0u64; s.words_per_row()];
    let mut row = zero.clone();
    for k in 0..rows {
        let above = if k > 0 { s.row(k - 1) } else { &zero[..] };
        let below = if k + 1 < rows { s.row(k + 1) } else { &zero[..] };
        plus(cols, above, s.row(k), below, &mut row);
        out.row_mut(k).iter_mut().zip(&row).for_each(|(o, r)| *o ^= r);
    }
}

fn random_packed(n: usize, seed: u64) -> PackedBoard {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut b = PackedBoard::zeros(n, n).expect("board fits");
    for k in 0..n {
        for w in b.row_mut(k).iter_mut() {
            *w = rng.r#gen();
        }
        if n % 64 != 0 {
            let last = b.words_per_row() - 1;
            b.row_mut(k)[last] &= (1u64 << (n % 64)) - 1;
        }
    }
    b
}

fn best(runs: usize, mut f: impl FnMut() -> f64) -> f64 {
    (0..runs).map(|_| f()).fold(f64::INFINITY, f64::min)
}

fn secs(t: Instant) -> f64 {
    t.elapsed().as_secs_f64()
}

/// One series: a name, a colour, and (lights, seconds) points.
struct Series {
    name: &'static str,
    colour: &'static str,
    points: Vec<(f64, f64)>,
}

/// Every series in drawing order, with its colour.
const SERIES: [(&str, &str); 8] = [
    ("GF(2) grid, packed, in place", "#1f77b4"),
    ("one pass of M (GF(2), packed)", "#7f7f7f"),
    ("Z_3 grid, packed 2 bits", "#2ca02c"),
    ("Z_3 grid, a byte per light", "#98df8a"),
    ("Z_5 grid, a byte per light", "#bcbd22"),
    ("GF(2) torus", "#d62728"),
    ("Z_3 torus", "#ff9896"),
    ("GF(2) torus decision (seed problem)", "#9467bd"),
];

/// The series of a CSV written by this example.
fn read_csv(text: &str) -> Vec<Series> {
    let mut out: Vec<Series> =
        SERIES.iter().map(|&(name, colour)| Series { name, colour, points: Vec::new() }).collect();
    for line in text.lines().skip(1) {
        let mut f = line.rsplitn(3, ',');
        let (Some(t), Some(l), Some(name)) = (f.next(), f.next(), f.next()) else { continue };
        if let (Some(s), Ok(l), Ok(t)) = (out.iter_mut().find(|s| s.name == name), l.parse(), t.parse()) {
            s.points.push((l, t));
        }
    }
    out
}

/// Text safe inside SVG.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn gf2_grid(sizes: &[usize], huge: &[usize]) -> (Series, Series) {
    let mut solve = Series { name: "GF(2) grid, packed, in place", colour: "#1f77b4", points: Vec::new() };
    let mut pass = Series { name: "one pass of M (GF(2), packed)", colour: "#7f7f7f", points: Vec::new() };
    for &n in sizes.iter().chain(huge) {
        let runs = if huge.contains(&n) { 1 } else { 3 };
        let s = random_packed(n, n as u64);
        let mut board = PackedBoard::zeros(n, n).expect("board fits");
        let t_pass = best(runs, || {
            board = PackedBoard::zeros(n, n).expect("board fits");
            let t = Instant::now();
            apply_packed(&s, &mut board);
            secs(t)
        });
        drop(s);
        let t_solve = best(runs, || {
            // Solved in place (the copy is made before the clock starts).
            let mut x = board.clone();
            let t = Instant::now();
            let g = GridSolver::new(n, n, true, Modulus::TWO).expect("solver");
            g.solve_packed_gf2_in_place(&mut x).expect("solvable");
            let took = secs(t);
            let mut check = PackedBoard::zeros(n, n).expect("fits");
            apply_packed(&x, &mut check);
            assert!(check == board, "the solution of the {n}x{n} GF(2) grid is wrong");
            took
        });
        let lights = (n * n) as f64;
        pass.points.push((lights, t_pass));
        solve.points.push((lights, t_solve));
        eprintln!("gf2 grid {n}: pass {t_pass:.5} s, setup + solve {t_solve:.5} s");
    }
    (solve, pass)
}

fn zp_grid(p: u64, sizes: &[usize], packed: bool, name: &'static str, colour: &'static str) -> Series {
    let modulus = Modulus::new(p).expect("prime");
    let mut out = Series { name, colour, points: Vec::new() };
    for &n in sizes {
        let g = GridSolver::new(n, n, true, modulus).expect("solver");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
        let presses: Vec<u32> = (0..n * n).map(|_| rng.gen_range(0..p as u32)).collect();
        let board = g.apply(&vec![0; n * n], &presses).expect("sizes match");
        drop(presses);
        let bytes: Vec<u8> = board.iter().map(|&x| x as u8).collect();
        let board3 = if packed { Some(PackedBoard3::from_values(n, n, &board).expect("0..3")) } else { None };
        let t_solve = best(3, || {
            let t = Instant::now();
            let g = GridSolver::new(n, n, true, modulus).expect("solver");
            let x: Vec<u32> = match &board3 {
                Some(b) => {
                    let x = g.solve_packed_gf3(b).expect("solvable");
                    let took = secs(t);
                    assert!(g.apply(&board, &x.to_values()).unwrap().iter().all(|&v| v == 0));
                    return took;
                }
                None => g.solve_bytes(&bytes).expect("solvable").into_iter().map(u32::from).collect(),
            };
            let took = secs(t);
            assert!(g.apply(&board, &x).unwrap().iter().all(|&v| v == 0), "wrong Z_{p} solution");
            took
        });
        out.points.push(((n * n) as f64, t_solve));
        eprintln!("{name} {n}: {t_solve:.5} s");
    }
    out
}

fn torus(p: u64, sizes: &[usize], name: &'static str, colour: &'static str) -> Series {
    let modulus = Modulus::new(p).expect("prime");
    let mut out = Series { name, colour, points: Vec::new() };
    for &n in sizes {
        let w = WrapSolver::new(n, n, Wrap::Torus, true, modulus).expect("solver");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n as u64);
        let presses: Vec<u32> = (0..n * n).map(|_| rng.gen_range(0..p as u32)).collect();
        let board = w.apply(&vec![0; n * n], &presses).expect("sizes match");
        let t_solve = best(3, || {
            let t = Instant::now();
            let w = WrapSolver::new(n, n, Wrap::Torus, true, modulus).expect("solver");
            let x = w.solve(&board).expect("solvable");
            let took = secs(t);
            assert!(w.apply(&board, &x).unwrap().iter().all(|&v| v == 0), "wrong torus solution");
            took
        });
        out.points.push(((n * n) as f64, t_solve));
        eprintln!("{name} {n}: {t_solve:.5} s");
    }
    out
}

fn decide(sizes: &[usize]) -> Series {
    let mut out = Series { name: "GF(2) torus decision (seed problem)", colour: "#9467bd", points: Vec::new() };
    for &n in sizes {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let lit: Vec<(usize, usize)> = (0..n * n).filter(|_| rng.gen_bool(0.5)).map(|i| (i / n, i % n)).collect();
        let t_solve = best(3, || {
            let t = Instant::now();
            torus_decide_gf2(n, &lit).expect("valid input");
            secs(t)
        });
        out.points.push(((n * n) as f64, t_solve));
        eprintln!("decide {n}: {t_solve:.5} s");
    }
    out
}

/// A log-log plot: lights 10^3..10^10 across, seconds 10^-6..10^2 up.
fn svg(series: &[Series], anchors: &[(f64, f64, String)]) -> String {
    let (w, h, left, top, right, bottom) = (900.0, 600.0, 80.0, 30.0, 340.0, 60.0);
    let (x0, x1, y0, y1) = (3.0, 10.0, -6.0, 2.0);
    let px = |l: f64| left + (l.log10() - x0) / (x1 - x0) * (w - left - right);
    let py = |s: f64| top + (y1 - s.log10()) / (y1 - y0) * (h - top - bottom);
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(o, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let (fw, fh) = (w - left - right, h - top - bottom);
    let _ = writeln!(o, r#"<clipPath id="frame"><rect x="{left}" y="{top}" width="{fw}" height="{fh}"/></clipPath>"#);
    for e in x0 as i32..=x1 as i32 {
        let x = px(10f64.powi(e));
        let _ = writeln!(o, r##"<line x1="{x}" y1="{top}" x2="{x}" y2="{}" stroke="#ddd"/>"##, h - bottom);
        let _ = writeln!(o, r#"<text x="{x}" y="{}" text-anchor="middle">10^{e}</text>"#, h - bottom + 18.0);
    }
    for e in y0 as i32..=y1 as i32 {
        let y = py(10f64.powi(e));
        let _ = writeln!(o, r##"<line x1="{left}" y1="{y}" x2="{}" y2="{y}" stroke="#ddd"/>"##, w - right);
        let _ = writeln!(o, r#"<text x="{}" y="{}" text-anchor="end">10^{e} s</text>"#, left - 6.0, y + 4.0);
    }
    let _ = writeln!(
        o,
        r#"<rect x="{left}" y="{top}" width="{}" height="{}" fill="none" stroke="black"/>"#,
        w - left - right,
        h - top - bottom
    );
    let _ = writeln!(
        o,
        r#"<text x="{}" y="{}" text-anchor="middle">lights (log scale)</text>"#,
        (left + w - right) / 2.0,
        h - 15.0
    );
    let _ = writeln!(
        o,
        r#"<text x="18" y="{}" transform="rotate(-90 18 {})" text-anchor="middle">setup + one solve, seconds (log scale)</text>"#,
        (top + h - bottom) / 2.0,
        (top + h - bottom) / 2.0
    );
    for (i, s) in series.iter().enumerate() {
        let path: Vec<String> = s.points.iter().map(|&(l, t)| format!("{:.1},{:.1}", px(l), py(t))).collect();
        let dash = if s.name.starts_with("one pass") { r#" stroke-dasharray="5,4""# } else { "" };
        let _ = writeln!(
            o,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="2"{dash} clip-path="url(#frame)"/>"#,
            path.join(" "),
            s.colour
        );
        for &(l, t) in &s.points {
            let _ = writeln!(
                o,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{}" clip-path="url(#frame)"/>"#,
                px(l),
                py(t),
                s.colour
            );
        }
        let ly = top + 10.0 + 20.0 * i as f64;
        let lx = w - right + 15.0;
        let _ = writeln!(
            o,
            r#"<line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{}" stroke-width="2"{dash}/>"#,
            lx + 25.0,
            s.colour
        );
        let _ = writeln!(o, r#"<text x="{}" y="{}">{}</text>"#, lx + 32.0, ly + 4.0, escape(s.name));
    }
    let ly = top + 10.0 + 20.0 * series.len() as f64 + 10.0;
    let lx = w - right + 15.0;
    let _ = writeln!(
        o,
        r#"<path d="M{} {} l6 6 l-6 6 l-6 -6 z" fill="none" stroke="red" stroke-width="2"/>"#,
        lx + 12.0,
        ly - 6.0
    );
    let _ = writeln!(o, r#"<text x="{}" y="{}">target (a path's point should lie below)</text>"#, lx + 32.0, ly + 4.0);
    for (i, (l, t, label)) in anchors.iter().enumerate() {
        let (x, y) = (px(*l), py(*t));
        let _ = writeln!(
            o,
            r#"<path d="M{x:.1} {:.1} l6 6 l-6 6 l-6 -6 z" fill="none" stroke="red" stroke-width="2"/>"#,
            y - 6.0
        );
        let _ = writeln!(
            o,
            r#"<text x="{}" y="{:.1}" fill="red" font-size="11">{}</text>"#,
            lx,
            ly + 24.0 + 16.0 * i as f64,
            escape(label)
        );
        let _ =
            writeln!(o, r#"<text x="{:.1}" y="{:.1}" fill="red" font-size="11">{}</text>"#, x + 8.0, y - 6.0, i + 1);
    }
    o.push_str("</svg>\n");
    o
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(stem) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: structured_sweep OUTPUT_STEM [--huge]   (writes OUTPUT_STEM.csv and OUTPUT_STEM.svg)");
        std::process::exit(2)
    };
    if args.iter().any(|a| a == "--from-csv") {
        let text = std::fs::read_to_string(format!("{stem}.csv")).expect("read the CSV");
        draw(stem, &read_csv(&text));
        println!("drew {stem}.svg from {stem}.csv");
        return;
    }
    let huge: Vec<usize> = if args.iter().any(|a| a == "--huge") { vec![31_623, 100_000] } else { Vec::new() };
    let grid_sizes = [100, 316, 1000, 3162, 10_000];
    let (gf2, pass) = gf2_grid(&grid_sizes, &huge);
    let c = |i: usize| SERIES[i];
    let series = vec![
        gf2,
        pass,
        zp_grid(3, &grid_sizes, true, c(2).0, c(2).1),
        zp_grid(3, &grid_sizes, false, c(3).0, c(3).1),
        zp_grid(5, &grid_sizes, false, c(4).0, c(4).1),
        torus(2, &[128, 256, 512, 1024, 2048, 4096], c(5).0, c(5).1),
        torus(3, &[128, 256, 512, 1024, 2048], c(6).0, c(6).1),
        decide(&[125, 250, 500, 1000, 2000]),
    ];
    let mut csv = String::from("path,lights,seconds\n");
    for s in &series {
        for &(l, t) in &s.points {
            let _ = writeln!(csv, "{},{l:.0},{t:.6}", s.name);
        }
    }
    std::fs::write(format!("{stem}.csv"), csv).expect("write the CSV");
    draw(stem, &series);
    println!("wrote {stem}.csv and {stem}.svg");
}

/// The SVG of the series, with the targets as anchors.
fn draw(stem: &str, series: &[Series]) {
    let pass_at = |lights: f64| series[1].points.iter().find(|p| p.0 == lights).map(|p| p.1);
    let mut anchors = vec![
        (1e8, 0.3, "1: Z_3 10^4 x 10^4 (packed) < 0.3 s".to_string()),
        (4096.0 * 4096.0, 0.3, "2: torus 4096 x 4096 < 0.3 s".to_string()),
        (4e6, 0.05, "3: torus decision n = 2000 < 50 ms".to_string()),
    ];
    for (lights, name) in [(1e8, "10^8"), (1e10, "10^10")] {
        if let Some(t) = pass_at(lights) {
            anchors.push((lights, 3.0 * t, format!("{}: GF(2) grid, {name} lights: 3 passes of M", anchors.len() + 1)));
        }
    }
    std::fs::write(format!("{stem}.svg"), svg(series, &anchors)).expect("write the SVG");
}
