//! Cross-checks of SAN, replay and move generation against other programs'
//! data in the shared corpus (§8.2.3):
//!
//! - opening books (lichess TSV, Scid's `scid.eco`, pgn-extract's
//!   `eco.pgn`) replay cleanly, and the lichess lines are canonical SAN;
//! - the FENs scalachess gives after every ply of its `prod500standard`
//!   games (`canplay`);
//! - the legal move lists of scalachess (`moveorder`);
//! - the SAN and UCI lists of the STS test suite agree move by move;
//! - every PGN file of the corpus replays without a panic, with the replay
//!   errors listed in [`EXPECTED_ERRORS`] and no others.

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::path::Path;

use chess_core::{Move, Position};
use fen_epd::{CastlingNotation, Fen};
use pgn_replay::{
    Event, GameDiagnostic, GameInfo, ReplayDiagnostic, ReplayVisitor, Replayer, Walker,
};
use pgn_syntax::{Node, Reader, Severity};
use san::{CastlingMode, San, Uci};

use crate::parallel::parallel_map;
use crate::reading::corpus::{pgn_paths, relative};
use crate::reading::no_panic;
use crate::snapshot::short;
use crate::{Check, Context, Mode, Section};

/// The corpus files that give replay errors, with the number of replay
/// errors of severity error and why: `(path below the corpus root, errors,
/// reason)`. Any other file must replay without an error.
pub const EXPECTED_ERRORS: &[(&str, usize, &str)] = &[
    ("pgn/chess-library/black2move.pgn", 1, "`0-0-0` illegal at ply 2; python-chess agrees"),
    ("pgn/chess-library/corrupted.pgn", 1, "deliberately cut off at `63. Kx`"),
    (
        "pgn/pychess-learn/puzzles/lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11.pgn",
        1,
        "illegal `Kf8` at ply 2 of game 1 (a study line); python-chess agrees",
    ),
    (
        "pgn/pychess-learn/puzzles/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn",
        3,
        "puzzle moves illegal in their FEN (`Nxg5` at ply 1 of game 1); python-chess agrees",
    ),
    ("pgn/scalachess-fixtures/disambiguated.pgn", 1, "`Be5` at ply 1; python-chess agrees"),
    (
        "pgn/scalachess-fixtures/festivalFigueira.pgn",
        1,
        "illegal `Re1` at ply 114 in the source game; python-chess agrees",
    ),
    (
        "pgn/scalachess-fixtures/fromPositionEmptyFen.pgn",
        37,
        "moves from a position the empty FEN tag does not give (`h3` at ply 69); \
         python-chess agrees",
    ),
    ("pgn/scalachess-fixtures/overflow.pgn", 1, "illegal `Bh4` at ply 20; python-chess agrees"),
    (
        "pgn/python-chess/antichess-programfox.pgn",
        2,
        "Variant \"Antichess\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/python-chess/knightvuillaume-jannlee-zh-lichess.pgn",
        1,
        "Variant \"Crazyhouse\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/python-chess/saturs-jannlee-zh-lichess.pgn",
        1,
        "Variant \"Crazyhouse\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/invalidVariant.pgn",
        1,
        "Variant \"starwars\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-atomicPromotion.pgn",
        1,
        "Variant \"Atomic\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-atomicRegression.pgn",
        1,
        "Variant \"Atomic\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-chessComCrazyhouse.pgn",
        1,
        "Variant \"Crazyhouse\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-crazyhouse1.pgn",
        1,
        "Variant \"Crazyhouse\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-crazyhouse2.pgn",
        1,
        "Variant \"Crazyhouse\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-crazyhouseFromProd.pgn",
        1,
        "Variant \"Crazyhouse\", not chess: one error a game (ruling T12)",
    ),
    (
        "pgn/scalachess-fixtures/variant-crazyhouseNoVariantTag.pgn",
        1,
        "crazyhouse drops (`N@…`) with no Variant tag",
    ),
    (
        "pgn/scalachess-fixtures/variant-prod50crazyhouse.list.pgn",
        50,
        "crazyhouse drops (`N@…`): each of the 50 games fails at its first drop",
    ),
];

