//! Requests too large are refused from the game's description, before anything is built, with
//! the number of bytes and what they were for; boards far past 2^24 cells are accepted when their
//! path (light chasing) fits.

use lightsout_core::Error as CoreError;
use lightsout_topo::{Error, Game, Rule, SolverPath, MAX_GAME_BYTES};

fn too_large(e: Error) -> (&'static str, u128, &'static str) {
    match e {
        Error::Core(CoreError::TooLarge { what, needed, unit, limit }) => {
            assert_eq!(unit, "bytes");
            assert!(needed > limit);
            (what, needed, unit)
        }
        other => panic!("expected a TooLarge error, got {other:?}"),
    }
}

#[test]
fn a_huge_graph_is_refused_before_its_press_sets_are_built() {
    let (what, needed, _) = too_large(Game::graph(1 << 24, &[], false, true, 2).unwrap_err());
    assert_eq!((what, needed), ("the augmented matrix [M | I]", 70_368_744_177_664));
}

#[test]
fn dense_factorisations_that_cannot_fit_are_refused_before_m_is_built() {
    // Neither has a structured or banded solver (Z_3): dense elimination, refused from the size.
    for game in [Game::cube(1672, 3).unwrap(), Game::with_rule(grid(2000, 2000), Rule::Moore, 3).unwrap()] {
        assert_eq!(game.solver_path(), SolverPath::Dense);
        let (what, _, _) = too_large(game.rank().unwrap_err());
        assert_eq!(what, "the augmented matrix [M | I]");
        assert!(game.matrix_bytes() < MAX_GAME_BYTES, "M itself would fit: only the factorisation is refused");
    }
}

#[test]
fn the_press_matrix_of_a_structured_grid_is_refused_by_its_bytes() {
    // 36 million lights: M would take about 6 GB (168 bytes a light with the plus rule).
    let game = Game::grid(6000, 6000, 2).unwrap();
    assert_eq!(game.solver_path(), SolverPath::Chasing);
    let (what, needed, _) = too_large(game.matrix().map(|_| ()).unwrap_err());
    assert!(what.starts_with("the press matrix M"), "{what}");
    assert_eq!(needed, game.matrix_bytes());
}

#[test]
fn boards_past_two_to_the_24_cells_are_games_when_their_path_fits() {
    let big = Game::grid(10_000, 10_000, 2).unwrap();
    assert_eq!((big.size(), big.solver_path()), (100_000_000, SolverPath::Chasing));
    assert_eq!(Game::torus(6000, 6000, 3).unwrap().solver_path(), SolverPath::WrappedChasing);
    // One u32 board of 2^31 lights is 8 GiB: a torus, whose questions all take one, is refused,
    // saying so; a grid is a game whose boards go packed (256 MiB), and only its light-vector
    // questions refuse.
    let (what, needed, _) = too_large(Game::torus(1 << 16, 1 << 15, 2).unwrap_err());
    assert!(what.starts_with("one light vector"), "{what}");
    assert_eq!(needed, 4 << 31);
    let grid = Game::grid(1 << 16, 1 << 15, 2).unwrap();
    let (what, needed, _) = too_large(grid.random_solvable(1).unwrap_err());
    assert!(what.starts_with("one light vector") && what.contains("needs 256 MiB"), "{what}");
    assert_eq!(needed, 4 << 31);
}

