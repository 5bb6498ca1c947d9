//! Compact boards: one byte per light, one bit per light for GF(2) or two bits per light for
//! GF(3), so that a board of 10^8 lights takes 100 MB, 12.5 MB or 25 MB instead of the 400 MB
//! of a `u32` light vector, and a GF(2) board of 10^10 lights its 1.25 GB.
//!
//! This module is the one place that knows the formats ([`BoardFormat`]); Python, C and the
//! command line hand it their bytes. A GF(2) or GF(3) grid on the structured solver goes from
//! packed rows to packed rows without ever widening a light to a `u32` (and a grid, torus or
//! cylinder over another modulus up to 256 is chased, pressed, checked and dealt on its bytes),
//! so such games reach every size the engine does;
//! every other game decodes to a light vector, asks the usual question and encodes the answer
//! (refused, with the size it would need, when one light vector does not fit:
//! [`Game::check_light_vectors`]).
//!
//! The layouts, for an array of shape `(R, C)` (see [`Order`]):
//! - [`Encoding::Bytes`]: `R * C` bytes, row-major, each a value in `0..k` (`k <= 256`).
//! - [`Encoding::Packed`], modulus 2: each row of C lights packed into `ceil(C / 8)` bytes, the
//!   first light of a byte in its most significant bit (the layout of
//!   `numpy.packbits(board, axis=-1)`, bit order big). Padding bits at the end of a row are
//!   ignored on input and zero on output.
//! - [`Encoding::Packed`], modulus 3: two bits a light, four lights a byte, each row packed into
//!   `ceil(C / 4)` bytes; the first light of a byte in its most significant bit pair (bits 7-6,
//!   then 5-4, 3-2, 1-0), the pair holding the value 0, 1 or 2 in binary (`0b11` is refused,
//!   naming the light). Padding pairs at the end of a row are ignored on input and zero on
//!   output. Row `r`, light `c` is `(data[r * ceil(C / 4) + c / 4] >> (6 - 2 * (c % 4))) & 3`.

use crate::error::{Error, Result};
use crate::game::Game;
use lightsout_core::structured::{GridSolver, PackedBoard, PackedBoard3, MAX_UNPACKED_OBSTRUCTION};
use lightsout_core::Modulus;
use lightsout_core::{buffer, pack};

/// How the values are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// One byte per light, values `0..k` (moduli up to 256).
    Bytes,
    /// One bit per light (modulus 2) or two bits per light (modulus 3), rows padded to whole
    /// bytes, the first light of a byte in its most significant bits.
    Packed,
}

/// Which array the values fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Order {
    /// The natural array ([`Game::dims`], row-major, holes holding 0): rows are its last axis,
    /// so a `rows x cols` grid has `rows` rows of `cols` lights.
    Natural,
    /// The light vector ([`Game::size`] lights, holes skipped) as a single row.
    Flat,
}

/// A compact board layout: an [`Encoding`] and an [`Order`].
///
/// ```
/// use lightsout_topo::{BoardFormat, Game};
/// let g = Game::grid(3, 10, 2).unwrap();
/// assert_eq!(g.board_len(BoardFormat::PACKED).unwrap(), 3 * 2); // 10 bits: 2 bytes a row
/// assert_eq!(g.board_len(BoardFormat::PACKED.flat()).unwrap(), 4); // 30 bits in a row
/// assert_eq!(g.board_len(BoardFormat::BYTES).unwrap(), 30);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardFormat {
    /// How the values are stored.
    pub encoding: Encoding,
    /// Which array they fill.
    pub order: Order,
}

impl BoardFormat {
    /// One byte per light, in the natural array.
    pub const BYTES: BoardFormat = BoardFormat { encoding: Encoding::Bytes, order: Order::Natural };
    /// Bit-packed rows of the natural array (`numpy.packbits(board, axis=-1)`).
    pub const PACKED: BoardFormat = BoardFormat { encoding: Encoding::Packed, order: Order::Natural };

    /// The same encoding over the light vector.
    pub fn flat(self) -> BoardFormat {
        BoardFormat { order: Order::Flat, ..self }
    }
}

/// The array a format fills: `rows` rows of `cols` values, `bits` bits a value (8 for bytes).
#[derive(Clone, Copy)]
struct Frame {
    rows: usize,
    cols: usize,
    encoding: Encoding,
    bits: usize,
}

impl Frame {
    fn row_bytes(&self) -> usize {
        (self.cols * self.bits).div_ceil(8)
    }
    fn len(&self) -> usize {
        self.rows * self.row_bytes()
    }
}

