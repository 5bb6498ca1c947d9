// The interactive Lights Out board for notebooks (anywidget front end): one ES module, no build
// step, nothing loaded from the network. The layout comes from the game (Game.geometry(), the
// same places the SVG drawing uses). Presses, undo and reset happen here at once; hint, solve,
// a new board and the quiet patterns are asked of Python, which answers through the model.
//
// The board follows the host's theme through JupyterLab's CSS variables (VS Code's and plain
// light/dark fallbacks elsewhere), scales down to the width of its output area (never below
// MIN_CELL pixels from one grid light to the next, each square 0.9 of that: then the area
// scrolls), and is played with the mouse or the keyboard
// (arrow keys move, Space or Enter presses). Only the lights that change are redrawn, so a press
// on a 100 x 100 board costs a few milliseconds.

const SVG = "http://www.w3.org/2000/svg";

/** The side of a grid cell in the layout (crates/topo geometry::CELL). */
const CELL = 40;
/** The smallest pitch of the grid (pixels from one light's centre to the next; a light's square
 * is 36/40 of it) or diameter of a round light; a board that would need less scrolls instead. */
export const MIN_CELL = 14;

/** Stops of a colour-blind-safe sequential scale (viridis: ordered by lightness, readable
 * with any common colour-vision deficiency). A state's hue is the viridis colour of its
 * lightness, so the scale stays viridis where viridis reaches. */
const SCALE = ["#440154", "#482878", "#3e4989", "#31688e", "#26828e", "#1f9e89", "#35b779", "#6ece58", "#fde725"];

/** The lightness contrast (WCAG ratio of relative luminances) kept between neighbouring
 * states: 1.3 asked, with room for rounding the colours to 8 bits. */
export const STEP = 1.32;

/** Per theme: the off colour (at least 3:1 from the page: white, or JupyterLab Dark's #111 and
 * #212121) and the luminance of the lightest state. The states rise in lightness from off. */
export const THEMES = {
  light: { off: "#262626", top: 0.85 },
  dark: { off: "#707070", top: 0.85 },
};

const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const encode = (c) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);
const rgb = (hex) => [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255));
const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const hex = (lin) => "#" + lin.map((c) => Math.round(encode(Math.min(1, Math.max(0, c))) * 255).toString(16).padStart(2, "0")).join("");

const STOPS = SCALE.map(rgb);

/** Viridis at t in [0, 1], in linear RGB. */
function viridis(t) {
  const x = Math.min(Math.max(t, 0), 1) * (STOPS.length - 1);
  const i = Math.min(Math.floor(x), STOPS.length - 2);
  const [a, b] = [STOPS[i], STOPS[i + 1]];
  return a.map((c, k) => c + (b[k] - c) * (x - i));
}

/** The viridis hue whose luminance is y, darkened or lightened (towards white) to y exactly. */
function colourOf(y) {
  let [lo, hi] = [0, 1];
  for (let k = 0; k < 30; k++) {
    const mid = (lo + hi) / 2;
    if (luminance(viridis(mid)) < y) lo = mid;
    else hi = mid;
  }
  const c = viridis(lo);
  const yc = luminance(c);
  if (y <= yc) return hex(c.map((x) => (x * y) / yc));
  const s = (y - yc) / (1 - yc);
  return hex(c.map((x) => x + s * (1 - x)));
}

/** Lightness bands of the lit states in a theme: as many as fit between the off colour and
 * the lightest state at STEP apart (9 in the light theme, 5 in the dark one). */
export function bands(dark) {
  const t = dark ? THEMES.dark : THEMES.light;
  return Math.floor(Math.log((t.top + 0.05) / (luminance(rgb(t.off)) + 0.05)) / Math.log(STEP));
}

/** The fill of state v of p (state 0 is drawn in the theme's off colour). Up to bands(dark)
 * lit states, each has its own lightness, spread evenly (by contrast ratio) from off to the
 * lightest; with more, consecutive states share a band, in order, and the digit written in
 * each light tells them apart. */
