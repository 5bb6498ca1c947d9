//! Solving many boards of one game at once.
//!
//! Why it lives here: every front end that takes boards in bulk (the Python `lightsout.solve_many`
//! today; the C ABI or the command line just the same) needs the same layout and the same range
//! checks, so the work is done once in the core and the bindings only convert their arrays to slices.
//!
//! The solver's pseudoinverse W and its obstructions Y are laid out light by light, so a board
//! is solved by adding up the columns of its lit lights: `s = W(-b)`, and the board is
//! solvable iff `Y b = 0`. Over GF(2) each column is a few 64-bit words (solution bits followed
//! by obstruction bits) and a board costs one XOR per lit light and word; other moduli use one
//! `u64` accumulator per button and obstruction. Boards are split between the cores.

use crate::{Error, Result, RingSolver, Solver};

/// The most entries `lights x (buttons + obstructions)` a [`BatchSolver`] lays out densely.
pub const MAX_BATCH_ENTRIES: u128 = 1 << 28;

/// An error if a layout of `lights x width` entries exceeds [`MAX_BATCH_ENTRIES`].
fn check_entries(lights: usize, width: usize) -> Result<()> {
    let entries = lights as u128 * width as u128;
    crate::error::check_limit("the batch solver's dense pseudoinverse", entries, "entries", MAX_BATCH_ENTRIES)
}

/// Boards per thread below which splitting the work costs more than it saves.
const MIN_BOARDS_PER_THREAD: usize = 2048;

/// One entry of a board as stored by the caller (any integer type or `bool`, such as a numpy
/// dtype on the Python side), so boards are read in place without converting them first.
pub trait Cell: Copy + Send + Sync {
    /// The entry as a light state, `None` if it is negative or does not fit a `u32`.
    fn to_u32(self) -> Option<u32>;
    /// A light state (or press count) `v < p` in this type; callers ensure `p - 1` fits.
    fn from_u32(v: u32) -> Self;
    /// The entry exactly, for error messages.
    fn to_i128(self) -> i128;
}

macro_rules! cell_int {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            #[inline]
            fn to_u32(self) -> Option<u32> {
                u32::try_from(self).ok()
            }
            #[inline]
            fn from_u32(v: u32) -> Self {
                v as $t
            }
            #[inline]
            fn to_i128(self) -> i128 {
                self as i128
            }
        }
    )*};
}
cell_int!(u8, u16, u32, u64, i8, i16, i32, i64);

impl Cell for bool {
    #[inline]
    fn to_u32(self) -> Option<u32> {
        Some(self as u32)
    }
    #[inline]
    fn from_u32(v: u32) -> Self {
        v != 0
    }
    #[inline]
    fn to_i128(self) -> i128 {
        self as i128
    }
}

/// An entry that is not a light state: which board, which position in it, and its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadEntry {
    /// The board (0-based, in batch order).
    pub board: usize,
    /// The position inside the board as stored (a cell index when boards have holes).
    pub position: usize,
    /// The offending value.
    pub value: i128,
}

/// Why a batch could not be solved: the arrays do not fit the game, or an entry is bad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchError {
    /// The slice lengths or the layout do not match the game (the message says how).
    Shape(Error),
    /// An entry is not a light state (or a hole holds a non-zero value).
    Entry(BadEntry),
}

impl BatchError {
    /// The same error with its board counted from `first` on: for a batch solved in chunks,
    /// where each chunk numbers its boards from 0.
    pub fn offset(self, first: usize) -> Self {
        match self {
            BatchError::Entry(mut bad) => {
                bad.board += first;
                BatchError::Entry(bad)
            }
            shape => shape,
        }
    }
}

impl From<BadEntry> for BatchError {
    fn from(bad: BadEntry) -> Self {
        BatchError::Entry(bad)
    }
}

