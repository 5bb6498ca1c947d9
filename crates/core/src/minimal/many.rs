//! Fewest presses for many boards at once, and random boards with their fewest-press solutions
//! (data sets and environments for learning agents).
//!
//! Both need the exact minimal press count of every board, quickly. A [`BatchMinimizer`] takes
//! a particular solution from the [`BatchSolver`] (or, for a random board, the presses that
//! made it) and searches its whole coset `s + span(quiet patterns)`: every one of the `p^U`
//! members, so each answer is proven optimal. Games whose cosets have more than
//! [`MAX_BATCH_COSET`] members are refused up front. Over GF(2) with at most 64 buttons every
//! quiet combination is listed once as a word, and a board costs `2^U` XOR-and-popcounts.
//!
//! Random boards are drawn in blocks of [`BLOCK_ROWS`] rows; block `b` uses its own ChaCha8
//! stream of the seed, so a data set is the same whatever the number of threads or the size of
//! the pieces it is asked for in.

use super::coset::CosetBasis;
use super::stats::{for_each_coset, work};
use super::{difficulty_walk, Budget, Method, MinimalSolution, EXHAUSTIVE_DIFFICULTY_WORK};
use crate::batch::{BatchError, BatchSolver, BoardLayout, Cell};
use crate::error::{Error, Result};
use crate::field::Field;
use crate::matrix::SparseMatrix;
use crate::solver::Solver;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The most coset members (`p^nullity`) a [`BatchMinimizer`] searches per board.
pub const MAX_BATCH_COSET: u64 = 1 << 16;

/// Rows per random block (one ChaCha8 stream each).
pub const BLOCK_ROWS: usize = 4096;

/// Uniform draws made to estimate how common a difficulty is.
const PILOT_DRAWS: usize = 1 << 16;

/// A difficulty seen fewer times than this in the pilot is drawn from a list of all its boards
/// (when the game is small enough to list them).
const RARE_HITS: usize = 256;

/// The most entries (`boards x buttons`) kept in such a list.
const MAX_LIST_ENTRIES: usize = 1 << 26;

/// How the quiet patterns are held for the coset searches.
#[derive(Debug, Clone)]
enum Quiet {
    /// GF(2) with at most 64 buttons: every member of the quiet span as a word, and M's columns.
    Word { span: Vec<u64>, columns: Vec<u64> },
    /// Any other game: the reduced quiet basis, searched exhaustively.
    General(CosetBasis),
}

/// A game's solver laid out for fewest-press answers in bulk (see the module docs).
///
/// ```
/// use lightsout_core::{minimal::{plus_grid, BatchMinimizer}, Modulus, Solver};
/// let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
/// let many = BatchMinimizer::new(&solver).unwrap();
/// let mut board = vec![0u8; 25];
/// for i in [7, 11, 12, 13, 17] {
///     board[i] = 1; // one press in the middle makes this
/// }
/// let (mut presses, mut distance, mut ok) = (vec![0u8; 25], [0u64], [false]);
/// let flat = lightsout_core::batch::BoardLayout { stride: 25, cell_of_light: vec![] };
/// many.minimal(&board, &flat, &mut presses, &mut distance, &mut ok).unwrap();
/// assert_eq!((ok[0], distance[0], presses[12]), (true, 1, 1));
/// ```
#[derive(Debug, Clone)]
pub struct BatchMinimizer {
    batch: BatchSolver,
    matrix: SparseMatrix,
    n: usize,
    p: u32,
    quiet: Quiet,
    /// `p^buttons`, saturated: whether every board can be listed.
    work: u128,
    solver: Solver,
}

/// Which boards a [`Sampler`] draws.
#[derive(Debug, Clone)]
enum Draw {
    /// Uniform presses, so uniform solvable boards.
    Uniform,
    /// Uniform boards kept only when their distance is `target`.
    Reject { target: u64, max_draws_per_row: u64 },
    /// One of the listed coset representatives (`n` entries each) of that distance.
    List { reps: Vec<u32> },
    /// The core's difficulty walk from a random pattern, for rare difficulties of games too
    /// large to list: the distance is exact, the draw not exactly uniform.
    Walk { target: u64 },
}

