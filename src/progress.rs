//! The progress bar: one factory, which hides the bar unless it should be drawn.
//!
//! The bar is drawn on stderr, only when stderr is a terminal (or when asked to always draw),
//! so that logs and pipes never fill with escape codes. Its length is the input's size in
//! bytes where that is known (a file), which gives an honest ETA; for a stream it is a spinner.
//! Either way its message counts puzzles and their rate.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// When to draw the bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ProgressMode {
    /// Only when stderr is a terminal.
    #[default]
    Auto,
    /// Even when stderr is not a terminal.
    Always,
    /// Never.
    Never,
}

/// A progress bar, or nothing.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    /// A bar for an input of `total_bytes` (a spinner when unknown).
    pub fn new(mode: ProgressMode, total_bytes: Option<u64>) -> Progress {
        let target = match mode {
            ProgressMode::Never => None,
            ProgressMode::Auto => Some(ProgressDrawTarget::stderr()),
            ProgressMode::Always => {
                Some(ProgressDrawTarget::term_like(Box::new(console::Term::stderr())))
            }
        };
        let bar = target.filter(|t| !t.is_hidden()).map(|target| {
            let (bar, template) = match total_bytes {
                Some(len) => (
                    ProgressBar::with_draw_target(Some(len), target),
                    "{bar:30} {percent:>3}% {msg} [{elapsed_precise}, ETA {eta}]",
                ),
                None => (
                    ProgressBar::with_draw_target(None, target),
                    "{spinner} {msg} [{elapsed_precise}]",
                ),
            };
            bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
            bar
        });
        Progress { bar, started: Instant::now() }
    }

    /// Records that the input is done up to `offset` bytes, with `puzzles` puzzles written.
    pub fn update(&self, offset: u64, puzzles: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(offset);
            let secs = self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!("{puzzles} puzzles, {:.0}/s", puzzles as f64 / secs));
        }
    }

    /// Runs `f` (which writes to stderr) with the bar cleared, so the two do not mix.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
