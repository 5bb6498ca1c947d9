//! `lightsout play` driven through a pipe.

mod common;

use common::run;

#[test]
fn hint_then_auto_solves_the_board() {
    let (code, out, err) = run(&["play", "--preset", "classic", "--seed", "1"], "hint\nauto\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Hint: press"), "{out}");
    assert!(out.contains("Auto: press"), "{out}");
    assert!(out.contains("All lights are out"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

#[test]
fn following_the_hints_by_hand_wins() {
    // Ask for a hint, press the button it names, repeat: each round-trip through the binary
    // replays the previous presses (the board is the same for the same seed).
    let mut script = String::new();
    for _ in 0..30 {
        let (_, out, _) = run(&["play", "--preset", "deluxe", "--seed", "9"], &format!("{script}hint\nquit\n"));
        if out.contains("All lights are out") {
            return;
        }
        let hint = out.lines().rfind(|l| l.starts_with("Hint: press ")).expect("a hint");
        let coords: Vec<&str> = hint["Hint: press ".len()..].split(' ').take(2).collect();
        script.push_str(&format!("{} {}\n", coords[0], coords[1]));
    }
    let (_, out, _) = run(&["play", "--preset", "deluxe", "--seed", "9"], &script);
    assert!(out.contains("All lights are out"), "{out}");
}

#[test]
fn same_seed_same_board_and_bad_commands_are_explained() {
    let a = run(&["play", "--preset", "classic", "--seed", "4"], "quit\n");
    let b = run(&["play", "--preset", "classic", "--seed", "4"], "");
    assert_eq!(a.1, b.1, "end of input quits like quit");
    let (code, out, _) = run(&["play", "--preset", "classic", "--seed", "4"], "jump\n7 7\n1\nnew\nreset\nhelp\n");
    assert_eq!(code, 0);
    assert!(out.contains("unknown command \"jump\""), "{out}");
    assert!(out.contains("7 is off the board"), "{out}");
    assert!(out.contains("New board (seed 5)"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
}

#[test]
fn play_on_a_cube_and_a_board_with_holes() {
    let (code, out, _) = run(&["play", "--preset", "cube", "--seed", "2"], "0 1 1\nauto\n");
    assert_eq!(code, 0);
    assert!(out.contains("face 5 (down):"), "{out}");
    assert!(out.contains("All lights are out"), "{out}");
    let file = common::TempFile::new("holes.txt", "1#1\n111\n1#1\n");
    let (code, out, _) = run(&["play", "--board", file.path(), "--seed", "3"], "0 1\n");
    assert_eq!(code, 0);
    assert!(out.contains("(0 1) is a hole"), "{out}");
}

#[test]
fn auto_plays_the_fewest_presses() {
    let (_, board, _) = run(&["generate", "--preset", "classic", "--seed", "1"], "");
    let (_, out, _) = run(&["solve", "--preset", "classic", "--lights", "-", "--minimal", "--json"], &board);
    let fewest = common::json(&out)["press_count"].as_u64().unwrap();
    let (_, out, _) = run(&["play", "--preset", "classic", "--seed", "1"], "auto\n");
    assert_eq!(out.matches("Auto: press").count() as u64, fewest, "{out}");
}

#[test]
fn auto_shows_repeated_presses_of_a_button_as_one_step() {
    // With p = 2^31 - 1 a button may need billions of presses: one step each, with the count.
    let (code, out, err) = run(&["play", "--grid", "2x2", "--modulus", "2147483647", "--seed", "1"], "auto\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.len() < 10_000, "{} bytes of output", out.len());
    let steps = out.matches("Auto: press").count();
    assert!((1..=4).contains(&steps), "{out}");
    assert!(out.contains(" times\n"), "{out}");
    assert!(out.contains("All lights are out"), "{out}");
}