/// Draws random solvable boards of one game, optionally of one difficulty, with their
/// fewest-press solutions ([`BatchMinimizer::sampler`]).
#[derive(Debug, Clone)]
pub struct Sampler {
    draw: Draw,
}

impl BatchMinimizer {
    /// Lay out `solver` for bulk answers: an error when M is not square or a coset has more
    /// than [`MAX_BATCH_COSET`] members (then no board's distance comes cheaply and exactly),
    /// or when the [`BatchSolver`] refuses the game.
    pub fn new(solver: &Solver) -> Result<Self> {
        let (n, p) = (solver.buttons(), solver.modulus().get());
        if solver.lights() != n {
            return Err(Error::InvalidArgument(format!(
                "fewest presses in bulk need one button per light, not {} lights and {n} buttons",
                solver.lights()
            )));
        }
        let members = (p as u128).checked_pow(solver.nullity() as u32).unwrap_or(u128::MAX);
        crate::error::check_limit(
            "exact fewest presses in bulk",
            members,
            "solutions per board (p^nullity)",
            MAX_BATCH_COSET as u128,
        )?;
        let batch = BatchSolver::new(solver)?;
        let matrix = solver.matrix().clone();
        let quiet = if p == 2 && n <= 64 {
            let pack = |v: &[u32]| v.iter().enumerate().fold(0u64, |a, (j, &b)| a | ((b as u64 & 1) << j));
            let mut span = vec![0u64];
            for v in solver.null_basis() {
                let w = pack(&v);
                let more: Vec<u64> = span.iter().map(|&s| s ^ w).collect();
                span.extend(more);
            }
            let columns = matrix.columns().iter().map(|c| c.iter().fold(0u64, |a, &(l, _)| a | 1 << l)).collect();
            Quiet::Word { span, columns }
        } else {
            Quiet::General(CosetBasis::new(solver.modulus(), n, solver.null_basis())?)
        };
        Ok(BatchMinimizer { batch, matrix, n, p, quiet, work: work(solver), solver: solver.clone() })
    }

    /// Number of lights (and buttons).
    pub fn lights(&self) -> usize {
        self.n
    }

    /// The fewest-press member of `s + span(quiet)` (entries in `0..p`), in place; its weight.
    fn minimize(&self, s: &mut [u32]) -> Result<u64> {
        match &self.quiet {
            Quiet::Word { span, .. } => {
                let x = s.iter().enumerate().fold(0u64, |a, (j, &b)| a | ((b as u64) << j));
                let best = span.iter().map(|&q| x ^ q).min_by_key(|y| y.count_ones()).unwrap_or(x);
                s.iter_mut().enumerate().for_each(|(j, v)| *v = ((best >> j) & 1) as u32);
                Ok(best.count_ones() as u64)
            }
            Quiet::General(coset) => {
                let m = coset.minimal(s, &Budget::work_only(MAX_BATCH_COSET))?;
                debug_assert!(m.proven_optimal);
                s.copy_from_slice(&m.presses);
                Ok(m.weight)
            }
        }
    }

    /// The board that presses `s` turn off, `-M s`.
    fn board_of(&self, s: &[u32]) -> Result<Vec<u32>> {
        if let Quiet::Word { columns, .. } = &self.quiet {
            let b = s.iter().zip(columns).fold(0u64, |a, (&v, &c)| if v == 1 { a ^ c } else { a });
            return Ok((0..self.n).map(|l| ((b >> l) & 1) as u32).collect());
        }
        let f = self.matrix.modulus().field();
        Ok(self.matrix.mul_vec(s)?.into_iter().map(|x| f.neg(x)).collect())
    }

