//! Differential rows: the final position and the main-line ply count of
//! every game of the corpus, by our replay and by two other programs, the
//! peer program of `../shared/bench/peers` (pgn-reader and shakmaty) and
//! python-chess.
//!
//! Each side prints one line per game, `N ok|err PLIES FEN` ([`Line`]):
//! the game's number in its file (from 1), whether the main line could
//! be replayed to its end, the number of main-line moves played (up to
//! the first that could not be), and the position after the last of
//! them, with the en passant square only where a capture is legal
//! ([`EnPassantMode::Legal`], the convention of both peers) and X-FEN
//! castling rights. Our side is [`final_lines`], a [`ReplayVisitor`] that
//! skips the variations (`err`: a main-line move could not be played or
//! the start could not be set up; what the reader reports and repairs
//! does not count, as neither peer reports it); the peer program's is
//! `peers finalfen FILE`; python-chess's is
//! `tests/differential/python_chess_final.py FILE...`.
//!
//! The lines of a file are matched in order ([`differences`]): where the
//! sides split a file into games otherwise, a game one side only has is a
//! difference, and the games after it are matched again. Every difference
//! is listed in `tests/data/differential/known.tsv` ([`Known`]) with both
//! lines and the reason; a case is a file and a peer, and it fails on a
//! difference that is not listed and on a listed one that no longer
//! occurs. `PGN_DIFFERENTIAL_NEW=FILE` ([`NEW_ROWS`]) writes the unlisted
//! ones as rows of the table, to be given their reasons.
//!
//! The peers are found through environment variables: `PGN_PEERS_BIN`,
//! the built peer program, and `PGN_PYTHON`, a Python with python-chess
//! (`python3` when unset, if it can import `chess`). `.ci/run` builds the
//! first and installs python-chess. Where a peer is missing the row is
//! skipped and says why (no case counts as passed), unless `CI` is set:
//! then it fails.
//!
//! [`Mode::Quick`] compares the files of `pgn/` and `bench/` of at most
//! 64 KiB; [`Mode::Default`] (CI) every file, but python-chess, which
//! reads about 0.3 MB a second, not the 85 MB gnuchess book (some seven
//! minutes); [`Mode::Full`] every file with both peers.

use std::fmt;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;

use chess_core::Position;
use fen_epd::{EnPassantMode, Fen};
use pgn_replay::{Event, GameInfo, ReplayVisitor, Replayer};
use pgn_syntax::Reader;

use crate::export_roundtrip::read_corpus_file;
use crate::parallel::parallel_map;
use crate::reading::corpus::{COMPRESSED, pgn_paths, relative};
use crate::reading::no_panic;
use crate::snapshot::short;
use crate::{Check, Context, Mode, Section};

/// The row against the peer program.
pub const PEERS_ROW: &str = "differential: final positions vs pgn-reader+shakmaty";
/// The row against python-chess.
pub const PYTHON_ROW: &str = "differential: final positions vs python-chess";

/// The two rows.
pub fn checks() -> Vec<Check> {
    [(PEERS_ROW, Peer::PgnReader), (PYTHON_ROW, Peer::PythonChess)]
        .into_iter()
        .map(|(name, peer)| {
            Check::new(name, move |ctx, section| row(ctx, peer, section))
                // Main-line SAN (§8.2.3) played from the FEN tag's position
                // (§9.7), the final position written as FEN (§16.1).
                .covers(&["§8.2.3", "§9.7", "§16.1"])
                .fixtures(&[
                    "corpus:pgn",
                    "corpus:bench",
                    "tests/data/differential/known.tsv",
                    "tests/differential/python_chess_final.py",
                ])
        })
        .collect()
}

/// The folder of the table of known differences.
pub fn dir() -> PathBuf {
    crate::crate_dir().join("data").join("differential")
}

/// A program our replay is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Peer {
    /// `peers finalfen`: pgn-reader 0.29 and shakmaty 0.30.
    PgnReader,
    /// `python_chess_final.py`: python-chess.
    PythonChess,
}

