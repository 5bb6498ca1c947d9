//! The text formats: boards, the decision format, edge lists and game specs. Any text must give
//! a value or an error, never a panic; what parses must print and parse back to itself, and
//! small games built from it must answer consistently.

use crate::Bytes;
use lightsout_topo::{text, Game, Rule, Spec};

/// Games up to this many lights are also asked questions (rank, a solve).
const ASK: usize = 300;

/// The first byte picks the modulus and rule, the rest is the board text.
pub fn board_text(data: &[u8]) {
    let mut bytes = Bytes(data);
    let p = bytes.pick(&[2u64, 3, 5, 7, 11, 13, 4, 0, 2147483647]);
    let rule = bytes.pick(&["plus", "neighbours", "moore", "knight", "stencil:0,0;0,2"]);
    let text = String::from_utf8_lossy(bytes.rest());
    let Ok((game, lights)) = text::parse_board_with(&text, Rule::from_name(rule).unwrap(), p) else { return };
    assert_eq!(lights.len(), game.size());
    let printed = text::format_board(&game, &lights).expect("a parsed board prints");
    assert_eq!(text::parse_lights(&game, &printed).expect("a printed board parses"), lights, "{printed:?}");
    let (again, lights_again) = text::parse_board_with(&printed, Rule::from_name(rule).unwrap(), p).unwrap();
    assert_eq!((again.spec(), &lights_again), (game.spec(), &lights));
    if game.size() <= ASK {
        ask(&game, &lights);
    }
}

/// The decision format: valid input names distinct lights on the board, and small tori are
/// decided like the game does.
pub fn decision(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(d) = text::parse_decision(&text) else { return };
    let mut seen = std::collections::HashSet::new();
    for &(r, c) in &d.lit {
        assert!(r < d.n && c < d.n && seen.insert((r, c)), "{:?}", d);
    }
    if d.n <= 24 {
        let game = d.game().unwrap();
        let lights = d.lights().unwrap();
        assert_eq!(d.is_solvable().unwrap(), game.is_solvable(&lights).unwrap(), "{d:?}");
    }
}

/// Edge lists: every edge inside the graph; small graphs are built and asked.
pub fn edge_list(data: &[u8]) {
    let mut bytes = Bytes(data);
    let (directed, self_toggle) = (bytes.byte() & 1 == 1, bytes.byte() & 1 == 0);
    let text = String::from_utf8_lossy(bytes.rest());
    let Ok(list) = text::parse_edge_list(&text) else { return };
    assert!(list.n >= 1);
    assert!(list.edges.iter().all(|&(u, v)| u < list.n && v < list.n), "{list:?}");
    if list.n <= ASK && list.edges.len() <= 4 * ASK {
        let game = Game::graph(list.n, &list.edges, directed, self_toggle, 2).expect("a parsed graph builds");
        ask(&game, &vec![0; game.size()]);
    }
}

/// Specs print and parse back to themselves; small games built from them answer.
pub fn spec(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(spec) = text.parse::<Spec>() else { return };
    let printed = spec.to_string();
    let back: Spec = printed.parse().unwrap_or_else(|e| panic!("{printed:?} does not parse back: {e}"));
    assert_eq!(back, spec, "{printed:?}");
    let Ok(game) = Game::from_spec(spec) else { return };
    let again: Spec = game.spec().to_string().parse().unwrap();
    assert_eq!(again, game.spec());
    if game.size() <= ASK {
        ask(&game, &vec![0; game.size()]);
    }
}

/// Rank and nullity add up (over Z_p; over Z_k the kernel and the solvable boards are
/// counted); a board made by pressing is solved by the game's answer.
fn ask(game: &Game, lights: &[u32]) {
    if game.modulus().is_prime() {
        let (rank, nullity) = (game.rank().unwrap(), game.nullity().unwrap());
        assert_eq!(rank + nullity, game.size());
    } else {
        assert!(game.rank().is_err());
        game.kernel_size().unwrap();
        game.solvable_boards().unwrap();
    }
    let board = game.random_solvable(lights.iter().map(|&x| x as u64).sum()).unwrap();
    let presses = game.solve(&board).unwrap();
    assert!(game.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
    match game.solve(lights) {
        Ok(s) => assert!(game.apply(lights, &s).unwrap().iter().all(|&x| x == 0)),
        Err(e) => assert!(e.is_unsolvable(), "{e}"),
    }
}
