//! `lightsout worst --record FILE` and `--check FILE`: the worst-case table as data, and the
//! repository's own table (docs/worst_case_table.json) checked on its smaller entries.

mod common;

use common::{run, TempFile};

/// The repository's table: every entry of nullity at most 20 (each witness weighed over its
/// at most 2^20 solutions, and the 14 x 14 grid over Z_3's 3^7) needs exactly its lower
/// bound, and its bounds and nullity are consistent.
#[test]
fn the_repository_table_checks() {
    let table = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/worst_case_table.json");
    let (code, out, err) = run(&["worst", "--check", table, "--max-nullity", "20"], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("grid 19x19, plus rule, modulus 2: 1"), "{out}");
    assert!(out.contains("every witness needs exactly its lower bound"), "{out}");
    assert!(!out.contains("WRONG"), "{out}");
    // The 39 x 39 grid (nullity 32) is there, past the limit of this test.
    assert!(out.contains("grid 39x39, plus rule, modulus 2: skipped (nullity 32 > 20)"), "{out}");
}

/// Recording makes entries, keeps the better bound on each side, and the check finds a witness
/// whose count is wrong.
#[test]
fn record_then_check() {
    let file = TempFile::new("table.json", "");
    std::fs::remove_file(&file.0).unwrap();
    for args in [&["--grid", "4x4"][..], &["--grid", "3x3", "--modulus", "3"], &["--torus", "3x3"]] {
        let mut all = vec!["worst"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--record", file.path()]);
        let (code, _, err) = run(&all, "");
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("new entry"), "{err}");
    }
    // Fields of its own stay: the table's description, an entry's note.
    let mut table: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file.0).unwrap()).unwrap();
    table["about"] = "mine".into();
    table["entries"][0]["published"] = "7".into();
    std::fs::write(&file.0, table.to_string()).unwrap();
    // Work 1 (0 is no budget, refused): the trivial witness, no better than the table.
    let (code, _, err) = run(&["worst", "--grid", "4x4", "--max-work", "1", "--record", file.path()], "");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("left as it was"), "{err}");
    let kept: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file.0).unwrap()).unwrap();
    assert_eq!((&kept["about"], &kept["entries"][0]["published"]), (&"mine".into(), &"7".into()));
    let (code, out, err) = run(&["worst", "--check", file.path()], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("grid 4x4, plus rule, modulus 2: 7, proven"), "{out}");
    assert!(out.contains("3 entries checked"), "{out}");

    // A lower bound its witness does not need, and bounds that contradict "proven".
    let text = std::fs::read_to_string(&file.0).unwrap();
    let mut table: serde_json::Value = serde_json::from_str(&text).unwrap();
    table["entries"][0]["lower"] = 6.into();
    table["entries"][1]["proven"] = false.into();
    std::fs::write(&file.0, table.to_string()).unwrap();
    let (code, out, err) = run(&["worst", "--check", file.path()], "");
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.contains("WRONG: the bounds 6 .. 7"), "{out}");
    assert!(out.contains("WRONG: the bounds 18 .. 18 do not match \"proven\": false"), "{out}");
    assert!(err.contains("2 wrong: entry 1 (grid 4x4"), "{err}");

    // The record refuses a table it contradicts: lower 8 > the 4 x 4 grid's proven 7.
    table["entries"][0]["lower"] = 8.into();
    table["entries"][0]["upper"] = 9.into();
    std::fs::write(&file.0, table.to_string()).unwrap();
    let (code, _, err) = run(&["worst", "--grid", "4x4", "--record", file.path()], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("contradict the table (8 > 7)"), "{err}");
}

/// Bad tables and bad uses: a clear error each, exit status 2.
#[test]
fn bad_tables_are_errors() {
    let missing = std::env::temp_dir().join(format!("lightsout-no-table-{}.json", std::process::id()));
    let (code, _, err) = run(&["worst", "--check", missing.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the table"), "{err}");
    let not_json = TempFile::new("bad.json", "{ nope");
    let (code, _, err) = run(&["worst", "--check", not_json.path()], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a worst-case table"), "{err}");
    let no_entries = TempFile::new("empty.json", "{\"rows\": []}");
    let (code, _, err) = run(&["worst", "--check", no_entries.path()], "");
    assert_eq!(code, 2);
    assert!(err.contains("expected an object with an \"entries\" list"), "{err}");
    let bad_entry = TempFile::new(
        "entry.json",
        r#"{"entries": [{"game": "g", "spec": "lightsout-game 1\nmodulus 2\nshape grid 2 2\nrule plus\n",
            "lights": 4, "modulus": 2, "nullity": 0, "lower": 4, "upper": 4, "proven": true,
            "witness": ["10", "1"]}, {"game": "h", "spec": "nonsense"}]}"#,
    );
    let (code, out, _) = run(&["worst", "--check", bad_entry.path()], "");
    assert_eq!(code, 2);
    assert!(out.contains("g: WRONG: its witness"), "{out}");
    assert!(out.contains("h: WRONG: its spec"), "{out}");
    let (code, _, err) = run(&["worst", "--max-nullity", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--check"), "{err}");
}
