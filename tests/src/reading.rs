//! Reading PGN (§4–§8 and §18 of the standard, and `real-world-notes.md`):
//! the reviewed fixtures of `pgn-lex` and `pgn-syntax`, and the corpus
//! checks.
//!
//! # Fixtures
//!
//! One small `.pgn` input per rule, in two areas:
//!
//! - `tests/data/lex/{ok,err}/`: the lexer's token stream
//!   ([`lex::render_tokens`]). An `ok/` input lexes cleanly (no invalid
//!   token and no flag but `ESCAPED`); an `err/` input does not.
//! - `tests/data/syntax/{ok,err}/`: the games the reader builds and its
//!   diagnostics ([`syntax::render_games`]). An `ok/` input reads without
//!   any diagnostic but `IncompleteSevenTagRoster` (fixtures are minimal
//!   and leave the roster out); an `err/` input gives at least one other.
//!
//! A fixture is named `CODE_NNNN_what_it_shows.pgn`. `CODE` says which rule
//! it belongs to, and so which row of the conformance table counts it:
//!
//! | code | rule | row |
//! |---|---|---|
//! | `0401`, `0402`, `0403` | §4.1 character codes, §4.2 tabs, §4.3 line lengths | `§4.1 character codes`, `§4.2 tab characters`, `§4.3 line lengths` |
//! | `0500` | §5 commentary | `§5 commentary` |
//! | `0600` | §6 escape mechanism | `§6 escape` |
//! | `0700` | §7 tokens | `§7 tokens` |
//! | `0801` | §8.1 tag pair section | `§8.1 tag pairs` |
//! | `0802` | §8.2 movetext section | one row per subsection, §8.2.2 to §8.2.6, each naming its fixtures by number in `ROWS` |
//! | `1800` | §18 formal syntax (and §8's "zero or more games") | `§18 formal syntax` |
//! | `rw01`, `rw02`, `rw03` | `real-world-notes.md`: bytes and lines, tags, movetext | `real-world notes` |
//!
//! `NNNN` numbers the fixtures of one code within an area, across `ok/` and
//! `err/`. Each fixture has a reviewed insta snapshot of its rendering,
//! `tests/tests/snapshots/<area>@<ok|err>__<file>.snap`, written by the
//! `insta::glob!` tests `tests/lex_fixtures.rs` and
//! `tests/syntax_fixtures.rs`; the harness compares the same rendering with
//! the snapshot's body. A case passes when the rendering equals the
//! snapshot, the input does what its folder says, and reading it in small
//! pieces gives the same result as reading it whole (lexer windows of one
//! byte; a reader over a source that returns one byte per `read`).
//!
//! To add a fixture, add the file and run
//! `INSTA_UPDATE=always cargo test -p pgn-tests --test lex_fixtures`
//! (or `--test syntax_fixtures`), then review the new `.snap` file.
//! Problems of the fixture set as a whole (a name without a known code, a
//! snapshot without its fixture) are failures of the first row.
//!
//! # Corpus
//!
//! See [`corpus`]: every PGN file of the corpus is read without a panic
//! and gives the number of games its inventory says, and the files known to
//! be malformed have reviewed snapshots of their diagnostics.

pub mod corpus;
pub mod lex;
pub mod syntax;

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use crate::snapshot::{self, file_name, list_files};
use crate::{Check, Context, Section};

/// A fixture row: its name, the section of the standard it covers, and
/// the fixtures it counts: a code (`0500`, every fixture of it) or a code
/// and number (`0802_0014`, one fixture).
struct Row {
    name: &'static str,
    covers: &'static str,
    fixtures: &'static [&'static str],
}

/// The fixture rows, in table order. Every fixture is counted by exactly
/// one row; the first row fails for a fixture that none or two count.
const ROWS: &[Row] = &[
    Row { name: "§4.1 character codes", covers: "§4.1", fixtures: &["0401"] },
    Row { name: "§4.2 tab characters", covers: "§4.2", fixtures: &["0402"] },
    Row { name: "§4.3 line lengths", covers: "§4.3", fixtures: &["0403"] },
    Row { name: "§5 commentary", covers: "§5", fixtures: &["0500"] },
    Row { name: "§6 escape", covers: "§6", fixtures: &["0600"] },
    Row { name: "§7 tokens", covers: "§7", fixtures: &["0700"] },
    Row { name: "§8.1 tag pairs", covers: "§8.1", fixtures: &["0801"] },
    Row {
        name: "§8.2.2.1 import move numbers",
        covers: "§8.2.2",
        fixtures: &["0802_0001", "0802_0002", "0802_0003", "0802_0004", "0802_0005", "0802_0006"],
    },
    Row {
        name: "§8.2.3 SAN tokens and suffixes",
        covers: "§8.2.3",
        fixtures: &["0802_0007", "0802_0008", "0802_0009", "0802_0021", "0802_0022", "0802_0023"],
    },
    Row {
        name: "§8.2.4 NAG tokens",
        covers: "§8.2.4",
        fixtures: &["0802_0010", "0802_0011", "0802_0012", "0802_0013", "0802_0024"],
    },
    Row {
        name: "§8.2.5 RAV",
        covers: "§8.2.5",
        fixtures: &["0802_0014", "0802_0015", "0802_0016", "0802_0017", "0802_0018", "0802_0019"],
    },
    Row {
        name: "§8.2.6 game termination markers",
        covers: "§8.2.6",
        fixtures: &["0802_0020", "0802_0025", "0802_0026"],
    },
    Row { name: "§18 formal syntax", covers: "§18", fixtures: &["1800"] },
    Row { name: "real-world notes", covers: "§3.1", fixtures: &["rw01", "rw02", "rw03"] },
];

