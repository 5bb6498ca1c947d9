//! Boards as Netpbm images, the compact file form for large boards, read and written here for
//! the command line, Python and C alike: PBM (`P1` plain, `P4` raw: one bit a light, rows padded
//! to whole bytes, first light in the most significant bit) for two states, PGM (`P2` plain,
//! `P5` raw: one byte a light, maxval k - 1) for k states.
//!
//! The image is the game's natural array: `width` is its last axis (the columns of a grid),
//! `height` the product of the others (6 k rows for a cube, 1 for a graph); holes hold 0. A
//! 1 (black in a PBM) is a lit light, or a press. A raw P4 file is exactly the layout of
//! [`BoardFormat::PACKED`], so a 10,000 x 10,000 board is read, solved and written bit-packed
//! (12.5 MB) without one integer a light.
//!
//! Every bad image is refused with a message naming the file and what was wrong: the magic
//! number, a header field (by its byte offset), a value (by its row and column) above the
//! maximum, a file too short or too long. Sizes are checked against the header before anything
//! is allocated.
//!
//! ```
//! use lightsout_topo::{image, BoardFormat, Game};
//! let game = Game::grid(3, 3, 2).unwrap();
//! let img = image::parse("a.pbm", b"P1\n# a comment\n3 3\n1 0 1\n011\n000\n").unwrap();
//! assert_eq!((img.width, img.height, img.states), (3, 3, 2));
//! let lights = img.board_in(&game, BoardFormat::PACKED).unwrap();
//! assert_eq!(lights, [0b1010_0000, 0b0110_0000, 0]);
//! // Solved and written raw (P4, the packed layout as it is), then read back.
//! let mut file = Vec::new();
//! let presses = game.solve_board(&lights, BoardFormat::PACKED).unwrap();
//! image::write(&mut file, &game, image::Kind::P4, &presses).unwrap();
//! assert!(file.starts_with(b"P4\n3 3\n"));
//! let read = image::parse("p.pbm", &file).unwrap().board_in(&game, BoardFormat::PACKED).unwrap();
//! assert_eq!(game.apply_board(&lights, &read, BoardFormat::PACKED).unwrap(), [0, 0, 0]);
//! ```

use crate::board::BoardFormat;
use crate::error::{Error, Result};
use crate::game::Game;
use std::io::{Read, Write};
use std::path::Path;

/// The four Netpbm kinds read (`P1`, `P2`, `P4`, `P5`); `P4` and `P5` are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// PBM, plain: `0` and `1` characters.
    P1,
    /// PGM, plain: decimal values up to maxval.
    P2,
    /// PBM, raw: packed bits.
    P4,
    /// PGM, raw: one byte a value (maxval up to 255).
    P5,
}

/// A board read from an image: its size, the number of states it allows (2 for a PBM,
/// maxval + 1 for a PGM), and its values in `format` ([`BoardFormat::PACKED`] for P4,
/// [`BoardFormat::BYTES`] otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The number of columns (the natural array's last axis).
    pub width: usize,
    /// The number of rows (the product of the other axes).
    pub height: usize,
    /// 2 for a PBM, maxval + 1 for a PGM.
    pub states: u64,
    /// The layout of `data`.
    pub format: BoardFormat,
    /// The values, `height` rows of `width`.
    pub data: Vec<u8>,
    /// A plain PGM past maxval 255 (a matrix over a larger modulus; no board holds it): its
    /// values, one `u32` each, with `data` empty.
    pub wide: Option<Vec<u32>>,
}

/// The largest plain (`P1`, `P2`) image, or any file that is not a raw image, that
/// [`read_bytes`] reads: 1 GiB. Raw images may be longer, up to the length their header declares.
pub const MAX_PLAIN_BYTES: u64 = 1 << 30;

/// Whether a file's first bytes are a Netpbm magic number (`P` and a digit).
///
/// ```
/// assert!(lightsout_topo::image::is_image(b"P4 3 2\n"));
/// assert!(!lightsout_topo::image::is_image(b"10001\n"));
/// ```
pub fn is_image(bytes: &[u8]) -> bool {
    matches!(bytes, [b'P', b'0'..=b'9', ..])
}

