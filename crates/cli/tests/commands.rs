//! The commands on the seeds' examples and the presets, through the real binary; every printed
//! solution is checked by pressing the buttons.

mod common;

use common::{clears, digits, json, lightsout, plus_apply, run, vector, TempFile};
use lightsout_topo::Game;
use predicates::prelude::*;

/// The seed's example of the decision format: n = 3, lights (0,1), (0,2), (1,0). On the 3x3
/// torus a press toggles its whole row and column; those 2^9 press sets reach only 32 boards
/// (checked by brute force below), and this one is not among them.
const SEED_EXAMPLE: &str = "3\n3\n0 1\n0 2\n1 0\n";

fn torus_reachable(n: usize, target: &[u32]) -> bool {
    (0u32..1 << (n * n)).any(|mask| {
        let presses: Vec<u32> = (0..n * n).map(|i| (mask >> i) & 1).collect();
        plus_apply(n, n, true, 2, &vec![0; n * n], &presses) == target
    })
}

#[test]
fn decide_seed_example_is_no() {
    let mut board = vec![0; 9];
    for (r, c) in [(0, 1), (0, 2), (1, 0)] {
        board[r * 3 + c] = 1;
    }
    assert!(!torus_reachable(3, &board), "the brute force says the seed example is unsolvable");
    lightsout().arg("decide").write_stdin(SEED_EXAMPLE).assert().success().stdout("No\n").stderr("");
}

#[test]
fn decide_yes_and_no_match_brute_force() {
    // Every 3x3 board with up to 2 lit lights, from a file and from standard input.
    let cells: Vec<(usize, usize)> = (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).collect();
    let mut seen_yes = false;
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            let text = format!("3\n2\n{} {}\n{} {}\n", a.0, a.1, b.0, b.1);
            let mut board = vec![0; 9];
            board[a.0 * 3 + a.1] = 1;
            board[b.0 * 3 + b.1] = 1;
            let expected = if torus_reachable(3, &board) { "Yes\n" } else { "No\n" };
            seen_yes |= expected == "Yes\n";
            lightsout().arg("decide").write_stdin(text).assert().success().stdout(expected);
        }
    }
    // A press at (0,0) lights row 0 and column 0: solvable.
    let file = TempFile::new("yes.txt", "3\n5\n0 0\n0 1\n0 2\n1 0\n2 0\n");
    lightsout().args(["decide", file.path()]).assert().success().stdout("Yes\n");
    // The 4x4 torus has nullity 0: every board is solvable. k = 0 is the dark board.
    lightsout().arg("decide").write_stdin("4\n2\n0 0\n3 2\n").assert().success().stdout("Yes\n");
    lightsout().args(["decide", "-"]).write_stdin("7\n0\n").assert().success().stdout("Yes\n");
    let _ = seen_yes;
}

#[test]
fn default_command_solves_the_classic_puzzle() {
    let (code, out, err) = run(&[], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("classic: grid 5x5"), "{out}");
    assert!(out.contains("Rank 23, nullity 2"), "{out}");
    let presses = out.split("1 = press that button):\n").nth(1).expect("presses printed");
    let presses = digits(&presses.lines().take(5).collect::<Vec<_>>().join("\n"));
    assert!(plus_apply(5, 5, false, 2, &[1; 25], &presses).iter().all(|&x| x == 0));
}

#[test]
fn solve_every_preset_and_check_by_pressing() {
    for name in ["classic", "mini", "deluxe", "2000", "cube", "merlin"] {
        let (code, out, err) = run(&["solve", "--preset", name, "--json"], "");
        assert_eq!(code, 0, "{name}: {err}");
        let v = json(&out);
        let game = Game::preset(name).unwrap();
        let (board, presses) = (vector(&v["board"]), vector(&v["presses"]));
        assert_eq!(v["solvable"], true);
        assert_eq!(v["modulus"], game.modulus().get());
        assert_eq!(v["nullity"], game.nullity().unwrap());
        assert_eq!(presses.len(), game.size());
        assert!(board.iter().any(|&x| x > 0), "{name}: the built-in puzzle is not dark");
        assert!(clears(&game, &board, &presses), "{name}: the presses do not clear the board");
    }
    // Independently of the library for the plain grids: classic, deluxe, mini, 2000.
    for (name, rows, wrap, p) in
        [("classic", 5, false, 2), ("deluxe", 6, false, 2), ("mini", 4, true, 2), ("2000", 5, false, 3)]
    {
        let v = json(&run(&["solve", "--preset", name, "--json"], "").1);
        let after = plus_apply(rows, rows, wrap, p, &vector(&v["board"]), &vector(&v["presses"]));
        assert!(after.iter().all(|&x| x == 0), "{name}");
    }
}