/// Moves a peer's `moveorder` file lists that are not legal, by FEN, with
/// why: `(FEN, moves, reason)`. They are dropped from the peer's list.
const MOVEORDER_PEER_ERRORS: &[(&str, &[&str], &str)] = &[(
    "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -",
    &["g1c1", "g1f1"],
    "scalachess castles queenside with the f1 rook through the rook on e1; \
     python-chess agrees with us (no castling)",
)];

/// The rows of this module.
pub fn checks() -> Vec<Check> {
    vec![
        Check::new("§8.2.3 openings (lichess, scid, pgn-extract)", openings)
            .fixtures(&["corpus:pgn/openings/"]),
        Check::new("§8.2.3 scalachess canplay", canplay).fixtures(&["corpus:pgn/scalachess/"]),
        Check::new("rules: scalachess moveorder", moveorder).fixtures(&["corpus:pgn/scalachess/"]),
        Check::new("§8.2.3 STS SAN vs UCI", sts).fixtures(&["corpus:epd/sts/"]),
        Check::new("§8.2.3 corpus replay", corpus_replay)
            .fixtures(&["corpus:pgn/", "corpus:bench/"]),
        Check::new("§8.2.3 stream and tree replay agree", stream_and_tree_agree)
            .fixtures(&["corpus:pgn/", "corpus:bench/"]),
    ]
}

/// How many cases a row samples in [`Mode::Quick`].
fn budget(ctx: &Context, quick: usize) -> usize {
    if ctx.mode == Mode::Quick { quick } else { usize::MAX }
}

/// The FEN of a position with X-FEN castling.
fn fen(pos: &Position) -> String {
    Fen::from_position(pos).to_string_with(CastlingNotation::XFen)
}

/// The FEN of a position as scalachess and python-chess write it: the en
/// passant square only when an en passant capture is legal (our FEN
/// writer gives it after every double step, as §16.1.3.4 says).
fn fen_legal_ep(pos: &Position) -> String {
    let fen = fen(pos);
    if pos.legal_moves().iter().any(|m| matches!(m, Move::EnPassant { .. })) {
        return fen;
    }
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if let Some(ep) = fields.get_mut(3) {
        *ep = "-";
    }
    fields.join(" ")
}

/// The first `n` space-separated fields of a FEN.
fn fields(fen: &str, n: usize) -> String {
    fen.split_whitespace().take(n).collect::<Vec<_>>().join(" ")
}

/// Records what a replay finds, game by game.
#[derive(Default)]
struct Trace {
    /// Skip variations (only the main line is played).
    main_line_only: bool,
    /// Compare every move with its canonical SAN.
    canonical: bool,
    /// Collect the FEN of the start and after every main-line ply.
    collect_fens: bool,
    games: u64,
    played: u64,
    unresolved: u64,
    errors: Vec<String>,
    warnings: Vec<String>,
    not_canonical: Vec<String>,
    fens: Vec<String>,
}

impl Trace {
    /// Forgets the results, keeping the settings.
    fn clear(&mut self) {
        self.played = 0;
        self.unresolved = 0;
        self.errors.clear();
        self.warnings.clear();
        self.not_canonical.clear();
        self.fens.clear();
    }
}

impl ReplayVisitor for Trace {
    type Output = ();

    fn tags(&mut self, _: &GameInfo) -> ControlFlow<()> {
        self.games += 1;
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        !self.main_line_only
    }

