//! Averaging over subspaces spanned by types, for the decision engines of the worst case
//! ([`super::zp_proof`] over Z_p, [`super::walsh_proof`] over GF(2)).
//!
//! For a subspace S spanned by types (basis `b_1..b_k`), the solutions c with the same values
//! `y = (<c, b_j>)_j` form a coset of its annihilator, on which a type outside S has its shift
//! run over Z_p equally often: it averages `(p - 1)/2` per button there (over GF(2) in Walsh
//! form: its `Y (-1)^<v, c>` averages 0), while a type of S has the shift `<y, coef_T>` with
//! `coef_T` its coordinates in the basis. So every board whose solutions all weigh at least w
//! keeps the types of S alone at an average of at least w on each coset, a condition on them
//! only, checked as soon as the last of them is assigned. The flag's own subspaces are the
//! levels; the others close in the middle of a level.

use super::problem::Problem;

/// A subspace S spanned by types (of dimension k), for the averaging bound over the cosets of
/// its annihilator: the types in S weigh `Σ_T f_T(<y, coef_T>)` for y in Z_p^k, every other
/// type averages `(p - 1)/2` per button, so a board of weight w keeps the former at least
/// `goal = w - higher` for every y.
#[derive(Debug, Clone)]
pub(crate) struct Span {
    pub k: usize,
    /// (type index, its coordinates in the basis of S).
    pub members: Vec<(usize, Vec<u32>)>,
    /// `(p - 1)/2` per button of the types outside S.
    pub higher: u64,
}

/// The subspaces spanned by up to [`SPAN_DIM`] types (the first [`MAX_GENERATED`] found, fewest
/// dimensions first), the `keep` with the most buttons, each at `position` of its last type
/// (`position[T]`: where the search assigns the problem's type T).
pub(crate) fn spans(problem: &Problem, position: &[usize], keep: usize) -> Vec<Vec<Span>> {
    let p = problem.p;
    let f = crate::field::Zp::new(p as u64).expect("p is prime");
    use crate::field::Field;
    let u = problem.u;
    // Reduced echelon basis (pivot, row) of a span; a key for deduplication.
    let insert = |basis: &mut Vec<(usize, Vec<u32>)>, v: &[u32]| -> bool {
        let mut r = v.to_vec();
        for (pv, b) in basis.iter() {
            let a = r[*pv];
            if a != 0 {
                r.iter_mut().zip(b).for_each(|(x, &y)| *x = f.sub(*x, f.mul(a, y)));
            }
        }
        let Some(pv) = r.iter().position(|&x| x != 0) else { return false };
        let inv = f.inv(r[pv]).expect("non-zero");
        r.iter_mut().for_each(|x| *x = f.mul(*x, inv));
        for (_, b) in basis.iter_mut() {
            let a = b[pv];
            if a != 0 {
                b.iter_mut().zip(&r).for_each(|(x, &y)| *x = f.sub(*x, f.mul(a, y)));
            }
        }
        basis.push((pv, r));
        basis.sort();
        true
    };
    // The types in S with their coordinates in its basis: by enumerating S when it has fewer
    // elements than there are types (a lookup each), else by testing every type (t is in S
    // when it is its combination with coefficients t[pivot], the basis being reduced).
    let type_at: std::collections::HashMap<&[u32], usize> =
        problem.types.iter().enumerate().map(|(i, t)| (t.coords.as_slice(), i)).collect();
    let members = |basis: &[(usize, Vec<u32>)]| -> Vec<(usize, Vec<u32>)> {
        let combine = |coef: &[u32]| -> Vec<u32> {
            (0..u).map(|j| basis.iter().zip(coef).fold(0, |acc, ((_, b), &c)| f.add(acc, f.mul(c, b[j])))).collect()
        };
        let k = basis.len() as u32;
        if (p as u64).pow(k) <= problem.types.len() as u64 {
            let mut out = Vec::new();
            let mut coef = vec![0u32; basis.len()];
            // Every coefficient vector but 0, as an odometer.
            while let Some(j) = coef.iter().position(|&x| x + 1 < p) {
                coef[..j].iter_mut().for_each(|x| *x = 0);
                coef[j] += 1;
                if let Some(&t) = type_at.get(combine(&coef).as_slice()) {
                    out.push((t, coef.clone()));
                }
            }
            out.sort();
            out
        } else {
            let coef_of = |v: &[u32]| -> Option<Vec<u32>> {
                let coef: Vec<u32> = basis.iter().map(|(pv, _)| v[*pv]).collect();
                (combine(&coef) == v).then_some(coef)
            };
            problem.types.iter().enumerate().filter_map(|(i, t)| coef_of(&t.coords).map(|c| (i, c))).collect()
        }
    };
    let mut seen: std::collections::HashSet<Vec<(usize, Vec<u32>)>> = std::collections::HashSet::new();
    let mut frontier: Vec<Vec<(usize, Vec<u32>)>> = vec![Vec::new()];
    let mut all = Vec::new();
    'grow: for _ in 0..SPAN_DIM.min(u.saturating_sub(1)) {
        let mut next = Vec::new();
        for basis in &frontier {
            for t in &problem.types {
                if all.len() == MAX_GENERATED {
                    break 'grow;
                }
                let mut b = basis.clone();
                if insert(&mut b, &t.coords) && seen.insert(b.clone()) {
                    next.push(b.clone());
                    all.push(b);
                }
            }
        }
        frontier = next;
    }
    // The subspaces with the most buttons first (only those can rule out anything).
    let buttons = |members: &[(usize, Vec<u32>)]| -> u64 {
        members.iter().map(|(t, _)| problem.types[*t].columns.len() as u64).sum()
    };
    let mut all: Vec<(u64, usize, Vec<(usize, Vec<u32>)>)> = all
        .into_iter()
        .map(|b| {
            let m = members(&b);
            (buttons(&m), b.len(), m)
        })
        .collect();
    all.sort_by_key(|(m, k, _)| (std::cmp::Reverse(*m), *k));
    all.truncate(keep);
    let total: u64 = problem.types.iter().map(|t| t.columns.len() as u64).sum();
    let mut closing = vec![Vec::new(); position.len()];
    for (inside, k, members) in all {
        let last = members.iter().map(|(t, _)| position[*t]).max().expect("spanned by types");
        closing[last].push(Span { k, members, higher: (total - inside) * (p as u64 - 1) / 2 });
    }
    closing
}

/// Subspaces of up to this dimension are checked.
const SPAN_DIM: usize = 3;

/// At most this many subspaces are generated.
const MAX_GENERATED: usize = 1 << 15;