/// A Netpbm header and plain-format reader: blanks and `#` comments between tokens.
struct Reader<'a> {
    name: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn fail(&self, message: impl std::fmt::Display) -> Error {
        Error::invalid(format!("{}: {message}", self.name))
    }

    fn skip_blanks(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            if b == b'#' {
                while self.bytes.get(self.at).is_some_and(|&c| c != b'\n') {
                    self.at += 1;
                }
            } else if b.is_ascii_whitespace() {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    /// The next decimal number; `what` names it in errors.
    fn number(&mut self, what: &str) -> Result<u64> {
        self.skip_blanks();
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        if start == self.at {
            return Err(match self.bytes.get(self.at) {
                None => self.fail(format!("the file ends before the {what}")),
                Some(&b) => {
                    self.fail(format!("expected the {what} (a number) at byte {}, found {:?}", self.at, b as char))
                }
            });
        }
        let text = std::str::from_utf8(&self.bytes[start..self.at]).expect("ASCII digits");
        text.parse().map_err(|_| self.fail(format!("the {what} {text} is too large")))
    }
}

/// The whole length in bytes of a raw image (`P4` or `P5`) whose file starts with `prefix`, as
/// its header declares it (header, one blank, the data), when the header is complete and
/// declares at most [`lightsout_core::limits::MAX_LIGHTS`] lights; `None` otherwise. Such a file
/// may be read past [`MAX_PLAIN_BYTES`], up to exactly this length: a grid of 10^10 lights is a
/// 1.25 GB PBM.
///
/// ```
/// use lightsout_topo::image::raw_image_len;
/// assert_eq!(raw_image_len(b"P5 3 2 255\n"), Some(10 + 1 + 6));
/// assert_eq!(raw_image_len(b"P1 3 2\n"), None); // plain images keep the plain limit
/// ```
pub fn raw_image_len(prefix: &[u8]) -> Option<u64> {
    let raw_pbm = match prefix.get(..2) {
        Some(b"P4") => true,
        Some(b"P5") => false,
        _ => return None,
    };
    let mut r = Reader { name: "", bytes: prefix, at: 2 };
    let (width, height) = (r.number("width").ok()?, r.number("height").ok()?);
    if !raw_pbm {
        r.number("maximum value").ok()?;
    }
    let lights = width as u128 * height as u128;
    if lights > lightsout_core::limits::MAX_LIGHTS {
        return None;
    }
    let data = if raw_pbm { height as u128 * width.div_ceil(8) as u128 } else { lights };
    u64::try_from(r.at as u128 + 1 + data).ok()
}

/// Read a file that may be an image from `reader` (`name` for messages): at most `limit` bytes,
/// or for a raw PBM or PGM image the length its header declares ([`raw_image_len`], up to 2^40
/// lights). A file longer than its limit is an error once the limit is passed, never read
/// whole; memory for a declared length is reserved before it is read, or refused.
pub fn read_bytes(name: &str, mut reader: impl Read, limit: u64) -> Result<Vec<u8>> {
    let failed = |e: std::io::Error| Error::invalid(format!("cannot read {name}: {e}"));
    let mut bytes = Vec::new();
    (&mut reader).take(limit + 1).read_to_end(&mut bytes).map_err(failed)?;
    if bytes.len() as u64 > limit {
        let Some(declared) = raw_image_len(&bytes[..bytes.len().min(4096)]) else {
            return Err(Error::invalid(format!("{name} is larger than the limit of {limit} bytes")));
        };
        let rest = (declared + 1).saturating_sub(bytes.len() as u64);
        bytes.try_reserve_exact(rest as usize).map_err(|_| {
            Error::invalid(format!(
                "{name}: its header declares {declared} bytes, more than this machine can hold in memory"
            ))
        })?;
        reader.take(rest).read_to_end(&mut bytes).map_err(failed)?;
        // Longer than declared: `parse` says by how much.
    }
    Ok(bytes)
}

/// Parse an image file (`name` for messages). Errors name the file and what was wrong: the
/// magic number, a header field, a value above the maximum, a file too short or too long.
///
/// ```
/// use lightsout_topo::image::parse;
/// let img = parse("b.pgm", b"P2 2 2 2\n0 1\n2 0").unwrap();
/// assert_eq!((img.states, img.data), (3, vec![0, 1, 2, 0]));
/// let err = parse("c.pbm", b"P4 8 2\n\xff").unwrap_err().to_string();
/// assert_eq!(err, "c.pbm: truncated: a 8 x 2 P4 image needs 2 bytes of data, the file has 1");
/// ```
pub fn parse(name: &str, bytes: &[u8]) -> Result<Image> {
    let (mut image, raw) = parse_at(name, bytes)?;
    if let Some(at) = raw {
        image.data = bytes[at..].to_vec();
    }
    Ok(image)
}

/// [`parse`] over the file's own buffer: a raw image's data stays where it was read (the
/// header is removed in place), so a 1.25 GB board is not copied a second time.
fn parse_owned(name: &str, mut bytes: Vec<u8>) -> Result<Image> {
    let (mut image, raw) = parse_at(name, &bytes)?;
    if let Some(at) = raw {
        bytes.drain(..at);
        image.data = bytes;
    }
    Ok(image)
}

/// The image, with its data in place for a plain image, or for a raw one empty and its offset
/// in `bytes` (checked: exactly the declared length, values within maxval).
fn parse_at(name: &str, bytes: &[u8]) -> Result<(Image, Option<usize>)> {
    let mut r = Reader { name, bytes, at: 2 };
    let kind = match bytes.get(..2) {
        Some(b"P1") => Kind::P1,
        Some(b"P2") => Kind::P2,
        Some(b"P4") => Kind::P4,
        Some(b"P5") => Kind::P5,
        _ => {
            return Err(
                r.fail("not a PBM or PGM image: expected the magic number P1, P4 (PBM) or P2, P5 (PGM) at the start")
            )
        }
    };
    let width = r.number("width")?;
    let height = r.number("height")?;
    if width == 0 || height == 0 {
        return Err(r.fail(format!("the image is {width} x {height}; a board needs at least one light")));
    }
    let maxval = match kind {
        Kind::P1 | Kind::P4 => 1,
        Kind::P2 | Kind::P5 => {
            let m = r.number("maximum value")?;
            if kind == Kind::P5 && m > 255 {
                return Err(r.fail(one_byte_maxval(m)));
            }
            if m == 0 || m >= 1 << 31 {
                return Err(r.fail(format!(
                    "the maximum value is {m}; expected 1 to {} (the number of states minus 1)",
                    if kind == Kind::P5 { "255" } else { "2^31 - 2" }
                )));
            }
            m
        }
    };
    let cells = (width as u128) * (height as u128);
    if cells > lightsout_core::limits::MAX_LIGHTS {
        return Err(r.fail(format!("the image is {width} x {height}, more lights than any game can hold")));
    }
    let (w, h) = (width as usize, height as usize);
    let (format, data) = match kind {
        Kind::P4 | Kind::P5 => {
            // Exactly one blank separates the header from the raw data.
            if !r.bytes.get(r.at).is_some_and(u8::is_ascii_whitespace) {
                return Err(r.fail("expected one blank between the header and the raw data"));
            }
            r.at += 1;
            let (format, len) =
                if kind == Kind::P4 { (BoardFormat::PACKED, h * w.div_ceil(8)) } else { (BoardFormat::BYTES, h * w) };
            let raw = &bytes[r.at..];
            if raw.len() < len {
                return Err(r.fail(format!(
                    "truncated: a {width} x {height} {} image needs {len} bytes of data, the file has {}",
                    if kind == Kind::P4 { "P4" } else { "P5" },
                    raw.len()
                )));
            }
            if raw.len() > len {
                return Err(r.fail(format!(
                    "{} extra bytes after the {len} bytes of data of a {width} x {height} image (one image a file)",
                    raw.len() - len
                )));
            }
            if kind == Kind::P5 {
                if let Some(i) = raw.iter().position(|&v| v as u64 > maxval) {
                    return Err(r.fail(format!(
                        "the value at row {}, column {} is {}, above the maximum value {maxval}",
                        i / w + 1,
                        i % w + 1,
                        raw[i]
                    )));
                }
            }
            return Ok((
                Image { width: w, height: h, states: maxval + 1, format, data: Vec::new(), wide: None },
                Some(r.at),
            ));
        }
        Kind::P1 | Kind::P2 => {
            // Every value takes at least one byte of the file: no more is reserved than it has.
            let mut data = Vec::with_capacity(if maxval > 255 { 0 } else { (w * h).min(bytes.len()) });
            let mut wide = Vec::with_capacity(if maxval > 255 { (w * h).min(bytes.len()) } else { 0 });
            for i in 0..w * h {
                let v = if kind == Kind::P1 {
                    // Plain PBM digits need no blanks between them.
                    r.skip_blanks();
                    match r.bytes.get(r.at) {
                        Some(b'0') => 0,
                        Some(b'1') => 1,
                        None => {
                            return Err(r.fail(format!(
                                "truncated: a {width} x {height} image has {} values, the file ends after {i}",
                                w * h
                            )))
                        }
                        Some(&b) => {
                            return Err(r.fail(format!(
                                "expected 0 or 1 at row {}, column {}, found {:?}",
                                i / w + 1,
                                i % w + 1,
                                b as char
                            )))
                        }
                    }
                } else {
                    r.skip_blanks();
                    if r.at >= r.bytes.len() {
                        return Err(r.fail(format!(
                            "truncated: a {width} x {height} image has {} values, the file ends after {i}",
                            w * h
                        )));
                    }
                    r.number("value")?
                };
                if kind == Kind::P1 {
                    r.at += 1;
                }
                if v > maxval {
                    return Err(r.fail(format!(
                        "the value at row {}, column {} is {v}, above the maximum value {maxval}",
                        i / w + 1,
                        i % w + 1
                    )));
                }
                if maxval > 255 {
                    wide.push(v as u32); // v <= maxval < 2^31
                } else {
                    data.push(v as u8);
                }
            }
            r.skip_blanks();
            if r.at < r.bytes.len() {
                return Err(r.fail(format!("unexpected data after the {} values of the image", w * h)));
            }
            if maxval > 255 {
                let image = Image {
                    width: w,
                    height: h,
                    states: maxval + 1,
                    format: BoardFormat::BYTES,
                    data,
                    wide: Some(wide),
                };
                return Ok((image, None));
            }
            (BoardFormat::BYTES, data)
        }
    };
    Ok((Image { width: w, height: h, states: maxval + 1, format, data, wide: None }, None))
}

/// Why a maxval above 255 cannot be a board (one byte a light) or a raw P5 file (one byte a
/// value): the same words for P2 boards and P5 files.
fn one_byte_maxval(m: u64) -> String {
    format!(
        "the maximum value is {m}; expected 1 to 255 (the number of states minus 1: a raw P5 file \
         and a board image hold one byte a value)"
    )
}

/// [`parse`] for an image of a board: a board holds one byte a light, so a plain P2 image with
/// a maximum value above 255 is refused here, naming the file, as a P5 one is. (A press matrix
/// image is read by [`parse`], whose entries may go up to 2^31 - 2.)
///
/// ```
/// let err = lightsout_topo::image::parse_board("l.pgm", b"P2 1 1 65535 1").unwrap_err().to_string();
/// assert!(err.starts_with("l.pgm: the maximum value is 65535; expected 1 to 255"), "{err}");
/// ```
pub fn parse_board(name: &str, bytes: &[u8]) -> Result<Image> {
    one_byte_board(name, parse(name, bytes)?)
}

/// [`parse_board`] taking the file's bytes: a raw image's data stays in their buffer (the
/// header removed in place), so a 1.25 GB board is not copied a second time.
pub fn parse_board_owned(name: &str, bytes: Vec<u8>) -> Result<Image> {
    one_byte_board(name, parse_owned(name, bytes)?)
}

fn one_byte_board(name: &str, image: Image) -> Result<Image> {
    if image.states > 256 {
        return Err(Error::invalid(format!("{name}: {}", one_byte_maxval(image.states - 1))));
    }
    Ok(image)
}

/// Read the board image at `path` ([`read_bytes`] up to [`MAX_PLAIN_BYTES`] for a plain
/// image, then [`parse_board_owned`]); errors name the file as given.
pub fn read_file(path: &Path) -> Result<Image> {
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| Error::invalid(format!("cannot read {name}: {e}")))?;
    let bytes = read_bytes(&name, file, MAX_PLAIN_BYTES)?;
    parse_board_owned(&name, bytes)
}

