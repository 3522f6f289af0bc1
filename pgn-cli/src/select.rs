//! `pgn select` and `pgn dedupe`: games chosen by `pgn-select`'s
//! [`Selector`] as they are read and replayed, written in export format
//! by `pgn-export`'s [`StreamExporter`] behind it, or as a table of tags
//! and facts, or counted; and the duplicates of a database left out.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::ops::Range;

use clap::Args;
use pgn_export::{ExportedGame, StreamExporter, Unfit};
use pgn_replay::{GameDiagnostic, GameInfo, ReplayVisitor, Replayed, Replayer};
use pgn_select::{
    Criterion, Decide, DuplicateIndex, DuplicateMode, Facts, FileStore, Seen, Selected, Selection,
    Selector, Verdict, fingerprint,
};
use pgn_syntax::parallel::Work;
use pgn_syntax::{ParallelReader, Relocate, Severity, Shift};
use san::fen_epd::{EnPassantMode, Fen};

use crate::export::ExportArgs;
use crate::output::TempPath;
use crate::report::{Diagnostics, NoiseArgs, VariantArgs};
use crate::table::{Cell, Table, TableFormat};
use crate::threads::read_input;
use crate::{Status, create_output, unreadable};

/// The criteria of `pgn select`, as options. Each takes the value of its
/// key in a criteria file (`pgn select --help` lists the forms).
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct CriteriaArgs {
    /// A tag test: NAME=TEXT (equal), NAME*=TEXT (contains), NAME~=PATTERN
    /// (`*` and `?`), or NAME with =, !=, <, <=, >, >= and an integer
    /// (WhiteElo>=2500; a value such as `?` is no integer and fails).
    /// pgn-extract's tag criteria (-t, -T).
    #[arg(long, value_name = "TEST")]
    tag: Vec<String>,
    /// A player of either colour whose tag contains NAME (pgn-extract's
    /// -Tp).
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,
    /// The White tag contains NAME (pgn-extract's -Tw).
    #[arg(long, value_name = "NAME")]
    white: Vec<String>,
    /// The Black tag contains NAME (pgn-extract's -Tb).
    #[arg(long, value_name = "NAME")]
    black: Vec<String>,
    /// An ECO code or range: B20-B99, C4, A (pgn-extract's -Te).
    #[arg(long, value_name = "RANGE")]
    eco: Vec<String>,
    /// A date or range, either end partial or open: 1990..1999, 2024.05,
    /// ..1900. A game's date must lie wholly within it (1990.??.?? is in
    /// 1990..1999, not in 1990.05); an unknown year is in no range
    /// (pgn-extract's -Td).
    #[arg(long, value_name = "RANGE")]
    date: Vec<String>,
    /// Results, comma-separated: 1-0,1/2-1/2 (pgn-extract's -Tr).
    #[arg(long, value_name = "RESULTS")]
    result: Vec<String>,
    /// Plies of the main line: N, N..M, N.., ..M, >=N, >N, <=N, <N
    /// (pgn-extract's -p).
    #[arg(long, value_name = "BOUND")]
    plies: Vec<String>,
    /// Moves of the main line (plies in pairs), as for --plies
    /// (pgn-extract's -b).
    #[arg(long, value_name = "BOUND")]
    moves: Vec<String>,
    /// The main line ends in checkmate (pgn-extract's -M).
    #[arg(long)]
    checkmate: bool,
    /// The main line ends in stalemate (pgn-extract's --stalemate).
    #[arg(long)]
    stalemate: bool,
    /// The side to move at the end has only its king.
    #[arg(long)]
    bare_king: bool,
    /// The game has variations.
    #[arg(long)]
    has_variations: bool,
    /// The game has comments.
    #[arg(long)]
    has_comments: bool,
    /// The Result tag contradicts the final position (checkmate or
    /// stalemate with another result).
    #[arg(long)]
    result_contradicts: bool,
    /// The main line starts with these SAN moves ("1. e4 c5 2. Nf3"), from
    /// the standard start or after "FEN |".
    #[arg(long, value_name = "MOVES")]
    opening: Vec<String>,
    /// As --opening, but any move order reaching the same position at the
    /// same ply matches.
    #[arg(long, value_name = "MOVES")]
    opening_transposed: Vec<String>,
    /// The main line reaches this position (FEN: placement, side to move,
    /// castling, en passant, compared by Zobrist key; pgn-extract's -Tf).
    #[arg(long, value_name = "FEN")]
    fen: Vec<String>,
    /// The main line reaches this placement of pieces (a FEN or its first
    /// field), whoever is to move.
    #[arg(long, value_name = "FEN")]
    placement: Vec<String>,
    /// The material matches at some ply: KRPvKR (exactly), Q+*vQ+* (at
    /// least a queen each, the rest anything), B1N0*vB0N1* (pgn-extract's
    /// -z).
    #[arg(long, value_name = "PATTERN")]
    material: Vec<String>,
    /// The material matches at the end of the main line.
    #[arg(long, value_name = "PATTERN")]
    material_end: Vec<String>,
    /// A main-line move leaves its player less than this on the clock
    /// (its first `[%clk]` command, ruling C4): seconds (30, 10.5) or
    /// H:MM:SS. Time trouble.
    #[arg(long, value_name = "SECONDS")]
    clock_below: Vec<String>,
    /// The evaluations (`[%eval]`) of two consecutive main-line plies
    /// differ by at least this many centipawns (a mate counts as 100
    /// pawns). A blunder.
    #[arg(long, value_name = "CENTIPAWNS")]
    eval_swing: Vec<String>,
    /// The last evaluation of the main line, in pawns from White's view,
    /// compares so: >=1.5, <=-3, =#2 (a mate counts as 100 pawns).
    #[arg(long, value_name = "BOUND", allow_hyphen_values = true)]
    eval_end: Vec<String>,
    /// Positions and material count in variations too.
    #[arg(long)]
    any_line: bool,
    /// Text tests ignore ASCII case (also those of criteria files).
    #[arg(short = 'i', long)]
    ignore_case: bool,
    /// Read criteria from FILE, one `KEY VALUE` a line (`player Tal`,
    /// `eco B20-B99`, `fen ...`; `#` starts a comment line), the keys being
    /// the names of these options.
    #[arg(long, value_name = "FILE")]
    criteria: Vec<String>,
    /// Select the games that fail the criteria instead.
    #[arg(long)]
    invert: bool,
}

