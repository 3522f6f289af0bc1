//! The cross-check with pgn-extract: its test runs that only re-format
//! games, exported again by `pgn-export` and compared token by token.
//!
//! The corpus holds pgn-extract's own regression tests
//! (`peers/pgn-extract/TESTS.tsv`: for each target, the commands and the
//! files they must produce, with the inputs in `infiles/` and the expected
//! outputs in `outfiles/`). pgn-extract itself is not needed: the stored
//! outputs are the oracle. [`RUNS`] lists every command of `TESTS.tsv`
//! whose flags change only how games are written (layout, notation, parts
//! left out), not which games are written or what is added to them; each
//! is one case. [`SKIPPED`] says why every other target is left out.
//!
//! Layout is not compared (pgn-extract fills lines up to 75 columns, and
//! its own rules for comments and move numbers); both texts are read with
//! `pgn_syntax::read_games`, without replay, and compared game by game:
//!
//! - the tag pairs as a sorted list (pgn-extract writes the roster first
//!   and then the other tags in an order of its own, the tags it knows
//!   in a fixed order and the others as first met in the run; export
//!   sorts them by name);
//! - the movetext as a list of tokens: each move's text, each NAG (a
//!   suffix annotation read as its NAG, ruling E8), each comment with its
//!   white space normalised, variation starts and ends, escape lines, and
//!   the termination marker. Move numbers are not tokens.
//!
//! What pgn-extract writes differently from export format on purpose is
//! listed per run as [`Known`] differences, each normalised away on both
//! sides before comparing, with the reason beside it.

use std::path::Path;

use pgn_export::{ExportOptions, Notation, StreamExporter, TagSet};
use pgn_replay::Replayer;
use pgn_replay::pgn_syntax::{DiagnosticKind, Node, Reader, read_games};
use san::Language;

use crate::reading::no_panic;
use crate::{Context, Section};

/// The name of the row.
pub const ROW: &str = "peer: pgn-extract re-format runs";

/// The folder of pgn-extract's tests below the corpus root.
pub const FOLDER: &str = "peers/pgn-extract";

/// A difference between pgn-extract's output and export format that is
/// known and meant, normalised away before comparing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// `--notags`: pgn-extract writes no tag pairs; export always writes
    /// the roster (ruling E1). Tags are not compared.
    NoTags,
    /// `--noresults`: pgn-extract writes no termination marker; export
    /// always ends the movetext with one (§8.2.6, ruling E11). Markers are
    /// not compared.
    NoResults,
    /// `--nochecks`: pgn-extract leaves out `+` and `#`; export SAN has
    /// them (§8.2.3.5, ruling E7). Moves are compared without them.
    NoCheckMarks,
    /// `-Wxlalg`: pgn-extract writes castling as the king's move
    /// (`e1-g1`); `pgn-export`'s long algebraic writes `O-O`. Both are
    /// compared as `O-O` / `O-O-O`.
    CastlingAsKingMove,
}

/// One pgn-extract command whose output is compared.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    /// The target of `TESTS.tsv`.
    pub target: &'static str,
    /// The flags of the command that shape its output.
    pub flags: &'static str,
    /// Its input files, below `infiles/` (read in this order).
    pub inputs: &'static [&'static str],
    /// The expected output files, below `outfiles/`, read end to end.
    pub outfiles: &'static [&'static str],
    /// The options each command writing the output file used, in order:
    /// more than one when `TESTS.tsv` appends to the file (`-a`).
    pub passes: &'static [ExportOptions],
    /// What is normalised away, and why (see [`Known`]).
    pub known: &'static [Known],
}

/// Export format.
const ALL: ExportOptions = ExportOptions {
    tags: TagSet::All,
    tag_order: pgn_export::TagOrder::Standard,
    comments: true,
    nags: true,
    variations: true,
    notation: Notation::San,
    commands: pgn_export::CommandOptions::AS_READ,
    text: pgn_export::TextOutput::AsRead,
    line_length: pgn_export::MAX_LINE,
    move_numbers: true,
    add: pgn_export::AddedTags { ply_count: false, hash: false, eco: false },
    fix_result: false,
};

