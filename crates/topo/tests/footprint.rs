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
    // One u32 board of 2^31 lights is 8 GiB: refused, saying so.
    let (what, needed, _) = too_large(Game::grid(1 << 16, 1 << 15, 2).unwrap_err());
    assert!(what.starts_with("one board"), "{what}");
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
