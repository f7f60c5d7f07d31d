//! Compressed output: a writer that compresses as it writes, in the format an output's name
//! asks for ([`OutputName`](super::OutputName)), with the crates that decode compressed input.
//! Its end (a gzip trailer, a zstd frame's end) is written by [`Compressor::finish`], whose
//! failure is the run's error: a compressed output is whole or not there.

use std::io::{self, Write};

use crate::io::input::Compression;

/// What a compressor writes into.
type Inner = Box<dyn Write + Send>;

impl Compression {
    /// The compression a file name's last extension (lower case, no dot) names.
    pub fn for_extension(extension: &str) -> Option<Compression> {
        match extension {
            "gz" => Some(Compression::Gzip),
            "zst" => Some(Compression::Zstd),
            "bz2" => Some(Compression::Bzip2),
            "xz" => Some(Compression::Xz),
            _ => None,
        }
    }

    /// Its file name extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Compression::Gzip => "gz",
            Compression::Zstd => "zst",
            Compression::Bzip2 => "bz2",
            Compression::Xz => "xz",
        }
    }
}

/// A writer compressing into another, at each tool's default level (gzip 6, zstd 3, bzip2 9,
/// xz 6), so the file is what `gzip`, `zstd`, `bzip2` or `xz` would have made of the text.
pub(crate) enum Compressor {
    Gzip(flate2::write::GzEncoder<Inner>),
    Zstd(zstd::stream::write::Encoder<'static, Inner>),
    Bzip2(bzip2::write::BzEncoder<Inner>),
    Xz(liblzma::write::XzEncoder<Inner>),
}

impl Compressor {
    /// A compressor of `compression` writing into `inner`.
    pub fn new(compression: Compression, inner: Inner) -> io::Result<Compressor> {
        Ok(match compression {
            Compression::Gzip => {
                Compressor::Gzip(flate2::write::GzEncoder::new(inner, flate2::Compression::new(6)))
            }
            Compression::Zstd => Compressor::Zstd(zstd::stream::write::Encoder::new(inner, 3)?),
            Compression::Bzip2 => {
                Compressor::Bzip2(bzip2::write::BzEncoder::new(inner, bzip2::Compression::best()))
            }
            Compression::Xz => Compressor::Xz(liblzma::write::XzEncoder::new(inner, 6)),
        })
    }

    /// Writes the compressed stream's end and flushes the writer below.
    pub fn finish(self) -> io::Result<()> {
        let mut inner = match self {
            Compressor::Gzip(e) => e.finish()?,
            Compressor::Zstd(e) => e.finish()?,
            Compressor::Bzip2(e) => e.finish()?,
            Compressor::Xz(e) => e.finish()?,
        };
        inner.flush()
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Compressor::Gzip(e) => e,
            Compressor::Zstd(e) => e,
            Compressor::Bzip2(e) => e,
            Compressor::Xz(e) => e,
        }
    }
}

impl Write for Compressor {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer().write_all(buf)
    }

    /// Flushes what is compressed so far, not the stream's end: that is [`Compressor::finish`].
    fn flush(&mut self) -> io::Result<()> {
        self.writer().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::sync::{Arc, Mutex};

    /// A writer into a shared buffer, to look at once the compressor is finished.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn each_compression_reads_back_as_written() {
        let text = b"line,status\n1,valid\n".repeat(1000);
        for compression in
            [Compression::Gzip, Compression::Zstd, Compression::Bzip2, Compression::Xz]
        {
            let buffer = Buffer::default();
            let mut out = Compressor::new(compression, Box::new(buffer.clone())).unwrap();
            out.write_all(&text).unwrap();
            out.flush().unwrap();
            out.finish().unwrap();
            let data = buffer.0.lock().unwrap().clone();
            assert_eq!(Compression::sniff(&data), Some(compression));
            let input = crate::io::input::Input::from_reader("x", io::Cursor::new(data)).unwrap();
            let crate::io::input::Input::Stream { mut reader, .. } = input else { panic!() };
            let mut back = Vec::new();
            reader.read_to_end(&mut back).unwrap();
            assert_eq!(back, text, "{compression:?}");
        }
    }
}
