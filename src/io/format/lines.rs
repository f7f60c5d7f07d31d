//! Line ends, as found in the wild: `\n`, `\r\n`, or a lone `\r` (old Mac files), in any mix.
//!
//! Every place that finds, counts or cuts lines goes through here, so that line numbers agree
//! everywhere and no piece of input is ever cut between the `\r` and the `\n` of one line end.

/// The line starting at `at`: where its content ends, and where the next line starts.
#[inline]
pub fn line_at(data: &[u8], at: usize) -> (usize, usize) {
    match memchr::memchr2(b'\n', b'\r', &data[at..]) {
        None => (data.len(), data.len()),
        Some(i) => (at + i, after_line_end(data, at + i)),
    }
}

/// Where the next line starts, given where a line's content ends (at a line end, or at the
/// end of the data): past its `\n`, `\r` or `\r\n`.
#[inline]
pub fn after_line_end(data: &[u8], end: usize) -> usize {
    match data.get(end..end + 2) {
        Some(b"\r\n") => end + 2,
        _ => (end + 1).min(data.len()),
    }
}

/// The lines of `data`, without their line ends.
pub fn lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= data.len() {
            return None;
        }
        let (end, next) = line_at(data, at);
        let line = &data[at..end];
        at = next;
        Some(line)
    })
}

/// How many line ends `data` holds (a `\r\n` counts once).
pub fn count_line_ends(data: &[u8]) -> u64 {
    // Most inputs have no `\r`: then one vector count of `\n`, rather than a step of the
    // iterator for every line (the reader's thread counts every piece it hands out).
    if memchr::memchr(b'\r', data).is_none() {
        return memchr::memchr_iter(b'\n', data).count() as u64;
    }
    memchr::memchr2_iter(b'\n', b'\r', data)
        .filter(|&i| !(data[i] == b'\r' && data.get(i + 1) == Some(&b'\n')))
        .count() as u64
}

/// Whether a line starts at `at`: the start of the data, or just past a line end (not between
/// the two bytes of a `\r\n`).
pub fn starts_line(data: &[u8], at: usize) -> bool {
    match at {
        0 => true,
        _ if at >= data.len() => matches!(data.last(), Some(b'\n' | b'\r')),
        _ => data[at - 1] == b'\n' || (data[at - 1] == b'\r' && data[at] != b'\n'),
    }
}

/// Where the line after the last certain line end of `data` starts. A `\r` as the very last
/// byte is not certain (a `\n` may follow, unread) unless `complete` says nothing follows.
pub fn after_last_line_end(data: &[u8], complete: bool) -> Option<usize> {
    let mut ends = memchr::memrchr2_iter(b'\n', b'\r', data);
    let last = ends.next()?;
    if data[last] == b'\r' && last + 1 == data.len() && !complete {
        return ends.next().map(|i| i + 1);
    }
    Some(last + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_line_end() {
        let data = b"a\nb\r\nc\rd";
        let got: Vec<&[u8]> = lines(data).collect();
        assert_eq!(got, [&b"a"[..], b"b", b"c", b"d"]);
        assert_eq!(count_line_ends(data), 3);
        assert_eq!(line_at(data, 2), (3, 5));
        assert_eq!(line_at(data, 5), (6, 7));
        assert!(starts_line(data, 2) && starts_line(data, 5) && starts_line(data, 7));
        assert!(!starts_line(data, 4), "between \\r and \\n");
        assert_eq!(count_line_ends(b"\r\r\n\n"), 3);
        // Without a `\r` (counted another way), long enough for the vector count.
        let plain = "a\n\n".repeat(50);
        assert_eq!(count_line_ends(plain.as_bytes()), 100);
        assert_eq!(count_line_ends(format!("{plain}\r").as_bytes()), 101);
    }

    #[test]
    fn a_trailing_cr_is_uncertain_until_the_end() {
        assert_eq!(after_last_line_end(b"a\nb\r", false), Some(2));
        assert_eq!(after_last_line_end(b"a\nb\r", true), Some(4));
        assert_eq!(after_last_line_end(b"a\r\nb", false), Some(3));
        assert_eq!(after_last_line_end(b"ab", false), None);
        assert_eq!(after_last_line_end(b"\r", false), None);
    }
}
