//! One meaning for every word: the command line's messages in its own words, sizes with their
//! real figures, and the same answer as the other front ends for the same request.

#[allow(dead_code)]
mod common;

use common::run;

#[test]
fn size_messages_name_real_sizes_in_the_command_lines_words() {
    // 10^12 lights: even the packed board (125 GB) is past the limit; the figure is real.
    let (code, _, err) = run(&["solve", "--grid", "1000000x1000000", "--random", "1"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("even a packed board (one bit a light) needs 125 GB (125000000000 bytes), over the limit too"),
        "{err}"
    );
    assert!(!err.contains(" 0 bytes") && !err.contains("packed=True"), "{err}");
    // 10^10 lights: the packed board fits, and the command line names its image file.
    let (code, _, err) = run(&["solve", "--grid", "100000x100000", "--random", "1"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("give the board as a .pbm image (one bit a light): it needs 1.2 GB (1250000000 bytes)"),
        "{err}"
    );
    assert!(!err.contains("packed=True") && !err.contains("LIGHTSOUT_BOARD"), "{err}");
}

#[test]
fn a_budget_of_zero_is_refused_as_in_every_front_end() {
    for args in [
        &["worst", "--preset", "classic", "--max-work", "0"][..],
        &["worst", "--preset", "classic", "--time-limit", "0"],
        &["solve", "--preset", "classic", "--minimal", "--time-limit", "0"],
    ] {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains("--max-work") || err.contains("--time-limit"), "{args:?}: {err}");
    }
    let (_, _, err) = run(&["worst", "--preset", "classic", "--max-work", "0"], "");
    assert!(err.contains("0 is no budget"), "{err}");
    // A positive budget is taken.
    let (code, out, err) = run(&["worst", "--preset", "classic", "--max-work", "1000000", "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"weight\""), "{out}");
}

#[test]
fn difficulty_zero_means_any_board_as_in_every_front_end() {
    // generate --difficulty 0 draws the same board as no difficulty (it drew the dark board).
    let (code, any, err) = run(&["generate", "--preset", "classic", "--seed", "7"], "");
    assert_eq!(code, 0, "{err}");
    let (code, zero, err) = run(&["generate", "--preset", "classic", "--seed", "7", "--difficulty", "0"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(zero, any);
    assert!(zero.contains('1'), "the uniform board of seed 7 has lights on: {zero}");
}

#[test]
fn a_matrix_image_past_maxval_255_is_a_matrix_over_its_modulus() {
    let dir = std::env::temp_dir().join(format!("lightsout-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("m1000.pgm");
    std::fs::write(&path, "P2\n2 2\n1000\n1 700\n300 1\n").unwrap();
    let (code, out, err) = run(&["analyze", "--matrix", path.to_str().unwrap(), "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["modulus"].as_u64(), Some(1001), "{out}");
    // The same entries below 256 were taken before; now both are, over Z_1001.
    std::fs::write(&path, "P2\n2 2\n1000\n1 200\n100 1\n").unwrap();
    let (code, out, err) = run(&["analyze", "--matrix", path.to_str().unwrap(), "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"modulus\": 1001") || out.contains("\"modulus\":1001"), "{out}");
    // A board of lights still holds one byte a light: refused, naming boards.
    let (code, _, err) = run(&["solve", "--lights", path.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("hold one byte a value"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