const fn run(
    target: &'static str,
    flags: &'static str,
    inputs: &'static [&'static str],
    outfiles: &'static [&'static str],
    passes: &'static [ExportOptions],
    known: &'static [Known],
) -> Run {
    Run { target, flags, inputs, outfiles, passes, known }
}

/// The runs of `TESTS.tsv` that only re-format.
pub const RUNS: &[Run] = &[
    // -7: the Seven Tag Roster only (with SetUp and FEN for a set-up
    // position; `TagSet::RosterAndSetUp` keeps its Variant too, which
    // test-7.pgn has none of), everything else kept: what `pgn export
    // --roster-only` writes.
    run(
        "test-7",
        "-7",
        &["test-7.pgn"],
        &["test-7-out.pgn"],
        &[ExportOptions { tags: TagSet::RosterAndSetUp, ..ALL }],
        &[],
    ),
    // --output, then --append of the same input: the games twice.
    run(
        "test-append",
        "--output; --append",
        &["test-a.txt"],
        &["test-a-out.pgn"],
        &[ALL, ALL],
        &[],
    ),
    run(
        "test-nocomments",
        "-C",
        &["test-C.pgn"],
        &["test-CC-out.pgn"],
        &[ExportOptions { comments: false, ..ALL }],
        &[],
    ),
    run(
        "test-NN",
        "-N",
        &["test-N.pgn"],
        &["test-NN-out.pgn"],
        &[ExportOptions { nags: false, ..ALL }],
        &[],
    ),
    // No flag, then -N appended to the same file.
    run(
        "test-NN",
        "(none); -N -a",
        &["test-nagcomments.pgn"],
        &["test-nagcomments-out.pgn"],
        &[ALL, ExportOptions { nags: false, ..ALL }],
        &[],
    ),
    run("test-output", "-o", &["test-o.txt"], &["test-o-out.pgn"], &[ALL], &[]),
    run(
        "test-VV",
        "-V",
        &["test-V.pgn"],
        &["test-VV-out.pgn"],
        &[ExportOptions { variations: false, ..ALL }],
        &[],
    ),
    run(
        "test-linelength",
        "-w60",
        &["test-w.pgn"],
        &["test-w60-out.pgn"],
        &[ExportOptions { line_length: 60, ..ALL }],
        &[],
    ),
    run(
        "test-linelength",
        "-w75",
        &["test-w.pgn"],
        &["test-w75-out.pgn"],
        &[ExportOptions { line_length: 75, ..ALL }],
        &[],
    ),
    run(
        "test-linelength",
        "-w1000",
        &["test-w.pgn"],
        &["test-w1000-out.pgn"],
        &[ExportOptions { line_length: 1000, ..ALL }],
        &[],
    ),
    run("test-l", "-l (a log file)", &["fischer.pgn"], &["test-l-out.pgn"], &[ALL], &[]),
    run("test-s", "-s (silent)", &["test-s.pgn"], &["test-s-out.pgn"], &[ALL], &[]),
    run(
        "test-f",
        "-f (file list)",
        &["test-f1.pgn", "test-f2.pgn"],
        &["test-f-out.pgn"],
        &[ALL],
        &[],
    ),
    // -R: the tags in the order of a roster file; tags are compared as a
    // sorted list anyway.
    run("test-RR", "-R", &["test-R.pgn"], &["test-RR-out.pgn"], &[ALL], &[]),
    // -#20: the output split into files of 20 games, read end to end.
    run("test-hash", "-#20", &["test-hash.pgn"], &["1.pgn", "2.pgn"], &[ALL], &[]),
    run(
        "test-long-line",
        "-l (a log file)",
        &["test-long-line.pgn"],
        &["test-long-line-out.pgn"],
        &[ALL],
        &[],
    ),
    run(
        "test-promotion",
        "(none)",
        &["test-promotion-in.pgn"],
        &["test-promotion-out.pgn"],
        &[ALL],
        &[],
    ),
    run(
        "test-allownullmoves",
        "--allownullmoves",
        &["test-allownullmoves.pgn"],
        &["test-allownullmoves-out.pgn"],
        &[ALL],
        &[],
    ),
    run(
        "test-nomovenumbers",
        "--nomovenumbers",
        &["test-nomovenumbers.pgn"],
        &["test-nomovenumbers-out.pgn"],
        &[ALL],
        &[],
    ),
    run(
        "test-noresults",
        "--noresults",
        &["test-noresults.pgn"],
        &["test-noresults-out.pgn"],
        &[ALL],
        &[Known::NoResults],
    ),
    run(
        "test-notags",
        "--notags",
        &["test-notags.pgn"],
        &["test-notags-out.pgn"],
        &[ALL],
        &[Known::NoTags],
    ),
    run(
        "test-nochecks",
        "--nochecks",
        &["test-nochecks.pgn"],
        &["test-nochecks-out.pgn"],
        &[ALL],
        &[Known::NoCheckMarks],
    ),
    // Other notations (not export format): pgn-extract's -Wxlalg is
    // `pgn-export`'s long algebraic, -WsanBSLTDK its German SAN, -Wuci its
    // UCI, which pgn-extract writes without comments, NAGs or variations.
    run(
        "test-WW",
        "-Wxlalg",
        &["test-ucW.pgn"],
        &["test-WWxlalg-out.pgn"],
        &[ExportOptions { notation: Notation::Lan, ..ALL }],
        &[Known::CastlingAsKingMove],
    ),
    run(
        "test-WW",
        "-WsanBSLTDK",
        &["test-ucW.pgn"],
        &["test-WWdeutsch-out.pgn"],
        &[ExportOptions { notation: Notation::Localized(Language::German), ..ALL }],
        &[],
    ),
    run(
        "test-WW",
        "-Wuci",
        &["test-ucW.pgn"],
        &["test-WWuci-out.pgn"],
        &[ExportOptions {
            comments: false,
            nags: false,
            variations: false,
            notation: Notation::Uci,
            ..ALL
        }],
        &[],
    ),
];

