//! Grids mod `2^e` as e bit planes: light `(r, c)` has the value `Σ_t 2^t plane_t(r, c)`, each
//! plane a [`PackedBoard`], so the digit solves of the lifting are the packed GF(2) solver's and
//! pressing is bitsliced: the (up to) five terms of a light are added with ripple-carry adders
//! across the planes, 64 lights a word.

use crate::buffer;
use crate::error::{Error, Result};
use crate::ring::adder::{add_n, add_word};
use crate::ring::lifted::{digit_error, BoardOps};
use crate::structured::{GridSolver, PackedBoard};

/// e planes, least significant first.
pub(crate) type Planes = Vec<PackedBoard>;

/// The planes of a `rows x cols` grid mod `2^e` (Wrap::None), digits solved by `grid` (GF(2)).
#[derive(Clone, Debug)]
pub(crate) struct PlaneOps {
    pub grid: GridSolver,
    pub e: u32,
}

/// Zeroed planes of a board.
pub(crate) fn zero_planes(rows: usize, cols: usize, e: u32) -> Result<Planes> {
    (0..e).map(|_| PackedBoard::zeros(rows, cols)).collect()
}

/// Check that `planes` are e planes of a `rows x cols` board.
pub(crate) fn check_planes(planes: &[PackedBoard], rows: usize, cols: usize, e: u32) -> Result<()> {
    if planes.len() != e as usize {
        return Err(Error::DimensionMismatch { what: "bit planes", expected: e as usize, got: planes.len() });
    }
    for p in planes {
        if (p.rows(), p.cols()) != (rows, cols) {
            return Err(Error::InvalidArgument(format!(
                "a bit plane is {}x{}, the grid is {rows}x{cols}",
                p.rows(),
                p.cols()
            )));
        }
    }
    Ok(())
}

/// `b + M x (mod 2^e)` on the planes of a grid with cut-off edges; the plus rule adds the light
/// itself, the neighbours rule does not. Boards of 2^20 lights or more are pressed on two cores,
/// one half of the rows each.
pub(crate) fn press_planes(b: &[PackedBoard], x: &[PackedBoard], self_toggle: bool) -> Result<Planes> {
    let e = b.len();
    let (rows, cols) = (b[0].rows(), b[0].cols());
    let w = cols.div_ceil(64);
    let mask = if cols % 64 == 0 { !0u64 } else { (1u64 << (cols % 64)) - 1 };
    let mut out = zero_planes(rows, cols, e as u32)?;
    let press = Press { b, x, self_toggle, rows, w, mask };
    let outs: Vec<&mut [u64]> = out.iter_mut().map(|p| p.words_mut()).collect();
    if rows >= 2 && rows * cols >= 1 << 20 && rayon::current_num_threads() >= 2 {
        let mid = rows / 2;
        let (lo, hi): (Vec<&mut [u64]>, Vec<&mut [u64]>) = outs.into_iter().map(|s| s.split_at_mut(mid * w)).unzip();
        std::thread::scope(|scope| {
            let first = scope.spawn(|| press.rows(0..mid, lo));
            let second = press.rows(mid..rows, hi);
            first.join().expect("pressing does not panic").and(second)
        })?;
    } else {
        press.rows(0..rows, outs)?;
    }
    Ok(out)
}

/// One pressing of planes: `b + M x`, rows `w` words wide.
struct Press<'a> {
    b: &'a [PackedBoard],
    x: &'a [PackedBoard],
    self_toggle: bool,
    rows: usize,
    w: usize,
    mask: u64,
}