export function fill(v, p, dark = false) {
  if (v === 0) return "var(--lo-off)";
  if (p === 2) return "#ffd84a";
  const most = bands(dark);
  const steps = Math.min(p - 1, most);
  const band = p - 1 <= most ? v : Math.ceil((v * most) / (p - 1));
  const key = `${dark} ${band}/${steps}`;
  if (!COLOURS.has(key)) {
    const t = dark ? THEMES.dark : THEMES.light;
    const base = luminance(rgb(t.off)) + 0.05;
    COLOURS.set(key, colourOf(base * ((t.top + 0.05) / base) ** (band / steps) - 0.05));
  }
  return COLOURS.get(key);
}

/** The colours worked out so far, by theme and band (a few dozen at most). */
const COLOURS = new Map();

/** Black or white, whichever contrasts more with a hex colour. */
function ink(colour) {
  const y = luminance(rgb(colour));
  return (y + 0.05) / 0.05 >= 1.05 / (y + 0.05) ? "#111" : "#fff";
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

// Light theme first; a dark host (JupyterLab Dark, VS Code dark, or a dark background found
// by looking) switches the board's own variables. JupyterLab's variables win where they exist.
const STYLE = `
.lo-board {
  --lo-fg: var(--jp-ui-font-color1, var(--vscode-editor-foreground, #222));
  --lo-muted: var(--jp-ui-font-color2, #555);
  --lo-bg: var(--jp-layout-color1, var(--vscode-editor-background, #fff));
  --lo-off: ${THEMES.light.off};
  --lo-edge: #111;
  --lo-focus: #0072b2;
  --lo-hint: #0072b2;
  --lo-quiet: #d55e00;
  --lo-halo: #fff;
  --lo-wrap: #3a7bd5;
  --lo-twist: #c2417f;
  --lo-button-bg: var(--jp-layout-color2, #f3f3f3);
  --lo-button-fg: var(--jp-ui-font-color1, #222);
  --lo-button-border: var(--jp-border-color1, #999);
  font-family: var(--jp-ui-font-family, sans-serif);
  display: block;
  max-width: 100%;
  color: var(--lo-fg);
}
.lo-board.lo-dark {
  --lo-fg: var(--jp-ui-font-color1, var(--vscode-editor-foreground, #e8e8e8));
  --lo-muted: var(--jp-ui-font-color2, #bbb);
  --lo-bg: var(--jp-layout-color1, var(--vscode-editor-background, #1e1e1e));
  --lo-off: ${THEMES.dark.off};
  --lo-edge: #d0d4da;
  --lo-focus: #56b4e9;
  --lo-wrap: #6aa3f0;
  --lo-twist: #f08cc0;
  --lo-button-bg: var(--jp-layout-color2, #2d2d2d);
  --lo-button-fg: var(--jp-ui-font-color1, #e8e8e8);
  --lo-button-border: var(--jp-border-color1, #777);
}
.lo-board .lo-bar { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; }
.lo-board button, .lo-board input {
  padding: 2px 8px; font: inherit; font-size: 13px; color: var(--lo-button-fg);
  background: var(--lo-button-bg); border: 1px solid var(--lo-button-border); border-radius: 3px;
}
.lo-board button { cursor: pointer; }
.lo-board input { width: 4em; }
.lo-board button:focus-visible, .lo-board input:focus-visible { outline: 3px solid var(--lo-focus); outline-offset: 1px; }
.lo-board label { font-size: 13px; }
.lo-board .lo-status { font-size: 13px; min-height: 1.3em; }
.lo-board .lo-view { max-width: 100%; overflow: auto; }
.lo-board svg { display: block; }
.lo-board svg:focus { outline: none; }
.lo-board .lo-light { cursor: pointer; stroke: var(--lo-edge); stroke-width: 1; }
.lo-board .lo-light[data-state="0"] { fill: var(--lo-off); }
.lo-board .lo-light:hover { stroke: var(--lo-focus); stroke-width: 2; }
.lo-board .lo-light:focus { outline: none; }
.lo-board .lo-light.lo-focus { stroke: var(--lo-focus); stroke-width: 5; }
.lo-board .lo-label { fill: var(--lo-muted); }
.lo-board .lo-legend { font-size: 12px; color: var(--lo-muted); display: flex; gap: 12px; flex-wrap: wrap; }
.lo-board .lo-legend svg { display: inline-block; vertical-align: middle; margin-right: 4px; }
`;

/** Whether the page behind `el` is dark: the host's theme flag, else the first opaque
 * background colour up the tree. */
function looksDark(el) {
  const body = document.body;
  if (body.dataset.jpThemeLight === "false" || body.classList.contains("vscode-dark")) return true;
  if (body.dataset.jpThemeLight === "true" || body.classList.contains("vscode-light")) return false;
  for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
    const m = getComputedStyle(e).backgroundColor.match(/rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/);
    if (m && (m[4] === undefined || Number(m[4]) > 0.5)) {
      return 0.2126 * m[1] + 0.7152 * m[2] + 0.0722 * m[3] < 110;
    }
  }
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
}

