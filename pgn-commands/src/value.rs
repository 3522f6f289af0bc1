//! What the arguments of a command mean: [`Value`] and its types, each
//! read from the forms real files hold and written in one canonical form
//! (ruling C3).

use std::fmt;

use chess_core::Square;
use pgn_diag::Shown;

use crate::scan::{Command, CommandKind, trim};

/// The arguments of a command, read as its kind says.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Value<'a> {
    /// A time: `clk`, `emt`, `egt`, `mct`.
    Time(ClockTime),
    /// An evaluation: `eval`.
    Eval(Evaluation),
    /// Coloured squares: `csl`.
    Squares(MarkedSquares<'a>),
    /// Coloured arrows: `cal`.
    Arrows(Arrows<'a>),
    /// The arguments of a command of another name, as read.
    Other(
        #[cfg_attr(feature = "serde", serde(serialize_with = "pgn_diag::bytes::serialize"))]
        &'a [u8],
    ),
}

impl<'a> Value<'a> {
    pub(crate) fn read(command: &Command<'a>) -> Result<Value<'a>, CommandError> {
        let args = command.args();
        let value = match command.kind() {
            CommandKind::Clock
            | CommandKind::ElapsedMoveTime
            | CommandKind::ElapsedGameTime
            | CommandKind::MechanicalClockTime => ClockTime::from_trimmed(args).map(Value::Time),
            CommandKind::Eval => Evaluation::from_ascii(args).map(Value::Eval),
            CommandKind::ColoredSquares => MarkedSquares::new(args).map(Value::Squares),
            CommandKind::ColoredArrows => Arrows::new(args).map(Value::Arrows),
            CommandKind::Other => Some(Value::Other(args)),
        };
        value.ok_or_else(|| CommandError { name: command.name().to_owned(), raw: shown(command) })
    }
}

/// The command as a message quotes it.
fn shown(command: &Command<'_>) -> String {
    Shown(command.raw()).to_string()
}

/// A command whose arguments are not of the form its name wants
/// (`[%clk 9:99]`, `[%eval abc]`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("malformed {name} command {raw}: {}", CommandKind::of(name).expected())]
pub struct CommandError {
    name: String,
    /// The command as read, quoted (cut after 40 characters).
    raw: String,
}

impl CommandError {
    /// The name of the command.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl CommandKind {
    /// What its arguments should look like, for messages.
    fn expected(self) -> &'static str {
        match self {
            CommandKind::Clock
            | CommandKind::ElapsedMoveTime
            | CommandKind::ElapsedGameTime
            | CommandKind::MechanicalClockTime => {
                "expected a time H:MM:SS, with a fraction of a second if any"
            }
            CommandKind::Eval => {
                "expected pawns (0.17, -1.25) or a mate (#3, #-3), then ,depth if any"
            }
            CommandKind::ColoredSquares => "expected squares after a colour R, G, Y or B (Rd4,Gd5)",
            CommandKind::ColoredArrows => {
                "expected arrows after a colour R, G, Y or B (Rc8f5,Ge2e4)"
            }
            CommandKind::Other => "",
        }
    }
}

/// True if `args` (trimmed) is a time as [`ClockTime::from_ascii`] reads
/// it: the same test, without the value. The common forms `H:MM:SS` and
/// `HH:MM:SS` are tested byte by byte.
#[inline]
pub(crate) fn is_time(args: &[u8]) -> bool {
    let d = |b: u8| b.is_ascii_digit();
    let below_60 = |tens: u8, units: u8| (b'0'..=b'5').contains(&tens) && d(units);
    match *args {
        [h, b':', m1, m2, b':', s1, s2] => d(h) && below_60(m1, m2) && below_60(s1, s2),
        [h1, h2, b':', m1, m2, b':', s1, s2] => {
            d(h1) && d(h2) && below_60(m1, m2) && below_60(s1, s2)
        }
        _ => ClockTime::from_trimmed(args).is_some(),
    }
}

/// Minutes or seconds at `i`: one or two digits, below 60; the value and
/// where it ends.
#[inline]
fn sexagesimal(text: &[u8], i: usize) -> Option<(u64, usize)> {
    let digit =
        |at: usize| text.get(at).filter(|b| b.is_ascii_digit()).map(|b| u64::from(b - b'0'));
    let first = digit(i)?;
    match digit(i + 1) {
        Some(second) if first < 6 => Some((first * 10 + second, i + 2)),
        Some(_) => None,
        None => Some((first, i + 1)),
    }
}

/// The digits at the start of `bytes` as a number, and how many there
/// were; `None` when there is none or the number does not fit.
fn number(bytes: &[u8]) -> Option<(u64, usize)> {
    let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if len == 0 {
        return None;
    }
    let mut value: u64 = 0;
    for &b in &bytes[..len] {
        value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some((value, len))
}

/// A time of a clock command: hours, minutes, seconds and a fraction of a
/// second, as `[%clk 1:05:09.25]` writes them.
///
/// It keeps how many digits of fraction were written, so that it is
/// written back as it was read: `0:00:58.6` stays `0:00:58.6`.
///
/// ```
/// use pgn_commands::ClockTime;
///
/// let time = ClockTime::from_ascii(b"0:00:58.6").expect("a time");
/// assert_eq!(time.seconds(), 58.6);
/// assert_eq!(time.to_string(), "0:00:58.6");
/// assert_eq!(time.in_seconds().to_string(), "58.6");
/// assert_eq!(ClockTime::from_ascii(b"01:14:46").expect("a time").to_string(), "1:14:46");
/// ```
/// Equal times are equal as written: `0:00:58.6` and `0:00:58.60` differ;
/// compare [`ClockTime::millis`] for the time alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockTime {
    /// Whole seconds.
    whole: u64,
    /// The fraction as written, in units of 10^-digits seconds.
    fraction: u32,
    /// How many digits of fraction were written: 0 to 9.
    digits: u8,
}

impl ClockTime {
    /// The most digits of fraction read (nanoseconds).
    const MAX_DIGITS: usize = 9;

    /// The time of `whole` seconds.
    pub fn from_seconds(whole: u64) -> ClockTime {
        ClockTime { whole, fraction: 0, digits: 0 }
    }

    /// The time of `millis` milliseconds, written with the digits of
    /// fraction it needs (none, or one to three).
    pub fn from_millis(millis: u64) -> ClockTime {
        let (whole, mut fraction, mut digits) = (millis / 1000, (millis % 1000) as u32, 3);
        while digits > 0 && fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        ClockTime { whole, fraction, digits }
    }

    /// Reads `H:MM:SS` with an optional fraction of a second (`.6`): hours
    /// of any number of digits, minutes and seconds of one or two digits
    /// below 60 (ruling C3), white space around allowed.
    pub fn from_ascii(text: &[u8]) -> Option<ClockTime> {
        ClockTime::from_trimmed(trim(text))
    }

    /// [`ClockTime::from_ascii`] of text without white space at its ends.
    #[inline]
    pub(crate) fn from_trimmed(text: &[u8]) -> Option<ClockTime> {
        let mut i = 0;
        let mut hours: u64 = 0;
        while let Some(&b) = text.get(i).filter(|b| b.is_ascii_digit()) {
            hours = hours.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
            i += 1;
        }
        if i == 0 || text.get(i) != Some(&b':') {
            return None;
        }
        let (minutes, i) = sexagesimal(text, i + 1)?;
        if text.get(i) != Some(&b':') {
            return None;
        }
        let (seconds, i) = sexagesimal(text, i + 1)?;
        let (fraction, digits) = match text.get(i..)? {
            [] => (0, 0),
            [b'.', digits @ ..] => {
                if digits.len() > Self::MAX_DIGITS || !digits.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                let value = digits.iter().fold(0u32, |v, &d| v * 10 + u32::from(d - b'0'));
                (value, digits.len() as u8)
            }
            _ => return None,
        };
        let whole = hours.checked_mul(3600)?.checked_add(minutes * 60 + seconds)?;
        Some(ClockTime { whole, fraction, digits })
    }

    /// The whole seconds.
    pub fn whole_seconds(self) -> u64 {
        self.whole
    }

    /// The time in milliseconds, a finer fraction cut off.
    pub fn millis(self) -> u64 {
        let fraction = u64::from(self.fraction);
        let millis = match self.digits {
            d @ 0..=3 => fraction * 10u64.pow(3 - u32::from(d)),
            d => fraction / 10u64.pow(u32::from(d) - 3),
        };
        self.whole.saturating_mul(1000).saturating_add(millis)
    }

    /// The time in seconds, as python-chess's `clock()` gives it.
    pub fn seconds(self) -> f64 {
        self.whole as f64 + f64::from(self.fraction) / 10f64.powi(i32::from(self.digits))
    }

    /// The time as seconds, written as given: `180`, `58.6`.
    pub fn in_seconds(self) -> impl fmt::Display {
        struct InSeconds(ClockTime);
        impl fmt::Display for InSeconds {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0.whole)?;
                self.0.write_fraction(f)
            }
        }
        InSeconds(self)
    }

    fn write_fraction(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.digits > 0 {
            write!(f, ".{:0width$}", self.fraction, width = usize::from(self.digits))?;
        }
        Ok(())
    }
}