/// The targets of `TESTS.tsv` (or their commands) that are not compared,
/// and why.
pub const SKIPPED: &[(&[&str], &str)] = &[
    (&["no-flags-1", "no-flags-2", "test-h", "test-r"], "no output file to compare"),
    (
        &[
            "test-AA",
            "test-t",
            "test-TT",
            "test-n",
            "test-suppressmatched",
            "test-v",
            "test-x",
            "test-y",
            "test-z",
            "test-checkfile",
            "test-selectonly",
            "test-skipmatching",
            "test-stopafter",
            "test-checkmate",
            "test-stalemate",
            "test-fifty",
            "test-seventyfive",
            "test-elodiff",
            "test-repetition",
            "test-ratedwins",
            "test-reltags",
            "test-FENPattern",
            "test-startply",
            "test-matchplylimit",
            "test-markmatches",
            "test-odds",
            "test-PP",
            "test-SS",
            "test-bl45",
            "test-bu45",
            "test-bu30",
            "test-pl90",
            "test-pu90",
            "test-pu60",
            "test-setup",
        ],
        "select games (by tags, positions, material, length, results, or a variation list)",
    ),
    (
        &["test-duplicates", "test-noduplicates", "test-nounique", "test-ZZ", "test-fuzzydepth"],
        "select games by duplicates",
    ),
    (
        &[
            "test-e",
            "test-EE",
            "test-plycount",
            "test-addhashcode",
            "test-evaluation",
            "test-fencomments",
            "test-linenumbers",
            "test-FF",
        ],
        "add tags or comments (ECO, ply counts, hash codes, evaluations, FENs, line numbers)",
    ),
    (&["test-dropply", "test-plylimit", "test-splitvariants"], "cut or restructure the movetext"),
    (
        &["test-fixresulttags", "test-nobadresults"],
        "change or check results from the final position",
    ),
    (&["test-nestedcomments"], "read comments differently (nested braces)"),
    (&["test-LL"], "compares a log file, not games (so do the logs of test-l and test-long-line)"),
    (
        &["test-WW"],
        "-Whalg, -Wlalg, -Welalg and -Wepd: notations pgn-export does not write (long \
         algebraic without piece letters, or without `-` and `x`; EPD)",
    ),
    (&["test-promotion"], "--underpromotion selects games"),
];

