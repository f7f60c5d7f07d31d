//! Where a run's outputs go: stdout, nowhere, a device written in place, or a regular file
//! staged beside its path and renamed over it only when the run succeeds. The same for every
//! front end: the CLI's `-o`, `--report` and `--summary-json`, Python's `output=`, `report=`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::error::Error;
use super::options::Sink;

/// Where a run writes one of its outputs, and how it is finished.
pub(crate) enum Destination {
    /// Written in place: stdout, nowhere, or a path that is not a regular file (a device such
    /// as /dev/full, a pipe, a symbolic link, which is written through), which must never be
    /// renamed over.
    Direct,
    /// A temporary file beside the path, renamed over it once the run has succeeded, so that
    /// the path never holds a half-written file that looks complete. It is made with mode 0666
    /// less the user's umask, as the file itself would be. Dropped unfinished (an error, an
    /// interruption), it is removed.
    Staged { temp: tempfile::NamedTempFile, path: PathBuf },
}

impl Destination {
    /// Puts a staged file in place.
    pub fn finish(self) -> Result<(), Error> {
        if let Destination::Staged { temp, path } = self {
            temp.persist(&path).map_err(|e| Error::Finish { path, source: e.error })?;
        }
        Ok(())
    }

    /// The path a staged file will be renamed to, if this is one.
    pub fn staged_path(&self) -> Option<&Path> {
        match self {
            Destination::Staged { path, .. } => Some(path),
            Destination::Direct => None,
        }
    }
}

/// Opens an output (see [`Destination`]).
pub(crate) fn open(sink: &Sink) -> Result<(Box<dyn Write + Send>, Destination), Error> {
    let path = match sink {
        Sink::Discard => return Ok((Box::new(io::sink()), Destination::Direct)),
        Sink::Stdout => return Ok((Box::new(io::stdout()), Destination::Direct)),
        Sink::Path(path) => path,
    };
    let failed = |source| Error::Output { path: path.clone(), source };
    let staged = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta.is_file(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(e) => return Err(failed(e)),
    };
    if !staged {
        let file = std::fs::OpenOptions::new().write(true).open(path).map_err(failed)?;
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
    let temp = builder.tempfile_in(dir).map_err(failed)?;
    crate::io::signals::remove_on_fatal_signal(temp.path());
    let file = temp.as_file().try_clone().map_err(failed)?;
    Ok((Box::new(file), Destination::Staged { temp, path: path.to_path_buf() }))
}

/// Whether two paths name one file: the same device and inode when both exist (so a hard
/// link or a symbolic link to a file is that file), else the same absolute path.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(a), Ok(b)) => {
            use std::os::unix::fs::MetadataExt;
            (a.dev(), a.ino()) == (b.dev(), b.ino())
        }
        #[cfg(not(unix))]
        (Ok(_), Ok(_)) => canonical(a) == canonical(b),
        (Err(_), Err(_)) => canonical(a) == canonical(b),
        _ => false,
    }
}

/// A path made absolute, its folder resolved where it exists (for a file not made yet).
fn canonical(path: &Path) -> Option<PathBuf> {
    if let Ok(path) = std::fs::canonicalize(path) {
        return Some(path);
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    Some(std::fs::canonicalize(dir).ok()?.join(path.file_name()?))
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

impl<W> Shared<W> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_name_the_file_they_lead_to() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("puzzles.txt");
        std::fs::write(&file, "x").unwrap();
        let hard = dir.path().join("hard.txt");
        std::fs::hard_link(&file, &hard).unwrap();
        assert!(same_file(&file, &hard));
        #[cfg(unix)]
        {
            let soft = dir.path().join("soft.txt");
            std::os::unix::fs::symlink(&file, &soft).unwrap();
            assert!(same_file(&soft, &file));
        }
        let new = dir.path().join("new.txt");
        let again = dir.path().join(".").join("new.txt");
        assert!(same_file(&new, &again), "a file not made yet, named two ways");
        assert!(!same_file(&new, &file));
    }
}
