//! The rows of one game as the replay makes them ([`GameRows`]), by the
//! replay consumer [`RowMaker`], on whichever thread replays the game: the
//! games row's texts in one buffer, the moves rows column by column, so
//! that the calling thread extends each column of a batch in one copy, in
//! input order ([`TableBuilder`](crate::TableBuilder)).

use std::fmt::Write as _;
use std::ops::{ControlFlow, Range};

use chess_core::Position;
use fen_epd::{CastlingNotation, EnPassantMode, Fen};
use pgn_commands::{FirstValues, Score};
use pgn_replay::{Event, GameDiagnostic, GameInfo, ReplayProblem, ReplayVisitor};
use pgn_syntax::tags::{
    Elo, PgnDate, PgnTime, SEVEN_TAG_ROSTER, TimeControl, TimeControlField, is_placeholder,
};
use pgn_syntax::{Decoding, Relocate, Severity, Shift, Tags, decode};
use san::San;

use crate::schema::{PositionColumn, TableOptions};

/// The tags besides the Seven Tag Roster that have columns of their own
/// in the games table; every other tag goes into its `tags` map.
const TYPED_COLUMNS: [&str; 9] = [
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "ECO",
    "TimeControl",
    "UTCDate",
    "UTCTime",
    "Termination",
];

/// The tags [`column_tags`] reads: the text roster tags, then the typed.
const COLUMN_TAGS: usize = ROSTER.len() + TYPED_COLUMNS.len();

/// Whether the tag `name` has a column of its own in the games table.
fn has_own_column(name: &[u8]) -> bool {
    SEVEN_TAG_ROSTER.iter().chain(&TYPED_COLUMNS).any(|own| own.as_bytes() == name)
}

/// The text roster tags, in column order (`Result` has a column of its
/// own, the game's result).
pub(crate) const ROSTER: [&str; 6] = {
    let r = SEVEN_TAG_ROSTER;
    [r[0], r[1], r[2], r[3], r[4], r[5]]
};

/// Texts (or lists of bytes) one after the other in one buffer, the
/// `i`th ending at `ends[i]`: a column of a game's moves rows, appended
/// to a batch's column in one copy.
#[derive(Clone, Debug, Default)]
pub(crate) struct Texts {
    pub(crate) bytes: Vec<u8>,
    pub(crate) ends: Vec<usize>,
}

impl Texts {
    /// Ends the text written to `bytes` since the last end.
    fn end(&mut self) {
        self.ends.push(self.bytes.len());
    }

    /// Appends a text.
    fn push(&mut self, text: &[u8]) {
        self.bytes.extend_from_slice(text);
        self.end();
    }

    /// Where the texts of rows `rows` lie in `bytes`.
    pub(crate) fn span(&self, rows: &Range<usize>) -> Range<usize> {
        let start = match rows.start {
            0 => 0,
            i => self.ends.get(i - 1).copied().unwrap_or(0),
        };
        let end = match rows.end {
            0 => 0,
            i => self.ends.get(i - 1).copied().unwrap_or(start),
        };
        start..end
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.ends.clear();
    }
}

/// The moves rows of one game, column by column: the calling thread
/// appends each column to its batch's in one copy rather than value by
/// value. The text columns are ASCII by construction (SAN, UCI, FEN and
/// paths are written here).
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveRows {
    pub(crate) ply: Vec<u32>,
    pub(crate) san: Texts,
    pub(crate) uci: Texts,
    /// The FEN after each move, with [`PositionColumn::Fen`].
    pub(crate) fen: Texts,
    /// The Polyglot key after each move, with [`PositionColumn::Key`].
    pub(crate) key: Vec<u64>,
    /// The variation path of each move, with `all_lines`.
    pub(crate) path: Texts,
    /// The first clock, move time and evaluation of each move's comments.
    pub(crate) values: Vec<FirstValues>,
    /// The NAGs of the moves, row after row (their numbers as bytes).
    pub(crate) nags: Texts,
    /// Variations started from each move so far (to number the next).
    variations: Vec<u32>,
}

impl MoveRows {
    /// The number of rows.
    pub(crate) fn len(&self) -> usize {
        self.ply.len()
    }

    fn clear(&mut self) {
        self.ply.clear();
        self.san.clear();
        self.uci.clear();
        self.fen.clear();
        self.key.clear();
        self.path.clear();
        self.values.clear();
        self.nags.clear();
        self.variations.clear();
    }
}

