//! `pgn moves`: one row per ply of each game's main line (or of every
//! line), with what the move is and what its comments say: SAN, UCI, the
//! FEN, the clock, the time it took and the evaluation of its comment
//! commands (ruling C4), NAGs, and the comment text.
//!
//! The rows of a game are made as it is replayed, in the order of its
//! moves in the input (a variation's moves after the move it replaces),
//! and written at its end: the comments after a move may come after its
//! variations. Their text is kept in buffers reused from game to game.

use std::io::{self, BufWriter, Write};
use std::ops::{ControlFlow, Range};

use fen_epd::{CastlingNotation, EnPassantMode, Fen};
use pgn_commands::FirstValues;
use pgn_replay::{Event, GameDiagnostic, GameInfo, ReplayVisitor, Replayed, Replayer};
use pgn_syntax::parallel::Work;
use pgn_syntax::{ParallelReader, Relocate, Shift};
use san::San;

use crate::report::{Diagnostics, NoiseArgs, Tally, VariantArgs};
use crate::table::{Cell, Table, TableFormat};
use crate::threads::read_input;
use crate::{Status, unreadable};

/// Which position the `fen` column gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum FenWhen {
    /// The position before the move.
    Before,
    /// The position after the move (python-chess's `node.board()`).
    After,
}

/// What `pgn moves` was asked for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MovesArgs {
    pub(crate) all_lines: bool,
    pub(crate) fen: Option<FenWhen>,
    /// When the `fen` column has the en passant square.
    pub(crate) en_passant: EnPassantMode,
    pub(crate) format: TableFormat,
    pub(crate) variants: VariantArgs,
}

/// The columns, in order, for these options and this many files.
fn columns(args: MovesArgs, files: usize) -> Vec<String> {
    let mut columns = Vec::new();
    if files > 1 {
        columns.push("file");
    }
    columns.push("game");
    if args.all_lines {
        columns.push("path");
    }
    columns.extend(["ply", "move", "side", "san", "uci"]);
    if args.fen.is_some() {
        columns.push("fen");
    }
    columns.extend(["clock", "emt", "eval", "nags", "comment"]);
    columns.into_iter().map(str::to_owned).collect()
}

/// A move's row while its game is replayed: its own fields as ranges of
/// the game's text buffer.
#[derive(Clone, Debug)]
struct Row {
    ply: u32,
    number: u32,
    white: bool,
    /// SAN, UCI, FEN and path, one after the other in the text buffer.
    san: Range<usize>,
    uci: Range<usize>,
    fen: Range<usize>,
    path: Range<usize>,
    /// Variations started from this move so far (to number the next).
    variations: u32,
}

/// What follows a move, up to the next move of its line: a comment or
/// a NAG, for the row it belongs to.
#[derive(Clone, Debug)]
struct Attached {
    row: usize,
    what: Attachment,
}

#[derive(Clone, Debug)]
enum Attachment {
    Comment(Range<usize>),
    Nag(u8),
}

/// The replay consumer that makes the rows, all but their first cells
/// (the file and the game number, which the calling thread writes).
struct RowMaker<'a> {
    table: &'a Table,
    args: MovesArgs,
    /// The columns before those made here.
    prefix: usize,
    rows: Vec<Row>,
    attached: Vec<Attached>,
    text: Vec<u8>,
    /// For each open line (the main line first): the row of its last
    /// move, and its path.
    lines: Vec<(Option<usize>, Range<usize>)>,
    /// A FEN being written.
    fen: String,
}

/// The rows of a game, but for their first cells: their text, and where
/// each ends in it.
#[derive(Default)]
struct Rows {
    text: Vec<u8>,
    ends: Vec<usize>,
}