impl Game {
    fn frame(&self, format: BoardFormat) -> Result<Frame> {
        let k = self.modulus().get();
        match format.encoding {
            Encoding::Bytes if k > 256 => {
                return Err(Error::invalid(format!(
                    "a board of one byte per light holds values up to 255, but this game has modulus {k}"
                )))
            }
            Encoding::Packed if k > 3 => {
                return Err(Error::invalid(format!(
                    "a packed board holds one bit a light (modulus 2) or two (modulus 3), but this game has \
                     modulus {k}: pass one byte a light instead"
                )))
            }
            _ => {}
        }
        let bits = match format.encoding {
            Encoding::Bytes => 8,
            Encoding::Packed => k as usize - 1,
        };
        let (rows, cols) = match format.order {
            Order::Flat => (1, self.size()),
            Order::Natural => {
                let dims = self.dims();
                let cols = *dims.last().expect("a shape has at least one axis");
                (dims[..dims.len() - 1].iter().product(), cols)
            }
        };
        let frame = Frame { rows, cols, encoding: format.encoding, bits };
        if frame.len() as u128 > crate::footprint::MAX_GAME_BYTES {
            // A board of one byte a light past the limit: name the packed board where there is one.
            let what = match (format.encoding, self.packed_lights_per_byte()) {
                (Encoding::Bytes, Some(_)) => {
                    format!("one board of this game (one byte a light; {})", self.compact_hint(Encoding::Packed))
                }
                (Encoding::Bytes, None) => "one board of this game (one byte a light)".to_string(),
                (Encoding::Packed, _) => "one packed board of this game".to_string(),
            };
            let limit = crate::footprint::MAX_GAME_BYTES;
            return Err(Error::too_large(crate::footprint::intern(what), frame.len() as u128, "bytes", limit));
        }
        Ok(frame)
    }

    /// The bytes one board of this game takes in `encoding` over its natural array, counted
    /// without overflow and without the size check of [`Game::board_len`]: what a message
    /// that refuses a board names. `Packed` only over GF(2) and GF(3).
    pub(crate) fn natural_board_bytes(&self, encoding: Encoding) -> u128 {
        let dims = self.dims();
        let (last, rest) = dims.split_last().expect("a shape has at least one axis");
        let rows: u128 = rest.iter().map(|&d| d as u128).product();
        let bits = match encoding {
            Encoding::Bytes => 8,
            Encoding::Packed => self.modulus().get() as u128 - 1,
        };
        rows * (*last as u128 * bits).div_ceil(8)
    }

    /// The compact board a refused board or light vector names, in Rust's words (each front
    /// end says its own through [`crate::words`]): "pass BoardFormat::PACKED (one bit a
    /// light): it needs 1.2 GB (1250000000 bytes)", or, when that board is past the limit too,
    /// "even a packed board (one bit a light) needs 125 GB (125000000000 bytes), over the
    /// limit too".
    pub(crate) fn compact_hint(&self, encoding: Encoding) -> String {
        let bytes = self.natural_board_bytes(encoding);
        let (word, board) = match (encoding, self.modulus().get()) {
            (Encoding::Packed, 2) => (crate::words::PACKED_BITS, "a packed board (one bit a light)"),
            (Encoding::Packed, _) => (crate::words::PACKED_TRITS, "a packed board (two bits a light)"),
            (Encoding::Bytes, _) => (crate::words::BYTES, "a board (one byte a light)"),
        };
        let size = lightsout_core::error::bytes_text(bytes);
        if bytes <= crate::footprint::MAX_GAME_BYTES {
            format!("pass {word}: it needs {size}")
        } else {
            format!("even {board} needs {size}, over the limit too")
        }
    }

    /// How many lights a byte holds in [`Encoding::Packed`]: 8 over GF(2), 4 over GF(3), `None`
    /// for any other modulus (which has no packed layout).
    ///
    /// ```
    /// use lightsout_topo::Game;
    /// assert_eq!(Game::grid(3, 3, 2).unwrap().packed_lights_per_byte(), Some(8));
    /// assert_eq!(Game::grid(3, 3, 3).unwrap().packed_lights_per_byte(), Some(4));
    /// assert_eq!(Game::grid(3, 3, 5).unwrap().packed_lights_per_byte(), None);
    /// ```
    pub fn packed_lights_per_byte(&self) -> Option<usize> {
        match self.modulus().get() {
            2 => Some(8),
            3 => Some(4),
            _ => None,
        }
    }

    /// The number of bytes a board takes in `format` (an error if this game's modulus does not
    /// fit the encoding).
    pub fn board_len(&self, format: BoardFormat) -> Result<usize> {
        Ok(self.frame(format)?.len())
    }

    /// The frame of `format`, after checking that `data` has its length.
    fn framed(&self, what: &'static str, data: &[u8], format: BoardFormat) -> Result<Frame> {
        let frame = self.frame(format)?;
        if data.len() != frame.len() {
            return Err(
                lightsout_core::Error::DimensionMismatch { what, expected: frame.len(), got: data.len() }.into()
            );
        }
        Ok(frame)
    }

    /// The light vector of a compact board: values checked (below the modulus; holes of the
    /// natural array hold 0).
    ///
    /// ```
    /// use lightsout_topo::{BoardFormat, Game};
    /// let g = Game::grid(2, 3, 2).unwrap();
    /// assert_eq!(g.decode_board("lights", &[0b1010_0000, 0b0110_0000], BoardFormat::PACKED).unwrap(), vec![1, 0, 1, 0, 1, 1]);
    /// assert!(g.decode_board("lights", &[0, 1, 2, 0, 0, 0], BoardFormat::BYTES).is_err()); // 2 >= k
    /// ```
    pub fn decode_board(&self, what: &'static str, data: &[u8], format: BoardFormat) -> Result<Vec<u32>> {
        let frame = self.framed(what, data, format)?;
        let values: Vec<u32> = match frame.encoding {
            Encoding::Bytes => {
                check_bytes(what, data, self.modulus())?;
                data.iter().map(|&b| b as u32).collect()
            }
            Encoding::Packed if frame.bits == 2 => {
                let rb = frame.row_bytes();
                let mut out = vec![0u32; frame.rows * frame.cols];
                for (r, row) in out.chunks_mut(frame.cols.max(1)).enumerate() {
                    pack::read_trits(what, data, 4 * r * rb, r * frame.cols, row)?;
                }
                out
            }
            Encoding::Packed => {
                let mut bytes = vec![0u8; frame.rows * frame.cols];
                pack::packbits_rows_to_bytes(data, frame.cols, &mut bytes)?;
                bytes.into_iter().map(u32::from).collect()
            }
        };
        match format.order {
            Order::Flat => Ok(values),
            Order::Natural => self.lights_from_cells(&values),
        }
    }