impl Peer {
    /// Its name in the table of known differences.
    pub fn name(self) -> &'static str {
        match self {
            Peer::PgnReader => "pgn-reader",
            Peer::PythonChess => "python-chess",
        }
    }

    /// The peer of a name in the table.
    pub fn from_name(name: &str) -> Option<Peer> {
        [Peer::PgnReader, Peer::PythonChess].into_iter().find(|peer| peer.name() == name)
    }
}

/// One game as a side replayed it: `N ok|err PLIES FEN`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its number in the file, from 1.
    pub game: u64,
    /// Whether its main line was replayed to its end.
    pub ok: bool,
    /// Main-line moves played.
    pub plies: u32,
    /// The position after the last of them, `-` when the start position
    /// could not be set up.
    pub fen: String,
}

impl Line {
    /// Reads `N ok|err PLIES FEN`.
    ///
    /// # Errors
    ///
    /// A line of another form.
    pub fn parse(text: &str) -> Result<Line, String> {
        let bad = || format!("`{}` is not `N ok|err PLIES FEN`", short(text, 100));
        let mut fields = text.splitn(4, ' ');
        let mut next = || fields.next().ok_or_else(bad);
        let game = next()?.parse().map_err(|_| bad())?;
        let ok = match next()? {
            "ok" => true,
            "err" => false,
            _ => return Err(bad()),
        };
        let plies = next()?.parse().map_err(|_| bad())?;
        let fen = next()?.to_owned();
        Ok(Line { game, ok, plies, fen })
    }

    /// The line without its game number: `ok|err PLIES FEN`.
    pub fn outcome(&self) -> String {
        format!("{} {} {}", if self.ok { "ok" } else { "err" }, self.plies, self.fen)
    }

    /// True if both sides replayed the game alike: the same status, plies
    /// and FEN; but for a game neither could replay a move of, where one
    /// side has no start position (`-`): the peer program then writes the
    /// standard start position, which says nothing.
    pub fn agrees(&self, other: &Line) -> bool {
        let no_start = !self.ok && self.plies == 0 && (self.fen == "-" || other.fen == "-");
        self.ok == other.ok && self.plies == other.plies && (self.fen == other.fen || no_start)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.game, self.outcome())
    }
}

/// The replay visitor of [`final_lines`]: the main line's last position
/// and its plies played.
#[derive(Default)]
struct FinalPosition {
    last: Option<Position>,
    plies: u32,
}

impl ReplayVisitor for FinalPosition {
    const PROBLEMS: bool = false;
    type Output = Line;

    fn begin_movetext(&mut self, _: &GameInfo, start: Option<&Position>) -> ControlFlow<Line> {
        self.last = start.cloned();
        self.plies = 0;
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<Line> {
        if let Event::Move(played) = event {
            self.last = Some(played.after.clone());
            self.plies += 1;
        }
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        false
    }

    fn end_game(&mut self, game: &GameInfo) -> Line {
        let fen = match self.last.take() {
            Some(pos) => Fen::from_position_with(&pos, EnPassantMode::Legal).to_string(),
            None => "-".to_owned(),
        };
        let plies = std::mem::take(&mut self.plies);
        Line { game: game.number, ok: !game.is_broken(), plies, fen }
    }
}

/// Our line of every game of `input`: read with the [`Reader`], the main
/// line replayed by a [`Replayer`].
///
/// # Errors
///
/// Reading from memory failed.
pub fn final_lines(input: &[u8]) -> Result<Vec<Line>, String> {
    let mut replayer = Replayer::new(FinalPosition::default());
    let mut reader = Reader::new(input);
    let mut lines = Vec::new();
    while let Some(game) =
        reader.read_game(&mut replayer).map_err(|e| format!("cannot read: {e}"))?
    {
        lines.push(game.output);
        replayer.recycle(game.info);
    }
    Ok(lines)
}

/// Our line of every game of a file, decompressed when its name ends in
/// `.zst`.
///
/// # Errors
///
/// The file cannot be read.
pub fn file_lines(path: &Path) -> Result<Vec<Line>, String> {
    let bytes = read_corpus_file(path, None)?;
    no_panic(|| final_lines(&bytes))?
}

/// Runs a peer's command on `files` and reads its lines for each: one
/// per game, then a summary line that starts with `games`.
fn run_peer(command: &[String], files: &[&Path]) -> Result<Vec<Vec<Line>>, String> {
    let (program, args) = command.split_first().ok_or("no command")?;
    let mut run = Command::new(program);
    run.args(args).args(files);
    let shown = format!("{run:?}");
    let out = run.output().map_err(|e| format!("cannot run {shown}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{shown} failed ({}): {}", out.status, short(stderr.trim(), 300)));
    }
    let mut per_file = vec![Vec::new()];
    for text in stdout.lines() {
        if text.starts_with("games ") {
            per_file.push(Vec::new());
        } else if let Some(lines) = per_file.last_mut() {
            lines.push(Line::parse(text)?);
        }
    }
    // What follows the last summary line.
    let rest = per_file.pop().unwrap_or_default();
    if per_file.len() != files.len() || !rest.is_empty() {
        return Err(format!(
            "{}: {} summary lines for {} files: the program stopped early",
            short(&shown, 200),
            per_file.len(),
            files.len()
        ));
    }
    Ok(per_file)
}