/// An evaluation in centipawns, when one is written and is not a mate.
pub(crate) fn eval_cp(values: &FirstValues) -> Option<i32> {
    match values.eval?.score {
        Score::Centipawns(cp) => Some(cp),
        Score::Mate(_) => None,
    }
}

/// The mate an evaluation announces, when it does.
pub(crate) fn eval_mate(values: &FirstValues) -> Option<i32> {
    match values.eval?.score {
        Score::Mate(n) => Some(n),
        Score::Centipawns(_) => None,
    }
}

/// The depth of an evaluation, when written.
pub(crate) fn eval_depth(values: &FirstValues) -> Option<i32> {
    let depth = values.eval?.depth?;
    Some(i32::try_from(depth).unwrap_or(i32::MAX))
}

/// What the games table says of one game, its text as ranges of the
/// game's text buffer (`None` for a null).
#[derive(Clone, Debug, Default)]
pub(crate) struct GameRow {
    /// Event, Site, Date, Round, White, Black.
    pub(crate) roster: [Option<Range<usize>>; 6],
    pub(crate) result: &'static str,
    pub(crate) date: PgnDate,
    pub(crate) elo: [Option<i32>; 2],
    pub(crate) rating_diff: [Option<i32>; 2],
    pub(crate) eco: Option<Range<usize>>,
    pub(crate) time_control: Option<Range<usize>>,
    pub(crate) base_seconds: Option<i64>,
    pub(crate) increment_seconds: Option<i64>,
    /// Days since 1970-01-01.
    pub(crate) utc_date: Option<i32>,
    /// Seconds since midnight.
    pub(crate) utc_time: Option<i32>,
    pub(crate) termination: Option<Range<usize>>,
    pub(crate) plies: u32,
    pub(crate) final_fen: Option<Range<usize>>,
    pub(crate) clean: bool,
    pub(crate) first_error: Option<Range<usize>>,
    /// The other tags, name and value (`None` for a placeholder).
    pub(crate) tags: Vec<(Range<usize>, Option<Range<usize>>)>,
}

/// The rows of one game: its games row and its moves rows, with its
/// number, the byte offset where it starts, and its diagnostics. Made on
/// the thread that replays the game; [`Relocate`] moves the number, the
/// offset and the diagnostics from a piece of the input to the whole.
#[derive(Clone, Debug, Default)]
pub struct GameRows {
    /// The game's number in its input, from 1.
    pub number: u64,
    /// The byte offset of the game's first token in its input.
    pub offset: u64,
    /// The diagnostics of its reading and replay (the replay's left out
    /// for a game of another variant with
    /// [`skip_variants`](TableOptions::skip_variants)).
    pub problems: Vec<GameDiagnostic>,
    /// Whether the game is left out (a game of another variant with
    /// [`skip_variants`](TableOptions::skip_variants)): it has no rows.
    pub skipped: bool,
    /// Whether it is no game but what follows the last game of the input
    /// (only its diagnostics; [`TableWork`](crate::TableWork) gives one).
    pub after_last: bool,
    /// The texts of the games row, one after the other.
    pub(crate) text: String,
    pub(crate) game: GameRow,
    pub(crate) moves: MoveRows,
}

impl GameRows {
    /// The text of `range` of the buffer.
    pub(crate) fn text(&self, range: &Range<usize>) -> &str {
        self.text.get(range.clone()).unwrap_or_default()
    }

    /// The number of moves rows.
    pub fn move_rows(&self) -> usize {
        self.moves.len()
    }

    /// True if any diagnostic of the game is an error.
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|d| d.severity() == Severity::Error)
    }

    /// Empties it for another game, keeping its buffers.
    fn clear(&mut self) {
        self.number = 0;
        self.offset = 0;
        self.problems.clear();
        self.skipped = false;
        self.after_last = false;
        self.text.clear();
        let mut tags = std::mem::take(&mut self.game.tags);
        tags.clear();
        self.game = GameRow { tags, ..GameRow::default() };
        self.moves.clear();
    }

    /// Appends `text` to the buffer and gives where.
    fn keep(&mut self, text: &str) -> Range<usize> {
        let start = self.text.len();
        self.text.push_str(text);
        start..self.text.len()
    }

    /// Appends what `value` writes and gives where.
    fn keep_display(&mut self, value: impl std::fmt::Display) -> Range<usize> {
        let start = self.text.len();
        // Writing to a `String` cannot fail.
        let _ = write!(self.text, "{value}");
        start..self.text.len()
    }
}

