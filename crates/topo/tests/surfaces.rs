//! The glued surfaces (Möbius band, Klein bottle, projective plane): their press matrices
//! against a model written out edge by edge, their nullities against brute force, their text
//! form and drawing, and the banded solver on large ones.

use lightsout_core::Solver;
use lightsout_topo::{geometry::Geometry, Edges, Game, Rule, Shape, Spec};

#[derive(Clone, Copy, Debug)]
enum Glue {
    Cut,
    Straight,
    Twisted,
}

/// Every shape with a rectangle of lights, and how its top/bottom and left/right edges are
/// glued, written out here independently of the crate.
fn surfaces(rows: usize, cols: usize) -> Vec<(Shape, Glue, Glue)> {
    vec![
        (Shape::Grid { rows, cols }, Glue::Cut, Glue::Cut),
        (Shape::Cylinder { rows, cols }, Glue::Cut, Glue::Straight),
        (Shape::Torus { rows, cols }, Glue::Straight, Glue::Straight),
        (Shape::Mobius { rows, cols }, Glue::Cut, Glue::Twisted),
        (Shape::Klein { rows, cols }, Glue::Straight, Glue::Twisted),
        (Shape::Projective { rows, cols }, Glue::Twisted, Glue::Twisted),
    ]
}

/// The four edge-neighbours of (r, c), one edge at a time: a step off the board crosses the
/// edge it leaves by, and only that edge.
fn neighbours(rows: usize, cols: usize, vertical: Glue, horizontal: Glue, r: usize, c: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let across_top_or_bottom = |to_row: usize| match vertical {
        Glue::Cut => None,
        Glue::Straight => Some((to_row, c)),
        Glue::Twisted => Some((to_row, cols - 1 - c)),
    };
    let across_left_or_right = |to_col: usize| match horizontal {
        Glue::Cut => None,
        Glue::Straight => Some((r, to_col)),
        Glue::Twisted => Some((rows - 1 - r, to_col)),
    };
    out.extend(if r > 0 { Some((r - 1, c)) } else { across_top_or_bottom(rows - 1) });
    out.extend(if r + 1 < rows { Some((r + 1, c)) } else { across_top_or_bottom(0) });
    out.extend(if c > 0 { Some((r, c - 1)) } else { across_left_or_right(cols - 1) });
    out.extend(if c + 1 < cols { Some((r, c + 1)) } else { across_left_or_right(0) });
    out
}

/// The press set of every button of the plus rule in the model, as bit masks (sets: a light
/// reached twice is toggled once).
fn model_presses(rows: usize, cols: usize, vertical: Glue, horizontal: Glue) -> Vec<u64> {
    (0..rows * cols)
        .map(|b| {
            let (r, c) = (b / cols, b % cols);
            neighbours(rows, cols, vertical, horizontal, r, c)
                .into_iter()
                .fold(1u64 << b, |mask, (rr, cc)| mask | 1 << (rr * cols + cc))
        })
        .collect()
}

#[test]
fn press_matrices_match_the_edge_by_edge_model() {
    for rows in 1..=6 {
        for cols in 1..=6 {
            for (shape, vertical, horizontal) in surfaces(rows, cols) {
                let game = Game::with_rule(shape.clone(), Rule::Plus, 2).unwrap();
                let model = model_presses(rows, cols, vertical, horizontal);
                for (b, &mask) in model.iter().enumerate() {
                    let got: u64 = game.press_set(b).unwrap().iter().fold(0, |m, &(l, v)| {
                        assert_eq!(v, 1);
                        m | 1 << l
                    });
                    assert_eq!(got, mask, "{} button {b}", shape.describe());
                }
                assert!(game.is_symmetric().unwrap(), "{}", shape.describe());
                assert!(game.matrix().unwrap().is_symmetric(), "{}", shape.describe());
            }
        }
    }
}

/// The number of press patterns that change nothing, by trying every one (Gray code order).
fn quiet_patterns_by_brute_force(presses: &[u64]) -> u64 {
    let mut lights = 0u64;
    let mut quiet = 1; // pressing nothing
    for step in 1u64..1 << presses.len() {
        lights ^= presses[step.trailing_zeros() as usize];
        quiet += u64::from(lights == 0);
    }
    quiet
}

#[test]
fn nullities_match_brute_force_on_small_boards() {
    let mut seen_nonzero = 0;
    for rows in 1..=4 {
        for cols in 1..=5 {
            for (shape, vertical, horizontal) in surfaces(rows, cols) {
                let quiet = quiet_patterns_by_brute_force(&model_presses(rows, cols, vertical, horizontal));
                assert!(quiet.is_power_of_two());
                let game = Game::with_rule(shape.clone(), Rule::Plus, 2).unwrap();
                let nullity = game.nullity().unwrap();
                assert_eq!(1u64 << nullity, quiet, "{}", shape.describe());
                assert_eq!(game.null_basis().unwrap().len(), nullity);
                seen_nonzero += usize::from(nullity > 0);
            }
        }
    }
    assert!(seen_nonzero > 10, "the check should meet games with quiet patterns");
}