    /// Solve every board with the fewest presses: like [`BatchSolver::solve`] (same layout,
    /// checks and errors), and `distances[i]` is the exact minimal press count of board `i`
    /// (0 for an unsolvable board, whose presses are all zero).
    pub fn minimal<T: Cell>(
        &self,
        boards: &[T],
        layout: &BoardLayout,
        presses: &mut [T],
        distances: &mut [u64],
        solvable: &mut [bool],
    ) -> std::result::Result<(), BatchError> {
        if distances.len() != solvable.len() {
            let e = Error::DimensionMismatch { what: "distances", expected: solvable.len(), got: distances.len() };
            return Err(BatchError::Shape(e));
        }
        self.batch.solve(boards, layout, presses, solvable)?;
        let stride = layout.stride.max(1);
        let chunks = presses.chunks_mut(stride).zip(distances.iter_mut()).zip(solvable.iter());
        let mut s = vec![0u32; self.n];
        for ((row, d), &ok) in chunks {
            *d = 0;
            if ok {
                read_row(layout, row, &mut s);
                *d = self.minimize(&mut s).map_err(BatchError::Shape)?;
                write_row(layout, row, &s);
            }
        }
        Ok(())
    }

    /// A sampler of uniformly random solvable boards, or (with `difficulty`) of boards drawn
    /// uniformly among those whose fewest-press solution has exactly that many presses.
    ///
    /// A common difficulty is drawn by rejection from uniform boards. A rare one (seen fewer
    /// than 256 times in 65536 uniform draws) is drawn from a list of all its boards when the
    /// game has at most [`EXHAUSTIVE_DIFFICULTY_WORK`] coset members (an error names the
    /// range when no board has it). On larger games a rare difficulty comes from the core's
    /// random walk ([`difficulty_walk`]): exact, but not exactly uniform, and an error when
    /// the walk does not reach it.
    pub fn sampler(&self, difficulty: Option<u64>) -> Result<Sampler> {
        let Some(target) = difficulty else { return Ok(Sampler { draw: Draw::Uniform }) };
        let heaviest = self.n as u128 * (self.p as u128 - 1);
        if target as u128 > heaviest {
            return Err(Error::InvalidArgument(format!(
                "no board needs {target} presses: this game has {} buttons, so no solution weighs more than {heaviest}",
                self.n
            )));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_d1ff);
        let mut s = vec![0u32; self.n];
        let mut hits = 0;
        for _ in 0..PILOT_DRAWS {
            self.random_presses(&mut rng, &mut s);
            hits += (self.minimize(&mut s)? == target) as usize;
        }
        if hits >= RARE_HITS {
            let max_draws_per_row = (PILOT_DRAWS / hits) as u64 * 1024;
            return Ok(Sampler { draw: Draw::Reject { target, max_draws_per_row } });
        }
        if self.work > EXHAUSTIVE_DIFFICULTY_WORK as u128 {
            return Ok(Sampler { draw: Draw::Walk { target } });
        }
        let mut reps = Vec::new();
        let (mut too_many, mut hardest) = (false, 0);
        for_each_coset(&self.solver, &Budget::work_only(EXHAUSTIVE_DIFFICULTY_WORK), |w, rep| {
            hardest = hardest.max(w);
            if w == target && !too_many {
                reps.extend(rep());
                too_many = reps.len() > MAX_LIST_ENTRIES;
            }
        })?;
        if reps.is_empty() {
            return Err(Error::InvalidArgument(format!(
                "no solvable board of this game needs exactly {target} presses: fewest-press counts range from 0 to {hardest}"
            )));
        }
        if too_many {
            return Err(Error::TooLarge {
                what: "the list of boards of that difficulty",
                needed: reps.len() as u128,
                unit: "entries",
                limit: MAX_LIST_ENTRIES as u128,
            });
        }
        Ok(Sampler { draw: Draw::List { reps } })
    }

