"""The notebook board in headless Chromium, in JupyterLab's light and dark themes: the colours of
the states as the browser computes them, an answer that arrives after the board changed (a busy
kernel), and the size of a light on the largest boards. The page, its model and the kernel-like
bridge are those of test_widget.py."""

from __future__ import annotations

import pathlib
import re
import time

import numpy as np
import pytest

import lightsout as lo

widget = pytest.importorskip("lightsout.widget")

from test_widget import _contrast, _luminance, _open, _settle, _Bridge  # noqa: E402

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"
THEMES = ["light", "dark"]
#: Moduli up to which every state has a lightness of its own, as the README says.
OWN_LIGHTNESS = {"light": 10, "dark": 6}
#: The largest modulus a game takes (2 <= k < 2^31).
LARGEST = 2**31 - 1


def test_answers_name_the_board_they_are_about():
    g = lo.preset("classic")
    w = widget.Board(g, board=np.eye(5, dtype=np.int64))
    w.hint()
    assert w.answered == {"n": 1, "do": "hint", "lights": np.eye(5, dtype=int).reshape(-1).tolist()}
    w.press(0)
    w._on_msg(w, {"do": "solve"}, [])
    assert w.answered == {"n": 2, "do": "solve", "lights": list(w.lights)} and w.plan
    w.board = np.eye(25, dtype=np.int64)[0].reshape(5, 5)  # one corner: no solution
    w.solve()
    assert w.answered["n"] == 3 and w.answered["lights"][0] == 1 and "cannot" in w.status


@pytest.fixture(scope="module")
def browser(chromium):
    bridge = _Bridge()
    yield chromium, bridge
    bridge.server.shutdown()


def _rgb(css: str) -> tuple:
    m = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", css)
    assert m and (m[4] is None or float(m[4]) == 1), css
    return tuple(int(m[i]) for i in (1, 2, 3))


#: Per light of a board (arguments[0], else the page's first) its state and computed fill, and
#: the page's background: the first opaque background colour from the board up.
READ_COLOURS = """
const board = arguments[0] || document.querySelector('.lo-board');
const cells = [...board.querySelectorAll('[data-light]')];
let page = null;
for (let e = board; e && !page; e = e.parentElement) {
  const c = getComputedStyle(e).backgroundColor;
  if (!/rgba\\(.*, 0\\)$/.test(c) && c !== 'transparent') page = c;
}
return [cells.map((c) => [Number(c.dataset.state), getComputedStyle(c).fill]), page];
"""


def _state_colours(driver, board=None) -> tuple:
    """The colour of each state shown (one per state), and the page's background colour."""
    cells, page = driver.execute_script(READ_COLOURS, board)
    colours: dict = {}
    for state, css in cells:
        assert colours.setdefault(state, _rgb(css)) == _rgb(css), f"state {state} drawn in two colours"
    return colours, _rgb(page)


def _states_shown(p: int) -> list:
    """Every state of a small modulus; for a large one 0, 1, p - 1 and 61 states spread evenly."""
    if p <= 64:
        return list(range(p))
    return sorted({0, 1, p - 1, *(round(k * (p - 1) / 62) for k in range(1, 62))})


def _board_of(p: int):
    states = _states_shown(p)
    side = int(np.ceil(np.sqrt(len(states))))
    board = np.zeros(side * side, dtype=np.int64)
    board[: len(states)] = states
    return lo.grid(side, side, modulus=p), board.reshape(side, side)


