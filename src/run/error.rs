//! Why a run could not be done, or stopped.

use std::io;
use std::path::PathBuf;

use super::pipeline::RunError;
use super::threads;

/// Why a run could not be done, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The options ask for something that cannot be done; nothing was read or written.
    #[error("{0}")]
    Refused(String),
    /// An input could not be opened.
    #[error("opening {name}")]
    Open {
        /// The input's name.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// An output could not be opened.
    #[error("opening {} for writing", path.display())]
    Output {
        /// Its path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A staged output could not be put in place.
    #[error("renaming output to {}", path.display())]
    Finish {
        /// Its path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The thread count is refused, or the threads could not start.
    #[error(transparent)]
    Threads(#[from] threads::ThreadsError),
    /// Reading, judging or writing failed.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A cancel request stopped the run; staged outputs were removed, and `kept` names the
    /// output path left as it was, if it is a file.
    #[error("interrupted by signal {signal}")]
    Interrupted {
        /// The signal (or the number the canceller gave).
        signal: i32,
        /// The output path left untouched.
        kept: Option<PathBuf>,
    },
}

impl Error {
    /// The error and its causes on one line, each after a colon: `opening x.txt: No such file
    /// or directory (os error 2)`. The CLI prints it after `sudoku-bulk: error: `, and Python's
    /// exception holds it, so a message reads the same through either.
    pub fn message(&self) -> String {
        let mut text = self.to_string();
        let mut cause = std::error::Error::source(self);
        while let Some(e) = cause {
            text.push_str(": ");
            text.push_str(&e.to_string());
            cause = e.source();
        }
        text
    }

    /// Whether it comes from writing to a pipe whose reader has closed it (`| head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Run(RunError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}