/// True if `row` counts the fixture called `file_name`.
fn counts(row: &Row, file_name: &str) -> bool {
    row.fixtures
        .iter()
        .any(|sel| file_name.starts_with(sel) && file_name.as_bytes().get(sel.len()) == Some(&b'_'))
}

/// The fixture rows, then the corpus rows.
pub fn checks() -> Vec<Check> {
    let mut checks: Vec<Check> = ROWS
        .iter()
        .enumerate()
        .map(|(index, row)| {
            Check::new(row.name, move |_ctx: &Context, section: &mut Section| {
                fixture_row(row, index == 0, section);
            })
            .covers(&[row.covers])
            .fixtures(&["tests/data/lex/", "tests/data/syntax/"])
        })
        .collect();
    checks.extend(corpus::checks());
    checks
}

/// The two fixture areas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// `tests/data/lex`: token streams of `pgn-lex`.
    Lex,
    /// `tests/data/syntax`: games and diagnostics of `pgn-syntax`.
    Syntax,
}

impl Area {
    /// Both areas.
    pub const ALL: [Area; 2] = [Area::Lex, Area::Syntax];

    /// The area's name: its folder under `tests/data` and its snapshot name.
    pub fn name(self) -> &'static str {
        match self {
            Area::Lex => "lex",
            Area::Syntax => "syntax",
        }
    }

    /// The folder of the area's fixtures.
    pub fn dir(self) -> PathBuf {
        crate::crate_dir().join("data").join(self.name())
    }

    /// The reviewed snapshot of a fixture of this area.
    pub fn snapshot_path(self, fixture: &Path) -> PathBuf {
        snapshot::glob_snapshot_path(self.name(), &self.dir(), fixture)
    }

    /// The rendering of a fixture's bytes in this area.
    pub fn render(self, input: &[u8]) -> String {
        match self {
            Area::Lex => lex::render_tokens(input),
            Area::Syntax => syntax::render_games(input),
        }
    }

    fn test_name(self) -> &'static str {
        match self {
            Area::Lex => "lex_fixtures",
            Area::Syntax => "syntax_fixtures",
        }
    }
}

/// A fixture file and what its place says about it.
#[derive(Clone, Debug)]
struct Fixture {
    path: PathBuf,
    area: Area,
    /// In `ok/` (else in `err/`).
    ok: bool,
}

/// Every fixture file of both areas, and a message per problem in listing
/// them.
fn all_fixtures() -> (Vec<Fixture>, Vec<String>) {
    let mut fixtures = Vec::new();
    let mut problems = Vec::new();
    for area in Area::ALL {
        for (folder, ok) in [("ok", true), ("err", false)] {
            let dir = area.dir().join(folder);
            let mut files = Vec::new();
            if let Err(err) = list_files(&dir, &mut files) {
                problems.push(format!("cannot list {}: {err}", dir.display()));
            }
            if files.is_empty() {
                problems.push(format!("no fixtures in {}", dir.display()));
            }
            fixtures.extend(files.into_iter().map(|path| Fixture { path, area, ok }));
        }
    }
    (fixtures, problems)
}

/// The code of a fixture name `CODE_NNNN_words.pgn`, if the name has that
/// form and the code is one of `ROWS`.
pub fn fixture_code(file_name: &str) -> Option<&str> {
    let stem = file_name.strip_suffix(".pgn")?;
    let mut parts = stem.splitn(3, '_');
    let (code, number, words) = (parts.next()?, parts.next()?, parts.next()?);
    let well_formed = number.len() == 4
        && number.bytes().all(|b| b.is_ascii_digit())
        && !words.is_empty()
        && words.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    let known = ROWS.iter().any(|row| row.fixtures.iter().any(|sel| sel.starts_with(code)));
    (well_formed && known).then_some(code)
}

