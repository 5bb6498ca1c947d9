//! A spinner on standard error for work that may take a while, shown only when standard error
//! is a terminal (never in pipes, files or tests) and only for games big enough to need it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lightsout_core::progress::Progress;
use std::io::IsTerminal;
use std::time::Duration;

/// Games with fewer lights than this finish before a spinner could be seen.
const SHOW_FROM_LIGHTS: usize = 2_000;

/// A running spinner; it disappears when dropped.
pub struct Spinner(Option<ProgressBar>, Option<Follow>);

/// A thread that copies a search's [`Progress`] into the bar until told to stop.
struct Follow(std::sync::mpsc::Sender<()>, std::thread::JoinHandle<()>);

impl Spinner {
    /// Start a spinner saying `message` if standard error is a terminal and the work concerns
    /// at least a few thousand lights.
    pub fn start(message: impl Into<String>, lights: usize) -> Spinner {
        if lights < SHOW_FROM_LIGHTS || !std::io::stderr().is_terminal() {
            return Spinner(None, None);
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
            bar.set_style(style);
        }
        bar.set_message(message.into());
        bar.enable_steady_tick(Duration::from_millis(120));
        Spinner(Some(bar), None)
    }

    /// A bar (once the search has said how much it will do) or else a spinner, following
    /// `progress`: for searches long enough to need one (`lights` as in [`Spinner::start`]).
    pub fn follow(message: impl Into<String>, lights: usize, progress: &Progress) -> Spinner {
        let mut spinner = Spinner::start(message, lights);
        let Some(bar) = spinner.0.clone() else { return spinner };
        let (stop, stopped) = std::sync::mpsc::channel();
        let progress = progress.clone();
        let thread = std::thread::spawn(move || {
            let mut styled = false;
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(Duration::from_millis(200))
            {
                let total = progress.total();
                if total == 0 {
                    continue;
                }
                if !styled {
                    let template = "{msg} [{bar:30}] {percent}% ({elapsed}, about {eta} left)";
                    if let Ok(style) = ProgressStyle::with_template(template) {
                        bar.set_style(style.progress_chars("=> "));
                    }
                    styled = true;
                }
                bar.set_length(total);
                bar.set_position(progress.done().min(total));
            }
        });
        spinner.1 = Some(Follow(stop, thread));
        spinner
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(Follow(stop, thread)) = self.1.take() {
            let _ = stop.send(());
            let _ = thread.join();
        }
        if let Some(bar) = self.0.take() {
            bar.finish_and_clear();
        }
    }
}
