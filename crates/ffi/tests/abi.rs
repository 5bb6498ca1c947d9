//! The C ABI called from Rust: its answers agree with `lightsout-topo` and the core's structured
//! solver, outputs stay untouched on failure, packed boards round-trip, and games are shared
//! across threads.

use lightsout::*;
use lightsout_topo::Game as TopoGame;
use proptest::prelude::*;
use std::ffi::{CStr, CString};
use std::ptr;

/// An owned game handle, freed on drop.
struct Handle(*mut Game);

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: the handle came from a constructor and is freed once.
        unsafe { lightsout_game_free(self.0) }
    }
}

// SAFETY: games are immutable and documented as shareable between threads.
unsafe impl Send for Handle {}
unsafe impl Sync for Handle {}

fn make(kind: u8, rows: u32, cols: u32, p: u32) -> Handle {
    let mut g = ptr::null_mut();
    // SAFETY: `g` is a valid out-pointer.
    let status = unsafe {
        match kind {
            0 => lightsout_game_new_grid(rows, cols, p, &mut g),
            1 => lightsout_game_new_torus(rows, cols, p, &mut g),
            2 => lightsout_game_new_cylinder(rows, cols, p, &mut g),
            3 => lightsout_game_new_mobius(rows, cols, p, &mut g),
            4 => lightsout_game_new_klein(rows, cols, p, &mut g),
            _ => lightsout_game_new_projective(rows, cols, p, &mut g),
        }
    };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    Handle(g)
}

fn topo(kind: u8, rows: u32, cols: u32, p: u32) -> TopoGame {
    let (r, c, p) = (rows as usize, cols as usize, p as u64);
    match kind {
        0 => TopoGame::grid(r, c, p),
        1 => TopoGame::torus(r, c, p),
        2 => TopoGame::cylinder(r, c, p),
        3 => TopoGame::mobius(r, c, p),
        4 => TopoGame::klein(r, c, p),
        _ => TopoGame::projective(r, c, p),
    }
    .unwrap()
}

fn last_error() -> String {
    // SAFETY: lightsout_last_error never returns NULL and the string is NUL-terminated.
    unsafe { CStr::from_ptr(lightsout_last_error()) }.to_string_lossy().into_owned()
}

fn game_and_board() -> impl Strategy<Value = (u8, u32, u32, u32, Vec<u32>)> {
    (0u8..6, 1u32..7, 1u32..7, prop::sample::select(vec![2u32, 3, 5])).prop_flat_map(|(kind, r, c, p)| {
        (Just(kind), Just(r), Just(c), Just(p), prop::collection::vec(0..p, (r * c) as usize))
    })
}