    fn begin_movetext(&mut self, _: &GameInfo, start: Option<&Position>) -> ControlFlow<()> {
        if self.collect_fens
            && let Some(pos) = start
        {
            self.fens.push(fen_legal_ep(pos));
        }
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        match event {
            Event::Move(p) => {
                self.played += 1;
                if self.collect_fens && p.depth == 0 {
                    self.fens.push(fen_legal_ep(p.after));
                }
            }
            Event::Unresolved { .. } => self.unresolved += 1,
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: &GameInfo) {
        for d in &game.problems {
            let GameDiagnostic::Replay(d) = d else { continue };
            match d.severity() {
                Severity::Error => self.errors.push(d.to_string()),
                Severity::Warning | Severity::Note => self.warnings.push(d.to_string()),
            }
        }
    }
}

impl Trace {
    /// Compares every move of the games of `input` as written with its
    /// canonical SAN (the tree replay keeps what was written).
    fn compare_canonical(&mut self, input: &[u8]) {
        for (game, source) in pgn_syntax::read_games(input).map_while(Result::ok) {
            let (replayed, _) = pgn_replay::replay(&game, &source);
            let nodes = game.movetext.nodes();
            let mut walker = Walker::new(&replayed);
            // The walker yields an event a node, in order.
            let mut index = 0;
            while let Some(event) = walker.next() {
                index += 1;
                let (Event::Move(p), Some(Node::Move(written))) = (event, nodes.get(index - 1))
                else {
                    continue;
                };
                let canonical = San::from_move(p.before, p.m).to_string();
                if canonical.as_bytes() != &written.text[..] {
                    let text = String::from_utf8_lossy(&written.text);
                    self.not_canonical.push(format!("`{text}` is `{canonical}` (ply {})", p.ply));
                }
            }
        }
    }
}

/// Replays the one game of `movetext` (followed by ` *`).
fn replay_movetext(movetext: &str, trace: Trace) -> Trace {
    let input = format!("{movetext} *");
    let mut replayer = Replayer::new(trace);
    // Reading from memory cannot fail.
    let _ = Reader::new(input.as_bytes()).visit_all(&mut replayer);
    let mut trace = replayer.into_inner();
    if trace.canonical {
        trace.compare_canonical(input.as_bytes());
    }
    trace
}

/// The verdict on a game that must replay without error (and, if
/// `strict`, without warning).
fn verdict(trace: &Trace, strict: bool) -> Result<(), String> {
    let mut problems = Vec::new();
    if let Some(e) = trace.errors.first() {
        problems.push(format!("{} errors, first {e}", trace.errors.len()));
    }
    if strict && let Some(w) = trace.warnings.first() {
        problems.push(format!("{} warnings, first {w}", trace.warnings.len()));
    }
    if trace.unresolved > 0 {
        problems.push(format!("{} moves not played", trace.unresolved));
    }
    if let Some(n) = trace.not_canonical.first() {
        problems.push(format!("not canonical: {n}"));
    }
    if problems.is_empty() { Ok(()) } else { Err(short(&problems.join("; "), 300)) }
}

fn read_text(ctx: &Context, relative: &str, section: &mut Section) -> Option<String> {
    match std::fs::read(ctx.corpus_file(relative)) {
        Ok(bytes) => Some(String::from_utf8_lossy(&bytes).into_owned()),
        Err(e) => {
            section.fail(format!("{relative}: cannot read: {e}"));
            None
        }
    }
}

/// Row 1: the opening books.
fn openings(ctx: &Context, section: &mut Section) {
    let limit = budget(ctx, 100);
    for letter in ["a", "b", "c", "d", "e"] {
        let relative = format!("pgn/openings/lichess-chess-openings-{letter}.tsv");
        let Some(text) = read_text(ctx, &relative, section) else { continue };
        for (index, line) in text.lines().enumerate().skip(1).take(limit) {
            if line.trim().is_empty() {
                continue;
            }
            let Some(movetext) = line.split('\t').nth(2) else {
                section.fail(format!("{relative}:{}: no pgn column", index + 1));
                continue;
            };
            let trace = Trace { canonical: true, ..Trace::default() };
            let outcome =
                no_panic(|| replay_movetext(movetext, trace)).and_then(|t| verdict(&t, true));
            section.record(outcome.map_err(|e| format!("{relative}:{}: {e}", index + 1)));
        }
    }

    let relative = "pgn/openings/scid.eco";
    if let Some(text) = read_text(ctx, relative, section) {
        for (line, record) in scid_records(&text).into_iter().take(limit) {
            let outcome = match record.match_indices('"').nth(1) {
                Some((quote, _)) => {
                    let movetext = record[quote + 1..].trim().trim_end_matches('*');
                    no_panic(|| replay_movetext(movetext, Trace::default()))
                        .and_then(|t| verdict(&t, false))
                }
                None => Err("no quoted name".to_owned()),
            };
            section.record(outcome.map_err(|e| format!("{relative}:{line}: {e}")));
        }
    }

    let relative = "peers/pgn-extract/eco.pgn";
    if let Some(text) = read_text(ctx, relative, section) {
        let outcome = no_panic(|| {
            let mut replayer = Replayer::new(Trace::default());
            let mut reader = Reader::new(text.as_bytes());
            let mut results = Vec::new();
            while results.len() < limit {
                replayer.inner_mut().clear();
                match reader.read_game(&mut replayer) {
                    Ok(Some(_)) => {}
                    _ => break,
                }
                let trace = replayer.inner();
                let outcome =
                    verdict(trace, false).map_err(|e| format!("game {}: {e}", results.len() + 1));
                let warnings = trace.warnings.len();
                results.push((outcome, warnings));
            }
            results
        });
        match outcome {
            Ok(results) => {
                let warnings: usize = results.iter().map(|(_, w)| w).sum();
                for (outcome, _) in results {
                    section.record(
                        outcome.map_err(|e| {
                            format!("{relative}: {e} ({warnings} warnings in the file)")
                        }),
                    );
                }
            }
            Err(e) => section.fail(format!("{relative}: {e}")),
        }
    }
}

/// The records of `scid.eco` with the line each starts on: comment and
/// blank lines skipped, continuation lines joined, each ending with `*`.
fn scid_records(text: &str) -> Vec<(usize, String)> {
    let mut records = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if current.is_none() && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        let (_, record) = current.get_or_insert_with(|| (index + 1, String::new()));
        record.push(' ');
        record.push_str(trimmed);
        if trimmed.ends_with('*') {
            records.extend(current.take());
        }
    }
    records
}

