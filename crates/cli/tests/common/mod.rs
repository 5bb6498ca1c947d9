//! Helpers shared by the command-line tests: run the real binary, read its JSON, check presses.

#![allow(dead_code)]

use assert_cmd::Command;
use lightsout_topo::Game;
use std::path::PathBuf;

/// The `lightsout` binary, with standard input closed unless a test gives one.
pub fn lightsout() -> Command {
    let mut cmd = Command::cargo_bin("lightsout").expect("the lightsout binary is built");
    cmd.write_stdin("");
    cmd
}

/// Run with arguments (and standard input) and return (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = lightsout().args(args).write_stdin(stdin).output().expect("the binary runs");
    (
        out.status.code().expect("the binary exits normally"),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// Parse one JSON object from standard output.
pub fn json(stdout: &str) -> serde_json::Value {
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}

/// A JSON array of numbers as a light vector.
pub fn vector(value: &serde_json::Value) -> Vec<u32> {
    value.as_array().expect("an array").iter().map(|v| v.as_u64().expect("a number") as u32).collect()
}

/// Whether pressing `presses` turns `board` off in `game` (b + M s = 0).
pub fn clears(game: &Game, board: &[u32], presses: &[u32]) -> bool {
    game.apply(board, presses).expect("sizes match").iter().all(|&x| x == 0)
}

/// Independent of every library: apply plus-rule presses on a rows x cols grid (or torus) over Z_p.
pub fn plus_apply(rows: usize, cols: usize, wrap: bool, p: u32, board: &[u32], presses: &[u32]) -> Vec<u32> {
    let mut out = board.to_vec();
    for r in 0..rows {
        for c in 0..cols {
            let times = presses[r * cols + c];
            let mut targets = vec![(r as i64, c as i64)];
            targets.extend([
                (r as i64 - 1, c as i64),
                (r as i64 + 1, c as i64),
                (r as i64, c as i64 - 1),
                (r as i64, c as i64 + 1),
            ]);
            let mut seen = Vec::new();
            for (tr, tc) in targets {
                let (tr, tc) = if wrap {
                    (tr.rem_euclid(rows as i64), tc.rem_euclid(cols as i64))
                } else if tr < 0 || tc < 0 || tr >= rows as i64 || tc >= cols as i64 {
                    continue;
                } else {
                    (tr, tc)
                };
                let cell = tr as usize * cols + tc as usize;
                if !seen.contains(&cell) {
                    seen.push(cell);
                    out[cell] = (out[cell] + times) % p;
                }
            }
        }
    }
    out
}

/// Parse the digits of a board printed in the text format (no holes) into a flat vector.
pub fn digits(text: &str) -> Vec<u32> {
    text.lines()
        .flat_map(|l| l.trim().chars())
        .map(|ch| if ch == '.' { 0 } else { ch.to_digit(10).expect("a digit") })
        .collect()
}

/// A temporary file with the given contents, removed when dropped.
pub struct TempFile(pub PathBuf);

impl TempFile {
    pub fn new(name: &str, contents: &str) -> TempFile {
        // A directory of its own: tests run in parallel, and a shared one could be removed by
        // another test's drop between its creation here and the write.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("lightsout-cli-tests-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, contents).expect("write temp file");
        TempFile(path)
    }
    pub fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
        if let Some(dir) = self.0.parent() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}