impl RowMaker<'_> {
    /// Appends to the text buffer and gives where.
    fn keep(&mut self, bytes: impl AsRef<[u8]>) -> Range<usize> {
        let start = self.text.len();
        self.text.extend_from_slice(bytes.as_ref());
        start..self.text.len()
    }

    /// The rows of the game that ended.
    fn rows(&mut self) -> Rows {
        let mut made = Rows::default();
        self.attached.sort_by_key(|a| a.row);
        let mut attached = self.attached.iter().peekable();
        let (mut comment, mut nags) = (Vec::new(), Vec::new());
        let (mut clock, mut emt, mut eval) = (String::new(), String::new(), String::new());
        for (i, row) in self.rows.iter().enumerate() {
            comment.clear();
            nags.clear();
            let mut values = FirstValues::default();
            while let Some(a) = attached.next_if(|a| a.row == i) {
                match &a.what {
                    Attachment::Nag(nag) => nags.push(*nag),
                    Attachment::Comment(range) => {
                        let text = &self.text[range.clone()];
                        values.add(text);
                        let plain = pgn_commands::text_without_commands(text);
                        for word in plain.split(|&b| b <= b' ' || b == 0x7f) {
                            if word.is_empty() {
                                continue;
                            }
                            if !comment.is_empty() {
                                comment.push(b' ');
                            }
                            comment.extend_from_slice(word);
                        }
                    }
                }
            }
            nags.sort_unstable();
            nags.dedup();
            let number = |out: &mut String, value: Option<String>| {
                out.clear();
                out.extend(value);
            };
            number(&mut clock, values.clock.map(|t| t.in_seconds().to_string()));
            number(&mut emt, values.emt.map(|t| t.in_seconds().to_string()));
            number(&mut eval, values.eval.map(|e| e.score.to_string()));
            let nag_text = nags.iter().map(|n| format!("${n}")).collect::<Vec<_>>().join(" ");
            let (ply, number) = (row.ply.to_string(), row.number.to_string());
            // At most the 12 columns of `columns` after the file and the
            // game: path, ply, move, side, san, uci, fen, clock, emt,
            // eval, nags, comment.
            let mut cells = [Cell::Empty; 12];
            let mut n = 0;
            let mut push = |cell| {
                cells[n] = cell;
                n += 1;
            };
            if self.args.all_lines {
                push(Cell::Text(&self.text[row.path.clone()]));
            }
            push(Cell::Number(ply.as_bytes()));
            push(Cell::Number(number.as_bytes()));
            push(Cell::Text(if row.white { b"w" } else { b"b" }));
            push(Cell::Text(&self.text[row.san.clone()]));
            push(Cell::Text(&self.text[row.uci.clone()]));
            if self.args.fen.is_some() {
                push(Cell::Text(&self.text[row.fen.clone()]));
            }
            for value in [&clock, &emt, &eval] {
                push(if value.is_empty() { Cell::Empty } else { Cell::Number(value.as_bytes()) });
            }
            push(if nags.is_empty() { Cell::Empty } else { Cell::Text(nag_text.as_bytes()) });
            push(if comment.is_empty() { Cell::Empty } else { Cell::Text(&comment) });
            self.table.cells(&mut made.text, self.prefix, &cells[..n], true);
            made.ends.push(made.text.len());
        }
        made
    }
}

impl ReplayVisitor for RowMaker<'_> {
    type Output = Rows;

    fn begin_movetext(
        &mut self,
        _game: &GameInfo,
        _start: Option<&chess_core::Position>,
    ) -> ControlFlow<Rows> {
        self.rows.clear();
        self.attached.clear();
        self.text.clear();
        self.lines.clear();
        self.lines.push((None, 0..0));
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<Rows> {
        match *event {
            Event::Move(ref played) => {
                let start = self.text.len();
                San::append_played(played, &mut self.text);
                let san = start..self.text.len();
                // Writing to a `Vec` cannot fail.
                let _ = write!(self.text, "{}", played.m);
                let uci = san.end..self.text.len();
                let fen = match self.args.fen {
                    None => 0..0,
                    Some(when) => {
                        let pos =
                            if when == FenWhen::Before { played.before } else { played.after };
                        self.fen.clear();
                        Fen::from_position_with(pos, self.args.en_passant)
                            .append_with(CastlingNotation::XFen, &mut self.fen);
                        let start = self.text.len();
                        self.text.extend_from_slice(self.fen.as_bytes());
                        start..self.text.len()
                    }
                };
                let path = self.lines.last().map_or(0..0, |(_, path)| path.clone());
                self.rows.push(Row {
                    ply: played.ply,
                    number: played.before.fullmoves().get(),
                    white: played.before.turn() == chess_core::Color::White,
                    san,
                    uci,
                    fen,
                    path,
                    variations: 0,
                });
                let row = self.rows.len() - 1;
                if let Some(line) = self.lines.last_mut() {
                    line.0 = Some(row);
                }
                if let Some(suffix) = played.suffix {
                    self.attached.push(Attached { row, what: Attachment::Nag(suffix.nag().0) });
                }
            }
            Event::Nag(nag) => {
                if let Some(&(Some(row), _)) = self.lines.last() {
                    let what = Attachment::Nag(nag.0);
                    self.attached.push(Attached { row, what });
                }
            }
            Event::Comment { text, .. } => {
                if let Some(&(Some(row), _)) = self.lines.last() {
                    let range = self.keep(text);
                    self.attached.push(Attached { row, what: Attachment::Comment(range) });
                }
            }
            Event::BeginVariation { .. } => {
                // The variation replaces the last move of its line: its
                // path is that line's, then the move's ply and the
                // variation's number among the move's (`5:1`).
                let (row, parent) = self.lines.last().cloned().unwrap_or((None, 0..0));
                let (ply, n) = match row.and_then(|row| self.rows.get_mut(row)) {
                    Some(row) => {
                        row.variations += 1;
                        (row.ply, row.variations)
                    }
                    None => (0, 1),
                };
                let mut path = self.text[parent].to_vec();
                if !path.is_empty() {
                    path.push(b'/');
                }
                path.extend_from_slice(format!("{ply}:{n}").as_bytes());
                let path = self.keep(path);
                self.lines.push((None, path));
            }
            Event::EndVariation => {
                if self.lines.len() > 1 {
                    self.lines.pop();
                }
            }
            Event::Unresolved { .. } | Event::Escape(_) => {}
        }
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        self.args.all_lines
    }

    fn end_game(&mut self, _: &GameInfo) -> Rows {
        self.rows()
    }
}

