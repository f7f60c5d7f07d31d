//! A run's cancel token: whoever started the run may ask it to stop, from any thread.
//!
//! The token is part of the run's options, not process-wide state: the CLI wires SIGINT and
//! SIGTERM to the token of its one run (`signals`), and the Python binding sets the token of
//! the call it is waiting on when Python's own signal check reports Ctrl-C. Workers skip the
//! rest of their pieces once it is set, the writer stops writing, and the run returns
//! [`RunError::Interrupted`](crate::pipeline::RunError::Interrupted), dropping (and so
//! removing) its staged outputs.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Asks a run to stop. Clones share one flag; [`Cancel::default`] is a fresh, unset one.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicUsize>);

impl Cancel {
    /// A fresh token, not set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the run to stop, for the signal `signal` (SIGINT's 2 where a person pressed
    /// Ctrl-C): the run's error and the CLI's exit status (128 + `signal`) name it. The first
    /// request wins.
    pub fn cancel(&self, signal: i32) {
        let signal = usize::try_from(signal).unwrap_or(0).max(1);
        let _ = self.0.compare_exchange(0, signal, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The signal that asked the run to stop, if one did.
    #[inline]
    pub fn requested(&self) -> Option<i32> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            signal => Some(signal as i32),
        }
    }

    /// The flag itself, for a signal handler to store the signal's number into (the CLI's
    /// `signals::install`).
    pub(crate) fn flag(&self) -> Arc<AtomicUsize> {
        self.0.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_request_wins_and_clones_share_it() {
        let token = Cancel::new();
        let clone = token.clone();
        assert_eq!(token.requested(), None);
        clone.cancel(15);
        token.cancel(2);
        assert_eq!((token.requested(), clone.requested()), (Some(15), Some(15)));
        assert_eq!(Cancel::default().requested(), None);
    }
}
