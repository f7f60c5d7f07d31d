//! The progress bar: one factory, which hides the bar unless it should be drawn.
//!
//! The bar is drawn on stderr, only when stderr is a terminal (or when asked to always draw),
//! so that logs and pipes never fill with escape codes: asked to always report into a file or
//! a pipe, it writes a plain line every few seconds and one at the end instead of redrawing a
//! bar. The bar's length is the input's size in bytes where that is known (a file), which
//! gives an honest ETA; for a stream it is a spinner. Either way its message counts puzzles
//! and their rate. It takes the terminal's width.
//!
//! Records written to the terminal the bar is drawn on (stdout and stderr most often are one)
//! go through [`Progress::suspend`], flushed: the bar is cleared before them and drawn again
//! below them, so it never leaves a line among them, nor shares one with them
//! (`run::pipeline::OnTerminal`).

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// When to draw the bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ProgressMode {
    /// Only when stderr is a terminal.
    #[default]
    Auto,
    /// Even when stderr is not a terminal (then as plain lines, every few seconds).
    Always,
    /// Never.
    Never,
}

/// How often plain progress lines are written.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// How progress is shown.
enum Shown {
    /// Not at all.
    Hidden,
    /// A bar redrawn on a terminal.
    Bar(ProgressBar),
    /// Plain lines, for a file or a pipe: when the last was written, and the latest figures.
    Plain { total: Option<u64>, state: Mutex<(Instant, u64, u64)> },
}

/// A progress bar, plain progress lines, or nothing.
pub struct Progress {
    shown: Shown,
    started: Instant,
}

impl Progress {
    /// A bar for an input of `total` bytes (or puzzles; a spinner when unknown).
    pub fn new(mode: ProgressMode, total: Option<u64>) -> Progress {
        let started = Instant::now();
        let terminal = std::io::stderr().is_terminal();
        let shown = match mode {
            ProgressMode::Never => Shown::Hidden,
            ProgressMode::Auto if !terminal => Shown::Hidden,
            ProgressMode::Always if !terminal => {
                Shown::Plain { total, state: Mutex::new((started, 0, 0)) }
            }
            _ => Shown::Bar(bar(total)),
        };
        Progress { shown, started }
    }

    /// Records that the input is done up to `offset` (bytes, or puzzles), with `puzzles`
    /// puzzles written.
    pub fn update(&self, offset: u64, puzzles: u64) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => {
                bar.set_position(offset);
                bar.set_message(self.message(puzzles));
            }
            Shown::Plain { total, state } => {
                let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                *state = (state.0, offset, puzzles);
                if state.0.elapsed() >= PLAIN_EVERY {
                    state.0 = Instant::now();
                    self.plain_line(*total, offset, puzzles);
                }
            }
        }
    }

    /// "1 puzzle, 3/s" or "120000 puzzles, 40000/s".
    fn message(&self, puzzles: u64) -> String {
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        let noun = if puzzles == 1 { "puzzle" } else { "puzzles" };
        format!("{puzzles} {noun}, {:.0}/s", puzzles as f64 / secs)
    }

    /// One plain progress line: the share done where the total is known, puzzles, rate, time.
    fn plain_line(&self, total: Option<u64>, offset: u64, puzzles: u64) {
        let done = match total {
            Some(total) if total > 0 => format!("{:.0}%, ", 100.0 * offset as f64 / total as f64),
            _ => String::new(),
        };
        let secs = self.started.elapsed().as_secs_f64();
        crate::io::stderr::say!(
            "sudoku-bulk: progress: {done}{}, {secs:.1} s",
            self.message(puzzles)
        );
    }

    /// Runs `f` (which writes to the terminal, and flushes what it writes) with the bar
    /// cleared, and draws the bar again after it, so the two do not mix.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.shown {
            Shown::Bar(bar) => bar.suspend(f),
            _ => f(),
        }
    }

    /// Removes the bar; plain progress ends with a last line.
    pub fn finish(&self) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.finish_and_clear(),
            Shown::Plain { total, state } => {
                let (_, offset, puzzles) = *state.lock().unwrap_or_else(|e| e.into_inner());
                self.plain_line(*total, offset, puzzles);
            }
        }
    }
}

/// A bar on stderr as wide as the terminal, or a spinner where the total is unknown.
fn bar(total: Option<u64>) -> ProgressBar {
    let target = ProgressDrawTarget::stderr();
    let (bar, template) = match total {
        Some(len) => (
            ProgressBar::with_draw_target(Some(len), target),
            "{wide_bar} {percent:>3}% {msg} [{elapsed_precise}, ETA {eta}]",
        ),
        None => {
            (ProgressBar::with_draw_target(None, target), "{spinner} {msg} [{elapsed_precise}]")
        }
    };
    bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
    bar
}
