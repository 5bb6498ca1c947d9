//! The banded elimination over Z_p for any prime p: the same schedule, buckets and ring rows as
//! the GF(2) engine ([`super::eliminate`]), with one `u32` per entry and the multipliers of L
//! kept as `(slot, multiplier)` pairs. Memory is about `4 N W` bytes for the rows of U, 32
//! times the bit-packed engine, so it suits boards up to a few hundred thousand lights.

use super::budget::Budget;
use super::eliminate::{Bucket, Pool};
use super::record::{free_columns, Pivot, Schedule, Witness, NONE};
use crate::error::Result;
use crate::field::{Field, Zp};
use std::cmp::Reverse;

/// What a Z_p pivot adds to its column, slot and row of U (entries of `u_vals`).
#[derive(Clone, Debug)]
struct Multipliers {
    /// `inverse of U[col][col]`.
    inv: u32,
    /// The slots that received the pivot: `(slot, m)` meaning `row[slot] -= m * pivot`.
    l_off: usize,
    l_len: u32,
}

/// The record of one elimination over Z_p.
#[derive(Clone, Debug)]
pub(crate) struct ZpBand {
    field: Zp,
    rows: usize,
    cols: usize,
    schedule: Schedule,
    slot_of_row: Vec<u32>,
    pivot_of_col: Vec<u32>,
    pivots: Vec<Pivot<Multipliers>>,
    u_vals: Vec<u32>,
    l_pairs: Vec<(u32, u32)>,
    dead: Vec<(u32, u32)>,
    slots: usize,
}

impl ZpBand {
    /// Eliminate the matrix whose row `r` has non-zero columns `row_cols[row_start[r]..]` (sorted)
    /// with values `row_vals[..]` in `1..p`, all in the new numbering.
    pub(crate) fn factor(
        field: Zp,
        rows: usize,
        cols: usize,
        row_start: &[usize],
        row_cols: &[u32],
        row_vals: &[u32],
        budget: &mut Budget,
    ) -> Result<ZpBand> {
        let schedule = Schedule::of(rows, cols, row_start, row_cols);
        let ring = schedule.width;
        // Measured (docs/BENCHMARKS.md): about N W^2 / 10 ns over Z_3; 1/4 leaves a margin.
        let per_pivot = ring as u64 * 4 + std::mem::size_of::<Pivot<Multipliers>>() as u64;
        let u_rows = "the rows of U in the band (at most W entries of 4 bytes per pivot)";
        budget.start_band((rows, cols), ring, 0.25, per_pivot, u_rows)?;
        let mut band = ZpBand {
            field,
            rows,
            cols,
            slot_of_row: vec![NONE; rows],
            pivot_of_col: vec![NONE; cols],
            pivots: Vec::new(),
            u_vals: Vec::new(),
            l_pairs: Vec::new(),
            dead: Vec::new(),
            slots: 0,
            schedule,
        };
        band.eliminate(ring, row_start, row_cols, row_vals, budget)?;
        Ok(band)
    }

