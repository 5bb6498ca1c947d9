"""Shared fixtures for the lightsout Python tests."""

import os
import shutil

import numpy as np
import pytest

import lightsout as lo


@pytest.fixture
def classic() -> lo.Game:
    return lo.preset("classic")


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(12345)


@pytest.fixture(scope="session")
def unsolvable_board():
    """Make `(game, board)`: the first n x n grid past 4096 lights with quiet patterns, and a
    board of the dtype given with one light lit under one of them, in the game's shape. It is
    unsolvable: the plus rule is symmetric, so quiet patterns are obstructions."""
    g = next(g for g in (lo.grid(n, n) for n in range(64, 100)) if g.nullity > 0)
    y = np.asarray(g.null_space(1)).reshape(-1)

    def make(dtype):
        board = np.zeros(g.size, dtype=dtype)
        board[int(np.flatnonzero(y)[0])] = 1
        return g, board.reshape(g.shape)

    return make


@pytest.fixture(scope="session")
def chromium():
    """A headless Chromium (Debian's chromium and chromium-driver) driven by selenium, one per
    test run. scripts/test-parts/python.sh installs them and sets LIGHTSOUT_BROWSER_TESTS=require,
    so the browser tests fail there, rather than skip, when something is missing."""
    required = os.environ.get("LIGHTSOUT_BROWSER_TESTS") == "require"
    binary, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        if required:
            raise
        pytest.skip("selenium is not installed")
    if not (binary and driver_path):
        if required:
            pytest.fail("chromium and chromedriver are required (apt-get install chromium chromium-driver)")
        pytest.skip("chromium or chromedriver is not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=900,700"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def client():
    """A real dask.distributed LocalCluster of 2 worker processes, one per test run (shared by
    the modules that test lightsout.distributed)."""
    import distributed

    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
    )
    c = distributed.Client(cluster, set_as_default=False)
    yield c
    c.close()
    cluster.close()


def kill_a_worker_during(client, run):
    """Call ``run()`` while a thread waits until the cluster is busy with it and then kills one
    worker process outright (SIGKILL). Returns what ``run`` returned; asserts that the worker
    died before ``run`` finished, and waits for the nanny to bring a new one up."""
    import signal
    import threading
    import time

    before = client.run(os.getpid)
    killed = {}

    def kill_one():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if any(client.processing().values()):
                break
            time.sleep(0.01)
        time.sleep(0.2)
        address, pid = sorted(before.items())[0]
        killed["at"] = time.monotonic()
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill_one)
    killer.start()
    result = run()
    done = time.monotonic()
    killer.join()
    assert killed and killed["at"] < done, "the worker must die while the work runs"
    client.wait_for_workers(2, timeout=60)
    assert set(client.run(os.getpid).values()) != set(before.values())
    return result
