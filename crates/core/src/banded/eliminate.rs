//! The elimination itself, column by column inside the band.
//!
//! Row `r` joins the *active* rows at the step of its first non-zero column `lo(r)`. Every
//! active row at column `k` has its non-zeros in `k .. k + W`, W the widest row span
//! `hi(r) - lo(r) + 1`: a row joins with its own span, and the pivot rows added to it joined no
//! later and end no further. So each active row lives in a ring of `C = ceil(W / 64) + 1` words
//! indexed by absolute word mod `C` (words left behind are zero and get reused), and adding one
//! row to another is a plain XOR of word slices, no shifts.
//!
//! Rows wait in buckets by their leading column, so step `k` touches only the rows whose
//! leading column is `k`: the shortest of them (least fill) becomes the pivot, the others get
//! it added and move to the bucket of their new leading column, or die when they become zero
//! (each dead row is a left null vector). The pivot rows are the rows of U; the slots that
//! received each pivot are recorded as a bit mask (the multipliers of L), so that
//! [`super::record`] can replay the elimination on a board.
//!
//! Eliminating eight columns at a time with a table of pivot sums (Four Russians style) was
//! measured too: the rows here are short, a few words past the pivot, so the bookkeeping per
//! row dominates and it was about 10% slower.

use super::budget::Budget;
use super::record::{xor_into, Gf2Band, Mask, Pivot, Schedule, NONE};
use crate::error::Result;
use crate::features::with_features;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

impl Gf2Band {
    /// Eliminate the matrix whose row `r` has its non-zero columns (sorted) in
    /// `row_cols[row_start[r]..row_start[r + 1]]`, all in the new numbering.
    pub(crate) fn factor(
        rows: usize,
        cols: usize,
        row_start: &[usize],
        row_cols: &[u32],
        budget: &mut Budget,
    ) -> Result<Gf2Band> {
        let Schedule { width, intro_start, intro_rows, empty_rows } = Schedule::of(rows, cols, row_start, row_cols);
        let ring = width.div_ceil(64) + 1;
        Self::start(budget, rows, cols, width)?;

        let mut band = Gf2Band {
            rows,
            cols,
            width,
            intro_start,
            intro_rows,
            slot_of_row: vec![NONE; rows],
            empty_rows,
            pivot_of_col: vec![NONE; cols],
            pivots: Vec::new(),
            u_words: Vec::new(),
            mask_words: Vec::new(),
            dead: Vec::new(),
            slots: 0,
        };
        eliminate(&mut band, ring, row_start, row_cols, budget)?;
        Ok(band)
    }
}

/// The active rows of a band elimination (GF(2)'s and Z_p's): rings of `ring` words (64
/// entries a word over GF(2), one entry over Z_p), one per slot, the last column each may
/// reach, and the link to the next row of the same bucket. Slots of dead rows and used pivots
/// are reused, lowest first. `LATEST` is the rule between rows that reach equally far: the one
/// put into the bucket last becomes the pivot (Z_p), else the first (GF(2)).
pub(super) struct Pool<W, const LATEST: bool> {
    ring: usize,
    pub(super) words: Vec<W>,
    pub(super) hi: Vec<u32>,
    pub(super) next: Vec<u32>,
    pub(super) free: BinaryHeap<Reverse<u32>>,
}

impl<W: Copy + Default, const LATEST: bool> Pool<W, LATEST> {
    pub(super) fn new(ring: usize) -> Self {
        Pool { ring, words: Vec::new(), hi: Vec::new(), next: Vec::new(), free: BinaryHeap::new() }
    }
    /// A slot for a row joining, its ring cleared.
    pub(super) fn alloc(&mut self, budget: &mut Budget) -> Result<u32> {
        if let Some(Reverse(s)) = self.free.pop() {
            let r = s as usize * self.ring;
            self.words[r..r + self.ring].fill(W::default());
            return Ok(s);
        }
        budget.charge("the active rows of the band", (self.ring * std::mem::size_of::<W>()) as u64 + 8)?;
        self.words.resize(self.words.len() + self.ring, W::default());
        self.hi.push(0);
        self.next.push(NONE);
        Ok(self.hi.len() as u32 - 1)
    }
    pub(super) fn ring_of(&mut self, s: u32) -> &mut [W] {
        let r = s as usize * self.ring;
        &mut self.words[r..r + self.ring]
    }
    /// Put slot `s` into a bucket, keeping its shortest row (and how far that one reaches,
    /// `u32::MAX` for an empty bucket) up to date; without branches, as which row is shortest
    /// is unpredictable.
    #[inline(always)]
    pub(super) fn push(&mut self, bucket: &mut Bucket, s: u32) {
        let hi = self.hi[s as usize];
        let shorter = if LATEST { hi <= bucket.shortest_hi } else { hi < bucket.shortest_hi };
        bucket.shortest = if shorter { s } else { bucket.shortest };
        bucket.shortest_hi = hi.min(bucket.shortest_hi);
        self.next[s as usize] = bucket.head;
        bucket.head = s;
    }
}

