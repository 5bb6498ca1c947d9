"""Pickling, reprs, drawings, networkx, threads and Ctrl-C."""

import collections
import os
import pickle
import signal
import threading
import time

import numpy as np
import pytest

import lightsout as lo
import lightsout._core as _core


def test_pickle_round_trip_keeps_the_game():
    for g in [lo.preset("classic"), lo.preset("merlin"), lo.mask([[1, 0], [1, 1]], modulus=5), lo.graph(4, [(0, 1), (2, 3)], directed=True)]:
        again = pickle.loads(pickle.dumps(g))
        assert again == g
        assert again.describe() == g.describe()
        assert np.array_equal(again.matrix(), g.matrix())


def test_pickled_games_travel_to_worker_processes():
    import concurrent.futures as cf
    import multiprocessing as mp

    g = lo.preset("classic")
    boards = [g.random_solvable(seed=i) for i in range(4)]
    with cf.ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as pool:
        presses = list(pool.map(g.solve, boards))
    for b, s in zip(boards, presses):
        assert not g.apply(b, s).any()


def test_reprs():
    assert repr(lo.preset("classic")) == "<lightsout.Game classic: grid 5x5, plus rule, modulus 2, 25 lights>"
    assert "torus 4x4" in repr(lo.torus(4, 4))
    assert lo.preset("cube").describe().startswith("cube:")


def test_svg_drawings():
    g = lo.preset("classic")
    assert g._repr_svg_().startswith("<svg")
    board = g.random_solvable(seed=1)
    presses = g.solve(board)
    d = lo.draw(g, lights=board, presses=presses)
    assert isinstance(d, lo.Drawing)
    assert d._repr_svg_() == str(d) == d.svg
    assert d.svg.count("<circle") == int(presses.sum())  # one ring per press
    cube = lo.draw(lo.preset("cube"), lights=lo.preset("cube").random_solvable(seed=2))
    assert "front" in cube.svg
    with pytest.raises(ValueError, match="lights must have 25 entries"):
        lo.draw(g, lights=[1, 0])
    with pytest.raises(TypeError, match="lightsout.Game"):
        lo.draw("classic")


def test_drawing_save(tmp_path):
    path = tmp_path / "board.svg"
    lo.draw(lo.preset("mini")).save(str(path))
    assert path.read_text().startswith("<svg")


def test_from_networkx():
    nx = pytest.importorskip("networkx")
    G = nx.petersen_graph()
    g = lo.from_networkx(G)
    assert g.size == 10 and g.is_symmetric()
    expected = nx.to_numpy_array(G, nodelist=list(G.nodes), dtype=int) + np.eye(10, dtype=int)
    assert np.array_equal(g.matrix(), expected)
    D = nx.DiGraph([("a", "b"), ("b", "c")])
    d = lo.from_networkx(D, modulus=3)
    assert not d.is_symmetric() and d.modulus == 3
    assert np.array_equal(d.matrix(), [[1, 0, 0], [1, 1, 0], [0, 1, 1]])
    plain = lo.from_networkx(nx.path_graph(3), self_toggle=False)
    assert plain.matrix()[1, 1] == 0
    with pytest.raises(ValueError, match="not in nodelist"):
        lo.from_networkx(G, nodelist=[0, 1])
    with pytest.raises(TypeError, match="networkx graph"):
        lo.from_networkx([(0, 1)])


def test_long_work_releases_the_gil():
    # While one thread factors a large matrix, another keeps running Python code.
    g = lo.grid(56, 56)
    done = threading.Event()
    ticks = []

    def factor():
        _ = g.rank
        done.set()

    t = threading.Thread(target=factor)
    t.start()
    while not done.is_set():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    t.join()
    assert g.rank + g.nullity == g.size
    assert len(ticks) >= 3, "the main thread should keep running while the matrix is factored"