#[test]
fn the_path_is_the_one_really_used() {
    let cells: Vec<bool> = (0..400 * 400).map(|i| i % 97 != 5).collect();
    let holes = Game::mask(400, 400, cells, Rule::Plus, 2).unwrap();
    assert_eq!(holes.solver_path(), SolverPath::Banded);
    assert_eq!(Game::cube(30, 2).unwrap().solver_path(), SolverPath::Banded);
    assert_eq!(Game::preset("classic").unwrap().solver_path(), SolverPath::Dense);
    assert_eq!(Game::cylinder(80, 80, 2).unwrap().solver_path(), SolverPath::WrappedChasing);
    assert_eq!(Game::grid(100, 100, 6).unwrap().solver_path(), SolverPath::RingChasing);
    assert_eq!(Game::grid(30, 30, 6).unwrap().solver_path(), SolverPath::Ring);
    let cells: Vec<bool> = (0..100 * 100).map(|i| i % 97 != 5).collect();
    assert_eq!(Game::mask(100, 100, cells, Rule::Plus, 4).unwrap().solver_path(), SolverPath::Ring);
    // A composite grid of 10^8 lights: one board-sized vector, M never built.
    let huge = Game::grid(10_000, 10_000, 4).unwrap();
    assert_eq!(huge.solver_path(), SolverPath::RingChasing);
    assert!(SolverPath::RingChasing.describe().contains("p-adic lifting"));
}

#[test]
fn a_board_with_holes_is_limited_by_its_light_numbering() {
    // 8 bytes a cell: 2^30 cells need 8 GiB. The mask itself is not allocated here: the shape
    // check runs on the description before anything else.
    let shape = lightsout_topo::Shape::Mask { rows: 1 << 15, cols: 1 << 15, cells: Vec::new() };
    let (what, needed, _) = too_large(shape.check().unwrap_err());
    assert!(what.contains("holes"), "{what}");
    assert_eq!(needed, 8 << 30);
}

fn grid(rows: usize, cols: usize) -> lightsout_topo::Shape {
    lightsout_topo::Shape::Grid { rows, cols }
}

/// A dense GF(2) matrix given as bit rows is factored as it is: its answers are those of the
/// same matrix given as sparse columns, and a dense matrix of 20,000 lights is a game (its
/// sparse form would be refused), while one whose factorisation is too much work is refused.
#[test]
fn dense_bit_matrices_are_games_without_a_sparse_copy() {
    use lightsout_core::BitMatrix;
    let n = 150;
    let mut bits = BitMatrix::zeros(n, n).unwrap();
    let mut columns = vec![Vec::new(); n];
    for r in 0..n {
        for c in 0..n {
            // Rows 100.. repeat rows 0..50: a positive nullity.
            let x = (r % 100) * 7919 + c * 104_729;
            if (x ^ (x >> 5)) % 3 == 0 {
                bits.set(r, c, true);
                columns[c].push((r, 1));
            }
        }
    }
    let dense = Game::from_bit_rows(bits).unwrap();
    let sparse = Game::with_rule(lightsout_topo::Shape::Explicit { n }, Rule::Weighted { columns }, 2).unwrap();
    assert_eq!(dense.rule().name(), "dense");
    assert_eq!(dense.matrix().unwrap(), sparse.matrix().unwrap());
    assert_eq!((dense.rank().unwrap(), dense.nullity().unwrap()), (sparse.rank().unwrap(), sparse.nullity().unwrap()));
    assert!(dense.nullity().unwrap() >= 50);
    for seed in 0..5 {
        let board = dense.random_solvable(seed).unwrap();
        assert_eq!(board, sparse.random_solvable(seed).unwrap());
        assert_eq!(dense.solve(&board).unwrap(), sparse.solve(&board).unwrap());
    }
    let again = Game::from_spec(dense.spec()).unwrap();
    assert_eq!(again.matrix().unwrap(), dense.matrix().unwrap());

    // 20,000 x 20,000: 50 MB of rows, accepted (the rank is not asked: seconds of work).
    assert!(Game::from_bit_rows(BitMatrix::zeros(20_000, 20_000).unwrap()).is_ok());
    // 30,000 x 30,000 fits in memory (337 MB to factor) but not in the work limit.
    let e = Game::from_bit_rows(BitMatrix::zeros(30_000, 30_000).unwrap()).unwrap_err();
    assert!(matches!(e, Error::Core(CoreError::TooLarge { what: "the dense factorisation of M", .. })), "{e}");
    assert!(Game::from_bit_rows(BitMatrix::zeros(3, 4).unwrap()).unwrap_err().to_string().contains("square"));
}