/// How one board is stored: `stride` entries per board; light `l` is at `cell_of_light[l]`
/// (all other positions are holes and must hold 0), or at `l` when `cell_of_light` is empty.
#[derive(Debug, Clone, Default)]
pub struct BoardLayout {
    /// Entries per board.
    pub stride: usize,
    /// Position of each light inside a board; empty means light `l` is at position `l`.
    pub cell_of_light: Vec<usize>,
}

#[derive(Debug, Clone)]
enum Kernel {
    /// Column `l` is `words` words: bits `0..buttons` are `W[.., l]`, then one bit per obstruction.
    Gf2 { words: usize, columns: Vec<u64> },
    /// Column `l` is `buttons + obstructions` values in `0..p`.
    Generic { columns: Vec<u32> },
}

/// A game's solver laid out for solving many boards (see the module docs).
///
/// ```
/// use lightsout_core::{minimal::plus_grid, Modulus, Solver};
/// use lightsout_core::batch::{BatchSolver, BoardLayout};
/// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
/// let batch = BatchSolver::new(&solver).unwrap();
/// let boards: Vec<u8> = (0..4).flat_map(|i| solver.random_solvable(i)).map(|v| v as u8).collect();
/// let mut presses = vec![0u8; boards.len()];
/// let mut solvable = vec![false; 4];
/// let layout = BoardLayout { stride: 25, cell_of_light: vec![] };
/// batch.solve(&boards, &layout, &mut presses, &mut solvable).unwrap();
/// assert!(solvable.iter().all(|&s| s));
/// assert_eq!(&presses[..25], &solver.solve(&boards[..25].iter().map(|&v| v as u32).collect::<Vec<_>>()).unwrap()
///     .iter().map(|&v| v as u8).collect::<Vec<_>>()[..]);
/// ```
#[derive(Debug, Clone)]
pub struct BatchSolver {
    lights: usize,
    buttons: usize,
    obstructions: usize,
    p: u32,
    kernel: Kernel,
}

impl BatchSolver {
    /// Lay out `solver`'s pseudoinverse and obstructions; an error above [`MAX_BATCH_ENTRIES`].
    pub fn new(solver: &Solver) -> Result<Self> {
        let (lights, buttons) = (solver.lights(), solver.buttons());
        check_entries(lights, buttons + lights - solver.rank())?;
        Self::lay_out(lights, buttons, solver.modulus().get(), &solver.pseudoinverse()?, &solver.obstructions())
    }

    /// The same over Z_k for any k, from the ring solver: the field layout for a prime k; for a
    /// composite k its pseudoinverse over Z_k (which exists iff every elementary divisor is a
    /// unit or zero in each prime-power factor, always for a squarefree k; otherwise the error
    /// of [`RingSolver::pseudoinverse`]) and its obstructions over Z_k (a board is solvable iff
    /// each has a zero product with it).
    ///
    /// ```
    /// use lightsout_core::{minimal::plus_grid, batch::{BatchSolver, BoardLayout}, Modulus, RingSolver};
    /// let ring = RingSolver::new(&plus_grid(4, 4, Modulus::ring(6).unwrap()).unwrap()).unwrap();
    /// let batch = BatchSolver::from_ring(&ring).unwrap();
    /// let board = ring.random_solvable(3);
    /// let (mut presses, mut ok) = (vec![0u32; 16], vec![false]);
    /// batch.solve(&board, &BoardLayout { stride: 16, cell_of_light: vec![] }, &mut presses, &mut ok).unwrap();
    /// assert!(ok[0] && presses == ring.solve(&board).unwrap());
    /// ```
    pub fn from_ring(ring: &RingSolver) -> Result<Self> {
        if let Some(s) = ring.field_solver() {
            return Self::new(s);
        }
        let (lights, buttons) = (ring.lights(), ring.buttons());
        // The obstructions over Z_k number at most the lights (each factor's at most its own).
        let factors = ring.modulus().factors().len();
        check_entries(lights, buttons + lights * factors)?;
        let w = ring.pseudoinverse()?;
        Self::lay_out(lights, buttons, ring.modulus().get(), &w, &ring.obstructions())
    }