proptest! {
    #[test]
    fn solve_agrees_with_topo((kind, rows, cols, p, board) in game_and_board()) {
        let g = make(kind, rows, cols, p);
        let reference = topo(kind, rows, cols, p);
        let n = board.len();
        let mut presses = vec![u32::MAX; n];
        // SAFETY: live handle; arrays of the lengths given.
        let status = unsafe { lightsout_game_solve(g.0, board.as_ptr(), n, presses.as_mut_ptr(), n) };
        if reference.is_solvable(&board).unwrap() {
            prop_assert_eq!(status, Status::LightsoutOk);
            prop_assert!(reference.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
        } else {
            prop_assert_eq!(status, Status::LightsoutUnsolvable);
            prop_assert!(presses.iter().all(|&x| x == u32::MAX), "output written on failure");
        }
        let mut nullity = 0usize;
        // SAFETY: live handle and a valid out-pointer.
        prop_assert_eq!(unsafe { lightsout_game_nullity(g.0, &mut nullity) }, Status::LightsoutOk);
        prop_assert_eq!(nullity, reference.nullity().unwrap());
        let mut len = 0usize;
        // SAFETY: as above.
        prop_assert_eq!(unsafe { lightsout_game_null_basis_len(g.0, &mut len) }, Status::LightsoutOk);
        let mut basis = vec![0u32; len];
        // SAFETY: a buffer of the reported length (NULL-free even when empty).
        prop_assert_eq!(unsafe { lightsout_game_null_basis(g.0, basis.as_mut_ptr(), len) }, Status::LightsoutOk);
        prop_assert_eq!(basis, reference.null_basis().unwrap().concat());
    }

    #[test]
    fn text_round_trips((kind, rows, cols, p, board) in game_and_board()) {
        let g = make(kind, rows, cols, p);
        let n = board.len();
        let mut len = 0usize;
        // SAFETY: live handle; arrays of the lengths given.
        unsafe {
            prop_assert_eq!(lightsout_game_format_board_len(g.0, board.as_ptr(), n, &mut len), Status::LightsoutOk);
            let mut text = vec![0u8; len];
            prop_assert_eq!(
                lightsout_game_format_board(g.0, board.as_ptr(), n, text.as_mut_ptr().cast(), len),
                Status::LightsoutOk
            );
            prop_assert_eq!(text.last(), Some(&0));
            let mut back = vec![0u32; n];
            prop_assert_eq!(
                lightsout_game_parse_board(g.0, text.as_ptr().cast(), back.as_mut_ptr(), n),
                Status::LightsoutOk
            );
            prop_assert_eq!(back, board);
        }
    }

    #[test]
    fn packed_grid_boards_agree_with_values(rows in 1u32..40, cols in 1u32..140, seed in any::<u64>()) {
        let mut s = ptr::null_mut();
        // SAFETY: valid out-pointer.
        prop_assert_eq!(unsafe { lightsout_game_new_grid(rows, cols, 2, &mut s) }, Status::LightsoutOk);
        let packed_format = BoardFormat::LightsoutBoardPacked as u32;
        let n = (rows * cols) as usize;
        let per_row = cols.div_ceil(8) as usize;
        let mut len = 0usize;
        // SAFETY: live game, valid out-pointer.
        prop_assert_eq!(unsafe { lightsout_game_board_len(s, packed_format, &mut len) }, Status::LightsoutOk);
        prop_assert_eq!(len, rows as usize * per_row);
        // A board of lights from a simple generator, packed most significant bit first.
        let mut x = seed | 1;
        let values: Vec<u32> = (0..n).map(|_| { x ^= x << 13; x ^= x >> 7; x ^= x << 17; (x & 1) as u32 }).collect();
        let mut packed = vec![0u8; len];
        for (i, &v) in values.iter().enumerate() {
            let (r, c) = (i / cols as usize, i % cols as usize);
            packed[r * per_row + c / 8] |= (v as u8) << (7 - c % 8);
        }
        let (mut yes_packed, mut presses) = (false, vec![0xAAu8; len]);
        let mut unpacked = vec![0u32; n];
        // SAFETY: live game; arrays of the lengths given.
        unsafe {
            prop_assert_eq!(lightsout_game_is_solvable_board(s, packed_format, packed.as_ptr(), len, &mut yes_packed), Status::LightsoutOk);
            let status = lightsout_game_solve_board(s, packed_format, packed.as_ptr(), len, presses.as_mut_ptr(), len);
            let status_values = lightsout_game_solve(s, values.as_ptr(), n, unpacked.as_mut_ptr(), n);
            prop_assert_eq!(status == Status::LightsoutOk, yes_packed);
            prop_assert_eq!(status_values, status);
            if yes_packed {
                let presses: Vec<u32> = (0..n)
                    .map(|i| ((presses[(i / cols as usize) * per_row + (i % cols as usize) / 8] >> (7 - i % cols as usize % 8)) & 1) as u32)
                    .collect();
                let mut after = vec![9u32; n];
                prop_assert_eq!(
                    lightsout_game_apply(s, values.as_ptr(), n, presses.as_ptr(), n, after.as_mut_ptr(), n),
                    Status::LightsoutOk
                );
                prop_assert!(after.iter().all(|&v| v == 0));
            } else {
                prop_assert!(presses.iter().all(|&b| b == 0xAA), "output written on failure");
            }
            lightsout_game_free(s);
        }
    }
}

#[test]
fn one_game_many_threads() {
    let mut g = ptr::null_mut();
    let name = CString::new("deluxe").unwrap();
    // SAFETY: valid string and out-pointer.
    assert_eq!(unsafe { lightsout_game_new_preset(name.as_ptr(), &mut g) }, Status::LightsoutOk);
    let game = Handle(g);
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let game = &game;
            scope.spawn(move || {
                for seed in 0..25 {
                    let (mut board, mut presses, mut after) = (vec![0u32; 36], vec![0u32; 36], vec![1u32; 36]);
                    // SAFETY: live handle shared read-only; arrays of length 36.
                    unsafe {
                        assert_eq!(
                            lightsout_game_random_solvable(game.0, t * 100 + seed, board.as_mut_ptr(), 36),
                            Status::LightsoutOk
                        );
                        assert_eq!(
                            lightsout_game_solve(game.0, board.as_ptr(), 36, presses.as_mut_ptr(), 36),
                            Status::LightsoutOk
                        );
                        lightsout_game_apply(game.0, board.as_ptr(), 36, presses.as_ptr(), 36, after.as_mut_ptr(), 36);
                    }
                    assert!(after.iter().all(|&x| x == 0));
                }
                // A failure on this thread leaves its own message.
                let mut bad = ptr::null_mut();
                // SAFETY: valid out-pointer.
                unsafe { lightsout_game_new_grid(0, 1, 2, &mut bad) };
                assert!(last_error().contains("at least 1"), "{}", last_error());
            });
        }
    });
}

