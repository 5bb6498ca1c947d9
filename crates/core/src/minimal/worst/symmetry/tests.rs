//! The symmetric decisions against the plain ones: every decision of every small grid, torus
//! and cylinder over GF(2) and Z_3, and of random codes built to have a given symmetry (so
//! that any tie-break that is not canonical shows as a wrong answer).

use super::super::problem::{Problem, COMPACT_GROUP};
use super::super::walsh_proof::{Decision, Walsh};
use super::super::zp_proof::{Decision as ZpDecision, Engine};
use super::Symmetry;
use crate::minimal::coset::reduce;
use crate::minimal::{Budget, Deadline};
use crate::{Modulus, Solver, SparseMatrix};
use rand::{Rng, SeedableRng};

/// A plus-rule game on `rows x cols` buttons, wrapping around the rows and/or the columns.
fn game(rows: usize, cols: usize, wrap_rows: bool, wrap_cols: bool, p: u64) -> Vec<Vec<u32>> {
    let n = rows * cols;
    let sets = (0..n)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            let mut set = vec![i];
            let mut near = |r2: isize, c2: isize| {
                let (wr, wc) = (r2.rem_euclid(rows as isize) as usize, c2.rem_euclid(cols as isize) as usize);
                let inside_r = wrap_rows || (0..rows as isize).contains(&r2);
                let inside_c = wrap_cols || (0..cols as isize).contains(&c2);
                if inside_r && inside_c {
                    set.push(wr * cols + wc);
                }
            };
            let (r, c) = (r as isize, c as isize);
            near(r - 1, c);
            near(r + 1, c);
            near(r, c - 1);
            near(r, c + 1);
            set.sort_unstable();
            set.dedup();
            set
        })
        .collect();
    let m = SparseMatrix::from_press_sets(Modulus::new(p).unwrap(), n, sets).unwrap();
    Solver::new(&m).unwrap().null_basis()
}

/// Every decision of the plain and the symmetric engines on the problem of `rows`: the same
/// answers (each board found as heavy as asked), and over GF(2) with fewer than
/// `COMPACT_GROUP` symmetries (the plain search's flag) never more nodes.
/// Returns the nodes (plain, symmetric), or `None` when the plain search does not finish
/// within `work` or no engine takes the problem.
fn compare(p: u32, n: usize, rows: Vec<Vec<u32>>, symmetry: &Symmetry, work: u64, what: &str) -> Option<(u64, u64)> {
    let rows = reduce(Modulus::new(p as u64).unwrap(), rows, n);
    let orders = vec![p; rows.len()];
    let problem = Problem::new_with(p, true, n, &rows, &orders, symmetry)?;
    let plain = Problem::new_with(p, true, n, &rows, &orders, &Symmetry::Plain)?;
    let deadline = Deadline::start(&Budget::unlimited());
    let (mut nodes_plain, mut nodes_sym) = (0, 0);
    if p == 2 {
        let (a, b) = (Walsh::new(&plain)?, Walsh::new(&problem)?);
        let support = a.support();
        for r in (support & 1..=support).step_by(2) {
            let (da, _, na) = a.decide_counting(r, work, &deadline);
            if da == Decision::Unknown {
                return None;
            }
            let (db, _, nb) = b.decide_counting(r, u64::MAX, &deadline);
            nodes_plain += na;
            nodes_sym += nb;
            if problem.symmetries() < COMPACT_GROUP {
                assert!(nb <= na, "{what}: R = {r}: {nb} symmetric nodes, {na} plain");
            }
            match (&da, &db) {
                (Decision::Infeasible, Decision::Infeasible) => {}
                (Decision::Feasible(_), Decision::Feasible(pressed)) => {
                    let weight = problem.weight(&problem.gf2_states(pressed));
                    assert!(2 * weight as i32 >= support - r, "{what}: R = {r}: a board of {weight}");
                    break;
                }
                _ => panic!("{what}: R = {r}: plain {da:?}, symmetric {db:?}"),
            }
        }
    } else {
        let (a, b) = (Engine::new(&plain)?, Engine::new(&problem)?);
        let top = problem.root2() / 2;
        for w in (0..=top + 1).rev() {
            let (da, _, na) = a.decide_counting(w, work, &deadline);
            if da == ZpDecision::Unknown {
                return None;
            }
            let (db, _, nb) = b.decide_counting(w, u64::MAX, &deadline);
            nodes_plain += na;
            nodes_sym += nb;
            match (&da, &db) {
                (ZpDecision::Infeasible, ZpDecision::Infeasible) => {}
                (ZpDecision::Feasible(_), ZpDecision::Feasible(states)) => {
                    assert!(problem.weight(states) >= w, "{what}: w = {w}");
                    break;
                }
                _ => panic!("{what}: w = {w}: plain {da:?}, symmetric {db:?}"),
            }
        }
    }
    Some((nodes_plain, nodes_sym))
}

