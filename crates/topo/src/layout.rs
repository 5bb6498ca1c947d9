//! From a shape and a rule to the lights (numbering, holes) and the press matrix M.

use crate::cube;
use crate::error::{Error, Result};
use crate::shape::{Edges, Rule, Shape, MAX_STENCIL_OFFSETS};
use lightsout_core::{Modulus, SparseMatrix};

/// How cells of the natural array map to lights. Only masks have holes; every other shape
/// numbers its lights exactly like its cells.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// Number of lights.
    pub size: usize,
    /// For masks: `cell -> light`, `u32::MAX` for a hole.
    cell_to_light: Option<Vec<u32>>,
    /// For masks: `light -> cell`.
    light_to_cell: Option<Vec<u32>>,
}

const HOLE: u32 = u32::MAX;

impl Layout {
    /// The layout of a shape already checked by [`Shape::check`].
    pub fn new(shape: &Shape) -> Layout {
        match shape {
            Shape::Mask { cells, .. } => {
                let mut cell_to_light = vec![HOLE; cells.len()];
                let mut light_to_cell = Vec::new();
                for (cell, _) in cells.iter().enumerate().filter(|&(_, &lit)| lit) {
                    cell_to_light[cell] = light_to_cell.len() as u32;
                    light_to_cell.push(cell as u32);
                }
                Layout {
                    size: light_to_cell.len(),
                    cell_to_light: Some(cell_to_light),
                    light_to_cell: Some(light_to_cell),
                }
            }
            _ => Layout { size: shape.cells(), cell_to_light: None, light_to_cell: None },
        }
    }

    /// The light at a cell index, `None` for a hole or a cell outside the array.
    pub fn light_of_cell(&self, cell: usize) -> Option<usize> {
        match &self.cell_to_light {
            Some(map) => map.get(cell).filter(|&&l| l != HOLE).map(|&l| l as usize),
            None => (cell < self.size).then_some(cell),
        }
    }

    /// The cell index of a light (`light < size`).
    pub fn cell_of_light(&self, light: usize) -> usize {
        match &self.light_to_cell {
            Some(map) => map[light] as usize,
            None => light,
        }
    }
}

/// The number of entries of M (pairs of a button and a light it changes; an upper bound for
/// geometric rules, whose offsets may fall off the board), from the description.
pub(crate) fn press_entries(rule: &Rule, size: usize) -> u128 {
    match rule {
        Rule::Sets { sets } => sets.iter().map(|s| s.len() as u128).sum(),
        Rule::Weighted { columns } => columns.iter().map(|c| c.len() as u128).sum(),
        Rule::Dense { rows } => rows.0.words().iter().map(|w| w.count_ones() as u128).sum(),
        geometric => geometric.offsets().map_or(0, |o| o.len() as u128) * size as u128,
    }
}

/// Check that the rule fits the shape, before anything is allocated (what M will take is
/// checked by the game, see `footprint`).
pub(crate) fn check_rule(shape: &Shape, rule: &Rule, size: usize, modulus: Modulus) -> Result<()> {
    match rule {
        Rule::Plus | Rule::Neighbours => {
            if !shape.is_planar() && !matches!(shape, Shape::Cube { .. }) {
                return Err(wrong_rule(shape, rule));
            }
        }
        Rule::Moore | Rule::Stencil { .. } => {
            if !shape.is_planar() {
                return Err(wrong_rule(shape, rule));
            }
            let count = rule.offsets().map_or(0, |o| o.len());
            if count > MAX_STENCIL_OFFSETS {
                return Err(Error::too_large("the stencil", count as u128, "offsets", MAX_STENCIL_OFFSETS as u128));
            }
        }
        Rule::Sets { sets } => {
            check_count("press sets", sets.len(), size)?;
            for (j, set) in sets.iter().enumerate() {
                if let Some(&bad) = set.iter().find(|&&l| l >= size) {
                    return Err(Error::invalid(format!(
                        "the press set of button {j} names light {bad}, but the lights are 0 to {}",
                        size - 1
                    )));
                }
            }
        }
        Rule::Weighted { columns } => {
            check_count("matrix columns", columns.len(), size)?;
            let p = modulus.get();
            for (j, col) in columns.iter().enumerate() {
                for &(l, v) in col {
                    if l >= size {
                        return Err(Error::invalid(format!(
                            "column {j} has an entry in row {l}, but the rows are 0 to {}",
                            size - 1
                        )));
                    }
                    if v >= p {
                        return Err(Error::Core(lightsout_core::Error::EntryOutOfRange {
                            what: "matrix",
                            index: l * size + j,
                            value: v as i64,
                            modulus: p,
                        }));
                    }
                }
            }
        }
        Rule::Dense { rows } => {
            if !matches!(shape, Shape::Explicit { .. }) || modulus != Modulus::TWO {
                return Err(Error::invalid("a dense bit matrix is the press matrix of an explicit GF(2) game"));
            }
            check_count("matrix rows", rows.0.rows(), size)?;
            check_count("matrix columns", rows.0.cols(), size)?;
        }
    }
    Ok(())
}

