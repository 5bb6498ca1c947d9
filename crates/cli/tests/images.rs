//! Boards as PBM and PGM images: read by `solve --lights`, written by `solve --out` and
//! `generate --out`; every written solution is checked by pressing the buttons, and every bad
//! image is refused with exit status 2 and a message saying what was wrong.

mod common;

use common::{clears, json, lightsout, TempFile};
use lightsout_topo::{BoardFormat, Game};
use predicates::prelude::*;

fn temp(name: &str, bytes: &[u8]) -> TempFile {
    let f = TempFile::new(name, "");
    std::fs::write(&f.0, bytes).expect("write the image");
    f
}

/// The header and the data of a raw image.
fn split_raw(bytes: &[u8], header_lines: usize) -> (String, &[u8]) {
    let mut at = 0;
    for _ in 0..header_lines {
        at += bytes[at..].iter().position(|&b| b == b'\n').expect("a header line") + 1;
    }
    (String::from_utf8(bytes[..at].to_vec()).unwrap(), &bytes[at..])
}

#[test]
fn random_grid_written_as_pbm_is_solved() {
    let out = TempFile::new("presses.pbm", "");
    let board = TempFile::new("board.pbm", "");
    lightsout()
        .args(["generate", "--grid", "300x203", "--seed", "4", "--out", board.path()])
        .assert()
        .success()
        .stdout("");
    lightsout()
        .args(["solve", "--grid", "300x203", "--random", "4", "--out", out.path()])
        .assert()
        .success()
        .stdout(predicate::str::contains("written to").and(predicate::str::contains("P4")));
    let game = Game::grid(300, 203, 2).unwrap();
    let bytes = std::fs::read(&out.0).unwrap();
    let (header, data) = split_raw(&bytes, 2);
    assert_eq!(header, "P4\n203 300\n");
    let presses = game.decode_board("presses", data, BoardFormat::PACKED).unwrap();
    let b = std::fs::read(&board.0).unwrap();
    let (header, data) = split_raw(&b, 2);
    assert_eq!(header, "P4\n203 300\n");
    let lights = game.decode_board("lights", data, BoardFormat::PACKED).unwrap();
    assert_eq!(lights, game.random_solvable(4).unwrap());
    assert!(clears(&game, &lights, &presses));

    // The generated image read back (without a topology: a grid of its size) gives the same presses.
    let again = TempFile::new("again.pbm", "");
    lightsout().args(["solve", "--lights", board.path(), "--out", again.path()]).assert().success();
    assert_eq!(std::fs::read(&again.0).unwrap(), bytes);
    // And without --out the presses are drawn as text, as for a text board.
    let small = temp("small.pbm", b"P1\n3 3\n1 1 0\n1 0 0\n0 0 0\n");
    lightsout()
        .args(["solve", "--lights", small.path(), "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"solvable\":true"));
}

#[test]
fn plain_and_raw_images_of_every_kind_are_read() {
    // The 3x3 board with the top-left corner pressed, as P1, P4 (with a comment), P2 and P5.
    let game = Game::grid(3, 3, 2).unwrap();
    let images: [(&str, &[u8]); 3] = [
        ("a.pbm", b"P1\n3 3\n110\n100\n000\n"),
        ("b.pbm", b"P4\n# made by hand\n3 3\n\xc0\x80\x00"),
        ("c.pgm", b"P2 3 3 1\n1 1 0\n1 0 0\n0 0 0\n"),
    ];
    for (name, bytes) in images {
        let f = temp(name, bytes);
        let out = lightsout().args(["solve", "--grid", "3x3", "--lights", f.path(), "--json"]).assert().success();
        let v = json(&String::from_utf8(out.get_output().stdout.clone()).unwrap());
        let presses: Vec<u32> = v["presses"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as u32).collect();
        assert!(clears(&game, &[1, 1, 0, 1, 0, 0, 0, 0, 0], &presses), "{name}");
    }
    // A raw PBM is a board of 0s and 1s for any modulus.
    let f = temp("d.pbm", b"P4\n3 3\n\xc0\x80\x00");
    lightsout().args(["solve", "--grid", "3x3", "--modulus", "5", "--lights", f.path()]).assert().success();
    // A PGM over Z_3 (maxval 2), raw, written back as PGM: the top-left button pressed twice.
    let z3 = Game::grid(2, 2, 3).unwrap();
    let f = temp("z3.pgm", b"P5\n2 2\n2\n\x02\x02\x02\x00");
    let out = TempFile::new("z3-presses.pgm", "");
    lightsout().args(["solve", "--lights", f.path(), "--out", out.path()]).assert().success();
    let bytes = std::fs::read(&out.0).unwrap();
    let (header, data) = split_raw(&bytes, 3);
    assert_eq!(header, "P5\n2 2\n2\n");
    let presses: Vec<u32> = data.iter().map(|&b| b as u32).collect();
    assert!(clears(&z3, &[2, 2, 2, 0], &presses));
    // --out with another name writes the text format.
    let text = TempFile::new("presses.txt", "");
    lightsout().args(["solve", "--preset", "classic", "--out", text.path()]).assert().success();
    assert_eq!(std::fs::read_to_string(&text.0).unwrap().lines().count(), 5);
}

