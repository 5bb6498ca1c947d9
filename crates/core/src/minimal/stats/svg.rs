//! Small self-contained SVG charts (no scripts, no external fonts or styles).

use std::fmt::Write;

const WIDTH: f64 = 720.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 60.0;

/// Escape text for SVG.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A round step so that `max` spans about five ticks.
fn tick_step(max: u64) -> u64 {
    let raw = (max as f64 / 5.0).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * mag).find(|&s| s >= raw).unwrap_or(10.0 * mag);
    step.max(1.0) as u64
}

/// The frame: title, axis labels, y ticks with grid lines; returns the y scale's top value.
fn frame(out: &mut String, title: &str, xlabel: &str, ylabel: &str, ymax: u64) -> u64 {
    let step = tick_step(ymax);
    let top = ymax.div_ceil(step).max(1) * step;
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
        WIDTH / 2.0,
        escape(title)
    );
    let plot_h = HEIGHT - TOP - BOTTOM;
    let mut v = 0;
    while v <= top {
        let y = HEIGHT - BOTTOM - plot_h * v as f64 / top as f64;
        let _ = writeln!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{}\" y2=\"{y:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{v}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            y + 4.0
        );
        v += step;
    }
    let _ = write!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{b}\" stroke=\"black\"/>\n\
         <line x1=\"{LEFT}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\" stroke=\"black\"/>\n\
         <text x=\"{cx}\" y=\"{ly}\" text-anchor=\"middle\">{xl}</text>\n\
         <text x=\"16\" y=\"{cy}\" text-anchor=\"middle\" transform=\"rotate(-90 16 {cy})\">{yl}</text>\n",
        b = HEIGHT - BOTTOM,
        r = WIDTH - RIGHT,
        cx = LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        ly = HEIGHT - 16.0,
        cy = TOP + plot_h / 2.0,
        xl = escape(xlabel),
        yl = escape(ylabel)
    );
    top
}

/// Show every label when there are few, else about 20 of them.
fn label_every(count: usize) -> usize {
    count.div_ceil(20).max(1)
}

/// A bar chart: one bar per `(label, value)`, each with a tooltip.
pub(crate) fn bar_chart(title: &str, xlabel: &str, ylabel: &str, bars: &[(String, u64)]) -> String {
    let mut out = String::new();
    let ymax = bars.iter().map(|b| b.1).max().unwrap_or(0);
    let top = frame(&mut out, title, xlabel, ylabel, ymax);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let slot = plot_w / bars.len().max(1) as f64;
    let every = label_every(bars.len());
    for (i, (label, value)) in bars.iter().enumerate() {
        let h = plot_h * *value as f64 / top as f64;
        let x = LEFT + slot * i as f64;
        let _ = writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#4a78b5\">\
             <title>{}: {value}</title></rect>",
            x + slot * 0.1,
            HEIGHT - BOTTOM - h,
            slot * 0.8,
            escape(label)
        );
        if i % every == 0 {
            let _ = writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                x + slot / 2.0,
                HEIGHT - BOTTOM + 16.0,
                escape(label)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// A line through dots at `(x, y)` (x ascending), each dot with a tooltip.
pub(crate) fn dot_plot(title: &str, xlabel: &str, ylabel: &str, points: &[(u64, u64)]) -> String {
    let mut out = String::new();
    let ymax = points.iter().map(|p| p.1).max().unwrap_or(0);
    let top = frame(&mut out, title, xlabel, ylabel, ymax);
    let (xmin, xmax) = (points.first().map_or(0, |p| p.0), points.last().map_or(1, |p| p.0));
    let span = (xmax.saturating_sub(xmin)).max(1) as f64;
    let plot_w = WIDTH - LEFT - RIGHT - 20.0;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let pos = |(x, y): (u64, u64)| {
        (LEFT + 10.0 + plot_w * (x - xmin) as f64 / span, HEIGHT - BOTTOM - plot_h * y as f64 / top as f64)
    };
    let line: Vec<String> = points.iter().map(|&p| pos(p)).map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
    let _ = writeln!(out, "<polyline points=\"{}\" fill=\"none\" stroke=\"#4a78b5\"/>", line.join(" "));
    let every = label_every(points.len());
    for (i, &(x, y)) in points.iter().enumerate() {
        let (px, py) = pos((x, y));
        let _ = writeln!(
            out,
            "<circle cx=\"{px:.1}\" cy=\"{py:.1}\" r=\"3\" fill=\"#c0392b\"><title>{x}: {y}</title></circle>"
        );
        if i % every == 0 {
            let _ =
                writeln!(out, "<text x=\"{px:.1}\" y=\"{}\" text-anchor=\"middle\">{x}</text>", HEIGHT - BOTTOM + 16.0);
        }
    }
    out.push_str("</svg>\n");
    out
}
