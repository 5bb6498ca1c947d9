"""The notebook board: its Python model, and its ES module in a real headless Chromium.

The browser tests load ``lightsout/widget.js`` on a page served from 127.0.0.1 with a small
anywidget-compatible model whose ``save_changes`` and ``send`` go to this process, where the real
``Board`` answers, as a Jupyter kernel would. Chromium and its driver come from Debian's
``chromium`` and ``chromium-driver``; scripts/test-parts/python.sh installs them and sets
LIGHTSOUT_BROWSER_TESTS=require, so they never silently skip there.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

import lightsout as lo

widget = pytest.importorskip("lightsout.widget")

CLASSIC_PLUS = [[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]]


# -- the Python model -------------------------------------------------------------------------


def test_presses_undo_reset_and_state():
    g = lo.preset("classic")
    w = lo.play(g, seed=4)
    start = w.board.copy()
    assert w.board.shape == (5, 5) and g.is_solvable(start) and start.any()
    w.press(0, 0)
    w.press(12)
    assert w.moves == 2 and w.history == [0, 12]
    assert (w.board == g.apply(start, w.presses)).all()
    w.undo()
    assert w.moves == 1 and (w.board == g.apply(start, w.presses)).all()
    w.reset()
    assert w.moves == 0 and (w.board == start).all() and not w.presses.any()
    with pytest.raises(ValueError, match="not a light"):
        w.press(5, 0)
    with pytest.raises(ValueError, match="coordinates"):
        w.press(1, 2, 3)


def test_hint_and_solve_follow_a_fewest_press_solution():
    g = lo.preset("classic")
    w = lo.play(g, board=CLASSIC_PLUS)
    assert w.hint() == 12 and w.hint_light == 12
    w.press(2, 2)
    assert w.solved and w.hint_light == -1
    w.new(difficulty=7, seed=3)
    assert w.moves == 0 and g.minimal_solution(w.board).weight == 7
    plan = w.solve(animate=False)
    assert len(plan) == 7 and w.solved and w.moves == 7
    w.reset()
    assert w.solve() == plan and w.plan == plan and not w.solved  # the front end plays it


def test_every_game_type_and_modulus_has_a_layout():
    games = [
        lo.torus(3, 4),
        lo.cylinder(3, 3, modulus=3),
        lo.mask([[1, 1, 0], [1, 0, 1], [1, 1, 1]]),
        lo.cube(2),
        lo.graph(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),
        lo.grid(3, 3, modulus=5),
        lo.grid(2, 3, modulus=4),  # a composite modulus: the ring solver answers
    ]
    for g in games:
        w = lo.play(g, seed=1)
        geo = w.geometry
        assert len(geo["x"]) == len(geo["buttons"]) == g.size
        light = g.size - 1
        w.press(light)
        expected = g.apply(w.start, np.eye(g.size, dtype=np.int64)[light])
        assert (np.asarray(w.lights) == expected).all(), g.describe()
    assert len(lo.play(lo.torus(3, 4), seed=1).geometry["wraps"]) == 4
    assert len(lo.play(lo.cube(2), seed=1).geometry["labels"]) == 6
    assert isinstance(lo.preset("classic").widget(seed=1), widget.Board)
    z4 = lo.play(lo.grid(2, 3, modulus=4), seed=2)
    assert z4.hint() >= 0 and len(z4.solve(animate=False)) > 0 and z4.solved
    z4.new(difficulty=3, seed=1)
    assert lo.grid(2, 3, modulus=4).minimal_solution(z4.board).weight == 3


def test_quiet_patterns_and_messages():
    w = lo.play(lo.preset("classic"), seed=2)
    w.show_quiet()
    assert len(w.quiet) == 2
    for q in w.quiet:
        assert not lo.preset("classic").apply(np.zeros(25, dtype=int), q).any()
    w._on_msg(w, {"do": "new", "difficulty": 15}, [])
    assert lo.preset("classic").minimal_solution(w.board).weight == 15
    w._on_msg(w, {"do": "new", "difficulty": 16}, [])  # no board that hard: said on the board
    assert w.max_difficulty == 15 and "0 to 15" in w.status and lo.preset("classic").minimal_solution(w.board).weight == 15
    w3 = lo.play(lo.grid(3, 3), seed=1)
    w3.show_quiet()
    assert w3.quiet == [] and "no quiet patterns" in w3.status
    with pytest.raises(TypeError):
        lo.play("classic")
    with pytest.raises(ValueError):
        lo.play(lo.preset("classic"), board=[[2] * 5] * 5)


# -- the front end in a browser ----------------------------------------------------------------

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>lightsout widget</title></head>
<body style="margin:0;background:#fff"><div id="out"></div>
<script type="module">
class Model {
  constructor(state) { this.state = state; this.handlers = {}; this.dirty = new Set(); this.queue = Promise.resolve(); }
  get(k) { return this.state[k]; }
  set(k, v) { this.state[k] = v; this.dirty.add(k); this.emit(k); }
  emit(k) { for (const f of this.handlers["change:" + k] || []) f(); }
  on(ev, f) { (this.handlers[ev] ||= []).push(f); }
  off(ev, f) { this.handlers[ev] = (this.handlers[ev] || []).filter((g) => g !== f); }
  save_changes() {
    const out = {};
    for (const k of this.dirty) out[k] = this.state[k];
    this.dirty.clear();
    this.post("/state", out);
  }
  send(msg) { this.post("/msg", msg); }
  post(path, body) {
    window.pending += 1;
    this.queue = this.queue
      .then(() => fetch(path, { method: "POST", body: JSON.stringify(body) }))
      .then((r) => r.json())
      .then((s) => this.update(s))
      .finally(() => { window.pending -= 1; });
  }
  update(s) {
    for (const [k, v] of Object.entries(s)) {
      if (JSON.stringify(this.state[k]) !== JSON.stringify(v)) { this.state[k] = v; this.emit(k); }
    }
  }
}
window.pending = 0;
const state = await (await fetch("/state")).json();
const mod = await import("/widget.js");
window.model = new Model(state);
mod.default.render({ model: window.model, el: document.getElementById("out") });
window.ready = true;
</script></body></html>
"""


