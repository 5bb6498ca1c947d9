//! One line on a fewest-press search, for the examples that time one (`#[path]`-included).

use lightsout_core::minimal::MinimalSolution;

/// The weight, whether it is proven, the lower bound, the method and the rate of `best`, found
/// in `secs` seconds.
pub fn search_line(best: &MinimalSolution, secs: f64) -> String {
    format!(
        "weight {} ({}), lower bound {}, method {:?}, {} explored in {secs:.3} s ({:.3e}/s)",
        best.weight,
        if best.proven_optimal { "proven optimal" } else { "not proven" },
        best.lower_bound,
        best.method,
        best.explored,
        best.explored as f64 / secs
    )
}