    /// A press pattern whose fewest-press count is `target`, by the core's difficulty walk.
    fn walk(&self, seed: u64, target: u64) -> Result<Vec<u32>> {
        let exact = |s: &[u32], _: &Budget| -> Result<MinimalSolution> {
            let mut presses = s.to_vec();
            let weight = self.minimize(&mut presses)?;
            let method = Method::GrayCode;
            Ok(MinimalSolution { presses, weight, proven_optimal: true, lower_bound: weight, explored: 0, method })
        };
        difficulty_walk(self.matrix.modulus(), self.n, seed, target, || Ok((exact, self.solver.nullity())))
    }

    /// Uniform presses in `0..p` into `s`.
    fn random_presses(&self, rng: &mut ChaCha8Rng, s: &mut [u32]) {
        if self.p == 2 && self.n <= 64 {
            let bits = rng.r#gen::<u64>();
            s.iter_mut().enumerate().for_each(|(j, v)| *v = ((bits >> j) & 1) as u32);
        } else {
            s.iter_mut().for_each(|v| *v = rng.gen_range(0..self.p));
        }
    }

    /// Fill `distances.len()` rows of random boards, fewest-press solutions and distances,
    /// starting at block `first_block` of the data set of `seed` (each of `boards` and `presses`
    /// holds `layout.stride` entries per row). Equal seeds give equal rows, however the rows
    /// are asked for, as long as every call but the last fills whole blocks. Blocks are split
    /// between the cores.
    #[allow(clippy::too_many_arguments)]
    pub fn fill<T: Cell>(
        &self,
        sampler: &Sampler,
        seed: u64,
        first_block: u64,
        layout: &BoardLayout,
        boards: &mut [T],
        presses: &mut [T],
        distances: &mut [u64],
    ) -> Result<()> {
        let rows = distances.len();
        let stride = layout.stride;
        let expected = rows.checked_mul(stride).ok_or_else(|| Error::InvalidArgument("too many rows".into()))?;
        for (what, got) in [("boards", boards.len()), ("presses", presses.len())] {
            if got != expected {
                return Err(Error::DimensionMismatch { what, expected, got });
            }
        }
        check_layout(layout, self.n)?;
        if rows == 0 {
            return Ok(());
        }
        let blocks = rows.div_ceil(BLOCK_ROWS);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(blocks).max(1);
        let per = blocks.div_ceil(threads) * BLOCK_ROWS;
        let work = |(i, rows): (usize, Rows<'_, T>)| {
            let first = first_block + (i * per / BLOCK_ROWS) as u64;
            self.fill_blocks(sampler, seed, first, layout, rows)
        };
        let parts = boards.chunks_mut(per * stride.max(1)).zip(presses.chunks_mut(per * stride.max(1)));
        let parts = parts.zip(distances.chunks_mut(per)).enumerate();
        if threads == 1 {
            return parts.map(work).collect();
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = parts.map(|part| scope.spawn(move || work(part))).collect();
            handles.into_iter().map(|h| h.join().expect("a data set worker does not panic")).collect()
        })
    }

    /// [`BatchMinimizer::fill`] of the rows `((boards, presses), distances)` from block `first_block`
    /// on, on this thread.
    fn fill_blocks<T: Cell>(
        &self,
        sampler: &Sampler,
        seed: u64,
        first_block: u64,
        layout: &BoardLayout,
        ((boards, presses), distances): Rows<'_, T>,
    ) -> Result<()> {
        let stride = layout.stride.max(1);
        let mut s = vec![0u32; self.n];
        for (k, ((bs, ss), ds)) in boards
            .chunks_mut(BLOCK_ROWS * stride)
            .zip(presses.chunks_mut(BLOCK_ROWS * stride))
            .zip(distances.chunks_mut(BLOCK_ROWS))
            .enumerate()
        {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(first_block + k as u64);
            for ((b, p), d) in bs.chunks_mut(stride).zip(ss.chunks_mut(stride)).zip(ds.iter_mut()) {
                let mut draws = 0u64;
                *d = loop {
                    match &sampler.draw {
                        Draw::List { reps } => {
                            let i = rng.gen_range(0..reps.len() / self.n);
                            s.copy_from_slice(&reps[i * self.n..(i + 1) * self.n]);
                        }
                        Draw::Walk { target } => s.copy_from_slice(&self.walk(rng.r#gen(), *target)?),
                        _ => self.random_presses(&mut rng, &mut s),
                    }
                    let board = self.board_of(&s)?;
                    let w = self.minimize(&mut s)?;
                    if let Draw::Reject { target, max_draws_per_row } = &sampler.draw {
                        draws += 1;
                        if w != *target {
                            if draws >= *max_draws_per_row {
                                return Err(Error::InvalidArgument(format!(
                                    "no board needing {target} presses in {draws} random boards"
                                )));
                            }
                            continue;
                        }
                    }
                    write_row(layout, b, &board);
                    break w;
                };
                write_row(layout, p, &s);
            }
        }
        Ok(())
    }
}

/// Rows of a data set being filled: `((boards, presses), distances)`.
type Rows<'a, T> = ((&'a mut [T], &'a mut [T]), &'a mut [u64]);