    fn eliminate(
        &mut self,
        ring: usize,
        row_start: &[usize],
        row_cols: &[u32],
        row_vals: &[u32],
        budget: &mut Budget,
    ) -> Result<()> {
        let f = self.field;
        let z = f.arith();
        // Active rows: `ring` entries per slot, entry of column c at c % ring.
        let mut pool = Pool::<u32, true>::new(ring);
        let nb = ring + 1;
        let mut buckets = vec![Bucket::EMPTY; nb];
        let mut pivot_row = vec![0u32; ring];
        for k in 0..self.cols {
            if k % 256 == 0 {
                crate::interrupt::check()?;
            }
            for i in self.schedule.intro_start[k]..self.schedule.intro_start[k + 1] {
                let r = self.schedule.intro_rows[i] as usize;
                let s = pool.alloc(budget)?;
                let row = pool.ring_of(s);
                for (&c, &v) in row_cols[row_start[r]..row_start[r + 1]].iter().zip(&row_vals[row_start[r]..]) {
                    row[c as usize % ring] = v;
                }
                pool.hi[s as usize] = row_cols[row_start[r + 1] - 1];
                pool.push(&mut buckets[k % nb], s);
                self.slot_of_row[r] = s;
            }
            let bucket = std::mem::replace(&mut buckets[k % nb], Bucket::EMPTY);
            let (first, p) = (bucket.head, bucket.shortest);
            if first == NONE {
                continue; // a free column
            }
            let p_hi = pool.hi[p as usize] as usize;
            let len = p_hi - k + 1;
            {
                let row = pool.ring_of(p);
                for (j, out) in pivot_row[..len].iter_mut().enumerate() {
                    *out = row[(k + j) % ring];
                }
            }
            let inv = f.inv(pivot_row[0]).expect("a pivot entry is non-zero");
            budget.charge(
                "the rows of U in the band",
                len as u64 * 4 + std::mem::size_of::<Pivot<Multipliers>>() as u64,
            )?;
            let u_off = self.u_vals.len();
            self.u_vals.extend_from_slice(&pivot_row[..len]);
            let l_off = self.l_pairs.len();
            let mut s = first;
            while s != NONE {
                let si = s as usize;
                let nxt = pool.next[si];
                if s != p {
                    let row = &mut pool.words[si * ring..(si + 1) * ring];
                    let m = f.mul(row[k % ring], inv);
                    let neg_m = f.neg(m);
                    let base = k % ring;
                    let split = len.min(ring - base);
                    z.axpy(&mut row[base..base + split], neg_m, &pivot_row[..split]);
                    z.axpy(&mut row[..len - split], neg_m, &pivot_row[split..len]);
                    self.l_pairs.push((s, m));
                    let hi = pool.hi[si].max(p_hi as u32);
                    pool.hi[si] = hi;
                    let lead = (k + 1..=hi as usize).zip((base + 1..ring).chain(0..)).find(|&(_, i)| row[i] != 0);
                    match lead.map(|(c, _)| c) {
                        Some(lead) => pool.push(&mut buckets[lead % nb], s),
                        None => {
                            self.dead.push((k as u32, s));
                            pool.free.push(Reverse(s));
                        }
                    }
                }
                s = nxt;
            }
            let l_len = self.l_pairs.len() - l_off;
            budget.charge("the multipliers of the band elimination", l_len as u64 * 8)?;
            let m = Multipliers { inv, l_off, l_len: l_len as u32 };
            Pivot::push(&mut self.pivots, &mut self.pivot_of_col, k, p, (u_off, len), m);
            pool.free.push(Reverse(p));
        }
        self.slots = pool.hi.len();
        self.u_vals.shrink_to_fit();
        self.l_pairs.shrink_to_fit();
        Ok(())
    }

    pub(crate) fn rank(&self) -> usize {
        self.pivots.len()
    }
    pub(crate) fn width(&self) -> usize {
        self.schedule.width
    }
    pub(crate) fn slots(&self) -> usize {
        self.slots
    }
    pub(crate) fn factor_bytes(&self) -> usize {
        self.u_vals.len() * 4 + self.l_pairs.len() * 8 + self.pivots.len() * std::mem::size_of::<Pivot<Multipliers>>()
    }
    pub(crate) fn left_nullity(&self) -> usize {
        self.dead.len() + self.schedule.empty_rows.len()
    }
    pub(crate) fn witness_index(&self, witness: &Witness) -> usize {
        match *witness {
            Witness::Dead(i) => i,
            Witness::Empty(r) => self.dead.len() + self.schedule.empty_rows.iter().position(|&e| e == r).unwrap_or(0),
        }
    }

    fn intro(&self, k: usize) -> &[u32] {
        &self.schedule.intro_rows[self.schedule.intro_start[k]..self.schedule.intro_start[k + 1]]
    }