/// What pgn-extract writes differently from export format in layout only:
/// none of it is a token, so none of it is compared. Listed so that the
/// byte differences of its outputs are accounted for.
pub const LAYOUT: &[(&str, &str)] = &[
    ("lines of at most 75 columns (-w to change it)", "ruling E6: 79 bytes"),
    (
        "`{ text }`, a long comment's braces on lines of their own",
        "ruling E9: `{text}`, braces glued",
    ),
    ("a comment before the first move in a paragraph of its own", "ruling E11: one movetext"),
    ("supplemental tags in input order (`SetUp` before `FEN`)", "ruling E1: sorted by name"),
    ("-R: the tags in the order of the roster file", "ruling E1"),
    ("--nomovenumbers, -Wuci: no move numbers", "§8.2.2.2, ruling E5"),
    // Seen in test-VV (`28. Bb8 $2 a6`): pgn-extract numbers a black move
    // after a comment or a variation, but not after a NAG.
    (
        "no number for a black move right after a NAG",
        "§8.2.2.2 (a NAG is intervening annotation) and ruling E5: `28. Bb8 $2 28... a6`",
    ),
    ("-Wuci: the movetext on one line", "ruling E6"),
];

/// The row: one case per run, and one that every target of `TESTS.tsv`
/// is in [`RUNS`] or [`SKIPPED`] and every output file of a run is one
/// that `TESTS.tsv` compares for its target.
pub fn row(ctx: &Context, section: &mut Section) {
    let folder = ctx.corpus_file(FOLDER);
    section.record(check_listing(&folder));
    for run in RUNS {
        let outcome = no_panic(|| check_run(&folder, run)).and_then(|outcome| outcome);
        section.record(outcome.map_err(|err| format!("{} ({}): {err}", run.target, run.flags)));
    }
}

/// Checks that [`RUNS`] and [`SKIPPED`] account for every target of
/// `TESTS.tsv`, and that each run's output files are compared there.
pub fn check_listing(folder: &Path) -> Result<(), String> {
    let path = folder.join("TESTS.tsv");
    let tests = std::fs::read_to_string(&path)
        .map_err(|err| format!("cannot read {}: {err}", path.display()))?;
    let mut problems = Vec::new();
    let rows: Vec<Vec<&str>> =
        tests.lines().skip(1).filter(|l| !l.is_empty()).map(|l| l.split('\t').collect()).collect();
    for row in &rows {
        let target = row[0];
        let listed = RUNS.iter().any(|run| run.target == target)
            || SKIPPED.iter().any(|(targets, _)| targets.contains(&target));
        if !listed {
            problems.push(format!("target {target} is neither in RUNS nor in SKIPPED"));
        }
    }
    for run in RUNS {
        let compared = rows.iter().find(|row| row[0] == run.target).and_then(|row| row.get(2));
        for outfile in run.outfiles {
            if !compared.is_some_and(|c| c.contains(&format!("outfiles/{outfile}"))) {
                problems
                    .push(format!("{}: TESTS.tsv does not compare outfiles/{outfile}", run.target));
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("; ")) }
}

/// Exports the inputs of `run` with each of its passes and compares the
/// result with pgn-extract's output files.
pub fn check_run(folder: &Path, run: &Run) -> Result<(), String> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|err| format!("cannot read {}: {err}", path.display()))
    };
    let mut input = Vec::new();
    for name in run.inputs {
        input.extend(read(&folder.join("infiles").join(name))?);
        // Files are read one after the other, not glued together.
        input.extend_from_slice(b"\n\n");
    }
    let mut ours = Vec::new();
    for &options in run.passes {
        ours.extend(export(&input, options)?);
    }
    let mut theirs = Vec::new();
    for name in run.outfiles {
        theirs.extend(read(&folder.join("outfiles").join(name))?);
        theirs.extend_from_slice(b"\n\n");
    }
    compare(&tokens(&ours, run.known)?, &tokens(&theirs, run.known)?)
}

