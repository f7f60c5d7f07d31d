//! Compression both ways: outputs named `x.csv.gz` (`.zst`, `.xz`, `.bz2`) are written
//! compressed in the format of the extension before it, names whose content would not match
//! are refused; gzip input is read as gzip(1) reads it (bytes after the last member ignored
//! with a warning, a truncated archive's records answered before the error).

use std::io::{Read, Write};
use std::path::Path;

use crate::util::{sudoku_bulk, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

/// `n` puzzles, each `PUZZLE` with its digits relabelled by a permutation drawn from `n`'s
/// index (all valid, and different enough that they do not compress to nothing).
fn puzzles(n: usize) -> Vec<u8> {
    let mut state = 0x2545F4914F6CDD1Du64;
    let mut out = Vec::new();
    for _ in 0..n {
        let mut digits: Vec<u8> = (b'1'..=b'9').collect();
        for i in (1..9).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            digits.swap(i, (state % (i as u64 + 1)) as usize);
        }
        out.extend(PUZZLE.bytes().map(|b| if b == b'.' { b } else { digits[(b - b'1') as usize] }));
        out.push(b'\n');
    }
    out
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// Decodes `data` (any of the four formats, by its magic bytes) whole.
fn decompress(path: &Path) -> Vec<u8> {
    let data = std::fs::read(path).unwrap();
    let mut out = Vec::new();
    let result = match data.get(..2) {
        Some([0x1F, 0x8B]) => flate2::read::MultiGzDecoder::new(&data[..]).read_to_end(&mut out),
        Some([0x28, 0xB5]) => {
            zstd::stream::read::Decoder::new(&data[..]).unwrap().read_to_end(&mut out)
        }
        Some([b'B', b'Z']) => bzip2::read::MultiBzDecoder::new(&data[..]).read_to_end(&mut out),
        Some([0xFD, b'7']) => {
            liblzma::read::XzDecoder::new_multi_decoder(&data[..]).read_to_end(&mut out)
        }
        _ => panic!("{}: not compressed", path.display()),
    };
    result.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    out
}

#[test]
fn compressed_output_names_write_the_inner_format_compressed() {
    let tmp = TempDir::new("compressed-outputs");
    let mut text = puzzles(50);
    text.extend_from_slice(b"not a puzzle\n");
    let input = tmp.file("in.txt", &text);
    let out = |name: &str| tmp.0.join(name).to_str().unwrap().to_string();
    for (format, report) in [("csv", "csv"), ("jsonl", "jsonl"), ("txt", "csv")] {
        let (plain, plain_report) =
            (out(&format!("plain.{format}")), out(&format!("plain-report.{report}")));
        let args = ["solve", "-q", &input, "-o", &plain, "--report", &plain_report];
        assert_eq!(sudoku_bulk(&args, None).code, Some(1), "one record fails");
        let plain = std::fs::read(&plain).unwrap();
        let plain_report = std::fs::read(&plain_report).unwrap();
        assert!(plain.len() > 50 * 81 && plain_report.len() > 10);
        for (ext, magic) in [
            ("gz", &[0x1F, 0x8B][..]),
            ("zst", &[0x28, 0xB5]),
            ("xz", &[0xFD, b'7']),
            ("bz2", b"BZ"),
        ] {
            let (output, report, summary) = (
                out(&format!("out.{format}.{ext}")),
                out(&format!("report.{report}.{ext}")),
                out(&format!("summary.json.{ext}")),
            );
            let args = [
                "solve",
                "-q",
                &input,
                "-o",
                &output,
                "--report",
                &report,
                "--summary-json",
                &summary,
            ];
            let run = sudoku_bulk(&args, None);
            assert_eq!(run.code, Some(1), "{}", run.stderr);
            for path in [&output, &report, &summary] {
                assert!(std::fs::read(path).unwrap().starts_with(magic), "{path}");
            }
            assert_eq!(decompress(Path::new(&output)), plain, "{output}");
            assert_eq!(decompress(Path::new(&report)), plain_report, "{report}");
            let summary = String::from_utf8(decompress(Path::new(&summary))).unwrap();
            assert!(summary.starts_with("{\"command\":\"solve\""), "{summary}");
            // And our own reading of it gives the same records back.
            let again = sudoku_bulk(&["validate", "-q", &output, "-o", "-"], None);
            assert!(again.code.is_some(), "{}", again.stderr);
            assert!(!again.stderr.contains("error: reading"), "{}", again.stderr);
        }
    }
    // generate names its output the same way.
    let generated = out("gen.txt.gz");
    let run = sudoku_bulk(&["generate", "-q", "-n", "3", "--seed", "1", "-o", &generated], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        decompress(Path::new(&generated)).split(|&b| b == b'\n').filter(|l| l.len() == 81).count(),
        3
    );
}

#[test]
fn names_whose_content_would_not_match_are_refused() {
    let tmp = TempDir::new("refused-names");
    let input = tmp.file("in.txt", &puzzles(3));
    for (option, name, says) in [
        ("-o", "out.parquet.gz", "Parquet compresses its own columns"),
        ("-o", "out.parquet.zst", "Parquet compresses its own columns"),
        ("-o", "out.json.xz", ".json output is not written yet"),
        ("--report", "report.parquet", "name it .jsonl"),
        ("--report", "report.json.gz", "name it .jsonl"),
    ] {
        let path = tmp.0.join(name);
        let run = sudoku_bulk(&["solve", &input, option, path.to_str().unwrap()], None);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        assert!(run.stderr.contains(says), "{name}: {}", run.stderr);
        assert!(run.stderr.contains(name), "{name}: {}", run.stderr);
        assert!(!path.exists(), "{name}");
    }
    let path = tmp.0.join("gen.parquet.gz");
    let run = sudoku_bulk(&["generate", "-n", "1", "-o", path.to_str().unwrap()], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("Parquet compresses its own columns"), "{}", run.stderr);
}

#[cfg(target_os = "linux")]
#[test]
fn a_compressed_stream_that_cannot_be_ended_is_an_error() {
    // A name ending .gz leading to /dev/full: nothing fits, not even the gzip trailer.
    let tmp = TempDir::new("compress-full");
    let input = tmp.file("in.txt", &puzzles(2));
    let full = tmp.0.join("full.csv.gz");
    std::os::unix::fs::symlink("/dev/full", &full).unwrap();
    let run = sudoku_bulk(&["validate", "-q", &input, "-o", full.to_str().unwrap()], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("writing output"), "{}", run.stderr);
}

#[test]
fn bytes_after_the_last_gzip_member_are_ignored_with_a_warning() {
    let tmp = TempDir::new("gzip-trailing");
    let text = puzzles(100);
    let gz = gzip(&text);
    let mut two = gz.clone();
    two.extend_from_slice(&gzip(&text));
    let cases: [(&str, Vec<u8>, usize, Option<&str>); 5] = [
        ("plain.gz", gz.clone(), 100, None),
        ("two.gz", two.clone(), 200, None),
        ("zeros.gz", [&gz[..], &[0; 512]].concat(), 100, Some("512 trailing zero bytes")),
        (
            "garbage.gz",
            [&gz[..], b"garbage\n"].concat(),
            100,
            Some("8 trailing bytes (not gzip data)"),
        ),
        ("two-zeros.gz", [&two[..], &[0; 3]].concat(), 200, Some("3 trailing zero bytes")),
    ];
    for (name, data, records, warning) in cases {
        let path = tmp.file(name, &data);
        let run = sudoku_bulk(&["validate", &path, "-o", "-"], None);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        assert_eq!(run.stdout.lines().filter(|l| *l == "valid").count(), records, "{name}");
        assert_eq!(run.stdout.lines().count(), records, "{name}");
        match warning {
            Some(warning) => {
                assert!(run.stderr.contains(warning), "{name}: {}", run.stderr);
                assert!(
                    run.stderr.contains("after the last gzip member ignored"),
                    "{}",
                    run.stderr
                );
            }
            None => assert!(!run.stderr.contains("warning"), "{name}: {}", run.stderr),
        }
    }
}

/// The whole lines `gz` decodes to before its damage.
fn lines_before_damage(gz: &[u8]) -> usize {
    let mut out = Vec::new();
    let _ = flate2::read::MultiGzDecoder::new(gz).read_to_end(&mut out);
    out.iter().filter(|&&b| b == b'\n').count()
}

#[test]
fn a_truncated_gzip_answers_every_record_before_the_damage_then_exits_2() {
    let tmp = TempDir::new("gzip-truncated");
    // A few KB decompressed (within the first block read), and a few MB (many pieces); cut
    // in the data and in the trailer (every record decoded, the check sum missing).
    for records in [60, 40_000] {
        let gz = gzip(&puzzles(records));
        for cut in [gz.len() / 4, gz.len() / 2, gz.len() * 3 / 4, gz.len() - 5] {
            let before = lines_before_damage(&gz[..cut]);
            assert!(before > 0 && before <= records, "{records} records cut at {cut}: {before}");
            let path = tmp.file("cut.gz", &gz[..cut]);
            let run = sudoku_bulk(&["validate", "-q", &path, "-o", "-"], None);
            assert_eq!(run.code, Some(2), "{records} cut at {cut}: {}", run.stderr);
            assert!(run.stderr.contains("ends early"), "{}", run.stderr);
            assert!(run.stderr.contains("truncated"), "{}", run.stderr);
            assert!(!run.stderr.contains("trailing"), "{}", run.stderr);
            assert_eq!(run.stdout.lines().count(), before, "{records} cut at {cut}");
            assert!(run.stdout.lines().all(|l| l == "valid"), "{records} cut at {cut}");
        }
    }
}

#[test]
fn a_truncated_archive_gives_the_outputs_what_stdout_gets_and_names_the_line() {
    let tmp = TempDir::new("gzip-truncated-o");
    for records in [60, 40_000] {
        let gz = gzip(&puzzles(records));
        let cut = gz.len() / 2;
        let before = lines_before_damage(&gz[..cut]);
        let path = tmp.file("cut.gz", &gz[..cut]);
        let to_stdout = sudoku_bulk(&["solve", "-q", &path], None);
        assert_eq!(to_stdout.code, Some(2), "{}", to_stdout.stderr);
        assert_eq!(to_stdout.stdout.lines().count(), before);
        for name in ["out.txt", "out.csv.gz"] {
            let out = tmp.0.join(name);
            let report = tmp.0.join("report.csv");
            let run = sudoku_bulk(
                &[
                    "solve",
                    "-q",
                    &path,
                    "-o",
                    out.to_str().unwrap(),
                    "--report",
                    report.to_str().unwrap(),
                ],
                None,
            );
            assert_eq!(run.code, Some(2), "{}", run.stderr);
            let line =
                format!("reading {path}: line {}: damaged gzip data: it ends early", before + 1);
            assert!(run.stderr.contains(&line), "{line} in {}", run.stderr);
            let written = match name {
                "out.txt" => std::fs::read(&out).unwrap(),
                _ => decompress(&out),
            };
            let written = String::from_utf8(written).unwrap();
            match name {
                "out.txt" => assert_eq!(written, to_stdout.stdout, "{records} records"),
                _ => assert_eq!(written.lines().count(), before + 1, "a header and each record"),
            }
            assert_eq!(std::fs::read_to_string(&report).unwrap().lines().count(), 1, "the header");
        }
    }
}

#[test]
fn other_truncated_archives_answer_what_they_decoded_then_exit_2() {
    let tmp = TempDir::new("truncated-others");
    let text = puzzles(40_000);
    let zst = zstd::encode_all(&text[..], 3).unwrap();
    let mut xz = liblzma::write::XzEncoder::new(Vec::new(), 6);
    xz.write_all(&text).unwrap();
    let xz = xz.finish().unwrap();
    for (name, data) in [("cut.zst", zst), ("cut.xz", xz)] {
        let path = tmp.file(name, &data[..data.len() / 2]);
        let run = sudoku_bulk(&["validate", "-q", &path, "-o", "-"], None);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        assert!(run.stderr.contains("damaged"), "{name}: {}", run.stderr);
        let answered = run.stdout.lines().count();
        assert!(answered > 1000 && answered < 40_000, "{name}: {answered}");
        assert!(run.stdout.lines().all(|l| l == "valid"), "{name}");
    }
}
