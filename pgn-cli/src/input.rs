//! Opening the inputs of the subcommands: a file or standard input (`-`),
//! refused at once when its first bytes show binary data rather than text.

use std::fs::File;
use std::io::{self, Read};

/// How many bytes at the start of an input are looked at.
const SNIFF: usize = 4096;

/// Opens `name` (`-` is standard input). The result is not buffered: the
/// readers of the toolkit buffer by themselves.
///
/// # Errors
///
/// The file cannot be opened or read, or it holds binary data
/// ([`looks_binary`]): an error of kind `InvalidData` saying so.
pub(crate) fn open(name: &str) -> io::Result<Box<dyn Read>> {
    let mut inner: Box<dyn Read> =
        if name == "-" { Box::new(io::stdin().lock()) } else { Box::new(File::open(name)?) };
    // The first bytes are read, looked at, and put back in front of the rest.
    let mut start = Vec::with_capacity(SNIFF);
    (&mut inner).take(SNIFF as u64).read_to_end(&mut start)?;
    if let Some(why) = looks_binary(&start) {
        return Err(io::Error::new(io::ErrorKind::InvalidData, why));
    }
    Ok(Box::new(io::Cursor::new(start).chain(inner)))
}

/// Why `start`, the first bytes of an input, is binary data and not text:
/// a NUL byte together with control bytes making up more than a tenth of
/// it (executables, images, archives). A text file with a few stray
/// control bytes passes, and its reader reports them.
pub(crate) fn looks_binary(start: &[u8]) -> Option<String> {
    if !start.contains(&0) {
        return None;
    }
    let control =
        start.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c)).count();
    (control * 10 > start.len()).then(|| {
        format!(
            "not a text file: binary data ({control} control bytes, NUL among them, in the first \
             {} bytes)",
            start.len()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_is_told_from_text_with_stray_bytes() {
        assert!(looks_binary(b"1. e4 e5 *\n").is_none());
        // One stray NUL in text: the reader reports it.
        assert!(looks_binary(b"[Event \"a\0\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").is_none());
        let elf = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0";
        assert!(looks_binary(elf).is_some_and(|why| why.starts_with("not a text file")));
        assert!(looks_binary(b"").is_none());
    }
}