impl CriteriaArgs {
    /// The selection the options and criteria files make.
    pub(crate) fn selection(&self) -> Result<Selection, String> {
        let mut selection = Selection::new();
        for path in &self.criteria {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let file = Selection::parse_with_case(&text, self.ignore_case)
                .map_err(|e| format!("{path}: {e}"))?;
            for c in file.criteria() {
                selection.push(c.clone());
            }
            let (invert, any_line) =
                (selection.invert() || file.invert(), selection.any_line() || file.any_line());
            selection = selection.inverted(invert).in_any_line(any_line);
        }
        let lists: [(&str, &[String]); 19] = [
            ("tag", &self.tag),
            ("player", &self.player),
            ("white", &self.white),
            ("black", &self.black),
            ("eco", &self.eco),
            ("date", &self.date),
            ("result", &self.result),
            ("plies", &self.plies),
            ("moves", &self.moves),
            ("opening", &self.opening),
            ("opening-transposed", &self.opening_transposed),
            ("fen", &self.fen),
            ("placement", &self.placement),
            ("material", &self.material),
            ("material-end", &self.material_end),
            ("clock-below", &self.clock_below),
            ("eval-swing", &self.eval_swing),
            ("eval-end", &self.eval_end),
            ("ending", &[]),
        ];
        for (key, values) in lists {
            for value in values {
                let c =
                    Criterion::parse(key, value, self.ignore_case).map_err(|e| e.to_string())?;
                selection.push(c);
            }
        }
        let flags = [
            (self.checkmate, "ending", "checkmate"),
            (self.stalemate, "ending", "stalemate"),
            (self.bare_king, "ending", "bare-king"),
            (self.has_variations, "has", "variations"),
            (self.has_comments, "has", "comments"),
            (self.result_contradicts, "result-contradicts", ""),
        ];
        for (on, key, value) in flags {
            if on {
                selection.push(Criterion::parse(key, value, false).map_err(|e| e.to_string())?);
            }
        }
        let invert = selection.invert() || self.invert;
        let any_line = selection.any_line() || self.any_line;
        Ok(selection.inverted(invert).in_any_line(any_line))
    }
}