    /// A light vector as a compact board (values checked against the modulus).
    ///
    /// ```
    /// use lightsout_topo::{BoardFormat, Game};
    /// let g = Game::grid(2, 3, 2).unwrap();
    /// assert_eq!(g.encode_board(&[1, 0, 1, 0, 1, 1], BoardFormat::PACKED).unwrap(), vec![0b1010_0000, 0b0110_0000]);
    /// assert_eq!(g.encode_board(&[1, 0, 1, 0, 1, 1], BoardFormat::PACKED.flat()).unwrap(), vec![0b1010_1100]);
    /// ```
    pub fn encode_board(&self, lights: &[u32], format: BoardFormat) -> Result<Vec<u8>> {
        let frame = self.frame(format)?;
        let values = match format.order {
            Order::Flat => {
                self.check_values("lights", lights, self.size())?;
                std::borrow::Cow::Borrowed(lights)
            }
            Order::Natural => std::borrow::Cow::Owned(self.cells_from_lights(lights)?),
        };
        Ok(match frame.encoding {
            Encoding::Bytes => values.iter().map(|&v| v as u8).collect(),
            Encoding::Packed if frame.bits == 2 => {
                let mut out = buffer::zeroed("a packed board", frame.len())?;
                let rb = frame.row_bytes();
                for (r, row) in values.chunks(frame.cols.max(1)).enumerate() {
                    pack::write_trits(row, &mut out, 4 * r * rb);
                }
                out
            }
            Encoding::Packed => {
                // The values are checked above: core's reader of entries packs them.
                let mut out = buffer::zeroed("a packed board", frame.len())?;
                let block = pack::Block::new(&values, frame.rows, frame.cols)?;
                block.read_bits(&mut pack::PackbitsRows::new(&mut out, frame.cols)).map_err(|(index, v)| {
                    lightsout_core::Error::EntryOutOfRange { what: "lights", index, value: v.into(), modulus: 2 }
                })?;
                out
            }
        })
    }

    /// The structured GF(2) grid solver, when this game answers through it: then boards go
    /// packed, row by row, and never become `u32` vectors.
    fn packed_grid(&self) -> Result<Option<&GridSolver>> {
        if self.modulus() != Modulus::TWO {
            return Ok(None);
        }
        self.chasing_grid()
    }

    /// A compact board of a grid as the grid solver's packed board.
    fn to_packed(&self, what: &'static str, data: &[u8], format: BoardFormat) -> Result<PackedBoard> {
        let frame = self.framed(what, data, format)?;
        let dims = self.dims();
        let (rows, cols) = (dims[0], dims[1]);
        match (frame.encoding, format.order) {
            (Encoding::Packed, Order::Natural) => Ok(PackedBoard::from_packbits(rows, cols, data)?),
            // One byte a light is the same row-major bytes in either order: core's one reader
            // of entries into bits checks and packs them, a large board on a few threads.
            (Encoding::Bytes, _) => Ok(PackedBoard::from_bytes(what, rows, cols, data)?),
            (Encoding::Packed, Order::Flat) => Ok(PackedBoard::from_bit_stream(rows, cols, data)?),
        }
    }

    /// The grid solver's packed board in a compact format.
    pub(crate) fn from_packed(&self, board: &PackedBoard, format: BoardFormat) -> Result<Vec<u8>> {
        let mut out = buffer::zeroed("a board", self.frame(format)?.len())?;
        self.write_packed(board, format, &mut out)?;
        Ok(out)
    }

    /// The grid solver's packed board written over `out`, a board of this game in `format`.
    fn write_packed(&self, board: &PackedBoard, format: BoardFormat, out: &mut [u8]) -> Result<()> {
        let frame = self.framed("presses", out, format)?;
        match (frame.encoding, format.order) {
            (Encoding::Packed, Order::Natural) => board.write_packbits(out)?,
            (Encoding::Bytes, _) => board.write_bytes(out)?,
            (Encoding::Packed, Order::Flat) => board.write_bit_stream(out),
        }
        Ok(())
    }

