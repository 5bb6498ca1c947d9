// The interactive Lights Out board for notebooks (anywidget front end): one ES module, no build
// step, nothing loaded from the network. The layout comes from the game (Game.geometry(), the
// same places the SVG drawing uses). Presses, undo and reset happen here at once; hint, solve,
// a new board and the quiet patterns are asked of Python, which answers through the model.

const SVG = "http://www.w3.org/2000/svg";

/** The fill of a light in state v of p (the SVG drawing's colours). */
export function fill(v, p) {
  if (v === 0) return "#2b2b2b";
  if (p === 2) return "#ffd84a";
  const lightness = 75 - (40 * (v - 1)) / Math.max(p - 1, 1);
  return `hsl(45, 95%, ${lightness.toFixed(0)}%)`;
}

/** The lights after pressing `button` `times` times (mod p). */
export function pressed(geometry, lights, button, times, p) {
  const next = lights.slice();
  for (const [light, amount] of geometry.buttons[button]) {
    next[light] = (next[light] + ((amount * times) % p)) % p;
  }
  return next;
}

function node(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

const STYLE = `
.lo-board { font-family: sans-serif; display: inline-block; color: #222; }
.lo-board .lo-bar { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; }
.lo-board button { padding: 2px 8px; cursor: pointer; }
.lo-board .lo-status { font-size: 13px; min-height: 1.3em; }
.lo-board .lo-light { cursor: pointer; }
.lo-board .lo-light:hover { stroke: #3a7bd5; stroke-width: 2; }
`;

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "lo-board";
  const style = document.createElement("style");
  style.textContent = STYLE;
  root.appendChild(style);

  const bar = document.createElement("div");
  bar.className = "lo-bar";
  const button = (name, title, onClick) => {
    const b = document.createElement("button");
    b.textContent = name;
    b.title = title;
    b.dataset.action = name;
    b.addEventListener("click", onClick);
    bar.appendChild(b);
    return b;
  };
  const svg = node("svg", {});
  const status = document.createElement("div");
  status.className = "lo-status";
  const moves = document.createElement("span");
  moves.className = "lo-moves";

  let timer = null;
  let quietIndex = -1;
  const p = () => model.get("modulus");
  const lights = () => model.get("lights");

  /** Press a button in the front end: the board, the history and the hint change together. */
  function press(b) {
    const g = model.get("geometry");
    model.set("lights", pressed(g, lights(), b, 1, p()));
    model.set("history", [...model.get("history"), b]);
    model.set("hint_light", -1);
    model.set("status", "");
    model.save_changes();
  }

  function undo() {
    const history = model.get("history");
    if (history.length === 0) return;
    const last = history[history.length - 1];
    model.set("lights", pressed(model.get("geometry"), lights(), last, p() - 1, p()));
    model.set("history", history.slice(0, -1));
    model.set("hint_light", -1);
    model.set("status", "");
    model.save_changes();
  }

  function reset() {
    model.set("lights", model.get("start").slice());
    model.set("history", []);
    model.set("plan", []);
    model.set("hint_light", -1);
    model.set("status", "");
    model.save_changes();
  }

  const ask = (what, extra = {}) => model.send({ do: what, ...extra });

  button("hint", "Mark the next press of a fewest-press solution", () => ask("hint"));
  button("solve", "Play a fewest-press solution, one press at a time", () => ask("solve"));
  button("undo", "Take back the last press", undo);
  button("reset", "Back to the start of this board", reset);
  const level = document.createElement("select");
  level.title = "Difficulty of a new board: presses its fewest-press solution needs";
  level.className = "lo-difficulty";
  bar.appendChild(level);
  button("new", "A new random board of the chosen difficulty", () =>
    ask("new", { difficulty: Number(level.value) }),
  );
  button("quiet", "Show the quiet patterns (presses that change no light); again for the next", () => {
    const quiet = model.get("quiet");
    if (quiet.length === 0) {
      quietIndex = 0;
      ask("quiet");
      return;
    }
    quietIndex = quietIndex + 1 < quiet.length ? quietIndex + 1 : -1;
    draw();
  });
  bar.appendChild(moves);

  function fillLevels() {
    const most = model.get("max_difficulty");
    const keep = level.value;
    level.replaceChildren();
    const any = document.createElement("option");
    any.value = "0";
    any.textContent = "any";
    level.appendChild(any);
    for (let d = 1; d <= most; d++) {
      const o = document.createElement("option");
      o.value = String(d);
      o.textContent = `${d} press${d === 1 ? "" : "es"}`;
      level.appendChild(o);
    }
    level.value = keep || "0";
  }

  /** Redraw everything from the model. */
  function draw() {
    const g = model.get("geometry");
    const k = p();
    const now = lights();
    const hint = model.get("hint_light");
    const quiet = model.get("quiet");
    const pattern = quietIndex >= 0 && quietIndex < quiet.length ? quiet[quietIndex] : null;
    svg.replaceChildren();
    for (const [a, b] of [["width", g.width], ["height", g.height]]) svg.setAttribute(a, b);
    svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
    const defs = node("defs", {}, svg);
    const marker = node("marker", {
      id: "lo-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse",
    }, defs);
    node("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#888" }, marker);
    for (const [x, y, text, centred] of g.labels) {
      const t = node("text", { x, y, "font-size": 9, fill: "#555" }, svg);
      if (centred) t.setAttribute("text-anchor", "middle");
      t.textContent = text;
    }
    for (const [from, to, directed] of g.links) {
      const [ax, ay, bx, by] = [g.x[from], g.y[from], g.x[to], g.y[to]];
      const len = Math.max(Math.hypot(bx - ax, by - ay), 1e-9);
      const [ux, uy] = [((bx - ax) / len) * g.r[from], ((by - ay) / len) * g.r[from]];
      const line = node("line", {
        x1: ax + ux, y1: ay + uy, x2: bx - ux, y2: by - uy, stroke: "#888", "stroke-width": 1.5,
      }, svg);
      if (directed) line.setAttribute("marker-end", "url(#lo-arrow)");
    }
    for (let i = 0; i < g.x.length; i++) {
      const [x, y, r] = [g.x[i], g.y[i], g.r[i]];
      const shape = g.round
        ? node("circle", { cx: x, cy: y, r }, svg)
        : node("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 5 }, svg);
      shape.setAttribute("fill", fill(now[i], k));
      shape.setAttribute("stroke", "#111");
      shape.setAttribute("class", "lo-light");
      shape.dataset.light = String(i);
      shape.dataset.state = String(now[i]);
      const where = g.coords[i].join(", ");
      node("title", {}, shape).textContent = `light ${i} (${where}): state ${now[i]}`;
      shape.addEventListener("click", () => press(i));
      if (k > 2 && now[i] > 0) {
        const t = node("text", { x: x - r + 3, y: y - r + 10, "font-size": 9, fill: "#333" }, svg);
        t.textContent = String(now[i]);
        t.style.pointerEvents = "none";
      }
      const ring = (colour, count, cls) => {
        const c = node("circle", {
          cx: x, cy: y, r: r * 0.55, fill: "none", stroke: colour, "stroke-width": 3, class: cls,
        }, svg);
        c.style.pointerEvents = "none";
        if (k > 2 && count > 1) {
          const t = node("text", {
            x, y: y + 4, "font-size": 12, "text-anchor": "middle", fill: colour, "font-weight": "bold",
          }, svg);
          t.textContent = String(count);
          t.style.pointerEvents = "none";
        }
      };
      if (i === hint) ring("#2ecc71", 1, "lo-hint");
      if (pattern && pattern[i] > 0) ring("#e8413c", pattern[i], "lo-quiet");
    }
    const dash = { stroke: "#3a7bd5", "stroke-width": 3, "stroke-dasharray": "6 4" };
    for (const [x1, y1, x2, y2] of g.wraps) {
      node("line", { x1, y1, x2, y2, ...dash, class: "lo-wrap" }, svg).style.pointerEvents = "none";
    }
    const made = model.get("history").length;
    moves.textContent = `moves: ${made}`;
    const dark = now.every((v) => v === 0);
    let text = model.get("status");
    if (pattern) {
      text = `quiet pattern ${quietIndex + 1} of ${quiet.length}: pressing the ringed buttons changes no light`;
    } else if (dark) {
      text = made > 0 ? `Solved in ${made} move${made === 1 ? "" : "s"}!` : "Every light is off.";
    }
    status.textContent = text;
    root.dataset.solved = String(dark);
  }

  /** Play the planned presses one at a time. */
  function animate() {
    if (timer !== null || model.get("plan").length === 0) return;
    timer = setInterval(() => {
      const plan = model.get("plan");
      if (plan.length === 0) {
        clearInterval(timer);
        timer = null;
        return;
      }
      model.set("plan", plan.slice(1));
      press(plan[0]);
    }, model.get("step_ms"));
  }

  for (const key of ["lights", "geometry", "modulus", "hint_light", "quiet", "history", "status"]) {
    model.on(`change:${key}`, draw);
  }
  model.on("change:max_difficulty", fillLevels);
  model.on("change:plan", animate);

  root.append(bar, svg, status);
  el.appendChild(root);
  fillLevels();
  draw();
  animate();
  return () => {
    if (timer !== null) clearInterval(timer);
  };
}

export default { render };
