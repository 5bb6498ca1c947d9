"""Boards of every integer dtype and memory order (C, Fortran, strided, flat, the other byte
order) answer exactly as the same board in uint8, on small games (the general path) and large
ones (the byte route), for solve, is_solvable, apply and solve_many; answers come back in the
smallest unsigned dtype that holds p-1, or the dtype= asked for."""

import numpy as np
import pytest

import lightsout as lo

DTYPES = [np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def layouts(board):
    """The same board C-ordered, Fortran-ordered, strided and flat."""
    wide = np.zeros((board.shape[0], 2 * board.shape[1]), dtype=board.dtype)
    wide[:, ::2] = board
    return {
        "C": board,
        "Fortran": np.asfortranarray(board),
        "strided": wide[:, ::2],
        "flat": board.ravel(),
    }


# A boolean board holds 0 and 1 only: over Z_3 the others.
@pytest.mark.parametrize("dtype,modulus", [(d, 2) for d in DTYPES] + [(d, 3) for d in DTYPES if d is not np.bool_])
def test_every_dtype_and_order_gives_the_uint8_answer(dtype, modulus):
    g = lo.grid(70, 70, modulus=modulus)  # 4900 lights: past the size where boards go as bytes
    board = g.random_solvable(seed=4)
    reference = g.solve(board.astype(np.uint8))
    for name, b in layouts(board.astype(dtype)).items():
        presses = g.solve(b)
        assert presses.dtype == np.uint8, name
        assert presses.shape == b.shape, name
        assert np.array_equal(presses.reshape(reference.shape), reference), name
        assert not g.apply(board, presses.reshape(board.shape)).any(), name


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int64, np.uint64])
def test_the_first_bad_entry_is_named(dtype):
    g = lo.grid(70, 70)
    board = np.zeros((70, 70), dtype=dtype)
    board[3, 5] = 2
    board[9, 9] = 7
    with pytest.raises(ValueError, match=r"lights\[3, 5\] must be in 0 <= x < 2, not 2"):
        g.solve(board)
    if np.issubdtype(dtype, np.signedinteger):
        board[3, 5] = -1
        with pytest.raises(ValueError, match=r"lights\[3, 5\] must be in 0 <= x < 2, not -1"):
            g.solve(board)
    flat = board.ravel()
    with pytest.raises(ValueError, match=r"lights\[215\] must be in"):
        g.solve(flat)


def test_an_unsolvable_board_carries_its_proof_as_on_the_general_path(unsolvable_board):
    # A light under a quiet pattern of a grid past 4096 lights: an unsolvable board.
    g, board = unsolvable_board(np.int64)
    with pytest.raises(lo.UnsolvableError) as info:
        g.solve(board)
    proof = info.value.obstruction
    assert proof.shape == board.shape and proof.dtype == np.int64
    assert int((proof * board).sum()) % 2 == 1  # an odd number of the pattern's lights are lit
    assert not g.apply(np.zeros_like(board), proof).any()  # pressing it changes nothing: y M = 0


def test_a_modulus_past_a_byte_takes_the_general_path():
    g = lo.grid(70, 70, modulus=257)
    board = g.random_solvable(seed=2)
    presses = g.solve(board)
    assert presses.dtype == board.dtype
    assert not g.apply(board, presses).any()


def orders(board):
    """The same board (or batch) in C order, Fortran order, strided (every other entry of an
    array twice the size along each axis), flat and in the other byte order."""
    big = np.zeros(tuple(2 * d for d in board.shape), dtype=board.dtype)
    big[tuple(slice(None, None, 2) for _ in board.shape)] = board
    out = {
        "C": board,
        "Fortran": np.asfortranarray(board),
        "strided": big[tuple(slice(None, None, 2) for _ in board.shape)],
    }
    if board.dtype.itemsize > 1:
        out["swapped"] = board.astype(board.dtype.newbyteorder())
    return out


# A 5 x 5 grid answers on the general path, a 70 x 70 one (4900 lights) on the byte route.
GAMES = {"5x5": lambda p: lo.grid(5, 5, modulus=p), "70x70": lambda p: lo.grid(70, 70, modulus=p)}


@pytest.mark.parametrize("size", list(GAMES))
@pytest.mark.parametrize("dtype", DTYPES)
def test_every_call_reads_every_dtype_and_order_as_uint8(size, dtype):
    for p in (2, 3):
        if dtype is np.bool_ and p > 2:
            continue
        g = GAMES[size](p)
        board = g.random_solvable(seed=11)
        presses = np.asarray(g.random_solvable(seed=12))
        u8 = board.astype(np.uint8)
        want = g.solve(u8)
        want_after = g.apply(u8, presses.astype(np.uint8))
        for name, b in orders(board.astype(dtype)).items():
            label = f"{size} mod {p} {np.dtype(dtype).name} {name}"
            assert np.array_equal(g.solve(b), want), label
            assert g.is_solvable(b), label
            s = orders(presses.astype(dtype))[name]
            assert np.array_equal(g.apply(b, s), want_after), label
        # Unsolvable boards say so in every order too.
        if g.nullity > 0:
            dark = np.zeros(g.size, dtype=np.int64)
            dark[int(np.flatnonzero(np.asarray(g.null_space(1))[0])[0])] = 1
            for name, b in orders(dark.reshape(g.shape).astype(dtype)).items():
                assert g.is_solvable(b) == g.is_solvable(dark), name