/// The rows whose leading column is one column: a list through [`Pool::next`], and the row of
/// the list that reaches least far (the next pivot: the least fill).
#[derive(Clone, Copy)]
pub(super) struct Bucket {
    pub(super) head: u32,
    pub(super) shortest: u32,
    shortest_hi: u32,
}

impl Bucket {
    pub(super) const EMPTY: Bucket = Bucket { head: NONE, shortest: NONE, shortest_hi: u32::MAX };
}

with_features! {
    /// Eliminate every column of `band` (set up by [`Gf2Band::factor`]), filling in its record:
    /// [`eliminate_generic`], with AVX2 where the processor has it.
    pub(super) fn eliminate(band: &mut Gf2Band, ring: usize, row_start: &[usize], row_cols: &[u32], budget: &mut Budget)
        -> Result<()> = eliminate_generic if ["avx2"]
}

#[inline(always)]
fn eliminate_generic(
    band: &mut Gf2Band,
    ring: usize,
    row_start: &[usize],
    row_cols: &[u32],
    budget: &mut Budget,
) -> Result<()> {
    let mut pool = Pool::<u64, false>::new(ring);
    // Leading columns of active rows lie in k .. k + W: one bucket each, reused in a ring.
    let nb = band.width + 1;
    let mut buckets = vec![Bucket::EMPTY; nb];
    let mut pivot_row = vec![0u64; ring];
    let mut mask: Vec<u64> = Vec::new();
    for k in 0..band.cols {
        if k % 256 == 0 {
            crate::interrupt::check()?;
        }
        for i in band.intro_start[k]..band.intro_start[k + 1] {
            let r = band.intro_rows[i] as usize;
            let s = pool.alloc(budget)?;
            let cells = &row_cols[row_start[r]..row_start[r + 1]];
            let words = pool.ring_of(s);
            for &c in cells {
                words[(c as usize / 64) % ring] |= 1u64 << (c % 64);
            }
            pool.hi[s as usize] = *cells.last().unwrap();
            band.slot_of_row[r] = s;
            pool.push(&mut buckets[k % nb], s);
        }
        let bucket = std::mem::replace(&mut buckets[k % nb], Bucket::EMPTY);
        let (first, p) = (bucket.head, bucket.shortest);
        if first == NONE {
            continue; // a free column
        }
        let (w_lo, p_hi) = (k / 64, pool.hi[p as usize]);
        let len = p_hi as usize / 64 - w_lo + 1;
        let base = w_lo % ring;
        let split = len.min(ring - base);
        {
            let words = pool.ring_of(p);
            pivot_row[..split].copy_from_slice(&words[base..base + split]);
            pivot_row[split..len].copy_from_slice(&words[..len - split]);
        }
        budget.charge("the rows of U in the band", len as u64 * 8 + std::mem::size_of::<Pivot<Mask>>() as u64)?;
        let u_off = band.u_words.len();
        band.u_words.extend_from_slice(&pivot_row[..len]);
        let (mut m_lo, mut m_hi) = (usize::MAX, 0usize);
        let mut s = first;
        while s != NONE {
            let si = s as usize;
            let next = pool.next[si];
            if s != p {
                let w = si / 64;
                if w >= mask.len() {
                    mask.resize(w + 1, 0);
                }
                mask[w] |= 1u64 << (si % 64);
                (m_lo, m_hi) = (m_lo.min(w), m_hi.max(w));
                let hi = pool.hi[si].max(p_hi);
                pool.hi[si] = hi;
                let words = &mut pool.words[si * ring..(si + 1) * ring];
                xor_into(&mut words[base..base + split], &pivot_row[..split]);
                xor_into(&mut words[..len - split], &pivot_row[split..len]);
                match first_set(words, w_lo, hi as usize / 64, ring) {
                    Some(lead) => pool.push(&mut buckets[lead % nb], s),
                    None => {
                        band.dead.push((k as u32, s));
                        pool.free.push(Reverse(s));
                    }
                }
            }
            s = next;
        }
        let m_off = band.mask_words.len();
        let (m_w0, m_len) = if m_lo == usize::MAX { (0, 0) } else { (m_lo, m_hi - m_lo + 1) };
        budget.charge("the multipliers of the band elimination", m_len as u64 * 8)?;
        band.mask_words.extend_from_slice(&mask[m_w0..m_w0 + m_len]);
        mask[m_w0..m_w0 + m_len].fill(0);
        let m = Mask { m_off, m_w0: m_w0 as u32, m_len: m_len as u32 };
        Pivot::push(&mut band.pivots, &mut band.pivot_of_col, k, p, (u_off, len), m);
        pool.free.push(Reverse(p));
    }
    band.slots = pool.hi.len();
    band.u_words.shrink_to_fit();
    band.mask_words.shrink_to_fit();
    Ok(())
}

/// The first set bit of a ring row among absolute words `from ..= to`, as an absolute column.
#[inline(always)]
fn first_set(words: &[u64], from: usize, to: usize, ring: usize) -> Option<usize> {
    let mut pos = from % ring;
    for w in from..=to {
        let x = words[pos];
        if x != 0 {
            return Some(w * 64 + x.trailing_zeros() as usize);
        }
        pos += 1;
        if pos == ring {
            pos = 0;
        }
    }
    None
}