    /// The error for a packed board that `grid`'s packed solve found unsolvable (`values`
    /// unpacks it): up to [`MAX_UNPACKED_OBSTRUCTION`] lights the grid solver's, with the
    /// obstruction; past that, where the packed solve cannot carry it, [`Game::solve`]'s, which
    /// does, while one light vector fits ([`Game::check_light_vectors`]); past that, an error
    /// that says the board is unsolvable without the light-vector proof (`values` is never
    /// called then).
    fn packed_unsolvable(&self, grid: &GridSolver, values: impl FnOnce() -> Vec<u32>) -> Error {
        if grid.lights() as u128 <= MAX_UNPACKED_OBSTRUCTION {
            return grid.packed_unsolvable(values).into();
        }
        if self.check_light_vectors().is_err() {
            return Error::invalid(format!(
                "the board is not solvable: a quiet pattern y with y·b != 0 proves it, but at {} lights that \
                 proof as a light vector needs {}, over the {} limit, so it is not carried here \
                 (is_solvable on the packed board answers the question alone)",
                self.size(),
                lightsout_core::error::human_bytes(self.light_vector_bytes()),
                lightsout_core::error::human_bytes(crate::MAX_GAME_BYTES)
            ));
        }
        self.solve(&values()).err().unwrap_or_else(|| {
            Error::invalid(
                "internal error: the packed grid solver and the grid solver disagree; please report this board",
            )
        })
    }

    /// The structured GF(3) grid solver, when this game answers through it and the board is
    /// packed (two bits a light): then boards go row by row and never become `u32` vectors.
    fn packed3_grid(&self, format: BoardFormat) -> Result<Option<&GridSolver>> {
        if self.modulus().get() != 3 || format.encoding != Encoding::Packed {
            return Ok(None);
        }
        self.chasing_grid()
    }

    /// How far apart a grid's rows start in a packed Z_3 board of `frame`, in lights (trits).
    fn row_trits(frame: &Frame, format: BoardFormat, grid_cols: usize) -> usize {
        match format.order {
            Order::Natural => 4 * frame.row_bytes(),
            Order::Flat => grid_cols,
        }
    }

    /// A packed Z_3 board of a grid as the grid solver's bitsliced board, one row at a time.
    fn to_packed3(&self, what: &'static str, data: &[u8], format: BoardFormat) -> Result<PackedBoard3> {
        let frame = self.framed(what, data, format)?;
        let dims = self.dims();
        let (rows, cols) = (dims[0], dims[1]);
        Ok(PackedBoard3::from_trit_stream(what, rows, cols, data, Self::row_trits(&frame, format, cols))?)
    }

    /// The grid solver's bitsliced Z_3 board as a packed board in `format`.
    fn from_packed3(&self, board: &PackedBoard3, format: BoardFormat) -> Result<Vec<u8>> {
        let frame = self.frame(format)?;
        let mut out = buffer::zeroed("a board", frame.len())?;
        board.write_trit_stream(&mut out, Self::row_trits(&frame, format, board.cols()));
        Ok(out)
    }

    /// [`Game::solve`] for a compact board, the presses in the same format. A GF(2) grid on the
    /// structured solver stays bit-packed throughout; an unsolvable board gives the same
    /// [`Error::is_unsolvable`] error, with its obstruction, as [`Game::solve`].
    ///
    /// ```
    /// use lightsout_topo::{BoardFormat, Game};
    /// let g = Game::grid(300, 300, 2).unwrap();
    /// let board = g.random_solvable_board(5, BoardFormat::PACKED).unwrap();
    /// let presses = g.solve_board(&board, BoardFormat::PACKED).unwrap();
    /// let after = g.apply_board(&board, &presses, BoardFormat::PACKED).unwrap();
    /// assert!(after.iter().all(|&b| b == 0));
    /// ```
    pub fn solve_board(&self, lights: &[u8], format: BoardFormat) -> Result<Vec<u8>> {
        if let Some(grid) = self.packed_grid()? {
            // Chased in place on the board's bits, written out once into a fresh buffer: no
            // second packed board, and the board itself is only read.
            return self.from_packed(&self.solved_packed(grid, lights, format)?, format);
        }
        if let Some(grid) = self.packed3_grid(format)? {
            let board = self.to_packed3("lights", lights, format)?;
            return match grid.try_solve_packed_gf3(&board)? {
                Some(presses) => self.from_packed3(&presses, format),
                None => Err(self.packed_unsolvable(grid, || board.to_values())),
            };
        }
        // A grid over Z_p, p <= 256, one byte a light: chased on the bytes themselves (the
        // natural array of a grid is its light vector).
        if format.encoding == Encoding::Bytes {
            if let Some(grid) = self.chasing_grid()? {
                self.framed("lights", lights, format)?;
                check_bytes("lights", lights, self.modulus())?;
                return Ok(grid.solve_bytes(lights)?);
            }
            // A grid, torus or cylinder over a composite k <= 256: each prime-power factor reads
            // the bytes itself (bit planes for 2^e), no light becomes a u32 on the grids.
            if let Some(ring) = self.ring_grid_solver()? {
                self.framed("lights", lights, format)?;
                check_bytes("lights", lights, self.modulus())?;
                return Ok(ring.solve_bytes(lights)?);
            }
        }
        let values = self.decode_board("lights", lights, format)?;
        self.encode_board(&self.solve(&values)?, format)
    }