@pytest.mark.parametrize("dtype", DTYPES)
def test_solve_many_reads_every_dtype_and_order_as_uint8(dtype):
    for g in (lo.grid(5, 5), lo.grid(4, 4, modulus=3)):
        if dtype is np.bool_ and g.modulus > 2:
            continue
        boards = np.array([g.random_solvable(seed=s) for s in range(12)])
        want = lo.solve_many(g, boards.astype(np.uint8))
        for name, b in orders(boards.astype(dtype)).items():
            got = lo.solve_many(g, b)
            assert got.dtype == np.uint8 and np.array_equal(got, want), (g.describe(), name)


@pytest.mark.parametrize("size", list(GAMES))
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64])
def test_the_first_bad_entry_in_c_order_is_named_in_every_order(size, dtype):
    g = GAMES[size](2)
    board = np.zeros(g.shape, dtype=dtype)
    board[3, 4] = 2
    board[4, 1] = 7  # first in Fortran memory order, second in C order
    for name, b in orders(board).items():
        for call in (g.solve, g.is_solvable, lambda b: g.apply(b, np.zeros(g.shape, dtype=np.uint8))):
            with pytest.raises(ValueError, match=r"^lights\[3, 4\] must be in 0 <= x < 2, not 2$"):
                call(b)
        with pytest.raises(ValueError, match=r"^presses\[3, 4\] must be in 0 <= x < 2, not 2$"):
            g.apply(np.zeros(g.shape, dtype=np.uint8), b)
    batch = np.zeros((3, 5, 5), dtype=dtype)
    batch[1, 3, 4] = 2
    batch[1, 4, 1] = 7
    batch[2, 0, 0] = 9
    for name, b in orders(batch).items():
        with pytest.raises(ValueError, match=r"^boards\[1, 3, 4\] must be in 0 <= x < 2, not 2$"):
            lo.solve_many(lo.grid(5, 5), b)


def test_negative_entries_are_named_with_their_value():
    g = lo.grid(70, 70, modulus=3)
    board = np.zeros(g.shape, dtype=np.int16)
    board[0, 69] = -3
    for name, b in orders(board).items():
        with pytest.raises(ValueError, match=r"^lights\[0, 69\] must be in 0 <= x < 3, not -3$"):
            g.solve(b)


@pytest.mark.parametrize("modulus,dtype", [(2, np.uint8), (3, np.uint8), (251, np.uint8), (257, np.uint16)])
def test_answers_come_in_the_smallest_unsigned_dtype_holding_k_minus_1(modulus, dtype):
    for g in (lo.grid(4, 4, modulus=modulus), lo.grid(70, 70, modulus=modulus)):
        board = g.random_solvable(seed=3)
        assert board.dtype == dtype
        for given in (board, board.astype(np.int64), board.astype(np.uint32).ravel()):
            presses = g.solve(given)
            assert presses.dtype == dtype and presses.shape == given.shape
            assert g.apply(given, presses).dtype == dtype
        assert not g.apply(board, g.solve(board)).any()
    small = lo.grid(3, 3, modulus=modulus)  # few enough solutions for the exact batch searches
    board = small.random_solvable(seed=3)
    assert lo.solve_many(small, board[None].astype(np.int64)).dtype == dtype
    assert small.minimal_solution(board.astype(np.int32)).presses.dtype == dtype
    assert next(iter(small.solutions(board.astype(np.int64)))).dtype == dtype
    rows = lo.dataset(small, 5, seed=1)
    assert rows.boards.dtype == dtype and rows.presses.dtype == dtype
    assert lo.minimal_many(small, rows.boards.astype(np.int64))[0].dtype == dtype


