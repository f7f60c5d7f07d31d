//! Where a run's bytes come from: a regular file, memory-mapped where it can be; a stream
//! (stdin, a pipe, a device); and either one compressed, recognised by its magic bytes and
//! decoded as a stream in bounded memory.
//!
//! Parquet and Arrow IPC files are recognised by their first bytes too, and read by column
//! (`io::table`). A file is mapped only when its bytes are the puzzles themselves. A
//! compressed file is read through its decoder, whatever its name says: `puzzles.txt` holding
//! gzip is read as gzip, and `puzzles.gz` holding text as text.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use crate::io::table::TableKind;

/// Where the input comes from.
pub enum Input {
    /// A regular file, memory-mapped.
    Mapped {
        /// Shown in messages.
        name: String,
        /// The mapping (`None` for an empty file, which cannot be mapped).
        map: Option<memmap2::Mmap>,
    },
    /// A stream read as it comes: stdin, a pipe, a device, a file that cannot be mapped, or a
    /// compressed file or stream through its decoder.
    Stream {
        /// Shown in messages.
        name: String,
        /// The stream.
        reader: Box<dyn Read + Send>,
    },
    /// A Parquet or Arrow IPC file, read column by column once its columns are chosen.
    Table(TableFile),
}

/// A Parquet or Arrow IPC file, recognised by its first bytes and not yet read.
pub struct TableFile {
    pub(crate) name: String,
    pub(crate) path: PathBuf,
    pub(crate) kind: TableKind,
}

/// The compressed formats an input can come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// gzip, one member or several (as `cat a.gz b.gz` makes).
    Gzip,
    /// Zstandard, one frame or several.
    Zstd,
    /// bzip2, one stream or several.
    Bzip2,
    /// xz, one stream or several.
    Xz,
}

impl Compression {
    /// The longest magic number: bytes needed to tell.
    const MAGIC_BYTES: usize = 6;

    /// The compression that `head`, an input's first bytes, starts with.
    pub fn sniff(head: &[u8]) -> Option<Compression> {
        match head {
            [0x1F, 0x8B, ..] => Some(Compression::Gzip),
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Some(Compression::Zstd),
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Some(Compression::Bzip2),
            [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => Some(Compression::Xz),
            _ => None,
        }
    }

    /// Its name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// A decoder of this format over `reader` (`name`'s). Read it in large blocks
    /// ([`DECODED_BLOCK`]).
    fn decoder(
        self,
        name: &str,
        reader: impl Read + Send + 'static,
    ) -> io::Result<Box<dyn Read + Send>> {
        // Buffered reads below the decoders: they ask for a few bytes at a time.
        let reader = io::BufReader::with_capacity(64 * 1024, reader);
        Ok(match self {
            Compression::Gzip => Box::new(GzipMembers::new(name, Box::new(reader))),
            Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(reader)?),
            Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(reader)),
            Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(reader)),
        })
    }
}

/// How much a decoder writes at a time. Decoders are much slower asked for a few kilobytes at
/// a time, as the chunker's reads would: zlib-rs decodes the 1M-row Kaggle CSV (156 MiB) in
/// about 0.47 s by 64 KiB and 0.35 s by 1 MiB, and takes longer still by 8 KiB, as matches
/// reach back into its window instead of the output and every call has its set-up. The copy
/// out of the block costs far less.
const DECODED_BLOCK: usize = 1 << 20;

/// A decoder's errors, named for what they mean to a user: the input is damaged.
struct Damaged<R> {
    reader: R,
    compression: Compression,
}

impl<R: Read> Read for Damaged<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buf).map_err(|e| {
            let what = match e.kind() {
                io::ErrorKind::UnexpectedEof => {
                    "it ends early: the file is truncated (the records before this line were \
                     read, and written to the outputs)"
                        .to_string()
                }
                _ => e.to_string(),
            };
            io::Error::new(e.kind(), format!("damaged {} data: {what}", self.compression.name()))
        })
    }
}

/// gzip members one after another (as `cat a.gz b.gz` makes), read as gzip(1) reads them:
/// bytes after the last member that do not start another (zero padding from a tape or a
/// block device, or anything else) are ignored with a warning on stderr, not an error, while
/// a member that ends early is one.
struct GzipMembers {
    name: String,
    decoder: Option<flate2::bufread::GzDecoder<Box<dyn BufRead + Send>>>,
}

impl GzipMembers {
    fn new(name: &str, reader: Box<dyn BufRead + Send>) -> GzipMembers {
        let decoder = Some(flate2::bufread::GzDecoder::new(reader));
        GzipMembers { name: name.to_string(), decoder }
    }