class _Bridge:
    """Serves the page and the module, and answers the page's model for one ``Board``."""

    def __init__(self) -> None:
        self.board: widget.Board | None = None
        self.js = pathlib.Path(widget.__file__).with_name("widget.js").read_bytes()
        bridge = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, body: bytes, kind: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                if self.path == "/widget.js":
                    self._send(bridge.js, "text/javascript")
                elif self.path == "/state":
                    self._send(bridge.state(), "application/json")
                else:
                    self._send(PAGE.encode(), "text/html")

            def do_POST(self):
                # As the kernel does: apply what the page sent (or answer its message), and send
                # back only what Python changed besides, never an echo of the page's own values
                # (an echo could arrive after the page moved on and undo its newer presses).
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                w = bridge.board
                before = bridge.values()
                if self.path == "/state":
                    with w.hold_sync():
                        for k, v in body.items():
                            setattr(w, k, v)
                    before.update(body)
                else:
                    w._on_msg(w, body, [])
                after = bridge.values()
                changed = {k: v for k, v in after.items() if v != before[k]}
                self._send(json.dumps(changed).encode(), "application/json")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def values(self) -> dict:
        return json.loads(json.dumps({k: getattr(self.board, k) for k in widget.Board.state_keys}))

    def state(self) -> bytes:
        return json.dumps(self.values()).encode()


