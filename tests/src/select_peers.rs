//! `pgn select` against pgn-extract on the corpus: for queries that both
//! tools express (a player, an ECO range, results, bounds on plies and
//! moves, a position, an opening by transposition, how the game ends,
//! duplicates), the same games are chosen from the gnuchess book, a
//! lichess sample and a TWIC sample.
//!
//! `tests/data/select-peers/queries.tsv` lists the queries, one row for
//! each query and input: pgn-extract's arguments, and what pgn-select is
//! asked (a criterion in the text form of [`Selection::parse`], or
//! `dedupe`). Its script `generate.sh` ran pgn-extract for each row and
//! wrote the numbers of the games it chose (from 1, in input order) to
//! `QUERY.STEM.txt`, zstd-compressed when the input is (see the script for
//! how games are numbered and the format, [`Expected`]); pgn-extract is
//! not needed here.
//!
//! Each row is one case. The input is read with [`Reader`], each game
//! replayed by a [`Replayer`] in front of a [`Selector`] of the row's
//! selection (a game that cannot be replayed is not chosen, as
//! pgn-extract leaves it out); for `dedupe`, every game that replays is
//! fingerprinted by its main line ([`Deduper`], [`DuplicateMode::Moves`])
//! and kept when the deduper has not seen its fingerprint, as `pgn
//! dedupe` does. The case passes when the games chosen are those of the
//! file, but for the differences listed in [`KNOWN`], each with its reason;
//! a difference not listed fails, and so does a listed one that no longer
//! occurs. Reading the whole input, the number of games must also be the
//! file's, which checks that both tools were given the same games.
//!
//! [`Mode::Quick`] reads the first [`QUICK_PREFIX`] bytes of each input
//! (cut back to a whole game) and compares the games read there; the
//! other modes read every input whole.
//!
//! Not compared: pgn-extract's material match (`-z`, `-y`), which
//! pgn-select cannot express. `-z` takes either colour for the first
//! side, as `material` does, but looks only at the positions before each
//! move (never at the final one) and wants the material in three of them
//! in a row (its stated depth, 2 by default, plus one); and it counts the
//! material from the captures and promotions, a promotion taking a pawn
//! from the side that did not promote and giving it the new piece. On the
//! book `-z` with `KRP KR` chooses 795 games, `material KRPvKR` (at any
//! ply) 1,273 and `material-end KRPvKR` 1,017; those rules, checked on
//! the positions of the 1,273, choose pgn-extract's 795 exactly.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use pgn_replay::Replayer;
use pgn_select::{Decide, Deduper, DuplicateMode, MemoryStore, Seen, Selection, Selector, Verdict};
use pgn_syntax::Reader;

use crate::export_roundtrip::read_corpus_file;
use crate::parallel::parallel_map;
use crate::reading::no_panic;
use crate::snapshot::{file_name, list_files, short};
use crate::{Check, Context, Mode, Section};

/// The name of the row.
pub const ROW: &str = "pgn select vs pgn-extract (corpus)";

/// How much of each input [`Mode::Quick`] reads (bytes, cut back to the
/// last whole game): about 440 games of the book, 570 of the TWIC sample
/// and 120 of the lichess one.
pub const QUICK_PREFIX: u64 = 256 * 1024;

/// The row of this module.
pub fn checks() -> Vec<Check> {
    vec![Check::new(ROW, row).fixtures(&["tests/data/select-peers/", "corpus:bench/"])]
}

/// The folder of the queries and expected selections.
pub fn dir() -> PathBuf {
    crate::crate_dir().join("data").join("select-peers")
}

/// Which tool chose a game that the other did not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// pgn-select chose it, pgn-extract did not.
    PgnSelect,
    /// pgn-extract chose it, pgn-select did not.
    PgnExtract,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::PgnSelect => "chosen by pgn-select only",
            Side::PgnExtract => "chosen by pgn-extract only",
        })
    }
}

/// Why the tools choose differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// pgn-extract's `-Tp` (and every `-T` of a tag) matches the start of
    /// the tag's value, unless `--tagsubstr` is given; `player` matches the
    /// name anywhere in the White or Black tag. The game has the name
    /// after the start of its tag only (the same query with `--tagsubstr`,
    /// row `player-substring`, agrees on it).
    PrefixMatch,
}

impl Why {
    /// The reason in words, for messages.
    pub fn explain(self) -> &'static str {
        match self {
            Why::PrefixMatch => {
                "pgn-extract -Tp matches the start of a tag, `player` anywhere in it"
            }
        }
    }
}

