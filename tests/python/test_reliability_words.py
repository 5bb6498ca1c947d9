"""One meaning for every word: size messages with real figures in Python's words, checkpoints
that cannot lie, one meaning of a zero budget and of difficulty 0 across Python, the command
line and C, and the smaller words of issue 40."""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import lightsout as lo


def cli_path():
    """The lightsout binary (scripts/test-parts/python.sh builds it and names it)."""
    path = os.environ.get("LIGHTSOUT_CLI") or str(pathlib.Path(__file__).parents[2] / "target" / "debug" / "lightsout")
    assert os.path.exists(path), f"build the command line first (cargo build -p lightsout-cli): {path} is missing"
    return path


def run_cli(*args):
    return subprocess.run([cli_path(), *map(str, args)], capture_output=True, text=True, timeout=120)


# ---------------------------------------------------------------- size messages


def test_size_messages_give_real_figures_in_pythons_words():
    with pytest.raises(ValueError) as e:
        lo.grid(10**6, 10**6).random_solvable(seed=1)
    text = str(e.value)
    assert "even a packed board (one bit a light) needs 125 GB (125000000000 bytes), over the limit too" in text
    assert " 0 bytes" not in text and "BoardFormat" not in text
    with pytest.raises(ValueError) as e:
        lo.grid(2**20, 2**20).random_solvable(seed=1)
    assert "128 GiB (137438953472 bytes)" in str(e.value) and " 0 bytes" not in str(e.value)
    with pytest.raises(ValueError, match=r"pass packed=True \(one bit a light\): it needs 1.2 GB"):
        lo.grid(10**5, 10**5).random_solvable(seed=1)
    with pytest.raises(ValueError, match="a graph needs at least 1 vertex, got 0"):
        lo.graph(0, [])


# ---------------------------------------------------------------- checkpoints that cannot lie

from lightsout._checkpoint import Checkpoint, CheckpointError, checksum  # noqa: E402

CHECKPOINT_GAME = (9, 9)  # nullity 8: a few decisions of a few tasks each, seconds in all
QUICK = 1 << 16  # the local search's work where only the checks matter


