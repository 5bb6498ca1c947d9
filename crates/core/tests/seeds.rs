//! Facts from the source documents (../shared/seeds/).

mod common;

use lightsout_core::{Modulus, Solver};

#[test]
fn classic_5x5_has_nullity_2_and_the_two_known_quiet_patterns() {
    let s = Solver::new(&common::grid(Modulus::TWO, 5, 5, false)).unwrap();
    assert_eq!((s.rank(), s.nullity()), (23, 2));
    // tan-minimal-play.txt: setting x24 = 1, x25 = 0 (resp. 0, 1) gives v1 (resp. v2).
    let v1 = "0111010101110111010101110";
    let v2 = "1010110101000001010110101";
    let parse = |s: &str| s.bytes().map(|b| (b - b'0') as u32).collect::<Vec<_>>();
    assert_eq!(s.null_basis(), vec![parse(v1), parse(v2)]);
    // M is symmetric, so the obstructions span the same space as the quiet patterns.
    assert!(s.matrix().is_symmetric());
    for y in s.obstructions() {
        let m = s.matrix().mul_vec(&y).unwrap();
        assert!(m.iter().all(|&x| x == 0), "a left null vector of a symmetric M is quiet");
    }
    // A board is solvable iff it is orthogonal to both quiet patterns.
    let one_light = {
        let mut b = vec![0; 25];
        b[0] = 1;
        b
    };
    assert!(!s.is_solvable(&one_light).unwrap()); // v2 has a 1 in the corner
    assert_eq!(s.count_solutions(&s.random_solvable(7)).unwrap().to_u128(), Some(4));
}

#[test]
fn mini_4x4_torus_is_its_own_inverse() {
    let m = common::grid(Modulus::TWO, 4, 4, true);
    let s = Solver::new(&m).unwrap();
    assert_eq!(s.nullity(), 0);
    let dense = m.to_dense().unwrap();
    let square = dense.mul_mat(&dense).unwrap();
    assert_eq!(square, lightsout_core::Matrix::identity(Modulus::TWO, 16).unwrap());
    // So the pseudoinverse is M itself (mini-lights-out-parity.txt).
    assert_eq!(s.pseudoinverse().unwrap(), dense);
}

#[test]
fn lights_out_2000_over_z3() {
    let z3 = Modulus::new(3).unwrap();
    let s = Solver::new(&common::grid(z3, 5, 5, false)).unwrap();
    // Over Z_3 the 5x5 plus rule has rank 22: 3^22 of the 3^25 boards are solvable, each 27 ways.
    assert_eq!((s.rank(), s.nullity()), (22, 3));
    let board = s.random_solvable(2000);
    let presses = s.solve(&board).unwrap();
    assert!(s.apply(&board, &presses).unwrap().iter().all(|&x| x == 0));
    assert_eq!(s.count_solutions(&board).unwrap().to_u128(), Some(27));
    assert_eq!(s.solutions(&board).unwrap().count(), 27);
    // Pressing a button three times does nothing; twice is the same as -1 times.
    let mut thrice = presses.clone();
    thrice[0] = (thrice[0] + 3) % 3;
    assert_eq!(s.apply(&board, &thrice).unwrap(), s.apply(&board, &presses).unwrap());
}
