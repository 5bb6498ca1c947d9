"""The notebook board in a real JupyterLab page: a JupyterLab server started once on 127.0.0.1
for the test run (scripts/test-parts/python.sh installs jupyterlab), a notebook whose cell shows a
board, run in headless Chromium; a click on a light reaches the kernel, and the kernel's answer
shows on the page."""

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    """The server's address and token; a notebook `board.ipynb` waits in its root."""
    required = os.environ.get("LIGHTSOUT_BROWSER_TESTS") == "require"
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        if required:
            raise
        pytest.skip("jupyterlab is not installed")
    root = tmp_path_factory.mktemp("lab")
    home = tmp_path_factory.mktemp("lab-settings")
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": "show", "metadata": {}, "outputs": [], "source": SETUP},
            {"cell_type": "code", "execution_count": None, "id": "check", "metadata": {}, "outputs": [], "source": CHECK},
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / "board.ipynb").write_text(json.dumps(notebook))
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
    yield url, token
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

    url, token = jupyterlab
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
