//! The criteria of a selection, their text form (`KEY VALUE`, what the
//! command's options and a criteria file say), and the tests that need
//! only a game's tags.

use std::fmt;

use chess_core::{Bitboard, Board, Color, Move, Position, Rank};
use pgn_replay::pgn_syntax::Tags;
use pgn_replay::pgn_syntax::tags::{GameResult, PgnDate};
use san::San;
use san::fen_epd::Fen;

use crate::material::MaterialPattern;
use crate::text::{TextMatch, TextOp};

/// One thing a game must satisfy. A [`Selection`](crate::Selection)
/// holds several; all must hold.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Criterion {
    /// A tag's value passes a test (a game without the tag fails it; the
    /// last pair of a name counts, ruling E2).
    Tag {
        /// The tag name (compared exactly).
        name: String,
        /// The test.
        test: TagTest,
    },
    /// The White or the Black tag passes the text test.
    Player(TextMatch),
    /// The ECO tag's code (its letter and two digits) is within the range.
    Eco {
        /// The lowest code, as `letter * 100 + number` (`A00` is 0).
        low: u16,
        /// The highest code, the same way.
        high: u16,
    },
    /// The Date tag lies within the range (every day it may stand for).
    Date(DateRange),
    /// The Result tag is one of these.
    Result(Vec<GameResult>),
    /// The main line's number of plies is within the bounds.
    Plies(Bound),
    /// The main line's number of moves (plies counted in pairs, a last
    /// lone ply as a move) is within the bounds.
    Moves(Bound),
    /// The main line ends this way.
    Ending(Ending),
    /// The game has at least one variation.
    HasVariations,
    /// The game has at least one comment.
    HasComments,
    /// The Result tag (or, in a game without one, the termination marker)
    /// contradicts the main line's final position: it is checkmate and
    /// the result is not the win of the side that mated, or stalemate and
    /// it is not a draw (`*` contradicts nothing).
    ResultContradicts,
    /// The main line starts with these moves (or, transposed, reaches
    /// the position after them at the same ply by any order).
    Opening(Box<Opening>),
    /// A line reaches this position.
    Reaches(Target),
    /// A main-line move's clock (the first well-formed `[%clk]` of its
    /// comments, ruling C4) is below this many milliseconds: time trouble.
    ClockBelow(u64),
    /// Two consecutive main-line plies that both have an evaluation (the
    /// first well-formed `[%eval]` of each) differ by at least this many
    /// centipawns; a mate counts as [`MATE_CENTIPAWNS`]: a blunder.
    EvalSwing(i32),
    /// The last evaluation of the main line, in centipawns (a mate as
    /// [`MATE_CENTIPAWNS`] for the side that mates), compares so with the
    /// value; a game without one fails.
    EvalEnd(Comparison, i32),
    /// The material matches the pattern: at any ply of a line, or at the
    /// main line's end.
    Material {
        /// The pattern.
        pattern: MaterialPattern,
        /// Only the final position of the main line counts.
        at_end: bool,
    },
}

/// How a tag's value is tested.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TagTest {
    /// As text.
    Text(TextMatch),
    /// As an integer (a value that is not one, such as `?` or `-`, fails).
    Number(Comparison, i64),
}

/// A numeric comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Comparison {
    /// `=`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
}

/// What a mate counts as, in centipawns, for the evaluation criteria:
/// 100 pawns.
pub const MATE_CENTIPAWNS: i32 = 10_000;

impl Comparison {
    /// True if `a` compares so with `b`.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Comparison::Equal => a == b,
            Comparison::NotEqual => a != b,
            Comparison::Less => a < b,
            Comparison::LessOrEqual => a <= b,
            Comparison::Greater => a > b,
            Comparison::GreaterOrEqual => a >= b,
        }
    }
}

/// Inclusive bounds on a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Bound {
    /// The least allowed.
    pub min: u32,
    /// The most allowed.
    pub max: u32,
}

impl Bound {
    /// True if `n` is within the bounds.
    pub fn contains(self, n: u32) -> bool {
        self.min <= n && n <= self.max
    }
}

/// A range of days, as `year * 10000 + month * 100 + day`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DateRange {
    /// The first day.
    pub first: u32,
    /// The last day.
    pub last: u32,
}

