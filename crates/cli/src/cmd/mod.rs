//! One module per command.

pub mod analyze;
pub mod dataset;
pub mod decide;
pub mod generate;
pub mod play;
pub mod presets;
pub mod pseudoinverse;
pub mod solve;
pub mod solve_out;
pub mod stats;
pub mod worst;
pub mod worst_table;