/// Games of one side: a number, or a run of numbers (`A-B`), in the
/// game column of `known.tsv`.
pub type Games = std::ops::RangeInclusive<u64>;

/// A difference that is understood: a row of `known.tsv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Known {
    /// The file, below the corpus root.
    pub file: String,
    /// Our game or games (`None`: the peer's games have no match here).
    pub our_games: Option<Games>,
    /// The peer's game or games, as `our_games`.
    pub their_games: Option<Games>,
    /// The peer that differs.
    pub peer: Peer,
    /// Our line without its game number (`ok|err PLIES FEN`), [`NO_GAME`]
    /// when we have no such game, or [`ANY`] for a run of games.
    pub ours: String,
    /// The peer's line, as `ours`.
    pub theirs: String,
    /// Why.
    pub reason: String,
}

/// What a side that has no game shows in `known.tsv`.
pub const NO_GAME: &str = "none";

/// The line of every game of a run of games that only one side has.
pub const ANY: &str = "*";

impl Known {
    /// True if the row covers `d`: the same games and lines.
    fn covers(&self, d: &Difference) -> bool {
        let side = |games: &Option<Games>, line: &Option<Line>, text: &str| match (games, line) {
            (None, None) => text == NO_GAME,
            (Some(games), Some(line)) => {
                games.contains(&line.game) && (text == ANY || text == line.outcome())
            }
            _ => false,
        };
        side(&self.our_games, &d.ours, &self.ours)
            && side(&self.their_games, &d.theirs, &self.theirs)
    }

    /// The number of games the row stands for.
    fn games(&self) -> u64 {
        let count = |games: &Games| games.end() - games.start() + 1;
        self.our_games.as_ref().or(self.their_games.as_ref()).map_or(0, count)
    }
}

/// Reads the game column: `N` (the same number on both sides), `N/M`
/// (ours, the peer's), `N/-` or `-/M` (a game one side only has), and
/// `A-B/-` or `-/A-B` (a run of games one side only has).
fn parse_games(text: &str) -> Option<(Option<Games>, Option<Games>)> {
    let number = |t: &str| t.parse::<u64>().ok().filter(|&n| n > 0);
    let games = |t: &str| -> Option<Option<Games>> {
        if t == "-" {
            return Some(None);
        }
        match t.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (number(a)?, number(b)?);
                (a < b).then_some(Some(a..=b))
            }
            None => Some(Some(number(t)?..=number(t)?)),
        }
    };
    let (ours, theirs) = match text.split_once('/') {
        Some((ours, theirs)) => (games(ours)?, games(theirs)?),
        None => (Some(number(text)?..=number(text)?), Some(number(text)?..=number(text)?)),
    };
    let single = |g: &Option<Games>| g.as_ref().is_none_or(|g| g.start() == g.end());
    let valid = match (&ours, &theirs) {
        (None, None) => false,
        (Some(_), Some(_)) => single(&ours) && single(&theirs),
        (Some(g), None) | (None, Some(g)) => g.start() <= g.end(),
    };
    valid.then_some((ours, theirs))
}