fn check_count(what: &'static str, got: usize, expected: usize) -> Result<()> {
    if got != expected {
        return Err(Error::Core(lightsout_core::Error::DimensionMismatch { what, expected, got }));
    }
    Ok(())
}

fn wrong_rule(shape: &Shape, rule: &Rule) -> Error {
    Error::invalid(format!(
        "the {} rule does not apply to a {}; {}",
        rule.name(),
        shape.describe(),
        match shape {
            Shape::Cube { .. } => "a cube takes plus, neighbours or explicit press sets",
            _ => "a graph or explicit game takes explicit press sets or a matrix",
        }
    ))
}

/// Build M (column j = the lights button j changes). The arguments must have passed
/// [`check_rule`].
pub(crate) fn press_matrix(shape: &Shape, rule: &Rule, layout: &Layout, modulus: Modulus) -> Result<SparseMatrix> {
    let size = layout.size;
    let sets: Vec<Vec<usize>> = match (rule, shape) {
        (Rule::Sets { sets }, _) => sets.clone(),
        (Rule::Weighted { columns }, _) => {
            let cols = columns.iter().map(|c| c.iter().map(|&(l, v)| (l, v as i64)).collect()).collect();
            return Ok(SparseMatrix::from_columns(modulus, size, cols)?);
        }
        (Rule::Dense { rows }, _) => dense_columns(&rows.0),
        (_, Shape::Cube { k }) => {
            let with_self = matches!(rule, Rule::Plus);
            (0..size)
                .map(|l| {
                    let mut set = cube::neighbours(*k, l).to_vec();
                    if with_self {
                        set.push(l);
                    }
                    set
                })
                .collect()
        }
        _ => planar_sets(shape, rule, layout),
    };
    Ok(SparseMatrix::from_press_sets(modulus, size, sets)?)
}

/// The press sets (columns) of a dense bit matrix.
pub(crate) fn dense_columns(m: &lightsout_core::BitMatrix) -> Vec<Vec<usize>> {
    let mut sets = vec![Vec::new(); m.cols()];
    for r in 0..m.rows() {
        for (w, &word) in m.row(r).iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                sets[64 * w + bits.trailing_zeros() as usize].push(r);
                bits &= bits - 1;
            }
        }
    }
    sets
}

fn planar_sets(shape: &Shape, rule: &Rule, layout: &Layout) -> Vec<Vec<usize>> {
    let edges = shape.edges().expect("planar_sets is only called for planar shapes");
    let dims = shape.dims();
    let (rows, cols) = (dims[0], dims[1]);
    let offsets = rule.offsets().unwrap_or_default();
    (0..layout.size)
        .map(|light| {
            let cell = layout.cell_of_light(light);
            let (r, c) = (cell / cols, cell % cols);
            offsets
                .iter()
                .filter_map(|&offset| {
                    let (rr, cc) = Edges::step(edges, (rows, cols), (r, c), offset)?;
                    layout.light_of_cell(rr * cols + cc)
                })
                .collect()
        })
        .collect()
}