impl Press<'_> {
    /// Rows `range` into `outs` (one slice per plane, starting at row `range.start`).
    fn rows(&self, range: std::ops::Range<usize>, outs: Vec<&mut [u64]>) -> Result<()> {
        match self.b.len() {
            1 => self.rows_n::<1>(range, outs),
            2 => self.rows_n::<2>(range, outs),
            3 => self.rows_n::<3>(range, outs),
            4 => self.rows_n::<4>(range, outs),
            _ => self.rows_any(range, outs),
        }
    }

    /// The same with E planes known at compile time (the adders unrolled).
    fn rows_n<const E: usize>(&self, range: std::ops::Range<usize>, mut outs: Vec<&mut [u64]>) -> Result<()> {
        let (w, mask) = (self.w, self.mask);
        fn row<const E: usize>(p: &[PackedBoard], r: usize) -> [&[u64]; E] {
            std::array::from_fn(|u| p[u].row(r))
        }
        for r in range.clone() {
            if r % 1024 == 0 {
                crate::interrupt::check()?;
            }
            let (cur, brow) = (row::<E>(self.x, r), row::<E>(self.b, r));
            let up = (r > 0).then(|| row::<E>(self.x, r - 1));
            let down = (r + 1 < self.rows).then(|| row::<E>(self.x, r + 1));
            let base = (r - range.start) * w;
            for i in 0..w {
                let mut acc: [u64; E] = std::array::from_fn(|u| brow[u][i]);
                if self.self_toggle {
                    add_n(&mut acc, std::array::from_fn(|u| cur[u][i]));
                }
                add_n(
                    &mut acc,
                    std::array::from_fn(|u| (cur[u][i] << 1) | if i > 0 { cur[u][i - 1] >> 63 } else { 0 }),
                );
                add_n(
                    &mut acc,
                    std::array::from_fn(|u| (cur[u][i] >> 1) | if i + 1 < w { cur[u][i + 1] << 63 } else { 0 }),
                );
                if let Some(up) = &up {
                    add_n(&mut acc, std::array::from_fn(|u| up[u][i]));
                }
                if let Some(down) = &down {
                    add_n(&mut acc, std::array::from_fn(|u| down[u][i]));
                }
                let m = if i + 1 == w { mask } else { !0 };
                for u in 0..E {
                    outs[u][base + i] = acc[u] & m;
                }
            }
        }
        Ok(())
    }

    /// Any number of planes.
    fn rows_any(&self, range: std::ops::Range<usize>, mut outs: Vec<&mut [u64]>) -> Result<()> {
        let (e, w, mask) = (self.b.len(), self.w, self.mask);
        let (mut acc, mut term) = ([0u64; 32], [0u64; 32]);
        for r in range.clone() {
            if r % 1024 == 0 {
                crate::interrupt::check()?;
            }
            let cur: Vec<&[u64]> = self.x.iter().map(|p| p.row(r)).collect();
            let up: Option<Vec<&[u64]>> = (r > 0).then(|| self.x.iter().map(|p| p.row(r - 1)).collect());
            let down: Option<Vec<&[u64]>> = (r + 1 < self.rows).then(|| self.x.iter().map(|p| p.row(r + 1)).collect());
            let brow: Vec<&[u64]> = self.b.iter().map(|p| p.row(r)).collect();
            let base = (r - range.start) * w;
            for i in 0..w {
                for u in 0..e {
                    acc[u] = brow[u][i];
                }
                if self.self_toggle {
                    for u in 0..e {
                        term[u] = cur[u][i];
                    }
                    add_word(&mut acc[..e], &term[..e]);
                }
                for u in 0..e {
                    let row = cur[u];
                    term[u] = (row[i] << 1) | if i > 0 { row[i - 1] >> 63 } else { 0 };
                }
                add_word(&mut acc[..e], &term[..e]);
                for u in 0..e {
                    let row = cur[u];
                    term[u] = (row[i] >> 1) | if i + 1 < w { row[i + 1] << 63 } else { 0 };
                }
                add_word(&mut acc[..e], &term[..e]);
                for rows in [&up, &down].into_iter().flatten() {
                    for u in 0..e {
                        term[u] = rows[u][i];
                    }
                    add_word(&mut acc[..e], &term[..e]);
                }
                let m = if i + 1 == w { mask } else { !0 };
                for u in 0..e {
                    outs[u][base + i] = acc[u] & m;
                }
            }
        }
        Ok(())
    }
}