impl Relocate for GameRows {
    fn relocate(&mut self, shift: Shift) {
        self.number = shift.game(self.number);
        self.offset = shift.offset(self.offset);
        self.problems.relocate(shift);
    }
}

/// The most rows a [`RowMaker`] keeps for their buffers: more than the
/// games of a piece of the parallel reader, as they come back together.
const MAX_SPARE: usize = 1024;

/// The replay consumer that makes each game's [`GameRows`].
#[derive(Debug)]
pub struct RowMaker {
    options: TableOptions,
    rows: GameRows,
    /// Rows given back ([`RowMaker::recycle`]), for their buffers: on
    /// the parallel reader, a piece's games come back together.
    spare: Vec<GameRows>,
    /// NAGs after moves, by row, sorted into the rows at the game's end.
    attached: Vec<(usize, u8)>,
    /// For each open line (the main line first): the row of its last
    /// move, and its path in `paths`.
    lines: Vec<(Option<usize>, Range<usize>)>,
    /// The paths of the open lines.
    paths: String,
    /// A FEN being written.
    scratch: String,
    /// The last position of the main line (`None` before the game is set up).
    last: Option<Position>,
    /// Moves played on the main line.
    plies: u32,
}

impl RowMaker {
    /// A maker of the rows `options` asks for.
    pub fn new(options: TableOptions) -> RowMaker {
        RowMaker {
            options,
            rows: GameRows::default(),
            spare: Vec::new(),
            attached: Vec::new(),
            lines: Vec::new(),
            paths: String::new(),
            scratch: String::new(),
            last: None,
            plies: 0,
        }
    }

    /// Takes back a game's rows the caller is done with, for their
    /// buffers: a caller that gives back every game's rows makes them with
    /// no allocation per game.
    pub fn recycle(&mut self, mut rows: GameRows) {
        if self.spare.len() < MAX_SPARE {
            rows.clear();
            self.spare.push(rows);
        }
    }

    /// The rows of a game replayed, with its number, its offset and its
    /// problems taken from `info`.
    pub fn finish(&mut self, info: &mut GameInfo, mut rows: GameRows) -> GameRows {
        rows.number = info.number;
        rows.offset = info.offset;
        rows.skipped = self.options.skip_variants
            && matches!(info.start_problem, Some(ReplayProblem::UnsupportedVariant(_)));
        if rows.skipped {
            info.problems.retain(|d| matches!(d, GameDiagnostic::Read(_)));
        }
        rows.problems = std::mem::take(&mut info.problems);
        rows
    }

    /// The games row of the game that ended.
    fn game_row(&mut self, info: &GameInfo) {
        let rows = &mut self.rows;
        let tags = &info.tags;
        let [event, site, date, round, white, black, elo @ .., termination] = column_tags(tags);
        let [white_elo, black_elo, white_diff, black_diff, eco, time_control, utc_date, utc_time] =
            elo;
        for (i, value) in [event, site, date, round, white, black].into_iter().enumerate() {
            rows.game.roster[i] = value.map(|v| keep_text(rows, v));
        }
        rows.game.result = info.result().as_str();
        if let Some(value) = date {
            rows.game.date = PgnDate::parse_lenient(value).map(|d| d.value).unwrap_or_default();
        }
        for (i, value) in [white_elo, black_elo].into_iter().enumerate() {
            rows.game.elo[i] = value
                .and_then(|v| Elo::parse_lenient(v).ok())
                .and_then(|elo| elo.value.rating())
                .map(i32::from);
        }
        for (i, value) in [white_diff, black_diff].into_iter().enumerate() {
            rows.game.rating_diff[i] = value.and_then(signed);
        }
        rows.game.eco = eco.map(|v| keep_text(rows, v));
        if let Some(value) = time_control {
            rows.game.time_control = Some(keep_text(rows, value));
            let control = TimeControl::parse_lenient(value).ok().map(|c| c.value);
            let (base, increment) = control.as_ref().map_or((None, None), base_and_increment);
            rows.game.base_seconds = base;
            rows.game.increment_seconds = increment;
        }
        rows.game.utc_date = utc_date
            .and_then(|v| PgnDate::parse_lenient(v).ok())
            .and_then(|d| days_since_epoch(d.value));
        rows.game.utc_time =
            utc_time.and_then(|v| PgnTime::from_ascii(v).ok()).and_then(seconds_of_day);
        rows.game.termination = termination.map(|v| keep_text(rows, v));
        rows.game.plies = self.plies;
        rows.game.final_fen = self.last.as_ref().map(|pos| {
            let start = rows.text.len();
            let fen = Fen::from_position_with(pos, EnPassantMode::Legal);
            fen.append_with(CastlingNotation::XFen, &mut rows.text);
            start..rows.text.len()
        });
        let first = info.problems.iter().find(|d| d.severity() == Severity::Error);
        rows.game.clean = first.is_none();
        rows.game.first_error = first.map(|d| match d {
            GameDiagnostic::Read(d) => rows.keep_display(&d.kind),
            GameDiagnostic::Replay(d) => rows.keep_display(d.message()),
        });
        other_tags(rows, tags);
    }

