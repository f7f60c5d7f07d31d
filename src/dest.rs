//! Where a run's outputs go: stdout, a device written in place, or a regular file staged
//! beside its path and renamed over it only when the run succeeds.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};

/// Where a run writes one of its outputs, and how it is finished.
pub(crate) enum Destination {
    /// Written in place: stdout, or a path that is not a regular file (a device such as
    /// /dev/full, a pipe, a link), which must never be renamed over.
    Direct,
    /// A temporary file beside the path, renamed over it once the run has succeeded, so that
    /// the path never holds a half-written file that looks complete. Dropped unfinished (an
    /// error, an interruption), it is removed.
    Staged { temp: tempfile::NamedTempFile, path: PathBuf },
}

impl Destination {
    /// Puts a staged file in place.
    pub fn finish(self) -> Result<()> {
        if let Destination::Staged { temp, path } = self {
            temp.persist(&path)
                .with_context(|| format!("renaming output to {}", path.display()))?;
        }
        Ok(())
    }
}

/// Opens an output: stdout, a path written in place, or a staged file (see [`Destination`]).
pub(crate) fn open_output(path: Option<&Path>) -> Result<(Box<dyn Write + Send>, Destination)> {
    let Some(path) = path.filter(|p| *p != Path::new("-")) else {
        return Ok((Box::new(io::stdout()), Destination::Direct));
    };
    let context = || format!("opening {} for writing", path.display());
    let staged = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta.is_file(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(e) => return Err(e).with_context(context),
    };
    if !staged {
        let file = std::fs::OpenOptions::new().write(true).open(path).with_context(context)?;
        return Ok((Box::new(file), Destination::Direct));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or("output".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666)); // less the umask
    }
    let temp = builder.tempfile_in(dir).with_context(context)?;
    crate::signals::remove_on_fatal_signal(temp.path());
    let file = temp.as_file().try_clone().with_context(context)?;
    Ok((Box::new(file), Destination::Staged { temp, path: path.to_path_buf() }))
}

/// Refuses an output path that names an input file: writing there would replace the puzzles
/// with the answers before they were read. `what` names the option, for the message.
pub(crate) fn refuse_input(what: &str, output: Option<&Path>, input: Option<&Path>) -> Result<()> {
    let (Some(output), Some(input)) = (output, input) else { return Ok(()) };
    if output == Path::new("-") || input == Path::new("-") {
        return Ok(());
    }
    let same = match (std::fs::metadata(output), std::fs::metadata(input)) {
        #[cfg(unix)]
        (Ok(o), Ok(i)) => {
            use std::os::unix::fs::MetadataExt;
            o.is_file() && (o.dev(), o.ino()) == (i.dev(), i.ino())
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => std::fs::canonicalize(output)? == std::fs::canonicalize(input)?,
        _ => false,
    };
    if same {
        anyhow::bail!(
            "{what} {} is the input file: writing there would replace the puzzles before they \
             are read; choose another path",
            output.display()
        );
    }
    Ok(())
}

/// One output that the runs over several inputs write one after another: each run gets a
/// clone, and its writer thread writes through the lock. The caller keeps a clone to finish
/// the output with once every run is over (a Parquet file's footer, say).
pub(crate) struct Shared<W>(Arc<Mutex<W>>);

impl<W> Clone for Shared<W> {
    fn clone(&self) -> Shared<W> {
        Shared(self.0.clone())
    }
}

impl<W: Write> Shared<W> {
    /// Shares `out`.
    pub fn new(out: W) -> Shared<W> {
        Shared(Arc::new(Mutex::new(out)))
    }

    /// Runs `f` on the output, alone.
    pub fn with<R>(&self, f: impl FnOnce(&mut W) -> io::Result<R>) -> io::Result<R> {
        f(&mut *self.0.lock().map_err(|_| io::Error::other("output lock poisoned"))?)
    }
}

impl<W: Write> Write for Shared<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.with(|out| out.write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.with(|out| out.write_all(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.with(|out| out.flush())
    }
}
