//! Long work stops soon after it is interrupted from another thread, with
//! `Error::Interrupted`, in every kind of long loop: dense elimination (packed GF(2), bitsliced
//! GF(3), generic Z_p), light chasing and polynomial arithmetic of the structured grid solver,
//! banded elimination, the nullity table and the fewest-press searches.

use lightsout_core::banded::{BandOrdering, BandedSolver};
use lightsout_core::interrupt::Interrupt;
use lightsout_core::minimal::{minimal_in_coset_gf2, nullity_table, plus_grid, Budget};
use lightsout_core::structured::GridSolver;
use lightsout_core::{Error, Modulus, Solver};
use std::time::{Duration, Instant};

/// Start `work` with an interrupt flag, raise it after `after`, and return what the work
/// returned and how long it took to stop after the flag went up.
fn interrupt_after<T: Send + 'static>(after: Duration, work: impl FnOnce() -> T + Send + 'static) -> (T, Duration) {
    let stop = Interrupt::new();
    let flag = stop.clone();
    let worker = std::thread::spawn(move || flag.run(work));
    std::thread::sleep(after);
    let raised = Instant::now();
    stop.interrupt();
    let out = worker.join().expect("the work panicked");
    (out, raised.elapsed())
}

/// A hang guard, not a speed check: the work stops well under a second after the flag (checked
/// every few milliseconds of work), and left alone it would take minutes to hours, so 30 s (more
/// than 20 times the expected stop, on a loaded machine and a debug build) tells "stopped" from
/// "ran to the end" without failing on a busy machine.
const PROMPT: Duration = Duration::from_secs(30);

fn z(p: u64) -> Modulus {
    Modulus::new(p).unwrap()
}

#[test]
fn structured_grid_setup_stops() {
    // 2^40 lights over Z_3: about two hours of light chasing.
    let (out, took) = interrupt_after(Duration::from_millis(100), || GridSolver::new(1 << 20, 1 << 20, true, z(3)));
    assert_eq!(out.unwrap_err(), Error::Interrupted);
    assert!(took < PROMPT, "{took:?}");
    // GF(2), packed chasing.
    let (out, took) = interrupt_after(Duration::from_millis(100), || GridSolver::new(1 << 20, 1 << 20, true, z(2)));
    assert_eq!(out.unwrap_err(), Error::Interrupted);
    assert!(took < PROMPT, "{took:?}");
}

#[test]
fn dense_elimination_stops_in_every_engine() {
    for (p, side) in [(2u64, 120usize), (3, 90), (5, 50)] {
        let m = plus_grid(side, side, z(p)).unwrap();
        let (out, took) = interrupt_after(Duration::from_millis(20), move || Solver::new(&m));
        match out {
            Err(e) => assert_eq!(e, Error::Interrupted, "p = {p}"),
            Ok(_) => panic!("p = {p}: the factorisation finished before the interrupt; make it larger"),
        }
        assert!(took < PROMPT, "p = {p}: {took:?}");
    }
}

#[test]
fn banded_elimination_stops() {
    // A grid with a different rule (no structured solver): the banded engine's own loop.
    let sets = (0..1usize << 18)
        .map(|j| {
            let (r, c) = ((j / 512) as i64, (j % 512) as i64);
            let mut set = vec![j];
            for (dr, dc) in [(-1i64, -1i64), (-1, 1), (1, -1), (1, 1), (0, 2), (2, 0)] {
                let (rr, cc) = (r + dr, c + dc);
                if (0..512).contains(&rr) && (0..512).contains(&cc) {
                    set.push(rr as usize * 512 + cc as usize);
                }
            }
            set
        })
        .collect();
    let m = lightsout_core::SparseMatrix::from_press_sets(z(2), 1 << 18, sets).unwrap();
    // The ordering (a breadth-first search, linear time) is made first: the elimination is timed.
    let order = BandOrdering::reverse_cuthill_mckee(&m);
    let (out, took) =
        interrupt_after(Duration::from_millis(50), move || BandedSolver::with_ordering(&m, order, 1 << 33));
    assert_eq!(out.unwrap_err(), Error::Interrupted);
    assert!(took < PROMPT, "{took:?}");
}

#[test]
fn nullity_table_and_searches_stop() {
    let (out, took) = interrupt_after(Duration::from_millis(50), || nullity_table(50_000));
    assert_eq!(out.unwrap_err(), Error::Interrupted);
    assert!(took < PROMPT, "{took:?}");

    // 2^44 coset members of random quiet patterns, no limit but the interrupt: the search stops
    // as if out of time, on every thread of the enumeration.
    let n = 256;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let basis: Vec<Vec<u64>> = (0..44).map(|_| (0..n / 64).map(|_| next()).collect()).collect();
    let particular: Vec<u64> = (0..n / 64).map(|_| next()).collect();
    let (out, took) = interrupt_after(Duration::from_millis(50), move || {
        minimal_in_coset_gf2(n, &particular, &basis, &Budget::work_only(u64::MAX))
    });
    assert!(!out.unwrap().proven_optimal);
    assert!(took < PROMPT, "{took:?}");
}

/// The pseudoinverse's copy out of the factorisation (the last phase of a Python
/// `pseudoinverse()`) looks at the flag too: a raised flag stops it, with nothing returned.
#[test]
fn pseudoinverse_copy_stops() {
    let solver = Solver::new(&plus_grid(12, 12, z(3)).unwrap()).unwrap();
    let stop = Interrupt::new();
    stop.interrupt();
    assert_eq!(stop.run(|| solver.pseudoinverse_entries(|v| v as u8)).unwrap_err(), Error::Interrupted);
    assert_eq!(stop.run(|| solver.pseudoinverse()).unwrap_err(), Error::Interrupted);
    let bytes = solver.pseudoinverse_entries(|v| v as u8).unwrap();
    assert!(bytes.iter().zip(solver.pseudoinverse().unwrap().as_slice()).all(|(&b, &w)| b as u32 == w));
}