/// Reads `known.tsv`: tab-separated `file game peer ours theirs reason`,
/// blank and `#` lines skipped.
///
/// # Errors
///
/// A row of another form, with its line number.
pub fn parse_known(text: &str) -> Result<Vec<Known>, String> {
    let mut known = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("known.tsv, line {}: {why}", i + 1);
        let [file, game, peer, ours, theirs, reason] = line
            .split('\t')
            .collect::<Vec<_>>()
            .try_into()
            .map_err(|fields: Vec<_>| at(format!("{} fields, not 6", fields.len())))?;
        let (our_games, their_games) =
            parse_games(game).ok_or_else(|| at(format!("`{game}` is no game column")))?;
        let peer = Peer::from_name(peer).ok_or_else(|| at(format!("no peer `{peer}`")))?;
        if reason.trim().is_empty() {
            return Err(at("no reason".to_owned()));
        }
        for (games, text) in [(&our_games, ours), (&their_games, theirs)] {
            let fits = match games {
                None => text == NO_GAME,
                Some(g) if g.start() < g.end() => text == ANY,
                Some(_) => {
                    text != NO_GAME && (text == ANY || Line::parse(&format!("1 {text}")).is_ok())
                }
            };
            if !fits {
                return Err(at(format!("`{text}` does not fit the game column `{game}`")));
            }
        }
        known.push(Known {
            file: file.into(),
            our_games,
            their_games,
            peer,
            ours: ours.into(),
            theirs: theirs.into(),
            reason: reason.into(),
        });
    }
    Ok(known)
}

/// A game on which the sides differ: the line of each side, `None` for
/// a side that has no game there (the sides split the file otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// Our game.
    pub ours: Option<Line>,
    /// The peer's game.
    pub theirs: Option<Line>,
}

impl Difference {
    /// Its game column in `known.tsv`: `N`, `N/M`, `N/-` or `-/M`.
    pub fn games(&self) -> String {
        let number =
            |line: &Option<Line>| line.as_ref().map_or("-".to_owned(), |l| l.game.to_string());
        let (a, b) = (number(&self.ours), number(&self.theirs));
        if a == b { a } else { format!("{a}/{b}") }
    }

    /// The two lines without their game numbers ([`NO_GAME`] for none).
    pub fn outcomes(&self) -> [String; 2] {
        [&self.ours, &self.theirs]
            .map(|line| line.as_ref().map_or(NO_GAME.to_owned(), Line::outcome))
    }

    /// Its row of `known.tsv` for `file` and `peer`, with `reason`.
    pub fn row(&self, file: &str, peer: Peer, reason: &str) -> String {
        let [ours, theirs] = self.outcomes();
        format!("{file}\t{}\t{}\t{ours}\t{theirs}\t{reason}", self.games(), peer.name())
    }
}

impl fmt::Display for Difference {
    /// `game N/M: ours `...`, theirs `...``.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [ours, theirs] = self.outcomes();
        write!(f, "game {}: ours `{ours}`, theirs `{theirs}`", self.games())
    }
}

/// How far ahead [`differences`] looks for the sides to agree again after
/// a game on which they differ.
const LOOKAHEAD: usize = 16;

/// How many games in a row must agree for the sides to be in step again.
const IN_STEP: usize = 2;

