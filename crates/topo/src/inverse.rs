//! The dense linear-algebra answers of a [`Game`] that have no structured form: the
//! pseudoinverse W, the obstructions (left kernel), and the bulk solver built from both. Each
//! asks the dense factorisation that the route hands out ([`Game::dense_factorisation`]: the
//! field solver for a prime, the ring solver for a composite modulus), so Python, C and the
//! command line give the same matrices.

use crate::error::Result;
use crate::game::Game;
use lightsout_core::batch::BatchSolver;
use lightsout_core::Matrix;

impl Game {
    /// The pseudoinverse W (buttons x lights): `W(-b)` solves every solvable board b, and
    /// `s = W(-b) + N c` are all its solutions with N the quiet patterns. Over a composite k it
    /// exists when every elementary divisor is a unit or zero in each prime-power factor
    /// (always for squarefree k such as 6); otherwise the error names the divisor that would
    /// need a division. Built from the dense factorisation (sizes are checked first).
    ///
    /// ```
    /// let game = lightsout_topo::Game::grid(4, 4, 6).unwrap();
    /// let w = game.pseudoinverse().unwrap();
    /// let board = game.random_solvable(3).unwrap();
    /// let minus: Vec<u32> = board.iter().map(|&x| (6 - x) % 6).collect();
    /// let presses = w.mul_vec(&minus).unwrap();
    /// assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
    /// assert!(lightsout_topo::Game::grid(4, 4, 4).unwrap().pseudoinverse().is_err()); // divisor 2 mod 4
    /// ```
    pub fn pseudoinverse(&self) -> Result<Matrix> {
        self.dense_factorisation()?.pseudoinverse()
    }

    /// [`Game::pseudoinverse`] row after row, each entry turned into a `T` by `entry` (a byte an
    /// entry for moduli up to 256, where [`Matrix`] takes four): the size of this answer is
    /// checked before anything is allocated, the factorisation's own sizes when it is built.
    ///
    /// ```
    /// let game = lightsout_topo::Game::grid(4, 4, 6).unwrap();
    /// let bytes = game.pseudoinverse_entries(|v| v as u8).unwrap();
    /// let w = game.pseudoinverse().unwrap();
    /// assert!(bytes.iter().zip(w.as_slice()).all(|(&b, &x)| b as u32 == x));
    /// ```
    pub fn pseudoinverse_entries<T: Copy + Default>(&self, entry: impl Fn(u32) -> T) -> Result<Vec<T>> {
        let n = self.size();
        let bits = 8 * std::mem::size_of::<T>() as u32;
        lightsout_core::limits::check_dense_bits("the pseudoinverse", n, n, bits)?;
        self.dense_factorisation()?.pseudoinverse_entries(entry)
    }

    /// Generators of the obstructions: vectors y with `y M = 0`. A board b is solvable exactly
    /// when `y · b = 0 (mod k)` for every one; over Z_p they are a basis of the left kernel.
    ///
    /// ```
    /// let game = lightsout_topo::Game::preset("classic").unwrap();
    /// let ys = game.obstructions().unwrap();
    /// assert_eq!(ys.len(), 2); // nullity 2
    /// let board = game.random_solvable(1).unwrap();
    /// assert!(ys.iter().all(|y| y.iter().zip(&board).map(|(a, b)| a * b).sum::<u32>() % 2 == 0));
    /// ```
    pub fn obstructions(&self) -> Result<Vec<Vec<u32>>> {
        Ok(self.dense_factorisation()?.obstructions())
    }

    /// The pseudoinverse and obstructions laid out for solving many boards at once
    /// ([`BatchSolver`]); over a composite k it needs the pseudoinverse (see
    /// [`Game::pseudoinverse`]).
    pub fn batch_solver(&self) -> Result<BatchSolver> {
        self.dense_factorisation()?.batch_solver()
    }
}