/// What `pgn select` writes.
#[derive(Clone, Debug)]
pub(crate) enum Output {
    /// The games, in export format.
    Games(ExportArgs),
    /// A table of these columns.
    Table { columns: Vec<String>, format: TableFormat, en_passant: EnPassantMode },
    /// The number of games selected.
    Count,
}

/// The counts of a run.
#[derive(Debug, Default)]
struct Counts {
    games: u64,
    selected: u64,
    written: u64,
    rejected: u64,
    unplayable: u64,
    duplicates: u64,
    /// Games that could not be replayed, by the kind of the first error.
    reasons: BTreeMap<&'static str, u64>,
    diagnostics: crate::report::Tally,
}

/// What a run of [`run_inputs`] reads and what its selector keeps.
#[derive(Clone, Copy)]
struct Pass<'a> {
    command: &'a str,
    files: &'a [String],
    selection: &'a Selection,
    keep_main_line: bool,
    keep_final: bool,
    /// Games that cannot be replayed are written as read (`--keep-broken`
    /// with a selection on tags alone, whose verdict they do not change).
    writes_broken: bool,
    /// The problems of games rejected are reported too (`--pedantic`);
    /// by default only those of games selected or unplayable.
    rejected_problems: bool,
    /// The games that may be selected, by their number among the games
    /// read (over all the inputs, from 1): `--games`, or all of them.
    /// Reading stops past the last.
    games: (u64, u64),
    /// Games of other variants are left out quietly (`--skip-variants`).
    variants: VariantArgs,
    /// How inputs are read on several cores.
    reader: ParallelReader,
}

impl<'a> Pass<'a> {
    /// A pass that keeps nothing of the games beyond their verdicts.
    fn new(
        command: &'a str,
        files: &'a [String],
        selection: &'a Selection,
        reader: ParallelReader,
    ) -> Pass<'a> {
        Pass {
            command,
            files,
            selection,
            keep_main_line: false,
            keep_final: false,
            writes_broken: false,
            rejected_problems: false,
            games: (1, u64::MAX),
            variants: VariantArgs::default(),
            reader,
        }
    }

    /// A selector in front of `inner`, keeping what the pass needs.
    fn selector<V: ReplayVisitor>(&self, inner: V) -> Selector<V> {
        Selector::new(self.selection.clone(), inner)
            .keep_main_line(self.keep_main_line)
            .keep_final_position(self.keep_final)
    }
}

/// A game as the writing side takes it: what the replay and the selector
/// made of it, and what the reading side kept of it.
struct Done {
    game: Game,
    kept: Kept,
}

/// What the replay and the selector made of a game.
struct Game {
    info: Box<GameInfo>,
    verdict: Verdict,
    facts: Facts,
}

/// What the reading side kept of a game beside the selector's verdict,
/// its bytes in a buffer that goes with it.
#[derive(Debug, Default)]
struct Kept {
    /// Why the exporter left the game out, if it did.
    left_out: Option<Unfit>,
    /// The game in export format, when it is to be written.
    text: Option<Range<usize>>,
    /// The game's duplicate fingerprint, for dedupe.
    print: Option<Range<usize>>,
}

/// What the reading side keeps of each game, by command.
trait Keep<V: ReplayVisitor>: Sync {
    /// Keeps what the command needs of `game` (its bytes appended to
    /// `bytes`), and gives the selector back what it can use again.
    fn keep(
        &self,
        game: &mut Replayed<Selected<V::Output>>,
        selector: &mut Selector<V>,
        bytes: &mut Vec<u8>,
    ) -> Kept;
}

/// Nothing beyond the verdict (a table or a count).
struct KeepNothing;

impl Keep<Decide> for KeepNothing {
    fn keep(
        &self,
        _: &mut Replayed<Selected<()>>,
        _: &mut Selector<Decide>,
        _: &mut Vec<u8>,
    ) -> Kept {
        Kept::default()
    }
}

