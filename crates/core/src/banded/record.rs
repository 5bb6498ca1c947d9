//! The record of a banded GF(2) elimination, and the replays that use it.
//!
//! The elimination ([`super::eliminate`]) keeps rows of U (each a bit-packed window starting
//! at its pivot's word) and, per pivot, the bit mask of the active slots that received it: the
//! GF(2) multipliers of L. Replaying the masks in column order on a board costs
//! `O(N * slots / 64)` word operations and gives the right-hand side of U, or the first dead
//! row (left null vector) that the board violates; the transposed replay, run backwards from
//! that dead row, recovers the left null vector itself (the obstruction). Back-substitution in
//! U gives solutions and the null basis.

use super::budget::Budget;
use crate::error::Result;

pub(super) const NONE: u32 = u32::MAX;

/// The free columns of an elimination that records each column's pivot row (or [`NONE`]),
/// increasing, each with the number of pivots before it.
pub(super) fn free_columns(pivot_of_col: &[u32]) -> Vec<(usize, usize)> {
    let mut before = 0;
    let mut out = Vec::new();
    for (k, &i) in pivot_of_col.iter().enumerate() {
        if i == NONE {
            out.push((k, before));
        } else {
            before += 1;
        }
    }
    out
}

/// One pivot of either engine: its column, the slot it occupied, its row of U and `m`, the
/// engine's record of the slots that received it ([`Mask`] over GF(2), `zp::Multipliers`).
#[derive(Clone, Debug)]
pub(super) struct Pivot<M> {
    pub(super) col: u32,
    pub(super) slot: u32,
    /// Row of U: `u_len` entries of the engine's store from `u_off`, column `col` first (over
    /// GF(2): words of `u_words`, absolute word `col / 64` first).
    pub(super) u_off: usize,
    pub(super) u_len: u32,
    pub(super) m: M,
}

impl<M> Pivot<M> {
    /// Appends the pivot of column `col` to `pivots` and notes its index in `pivot_of_col`.
    #[inline]
    pub(super) fn push(
        pivots: &mut Vec<Self>,
        pivot_of_col: &mut [u32],
        col: usize,
        slot: u32,
        u: (usize, usize),
        m: M,
    ) {
        pivot_of_col[col] = pivots.len() as u32;
        pivots.push(Pivot { col: col as u32, slot, u_off: u.0, u_len: u.1 as u32, m });
    }
}

/// GF(2) receiving slots: words `m_off .. m_off + m_len` of `mask_words`, slot word `m_w0` first.
#[derive(Clone, Debug)]
pub(super) struct Mask {
    pub(super) m_off: usize,
    pub(super) m_w0: u32,
    pub(super) m_len: u32,
}

/// The record of one elimination: everything needed to solve, check and explain boards.
#[derive(Clone, Debug)]
pub(crate) struct Gf2Band {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) width: usize,
    /// Rows in the order they join: `intro_rows[intro_start[k]..intro_start[k + 1]]` join at step k.
    pub(super) intro_start: Vec<usize>,
    pub(super) intro_rows: Vec<u32>,
    pub(super) slot_of_row: Vec<u32>,
    /// Rows with no non-zero entry: each is a left null vector on its own.
    pub(super) empty_rows: Vec<u32>,
    pub(super) pivot_of_col: Vec<u32>,
    pub(super) pivots: Vec<Pivot<Mask>>,
    pub(super) u_words: Vec<u64>,
    pub(super) mask_words: Vec<u64>,
    /// `(step, slot)` of every row that became zero, in step order.
    pub(super) dead: Vec<(u32, u32)>,
    pub(super) slots: usize,
}

/// Why a board has no solution: the left null vector that it violates.
pub(crate) enum Witness {
    /// Dead row number `i` (in step order).
    Dead(usize),
    /// The empty row `r` (new numbering) with a light on.
    Empty(u32),
}

/// When each row joins the elimination: at the step of its first non-zero column.
#[derive(Clone, Debug)]
pub(super) struct Schedule {
    /// The widest row span W (last minus first non-zero column, plus one).
    pub(super) width: usize,
    /// `intro_rows[intro_start[k]..intro_start[k + 1]]` join at step k.
    pub(super) intro_start: Vec<usize>,
    pub(super) intro_rows: Vec<u32>,
    /// Rows with no non-zero entry.
    pub(super) empty_rows: Vec<u32>,
}