/// `H:MM:SS`, hours without leading zeros, then the fraction as read:
/// the canonical form (ruling C3).
impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (hours, rest) = (self.whole / 3600, self.whole % 3600);
        write!(f, "{hours}:{:02}:{:02}", rest / 60, rest % 60)?;
        self.write_fraction(f)
    }
}

/// An engine's evaluation: a score from White's view and the depth of the
/// search when given (`[%eval 2.5,11]`).
///
/// ```
/// use pgn_commands::{Evaluation, Score};
///
/// let eval = Evaluation::from_ascii(b"2.5,11").expect("an evaluation");
/// assert_eq!((eval.score, eval.depth), (Score::Centipawns(250), Some(11)));
/// assert_eq!(eval.to_string(), "2.50,11");
/// assert_eq!(Evaluation::from_ascii(b"#-3").expect("a mate").to_string(), "#-3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Evaluation {
    /// The score, from White's view.
    pub score: Score,
    /// The depth of the search, when written.
    pub depth: Option<u32>,
}

/// A score from White's view, as lichess writes it: positive is good for
/// White, and a mate in N with a sign saying who mates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Score {
    /// Hundredths of a pawn (`0.17` is 17).
    Centipawns(i32),
    /// Mate in this many moves: positive when White mates (`#3`),
    /// negative when Black mates (`#-3`). `#0` (the side to move is mated)
    /// is 0, and `#-0` too.
    Mate(i32),
}