/// The exported text of the games to write, and for dedupe their
/// fingerprints.
struct KeepExported {
    /// Also unplayable games (written as read).
    broken: bool,
    /// The fingerprints of selected games, compared this way.
    prints: Option<DuplicateMode>,
}

impl Keep<StreamExporter> for KeepExported {
    fn keep(
        &self,
        game: &mut Replayed<Selected<ExportedGame>>,
        selector: &mut Selector<StreamExporter>,
        bytes: &mut Vec<u8>,
    ) -> Kept {
        let verdict = game.output.verdict();
        let wanted = verdict == Verdict::Selected || verdict == Verdict::Unplayable && self.broken;
        let mut kept = Kept::default();
        if let (true, Some(exported)) = (wanted, game.output.output()) {
            kept.left_out = exported.left_out;
            let from = bytes.len();
            bytes.extend_from_slice(&selector.inner().output()[exported.text.clone()]);
            kept.text = Some(from..bytes.len());
        }
        if let (Some(mode), Verdict::Selected, Some((start, moves))) =
            (&self.prints, verdict, selector.main_line())
        {
            let from = bytes.len();
            fingerprint(mode, start, moves, &game.info.tags, bytes);
            kept.print = Some(from..bytes.len());
        }
        selector.inner_mut().clear_output();
        kept
    }
}

/// Turns a game read into what the writing side takes, keeping its text
/// and fingerprint in `bytes`.
fn done<V: ReplayVisitor>(
    mut game: Replayed<Selected<V::Output>>,
    selector: &mut Selector<V>,
    keep: &impl Keep<V>,
    bytes: &mut Vec<u8>,
) -> Done {
    let kept = keep.keep(&mut game, selector, bytes);
    let Replayed { info, output } = game;
    let verdict = output.verdict();
    let facts = match output {
        Selected::Rejected { facts } | Selected::Decided { facts, .. } => facts,
    };
    Done { game: Game { info, verdict, facts }, kept }
}

/// The end of a run that has read past the games of `--games`.
#[derive(Debug)]
struct PastTheRange;

impl std::fmt::Display for PastTheRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("past the games asked for")
    }
}

impl std::error::Error for PastTheRange {}

/// Reads the value of `--games`: `N`, `N..M`, `N..`, `..M` (the games
/// numbered so, from 1, over all the inputs; `..M` is the first M).
pub(crate) fn parse_games(text: &str) -> Result<(u64, u64), String> {
    let number = |s: &str, open: u64| match s.trim() {
        "" => Ok(open),
        s => s.parse::<u64>().map_err(|_| format!("{s:?} is no game number")),
    };
    let (from, to) = match text.split_once("..") {
        Some((from, to)) => (number(from, 1)?, number(to, u64::MAX)?),
        None => {
            let n = number(text, 0)?;
            (n, n)
        }
    };
    if from == 0 || to < from {
        return Err(format!("{text:?}: games are numbered from 1, as N, N..M, N.. or ..M"));
    }
    Ok((from, to))
}

/// What a worker hands on of a game of `pgn select` and `pgn dedupe`.
enum Taken {
    /// A game rejected with nothing to report (its problems are reported
    /// only with `--pedantic`): it is only counted.
    Quiet,
    /// A game, its text and fingerprint in the bytes ([`Kept`]).
    Game(Done, Vec<u8>),
    /// The diagnostics past the last game.
    End(Vec<GameDiagnostic>),
}

impl Relocate for Taken {
    fn relocate(&mut self, shift: Shift) {
        match self {
            Taken::Quiet => {}
            Taken::Game(done, _) => done.game.info.relocate(shift),
            Taken::End(trailing) => trailing.relocate(shift),
        }
    }
}

/// How each reader of a pass replays, selects and keeps its games.
struct SelectWork<'a, I, K> {
    pass: &'a Pass<'a>,
    inner: &'a I,
    keep: &'a K,
}