    /// Run the elimination on a right-hand side `c` (new row numbering): the value each pivot
    /// row ends with, or the first left null vector that `c` violates.
    pub(crate) fn replay(&self, c: &[u32]) -> std::result::Result<Vec<u32>, Witness> {
        let f = self.field;
        if let Some(&r) = self.schedule.empty_rows.iter().find(|&&r| c[r as usize] != 0) {
            return Err(Witness::Empty(r));
        }
        let mut v = vec![0u32; self.slots];
        let mut t = vec![0u32; self.pivots.len()];
        let mut dead = 0;
        for k in 0..self.cols {
            for &r in self.intro(k) {
                v[self.slot_of_row[r as usize] as usize] = c[r as usize];
            }
            let i = self.pivot_of_col[k];
            if i != NONE {
                let piv = &self.pivots[i as usize];
                let value = v[piv.slot as usize];
                t[i as usize] = value;
                if value != 0 {
                    for &(s, m) in &self.l_pairs[piv.m.l_off..piv.m.l_off + piv.m.l_len as usize] {
                        v[s as usize] = f.sub(v[s as usize], f.mul(m, value));
                    }
                }
            }
            while dead < self.dead.len() && self.dead[dead].0 as usize == k {
                if v[self.dead[dead].1 as usize] != 0 {
                    return Err(Witness::Dead(dead));
                }
                dead += 1;
            }
        }
        Ok(t)
    }

    /// The left null vector behind a witness (new row numbering): `y M = 0`, and `y·c` is the
    /// non-zero value the witness saw.
    pub(crate) fn left_null_vector(&self, witness: &Witness) -> Vec<u32> {
        let f = self.field;
        let mut y = vec![0u32; self.rows];
        let (step, slot) = match *witness {
            Witness::Empty(r) => {
                y[r as usize] = 1;
                return y;
            }
            Witness::Dead(i) => self.dead[i],
        };
        // The transposed replay: w_before[pivot] = w[pivot] - sum of m * w[slot] over its pairs.
        let mut w = vec![0u32; self.slots];
        w[slot as usize] = 1;
        for k in (0..=step as usize).rev() {
            let i = self.pivot_of_col[k];
            if i != NONE {
                let piv = &self.pivots[i as usize];
                let mut acc = w[piv.slot as usize];
                for &(s, m) in &self.l_pairs[piv.m.l_off..piv.m.l_off + piv.m.l_len as usize] {
                    acc = f.sub(acc, f.mul(m, w[s as usize]));
                }
                w[piv.slot as usize] = acc;
            }
            for &r in self.intro(k) {
                let s = self.slot_of_row[r as usize] as usize;
                y[r as usize] = w[s];
                w[s] = 0;
            }
        }
        y
    }

    pub(crate) fn obstruction_vals(&self, i: usize) -> Vec<u32> {
        if i < self.dead.len() {
            self.left_null_vector(&Witness::Dead(i))
        } else {
            self.left_null_vector(&Witness::Empty(self.schedule.empty_rows[i - self.dead.len()]))
        }
    }

    /// Back-substitution in U with pivot values `t` (none: zero) and the free columns set as in
    /// `x` on entry; only pivots `0..upto` are used.
    pub(crate) fn back_substitute(&self, t: Option<&[u32]>, x: &mut [u32], upto: usize) {
        let f = self.field;
        for i in (0..upto).rev() {
            let piv = &self.pivots[i];
            let k = piv.col as usize;
            let u = &self.u_vals[piv.u_off..piv.u_off + piv.u_len as usize];
            let mut acc = t.map_or(0, |t| t[i]);
            for (j, &uv) in u.iter().enumerate().skip(1) {
                if uv != 0 {
                    acc = f.sub(acc, f.mul(uv, x[k + j]));
                }
            }
            x[k] = f.mul(acc, piv.m.inv);
        }
    }

    /// The free columns (new numbering), increasing, each with the number of pivots before it.
    pub(crate) fn free_columns(&self) -> Vec<(usize, usize)> {
        free_columns(&self.pivot_of_col)
    }
}