@pytest.mark.parametrize("theme", THEMES)
def test_browser_states_are_ordered_by_lightness(browser, theme):
    """Off stands 3:1 from the page; every state is lighter than the one before, by a WCAG
    contrast of 1.3 at least, up to the modulus of the README; past it, consecutive states share
    lightness bands, in order, 1.3:1 apart (the digit in each light tells them apart)."""
    worst, figures = np.inf, []
    for p in [*range(2, 17), 40, 1000, LARGEST]:
        game, board = _board_of(p)
        driver = _open(browser, widget.Board(game, board=board), f"?theme={theme}&width=600")
        colours, page = _state_colours(driver)
        assert sorted(colours) == _states_shown(p)
        off = _contrast(colours[0], page)
        assert off >= 3, (theme, p, colours[0], page, off)
        if theme == "dark":  # JupyterLab Dark's --jp-layout-color1 and VS Code's dark page too
            assert min(_contrast(colours[0], (c, c, c)) for c in (0x21, 0x1E)) >= 3, colours[0]
        lightness = [_luminance(colours[v]) for v in sorted(colours)]
        assert lightness == sorted(lightness), (theme, p, colours)
        levels = sorted(set(lightness))
        steps = [(b + 0.05) / (a + 0.05) for a, b in zip(levels, levels[1:])]
        assert min(steps) >= 1.3, (theme, p, [round(s, 3) for s in steps])
        worst = min(worst, *steps)
        if p <= OWN_LIGHTNESS[theme]:
            assert len(levels) == p, (theme, p, colours)  # each state its own lightness
        else:
            assert len(levels) == OWN_LIGHTNESS[theme], (theme, p, len(levels))
        figures.append(f"{p}: {min(steps):.2f}")
    print(f"\n{theme} theme: off against the page {off:.2f}:1; smallest contrast of neighbouring "
          f"lightnesses per modulus {', '.join(figures)} (at least {worst:.3f})")
    text = " ".join(README.read_text().split())
    assert (f"its own lightness up to modulus {OWN_LIGHTNESS['light']} in the light theme and "
            f"{OWN_LIGHTNESS['dark']} in the dark one") in text


def test_browser_theme_change_recolours_the_lights(browser):
    game, board = _board_of(5)
    seen = {}
    for theme in THEMES:
        seen[theme] = _state_colours(_open(browser, widget.Board(game, board=board), f"?theme={theme}"))[0]
    assert seen["light"][1] != seen["dark"][1]
    driver = _open(browser, widget.Board(game, board=board), "?theme=light")
    driver.execute_script(
        "document.body.dataset.jpThemeLight = 'false';"
        "document.documentElement.style.setProperty('--jp-layout-color1', '#111111');"
    )
    # The theme watcher runs after the attribute change: wait for it (a hang guard, not a time).
    _wait(driver, lambda d: _state_colours(d)[0] == seen["dark"])
    assert _state_colours(driver)[0] == seen["dark"]


def _status(driver) -> str:
    return driver.find_element("css selector", ".lo-status").text


def _wait(driver, what, timeout: float = 30) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout).until(lambda d: what(d))


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("ask", ["solve", "hint"])
def test_browser_answer_for_a_board_changed_meanwhile(browser, theme, ask):
    """The kernel is busy (a cell runs) when solve or hint is clicked, and a light is pressed
    before it is free: the answer it then gives is about the board before that press. The page
    drops it, asks again for the board as it is, and ends solved (or rings a press of it)."""
    g = lo.preset("classic")
    w = widget.Board(g, seed=5, step_ms=20)
    w.new(difficulty=10, seed=7)
    start = w.board.copy()
    driver, bridge = browser[0], browser[1]
    _open(browser, w, f"?theme={theme}")
    with bridge.kernel:  # a cell runs: the page's messages wait for it, in order
        driver.find_element("css selector", f'button[data-action="{ask}"]').click()
        driver.find_element("css selector", '[data-light="0"]').click()
        _wait(driver, lambda d: "Waiting for the kernel" in _status(d))
        assert driver.execute_script("return window.model.get('history')") == [0] and w.moves == 0
        time.sleep(0.5)
    if ask == "solve":
        _wait(driver, lambda d: d.find_element("css selector", ".lo-board").get_attribute("data-solved") == "true")
    _settle(driver)
    time.sleep(0.1)
    _settle(driver)
    # Two answers: the first about the board before the press (dropped), then the board now.
    assert w.answered["n"] == 2 and w.answered["do"] == ask
    pressed = g.apply(start, np.eye(25, dtype=np.int64)[0].reshape(5, 5))
    assert w.answered["lights"] == pressed.reshape(-1).tolist() != start.reshape(-1).tolist()
    if ask == "solve":
        need = g.minimal_solution(pressed).weight
        assert w.solved and w.history[0] == 0 and w.moves == 1 + need
        assert f"Solved in {1 + need} moves!" in _status(driver)
    else:
        best = np.asarray(g.minimal_solution(pressed).presses).reshape(-1)
        assert w.moves == 1 and w.hint_light == int(np.flatnonzero(best)[0])
        assert "Hint: press" in _status(driver)
        rings = driver.find_elements("css selector", "circle.lo-hint")
        assert len(rings) == 1 and float(rings[0].get_attribute("cx")) == w.geometry["x"][w.hint_light]