    /// After a member: starts the next one, or reads what follows the last one to its end
    /// and says what it was.
    fn next_member(&mut self, mut reader: Box<dyn BufRead + Send>) -> io::Result<()> {
        let head = reader.fill_buf()?;
        let another = match head {
            [] => return Ok(()),
            [0x1F] => {
                // The buffer ends inside a possible magic number: look at the byte after it.
                reader.consume(1);
                let next = reader.fill_buf()?.first().copied();
                reader = Box::new(io::Cursor::new(vec![0x1F]).chain(reader));
                next == Some(0x8B)
            }
            _ => head.starts_with(&[0x1F, 0x8B]),
        };
        if another {
            self.decoder = Some(flate2::bufread::GzDecoder::new(reader));
            return Ok(());
        }
        let (mut bytes, mut zeros) = (0u64, true);
        loop {
            let buf = reader.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            zeros &= buf.iter().all(|&b| b == 0);
            bytes += buf.len() as u64;
            let n = buf.len();
            reader.consume(n);
        }
        let what = if zeros { "zero bytes" } else { "bytes (not gzip data)" };
        crate::io::stderr::say!(
            "sudoku-bulk: warning: {}: decompression OK, {bytes} trailing {what} after the last \
             gzip member ignored (as gzip -d does)",
            self.name
        );
        Ok(())
    }
}

impl Read for GzipMembers {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while let Some(decoder) = &mut self.decoder {
            let n = decoder.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            let reader = self.decoder.take().expect("just read").into_inner();
            self.next_member(reader)?;
        }
        Ok(0)
    }
}

/// A reader that stays at its end once it has reached it.
///
/// A terminal reports end of input (Ctrl-D) once, as one read of 0 bytes, and the next read
/// waits for more typing. Sniffing, format detection and the pipeline each read until the end,
/// so without this a user typing puzzles had to press Ctrl-D once for each of them.
struct Fused<R> {
    reader: R,
    ended: bool,
}

impl<R: Read> Read for Fused<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended || buf.is_empty() {
            return Ok(0);
        }
        let n = self.reader.read(buf)?;
        self.ended = n == 0;
        Ok(n)
    }
}

/// `reader` decoded if its first bytes say it is compressed, else as it is.
fn decoded(name: String, reader: Box<dyn Read + Send>) -> io::Result<Input> {
    let mut reader = Fused { reader, ended: false };
    let mut head = Vec::with_capacity(Compression::MAGIC_BYTES);
    (&mut reader).take(Compression::MAGIC_BYTES as u64).read_to_end(&mut head)?;
    let whole = io::Cursor::new(head.clone()).chain(reader);
    let reader: Box<dyn Read + Send> = match Compression::sniff(&head) {
        Some(compression) => {
            let decoder = compression.decoder(&name, whole)?;
            let damaged = Damaged { reader: decoder, compression };
            Box::new(io::BufReader::with_capacity(DECODED_BLOCK, damaged))
        }
        None => Box::new(whole),
    };
    Ok(Input::Stream { name, reader })
}

impl Input {
    /// Opens a path, `-` or `None` meaning stdin. A Parquet or Arrow file is read by column;
    /// another regular file is mapped unless `mmap` is false or it is compressed; anything
    /// else is read as a stream. Compressed data is decoded as it is read.
    pub fn open(path: Option<&Path>, mmap: bool) -> io::Result<Input> {
        let path = match path {
            None => return Input::stdin(),
            Some(p) if p == Path::new("-") => return Input::stdin(),
            Some(p) => p,
        };
        let name = path.display().to_string();
        let mut file = File::open(path)?;
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(io::Error::other("is a directory"));
        }
        if !meta.is_file() {
            return decoded(name, Box::new(file));
        }
        // A Parquet or Arrow file is read by column whether or not maps are allowed: the
        // same file is read the same way whoever asks.
        let mut magic = [0u8; TableKind::MAGIC_BYTES];
        let got = read_up_to(&mut file, &mut magic)?;
        if let Some(kind) = TableKind::sniff(&magic[..got]) {
            return Ok(Input::Table(TableFile { name, path: path.to_path_buf(), kind }));
        }
        if !mmap || Compression::sniff(&magic[..got]).is_some() {
            return decoded(name, Box::new(File::open(path)?));
        }
        if meta.len() == 0 {
            return Ok(Input::Mapped { name, map: None });
        }
        // SAFETY: the map is only read. Another process changing the file while we run would
        // change what we read, and truncating it raises SIGBUS when we touch a page past the
        // new end: `signals` turns that into a clear error (exit 2, the temporary output
        // removed), and `--no-mmap` avoids the map for files that may change while read.
        match unsafe { memmap2::Mmap::map(&file) } {
            Ok(map) => {
                #[cfg(unix)]
                let _ = map.advise(memmap2::Advice::Sequential);
                Ok(Input::Mapped { name, map: Some(map) })
            }
            // Some regular files cannot be mapped (on some FUSE and network file systems, or
            // past the address space): they are read as a stream, as ripgrep's searcher does.
            Err(_) => Ok(Input::Stream { name, reader: Box::new(File::open(path)?) }),
        }
    }

    /// Standard input, decoded if it is compressed.
    pub fn stdin() -> io::Result<Input> {
        decoded("<stdin>".into(), Box::new(io::stdin()))
    }

    /// Any reader, read as a stream (decoded if it is compressed); `name` is shown in messages.
    pub fn from_reader(name: &str, reader: impl Read + Send + 'static) -> io::Result<Input> {
        decoded(name.into(), Box::new(reader))
    }

    /// A name for messages.
    pub fn name(&self) -> &str {
        match self {
            Input::Mapped { name, .. } | Input::Stream { name, .. } => name,
            Input::Table(table) => &table.name,
        }
    }
}