impl DateRange {
    /// True if every day the date may stand for is in the range: a date
    /// with an unknown month stands for its whole year, and so on. A date
    /// with an unknown year (or one that cannot be read) is in no range.
    pub fn contains(self, date: &[u8]) -> bool {
        let Ok(date) = PgnDate::parse_lenient(date).map(|l| l.value) else { return false };
        let Some(year) = date.year else { return false };
        let (first, last) = span(year, date.month, date.day);
        self.first <= first && last <= self.last
    }
}

/// The first and last day a partial date stands for.
fn span(year: u16, month: Option<u8>, day: Option<u8>) -> (u32, u32) {
    let base = u32::from(year) * 10_000;
    match (month, day) {
        (Some(m), Some(d)) => {
            let v = base + u32::from(m) * 100 + u32::from(d);
            (v, v)
        }
        (Some(m), None) => {
            let first = base + u32::from(m) * 100;
            (first + 1, first + u32::from(days_in_month(year, m)))
        }
        (None, _) => (base + 101, base + 1231),
    }
}

/// The days of a month of the (proleptic) Gregorian calendar.
fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 31,
    }
}

/// How a game ends, for [`Criterion::Ending`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Ending {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move is stalemated.
    Stalemate,
    /// The side to move has nothing but its king.
    BareKing,
}

/// The moves a main line starts with.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Opening {
    /// Where the moves are played from (the standard start, or a FEN).
    pub start: Position,
    /// The start as a position to compare with a game's start: by
    /// placement and Zobrist key, so not by move counters.
    pub start_target: Target,
    /// The moves.
    pub moves: Vec<Move>,
    /// Any order of moves that reaches the same position at the same ply
    /// matches.
    pub transpositions: bool,
    /// The position after the moves.
    pub after: Target,
}

/// A position to look for.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Target {
    /// The placement of the pieces.
    pub board: Board,
    /// The Polyglot Zobrist key of the position; `None` compares the
    /// placement only.
    pub key: Option<u64>,
}

impl Target {
    /// A target of the whole position (as its Zobrist key tells it) or of
    /// its placement only.
    pub fn new(position: &Position, placement_only: bool) -> Target {
        let key = (!placement_only).then(|| position.zobrist_hash());
        Target { board: *position.board(), key }
    }

    /// True if `position` is the target: the placements are equal (a fast
    /// and exact filter), then the Zobrist keys.
    #[inline]
    pub fn is(&self, position: &Position) -> bool {
        position.board() == &self.board && self.key.is_none_or(|k| position.zobrist_hash() == k)
    }

    /// True if no position after `position` in the same line can be the
    /// target: a side has fewer pieces or fewer pawns than the target has,
    /// or a pawn of the target on its starting rank has left it (pawns
    /// never go back, and nothing else becomes a pawn).
    #[inline]
    pub fn out_of_reach(&self, position: &Position) -> bool {
        let (now, then) = (position.board(), &self.board);
        Color::ALL.into_iter().any(|c| {
            let start =
                Bitboard::rank(if c == Color::White { Rank::Second } else { Rank::Seventh });
            let (pawns, target_pawns) =
                (now.pawns() & now.by_color(c), then.pawns() & then.by_color(c));
            now.by_color(c).count() < then.by_color(c).count()
                || pawns.count() < target_pawns.count()
                || (target_pawns & start & !pawns).is_nonempty()
        })
    }
}