/// The image size of a game's natural array: (width, height).
///
/// ```
/// let cube = lightsout_topo::Game::cube(3, 2).unwrap();
/// assert_eq!(lightsout_topo::image::size_of(&cube), (3, 18)); // six faces of 3 x 3
/// ```
pub fn size_of(game: &Game) -> (usize, usize) {
    let dims = game.dims();
    let width = *dims.last().expect("a shape has at least one axis");
    (width, dims[..dims.len() - 1].iter().product())
}

impl Image {
    /// The game an image makes by itself: a grid of its size (`height` rows of `width`) with
    /// the plus rule and 2 states for a PBM, maxval + 1 for a PGM.
    ///
    /// ```
    /// let img = lightsout_topo::image::parse("z3.pgm", b"P5 2 1 2\n\x02\x01").unwrap();
    /// assert_eq!(img.grid().unwrap().describe(), lightsout_topo::Game::grid(1, 2, 3).unwrap().describe());
    /// ```
    pub fn grid(&self) -> Result<Game> {
        Game::grid(self.height, self.width, self.states)
    }

    /// The board's bytes for `game`, checked: the image must have the game's size, and its
    /// values must be below the game's modulus (a PGM's maxval may be larger than needed). The
    /// bytes come in the image's own format where the game has it (a P4 image stays packed over
    /// GF(2)), else one byte a light.
    pub fn board_for(self, game: &Game) -> Result<(Vec<u8>, BoardFormat)> {
        let (width, height) = size_of(game);
        if (self.width, self.height) != (width, height) {
            return Err(Error::invalid(format!(
                "the image is {} x {} (width x height), but {} needs {width} x {height}",
                self.width,
                self.height,
                game.describe()
            )));
        }
        let k = game.modulus().get() as u64;
        if self.states > k && self.format == BoardFormat::BYTES {
            if let Some(i) = self.data.iter().position(|&v| v as u64 >= k) {
                return Err(Error::invalid(format!(
                    "the value at row {}, column {} is {}, but the game has {k} states (values 0 to {})",
                    i / width + 1,
                    i % width + 1,
                    self.data[i],
                    k - 1
                )));
            }
        }
        if self.format == BoardFormat::PACKED && k != 2 {
            // Values 0 and 1 are lights of any game: one byte each.
            return Ok((unpack(&self.data, width, height)?, BoardFormat::BYTES));
        }
        Ok((self.data, self.format))
    }