/// Every small grid, torus and cylinder (wrapped either way) over GF(2) and Z_3: the symmetric
/// and the plain decisions agree, decision by decision, wherever the plain one finishes.
#[test]
fn small_games_agree() {
    let mut compared = 0;
    let (mut plain, mut symmetric) = (0u64, 0u64);
    for p in [2u32, 3] {
        let most = if p == 2 { 10 } else { 7 };
        for rows in 1..=most {
            for cols in rows..=most {
                for (wrap_rows, wrap_cols, shape) in [
                    (false, false, "grid"),
                    (true, true, "torus"),
                    (false, true, "cylinder"),
                    (true, false, "cylinder'"),
                ] {
                    let what = format!("{rows}x{cols} {shape} over Z_{p}");
                    let basis = game(rows, cols, wrap_rows, wrap_cols, p as u64);
                    if basis.is_empty() {
                        continue;
                    }
                    if let Some((a, b)) = compare(p, rows * cols, basis, &Symmetry::Detect, 1 << 26, &what) {
                        compared += 1;
                        plain += a;
                        symmetric += b;
                    }
                }
            }
        }
    }
    eprintln!("{compared} games: {plain} plain nodes, {symmetric} symmetric");
    assert!(compared >= 40, "only {compared} games compared");
    assert!(symmetric < plain, "{symmetric} symmetric nodes, {plain} plain");
}

/// Random codes made symmetric: the span of the orbits of a few random vectors under random
/// permutations of the buttons, given as the symmetries. The decisions must match the plain
/// ones whatever the group and the order of the search.
#[test]
fn random_symmetric_codes_agree() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(39);
    let mut compared = 0;
    for round in 0..300 {
        let p = if round % 3 == 0 { 3u32 } else { 2 };
        let n = rng.gen_range(2..=if p == 2 { 16 } else { 9 });
        let gens: Vec<Vec<usize>> = (0..rng.gen_range(1..=2))
            .map(|_| {
                let mut perm: Vec<usize> = (0..n).collect();
                // A product of a few transpositions or a long cycle: small and large groups.
                if rng.gen_bool(0.5) {
                    for _ in 0..rng.gen_range(1..=3) {
                        perm.swap(rng.gen_range(0..n), rng.gen_range(0..n));
                    }
                } else {
                    let k = rng.gen_range(2..=n);
                    perm[..k].rotate_left(1);
                }
                perm
            })
            .collect();
        // The orbit of each seed vector under the group (breadth first), spanning K.
        let mut orbit: Vec<Vec<u32>> = Vec::new();
        for _ in 0..rng.gen_range(1..=2) {
            let seed: Vec<u32> = (0..n).map(|_| if rng.gen_bool(0.3) { rng.gen_range(1..p) } else { 0 }).collect();
            let mut queue = vec![seed];
            while let Some(v) = queue.pop() {
                if orbit.contains(&v) || orbit.len() > 64 {
                    continue;
                }
                for g in &gens {
                    let mut image = vec![0u32; n];
                    v.iter().enumerate().for_each(|(j, &x)| image[g[j]] = x);
                    queue.push(image);
                }
                orbit.push(v);
            }
        }
        let rows = reduce(Modulus::new(p as u64).unwrap(), orbit, n);
        if rows.is_empty() || rows.len() > 10 || rows.len() == n {
            continue;
        }
        super::check_given(p, n, &rows, &gens).expect("the span of orbits is kept");
        let what = format!("round {round}: n = {n}, p = {p}, nullity {}", rows.len());
        if compare(p, n, rows, &Symmetry::Given(gens), 1 << 24, &what).is_some() {
            compared += 1;
        }
    }
    eprintln!("{compared} codes compared");
    assert!(compared >= 100, "only {compared} codes compared");
}

/// A permutation that does not keep the quiet patterns is refused, one that does is taken.
#[test]
fn given_symmetries_are_checked() {
    let basis = game(4, 4, false, false, 2);
    let rows = reduce(Modulus::TWO, basis, 16);
    let flip: Vec<usize> = (0..16).map(|i| (i / 4) * 4 + 3 - i % 4).collect();
    let shift: Vec<usize> = (0..16).map(|i| (i + 1) % 16).collect();
    assert!(super::check_given(2, 16, &rows, &[flip.clone()]).is_ok());
    assert!(super::check_given(2, 16, &rows, &[shift]).is_err());
    assert!(super::check_given(2, 16, &rows, &[vec![0; 16]]).is_err());
    assert!(super::check_given(2, 16, &rows, &[vec![0, 1]]).is_err());
    // The square grid's 8 symmetries are found (they act on the types as 8 or fewer).
    let problem = Problem::new(2, true, 16, &rows, &[2; 4]).unwrap();
    assert!(problem.symmetries() > 1 && 8 % problem.symmetries() == 0, "{}", problem.symmetries());
}

