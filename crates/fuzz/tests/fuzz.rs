//! Every fuzz target for a few seconds (its committed corpus first): part of the normal test
//! command. `LIGHTSOUT_FUZZ_SECONDS=3600` gives each an hour; `LIGHTSOUT_FUZZ_SEED` replays a
//! run (the seed is printed).

use lightsout_fuzz::{budget, run, seed, TARGETS};
use std::time::Duration;

fn fuzz(name: &str) {
    let (_, target) = TARGETS.iter().find(|(n, _)| *n == name).expect("a known target");
    let seed = seed();
    let time = budget(Duration::from_secs(5));
    let report = run(name, *target, time, seed);
    println!("{name}: {} inputs in {time:?} (seed {seed})", report.inputs);
}

#[test]
fn board_text() {
    fuzz("board_text");
}

#[test]
fn decision() {
    fuzz("decision");
}

#[test]
fn edge_list() {
    fuzz("edge_list");
}

#[test]
fn spec() {
    fuzz("spec");
}

#[test]
fn c_abi() {
    fuzz("c_abi");
}

#[test]
fn games() {
    fuzz("games");
}
