//! The plumbing of reviewed snapshots, shared by the fixture areas: listing
//! fixture files, reading the body of an insta `.snap` file, comparing a
//! rendering with it, and showing arbitrary bytes as readable text.
//!
//! The `insta` tests in `tests/tests/` write and check the snapshots; the
//! harness reads them directly, so it needs no `insta` itself.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The folder of insta snapshots: `tests/tests/snapshots`.
pub fn snapshots_dir() -> PathBuf {
    crate::crate_dir().join("tests/snapshots")
}

/// The snapshot that `insta::glob!` (with the module prefix turned off)
/// gives the fixture `fixture` below `base`, for the snapshot name `name`:
/// `<name>@<path below base, with / as __>.snap`.
pub fn glob_snapshot_path(name: &str, base: &Path, fixture: &Path) -> PathBuf {
    let relative = fixture.strip_prefix(base).unwrap_or(fixture);
    let relative = relative.to_string_lossy().replace(['/', '\\'], "__");
    snapshots_dir().join(format!("{name}@{relative}.snap"))
}

/// Compares `rendered` with the body of the reviewed snapshot at
/// `snapshot`; `Err` says what differs, or how to create the snapshot.
pub(crate) fn compare(snapshot: &Path, rendered: &str, test: &str) -> Result<(), String> {
    let reviewed = match fs::read_to_string(snapshot) {
        Ok(text) => snapshot_body(&text).to_owned(),
        Err(err) => {
            return Err(format!(
                "no reviewed snapshot {} ({err}): run INSTA_UPDATE=always cargo test -p \
                 pgn-tests --test {test} and review it",
                snapshot.display()
            ));
        }
    };
    if normalize(&reviewed) == normalize(rendered) {
        Ok(())
    } else {
        Err(format!("rendering differs from its snapshot:\n{rendered}\n--- reviewed:\n{reviewed}"))
    }
}

/// The body of an insta `.snap` file: the text after its `---` front matter.
pub(crate) fn snapshot_body(text: &str) -> &str {
    let Some(rest) = text.strip_prefix("---\n") else { return text };
    match rest.split_once("\n---\n") {
        Some((_, body)) => body,
        None => rest,
    }
}

/// Text as insta compares it: line endings as LF, no trailing whitespace.
pub(crate) fn normalize(text: &str) -> String {
    text.trim_end().replace("\r\n", "\n")
}

/// Adds the files under `dir`, recursively and sorted by path, to `out`.
pub(crate) fn list_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    let mut entries = fs::read_dir(dir)?.collect::<Result<Vec<_>, _>>()?;
    entries.sort_by_key(fs::DirEntry::path);
    for entry in entries {
        if entry.file_type()?.is_dir() {
            list_files(&entry.path(), out)?;
        } else {
            out.push(entry.path());
        }
    }
    Ok(())
}

/// The snapshots whose file name starts with `prefix` (such as `lex@`).
pub(crate) fn snapshots_named(prefix: &str) -> Vec<PathBuf> {
    let mut snapshots = Vec::new();
    // A missing folder is fine here: the fixtures then fail on their own.
    let _ = list_files(&snapshots_dir(), &mut snapshots);
    snapshots.retain(|path| {
        path.file_name().is_some_and(|name| name.to_string_lossy().starts_with(prefix))
    });
    snapshots
}

/// Shows bytes as a quoted, readable string: printable ASCII and printable
/// UTF-8 characters as they are; `"` and `\` escaped; line ends, tabs and
/// other control characters as escapes (`\n`, `\t`, `\x00`, `\u{85}`);
/// bytes that are not UTF-8 as `\xNN`.
///
/// Text longer than `max` characters is cut in the middle and the cut says
/// how many bytes the whole text has, so that snapshots of long tokens stay
/// readable.
pub fn quote(bytes: &[u8], max: usize) -> String {
    let escaped = escape(bytes);
    let chars: Vec<char> = escaped.chars().collect();
    if chars.len() <= max {
        return format!("\"{escaped}\"");
    }
    let head: String = chars[..max * 2 / 3].iter().collect();
    let tail: String = chars[chars.len() - max / 3..].iter().collect();
    format!("\"{head}\" ... \"{tail}\" ({} bytes)", bytes.len())
}

/// The escaping of [`quote`], without quotes and without a length limit.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                '\0'..='\x1f' | '\x7f' => {
                    let _ = write!(out, "\\x{:02x}", u32::from(c));
                }
                c if c.is_control() || c == '\u{feff}' => {
                    let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out
}

/// `text`, cut to its first `max` characters (with `…`) when longer: for
/// messages that quote input.
pub(crate) fn short(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        let cut: String = text.chars().take(max).collect();
        format!("{cut}…")
    }
}

/// The last part of `path` (empty if it has none), as text.
pub(crate) fn file_name(path: &std::path::Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// True if `name` starts with one of `prefixes`: a fixture a row counts.
pub(crate) fn counted_by(prefixes: &[&str], name: &str) -> bool {
    prefixes.iter().any(|prefix| name.starts_with(prefix))
}

/// One row of fixtures, the stems of whose files say which row counts
/// them: a case for each of `fixtures` whose name starts with one of
/// `prefixes`, checked by `check` (a panic is a failed case); none at all
/// is a failure. `fixtures` is the fixture folder (`dir`) listed, or why
/// it could not be.
pub(crate) fn fixture_row(
    prefixes: &[&str],
    fixtures: Result<Vec<PathBuf>, String>,
    dir: &Path,
    check: impl Fn(&Path) -> Result<(), String>,
    section: &mut crate::Section,
) {
    let fixtures = match fixtures {
        Ok(fixtures) => fixtures,
        Err(e) => return section.fail(e),
    };
    let mine: Vec<&PathBuf> =
        fixtures.iter().filter(|path| counted_by(prefixes, &file_name(path))).collect();
    if mine.is_empty() {
        section.fail(format!("no fixtures {prefixes:?} in {}", dir.display()));
    }
    for path in mine {
        let outcome = crate::reading::no_panic(|| check(path)).and_then(|outcome| outcome);
        section.record(outcome.map_err(|e| format!("{}: {e}", file_name(path))));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_front_matter_is_skipped() {
        let snap = "---\nsource: tests/fen_fixtures.rs\nexpression: report\n---\ninput: \"x\"\n";
        assert_eq!(snapshot_body(snap), "input: \"x\"\n");
        assert_eq!(snapshot_body("no front matter"), "no front matter");
    }

    #[test]
    fn bytes_are_shown_readably() {
        assert_eq!(quote(b"a \"b\" \\c", 80), r#""a \"b\" \\c""#);
        assert_eq!(quote(b"\r\n\t\x0b\x00\x7f", 80), r#""\r\n\t\x0b\x00\x7f""#);
        assert_eq!(quote("é½–∞".as_bytes(), 80), "\"é½–∞\"");
        assert_eq!(quote(b"M\xfcnchen", 80), r#""M\xfcnchen""#);
        assert_eq!(quote("\u{85}\u{feff}".as_bytes(), 80), r#""\u{85}\u{feff}""#);
        assert_eq!(quote(b"abcdefghij", 6), r#""abcd" ... "ij" (10 bytes)"#);
    }
}