fn check_layout(layout: &BoardLayout, n: usize) -> Result<()> {
    let map = &layout.cell_of_light;
    let ok = if map.is_empty() {
        layout.stride == n
    } else {
        map.len() == n && map.windows(2).all(|w| w[0] < w[1]) && map.last().is_none_or(|&c| c < layout.stride)
    };
    if !ok {
        return Err(Error::InvalidArgument(format!(
            "the layout must hold {n} lights: a stride of {n}, or every light at an increasing position below the stride"
        )));
    }
    Ok(())
}

fn read_row<T: Cell>(layout: &BoardLayout, row: &[T], s: &mut [u32]) {
    for (l, v) in s.iter_mut().enumerate() {
        let at = if layout.cell_of_light.is_empty() { l } else { layout.cell_of_light[l] };
        *v = row[at].to_u32().unwrap_or(0);
    }
}

/// Write light values into a stored row; holes get 0.
fn write_row<T: Cell>(layout: &BoardLayout, row: &mut [T], s: &[u32]) {
    if layout.cell_of_light.is_empty() {
        row.iter_mut().zip(s).for_each(|(r, &v)| *r = T::from_u32(v));
    } else {
        row.iter_mut().for_each(|r| *r = T::from_u32(0));
        for (&at, &v) in layout.cell_of_light.iter().zip(s) {
            row[at] = T::from_u32(v);
        }
    }
}