    /// Sorts the NAGs into the rows they follow: each row's in ascending
    /// order, each once (as `pgn moves` lists them).
    fn place_nags(&mut self) {
        let moves = &mut self.rows.moves;
        self.attached.sort_unstable();
        self.attached.dedup();
        let mut attached = self.attached.iter().peekable();
        for i in 0..moves.len() {
            while let Some(&(_, nag)) = attached.next_if(|(r, _)| *r == i) {
                moves.nags.bytes.push(nag);
            }
            moves.nags.end();
        }
    }
}

/// The values of the tags with columns of their own but `Result` (the
/// text roster tags, then [`TYPED_COLUMNS`]), in one pass over the
/// pairs: the last value of each name, trimmed, unless it is absent or a
/// placeholder: empty, `-`, question marks, or question marks and dots
/// (`????.??.??`).
fn column_tags(tags: &Tags) -> [Option<&[u8]>; COLUMN_TAGS] {
    let mut values = [None; COLUMN_TAGS];
    for tag in tags.iter() {
        let mut names = ROSTER.iter().chain(&TYPED_COLUMNS);
        if let Some(i) = names.position(|name| name.as_bytes() == tag.name)
            && let Some(slot) = values.get_mut(i)
        {
            let value = tag.value.trim_ascii();
            *slot = (!unknown(value)).then_some(value);
        }
    }
    values
}

/// Whether a tag value says nothing (see [`column_tags`]).
pub(crate) fn unknown(value: &[u8]) -> bool {
    is_placeholder(value) || value.iter().all(|&b| b == b'?' || b == b'.')
}

/// Appends a tag value, decoded as text (ruling E14), and gives where.
fn keep_text(rows: &mut GameRows, value: &[u8]) -> Range<usize> {
    match std::str::from_utf8(value) {
        Ok(text) => rows.keep(text),
        Err(_) => {
            let text = decode(value, Decoding::Auto);
            rows.keep(&text)
        }
    }
}

/// Appends a move in UCI (castling as the king's move, `e1g1`): the
/// squares' letters written directly, as this is done for every move.
fn push_uci(texts: &mut Texts, m: chess_core::Move) {
    use chess_core::Move;
    let square = |bytes: &mut Vec<u8>, sq: chess_core::Square| {
        bytes.extend_from_slice(&[sq.file().char() as u8, sq.rank().char() as u8]);
    };
    match m {
        Move::Normal { from, to, promotion, .. } => {
            square(&mut texts.bytes, from);
            square(&mut texts.bytes, to);
            if let Some(role) = promotion {
                texts.bytes.push(role.char() as u8);
            }
        }
        Move::EnPassant { from, to } => {
            square(&mut texts.bytes, from);
            square(&mut texts.bytes, to);
        }
        Move::Castle { .. } | Move::Null => {
            // Writing to a `Vec` cannot fail.
            let _ = std::io::Write::write_fmt(&mut texts.bytes, format_args!("{m}"));
        }
    }
    texts.end();
}