    /// [`Game::solve_board`] writing the presses over the board: the answer needs no second
    /// board-sized buffer where the solver can chase in place (a GF(2) grid, packed or one byte
    /// a light, keeps one packed copy; a grid over another prime works on the bytes
    /// themselves); other games solve as usual and copy the answer back. An unsolvable board is
    /// left unchanged and gives the same error as [`Game::solve_board`].
    ///
    /// ```
    /// use lightsout_topo::{BoardFormat, Game};
    /// let g = Game::grid(300, 200, 5).unwrap();
    /// let board = g.random_solvable_board(7, BoardFormat::BYTES).unwrap();
    /// let mut presses = board.clone();
    /// g.solve_board_in_place(&mut presses, BoardFormat::BYTES).unwrap();
    /// assert_eq!(presses, g.solve_board(&board, BoardFormat::BYTES).unwrap());
    /// ```
    pub fn solve_board_in_place(&self, board: &mut [u8], format: BoardFormat) -> Result<()> {
        if let Some(grid) = self.packed_grid()? {
            let presses = self.solved_packed(grid, board, format)?;
            return self.write_packed(&presses, format, board);
        }
        if format.encoding == Encoding::Bytes {
            if let Some(grid) = self.chasing_grid()? {
                self.framed("lights", board, format)?;
                check_bytes("lights", board, self.modulus())?;
                return Ok(grid.solve_bytes_in_place(board)?);
            }
        }
        let presses = self.solve_board(board, format)?;
        board.copy_from_slice(&presses);
        Ok(())
    }

    /// [`Game::is_solvable`] for a compact board.
    pub fn is_solvable_board(&self, lights: &[u8], format: BoardFormat) -> Result<bool> {
        if let Some(grid) = self.packed_grid()? {
            return Ok(grid.is_solvable_packed_gf2(&self.to_packed("lights", lights, format)?)?);
        }
        if let Some(grid) = self.packed3_grid(format)? {
            return Ok(grid.is_solvable_packed_gf3(&self.to_packed3("lights", lights, format)?)?);
        }
        if format.encoding == Encoding::Bytes {
            if let Some(grid) = self.chasing_grid()? {
                // On the bytes themselves: no light vector, so past 2^30 lights too.
                self.framed("lights", lights, format)?;
                return Ok(grid.is_solvable_bytes(lights)?);
            }
        }
        self.is_solvable(&self.decode_board("lights", lights, format)?)
    }

    /// The presses of a board of a packed GF(2) grid as the grid solver's packed board: the board
    /// read to bits once and chased there in place. An unsolvable board gives the error of
    /// [`Game::solve_board`] (its proof built from the bits, which the chase left unchanged).
    fn solved_packed(&self, grid: &GridSolver, lights: &[u8], format: BoardFormat) -> Result<PackedBoard> {
        let mut packed = self.to_packed("lights", lights, format)?;
        self.solve_packed_in_place(grid, &mut packed)?;
        Ok(packed)
    }

    /// A packed GF(2) grid board turned into its presses in place by `grid`'s chase; an
    /// unsolvable board (left as it was) gives the error of [`Game::solve_board`].
    pub(crate) fn solve_packed_in_place(&self, grid: &GridSolver, board: &mut PackedBoard) -> Result<()> {
        if !grid.try_solve_packed_gf2_in_place(board)? {
            return Err(self.packed_unsolvable(grid, || board.to_values()));
        }
        Ok(())
    }

    /// [`Game::apply`] for compact boards: the board after pressing, in the same format.
    pub fn apply_board(&self, lights: &[u8], presses: &[u8], format: BoardFormat) -> Result<Vec<u8>> {
        if let Some(grid) = self.packed_grid()? {
            if format == BoardFormat::PACKED {
                // Streamed from the packbits rows: no packed copy of either board.
                self.framed("lights", lights, format)?;
                self.framed("presses", presses, format)?;
                let mut out = buffer::zeroed("the board after pressing", lights.len())?;
                PackedBoard::press_grid_packbits(
                    grid.rows(),
                    grid.cols(),
                    grid.self_toggle(),
                    lights,
                    presses,
                    &mut out,
                )?;
                return Ok(out);
            }
            let mut board = self.to_packed("lights", lights, format)?;
            let presses = self.to_packed("presses", presses, format)?;
            board.press_grid(&presses, grid.self_toggle())?;
            return self.from_packed(&board, format);
        }
        if format == BoardFormat::BYTES && self.chases() {
            // On the bytes themselves (entries checked there): no light vector, so past 2^30
            // lights too.
            self.framed("lights", lights, format)?;
            self.framed("presses", presses, format)?;
            return self.chased_press_bytes(lights, presses);
        }
        if let Some(grid) = self.packed3_grid(format)? {
            let mut board = self.to_packed3("lights", lights, format)?;
            let presses = self.to_packed3("presses", presses, format)?;
            board.press_grid(&presses, grid.self_toggle());
            return self.from_packed3(&board, format);
        }
        let board = self.decode_board("lights", lights, format)?;
        let presses = self.decode_board("presses", presses, format)?;
        self.encode_board(&self.apply(&board, &presses)?, format)
    }