/// Row 2: scalachess's FENs of the first ten games of `prod500standard`.
fn canplay(ctx: &Context, section: &mut Section) {
    let games_file = "pgn/scalachess-fixtures/prod500standard.list.pgn";
    let Some(text) = read_text(ctx, games_file, section) else { return };
    // The file separates games by blank lines only, with no tags and no
    // results; python-chess (and scalachess) take each paragraph as a game.
    let games: Vec<&str> =
        text.split("\n\n").map(str::trim).filter(|g| !g.is_empty()).take(10).collect();
    let mut all = Vec::new();
    let mut last = Vec::new();
    for (number, game) in games.iter().enumerate() {
        let trace = Trace { main_line_only: true, collect_fens: true, ..Trace::default() };
        match no_panic(|| replay_movetext(game, trace)) {
            Ok(trace) => {
                if let Err(e) = verdict(&trace, false) {
                    section.fail(format!("{games_file}: game {}: {e}", number + 1));
                }
                last.extend(trace.fens.last().cloned());
                all.extend(trace.fens);
            }
            Err(e) => section.fail(format!("{games_file}: game {}: {e}", number + 1)),
        }
    }
    for (relative, ours) in [
        ("peers/scalachess/canplay-playPositions-standard.txt", &all),
        ("peers/scalachess/canplay-forward-standard.txt", &last),
    ] {
        let Some(text) = read_text(ctx, relative, section) else { continue };
        let theirs: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if theirs.len() != ours.len() {
            section.fail(format!(
                "{relative}: {} FENs, our replay gives {}",
                theirs.len(),
                ours.len()
            ));
        }
        for (index, (their, our)) in theirs.iter().zip(ours.iter()).enumerate() {
            let (their, our) = (fields(their, 5), fields(our, 5));
            section.record(if their == our {
                Ok(())
            } else {
                Err(format!("{relative}:{}: expected {their}, got {our}", index + 1))
            });
        }
    }
}