    /// The board for `game` ([`Image::board_for`]) in `format`: unchanged where the image
    /// already has it, a P4 image unpacked to bytes directly, anything else through the
    /// game's light vector ([`Game::decode_board`], [`Game::encode_board`]).
    pub fn board_in(self, game: &Game, format: BoardFormat) -> Result<Vec<u8>> {
        let (width, height) = size_of(game);
        let (data, have) = self.board_for(game)?;
        if have == format {
            Ok(data)
        } else if have == BoardFormat::PACKED && format == BoardFormat::BYTES {
            unpack(&data, width, height)
        } else if have == BoardFormat::BYTES
            && format == BoardFormat::PACKED
            && game.modulus().get() == 2
            && game.size() == width * height
        {
            pack("lights", &data, width, height)
        } else {
            game.encode_board(&game.decode_board("lights", &data, have)?, format)
        }
    }
}

/// One byte a light (0 or 1, checked) as rows of packed bits.
fn pack(what: &'static str, bytes: &[u8], width: usize, height: usize) -> Result<Vec<u8>> {
    Ok(lightsout_core::structured::PackedBoard::from_bytes(what, height, width, bytes)?.to_packbits())
}

/// Rows of packed bits as one byte a light.
fn unpack(packed: &[u8], width: usize, height: usize) -> Result<Vec<u8>> {
    let mut out = lightsout_core::buffer::zeroed::<u8>("the board", width * height)?;
    lightsout_core::pack::packbits_rows_to_bytes(packed, width, &mut out)?;
    Ok(out)
}

