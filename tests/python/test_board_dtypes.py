"""Large boards of every integer dtype and memory order take the byte route and answer exactly
as the same board in uint8, in the dtype the board came in (bool gives uint8)."""

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
        assert presses.dtype == (np.uint8 if dtype is np.bool_ else dtype), name
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


def test_an_unsolvable_board_carries_its_proof_as_on_the_general_path():
    # The first n x n grid past 4096 lights with quiet patterns: a light under one of them
    # is an unsolvable board (the plus rule is symmetric, so quiet patterns are obstructions).
    g = next(g for g in (lo.grid(n, n) for n in range(64, 100)) if g.nullity > 0)
    y = np.asarray(g.null_space(1)).reshape(-1)
    board = np.zeros(g.size, dtype=np.int64)
    board[int(np.flatnonzero(y)[0])] = 1
    board = board.reshape(g.shape)
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