/// A difference between the tools that is understood.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// The query (first column of `queries.tsv`).
    pub query: &'static str,
    /// The input's stem (its file name without `.pgn` and `.zst`).
    pub input: &'static str,
    /// The game, by its number in the input (from 1).
    pub game: u64,
    /// Which tool chose it.
    pub side: Side,
    /// Why.
    pub why: Why,
}

const fn known(query: &'static str, input: &'static str, game: u64, side: Side, why: Why) -> Known {
    Known { query, input, game, side, why }
}

/// Every known difference. All are of `player`, whose test is a prefix
/// for pgn-extract; the comment gives the tag that has the name after its
/// start. Every other query chooses the same games on all three inputs:
/// both tools replay every game of them, so no game is left out by one
/// tool only as unplayable.
pub const KNOWN: &[Known] = &[
    // Black "Computer 'Kasparov's Gambit'".
    known("player", "gnuchess-book_1.02", 12328, Side::PgnSelect, Why::PrefixMatch),
    // White "Yousefi-ChessClub".
    known("player", "lichess_db_1000k", 68, Side::PgnSelect, Why::PrefixMatch),
    // Black, White, Black, White, Black "Mu,Wangxueyao".
    known("player", "twic1599_1000k", 930, Side::PgnSelect, Why::PrefixMatch),
    known("player", "twic1599_1000k", 990, Side::PgnSelect, Why::PrefixMatch),
    known("player", "twic1599_1000k", 1008, Side::PgnSelect, Why::PrefixMatch),
    known("player", "twic1599_1000k", 1022, Side::PgnSelect, Why::PrefixMatch),
    known("player", "twic1599_1000k", 1042, Side::PgnSelect, Why::PrefixMatch),
];

/// What pgn-select is asked in a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    /// The games that pass this selection.
    Select(Selection),
    /// The first game of each main line (duplicates left out).
    Dedupe,
}

/// A row of `queries.tsv`.
#[derive(Clone, Debug)]
pub struct Query {
    /// The query's name.
    pub name: String,
    /// The input, below the corpus root.
    pub input: String,
    /// pgn-extract's arguments (for messages).
    pub extract: String,
    /// What pgn-select is asked.
    pub ask: Ask,
}

impl Query {
    /// The stem of the input: its file name without `.pgn` and `.zst`.
    pub fn stem(&self) -> &str {
        let name = self.input.rsplit('/').next().unwrap_or_default();
        let name = name.strip_suffix(".zst").unwrap_or(name);
        name.strip_suffix(".pgn").unwrap_or(name)
    }

    /// The file of the expected selection, beside `queries.tsv`.
    pub fn expected_file(&self) -> PathBuf {
        let zst = if self.input.ends_with(".zst") { ".zst" } else { "" };
        dir().join(format!("{}.{}.txt{zst}", self.name, self.stem()))
    }
}

/// Reads the rows of `queries.tsv` (blank lines and `#` lines skipped).
///
/// # Errors
///
/// A row without four tab-separated fields, or whose criterion cannot be
/// read, with its line number.
pub fn parse_queries(text: &str) -> Result<Vec<Query>, String> {
    let mut queries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("queries.tsv, line {}: {why}", i + 1);
        let [name, input, extract, select] = line
            .split('\t')
            .collect::<Vec<_>>()
            .try_into()
            .map_err(|fields: Vec<_>| at(format!("{} fields, not 4", fields.len())))?;
        let ask = match select {
            "dedupe" => Ask::Dedupe,
            criterion => Ask::Select(Selection::parse(criterion).map_err(|e| at(e.to_string()))?),
        };
        queries.push(Query {
            name: name.into(),
            input: input.into(),
            extract: extract.into(),
            ask,
        });
    }
    Ok(queries)
}

/// An expected selection, as `generate.sh` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// The query it answers (`# query:`).
    pub query: String,
    /// The input (`# input:`).
    pub input: String,
    /// The games of the input (`# games:`).
    pub games: u64,
    /// The numbers of the games chosen, increasing.
    pub selected: Vec<u64>,
}