impl Score {
    /// The score in centipawns, with a mate counted as `mate_value`
    /// centipawns for the side that mates.
    pub fn centipawns_or(self, mate_value: i32) -> i32 {
        match self {
            Score::Centipawns(cp) => cp,
            Score::Mate(n) if n < 0 => -mate_value,
            Score::Mate(_) => mate_value,
        }
    }
}

/// `0.17`, `-1.25`, `#3`, `#-3`: pawns with two decimals, or a mate.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

impl Evaluation {
    /// The largest score read, in pawns: more is not an evaluation.
    const MAX_PAWNS: u64 = 10_000_000;

    /// Reads pawns (`0.17`, `-1.25`, `+3`, `.5`, with at most two
    /// decimals, as lichess and python-chess write them) or a mate (`#3`,
    /// `#-3`, `#+3`), then an optional `,depth`.
    pub fn from_ascii(text: &[u8]) -> Option<Evaluation> {
        let text = trim(text);
        let (score, depth) = match text.iter().position(|&b| b == b',') {
            Some(comma) => (&text[..comma], Some(&text[comma + 1..])),
            None => (text, None),
        };
        let depth = match depth {
            Some(depth) => {
                let (value, len) = number(depth)?;
                if len != depth.len() {
                    return None;
                }
                Some(u32::try_from(value).ok()?)
            }
            None => None,
        };
        let (mate, score) = match score {
            [b'#', rest @ ..] => (true, rest),
            _ => (false, score),
        };
        let (negative, unsigned) = match score {
            [b'-', rest @ ..] => (true, rest),
            [b'+', rest @ ..] => (false, rest),
            _ => (false, score),
        };
        let score = if mate {
            let (n, len) = number(unsigned)?;
            if len != unsigned.len() {
                return None;
            }
            let n = i32::try_from(n).ok()?;
            Score::Mate(if negative { -n } else { n })
        } else {
            let (whole, fraction) = match unsigned.iter().position(|&b| b == b'.') {
                Some(dot) => (&unsigned[..dot], &unsigned[dot + 1..]),
                None => (unsigned, &b""[..]),
            };
            if whole.is_empty() && fraction.is_empty() {
                return None;
            }
            let whole = match whole {
                [] => 0,
                _ => {
                    let (value, len) = number(whole)?;
                    if len != whole.len() || value > Self::MAX_PAWNS {
                        return None;
                    }
                    value
                }
            };
            let hundredths = match fraction {
                [] => 0,
                [d] if d.is_ascii_digit() => u64::from(d - b'0') * 10,
                [d, e] if d.is_ascii_digit() && e.is_ascii_digit() => {
                    u64::from(d - b'0') * 10 + u64::from(e - b'0')
                }
                _ => return None,
            };
            let cp = i32::try_from(whole * 100 + hundredths).ok()?;
            Score::Centipawns(if negative { -cp } else { cp })
        };
        Some(Evaluation { score, depth })
    }
}