impl Criterion {
    /// Reads a criterion in its text form: a key and its value, as the
    /// options of `pgn select` take them and a criteria file holds them
    /// (one `KEY VALUE` a line).
    ///
    /// | key | value | example |
    /// |---|---|---|
    /// | `tag` | `NAME=TEXT`, `NAME*=TEXT` (contains), `NAME~=PATTERN` (`*`, `?`), or `NAME` and a comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`) with an integer | `WhiteElo>=2500` |
    /// | `player`, `white`, `black` | text either player's (or that colour's) tag contains | `Kasparov` |
    /// | `eco` | a code or a range of codes; a partial code stands for all it begins | `B20-B99`, `C` |
    /// | `date` | a date or a range `FROM..TO`, either end partial or left out | `1990..1999`, `2024.05` |
    /// | `result` | results, comma-separated | `1-0,0-1` |
    /// | `plies`, `moves` | a bound: `N`, `N..M`, `N..`, `..M`, `>=N`, `>N`, `<=N`, `<N` | `>=80` |
    /// | `ending` | `checkmate`, `stalemate` or `bare-king` | |
    /// | `has` | `variations` or `comments` | |
    /// | `result-contradicts` | (none) | |
    /// | `opening`, `opening-transposed` | SAN moves (numbers allowed), after `FEN \|` to start from a position | `1. e4 c5 2. Nf3` |
    /// | `fen`, `placement` | a position (FEN; for `placement` its first field is enough) | |
    /// | `material`, `material-end` | a material pattern ([`MaterialPattern`]) | `KRPvKR` |
    /// | `clock-below` | seconds, or a time `H:MM:SS` | `30`, `0:00:10.5` |
    /// | `eval-swing` | centipawns | `300` |
    /// | `eval-end` | a comparison and pawns from White's view, or a mate | `>=1.5`, `<=-3`, `=#2` |
    ///
    /// `ignore_case` makes text tests ignore ASCII case.
    ///
    /// # Errors
    ///
    /// An unknown key, or a value that cannot be read for it.
    pub fn parse(key: &str, value: &str, ignore_case: bool) -> Result<Criterion, CriterionError> {
        let error = |why: String| CriterionError { key: key.into(), value: value.into(), why };
        let value = value.trim();
        let text = |op| TextMatch::new(op, value.as_bytes(), ignore_case);
        Ok(match key {
            "tag" => tag(value, ignore_case).map_err(error)?,
            "player" => Criterion::Player(text(TextOp::Contains)),
            "white" | "black" => Criterion::Tag {
                name: if key == "white" { "White" } else { "Black" }.into(),
                test: TagTest::Text(text(TextOp::Contains)),
            },
            "eco" => eco(value)
                .ok_or_else(|| error("an ECO code (A00 to E99) or a range of them".into()))?,
            "date" => Criterion::Date(date_range(value).map_err(error)?),
            "result" => Criterion::Result(
                value
                    .split(',')
                    .map(|r| GameResult::from_ascii(r.trim().as_bytes()))
                    .collect::<Result<_, _>>()
                    .map_err(|_| error("results among 1-0, 0-1, 1/2-1/2 and *".into()))?,
            ),
            "plies" => Criterion::Plies(bound(value).map_err(error)?),
            "moves" => Criterion::Moves(bound(value).map_err(error)?),
            "ending" => Criterion::Ending(match value {
                "checkmate" => Ending::Checkmate,
                "stalemate" => Ending::Stalemate,
                "bare-king" => Ending::BareKing,
                _ => return Err(error("checkmate, stalemate or bare-king".into())),
            }),
            "has" => match value {
                "variations" => Criterion::HasVariations,
                "comments" => Criterion::HasComments,
                _ => return Err(error("variations or comments".into())),
            },
            "result-contradicts" if value.is_empty() => Criterion::ResultContradicts,
            "opening" | "opening-transposed" => Criterion::Opening(Box::new(
                opening(value, key == "opening-transposed").map_err(error)?,
            )),
            "fen" | "placement" => {
                Criterion::Reaches(target(value, key == "placement").map_err(error)?)
            }
            "clock-below" => Criterion::ClockBelow(
                clock_bound(value)
                    .ok_or_else(|| error("seconds (30, 10.5) or a time H:MM:SS".into()))?,
            ),
            "eval-swing" => Criterion::EvalSwing(
                value
                    .parse::<u32>()
                    .ok()
                    .and_then(|cp| i32::try_from(cp).ok())
                    .ok_or_else(|| error("centipawns, a whole number (300)".into()))?,
            ),
            "eval-end" => {
                let (op, cp) = eval_bound(value).ok_or_else(|| {
                    error(
                        "a comparison (=, !=, <, <=, >, >=) and pawns or a mate: >=1.5, <#0".into(),
                    )
                })?;
                Criterion::EvalEnd(op, cp)
            }
            "material" | "material-end" => Criterion::Material {
                pattern: value.parse().map_err(|e: crate::MaterialError| error(e.to_string()))?,
                at_end: key == "material-end",
            },
            _ => return Err(error("unknown criterion".into())),
        })
    }

    /// True if the criterion looks at the tags only.
    pub fn is_tag_test(&self) -> bool {
        matches!(
            self,
            Criterion::Tag { .. }
                | Criterion::Player(_)
                | Criterion::Eco { .. }
                | Criterion::Date(_)
                | Criterion::Result(_)
        )
    }

