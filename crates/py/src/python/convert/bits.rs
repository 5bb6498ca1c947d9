//! A GF(2) board read straight into packbits rows (see [`gather_bits`](super::gather_bits)) or
//! into the words of a packed grid board ([`gather_words`](super::gather_words)) by core's one
//! reader of entries into bits ([`lightsout_core::pack::Block::read_bits`]): what is numpy's
//! here is only the walk over the planes of an N-dimensional array and its strides.

use super::Reader;
use lightsout_core::pack::{Block, Entry, PackbitsRows, WordRows};

/// The reading of [`gather_bits`](super::gather_bits).
pub(super) struct Bits;

impl Reader<u8> for Bits {
    fn read<T: Entry>(&self, block: Block<'_, T>, out: &mut [u8], row_bytes: usize) -> Result<(), (usize, T)> {
        debug_assert_eq!(out.len() % row_bytes.max(1), 0, "whole packbits rows");
        block.read_bits(&mut PackbitsRows::new(out, block.shape().1))
    }
}

/// The reading of [`gather_words`](super::gather_words).
pub(super) struct Words;

impl Reader<u64> for Words {
    fn read<T: Entry>(&self, block: Block<'_, T>, out: &mut [u64], row_words: usize) -> Result<(), (usize, T)> {
        debug_assert_eq!(out.len() % row_words.max(1), 0, "whole rows of words");
        block.read_bits(&mut WordRows::new(out, block.shape().1))
    }
}