/// `input` exported with `options`, broken games left out (as pgn-extract
/// leaves out games with moves it cannot play).
fn export(input: &[u8], options: ExportOptions) -> Result<Vec<u8>, String> {
    let mut replayer = Replayer::new(StreamExporter::new(options));
    for game in Reader::new(input).outputs(&mut replayer) {
        game.map_err(|err| format!("cannot read the input: {err}"))?;
    }
    Ok(replayer.inner().output().to_vec())
}

/// A movetext element as compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A move's text, without its suffix annotation.
    Move(String),
    /// A NAG (a suffix annotation counts as its NAG).
    Nag(u8),
    /// A comment's words, joined by single spaces (never empty).
    Comment(String),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// A `%` escape line.
    Escape(String),
    /// The termination marker.
    Result(String),
}

/// One game as compared: its tags, sorted, and its movetext tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTokens {
    /// Tag name and value pairs, sorted.
    pub tags: Vec<(String, String)>,
    /// The movetext.
    pub tokens: Vec<Token>,
}

/// The games of `pgn` as compared, with the `known` differences
/// normalised away.
pub fn tokens(pgn: &[u8], known: &[Known]) -> Result<Vec<GameTokens>, String> {
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let mut games = Vec::new();
    for game in read_games(pgn) {
        let (game, source) = game.map_err(|err| format!("cannot read: {err}"))?;
        let mut tags: Vec<(String, String)> = if known.contains(&Known::NoTags) {
            Vec::new()
        } else {
            game.tags.iter().map(|tag| (text(tag.name), text(tag.value))).collect()
        };
        tags.sort();
        let mut tokens = Vec::new();
        for node in game.movetext.nodes() {
            match node {
                Node::Move(san) => {
                    tokens.push(Token::Move(move_text(&text(&san.text), known)));
                    if let Some(suffix) = san.suffix {
                        tokens.push(Token::Nag(suffix.nag().0));
                    }
                }
                Node::Nag(nag) => tokens.push(Token::Nag(nag.0)),
                Node::Comment { text: comment, .. } => {
                    let words: Vec<&[u8]> =
                        comment.split(u8::is_ascii_whitespace).filter(|w| !w.is_empty()).collect();
                    if !words.is_empty() {
                        tokens.push(Token::Comment(text(&words.join(&b' '))));
                    }
                }
                Node::Escape(line) => tokens.push(Token::Escape(text(line))),
                Node::VariationStart { .. } => tokens.push(Token::Open),
                Node::VariationEnd => tokens.push(Token::Close),
            }
        }
        // A game without a marker gets the Result tag's as its termination
        // from the reader, with a diagnostic: only a marker as written is
        // a token.
        let written =
            !source.diagnostics.iter().any(|d| d.kind == DiagnosticKind::MissingTermination);
        if let Some(result) = game.termination
            && written
            && !known.contains(&Known::NoResults)
        {
            tokens.push(Token::Result(result.as_str().to_owned()));
        }
        games.push(GameTokens { tags, tokens });
    }
    Ok(games)
}

