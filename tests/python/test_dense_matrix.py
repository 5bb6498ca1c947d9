"""lo.from_matrix over GF(2): dense numpy matrices straight into the packed dense engine."""

import numpy as np
import pytest

import lightsout as lo


def sparse_twin(a):
    """The same game through explicit press sets (the sparse path)."""
    return lo.from_press_sets([list(np.flatnonzero(a[:, j])) for j in range(a.shape[1])])


@pytest.mark.parametrize("n", [1, 7, 64, 130])
def test_dense_matrix_games_agree_with_press_sets(n, rng):
    a = rng.integers(0, 2, (n, n), dtype=np.uint8)
    if n > 1:
        a[: n // 2] = a[n - n // 2 :]  # repeated rows: a positive nullity
    g = lo.from_matrix(a)
    twin = sparse_twin(a)
    assert (g.size, g.rank, g.nullity, g.rule) == (n, twin.rank, twin.nullity, "dense")
    assert (g.matrix() == a).all()
    for y in g.null_space():
        assert not (a.astype(int) @ y % 2).any()
    for seed in range(4):
        board = g.random_solvable(seed)
        assert (board == twin.random_solvable(seed)).all()
        s = g.solve(board)
        assert not g.apply(board, s).any() and not twin.apply(board, s).any()
        assert g.count_solutions(board) == 2**g.nullity
    again = lo.from_spec(g.spec())
    assert (again.matrix() == a).all() and again.rank == g.rank
    packed = lo.from_matrix(np.packbits(a, axis=1), packed=True)
    assert (packed.matrix() == a).all() and packed.rank == g.rank


def test_any_integer_dtype_is_reduced_mod_2(rng):
    a = rng.integers(-5, 6, (40, 40))
    g = lo.from_matrix(a)
    assert (g.matrix() == a % 2).all()
    assert (lo.from_matrix(a.T.copy().T).matrix() == a % 2).all()  # not C-contiguous
    assert (lo.from_matrix(a.astype(bool)).matrix() == (a != 0)).all()


DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


@pytest.mark.parametrize("n", [5, 64, 200])
@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_and_memory_order_reads_the_same_matrix(n, dtype, rng):
    a = rng.integers(-7, 8, (n, n))
    if dtype == "bool" or dtype.startswith("u"):
        a = np.abs(a)
    expected = (a % 2).astype(np.uint8)
    typed = a.astype(dtype)
    wide = np.zeros((2 * n, 3 * n), dtype=dtype)
    wide[::2, ::3] = typed
    layouts = {
        "C": typed,
        "Fortran": np.asfortranarray(typed),
        "strided": wide[::2, ::3],
        "byte-swapped": typed.astype(typed.dtype.newbyteorder()),
    }
    want = expected if dtype != "bool" else (a != 0).astype(np.uint8)
    rank = lo.from_matrix(want).rank
    for layout, m in layouts.items():
        g = lo.from_matrix(m)
        assert (g.matrix() == want).all(), (dtype, layout)
        assert g.rank == rank, (dtype, layout)


def test_bad_dense_matrices_say_what_was_expected():
    with pytest.raises(ValueError, match=r"square.*\(3, 4\)"):
        lo.from_matrix(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match=r"\(n, ceil\(n / 8\)\).*\(10, 1\)"):
        lo.from_matrix(np.zeros((10, 1), dtype=np.uint8), packed=True)
    with pytest.raises(TypeError, match="uint8"):
        lo.from_matrix(np.zeros((8, 1), dtype=np.int64), packed=True)
    with pytest.raises(ValueError, match="modulus 3"):
        lo.from_matrix(np.zeros((8, 1), dtype=np.uint8), modulus=3, packed=True)
    # 200,000 x 200,000 (a broadcast view: no memory behind it) is refused before anything is
    # allocated, in bytes of the factorisation it would need.
    huge = np.broadcast_to(np.zeros(1, dtype=np.uint8), (200_000, 200_000))
    with pytest.raises(ValueError, match="bytes"):
        lo.from_matrix(huge)