/// The games of `ours` and `theirs` on which they do not agree
/// ([`Line::agrees`]), the two lists aligned in order: where the sides
/// split a file otherwise, a game one side has and the other has not is
/// a difference of its own, and the games after it are matched again.
///
/// At a game on which they differ, the sides are put in step again where
/// `IN_STEP` games in a row agree (or both lists end), skipping as few
/// games as possible, at most `LOOKAHEAD` on each side, and pairing
/// games where it can; the games skipped are paired in order, and those
/// left over are one side's only.
/// Without such a place the two games are a pair that differs.
pub fn differences(ours: &[Line], theirs: &[Line]) -> Vec<Difference> {
    let in_step = |a: usize, b: usize| {
        (0..IN_STEP).all(|k| match (ours.get(a + k), theirs.get(b + k)) {
            (Some(x), Some(y)) => x.agrees(y),
            (None, None) => true,
            // One list ends: the rest of the other is its own.
            (None, Some(_)) | (Some(_), None) => k > 0,
        })
    };
    let mut found = Vec::new();
    let (mut a, mut b) = (0, 0);
    while a < ours.len() || b < theirs.len() {
        if a < ours.len() && b < theirs.len() && ours[a].agrees(&theirs[b]) {
            (a, b) = (a + 1, b + 1);
            continue;
        }
        // The fewest games skipped on the side that skips more, and then
        // the fewest of one side only: (1, 1) before (0, 1).
        let mut skips: Vec<(usize, usize)> =
            (0..=LOOKAHEAD).flat_map(|i| (0..=LOOKAHEAD).map(move |j| (i, j))).skip(1).collect();
        skips.sort_by_key(|&(i, j)| (i.max(j), i.abs_diff(j)));
        let skip = skips
            .into_iter()
            .find(|&(i, j)| a + i <= ours.len() && b + j <= theirs.len() && in_step(a + i, b + j));
        let (i, j) = skip.unwrap_or((1, 1));
        let (i, j) = (i.min(ours.len() - a), j.min(theirs.len() - b));
        for k in 0..i.max(j) {
            let ours = (k < i).then(|| ours[a + k].clone());
            let theirs = (k < j).then(|| theirs[b + k].clone());
            found.push(Difference { ours, theirs });
        }
        (a, b) = (a + i, b + j);
    }
    found
}

/// The environment variable naming a file to which [`compare`] appends
/// every difference that `known.tsv` does not list, as a row of it whose
/// reason is `?`: the start of a new entry, once the games are read.
pub const NEW_ROWS: &str = "PGN_DIFFERENTIAL_NEW";

/// Compares the lines of one file with the peer's, allowing the
/// differences of `known` listed for that file and peer.
///
/// # Errors
///
/// Every difference not listed (or listed with other lines), and every
/// listed one that did not occur (for a run of games, on every game).
pub fn compare(
    file: &str,
    peer: Peer,
    ours: &[Line],
    theirs: &[Line],
    known: &[Known],
) -> Result<(), String> {
    let found = differences(ours, theirs);
    let listed: Vec<&Known> = known.iter().filter(|k| k.file == file && k.peer == peer).collect();
    let mut covered = vec![0u64; listed.len()];
    let mut unexplained = Vec::new();
    for d in &found {
        match listed.iter().position(|k| k.covers(d)) {
            Some(i) => covered[i] += 1,
            None => unexplained.push(d),
        }
    }
    let mut problems = Vec::new();
    if !unexplained.is_empty() {
        if let Some(path) = std::env::var_os(NEW_ROWS) {
            let rows: String = unexplained.iter().map(|d| d.row(file, peer, "?") + "\n").collect();
            let written = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .and_then(|mut out| std::io::Write::write_all(&mut out, rows.as_bytes()));
            if let Err(e) = written {
                problems.push(format!("cannot write {NEW_ROWS}: {e}"));
            }
        }
        problems.push(format!(
            "{} differences with {} not in known.tsv: {}",
            unexplained.len(),
            peer.name(),
            short(
                &unexplained.iter().map(ToString::to_string).collect::<Vec<_>>().join(" | "),
                800
            )
        ));
    }
    for (k, covered) in listed.iter().zip(covered) {
        if covered != k.games() {
            let game = match (&k.our_games, &k.their_games) {
                (Some(g), _) | (None, Some(g)) => format!("{}-{}", g.start(), g.end()),
                (None, None) => String::new(),
            };
            problems.push(format!(
                "known.tsv lists game {game} ({}), but {covered} of its {} games differ so",
                k.reason,
                k.games()
            ));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("; ")) }
}

