//! The Method of the Four Russians for bit-packed GF(2) matrices.
//!
//! Columns are processed one 64-bit word (a *pass*) at a time, half a word for small matrices.
//! In each pass up to 64 pivot rows are chosen and reduced against each other; they are split
//! into groups of at most [`K`] pivots whose columns lie in the same byte of the word, and for
//! each group a table of all `2^k` combinations of its rows is built in Gray-code order (one row
//! XOR per entry). Every other row is then cleared in the pass's pivot columns with one table
//! lookup per group, instead of one row XOR per pivot: about `K` times fewer passes over memory
//! than plain Gauss-Jordan elimination. The reduced form is reached by a second, cheaper sweep
//! from the last pass back to the first. The row updates take each row whole, as far as
//! [`STRIPE`] words (tables used one stripe at a time, so that they stay in the last-level
//! cache on very wide rows), and are split across threads when the work is large enough to pay
//! for it.
//!
//! The steps both fields share (pivots, backward sweep, threaded updates) are in
//! [`super::four_russians`]; this module brings GF(2)'s passes, windows and Gray-code tables.

use super::four_russians::{self, PackedField};
use super::gray_tables::{Tables, GROUPS, K};
use super::m4r_panel;
use super::par::xor_sources;
use crate::bitmatrix::{BitMatrix, PackedRows};

/// Words of a row handled at once in the row updates: a stripe of the tables takes
/// `8 x 256 x STRIPE` words (8 MiB), a quarter of a last-level cache of 32 MiB. Single passes
/// run on matrices of up to twice that cache (larger ones take panels, [`m4r_panel`]), where
/// the rows are best read whole: narrower stripes, sized for the second-level cache (64 words), read every
/// row in short pieces, one stripe after the other, and took about a half longer at
/// N = 10,000 (0.23 to 0.30 s against 0.17 to 0.19 s on one thread).
const STRIPE: usize = 512;
/// Matrices of fewer words than this (about 2000 x 2000) take passes of 32 columns.
const SMALL_WORDS: usize = 1 << 16;

/// Bring `m` to echelon form, pivoting in columns `0..pivot_cols`, and return the pivot columns.
/// With `full`, the echelon form is then reduced (rows above each pivot cleared), giving the
/// reduced row echelon form.
pub(crate) fn eliminate(m: &mut BitMatrix, pivot_cols: usize, full: bool) -> Vec<usize> {
    eliminate_with(m, pivot_cols, full, m4r_panel::PANEL_MIN_WORDS)
}

/// [`eliminate`], taking panels of several passes (see [`m4r_panel`]) while the rows still to
/// update hold at least `panel_min_words` words (tests lower it to reach that path on small
/// matrices).
pub(super) fn eliminate_with(m: &mut BitMatrix, pivot_cols: usize, full: bool, panel_min_words: usize) -> Vec<usize> {
    let (rows, wpr) = (m.rows(), m.words_per_row());
    let mut panel = m4r_panel::Panel::default();
    four_russians::eliminate(m.layout_mut(), pivot_cols, full, &mut |m, r, c, limit, passes, pivots| {
        let wide = c % 64 == 0 && (rows - r).saturating_mul(wpr - c / 64) >= panel_min_words;
        wide.then(|| panel.run(m, r, c, limit, passes, pivots))
    })
}

/// GF(2) on one plane: the window of a pass is its word, a pivot row is always monic, and row
/// subtraction is XOR.
impl PackedField for PackedRows<1> {
    type Window = u64;
    type Tables = Tables;

    #[inline]
    fn entry(&self, r: usize, c: usize) -> u32 {
        self.bit(r, 0, c) as u32
    }
    #[inline]
    fn sub_row(&mut self, src: usize, dst: usize, _: u32, from: usize) {
        self.xor_row_into_from(src, dst, from)
    }
    #[inline]
    fn make_monic(&mut self, _: usize, _: u32, _: usize) {}

    /// Passes of a whole word (half a word for small matrices, where reducing the pivot rows
    /// against each other weighs as much as the row updates), never across a word boundary.
    fn pass(&self, c: usize, limit: usize) -> (usize, usize, u64) {
        let pass = if self.rows().saturating_mul(self.words_per_row()) < SMALL_WORDS { 32 } else { 64 };
        let word = c / 64;
        let end = (c + pass).min(limit).min(word * 64 + 64);
        let mask = (if end - c == 64 { !0 } else { (1u64 << (end - c)) - 1 }) << (c % 64);
        (word * 64, end, mask)
    }
    #[inline]
    fn window(&self, r: usize, base: usize, mask: u64) -> u64 {
        self.words()[r * self.words_per_row() + base / 64] & mask
    }
    #[inline]
    fn support(v: u64) -> u64 {
        v
    }
    #[inline]
    fn clear(v: u64, j: u32, p: u64) -> u64 {
        if v >> j & 1 == 1 {
            v ^ p
        } else {
            v
        }
    }
    #[inline]
    fn monic(v: u64, _: u32) -> u64 {
        v
    }

    fn build(&self, tables: &mut Tables, r: usize, base: usize, bits: &[u32]) {
        tables.build(self, r, base / 64, self.words_per_row(), bits)
    }
    fn groups(tables: &Tables) -> usize {
        tables.groups.len()
    }
    #[inline(always)]
    fn update_chunk(tables: &Tables, chunk: &mut [u64], w: usize, base: usize, ranges: &[(usize, usize)]) {
        update_chunk(chunk, w, base / 64, tables, ranges)
    }
}

/// The row updates of one chunk of rows: look up every row's entries first (the pass word
/// changes as the row is updated), then XOR them in one stripe of columns at a time.
#[inline(always)]
fn update_chunk(chunk: &mut [u64], wpr: usize, word: usize, tables: &Tables, ranges: &[(usize, usize)]) {
    let w = tables.width;
    let mut todo: Vec<(usize, [usize; GROUPS])> = Vec::new();
    for (i, row) in chunk.chunks_exact(wpr).enumerate() {
        let v = row[word] & tables.mask;
        if v == 0 {
            continue;
        }
        let mut offsets = [0usize; GROUPS];
        for (o, g) in offsets.iter_mut().zip(&tables.groups) {
            *o = (g.offset + g.map[(v >> (g.byte * K as u32)) as u8 as usize] as usize) * w;
        }
        todo.push((i * wpr + word, offsets));
    }
    let many = tables.groups.len() > GROUPS / 2;
    for &(from, to) in ranges {
        for s0 in (from..to).step_by(STRIPE) {
            let len = STRIPE.min(to - s0);
            for (start, offsets) in &todo {
                let dst = &mut chunk[start + s0..start + s0 + len];
                xor_sources(dst, &tables.data, offsets, s0, many);
            }
        }
    }
}