@pytest.fixture(scope="module")
def truth():
    g = lo.grid(*CHECKPOINT_GAME)
    return g.worst_case(max_time=float("inf"))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """A checkpoint as a run writes it, without a cluster: the record of the decision under
    way with half of its tasks finished (run here), saved by the run's own writer."""
    g = lo.grid(*CHECKPOINT_GAME)
    split = lo._core.split_worst(g, tasks=16)
    record = Checkpoint(g, 16)
    while True:
        work = split.work()
        parts = [work.run(t) for t in range(work.tasks // 2)]
        if work.tasks >= 8 and all(p.board is None for p in parts):
            break
        split.absorb([work.run(t) for t in range(work.tasks)])  # on to the next decision
        assert split.decision is not None
    record.at(split)
    record.work = work.id
    record.done = [(p.task, p.explored) for p in parts]
    path = tmp_path_factory.mktemp("checkpoint") / "9.json"
    record.save(str(path))
    return path, work.tasks


def resume_here(g, path, max_work=None):
    """What lightsout.distributed.worst_case does with a checkpoint before it asks the cluster
    (the same code), then the rest of the run on this machine: the answer it reaches.
    ``max_work`` bounds the local search for a hard board (a quicker split, the same
    decisions)."""
    record = Checkpoint.load(str(path), g, None)
    split = lo._core.split_worst(g, tasks=record.tasks, max_work=max_work)
    record.resume(split)
    done = dict(record.done)
    while split.decision is not None:
        work = split.work()
        parts = [
            lo._core.WorstPart(t, None, done[t], work.id) if t in done else work.run(t) for t in range(work.tasks)
        ]
        done = {}
        split.absorb(parts)
    return split.result()


def same_answer(a, b):
    return (a.weight, a.upper_bound, a.proven_optimal) == (b.weight, b.upper_bound, b.proven_optimal)


def test_a_written_checkpoint_resumes_to_the_truth(written, truth):
    written, _ = written
    data = json.loads(written.read_text())
    assert data["done"] and data["decision"] == data["upper_bound"] and data["checksum"] == checksum(data)
    assert same_answer(resume_here(lo.grid(*CHECKPOINT_GAME), written), truth)


def mutations(data, tasks, rng):
    """Values the run could not have written, field by field, with the fields a refusal may
    name (``tasks``: the decision's task count)."""
    bound, done = data["upper_bound"], data["done"]
    first = done[0][0]
    bad_numbers = [-1, -(2**70), 2**64, 2**70, True, 1.5, "7", None, [], {}]
    for field in ("tasks", "upper_bound", "weight", "decision"):
        for v in bad_numbers:
            yield (field, "done"), dict(data, **{field: v})  # no decision: its tasks are named
    yield ("weight",), dict(data, weight=bound + 1)
    yield ("decision",), dict(data, decision=bound - 1)
    yield ("decision",), dict(data, decision=bound + 1)
    yield ("work",), dict(data, work="zz")
    yield ("work", "done"), dict(data, work=None)
    yield ("work",), dict(data, work=f"{int(data['work'], 16) ^ 1:016x}")
    # A higher bound with its decision: the finished tasks are not of that decision's work.
    yield ("upper_bound", "work"), dict(data, upper_bound=bound + 1, decision=bound + 1)
    yield ("upper_bound",), dict(data, upper_bound=10_000, decision=10_000)
    yield ("extra",), dict(data, extra=1)
    for task in (tasks, tasks + 1, 999, -1, 2**64, True, "0", None):
        yield ("done",), dict(data, done=done + [[task, 5]])
    for explored in (-1, 2**64, 1.5, None, "5"):
        yield ("done",), dict(data, done=[[first, explored]] + done[1:])
    yield ("done",), dict(data, done=done + [done[0]])  # listed twice
    yield ("done",), dict(data, done=[[t, 2**64 - 1] for t, _ in done])  # counts past 2**64 - 1 in all
    yield ("done",), dict(data, done=done + [[1, 2, 3]])
    yield ("done",), dict(data, done=done + [5])
    yield ("done",), dict(data, done="all")
    for _ in range(20):  # random task ids outside the split
        yield ("done",), dict(data, done=done + [[int(rng.integers(tasks, 10**6)), int(rng.integers(0, 10**6))]])


def test_every_impossible_field_is_refused_naming_the_file_and_the_field(written, tmp_path):
    path0, tasks = written
    g = lo.grid(*CHECKPOINT_GAME)
    data = json.loads(path0.read_text())
    rng = np.random.default_rng(40)
    tried = 0
    for fields, bad in mutations(data, tasks, rng):
        for seal in (False, True):  # as damaged, and with its checksum made again (a forged file)
            bad = dict(bad)
            if seal:
                bad["checksum"] = checksum(bad)
            path = tmp_path / "bad.json"
            path.write_text(json.dumps(bad))
            with pytest.raises(ValueError) as e:
                resume_here(g, path, max_work=QUICK)
            err = e.value
            assert type(err) is CheckpointError, (fields, bad, err)
            assert str(path) in str(err) and err.path == str(path), err
            named = err.field.split("[")[0]
            assert named in fields or (named == "checksum" and not seal), (fields, seal, bad, err)
            assert f"field {err.field}" in str(err) or named not in ("done", "tasks", "weight"), err
            tried += 1
    assert tried > 100


def test_mutated_bytes_are_refused_or_harmless(written, truth, tmp_path):
    """A property test: random byte changes of a valid checkpoint are each refused (a
    CheckpointError naming the file) or harmless (read as the same record: a change JSON does
    not see, such as one white space for another)."""
    written, _ = written
    g = lo.grid(*CHECKPOINT_GAME)
    raw = written.read_bytes()
    original = Checkpoint.load(str(written), g, None)
    rng = np.random.default_rng(6)
    refused = harmless = 0
    for _ in range(300):
        mutated = bytearray(raw)
        for _ in range(int(rng.integers(1, 4))):
            i = int(rng.integers(0, len(mutated)))
            mutated[i] = int(rng.choice([ord(c) for c in '0123456789 ",[]-e.ntf']))
        path = tmp_path / "flipped.json"
        path.write_bytes(bytes(mutated))
        try:
            record = Checkpoint.load(str(path), g, None)
            record.resume(lo._core.split_worst(g, tasks=record.tasks, max_work=QUICK))
        except CheckpointError as e:
            assert str(path) in str(e) and e.path == str(path)
            refused += 1
            continue
        same = ("upper_bound", "weight", "decision", "work", "done", "tasks")
        assert all(getattr(record, f) == getattr(original, f) for f in same), bytes(mutated)
        harmless += 1
    assert refused > 200
    # A harmless one resumes to the truth.
    assert same_answer(resume_here(g, written), truth)


def test_a_checkpoint_without_a_checksum_is_refused(written, tmp_path):
    g = lo.grid(*CHECKPOINT_GAME)
    data = json.loads(written[0].read_text())
    del data["checksum"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CheckpointError, match="has no checksum") as e:
        resume_here(g, path)
    assert e.value.field == "checksum"


def tampered(written, tmp_path, extra):
    path0, _ = written
    data = json.loads(path0.read_text())
    data["done"] = data["done"] + [extra]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("extra", [[999, 5], [-1, 5], [0, -1]])
def test_the_cluster_run_refuses_a_tampered_checkpoint_before_any_work(written, tmp_path, extra):
    lod = pytest.importorskip("lightsout.distributed")
    path = tampered(written, tmp_path, extra)
    # A closed port: had the checkpoint been taken, the run would fail to connect instead.
    with pytest.raises(ValueError) as e:
        lod.worst_case(lo.grid(*CHECKPOINT_GAME), client="tcp://127.0.0.1:1", resume=str(path), max_time=30)
    assert type(e.value).__name__ == "CheckpointError", e.value
    assert str(path) in str(e.value) and "field done[" in str(e.value), e.value


def test_the_command_line_names_the_checkpoint_and_the_field(written, tmp_path):
    import sys

    pytest.importorskip("distributed")
    path = tampered(written, tmp_path, [999, 5])
    env = dict(os.environ, LIGHTSOUT_PYTHON=sys.executable)
    out = subprocess.run(
        [cli_path(), "worst", "--grid", "9x9", "--scheduler", "tcp://127.0.0.1:1", "--resume", str(path), "--time-limit", "60"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert out.returncode == 2, out.stderr
    assert str(path) in out.stderr and "field done[" in out.stderr, out.stderr
    assert "the Dask run at" not in out.stderr, out.stderr


# ---------------------------------------------------------------- one meaning of a zero budget

ZERO_BUDGETS = [
    lambda g, b: g.worst_case(max_time=0),
    lambda g, b: g.worst_case(max_work=0),
    lambda g, b: g.worst_case(max_time=0.0, max_work=5),
    lambda g, b: g.minimal_solution(b, max_time=0),
    lambda g, b: g.minimal_solution(b, max_work=0),
    lambda g, b: lo.stats(g, max_work=0),
    lambda g, b: lo.stats(g, max_time=0.0),
]


@pytest.mark.parametrize("ask", ZERO_BUDGETS)
def test_a_zero_budget_is_refused_in_python(ask):
    g = lo.preset("classic")
    board = g.random_solvable(seed=1)
    with pytest.raises(ValueError, match="0 is no budget"):
        ask(g, board)


def test_bools_are_neither_sizes_nor_times():
    g = lo.preset("classic")
    with pytest.raises(TypeError, match="not a bool"):
        g.worst_case(max_time=True)
    with pytest.raises(TypeError, match="not bool"):
        g.worst_case(max_work=True)
    with pytest.raises(TypeError, match="not bool"):
        lo.grid(True, 5)
    with pytest.raises(TypeError, match="not bool"):
        lo.grid(5, 5, modulus=True)


def test_the_zero_budget_means_the_same_in_python_the_command_line_and_c():
    """One meaning in every front end: 0 is no budget, refused with a message naming it; the
    default comes from leaving the budget out (None in Python, the option out on the command
    line, LIGHTSOUT_DEFAULT_MAX_WORK / _MAX_SECONDS in C: tests/c/bad_inputs.c checks C)."""
    g = lo.preset("classic")
    for kw, flag in (("max_work", "--max-work"), ("max_time", "--time-limit")):
        with pytest.raises(ValueError, match="0 is no budget"):
            g.worst_case(**{kw: 0})
        out = run_cli("worst", "--preset", "classic", flag, "0")
        assert out.returncode == 2 and flag in out.stderr, out.stderr
    # Left out, the default budget proves the classic board's 15 everywhere.
    best = g.worst_case()
    out = run_cli("worst", "--preset", "classic", "--json")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert (best.weight, best.proven_optimal) == (answer["weight"], answer["proven_optimal"]) == (15, True)


def test_the_cluster_refuses_a_zero_time_too():
    lod = pytest.importorskip("lightsout.distributed")
    g = lo.preset("classic")
    for ask in (
        lambda: lod.worst_case(g, client="tcp://127.0.0.1:1", max_time=0),
        lambda: lod.stats(g, client="tcp://127.0.0.1:1", max_time=0),
        lambda: lod.minimal_solution(g, g.random_solvable(seed=1), client="tcp://127.0.0.1:1", max_time=0),
    ):
        with pytest.raises(ValueError, match="0 is no budget"):
            ask()


# ---------------------------------------------------------------- one meaning of difficulty 0


def test_difficulty_zero_means_any_board_in_every_front_end():
    g = lo.preset("classic")
    for seed in (1, 7, 12):
        uniform = g.random_solvable(seed=seed)
        assert (g.random_solvable(seed=seed, difficulty=0) == uniform).all()
        assert (g.random_solvable(seed=seed, difficulty=0, packed=True) == g.random_solvable(seed=seed, packed=True)).all()
        # The command line draws the same board, with --difficulty 0 as without.
        for extra in ([], ["--difficulty", "0"]):
            out = run_cli("generate", "--preset", "classic", "--seed", seed, *extra)
            assert out.returncode == 0, out.stderr
            rows = [[int(c) for c in line.split()] if " " in line else [int(c) for c in line] for line in out.stdout.split()]
            assert (np.array(rows).reshape(g.shape) == uniform).all(), (extra, out.stdout)
    # The data sets: difficulty 0 is the uniform draw (as before), dark boards included.
    zero, none = lo.dataset(g, 20, difficulty=0, seed=3, flat=True), lo.dataset(g, 20, seed=3, flat=True)
    assert (zero.boards == none.boards).all()


def test_gymnasium_takes_difficulty_zero_as_any_board():
    lgym = pytest.importorskip("lightsout.gym")
    env = lgym.LightsOutEnv("classic", difficulty=0)
    assert env.levels is None
    board, info = env.reset(seed=4)
    assert info["distance"] > 0  # never the dark board
    mixed = lgym.LightsOutEnv("classic", difficulty=[0, 3])
    mixed.reset(seed=5)
    with pytest.raises(ValueError, match="int >= 0"):
        lgym.LightsOutEnv("classic", difficulty=-1)
    with pytest.raises(ValueError, match="int >= 0"):
        lgym.LightsOutEnv("classic", difficulty=True)


# ---------------------------------------------------------------- smaller words


def test_gymnasium_action_messages_say_what_is_wrong():
    lgym = pytest.importorskip("lightsout.gym")
    env = lgym.LightsOutEnv("classic")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="past that") as e:
        env.step(2**70)
    assert "not int" not in str(e.value)
    z = lgym.LightsOutEnv(lo.grid(2, 2, modulus=3), amounts=True)
    z.reset(seed=1)
    with pytest.raises(ValueError, match="holds floats") as e:
        z.step((1.0, 2))
    assert "not tuple" not in str(e.value)
    with pytest.raises(ValueError, match="holds booleans"):
        env.step(True)


def test_null_orders_is_a_property_like_elementary_divisors():
    g4 = lo.grid(4, 4, modulus=4)
    assert g4.null_orders == [2, 2, 4, 4]
    assert isinstance(g4.elementary_divisors, list)
    # The method form it had still answers, deprecated.
    with pytest.warns(DeprecationWarning, match="property"):
        assert g4.null_orders() == [2, 2, 4, 4]
    assert lo.preset("classic").null_orders == [2, 2]
