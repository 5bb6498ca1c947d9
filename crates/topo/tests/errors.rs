//! Every kind of bad input is a clear error (never a panic), saying what was wrong and what
//! was expected, with line and column for text.

use lightsout_core::{Matrix, Modulus};
use lightsout_topo::{svg, text, Error, Game, Rule, Shape};

fn message<T: std::fmt::Debug>(r: Result<T, Error>) -> String {
    r.expect_err("expected an error").to_string()
}

#[test]
fn bad_sizes_and_moduli() {
    assert!(message(Game::grid(0, 5, 2)).contains("at least 1"));
    assert!(message(Game::torus(5, 0, 2)).contains("at least 1"));
    assert!(message(Game::cube(0, 2)).contains("at least 1"));
    for k in [0, 1, 1 << 31, u64::MAX] {
        assert!(message(Game::grid(3, 3, k)).contains("2 <= k < 2^31"), "modulus {k}");
    }
    // Composite moduli are rings: accepted, but rank and nullity are for fields.
    let z4 = Game::grid(3, 3, 4).unwrap();
    let e = message(z4.rank());
    assert!(e.contains("not prime") && e.contains("elementary divisors"), "{e}");
    assert!(message(z4.solve(&[4; 9])).contains("0 <= x < 4"));
    // Overflowing and merely huge requests are refused before any allocation (one board of
    // 50,000 x 50,000 lights would take 10 GB as light vectors, and a torus has no other
    // route); 5000 x 5000 is a game, solved by light chasing, and so is a 50,000 x 50,000 grid,
    // whose boards go packed (its light-vector questions refuse, by their size).
    assert!(Game::grid(5000, 5000, 2).is_ok());
    for (r, c) in [(usize::MAX, 2), (usize::MAX, usize::MAX), ((1 << 20) + 1, 1 << 20)] {
        let e = Game::grid(r, c, 2).unwrap_err();
        assert!(matches!(e, Error::Core(lightsout_core::Error::TooLarge { .. })), "{r}x{c}: {e}");
        assert!(e.to_string().contains("limit"), "{e}");
    }
    for (r, c) in [(50_000, 50_000), (1 << 20, 1 << 20)] {
        let e = Game::torus(r, c, 2).unwrap_err();
        assert!(matches!(e, Error::Core(lightsout_core::Error::TooLarge { .. })), "{r}x{c}: {e}");
        assert!(e.to_string().contains("limit"), "{e}");
        let grid = Game::grid(r, c, 2).unwrap();
        let e = grid.random_solvable(1).unwrap_err();
        assert!(matches!(e, Error::Core(lightsout_core::Error::TooLarge { .. })), "{r}x{c}: {e}");
        let text = e.to_string();
        assert!(text.contains("over the 4 GiB limit") && !text.contains(" 0 bytes"), "{e}");
        // The packed board where it fits, else its real size (2^40 lights: 128 GiB packed).
        assert!(
            text.contains("pass BoardFormat::PACKED (one bit a light): it needs")
                || text.contains(
                    "even a packed board (one bit a light) needs 128 GiB (137438953472 bytes), over the limit too"
                ),
            "{e}"
        );
    }
    // A board of one byte a light past the limit is refused before anything is drawn, naming
    // the packed board that fits.
    let huge = Game::grid(100_000, 100_000, 2).unwrap();
    let e = huge.random_solvable_board(1, lightsout_topo::BoardFormat::BYTES).unwrap_err();
    assert_eq!(
        e.to_string(),
        "problem too large: one board of this game (one byte a light; pass BoardFormat::PACKED (one bit a light): \
         it needs 1.2 GB (1250000000 bytes)) needs 10 GB (10000000000 bytes), over the 4 GiB limit"
    );
    assert_eq!(huge.board_len(lightsout_topo::BoardFormat::PACKED).unwrap(), 1_250_000_000);
    assert!(Game::cube(usize::MAX / 2, 2).is_err());
    assert!(Game::graph(usize::MAX, &[], false, true, 2).is_err());
    assert!(Game::from_press_sets(usize::MAX, vec![], 2).is_err());
    // The largest board is accepted and stays cheap until M is asked for.
    assert_eq!(Game::grid(4096, 4096, 2).unwrap().size(), 1 << 24);
}

