//! `lightsout analyze --pseudoinverse FILE`: the pseudoinverse W written as a square matrix, in
//! the formats `--matrix FILE` reads back (a PBM image over GF(2), a PGM image over Z_k for
//! k <= 256, else text), so W can be inspected, plotted or used by other tools.

use crate::error::{CliError, CliResult};
use lightsout_topo::image::{kind_for_path, Kind};
use lightsout_topo::Game;
use std::io::Write;
use std::path::Path;

/// Compute W and write it to `path` (the format from the extension); returns the line that
/// `analyze` prints about it. The format is checked before W is computed.
pub fn write(game: &Game, path: &Path) -> CliResult<String> {
    let k = game.modulus().get();
    let kind = kind_for_path(path);
    match kind {
        Some(Kind::P4) if k != 2 => {
            return Err(CliError::input(format!(
                "a PBM image holds two states, but the game has modulus {k}: write the pseudoinverse to a .pgm file"
            )))
        }
        Some(Kind::P5) if k > 256 => {
            return Err(CliError::input(format!(
                "a raw PGM image holds values up to 255, but the game has modulus {k}: write a text file instead"
            )))
        }
        _ => {}
    }
    let w = game.pseudoinverse().map_err(|e| CliError::input(format!("{}: {e}", game.describe())))?;
    let n = game.size();
    let mut bytes = Vec::new();
    match kind {
        Some(Kind::P4) => {
            write!(bytes, "P4\n{n} {n}\n")?;
            // A PBM row is a light vector of the game in its packed flat layout.
            for i in 0..n {
                bytes.extend(game.encode_board(w.row(i), lightsout_topo::BoardFormat::PACKED.flat())?);
            }
        }
        Some(_) => {
            write!(bytes, "P5\n{n} {n}\n{}\n", k - 1)?;
            bytes.extend(w.as_slice().iter().map(|&v| v as u8));
        }
        None => {
            for i in 0..n {
                let row: Vec<String> = w.row(i).iter().map(u32::to_string).collect();
                writeln!(bytes, "{}", row.join(" "))?;
            }
        }
    }
    let name = path.display();
    std::fs::write(path, &bytes).map_err(|e| CliError::input(format!("cannot write {name}: {e}")))?;
    Ok(format!(
        "pseudoinverse:   W ({n} x {n}, row i for button i) written to {name}; W(-b) mod {k} solves every solvable board b"
    ))
}