/// The planes of a board given one byte a light (row-major), bits at and past e ignored
/// (the value mod `2^e`).
pub(crate) fn planes_from_bytes(rows: usize, cols: usize, e: u32, bytes: &[u8]) -> Result<Planes> {
    let mut out = zero_planes(rows, cols, e)?;
    let mut words = vec![0u64; e as usize];
    for r in 0..rows {
        if r % 1024 == 0 {
            crate::interrupt::check()?;
        }
        let row = &bytes[r * cols..(r + 1) * cols];
        for (wi, chunk) in row.chunks(64).enumerate() {
            words.iter_mut().for_each(|w| *w = 0);
            for (j, eight) in chunk.chunks(8).enumerate() {
                let mut buf = [0u8; 8];
                buf[..eight.len()].copy_from_slice(eight);
                let v = u64::from_le_bytes(buf);
                for (u, w) in words.iter_mut().enumerate() {
                    // Bit u of byte j lands on bit j (the multiplier's terms never collide).
                    let bits = ((v >> u) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
                    *w |= bits << (8 * j);
                }
            }
            for (plane, &w) in out.iter_mut().zip(&words) {
                plane.row_mut(r)[wi] = w;
            }
        }
    }
    Ok(out)
}

/// Byte j of `SPREAD[b]` is bit j of b.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut j = 0;
        while j < 8 {
            t[b] |= (((b >> j) & 1) as u64) << (8 * j);
            j += 1;
        }
        b += 1;
    }
    t
};

/// One byte a light (row-major) from the planes: `visit(row, values)` with the values of each row.
pub(crate) fn planes_to_bytes(planes: &[PackedBoard], mut visit: impl FnMut(usize, &[u8])) {
    let (rows, cols) = (planes[0].rows(), planes[0].cols());
    let mut row = vec![0u8; cols.div_ceil(8) * 8];
    for r in 0..rows {
        for (u, plane) in planes.iter().enumerate() {
            for (wi, &word) in plane.row(r).iter().enumerate() {
                for j in 0..8 {
                    let at = wi * 64 + j * 8;
                    if at >= row.len() {
                        break;
                    }
                    let spread = SPREAD[((word >> (8 * j)) & 0xff) as usize] << u;
                    let dst = &mut row[at..at + 8];
                    let old = if u == 0 { 0 } else { u64::from_le_bytes(dst.try_into().expect("8 bytes")) };
                    dst.copy_from_slice(&(old | spread).to_le_bytes());
                }
            }
        }
        visit(r, &row[..cols]);
    }
}