impl<V, I, K> Work for SelectWork<'_, I, K>
where
    V: ReplayVisitor,
    I: Fn() -> V + Sync,
    K: Keep<V>,
{
    type Visitor = Replayer<Selector<V>>;
    type Item = Taken;

    fn visitor(&self) -> Replayer<Selector<V>> {
        Replayer::new(self.pass.selector((self.inner)()))
    }

    fn item(
        &self,
        replayer: &mut Replayer<Selector<V>>,
        game: Replayed<Selected<V::Output>>,
    ) -> Taken {
        let mut bytes = Vec::new();
        let mut game = done(game, replayer.inner_mut(), self.keep, &mut bytes);
        if self.pass.variants.skips(&mut game.game.info) {
            replayer.recycle(game.game.info);
            return Taken::Quiet;
        }
        let quiet = game.game.info.problems.is_empty() || !self.pass.rejected_problems;
        if game.game.verdict == Verdict::Rejected && quiet {
            replayer.recycle(game.game.info);
            Taken::Quiet
        } else {
            Taken::Game(game, bytes)
        }
    }

    fn end(&self, replayer: &mut Replayer<Selector<V>>) -> Option<Taken> {
        Some(Taken::End(replayer.take_problems()))
    }
}

/// The writing side of a run over one input: reports and counts each
/// game in order, and hands it on.
struct Taker<'r, E: Write, G> {
    name: &'r str,
    index: usize,
    diagnostics: &'r mut Diagnostics<E>,
    counts: &'r mut Counts,
    writes_broken: bool,
    on_game: &'r mut G,
}

impl<E: Write, G> Taker<'_, E, G>
where
    G: FnMut(&Done, &[u8], &str, usize, &mut Counts, &mut Diagnostics<E>) -> io::Result<()>,
{
    /// One game (shifted to its place in the input).
    fn take(&mut self, game: &Done, bytes: &[u8]) -> io::Result<()> {
        let (name, counts) = (self.name, &mut *self.counts);
        counts.games += 1;
        for d in &game.game.info.problems {
            report(d, name, counts, self.diagnostics)?;
        }
        match game.game.verdict {
            Verdict::Selected => counts.selected += 1,
            Verdict::Rejected => counts.rejected += 1,
            Verdict::Unplayable => {
                unplayable(&game.game, name, self.writes_broken, counts, self.diagnostics)?
            }
        }
        (self.on_game)(game, bytes, name, self.index, counts, self.diagnostics)
    }

    /// Diagnostics past the last game.
    fn trailing(&mut self, trailing: &[GameDiagnostic]) -> io::Result<()> {
        for d in trailing {
            report(d, self.name, self.counts, self.diagnostics)?;
        }
        Ok(())
    }
}

/// Runs every game of `files` through a selector in front of the visitor
/// `inner` makes (one a file, or a piece of a file), reporting
/// diagnostics and counting; each game goes to `on_game` in input order
/// with the input's name and its index. Each input is read on the pass's
/// threads ([`ParallelReader`]); the games come the same.
fn run_inputs<V: ReplayVisitor, E: Write>(
    pass: Pass<'_>,
    inner: impl Fn() -> V + Sync,
    keep: impl Keep<V>,
    diagnostics: &mut Diagnostics<E>,
    status: &mut Status,
    counts: &mut Counts,
    mut on_game: impl FnMut(
        &Done,
        &[u8],
        &str,
        usize,
        &mut Counts,
        &mut Diagnostics<E>,
    ) -> io::Result<()>,
) -> io::Result<()> {
    let command = pass.command;
    let work = SelectWork { pass: &pass, inner: &inner, keep: &keep };
    // Games read so far, over all the inputs (for `--games`).
    let mut seen = 0u64;
    for (index, name) in pass.files.iter().enumerate() {
        let Some(input) = status.open(&mut diagnostics.out, command, name)? else { continue };
        diagnostics.input(name);
        let mut taker = Taker {
            name,
            index,
            diagnostics: &mut *diagnostics,
            counts: &mut *counts,
            writes_broken: pass.writes_broken,
            on_game: &mut on_game,
        };
        let read = read_input(pass.reader, input, &work, |taken| {
            let game = !matches!(taken, Taken::End(_));
            if game {
                taker.diagnostics.games(1);
                seen += 1;
                // Out of `--games`: before it, a game not selected; past
                // it, the end of the run.
                if seen > pass.games.1 {
                    return Err(io::Error::other(PastTheRange));
                }
                if seen < pass.games.0 {
                    taker.counts.games += 1;
                    taker.counts.rejected += 1;
                    return Ok(());
                }
            }
            match taken {
                Taken::Quiet => {
                    taker.counts.games += 1;
                    taker.counts.rejected += 1;
                    Ok(())
                }
                Taken::Game(game, bytes) => taker.take(game, bytes),
                Taken::End(trailing) => taker.trailing(trailing),
            }
        });
        let failure = match read {
            Ok(failure) => failure,
            Err(e) if e.get_ref().is_some_and(|e| e.is::<PastTheRange>()) => break,
            Err(e) => return Err(e),
        };
        if let Some(err) = failure {
            unreadable(status, &mut diagnostics.out, command, name, &err)?;
        }
    }
    status.input_errors = counts.diagnostics.errors > 0;
    Ok(())
}