/// Where a peer is, or why it cannot be run.
fn locate(peer: Peer) -> Result<Vec<String>, String> {
    match peer {
        Peer::PgnReader => match std::env::var("PGN_PEERS_BIN") {
            Ok(bin) if Path::new(&bin).is_file() => Ok(vec![bin, "finalfen".to_owned()]),
            Ok(bin) => Err(format!("PGN_PEERS_BIN is {bin}, which is no file")),
            Err(_) => Err("PGN_PEERS_BIN is not set (build ../shared/bench/peers and set it to \
                           its binary, as .ci/run does)"
                .to_owned()),
        },
        Peer::PythonChess => {
            let python = std::env::var("PGN_PYTHON").unwrap_or_else(|_| "python3".to_owned());
            let script = crate::crate_dir().join("differential").join("python_chess_final.py");
            let import = Command::new(&python).args(["-c", "import chess.pgn"]).output();
            match import {
                Ok(out) if out.status.success() => {
                    Ok(vec![python, script.to_string_lossy().into_owned()])
                }
                _ => Err(format!(
                    "{python} cannot import python-chess (set PGN_PYTHON to a Python that \
                     can, or `{python} -m pip install --user chess`)"
                )),
            }
        }
    }
}

/// The inputs of a row in `ctx`'s mode, relative to the corpus root:
/// the PGN files of `pgn/` and `bench/` (of at most 64 KiB in
/// [`Mode::Quick`]), and the gnuchess book but in [`Mode::Quick`] and,
/// for python-chess, which takes minutes over it, in [`Mode::Default`].
fn files(ctx: &Context, peer: Peer, section: &mut Section) -> Vec<String> {
    let mut files: Vec<String> =
        pgn_paths(ctx, section, true).iter().map(|path| relative(ctx, path)).collect();
    let book = match ctx.mode {
        Mode::Quick => false,
        Mode::Default => peer == Peer::PgnReader,
        Mode::Full => true,
    };
    if book {
        // First: the longest run starts while the others keep the cores busy.
        files.insert(0, COMPRESSED.to_owned());
    }
    files
}

/// The path of a corpus file as the peers read it: a compressed one is
/// decompressed to `scratch` first (the peers read plain files).
fn plain_file(ctx: &Context, scratch: &Path, file: &str) -> Result<PathBuf, String> {
    let path = ctx.corpus_file(file);
    if path.extension().is_none_or(|e| e != "zst") {
        return Ok(path);
    }
    let bytes = read_corpus_file(&path, None)?;
    std::fs::create_dir_all(scratch).map_err(|e| format!("cannot make {scratch:?}: {e}"))?;
    let plain = scratch.join(file.replace('/', "_").trim_end_matches(".zst"));
    std::fs::write(&plain, bytes).map_err(|e| format!("cannot write {plain:?}: {e}"))?;
    Ok(plain)
}