/** Where light i is, in words: row and column (1-based), with the face on the cube. */
function where(g, i) {
  const c = g.coords[i];
  if (c.length === 1) return `light ${c[0] + 1}`;
  const face = c.length === 3 ? `face ${c[0] + 1}, ` : "";
  return `${face}row ${c[c.length - 2] + 1}, column ${c[c.length - 1] + 1}`;
}

/** Words for the state of a light. */
function stateWords(v, p) {
  if (p === 2) return v ? "on" : "off";
  return `state ${v} of ${p - 1}`;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "lo-board";
  const style = document.createElement("style");
  style.textContent = STYLE;
  root.appendChild(style);

  const bar = document.createElement("div");
  bar.className = "lo-bar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "Lights Out controls");
  const button = (name, title, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = name;
    b.title = title;
    b.setAttribute("aria-label", `${name}: ${title}`);
    b.dataset.action = name;
    b.addEventListener("click", () => {
      // Any button interrupts a solution being played; its own action follows (the solve
      // button's action is the stopping).
      const playing = stop();
      if (!playing) stopped = "";
      note = "";
      onClick(playing);
    });
    bar.appendChild(b);
    return b;
  };
  const view = document.createElement("div");
  view.className = "lo-view";
  const svg = node("svg", { role: "grid", tabindex: -1 });
  view.appendChild(svg);
  const status = document.createElement("div");
  status.className = "lo-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const moves = document.createElement("span");
  moves.className = "lo-moves";
  moves.setAttribute("aria-live", "off");
  const legend = document.createElement("div");
  legend.className = "lo-legend";

  let timer = null;
  let dark = false; // whether the lights are coloured for a dark theme
  let quietIndex = -1;
  let stopped = ""; // why the last solution stopped, shown until the next change
  let asked = null; // "hint" or "solve" while Python has not answered yet
  let waiting = false; // the answer is slow in coming: the kernel is busy
  let waitTimer = null;
  let note = ""; // why an answer was dropped, shown until the next press or button
  let again = 0; // answers dropped in a row, each asked again
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

  /** Stop a solution being played: what was pressed stays pressed (board and move count
   * agree), the rest of the plan is dropped. Returns whether one was playing. */
  function stop() {
    const plan = model.get("plan");
    if (timer === null && plan.length === 0) return false;
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (plan.length > 0) {
      stopped = `Solution stopped with ${plan.length} press${plan.length === 1 ? "" : "es"} left.`;
      model.set("plan", []);
      model.save_changes();
    }
    update();
    return true;
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

  /** Ask Python for a hint or a solution of the board; say so when the answer is slow in
   * coming (the kernel is busy with another cell, and presses may change the board meanwhile). */
  function askAbout(what) {
    asked = what;
    clearTimeout(waitTimer);
    waitTimer = setTimeout(() => {
      waiting = asked !== null;
      update();
    }, 500);
    ask(what);
  }

  /** Whether Python's last hint or solution is about the board shown: a press made while the
   * kernel was busy changes the board before the answer arrives. */
  function current() {
    const about = model.get("answered")?.lights;
    const now = lights();
    return !about || (about.length === now.length && about.every((v, i) => v === now[i]));
  }

  /** An answer arrived. One about a board that has changed since is dropped (its presses would
   * not turn this board off) and asked again for the board as it is now; after a few in a row
   * (presses keep coming), the status line says so instead. */
  function answered() {
    clearTimeout(waitTimer);
    [asked, waiting] = [null, false];
    if (current()) {
      again = 0;
      note = "";
      update();
      return;
    }
    const what = model.get("answered").do;
    if (timer !== null) clearInterval(timer);
    timer = null;
    model.set("plan", []);
    model.set("hint_light", -1);
    model.set("status", "");
    model.save_changes();
    if (again < 3) {
      again += 1;
      note = "The board changed while the kernel was busy: asking again for the board as it is now.";
      askAbout(what);
    } else {
      again = 0;
      note = `The board changed while the kernel was busy: press ${what} again.`;
    }
    update();
  }

  button("hint", "Mark the next press of a fewest-press solution", () => {
    again = 0;
    askAbout("hint");
  });
  const solveButton = button("solve", "Play a fewest-press solution, one press at a time (again to stop)", (playing) => {
    again = 0;
    if (!playing) askAbout("solve");
  });
  button("undo", "Take back the last press", undo);
  button("reset", "Back to the start of this board", reset);
  const levelLabel = document.createElement("label");
  levelLabel.textContent = "presses ";
  const level = document.createElement("input");
  level.type = "number";
  level.min = "0";
  level.step = "1";
  level.value = "0";
  level.className = "lo-difficulty";
  level.title = "Difficulty of a new board: presses its fewest-press solution needs (0: any)";
  level.setAttribute("aria-label", level.title);
  levelLabel.appendChild(level);
  bar.appendChild(levelLabel);
  button("new", "A new random board of the chosen difficulty", () => {
    const most = model.get("max_difficulty");
    const wanted = Math.max(0, Math.min(Math.floor(Number(level.value) || 0), most));
    level.value = String(wanted);
    ask("new", { difficulty: wanted });
  });
  button("quiet", "Show the quiet patterns (presses that change no light); again for the next", () => {
    const quiet = model.get("quiet");
    if (quiet.length === 0) {
      quietIndex = 0;
      ask("quiet");
      return;
    }
    quietIndex = quietIndex + 1 < quiet.length ? quietIndex + 1 : -1;
    update();
  });
  bar.appendChild(moves);

  function fillLevels() {
    level.max = String(model.get("max_difficulty"));
  }

  // -- the picture: built once per game, then updated light by light -----------------------

  let cells = []; // per light: its rect or circle
  let digits = []; // per light: its state digit (p > 2), or null
  let shown = []; // per light: the state drawn
  let overlay = null; // the rings' layer
  let focused = 0;

  function build() {
    const g = model.get("geometry");
    const k = p();
    svg.replaceChildren();
    svg.setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
    const n = g.x.length;
    svg.setAttribute("aria-label", `Lights Out board, ${n} lights. Arrow keys move, Space or Enter presses.`);
    const defs = node("defs", {}, svg);
    const marker = node("marker", {
      id: "lo-arrow", viewBox: "0 0 10 10", refX: 10, refY: 5,
      markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse",
    }, defs);
    node("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#888" }, marker);
    const deco = node("g", { "aria-hidden": "true" }, svg);
    for (const [x, y, text, centred] of g.labels) {
      const t = node("text", { x, y, "font-size": 11, class: "lo-label" }, deco);
      if (centred) t.setAttribute("text-anchor", "middle");
      t.textContent = text;
    }
    for (const [from, to, directed] of g.links) {
      const [ax, ay, bx, by] = [g.x[from], g.y[from], g.x[to], g.y[to]];
      const len = Math.max(Math.hypot(bx - ax, by - ay), 1e-9);
      const [ux, uy] = [((bx - ax) / len) * g.r[from], ((by - ay) / len) * g.r[from]];
      const line = node("line", {
        x1: ax + ux, y1: ay + uy, x2: bx - ux, y2: by - uy, stroke: "#888", "stroke-width": 1.5,
      }, deco);
      if (directed) line.setAttribute("marker-end", "url(#lo-arrow)");
    }
    // Rows of the grid: lights that share every coordinate but the last.
    const rows = new Map();
    cells = new Array(n);
    digits = new Array(n).fill(null);
    shown = new Array(n).fill(-1);
    for (let i = 0; i < n; i++) {
      const key = g.coords[i].slice(0, -1).join(",");
      if (!rows.has(key)) rows.set(key, node("g", { role: "row" }, svg));
      const [x, y, r] = [g.x[i], g.y[i], g.r[i]];
      const shape = g.round
        ? node("circle", { cx: x, cy: y, r }, rows.get(key))
        : node("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 5 }, rows.get(key));
      shape.setAttribute("class", "lo-light");
      shape.setAttribute("role", "gridcell");
      shape.setAttribute("tabindex", i === focused ? 0 : -1);
      shape.dataset.light = String(i);
      cells[i] = shape;
      if (k > 2) {
        const t = node("text", {
          x, y: y + r * 0.3, "font-size": Math.round(r * 0.9), "text-anchor": "middle",
          "font-weight": "bold", class: "lo-digit", "aria-hidden": "true",
        }, svg);
        t.style.pointerEvents = "none";
        digits[i] = t;
      }
    }
    const glued = node("g", { "aria-hidden": "true" }, svg);
    for (const [segments, cls, colour, dash] of [
      [g.wraps, "lo-wrap", "var(--lo-wrap)", "6 4"],
      [g.twists || [], "lo-twist", "var(--lo-twist)", "2 3"],
    ]) {
      for (const [x1, y1, x2, y2] of segments) {
        const line = node("line", { x1, y1, x2, y2, "stroke-width": 3, "stroke-dasharray": dash, class: cls }, glued);
        line.style.stroke = colour;
        const len = Math.max(Math.hypot(x2 - x1, y2 - y1), 1e-9);
        const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
        const [mx, my] = [(x1 + x2) / 2 + ux * 5, (y1 + y2) / 2 + uy * 5];
        const [bx, by] = [mx - ux * 10, my - uy * 10];
        const head = node("path", {
          d: `M ${mx} ${my} L ${bx - uy * 6} ${by + ux * 6} L ${bx + uy * 6} ${by - ux * 6} z`,
          class: `${cls}-arrow`,
        }, glued);
        head.style.fill = colour;
      }
      glued.style.pointerEvents = "none";
    }
    overlay = node("g", { "aria-hidden": "true" }, svg);
    overlay.style.pointerEvents = "none";
    buildLegend(g);
    fit();
    update();
  }

  function buildLegend(g) {
    legend.replaceChildren();
    const entries = [];
    if (g.wraps.length) entries.push(["lo-wrap", "var(--lo-wrap)", "6 4", "glued straight: leave one dashed edge, come back on the other, arrows agreeing"]);
    if ((g.twists || []).length) entries.push(["lo-twist", "var(--lo-twist)", "2 3", "glued with a twist: come back on the other dotted edge mirrored, arrows agreeing"]);
    for (const [cls, colour, dash, words] of entries) {
      const item = document.createElement("span");
      item.className = `lo-legend-${cls.slice(3)}`;
      const sample = node("svg", { width: 28, height: 10, "aria-hidden": "true" }, item);
      const line = node("line", { x1: 1, y1: 5, x2: 27, y2: 5, "stroke-width": 3, "stroke-dasharray": dash }, sample);
      line.style.stroke = colour;
      item.appendChild(document.createTextNode(words));
      legend.appendChild(item);
    }
    legend.hidden = entries.length === 0;
  }

  /** Scale the picture to the width available, down to MIN_CELL a light (then it scrolls). */
  function fit() {
    const g = model.get("geometry");
    const available = view.clientWidth || root.clientWidth || 0;
    const cell = g.round ? 2 * (g.r[0] || CELL / 2) : CELL;
    let scale = available > 0 ? Math.min(1, available / g.width) : 1;
    scale = Math.max(scale, MIN_CELL / cell);
    svg.setAttribute("width", (g.width * scale).toFixed(1));
    svg.setAttribute("height", (g.height * scale).toFixed(1));
    root.dataset.scale = scale.toFixed(3);
  }

  /** Redraw what changed: the lights whose state differs from the drawing, rings, text. */
  function update() {
    const g = model.get("geometry");
    const k = p();
    const now = lights();
    for (let i = 0; i < cells.length; i++) {
      const v = now[i];
      if (shown[i] === v) continue;
      shown[i] = v;
      const cell = cells[i];
      cell.dataset.state = String(v);
      cell.style.fill = fill(v, k, dark);
      cell.setAttribute("aria-label", `${where(g, i)}: ${stateWords(v, k)}`);
      if (digits[i]) {
        digits[i].textContent = v > 0 ? String(v) : "";
        digits[i].style.fill = v > 0 ? ink(fill(v, k, dark)) : "none";
      }
    }
    let hint = model.get("hint_light");
    if (hint >= 0 && !current()) hint = -1; // a hint for the board before the latest presses
    const quiet = model.get("quiet");
    const pattern = quietIndex >= 0 && quietIndex < quiet.length ? quiet[quietIndex] : null;
    overlay.replaceChildren();
    const ring = (i, colour, count, cls) => {
      const [x, y, r] = [g.x[i], g.y[i], g.r[i]];
      // A halo under the ring keeps it visible on yellow, on the off colour and in both themes.
      const halo = node("circle", { cx: x, cy: y, r: r * 0.55, fill: "none", "stroke-width": 6, class: `${cls}-halo` }, overlay);
      halo.style.stroke = "var(--lo-halo)";
      const c = node("circle", { cx: x, cy: y, r: r * 0.55, fill: "none", "stroke-width": 3, class: cls }, overlay);
      c.style.stroke = colour;
      if (k > 2 && count > 1) {
        const t = node("text", { x, y: y + 4, "font-size": 12, "text-anchor": "middle", "font-weight": "bold" }, overlay);
        t.style.fill = colour;
        t.textContent = String(count);
      }
    };
    if (hint >= 0 && hint < cells.length) ring(hint, "var(--lo-hint)", 1, "lo-hint");
    if (pattern) pattern.forEach((v, i) => v > 0 && ring(i, "var(--lo-quiet)", v, "lo-quiet"));
    const made = model.get("history").length;
    moves.textContent = `moves: ${made}`;
    const allOff = now.every((v) => v === 0);
    let text = model.get("status");
    if (pattern) {
      text = `quiet pattern ${quietIndex + 1} of ${quiet.length}: pressing the ringed buttons changes no light`;
    } else if (stopped) {
      text = stopped;
    } else if (note) {
      text = note;
    } else if (waiting) {
      text = `Waiting for the kernel to work out the ${asked === "hint" ? "hint" : "solution"}…`;
    } else if (allOff) {
      text = made > 0 ? `Solved in ${made} move${made === 1 ? "" : "s"}!` : "Every light is off.";
    } else if (hint >= 0 && !text) {
      text = `Hint: press ${where(g, hint)}.`;
    }
    if (status.textContent !== text) status.textContent = text;
    root.dataset.solved = String(allOff);
    root.dataset.playing = String(timer !== null);
    solveButton.textContent = timer !== null ? "stop" : "solve";
  }

  // -- mouse and keyboard ---------------------------------------------------------------------

  let byKeyboard = false; // the focus ring shows for keyboard play, not after a click

  function focusLight(i, move = true) {
    if (i < 0 || i >= cells.length) return;
    cells[focused]?.setAttribute("tabindex", -1);
    cells[focused]?.classList.remove("lo-focus");
    focused = i;
    cells[i].setAttribute("tabindex", 0);
    if (move) cells[i].focus();
    if (byKeyboard && document.activeElement === cells[i]) cells[i].classList.add("lo-focus");
  }

  /** The nearest light from `i` in a direction, by the drawing's places (works for every
   * shape: grids, holes, the cube's net, graphs). */
  function neighbour(i, dx, dy) {
    const g = model.get("geometry");
    let best = -1;
    let bestScore = Infinity;
    for (let j = 0; j < g.x.length; j++) {
      const [ex, ey] = [g.x[j] - g.x[i], g.y[j] - g.y[i]];
      const along = ex * dx + ey * dy;
      if (along <= 1e-6) continue;
      const score = along + 3 * Math.abs(ex * dy - ey * dx);
      if (score < bestScore) [best, bestScore] = [j, score];
    }
    return best;
  }

  function userPress(i) {
    stopped = "";
    note = "";
    if (stop()) return; // a click during a played solution stops it and presses nothing
    press(i);
  }

  svg.addEventListener("click", (e) => {
    const light = e.target.dataset?.light;
    if (light === undefined) return;
    focusLight(Number(light), false);
    userPress(Number(light));
  });
  root.addEventListener("mousedown", () => {
    byKeyboard = false;
  });
  root.addEventListener("keydown", () => {
    byKeyboard = true;
  }, true);
  svg.addEventListener("focusin", (e) => {
    const light = e.target.dataset?.light;
    if (light !== undefined) focusLight(Number(light), false);
  });
  svg.addEventListener("focusout", () => cells[focused]?.classList.remove("lo-focus"));
  svg.addEventListener("keydown", (e) => {
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in arrows) {
      const j = neighbour(focused, ...arrows[e.key]);
      if (j >= 0) focusLight(j);
      e.preventDefault();
    } else if (e.key === " " || e.key === "Enter") {
      userPress(focused);
      e.preventDefault();
    } else if (e.key === "Home") {
      focusLight(0);
      e.preventDefault();
    } else if (e.key === "End") {
      focusLight(cells.length - 1);
      e.preventDefault();
    }
  });

  /** Play the planned presses one at a time. */
  function animate() {
    if (model.get("plan").length === 0) {
      if (timer !== null) {
        clearInterval(timer);
        timer = null;
        update();
      }
      return;
    }
    if (timer !== null) return;
    if (!current()) return; // a solution of the board before the latest presses: answered() drops it
    stopped = "";
    timer = setInterval(() => {
      const plan = model.get("plan");
      if (plan.length === 0) {
        clearInterval(timer);
        timer = null;
        update();
        return;
      }
      model.set("plan", plan.slice(1));
      press(plan[0]);
    }, model.get("step_ms"));
    update();
  }

  for (const key of ["lights", "hint_light", "quiet", "history", "status"]) model.on(`change:${key}`, update);
  for (const key of ["geometry", "modulus"]) model.on(`change:${key}`, build);
  model.on("change:max_difficulty", fillLevels);
  model.on("change:plan", animate);
  model.on("change:answered", answered);

  // The lit states' colours depend on the theme: a change of theme redraws every light.
  const theme = () => {
    const now = looksDark(el);
    root.classList.toggle("lo-dark", now);
    if (now === dark) return;
    dark = now;
    shown.fill(-1);
    if (overlay) update();
  };
  const watcher = new MutationObserver(theme);
  watcher.observe(document.body, { attributes: true, attributeFilter: ["class", "data-jp-theme-light", "data-jp-theme-name"] });
  const sizer = typeof ResizeObserver === "function" ? new ResizeObserver(() => fit()) : null;

  root.append(bar, view, legend, status);
  el.appendChild(root);
  theme();
  fillLevels();
  build();
  focusLight(0, false);
  sizer?.observe(root);
  animate();
  return () => {
    if (timer !== null) clearInterval(timer);
    clearTimeout(waitTimer);
    watcher.disconnect();
    sizer?.disconnect();
  };
}

export default { render };