/// Reads an expected selection: `# key: value` lines, then one line for
/// each run of consecutive games chosen, `GAP` or `GAP,LENGTH` (the first
/// game of the run is `GAP` past the last of the run before, or past 0).
/// The `# selected:` count must be the number of games the runs hold.
///
/// # Errors
///
/// A line that is not of that form, a missing or wrong count.
pub fn parse_expected(text: &str) -> Result<Expected, String> {
    let header = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("# ")?.strip_prefix(key)?.strip_prefix(": "))
            .map(str::to_owned)
            .ok_or_else(|| format!("no `# {key}:` line"))
    };
    let number = |text: &str| text.parse::<u64>().map_err(|_| format!("`{text}` is no number"));
    let (query, input) = (header("query")?, header("input")?);
    let (games, count) = (number(&header("games")?)?, number(&header("selected")?)?);
    let mut selected = Vec::new();
    let mut end = 0u64;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (gap, length) = match line.split_once(',') {
            Some((gap, length)) => (number(gap)?, number(length)?),
            None => (number(line)?, 1),
        };
        let start = end.checked_add(gap).filter(|_| gap > 0 && length > 0);
        let start = start.ok_or_else(|| format!("`{line}` is no run after game {end}"))?;
        end = start + length - 1;
        selected.extend(start..=end);
    }
    if selected.len() as u64 != count || end > games {
        return Err(format!(
            "the runs hold {} games up to game {end}; the header says {count} of {games}",
            selected.len()
        ));
    }
    Ok(Expected { query, input, games, selected })
}

/// What pgn-select chose from an input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The games read.
    pub games: u64,
    /// The numbers of the games chosen, increasing.
    pub selected: Vec<u64>,
    /// The games that could not be replayed (never chosen).
    pub unplayable: u64,
}

/// Runs `ask` over every game of `input`, with pgn-select's library as
/// `pgn select` and `pgn dedupe` use it.
///
/// # Errors
///
/// Reading from memory failed, or the duplicate index did.
pub fn choose(input: &[u8], ask: &Ask) -> Result<Outcome, String> {
    let (selection, dedupe) = match ask {
        Ask::Select(selection) => (selection.clone(), false),
        Ask::Dedupe => (Selection::new(), true),
    };
    let mut replayer = Replayer::new(Selector::new(selection, Decide).keep_main_line(dedupe));
    let mut reader = Reader::new(input);
    let mut deduper = Deduper::new(DuplicateMode::Moves, MemoryStore::default());
    let mut outcome = Outcome::default();
    while let Some(game) =
        reader.read_game(&mut replayer).map_err(|e| format!("cannot read: {e}"))?
    {
        outcome.games += 1;
        let (info, game) = (&game.info, &game.output);
        let chosen = match game.verdict() {
            Verdict::Selected if dedupe => {
                let (start, moves) = replayer
                    .inner()
                    .main_line()
                    .ok_or_else(|| format!("game {}: replayed, but no main line", info.number))?;
                let seen = deduper
                    .check(start, moves, &info.tags, info.number)
                    .map_err(|e| e.to_string())?;
                matches!(seen, Seen::First(_))
            }
            Verdict::Selected => true,
            Verdict::Rejected => false,
            Verdict::Unplayable => {
                outcome.unplayable += 1;
                false
            }
        };
        if chosen {
            outcome.selected.push(info.number);
        }
    }
    Ok(outcome)
}

/// Compares what pgn-select chose from `stem` with `expected`, allowing
/// the differences of `known` that belong to `query` and `stem`. When only
/// a prefix of the input was read (`whole` false), only the games read
/// count, and a known difference past them is not looked for.
///
/// # Errors
///
/// Every difference not in `known`, every one of `known` that did not
/// occur, and a count of games that is not the file's.
pub fn compare(
    query: &str,
    stem: &str,
    ours: &Outcome,
    expected: &Expected,
    whole: bool,
    known: &[Known],
) -> Result<(), String> {
    let mut problems = Vec::new();
    if (whole && ours.games != expected.games) || ours.games > expected.games {
        problems.push(format!(
            "read {} games, pgn-extract {} (are the games numbered alike?)",
            ours.games, expected.games
        ));
    }
    let theirs: BTreeSet<u64> =
        expected.selected.iter().copied().filter(|&g| g <= ours.games).collect();
    let ours_set: BTreeSet<u64> = ours.selected.iter().copied().collect();
    let differences: BTreeSet<(u64, Side)> = ours_set
        .difference(&theirs)
        .map(|&g| (g, Side::PgnSelect))
        .chain(theirs.difference(&ours_set).map(|&g| (g, Side::PgnExtract)))
        .collect();
    let listed: Vec<&Known> =
        known.iter().filter(|k| k.query == query && k.input == stem).collect();
    let unexplained: Vec<String> = differences
        .iter()
        .filter(|&&(g, side)| !listed.iter().any(|k| k.game == g && k.side == side))
        .map(|(g, side)| format!("game {g} {side}"))
        .collect();
    if !unexplained.is_empty() {
        problems.push(format!(
            "{} differences not in KNOWN: {}",
            unexplained.len(),
            short(&unexplained.join(", "), 300)
        ));
    }
    for k in listed {
        if k.game <= ours.games && !differences.contains(&(k.game, k.side)) {
            problems.push(format!(
                "game {} is listed as {} ({}), but both tools agree on it now",
                k.game,
                k.side,
                k.why.explain()
            ));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("; ")) }
}