/// A move's text with the `known` differences normalised away.
fn move_text(text: &str, known: &[Known]) -> String {
    let mut text = text;
    if known.contains(&Known::NoCheckMarks) {
        text = text.trim_end_matches(['+', '#']);
    }
    if known.contains(&Known::CastlingAsKingMove) {
        let (bare, mark) = text.split_at(text.trim_end_matches(['+', '#']).len());
        let castling = match bare {
            "e1-g1" | "e8-g8" => Some("O-O"),
            "e1-c1" | "e8-c8" => Some("O-O-O"),
            _ => None,
        };
        if let Some(castling) = castling {
            return format!("{castling}{mark}");
        }
    }
    text.to_owned()
}

/// `Ok` if both lists of games are equal, else where they first differ.
pub fn compare(ours: &[GameTokens], theirs: &[GameTokens]) -> Result<(), String> {
    for (index, (a, b)) in ours.iter().zip(theirs).enumerate() {
        let game = index + 1;
        if a.tags != b.tags {
            let only_ours: Vec<_> = a.tags.iter().filter(|t| !b.tags.contains(t)).collect();
            let only_theirs: Vec<_> = b.tags.iter().filter(|t| !a.tags.contains(t)).collect();
            return Err(format!(
                "game {game}: tags differ: ours only {only_ours:?}, \
                 pgn-extract's only {only_theirs:?}"
            ));
        }
        if let Some(at) =
            (0..a.tokens.len().max(b.tokens.len())).find(|&i| a.tokens.get(i) != b.tokens.get(i))
        {
            let around =
                |tokens: &[Token]| tokens[at.saturating_sub(3)..tokens.len().min(at + 3)].to_vec();
            return Err(format!(
                "game {game}: movetext differs at token {at}: ours {:?}, pgn-extract's {:?}",
                around(&a.tokens),
                around(&b.tokens)
            ));
        }
    }
    if theirs.is_empty() {
        return Err("pgn-extract's output holds no game: nothing compared".to_owned());
    }
    if ours.len() != theirs.len() {
        return Err(format!("{} games, pgn-extract wrote {}", ours.len(), theirs.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_move_numbers_do_not_count() {
        let a = tokens(b"[White \"x\"]\n[Event \"y\"]\n\n1. e4 {a\n b} e5! *", &[]).unwrap();
        let b = tokens(b"[Event \"y\"] [White \"x\"] e4 { a b } 1... e5 $1 *", &[]).unwrap();
        assert_eq!(compare(&a, &b), Ok(()));
    }

    #[test]
    fn different_moves_comments_or_tags_fail() {
        let a = tokens(b"[Event \"y\"] 1. e4 {a} e5 *", &[]).unwrap();
        for other in [
            &b"[Event \"y\"] 1. e4 {b} e5 *"[..],
            b"[Event \"z\"] 1. e4 {a} e5 *",
            b"[Event \"y\"] 1. e4 {a} e6 *",
            b"[Event \"y\"] 1. e4 {a} e5 1-0",
            b"[Event \"y\"] 1. e4 {a} e5 *\n\n[Event \"y\"] 1. e4 *",
        ] {
            assert!(compare(&a, &tokens(other, &[]).unwrap()).is_err(), "{other:?}");
        }
    }

    #[test]
    fn known_differences_are_normalised() {
        assert_eq!(move_text("Qh5#", &[Known::NoCheckMarks]), "Qh5");
        assert_eq!(move_text("e1-g1+", &[Known::CastlingAsKingMove]), "O-O+");
        assert_eq!(move_text("e8-c8", &[Known::CastlingAsKingMove]), "O-O-O");
        assert_eq!(move_text("e1-g1", &[]), "e1-g1");
        let no_tags = tokens(b"[Event \"y\"] 1. e4 *", &[Known::NoTags, Known::NoResults]).unwrap();
        assert_eq!(no_tags, tokens(b"e4", &[]).unwrap());
        // A missing marker is not the Result tag's.
        let marker = tokens(b"[Result \"1-0\"] 1. e4 1-0", &[]).unwrap();
        assert!(compare(&marker, &tokens(b"[Result \"1-0\"] 1. e4", &[]).unwrap()).is_err());
    }
}