    /// For a criterion that looks at the tags only, whether the game's
    /// tags pass it; `None` for the others. The last pair of a name
    /// counts (ruling E2); a criterion whose tag is missing fails.
    pub fn test_tags(&self, tags: &Tags) -> Option<bool> {
        let mut hits = 0;
        for tag in tags.iter() {
            if let Some((slot, pass)) = self.test_pair(tag.name, tag.value) {
                hits = with_slot(hits, slot, pass);
            }
        }
        self.is_tag_test().then_some(hits != 0)
    }

    /// For a criterion that looks at the tags only and a tag pair it
    /// looks at: the slot of the pair (0, or 1 for the Black tag of
    /// [`Criterion::Player`]) and whether the pair passes. The criterion
    /// passes when some slot's last pair passed ([`with_slot`] keeps the
    /// slots): what a selector that sees the pairs one by one, without
    /// keeping them, decides.
    #[inline(always)]
    pub fn test_pair(&self, name: &[u8], value: &[u8]) -> Option<(u8, bool)> {
        let pass = match self {
            Criterion::Tag { name: n, test } if n.as_bytes() == name => match test {
                TagTest::Text(m) => m.matches(value),
                TagTest::Number(cmp, n) => integer(value).is_some_and(|v| cmp.holds(v, *n)),
            },
            Criterion::Player(m) => {
                let slot = match name {
                    b"White" => 0,
                    b"Black" => 1,
                    _ => return None,
                };
                return Some((slot, m.matches(value)));
            }
            Criterion::Eco { low, high } if name == b"ECO" => {
                eco_code(value).is_some_and(|c| *low <= c && c <= *high)
            }
            Criterion::Date(range) if name == b"Date" => range.contains(value),
            Criterion::Result(results) if name == b"Result" => {
                GameResult::from_ascii(value.trim_ascii()).is_ok_and(|r| results.contains(&r))
            }
            _ => return None,
        };
        Some((0, pass))
    }
}

/// The slots that passed (a bit each), after a pair of `slot` that passed
/// or not.
#[inline]
pub fn with_slot(hits: u8, slot: u8, pass: bool) -> u8 {
    let bit = 1 << slot;
    if pass { hits | bit } else { hits & !bit }
}

/// Why a criterion could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("criterion {key} {value:?}: {why}")]
pub struct CriterionError {
    key: String,
    value: String,
    why: String,
}

impl CriterionError {
    /// The key of the criterion.
    pub fn key(&self) -> &str {
        &self.key
    }
}

fn integer(value: &[u8]) -> Option<i64> {
    std::str::from_utf8(value).ok()?.trim().parse().ok()
}

/// A clock bound in milliseconds: seconds (`30`, `10.5`) or a time
/// `H:MM:SS` as a `[%clk]` command writes it.
fn clock_bound(value: &str) -> Option<u64> {
    if value.contains(':') {
        return pgn_commands::ClockTime::from_ascii(value.as_bytes()).map(|t| t.millis());
    }
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 3 {
        return None;
    }
    let fraction = format!("{fraction:0<3}").parse::<u64>().ok()?;
    whole.parse::<u64>().ok()?.checked_mul(1000)?.checked_add(fraction)
}

/// An evaluation bound: a comparison and pawns or a mate, in centipawns
/// (a mate as [`MATE_CENTIPAWNS`]).
fn eval_bound(value: &str) -> Option<(Comparison, i32)> {
    let ops = [
        ("!=", Comparison::NotEqual),
        ("<=", Comparison::LessOrEqual),
        (">=", Comparison::GreaterOrEqual),
        ("<", Comparison::Less),
        (">", Comparison::Greater),
        ("=", Comparison::Equal),
    ];
    let (op, rest) = ops.iter().find_map(|&(text, op)| Some((op, value.strip_prefix(text)?)))?;
    let eval = pgn_commands::Evaluation::from_ascii(rest.trim().as_bytes())?;
    Some((op, eval.score.centipawns_or(MATE_CENTIPAWNS)))
}

