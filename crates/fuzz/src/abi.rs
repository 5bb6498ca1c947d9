//! The C ABI, called as C would: constructors with any numbers and any text, every query with
//! right and wrong lengths and NULL pointers. Every call must return a status, never
//! `LIGHTSOUT_PANIC` (a caught internal error), and a successful call must be consistent with
//! the others (solve then apply gives all zeros, format then parse gives the board back).

use crate::Bytes;
use lightsout::Status;
use std::ffi::{CStr, CString};
use std::ptr::{null, null_mut};

type GamePtr = *mut lightsout::Game;

/// Fail on a status that means a bug.
fn ok(status: Status, call: &str) -> bool {
    if status == Status::LightsoutPanic {
        // SAFETY: lightsout_last_error returns a valid NUL-terminated string.
        let message = unsafe { CStr::from_ptr(lightsout::lightsout_last_error()) }.to_string_lossy().into_owned();
        panic!("{call} panicked inside the library: {message}");
    }
    status == Status::LightsoutOk
}

/// Text for a `const char *` argument (interior NULs end it, as in C).
fn c_text(bytes: &[u8]) -> CString {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    CString::new(&bytes[..end]).unwrap()
}

/// Sizes a fuzzer should try: small ones (the calls then answer), zero, and huge ones (which
/// must be refused or accepted without work: no query is made on a game above 400 lights).
const SIDES: &[u32] = &[0, 1, 2, 3, 4, 5, 7, 1 << 16, u32::MAX];
const MODULI: &[u32] = &[2, 3, 5, 7, 0, 1, 4, 9, 2_147_483_647, 2_147_483_648, u32::MAX];

pub fn c_abi(data: &[u8]) {
    let mut b = Bytes(data);
    let mut game: GamePtr = null_mut();
    let p = b.pick(MODULI);
    let kind = b.below(10);
    let text = c_text(&data[data.len().min(8)..]);
    // SAFETY (every call below): pointers are NULL or valid for the lengths passed, as the
    // header requires; wrong lengths are passed with buffers at least as long as claimed.
    let status = unsafe {
        match kind {
            0 => lightsout::lightsout_game_new_grid(b.pick(SIDES), b.pick(SIDES), p, &mut game),
            1 => lightsout::lightsout_game_new_torus(b.pick(SIDES), b.pick(SIDES), p, &mut game),
            2 => lightsout::lightsout_game_new_cylinder(b.pick(SIDES), b.pick(SIDES), p, &mut game),
            3 => lightsout::lightsout_game_new_cube(b.pick(&[0, 1, 2, 3, 1 << 20]), p, &mut game),
            4 => lightsout::lightsout_game_new_preset(text.as_ptr(), &mut game),
            5 => {
                let edges: Vec<usize> = (0..b.below(12)).map(|_| b.below(10)).collect();
                let n = b.pick(&[0usize, 1, 5, 10, 1 << 40]);
                let len = b.pick(&[edges.len(), edges.len().saturating_sub(1)]);
                lightsout::lightsout_game_new_graph(
                    n,
                    edges.as_ptr(),
                    len,
                    b.byte() & 1 == 1,
                    b.byte() & 1 == 1,
                    p,
                    &mut game,
                )
            }
            6 => lightsout::lightsout_game_new_edge_list(text.as_ptr(), b.byte() & 1 == 1, true, p, &mut game),
            7 => lightsout::lightsout_game_new_from_text(text.as_ptr(), p, &mut game),
            8 => {
                // A press matrix entry by entry, over any modulus (composite ones too).
                let n = b.pick(&[0usize, 1, 2, 3, 5, 1 << 20]);
                let entries: Vec<u32> =
                    (0..(n * n).min(64)).map(|_| b.byte() as u32 * b.pick(&[1, 7, 1 << 20])).collect();
                let len = b.pick(&[entries.len(), entries.len().saturating_sub(1)]);
                lightsout::lightsout_game_new_matrix(n, entries.as_ptr(), len, p, &mut game)
            }
            _ => lightsout::lightsout_game_new_from_spec(text.as_ptr(), &mut game),
        }
    };
    if !ok(status, "a constructor") {
        assert!(game.is_null());
        grid_boards(&mut b);
        return;
    }
    assert!(!game.is_null());
    // SAFETY: game is a live handle until freed below.
    let n = unsafe { lightsout::lightsout_game_size(game) };
    if n <= 400 {
        unsafe { queries(game, n, &mut b, &text) };
    }
    unsafe { lightsout::lightsout_game_free(game) };
}