impl Schedule {
    /// The schedule of the matrix whose row `r` has its non-zero columns (sorted) in
    /// `row_cols[row_start[r]..row_start[r + 1]]`.
    pub(super) fn of(rows: usize, cols: usize, row_start: &[usize], row_cols: &[u32]) -> Schedule {
        let span = |r: usize| {
            (row_start[r] < row_start[r + 1]).then(|| (row_cols[row_start[r]], row_cols[row_start[r + 1] - 1]))
        };
        let width = (0..rows).filter_map(span).map(|(lo, hi)| (hi - lo) as usize + 1).max().unwrap_or(1);
        let mut intro_start = vec![0usize; cols + 1];
        let mut empty_rows = Vec::new();
        for r in 0..rows {
            match span(r) {
                Some((lo, _)) => intro_start[lo as usize + 1] += 1,
                None => empty_rows.push(r as u32),
            }
        }
        for k in 0..cols {
            intro_start[k + 1] += intro_start[k];
        }
        let mut fill = intro_start.clone();
        let mut intro_rows = vec![0u32; intro_start[cols]];
        for r in 0..rows {
            if let Some((lo, _)) = span(r) {
                intro_rows[fill[lo as usize]] = r as u32;
                fill[lo as usize] += 1;
            }
        }
        Schedule { width, intro_start, intro_rows, empty_rows }
    }
}

impl Gf2Band {
    /// What the factorisation of a `rows x cols` band of row span `width` checks before it
    /// starts (its work, then its tables and the rows of U against `budget`), also what
    /// [`super::check_gf2_band`] checks from an estimate of the width before anything is built.
    pub(super) fn start(budget: &mut Budget, rows: usize, cols: usize, width: usize) -> Result<()> {
        let ring = width.div_ceil(64) + 1;
        // Measured (docs/BENCHMARKS.md): about N W^2 / 1100 ns, since about half of the W
        // possibly active rows are active and half of those hold the pivot; 1/512 leaves a margin.
        // Every pivot row of U has at most `ring` words: the worst case is checked before starting.
        budget.start_band(
            (rows, cols),
            width,
            1.0 / 512.0,
            ring as u64 * 8 + std::mem::size_of::<Pivot<Mask>>() as u64,
            "the rows of U in the band (at most one row of ceil(W / 64) + 1 words per pivot)",
        )
    }

    pub(crate) fn rank(&self) -> usize {
        self.pivots.len()
    }
    /// The widest row span W of the reordered matrix.
    pub(crate) fn width(&self) -> usize {
        self.width
    }
    /// Most rows active at once during the elimination.
    pub(crate) fn slots(&self) -> usize {
        self.slots
    }
    /// Bytes held by the factors (rows of U and the multipliers).
    pub(crate) fn factor_bytes(&self) -> usize {
        (self.u_words.len() + self.mask_words.len()) * 8 + self.pivots.len() * std::mem::size_of::<Pivot<Mask>>()
    }
    /// How many independent left null vectors the record names: rows - rank.
    pub(crate) fn left_nullity(&self) -> usize {
        self.dead.len() + self.empty_rows.len()
    }

    /// Run the elimination on a right-hand side `c` (bit `r` = entry of new row `r`): the value
    /// each pivot row ends with, or the first left null vector that `c` violates.
    pub(crate) fn replay(&self, c: &[u64]) -> std::result::Result<Vec<u64>, Witness> {
        if let Some(&r) = self.empty_rows.iter().find(|&&r| bit(c, r as usize)) {
            return Err(Witness::Empty(r));
        }
        let mut v = vec![0u64; self.slots.div_ceil(64)];
        let mut t = vec![0u64; self.pivots.len().div_ceil(64)];
        let mut dead = 0;
        for k in 0..self.cols {
            for &r in &self.intro_rows[self.intro_start[k]..self.intro_start[k + 1]] {
                set_bit(&mut v, self.slot_of_row[r as usize] as usize, bit(c, r as usize));
            }
            let i = self.pivot_of_col[k];
            if i != NONE {
                let piv = &self.pivots[i as usize];
                if bit(&v, piv.slot as usize) {
                    set_bit(&mut t, i as usize, true);
                    let m = &self.mask_words[piv.m.m_off..piv.m.m_off + piv.m.m_len as usize];
                    xor_into(&mut v[piv.m.m_w0 as usize..piv.m.m_w0 as usize + m.len()], m);
                }
            }
            while dead < self.dead.len() && self.dead[dead].0 as usize == k {
                if bit(&v, self.dead[dead].1 as usize) {
                    return Err(Witness::Dead(dead));
                }
                dead += 1;
            }
        }
        Ok(t)
    }