fn report<E: Write>(
    d: &GameDiagnostic,
    name: &str,
    counts: &mut Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.diagnostics.count(d.severity());
    diagnostics.report(d.severity(), d.label(), name, d)
}

/// Counts a game that could not be replayed under the kind of its first
/// error, and says so.
fn unplayable<E: Write>(
    game: &Game,
    name: &str,
    written: bool,
    counts: &mut Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.unplayable += 1;
    let cause = game.info.problems.iter().find_map(|d| match d {
        GameDiagnostic::Replay(r) if r.severity() == Severity::Error => Some(r),
        _ => None,
    });
    let label = cause.map_or("a move that cannot be played", |r| r.problem.label());
    *counts.reasons.entry(label).or_default() += 1;
    // The game's own error (the move that cannot be played) is counted
    // already; the game is not counted as another.
    if cause.is_none() {
        counts.diagnostics.count(Severity::Error);
    }
    let why = cause.map(|r| r.message().to_string()).unwrap_or_else(|| label.into());
    let place = cause
        .and_then(|r| r.at)
        .map(|at| format!("{}:{}: ", at.line, at.column))
        .unwrap_or_default();
    let (what, label) = if written {
        ("game written as read from there (--keep-broken)", "game could not be replayed")
    } else {
        ("game not selected", "game not selected: it could not be replayed")
    };
    let line = format_args!(
        "{place}game {}: error: {what}: it could not be replayed ({why})",
        game.info.number
    );
    diagnostics.report(Severity::Error, label, name, line)
}

/// Writes a game's exported text, counting it; a game the exporter left
/// out (a set-up position in reduced export format) is an error.
fn write_exported<E: Write>(
    game: &Done,
    bytes: &[u8],
    out: &mut impl Write,
    name: &str,
    counts: &mut Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    let Some(text) = &game.kept.text else { return Ok(()) };
    if game.kept.left_out == Some(Unfit::SetUpPosition) {
        counts.diagnostics.count(Severity::Error);
        let line = format_args!(
            " game {}: error: game not written (it starts from a set-up position, which \
             reduced export format cannot hold); --no-comments --no-nags --no-variations keep its tags",
            game.game.info.number
        );
        return diagnostics.report(Severity::Error, "game not exported", name, line);
    }
    counts.written += 1;
    out.write_all(&bytes[text.clone()])
}