/// Which file format an output path asks for, from its extension: `.pbm` ([`Kind::P4`]) or
/// `.pgm` ([`Kind::P5`]), either case; `None` for any other name.
///
/// ```
/// use lightsout_topo::image::{kind_for_path, Kind};
/// assert_eq!(kind_for_path("x.PBM".as_ref()), Some(Kind::P4));
/// assert_eq!(kind_for_path("x.txt".as_ref()), None);
/// ```
pub fn kind_for_path(path: &Path) -> Option<Kind> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("pbm") => Some(Kind::P4),
        Some("pgm") => Some(Kind::P5),
        _ => None,
    }
}

/// The format to ask the game for when writing `kind`: an error if the image cannot hold the
/// game's values (a PBM two states, a raw PGM up to 256).
pub fn format_for(kind: Kind, game: &Game) -> Result<BoardFormat> {
    let k = game.modulus().get();
    match kind {
        Kind::P4 if k != 2 => Err(Error::invalid(format!(
            "a PBM image holds two states, but the game has modulus {k}: write a .pgm file instead"
        ))),
        Kind::P5 if k > 256 => Err(Error::invalid(format!(
            "a raw PGM image holds values up to 255, but the game has modulus {k}: write a text file instead"
        ))),
        Kind::P1 | Kind::P2 => Err(Error::invalid("boards are written as raw images, P4 or P5")),
        Kind::P4 => Ok(BoardFormat::PACKED),
        Kind::P5 => Ok(BoardFormat::BYTES),
    }
}

