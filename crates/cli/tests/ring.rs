//! The command line over Z_k for composite k: `--modulus 4` and board files with digits 0..k-1.

mod common;

use common::run;

#[test]
fn analyze_a_four_colour_grid() {
    let (code, out, err) = run(&["analyze", "--grid", "4x4", "--modulus", "4"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("1 (x12), 2 (x2), 4 (x2)"), "{out}");
    assert!(out.contains("orders 2, 2, 4, 4; 64 = 4^3 combinations"), "{out}");
    assert!(out.contains("Quiet pattern 1 (order 2):"), "{out}");
    let (code, out, _) = run(&["analyze", "--grid", "4x4", "--modulus", "4", "--json"], "");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["kernel_size"], "64");
    assert_eq!(v["rank"], serde_json::Value::Null);
    assert_eq!(v["quiet_pattern_orders"], serde_json::json!([2, 2, 4, 4]));
    let runs = serde_json::json!([{"divisor": 1, "count": 12}, {"divisor": 2, "count": 2}, {"divisor": 4, "count": 2}]);
    assert_eq!(v["elementary_divisors"], runs);
}

#[test]
fn solve_a_board_file_with_four_states() {
    let (code, out, err) = run(&["solve", "--modulus", "4", "--lights", "-"], "0123\n3210\n1111\n2222\n");
    assert!(code == 0 || code == 1, "{err}");
    if code == 0 {
        assert!(out.contains("Elementary divisors"), "{out}");
    } else {
        assert!(out.contains("cannot be solved"), "{out}");
    }
    // A solvable one: the board made by pressing the top-left button three times.
    let (code, out, err) =
        run(&["solve", "--grid", "3x3", "--modulus", "6", "--minimal", "--lights", "-"], "330\n300\n000\n");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Fewest presses, proven"), "{out}");
    let (code, out, _) =
        run(&["solve", "--grid", "3x3", "--modulus", "6", "--json", "--lights", "-"], "330\n300\n000\n");
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["modulus"], 6);
}

#[test]
fn bad_states_and_moduli_exit_2() {
    let (code, _, err) = run(&["solve", "--modulus", "4", "--lights", "-"], "14\n00\n");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("0 to 3"), "{err}");
    for k in ["0", "1", "2147483648", "-4"] {
        let (code, _, err) = run(&["analyze", "--grid", "3x3", "--modulus", k], "");
        assert_eq!(code, 2, "{k}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn generate_and_stats_over_z4() {
    let (code, out, err) = run(&["generate", "--grid", "2x3", "--modulus", "4", "--seed", "5"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.lines().any(|l| l.chars().all(|c| ('0'..='3').contains(&c)) && l.len() == 3), "{out}");
    let (code, out, err) = run(&["stats", "--grid", "2x3", "--modulus", "4"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("solvable boards"), "{out}");
}

/// A 300x300 grid over Z_4 (90,000 lights): chased over each prime-power factor, M never built.
#[test]
fn a_large_composite_grid_is_chased() {
    let (code, out, err) = run(&["analyze", "--grid", "300x300", "--modulus", "4", "--json", "--patterns", "0"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["solver"].as_str(), v["structured"].as_bool()), (Some("ring-chasing"), Some(true)));
    assert_eq!(v["lights"], 90_000);
    // One entry a run of equal divisors, not one a light.
    let runs = v["elementary_divisors"].as_array().unwrap();
    assert!(runs.len() <= 3, "{runs:?}");
    assert_eq!(runs.iter().map(|r| r["count"].as_u64().unwrap()).sum::<u64>(), 90_000);
    let (code, out, err) = run(&["analyze", "--torus", "100x100", "--modulus", "12", "--patterns", "1"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("light chasing and p-adic lifting"), "{out}");
    let (code, out, err) = run(&["solve", "--grid", "300x300", "--modulus", "4", "--random", "3", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solvable"], true);
    let (board, presses) = (v["board"].as_array().unwrap(), v["presses"].as_array().unwrap());
    assert_eq!((board.len(), presses.len()), (90_000, 90_000));
    // Check the presses on a few lights by the plus rule: b + s(self) + s(neighbours) = 0 mod 4.
    let at = |v: &Vec<serde_json::Value>, r: usize, c: usize| v[r * 300 + c].as_u64().unwrap();
    for (r, c) in [(0, 0), (150, 7), (299, 299), (17, 0)] {
        let mut sum = at(board, r, c) + at(presses, r, c);
        for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if (0..300).contains(&nr) && (0..300).contains(&nc) {
                sum += at(presses, nr as usize, nc as usize);
            }
        }
        assert_eq!(sum % 4, 0, "light ({r}, {c})");
    }
}

/// `analyze --pseudoinverse FILE`: W over Z_6 as text solves a solvable board by one product;
/// over GF(2) a PBM image of the right size; over Z_4 where W does not exist, exit 2 naming the
/// divisor.
#[test]
fn the_pseudoinverse_is_written_and_solves() {
    let dir = std::env::temp_dir().join(format!("lightsout-pinv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = dir.join("w.txt");
    let (code, out, err) =
        run(&["analyze", "--grid", "3x4", "--modulus", "6", "--pseudoinverse", text.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("pseudoinverse:   W (12 x 12"), "{out}");
    let w: Vec<Vec<u64>> = std::fs::read_to_string(&text)
        .unwrap()
        .lines()
        .map(|l| l.split(' ').map(|v| v.parse().unwrap()).collect())
        .collect();
    assert_eq!((w.len(), w[0].len()), (12, 12));
    let (code, out, err) = run(&["solve", "--grid", "3x4", "--modulus", "6", "--random", "4", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let board: Vec<u64> = v["board"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    let presses: Vec<u64> = (0..12).map(|i| (0..12).map(|j| w[i][j] * ((6 - board[j]) % 6)).sum::<u64>() % 6).collect();
    // Pressing them turns the board off: light l changes by the presses of itself and its
    // neighbours on the 3 x 4 grid.
    for l in 0..12usize {
        let (r, c) = (l / 4, l % 4);
        let mut sum = board[l] + presses[l];
        for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r as i32 + dr, c as i32 + dc);
            if (0..3).contains(&rr) && (0..4).contains(&cc) {
                sum += presses[(rr * 4 + cc) as usize];
            }
        }
        assert_eq!(sum % 6, 0, "light {l}");
    }
    let pbm = dir.join("w.pbm");
    let (code, _, err) =
        run(&["analyze", "--preset", "classic", "--json", "--pseudoinverse", pbm.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&pbm).unwrap();
    assert!(bytes.starts_with(b"P4\n25 25\n"));
    assert_eq!(bytes.len(), b"P4\n25 25\n".len() + 25 * 4);
    let (code, _, err) =
        run(&["analyze", "--grid", "4x4", "--modulus", "4", "--pseudoinverse", pbm.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains(".pgm"), "{err}");
    let pgm = dir.join("w.pgm");
    let (code, _, err) =
        run(&["analyze", "--grid", "4x4", "--modulus", "4", "--pseudoinverse", pgm.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("divisor 2"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