def test_dtype_asks_for_another_dtype():
    for g in (lo.grid(4, 4, modulus=3), lo.grid(70, 70, modulus=3)):
        board = g.random_solvable(seed=5)
        presses = g.solve(board)
        for dtype in (np.int64, "int16", np.dtype(np.uint32), "uint8"):
            want = np.dtype(dtype)
            assert g.solve(board, dtype=dtype).dtype == want
            assert np.array_equal(g.solve(board, dtype=dtype), presses)
            assert g.apply(board, presses, dtype=dtype).dtype == want
            assert not g.apply(board, presses, dtype=dtype).any()
            drawn = g.random_solvable(seed=5, dtype=dtype)
            assert drawn.dtype == want and np.array_equal(drawn, board)
        if g.size <= 16:
            rows = lo.dataset(g, 4, seed=2, dtype=np.int64)
            assert rows.boards.dtype == np.int64 and rows.presses.dtype == np.int64
            assert np.array_equal(rows.boards, lo.dataset(g, 4, seed=2).boards)
            for dtype in (np.int64, "uint16", "uint8"):
                want = np.dtype(dtype)
                solved = lo.solve_many(g, rows.boards, dtype=dtype)
                assert solved.dtype == want and np.array_equal(solved, lo.solve_many(g, rows.boards))
                fewest, distances = lo.minimal_many(g, rows.boards, dtype=dtype)
                assert fewest.dtype == want and np.array_equal(fewest, lo.minimal_many(g, rows.boards)[0])
                assert distances.tolist() == rows.distances.tolist()
                both = lo.solve_many(g, rows.boards, return_solvable=True, dtype=dtype)
                assert both[0].dtype == want and both[1].all()


def test_bad_dtype_names_are_refused_clearly():
    g = lo.grid(4, 4, modulus=257)
    board = g.random_solvable(seed=1)
    calls = {
        "solve": lambda d: g.solve(board, dtype=d),
        "apply": lambda d: g.apply(board, board, dtype=d),
        "random_solvable": lambda d: g.random_solvable(1, dtype=d),
        "dataset": lambda d: lo.dataset(lo.grid(3, 3, modulus=257), 2, seed=1, dtype=d),
        "solve_many": lambda d: lo.solve_many(g, board[None], dtype=d),
        "minimal_many": lambda d: lo.minimal_many(lo.grid(2, 2, modulus=257), np.zeros((1, 4), np.uint16), dtype=d),
    }
    for name, call in calls.items():
        for bad in ("nonsense", "float32", np.float64, complex, ">i4"):
            with pytest.raises(TypeError, match=r"dtype must be a numpy integer dtype \(uint8, .*\), not "):
                call(bad)
        with pytest.raises(ValueError, match=r"dtype int8 cannot hold the values 0\.\.256 of a game modulo 257"):
            call(np.int8)
        assert call(np.uint16) is not None, name
    two = lo.grid(4, 4)
    with pytest.raises(ValueError, match="give packed=True or dtype, not both"):
        two.solve(np.packbits(two.random_solvable(seed=1), axis=-1), packed=True, dtype=np.uint8)
    with pytest.raises(ValueError, match="give out or dtype, not both"):
        b = two.random_solvable(seed=1)
        two.solve(b, out=b, dtype=np.uint8)


def test_one_byte_boards_read_as_their_bytes_name_a_bad_entry_by_its_own_value():
    # bool and int8 boards in C order on the byte route are read as the bytes they are made of,
    # as uint8 is: they answer as uint8 does, and a bad entry is still named with its own value.
    g = lo.grid(70, 70)
    board = g.random_solvable(seed=3)
    for dtype in (np.bool_, np.int8):
        typed = board.astype(dtype)
        assert np.array_equal(g.solve(typed), g.solve(board)), dtype
        assert g.is_solvable(typed) and np.array_equal(g.apply(typed, typed), g.apply(board, board)), dtype
    zeros = np.zeros(g.shape, dtype=np.int8)
    bad = np.zeros(g.shape, dtype=np.int8)
    bad[3, 4] = -1
    bad[5, 5] = 2
    for call in (g.solve, g.is_solvable, lambda b: g.apply(b, zeros), lambda b: g.apply(b, b)):
        with pytest.raises(ValueError, match=r"^lights\[3, 4\] must be in 0 <= x < 2, not -1$"):
            call(bad)
    with pytest.raises(ValueError, match=r"^presses\[3, 4\] must be in 0 <= x < 2, not -1$"):
        g.apply(zeros, bad)
    bytes_ = np.zeros(g.shape, dtype=np.uint8)
    bytes_[6, 7] = 2
    for call in (g.solve, g.is_solvable, lambda b: g.apply(b, zeros.view(np.bool_))):
        with pytest.raises(ValueError, match=r"^lights\[6, 7\] must be in 0 <= x < 2, not 2$"):
            call(bytes_.view(np.bool_))
    # Past modulus 128 a negative int8 would be a valid byte: it is still refused as itself.
    big = lo.grid(70, 70, modulus=251)
    negative = np.zeros(big.shape, dtype=np.int8)
    negative[0, 1] = -10
    with pytest.raises(ValueError, match=r"^lights\[0, 1\] must be in 0 <= x < 251, not -10$"):
        big.solve(negative)
    over_three = lo.grid(70, 70, modulus=3)
    assert np.array_equal(over_three.solve(np.ones(over_three.shape, dtype=np.int8)),
                          over_three.solve(np.ones(over_three.shape, dtype=np.uint8)))
