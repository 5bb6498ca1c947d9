//! `lightsout.read_board` and `lightsout.write_board`: boards as PBM and PGM image files, read and
//! written by the command line's code (`lightsout_topo::image`), so a file written by one front
//! end is read by the others. A raw PBM is the `packed=True` layout: a GF(2) grid goes from the
//! file to the solver and back bit-packed.

use super::compact;
use super::convert;
use super::errors::{Failure, LoResult};
use super::game::PyGame;
use lightsout_topo::{image, BoardFormat};
use pyo3::prelude::*;
use std::path::PathBuf;

/// Read a board from a PBM or PGM image file (plain P1/P2 or raw P4/P5, as `lightsout generate
/// --out` and `solve --out` write them). Without `game`, the image makes a grid of its size
/// (height rows of width lights) with 2 states for a PBM and maxval + 1 for a PGM, as the
/// command line's `solve --lights FILE` does; with `game`, the image must have its natural size
/// and values below its modulus. Returns the game and the board as a uint8 array in the
/// natural shape, or with `packed=True` (modulus 2 or 3) packed as `Game.solve(packed=True)`
/// takes it: a raw PBM's rows are that layout already, read without unpacking.
#[pyfunction]
#[pyo3(signature = (path, game=None, *, packed=false))]
pub(crate) fn read_board<'py>(
    py: Python<'py>,
    path: PathBuf,
    game: Option<Bound<'py, PyGame>>,
    packed: bool,
) -> LoResult<(Bound<'py, PyGame>, Bound<'py, PyAny>)> {
    let img = py.detach(|| image::read_file(&path))?;
    let game = match game {
        Some(g) => g,
        None => Bound::new(py, PyGame::new(img.grid()?))?,
    };
    let format = if packed { BoardFormat::PACKED } else { BoardFormat::BYTES };
    let g = game.get().game.clone();
    let data = py.detach(|| img.board_in(&g, format))?;
    let arr = compact::array(py, &g, data, format)?;
    Ok((game, arr))
}

/// Write a board (or presses) of `game` to an image file, as the command line writes them: a
/// raw PBM for a name ending in `.pbm` (modulus 2), a raw PGM (maxval k - 1) for `.pgm`
/// (modulus up to 256); any other name is refused before the file is created. `board` is any
/// board `Game.solve` takes, or with `packed=True` a packed one (`numpy.packbits(board,
/// axis=-1)`), which goes to a PBM as it is.
#[pyfunction]
#[pyo3(signature = (path, board, game, *, packed=false))]
pub(crate) fn write_board(
    py: Python<'_>,
    path: PathBuf,
    board: &Bound<'_, PyAny>,
    game: &Bound<'_, PyGame>,
    packed: bool,
) -> LoResult<()> {
    let pg = game.get();
    let g = pg.game.clone();
    // The name and the modulus are checked before the board is read.
    let (_, want) = image::format_for_path(&path, &g)?;
    if let Some(c) = pg.compact_board(board, "board", packed, false)? {
        let format = c.format;
        return c.with_bytes(|data| {
            py.detach(|| image::write_file(&path, &g, data, format)).map_err(|e| PyErr::from(Failure::from(e)))
        });
    }
    let values = convert::board(&g, board, "board")?.values;
    let data = g.encode_board(&values, want)?;
    py.detach(|| image::write_file(&path, &g, &data, want))?;
    Ok(())
}
