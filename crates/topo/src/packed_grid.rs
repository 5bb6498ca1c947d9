//! A GF(2) grid board handed over already read into the grid solver's packed form
//! ([`PackedBoard`]): a binding that reads a board of another dtype or memory order straight
//! into those words solves it with no packbits bytes between (no board-sized array of them, no
//! second conversion into words, no packed answer unpacked again), the route a uint8 board in C
//! order takes through [`Game::solve_board`].

use crate::board::BoardFormat;
use crate::{Error, Game, Result};
use lightsout_core::structured::PackedBoard;

impl Game {
    /// The rows and columns of the board [`Game::solve_packed`] takes, when this game answers a
    /// GF(2) board through the structured grid solver's packed boards; `None` for any other game.
    /// Nothing is built to answer.
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// assert_eq!(Game::grid(300, 200, 2).unwrap().packed_grid_dims(), Some((300, 200)));
    /// assert_eq!(Game::grid(300, 200, 3).unwrap().packed_grid_dims(), None);
    /// assert_eq!(Game::grid(5, 5, 2).unwrap().packed_grid_dims(), None);
    /// ```
    pub fn packed_grid_dims(&self) -> Option<(usize, usize)> {
        if self.modulus().get() != 2 || !self.chases_as_grid() {
            return None;
        }
        let dims = self.dims();
        Some((dims[0], dims[1]))
    }

    /// [`Game::solve_board`] for a board already packed the grid solver's way (light `(r, c)` at
    /// bit `c % 64` of word `c / 64` of row `r`, see [`PackedBoard`]), the presses in `format`:
    /// the board is chased in place and written out once. An unsolvable board gives the same
    /// error, with its obstruction, as [`Game::solve_board`]; a game without packed grid boards
    /// ([`Game::packed_grid_dims`] is `None`) or a board of another size is refused.
    ///
    /// ```
    /// use lightsout_core::structured::PackedBoard;
    /// use lightsout_topo::{BoardFormat, Game};
    /// let g = Game::grid(300, 200, 2).unwrap();
    /// let bytes = g.random_solvable_board(3, BoardFormat::BYTES).unwrap();
    /// let board = PackedBoard::from_bytes("lights", 300, 200, &bytes).unwrap();
    /// let presses = g.solve_packed(board, BoardFormat::BYTES).unwrap();
    /// assert_eq!(presses, g.solve_board(&bytes, BoardFormat::BYTES).unwrap());
    /// assert!(g.solve_packed(PackedBoard::zeros(200, 300).unwrap(), BoardFormat::BYTES).is_err());
    /// ```
    pub fn solve_packed(&self, mut board: PackedBoard, format: BoardFormat) -> Result<Vec<u8>> {
        let dims = self.packed_grid_dims().ok_or_else(|| {
            Error::invalid(format!("solve_packed is for GF(2) grids on the structured solver, not {}", self.describe()))
        })?;
        if (board.rows(), board.cols()) != dims {
            return Err(Error::invalid(format!(
                "a packed board of {} x {} lights for a {} x {} grid",
                board.rows(),
                board.cols(),
                dims.0,
                dims.1
            )));
        }
        let grid =
            self.chasing_grid()?.ok_or_else(|| Error::invalid("internal error: a packed grid without its solver"))?;
        self.solve_packed_in_place(grid, &mut board)?;
        self.from_packed(&board, format)
    }
}