/// A signed whole number (`+12`, `-7`, `0`) that fits an `i32`.
fn signed(value: &[u8]) -> Option<i32> {
    let (negative, digits) = match value {
        [b'+', rest @ ..] => (false, rest),
        [b'-', rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    if digits.is_empty() || digits.len() > 9 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits.iter().fold(0i32, |n, &d| n * 10 + i32::from(d - b'0'));
    Some(if negative { -n } else { n })
}

/// The base time and increment in seconds of a time control of one field:
/// sudden death (`300`), incremental (`180+2`) and its forms with a count
/// of moves or fractions; `None` for a time control of several periods, an
/// hourglass, or none.
fn base_and_increment(control: &TimeControl) -> (Option<i64>, Option<i64>) {
    let [field] = control.fields() else { return (None, None) };
    match *field {
        TimeControlField::SuddenDeath { seconds } => (Some(i64::from(seconds)), Some(0)),
        TimeControlField::Incremental { seconds, increment } => {
            (Some(i64::from(seconds)), Some(i64::from(increment)))
        }
        TimeControlField::FractionalIncremental { millis, increment_millis } => {
            let whole = |ms: u64| i64::try_from(ms / 1000).ok();
            (whole(millis), whole(increment_millis))
        }
        _ => (None, None),
    }
}

/// The days from 1970-01-01 to a date whose three parts are known
/// (negative before it), in the proleptic Gregorian calendar.
pub(crate) fn days_since_epoch(date: PgnDate) -> Option<i32> {
    let (year, month, day) = (i64::from(date.year?), i64::from(date.month?), i64::from(date.day?));
    // Years counted from March, so that the leap day ends a year: the
    // days of the months from March on repeat every five months
    // (31, 30, 31, 30, 31), which (153 * m + 2) / 5 sums.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    // 719,468 days from 0000-03-01 to 1970-01-01.
    i32::try_from(era * 146_097 + day_of_era - 719_468).ok()
}

/// The seconds from midnight to a time whose three parts are known.
fn seconds_of_day(time: PgnTime) -> Option<i32> {
    let (h, m, s) = (i32::from(time.hour?), i32::from(time.minute?), i32::from(time.second?));
    Some(h * 3600 + m * 60 + s)
}

/// The tags without columns of their own, the last of each name (ruling
/// E2), in input order.
fn other_tags(rows: &mut GameRows, tags: &Tags) {
    let mut pairs = std::mem::take(&mut rows.game.tags);
    // A name is kept where it last occurs: a later pair of the same name
    // replaces it. Few games have many tags; a set finds the names of a
    // game that has.
    let many = tags.len() > 32;
    let mut seen = std::collections::HashSet::new();
    let mut kept: Vec<usize> = Vec::new();
    for (i, tag) in tags.iter().enumerate().rev() {
        if has_own_column(tag.name) {
            continue;
        }
        let later = if many {
            !seen.insert(tag.name)
        } else {
            kept.iter().any(|&j| tags.iter().nth(j).is_some_and(|t| t.name == tag.name))
        };
        if !later {
            kept.push(i);
        }
    }
    for &i in kept.iter().rev() {
        let Some(tag) = tags.iter().nth(i) else { continue };
        let name = keep_text(rows, tag.name);
        let value = tag.value.trim_ascii();
        let value = (!unknown(value)).then(|| keep_text(rows, value));
        pairs.push((name, value));
    }
    rows.game.tags = pairs;
}

impl ReplayVisitor for RowMaker {
    type Output = GameRows;

    fn begin_movetext(&mut self, _: &GameInfo, start: Option<&Position>) -> ControlFlow<GameRows> {
        self.last = start.cloned();
        self.lines.clear();
        self.lines.push((None, 0..0));
        ControlFlow::Continue(())
    }

    fn event(&mut self, event: &Event<'_>) -> ControlFlow<GameRows> {
        let moves = self.options.moves;
        match *event {
            Event::Move(ref played) => {
                if played.depth == 0 {
                    self.plies += 1;
                    if self.options.games
                        && let Some(last) = &mut self.last
                    {
                        last.clone_from(played.after);
                    }
                }
                if !moves {
                    return ControlFlow::Continue(());
                }
                let moves = &mut self.rows.moves;
                San::append_played(played, &mut moves.san.bytes);
                moves.san.end();
                push_uci(&mut moves.uci, played.m);
                match self.options.position {
                    PositionColumn::None => {}
                    PositionColumn::Fen => {
                        let fen = Fen::from_position_with(played.after, EnPassantMode::Legal);
                        self.scratch.clear();
                        fen.append_with(CastlingNotation::XFen, &mut self.scratch);
                        moves.fen.push(self.scratch.as_bytes());
                    }
                    PositionColumn::Key => moves.key.push(played.after.zobrist_hash()),
                }
                if self.options.all_lines {
                    let path = self.lines.last().map_or(0..0, |(_, path)| path.clone());
                    moves.path.push(self.paths.as_bytes().get(path).unwrap_or_default());
                }
                moves.ply.push(played.ply);
                moves.values.push(FirstValues::default());
                moves.variations.push(0);
                let row = moves.len() - 1;
                if let Some(line) = self.lines.last_mut() {
                    line.0 = Some(row);
                }
                if let Some(suffix) = played.suffix {
                    self.attached.push((row, suffix.nag().0));
                }
            }
            Event::Nag(nag) if moves => {
                if let Some(&(Some(row), _)) = self.lines.last() {
                    self.attached.push((row, nag.0));
                }
            }
            Event::Comment { text, .. } if moves => {
                if let Some(&(Some(row), _)) = self.lines.last()
                    && let Some(values) = self.rows.moves.values.get_mut(row)
                {
                    values.add(text);
                }
            }
            Event::BeginVariation { .. } if moves => {
                // The variation replaces the last move of its line: its
                // path is that line's, then the move's ply and the
                // variation's number among the move's (`5:1`), as `pgn
                // moves` writes it.
                let (row, parent) = self.lines.last().cloned().unwrap_or((None, 0..0));
                let moves = &mut self.rows.moves;
                let (ply, n) = match row.and_then(|row| Some((row, moves.variations.get_mut(row)?)))
                {
                    Some((row, variations)) => {
                        *variations += 1;
                        (moves.ply.get(row).copied().unwrap_or(0), *variations)
                    }
                    None => (0, 1),
                };
                let paths = &mut self.paths;
                let start = paths.len();
                paths.extend_from_within(parent.clone());
                if !parent.is_empty() {
                    paths.push('/');
                }
                let _ = write!(paths, "{ply}:{n}");
                self.lines.push((None, start..paths.len()));
            }
            Event::EndVariation if moves && self.lines.len() > 1 => {
                // The line's path is the last one written.
                if let Some((_, path)) = self.lines.pop() {
                    self.paths.truncate(path.start);
                }
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn enter_variation(&mut self) -> bool {
        self.options.moves && self.options.all_lines
    }

    fn end_game(&mut self, info: &GameInfo) -> GameRows {
        if self.options.games {
            self.game_row(info);
        }
        if self.options.moves {
            self.place_nags();
        }
        let mut next = self.spare.pop().unwrap_or_default();
        next.clear();
        self.attached.clear();
        self.lines.clear();
        self.paths.clear();
        self.last = None;
        self.plies = 0;
        std::mem::replace(&mut self.rows, next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_from_the_epoch() {
        let date = |y, m, d| PgnDate { year: Some(y), month: Some(m), day: Some(d) };
        assert_eq!(days_since_epoch(date(1970, 1, 1)), Some(0));
        assert_eq!(days_since_epoch(date(1969, 12, 31)), Some(-1));
        assert_eq!(days_since_epoch(date(2000, 3, 1)), Some(11_017));
        assert_eq!(days_since_epoch(date(2024, 2, 29)), Some(19_782));
        assert_eq!(days_since_epoch(PgnDate { day: None, ..date(2024, 1, 1) }), None);
    }

    #[test]
    fn signed_numbers() {
        assert_eq!(signed(b"+12"), Some(12));
        assert_eq!(signed(b"-7"), Some(-7));
        assert_eq!(signed(b"0"), Some(0));
        assert_eq!(signed(b"+"), None);
        assert_eq!(signed(b"1x"), None);
        assert_eq!(signed(b"9999999999"), None);
    }

    #[test]
    fn placeholders() {
        for value in [&b"?"[..], b"????.??.??", b"-", b"", b"??"] {
            assert!(unknown(value), "{value:?}");
        }
        for value in [&b"2024.??.??"[..], b"--", b"Oslo"] {
            assert!(!unknown(value), "{value:?}");
        }
    }
}
