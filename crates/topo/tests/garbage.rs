//! No text, however malformed, makes a parser panic: it parses or returns an error.

use lightsout_topo::{text, Game, Spec};
use proptest::prelude::*;

/// Strings made mostly of the characters the formats care about, so that the parsers get deep.
fn texty() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            8 => prop::sample::select(vec!['0', '1', '2', '3', '9', '.', '#', ' ', '\n', '\n', '-', ':', ',']),
            1 => any::<char>(),
        ],
        0..80,
    )
    .prop_map(|cs| cs.into_iter().collect())
}

fn spec_like() -> impl Strategy<Value = String> {
    let header = prop::sample::select(vec![
        "lightsout-game 1\nmodulus 2\nshape grid 2 2\nrule ",
        "lightsout-game 1\nmodulus 3\nshape mask 2 2\n",
        "lightsout-game 1\nname x\nmodulus 2\nshape explicit 2\nrule sets\n",
        "lightsout-game 1\nmodulus 5\nshape graph 2\nrule weighted\n",
        "lightsout-game 1\nmodulus 2\nshape ",
    ]);
    (header, texty()).prop_map(|(h, t)| format!("{h}{t}"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn board_parsers_never_panic(input in texty(), p in prop::sample::select(vec![2u64, 3, 11, 4])) {
        if let Ok((game, lights)) = text::parse_board(&input, p) {
            prop_assert_eq!(lights.len(), game.size());
            let printed = text::format_board(&game, &lights).unwrap();
            prop_assert_eq!(text::parse_lights(&game, &printed).unwrap(), lights);
        }
        for game in [Game::grid(2, 2, 2).unwrap(), Game::cube(1, 3).unwrap(), Game::graph(3, &[], false, true, 2).unwrap()] {
            if let Ok(lights) = text::parse_lights(&game, &input) {
                prop_assert_eq!(lights.len(), game.size());
            }
        }
    }

    #[test]
    fn decision_and_edge_list_parsers_never_panic(input in texty()) {
        if let Ok(d) = text::parse_decision(&input) {
            prop_assert!(d.lit.iter().all(|&(r, c)| r < d.n && c < d.n));
        }
        if let Ok(list) = text::parse_edge_list(&input) {
            prop_assert!(list.edges.iter().all(|&(u, v)| u < list.n && v < list.n));
        }
    }

    #[test]
    fn spec_parser_never_panics(input in spec_like()) {
        if let Ok(spec) = input.parse::<Spec>() {
            // A parsed spec either builds a game or says why not; a built game prints back.
            if let Ok(game) = Game::from_spec(spec) {
                let again: Spec = game.spec().to_string().parse().unwrap();
                prop_assert_eq!(again, game.spec());
            }
        }
    }
}