/// Reads an expected selection file, decompressing a `.zst` one.
fn read_expected(path: &Path) -> Result<Expected, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", file_name(path)))?;
    let bytes = if path.extension().is_some_and(|e| e == "zst") {
        zstd::stream::decode_all(&bytes[..]).map_err(|e| format!("zstd: {e}"))?
    } else {
        bytes
    };
    let text = String::from_utf8(bytes).map_err(|_| "not UTF-8".to_owned())?;
    parse_expected(&text).map_err(|e| format!("{}: {e}", file_name(path)))
}

/// One case: the row's expected file against pgn-select on `input`.
fn check_query(query: &Query, input: &[u8], whole: bool) -> Result<(), String> {
    let expected = read_expected(&query.expected_file())?;
    if (expected.query.as_str(), expected.input.as_str()) != (&query.name, &query.input) {
        return Err(format!(
            "the file answers {} on {}: run generate.sh again",
            expected.query, expected.input
        ));
    }
    let ours = no_panic(|| choose(input, &query.ask))??;
    compare(&query.name, query.stem(), &ours, &expected, whole, KNOWN)
}

/// The row: a case for each query and input; and a failure for every
/// file of the folder that no row reads, and every known difference
/// whose query and input are no row.
fn row(ctx: &Context, section: &mut Section) {
    let text = match std::fs::read_to_string(dir().join("queries.tsv")) {
        Ok(text) => text,
        Err(e) => return section.fail(format!("cannot read queries.tsv: {e}")),
    };
    let queries = match parse_queries(&text) {
        Ok(queries) if !queries.is_empty() => queries,
        Ok(_) => return section.fail("queries.tsv has no rows"),
        Err(e) => return section.fail(e),
    };
    check_folder(&queries, section);
    let limit = match ctx.mode {
        Mode::Quick => Some(QUICK_PREFIX),
        Mode::Default | Mode::Full => None,
    };
    let mut paths: Vec<&str> = queries.iter().map(|q| q.input.as_str()).collect();
    paths.sort_unstable();
    paths.dedup();
    let inputs: Vec<(&str, Result<Vec<u8>, String>)> =
        paths.iter().map(|&p| (p, read_corpus_file(&ctx.corpus_file(p), limit))).collect();
    let results = parallel_map(&queries, |query| {
        let input = inputs.iter().find(|(p, _)| *p == query.input).map(|(_, bytes)| bytes);
        match input {
            Some(Ok(bytes)) => check_query(query, bytes, limit.is_none()),
            Some(Err(e)) => Err(e.clone()),
            None => Err("input not read".to_owned()),
        }
    });
    for (query, result) in queries.iter().zip(results) {
        section.record(result.map_err(|e| {
            format!("{} on {} (pgn-extract {}): {e}", query.name, query.input, query.extract)
        }));
    }
}

