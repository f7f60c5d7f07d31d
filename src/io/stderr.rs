//! Messages on stderr, which never end a run.
//!
//! Stderr carries commentary (progress, summaries, messages about failed records); the product
//! is the output. So a stderr that cannot be written (closed by `2>&1 | head`, a full disk, a
//! log that went away) is not an error: the message is dropped, the run carries on and its exit
//! status is what it would have been. `eprintln!` would panic there instead.

use std::fmt;
use std::io::{self, Write};

/// Writes `args` and a newline to stderr, ignoring a failure to write.
pub(crate) fn line(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_fmt(args).and_then(|()| stderr.write_all(b"\n"));
}

/// Writes bytes to stderr as they are, ignoring a failure to write.
pub(crate) fn bytes(text: &[u8]) {
    let _ = io::stderr().lock().write_all(text);
}

/// `eprintln!` that never panics: see the module's documentation.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::io::stderr::line(format_args!($($arg)*))
    };
}
pub(crate) use say;