#[test]
fn solve_a_generated_board_given_as_text() {
    let (code, board, _) = run(&["generate", "--preset", "2000", "--seed", "11"], "");
    assert_eq!(code, 0);
    let (code, out, err) = run(&["solve", "--preset", "2000", "--lights", "-"], &board);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("each entry is how many times to press that button"), "{out}");
    let presses = out.split("press that button):\n").nth(1).unwrap().lines().take(5).collect::<Vec<_>>().join("\n");
    let after = plus_apply(5, 5, false, 3, &digits(&board), &digits(&presses));
    assert!(after.iter().all(|&x| x == 0));
}

#[test]
fn solve_all_with_limit() {
    let file = TempFile::new("classic.txt", "11000\n10000\n00000\n00000\n00000\n");
    let (code, out, _) = run(&["solve", "--preset", "classic", "--lights", file.path(), "--all", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["solution_count"], "4");
    let all: Vec<Vec<u32>> = v["solutions"].as_array().unwrap().iter().map(vector).collect();
    assert_eq!(all.len(), 4);
    let board = vector(&v["board"]);
    for s in &all {
        assert!(plus_apply(5, 5, false, 2, &board, s).iter().all(|&x| x == 0));
    }
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "the solutions are distinct");

    let (code, out, _) =
        run(&["solve", "--preset", "classic", "--lights", file.path(), "--all", "--limit", "2", "--json"], "");
    assert_eq!(code, 0);
    assert_eq!(json(&out)["solutions"].as_array().unwrap().len(), 2);
    let (_, out, _) = run(&["solve", "--preset", "classic", "--lights", file.path(), "--all", "--limit", "3"], "");
    assert_eq!(out.matches("Solution ").count(), 3, "{out}");
    assert!(out.contains("the first 3 shown"), "{out}");
}

#[test]
fn solve_minimal_is_fewest() {
    let (code, out, _) = run(&["solve", "--preset", "classic", "--minimal", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["press_count"], 15, "all lights on needs 15 presses at least");
    assert_eq!(v["minimal"]["proven_optimal"], true);
    // Brute force over the 4 solutions listed by --all.
    let all = json(&run(&["solve", "--preset", "classic", "--all", "--json"], "").1);
    let fewest = all["solutions"].as_array().unwrap().iter().map(|s| vector(s).iter().sum::<u32>()).min().unwrap();
    assert_eq!(fewest, 15);
}

#[test]
fn unsolvable_board_exits_1_with_the_obstruction() {
    // One lit corner on the 5x5 cannot be solved: it is seen by a quiet pattern.
    let unsolvable = TempFile::new("unsolvable.txt", "10000\n00000\n00000\n00000\n00000\n");
    let (code, out, err) = run(&["solve", "--preset", "classic", "--lights", unsolvable.path()], "");
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("cannot be solved"), "{out}");
    assert!(err.is_empty(), "{err}");
    let (code, out, _) = run(&["solve", "--preset", "classic", "--lights", unsolvable.path(), "--json"], "");
    assert_eq!(code, 1);
    let v = json(&out);
    assert_eq!(v["solvable"], false);
    let y = vector(&v["obstruction"]);
    assert_eq!(y.len(), 25);
    assert_eq!(y[0], 1, "the obstruction sees the lit corner");
}