impl BoardOps for PlaneOps {
    type V = Planes;
    type S = [PackedBoard];
    type D = PackedBoard;
    fn p(&self) -> u32 {
        2
    }
    fn e(&self) -> u32 {
        self.e
    }
    fn lights(&self) -> usize {
        self.grid.lights()
    }
    fn nullity(&self) -> usize {
        self.grid.nullity()
    }
    fn kernel_mod_p(&self) -> Result<Vec<Planes>> {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let mut out = Vec::new();
        for k in self.grid.null_basis()? {
            let mut planes = vec![PackedBoard::from_values(rows, cols, &k)?];
            planes.extend(zero_planes(rows, cols, self.e - 1)?);
            out.push(planes);
        }
        Ok(out)
    }
    fn zeros(&self) -> Result<Planes> {
        zero_planes(self.grid.rows(), self.grid.cols(), self.e)
    }
    fn load(&self, v: &[u32]) -> Result<Planes> {
        let (rows, cols) = (self.grid.rows(), self.grid.cols());
        let mut out = self.zeros()?;
        let mut words = vec![0u64; self.e as usize];
        for r in 0..rows {
            for (wi, chunk) in v[r * cols..(r + 1) * cols].chunks(64).enumerate() {
                words.iter_mut().for_each(|w| *w = 0);
                for (j, &x) in chunk.iter().enumerate() {
                    for (u, w) in words.iter_mut().enumerate() {
                        *w |= (((x >> u) & 1) as u64) << j;
                    }
                }
                for (plane, &w) in out.iter_mut().zip(&words) {
                    plane.row_mut(r)[wi] = w;
                }
            }
        }
        Ok(out)
    }
    fn values(&self, v: &[PackedBoard]) -> Result<Vec<u32>> {
        let mut out = buffer::zeroed::<u32>("a board-sized vector", self.lights())?;
        let cols = self.grid.cols();
        planes_to_bytes(v, |r, row| {
            for (o, &b) in out[r * cols..(r + 1) * cols].iter_mut().zip(row) {
                *o = b as u32;
            }
        });
        Ok(out)
    }
    fn press(&self, b: &[PackedBoard], x: &[PackedBoard]) -> Result<Planes> {
        press_planes(b, x, self.grid.self_toggle())
    }
    fn digit_solve(&self, r: &[PackedBoard], t: u32) -> Result<PackedBoard> {
        self.grid.solve_packed_gf2(&r[t as usize]).map_err(digit_error)
    }
    fn add_digit(&self, x: &mut Planes, y: &PackedBoard, t: u32) {
        let (head, tail) = x.split_at_mut(t as usize + 1);
        let first = head[t as usize].words_mut();
        if tail.is_empty() {
            for (a, &b) in first.iter_mut().zip(y.words()) {
                *a ^= b;
            }
            return;
        }
        // Ripple the carry of each word up through the higher planes.
        let mut rest: Vec<&mut [u64]> = tail.iter_mut().map(|p| p.words_mut()).collect();
        for (i, (a, &b)) in first.iter_mut().zip(y.words()).enumerate() {
            let mut carry = *a & b;
            *a ^= b;
            for plane in rest.iter_mut() {
                if carry == 0 {
                    break;
                }
                let old = plane[i];
                plane[i] = old ^ carry;
                carry &= old;
            }
        }
    }
    fn axpy(&self, x: &mut Planes, f: u32, y: &[PackedBoard]) {
        let e = self.e as usize;
        let n = x[0].words().len();
        let mut acc = [0u64; 32];
        let mut term = [0u64; 32];
        for shift in (0..e).filter(|&s| (f >> s) & 1 == 1) {
            for i in 0..n {
                for u in 0..e {
                    acc[u] = x[u].words()[i];
                    term[u] = if u >= shift { y[u - shift].words()[i] } else { 0 };
                }
                add_word(&mut acc[..e], &term[..e]);
                for u in 0..e {
                    x[u].words_mut()[i] = acc[u];
                }
            }
        }
    }
    fn dot(&self, a: &[PackedBoard], b: &[PackedBoard]) -> u32 {
        // Wrapping sums are exact mod 2^e: the mask at the end is the only reduction.
        let e = self.e as usize;
        let mut total = 0u64;
        for u in 0..e {
            for v in 0..e - u {
                let ones: u64 = a[u].words().iter().zip(b[v].words()).map(|(x, y)| (x & y).count_ones() as u64).sum();
                total = total.wrapping_add(ones << (u + v));
            }
        }
        (total & ((1 << e) - 1)) as u32
    }
    fn get(&self, v: &[PackedBoard], i: usize) -> u32 {
        let cols = self.grid.cols();
        v.iter().enumerate().map(|(u, p)| (p.get(i / cols, i % cols) as u32) << u).sum()
    }
    fn set(&self, v: &mut Planes, i: usize, x: u32) {
        let cols = self.grid.cols();
        for (u, p) in v.iter_mut().enumerate() {
            p.set(i / cols, i % cols, (x >> u) & 1 == 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ring::chase_zq::Plan;
    use crate::structured::Wrap;

    fn random_values(n: usize, q: u32, seed: u64) -> Vec<u32> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                // Test data: plain `%` draws the values the arithmetic is checked on.
                ((s >> 33) % q as u64) as u32
            })
            .collect()
    }

    /// Bitsliced pressing (one core and two, every plane count) against the `u32` chase plan,
    /// and the byte conversions both ways.
    #[test]
    fn pressing_planes_matches_the_chase_plan() {
        for (rows, cols, e) in
            [(1usize, 1usize, 1u32), (3, 70, 2), (9, 64, 3), (5, 129, 4), (7, 65, 5), (1024, 1030, 2), (1030, 1024, 3)]
        {
            let q = 1u32 << e;
            for plus in [true, false] {
                let (b, x) = (random_values(rows * cols, q, 1), random_values(rows * cols, q, 2));
                let load = |v: &[u32]| -> Planes {
                    let bytes: Vec<u8> = v.iter().map(|&x| x as u8).collect();
                    planes_from_bytes(rows, cols, e, &bytes).unwrap()
                };
                let (bp, xp) = (load(&b), load(&x));
                let mut back = Vec::new();
                planes_to_bytes(&bp, |_, row| back.extend(row.iter().map(|&v| v as u32)));
                assert_eq!(back, b);
                let got = press_planes(&bp, &xp, plus).unwrap();
                let want = Plan::new(rows, cols, Wrap::None, plus, q).apply(Some(&b), &x).unwrap();
                let mut values = Vec::new();
                planes_to_bytes(&got, |_, row| values.extend(row.iter().map(|&v| v as u32)));
                assert_eq!(values, want, "{rows}x{cols} mod {q} plus={plus}");
            }
        }
    }
}