    /// The left null vector behind a witness, as bits over the new rows: `y` with `y M = 0`
    /// and `y·c = 1` for the board `c` that produced the witness.
    pub(crate) fn left_null_vector(&self, witness: &Witness) -> Vec<u64> {
        let mut y = vec![0u64; self.rows.div_ceil(64)];
        let (step, slot) = match *witness {
            Witness::Empty(r) => {
                set_bit(&mut y, r as usize, true);
                return y;
            }
            Witness::Dead(i) => self.dead[i],
        };
        // The transposed replay: carry the functional "value of this slot" back to the board.
        let mut w = vec![0u64; self.slots.div_ceil(64)];
        set_bit(&mut w, slot as usize, true);
        for k in (0..=step as usize).rev() {
            let i = self.pivot_of_col[k];
            if i != NONE {
                let piv = &self.pivots[i as usize];
                let m = &self.mask_words[piv.m.m_off..piv.m.m_off + piv.m.m_len as usize];
                let parity =
                    m.iter().zip(&w[piv.m.m_w0 as usize..]).map(|(a, b)| (a & b).count_ones()).sum::<u32>() & 1;
                set_bit(&mut w, piv.slot as usize, parity == 1);
            }
            for &r in &self.intro_rows[self.intro_start[k]..self.intro_start[k + 1]] {
                let s = self.slot_of_row[r as usize] as usize;
                set_bit(&mut y, r as usize, bit(&w, s));
                set_bit(&mut w, s, false);
            }
        }
        y
    }

    /// The number of a witness among the obstructions: dead rows first, then empty rows.
    pub(crate) fn witness_index(&self, witness: &Witness) -> usize {
        match *witness {
            Witness::Dead(i) => i,
            Witness::Empty(r) => self.dead.len() + self.empty_rows.iter().position(|&e| e == r).unwrap_or(0),
        }
    }

    /// The left null vector of dead row or empty row number `i` (`i < left_nullity()`).
    pub(crate) fn obstruction_bits(&self, i: usize) -> Vec<u64> {
        if i < self.dead.len() {
            self.left_null_vector(&Witness::Dead(i))
        } else {
            self.left_null_vector(&Witness::Empty(self.empty_rows[i - self.dead.len()]))
        }
    }

    /// Back-substitution: the solution (bits over new columns) with pivot values `t` and the
    /// free columns set as in `x` on entry (zero elsewhere). Only pivots `0..upto` are used.
    pub(crate) fn back_substitute(&self, t: Option<&[u64]>, x: &mut [u64], upto: usize) {
        for i in (0..upto).rev() {
            let piv = &self.pivots[i];
            let k = piv.col as usize;
            let u = &self.u_words[piv.u_off..piv.u_off + piv.u_len as usize];
            let parity = u.iter().zip(&x[k / 64..]).map(|(a, b)| (a & b).count_ones()).sum::<u32>() & 1;
            let value = (parity == 1) ^ t.is_some_and(|t| bit(t, i));
            set_bit(x, k, value);
        }
    }

    /// The free columns (new numbering), increasing, each with the number of pivots before it.
    pub(crate) fn free_columns(&self) -> Vec<(usize, usize)> {
        free_columns(&self.pivot_of_col)
    }
}

/// `dst ^= src`, word by word (vectorised by the compiler).
#[inline(always)]
pub(super) fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (a, b) in dst.iter_mut().zip(src) {
        *a ^= *b;
    }
}

#[inline(always)]
pub(crate) fn bit(v: &[u64], i: usize) -> bool {
    v[i / 64] >> (i % 64) & 1 == 1
}

#[inline(always)]
pub(crate) fn set_bit(v: &mut [u64], i: usize, on: bool) {
    let m = 1u64 << (i % 64);
    if on {
        v[i / 64] |= m;
    } else {
        v[i / 64] &= !m;
    }
}