/// # Safety
/// `game` is a live handle of `n` lights.
unsafe fn queries(game: GamePtr, n: usize, b: &mut Bytes, text: &CString) {
    let p = lightsout::lightsout_game_modulus(game);
    let mut rank = 0usize;
    let mut nullity = 0usize;
    let ranked = ok(lightsout::lightsout_game_rank(game, &mut rank), "rank");
    let counted = ok(lightsout::lightsout_game_nullity(game, &mut nullity), "nullity");
    // Rank and nullity are defined over a field (a prime modulus) only.
    let prime = (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0);
    assert_eq!((ranked, counted), (prime, prime), "modulus {p}");
    if prime {
        assert_eq!(rank + nullity, n);
    }
    assert!(!ok(lightsout::lightsout_game_rank(game, null_mut()), "rank"));
    // A board from the input, with entries possibly out of range, and a length right or wrong.
    let lights: Vec<u32> = (0..n + 1).map(|_| if b.byte() < 250 { b.byte() as u32 % p } else { p }).collect();
    let len = b.pick(&[n, n, n, n + 1, n.saturating_sub(1), 0]);
    let mut presses = vec![0u32; n + 1];
    let solved = ok(lightsout::lightsout_game_solve(game, lights.as_ptr(), len, presses.as_mut_ptr(), n), "solve");
    let mut solvable = false;
    let asked = ok(lightsout::lightsout_game_is_solvable(game, lights.as_ptr(), len, &mut solvable), "is_solvable");
    assert!(!solved || (asked && solvable));
    if solved {
        let mut after = vec![7u32; n];
        let applied =
            lightsout::lightsout_game_apply(game, lights.as_ptr(), n, presses.as_ptr(), n, after.as_mut_ptr(), n);
        assert!(ok(applied, "apply"));
        assert!(after.iter().all(|&x| x == 0), "solve then apply left lights on");
        let mut info = std::mem::zeroed::<lightsout::MinimalInfo>();
        let fewest = lightsout::lightsout_game_solve_minimal(
            game,
            lights.as_ptr(),
            n,
            1 << 12,
            b.pick(&[0.0, 0.5, f64::INFINITY, -1.0, f64::NAN, 1e300]),
            presses.as_mut_ptr(),
            n,
            &mut info,
        );
        ok(fewest, "solve_minimal");
    } else {
        ok(lightsout::lightsout_game_solve(game, null(), n, presses.as_mut_ptr(), n), "solve");
    }
    // Format and parse back.
    let values: Vec<u32> = lights.iter().take(n).copied().collect();
    let mut need = 0usize;
    if ok(lightsout::lightsout_game_format_board_len(game, values.as_ptr(), n, &mut need), "format_board_len") {
        let cap = b.pick(&[need, need.saturating_sub(1), need + 3, 0]);
        let mut buf = vec![0 as std::ffi::c_char; need + 3];
        if ok(lightsout::lightsout_game_format_board(game, values.as_ptr(), n, buf.as_mut_ptr(), cap), "format_board") {
            let mut back = vec![0u32; n];
            assert!(ok(lightsout::lightsout_game_parse_board(game, buf.as_ptr(), back.as_mut_ptr(), n), "parse_board"));
            assert_eq!(back, values, "format then parse changed the board");
        }
    }
    let mut back = vec![0u32; n];
    ok(lightsout::lightsout_game_parse_board(game, text.as_ptr(), back.as_mut_ptr(), n), "parse_board");
    let mut spec_len = 0usize;
    assert!(ok(lightsout::lightsout_game_spec_len(game, &mut spec_len), "spec_len"));
    let mut spec = vec![0 as std::ffi::c_char; spec_len];
    assert!(ok(lightsout::lightsout_game_spec(game, spec.as_mut_ptr(), spec_len), "spec"));
    if (p as u64).checked_pow(n as u32).is_some_and(|boards| boards <= 4096) {
        dataset_matches_the_other_front_ends(game, n, b, &spec);
    }
    let mut again: GamePtr = null_mut();
    assert!(ok(lightsout::lightsout_game_new_from_spec(spec.as_ptr(), &mut again), "new_from_spec"));
    assert_eq!(lightsout::lightsout_game_size(again), n);
    lightsout::lightsout_game_free(again);
    let mut basis_len = 0usize;
    if ok(lightsout::lightsout_game_null_basis_len(game, &mut basis_len), "null_basis_len") {
        let mut basis = vec![0u32; basis_len + 1];
        let len = b.pick(&[basis_len, basis_len + 1, basis_len.saturating_sub(1)]);
        ok(lightsout::lightsout_game_null_basis(game, basis.as_mut_ptr(), len), "null_basis");
    }
    let mut board = vec![0u32; n];
    let k = b.pick(&[0usize, 1, n, n + 1, usize::MAX]);
    ok(lightsout::lightsout_game_random_with_presses(game, 1, k, board.as_mut_ptr(), n), "random_with_presses");
    ok(lightsout::lightsout_game_random_solvable(game, 2, board.as_mut_ptr(), b.pick(&[n, n + 1])), "random_solvable");
    if (p as u64).checked_pow(n as u32).is_some_and(|boards| boards <= 4096) {
        // Exhaustive for small games; larger ones search for up to a minute, by design.
        let d = b.pick(&[0u64, 1, 2, 100]);
        ok(
            lightsout::lightsout_game_random_with_difficulty(game, 3, d, board.as_mut_ptr(), n),
            "random_with_difficulty",
        );
    }
}