fn tag(value: &str, ignore_case: bool) -> Result<Criterion, String> {
    let name_end = value
        .find(['=', '*', '~', '<', '>', '!'])
        .ok_or("NAME, an operator (=, *=, ~=, !=, <, <=, >, >=) and a value")?;
    let (name, rest) = value.split_at(name_end);
    if name.is_empty() {
        return Err("a tag name before the operator".into());
    }
    /// What an operator tests: text, or an integer.
    #[derive(Clone, Copy)]
    enum Op {
        Text(TextOp),
        Number(Comparison),
    }
    // Longer operators first, so that `<=` is not read as `<`. `=` is a
    // text test, which an integer also passes as written.
    let ops: [(&str, Op); 8] = [
        ("*=", Op::Text(TextOp::Contains)),
        ("~=", Op::Text(TextOp::Pattern)),
        ("!=", Op::Number(Comparison::NotEqual)),
        ("<=", Op::Number(Comparison::LessOrEqual)),
        (">=", Op::Number(Comparison::GreaterOrEqual)),
        ("<", Op::Number(Comparison::Less)),
        (">", Op::Number(Comparison::Greater)),
        ("=", Op::Text(TextOp::Equal)),
    ];
    let (op, kind) =
        ops.into_iter().find(|(op, _)| rest.starts_with(op)).ok_or("an operator after the name")?;
    let operand = &rest[op.len()..];
    let test = match kind {
        Op::Text(t) => TagTest::Text(TextMatch::new(t, operand.as_bytes(), ignore_case)),
        Op::Number(c) => TagTest::Number(
            c,
            operand.trim().parse().map_err(|_| format!("an integer after {op}"))?,
        ),
    };
    Ok(Criterion::Tag { name: name.trim().into(), test })
}