    fn lay_out(lights: usize, buttons: usize, p: u32, w: &crate::Matrix, y: &[Vec<u32>]) -> Result<Self> {
        let obstructions = y.len();
        let width = buttons + obstructions;
        check_entries(lights, width)?;
        let value = |l: usize, k: usize| if k < buttons { w.get(k, l) } else { y[k - buttons][l] };
        let kernel = if p == 2 {
            let words = width.div_ceil(64).max(1);
            let mut columns = vec![0u64; lights * words];
            for l in 0..lights {
                for k in 0..width {
                    if value(l, k) != 0 {
                        columns[l * words + k / 64] |= 1 << (k % 64);
                    }
                }
            }
            Kernel::Gf2 { words, columns }
        } else {
            let mut columns = vec![0u32; lights * width];
            for l in 0..lights {
                for k in 0..width {
                    columns[l * width + k] = value(l, k);
                }
            }
            Kernel::Generic { columns }
        };
        Ok(BatchSolver { lights, buttons, obstructions, p, kernel })
    }

    /// Solve every board of `boards` (`solvable.len()` boards of `layout.stride` entries each)
    /// into `presses` (same layout, holes set to 0). An unsolvable board gets all-zero presses
    /// and `false` in `solvable`. The first entry that is not in `0..p` (or a non-zero hole)
    /// is an error naming it; `presses` and `solvable` are then unspecified.
    ///
    /// Slice lengths or a layout that do not fit this game are a [`BatchError::Shape`] error
    /// (`boards` and `presses` must hold `solvable.len() * layout.stride` entries;
    /// `layout.cell_of_light` must be empty with a stride of one entry per light, or name every
    /// light by a distinct position inside the stride).
    pub fn solve<T: Cell>(
        &self,
        boards: &[T],
        layout: &BoardLayout,
        presses: &mut [T],
        solvable: &mut [bool],
    ) -> std::result::Result<(), BatchError> {
        let count = solvable.len();
        self.check_shapes(boards.len(), layout, presses.len(), count).map_err(BatchError::Shape)?;
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = threads.min(count / MIN_BOARDS_PER_THREAD).max(1);
        if threads == 1 || layout.stride == 0 {
            return self.solve_range(boards, layout, presses, solvable, 0).map_err(BatchError::Entry);
        }
        let per = count.div_ceil(threads);
        let results: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = boards
                .chunks(per * layout.stride)
                .zip(presses.chunks_mut(per * layout.stride))
                .zip(solvable.chunks_mut(per))
                .enumerate()
                .map(|(i, ((b, s), ok))| scope.spawn(move || self.solve_range(b, layout, s, ok, i * per)))
                .collect();
            handles.into_iter().map(|h| h.join().expect("batch worker panicked")).collect()
        });
        results.into_iter().collect::<std::result::Result<(), BadEntry>>().map_err(BatchError::Entry)
    }

    fn check_shapes(&self, boards: usize, layout: &BoardLayout, presses: usize, count: usize) -> Result<()> {
        let mismatch = |what, expected, got| Err(Error::DimensionMismatch { what, expected, got });
        let expected = count.checked_mul(layout.stride).ok_or_else(|| {
            Error::InvalidArgument(format!("{count} boards of {} entries overflow memory", layout.stride))
        })?;
        if boards != expected {
            return mismatch("boards", expected, boards);
        }
        if presses != expected {
            return mismatch("presses", expected, presses);
        }
        if layout.cell_of_light.is_empty() {
            if layout.stride != self.lights {
                return mismatch("every board", self.lights, layout.stride);
            }
        } else {
            if layout.cell_of_light.len() != self.lights {
                return mismatch("the layout's cells of lights", self.lights, layout.cell_of_light.len());
            }
            let sorted = layout.cell_of_light.windows(2).all(|w| w[0] < w[1]);
            if !sorted || layout.cell_of_light.last().is_some_and(|&c| c >= layout.stride) {
                return Err(Error::InvalidArgument(format!(
                    "the layout must name every light by an increasing position below the stride {}",
                    layout.stride
                )));
            }
        }
        Ok(())
    }

    fn solve_range<T: Cell>(
        &self,
        boards: &[T],
        layout: &BoardLayout,
        presses: &mut [T],
        solvable: &mut [bool],
        first: usize,
    ) -> std::result::Result<(), BadEntry> {
        if let (Kernel::Gf2 { words: 1, columns }, true) =
            (&self.kernel, layout.cell_of_light.is_empty() && self.buttons == self.lights)
        {
            return self.solve_gf2_one_word(columns, boards, presses, solvable, first);
        }
        let stride = layout.stride;
        let map = &layout.cell_of_light;
        let mut values = vec![0u32; self.lights];
        let mut acc = vec![0u64; self.buttons + self.obstructions];
        for (i, ((board, out), ok)) in
            boards.chunks_exact(stride).zip(presses.chunks_exact_mut(stride)).zip(solvable.iter_mut()).enumerate()
        {
            let bad = |position: usize, v: T| BadEntry { board: first + i, position, value: v.to_i128() };
            if map.is_empty() {
                for (l, (&v, slot)) in board.iter().zip(values.iter_mut()).enumerate() {
                    *slot = v.to_u32().filter(|&x| x < self.p).ok_or_else(|| bad(l, v))?;
                }
            } else {
                for (position, &v) in board.iter().enumerate() {
                    if v.to_u32() != Some(0) {
                        // Checked again below when it is a light; a hole must hold 0.
                        if map.binary_search(&position).is_err() {
                            return Err(bad(position, v));
                        }
                    }
                }
                for (l, slot) in values.iter_mut().enumerate() {
                    let v = board[map[l]];
                    *slot = v.to_u32().filter(|&x| x < self.p).ok_or_else(|| bad(map[l], v))?;
                }
            }
            *ok = self.solve_one(&values, &mut acc);
            for (c, &a) in acc[..self.buttons].iter().enumerate() {
                let at = if map.is_empty() { c } else { map[c] };
                out[at] = T::from_u32(if *ok { a as u32 } else { 0 });
            }
            if !map.is_empty() {
                // Holes stay 0; `out` may hold anything from the caller.
                let mut next = 0;
                for (position, slot) in out.iter_mut().enumerate() {
                    if next < map.len() && map[next] == position {
                        next += 1;
                    } else {
                        *slot = T::from_u32(0);
                    }
                }
            }
        }
        Ok(())
    }

    /// The common case of small GF(2) games without holes: each column is one word, a board
    /// is one pass of branch-free masked XORs, and the range check is one OR per entry (the
    /// slow path finds the bad entry only when there is one).
    fn solve_gf2_one_word<T: Cell>(
        &self,
        columns: &[u64],
        boards: &[T],
        presses: &mut [T],
        solvable: &mut [bool],
        first: usize,
    ) -> std::result::Result<(), BadEntry> {
        let n = self.lights;
        let obstruction_mask =
            if self.obstructions == 0 { 0 } else { (!0u64 >> (64 - self.obstructions)) << self.buttons };
        for (i, ((board, out), ok)) in
            boards.chunks_exact(n).zip(presses.chunks_exact_mut(n)).zip(solvable.iter_mut()).enumerate()
        {
            let mut sum = 0u64;
            let mut high = 0u32;
            for (&v, &col) in board.iter().zip(columns) {
                let x = v.to_u32().unwrap_or(u32::MAX);
                high |= x;
                sum ^= col & 0u64.wrapping_sub((x & 1) as u64);
            }
            if high > 1 {
                let (position, &v) =
                    board.iter().enumerate().find(|(_, v)| v.to_u32().is_none_or(|x| x > 1)).expect("an entry above 1");
                return Err(BadEntry { board: first + i, position, value: v.to_i128() });
            }
            *ok = sum & obstruction_mask == 0;
            let s = if *ok { sum } else { 0 };
            for (c, slot) in out.iter_mut().enumerate() {
                *slot = T::from_u32(((s >> c) & 1) as u32);
            }
        }
        Ok(())
    }

    /// Presses for one board (values in `0..p`) into `acc[..buttons]`; whether it is solvable.
    fn solve_one(&self, values: &[u32], acc: &mut [u64]) -> bool {
        match &self.kernel {
            Kernel::Gf2 { words, columns } => {
                let words = *words;
                let mut bits = [0u64; 4];
                let mut big = Vec::new();
                let sum: &mut [u64] = if words <= 4 {
                    &mut bits[..words]
                } else {
                    big.resize(words, 0);
                    &mut big
                };
                for (l, &v) in values.iter().enumerate() {
                    if v != 0 {
                        for (s, &c) in sum.iter_mut().zip(&columns[l * words..(l + 1) * words]) {
                            *s ^= c;
                        }
                    }
                }
                for (k, a) in acc.iter_mut().enumerate() {
                    *a = (sum[k / 64] >> (k % 64)) & 1;
                }
                acc[self.buttons..].iter().all(|&a| a == 0)
            }
            Kernel::Generic { columns } => {
                let (p, z) = (self.p as u64, crate::arith::Fp::new(self.p));
                let width = acc.len();
                acc.fill(0);
                // Each term is below (p-1)^2 + 1; reduce only when the next terms could overflow.
                let max_term = (p - 1) * (p - 1);
                let budget = (u64::MAX - (p - 1)) / max_term.max(1);
                let mut pending = 0u64;
                for (l, &v) in values.iter().enumerate() {
                    if v != 0 {
                        if pending == budget {
                            acc.iter_mut().for_each(|a| *a = z.reduce(*a) as u64);
                            pending = 0;
                        }
                        pending += 1;
                        for (a, &c) in acc.iter_mut().zip(&columns[l * width..(l + 1) * width]) {
                            *a += c as u64 * v as u64;
                        }
                    }
                }
                acc.iter_mut().for_each(|a| *a = z.reduce(*a) as u64);
                let ok = acc[self.buttons..].iter().all(|&a| a == 0);
                for a in &mut acc[..self.buttons] {
                    *a = z.neg(*a as u32) as u64; // s = W(-b)
                }
                ok
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal::plus_grid;
    use crate::Modulus;

    fn check_against_solver(rows: usize, cols: usize, p: u64, boards: usize) {
        let solver = Solver::new(&plus_grid(rows, cols, Modulus::new(p).unwrap()).unwrap()).unwrap();
        let batch = BatchSolver::new(&solver).unwrap();
        let n = rows * cols;
        // Half solvable boards, half arbitrary ones (which may not be).
        let mut data: Vec<u32> = Vec::new();
        for i in 0..boards as u64 {
            if i % 2 == 0 {
                data.extend(solver.random_solvable(i));
            } else {
                // Test data: plain `%`, independent of the arithmetic under test.
                data.extend((0..n as u64).map(|j| ((i * 7919 + j * 104_729) % p) as u32));
            }
        }
        let mut presses = vec![0u32; data.len()];
        let mut ok = vec![false; boards];
        batch.solve(&data, &BoardLayout { stride: n, cell_of_light: vec![] }, &mut presses, &mut ok).unwrap();
        for b in 0..boards {
            let board = &data[b * n..(b + 1) * n];
            match solver.solve(board) {
                Ok(s) => {
                    assert!(ok[b]);
                    assert_eq!(&presses[b * n..(b + 1) * n], &s[..]);
                }
                Err(_) => {
                    assert!(!ok[b]);
                    assert!(presses[b * n..(b + 1) * n].iter().all(|&x| x == 0));
                }
            }
        }
    }

    #[test]
    fn gf2_matches_the_solver() {
        check_against_solver(5, 5, 2, 64);
        check_against_solver(9, 9, 2, 40); // more than one word per column
        check_against_solver(4, 5, 2, 5000); // split between threads
    }

    #[test]
    fn zp_matches_the_solver() {
        check_against_solver(5, 5, 3, 64);
        check_against_solver(3, 4, 5, 64);
        check_against_solver(2, 3, 7, 5000);
        check_against_solver(3, 3, 65_537, 64); // reduced every few terms
        check_against_solver(2, 3, 2_147_483_647, 64); // the largest modulus
    }

    #[test]
    fn bad_entries_are_named() {
        let solver = Solver::new(&plus_grid(2, 2, Modulus::TWO).unwrap()).unwrap();
        let batch = BatchSolver::new(&solver).unwrap();
        let boards: Vec<i32> = vec![0, 1, 1, 0, 1, 0, -1, 0];
        let mut out = vec![0i32; 8];
        let err = batch.solve(&boards, &BoardLayout { stride: 4, cell_of_light: vec![] }, &mut out, &mut [false; 2]);
        assert_eq!(err, Err(BatchError::Entry(BadEntry { board: 1, position: 2, value: -1 })));
        let boards: Vec<u8> = vec![0, 2, 0, 0];
        let err = batch.solve(&boards, &BoardLayout { stride: 4, cell_of_light: vec![] }, &mut [0u8; 4], &mut [false]);
        assert_eq!(err, Err(BatchError::Entry(BadEntry { board: 0, position: 1, value: 2 })));
    }

    #[test]
    fn shapes_that_do_not_fit_are_errors() {
        let solver = Solver::new(&plus_grid(2, 2, Modulus::TWO).unwrap()).unwrap();
        let batch = BatchSolver::new(&solver).unwrap();
        let flat = BoardLayout { stride: 4, cell_of_light: vec![] };
        let shape_error = |r: std::result::Result<(), BatchError>| matches!(r, Err(BatchError::Shape(_)));
        assert!(shape_error(batch.solve(&[0u8; 7], &flat, &mut [0u8; 7], &mut [false; 2])));
        assert!(shape_error(batch.solve(&[0u8; 8], &flat, &mut [0u8; 4], &mut [false; 2])));
        let short = BoardLayout { stride: 3, cell_of_light: vec![] };
        assert!(shape_error(batch.solve(&[0u8; 3], &short, &mut [0u8; 3], &mut [false; 1])));
        let outside = BoardLayout { stride: 4, cell_of_light: vec![0, 1, 2, 9] };
        assert!(shape_error(batch.solve(&[0u8; 4], &outside, &mut [0u8; 4], &mut [false; 1])));
    }

    #[test]
    fn holes_are_skipped_and_must_be_zero() {
        // Lights at positions 0, 2, 3 of a 2x2 array (position 1 is a hole).
        let sets = vec![vec![0, 2], vec![1], vec![0, 2]];
        let m = crate::SparseMatrix::from_press_sets(Modulus::TWO, 3, sets).unwrap();
        let solver = Solver::new(&m).unwrap();
        let batch = BatchSolver::new(&solver).unwrap();
        let layout = BoardLayout { stride: 4, cell_of_light: vec![0, 2, 3] };
        let mut out = vec![9u8; 4];
        let mut ok = [false];
        batch.solve(&[1u8, 0, 0, 1], &layout, &mut out, &mut ok).unwrap();
        let direct = solver.solve(&[1, 0, 1]).unwrap();
        assert!(ok[0]);
        assert_eq!(out, vec![direct[0] as u8, 0, direct[1] as u8, direct[2] as u8]);
        let err = batch.solve(&[0u8, 1, 0, 0], &layout, &mut out, &mut ok);
        assert_eq!(err, Err(BatchError::Entry(BadEntry { board: 0, position: 1, value: 1 })));
    }
}