/// C's data set rows equal those of the route Python's `lightsout.dataset` and the command
/// line's `dataset` take, difficulty 0 included (uniform boards in every front end).
///
/// # Safety
/// `game` is a live handle of `n` lights; `spec` its NUL-terminated spec.
unsafe fn dataset_matches_the_other_front_ends(game: GamePtr, n: usize, b: &mut Bytes, spec: &[std::ffi::c_char]) {
    let (count, difficulty, seed) = (3usize, b.pick(&[0u64, 0, 1, 2]), b.byte() as u64);
    let (mut boards, mut presses, mut distances) = (vec![0u32; count * n], vec![0u32; count * n], vec![0u64; count]);
    let c = lightsout::lightsout_game_dataset(
        game,
        count,
        difficulty,
        seed,
        boards.as_mut_ptr(),
        boards.len(),
        presses.as_mut_ptr(),
        presses.len(),
        distances.as_mut_ptr(),
        distances.len(),
    );
    let text = CStr::from_ptr(spec.as_ptr()).to_str().expect("a spec is UTF-8");
    let same = lightsout_topo::Game::from_spec(text.parse().expect("the spec parses")).expect("the spec builds");
    let rust = same.batch_minimizer().map_err(|e| e.to_string()).and_then(|many| {
        let sampler = many.sampler((difficulty > 0).then_some(difficulty)).map_err(|e| e.to_string())?;
        let layout = lightsout_core::batch::BoardLayout { stride: n, cell_of_light: Vec::new() };
        let (mut bs, mut ps, mut ds) = (vec![0u32; count * n], vec![0u32; count * n], vec![0u64; count]);
        many.fill(&sampler, seed, 0, &layout, &mut bs, &mut ps, &mut ds).map_err(|e| e.to_string())?;
        Ok((bs, ps, ds))
    });
    match rust {
        Ok(rows) => {
            assert!(
                ok(c, "dataset"),
                "C refused a data set the other front ends make: {text}, difficulty {difficulty}"
            );
            assert_eq!(rows, (boards, presses, distances), "{text}, difficulty {difficulty}, seed {seed}");
        }
        Err(_) => assert!(!ok(c, "dataset"), "C made a data set the other front ends refuse: {text}"),
    }
}

/// Grids with compact boards (bytes and packed bits, any format number) and the torus decision,
/// with small and absurd sizes.
fn grid_boards(b: &mut Bytes) {
    // Sides up to 64 (larger boards are valid but take long to set up in a debug build) or past
    // the limit.
    let (rows, cols) = (b.pick(&[0u32, 1, 3, 8, 64, 1 << 21, u32::MAX]), b.pick(&[0u32, 1, 5, 9, 64, u32::MAX]));
    let mut game: GamePtr = null_mut();
    // SAFETY: as in c_abi; the game is freed below.
    unsafe {
        let status = lightsout::lightsout_game_new_grid(rows, cols, b.pick(MODULI), &mut game);
        let small = (rows as u64).checked_mul(cols as u64).is_some_and(|c| (1..=400).contains(&c));
        if ok(status, "game_new_grid") && small {
            let format = b.pick(&[0u32, 1, 2, 3, 4]);
            let mut n = 0usize;
            if ok(lightsout::lightsout_game_board_len(game, format, &mut n), "game_board_len") {
                let board: Vec<u8> = (0..n).map(|_| b.byte() % 2).collect();
                let mut presses = vec![0u8; n];
                let len = b.pick(&[n, n + 1, 0]).min(n);
                ok(
                    lightsout::lightsout_game_solve_board(game, format, board.as_ptr(), len, presses.as_mut_ptr(), n),
                    "game_solve_board",
                );
            }
        }
        lightsout::lightsout_game_free(game);
        let lit: Vec<usize> = (0..b.below(8)).map(|_| b.below(6)).collect();
        let mut yes = false;
        let n = b.pick(&[0usize, 1, 3, 5, 1 << 40]);
        ok(lightsout::lightsout_torus_decide(n, lit.as_ptr(), lit.len(), &mut yes), "torus_decide");
    }
}
