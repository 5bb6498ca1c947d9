use super::*;
use std::result::Result;

/// Entry by entry: the bits of a `rows x cols` block at `first + r * rs + c * cs` of `buf`, or
/// the first bad entry in C order.
fn slow<T: Entry>(
    buf: &[T],
    first: usize,
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
) -> Result<Vec<Vec<u8>>, (usize, String)> {
    let mut out = vec![vec![0u8; cols]; rows];
    for r in 0..rows {
        for c in 0..cols {
            let v = buf[(first as isize + r as isize * rs + c as isize * cs) as usize];
            let b: u64 = v.bits().into();
            if b > 1 {
                return Err((r * cols + c, v.text()));
            }
            out[r][c] = b as u8;
        }
    }
    Ok(out)
}

/// The block read into words and into packbits bytes, both turned back into rows of 0/1.
fn both<T: Entry>(block: &Block<'_, T>, rows: usize, cols: usize) -> Result<Vec<Vec<u8>>, (usize, String)> {
    let mut words = vec![0u64; rows * cols.div_ceil(64)];
    let mut bytes = vec![0u8; rows * cols.div_ceil(8)];
    let a = block.read_bits(&mut WordRows::new(&mut words, cols)).map_err(|(i, v)| (i, v.text()));
    let b = block.read_bits(&mut PackbitsRows::new(&mut bytes, cols)).map_err(|(i, v)| (i, v.text()));
    assert_eq!(a, b, "the two outputs' errors");
    a?;
    let from_words: Vec<Vec<u8>> = (0..rows)
        .map(|r| (0..cols).map(|c| (words[r * cols.div_ceil(64) + c / 64] >> (c % 64)) as u8 & 1).collect())
        .collect();
    let from_bytes: Vec<Vec<u8>> = (0..rows)
        .map(|r| (0..cols).map(|c| (bytes[r * cols.div_ceil(8) + c / 8] >> (7 - c % 8)) & 1).collect())
        .collect();
    assert_eq!(from_words, from_bytes);
    // Bits past the last column stay 0 in both.
    for r in 0..rows {
        if cols % 64 != 0 {
            assert_eq!(words[(r + 1) * cols.div_ceil(64) - 1] >> (cols % 64), 0);
        }
        if cols % 8 != 0 {
            assert_eq!(bytes[(r + 1) * cols.div_ceil(8) - 1] & (0xff >> (cols % 8)), 0);
        }
    }
    Ok(from_words)
}

/// Every layout the reader takes (C order, every other entry, Fortran order, other strides,
/// negative ones) of one type agrees with entry by entry, with and without a bad entry.
fn layouts<T: Entry>(make: impl Fn(u64) -> T, bad: T) {
    // (16,500 rows: more than one strip of a Fortran-order read; 1,100 columns: more than one
    // group of squares side by side, the last cut short.)
    for (rows, cols) in [(1, 1), (1, 70), (3, 17), (65, 130), (70, 64), (130, 200), (2100, 70), (16500, 3), (130, 1100)]
    {
        // A buffer twice as wide and high as the block, so that every layout fits in it.
        let (h, w) = (2 * rows + 1, 2 * cols + 1);
        let values: Vec<u64> = (0..h * w).map(|i| ((i as u64).wrapping_mul(2654435761) >> 13) & 1).collect();
        let mut buf: Vec<T> = values.iter().map(|&v| make(v)).collect();
        let c_last = (rows - 1) * w + 2 * (cols - 1);
        let layouts: [(usize, isize, isize); 8] = [
            (0, cols as isize, 1),         // C order, contiguous
            (0, w as isize, 2),            // every other entry
            (0, 1, h as isize),            // Fortran order
            (0, 2, 2 * h as isize),        // Fortran, every other row
            (c_last, -(w as isize), -2),   // both axes reversed
            (0, 3 * cols as isize, 3),     // entries 3 apart
            (cols - 1, cols as isize, -1), // C order, columns reversed
            (rows - 1, -1, h as isize),    // Fortran order, rows reversed
        ];
        for (k, &(first, rs, cs)) in layouts.iter().enumerate() {
            for poison in [None, Some(rows * cols / 2), Some(rows * cols - 1)] {
                let mut buf = buf.clone();
                let expected = {
                    if let Some(p) = poison {
                        let (r, c) = (p / cols, p % cols);
                        buf[(first as isize + r as isize * rs + c as isize * cs) as usize] = bad;
                    }
                    slow(&buf, first, rows, cols, rs, cs)
                };
                // SAFETY: every entry of the block is an entry of `buf`.
                let block = unsafe { Block::from_raw(buf.as_ptr().add(first), rows, cols, rs, cs) };
                assert_eq!(both(&block, rows, cols), expected, "{rows} x {cols}, layout {k}, bad at {poison:?}");
            }
        }
        buf.truncate(rows * cols);
        let block = Block::new(&buf, rows, cols).unwrap();
        assert_eq!(both(&block, rows, cols), slow(&buf, 0, rows, cols, cols as isize, 1));
    }
}

#[test]
fn every_width_and_layout_agrees_with_entry_by_entry() {
    layouts(|v| v as u8, 2u8);
    layouts(|v| v as i8, -1i8);
    // (A bool holds 0 or 1: nothing to poison it with.)
    layouts(|v| v == 1, true);
    layouts(|v| v as u16, 256u16);
    layouts(|v| v as i16, -2i16);
    layouts(|v| v as u32, 1 << 31);
    layouts(|v| v as i32, 3i32);
    layouts(|v| v as u64, u64::MAX);
    layouts(|v| v as i64, i64::MIN);
}

#[test]
fn packed_boards_from_bytes_split_across_threads_name_the_first_bad_entry() {
    let (rows, cols) = (1500, 1000);
    assert!(rows * cols >= PARALLEL_ENTRIES);
    let bytes: Vec<u8> = (0..rows * cols).map(|i| ((i * 2654435761) >> 9) as u8 & 1).collect();
    let board = crate::structured::PackedBoard::from_bytes("lights", rows, cols, &bytes).unwrap();
    assert_eq!(board.to_values(), bytes.iter().map(|&b| b as u32).collect::<Vec<_>>());
    let mut bad = bytes.clone();
    bad[rows * cols - 5] = 9;
    bad[1_000_077] = 3;
    let e = crate::structured::PackedBoard::from_bytes("lights", rows, cols, &bad).unwrap_err();
    assert_eq!(e.to_string(), "lights[1000077] must be in 0 <= x < 2, not 3");
    let e = crate::structured::PackedBoard::from_bytes("lights", 3, 3, &[0; 8]).unwrap_err();
    assert_eq!(e.to_string(), "board bytes must have 9 entries, got 8");
}

/// Every square of a group, transposed side by side, agrees with the one-square transpose.
#[test]
fn the_square_transpose_agrees_with_the_bit_matrix_one() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..200 {
        let mut squares = [[0u64; 64]; SQUARES];
        for w in squares.iter_mut().flatten() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *w = x;
        }
        let mut group = [[0u64; SQUARES]; 64];
        for (k, words) in group.iter_mut().enumerate() {
            for (b, word) in words.iter_mut().enumerate() {
                *word = squares[b][k];
            }
        }
        transpose_group(&mut group);
        for (b, a) in squares.iter_mut().enumerate() {
            crate::bitmatrix::transpose64(a);
            let b: [u64; 64] = std::array::from_fn(|k| group[k][b]);
            assert_eq!(*a, b);
        }
    }
}