/// Over GF(2) a grid's few symmetries leave the flag and the order of the search as the plain
/// search has them (so that the symmetric search visits a part of its nodes); a torus's many
/// change them.
#[test]
fn small_groups_keep_the_plain_flag_over_gf2() {
    let flag = |rows: usize, wrap: bool, symmetry: &Symmetry| {
        let basis = reduce(Modulus::TWO, game(rows, rows, wrap, wrap, 2), rows * rows);
        let problem = Problem::new_with(2, true, rows * rows, &basis, &vec![2; basis.len()], symmetry).unwrap();
        let coords: Vec<(Vec<usize>, Vec<u32>)> =
            problem.types.iter().map(|t| (t.columns.clone(), t.coords.clone())).collect();
        (problem.symmetries(), coords)
    };
    let (plain, detect) = (flag(9, false, &Symmetry::Plain), flag(9, false, &Symmetry::Detect));
    assert_eq!(detect.0, 8);
    assert_eq!(plain.1, detect.1);
    let (plain, detect) = (flag(10, true, &Symmetry::Plain), flag(10, true, &Symmetry::Detect));
    assert!(detect.0 >= COMPACT_GROUP, "{}", detect.0);
    assert_ne!(plain.1, detect.1);
}

/// The node counts and times behind docs/WORST_CASE.md: one decision of one game, plain and
/// symmetric, on one thread. `WORST_GAME` is `grid RxC`, `torus RxC` or `cylinder RxC`
/// (columns wrapped), `WORST_P` the modulus (2 or 3), `WORST_AT` the decision (R over GF(2),
/// the weight w over Z_3), `WORST_SECONDS` a time limit per search (default 600),
/// `WORST_SYMMETRY` `plain` or `detect` for one of the two searches only.
#[test]
#[ignore]
fn measure_decision() {
    let var = |k: &str| std::env::var(k).ok();
    let game_name = var("WORST_GAME").unwrap_or_else(|| "torus 6x6".into());
    let p: u32 = var("WORST_P").map_or(2, |v| v.parse().unwrap());
    let (shape, size) = game_name.split_once(' ').unwrap();
    let (r, c) = size.split_once('x').unwrap();
    let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let (wr, wc) = match shape {
        "grid" => (false, false),
        "torus" => (true, true),
        _ => (false, true),
    };
    let seconds: u64 = var("WORST_SECONDS").map_or(600, |v| v.parse().unwrap());
    let rows = reduce(Modulus::new(p as u64).unwrap(), game(r, c, wr, wc, p as u64), r * c);
    let orders = vec![p; rows.len()];
    let at: u64 = var("WORST_AT").map_or(0, |v| v.parse().unwrap());
    let which = var("WORST_SYMMETRY").unwrap_or_default();
    let plain = which != "detect";
    let detect = which != "plain";
    for symmetry in [(plain, Symmetry::Plain), (detect, Symmetry::Detect)].into_iter().filter(|s| s.0).map(|s| s.1) {
        let problem = Problem::new_with(p, true, r * c, &rows, &orders, &symmetry).unwrap();
        let deadline = Deadline::start(&Budget::new(u64::MAX, Some(std::time::Duration::from_secs(seconds))));
        let start = std::time::Instant::now();
        let (answer, work, nodes) = if p == 2 {
            let walsh = Walsh::new(&problem).unwrap();
            let (d, work, nodes) = walsh.decide_counting(at as i32, u64::MAX, &deadline);
            let answer = match d {
                Decision::Feasible(_) => "a board",
                Decision::Infeasible => "no board",
                Decision::Unknown => "stopped",
            };
            (answer.to_string(), work, nodes)
        } else {
            let (d, work, nodes) = Engine::new(&problem).unwrap().decide_counting(at, u64::MAX, &deadline);
            let answer = match d {
                ZpDecision::Feasible(_) => "a board",
                ZpDecision::Infeasible => "no board",
                ZpDecision::Unknown => "stopped",
            };
            (answer.to_string(), work, nodes)
        };
        eprintln!(
            "{game_name} over Z_{p}, decision {at}, {} symmetries: {nodes} nodes, {work} entries, {:.2} s, {answer}",
            problem.symmetries(),
            start.elapsed().as_secs_f64()
        );
    }
}