#[test]
fn board_with_holes_and_graphs() {
    let level = TempFile::new("level.txt", "1#1\n111\n1#1\n");
    let (code, out, err) = run(&["solve", "--board", level.path(), "--json"], "");
    assert!(code == 0 || code == 1, "{err}");
    let v = json(&out);
    assert_eq!(v["lights"], 7);
    if code == 0 {
        let (game, board) = lightsout_topo::text::parse_board("1#1\n111\n1#1\n", 2).unwrap();
        assert!(clears(&game, &board, &vector(&v["presses"])));
    }
    // A lights file without any topology gives its own shape.
    let (code, out, _) = run(&["solve", "--lights", "-"], "11\n11\n");
    assert_eq!(code, 0);
    assert!(out.contains("grid 2x2"), "{out}");
    // A path of three vertices: pressing the middle toggles all three.
    let edges = TempFile::new("path.txt", "3\n0 1\n1 2\n");
    let (code, out, _) = run(&["solve", "--graph", edges.path(), "--json"], "");
    assert_eq!(code, 0);
    assert_eq!(vector(&json(&out)["presses"]), vec![0, 1, 0]);
    // One arrow 0 -> 1: pressing 0 toggles both, pressing 1 only itself.
    let arrow = TempFile::new("arrow.txt", "2\n0 1\n");
    let v = json(&run(&["solve", "--graph", arrow.path(), "--directed", "--json"], "").1);
    assert_eq!((vector(&v["presses"]), v["nullity"].as_u64()), (vec![1, 0], Some(0)));
    let v = json(&run(&["analyze", "--graph", arrow.path(), "--directed", "--json"], "").1);
    assert_eq!(v["symmetric"], false);
    let v = json(&run(&["analyze", "--graph", arrow.path(), "--json"], "").1);
    assert_eq!((v["symmetric"].as_bool(), v["nullity"].as_u64()), (Some(true), Some(1)));
}

