//! Lazy enumeration of all solutions `s + Σ c_k n_k`, each `c_k` in `0..order_k`.

use crate::field::{Field, Modulus};

/// An iterator over every solution of a solvable board, in odometer order over the
/// coefficients of the null basis (over Z_p each runs through `0..p`; over Z_k through the
/// additive order of its generator, so that a kernel that is a direct sum of the cyclic groups
/// of its generators is listed once each). Each step adds one null vector (plus one more for every
/// coefficient that wraps from p-1 to 0), so a step costs O(N) amortised and nothing is
/// materialised up front.
///
/// ```
/// use lightsout_core::{Modulus, Solutions};
/// let all: Vec<_> = Solutions::new(Modulus::TWO, vec![1, 0], vec![vec![1, 1]]).collect();
/// assert_eq!(all, vec![vec![1, 0], vec![0, 1]]);
/// ```
#[derive(Debug, Clone)]
pub struct Solutions {
    modulus: Modulus,
    current: Vec<u32>,
    basis: Vec<Vec<u32>>,
    orders: Vec<u32>,
    digits: Vec<u32>,
    done: bool,
}

impl Solutions {
    /// All `particular + Σ c_k basis[k]`.
    pub fn new(modulus: Modulus, particular: Vec<u32>, basis: Vec<Vec<u32>>) -> Self {
        let orders = vec![modulus.get(); basis.len()];
        Self::with_orders(modulus, particular, basis, orders)
    }

    /// All `particular + Σ c_k basis[k]` with `c_k` in `0..orders[k]` (each order at least 1;
    /// missing orders count as the modulus).
    ///
    /// ```
    /// use lightsout_core::{Modulus, Solutions};
    /// let z4 = Modulus::ring(4).unwrap();
    /// let all: Vec<_> = Solutions::with_orders(z4, vec![1], vec![vec![2]], vec![2]).collect();
    /// assert_eq!(all, vec![vec![1], vec![3]]);
    /// ```
    pub fn with_orders(modulus: Modulus, particular: Vec<u32>, basis: Vec<Vec<u32>>, mut orders: Vec<u32>) -> Self {
        orders.resize(basis.len(), modulus.get());
        orders.iter_mut().for_each(|o| *o = (*o).max(1));
        let digits = vec![0; basis.len()];
        Solutions { modulus, current: particular, basis, orders, digits, done: false }
    }

    fn add_basis(&mut self, k: usize) {
        let f = self.modulus.field();
        for (x, &b) in self.current.iter_mut().zip(&self.basis[k]) {
            *x = f.add(*x, b);
        }
    }
}

impl Iterator for Solutions {
    type Item = Vec<u32>;
    fn next(&mut self) -> Option<Vec<u32>> {
        if self.done {
            return None;
        }
        let out = self.current.clone();
        self.done = true;
        for k in 0..self.basis.len() {
            self.add_basis(k);
            self.digits[k] += 1;
            if self.digits[k] < self.orders[k] {
                self.done = false;
                break;
            }
            self.digits[k] = 0;
        }
        Some(out)
    }
}
