//! Rules: perft suites of the corpus (`perft/`) against
//! [`chess_core::perft`], one row per file.
//!
//! Every (position, depth) pair with an expected node count is one case.
//! Which depths run depends on the [`Mode`]: a case runs if its expected
//! count is within the mode's node budget ([`node_budget`]). Positions are
//! spread over all cores.

use std::fs;

use chess_core::{Position, perft};
use fen_epd::Fen;

use crate::parallel::parallel_map;
use crate::{Check, Context, Mode, Section};

/// Node budget per case in [`Mode::Quick`] (`cargo test`, unoptimised).
pub const QUICK_NODES: u64 = 20_000;

/// Node budget per case in [`Mode::Default`]. With it the eight suites
/// count about 25 billion leaf nodes (45,000 of the 60,000 cases), which
/// needs a release build. Every depth (almost 6 trillion nodes) runs only
/// in [`Mode::Full`].
pub const DEFAULT_NODES: u64 = 10_000_000;

/// The largest expected node count that runs in `mode`; `None` for no limit.
pub fn node_budget(mode: Mode) -> Option<u64> {
    match mode {
        Mode::Quick => Some(QUICK_NODES),
        Mode::Default => Some(DEFAULT_NODES),
        Mode::Full => None,
    }
}

/// A perft file of the corpus and how its lines are laid out.
#[derive(Clone, Copy, Debug)]
struct Suite {
    /// Path below the corpus root.
    path: &'static str,
    format: Format,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// shakmaty and python-chess: `id <name>`, `epd <FEN>` and
    /// `perft <depth> <nodes>` lines, `#` comments, blank lines between
    /// positions. The FEN has four or six fields.
    Blocks,
    /// ROCE and Ethereal: one position per line, `<FEN> ;D1 20 ;D2 400 ...`.
    Operations,
}

const SUITES: &[Suite] = &[
    Suite { path: "perft/shakmaty/random.perft", format: Format::Blocks },
    Suite { path: "perft/shakmaty/tricky.perft", format: Format::Blocks },
    Suite { path: "perft/shakmaty/chess960.perft", format: Format::Blocks },
    Suite { path: "perft/python-chess/tricky.perft", format: Format::Blocks },
    Suite { path: "perft/python-chess/chess960.perft", format: Format::Blocks },
    Suite { path: "perft/perftsuite.epd", format: Format::Operations },
    Suite { path: "perft/ethereal/standard.epd", format: Format::Operations },
    Suite { path: "perft/ethereal/fischer.epd", format: Format::Operations },
];

/// One check per perft file, named `rules: perft <file>`.
pub fn checks() -> Vec<Check> {
    SUITES
        .iter()
        .map(|&suite| {
            let name = format!("rules: perft {}", suite.path.trim_start_matches("perft/"));
            Check::new(name, move |ctx, section| check_suite(ctx, suite, section))
                .fixtures(&[&format!("corpus:{}", suite.path)])
        })
        .collect()
}

/// A position of a suite with its expected node counts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// Where the position is, for messages: `line 12` or `line 12 (id pos-2)`.
    origin: String,
    fen: String,
    /// `(depth, nodes)` pairs in file order.
    counts: Vec<(u32, u64)>,
}

fn check_suite(ctx: &Context, suite: Suite, section: &mut Section) {
    let path = ctx.corpus_file(suite.path);
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => return section.fail(format!("cannot read {}: {err}", path.display())),
    };
    let parsed = match suite.format {
        Format::Blocks => parse_blocks(&text),
        Format::Operations => parse_operations(&text),
    };
    let entries = match parsed {
        Ok(entries) => entries,
        Err(err) => return section.fail(format!("{}: {err}", suite.path)),
    };
    let budget = node_budget(ctx.mode).unwrap_or(u64::MAX);
    let outcomes = parallel_map(&entries, |entry| run_entry(entry, budget));
    for outcome in outcomes.into_iter().flatten() {
        section.record(outcome);
    }
}

/// Runs the cases of one position within the budget: one outcome per case.
fn run_entry(entry: &Entry, budget: u64) -> Vec<Result<(), String>> {
    let cases: Vec<(u32, u64)> =
        entry.counts.iter().copied().filter(|&(_, nodes)| nodes <= budget).collect();
    if cases.is_empty() {
        return Vec::new();
    }
    let position = read_position(&entry.fen);
    cases
        .into_iter()
        .map(|(depth, expected)| {
            let problem = match &position {
                Ok(position) => match perft(position, depth) {
                    counted if counted == expected => return Ok(()),
                    counted => format!("expected {expected} nodes, counted {counted}"),
                },
                Err(err) => err.clone(),
            };
            Err(format!("{} `{}` depth {depth}: {problem}", entry.origin, entry.fen))
        })
        .collect()
}

/// Reads a FEN of four or six fields (ruling F2) and checks it (F3).
fn read_position(fen: &str) -> Result<Position, String> {
    let fen = Fen::from_ascii_lenient(fen.as_bytes()).map_err(|err| format!("bad FEN: {err}"))?;
    fen.into_position().map_err(|err| format!("illegal position: {err}"))
}