/// The score, then `,depth` when there is one: `0.17`, `2.50,11`, `#-3`.
impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.score)?;
        if let Some(depth) = self.depth {
            write!(f, ",{depth}")?;
        }
        Ok(())
    }
}

/// The colour of a marked square or an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MarkColor {
    /// `R`.
    Red,
    /// `G`.
    Green,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl MarkColor {
    /// The colour of its letter `R`, `G`, `Y` or `B`.
    pub fn from_letter(letter: u8) -> Option<MarkColor> {
        Some(match letter {
            b'R' => MarkColor::Red,
            b'G' => MarkColor::Green,
            b'Y' => MarkColor::Yellow,
            b'B' => MarkColor::Blue,
            _ => return None,
        })
    }

    /// Its letter.
    pub fn letter(self) -> char {
        match self {
            MarkColor::Red => 'R',
            MarkColor::Green => 'G',
            MarkColor::Yellow => 'Y',
            MarkColor::Blue => 'B',
        }
    }
}

/// A square marked in a colour: `Rd4` of `[%csl Rd4,Gd5]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarkedSquare {
    /// Its colour.
    pub color: MarkColor,
    /// The square.
    pub square: Square,
}

impl fmt::Display for MarkedSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.square)
    }
}

/// An arrow from a square to another, in a colour: `Rc8f5` of
/// `[%cal Rc8f5,Ge2e4]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Arrow {
    /// Its colour.
    pub color: MarkColor,
    /// The square it starts from.
    pub from: Square,
    /// The square it points to.
    pub to: Square,
}

impl fmt::Display for Arrow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.color.letter(), self.from, self.to)
    }
}

/// The items of a `csl` or `cal` command: separated by commas, white
/// space around each allowed (`Yd4, Ye5` is in real files).
fn items(args: &[u8]) -> impl Iterator<Item = &[u8]> {
    args.split(|&b| b == b',').map(trim)
}

/// A colour letter and squares: `Rd4` (one square) or `Rc8f5` (two).
fn marks<const N: usize>(item: &[u8]) -> Option<(MarkColor, [Square; N])> {
    let (&letter, squares) = item.split_first()?;
    if squares.len() != 2 * N {
        return None;
    }
    let mut out = [Square::A1; N];
    for (slot, name) in out.iter_mut().zip(squares.chunks_exact(2)) {
        *slot = Square::from_ascii(name)?;
    }
    Some((MarkColor::from_letter(letter)?, out))
}

/// The items of a `csl` or `cal` command, each a colour and `N` squares,
/// all checked when made, then given one by one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Items<'a, const N: usize> {
    args: &'a [u8],
    next: usize,
}

impl<'a, const N: usize> Items<'a, N> {
    /// The items of `args`, or `None` if one is not a colour and `N`
    /// squares. No item is none.
    fn new(args: &'a [u8]) -> Option<Items<'a, N>> {
        let args = trim(args);
        if !args.is_empty() && !items(args).all(|item| marks::<N>(item).is_some()) {
            return None;
        }
        Some(Items { args, next: 0 })
    }

    /// The next item, moving past it.
    fn next_marks(&mut self) -> Option<(MarkColor, [Square; N])> {
        let rest = self.args.get(self.next..).filter(|rest| !rest.is_empty())?;
        let len = rest.iter().position(|&b| b == b',').unwrap_or(rest.len());
        self.next += len + 1;
        marks::<N>(trim(&rest[..len]))
    }
}

/// The squares of a `csl` command, checked when read, borrowed from its
/// arguments: an iterator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkedSquares<'a>(Items<'a, 1>);

impl<'a> MarkedSquares<'a> {
    /// The squares of `args` (`Rd4,Gd5`), or `None` if one item is not a
    /// colour and a square. No item is no square.
    pub fn new(args: &'a [u8]) -> Option<MarkedSquares<'a>> {
        Items::new(args).map(MarkedSquares)
    }
}

impl Iterator for MarkedSquares<'_> {
    type Item = MarkedSquare;

