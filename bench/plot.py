"""Draw the dense elimination timings as a log-log SVG (seconds against N), one line per engine.

usage: python3 bench/plot.py [RESULTS] [SVG]
  RESULTS  lines "ENGINE N SECONDS RANK" from bench/compare.sh (default target/bench/results.txt)
  SVG      output (default docs/dense-elimination.svg)
Plain SVG, no plotting library needed.
"""

import math
import sys
from collections import defaultdict

COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
          "#bcbd22", "#17becf", "#000000", "#aec7e8"]


def main() -> None:
    src = sys.argv[1] if len(sys.argv) > 1 else "target/bench/results.txt"
    dst = sys.argv[2] if len(sys.argv) > 2 else "docs/dense-elimination.svg"
    series = defaultdict(dict)
    with open(src) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3:
                name, n, secs = parts[0], int(parts[1]), float(parts[2])
                series[name][n] = min(secs, series[name].get(n, math.inf))
    if not series:
        sys.exit(f"no results in {src}")
    points = [(n, s) for d in series.values() for n, s in d.items() if s > 0]
    x0, x1 = math.log10(min(p[0] for p in points)), math.log10(max(p[0] for p in points))
    y0, y1 = math.floor(math.log10(min(p[1] for p in points))), math.ceil(math.log10(max(p[1] for p in points)))
    x0, x1 = x0 - 0.05, x1 + 0.05
    w, h, left, top, right, bottom = 760, 480, 70, 30, 230, 50

    def px(n: float) -> float:
        return left + (math.log10(n) - x0) / (x1 - x0) * (w - left - right)

    def py(s: float) -> float:
        return top + (y1 - math.log10(s)) / (y1 - y0) * (h - top - bottom)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="18" font-size="14">Dense elimination: seconds against N (log-log)</text>']
    for e in range(y0, y1 + 1):
        y = py(10.0 ** e)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
    for n in sorted({p[0] for p in points}):
        x = px(n)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{h - bottom}" stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{h - bottom + 16}" text-anchor="middle">{n}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 10}" text-anchor="middle">N (matrix is N x N)</text>')
    for i, (name, d) in enumerate(sorted(series.items())):
        color = COLORS[i % len(COLORS)]
        pts = " ".join(f"{px(n):.1f},{py(s):.1f}" for n, s in sorted(d.items()) if s > 0)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2"/>')
        for n, s in sorted(d.items()):
            if s > 0:
                out.append(f'<circle cx="{px(n):.1f}" cy="{py(s):.1f}" r="3" fill="{color}"/>')
        ly = top + 10 + 18 * i
        out.append(f'<line x1="{w - right + 15}" y1="{ly}" x2="{w - right + 35}" y2="{ly}" stroke="{color}" stroke-width="2"/>')
        out.append(f'<text x="{w - right + 40}" y="{ly + 4}">{name}</text>')
    out.append("</svg>")
    with open(dst, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {dst}")


if __name__ == "__main__":
    main()