    /// [`Game::random_solvable`] in a compact format: the same board for the same seed.
    pub fn random_solvable_board(&self, seed: u64, format: BoardFormat) -> Result<Vec<u8>> {
        // The board's own size first: nothing is drawn for a board that cannot be handed back.
        self.board_len(format)?;
        if let Some(grid) = self.packed_grid()? {
            let (rows, cols) = (grid.rows(), grid.cols());
            let presses = PackedBoard::random_presses(rows, cols, seed)?;
            let mut board = PackedBoard::zeros(rows, cols)?;
            board.press_grid(&presses, grid.self_toggle())?;
            return self.from_packed(&board, format);
        }
        if let Some(grid) = self.packed3_grid(format)? {
            let (rows, cols) = (grid.rows(), grid.cols());
            let mut presses = PackedBoard3::zeros(rows, cols)?;
            let (mut r, mut c) = (0, 0);
            lightsout_core::field::for_each_random_press(self.modulus(), rows * cols, seed, |_, v| {
                let (one, two) = presses.planes_mut(r);
                match v {
                    1 => one[c / 64] |= 1 << (c % 64),
                    2 => two[c / 64] |= 1 << (c % 64),
                    _ => {}
                }
                c += 1;
                if c == cols {
                    (r, c) = (r + 1, 0);
                }
            });
            let mut board = PackedBoard3::zeros(rows, cols)?;
            board.press_grid(&presses, grid.self_toggle());
            return self.from_packed3(&board, format);
        }
        self.frame(format)?;
        // A grid, torus or cylinder that chases, one byte a light: the same presses drawn as
        // bytes and pressed on bytes (the natural array of these games is their light vector).
        if format == BoardFormat::BYTES && self.chases() {
            let mut presses = vec![0u8; self.size()];
            lightsout_core::field::for_each_random_press(self.modulus(), self.size(), seed, |i, v| {
                presses[i] = v as u8
            });
            return self.chased_press_dark_bytes(&presses);
        }
        self.encode_board(&self.random_solvable(seed)?, format)
    }
}

impl Game {
    /// The GF(2) game whose `n x n` press matrix comes as bit-packed rows in the layout of
    /// `numpy.packbits(A, axis=1)` (`ceil(n / 8)` bytes a row, entry (r, c) in bit `7 - c % 8`
    /// of byte `r * ceil(n / 8) + c / 8`, padding bits ignored), for [`Game::from_bit_rows`].
    /// What the factorisation would allocate is checked before the rows are.
    ///
    /// ```
    /// // [[1, 1], [0, 1]]: button 1 toggles both lights, button 0 the first.
    /// let g = lightsout_topo::Game::from_packed_rows(2, &[0b1100_0000, 0b0100_0000]).unwrap();
    /// assert_eq!(g.solve(&[0, 1]).unwrap(), vec![1, 1]);
    /// assert!(lightsout_topo::Game::from_packed_rows(2, &[0]).is_err()); // 2 bytes expected
    /// ```
    pub fn from_packed_rows(n: usize, bytes: &[u8]) -> Result<Game> {
        lightsout_core::limits::check_dense_solver(n, n, 2)?;
        let per_row = n.div_ceil(8);
        if bytes.len() as u128 != n as u128 * per_row as u128 {
            return Err(lightsout_core::Error::DimensionMismatch {
                what: "matrix rows (n x ceil(n / 8) bytes)",
                expected: n * per_row,
                got: bytes.len(),
            }
            .into());
        }
        Game::from_bit_rows(lightsout_core::BitMatrix::from_packbits(n, n, bytes)?)
    }
}