/// Fails for every file of the folder that is neither a row's expected
/// selection nor one of the others it holds, for rows that repeat, and
/// for known differences that belong to no row.
fn check_folder(queries: &[Query], section: &mut Section) {
    let expected: Vec<PathBuf> = queries.iter().map(Query::expected_file).collect();
    let mut files = Vec::new();
    if let Err(e) = list_files(&dir(), &mut files) {
        section.fail(format!("cannot list {}: {e}", dir().display()));
    }
    let others = ["queries.tsv", "generate.sh", "nimzo.var"];
    for file in files {
        if !expected.contains(&file) && !others.contains(&file_name(&file).as_str()) {
            section.fail(format!("{}: no row of queries.tsv reads it", file_name(&file)));
        }
    }
    let mut seen = BTreeSet::new();
    for path in &expected {
        if !seen.insert(path) {
            section.fail(format!("queries.tsv: two rows of {}", file_name(path)));
        }
    }
    for k in KNOWN {
        if !queries.iter().any(|q| q.name == k.query && q.stem() == k.input) {
            section.fail(format!("KNOWN: no row of {} on {}", k.query, k.input));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(games: u64, selected: &[u64]) -> Outcome {
        Outcome { games, selected: selected.to_vec(), unplayable: 0 }
    }

    fn expected(games: u64, selected: &[u64]) -> Expected {
        Expected { query: "q".into(), input: "i".into(), games, selected: selected.to_vec() }
    }

    #[test]
    fn runs_are_read_back() {
        let text = "# query: q\n# input: i\n# games: 10\n# selected: 4\n3,3\n4\n";
        assert_eq!(parse_expected(text), Ok(expected(10, &[3, 4, 5, 9])));
        let wrong_count = "# query: q\n# input: i\n# games: 10\n# selected: 3\n3,3\n4\n";
        assert!(parse_expected(wrong_count).is_err());
        let past_the_end = "# query: q\n# input: i\n# games: 8\n# selected: 4\n3,3\n4\n";
        assert!(parse_expected(past_the_end).is_err());
        let no_gap = "# query: q\n# input: i\n# games: 8\n# selected: 2\n1\n0\n";
        assert!(parse_expected(no_gap).is_err());
        assert!(parse_expected("# query: q\n# input: i\n# games: 8\n3\n").is_err());
    }

    #[test]
    fn every_difference_must_be_listed_and_occur() {
        let listed = [known("q", "i", 4, Side::PgnSelect, Why::PrefixMatch)];
        let theirs = expected(10, &[2, 7]);
        assert_eq!(compare("q", "i", &outcome(10, &[2, 4, 7]), &theirs, true, &listed), Ok(()));
        // Not listed: game 7 chosen by pgn-extract only.
        let err = compare("q", "i", &outcome(10, &[2, 4]), &theirs, true, &listed).unwrap_err();
        assert!(err.contains("game 7 chosen by pgn-extract only"), "{err}");
        // Listed, but the tools agree now.
        let err = compare("q", "i", &outcome(10, &[2, 7]), &theirs, true, &listed).unwrap_err();
        assert!(err.contains("game 4 is listed"), "{err}");
        // Listed for another side.
        let other_side = [Known { side: Side::PgnExtract, ..listed[0] }];
        assert!(compare("q", "i", &outcome(10, &[2, 4, 7]), &theirs, true, &other_side).is_err());
        // Listed for another query.
        let other_query = [known("r", "i", 4, Side::PgnSelect, Why::PrefixMatch)];
        assert!(compare("q", "i", &outcome(10, &[2, 4, 7]), &theirs, true, &other_query).is_err());
    }

    #[test]
    fn a_prefix_compares_the_games_read() {
        let listed = [known("q", "i", 8, Side::PgnSelect, Why::PrefixMatch)];
        let theirs = expected(10, &[2, 7, 9]);
        // Games 9 and the known 8 are past the prefix of 7 games.
        assert_eq!(compare("q", "i", &outcome(7, &[2, 7]), &theirs, false, &listed), Ok(()));
        assert!(compare("q", "i", &outcome(7, &[2]), &theirs, false, &listed).is_err());
        // Whole, the count of games must be the file's.
        let err = compare("q", "i", &outcome(7, &[2, 7]), &theirs, true, &listed).unwrap_err();
        assert!(err.contains("read 7 games, pgn-extract 10"), "{err}");
    }

    #[test]
    fn queries_are_read() {
        let text = "# a comment\n\np\tbench/x.pgn.zst\t-TpTal\tplayer Tal\n\
                    d\tbench/y.pgn\t-D\tdedupe\n";
        let queries = parse_queries(text).expect("two rows");
        assert_eq!(queries.len(), 2);
        assert_eq!(queries[0].stem(), "x");
        assert!(queries[0].expected_file().ends_with("p.x.txt.zst"));
        assert_eq!(queries[1].ask, Ask::Dedupe);
        assert!(queries[1].expected_file().ends_with("d.y.txt"));
        assert!(parse_queries("p\tx.pgn\t-TpTal\n").is_err());
        assert!(parse_queries("p\tx.pgn\t-Tx\tnonsense Tal\n").is_err());
    }

    #[test]
    fn duplicates_keep_the_first_game() {
        let pgn = b"[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n\n\
                    [Event \"c\"]\n\n1. e4 e5 1-0\n\n[Event \"d\"]\n\n1. e4 Ke7 *\n";
        let outcome = choose(pgn, &Ask::Dedupe).expect("read");
        assert_eq!(outcome, Outcome { games: 4, selected: vec![1, 2], unplayable: 1 });
        let two_plies = Ask::Select(Selection::parse("plies 2").expect("a selection"));
        assert_eq!(choose(pgn, &two_plies).expect("read").selected, [1, 3]);
    }
}