#[test]
fn analyze_json_classic_and_merlin() {
    let (code, out, _) = run(&["analyze", "--preset", "classic", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["lights"], 25);
    assert_eq!(v["rank"], 23);
    assert_eq!(v["nullity"], 2);
    assert_eq!(v["modulus"], 2);
    assert_eq!(v["symmetric"], true);
    assert_eq!(v["solvable_boards"], "8388608");
    // The quiet patterns really are quiet.
    for q in v["quiet_patterns"].as_array().unwrap() {
        assert_eq!(plus_apply(5, 5, false, 2, &[0; 25], &vector(q)), vec![0; 25]);
    }
    assert_eq!(v["solver"], "dense");
    let v = json(&run(&["analyze", "--preset", "merlin", "--json"], "").1);
    assert_eq!(v["symmetric"], false);
    assert_eq!(v["lights"], 9);
    let v = json(&run(&["analyze", "--preset", "mini", "--json"], "").1);
    assert_eq!((v["nullity"].as_u64(), v["symmetric"].as_bool()), (Some(0), Some(true)));
    lightsout()
        .args(["analyze", "--preset", "classic"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nullity:         2").and(predicate::str::contains("Quiet pattern 2:")));
}

#[test]
fn generate_is_reproducible_and_solvable() {
    let a = run(&["generate", "--preset", "classic", "--seed", "5"], "");
    let b = run(&["generate", "--preset", "classic", "--seed", "5"], "");
    assert_eq!(a, b);
    let others: Vec<String> =
        (6..10).map(|s| run(&["generate", "--preset", "classic", "--seed", &s.to_string()], "").1).collect();
    assert!(others.iter().any(|o| *o != a.1), "different seeds give different boards");
    let game = Game::preset("classic").unwrap();
    assert!(game.is_solvable(&digits(&a.1)).unwrap());
    // Without a seed one is chosen and reported on standard error.
    let (code, _, err) = run(&["generate", "--torus", "3x3"], "");
    assert_eq!(code, 0);
    assert!(err.starts_with("seed: "), "{err}");
    // Difficulty: the fewest presses of the generated board are exactly 12.
    let (code, out, err) = run(&["generate", "--preset", "classic", "--difficulty", "12", "--seed", "2"], "");
    assert_eq!(code, 0, "{err}");
    let v = json(&run(&["solve", "--preset", "classic", "--lights", "-", "--minimal", "--json"], &out).1);
    assert_eq!(v["press_count"], 12);
    // Presses: a board made by 3 presses is solved in at most 3.
    let (_, out, _) = run(&["generate", "--preset", "classic", "--presses", "3", "--seed", "2"], "");
    let v = json(&run(&["solve", "--preset", "classic", "--lights", "-", "--minimal", "--json"], &out).1);
    assert!(v["press_count"].as_u64().unwrap() <= 3);
}

#[test]
fn stats_of_the_classic() {
    let (code, out, err) = run(&["stats", "--preset", "classic", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["solvable_boards"], 8388608);
    assert_eq!(v["max_presses"], 15);
    let histogram = vector(&v["histogram"]);
    assert_eq!(histogram.iter().map(|&x| x as u64).sum::<u64>(), 1 << 23);
    assert_eq!(histogram[1], 25);
    let (code, out, _) = run(&["stats", "--grids", "6"], "");
    assert_eq!(code, 0);
    assert!(out.contains("    4  4"), "{out}");
}

/// `lightsout worst`: the hardest 4 x 4 board needs 7 presses (every one of its 2^12 solvable
/// boards counted by `stats`), its presses clear it, and bad budgets are usage errors.
#[test]
fn worst_case_of_small_grids() {
    let (code, out, err) = run(&["worst", "--grid", "4x4", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    let (_, stats, _) = run(&["stats", "--grid", "4x4", "--json"], "");
    assert_eq!(v["weight"], json(&stats)["max_presses"]);
    assert_eq!((v["weight"].as_u64(), v["proven_optimal"].as_bool()), (Some(7), Some(true)));
    let game = Game::grid(4, 4, 2).unwrap();
    assert!(clears(&game, &vector(&v["board"]), &vector(&v["presses"])));
    // Z_4: the quiet patterns of a composite modulus (orders 2 and 4), counted like stats does.
    let (code, out, err) = run(&["worst", "--grid", "2x3", "--modulus", "4", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let (_, stats, _) = run(&["stats", "--grid", "2x3", "--modulus", "4", "--json"], "");
    assert_eq!(json(&out)["weight"], json(&stats)["max_presses"]);
    assert_eq!(json(&out)["proven_optimal"], true);
    let (code, out, _) = run(&["worst", "--grid", "9x9", "--max-work", "1000"], "");
    assert_eq!(code, 0);
    assert!(out.contains("needs"), "{out}");
    let (code, _, err) = run(&["worst", "--grid", "4x4", "--time-limit", "-1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--time-limit"), "{err}");
}

/// `lightsout worst --symmetry plain` proves what the default `detect` does (the 9 x 9 grid,
/// the 5 x 5 torus, the 5 x 5 grid over Z_3), and its board needs what it says; an unknown kind
/// is a usage error naming the choices.
#[test]
fn worst_symmetry_switch() {
    for game in
        [["--grid", "9x9", "--modulus", "2"], ["--torus", "5x5", "--modulus", "2"], ["--grid", "5x5", "--modulus", "3"]]
    {
        let answer = |kind: &str| {
            let (code, out, err) = run(&[&["worst"], &game[..], &["--symmetry", kind, "--json"]].concat(), "");
            assert_eq!(code, 0, "{game:?} {kind}: {err}");
            json(&out)
        };
        let (detect, plain) = (answer("detect"), answer("plain"));
        for key in ["weight", "upper_bound", "proven_optimal"] {
            assert_eq!(detect[key], plain[key], "{game:?}: {key}");
        }
        assert_eq!(plain["proven_optimal"], true, "{game:?}");
        let presses = vector(&plain["presses"]);
        assert_eq!(presses.iter().map(|&x| x as u64).sum::<u64>(), plain["weight"].as_u64().unwrap(), "{game:?}");
    }
    let (code, _, err) = run(&["worst", "--grid", "4x4", "--symmetry", "mirror"], "");
    assert_eq!(code, 2);
    assert!(err.contains("detect") && err.contains("plain"), "{err}");
}

/// Moduli past 255 and types with many value histograms are searched, not answered with the
/// empty board: the 1 x 2 grid over Z_257 needs 256 presses at worst, the 2 x 2 grid over Z_27
/// 59, the 1 x 5 torus over Z_12 31. Past enumeration (Z_65537 on the 1 x 2 grid) the note
/// names why no proof is possible instead of asking for more time.
#[test]
fn worst_case_past_the_type_search() {
    for (flag, size, modulus, weight) in
        [("--grid", "1x2", "257", 256), ("--grid", "2x2", "27", 59), ("--torus", "1x5", "12", 31)]
    {
        let (code, out, err) = run(&["worst", flag, size, "--modulus", modulus, "--json"], "");
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        assert_eq!((v["weight"].as_u64(), v["proven_optimal"].as_bool()), (Some(weight), Some(true)), "{out}");
    }
    let (code, out, err) = run(&["worst", "--grid", "1x2", "--modulus", "65537", "--json"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!((json(&out)["weight"].as_u64(), json(&out)["proven_optimal"].as_bool()), (Some(65536), Some(true)));
    // The 1 x 3 torus over Z_65537: 65537^2 solutions per board, 65537^3 press vectors. The
    // local search would spend the whole default minute looking for a harder board, which no
    // search can prove: 5 s is enough for what is checked here, the note.
    let (code, out, err) = run(&["worst", "--torus", "1x3", "--modulus", "65537", "--time-limit", "5"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("needs 65536 presses"), "{out}");
    assert!(out.contains("too many to enumerate") && !out.contains("raise --time-limit"), "{out}");
}

#[test]
fn svg_output() {
    let dir = std::env::temp_dir().join(format!("lightsout-cli-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (args, name) in [
        (vec!["solve", "--preset", "cube"], "cube.svg"),
        (vec!["generate", "--torus", "4x5", "--seed", "1"], "torus.svg"),
        (vec!["stats", "--preset", "merlin"], "stats.svg"),
        (vec!["worst", "--grid", "5x5"], "worst.svg"),
    ] {
        let path = dir.join(name);
        let mut all: Vec<&str> = args.clone();
        let p = path.to_str().unwrap().to_string();
        all.extend(["--svg", &p]);
        let (code, _, err) = run(&all, "");
        assert_eq!(code, 0, "{err}");
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"), "{name}");
        let _ = std::fs::remove_file(&path);
    }
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn help_everywhere_has_an_example() {
    for cmd in [
        vec![],
        vec!["solve"],
        vec!["decide"],
        vec!["analyze"],
        vec!["generate"],
        vec!["play"],
        vec!["stats"],
        vec!["presets"],
    ] {
        let mut args = cmd.clone();
        args.push("--help");
        let (code, out, _) = run(&args, "");
        assert_eq!(code, 0);
        assert!(out.contains("Example"), "{cmd:?} --help has no example:\n{out}");
    }
    lightsout().arg("presets").assert().success().stdout(predicate::str::contains("merlin"));
}

#[test]
fn decide_large_tori() {
    // n = 2000 (4 million lights): a board made by random presses, computed here by pressing
    // the buttons one by one, is solvable.
    let n = 2000;
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let presses: Vec<u32> = (0..n * n)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 60 == 0) as u32
        })
        .collect();
    let board = plus_apply(n, n, true, 2, &vec![0; n * n], &presses);
    let lit: Vec<usize> = (0..n * n).filter(|&i| board[i] == 1).collect();
    let mut text = format!("{n}\n{}\n", lit.len());
    for i in &lit {
        text.push_str(&format!("{} {}\n", i / n, i % n));
    }
    assert!(lit.len() > 10_000);
    let file = TempFile::new("d2000.txt", &text);
    lightsout().args(["decide", file.path()]).assert().success().stdout("Yes\n");
    // n = 2001 is a multiple of 3: the rows pattern 1,1,0,1,1,0,... (every column alike) is
    // quiet, and since M is symmetric it sees any board with one light in row 0: No.
    lightsout().arg("decide").write_stdin("2001\n1\n0 1234\n").assert().success().stdout("No\n");
}

#[test]
fn minimal_on_a_structured_grid() {
    // 74 x 74 = 5476 lights goes through the structured solver (nullity 4): the fewest presses
    // of a board made by 6 presses are at most 6, and proven.
    let n = 74;
    let mut presses = vec![0; n * n];
    for i in [0, 75, 1000, 2222, 4000, 5475] {
        presses[i] = 1;
    }
    let board = plus_apply(n, n, false, 2, &vec![0; n * n], &presses);
    let text: String =
        board.chunks(n).map(|row| row.iter().map(|d| d.to_string()).collect::<String>() + "\n").collect();
    let (code, out, err) = run(&["solve", "--grid", "74x74", "--lights", "-", "--minimal", "--json"], &text);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["nullity"], 4);
    assert_eq!(v["minimal"]["proven_optimal"], true);
    assert!(v["press_count"].as_u64().unwrap() <= 6);
    assert!(plus_apply(n, n, false, 2, &board, &vector(&v["presses"])).iter().all(|&x| x == 0));
}

#[test]
fn solve_random_is_the_generated_board() {
    let (_, board, _) = run(&["generate", "--preset", "deluxe", "--seed", "21"], "");
    let (code, out, err) = run(&["solve", "--preset", "deluxe", "--random", "21", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(vector(&v["board"]), digits(&board));
    assert!(plus_apply(6, 6, false, 2, &digits(&board), &vector(&v["presses"])).iter().all(|&x| x == 0));
    // A large torus through the structured solver, checked by pressing.
    let (code, out, err) = run(&["solve", "--torus", "80x90", "--random", "3", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    let after = plus_apply(80, 90, true, 2, &vector(&v["board"]), &vector(&v["presses"]));
    assert!(after.iter().all(|&x| x == 0));
}

/// `analyze` names the path really used: light chasing for a large grid, banded elimination for
/// a large board with holes or a cube (not "dense elimination").
#[test]
fn analyze_reports_the_solver_path_really_used() {
    let mut text = String::new();
    for r in 0..70 {
        let row: String = (0..70).map(|c| if (r * 70 + c) % 97 == 5 { '#' } else { '0' }).collect();
        text.push_str(&row);
        text.push('\n');
    }
    let holes = TempFile::new("holes.txt", &text);
    for (args, path, words) in [
        (vec!["analyze", "--board", holes.path()], "banded", "banded elimination"),
        (vec!["analyze", "--cube", "30"], "banded", "banded elimination"),
        (vec!["analyze", "--grid", "80x80", "--patterns", "0"], "chasing", "light chasing"),
        (vec!["analyze", "--torus", "70x70", "--patterns", "0"], "wrapped-chasing", "2n x 2n"),
    ] {
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 0, "{args:?}: {err}");
        let line = out.lines().find(|l| l.starts_with("solver:")).unwrap_or_default();
        assert!(line.contains(words), "{args:?}: {line}");
        let mut json_args = args.clone();
        json_args.push("--json");
        assert_eq!(json(&run(&json_args, "").1)["solver"], path, "{args:?}");
    }
}

#[test]
fn dataset_rows_are_solved_by_fewest_presses_and_reproducible() {
    use lightsout_core::minimal::Budget;
    let game = Game::preset("classic").unwrap();
    let args = ["dataset", "--preset", "classic", "--count", "200", "--seed", "3"];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(run(&args, "").1, out, "the same seed gives the same rows");
    let mut lines = out.lines();
    assert!(lines.next().unwrap().starts_with("b0,b1,"));
    let rows: Vec<Vec<u64>> = lines.map(|l| l.split(',').map(|x| x.parse().unwrap()).collect()).collect();
    assert_eq!(rows.len(), 200);
    for row in rows.iter().step_by(20) {
        assert_eq!(row.len(), 51);
        let board: Vec<u32> = row[..25].iter().map(|&x| x as u32).collect();
        let presses: Vec<u32> = row[25..50].iter().map(|&x| x as u32).collect();
        assert_eq!(game.apply(&board, &presses).unwrap(), vec![0; 25]);
        assert_eq!(game.minimal_solution(&board, &Budget::default()).unwrap().weight, row[50]);
    }
    let (code, out, _) = run(&["dataset", "--torus", "4x4", "--difficulty", "6", "--count", "5", "--json"], "");
    assert_eq!(code, 0);
    assert!(out.lines().all(|l| json(l)["distance"] == 6), "{out}");
    let (code, _, err) = run(&["dataset", "--preset", "classic", "--difficulty", "16", "--seed", "1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("range from 0 to 15"), "{err}");
}

/// The glued surfaces from the command line: the game the flag names (its press sets checked
/// against the library's), a random board solved and checked by pressing, a drawing with
/// twisted edges, and a large one through banded elimination.
#[test]
fn glued_surfaces_solve_and_draw() {
    let dir = std::env::temp_dir().join(format!("lightsout-surfaces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (flag, game, twists) in [
        ("--mobius", Game::mobius(4, 5, 2).unwrap(), 2),
        ("--klein", Game::klein(4, 5, 2).unwrap(), 2),
        ("--projective", Game::projective(4, 5, 2).unwrap(), 4),
    ] {
        let svg = dir.join(format!("{}.svg", &flag[2..]));
        let svg = svg.to_str().unwrap();
        let (code, out, err) = run(&["solve", flag, "4x5", "--random", "7", "--json", "--svg", svg], "");
        assert_eq!(code, 0, "{flag}: {err}");
        let v = json(&out);
        let after = game.apply(&vector(&v["board"]), &vector(&v["presses"])).unwrap();
        assert!(after.iter().all(|&x| x == 0), "{flag}");
        let (code, out, _) = run(&["analyze", flag, "4x5", "--json"], "");
        assert_eq!(code, 0);
        assert_eq!(json(&out)["nullity"], game.nullity().unwrap(), "{flag}");
        let picture = std::fs::read_to_string(svg).unwrap();
        assert_eq!(picture.matches("class=\"twist\"").count(), twists, "{flag}");
        let (code, out, err) = run(&["analyze", flag, "70x70", "--patterns", "0"], "");
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("banded elimination"), "{flag}: {out}");
        let (code, _, err) = run(&["solve", flag, "0x5"], "");
        assert_ne!(code, 0);
        assert!(err.contains(flag) && err.contains("at least 1"), "{flag}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