#[test]
fn bad_masks_rules_graphs_and_matrices() {
    let e = message(Game::mask(2, 2, vec![true; 3], Rule::Plus, 2));
    assert!(e.contains("4") && e.contains("3"), "{e}");
    assert!(message(Game::mask(1, 2, vec![false, false], Rule::Plus, 2)).contains("at least one light"));
    assert!(message(Game::with_rule(Shape::Cube { k: 2 }, Rule::Moore, 2)).contains("cube"));
    assert!(Game::with_rule(Shape::Graph { n: 3 }, Rule::Plus, 2).is_err());
    let many = Rule::Stencil { offsets: vec![(0, 0); 5000] };
    assert!(message(Game::with_rule(Shape::Grid { rows: 2, cols: 2 }, many, 2)).contains("offsets"));
    let big = Rule::Stencil { offsets: (0..4096).map(|i| (i, 0)).collect() };
    assert!(message(Game::with_rule(Shape::Grid { rows: 4096, cols: 4096 }, big, 2)).contains("entries"));
    // Extreme offsets are fine: they simply fall off the board (or wrap).
    let far = Rule::Stencil { offsets: vec![(i64::MIN, i64::MAX), (0, 0)] };
    assert!(!far.is_symmetric_rule());
    assert_eq!(Game::with_rule(Shape::Grid { rows: 2, cols: 2 }, far.clone(), 2).unwrap().rank().unwrap(), 4);
    assert!(Game::with_rule(Shape::Torus { rows: 3, cols: 5 }, far, 2).unwrap().matrix().is_ok());

    assert!(message(Game::graph(3, &[(0, 3)], false, true, 2)).contains("0 to 2"));
    assert!(Game::graph(0, &[], false, true, 2).is_err());
    assert!(message(Game::from_press_sets(2, vec![vec![0]], 2)).contains("2"));
    assert!(message(Game::from_press_sets(2, vec![vec![0], vec![2]], 2)).contains("light 2"));
    let m = Matrix::from_rows(Modulus::TWO, &[vec![1, 0, 1], vec![0, 1, 1]]).unwrap();
    assert!(message(Game::from_matrix(m)).contains("square"));
    let weighted = Rule::Weighted { columns: vec![vec![(0, 5)]] };
    assert!(Game::with_rule(Shape::Explicit { n: 1 }, weighted, 3).is_err());
    assert!(Game::grid(2, 2, 2).unwrap().with_name("two\nlines").is_err());
}

#[test]
fn unknown_preset_lists_the_known_ones() {
    let e = message(Game::preset("clasic"));
    for (name, _) in Game::presets() {
        assert!(e.contains(name), "{e}");
    }
    assert!(e.contains("clasic"));
    assert_eq!(Game::preset(" Classic ").unwrap().name(), Some("classic"));
}

#[test]
fn bad_boards_and_presses() {
    let g = Game::grid(2, 3, 3).unwrap();
    assert_eq!(message(g.solve(&[0; 5])), "lights must have 6 entries, got 5");
    assert!(message(g.solve(&[0, 0, 3, 0, 0, 0])).contains("0 <= x < 3"));
    assert!(g.apply(&[0; 6], &[0; 7]).is_err());
    assert!(g.apply(&[0; 6], &[9; 6]).is_err());
    assert!(g.is_solvable(&[]).is_err());
    assert!(g.lights_from_cells(&[0; 5]).is_err());
    assert!(g.cells_from_lights(&[0, 0, 0, 0, 0, 5]).is_err());
    let holes = Game::mask(1, 3, vec![true, false, true], Rule::Plus, 2).unwrap();
    assert!(message(holes.lights_from_cells(&[0, 1, 0])).contains("hole"));
    assert_eq!(g.light_at(&[2, 0]), None);
    assert_eq!(g.light_at(&[0]), None);
    assert_eq!(g.light_at(&[0, 0, 0]), None);
    assert!(message(svg::render(&g, Some(&[0; 5]), None)).contains("6"));
    assert!(svg::render(&g, None, Some(&[7; 6])).is_err());
}