/// Reads until `buf` is full or the reader ends; how many bytes were read.
fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &[u8] = b"# two puzzles\n\
        .2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n\
        ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";

    /// `TEXT` compressed in each format, twice over (two members, frames or streams).
    fn compressed(compression: Compression) -> Vec<u8> {
        use std::io::Write;
        let half = TEXT.len() / 2;
        let mut out = Vec::new();
        for part in [&TEXT[..half], &TEXT[half..]] {
            match compression {
                Compression::Gzip => {
                    let mut e =
                        flate2::write::GzEncoder::new(&mut out, flate2::Compression::fast());
                    e.write_all(part).unwrap();
                    e.finish().unwrap();
                }
                Compression::Zstd => out.extend(zstd::encode_all(part, 1).unwrap()),
                Compression::Bzip2 => {
                    let mut e = bzip2::write::BzEncoder::new(&mut out, bzip2::Compression::fast());
                    e.write_all(part).unwrap();
                    e.finish().unwrap();
                }
                Compression::Xz => {
                    let mut e = liblzma::write::XzEncoder::new(&mut out, 1);
                    e.write_all(part).unwrap();
                    e.finish().unwrap();
                }
            }
        }
        out
    }

    fn read_all(input: Input) -> io::Result<Vec<u8>> {
        let Input::Stream { mut reader, .. } = input else { panic!("a stream") };
        let mut out = Vec::new();
        reader.read_to_end(&mut out)?;
        Ok(out)
    }

    #[test]
    fn compressed_streams_are_recognised_and_decoded_whole() {
        for compression in
            [Compression::Gzip, Compression::Zstd, Compression::Bzip2, Compression::Xz]
        {
            let data = compressed(compression);
            assert_eq!(Compression::sniff(&data), Some(compression));
            let input = Input::from_reader("x", io::Cursor::new(data)).unwrap();
            assert_eq!(read_all(input).unwrap(), TEXT, "{compression:?}");
        }
        assert_eq!(Compression::sniff(TEXT), None);
        let plain = Input::from_reader("x", io::Cursor::new(TEXT)).unwrap();
        assert_eq!(read_all(plain).unwrap(), TEXT);
        let tiny = Input::from_reader("x", io::Cursor::new(b"12".to_vec())).unwrap();
        assert_eq!(read_all(tiny).unwrap(), b"12");
    }

    /// A terminal's reads: a line, the end (Ctrl-D), then more if asked again.
    struct Terminal(Vec<&'static [u8]>);

    impl Read for Terminal {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let next = if self.0.is_empty() { &b"more"[..] } else { self.0.remove(0) };
            buf[..next.len()].copy_from_slice(next);
            Ok(next.len())
        }
    }

    #[test]
    fn a_stream_ends_at_its_first_end() {
        let input = Input::from_reader("tty", Terminal(vec![b"12\n", b""])).unwrap();
        let Input::Stream { mut reader, .. } = input else { panic!("a stream") };
        let mut out = Vec::new();
        reader.read_to_end(&mut out).unwrap();
        assert_eq!(reader.read(&mut [0; 8]).unwrap(), 0, "read again after the end");
        assert_eq!(out, b"12\n");
    }

    #[test]
    fn a_truncated_archive_is_an_error_that_says_so() {
        for compression in
            [Compression::Gzip, Compression::Zstd, Compression::Bzip2, Compression::Xz]
        {
            let mut data = compressed(compression);
            data.truncate(data.len() - 10);
            let input = Input::from_reader("x", io::Cursor::new(data)).unwrap();
            let err = read_all(input).unwrap_err();
            let text = err.to_string();
            assert!(text.starts_with(&format!("damaged {} data", compression.name())), "{text}");
        }
    }
}