    fn next(&mut self) -> Option<MarkedSquare> {
        let (color, [square]) = self.0.next_marks()?;
        Some(MarkedSquare { color, square })
    }
}

/// The arrows of a `cal` command, checked when read, borrowed from its
/// arguments: an iterator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrows<'a>(Items<'a, 2>);

impl<'a> Arrows<'a> {
    /// The arrows of `args` (`Rc8f5,Ge2e4`), or `None` if one item is not
    /// a colour and two squares. No item is no arrow.
    pub fn new(args: &'a [u8]) -> Option<Arrows<'a>> {
        Items::new(args).map(Arrows)
    }
}

impl Iterator for Arrows<'_> {
    type Item = Arrow;

    fn next(&mut self) -> Option<Arrow> {
        let (color, [from, to]) = self.0.next_marks()?;
        Some(Arrow { color, from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        let read = |text: &str| ClockTime::from_ascii(text.as_bytes()).map(|t| t.to_string());
        assert_eq!(read("0:03:00").as_deref(), Some("0:03:00"));
        assert_eq!(read("01:14:46").as_deref(), Some("1:14:46"));
        assert_eq!(read("0:00:58.6").as_deref(), Some("0:00:58.6"));
        assert_eq!(read("0:00:58.06").as_deref(), Some("0:00:58.06"));
        assert_eq!(read("0:00:58.").as_deref(), Some("0:00:58"));
        assert_eq!(read("123:5:7").as_deref(), Some("123:05:07"));
        for bad in [
            "9:99",
            "0:60:00",
            "0:00:60",
            "0:000:00",
            "a:00:00",
            "0:00:00.1234567890",
            "",
            "1:2:3:4",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
        assert_eq!(read("99999999999999999999:00:00"), None);
        let t = ClockTime::from_ascii(b"1:00:00.125").expect("time");
        assert_eq!((t.millis(), t.in_seconds().to_string()), (3_600_125, "3600.125".to_owned()));
        assert_eq!(ClockTime::from_millis(58_600).to_string(), "0:00:58.6");
        assert_eq!(ClockTime::from_millis(180_000).to_string(), "0:03:00");
    }

    #[test]
    fn evaluations() {
        let read = |text: &str| Evaluation::from_ascii(text.as_bytes()).map(|e| e.to_string());
        for (text, canonical) in [
            ("0.17", "0.17"),
            ("-1.25", "-1.25"),
            ("+0.3", "0.30"),
            ("-0.05", "-0.05"),
            ("2.5,11", "2.50,11"),
            ("12", "12.00"),
            (".5", "0.50"),
            ("#3", "#3"),
            ("#-3", "#-3"),
            ("#+3", "#3"),
            ("#0", "#0"),
        ] {
            assert_eq!(read(text).as_deref(), Some(canonical), "{text}");
        }
        for bad in ["abc", "", "#", "1.234", "1,", "1,x", "#3.5", "--1", ".", "1e5"] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }

    #[test]
    fn squares_and_arrows() {
        let squares: Vec<String> =
            MarkedSquares::new(b"Rd4,Gd5, Yh8").expect("squares").map(|s| s.to_string()).collect();
        assert_eq!(squares, ["Rd4", "Gd5", "Yh8"]);
        let arrows: Vec<String> =
            Arrows::new(b"Rc8f5,Ge2e4").expect("arrows").map(|a| a.to_string()).collect();
        assert_eq!(arrows, ["Rc8f5", "Ge2e4"]);
        assert!(MarkedSquares::new(b"Rd9").is_none());
        assert!(MarkedSquares::new(b"Xd4").is_none());
        assert!(MarkedSquares::new(b"Rd4d5").is_none());
        assert!(Arrows::new(b"Rd4").is_none());
        assert!(Arrows::new(b"Rd4d5,").is_none());
        assert_eq!(Arrows::new(b"").expect("no arrow").count(), 0);
    }
}
