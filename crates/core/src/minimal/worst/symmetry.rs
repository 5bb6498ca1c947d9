//! The game's symmetries in the decision engines ([`super::walsh_proof`], [`super::zp_proof`]).
//!
//! **The group.** A permutation of the buttons that maps the quiet patterns K onto themselves
//! (a grid's reflections and rotations, a torus's translations, any automorphism of the game:
//! `M P = P M` implies it) maps every board to one needing as many presses, and it maps the
//! columns of the null basis linearly (`v_(σj) = B v_j`, B invertible): so it permutes the
//! types, keeping their sizes, and a type's histogram travels with it. The worst case only
//! depends on K, so that is what each permutation is checked against; the grid's symmetries
//! are tried for every factorisation `n = rows x cols` of the buttons (reflections, the
//! transpose, the cyclic shifts of a torus or cylinder), and those that keep K form the group
//! G (closed under composition, at most [`MAX_GROUP`] elements). Any subset of G would be
//! sound too: a symmetry left out only prunes less.
//!
//! **The leader.** The engines search the type values in a fixed order of positions. Besides
//! G, adding a quiet pattern c to a board rotates each type's values by `<c, v_T>` (over
//! GF(2), flips the sign of Y), the group K: Γ = K ⋊ G acts on the assignments and keeps the
//! decision's answer. `canon(Y)`, the member of Y's K-orbit taken greedily in search order (at
//! each position whose vector is independent of the earlier non-fixed ones, the rotation
//! that makes its value canonical; the others follow), is a function of the K-orbit. The
//! *leader* of a Γ-orbit is the least `canon(σY)` over σ in G, lexicographically in search
//! order: it is its own `canon`, and no `canon(σ leader)` is smaller. So the engines may drop
//! every node whose prefix already shows, for some σ, `canon(σY) < Y` on the positions that
//! the prefix determines (the images of assigned positions, from the first), or
//! `canon(Y) != Y`: the leader of every orbit that reaches the decision survives. This holds
//! below any forced prefix, so the split's tasks and the threads' subtrees keep it. The
//! engines' own rule (the first type of each level canonical) is what `canon` gives there, so
//! the two agree.

use crate::field::{Field, Zp};
use std::collections::HashSet;

/// The most symmetries kept (a 1 x n ring has 2n, a square torus 8 n^2): past it the group's
/// closure stops, which only prunes less.
pub(crate) const MAX_GROUP: usize = 4096;

/// No symmetry found yet at a position (a sentinel).
const NONE: u32 = u32::MAX;

/// Which symmetries a worst-case search uses.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Symmetry {
    /// None: the search of every board, kept to compare against.
    Plain,
    /// The symmetries of the buttons laid out as a grid, torus or cylinder (every
    /// factorisation of the button count, row-major) that keep the quiet patterns: found and
    /// checked by the search itself. The default.
    #[default]
    Detect,
    /// These permutations of the buttons (`perm[j]`: the image of button j) and their
    /// compositions; each must keep the quiet patterns, or the search is refused.
    Given(Vec<Vec<usize>>),
}