/// Runs `pgn select`.
pub(crate) fn run(
    files: &[String],
    output: Option<&str>,
    criteria: &CriteriaArgs,
    what: Output,
    (noise, games, variants): (NoiseArgs, Option<(u64, u64)>, VariantArgs),
    reader: ParallelReader,
) -> io::Result<Status> {
    const COMMAND: &str = "select";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let selection = match criteria.selection() {
        Ok(s) => s,
        Err(why) => return refuse(COMMAND, &why, &mut diagnostics, status),
    };
    if status.refuses_outputs(&mut diagnostics.out, COMMAND, files, &[output])? {
        return Ok(status);
    }
    let Some(mut out) = create_output(output, &mut status, &mut diagnostics.out, COMMAND)? else {
        diagnostics.out.flush()?;
        return Ok(status);
    };
    let mut counts = Counts::default();
    let pass = Pass {
        rejected_problems: noise.pedantic,
        games: games.unwrap_or((1, u64::MAX)),
        variants,
        ..Pass::new(COMMAND, files, &selection, reader)
    };
    match what {
        Output::Games(args) => {
            let writes_broken = args.keep_broken && selection.tags_only();
            let exporter = || StreamExporter::new(args.options).keep_broken(args.keep_broken);
            run_inputs(
                Pass { writes_broken, ..pass },
                exporter,
                KeepExported { broken: writes_broken, prints: None },
                &mut diagnostics,
                &mut status,
                &mut counts,
                |game, bytes, name, _, counts, diagnostics| {
                    write_exported(game, bytes, &mut out, name, counts, diagnostics)
                },
            )?;
        }
        Output::Table { columns, format, en_passant } => {
            let wants_final = columns.iter().any(|c| c == "final-fen");
            let table = Table::new(format, columns.clone());
            table.header(&mut out)?;
            let mut values: Vec<Vec<u8>> = vec![Vec::new(); columns.len()];
            run_inputs(
                Pass { keep_final: wants_final, ..pass },
                || Decide,
                KeepNothing,
                &mut diagnostics,
                &mut status,
                &mut counts,
                |game, _, name, _, counts, _| {
                    let game = &game.game;
                    if game.verdict != Verdict::Selected {
                        return Ok(());
                    }
                    counts.written += 1;
                    for (value, c) in values.iter_mut().zip(&columns) {
                        value.clear();
                        column(game, (c, en_passant), name, value);
                    }
                    let cells: Vec<Cell<'_>> = values
                        .iter()
                        .zip(&columns)
                        .map(|(value, c)| match c.as_str() {
                            "PlyCount" | "plies" | "moves" | "game" => Cell::Number(value),
                            _ if value.is_empty() => Cell::Empty,
                            _ => Cell::Text(value),
                        })
                        .collect();
                    table.row(&mut out, &cells)
                },
            )?;
        }
        Output::Count => {
            run_inputs(
                pass,
                || Decide,
                KeepNothing,
                &mut diagnostics,
                &mut status,
                &mut counts,
                |_, _, _, _, _, _| Ok(()),
            )?;
            writeln!(out, "{}", counts.selected)?;
        }
    }
    out.finish(&status, &mut diagnostics.out, COMMAND)?;
    finish(COMMAND, &counts, &mut diagnostics)?;
    Ok(status)
}

/// Ends a run that cannot start (a bad criterion, an option refused):
/// the reason on standard error, and exit code 2.
fn refuse<E: Write>(
    command: &str,
    why: &str,
    diagnostics: &mut Diagnostics<E>,
    mut status: Status,
) -> io::Result<Status> {
    crate::report::write_failure(&mut diagnostics.out, command, None, why)?;
    diagnostics.out.flush()?;
    status.unreadable += 1;
    Ok(status)
}

/// The value of a column for a game.
fn column(
    game: &Game,
    (name, en_passant): (&str, EnPassantMode),
    name_of_file: &str,
    out: &mut Vec<u8>,
) {
    match name {
        "PlyCount" | "plies" => out.extend_from_slice(game.facts.plies.to_string().as_bytes()),
        "moves" => out.extend_from_slice(game.facts.plies.div_ceil(2).to_string().as_bytes()),
        "game" => out.extend_from_slice(game.info.number.to_string().as_bytes()),
        "file" => out.extend_from_slice(name_of_file.as_bytes()),
        "final-fen" => {
            if let Some(pos) = &game.facts.final_position {
                let fen = Fen::from_position_with(pos, en_passant);
                out.extend_from_slice(fen.to_string().as_bytes());
            }
        }
        tag => out.extend_from_slice(game.info.tags.get(tag).unwrap_or_default()),
    }
}

/// The end of a run: the diagnostics by kind, the reasons games could not
/// be replayed, the summary line.
fn finish<E: Write>(
    command: &str,
    counts: &Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    diagnostics.finish(command)?;
    for (reason, n) in &counts.reasons {
        if crate::report::json() {
            let object = serde_json::json!({
                "type": "not_replayable", "command": command, "kind": reason, "count": n
            });
            diagnostics.json_summary(object)?;
        } else {
            diagnostics.summary(format_args!("pgn {command}: not replayable: {n} × {reason}"))?;
        }
    }
    let dup = if command == "dedupe" {
        format!(" duplicates={}", counts.duplicates)
    } else {
        String::new()
    };
    diagnostics.summary(format_args!(
        "games={} selected={} written={} rejected={}{dup} unplayable={} {}",
        counts.games,
        counts.selected,
        counts.written,
        counts.rejected,
        counts.unplayable,
        counts.diagnostics
    ))?;
    diagnostics.out.flush()
}