@pytest.fixture(scope="session")
def browser():
    required = os.environ.get("LIGHTSOUT_BROWSER_TESTS") == "require"
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if required:
            raise
        pytest.skip("selenium is not installed")
    if not (chromium and driver_path):
        if required:
            pytest.fail("chromium and chromedriver are required (apt-get install chromium chromium-driver)")
        pytest.skip("chromium or chromedriver is not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=900,700"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    bridge = _Bridge()
    yield driver, bridge
    driver.quit()
    bridge.server.shutdown()


def _open(browser, board: widget.Board):
    from selenium.webdriver.support.ui import WebDriverWait

    driver, bridge = browser
    bridge.board = board
    driver.get(bridge.url)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.ready === true"))
    return driver


def _settle(driver):
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return window.pending === 0"))


def _png_size(path: pathlib.Path) -> tuple:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _click_light(driver, light: int) -> None:
    driver.find_element("css selector", f'[data-light="{light}"]').click()
    _settle(driver)


def _click(driver, action: str) -> None:
    driver.find_element("css selector", f'button[data-action="{action}"]').click()
    _settle(driver)


def _shown_states(driver) -> list:
    return driver.execute_script(
        "return [...document.querySelectorAll('[data-light]')].map((e) => Number(e.dataset.state))"
    )


def test_browser_clicks_press_and_python_sees_them(browser, tmp_path):
    g = lo.preset("classic")
    w = widget.Board(g, board=CLASSIC_PLUS)
    driver = _open(browser, w)
    assert len(driver.find_elements("css selector", "rect[data-light]")) == 25
    _click_light(driver, 0)
    expected = g.apply(CLASSIC_PLUS, np.eye(25, dtype=int)[0].reshape(5, 5))
    assert (w.board == expected).all() and w.moves == 1 and w.history == [0]
    assert _shown_states(driver) == expected.reshape(-1).tolist()
    assert "moves: 1" in driver.find_element("css selector", ".lo-moves").text
    _click(driver, "undo")
    assert w.moves == 0 and (w.board == CLASSIC_PLUS).all()
    _click(driver, "hint")  # Python answers; the ring appears on the middle light
    assert w.hint_light == 12
    rings = driver.find_elements("css selector", "circle.lo-hint")
    assert len(rings) == 1 and float(rings[0].get_attribute("cx")) == w.geometry["x"][12]
    _click_light(driver, 12)
    assert w.solved and driver.find_element("css selector", ".lo-board").get_attribute("data-solved") == "true"
    assert "Solved in 1 move" in driver.find_element("css selector", ".lo-status").text
    shot = tmp_path / "classic.png"
    driver.find_element("css selector", ".lo-board").screenshot(str(shot))
    width, height = _png_size(shot)
    assert width >= w.geometry["width"] and height >= w.geometry["height"]


def test_browser_solve_animates_and_new_deals_a_board(browser):
    from selenium.webdriver.support.ui import WebDriverWait

    g = lo.preset("classic")
    w = widget.Board(g, seed=5, step_ms=20)
    driver = _open(browser, w)
    need = g.minimal_solution(w.board).weight
    _click(driver, "solve")
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return window.model.get('plan').length === 0"))
    _settle(driver)
    assert w.solved and w.moves == need
    driver.find_element("css selector", "select.lo-difficulty option[value='9']").click()
    _click(driver, "new")
    assert w.moves == 0 and g.minimal_solution(w.board).weight == 9
    assert _shown_states(driver) == np.asarray(w.lights).tolist()
    _click(driver, "reset")
    _click(driver, "quiet")
    assert len(w.quiet) == 2 and driver.find_elements("css selector", "circle.lo-quiet")
    assert "quiet pattern 1 of 2" in driver.find_element("css selector", ".lo-status").text


@pytest.mark.parametrize(
    "game",
    [lo.torus(3, 3, modulus=3), lo.cube(2), lo.mask([[1, 0], [1, 1]]), lo.graph(4, [(0, 1), (1, 2), (2, 3)])],
    ids=["torus-z3", "cube", "holes", "graph"],
)
def test_browser_draws_every_game_type(browser, game, tmp_path):
    w = widget.Board(game, seed=1)
    driver = _open(browser, w)
    assert len(driver.find_elements("css selector", "[data-light]")) == game.size
    assert len(driver.find_elements("css selector", "line.lo-wrap")) == len(w.geometry["wraps"])
    _click_light(driver, game.size - 1)
    expected = game.apply(w.start, np.eye(game.size, dtype=np.int64)[game.size - 1])
    assert np.asarray(w.lights).tolist() == expected.tolist() == _shown_states(driver)
    shot = tmp_path / "board.png"
    assert driver.find_element("css selector", ".lo-board svg").screenshot(str(shot))
    assert _png_size(shot) == (round(w.geometry["width"]), round(w.geometry["height"]))
