//! The named games. Each preset carries its modulus.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::shape::{Rule, Shape};

/// `(name, description)` of every preset, in the order they are listed to users.
pub(crate) const PRESETS: &[(&str, &str)] = &[
    ("classic", "Lights Out (1995): 5x5 grid, plus rule, 2 states"),
    ("mini", "Mini Lights Out: 4x4 torus, plus rule, 2 states"),
    ("deluxe", "Lights Out Deluxe: 6x6 grid, plus rule, 2 states"),
    ("2000", "Lights Out 2000: 5x5 grid, plus rule, 3 states (off, red, green) over Z_3"),
    ("cube", "Lights Out Cube: 3x3 on each of 6 faces (54 lights), plus rule across the cube edges, 2 states"),
    (
        "merlin",
        "Merlin's Magic Square: 3x3, a corner toggles its 2x2 block, an edge button its edge row or column, \
         the centre the plus shape; 2 states; M is not symmetric",
    ),
];

/// The press sets of Merlin's Magic Square, lights numbered row-major on the 3x3 grid.
pub(crate) fn merlin_sets() -> Vec<Vec<usize>> {
    vec![
        vec![0, 1, 3, 4], // corner: its 2x2 block
        vec![0, 1, 2],    // top edge: the top row
        vec![1, 2, 4, 5],
        vec![0, 3, 6], // left edge: the left column
        vec![1, 3, 4, 5, 7],
        vec![2, 5, 8],
        vec![3, 4, 6, 7],
        vec![6, 7, 8],
        vec![4, 5, 7, 8],
    ]
}

/// Build a preset by name (case-insensitive, surrounding blanks ignored).
pub(crate) fn build(name: &str) -> Result<Game> {
    let key = name.trim().to_ascii_lowercase();
    let game = match key.as_str() {
        "classic" => Game::grid(5, 5, 2)?,
        "mini" => Game::torus(4, 4, 2)?,
        "deluxe" => Game::grid(6, 6, 2)?,
        "2000" => Game::grid(5, 5, 3)?,
        "cube" => Game::cube(3, 2)?,
        "merlin" => Game::with_rule(Shape::Grid { rows: 3, cols: 3 }, Rule::Sets { sets: merlin_sets() }, 2)?,
        _ => {
            return Err(Error::UnknownPreset {
                name: name.to_string(),
                known: PRESETS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            })
        }
    };
    game.with_name(key)
}