/// The files, by index, in the groups that one run of the peer reads:
/// one file a run for the peer program, which reads one; for python-chess,
/// whose start takes longer than most files, as many groups of about the
/// same size as there are cores.
fn batches(peer: Peer, sizes: &[u64]) -> Vec<Vec<usize>> {
    if peer == Peer::PgnReader {
        return (0..sizes.len()).map(|i| vec![i]).collect();
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let mut order: Vec<usize> = (0..sizes.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(sizes[i]));
    let mut groups: Vec<(u64, Vec<usize>)> = vec![(0, Vec::new()); cores.min(sizes.len())];
    for i in order {
        if let Some(group) = groups.iter_mut().min_by_key(|(size, _)| *size) {
            group.0 += sizes[i];
            group.1.push(i);
        }
    }
    groups.into_iter().map(|(_, group)| group).collect()
}

/// One row: every file of the mode, compared with `peer`, a case a file.
fn row(ctx: &Context, peer: Peer, section: &mut Section) {
    let command = match locate(peer) {
        Ok(command) => command,
        Err(why) if std::env::var_os("CI").is_some() => {
            return section.fail(format!("{} is needed in CI: {why}", peer.name()));
        }
        Err(why) => return section.skip(format!("{} not found: {why}", peer.name())),
    };
    let known = match std::fs::read_to_string(dir().join("known.tsv")) {
        Ok(text) => match parse_known(&text) {
            Ok(known) => known,
            Err(e) => return section.fail(e),
        },
        Err(e) => return section.fail(format!("cannot read known.tsv: {e}")),
    };
    let files = files(ctx, peer, section);
    let scratch = std::env::temp_dir().join(format!("pgn-differential-{}", std::process::id()));
    let plain: Vec<Result<PathBuf, String>> =
        files.iter().map(|file| plain_file(ctx, &scratch, file)).collect();
    let sizes: Vec<u64> = plain
        .iter()
        .map(|p| p.as_ref().ok().and_then(|p| std::fs::metadata(p).ok()).map_or(0, |m| m.len()))
        .collect();
    let readable: Vec<usize> = (0..files.len()).filter(|&i| plain[i].is_ok()).collect();
    let batches: Vec<Vec<usize>> =
        batches(peer, &readable.iter().map(|&i| sizes[i]).collect::<Vec<_>>())
            .into_iter()
            .map(|batch| batch.into_iter().map(|k| readable[k]).collect())
            .collect();
    let runs = parallel_map(&batches, |batch| {
        let paths: Vec<&Path> =
            batch.iter().filter_map(|&i| plain[i].as_ref().ok().map(PathBuf::as_path)).collect();
        run_peer(&command, &paths)
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let mut theirs: Vec<Result<Vec<Line>, String>> =
        plain.iter().map(|p| p.clone().map(|_| Vec::new())).collect();
    for (batch, run) in batches.iter().zip(runs) {
        match run {
            Ok(lines) => batch.iter().zip(lines).for_each(|(&i, lines)| theirs[i] = Ok(lines)),
            Err(e) => batch.iter().for_each(|&i| theirs[i] = Err(e.clone())),
        }
    }
    let cases: Vec<(&String, Result<Vec<Line>, String>)> = files.iter().zip(theirs).collect();
    let results = parallel_map(&cases, |(file, theirs)| {
        let ours = file_lines(&ctx.corpus_file(file))?;
        compare(file, peer, &ours, theirs.as_ref()?, &known)
    });
    for (file, result) in files.iter().zip(results) {
        section.record(result.map_err(|e| format!("{file}: {e}")));
    }
    if ctx.mode == Mode::Full {
        for k in known.iter().filter(|k| k.peer == peer && !files.contains(&k.file)) {
            section.fail(format!("known.tsv: {} is no PGN file of the corpus", k.file));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Line {
        Line::parse(text).expect("a line")
    }

    #[test]
    fn lines_are_read_and_written() {
        let text = "3 err 12 8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(line(text).to_string(), text);
        assert_eq!(line(text).outcome(), "err 12 8/8/8/8/8/8/8/K6k w - - 0 1");
        assert!(Line::parse("3 fine 12 x").is_err());
        assert!(Line::parse("3 ok 12").is_err());
    }

    #[test]
    fn our_lines() {
        let pgn = b"1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n\n\
                    [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
                    1. e4 d5 2. e5 f5 3. Ke3 Nc6 *\n";
        let lines: Vec<String> =
            final_lines(pgn).expect("read").iter().map(ToString::to_string).collect();
        assert_eq!(
            lines,
            [
                "1 ok 3 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
                "2 err 0 -",
                // f5 may be taken en passant: the square is written.
                "3 err 4 rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            ]
        );
    }

    #[test]
    fn a_start_nobody_could_set_up_agrees() {
        let ours = line("2 err 0 -");
        let peer = line("2 err 0 rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(ours.agrees(&peer));
        assert!(!ours.agrees(&line("2 ok 0 -")));
        assert!(!line("2 err 1 x").agrees(&line("2 err 1 y")));
    }

    fn lines(text: &str) -> Vec<Line> {
        text.split(',').enumerate().map(|(i, t)| line(&format!("{} {t}", i + 1))).collect()
    }

    fn shown(found: &[Difference]) -> Vec<String> {
        found.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn games_one_side_has_put_the_rest_out_of_step_only_once() {
        // The peer has a game more after our second (it split one), and
        // differs on our fifth.
        let ours = lines("ok 1 a,ok 2 b,ok 3 c,ok 4 d,ok 5 e,ok 6 f");
        let theirs = lines("ok 1 a,ok 2 b,ok 0 s,ok 3 c,ok 4 d,err 4 x,ok 6 f");
        assert_eq!(
            shown(&differences(&ours, &theirs)),
            ["game -/3: ours `none`, theirs `ok 0 s`", "game 5/6: ours `ok 5 e`, theirs `err 4 x`"]
        );
        // A file the peer reads as one game: the first paired, the rest ours.
        let theirs = lines("err 1 a");
        assert_eq!(
            shown(&differences(&ours[..3], &theirs)),
            [
                "game 1: ours `ok 1 a`, theirs `err 1 a`",
                "game 2/-: ours `ok 2 b`, theirs `none`",
                "game 3/-: ours `ok 3 c`, theirs `none`"
            ]
        );
        assert!(differences(&ours, &ours).is_empty());
        assert_eq!(differences(&[], &theirs).len(), 1);
    }

    fn known(game: &str, ours: &str, theirs: &str) -> Known {
        let row = format!("f\t{game}\tpgn-reader\t{ours}\t{theirs}\tr");
        parse_known(&row).expect("a row").remove(0)
    }

    #[test]
    fn every_difference_must_be_listed_and_occur() {
        let ours = lines("ok 2 a,ok 4 b,err 0 -,ok 1 c,ok 1 d");
        let theirs = lines("ok 2 a,err 3 c");
        let listed = [known("2", "ok 4 b", "err 3 c"), known("3-5/-", ANY, NO_GAME)];
        assert_eq!(compare("f", Peer::PgnReader, &ours, &theirs, &listed), Ok(()));
        // Another file, another peer: not listed.
        assert!(compare("g", Peer::PgnReader, &ours, &theirs, &listed).is_err());
        assert!(compare("f", Peer::PythonChess, &ours, &theirs, &listed).is_err());
        // Listed with other lines.
        let other = [known("2", "ok 4 b", "err 2 c"), listed[1].clone()];
        let err = compare("f", Peer::PgnReader, &ours, &theirs, &other).unwrap_err();
        assert!(err.contains("1 differences with pgn-reader not in known.tsv"), "{err}");
        assert!(err.contains("game 2-2 (r), but 0 of its 1 games"), "{err}");
        // A run that is longer than the games that differ.
        let longer = [listed[0].clone(), known("3-6/-", ANY, NO_GAME)];
        let err = compare("f", Peer::PgnReader, &ours, &theirs, &longer).unwrap_err();
        assert!(err.contains("3 of its 4 games"), "{err}");
        // Listed, but no longer different.
        let err = compare("f", Peer::PgnReader, &ours, &ours, &listed).unwrap_err();
        assert!(err.contains("0 of its 3 games"), "{err}");
    }

    #[test]
    fn the_table_is_read() {
        let text = "# file\tgame\tpeer\tours\ttheirs\treason\n\n\
                    pgn/a.pgn\t4/-\tpython-chess\tok 3 x\tnone\tmerged\n\
                    pgn/a.pgn\t-/7-9\tpython-chess\tnone\t*\tsplit\n\
                    pgn/a.pgn\t3/5\tpgn-reader\terr 0 -\tok 1 y\tz\n";
        let known = parse_known(text).expect("three rows");
        assert_eq!(known[0].peer, Peer::PythonChess);
        assert_eq!((known[0].our_games.clone(), known[0].their_games.clone()), (Some(4..=4), None));
        assert_eq!((known[1].our_games.clone(), known[1].their_games.clone()), (None, Some(7..=9)));
        assert_eq!(known[1].games(), 3);
        assert_eq!(
            (known[2].our_games.clone(), known[2].their_games.clone()),
            (Some(3..=3), Some(5..=5))
        );
        for bad in [
            "pgn/a.pgn\t4\tstockfish\tok 3 x\tok 3 y\tr",
            "pgn/a.pgn\t4\tpython-chess\tok 3 x\tok 3 y\t",
            "pgn/a.pgn\tfour\tpython-chess\tok 3 x\tok 3 y\tr",
            "pgn/a.pgn\t4\tpython-chess\tok 3 x\tnone\tr",
            "pgn/a.pgn\t4-6\tpython-chess\t*\t*\tr",
            "pgn/a.pgn\t6-4/-\tpython-chess\t*\tnone\tr",
            "pgn/a.pgn\t-/-\tpython-chess\tnone\tnone\tr",
            "pgn/a.pgn\t4-6/-\tpython-chess\tok 3 x\tnone\tr",
        ] {
            assert!(parse_known(bad).is_err(), "{bad}");
        }
    }
}