/// `A00` .. `E99` as 0 .. 499.
fn eco_code(value: &[u8]) -> Option<u16> {
    match value.trim_ascii() {
        [l @ b'A'..=b'E', d1 @ b'0'..=b'9', d2 @ b'0'..=b'9', ..] => {
            Some(u16::from(l - b'A') * 100 + u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0'))
        }
        _ => None,
    }
}

/// The codes a partial code stands for.
fn eco_span(code: &str) -> Option<(u16, u16)> {
    let b = code.trim().as_bytes();
    let letter = match b.first()? {
        l @ b'A'..=b'E' => u16::from(l - b'A') * 100,
        _ => return None,
    };
    let digits = &b[1..];
    if digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(match *digits {
        [] => (letter, letter + 99),
        [d] => (letter + u16::from(d - b'0') * 10, letter + u16::from(d - b'0') * 10 + 9),
        [d1, d2] => {
            let c = letter + u16::from(d1 - b'0') * 10 + u16::from(d2 - b'0');
            (c, c)
        }
        _ => return None,
    })
}

fn eco(value: &str) -> Option<Criterion> {
    let (low, high) = match value.split_once('-') {
        Some((a, b)) => (eco_span(a)?.0, eco_span(b)?.1),
        None => eco_span(value)?,
    };
    (low <= high).then_some(Criterion::Eco { low, high })
}

/// `YYYY`, `YYYY.MM` or `YYYY.MM.DD` as its first and last day.
fn partial_date(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("{text:?} is not a date (YYYY, YYYY.MM or YYYY.MM.DD)");
    let mut parts = text.trim().split('.');
    let year: u16 =
        parts.next().filter(|y| y.len() == 4).and_then(|y| y.parse().ok()).ok_or_else(bad)?;
    let mut next = |max| {
        parts
            .next()
            .map(|p| p.parse::<u8>().ok().filter(|&n| (1..=max).contains(&n)).ok_or_else(bad))
            .transpose()
    };
    let month = next(12)?;
    let day = next(31)?;
    if day.is_some() && month.is_none() || parts.next().is_some() {
        return Err(bad());
    }
    Ok(span(year, month, day))
}

fn date_range(value: &str) -> Result<DateRange, String> {
    let (first, last) = match value.split_once("..") {
        Some((a, b)) => (
            if a.trim().is_empty() { 0 } else { partial_date(a)?.0 },
            if b.trim().is_empty() { u32::MAX } else { partial_date(b)?.1 },
        ),
        None => partial_date(value)?,
    };
    if first > last {
        return Err("the range ends before it starts".into());
    }
    Ok(DateRange { first, last })
}

fn bound(value: &str) -> Result<Bound, String> {
    let bad = || format!("{value:?} is not a bound (N, N..M, N.., ..M, >=N, >N, <=N, <N)");
    let n = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
    let v = value.trim();
    let b = if let Some(rest) = v.strip_prefix(">=") {
        Bound { min: n(rest)?, max: u32::MAX }
    } else if let Some(rest) = v.strip_prefix("<=") {
        Bound { min: 0, max: n(rest)? }
    } else if let Some(rest) = v.strip_prefix('>') {
        Bound { min: n(rest)?.checked_add(1).ok_or_else(bad)?, max: u32::MAX }
    } else if let Some(rest) = v.strip_prefix('<') {
        Bound { min: 0, max: n(rest)?.checked_sub(1).ok_or_else(bad)? }
    } else if let Some((a, b)) = v.split_once("..") {
        Bound {
            min: if a.trim().is_empty() { 0 } else { n(a)? },
            max: if b.trim().is_empty() { u32::MAX } else { n(b)? },
        }
    } else {
        let k = n(v.strip_prefix('=').unwrap_or(v))?;
        Bound { min: k, max: k }
    };
    if b.min > b.max {
        return Err(bad());
    }
    Ok(b)
}

fn position(fen: &str) -> Result<Position, String> {
    let fen = Fen::from_ascii_lenient(fen.trim().as_bytes()).map_err(|e| e.to_string())?;
    fen.into_position().map_err(|e| e.to_string())
}

fn target(value: &str, placement_only: bool) -> Result<Target, String> {
    let value = value.trim();
    let position = if placement_only && !value.contains(' ') {
        self::position(&format!("{value} w - - 0 1"))
            .or_else(|_| self::position(&format!("{value} b - - 0 1")))?
    } else {
        self::position(value)?
    };
    Ok(Target::new(&position, placement_only))
}

fn opening(value: &str, transpositions: bool) -> Result<Opening, String> {
    let (start, moves) = match value.split_once('|') {
        Some((fen, moves)) => (position(fen)?, moves),
        None => (Position::new(), value),
    };
    let mut pos = start.clone();
    let mut list = Vec::new();
    for word in moves.split_ascii_whitespace() {
        // Move numbers (`1.`, `1...`, `12.`) and results are skipped.
        let word = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        if word.is_empty() || matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2") {
            continue;
        }
        let m = San::from_ascii(word.as_bytes())
            .map_err(|e| format!("{word}: {e}"))?
            .resolve(&pos)
            .map_err(|e| format!("{word}: {e}"))?
            .m;
        pos.play_unchecked(m);
        list.push(m);
    }
    if list.is_empty() {
        return Err("at least one move".into());
    }
    let start_target = Target::new(&start, false);
    Ok(Opening {
        after: Target::new(&pos, false),
        start_target,
        start,
        moves: list,
        transpositions,
    })
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (a, b) if a == b => write!(f, "{a}"),
            (a, u32::MAX) => write!(f, "{a}.."),
            (a, b) => write!(f, "{a}..{b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        let mut t = Tags::new();
        for (n, v) in pairs {
            t.push(n, v);
        }
        t
    }

    fn passes(key: &str, value: &str, pairs: &[(&str, &str)]) -> bool {
        Criterion::parse(key, value, false)
            .expect("a criterion")
            .test_tags(&tags(pairs))
            .expect("a tag test")
    }

    #[test]
    fn tag_operators() {
        let t = [("White", "Kasparov, Garry"), ("WhiteElo", "2851"), ("BlackElo", "?")];
        assert!(passes("tag", "White=Kasparov, Garry", &t));
        assert!(!passes("tag", "White=Kasparov", &t));
        assert!(passes("tag", "White*=sparov", &t));
        assert!(passes("tag", "White~=Kasp*", &t));
        assert!(!passes("tag", "White~=Kasp", &t));
        assert!(passes("tag", "WhiteElo>=2800", &t));
        assert!(passes("tag", "WhiteElo>2850", &t));
        assert!(!passes("tag", "WhiteElo>2851", &t));
        assert!(passes("tag", "WhiteElo<=2851", &t));
        assert!(passes("tag", "WhiteElo!=2850", &t));
        assert!(passes("tag", "WhiteElo=2851", &t));
        // `?` is no number: no comparison holds, `!=` neither.
        assert!(!passes("tag", "BlackElo>=0", &t));
        assert!(!passes("tag", "BlackElo!=2000", &t));
        assert!(!passes("tag", "Event=?", &t), "a missing tag fails");
        assert!(Criterion::parse("tag", "WhiteElo>=abc", false).is_err());
        assert!(Criterion::parse("tag", "=x", false).is_err());
    }

    #[test]
    fn players_either_colour_and_case() {
        let t = [("White", "Tal, Mihail"), ("Black", "Kasparov, Garry")];
        assert!(passes("player", "Kasparov", &t));
        assert!(passes("player", "Tal", &t));
        assert!(!passes("player", "kasparov", &t));
        let c = Criterion::parse("player", "kasparov", true).expect("a criterion");
        assert_eq!(c.test_tags(&tags(&t)), Some(true));
        assert!(!passes("white", "Kasparov", &t));
        assert!(passes("black", "Kasparov", &t));
    }

    #[test]
    fn eco_ranges() {
        let g = |eco| [("ECO", eco)];
        assert!(passes("eco", "B20-B99", &g("B20")));
        assert!(passes("eco", "B20-B99", &g("B99")));
        assert!(!passes("eco", "B20-B99", &g("B19")));
        assert!(!passes("eco", "B20-B99", &g("C00")));
        assert!(passes("eco", "B", &g("B00")));
        assert!(passes("eco", "B2", &g("B29")));
        assert!(!passes("eco", "B2", &g("B30")));
        assert!(passes("eco", "A-B", &g("B99")));
        assert!(passes("eco", "C42", &g("C42a")), "a subcode is within its code");
        assert!(!passes("eco", "A00-E99", &g("?")));
        assert!(Criterion::parse("eco", "B99-B20", false).is_err());
        assert!(Criterion::parse("eco", "F00", false).is_err());
    }

    #[test]
    fn dates_with_partial_bounds_and_question_marks() {
        let g = |date| [("Date", date)];
        assert!(passes("date", "1990..1999", &g("1990.01.01")));
        assert!(passes("date", "1990..1999", &g("1999.12.31")));
        assert!(passes("date", "1990..1999", &g("1995.??.??")));
        assert!(!passes("date", "1990..1999", &g("2000.01.01")));
        assert!(passes("date", "2024.05", &g("2024.05.17")));
        assert!(!passes("date", "2024.05", &g("2024.??.??")), "the whole year is not in May");
        assert!(!passes("date", "2024.05", &g("????.05.17")));
        assert!(passes("date", "..1900", &g("1899.??.??")));
        assert!(passes("date", "1990.03..", &g("1990.03.??")));
        assert!(!passes("date", "1990.03.02..", &g("1990.03.??")));
        assert!(Criterion::parse("date", "1990..1980", false).is_err());
        assert!(Criterion::parse("date", "90", false).is_err());
        assert!(Criterion::parse("date", "1990.13", false).is_err());
    }

    #[test]
    fn results_and_bounds() {
        assert!(passes("result", "1-0", &[("Result", "1-0")]));
        assert!(passes("result", "1-0, 1/2-1/2", &[("Result", "1/2-1/2")]));
        assert!(!passes("result", "1-0", &[("Result", "0-1")]));
        assert!(!passes("result", "1-0", &[]));
        let b = |v| bound(v).expect("a bound");
        assert_eq!(b("80"), Bound { min: 80, max: 80 });
        assert_eq!(b(">=80"), Bound { min: 80, max: u32::MAX });
        assert_eq!(b(">80"), Bound { min: 81, max: u32::MAX });
        assert_eq!(b("<80"), Bound { min: 0, max: 79 });
        assert_eq!(b("..80"), Bound { min: 0, max: 80 });
        assert_eq!(b("20..80"), Bound { min: 20, max: 80 });
        assert!(bound("<0").is_err());
        assert!(bound("9..3").is_err());
    }

    #[test]
    fn an_opening_is_resolved_from_its_start() {
        let Criterion::Opening(o) =
            Criterion::parse("opening", "1. e4 c5 2. Nf3", false).expect("ok")
        else {
            panic!("an opening")
        };
        assert_eq!(o.moves.len(), 3);
        assert!(Criterion::parse("opening", "1. e4 e4", false).is_err());
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | Nf3";
        let Criterion::Opening(o) = Criterion::parse("opening", fen, false).expect("ok") else {
            panic!("an opening")
        };
        assert_eq!(o.moves.len(), 1);
    }

    #[test]
    fn a_target_is_out_of_reach_once_a_pawn_leaves_home() {
        let t =
            target("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", false).unwrap();
        let start = Position::new();
        assert!(!t.out_of_reach(&start));
        let after_d4 =
            position("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert!(t.out_of_reach(&after_d4));
        let after_nf3 =
            position("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1").unwrap();
        assert!(!t.out_of_reach(&after_nf3));
    }
}