impl From<Error> for BatchError {
    fn from(e: Error) -> Self {
        BatchError::Shape(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimal::{minimal_solution, plus_grid};
    use crate::Modulus;

    fn flat(n: usize) -> BoardLayout {
        BoardLayout { stride: n, cell_of_light: vec![] }
    }

    /// Every row: the board is solvable, the presses solve it, and the distance is the exact
    /// minimal weight found by the one-board search.
    fn check_rows(rows: usize, cols: usize, p: u64, difficulty: Option<u64>) {
        let solver = Solver::new(&plus_grid(rows, cols, Modulus::new(p).unwrap()).unwrap()).unwrap();
        let many = BatchMinimizer::new(&solver).unwrap();
        let n = rows * cols;
        let count = 300;
        let (mut b, mut s, mut d) = (vec![0u32; count * n], vec![0u32; count * n], vec![0u64; count]);
        let sampler = many.sampler(difficulty).unwrap();
        many.fill(&sampler, 9, 0, &flat(n), &mut b, &mut s, &mut d).unwrap();
        for i in 0..count {
            let (board, presses) = (&b[i * n..(i + 1) * n], &s[i * n..(i + 1) * n]);
            assert_eq!(solver.apply(board, presses).unwrap(), vec![0; n]);
            let best = minimal_solution(&solver, board, &Budget::default()).unwrap();
            assert_eq!(best.weight, d[i]);
            assert_eq!(presses.iter().map(|&x| x as u64).sum::<u64>(), d[i]);
            if let Some(t) = difficulty {
                assert_eq!(d[i], t);
            }
        }
        // Solving the boards back gives the same distances.
        let (mut s2, mut d2, mut ok) = (vec![0u32; count * n], vec![0u64; count], vec![false; count]);
        many.minimal(&b, &flat(n), &mut s2, &mut d2, &mut ok).unwrap();
        assert!(ok.iter().all(|&x| x));
        assert_eq!(d2, d);
    }

    #[test]
    fn rows_are_exact() {
        check_rows(5, 5, 2, None);
        check_rows(4, 4, 2, Some(3)); // common
        check_rows(5, 5, 2, Some(15)); // rare: listed
        check_rows(3, 3, 3, None);
        check_rows(9, 9, 2, None); // more than 64 buttons
        check_rows(2, 3, 5, Some(4));
        check_rows(6, 6, 2, Some(2)); // rare, and 2^36 press patterns: walked
    }

    #[test]
    fn seeds_and_pieces_give_the_same_rows() {
        let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
        let many = BatchMinimizer::new(&solver).unwrap();
        let sampler = many.sampler(None).unwrap();
        let count = 3 * BLOCK_ROWS + 5;
        let run = |pieces: &[usize]| {
            let mut out = Vec::new();
            let mut block = 0;
            for &rows in pieces {
                let (mut b, mut s, mut d) = (vec![0u8; rows * 25], vec![0u8; rows * 25], vec![0u64; rows]);
                many.fill(&sampler, 4, block, &flat(25), &mut b, &mut s, &mut d).unwrap();
                out.extend(b);
                block += (rows / BLOCK_ROWS) as u64;
            }
            out
        };
        let whole = run(&[count]);
        assert_eq!(whole, run(&[BLOCK_ROWS, 2 * BLOCK_ROWS + 5]));
        let mut other = vec![0u8; 8 * 25];
        many.fill(&sampler, 5, 0, &flat(25), &mut other, &mut vec![0u8; 8 * 25], &mut [0; 8]).unwrap();
        assert_ne!(&whole[..8 * 25], &other[..]);
    }

    #[test]
    fn impossible_and_oversized_requests_are_errors() {
        let solver = Solver::new(&plus_grid(5, 5, Modulus::TWO).unwrap()).unwrap();
        let many = BatchMinimizer::new(&solver).unwrap();
        assert!(many.sampler(Some(16)).unwrap_err().to_string().contains("15"));
        assert!(many.sampler(Some(26)).is_err());
        let big = Solver::new(&plus_grid(16, 16, Modulus::TWO).unwrap()).unwrap(); // nullity 8: fine
        assert!(BatchMinimizer::new(&big).is_ok());
        let blank = crate::SparseMatrix::from_press_sets(Modulus::TWO, 17, vec![vec![]; 17]).unwrap();
        let err = BatchMinimizer::new(&Solver::new(&blank).unwrap()).unwrap_err(); // 2^17 solutions a board
        assert!(err.to_string().contains("65536"), "{err}");
        let bad = BoardLayout { stride: 24, cell_of_light: vec![] };
        let sampler = many.sampler(None).unwrap();
        assert!(many.fill(&sampler, 1, 0, &bad, &mut [0u8; 24], &mut [0u8; 24], &mut [0]).is_err());
        many.fill::<u8>(&sampler, 1, 0, &flat(25), &mut [], &mut [], &mut []).unwrap(); // no rows
        let zero = BoardLayout { stride: 0, cell_of_light: vec![] };
        assert!(many.fill::<u8>(&sampler, 1, 0, &zero, &mut [], &mut [], &mut [0; 3]).is_err());
    }
}
