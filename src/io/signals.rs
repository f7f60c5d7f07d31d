//! Signals: SIGINT and SIGTERM ask a run to stop, SIGBUS says a mapped input was truncated.
//!
//! A first SIGINT or SIGTERM sets the cancel token of the CLI's run (see `run::Cancel`):
//! workers skip the rest of their pieces, the writer stops, the temporary output file is
//! removed, and the process exits with 128 plus the signal's number, as a shell would report
//! it. A second one ends the process at once. The library never installs these: a program that
//! embeds it (the Python binding) cancels its runs its own way.
//!
//! SIGBUS is what reading a memory-mapped file past its end raises, which happens when the file
//! shrinks while we read it. Rather than dying silently, the process writes a message naming
//! the cause and the remedy (`--no-mmap`), removes its temporary output file, and exits with
//! status 2. The handler does only what is safe in a signal handler: `write`, `unlink`, `_exit`.

use std::ffi::CString;
use std::io;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

/// Set by the first SIGINT or SIGTERM: the next one ends the process at once.
static ARMED: AtomicBool = AtomicBool::new(false);
/// A file to remove if the process must die from SIGBUS: the temporary output.
static DOOMED_FILE: OnceLock<CString> = OnceLock::new();

/// The message for a SIGBUS, written as raw bytes from the handler.
const SIGBUS_MESSAGE: &[u8] = b"sudoku-bulk: error: the input file shrank while it was being read \
(a memory-mapped file was truncated); rerun with --no-mmap to read it as a stream\n";

/// Installs the handlers, SIGINT and SIGTERM storing their number in `cancel` (a run's
/// `Cancel::flag`). Call once, before work starts.
pub fn install(cancel: std::sync::Arc<std::sync::atomic::AtomicUsize>) -> io::Result<()> {
    use signal_hook::consts::{SIGINT, SIGTERM};
    for signal in [SIGINT, SIGTERM] {
        // Order matters: the shutdown checks the flag before the second action sets it.
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, &ARMED)?;
        signal_hook::flag::register(signal, &ARMED)?;
        signal_hook::flag::register_usize(signal, cancel.clone(), signal as usize)?;
    }
    #[cfg(unix)]
    {
        // SAFETY: the action calls only async-signal-safe functions (write, unlink, _exit) and
        // reads a OnceLock that was filled before any work started (an atomic load).
        unsafe {
            signal_hook::low_level::register(signal_hook::consts::SIGBUS, || {
                libc::write(2, SIGBUS_MESSAGE.as_ptr().cast(), SIGBUS_MESSAGE.len());
                if let Some(path) = DOOMED_FILE.get() {
                    libc::unlink(path.as_ptr());
                }
                libc::_exit(2);
            })?;
        }
    }
    Ok(())
}

/// Names the file to remove should the process die from SIGBUS. Only the first call counts.
pub fn remove_on_fatal_signal(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        if let Ok(path) = CString::new(path.as_os_str().as_bytes()) {
            let _ = DOOMED_FILE.set(path);
        }
    }
}