/// The symmetries of the buttons `0..n` laid out as `rows x cols` for every factorisation
/// (row-major): reflections, the transpose of a square, and the cyclic shifts (a torus's or a
/// cylinder's translations). Most do not keep a given game's quiet patterns: each is checked.
pub(crate) fn grid_candidates(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for rows in (1..=n).filter(|r| n % r == 0) {
        let cols = n / rows;
        let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> Vec<usize> {
            (0..n)
                .map(|i| {
                    let (r, c) = f(i / cols, i % cols);
                    r * cols + c
                })
                .collect()
        };
        if rows > 1 {
            out.push(map(&|r, c| (rows - 1 - r, c)));
            out.push(map(&|r, c| ((r + 1) % rows, c)));
        }
        if cols > 1 {
            out.push(map(&|r, c| (r, cols - 1 - c)));
            out.push(map(&|r, c| (r, (c + 1) % cols)));
        }
        if rows == cols && rows > 1 {
            out.push(map(&|r, c| (c, r)));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Whether `perm` is a permutation of `0..n`.
pub(crate) fn is_permutation(perm: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    perm.len() == n && perm.iter().all(|&j| j < n && !std::mem::replace(&mut seen[j], true))
}

/// The button permutation `perm` (`perm[j]`: the image of button j, `n` buttons) as a
/// permutation of the types (`g[T]`: the image of T), or `None` unless it keeps the quiet
/// patterns. `coords[T]` is type T's column in any basis of Z_p^U and `columns[T]` its buttons.
///
/// The quiet patterns are kept exactly when the columns map linearly, `v_(perm j) = B v_j` for
/// one B and every button (the buttons outside them, `v = 0`, to such buttons): the types then
/// map onto types of their size. B is read off the first independent types and checked on the
/// rest, so the check costs `O(n + types · U^2)`.
pub(crate) fn type_permutation(
    p: u32,
    n: usize,
    coords: &[Vec<u32>],
    columns: &[Vec<usize>],
    perm: &[usize],
) -> Option<Vec<u32>> {
    if !is_permutation(perm, n) {
        return None;
    }
    let mut type_of = vec![NONE; n];
    for (t, cols) in columns.iter().enumerate() {
        cols.iter().for_each(|&j| type_of[j] = t as u32);
    }
    let nt = columns.len();
    let mut g = vec![NONE; nt];
    for (t, cols) in columns.iter().enumerate() {
        let image = type_of[perm[cols[0]]];
        if image == NONE || cols.iter().any(|&j| type_of[perm[j]] != image) {
            return None;
        }
        g[t] = image;
    }
    let mut seen = vec![false; nt];
    if g.iter().any(|&x| std::mem::replace(&mut seen[x as usize], true)) {
        return None;
    }
    // Linearity: an echelon basis of the columns seen so far (by leading coordinate), each row
    // with the image B must give it; every column must then map as its combination does.
    let f = Zp::new(p as u64).ok()?;
    let u = coords.first().map_or(0, |v| v.len());
    let mut echelon: Vec<Option<(Vec<u32>, Vec<u32>)>> = vec![None; u];
    for (t, v) in coords.iter().enumerate() {
        let (mut v, mut image) = (v.clone(), coords[g[t] as usize].clone());
        for b in (0..u).rev() {
            let a = v[b];
            if a == 0 {
                continue;
            }
            match &echelon[b] {
                Some((row, row_image)) => {
                    v.iter_mut().zip(row).for_each(|(y, &z)| *y = f.sub(*y, f.mul(a, z)));
                    image.iter_mut().zip(row_image).for_each(|(y, &z)| *y = f.sub(*y, f.mul(a, z)));
                }
                None => {
                    let inv = f.inv(a)?;
                    v.iter_mut().chain(image.iter_mut()).for_each(|y| *y = f.mul(*y, inv));
                    echelon[b] = Some((std::mem::take(&mut v), std::mem::take(&mut image)));
                    break;
                }
            }
        }
        // A dependent column (v reduced to 0; an independent one was taken): what is left of
        // its image must vanish.
        if image.iter().any(|&x| x != 0) {
            return None;
        }
    }
    Some(g)
}

/// Check symmetries given by a caller: each a permutation of the `n` buttons that keeps the
/// span of `rows` (over Z_p, p prime), else an error naming the first that does not.
pub(crate) fn check_given(p: u32, n: usize, rows: &[Vec<u32>], perms: &[Vec<usize>]) -> Result<(), String> {
    let grouped = crate::minimal::search::column_types((0..n).filter_map(|j| {
        let col: Vec<u32> = rows.iter().map(|r| r[j]).collect();
        col.iter().any(|&x| x != 0).then_some((j, col))
    }));
    let (coords, columns): (Vec<Vec<u32>>, Vec<Vec<usize>>) = grouped.into_iter().unzip();
    for (i, perm) in perms.iter().enumerate() {
        if !is_permutation(perm, n) {
            return Err(format!("symmetry {i} is not a permutation of the {n} buttons"));
        }
        if type_permutation(p, n, &coords, &columns, perm).is_none() {
            return Err(format!("symmetry {i} does not map the quiet patterns onto themselves"));
        }
    }
    Ok(())
}

/// The group generated by the type permutations `gens`, the identity left out; at most
/// [`MAX_GROUP`] elements (a part of the group only prunes less).
pub(crate) fn closure(nt: usize, gens: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let identity: Vec<u32> = (0..nt as u32).collect();
    let gens: Vec<&Vec<u32>> = gens.iter().filter(|g| **g != identity).collect();
    let mut seen: HashSet<Vec<u32>> = HashSet::from([identity.clone()]);
    let mut group = vec![identity];
    let mut i = 0;
    while i < group.len() && group.len() < MAX_GROUP {
        for g in &gens {
            let next: Vec<u32> = group[i].iter().map(|&t| g[t as usize]).collect();
            if group.len() < MAX_GROUP && seen.insert(next.clone()) {
                group.push(next);
            }
        }
        i += 1;
    }
    group.remove(0);
    group
}

/// What the lex-leader test of an engine needs, built once per engine (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct Leader {
    f: Zp,
    p: u32,
    u: usize,
    /// Per position: the type's vector (flag coordinates).
    vecs: Vec<Vec<u32>>,
    /// Per position, over Z_p: `rot[s * p + t]`, the state of state s's histogram rotated by t,
    /// and `best[s]`, the rotation that makes it canonical (`u8::MAX`: every rotation is s).
    rot: Vec<Vec<u32>>,
    best: Vec<Vec<u8>>,
    /// Per symmetry (the identity first): `src[i]`, the position whose value σ carries to
    /// position i.
    src: Vec<Vec<u32>>,
    /// `advance[m]`: the symmetries whose determined prefix grows, to the given length, once
    /// position m is assigned.
    advance: Vec<Vec<(u32, u32)>>,
}

/// A type's rotations over Z_p (p odd) for [`Leader::new`]: `rot[s * p + t]` the state of
/// state s's histogram rotated by t, `best[s]` the rotation to its canonical state.
pub(crate) struct Rotations {
    pub rot: Vec<u32>,
    pub best: Vec<u8>,
}

impl Leader {
    /// The test for an engine: `vecs[i]` the flag coordinates of the type at position i,
    /// `rotations[i]` (p odd; empty over GF(2)) its rotations, `group` the type permutations of
    /// the problem and `type_at[i]` the problem's type at position i.
    ///
    /// The values are codes whose order is the one the search tries them in: over GF(2)
    /// `2 |Y| + (Y < 0)` (the sign flip toggles the last bit, and Y >= 0 is canonical), over
    /// Z_p the state index. Then, on one flag, the first board a plain search finds is its
    /// orbit's leader (over GF(2), where the canonical value is also the one tried first): the
    /// symmetric search finds it too, having visited only nodes the plain one visits before it.
    pub(crate) fn new(
        p: u32,
        vecs: Vec<Vec<u32>>,
        rotations: Vec<Rotations>,
        group: &[Vec<u32>],
        type_at: &[usize],
    ) -> Leader {
        let u = vecs.first().map_or(0, |v| v.len());
        let np = type_at.len();
        let mut position = vec![0u32; np];
        type_at.iter().enumerate().for_each(|(i, &t)| position[t] = i as u32);
        let identity: Vec<u32> = (0..np as u32).collect();
        // σ carries the value of type T to σ(T): position i takes the value of σ^-1(T_i).
        let src: Vec<Vec<u32>> = std::iter::once(identity)
            .chain(group.iter().map(|g| {
                let mut inverse = vec![0u32; np];
                g.iter().enumerate().for_each(|(t, &image)| inverse[image as usize] = t as u32);
                type_at.iter().map(|&t| position[inverse[t] as usize]).collect()
            }))
            .collect();
        let mut advance = vec![Vec::new(); np];
        for (s, src) in src.iter().enumerate() {
            // The prefix of length k + 1 is determined once the positions src[..=k] are
            // assigned: it grows when the largest of them is.
            let mut most = 0u32;
            for (k, &from) in src.iter().enumerate() {
                most = most.max(from);
                if src.get(k + 1).map_or(true, |&next| next > most) {
                    advance[most as usize].push((s as u32, k as u32 + 1));
                }
            }
        }
        let (rot, best) = rotations.into_iter().map(|r| (r.rot, r.best)).unzip();
        let f = Zp::new(p as u64).expect("p is prime");
        Leader { f, p, u, vecs, rot, best, src, advance }
    }

    /// The number of symmetries used (the identity included).
    pub(crate) fn size(&self) -> usize {
        self.src.len()
    }

    /// The value x at position i rotated by t.
    fn rotate(&self, i: usize, x: u32, t: u32) -> u32 {
        match (self.p, t) {
            (_, 0) => x,
            (2, _) if x == 0 => 0,
            (2, _) => x ^ 1,
            (p, _) => self.rot[i][(x * p + t) as usize],
        }
    }

    /// The rotation that makes x canonical at position i (`None`: every rotation gives x).
    fn best(&self, i: usize, x: u32) -> Option<u32> {
        if self.p == 2 {
            return (x != 0).then_some(x & 1);
        }
        let t = self.best[i][x as usize];
        (t != u8::MAX).then_some(t as u32)
    }
}

/// The lex-leader test during one search: the symmetries' greedy canonical forms, grown as
/// positions are assigned and undone as the search backs up.
pub(crate) struct LeaderRun<'a> {
    l: &'a Leader,
    /// Per symmetry: the length of its prefix compared so far, and whether it is out of the
    /// race (its `canon(σY)` is above Y on the prefix: it can prune nothing below).
    done: Vec<u32>,
    above: Vec<bool>,
    /// Per symmetry, per coordinate: the row of its echelon basis with that leading
    /// coordinate (`NONE`: none), the rows `(vector, value)` stacked.
    slot: Vec<u32>,
    rows: Vec<Vec<(Vec<u32>, u32)>>,
    /// What each `enter` changed: (symmetry, its `done` before, its row count before, whether it
    /// left the race there), and where each `enter` starts in it.
    log: Vec<(u32, u32, u32, bool)>,
    marks: Vec<usize>,
    /// Nodes the test dropped.
    pub(crate) pruned: u64,
}

impl<'a> LeaderRun<'a> {
    pub(crate) fn new(l: &'a Leader) -> LeaderRun<'a> {
        let g = l.size();
        LeaderRun {
            l,
            done: vec![0; g],
            above: vec![false; g],
            slot: vec![NONE; g * l.u],
            rows: vec![Vec::new(); g],
            log: Vec::new(),
            marks: Vec::new(),
            pruned: 0,
        }
    }

    /// Position m was just assigned (`values[i]`: the value at each assigned position i <= m).
    /// False when no leader lies below: the caller drops the node. Each call is matched by
    /// one [`LeaderRun::leave`].
    pub(crate) fn enter(&mut self, m: usize, values: &[u32]) -> bool {
        self.marks.push(self.log.len());
        let l = self.l;
        for &(s, len) in &l.advance[m] {
            let s = s as usize;
            if self.above[s] {
                continue;
            }
            self.log.push((s as u32, self.done[s], self.rows[s].len() as u32, false));
            for i in self.done[s] as usize..len as usize {
                let x = values[l.src[s][i] as usize];
                let c = self.canon(s, i, x);
                if c == values[i] {
                    continue;
                }
                // The identity: Y is not its own canon. Another: canon(σY) below Y prunes.
                if s == 0 || c < values[i] {
                    self.pruned += 1;
                    return false;
                }
                self.above[s] = true;
                self.log.last_mut().expect("just logged").3 = true;
                break;
            }
            self.done[s] = len;
        }
        true
    }

    /// Undo the last [`LeaderRun::enter`].
    pub(crate) fn leave(&mut self) {
        let start = self.marks.pop().expect("leave follows enter");
        let u = self.l.u;
        for (s, done, rows, left) in self.log.drain(start..).rev() {
            let s = s as usize;
            self.done[s] = done;
            if left {
                self.above[s] = false;
            }
            while self.rows[s].len() > rows as usize {
                let (v, _) = self.rows[s].pop().expect("a row");
                let lead = v.iter().rposition(|&x| x != 0).expect("a non-zero row");
                self.slot[s * u + lead] = NONE;
            }
        }
    }

    /// The value at position i of `canon(σY)` for symmetry s, x the value σ brings there: the
    /// rotation its vector's reduction by the earlier free positions gives, or, for a vector
    /// independent of them, the canonical one (recorded as a new row).
    fn canon(&mut self, s: usize, i: usize, x: u32) -> u32 {
        let l = self.l;
        let Some(best) = l.best(i, x) else { return x };
        let f = l.f;
        let u = l.u;
        let mut v = l.vecs[i].clone();
        let mut acc = 0u32;
        for b in (0..u).rev() {
            let a = v[b];
            if a == 0 {
                continue;
            }
            let r = self.slot[s * u + b];
            if r == NONE {
                // Free: choose the rotation, and record <c, v> = best - acc as a row.
                let inv = f.inv(a).expect("non-zero");
                v.iter_mut().for_each(|y| *y = f.mul(*y, inv));
                let value = f.mul(f.sub(best, acc), inv);
                self.slot[s * u + b] = self.rows[s].len() as u32;
                self.rows[s].push((v, value));
                return l.rotate(i, x, best);
            }
            let (row, value) = &self.rows[s][r as usize];
            v.iter_mut().zip(row).for_each(|(y, &z)| *y = f.sub(*y, f.mul(a, z)));
            acc = f.add(acc, f.mul(a, *value));
        }
        l.rotate(i, x, acc)
    }
}

#[cfg(test)]
mod tests;