#[test]
fn nullities_over_z3_match_brute_force() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (2, 4)] {
        for (shape, vertical, horizontal) in surfaces(rows, cols) {
            let n = rows * cols;
            let model = model_presses(rows, cols, vertical, horizontal);
            let mut quiet = 0u64;
            for code in 0..3u64.pow(n as u32) {
                let mut lights = vec![0u64; n];
                let mut rest = code;
                for mask in &model {
                    let presses = rest % 3;
                    rest /= 3;
                    for (l, light) in lights.iter_mut().enumerate() {
                        if mask >> l & 1 == 1 {
                            *light += presses;
                        }
                    }
                }
                quiet += u64::from(lights.iter().all(|&x| x % 3 == 0));
            }
            let game = Game::with_rule(shape.clone(), Rule::Plus, 3).unwrap();
            assert_eq!(3u64.pow(game.nullity().unwrap() as u32), quiet, "{}", shape.describe());
        }
    }
}

#[test]
fn the_corner_rule_of_the_projective_plane() {
    // Both outside neighbours of a corner are the opposite corner, toggled once.
    let (rows, cols) = (4, 5);
    let game = Game::projective(rows, cols, 2).unwrap();
    for (corner, opposite) in [(0, rows * cols - 1), (cols - 1, (rows - 1) * cols)] {
        let set: Vec<usize> = game.press_set(corner).unwrap().iter().map(|&(l, _)| l).collect();
        assert_eq!(set.len(), 4, "{set:?}");
        assert!(set.contains(&opposite), "{set:?}");
    }
    // The stepping rule: columns first, then rows, each crossing mirroring the other side.
    let both = (Edges::Twisted, Edges::Twisted);
    assert_eq!(Edges::step(both, (rows, cols), (0, 0), (0, -1)), Some((rows - 1, cols - 1)));
    assert_eq!(Edges::step(both, (rows, cols), (0, 0), (-1, 0)), Some((rows - 1, cols - 1)));
    assert_eq!(Edges::step(both, (rows, cols), (1, 2), (0, 0)), Some((1, 2)));
    let band = (Edges::Cut, Edges::Twisted);
    assert_eq!(Edges::step(band, (rows, cols), (0, cols - 1), (0, 1)), Some((rows - 1, 0)));
    assert_eq!(Edges::step(band, (rows, cols), (0, 1), (-1, 0)), None);
    // A symmetric stencil stays symmetric on the Möbius band and the Klein bottle; on the
    // projective plane the answer comes from M itself.
    for shape in [Shape::Mobius { rows, cols }, Shape::Klein { rows, cols }, Shape::Projective { rows, cols }] {
        let game = Game::with_rule(shape, Rule::Moore, 2).unwrap();
        assert_eq!(game.is_symmetric().unwrap(), game.matrix().unwrap().is_symmetric(), "{game}");
    }
    assert!(Game::with_rule(Shape::Klein { rows, cols }, Rule::Moore, 2).unwrap().is_symmetric().unwrap());
}

#[test]
fn text_form_names_and_drawings() {
    for (shape, word, name) in [
        (Shape::Mobius { rows: 3, cols: 4 }, "mobius", "Möbius band 3x4"),
        (Shape::Klein { rows: 3, cols: 4 }, "klein", "Klein bottle 3x4"),
        (Shape::Projective { rows: 3, cols: 4 }, "projective", "projective plane 3x4"),
    ] {
        let game = Game::with_rule(shape.clone(), Rule::Plus, 3).unwrap();
        assert_eq!(shape.describe(), name);
        let spec = game.spec();
        let text = spec.to_string();
        assert!(text.contains(&format!("shape {word} 3 4")), "{text}");
        assert_eq!(text.parse::<Spec>().unwrap(), spec);
        assert!(Game::with_rule(Shape::Mobius { rows: 0, cols: 4 }, Rule::Plus, 2)
            .unwrap_err()
            .to_string()
            .contains("at least 1"));
        let g = Geometry::of(&game).unwrap();
        let (vertical, horizontal) = shape.edges().unwrap();
        let count = |e: Edges| match e {
            Edges::Cut => (0, 0),
            Edges::Straight => (2, 0),
            Edges::Twisted => (0, 2),
        };
        let (v, h) = (count(vertical), count(horizontal));
        assert_eq!((g.wraps.len(), g.twists.len()), (v.0 + h.0, v.1 + h.1), "{name}");
        // The two edges of a twisted pair run opposite ways.
        let [a, b] = [g.twists[0], g.twists[1]];
        assert_eq!((a[2] - a[0], a[3] - a[1]), (b[0] - b[2], b[1] - b[3]), "{name}");
        let svg = lightsout_topo::svg::render(&game, None, None).unwrap();
        assert_eq!(svg.matches("class=\"twist\"").count(), g.twists.len());
    }
    assert!("lightsout-game 1\nmodulus 2\nshape klein 3\nrule plus\n".parse::<Spec>().is_err());
}

#[test]
fn large_surfaces_use_the_banded_solver_and_agree_with_the_dense_one() {
    for shape in [
        Shape::Mobius { rows: 64, cols: 65 },
        Shape::Klein { rows: 65, cols: 64 },
        Shape::Projective { rows: 64, cols: 65 },
    ] {
        let game = Game::with_rule(shape, Rule::Plus, 2).unwrap();
        assert!(game.uses_banded_solver(), "{game}");
        let m = game.matrix().unwrap();
        let dense = Solver::new(m).unwrap();
        assert_eq!(game.nullity().unwrap(), dense.nullity(), "{game}");
        let board = game.random_solvable(5).unwrap();
        let presses = game.solve(&board).unwrap();
        assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0), "{game}");
        for v in game.null_basis().unwrap() {
            assert!(m.mul_vec(&v).unwrap().iter().all(|&x| x == 0), "{game}");
        }
    }
}