/// Row 3: the legal moves of scalachess's `moveorder` files.
fn moveorder(ctx: &Context, section: &mut Section) {
    let limit = budget(ctx, 200);
    for name in ["tricky", "random"] {
        let relative = format!("peers/scalachess/moveorder-{name}.txt");
        let Some(text) = read_text(ctx, &relative, section) else { continue };
        // Blocks of a FEN line and a move line (empty when there is no
        // legal move), separated by empty lines.
        let mut lines = text.lines().enumerate();
        let mut blocks = Vec::new();
        while let Some((line, fen_text)) = lines.find(|(_, l)| !l.trim().is_empty()) {
            let moves = lines.next().map_or("", |(_, m)| m);
            blocks.push((line, fen_text, moves));
        }
        for &(line, fen_text, moves) in blocks.iter().take(limit) {
            let outcome = no_panic(|| compare_moves(fen_text, moves)).and_then(|r| r);
            section.record(outcome.map_err(|e| format!("{relative}:{}: {e}", line + 1)));
        }
    }
}

/// Compares our legal moves of `fen_text` with the UCI list `moves`,
/// castling written king-takes-rook on both sides.
fn compare_moves(fen_text: &str, moves: &str) -> Result<(), String> {
    let pos = fen_epd::parse_position(fen_text.trim().as_bytes())
        .map_err(|e| format!("bad FEN {fen_text}: {e}"))?;
    let legal = pos.legal_moves();
    let uci = |m: Move, mode| Uci { m, mode }.to_string();
    let ours: BTreeSet<String> = legal.iter().map(|&m| uci(m, CastlingMode::Chess960)).collect();
    // Their castling moves, in either form, mapped to king-takes-rook; a
    // king-to-destination form that is also a normal move stays as it is.
    let normal: BTreeSet<String> = legal
        .iter()
        .filter(|m| !matches!(m, Move::Castle { .. }))
        .map(|&m| uci(m, CastlingMode::Standard))
        .collect();
    let castles: Vec<(String, String)> = legal
        .iter()
        .filter(|m| matches!(m, Move::Castle { .. }))
        .map(|&m| (uci(m, CastlingMode::Standard), uci(m, CastlingMode::Chess960)))
        .collect();
    let theirs: BTreeSet<String> = moves
        .split_whitespace()
        .map(|text| {
            castles
                .iter()
                .find(|(standard, _)| standard == text && !normal.contains(text))
                .map_or_else(|| text.to_owned(), |(_, chess960)| chess960.clone())
        })
        .filter(|text| {
            !MOVEORDER_PEER_ERRORS
                .iter()
                .any(|(fen, moves, _)| *fen == fen_text.trim() && moves.contains(&text.as_str()))
        })
        .collect();
    if ours == theirs {
        return Ok(());
    }
    let missing: Vec<&String> = theirs.difference(&ours).collect();
    let extra: Vec<&String> = ours.difference(&theirs).collect();
    Err(short(&format!("{fen_text}: we miss {missing:?}, we add {extra:?}"), 300))
}

/// STS records whose `c7` text resolves to the `c9` move but is not the
/// canonical SAN of it (errors of the suite): `(file, line, why)`. Their
/// canonical form is not compared.
const STS_NOT_CANONICAL: &[(&str, usize, &str)] = &[
    ("STS1-STS15_LAN_v3.epd", 128, "`Bg7f8` over-disambiguated (only one bishop reaches f8)"),
    ("STS1-STS15_LAN_v3.epd", 1449, "`Qf4+` marked check, but Qf4 gives no check"),
];