/// An error naming the first byte that is not below the modulus (the length is the frame's,
/// checked before).
pub(crate) fn check_bytes(what: &'static str, data: &[u8], modulus: Modulus) -> Result<()> {
    Ok(lightsout_core::field::check_vector(what, data, data.len(), modulus)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_bits_are_the_random_presses() {
        for seed in [0, 1, 7, 12345] {
            let expected = lightsout_core::field::random_presses(Modulus::TWO, 5000, seed);
            for (rows, cols) in [(1, 5000), (50, 100), (40, 125)] {
                let got = PackedBoard::random_presses(rows, cols, seed).unwrap().to_values();
                assert_eq!(got[..5000], expected[..], "seed {seed}, {rows}x{cols}");
            }
        }
    }

    #[test]
    fn bit_helpers_round_trip() {
        let bytes: Vec<u8> = (0..200u64).map(|i| ((i * 2654435761) >> 13) as u8 & 1).collect();
        let words = PackedBoard::from_bytes("x", 1, 200, &bytes).unwrap().row(0).to_vec();
        for (i, &b) in bytes.iter().enumerate() {
            assert_eq!((words[i / 64] >> (i % 64)) & 1, b as u64, "bit {i}");
        }
        let mut back = vec![9u8; 200];
        lightsout_core::pack::words_to_bytes(&words, &mut back);
        assert_eq!(back, bytes);
        let mut stream = vec![0u8; 40];
        for (k, offset) in [(0, 3), (1, 67), (2, 131), (3, 195)] {
            let count = if k == 3 { 5 } else { 64 };
            pack::put_stream_bits(&mut stream, offset, count, words[k]);
            assert_eq!(pack::stream_bits(&stream, offset, count), words[k] & if count == 64 { !0 } else { 31 });
        }
        let mut bad = [vec![0; 1000], bytes.clone()].concat();
        bad[1077] = 2;
        let err = PackedBoard::from_bytes("lights", 6, 200, &bad).unwrap_err();
        assert!(err.to_string().contains("1077"), "{err}");
    }

    /// Every format of every kind of game gives the answers of the light-vector methods.
    #[test]
    fn compact_boards_agree_with_light_vectors() {
        let games = [
            Game::grid(70, 75, 2).unwrap(),  // structured, packed path
            Game::grid(100, 41, 2).unwrap(), // structured, transposed
            Game::grid(4, 5, 2).unwrap(),    // dense
            Game::grid(70, 70, 3).unwrap(),  // structured over Z_3: bytes and packed trits
            Game::grid(41, 90, 3).unwrap(),  // structured over Z_3, transposed, rows not whole bytes
            Game::torus(5, 6, 3).unwrap(),   // Z_3 packed trits through light vectors
            Game::torus(5, 7, 2).unwrap(),
            Game::grid(70, 75, 4).unwrap(),     // composite: bit planes
            Game::grid(64, 66, 12).unwrap(),    // planes mod 4, bytes mod 3
            Game::torus(64, 65, 8).unwrap(),    // composite torus
            Game::cylinder(70, 60, 6).unwrap(), // composite cylinder
            Game::mask(3, 3, vec![true, true, false, true, true, true, false, true, true], crate::Rule::Plus, 2)
                .unwrap(),
        ];
        for g in &games {
            let p = g.modulus().get();
            let mut formats = vec![BoardFormat::BYTES, BoardFormat::BYTES.flat()];
            if p <= 3 {
                formats.extend([BoardFormat::PACKED, BoardFormat::PACKED.flat()]);
            }
            for seed in 0..3 {
                let board = g.random_solvable(seed).unwrap();
                let presses = lightsout_core::field::random_presses(g.modulus(), g.size(), seed + 10);
                for &f in &formats {
                    let what = format!("{g} {f:?} seed {seed}");
                    let enc = g.encode_board(&board, f).unwrap();
                    assert_eq!(enc.len(), g.board_len(f).unwrap());
                    assert_eq!(g.decode_board("lights", &enc, f).unwrap(), board, "{what}");
                    assert_eq!(g.random_solvable_board(seed, f).unwrap(), enc, "{what}");
                    let solved = g.solve_board(&enc, f).unwrap();
                    let s = g.decode_board("presses", &solved, f).unwrap();
                    assert!(g.apply(&board, &s).unwrap().iter().all(|&x| x == 0), "{what}");
                    let mut in_place = enc.clone();
                    g.solve_board_in_place(&mut in_place, f).unwrap();
                    assert_eq!(in_place, solved, "{what} in place");
                    let pe = g.encode_board(&presses, f).unwrap();
                    let after = g.apply_board(&enc, &pe, f).unwrap();
                    let expected = g.apply(&board, &presses).unwrap();
                    assert_eq!(g.decode_board("lights", &after, f).unwrap(), expected, "{what}");
                    assert_eq!(g.is_solvable_board(&after, f).unwrap(), g.is_solvable(&expected).unwrap(), "{what}");
                }
            }
        }
    }

    #[test]
    fn bad_compact_boards_are_refused_with_a_reason() {
        let g = Game::grid(70, 70, 2).unwrap();
        let short = vec![0u8; 70 * 9 - 1];
        let e = g.solve_board(&short, BoardFormat::PACKED).unwrap_err().to_string();
        assert!(e.contains("630") && e.contains("629"), "{e}");
        let e = g.solve_board_in_place(&mut short.clone(), BoardFormat::PACKED).unwrap_err().to_string();
        assert!(e.contains("630") && e.contains("629"), "{e}");
        let mut bytes = vec![0u8; 4900];
        bytes[4899] = 1;
        bytes[123] = 7;
        let e = g.solve_board(&bytes, BoardFormat::BYTES).unwrap_err().to_string();
        assert!(e.contains("123") && e.contains('7'), "{e}");
        let mut copy = bytes.clone();
        let e = g.solve_board_in_place(&mut copy, BoardFormat::BYTES).unwrap_err().to_string();
        assert!(e.contains("123") && e.contains('7') && copy == bytes, "{e}");
        let z5 = Game::grid(70, 70, 5).unwrap();
        let e = z5.solve_board_in_place(&mut bytes.clone(), BoardFormat::BYTES).unwrap_err().to_string();
        assert!(e.contains("123") && e.contains('7'), "{e}");
        let z5 = Game::grid(4, 4, 5).unwrap();
        let e = z5.solve_board(&[0; 4], BoardFormat::PACKED).unwrap_err().to_string();
        assert!(e.contains("modulus 5"), "{e}");
        // Over Z_3 a pair 0b11 is no value: named by its light, on the packed path and off it.
        for g in [Game::grid(70, 70, 3).unwrap(), Game::grid(3, 9, 3).unwrap()] {
            let mut board = vec![0u8; g.board_len(BoardFormat::PACKED).unwrap()];
            let row_bytes = 70usize.min(g.dims()[1]).div_ceil(4);
            board[2 * row_bytes + 1] = 0b0011_0000; // row 2, light 5
            let light = 2 * g.dims()[1] + 5;
            for e in [
                g.solve_board(&board, BoardFormat::PACKED).unwrap_err(),
                g.is_solvable_board(&board, BoardFormat::PACKED).unwrap_err(),
            ] {
                let e = e.to_string();
                assert!(e.contains(&format!("lights[{light}]")) && e.contains("not 3"), "{g}: {e}");
            }
        }
        let big = Game::grid(2, 2, 257).unwrap();
        assert!(big.solve_board(&[0; 4], BoardFormat::BYTES).unwrap_err().to_string().contains("257"));
        let mask = Game::mask(1, 3, vec![true, false, true], crate::Rule::Plus, 2).unwrap();
        let e = mask.solve_board(&[0b0100_0000], BoardFormat::PACKED).unwrap_err().to_string();
        assert!(e.contains("hole"), "{e}");
    }

    /// The packed Z_3 layout: four lights a byte, the first in the top bit pair, rows padded to
    /// whole bytes (padding ignored on input, zero on output).
    #[test]
    fn packed_trits_have_the_documented_layout() {
        let g = Game::grid(2, 5, 3).unwrap();
        let lights = [1, 2, 0, 1, 2, 0, 0, 2, 2, 1];
        let packed = g.encode_board(&lights, BoardFormat::PACKED).unwrap();
        assert_eq!(packed, vec![0b01_10_00_01, 0b10_00_00_00, 0b00_00_10_10, 0b01_00_00_00]);
        let mut padded = packed.clone();
        padded[1] |= 0b00_11_11_11;
        assert_eq!(g.decode_board("lights", &padded, BoardFormat::PACKED).unwrap(), lights);
        assert_eq!(g.board_len(BoardFormat::PACKED.flat()).unwrap(), 3);
        assert_eq!(
            g.encode_board(&lights, BoardFormat::PACKED.flat()).unwrap(),
            vec![0b01_10_00_01, 0b10_00_00_10, 0b10_01_00_00]
        );
    }

    /// A grid past what one light vector can hold is built, answers its rank, and takes and
    /// gives packed boards; the light-vector questions refuse, naming the packed route.
    #[test]
    fn huge_grids_answer_through_packed_boards() {
        let g = Game::grid(40_000, 40_000, 2).unwrap();
        let e = g.random_solvable(1).unwrap_err().to_string();
        assert_eq!(
            e,
            "problem too large: one light vector of this game (4 bytes a light; pass BoardFormat::PACKED (one bit a \
             light): it needs 200 MB (200000000 bytes)) needs 6.4 GB (6400000000 bytes), over the 4 GiB limit"
        );
        assert_eq!(g.solve(&[0]).unwrap_err().to_string(), e);
        assert_eq!(g.quiet_patterns(1).unwrap_err().to_string(), e);
        let z3 = Game::grid(40_000, 40_000, 3).unwrap();
        let e3 = z3.null_basis().unwrap_err().to_string();
        assert!(
            e3.contains("(two bits a light): it needs 400 MB (400000000 bytes)") && e3.contains("needs 6.4 GB"),
            "{e3}"
        );
        // A torus has no packed route: refused when built, in bytes.
        let e = Game::torus(40_000, 40_000, 2).unwrap_err().to_string();
        assert!(
            e.contains("no compact route") && e.contains("needs 6.4 GB (6400000000 bytes), over the 4 GiB limit"),
            "{e}"
        );
    }

    #[test]
    fn unsolvable_compact_boards_carry_the_obstruction() {
        // The first grid of at least 4096 lights with quiet patterns (on the packed path), and
        // the classic 5x5 (dense): a single light on a quiet pattern's support is unsolvable.
        let big = (64..200).map(|n| Game::grid(n, n, 2).unwrap()).find(|g| g.nullity().unwrap() > 0).unwrap();
        for g in [big, Game::grid(5, 5, 2).unwrap()] {
            let mut lights = vec![0u32; g.size()];
            let light = (0..g.size()).find(|&i| g.null_basis().unwrap().iter().any(|y| y[i] == 1)).unwrap();
            lights[light] = 1;
            let expected = g.solve(&lights).unwrap_err();
            assert!(expected.is_unsolvable(), "{g}");
            for f in [BoardFormat::PACKED, BoardFormat::BYTES.flat()] {
                let board = g.encode_board(&lights, f).unwrap();
                let got = g.solve_board(&board, f).unwrap_err();
                assert_eq!(got, expected, "{g} {f:?}");
                let mut in_place = board.clone();
                assert_eq!(g.solve_board_in_place(&mut in_place, f).unwrap_err(), expected, "{g} {f:?}");
                assert_eq!(in_place, board, "{g} {f:?}: an unsolvable board is left unchanged");
                assert!(!g.is_solvable_board(&g.encode_board(&lights, f).unwrap(), f).unwrap());
            }
        }
        // Over Z_4 and Z_12 (ring chasing): the byte door gives the same obstruction.
        for k in [4, 12] {
            let g =
                (64..200).map(|n| Game::grid(n, n, k).unwrap()).find(|g| g.null_orders().unwrap().len() > 0).unwrap();
            let y = &g.null_basis().unwrap()[0];
            let light = y.iter().position(|&x| x != 0).unwrap();
            let mut lights = vec![0u32; g.size()];
            lights[light] = 1;
            let expected = g.solve(&lights).unwrap_err();
            assert!(expected.is_unsolvable(), "{g}");
            let f = BoardFormat::BYTES;
            let board = g.encode_board(&lights, f).unwrap();
            assert_eq!(g.solve_board(&board, f).unwrap_err(), expected, "{g}");
            let mut in_place = board.clone();
            assert_eq!(g.solve_board_in_place(&mut in_place, f).unwrap_err(), expected, "{g}");
            assert_eq!(in_place, board, "{g}");
        }
    }
}
