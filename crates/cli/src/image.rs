//! Boards as Netpbm images, the compact form for large boards: PBM (`P1` plain, `P4` raw:
//! one bit a light, rows padded to whole bytes, first light in the most significant bit) for
//! two states, PGM (`P2` plain, `P5` raw: one byte a light, maxval k - 1) for k states.
//!
//! The image is the game's natural array: `width` is its last axis (the columns of a grid),
//! `height` the product of the others (6 k rows for a cube, 1 for a graph); holes hold 0. A
//! 1 (black in a PBM) is a lit light, or a press. A raw P4 file is exactly the layout of
//! `lightsout_topo::BoardFormat::PACKED`, so a 10,000 x 10,000 board is read, solved and
//! written bit-packed (12.5 MB) without one integer a light.

use crate::error::{CliError, CliResult};
use lightsout_topo::{BoardFormat, Game};
use std::io::Write;

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
/// maxval + 1 for a PGM), and its values in `format` (packed for P4, bytes otherwise).
pub struct Image {
    pub width: usize,
    pub height: usize,
    pub states: u64,
    pub format: BoardFormat,
    pub data: Vec<u8>,
    /// A plain PGM past maxval 255 (a matrix over a larger modulus; no board holds it): its
    /// values, one `u32` each, with `data` empty.
    pub wide: Option<Vec<u32>>,
}

/// Whether a file's first bytes are a Netpbm magic number this command reads.
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
    fn fail(&self, message: impl std::fmt::Display) -> CliError {
        CliError::input(format!("{}: {message}", self.name))
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
    fn number(&mut self, what: &str) -> CliResult<u64> {
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
/// may be read past [`crate::input::MAX_INPUT_BYTES`], up to exactly this length: a grid of
/// 10^10 lights is a 1.25 GB PBM.
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

/// Parse an image file (`name` for messages). Errors (exit status 2) name what was wrong: the
/// magic number, a header field, a value above the maximum, a file too short or too long.
pub fn parse(name: &str, bytes: &[u8]) -> CliResult<Image> {
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
    let (w, h) = (width as usize, height as usize);
    let cells = (width as u128) * (height as u128);
    if cells > lightsout_core::limits::MAX_LIGHTS {
        return Err(r.fail(format!("the image is {width} x {height}, more lights than any game can hold")));
    }
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
            (format, raw.to_vec())
        }
        Kind::P1 | Kind::P2 => {
            let mut data = Vec::with_capacity(if maxval > 255 { 0 } else { w * h });
            let mut wide = Vec::with_capacity(if maxval > 255 { w * h } else { 0 });
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
                return Ok(Image {
                    width: w,
                    height: h,
                    states: maxval + 1,
                    format: BoardFormat::BYTES,
                    data,
                    wide: Some(wide),
                });
            }
            (BoardFormat::BYTES, data)
        }
    };
    Ok(Image { width: w, height: h, states: maxval + 1, format, data, wide: None })
}

/// Why a maxval above 255 cannot be a board (one byte a light) or a raw P5 file (one byte a
/// value): the same words for P2 boards and P5 files.
fn one_byte_maxval(m: u64) -> String {
    format!(
        "the maximum value is {m}; expected 1 to 255 (the number of states minus 1: a raw P5 file \
         and a board image hold one byte a value)"
    )
}

/// [`parse`] for an image of lights (`--lights`): a board holds one byte a light, so a plain P2
/// image with a maximum value above 255 is refused here, naming the file, as a P5 one is.
pub fn parse_board(name: &str, bytes: &[u8]) -> CliResult<Image> {
    let image = parse(name, bytes)?;
    if image.states > 256 {
        return Err(CliError::input(format!("{name}: {}", one_byte_maxval(image.states - 1))));
    }
    Ok(image)
}

/// The image size of a game's natural array: (width, height).
pub fn size_of(game: &Game) -> (usize, usize) {
    let dims = game.dims();
    let width = *dims.last().expect("a shape has at least one axis");
    (width, dims[..dims.len() - 1].iter().product())
}

impl Image {
    /// The board's bytes for `game`, checked: the image must have the game's size, and its
    /// values must be below the game's modulus (a PGM's maxval may be larger than needed).
    pub fn board_for(self, game: &Game) -> CliResult<(Vec<u8>, BoardFormat)> {
        let (width, height) = size_of(game);
        if (self.width, self.height) != (width, height) {
            return Err(CliError::input(format!(
                "the image is {} x {} (width x height), but {} needs {width} x {height}",
                self.width,
                self.height,
                game.describe()
            )));
        }
        let k = game.modulus().get() as u64;
        if self.states > k && self.format == BoardFormat::BYTES {
            if let Some(i) = self.data.iter().position(|&v| v as u64 >= k) {
                return Err(CliError::input(format!(
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
            let rb = width.div_ceil(8);
            let bit = |r: usize, c: usize| (self.data[r * rb + c / 8] >> (7 - c % 8)) & 1;
            let bytes = (0..height * width).map(|i| bit(i / width, i % width));
            return Ok((bytes.collect(), BoardFormat::BYTES));
        }
        Ok((self.data, self.format))
    }
}

/// Which file format an output path asks for, from its extension: `.pbm` or `.pgm`, or
/// `None` for the text format.
pub fn kind_for_path(path: &std::path::Path) -> Option<Kind> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("pbm") => Some(Kind::P4),
        Some("pgm") => Some(Kind::P5),
        _ => None,
    }
}

/// The format to ask the game for when writing `kind`.
pub fn format_for(kind: Kind, game: &Game) -> CliResult<BoardFormat> {
    let k = game.modulus().get();
    match kind {
        Kind::P4 if k != 2 => Err(CliError::input(format!(
            "a PBM image holds two states, but the game has modulus {k}: write a .pgm file instead"
        ))),
        Kind::P5 if k > 256 => Err(CliError::input(format!(
            "a raw PGM image holds values up to 255, but the game has modulus {k}: write a text file instead"
        ))),
        Kind::P4 => Ok(BoardFormat::PACKED),
        _ => Ok(BoardFormat::BYTES),
    }
}

/// Write a board (in `format_for(kind)`) as a raw P4 or P5 image.
pub fn write(out: &mut dyn Write, game: &Game, kind: Kind, data: &[u8]) -> std::io::Result<()> {
    let (width, height) = size_of(game);
    match kind {
        Kind::P4 => write!(out, "P4\n{width} {height}\n")?,
        _ => write!(out, "P5\n{width} {height}\n{}\n", game.modulus().get() - 1)?,
    }
    out.write_all(data)
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
        let (d1, f1) = p1.board_for(&g).unwrap();
        let (d4, f4) = p4.board_for(&g).unwrap();
        assert_eq!(g.decode_board("l", &d1, f1).unwrap(), g.decode_board("l", &d4, f4).unwrap());
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
        assert!(err(b"P4 x").contains("width"));
        assert!(err(b"P4 99999999999 99999999999\n").contains("more lights"));
        let g = Game::grid(2, 2, 3).unwrap();
        let e = parse("x", b"P2 2 2 5 0 1 4 0").unwrap().board_for(&g).err().unwrap().to_string();
        assert!(e.contains("is 4") && e.contains("3 states"), "{e}");
        let e = parse("x", b"P2 3 2 5 0 1 4 0 0 0").unwrap().board_for(&g).err().unwrap().to_string();
        assert!(e.contains("needs 2 x 2"), "{e}");
    }
}