/// Where `pgn dedupe` writes: OUT (else standard output), DUPS and
/// REPORT when given.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DedupeOutputs<'a> {
    pub(crate) output: Option<&'a str>,
    pub(crate) duplicates: Option<&'a str>,
    pub(crate) report: Option<&'a str>,
}

/// Runs `pgn dedupe`: the first game of each set of duplicates to OUT,
/// the others to DUPS (when given), a count per set to REPORT.
pub(crate) fn dedupe(
    files: &[String],
    outputs: DedupeOutputs<'_>,
    mode: DuplicateMode,
    args: ExportArgs,
    noise: NoiseArgs,
    reader: ParallelReader,
) -> io::Result<Status> {
    const COMMAND: &str = "dedupe";
    let DedupeOutputs { output, duplicates, report: report_to } = outputs;
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let outputs = [output, duplicates, report_to];
    if status.refuses_outputs(&mut diagnostics.out, COMMAND, files, &outputs)? {
        return Ok(status);
    }
    // Every output is created before anything is read; DUPS and REPORT
    // only when asked for.
    let mut opened = Vec::with_capacity(outputs.len());
    for (i, path) in outputs.into_iter().enumerate() {
        if i > 0 && path.is_none() {
            opened.push(None);
        } else if let Some(out) = create_output(path, &mut status, &mut diagnostics.out, COMMAND)? {
            opened.push(Some(out));
        } else {
            diagnostics.out.flush()?;
            return Ok(status);
        }
    }
    let mut opened = opened.into_iter();
    let (Some(Some(mut out)), Some(mut dups), Some(report)) =
        (opened.next(), opened.next(), opened.next())
    else {
        return Ok(status);
    };
    let store_path = std::env::temp_dir().join(format!("pgn-dedupe-{}.tmp", std::process::id()));
    let (store_temp, store_file) = TempPath::create(store_path)?;
    let mut index = DuplicateIndex::new(FileStore::new(store_file));
    let no_criteria = Selection::new();
    let mut counts = Counts::default();
    let exporter = || StreamExporter::new(args.options).keep_broken(false);
    let result = run_inputs(
        Pass {
            keep_main_line: true,
            variants: args.variants,
            ..Pass::new(COMMAND, files, &no_criteria, reader)
        },
        exporter,
        KeepExported { broken: false, prints: Some(mode) },
        &mut diagnostics,
        &mut status,
        &mut counts,
        |game, bytes, name, file_index, counts, diagnostics| {
            let Some(print) = &game.kept.print else { return Ok(()) };
            let id = (file_index as u64) << 40 | game.game.info.number;
            match index.insert(&bytes[print.clone()], id)? {
                Seen::First(_) => write_exported(game, bytes, &mut out, name, counts, diagnostics),
                Seen::Duplicate { .. } => {
                    counts.duplicates += 1;
                    counts.selected -= 1;
                    match (dups.as_mut(), &game.kept.text) {
                        (Some(d), Some(text)) => d.write_all(&bytes[text.clone()]),
                        _ => Ok(()),
                    }
                }
            }
        },
    );
    drop(store_temp);
    result?;
    out.finish(&status, &mut diagnostics.out, COMMAND)?;
    if let Some(dups) = dups {
        dups.finish(&status, &mut diagnostics.out, COMMAND)?;
    }
    if let Some(mut report) = report {
        writeln!(report, "file\tgame\tcopies")?;
        for (id, copies) in index.repeated() {
            let file = files.get((id >> 40) as usize).map_or("", String::as_str);
            writeln!(report, "{file}\t{}\t{copies}", id & ((1 << 40) - 1))?;
        }
        report.finish(&status, &mut diagnostics.out, COMMAND)?;
    }
    finish(COMMAND, &counts, &mut diagnostics)?;
    Ok(status)
}