/// One fixture row: the fixtures it counts. The first row also reports
/// the problems of the fixture set as a whole.
fn fixture_row(row: &Row, whole_set: bool, section: &mut Section) {
    let (fixtures, problems) = all_fixtures();
    if whole_set {
        for problem in problems {
            section.fail(problem);
        }
        for fixture in &fixtures {
            let name = file_name(&fixture.path);
            if fixture_code(&name).is_none() {
                section.fail(format!(
                    "{}: not named CODE_NNNN_words.pgn with a known CODE (see tests/src/reading.rs)",
                    shown(&fixture.path)
                ));
            }
            let rows = ROWS.iter().filter(|row| counts(row, &name)).count();
            if rows != 1 {
                section.fail(format!(
                    "{}: counted by {rows} rows, not one (see ROWS in tests/src/reading.rs)",
                    shown(&fixture.path)
                ));
            }
        }
        check_no_orphan_snapshots(&fixtures, section);
    }
    for fixture in &fixtures {
        let name = file_name(&fixture.path);
        if fixture_code(&name).is_some() && counts(row, &name) {
            let outcome = check_fixture(fixture);
            section.record(outcome.map_err(|err| format!("{}: {err}", shown(&fixture.path))));
        }
    }
}

fn shown(path: &Path) -> String {
    path.strip_prefix(crate::crate_dir()).unwrap_or(path).display().to_string()
}

/// Runs `f`, turning a panic into an error message.
pub(crate) fn no_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_owned());
        format!("panicked: {message}")
    })
}

fn check_fixture(fixture: &Fixture) -> Result<(), String> {
    let input = std::fs::read(&fixture.path).map_err(|err| format!("cannot read: {err}"))?;
    let area = fixture.area;
    let rendered = no_panic(|| area.render(&input))?;
    snapshot::compare(&area.snapshot_path(&fixture.path), &rendered, area.test_name())?;
    match area {
        Area::Lex => {
            let clean = lex::lexes_cleanly(&input);
            if clean != fixture.ok {
                return Err(if fixture.ok {
                    "an ok/ fixture must lex without invalid tokens or irregular flags".to_owned()
                } else {
                    "an err/ fixture must give an invalid token or an irregular flag".to_owned()
                });
            }
            if no_panic(|| lex::tokens_in_windows(&input, 1))? != lex::tokens_whole(&input) {
                return Err("lexing in one-byte windows gives other tokens".to_owned());
            }
        }
        Area::Syntax => {
            let whole = syntax::read_bytes(&input);
            // Fixtures are minimal: an incomplete Seven Tag Roster is not
            // what an `ok/` fixture is about (the roster rule has its own
            // `err/` fixtures), so it alone does not make a fixture unclean.
            let clean = whole.diagnostics().all(|d| {
                matches!(d.kind, pgn_syntax::DiagnosticKind::IncompleteSevenTagRoster { .. })
            });
            if clean != fixture.ok {
                return Err(if fixture.ok {
                    "an ok/ fixture must read without diagnostics".to_owned()
                } else {
                    "an err/ fixture must give at least one diagnostic".to_owned()
                });
            }
            let trickle = no_panic(|| syntax::read(OneByte(&input)))?
                .map_err(|err| format!("reading one byte at a time failed: {err}"))?;
            if trickle != whole {
                return Err("reading one byte per read call gives other games".to_owned());
            }
        }
    }
    Ok(())
}

/// Fails for every lex or syntax snapshot without its fixture (insta
/// leaves one behind when a fixture is renamed or removed).
fn check_no_orphan_snapshots(fixtures: &[Fixture], section: &mut Section) {
    for area in Area::ALL {
        for snapshot in snapshot::snapshots_named(&format!("{}@", area.name())) {
            let known =
                fixtures.iter().any(|f| f.area == area && area.snapshot_path(&f.path) == snapshot);
            if !known {
                section.fail(format!("{}: snapshot without a fixture", snapshot.display()));
            }
        }
    }
}

/// A source that hands out one byte per `read` call, to check that the
/// reader does not depend on how its input arrives.
#[derive(Clone, Copy, Debug)]
pub struct OneByte<'a>(pub &'a [u8]);

impl std::io::Read for OneByte<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&byte, rest)), Some(slot)) => {
                *slot = byte;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixture_names() {
        assert_eq!(fixture_code("0801_0003_tag_pairs_on_one_line.pgn"), Some("0801"));
        assert_eq!(fixture_code("rw02_0001_missing_roster.pgn"), Some("rw02"));
        assert_eq!(fixture_code("0899_0001_unknown_section.pgn"), None);
        assert_eq!(fixture_code("0801_01_short_number.pgn"), None);
        assert_eq!(fixture_code("0801_0001_Upper.pgn"), None);
        assert_eq!(fixture_code("0801_0001.pgn"), None);
        assert_eq!(fixture_code("0801_0001_no_extension"), None);
    }

    #[test]
    fn one_byte_reads() {
        use std::io::Read as _;
        let mut source = OneByte(b"abc");
        let mut buf = [0; 8];
        assert_eq!(source.read(&mut buf).ok(), Some(1));
        let mut rest = Vec::new();
        assert_eq!(source.read_to_end(&mut rest).ok(), Some(2));
        assert_eq!(rest, b"bc");
    }
}
