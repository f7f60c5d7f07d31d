//! Where a run's outputs go: stdout, nowhere, a device written in place, or a regular file
//! staged beside its path and renamed over it only when the run succeeds; compressed when its
//! name says so (`x.csv.gz`). The same for every
//! front end: the CLI's `-o`, `--report` and `--summary-json`, Python's `output=`, `report=`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::error::Error;
use super::options::Sink;
use super::pipeline::RunError;
use crate::io::output::{Compressor, OutputName};

/// Where a run writes one of its outputs, and how it is finished: its place, and the
/// compressor its name asks for (`x.csv.gz`), whose end is written when it is finished.
pub(crate) struct Destination {
    place: Place,
    compressor: Option<Shared<Option<Compressor>>>,
}

/// Where an output's bytes go.
enum Place {
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
    /// Ends a compressed output's stream (the writers handed out must be dropped first: any
    /// write after this fails), then puts a staged file in place. A compressed stream that
    /// cannot be ended is an error, and its staged file is removed.
    pub fn finish(self) -> Result<(), Error> {
        if let Some(compressor) = self.compressor {
            let ended = compressor.with(|c| Ok(c.take())).and_then(|c| match c {
                Some(c) => c.finish(),
                None => Ok(()),
            });
            ended.map_err(|e| Error::Run(RunError::Write(e)))?;
        }
        if let Place::Staged { temp, path } = self.place {
            temp.persist(&path).map_err(|e| Error::Finish { path, source: e.error })?;
        }
        Ok(())
    }

    /// The path a staged file will be renamed to, if this is one.
    pub fn staged_path(&self) -> Option<&Path> {
        match &self.place {
            Place::Staged { path, .. } => Some(path),
            Place::Direct => None,
        }
    }
}

/// A writer into a destination's compressor.
struct Compressing(Shared<Option<Compressor>>);

impl Compressing {
    fn with<R>(&self, f: impl FnOnce(&mut Compressor) -> io::Result<R>) -> io::Result<R> {
        self.0.with(|c| f(c.as_mut().ok_or_else(|| io::Error::other("output already finished"))?))
    }
}

impl Write for Compressing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.with(|c| c.write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.with(|c| c.write_all(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.with(|c| c.flush())
    }
}

/// Opens an output (see [`Destination`]), compressed if its name says so ([`OutputName`]).
pub(crate) fn open(sink: &Sink) -> Result<(Box<dyn Write + Send>, Destination), Error> {
    let (out, place) = open_place(sink)?;
    let compression = sink.path().and_then(|path| OutputName::of(path).compression);
    let Some(compression) = compression else {
        return Ok((out, Destination { place, compressor: None }));
    };
    let path = sink.path().expect("a named output").to_path_buf();
    let compressor =
        Compressor::new(compression, out).map_err(|source| Error::Output { path, source })?;
    let shared = Shared::new(Some(compressor));
    let writer = Box::new(Compressing(shared.clone()));
    Ok((writer, Destination { place, compressor: Some(shared) }))
}

/// Opens an output's place.
/// The error of making the staged file, without the temporary file's name that `tempfile`
/// appends to the system's words (`... at path "/dir/.x.csv.TpwBSe.partial"`): the user named
/// `x.csv`, which the message names already, and a random name would make the same fault read
/// differently each time.
fn without_temp_path(error: io::Error) -> io::Error {
    let text = error.to_string();
    match text.rsplit_once(" at path \"") {
        Some((words, _)) => io::Error::new(error.kind(), words.to_string()),
        None => error,
    }
}

fn open_place(sink: &Sink) -> Result<(Box<dyn Write + Send>, Place), Error> {
    let path = match sink {
        Sink::Discard => return Ok((Box::new(io::sink()), Place::Direct)),
        Sink::Stdout => return Ok((Box::new(io::stdout()), Place::Direct)),
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
        return Ok((Box::new(file), Place::Direct));
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
    let temp = builder.tempfile_in(dir).map_err(|e| failed(without_temp_path(e)))?;
    crate::io::signals::remove_on_fatal_signal(temp.path());
    let file = temp.as_file().try_clone().map_err(failed)?;
    Ok((Box::new(file), Place::Staged { temp, path: path.to_path_buf() }))
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
