//! Reading the text inputs (boards, edge lists, decision files) from a file or standard input,
//! with a size limit checked while reading so that a huge file is an error, not an allocation.

use crate::error::{CliError, CliResult};
use std::io::Read;
use std::path::Path;

/// The largest input file read: 1 GiB (a 4096 x 4096 board in the text format is 17 MB; the
/// decision format for n = 4096 with every light lit is about 170 MB). Raw PBM and PGM images
/// may be longer, up to the length their header declares ([`lightsout_topo::image::raw_image_len`]).
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// A text read from a file or standard input, with the name to use in error messages.
pub struct Input {
    /// The file name as given, or `<stdin>`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// Whether a path argument means standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Read `path` (`-` is standard input) as UTF-8 text of at most [`MAX_INPUT_BYTES`].
pub fn read(path: &Path) -> CliResult<Input> {
    let (name, bytes) = read_bytes(path)?;
    text(name, bytes)
}

/// Read `path` (`-` is standard input) as bytes, at most [`MAX_INPUT_BYTES`] of them, with
/// the name to use in messages (for files that may be images: see [`lightsout_topo::image`]).
pub fn read_bytes(path: &Path) -> CliResult<(String, Vec<u8>)> {
    if is_stdin(path) {
        let name = "<stdin>".to_string();
        let bytes = read_all(&name, std::io::stdin().lock())?;
        Ok((name, bytes))
    } else {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
        let bytes = read_all(&name, file)?;
        Ok((name, bytes))
    }
}

/// Read at most [`MAX_INPUT_BYTES`], or for a raw PBM or PGM image the length its header
/// declares: the one reader of image files ([`lightsout_topo::image::read_bytes`]), shared with
/// Python and C.
fn read_all(name: &str, reader: impl Read) -> CliResult<Vec<u8>> {
    Ok(lightsout_topo::image::read_bytes(name, reader, MAX_INPUT_BYTES)?)
}

/// The text of bytes read from `name`: an error naming the line and column of invalid UTF-8.
pub fn text(name: String, bytes: Vec<u8>) -> CliResult<Input> {
    let text = String::from_utf8(bytes).map_err(|e| {
        let (line, column) = position(&e.as_bytes()[..e.utf8_error().valid_up_to()]);
        CliError::input(format!("{name}: line {line}, column {column}: expected UTF-8 text, found invalid bytes"))
    })?;
    Ok(Input { name, text })
}

/// Line and column (1-based) just after `prefix`.
fn position(prefix: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(prefix);
    let line = text.matches('\n').count() + 1;
    let column = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
