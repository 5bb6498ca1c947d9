//! Boards of one byte a light on games that chase (grids, tori and cylinders over any modulus up
//! to 256): `apply_board`, `is_solvable_board` and `random_solvable_board` work on the bytes
//! themselves, with no light vector, so that they reach past 2^30 lights. Here they must give
//! the answers of the light-vector route on boards small enough for both.

use lightsout_topo::{BoardFormat, Game};

/// Bytes below `k` from a simple generator (a fixed sequence per salt).
fn bytes(n: usize, k: u64, salt: u64) -> Vec<u8> {
    let mut x = salt.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % k) as u8
        })
        .collect()
}

fn values(b: &[u8]) -> Vec<u32> {
    b.iter().map(|&v| v as u32).collect()
}

/// A square grid over Z_k large enough to chase whose press matrix is singular, so that random
/// boards are mostly unsolvable.
fn singular_grid(k: u64) -> Game {
    (64..200)
        .map(|n| Game::grid(n, n, k).unwrap())
        .find(|g| g.kernel_size().unwrap().exponent() > Some(0))
        .expect("a singular square grid of side 64 to 199")
}

#[test]
fn pressing_bytes_is_pressing_light_vectors() {
    let games = [
        Game::grid(64, 70, 5).unwrap(),
        Game::grid(65, 64, 7).unwrap(),
        Game::grid(64, 64, 256).unwrap(),
        Game::torus(64, 66, 5).unwrap(),
        Game::cylinder(64, 65, 3).unwrap(),
        Game::grid(40, 40, 4).unwrap(),
        Game::torus(36, 36, 6).unwrap(),
    ];
    for g in games {
        let k = g.modulus().get() as u64;
        let (lights, presses) = (bytes(g.size(), k, 1), bytes(g.size(), k, 2));
        let after = g.apply_board(&lights, &presses, BoardFormat::BYTES).unwrap();
        let expected = g.apply(&values(&lights), &values(&presses)).unwrap();
        assert_eq!(values(&after), expected, "{}", g.describe());
    }
}

#[test]
fn checking_bytes_is_checking_light_vectors() {
    for k in [5u64, 7] {
        let g = singular_grid(k);
        let mut seen = [false; 2];
        for salt in 0..6 {
            let board = if salt % 2 == 0 {
                g.random_solvable_board(salt, BoardFormat::BYTES).unwrap()
            } else {
                bytes(g.size(), k, salt)
            };
            let solvable = g.is_solvable_board(&board, BoardFormat::BYTES).unwrap();
            assert_eq!(solvable, g.is_solvable(&values(&board)).unwrap(), "{} seed {salt}", g.describe());
            seen[solvable as usize] = true;
        }
        assert_eq!(seen, [true, true], "{}: both answers", g.describe());
    }
}

#[test]
fn bad_bytes_are_named() {
    let g = Game::grid(64, 70, 5).unwrap();
    let mut board = vec![0u8; g.size()];
    board[4000] = 5;
    let e = g.is_solvable_board(&board, BoardFormat::BYTES).unwrap_err().to_string();
    assert!(e.contains("4000") && e.contains('5'), "{e}");
    let e = g.apply_board(&vec![0u8; g.size()], &board, BoardFormat::BYTES).unwrap_err().to_string();
    assert!(e.contains("presses") && e.contains("4000"), "{e}");
    let e = g.apply_board(&board[1..], &board, BoardFormat::BYTES).unwrap_err().to_string();
    assert!(e.contains(&(g.size() - 1).to_string()), "{e}");
}
