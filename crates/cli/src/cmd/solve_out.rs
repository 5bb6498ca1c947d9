//! `lightsout solve --out FILE`: the presses written to a file, as a PBM or PGM image
//! (`.pbm`, `.pgm`) or in the text format (any other name), with a short report on standard
//! output instead of the drawn board. Boards stay compact on the way: a random GF(2) grid of
//! 10^8 lights is drawn, solved and written bit-packed.

use crate::error::{CliError, CliResult};
use crate::topology;
use lightsout_topo::image;
use lightsout_topo::{BoardFormat, Game};
use serde_json::json;
use std::io::Write;
use std::path::Path;

/// The board to solve, as it came.
pub enum Board {
    /// A light vector (from a text file or the built-in puzzle).
    Lights(Vec<u32>),
    /// Compact bytes (from an image, or drawn compactly).
    Compact(Vec<u8>, BoardFormat),
    /// The random solvable board of a seed, drawn in whatever format the output needs.
    Random(u64),
}

/// The format the file at `path` is written in: an image kind and the game's format for it,
/// or `None` for text. Checked before any work is done.
pub fn output_format(path: &Path, game: &Game) -> CliResult<Option<(image::Kind, BoardFormat)>> {
    image::kind_for_path(path).map(|kind| Ok((kind, image::format_for(kind, game)?))).transpose()
}

/// Write `board` (compact bytes in `format`, or a text board) to `path`.
pub fn write_file(path: &Path, game: &Game, data: &[u8], format: Option<(image::Kind, BoardFormat)>) -> CliResult<()> {
    let name = path.display();
    let file = std::fs::File::create(path).map_err(|e| CliError::input(format!("cannot write {name}: {e}")))?;
    let mut w = std::io::BufWriter::new(file);
    let written = match format {
        Some((kind, _)) => image::write(&mut w, game, kind, data),
        None => w.write_all(data),
    };
    written.and_then(|_| w.flush()).map_err(|e| CliError::input(format!("cannot write {name}: {e}")))
}

/// The bytes of a board for `format`: image bytes, or the text format's.
pub fn encode(game: &Game, board: Board, format: Option<(image::Kind, BoardFormat)>) -> CliResult<Vec<u8>> {
    Ok(match (board, format) {
        (Board::Random(seed), Some((_, f))) => game.random_solvable_board(seed, f)?,
        (Board::Compact(data, have), Some((_, f))) if have == f => data,
        (Board::Compact(data, have), Some((_, f))) => {
            game.encode_board(&game.decode_board("lights", &data, have)?, f)?
        }
        (Board::Lights(v), Some((_, f))) => game.encode_board(&v, f)?,
        (board, None) => crate::show::board(game, &lights(game, board)?)?.into_bytes(),
    })
}

fn lights(game: &Game, board: Board) -> CliResult<Vec<u32>> {
    Ok(match board {
        Board::Lights(v) => v,
        Board::Compact(data, format) => game.decode_board("lights", &data, format)?,
        Board::Random(seed) => game.random_solvable(seed)?,
    })
}

/// Solve `board` and write the presses to `path`; `origin` says where the board came from.
pub fn run(game: &Game, board: Board, origin: &str, path: &Path, json: bool, out: &mut dyn Write) -> CliResult<()> {
    let format = output_format(path, game)?;
    topology::prepare(game)?;
    let solved = match format {
        // Images stay compact, and the presses replace the board: one board-sized buffer.
        Some((_, f)) => {
            let mut presses = encode(game, board, format)?;
            game.solve_board_in_place(&mut presses, f).map(|()| {
                let count: u64 = match f.encoding {
                    lightsout_topo::Encoding::Packed => presses.iter().map(|b| b.count_ones() as u64).sum(),
                    lightsout_topo::Encoding::Bytes => presses.iter().map(|&b| b as u64).sum(),
                };
                (presses, count)
            })
        }
        // The text format goes through light vectors.
        None => game.solve(&lights(game, board)?).and_then(|presses| {
            let text = lightsout_topo::text::format_board(game, &presses)?;
            Ok((text.into_bytes(), crate::show::press_count(&presses)))
        }),
    };
    let (bytes, count) = match solved {
        Ok(answer) => answer,
        Err(e) if e.is_unsolvable() => return unsolvable(game, &e, origin, path, json, out),
        Err(e) => return Err(e.into()),
    };
    write_file(path, game, &bytes, format)?;
    let kind = format.map_or("text".to_string(), |(k, _)| format!("{k:?}"));
    if json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "modulus": game.modulus().get(),
            "solvable": true,
            "press_count": count,
            "presses_file": path.display().to_string(),
            "presses_format": kind,
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{}", crate::show::headline(game))?;
        writeln!(out, "Board: {origin}")?;
        writeln!(out, "Presses ({count} in all) written to {} ({kind})", path.display())?;
    }
    Ok(())
}

/// An unsolvable board with `--out`: nothing is written; the proof is reported.
fn unsolvable(
    game: &Game,
    e: &lightsout_topo::Error,
    origin: &str,
    path: &Path,
    json: bool,
    out: &mut dyn Write,
) -> CliResult<()> {
    let obstruction = match e {
        lightsout_topo::Error::Core(lightsout_core::Error::Unsolvable { obstruction, .. }) => obstruction.as_slice(),
        _ => &[],
    };
    let support = obstruction.iter().filter(|&&y| y != 0).count();
    if json {
        let value = json!({
            "game": game.describe(),
            "lights": game.size(),
            "modulus": game.modulus().get(),
            "solvable": false,
            "obstruction_support": support,
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{}", crate::show::headline(game))?;
        writeln!(out, "Board: {origin}")?;
        writeln!(
            out,
            "This board cannot be solved; nothing was written to {}. Proof: a quiet pattern of {support} lights \
             (every button changes their weighted sum by 0 mod {}) on which this board's weighted sum is not 0.",
            path.display(),
            game.modulus()
        )?;
    }
    Err(CliError::Unsolvable)
}