fn parse_error(e: Error) -> (usize, usize, String) {
    match e {
        Error::Parse { line, column, message } => (line, column, message),
        other => panic!("expected a parse error, got {other}"),
    }
}

#[test]
fn bad_board_text() {
    let (l, c, m) = parse_error(text::parse_board("101\n1x1\n", 2).unwrap_err());
    assert_eq!((l, c), (2, 2));
    assert!(m.contains("'.' or '#'"), "{m}");
    let (l, c, m) = parse_error(text::parse_board("101\n121\n", 2).unwrap_err());
    assert_eq!((l, c), (2, 2));
    assert!(m.contains("0 to 1"), "{m}");
    let (l, _, m) = parse_error(text::parse_board("101\n11\n", 2).unwrap_err());
    assert_eq!(l, 2);
    assert!(m.contains("3 cells"), "{m}");
    assert!(text::parse_board("", 2).is_err());
    assert!(text::parse_board("\n  \n", 2).is_err());
    assert_eq!(parse_error(text::parse_board("11\n\n11\n", 2).unwrap_err()).0, 2);
    assert!(text::parse_board("###\n", 2).is_err()); // no lights at all
    assert!(text::parse_board("1 0\n", 1).is_err()); // no such modulus
    assert!(text::parse_board("1 4\n", 4).is_err()); // 4 is not a state of Z_4
    assert_eq!(text::parse_board("1 3\n", 4).unwrap().1, vec![1, 3]);
    // p > 10 reads blank-separated numbers.
    let (l, c, _) = parse_error(text::parse_board("10 12\n3 13\n", 13).unwrap_err());
    assert_eq!((l, c), (2, 3));
    assert_eq!(text::parse_board("10 12\n3 #\n", 13).unwrap().1, vec![10, 12, 3]);
    let (_, c, _) = parse_error(text::parse_board("1 0 -1\n", 3).unwrap_err());
    assert_eq!(c, 5);
    // Indentation and a byte-order mark are not cells; columns still count the indentation.
    assert_eq!(text::parse_board("\u{feff}  10\n  01\n", 2).unwrap().1, vec![1, 0, 0, 1]);
    assert_eq!(parse_error(text::parse_board("  10\n  0x\n", 2).unwrap_err()).1, 4);
    assert_eq!(text::parse_decision("\u{feff}1\n1\n0 0\n").unwrap().lit, vec![(0, 0)]);
    // A board for a known game must have its shape and its holes.
    let g = Game::mask(2, 2, vec![true, false, true, true], Rule::Plus, 2).unwrap();
    assert!(text::parse_lights(&g, "1#\n11\n").is_ok());
    assert_eq!(parse_error(text::parse_lights(&g, "11\n11\n").unwrap_err()).1, 2);
    assert_eq!(parse_error(text::parse_lights(&g, "1#\n#1\n").unwrap_err()).0, 2);
    assert!(text::parse_lights(&g, "1#\n11\n11\n").is_err());
    assert!(text::parse_lights(&Game::cube(1, 2).unwrap(), "1\n0\n0\n0\n0\n0\n").is_err());
}

