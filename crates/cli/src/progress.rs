//! A spinner on standard error for work that may take a while, shown only when standard error
//! is a terminal (never in pipes, files or tests) and only for games big enough to need it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// Games with fewer lights than this finish before a spinner could be seen.
const SHOW_FROM_LIGHTS: usize = 2_000;

/// A running spinner; it disappears when dropped.
pub struct Spinner(Option<ProgressBar>);

impl Spinner {
    /// Start a spinner saying `message` if standard error is a terminal and the work concerns
    /// at least a few thousand lights.
    pub fn start(message: impl Into<String>, lights: usize) -> Spinner {
        if lights < SHOW_FROM_LIGHTS || !std::io::stderr().is_terminal() {
            return Spinner(None);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.set_message(message.into());
        bar.enable_steady_tick(Duration::from_millis(120));
        Spinner(Some(bar))
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(bar) = self.0.take() {
            bar.finish_and_clear();
        }
    }
}