/// Row 4: the SAN (`c7`) and UCI (`c9`) lists of the STS suite.
fn sts(ctx: &Context, section: &mut Section) {
    let limit = budget(ctx, 300);
    for version in ["v5", "v3"] {
        let relative = format!("epd/sts/STS1-STS15_LAN_{version}.epd");
        let Some(text) = read_text(ctx, &relative, section) else { continue };
        let records = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        for (index, record) in records.take(limit) {
            let known = STS_NOT_CANONICAL
                .iter()
                .any(|&(file, line, _)| relative.ends_with(file) && line == index + 1);
            let outcome = no_panic(|| sts_record(record, !known)).and_then(|r| r);
            section.record(outcome.map_err(|e| format!("{relative}:{}: {e}", index + 1)));
        }
    }
}

/// The quoted operand of operation `op` in an EPD record.
fn operand<'a>(record: &'a str, op: &str) -> Option<&'a str> {
    let start = record.find(&format!("; {op} \""))? + op.len() + 4;
    let rest = &record[start..];
    Some(&rest[..rest.find('"')?])
}

/// Checks one STS record; `canonical` also compares the SAN written back.
fn sts_record(record: &str, canonical: bool) -> Result<(), String> {
    let fen_text = fields(record, 4);
    let pos = fen_epd::parse_position(fen_text.as_bytes())
        .map_err(|e| format!("bad position {fen_text}: {e}"))?;
    let (Some(sans), Some(ucis)) = (operand(record, "c7"), operand(record, "c9")) else {
        return Err("no c7 or c9".to_owned());
    };
    let (sans, ucis): (Vec<&str>, Vec<&str>) =
        (sans.split_whitespace().collect(), ucis.split_whitespace().collect());
    if sans.len() != ucis.len() {
        return Err(format!("{} SAN moves, {} UCI moves", sans.len(), ucis.len()));
    }
    for (text, expected) in sans.iter().zip(&ucis) {
        let m = San::from_ascii(text.as_bytes())
            .map_err(|e| e.to_string())
            .and_then(|p| p.resolve(&pos).map_err(|e| e.to_string()))
            .map_err(|e| format!("{fen_text}: `{text}`: {e}"))?
            .m;
        let uci = Uci { m, mode: CastlingMode::Standard }.to_string();
        if uci != *expected {
            return Err(format!("{fen_text}: `{text}` is {uci}, c9 says {expected}"));
        }
        let written = San::from_move(&pos, m).to_string();
        if canonical && written != *text {
            return Err(format!("{fen_text}: `{text}` is written `{written}`"));
        }
    }
    Ok(())
}

/// What the replay of one corpus file found.
struct FileReplay {
    games: u64,
    played: u64,
    errors: Vec<String>,
}

fn replay_file(path: &Path) -> Result<FileReplay, String> {
    let input = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    no_panic(|| {
        let mut replayer = Replayer::new(Trace::default());
        // Reading from memory cannot fail.
        let _ = Reader::new(input.as_slice()).visit_all(&mut replayer);
        let trace = replayer.into_inner();
        FileReplay { games: trace.games, played: trace.played, errors: trace.errors }
    })
}

/// Row 5: every PGN file of the corpus replays without a panic, and with
/// replay errors only where [`EXPECTED_ERRORS`] says.
fn corpus_replay(ctx: &Context, section: &mut Section) {
    let files = pgn_paths(ctx, section, true);
    let results = parallel_map(&files, |path| replay_file(path));
    for (path, result) in files.iter().zip(results) {
        let relative = relative(ctx, path);
        let outcome = result.and_then(|r| {
            let expected = EXPECTED_ERRORS.iter().find(|(p, _, _)| *p == relative);
            match (expected, r.errors.len()) {
                (None, 0) => Ok(()),
                (Some(&(_, n, _)), found) if n == found => Ok(()),
                (expected, found) => Err(format!(
                    "{} games, {} moves, {found} replay errors (expected {}), first {}",
                    r.games,
                    r.played,
                    expected.map_or(0, |e| e.1),
                    r.errors.first().map_or("none", String::as_str)
                )),
            }
        });
        section.record(outcome.map_err(|e| short(&format!("{relative}: {e}"), 300)));
    }
}