class _Alarm:
    """Deliver a real signal (SIGALRM, raising KeyboardInterrupt) after `seconds`, as Ctrl-C
    does: the flag is set by the OS-level handler, without needing the GIL."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        def handler(signum, frame):
            raise KeyboardInterrupt

        self.previous = signal.signal(signal.SIGALRM, handler)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, *exc):
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)
        return False


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_solutions_check_for_signals():
    g = lo.from_press_sets([[] for _ in range(40)])  # 2**40 solutions
    with pytest.raises(KeyboardInterrupt), _Alarm(0.2):
        collections.deque(g.solutions([0] * 40), maxlen=0)  # consumed in C: only our check sees it


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_ctrl_c_interrupts_factoring_a_matrix():
    cells = np.ones((140, 140), dtype=bool)
    cells[0, 0] = False
    g = lo.mask(cells, modulus=3)  # 19599 lights: the dense GF(3) engine, about half a minute
    zeros = np.zeros(g.size, dtype=np.uint8)
    g.apply(zeros, zeros)  # M is built first: only the factorisation runs under the alarm
    computed = _core._values_computed()
    with pytest.raises(KeyboardInterrupt), _Alarm(0.05):
        g.rank
    # The interrupt stopped the work: the factorisation was never finished (an interrupt that
    # landed only after it would find it counted).
    assert _core._values_computed() == computed
    assert g.size == 19599  # the game is still usable


def _threads():
    return len(os.listdir("/proc/self/task"))


def _thread_ticks():
    """CPU clock ticks (user + system) of each thread of this process, by thread id."""
    ticks = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        ticks[int(tid)] = int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return ticks


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def _banded():
    # A million lights with the Moore rule: about half a minute of banded elimination. M is
    # built first (outside the timed part); the numbering of the band (a second) and the
    # elimination run under the alarm.
    g = lo.mask(np.ones((1000, 1000), dtype=bool), rule="moore")
    zeros = np.zeros(g.size, dtype=np.uint8)
    g.apply(zeros, zeros)
    return lambda: g.rank


def _chased(modulus):
    # A grid of 2^40 lights: its first question builds the chasing engine (hours of work).
    g = lo.grid(2**20, 2**20, modulus=modulus)
    return lambda: g.nullity


@pytest.mark.parametrize(
    "prepare",
    [
        # About n^2 operations for each n up to 50,000: minutes of work, under the refusal's
        # limit of ten minutes' estimate (a million is refused at once).
        lambda: lambda: lo.nullity_table(50_000),
        lambda: _chased(3),  # 2^40 lights: hours of chasing
        lambda: _chased(2),  # the packed GF(2) chase
        _banded,
    ],
    ids=["nullity_table", "chased_grid_z3", "chased_grid_gf2", "banded"],
)
def test_ctrl_c_stops_long_work_and_leaves_nothing_running(prepare):
    work = prepare()
    before = _threads()
    ticks = _thread_ticks()
    computed = _core._values_computed()
    with pytest.raises(KeyboardInterrupt), _Alarm(0.2):
        work()
    # The work itself takes a minute to hours: nothing it would build was finished.
    assert _core._values_computed() == computed
    # The worker has stopped: no extra thread (a hang guard of 10 s for it to end, about a
    # hundred times what it takes), and the threads that did the work stay idle afterwards.
    deadline = time.perf_counter() + 10.0
    while _threads() > before and time.perf_counter() < deadline:
        time.sleep(0.01)
    assert _threads() <= before
    after = _thread_ticks()
    workers = [tid for tid, t in after.items() if tid != threading.get_native_id() and t - ticks.get(tid, 0) > 5]
    time.sleep(0.3)
    idle = _thread_ticks()
    # An idle thread gains no CPU ticks however busy the machine is; one tick of slack for a
    # wake-up that was already under way.
    still = {tid: idle.get(tid, 0) - after[tid] for tid in workers if idle.get(tid, 0) - after[tid] > 1}
    assert not still, f"threads still working after the interrupt (ticks in 0.3 s): {still}"


def test_threads_racing_the_first_question_factor_once():
    # Eight threads ask a fresh game at once: one factors, the others wait for its answer.
    def fresh():
        cells = np.ones((50, 50), dtype=bool)
        cells[0, 0] = False
        return lo.mask(cells, modulus=3)  # 2499 lights, the bitsliced dense engine

    alone = fresh()
    expected = (alone.rank, alone.nullity, alone.solve(alone.random_solvable(seed=1)).tolist())
    game = fresh()
    barrier = threading.Barrier(8)
    answers = []

    def ask():
        barrier.wait()
        answers.append((game.rank, game.nullity, game.solve(game.random_solvable(seed=1)).tolist()))

    # Counted, not timed: the values a game computes (its matrix, its engine) are counted by the
    # library, so eight factorisations would count eight times what one question of a fresh
    # game counts.
    computed = _core._values_computed()
    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    racing = _core._values_computed() - computed
    assert answers == [expected] * 8
    computed = _core._values_computed()
    one = fresh()
    one.rank, one.nullity, one.solve(one.random_solvable(seed=1))
    alone_count = _core._values_computed() - computed
    assert racing == alone_count, (racing, alone_count)


_FIRST_ARRAY_INTERRUPTED = """
import os, signal, sys, threading, time
signal.signal(signal.SIGINT, signal.default_int_handler)
import lightsout as lo
import lightsout._core as _core
g = lo.grid(100, 100)
delay = float(sys.argv[1])
try:
    # started inside the try: at delay 0 the signal can land while start() waits for the thread
    threading.Thread(target=lambda: (time.sleep(delay), os.kill(os.getpid(), signal.SIGINT)), daemon=True).start()
    g.pseudoinverse()  # the first numpy array this process makes from Rust
    time.sleep(30)  # the signal lands here if the call finished first
except KeyboardInterrupt:
    print("KeyboardInterrupt")
except BaseException as e:
    print("wrong exception:", type(e).__name__, e)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="sends SIGINT to a child process")
def test_ctrl_c_during_the_first_array_is_a_keyboard_interrupt():
    # Ctrl-C while the first call that makes a numpy array runs (before, during or right after
    # its work) used to fail numpy's API lookup on the pending signal: a PanicException, which
    # gets past `except Exception`. The API is looked up when the module loads now.
    import subprocess
    import sys

    for delay in (0.0, 0.3, 0.6, 0.9, 1.2):
        run = subprocess.run(
            [sys.executable, "-c", _FIRST_ARRAY_INTERRUPTED, str(delay)], capture_output=True, text=True, timeout=120
        )
        assert run.stdout.strip() == "KeyboardInterrupt", (delay, run.stdout, run.stderr[-2000:])
        assert "PanicException" not in run.stderr
