"""The notebook board in a real JupyterLab page: a JupyterLab server started once on 127.0.0.1
for the test run (scripts/test-parts/python.sh installs jupyterlab), a notebook whose cell shows a
board, run in headless Chromium; a click on a light reaches the kernel, and the kernel's answer
shows on the page. A second notebook, in JupyterLab Light and Dark: the colours of the states as
the browser computes them, and a solution asked for while the kernel runs another cell."""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

pytest.importorskip("lightsout.widget")

SETUP = """import lightsout as lo
w = lo.play(lo.preset("classic"), board=[[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]])
w"""
CHECK = 'print(f"kernel sees: moves={w.moves} solved={w.solved} history={w.history}")'
BUSY = [
    "import time\nimport numpy as np\nimport lightsout as lo\n"
    "v = lo.play(lo.grid(4, 4, modulus=5), board=np.arange(16).reshape(4, 4) % 5)\nv",
    'w = lo.play(lo.preset("classic"), seed=5)\nw',
    "time.sleep(4)",
    'print(f"kernel sees: solved={w.solved} moves={w.moves} answers={w.answered[\'n\']}")',
]


def _notebook(sources):
    return {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": src}
            for i, src in enumerate(sources)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    """The server's address, token and settings folder; notebooks `board.ipynb` and `busy.ipynb`
    wait in its root."""
    required = os.environ.get("LIGHTSOUT_BROWSER_TESTS") == "require"
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        if required:
            raise
        pytest.skip("jupyterlab is not installed")
    root = tmp_path_factory.mktemp("lab")
    home = tmp_path_factory.mktemp("lab-settings")
    (root / "board.ipynb").write_text(json.dumps(_notebook([SETUP, CHECK])))
    (root / "busy.ipynb").write_text(json.dumps(_notebook(BUSY)))
    # No toast asking about Jupyter's news: it would cover the lower right of the page.
    settings = home / "config" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    port, token = _free_port(), secrets.token_hex(16)
    log = open(home / "server.log", "w")
    server = subprocess.Popen(
        [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
            "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        ],
        # Its settings, cookie secret and runtime files stay in this run's directory.
        env={**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime")},
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=root,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            pytest.fail("JupyterLab did not start:\n" + (home / "server.log").read_text()[-3000:])
        time.sleep(0.3)
    yield url, token, home
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


def test_a_board_in_jupyterlab(chromium, jupyterlab):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    url, token, _ = jupyterlab
    driver = chromium
    driver.set_window_size(1200, 900)
    try:
        driver.get(f"{url}/lab/tree/board.ipynb?token={token}&reset")
        wait = WebDriverWait(driver, 90)
        # The kernel is up when the status bar says so, and the cells are on the page.
        wait.until(lambda d: "| Idle" in d.find_element("css selector", ".jp-StatusBar-Widget, #jp-main-statusbar").text)
        wait.until(lambda d: len([e for e in d.find_elements("css selector", ".jp-Notebook .jp-Cell .cm-content") if e.is_displayed()]) == 2)
        driver.find_elements("css selector", ".jp-Notebook .jp-Cell .cm-content")[0].click()
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
        wait.until(lambda d: len(d.find_elements("css selector", ".jp-OutputArea .lo-board [data-light]")) == 25)
        board = driver.find_element("css selector", ".jp-OutputArea .lo-board")
        assert board.find_element("css selector", "[role=grid]")
        # The board takes the output area's width at most.
        area = driver.find_element("css selector", ".jp-OutputArea-output")
        assert board.size["width"] <= area.size["width"] + 1
        board.find_element("css selector", "[data-light='12']").click()
        wait.until(lambda d: "Solved in 1 move" in d.find_element("css selector", ".jp-OutputArea .lo-status").text)
        # The kernel's Board saw the click: run the next cell and read what it prints.
        driver.find_elements("css selector", ".jp-Notebook .jp-Cell .cm-content")[1].click()
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
        # The cell's own source says "kernel sees: moves={w.moves}": wait for a printed number.
        notebook_text = "return document.querySelector('.jp-Notebook').innerText"
        wait.until(lambda d: re.search(r"kernel sees: moves=\d", d.execute_script(notebook_text)))
        text = driver.execute_script("return document.querySelector('.jp-Notebook').innerText")
        assert "kernel sees: moves=1 solved=True history=[12]" in text, text[-500:]
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "lo-" in e["message"]]
        assert not errors, errors
    finally:
        driver.set_window_size(900, 700)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_colours_and_a_busy_kernel_in_jupyterlab(chromium, jupyterlab, theme):
    """The issue's boards in real JupyterLab: a Z_5 board whose states 0 to 4 are ordered by
    lightness, 1.3:1 apart, off 3:1 from the page as the browser draws them; and solve clicked
    while the kernel sleeps in another cell, then a light: the board ends solved."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    from test_widget import _contrast, _luminance
    from test_widget_readability import _state_colours

    url, token, home = jupyterlab
    # The theme, as the Settings menu would store it for this server's user.
    settings = home / "config" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    (settings / "themes.jupyterlab-settings").write_text(json.dumps({"theme": theme}))
    driver = chromium
    driver.set_window_size(1200, 900)
    run = lambda: ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()  # noqa: E731
    editors = lambda: driver.find_elements("css selector", ".jp-Notebook .jp-Cell .cm-content")  # noqa: E731
    try:
        driver.get(f"{url}/lab/tree/busy.ipynb?token={token}&reset")
        wait = WebDriverWait(driver, 90)
        light = "true" if theme == "JupyterLab Light" else "false"
        wait.until(lambda d: d.execute_script("return document.body.dataset.jpThemeLight") == light)
        wait.until(lambda d: "| Idle" in d.find_element("css selector", ".jp-StatusBar-Widget, #jp-main-statusbar").text)
        wait.until(lambda d: len([e for e in editors() if e.is_displayed()]) == len(BUSY))
        editors()[0].click()
        run()
        run()
        wait.until(lambda d: len(d.find_elements("css selector", ".jp-OutputArea .lo-board")) == 2)
        z5, classic = driver.find_elements("css selector", ".jp-OutputArea .lo-board")
        wait.until(lambda d: len(classic.find_elements("css selector", "[data-light]")) == 25)
        assert ("lo-dark" in z5.get_attribute("class")) == (light == "false")
        colours, page = _state_colours(driver, z5)
        lightness = [_luminance(colours[v]) for v in range(5)]
        assert lightness == sorted(lightness), colours
        steps = [(b + 0.05) / (a + 0.05) for a, b in zip(lightness, lightness[1:])]
        assert min(steps) >= 1.3 and _contrast(colours[0], page) >= 3, (theme, colours, page, steps)
        print(f"\n{theme}: off {colours[0]} on the page {page}: {_contrast(colours[0], page):.2f}:1; "
              f"states 0 to 4 of Z_5 {', '.join(f'{s:.2f}' for s in steps)}")
        # The kernel sleeps in the third cell; meanwhile solve, then a light of the classic board.
        editors()[2].click()
        run()
        wait.until(lambda d: "| Busy" in d.find_element("css selector", ".jp-StatusBar-Widget, #jp-main-statusbar").text)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", classic)
        classic.find_element("css selector", "button[data-action='solve']").click()
        classic.find_element("css selector", "[data-light='0']").click()
        status = lambda: classic.find_element("css selector", ".lo-status").text  # noqa: E731
        wait.until(lambda d: "Waiting for the kernel" in status())
        wait.until(lambda d: classic.get_attribute("data-solved") == "true" and "Solved in" in status())
        editors()[3].click()
        run()
        notebook_text = "return document.querySelector('.jp-Notebook').innerText"
        wait.until(lambda d: re.search(r"kernel sees: solved=\w+ moves=\d", d.execute_script(notebook_text)))
        text = driver.execute_script(notebook_text)
        # Two answers: one about the board before the click, dropped; one about the board after.
        assert "kernel sees: solved=True" in text and "answers=2" in text, text[-300:]
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "lo-" in e["message"]]
        assert not errors, errors
    finally:
        (settings / "themes.jupyterlab-settings").unlink()
        driver.set_window_size(900, 700)
