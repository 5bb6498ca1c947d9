//! Fuzz targets that run on the stable toolchain, without libFuzzer: each target takes bytes
//! and panics only on a bug (a wrong answer, an inconsistency, or a panic inside the library).
//! [`run`] feeds a target its committed seed corpus (`crates/fuzz/corpus/TARGET/`), then
//! random mutations of it for a time budget, and reports the first failing input.
//!
//! `cargo test -p lightsout-fuzz` runs every target for 5 seconds (part of the normal
//! test command); `LIGHTSOUT_FUZZ_SECONDS=3600 cargo test --release -p lightsout-fuzz` runs
//! each for an hour. A failing input is written to `target/fuzz-failures/`; add it to the
//! corpus so that it stays a regression test.

pub mod abi;
pub mod games;
mod mutate;
pub mod parsers;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A fuzz target: bytes in, a panic out if something is wrong.
pub type Target = fn(&[u8]);

/// Every target with its name (also the name of its corpus folder).
pub const TARGETS: &[(&str, Target)] = &[
    ("board_text", parsers::board_text),
    ("decision", parsers::decision),
    ("edge_list", parsers::edge_list),
    ("spec", parsers::spec),
    ("c_abi", abi::c_abi),
    ("games", games::small_game),
];

/// What a run did.
#[derive(Debug, Clone, Copy)]
pub struct Report {
    /// Inputs tried (corpus and mutations).
    pub inputs: u64,
}

/// The time each target gets: `LIGHTSOUT_FUZZ_SECONDS` (seconds, may be fractional), else
/// `default`.
pub fn budget(default: Duration) -> Duration {
    std::env::var("LIGHTSOUT_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .unwrap_or(default)
}

/// The seed of the mutations: `LIGHTSOUT_FUZZ_SEED`, else one from the clock (printed, so that
/// a failure can be replayed).
pub fn seed() -> u64 {
    std::env::var("LIGHTSOUT_FUZZ_SEED").ok().and_then(|s| s.trim().parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    })
}

/// The committed corpus of a target, sorted by file name.
pub fn corpus(name: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the corpus {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

/// Run `target` on every corpus entry, then on mutations of them until `time` has passed.
/// Panics with the failing input (escaped) and its file under `target/fuzz-failures/`.
pub fn run(name: &str, target: Target, time: Duration, seed: u64) -> Report {
    let seeds = corpus(name);
    assert!(!seeds.is_empty(), "the corpus of {name} is empty");
    let mut inputs = 0;
    for input in &seeds {
        check(name, target, input, seed);
        inputs += 1;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = Instant::now();
    while start.elapsed() < time {
        let base = &seeds[rng.gen_range(0..seeds.len())];
        let input = mutate::mutate(&mut rng, base, &seeds);
        check(name, target, &input, seed);
        inputs += 1;
    }
    Report { inputs }
}

fn check(name: &str, target: Target, input: &[u8], seed: u64) {
    if let Err(payload) = catch_unwind(AssertUnwindSafe(|| target(input))) {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/fuzz-failures");
        let file = dir.join(format!("{name}-{seed}-{:016x}", fnv(input)));
        let saved = std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&file, input));
        panic!(
            "fuzz target {name} failed (seed {seed}): {message}\ninput ({} bytes{}): {:?}",
            input.len(),
            saved.map_or(String::new(), |_| format!(", saved as {}", file.display())),
            String::from_utf8_lossy(input)
        );
    }
}

fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// Bytes read one value at a time, with zeros once they run out: how a target turns its input
/// into choices (sizes, moduli, which call to make).
pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    /// The next byte (0 when none is left).
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    /// A value in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        let v = ((self.byte() as usize) << 8) | self.byte() as usize;
        v % n
    }
    /// One of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    /// The bytes not yet read.
    pub fn rest(&self) -> &[u8] {
        self.0
    }
}
