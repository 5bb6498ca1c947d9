//! Graphs as edge lists (`u v`) or adjacency lines (`u: v w ...`).

use super::{count, numbers, strip_bom, words_with_columns};
use crate::error::{Error, Result};
use crate::shape::{MAX_CELLS, MAX_PRESS_ENTRIES};

/// A graph read from an edge list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeList {
    /// Number of vertices (declared, or one more than the largest vertex named).
    pub n: usize,
    /// The edges `(u, v)` in the order given.
    pub edges: Vec<(usize, usize)>,
}

/// Parse an edge list: an optional first line `n` (the number of vertices), then one edge
/// `u v` per line (0-based vertices), or adjacency lines `u: v w ...` (an edge from `u` to each
/// vertex listed; the list may be empty). `#` starts a comment; blank lines are skipped.
/// Without `n`, the vertices are `0..=max` of those named. Repeated edges are allowed (a press
/// set is a set).
///
/// ```
/// use lightsout_topo::text::parse_edge_list;
/// let g = parse_edge_list("# a path\n4\n0 1\n1 2 # middle\n").unwrap();
/// assert_eq!((g.n, g.edges), (4, vec![(0, 1), (1, 2)]));
/// let star = parse_edge_list("0: 1 2 3\n4:\n").unwrap();
/// assert_eq!((star.n, star.edges), (5, vec![(0, 1), (0, 2), (0, 3)]));
/// assert!(parse_edge_list("2\n0 2\n").is_err());
/// ```
pub fn parse_edge_list(text: &str) -> Result<EdgeList> {
    let text = strip_bom(text);
    let mut declared: Option<usize> = None;
    let mut largest: Option<usize> = None;
    let mut edges = Vec::new();
    let mut first = true;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        if line.trim().is_empty() {
            continue;
        }
        let ln = i + 1;
        if first && !line.contains(':') && line.split_whitespace().count() == 1 {
            let [n] = numbers::<1>(ln, line, ["n (the number of vertices)"])?;
            if n == 0 {
                return Err(Error::parse(ln, 1, "expected n >= 1 (a graph has at least one vertex), found 0"));
            }
            if n as u128 > MAX_CELLS {
                return Err(Error::too_large("the graph", n as u128, "vertices", MAX_CELLS));
            }
            declared = Some(n as usize);
            first = false;
            continue;
        }
        first = false;
        let vertex = |column: usize, word: &str| -> Result<usize> {
            let value = count(word, "a vertex").map_err(|message| Error::parse(ln, column, message))?;
            let limit = declared.map_or(MAX_CELLS as u64, |n| n as u64);
            if value >= limit {
                let expected = match declared {
                    Some(0) => "the graph declares no vertices".to_string(),
                    Some(n) => format!("the graph has vertices 0 to {}", n - 1),
                    None => format!("vertices must be below {MAX_CELLS}"),
                };
                return Err(Error::parse(ln, column, format!("vertex {value} is out of range: {expected}")));
            }
            Ok(value as usize)
        };
        let words = words_with_columns(line);
        let pairs: Vec<(usize, usize)> = match line.split_once(':') {
            Some((head, _)) => {
                let head_words = words_with_columns(head);
                let [(column, word)] = head_words[..] else {
                    return Err(Error::parse(ln, 1, "expected one vertex before ':' (\"u: v w ...\")"));
                };
                let u = vertex(column, word)?;
                largest = largest.max(Some(u));
                let tail_offset = head.chars().count() + 1;
                words_with_columns(&line[head.len() + 1..])
                    .into_iter()
                    .map(|(c, w)| Ok((u, vertex(tail_offset + c, w)?)))
                    .collect::<Result<_>>()?
            }
            None => {
                if words.len() != 2 {
                    let column = words.get(2).map_or(words.last().map_or(1, |w| w.0), |w| w.0);
                    return Err(Error::parse(
                        ln,
                        column,
                        format!(
                            "expected an edge \"u v\" or an adjacency line \"u: v w ...\", found {} words",
                            words.len()
                        ),
                    ));
                }
                vec![(vertex(words[0].0, words[0].1)?, vertex(words[1].0, words[1].1)?)]
            }
        };
        if (edges.len() + pairs.len()) as u128 > MAX_PRESS_ENTRIES / 2 {
            let needed = (edges.len() + pairs.len()) as u128;
            return Err(Error::too_large("the edge list", needed, "edges", MAX_PRESS_ENTRIES / 2));
        }
        edges.extend(pairs);
    }
    let named = edges.iter().map(|&(u, v)| u.max(v)).max().max(largest);
    let n = match (declared, named) {
        (Some(n), _) => n,
        (None, Some(max)) => max + 1,
        (None, None) => {
            return Err(Error::parse(
                1,
                1,
                "expected an edge list (\"n\" then lines \"u v\" or \"u: v w ...\"), found no vertices",
            ))
        }
    };
    Ok(EdgeList { n, edges })
}
