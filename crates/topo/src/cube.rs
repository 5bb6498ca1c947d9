//! The geometry of the cube: 6 faces of `k x k` lights, with steps that cross cube edges.
//!
//! Every cell centre is placed in 3-D at doubled coordinates (the cube spans `[0, 2k]^3`, so
//! cell centres have odd coordinates on the face plane). A step of one cell along the face
//! moves the centre by `2d`; if that leaves the face, the neighbour is on the face whose
//! outward normal is `d`, at `centre + d - normal`. This gets every face adjacency and
//! orientation right by construction instead of by a hand-written table.

/// A face: its outward normal, the corner where row 0 / column 0 starts, and the 3-D
/// directions of increasing row and increasing column (as seen in the cross net).
struct Face {
    normal: [i64; 3],
    origin: [i64; 3],
    row_dir: [i64; 3],
    col_dir: [i64; 3],
}

/// Where each face sits in the unfolded cross net, in units of faces: (column, row).
pub(crate) const NET_POSITIONS: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];

/// Short names of the faces, in index order.
pub(crate) const FACE_NAMES: [&str; 6] = ["up", "left", "front", "right", "back", "down"];

fn faces(k: i64) -> [Face; 6] {
    let t = 2 * k;
    [
        // 0 up: seen from above with the front face below it in the net.
        Face { normal: [0, 0, 1], origin: [0, t, t], row_dir: [0, -1, 0], col_dir: [1, 0, 0] },
        // 1 left
        Face { normal: [-1, 0, 0], origin: [0, t, t], row_dir: [0, 0, -1], col_dir: [0, -1, 0] },
        // 2 front
        Face { normal: [0, -1, 0], origin: [0, 0, t], row_dir: [0, 0, -1], col_dir: [1, 0, 0] },
        // 3 right
        Face { normal: [1, 0, 0], origin: [t, 0, t], row_dir: [0, 0, -1], col_dir: [0, 1, 0] },
        // 4 back
        Face { normal: [0, 1, 0], origin: [t, t, t], row_dir: [0, 0, -1], col_dir: [-1, 0, 0] },
        // 5 down: below the front face in the net.
        Face { normal: [0, 0, -1], origin: [0, 0, 0], row_dir: [0, 1, 0], col_dir: [1, 0, 0] },
    ]
}

fn add(a: [i64; 3], b: [i64; 3], scale: i64) -> [i64; 3] {
    [a[0] + scale * b[0], a[1] + scale * b[1], a[2] + scale * b[2]]
}

fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The 4 edge-neighbours of light `light` on a cube of side `k` (lights numbered
/// `face * k * k + row * k + col`), in the order up, down, left, right as seen on its face.
pub(crate) fn neighbours(k: usize, light: usize) -> [usize; 4] {
    let fs = faces(k as i64);
    let (face, rest) = (light / (k * k), light % (k * k));
    let (r, c) = ((rest / k) as i64, (rest % k) as i64);
    let f = &fs[face];
    let centre = add(add(f.origin, f.row_dir, 2 * r + 1), f.col_dir, 2 * c + 1);
    let steps = [f.row_dir.map(|x| -x), f.row_dir, f.col_dir.map(|x| -x), f.col_dir];
    steps.map(|d| {
        let on_face = add(centre, d, 2);
        let (target_face, point) = match locate(&fs[face], on_face, k as i64) {
            Some(_) => (face, on_face),
            None => {
                let tf = fs.iter().position(|g| g.normal == d).expect("every axis direction is a face normal");
                (tf, add(add(centre, d, 1), f.normal, -1))
            }
        };
        let (rr, cc) = locate(&fs[target_face], point, k as i64).expect("a step across an edge lands on a face cell");
        target_face * k * k + rr * k + cc
    })
}

/// The (row, col) of a doubled-coordinate point on face `f`, if it is a cell centre there.
fn locate(f: &Face, point: [i64; 3], k: i64) -> Option<(usize, usize)> {
    let rel = add(point, f.origin, -1);
    if dot(rel, f.normal) != 0 {
        return None;
    }
    let (a, b) = (dot(rel, f.row_dir), dot(rel, f.col_dir));
    let ok = |x: i64| x > 0 && x < 2 * k && x % 2 == 1;
    (ok(a) && ok(b)).then(|| (((a - 1) / 2) as usize, ((b - 1) / 2) as usize))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_light_has_four_distinct_symmetric_neighbours() {
        for k in 1..=5 {
            let n = 6 * k * k;
            for light in 0..n {
                let ns = neighbours(k, light);
                for (i, &a) in ns.iter().enumerate() {
                    assert!(a < n && a != light, "k={k} light={light} neighbour {a}");
                    assert!(ns[..i].iter().all(|&b| b != a), "k={k} light={light} repeated {a}");
                    assert!(neighbours(k, a).contains(&light), "k={k}: {light} -> {a} but not back");
                }
            }
        }
    }

    #[test]
    fn cells_touching_across_a_drawn_edge_of_the_net_are_neighbours() {
        let k = 4;
        let at = |face: usize, r: usize, c: usize| face * k * k + r * k + c;
        for i in 0..k {
            // up above front; front above down
            assert_eq!(neighbours(k, at(2, 0, i))[0], at(0, k - 1, i));
            assert_eq!(neighbours(k, at(2, k - 1, i))[1], at(5, 0, i));
            // left | front | right | back | (left again), row by row
            for (a, b) in [(1, 2), (2, 3), (3, 4), (4, 1)] {
                assert_eq!(neighbours(k, at(a, i, k - 1))[3], at(b, i, 0), "faces {a} -> {b}");
            }
        }
    }

    #[test]
    fn front_face_neighbours_in_the_net() {
        // k = 1: each face is one light; the front face (2) touches up, down, left, right.
        assert_eq!(neighbours(1, 2), [0, 5, 1, 3]);
        // The back face (4) touches up, down, right (3) on its left side, left (1) on its right.
        assert_eq!(neighbours(1, 4), [0, 5, 3, 1]);
    }
}