/// Write a board (in [`format_for`]`(kind)`, not checked here) as a raw P4 or P5 image.
pub fn write(out: &mut dyn Write, game: &Game, kind: Kind, data: &[u8]) -> std::io::Result<()> {
    let (width, height) = size_of(game);
    match kind {
        Kind::P4 => write!(out, "P4\n{width} {height}\n")?,
        _ => write!(out, "P5\n{width} {height}\n{}\n", game.modulus().get() - 1)?,
    }
    out.write_all(data)
}

/// The image kind and the board format for writing a board of `game` to `path`:
/// [`kind_for_path`] and [`format_for`], with an error for a name that is neither `.pbm` nor
/// `.pgm`.
pub fn format_for_path(path: &Path, game: &Game) -> Result<(Kind, BoardFormat)> {
    let Some(kind) = kind_for_path(path) else {
        return Err(Error::invalid(format!(
            "{}: an image board is written to a file named .pbm (a raw PBM, modulus 2) or .pgm (a raw PGM, \
             modulus up to 256)",
            path.display()
        )));
    };
    Ok((kind, format_for(kind, game)?))
}

/// Write a board of `game` (`data` in `format`, checked as any board of the game) to the image
/// file at `path` ([`format_for_path`]): a raw PBM for a name ending in `.pbm` (modulus 2), a
/// raw PGM for `.pgm` (modulus up to 256). Anything else is refused before the file is created.
pub fn write_file(path: &Path, game: &Game, data: &[u8], format: BoardFormat) -> Result<()> {
    let (kind, want) = format_for_path(path, game)?;
    let (width, height) = size_of(game);
    let check_len = || match game.board_len(format)? {
        len if len == data.len() => Ok(()),
        len => {
            Err(Error::from(lightsout_core::Error::DimensionMismatch { what: "board", expected: len, got: data.len() }))
        }
    };
    let owned;
    let data = if want == format {
        check_len()?;
        // A packed GF(2) board has no bad values; bytes are checked as any board's.
        if format == BoardFormat::BYTES {
            crate::board::check_bytes("board", data, game.modulus())?;
        }
        data
    } else if want == BoardFormat::PACKED && format == BoardFormat::BYTES && game.size() == width * height {
        // A GF(2) board of bytes without holes, packed directly: no light vector of a huge board.
        check_len()?;
        owned = pack("board", data, width, height)?;
        &owned[..]
    } else {
        owned = game.encode_board(&game.decode_board("board", data, format)?, want)?;
        &owned[..]
    };
    let name = path.display();
    let failed = |e: std::io::Error| Error::invalid(format!("cannot write {name}: {e}"));
    let file = std::fs::File::create(path).map_err(failed)?;
    let mut w = std::io::BufWriter::new(file);
    write(&mut w, game, kind, data).and_then(|()| w.flush()).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_images_declare_their_length() {
        // A 10^10-light PBM: 1.25 GB of data after its 16-byte header and one blank.
        assert_eq!(raw_image_len(b"P4\n100000 100000\n\x00"), Some(17 + 1_250_000_000));
        assert_eq!(raw_image_len(b"P5 3 2 255\n"), Some(10 + 1 + 6));
        assert_eq!(raw_image_len(b"P1 3 2\n"), None); // plain images keep the text limit
        assert_eq!(raw_image_len(b"P4 3"), None); // an incomplete header
        assert_eq!(raw_image_len(b"P4 2000000 2000000\n"), None); // past 2^40 lights
    }

    #[test]
    fn plain_and_raw_images_read_the_same_board() {
        let p1 = parse("a.pbm", b"P1\n# a comment\n3 2\n1 0 1\n011\n").unwrap();
        assert_eq!((p1.width, p1.height, p1.states, p1.format), (3, 2, 2, BoardFormat::BYTES));
        assert_eq!(p1.data, vec![1, 0, 1, 0, 1, 1]);
        let p4 = parse("a.pbm", b"P4 3 2\n\xa0\x60").unwrap();
        assert_eq!((p4.format, p4.data.clone()), (BoardFormat::PACKED, vec![0xa0, 0x60]));
        let g = Game::grid(2, 3, 2).unwrap();
        let (d1, f1) = p1.clone().board_for(&g).unwrap();
        let (d4, f4) = p4.clone().board_for(&g).unwrap();
        assert_eq!(g.decode_board("l", &d1, f1).unwrap(), g.decode_board("l", &d4, f4).unwrap());
        // Either image in either format.
        for format in [BoardFormat::BYTES, BoardFormat::PACKED, BoardFormat::BYTES.flat(), BoardFormat::PACKED.flat()] {
            assert_eq!(p1.clone().board_in(&g, format).unwrap(), p4.clone().board_in(&g, format).unwrap());
        }
        assert_eq!(parse_board_owned("a.pbm", b"P4 3 2\n\xa0\x60".to_vec()).unwrap(), p4);
        assert_eq!(parse_board_owned("a.pbm", b"P1 3 2 101011".to_vec()).unwrap(), p1);
        assert_eq!(p4.board_in(&g, BoardFormat::BYTES).unwrap(), d1);
        let p2 = parse("b.pgm", b"P2 2 2 2\n0 1\n2 0").unwrap();
        assert_eq!((p2.states, p2.data.clone()), (3, vec![0, 1, 2, 0]));
        let p5 = parse("b.pgm", b"P5 2 2 2\n\x00\x01\x02\x00").unwrap();
        assert_eq!(p5.data, p2.data);
    }

    #[test]
    fn bad_images_say_what_is_wrong() {
        let err = |bytes: &[u8]| parse("x", bytes).err().expect("an error").to_string();
        assert!(err(b"P3 1 1 1 0 0 0").contains("magic number"));
        assert!(err(b"P4 8 2\n\xff").contains("truncated"));
        assert!(err(b"P4 8 1\n\xff\x00").contains("1 extra bytes"));
        assert!(err(b"P1 2 2 1 0 1").contains("truncated"));
        assert!(err(b"P1 2 1 1 2").contains("expected 0 or 1"));
        assert!(err(b"P2 2 1 3 1 4").contains("above the maximum value 3"));
        assert!(err(b"P5 1 1 300\n\x01").contains("maximum value is 300"));
        // A board image of either kind with a maxval past one byte: the same words, naming the file.
        let board_err = |bytes: &[u8]| parse_board("lights.pgm", bytes).err().expect("an error").to_string();
        let (plain, raw) = (board_err(b"P2 1 1 65535 1"), board_err(b"P5 1 1 65535\n\x01"));
        assert_eq!(plain, raw);
        assert!(plain.starts_with("lights.pgm: the maximum value is 65535; expected 1 to 255"), "{plain}");
        assert!(err(b"P5 2 1 2\n\x01\x03").contains("column 2 is 3"));
        assert!(err(b"P4 0 3\n").contains("at least one light"));
        assert_eq!(err(b"P4 x"), "x: expected the width (a number) at byte 3, found 'x'");
        assert!(err(b"P4 99999999999 99999999999\n").contains("more lights"));
        let g = Game::grid(2, 2, 3).unwrap();
        let e = parse("x", b"P2 2 2 5 0 1 4 0").unwrap().board_for(&g).err().unwrap().to_string();
        assert!(e.contains("is 4") && e.contains("3 states"), "{e}");
        let e = parse("x", b"P2 3 2 5 0 1 4 0 0 0").unwrap().board_for(&g).err().unwrap().to_string();
        assert!(e.contains("needs 2 x 2"), "{e}");
    }

    #[test]
    fn a_plain_header_declaring_many_lights_reserves_only_what_the_file_holds() {
        // 10^12 values declared in a 20-byte file: truncated, not an allocation of a terabyte.
        let e = parse("x", b"P1 1000000 1000000\n1").err().unwrap().to_string();
        assert!(e.contains("truncated") && e.contains("ends after 1"), "{e}");
    }

    #[test]
    fn files_are_written_and_read_back() {
        let dir = std::env::temp_dir().join(format!("lightsout-image-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let g2 = Game::grid(3, 10, 2).unwrap();
        let board = g2.random_solvable_board(5, BoardFormat::BYTES).unwrap();
        let pbm = dir.join("b.pbm");
        write_file(&pbm, &g2, &board, BoardFormat::BYTES).unwrap();
        let img = read_file(&pbm).unwrap();
        assert_eq!((img.width, img.height, img.format), (10, 3, BoardFormat::PACKED));
        assert_eq!(img.board_in(&g2, BoardFormat::BYTES).unwrap(), board);
        let g5 = Game::grid(2, 3, 5).unwrap();
        let pgm = dir.join("b.pgm");
        write_file(&pgm, &g5, &[0, 1, 2, 3, 4, 0], BoardFormat::BYTES).unwrap();
        assert_eq!(std::fs::read(&pgm).unwrap(), b"P5\n3 2\n4\n\x00\x01\x02\x03\x04\x00");
        let e = |r: Result<()>| r.unwrap_err().to_string();
        assert!(e(write_file(&dir.join("b.txt"), &g5, &[0; 6], BoardFormat::BYTES)).contains(".pbm"));
        assert!(e(write_file(&dir.join("c.pbm"), &g5, &[0; 6], BoardFormat::BYTES)).contains("two states"));
        assert!(e(write_file(&pgm, &g5, &[0; 5], BoardFormat::BYTES)).contains("6 entries, got 5"));
        assert!(e(write_file(&pgm, &g5, &[0, 0, 0, 0, 0, 5], BoardFormat::BYTES)).contains("not 5"));
        let mut two = board.clone();
        two[4] = 2;
        assert_eq!(e(write_file(&pbm, &g2, &two, BoardFormat::BYTES)), "board[4] must be in 0 <= x < 2, not 2");
        assert!(e(write_file(&pbm, &g2, &two[1..], BoardFormat::BYTES)).contains("30 entries, got 29"));
        assert!(read_file(&dir.join("none.pbm")).unwrap_err().to_string().starts_with("cannot read"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