#[test]
fn fewest_presses_on_a_structured_grid() {
    // 69 x 69 (4761 lights) is solved by the structured path and has nullity 8: all 256
    // solutions can be listed here to check the answer.
    let mut g = ptr::null_mut();
    // SAFETY: valid out-pointer.
    assert_eq!(unsafe { lightsout_game_new_grid(69, 69, 2, &mut g) }, Status::LightsoutOk);
    let game = Handle(g);
    let reference = TopoGame::grid(69, 69, 2).unwrap();
    assert!(reference.uses_structured_solver());
    let n = reference.size();
    let mut pressed = vec![0u32; n];
    for i in [0, 70, 1000, 2380, 4760] {
        pressed[i] = 1;
    }
    let board = reference.apply(&vec![0; n], &pressed).unwrap();
    let particular = reference.solve(&board).unwrap();
    let basis = reference.null_basis().unwrap();
    assert_eq!(basis.len(), 8);
    let fewest = (0u32..256)
        .map(|mask| {
            let mut s = particular.clone();
            for (_, v) in basis.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1) {
                s.iter_mut().zip(v).for_each(|(a, b)| *a ^= b);
            }
            s.iter().filter(|&&x| x == 1).count() as u64
        })
        .min()
        .unwrap();
    let mut presses = vec![0u32; n];
    let mut info = MinimalInfo { weight: 0, lower_bound: 0, explored: 0, proven_optimal: false };
    // SAFETY: live handle; arrays of length n; valid info pointer.
    let status = unsafe {
        lightsout_game_solve_minimal(game.0, board.as_ptr(), n, 1 << 32, 60.0, presses.as_mut_ptr(), n, &mut info)
    };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    assert!(info.proven_optimal);
    assert_eq!(info.weight, fewest);
    assert!(fewest <= 5);
    assert!(reference.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
}

#[test]
fn fewest_presses_refuse_a_huge_null_basis_and_large_puzzles_need_no_factoring() {
    // 2048 x 2048 has nullity 1056: 17.7 GB of quiet patterns, refused before any is built.
    let game = make(0, 2048, 2048, 2);
    let n = 2048 * 2048;
    let board = vec![0u32; n];
    let mut presses = vec![7u32; n];
    // SAFETY: live handle; arrays of length n; NULL info is allowed.
    let status = unsafe {
        lightsout_game_solve_minimal(game.0, board.as_ptr(), n, 1 << 32, 60.0, presses.as_mut_ptr(), n, ptr::null_mut())
    };
    assert_eq!(status, Status::LightsoutTooLarge);
    assert!(last_error().contains("null basis"), "{}", last_error());
    assert!(presses.iter().all(|&x| x == 7), "output untouched on failure");
    // A puzzle of 4 presses on the same board: M is multiplied, not factored.
    let mut lights = vec![0u32; n];
    // SAFETY: live handle; array of length n.
    let status = unsafe { lightsout_game_random_with_presses(game.0, 11, 4, lights.as_mut_ptr(), n) };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    assert_eq!(lights, TopoGame::grid(2048, 2048, 2).unwrap().random_with_presses(11, 4).unwrap());
    assert!(lights.contains(&1));
}

/// A 300 x 300 grid over Z_4 (90,000 lights) through the C ABI: chased per prime-power factor,
/// so it solves at once where a dense factorisation of M would be refused.
#[test]
fn a_large_composite_grid_solves_through_the_abi() {
    let game = make(0, 300, 300, 4);
    let n = 300 * 300;
    let mut board = vec![0u32; n];
    // SAFETY: live handle; arrays of length n.
    let status = unsafe { lightsout_game_random_solvable(game.0, 9, board.as_mut_ptr(), n) };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    let mut presses = vec![0u32; n];
    // SAFETY: as above.
    let status = unsafe { lightsout_game_solve(game.0, board.as_ptr(), n, presses.as_mut_ptr(), n) };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    let mut after = vec![7u32; n];
    // SAFETY: as above.
    let status = unsafe { lightsout_game_apply(game.0, board.as_ptr(), n, presses.as_ptr(), n, after.as_mut_ptr(), n) };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    assert!(after.iter().all(|&x| x == 0));
    let mut divisors = vec![0u32; n];
    // SAFETY: as above.
    let status = unsafe { lightsout_game_elementary_divisors(game.0, divisors.as_mut_ptr(), n) };
    assert_eq!(status, Status::LightsoutOk, "{}", last_error());
    let reference = TopoGame::grid(300, 300, 4).unwrap();
    assert_eq!(reference.solver_path(), lightsout_topo::SolverPath::RingChasing);
    assert_eq!(divisors, reference.elementary_divisors().unwrap());
}
