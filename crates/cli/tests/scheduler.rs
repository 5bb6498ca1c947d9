//! `--scheduler`: how the command line talks to the Python entry point, with stand-in
//! interpreters (the real Dask runs are tested from Python, in tests/python/test_distributed.py).

mod common;

use common::lightsout;
use std::path::PathBuf;

/// A stand-in for Python: a shell script that reads the request and answers `answer`.
fn fake_python(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lightsout-scheduler-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("python");
    std::fs::write(
        &path,
        format!("#!/bin/sh\ncat > \"{}/request\"\necho \"$@\" > \"{}/args\"\n{body}\n", dir.display(), dir.display()),
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

fn run_with(python: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    let out = lightsout().env("LIGHTSOUT_PYTHON", python).args(args).output().unwrap();
    (out.status.code().unwrap(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

const MINIMAL: [&str; 8] = ["solve", "--grid", "4x4", "--random", "3", "--minimal", "--scheduler", "tcp://127.0.0.1:1"];

#[test]
fn a_missing_interpreter_says_how_to_install() {
    let (code, _, err) = run_with(std::path::Path::new("/nonexistent/python3"), &MINIMAL);
    assert_eq!(code, 2);
    assert!(err.contains("cannot start \"/nonexistent/python3\""), "{err}");
    assert!(err.contains("lightsout-solver[dask]") && err.contains("LIGHTSOUT_PYTHON"), "{err}");
}

#[test]
fn a_missing_package_says_how_to_install() {
    let python = fake_python("nomodule", "echo \"No module named lightsout\" >&2; exit 1");
    let (code, out, err) = run_with(&python, &["stats", "--grid", "3x3", "--scheduler", "local"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("No module named lightsout"), "{err}");
    assert!(err.contains("-m lightsout.distributed` failed") && err.contains("pip install"), "{err}");
}

#[test]
fn a_failed_run_passes_its_message_on() {
    let python = fake_python("error", "echo '{\"error\": \"OSError: cannot reach the Dask scheduler\"}'; exit 2");
    let (code, _, err) = run_with(&python, &MINIMAL);
    assert_eq!(code, 2);
    assert!(
        err.contains("the Dask run at tcp://127.0.0.1:1 failed: OSError: cannot reach the Dask scheduler"),
        "{err}"
    );
}

#[test]
fn wrong_answers_are_refused() {
    let zeros = vec!["1"; 16].join(",");
    let python = fake_python(
        "wrong",
        &format!(
            "echo '{{\"presses\": [{zeros}], \"weight\": 16, \"proven_optimal\": true, \"lower_bound\": 16, \"explored\": 16}}'"
        ),
    );
    let (code, _, err) = run_with(&python, &MINIMAL);
    assert_eq!(code, 2);
    assert!(err.contains("do not solve this board"), "{err}");
    let python = fake_python("badstats", "echo '{\"histogram\": [1, 2], \"rank\": 9}'");
    let (code, _, err) = run_with(&python, &["stats", "--grid", "3x3", "--scheduler", "local"]);
    assert_eq!(code, 2);
    assert!(err.contains("do not fit this game"), "{err}");
}

/// `worst --symmetry plain` reaches the entry point; the default is left to it (so that an
/// earlier Python package still runs the default).
#[test]
fn the_symmetry_switch_reaches_the_entry_point() {
    let python = fake_python("symmetry", "echo '{\"error\": \"stopped here\"}'; exit 2");
    let args = |extra: &[&str]| {
        let (code, _, err) = run_with(&python, &[&["worst", "--grid", "9x9", "--scheduler", "local"], extra].concat());
        assert_eq!(code, 2);
        assert!(err.contains("stopped here"), "{err}");
        std::fs::read_to_string(python.parent().unwrap().join("args")).unwrap()
    };
    let plain = args(&["--symmetry", "plain"]);
    assert!(
        plain.starts_with("-m lightsout.distributed worst --scheduler local") && plain.contains("--symmetry plain"),
        "{plain}"
    );
    for default in [args(&[]), args(&["--symmetry", "detect"])] {
        assert!(!default.contains("--symmetry"), "{default}");
    }
}

#[test]
fn the_request_carries_the_game_and_the_answer_prints_like_a_local_run() {
    // The 3x3 grid has nullity 0: the table is the count of press vectors by weight.
    let table = "[1, 9, 36, 84, 126, 126, 84, 36, 9, 1]";
    let python = fake_python("stats", &format!("echo '{{\"histogram\": {table}, \"rank\": 9}}'"));
    let (code, out, err) =
        run_with(&python, &["stats", "--grid", "3x3", "--scheduler", "tcp://h:8786", "--time-limit", "5"]);
    assert_eq!(code, 0, "{err}");
    let local = lightsout().args(["stats", "--grid", "3x3"]).output().unwrap();
    assert_eq!(out, String::from_utf8(local.stdout).unwrap());
    let dir = python.parent().unwrap();
    let args = std::fs::read_to_string(dir.join("args")).unwrap();
    assert!(args.starts_with("-m lightsout.distributed stats --scheduler tcp://h:8786 --max-time 5"), "{args}");
    let request: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("request")).unwrap()).unwrap();
    let game = lightsout_topo::Game::grid(3, 3, 2).unwrap();
    assert_eq!(request["spec"], game.spec().to_string());
}

#[test]
fn scheduler_needs_minimal_and_excludes_grids() {
    let out = lightsout().args(["solve", "--scheduler", "local"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = lightsout().args(["stats", "--grids", "5", "--scheduler", "local"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
