//! The random presses of [`crate::field::random_presses`] over GF(2), bit-packed and drawn on
//! every thread: the same presses for the same seed, at the speed of the random stream.
//!
//! `random_presses` draws `gen_range(0..2)` for each light from ChaCha8 seeded with the seed.
//! That takes 32-bit words `v` of the stream until one has bit 30 clear (about two words a
//! light) and presses when that word's bit 31 is set. Whether a word is taken depends on that
//! word alone, so the stream can be cut into chunks that threads draw at once (ChaCha seeks to
//! any word): each chunk keeps the top bits of its taken words, and the chunks laid end to end
//! are the presses in light order. A 10^10-light board draws 80 GB of stream this way.

use super::PackedBoard;
use crate::features::with_features;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Stream words a thread draws at once at most (1 MB of stream, about 131,000 presses).
const CHUNK_WORDS: usize = 1 << 18;

/// For eight stream words (bit k of `taken` for word k), the top bits of the taken ones, first
/// in bit 0: `COMPRESS[taken][tops]`.
static COMPRESS: [[u8; 256]; 256] = {
    let mut table = [[0u8; 256]; 256];
    let mut taken = 0;
    while taken < 256 {
        let mut tops = 0;
        while tops < 256 {
            let (mut out, mut n, mut k) = (0u8, 0, 0);
            while k < 8 {
                if taken >> k & 1 == 1 {
                    out |= ((tops >> k & 1) as u8) << n;
                    n += 1;
                }
                k += 1;
            }
            table[taken][tops] = out;
            tops += 1;
        }
        taken += 1;
    }
    table
};

/// Bits appended one run at a time into whole words, the first in bit 0.
#[derive(Default)]
struct Bits {
    words: Vec<u64>,
    pending: u64,
    /// Bits in `pending`, always below 64.
    have: u32,
}

impl Bits {
    /// Append the low `count <= 64` bits of `bits` (the others zero).
    #[inline(always)]
    fn push(&mut self, bits: u64, count: u32) {
        self.pending |= bits << self.have;
        let total = self.have + count;
        if total >= 64 {
            self.words.push(self.pending);
            self.pending = if self.have == 0 { 0 } else { bits >> (64 - self.have) };
            self.have = total - 64;
        } else {
            self.have = total;
        }
    }

    /// The words and the number of bits in them.
    fn finish(mut self) -> (Vec<u64>, usize) {
        let len = self.words.len() * 64 + self.have as usize;
        if self.have > 0 {
            self.words.push(self.pending);
        }
        (self.words, len)
    }
}

/// The presses of stream words, eight at a time.
#[inline(always)]
fn take_portable(words: &[u32], out: &mut Bits) {
    for group in words.chunks(8) {
        let (mut tops, mut taken) = (0usize, 0usize);
        for (k, &v) in group.iter().enumerate() {
            tops |= ((v >> 31) as usize) << k;
            taken |= ((!v >> 30 & 1) as usize) << k;
        }
        out.push(COMPRESS[taken][tops] as u64, taken.count_ones());
    }
}

with_features! {
    /// [`take_portable`], with AVX2 where the processor has it.
    fn take(words: &[u32], out: &mut Bits) = take_portable if ["avx2"]
}

/// The presses that stream words `start..start + len` give.
fn chunk(seed: u64, start: u64, len: usize) -> (Vec<u64>, usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    rng.set_word_pos(start as u128);
    let mut buffer = [0u32; 1024];
    let mut out = Bits { words: Vec::with_capacity(len / 120 + 2), ..Bits::default() };
    let mut left = len;
    while left > 0 {
        let here = &mut buffer[..left.min(1024)];
        rng.fill(here);
        take(here, &mut out);
        left -= here.len();
    }
    out.finish()
}

/// Writes bits into the rows of a packed board in light order.
struct RowWriter<'a> {
    words: &'a mut [u64],
    per_row: usize,
    rows: usize,
    cols: usize,
    r: usize,
    c: usize,
}

impl RowWriter<'_> {
    fn done(&self) -> bool {
        self.r == self.rows
    }

    /// Write the low `count <= 64` bits of `bits` from the current light on (those past the
    /// last light are dropped).
    fn put(&mut self, mut bits: u64, mut count: u32) {
        while count > 0 && !self.done() {
            let take = (count as usize).min(self.cols - self.c).min(64 - self.c % 64) as u32;
            let mask = if take == 64 { u64::MAX } else { (1 << take) - 1 };
            self.words[self.r * self.per_row + self.c / 64] |= (bits & mask) << (self.c % 64);
            bits = if take == 64 { 0 } else { bits >> take };
            count -= take;
            self.c += take as usize;
            if self.c == self.cols {
                (self.r, self.c) = (self.r + 1, 0);
            }
        }
    }
}

/// Press into the dark `board` the presses of `random_presses(TWO, rows * cols, seed)`, drawn
/// in chunks of `chunk_words` stream words (the presses do not depend on it).
pub(super) fn fill(board: &mut PackedBoard, seed: u64, chunk_words: usize) {
    let (rows, cols) = (board.rows(), board.cols());
    if rows == 0 || cols == 0 {
        return;
    }
    let per_row = cols.div_ceil(64);
    let mut writer = RowWriter { words: board.words_mut(), per_row, rows, cols, r: 0, c: 0 };
    let threads = rayon::current_num_threads().max(1);
    let mut next = 0u64;
    while !writer.done() {
        // Enough chunks for the lights left on average (two words a light), as many as the
        // threads take at once.
        let left = (rows - writer.r) * cols - writer.c;
        let count = (left.saturating_mul(2) / chunk_words + 1).min(2 * threads);
        let chunks: Vec<(Vec<u64>, usize)> = (0..count as u64)
            .into_par_iter()
            .map(|j| chunk(seed, (next + j) * chunk_words as u64, chunk_words))
            .collect();
        next += count as u64;
        for (words, len) in chunks {
            for (i, &w) in words.iter().enumerate() {
                writer.put(w, (len - 64 * i).min(64) as u32);
            }
        }
    }
}

/// The chunk size for a board of `lights`: small boards draw little more than they need, large
/// ones [`CHUNK_WORDS`] at a time.
pub(super) fn chunk_words(lights: usize) -> usize {
    let threads = rayon::current_num_threads().max(1);
    (lights.saturating_mul(2) / (2 * threads) + 256).next_multiple_of(16).min(CHUNK_WORDS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{field, Modulus};

    #[test]
    fn the_presses_are_the_random_presses_whatever_the_chunks() {
        for (rows, cols) in [(1, 1), (3, 5), (7, 64), (5, 65), (13, 200), (40, 129), (1, 3000)] {
            for seed in [0, 1, 12345] {
                let expected = field::random_presses(Modulus::TWO, rows * cols, seed);
                for chunk_words in [1, 7, 16, 100, 1024, 4096, chunk_words(rows * cols)] {
                    let mut board = PackedBoard::zeros(rows, cols).unwrap();
                    fill(&mut board, seed, chunk_words);
                    assert_eq!(board.to_values(), expected, "{rows}x{cols}, seed {seed}, chunks of {chunk_words}");
                }
            }
        }
    }

    #[test]
    fn compress_keeps_the_taken_bits_in_order() {
        assert_eq!(COMPRESS[0b1111_1111][0b1010_0110], 0b1010_0110);
        assert_eq!(COMPRESS[0b0000_0000][0b1111_1111], 0);
        assert_eq!(COMPRESS[0b1000_0101][0b1000_0100], 0b110);
    }
}