@pytest.mark.parametrize("theme", THEMES)
def test_browser_hundred_square_light_size(browser, theme):
    """At 100 x 100 in 800 px the board is at its smallest: 14 px from one light to the next,
    each light's square 12.6 px, as the README says."""
    w = widget.Board(lo.grid(100, 100), seed=1)
    driver = _open(browser, w, f"?theme={theme}&width=800")
    boxes = driver.execute_script(
        "return [0, 1, 100].map((i) => { const r = document.querySelector(`[data-light=\"${i}\"]`)"
        ".getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })"
    )
    across, down = boxes[1][0] - boxes[0][0], boxes[2][1] - boxes[0][1]
    assert across == pytest.approx(14, abs=0.05) and down == pytest.approx(14, abs=0.05), boxes
    assert boxes[0][2] == pytest.approx(12.6, abs=0.05) and boxes[0][3] == pytest.approx(12.6, abs=0.05), boxes
    text = " ".join(README.read_text().split())
    assert "at least 14 px from one light to the next, each light's square at least 12.6 px" in text


@pytest.mark.parametrize("theme", THEMES)
def test_browser_presses_keep_changing_the_board(browser, theme):
    """The kernel answers one message at a time, slowly, and a light is pressed before each
    answer: the page asks again three times, then says to press solve again, playing nothing;
    solve then solves."""
    import threading

    g = lo.preset("classic")
    w = widget.Board(g, seed=5, step_ms=20)
    w.new(difficulty=10, seed=7)
    driver, bridge = browser[0], browser[1]
    _open(browser, w, f"?theme={theme}")
    pending = lambda: driver.execute_script("return window.pending")  # noqa: E731
    gate = bridge.gate = threading.Semaphore(0)
    try:
        driver.find_element("css selector", 'button[data-action="solve"]').click()
        for light in range(4):
            driver.find_element("css selector", f'[data-light="{light}"]').click()
            if light == 0:
                _wait(driver, lambda d: "Waiting for the kernel" in _status(d))
            # Everything the page has sent goes through: the answer is about the board before
            # this press; the page drops it and sends its plan back, then asks again (waiting).
            for _ in range(pending()):
                gate.release()
            if light < 3:
                _wait(driver, lambda d: pending() == 2 and "asking again" in _status(d))
                assert "The board changed while the kernel was busy" in _status(driver)
        _wait(driver, lambda d: "press solve again" in _status(d))
    finally:
        bridge.gate = None
        for _ in range(100):
            gate.release()
    _settle(driver)
    assert w.answered["n"] == 4 and w.plan == [] and w.history == [0, 1, 2, 3]
    assert driver.find_element("css selector", ".lo-board").get_attribute("data-playing") == "false"
    driver.find_element("css selector", 'button[data-action="solve"]').click()
    _wait(driver, lambda d: d.find_element("css selector", ".lo-board").get_attribute("data-solved") == "true")
    _settle(driver)
    assert w.solved and w.answered["n"] == 5 and "Solved in" in _status(driver)