#[test]
fn bad_images_exit_2_with_a_reason() {
    let cases: [(&str, &[u8], &[&str], &str); 8] = [
        ("magic.pbm", b"P3\n1 1\n1\n0 0 0\n", &[], "magic number"),
        ("short.pbm", b"P4\n16 2\n\xff\xff\xff", &[], "truncated"),
        ("long.pbm", b"P4\n8 1\n\xff\x00", &[], "1 extra bytes"),
        ("plain.pbm", b"P1\n2 2\n1 0 2 0\n", &[], "expected 0 or 1"),
        ("size.pbm", b"P1\n2 2\n1 0 1 0\n", &["--grid", "3x3"], "needs 3 x 3"),
        ("states.pgm", b"P2\n2 1\n4\n1 3\n", &["--grid", "1x2", "--modulus", "3"], "3 states"),
        ("maxval.pgm", b"P2\n2 1\n2\n1 3\n", &[], "above the maximum value 2"),
        ("zero.pbm", b"P4\n0 5\n", &[], "at least one light"),
    ];
    for (name, bytes, extra, needle) in cases {
        let f = temp(name, bytes);
        let mut args = vec!["solve", "--lights", f.path()];
        args.extend_from_slice(extra);
        lightsout().args(&args).assert().code(2).stderr(
            predicate::str::contains(needle)
                .and(predicate::str::contains(f.path()))
                .or(predicate::str::contains(needle).and(predicate::str::contains("error:"))),
        );
    }
    // Output formats that cannot hold the game, refused before any work.
    lightsout()
        .args(["solve", "--grid", "3x3", "--modulus", "3", "--out", "never.pbm"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("PBM image holds two states"));
    lightsout()
        .args(["generate", "--grid", "3x3", "--modulus", "257", "--seed", "1", "--out", "never.pgm"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("255"));
    lightsout()
        .args(["solve", "--preset", "classic", "--all", "--out", "never.pbm"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--out"));
}

#[test]
fn unsolvable_board_with_out_writes_nothing() {
    let f = temp("corner.pbm", b"P1\n5 5\n10000\n00000\n00000\n00000\n00000\n");
    let out = TempFile::new("nothing.pbm", "");
    std::fs::remove_file(&out.0).unwrap();
    lightsout()
        .args(["solve", "--lights", f.path(), "--out", out.path()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("cannot be solved").and(predicate::str::contains("nothing was written")));
    assert!(!out.0.exists());
}

#[test]
fn press_matrices_as_images() {
    // M = [[1, 1, 0], [0, 1, 1], [0, 0, 1]] as a plain and a raw PBM: the dense GF(2) engine.
    let plain = temp("m1.pbm", b"P1\n3 3\n110\n011\n001\n");
    let raw = temp("m4.pbm", b"P4\n3 3\n\xc0\x60\x20");
    for f in [&plain, &raw] {
        let out = lightsout().args(["analyze", "--matrix", f.path(), "--json"]).assert().success();
        let v = json(&String::from_utf8(out.get_output().stdout.clone()).unwrap());
        assert_eq!((v["rank"].as_u64(), v["modulus"].as_u64()), (Some(3), Some(2)));
        lightsout()
            .args(["solve", "--matrix", f.path(), "--lights", "-"])
            .write_stdin("101\n")
            .assert()
            .success()
            .stdout(predicate::str::contains("011"));
    }
    // A PGM is a matrix over Z_(maxval + 1).
    let z3 = temp("m3.pgm", b"P2\n2 2\n2\n1 2\n0 1\n");
    let out = lightsout().args(["analyze", "--matrix", z3.path(), "--json"]).assert().success();
    let v = json(&String::from_utf8(out.get_output().stdout.clone()).unwrap());
    assert_eq!((v["rank"].as_u64(), v["modulus"].as_u64()), (Some(2), Some(3)));
    // Bad matrices: not square, an entry >= k, a rule on top.
    let wide = temp("wide.pbm", b"P1\n3 2\n110\n011\n");
    lightsout().args(["analyze", "--matrix", wide.path()]).assert().code(2).stderr(predicate::str::contains("square"));
    lightsout()
        .args(["analyze", "--matrix", z3.path(), "--modulus", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("row 1, column 2 is 2"));
    lightsout()
        .args(["analyze", "--matrix", plain.path(), "--rule", "moore"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--rule does not apply"));
}