/// How each reader of `pgn moves` makes the rows of its games.
struct MovesWork<'a> {
    table: &'a Table,
    args: MovesArgs,
    prefix: usize,
}

/// What `pgn moves` keeps of a game (or of the text after the last
/// game): its number, its rows, its problems.
struct Made {
    /// `None` for the text after the last game.
    number: Option<u64>,
    rows: Rows,
    problems: Vec<GameDiagnostic>,
}

impl Relocate for Made {
    fn relocate(&mut self, shift: Shift) {
        self.number = self.number.map(|n| shift.game(n));
        self.problems.relocate(shift);
    }
}

impl<'a> Work for MovesWork<'a> {
    type Visitor = Replayer<RowMaker<'a>>;
    type Item = Made;

    fn visitor(&self) -> Replayer<RowMaker<'a>> {
        Replayer::new(RowMaker {
            table: self.table,
            args: self.args,
            prefix: self.prefix,
            rows: Vec::new(),
            attached: Vec::new(),
            text: Vec::new(),
            lines: Vec::new(),
            fen: String::new(),
        })
    }

    fn item(&self, replayer: &mut Self::Visitor, mut game: Replayed<Rows>) -> Made {
        let number = game.info.number;
        let skipped = self.args.variants.skips(&mut game.info);
        let problems = std::mem::take(&mut game.info.problems);
        let rows = if skipped { Rows::default() } else { game.output };
        let made = Made { number: Some(number), rows, problems };
        replayer.recycle(game.info);
        made
    }

    fn end(&self, replayer: &mut Self::Visitor) -> Option<Made> {
        Some(Made { number: None, rows: Rows::default(), problems: replayer.take_problems() })
    }
}

/// Runs `pgn moves` over `files`: the header, then the rows of every game
/// of every file. Diagnostics go to standard error as for `pgn check`,
/// then `games=N rows=R errors=E warnings=W notes=N`; the exit code is 1
/// when any error was found.
pub(crate) fn run(
    files: &[String],
    args: MovesArgs,
    noise: NoiseArgs,
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let table = Table::new(args.format, columns(args, files.len()));
    table.header(&mut out)?;
    let mut status = Status::default();
    let (mut tally, mut games, mut rows) = (Tally::default(), 0, 0u64);
    let several = files.len() > 1;
    let work = MovesWork { table: &table, args, prefix: 1 + usize::from(several) };
    let mut line = Vec::new();
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "moves", name)? else { continue };
        diagnostics.input(name);
        let read = read_input(reader, input, &work, |made| {
            for d in &made.problems {
                tally.count(d.severity());
                diagnostics.report(d.severity(), d.label(), name, d)?;
            }
            let Some(number) = made.number else { return Ok(()) };
            diagnostics.games(1);
            games += 1;
            let number = number.to_string();
            let mut first = [Cell::Text(name.as_bytes()), Cell::Number(number.as_bytes())];
            let first: &[Cell<'_>] = if several { &first } else { &mut first[1..] };
            let mut start = 0;
            for &end in &made.rows.ends {
                line.clear();
                table.cells(&mut line, 0, first, false);
                out.write_all(&line)?;
                out.write_all(&made.rows.text[start..end])?;
                start = end;
            }
            rows += made.rows.ends.len() as u64;
            Ok(())
        })?;
        if let Some(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "moves", name, &err)?;
        }
    }
    out.flush()?;
    diagnostics.finish("moves")?;
    diagnostics.summary(format_args!("games={games} rows={rows} {tally}"))?;
    diagnostics.out.flush()?;
    status.input_errors = tally.errors > 0;
    Ok(status)
}
