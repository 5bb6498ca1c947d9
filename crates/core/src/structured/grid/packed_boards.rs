//! The grid solver on packed boards: GF(2) boards one bit a light and GF(3) boards two bits a
//! light, chased row by row in packed form, so a board of 10^10 lights needs its 1.25 GB and
//! never becomes one value a light.

use super::*;

impl GridSolver {
    /// An error unless a packed board of `rows x cols` lights has this grid's sides.
    fn check_packed_sides(&self, rows: usize, cols: usize) -> Result<()> {
        if (rows, cols) != (self.rows(), self.cols()) {
            return Err(Error::InvalidArgument(format!(
                "the packed board is {rows}x{cols}, the grid is {}x{}",
                self.rows(),
                self.cols()
            )));
        }
        Ok(())
    }

    fn check_packed(&self, board: &PackedBoard) -> Result<()> {
        if self.modulus.get() != 2 || !matches!(self.core, Core::Poly2 { .. }) {
            return Err(Error::InvalidArgument(format!(
                "packed boards need modulus 2 and the polynomial method, this solver has p = {}",
                self.modulus
            )));
        }
        self.check_packed_sides(board.rows(), board.cols())
    }

    /// The board in chase orientation (transposed when the grid is wider than tall).
    fn oriented<'a>(&self, board: &'a PackedBoard) -> Result<std::borrow::Cow<'a, PackedBoard>> {
        Ok(if self.layout.transposed {
            std::borrow::Cow::Owned(board.transpose()?)
        } else {
            std::borrow::Cow::Borrowed(board)
        })
    }

    fn rhs_packed(&self, board: &PackedBoard) -> Vec<u64> {
        let (n, m) = (self.line.n, self.layout.m());
        let zero = vec![0u64; n.div_ceil(64)];
        striped::run(n, self.self_toggle, m, board, &zero, &zero, None).1
    }

    /// Whether a packed GF(2) board is solvable, in O(rows cols / 64 + n^2 / 64) word operations.
    pub fn is_solvable_packed_gf2(&self, board: &PackedBoard) -> Result<bool> {
        self.check_packed(board)?;
        let board = self.oriented(board)?;
        Ok(self.rhs_solvable_packed(&self.rhs_packed(&board)))
    }

    /// One solution of a packed GF(2) board, packed the same way. Memory: the board, the
    /// solution, and a transposed copy of each when the grid is wider than tall.
    ///
    /// An unsolvable board gives [`Error::Unsolvable`] with its obstruction when the board has at
    /// most [`MAX_UNPACKED_OBSTRUCTION`] lights, and otherwise [`Error::TooLarge`] naming
    /// [`Self::obstruction_packed`], which returns the obstruction packed.
    ///
    /// ```
    /// use lightsout_core::{structured::{GridSolver, PackedBoard}, Modulus};
    /// let g = GridSolver::new(3, 200, true, Modulus::TWO).unwrap();
    /// let mut pressed = vec![0u32; 600];
    /// pressed[350] = 1; // the board left by pressing light (1, 150)
    /// let board = PackedBoard::from_values(3, 200, &g.apply(&vec![0; 600], &pressed).unwrap()).unwrap();
    /// let presses = g.solve_packed_gf2(&board).unwrap();
    /// let after = g.apply(&board.to_values(), &presses.to_values()).unwrap();
    /// assert!(after.iter().all(|&x| x == 0));
    /// ```
    pub fn solve_packed_gf2(&self, board: &PackedBoard) -> Result<PackedBoard> {
        self.try_solve_packed_gf2(board)?.ok_or_else(|| self.packed_unsolvable(|| board.to_values()))
    }

    /// [`Self::solve_packed_gf2`], answering `None` for an unsolvable board instead of
    /// computing its proof: deciding costs nothing beyond the solve itself, so a caller that
    /// proves unsolvability its own way ([`Self::obstruction_packed`], or
    /// [`Self::packed_unsolvable`] for the error the solve gives) need not chase the board
    /// once more to decide first.
    ///
    /// ```
    /// use lightsout_core::{structured::{GridSolver, PackedBoard}, Modulus};
    /// let g = GridSolver::new(4, 4, true, Modulus::TWO).unwrap(); // nullity 4
    /// let mut board = PackedBoard::zeros(4, 4).unwrap();
    /// board.set(0, 0, true);
    /// assert!(g.try_solve_packed_gf2(&board).unwrap().is_none());
    /// let proof = g.obstruction_packed(&board).unwrap().expect("unsolvable");
    /// assert!(proof.get(0, 0)); // the quiet pattern sees the lit corner
    /// ```
    pub fn try_solve_packed_gf2(&self, board: &PackedBoard) -> Result<Option<PackedBoard>> {
        self.check_packed(board)?;
        let oriented = self.oriented(board)?;
        let (n, m) = (self.line.n, self.layout.m());
        let c = self.rhs_packed(&oriented);
        // The solution's pages are faulted in on the other core while this one does the algebra.
        let (x1, out) = if self.lights() >= 1 << 20 && rayon::current_num_threads() >= 2 {
            std::thread::scope(|scope| {
                let out = scope.spawn(|| PackedBoard::zeros(m, n));
                let x1 = self.first_row_packed(&c);
                (x1, out.join().expect("allocating does not panic"))
            })
        } else {
            (self.first_row_packed(&c), PackedBoard::zeros(m, n))
        };
        let Some(x1) = x1 else {
            return Ok(None);
        };
        let mut out = out?;
        let zero = vec![0u64; n.div_ceil(64)];
        let (_, last) = striped::run(n, self.self_toggle, m, &oriented, &zero, &x1, Some(&mut out));
        drop(oriented);
        if last.iter().any(|&v| v != 0) {
            return Err(internal("the chased solution leaves the last row lit"));
        }
        if self.layout.transposed {
            out = out.transpose()?;
        }
        Ok(Some(out))
    }

    /// [`Self::solve_packed_gf2`] writing the solution over the board: no second board-sized
    /// buffer (a 10^10-light grid needs its 1.25 GB and no more), and no fresh pages to fault in
    /// (at 10^8 lights that was a third of the solve). An unsolvable board is left unchanged and
    /// gives the same errors as [`Self::solve_packed_gf2`]. A grid wider than tall is solved on a
    /// transposed copy.
    ///
    /// ```
    /// use lightsout_core::{structured::{GridSolver, PackedBoard}, Modulus};
    /// let g = GridSolver::new(200, 150, true, Modulus::TWO).unwrap();
    /// let mut pressed = vec![0u32; 30_000];
    /// pressed[12_345] = 1;
    /// let lit = g.apply(&vec![0; 30_000], &pressed).unwrap();
    /// let mut board = PackedBoard::from_values(200, 150, &lit).unwrap();
    /// g.solve_packed_gf2_in_place(&mut board).unwrap(); // `board` now holds the presses
    /// assert!(g.apply(&lit, &board.to_values()).unwrap().iter().all(|&x| x == 0));
    /// ```
    pub fn solve_packed_gf2_in_place(&self, board: &mut PackedBoard) -> Result<()> {
        match self.try_solve_packed_gf2_in_place(board)? {
            true => Ok(()),
            false => Err(self.packed_unsolvable(|| board.to_values())),
        }
    }

    /// [`Self::solve_packed_gf2_in_place`], answering `false` (the board unchanged) for an
    /// unsolvable board instead of computing its proof, as [`Self::try_solve_packed_gf2`] does.
    pub fn try_solve_packed_gf2_in_place(&self, board: &mut PackedBoard) -> Result<bool> {
        self.check_packed(board)?;
        if self.layout.transposed {
            let mut t = board.transpose()?;
            if !self.solve_oriented_in_place(&mut t)? {
                return Ok(false);
            }
            *board = t.transpose()?;
            return Ok(true);
        }
        self.solve_oriented_in_place(board)
    }

    /// The in-place solve of a board in chase orientation: `false`, the board unchanged, when it
    /// is unsolvable.
    fn solve_oriented_in_place(&self, oriented: &mut PackedBoard) -> Result<bool> {
        let (n, m) = (self.line.n, self.layout.m());
        let Some(x1) = self.first_row_packed(&self.rhs_packed(oriented)) else {
            return Ok(false);
        };
        let zero = vec![0u64; n.div_ceil(64)];
        let (_, last) = striped::run_in_place(n, self.self_toggle, m, oriented, &zero, &x1);
        crate::interrupt::check()?;
        if last.iter().any(|&v| v != 0) {
            return Err(internal("the chased solution leaves the last row lit"));
        }
        Ok(true)
    }

    fn check_packed3(&self, board: &PackedBoard3) -> Result<()> {
        if !matches!(self.core, Core::Poly3 { .. }) {
            return Err(Error::InvalidArgument(format!(
                "packed Z_3 boards need modulus 3 and the polynomial method, this solver has p = {}",
                self.modulus
            )));
        }
        self.check_packed_sides(board.rows(), board.cols())
    }

    /// The bitsliced chase through a packed Z_3 board in chase orientation, from `x_0 = 0`.
    fn chase_packed3(&self, board: &PackedBoard3, x1: &Tri, visit: impl FnMut(usize, &Tri)) -> (Tri, Tri) {
        let mut load = |k: usize, b: &mut Tri| {
            let (one, two) = board.planes(k);
            b.one.copy_from_slice(one);
            b.two.copy_from_slice(two);
        };
        let zero = Tri::zeros(x1.words());
        poly3::run(self.line.n, self.self_toggle, self.layout.m(), Some(&mut load), &zero, x1, visit)
    }

    /// The packed Z_3 board in chase orientation (transposed when the grid is wider than tall).
    fn oriented3<'a>(&self, board: &'a PackedBoard3) -> Result<std::borrow::Cow<'a, PackedBoard3>> {
        Ok(if self.layout.transposed {
            std::borrow::Cow::Owned(board.transpose()?)
        } else {
            std::borrow::Cow::Borrowed(board)
        })
    }

    /// Whether a packed Z_3 board is solvable, in O(rows cols / 64 + n^2 / 64) word operations.
    pub fn is_solvable_packed_gf3(&self, board: &PackedBoard3) -> Result<bool> {
        self.check_packed3(board)?;
        let oriented = self.oriented3(board)?;
        let mut c = self.chase_packed3(&oriented, &Tri::zeros(self.line.n.div_ceil(64)), |_, _| {}).1;
        c.negate();
        Ok(self.rhs_solvable3(&c))
    }

    /// One solution of a packed Z_3 board, packed the same way: the board is read and the
    /// solution written in the bitsliced form the chase works in, 64 lights per word pair.
    ///
    /// An unsolvable board gives [`Error::Unsolvable`] with its obstruction when the board has at
    /// most [`MAX_UNPACKED_OBSTRUCTION`] lights, and otherwise [`Error::TooLarge`].
    ///
    /// ```
    /// use lightsout_core::{structured::{GridSolver, PackedBoard3}, Modulus};
    /// let g = GridSolver::new(3, 200, true, Modulus::new(3).unwrap()).unwrap();
    /// let mut pressed = vec![0u32; 600];
    /// pressed[350] = 2; // the board left by pressing light (1, 150) twice
    /// let board = PackedBoard3::from_values(3, 200, &g.apply(&vec![0; 600], &pressed).unwrap()).unwrap();
    /// let presses = g.solve_packed_gf3(&board).unwrap();
    /// let after = g.apply(&board.to_values(), &presses.to_values()).unwrap();
    /// assert!(after.iter().all(|&x| x == 0));
    /// ```
    pub fn solve_packed_gf3(&self, board: &PackedBoard3) -> Result<PackedBoard3> {
        self.try_solve_packed_gf3(board)?.ok_or_else(|| self.packed_unsolvable(|| board.to_values()))
    }

    /// [`Self::solve_packed_gf3`], answering `None` for an unsolvable board instead of
    /// computing its proof, as [`Self::try_solve_packed_gf2`] does.
    pub fn try_solve_packed_gf3(&self, board: &PackedBoard3) -> Result<Option<PackedBoard3>> {
        self.check_packed3(board)?;
        let oriented = self.oriented3(board)?;
        let (n, m) = (self.line.n, self.layout.m());
        let mut c = self.chase_packed3(&oriented, &Tri::zeros(n.div_ceil(64)), |_, _| {}).1;
        c.negate();
        let Some(x1) = self.first_row3(&c) else {
            return Ok(None);
        };
        let mut out = PackedBoard3::zeros(m, n)?;
        let (_, last) = self.chase_packed3(&oriented, &x1, |k, row| {
            let (one, two) = out.planes_mut(k);
            one.copy_from_slice(&row.one);
            two.copy_from_slice(&row.two);
        });
        drop(oriented);
        if !last.is_zero() {
            return Err(internal("the chased solution leaves the last row lit"));
        }
        if self.layout.transposed {
            out = out.transpose()?;
        }
        Ok(Some(out))
    }

    /// A packed quiet pattern `y` with `y·b = 1` when the packed GF(2) board is unsolvable
    /// (the proof), `None` when it is solvable.
    pub fn obstruction_packed(&self, board: &PackedBoard) -> Result<Option<PackedBoard>> {
        self.check_packed(board)?;
        let oriented = self.oriented(board)?;
        if self.rhs_solvable_packed(&self.rhs_packed(&oriented)) {
            return Ok(None);
        }
        let (n, m) = (self.line.n, self.layout.m());
        let zero = vec![0u64; n.div_ceil(64)];
        for y1 in self.kernel_first_rows_packed() {
            let mut parity = 0u32;
            packed::run(n, self.self_toggle, m, None, &zero, &y1, |k, row| {
                parity ^= row.iter().zip(oriented.row(k)).map(|(a, b)| (a & b).count_ones()).sum::<u32>();
            });
            if parity & 1 == 1 {
                let mut y = PackedBoard::zeros(m, n)?;
                packed::run(n, self.self_toggle, m, None, &zero, &y1, |k, row| y.row_mut(k).copy_from_slice(row));
                return Ok(Some(if self.layout.transposed { y.transpose()? } else { y }));
            }
        }
        Err(internal("no quiet pattern detects an unsolvable board"))
    }
}