/// Reads the `id` / `epd` / `perft` block format.
fn parse_blocks(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries: Vec<Entry> = Vec::new();
    let mut id = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
        match keyword {
            "id" => id = Some(rest.trim().to_owned()),
            "epd" => {
                let origin = match id.take() {
                    Some(id) => format!("line {number} (id {id})"),
                    None => format!("line {number}"),
                };
                entries.push(Entry { origin, fen: rest.trim().to_owned(), counts: Vec::new() });
            }
            "perft" => {
                let entry = entries
                    .last_mut()
                    .ok_or_else(|| format!("line {number}: `perft` before any `epd` line"))?;
                let count = parse_count(rest.split_whitespace())
                    .ok_or_else(|| format!("line {number}: expected `perft <depth> <nodes>`"))?;
                entry.counts.push(count);
            }
            _ => return Err(format!("line {number}: unknown keyword `{keyword}`")),
        }
    }
    Ok(entries)
}

/// Reads the `<FEN> ;D1 20 ;D2 400 ...` format.
fn parse_operations(text: &str) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_owned();
        let counts = parts
            .map(|operation| {
                let mut words = operation.split_whitespace();
                let depth = words.next().and_then(|op| op.strip_prefix('D'));
                depth
                    .and_then(|depth| parse_count([depth].into_iter().chain(words)))
                    .ok_or_else(|| format!("line {number}: expected `;D<depth> <nodes>`"))
            })
            .collect::<Result<_, _>>()?;
        entries.push(Entry { origin: format!("line {number}"), fen, counts });
    }
    Ok(entries)
}

/// Reads exactly two numbers: a depth and a node count.
fn parse_count<'a>(mut words: impl Iterator<Item = &'a str>) -> Option<(u32, u64)> {
    let depth = words.next()?.parse().ok()?;
    let nodes = words.next()?.parse().ok()?;
    words.next().is_none().then_some((depth, nodes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks() {
        let text = "# comment\n\nid pos-2\nepd 8/8/8/8/8/8/8/8 w - -\nperft 1 48\nperft 2 2039\n\n\
                    epd k7/8/8/8/8/8/8/K7 b - - 0 1\nperft 1 3\n";
        let entries = parse_blocks(text).expect("valid");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].origin, "line 4 (id pos-2)");
        assert_eq!(entries[0].fen, "8/8/8/8/8/8/8/8 w - -");
        assert_eq!(entries[0].counts, [(1, 48), (2, 2039)]);
        assert_eq!(entries[1].origin, "line 8");
        assert!(parse_blocks("perft 1 20\n").is_err());
        assert!(parse_blocks("epd x\nperft 1\n").is_err());
    }

    #[test]
    fn operations() {
        let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";
        let entries = parse_operations(text).expect("valid");
        assert_eq!(entries[0].fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(entries[0].counts, [(1, 20), (2, 400)]);
        assert!(parse_operations("8/8/8/8/8/8/8/8 w - - ;X1 20\n").is_err());
    }

    #[test]
    fn full_mode_runs_every_depth() {
        assert_eq!(node_budget(Mode::Full), None);
        // However large the count, the case runs (and here fails).
        let entry = Entry {
            origin: "line 1".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -".into(),
            counts: vec![(1, 20), (2, u64::MAX)],
        };
        let outcomes = run_entry(&entry, node_budget(Mode::Full).unwrap_or(u64::MAX));
        assert_eq!(outcomes.len(), 2);
        assert!(outcomes[1].is_err());
    }

    #[test]
    #[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
    fn every_perft_file_of_the_corpus_is_a_suite() {
        let ctx = Context::new(Mode::Full);
        let mut files = Vec::new();
        crate::snapshot::list_files(&ctx.corpus_file("perft"), &mut files).expect("perft/ lists");
        assert!(!files.is_empty());
        for file in files {
            let relative = crate::reading::corpus::relative(&ctx, &file);
            assert!(SUITES.iter().any(|suite| suite.path == relative), "{relative} is no suite");
        }
    }

    #[test]
    fn wrong_counts_and_bad_fens_fail_every_case() {
        let entry = Entry {
            origin: "line 1".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -".into(),
            counts: vec![(1, 20), (2, 401), (3, 8902), (5, 4_865_609)],
        };
        let outcomes = run_entry(&entry, 10_000);
        assert_eq!(outcomes.len(), 3, "depth 5 is over the budget");
        assert_eq!(outcomes[0], Ok(()));
        assert!(outcomes[1].as_ref().is_err_and(|e| e.contains("expected 401 nodes, counted 400")));
        let bad = Entry { fen: "8/8/8/8/8/8/8/8 w - -".into(), ..entry.clone() };
        assert!(run_entry(&bad, 10_000).iter().all(Result::is_err));
        // Material is not limited: shakmaty's 28-piece position is counted.
        let crowded = Entry {
            fen: "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -".into(),
            counts: vec![(1, 270), (2, 0)],
            ..entry
        };
        assert!(run_entry(&crowded, 10_000).iter().all(Result::is_ok));
    }
}