/// Collects every replay diagnostic of a streaming replay.
#[derive(Default)]
struct Problems {
    played: u64,
    found: Vec<ReplayDiagnostic>,
}

impl ReplayVisitor for Problems {
    type Output = ();

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if let Event::Move(_) = event {
            self.played += 1;
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: &GameInfo) {
        for d in &game.problems {
            if let GameDiagnostic::Replay(d) = d {
                self.found.push(d.clone());
            }
        }
    }
}

/// The streaming replay of `input` and the tree replay of the games
/// read from it: the same moves played, the same problems at the same
/// places, in the same order.
pub fn compare_stream_and_tree(input: &[u8]) -> Result<u64, String> {
    let mut replayer = Replayer::new(Problems::default());
    // Reading from memory cannot fail.
    let _ = Reader::new(input).visit_all(&mut replayer);
    let stream = replayer.into_inner();
    let mut tree = Problems::default();
    for read in pgn_syntax::read_games(input) {
        let (game, source) = read.map_err(|e| format!("cannot read: {e}"))?;
        let (replayed, mut found) = pgn_replay::replay(&game, &source);
        tree.played += replayed
            .movetext
            .nodes()
            .iter()
            .filter(|n| {
                matches!(n, pgn_syntax::Node::Move(pgn_replay::ReplayedMove::Played { .. }))
            })
            .count() as u64;
        tree.found.append(&mut found);
    }
    if stream.played != tree.played {
        return Err(format!(
            "{} moves played streaming, {} from trees",
            stream.played, tree.played
        ));
    }
    let first_difference = stream.found.iter().zip(&tree.found).find(|(a, b)| a != b);
    if let Some((a, b)) = first_difference {
        return Err(format!("streaming found `{a}`, the tree replay `{b}`"));
    }
    if stream.found.len() != tree.found.len() {
        return Err(format!(
            "{} problems found streaming, {} from trees",
            stream.found.len(),
            tree.found.len()
        ));
    }
    Ok(stream.played)
}

/// Every PGN file of the corpus: the streaming and the tree replay agree
/// ([`compare_stream_and_tree`]).
fn stream_and_tree_agree(ctx: &Context, section: &mut Section) {
    let files = pgn_paths(ctx, section, true);
    let results = parallel_map(&files, |path| {
        let input = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
        no_panic(|| compare_stream_and_tree(&input))?
    });
    for (path, result) in files.iter().zip(results) {
        let relative = relative(ctx, path);
        section.record(result.map(|_| ()).map_err(|e| short(&format!("{relative}: {e}"), 300)));
    }
    if ctx.mode == Mode::Full {
        // The 85 MB benchmark book, through the `zstd` program.
        let name = crate::reading::corpus::COMPRESSED;
        let outcome =
            crate::reading::corpus::with_decompressed(&ctx.corpus_file(name), |mut out| {
                let mut input = Vec::new();
                std::io::Read::read_to_end(&mut out, &mut input)
                    .map_err(|e| format!("cannot read: {e}"))
                    .and_then(|_| compare_stream_and_tree(&input))
            });
        section.record(outcome.and_then(|r| r).map(|_| ()).map_err(|e| format!("{name}: {e}")));
    }
}

/// The replay errors of a corpus file (a path below the corpus root), one
/// per line, for the reviewed snapshots of the files in
/// [`EXPECTED_ERRORS`] (`tests/san_fixtures.rs`).
///
/// # Errors
///
/// The file cannot be read, or replaying it panicked.
pub fn replay_errors_report(ctx: &Context, relative: &str) -> Result<String, String> {
    let replay = replay_file(&ctx.corpus_file(relative))?;
    let mut out = format!("games={} played={}\n", replay.games, replay.played);
    for error in &replay.errors {
        out.push_str(error);
        out.push('\n');
    }
    Ok(out)
}
