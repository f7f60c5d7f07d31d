//! A reader of the tokens of one JSON Lines record as `Encoder::jsonl` writes it (strings,
//! integers, `null`, punctuation): all the Parquet writer needs to decode our own output.

/// A reader of one JSON record's tokens: strings, integers, `null`, punctuation.
pub(super) struct Json<'a> {
    pub(super) text: &'a [u8],
    pub(super) at: usize,
}

impl Json<'_> {
    fn skip_space(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// The next byte after white space, not taken.
    pub(super) fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    /// Takes `byte` if it comes next.
    pub(super) fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    pub(super) fn expect(&mut self, byte: u8) -> Result<(), String> {
        match self.eat(byte) {
            true => Ok(()),
            false => Err(self.unexpected(&format!("'{}'", byte as char))),
        }
    }

    fn unexpected(&self, expected: &str) -> String {
        match self.text.get(self.at) {
            Some(&b) => {
                format!("expected {expected} at byte {}, found {:?}", self.at + 1, b as char)
            }
            None => format!("expected {expected} at byte {}, found the line's end", self.at + 1),
        }
    }

    /// Nothing but white space is left.
    pub(super) fn end(&mut self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected("the line's end")),
        }
    }

    pub(super) fn null(&mut self) -> Result<(), String> {
        if !self.text[self.at..].starts_with(b"null") {
            return Err(self.unexpected("null"));
        }
        self.at += 4;
        Ok(())
    }

    /// An integer, which must fit in 64 bits.
    pub(super) fn integer(&mut self) -> Result<i64, String> {
        let start = self.at;
        self.at += usize::from(self.text.get(self.at) == Some(&b'-'));
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or_default();
        if matches!(self.text.get(self.at), Some(b'.' | b'e' | b'E')) {
            return Err(format!("a number that is not an integer at byte {}", start + 1));
        }
        digits.parse().map_err(|e| format!("number {digits:?} at byte {}: {e}", start + 1))
    }

    /// A string, unescaped into `out`.
    pub(super) fn string(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        out.clear();
        self.expect(b'"')?;
        loop {
            let rest = &self.text[self.at..];
            let Some(i) = memchr::memchr2(b'"', b'\\', rest) else {
                return Err("a string without its closing quote".into());
            };
            out.extend_from_slice(&rest[..i]);
            self.at += i + 1;
            if rest[i] == b'"' {
                return Ok(());
            }
            let escape = self.text.get(self.at).copied();
            self.at += 1;
            match escape {
                Some(b @ (b'"' | b'\\' | b'/')) => out.push(b),
                Some(b'b') => out.push(0x08),
                Some(b'f') => out.push(0x0C),
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
                Some(b't') => out.push(b'\t'),
                Some(b'u') => {
                    let mut code = self.hex4()?;
                    // A surrogate pair: `\uD83D\uDE00`.
                    if (0xD800..0xDC00).contains(&code) && self.text[self.at..].starts_with(b"\\u")
                    {
                        self.at += 2;
                        let low = self.hex4()?;
                        code =
                            0x10000 + ((code - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF);
                    }
                    let c = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => return Err(format!("a bad escape at byte {}", self.at)),
            }
        }
    }

    /// Four hexadecimal digits.
    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.at..self.at + 4).and_then(|d| std::str::from_utf8(d).ok());
        let code = digits.and_then(|d| u32::from_str_radix(d, 16).ok());
        self.at += 4;
        code.ok_or_else(|| format!("a bad \\u escape at byte {}", self.at - 5))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The JSON strings the encoder writes (`output::json_string`) decode to the text
        /// they were made from, as lossy UTF-8.
        #[test]
        fn json_strings_decode_to_what_was_encoded(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            text in "\\PC{0,20}",
        ) {
            for input in [bytes.as_slice(), text.as_bytes()] {
                let mut json = Vec::new();
                crate::io::output::json_string(&mut json, input);
                let mut out = Vec::new();
                let mut reader = Json { text: &json, at: 0 };
                reader.string(&mut out).unwrap();
                proptest::prop_assert_eq!(reader.at, json.len());
                proptest::prop_assert_eq!(
                    String::from_utf8(out).unwrap(),
                    String::from_utf8_lossy(input).into_owned()
                );
            }
        }
    }

    #[test]
    fn json_escapes_decode() {
        let mut out = Vec::new();
        let json = br#""a\"b\\c\/\n\r\t\b\f\u0001\u00e9\ud83d\ude00""#;
        Json { text: json, at: 0 }.string(&mut out).unwrap();
        let expected = "a\"b\\c/\n\r\t\u{8}\u{c}\u{1}\u{e9}\u{1f600}";
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