#[test]
fn bad_decisions() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("", 1, 1, "expected n"),
        ("x\n0\n", 1, 1, "non-negative integer"),
        ("-3\n0\n", 1, 1, "non-negative integer"),
        ("0\n0\n", 1, 1, "n >= 1"),
        ("3\n", 2, 1, "expected k"),
        ("3\n2\n0 1\n", 4, 1, "found only 1"),
        ("3\n1\n0 1\n1 1\n", 4, 1, "found more"),
        ("3\n2\n0 1\n0 1\n", 4, 1, "twice"),
        ("3\n1\n0 3\n", 3, 3, "outside"),
        ("3\n1\n5 0\n", 3, 1, "outside"),
        ("3\n1\n0\n", 3, 2, "col"),
        ("3\n1\n0 1 2\n", 3, 5, "only"),
        ("3\n1\n0 a\n", 3, 3, "\"a\""),
        ("3\n10\n", 2, 1, "cannot fit"),
        ("3 3\n0\n", 1, 3, "only"),
    ];
    for &(input, line, column, needle) in cases {
        let (l, c, m) = parse_error(text::parse_decision(input).unwrap_err());
        assert_eq!((l, c), (line, column), "{input:?}: {m}");
        assert!(m.contains(needle), "{input:?}: {m}");
    }
    let e = text::parse_decision("100000\n0\n").unwrap_err();
    assert!(matches!(e, Error::Core(lightsout_core::Error::TooLarge { .. })));
    let by_hand = text::Decision { n: 2, lit: vec![(0, 2)] };
    assert!(by_hand.lights().is_err() && by_hand.is_solvable().is_err());
    assert!(text::Decision { n: usize::MAX, lit: vec![] }.lights().is_err());
    // A huge count is refused before anything is allocated.
    assert!(text::parse_decision("2\n18446744073709551615\n").is_err());
}

#[test]
fn bad_edge_lists() {
    assert!(text::parse_edge_list("").is_err());
    assert!(text::parse_edge_list("# only a comment\n").is_err());
    let (l, c, _) = parse_error(text::parse_edge_list("3\n0 1\n1 x\n").unwrap_err());
    assert_eq!((l, c), (3, 3));
    let (l, c, m) = parse_error(text::parse_edge_list("3\n0 1\n1 3\n").unwrap_err());
    assert_eq!((l, c), (3, 3));
    assert!(m.contains("0 to 2"), "{m}");
    assert_eq!(parse_error(text::parse_edge_list("0 1 2\n").unwrap_err()).1, 5);
    assert_eq!(parse_error(text::parse_edge_list("3\n0: 1 x\n").unwrap_err()).1, 6);
    assert_eq!(parse_error(text::parse_edge_list("3\n0: 1 3\n").unwrap_err()).1, 6);
    assert_eq!(parse_error(text::parse_edge_list("3\n0 1: 2\n").unwrap_err()).0, 2);
    assert!(text::parse_edge_list("3\n: 2\n").is_err());
    assert_eq!(text::parse_edge_list("5\n").unwrap().n, 5);
    assert_eq!(text::parse_edge_list("0 4\n").unwrap().n, 5);
}

#[test]
fn bad_specs() {
    assert!("".parse::<lightsout_topo::Spec>().is_err());
    assert!("lightsout-game 1\nmodulus 2\nshape grid 0 5\nrule plus\n".parse::<lightsout_topo::Spec>().is_err());
    let (l, _, _) = parse_error(
        "lightsout-game 1\nmodulus 2\nshape hex 3\nrule plus\n".parse::<lightsout_topo::Spec>().unwrap_err(),
    );
    assert_eq!(l, 3);
    let (l, c, _) = parse_error(
        "lightsout-game 1\nmodulus 2\nshape mask 2 2\n.#\n.x\nrule plus\n".parse::<lightsout_topo::Spec>().unwrap_err(),
    );
    assert_eq!((l, c), (5, 2));
    assert!("lightsout-game 1\nmodulus 2\nshape grid 2 2\nrule plus\nextra\n".parse::<lightsout_topo::Spec>().is_err());
    assert!("lightsout-game 1\nmodulus 2\nshape explicit 2\nrule sets\n0 1\n".parse::<lightsout_topo::Spec>().is_err());
}

#[test]
fn row_width_messages_say_where_the_width_comes_from() {
    let g = Game::grid(2, 3, 2).unwrap();
    let (line, _, message) = parse_error(text::parse_lights(&g, "11\n111\n").unwrap_err());
    assert_eq!(line, 1);
    assert!(message.contains("expected 3 cells in this row (for a grid 2x3), found 2"), "{message}");
    assert!(!message.contains("rows before"), "{message}");
    let (line, _, message) = parse_error(text::parse_board("111\n11\n", 2).unwrap_err());
    assert_eq!(line, 2);
    assert!(message.contains("expected 3 cells in this row (like the first row), found 2"), "{message}");
}
