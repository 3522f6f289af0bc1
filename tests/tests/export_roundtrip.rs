//! Property test of export format (§3.2, rulings E1 to E13): random legal
//! games, with random suffixes, NAGs, comments (awkward white space, `}`
//! in `;` comments, empty ones, very long words, non-ASCII), variations
//! (nested, empty), escape lines, null moves, starts from a FEN (black to
//! move too, and now and then the standard start) and awkward tags (`\`, `"`, tabs and line ends in values;
//! duplicates; missing roster tags; non-ASCII), each made twice from one
//! random description:
//!
//! - as PGN text, with move numbers or without, white space of every kind
//!   between tokens, `Z0` for some null moves;
//! - as a replayed game built directly (tag values may hold line ends
//!   there, which PGN text cannot).
//!
//! The text must read as described; both must export to the same bytes;
//! the export must read back to the same game, [normalised](Model) as the
//! rulings say, and export again to the same bytes (for export format,
//! reduced export format, and each of comments, NAGs and variations left
//! out; and with the tags after the roster as read, the roster with
//! SetUp and FEN (and Variant) alone, lines of 24 bytes or one line). The export's
//! layout follows E6 and E11. Reduced export format
//! has no FEN tag (ruling E13): a game from a set-up position does not fit
//! it ([`unfit`]) and is not written, which is checked instead of the
//! round trip; one whose FEN gives the standard start fits, and loses its
//! FEN.
//!
//! Seeded: a failure names its case; `EXPORT_ROUNDTRIP_CASE=N` runs that
//! case alone (`EXPORT_ROUNDTRIP_SHOW=1` prints its text and export) and
//! `EXPORT_ROUNDTRIP_CASES=N` sets how many run (a few hundred in a debug
//! build, a few thousand in release). The cases must cover every one of
//! [`FEATURES`] between them.

use chess_core::{Move, Position};
use fen_epd::{Fen, parse_position};
use pgn_export::{ExportOptions, MAX_LINE, TagOrder, TagSet, Unfit, to_vec, unfit};
use pgn_replay::{ReplayedGame, ReplayedMove};
use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{CommentKind, Game, Movetext, Node, Severity, Tags};
use san::San;
use testkit::XorShift;

const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The FEN of the standard starting position.
const STANDARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn chance(rng: &mut XorShift, percent: usize) -> bool {
    rng.below(100) < percent
}

fn pick<T: Copy>(rng: &mut XorShift, items: &[T]) -> T {
    items[rng.below(items.len())]
}

// ---------------------------------------------------------------------
// The random description of a game.

/// One element of a movetext, as generated.
#[derive(Clone, Debug)]
enum Item {
    Move {
        m: Move,
        /// Canonical SAN, check mark included.
        san: String,
        suffix: Option<Suffix>,
        /// Its ply (for the move numbers of the text).
        ply: u32,
    },
    Nag(u8),
    Comment {
        text: Vec<u8>,
        kind: CommentKind,
    },
    Escape(Vec<u8>),
    Begin,
    End,
}

/// A random game.
#[derive(Clone, Debug)]
struct Spec {
    tags: Vec<(String, Vec<u8>)>,
    start: Position,
    items: Vec<Item>,
    termination: Option<GameResult>,
}

/// Words for comments: moves, markers and brackets that must stay
/// comment text, non-ASCII (UTF-8 and Latin-1), and words longer than a
/// line.
fn comment_word(rng: &mut XorShift) -> Vec<u8> {
    const WORDS: &[&[u8]] = &[
        b"good",
        b"move",
        b"e4",
        b"1.",
        b"12...",
        b"1-0",
        b"*",
        b"(",
        b")",
        b"$1",
        b"!?",
        b"%",
        b"%esc",
        b";",
        b"{",
        b"[Event",
        b"[",
        b"]",
        b"[%clk",
        b"0:01:00]",
        b"\"",
        b"\\",
        b"--",
        "Zürich".as_bytes(),
        "♘f3".as_bytes(),
        "日本".as_bytes(),
        b"M\xfcller",
        b"a\x7fb",
    ];
    match rng.below(12) {
        0 => {
            let len = 60 + rng.below(150);
            (0..len).map(|_| b'a' + rng.below(26) as u8).collect()
        }
        1 | 2 => {
            let len = 1 + rng.below(10);
            (0..len).map(|_| 0x21 + rng.below(0x5e) as u8).filter(|&b| b != b'}').collect()
        }
        _ => pick(rng, WORDS).to_vec(),
    }
}

/// White space inside a brace comment.
fn brace_space(rng: &mut XorShift) -> &'static [u8] {
    pick(
        rng,
        &[&b" "[..], b" ", b" ", b"  ", b"\t", b"\n", b"\r\n", b"\r", b" \n\t ", b"\x0b", b"\x0c"],
    )
}

/// A brace comment's text: empty, white space only, or words with white
/// space of every kind around and between them. No `}`, and no line that
/// starts with `[` (pgn-lex ends an unterminated comment there).
fn brace_text(rng: &mut XorShift) -> Vec<u8> {
    let mut text = Vec::new();
    if chance(rng, 30) {
        text.extend_from_slice(brace_space(rng));
    }
    let words = match rng.below(10) {
        0 => 0,
        1 => 20 + rng.below(30),
        _ => 1 + rng.below(6),
    };
    for i in 0..words {
        let word = comment_word(rng);
        if i > 0 {
            text.extend_from_slice(brace_space(rng));
        }
        text.extend_from_slice(&word);
    }
    if chance(rng, 30) {
        text.extend_from_slice(brace_space(rng));
    }
    // A line that starts with `[` (after spaces or tabs) would end the
    // comment: its line end becomes a space.
    for i in (0..text.len()).rev() {
        if matches!(text[i], b'\n' | b'\r') {
            let rest = text[i + 1..].iter().find(|&&b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
            if rest == Some(&b'[') {
                text[i] = b' ';
            }
        }
    }
    text
}

/// A `;` comment's text (to the end of its line): no line end, often a
/// `}` (then export writes it as a `;` comment again).
fn line_text(rng: &mut XorShift) -> Vec<u8> {
    let mut text = Vec::new();
    if chance(rng, 30) {
        text.push(b' ');
    }
    for i in 0..rng.below(6) {
        if i > 0 {
            text.extend_from_slice(pick(rng, &[&b" "[..], b"  ", b"\t", b" \t"]));
        }
        let word = if chance(rng, 25) {
            pick(rng, &[&b"}"[..], b"a}b", b"{x}", b"}}"]).to_vec()
        } else {
            comment_word(rng)
        };
        text.extend_from_slice(&word);
    }
    if chance(rng, 20) {
        text.push(b'}');
    }
    if chance(rng, 30) {
        text.extend_from_slice(b" \t");
    }
    text
}

fn comment(rng: &mut XorShift) -> Item {
    if chance(rng, 25) {
        Item::Comment { text: line_text(rng), kind: CommentKind::Line }
    } else {
        Item::Comment { text: brace_text(rng), kind: CommentKind::Brace }
    }
}

fn escape(rng: &mut XorShift) -> Item {
    let len = rng.below(20);
    let mut text: Vec<u8> = (0..len).map(|_| 0x20 + rng.below(0x5f) as u8).collect();
    if chance(rng, 20) {
        text.extend_from_slice("é }".as_bytes());
    }
    Item::Escape(text)
}

const SUFFIXES: [Suffix; 6] = [
    Suffix::Good,
    Suffix::Mistake,
    Suffix::Brilliant,
    Suffix::Blunder,
    Suffix::Speculative,
    Suffix::Dubious,
];

/// The ply of the first move played from `pos` (from its move number).
fn first_ply(pos: &Position) -> u32 {
    let white = pos.turn() == chess_core::Color::White;
    (pos.fullmoves().get() - 1) * 2 + if white { 1 } else { 2 }
}

/// A line of play from `start`, at `depth`, of at most `moves` moves,
/// each followed by annotations and variations.
fn line(rng: &mut XorShift, items: &mut Vec<Item>, start: &Position, depth: u32, moves: usize) {
    let mut pos = start.clone();
    let mut ply = first_ply(start);
    while chance(rng, 15) {
        items.push(comment(rng));
    }
    for _ in 0..moves {
        let legal = pos.legal_moves();
        let m = if !pos.is_check() && chance(rng, 4) {
            Move::Null
        } else if legal.is_empty() {
            break;
        } else {
            pick(rng, &legal)
        };
        let san = San::from_move(&pos, m).to_string();
        let suffix = chance(rng, 15).then(|| pick(rng, &SUFFIXES));
        items.push(Item::Move { m, san, suffix, ply });
        loop {
            match rng.below(100) {
                0..12 => items.push(Item::Nag(rng.below(256) as u8)),
                12..24 => items.push(comment(rng)),
                24..27 => items.push(escape(rng)),
                27..37 if depth < 3 => {
                    items.push(Item::Begin);
                    let length = if chance(rng, 15) { 0 } else { 1 + rng.below(7) };
                    line(rng, items, &pos, depth + 1, length);
                    items.push(Item::End);
                }
                _ => break,
            }
        }
        pos.play_unchecked(m);
        ply += 1;
    }
}

/// Tag values with what is awkward in them: escapes, white space that
/// E4 turns into spaces, non-ASCII, nothing at all.
fn tag_value(rng: &mut XorShift) -> Vec<u8> {
    const PARTS: &[&[u8]] = &[
        b"Kasparov, G.",
        b"a\\b",
        b"\\",
        b"say \"hi\"",
        b"\"",
        b"tab\there",
        b"line\nend",
        b"cr\r\nlf",
        b"v\x0btab",
        b"  padded  ",
        b"?",
        b"2024.01.31",
        b"1.2.3",
        b"]",
        b"[x]",
        b"{not a comment}",
        b";",
        "Zürich".as_bytes(),
        "Łódź 日本".as_bytes(),
        b"M\xfcnchen",
    ];
    let mut value = Vec::new();
    for _ in 0..rng.below(4) {
        value.extend_from_slice(pick(rng, PARTS));
    }
    value
}

/// The tags: roster tags (some missing), others, duplicates, in random
/// order; a FEN (and usually SetUp) when the game does not start from
/// the standard position.
fn tags(rng: &mut XorShift, fen: Option<&str>) -> Vec<(String, Vec<u8>)> {
    const OTHERS: &[&str] =
        &["ECO", "Annotator", "WhiteElo", "Opening", "event", "Zeta", "A", "a_b", "Tag9", "Mode"];
    const RESULTS: &[&[u8]] = &[b"1-0", b"0-1", b"1/2-1/2", b"*", b"?", b"", b"draw", b" 1-0 "];
    let mut tags = Vec::new();
    for name in SEVEN_TAG_ROSTER {
        if chance(rng, 70) {
            let value = if name == "Result" { pick(rng, RESULTS).to_vec() } else { tag_value(rng) };
            tags.push((name.to_owned(), value));
        }
    }
    for _ in 0..rng.below(5) {
        tags.push((pick(rng, OTHERS).to_owned(), tag_value(rng)));
    }
    if let Some(fen) = fen {
        tags.push(("FEN".to_owned(), fen.as_bytes().to_vec()));
        if chance(rng, 80) {
            tags.push(("SetUp".to_owned(), b"1".to_vec()));
        }
    }
    for i in (1..tags.len()).rev() {
        tags.swap(i, rng.below(i + 1));
    }
    // A few given twice (the last counts, E2); never the FEN and SetUp.
    for _ in 0..rng.below(3) {
        if tags.is_empty() {
            break;
        }
        let name = tags[rng.below(tags.len())].0.clone();
        if name != "FEN" && name != "SetUp" && name != "Result" {
            tags.push((name, tag_value(rng)));
        }
    }
    tags
}

/// A start: the standard position (sometimes given by a FEN), or one
/// some random moves into a game (black to move about half the time),
/// with a random move number.
fn start(rng: &mut XorShift) -> (Position, Option<String>) {
    if chance(rng, 65) {
        return (Position::new(), None);
    }
    if chance(rng, 5) {
        return (Position::new(), Some(STANDARD_FEN.to_owned()));
    }
    loop {
        let mut pos = Position::new();
        for _ in 0..1 + rng.below(30) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(pick(rng, &legal));
        }
        if pos.legal_moves().is_empty() {
            continue;
        }
        let fen = Fen::from_position(&pos).to_string();
        let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
        if let Some(fullmoves) = fields.get_mut(5) {
            *fullmoves = (1 + rng.below(150)).to_string();
        }
        let fen = fields.join(" ");
        let pos = parse_position(fen.as_bytes()).expect("a FEN of a legal position");
        return (pos, Some(fen));
    }
}

fn spec(rng: &mut XorShift) -> Spec {
    let (start, fen) = start(rng);
    let mut items = Vec::new();
    let moves = match rng.below(10) {
        0 => 0,
        1 => 80 + rng.below(60),
        _ => rng.below(40),
    };
    line(rng, &mut items, &start, 0, moves);
    const RESULTS: [GameResult; 4] =
        [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unknown];
    let termination = chance(rng, 85).then(|| pick(rng, &RESULTS));
    Spec { tags: tags(rng, fen.as_deref()), start, items, termination }
}

// ---------------------------------------------------------------------
// The two renderings.

/// The description as PGN text.
fn pgn_text(rng: &mut XorShift, spec: &Spec) -> Vec<u8> {
    let mut out = Vec::new();
    for (name, value) in &spec.tags {
        out.push(b'[');
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(pick(rng, &[&b" "[..], b" ", b"  ", b"\t"]));
        out.push(b'"');
        for &b in value {
            match b {
                b'\\' | b'"' => out.extend_from_slice(&[b'\\', b]),
                // No line end in a PGN string: a tab, which export also
                // writes as a space.
                b'\n' | b'\r' => out.push(b'\t'),
                _ => out.push(b),
            }
        }
        out.extend_from_slice(b"\"]");
        out.extend_from_slice(pick(rng, &[&b"\n"[..], b"\n", b" ", b"\r\n"]));
    }
    if !spec.tags.is_empty() {
        out.push(b'\n');
    }
    let mut text = MovetextText { out, line_start: true };
    // The ply of the last move written in each open line, and whether the
    // last token written was that move.
    let mut after_white_move: Vec<bool> = vec![false];
    for item in &spec.items {
        let last = after_white_move.len() - 1;
        match item {
            Item::Move { san, suffix, ply, m } => {
                let white = ply % 2 == 1;
                let number = ply.div_ceil(2);
                if white && chance(rng, 85) {
                    let dots = pick(rng, &[".", ".", ". ", "..."]);
                    text.token(rng, format!("{number}{dots}").as_bytes());
                } else if !white && (!after_white_move[last] || chance(rng, 10)) && chance(rng, 85)
                {
                    text.token(rng, format!("{number}...").as_bytes());
                }
                let mut word = if *m == Move::Null && chance(rng, 30) {
                    b"Z0".to_vec()
                } else {
                    san.as_bytes().to_vec()
                };
                if let Some(suffix) = suffix {
                    word.extend_from_slice(suffix.as_str().as_bytes());
                }
                text.token(rng, &word);
                after_white_move[last] = white;
                continue;
            }
            Item::Nag(n) => {
                let zero = if chance(rng, 5) { "0" } else { "" };
                text.token(rng, format!("${zero}{n}").as_bytes());
            }
            Item::Comment { text: body, kind: CommentKind::Brace } => {
                text.token(rng, &[b"{", &body[..], b"}"].concat());
            }
            Item::Comment { text: body, kind: CommentKind::Line } => {
                text.token(rng, &[b";", &body[..]].concat());
                text.out.push(b'\n');
                text.line_start = true;
            }
            Item::Escape(body) => {
                if !text.line_start {
                    text.out.push(b'\n');
                }
                text.out.push(b'%');
                text.out.extend_from_slice(body);
                text.out.push(b'\n');
                text.line_start = true;
            }
            Item::Begin => {
                text.token(rng, b"(");
                after_white_move.push(false);
                continue;
            }
            Item::End => {
                text.token(rng, b")");
                after_white_move.pop();
            }
        }
        let last = after_white_move.len() - 1;
        after_white_move[last] = false;
    }
    if let Some(result) = spec.termination {
        text.token(rng, result.as_str().as_bytes());
    }
    text.out.push(b'\n');
    text.out
}

/// Movetext being written as text.
struct MovetextText {
    out: Vec<u8>,
    line_start: bool,
}

impl MovetextText {
    /// A token after white space of some kind (never an empty line, which
    /// could end a game without a marker).
    fn token(&mut self, rng: &mut XorShift, token: &[u8]) {
        if !self.line_start {
            let space = pick(rng, &[&b" "[..], b" ", b" ", b"  ", b"\t", b"\n", b" \n ", b"\r\n"]);
            self.out.extend_from_slice(space);
        } else if chance(rng, 20) {
            self.out.push(b' ');
        }
        self.out.extend_from_slice(token);
        self.line_start = false;
    }
}

/// The description as a replayed game, built directly.
fn built(spec: &Spec) -> ReplayedGame {
    let nodes = spec.items.iter().map(|item| match item {
        Item::Move { m, suffix, .. } => Node::Move(ReplayedMove::Played { m: *m, suffix: *suffix }),
        Item::Nag(n) => Node::Nag(Nag(*n)),
        Item::Comment { text, kind } => Node::Comment { text: text.clone(), kind: *kind },
        Item::Escape(text) => Node::Escape(text.clone()),
        Item::Begin => Node::VariationStart { end: 0 },
        Item::End => Node::VariationEnd,
    });
    Game {
        tags: spec.tags.iter().map(|(n, v)| (n, v)).collect(),
        start: Some(spec.start.clone()),
        movetext: Movetext::from_nodes(nodes),
        termination: spec.termination,
    }
}

// ---------------------------------------------------------------------
// The normalised game.

/// A game as export format keeps it, by the rulings: the tags in export
/// order (E1, the last of a name E2, the result E3, values with tabs and
/// line ends as spaces E4), the start position, the result, and the
/// movetext with suffixes as NAGs ahead of the move's other NAGs (E8),
/// comments with their white space cleaned up and empty ones left out
/// (E9, brace and `;` alike), no escape lines (E10), no empty variations
/// (E6); and only what the options write (E13).
#[derive(Debug, PartialEq, Eq)]
struct Model {
    tags: Vec<(Vec<u8>, Vec<u8>)>,
    start: String,
    result: &'static str,
    nodes: Vec<ModelNode>,
}

#[derive(Debug, PartialEq, Eq)]
enum ModelNode {
    Move(Move),
    Nag(u8),
    Comment(Vec<u8>),
    Begin,
    End,
}

/// White space of a comment (E9).
fn is_space(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// A control byte: C0 (tab and line ends included) or DEL. Export format
/// holds none (E4, E9).
fn is_control(b: u8) -> bool {
    b < 0x20 || b == 0x7f
}

/// A comment's text cleaned up (E9): its words, one space between them.
fn normalised(text: &[u8]) -> Vec<u8> {
    let words: Vec<&[u8]> = text.split(|&b| is_space(b)).filter(|w| !w.is_empty()).collect();
    words.join(&b' ')
}

/// E3, written out again: the marker, else a valid Result tag, else `*`.
fn result(tags: &Tags, termination: Option<GameResult>) -> GameResult {
    termination
        .or_else(|| GameResult::from_ascii(tags.get("Result")?.trim_ascii()).ok())
        .unwrap_or(GameResult::Unknown)
}

/// E1 to E4, written out again.
fn export_tags(
    tags: &Tags,
    result: GameResult,
    options: &ExportOptions,
) -> Vec<(Vec<u8>, Vec<u8>)> {
    let e4 =
        |v: &[u8]| -> Vec<u8> { v.iter().map(|&b| if is_control(b) { b' ' } else { b }).collect() };
    let mut out = Vec::new();
    for name in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => result.as_str().as_bytes().to_vec(),
            "Date" => tags.get(name).map_or(b"????.??.??".to_vec(), e4),
            _ => tags.get(name).map_or(b"?".to_vec(), e4),
        };
        out.push((name.as_bytes().to_vec(), value));
    }
    let mut names: Vec<&[u8]> = tags
        .iter()
        .map(|t| t.name)
        .filter(|n| !SEVEN_TAG_ROSTER.iter().any(|r| r.as_bytes() == *n))
        .filter(|n| match options.tags {
            TagSet::All => true,
            TagSet::Roster => false,
            TagSet::RosterAndSetUp => {
                matches!(*n, b"SetUp" | b"FEN") || *n == b"Variant" && tags.get("FEN").is_some()
            }
        })
        .collect();
    names.sort();
    names.dedup();
    for name in names {
        let value = tags.iter().rev().find(|t| t.name == name).map(|t| e4(t.value));
        out.push((name.to_vec(), value.unwrap_or_default()));
    }
    out
}

/// The normalised form of `game`, as written with `options`.
fn model(game: &ReplayedGame, options: &ExportOptions) -> Result<Model, String> {
    let result = result(&game.tags, game.termination);
    let start = game.start.as_ref().ok_or("the game has no start position")?;
    let mut nodes = Vec::new();
    let mut skipping = 0u32;
    for node in game.movetext.nodes() {
        if skipping > 0 {
            match node {
                Node::VariationStart { .. } => skipping += 1,
                Node::VariationEnd => skipping -= 1,
                _ => {}
            }
            continue;
        }
        match node {
            Node::Move(ReplayedMove::Played { m, suffix }) => {
                nodes.push(ModelNode::Move(*m));
                if let Some(suffix) = suffix.filter(|_| options.nags) {
                    nodes.push(ModelNode::Nag(suffix.nag().0));
                }
            }
            Node::Move(ReplayedMove::Unresolved(san, _)) => {
                return Err(format!("move `{}` was not played", san.text.escape_ascii()));
            }
            Node::Nag(n) if options.nags => nodes.push(ModelNode::Nag(n.0)),
            Node::Nag(_) | Node::Escape(_) => {}
            Node::Comment { text, .. } => {
                let text = normalised(text);
                if options.comments && !text.is_empty() {
                    nodes.push(ModelNode::Comment(text));
                }
            }
            Node::VariationStart { .. } if options.variations => nodes.push(ModelNode::Begin),
            Node::VariationStart { .. } => skipping = 1,
            Node::VariationEnd => {
                if nodes.last() == Some(&ModelNode::Begin) {
                    nodes.pop();
                } else {
                    nodes.push(ModelNode::End);
                }
            }
        }
    }
    Ok(Model {
        tags: export_tags(&game.tags, result, options),
        start: Fen::from_position(start).to_string(),
        result: result.as_str(),
        nodes,
    })
}

// ---------------------------------------------------------------------
// The checks.

/// Reads `text`: its one game, which must replay without an error.
fn read_one(text: &[u8]) -> Result<ReplayedGame, String> {
    let mut games = Vec::new();
    for game in pgn_replay::replay_games(text) {
        games.push(game.map_err(|e| format!("cannot read: {e}"))?);
    }
    let [game] =
        <[_; 1]>::try_from(games).map_err(|games| format!("{} games read, not 1", games.len()))?;
    if let Some(error) = game.diagnostics.iter().find(|d| d.severity() == Severity::Error) {
        return Err(format!("an error: {error}"));
    }
    Ok(game.game)
}

/// Ruling E6 and E11 on an export: LF only, no tab, no space at a line's
/// end; the tag pairs, an empty line, the movetext (lines of at most
/// `max_line` bytes, 79 in export format, but for a single word, a comment
/// command among them, or a `;` comment, that is longer; 0 for no limit),
/// an empty line.
fn check_layout(text: &[u8], max_line: usize) -> Result<(), String> {
    let max_line = if max_line == 0 { usize::MAX } else { max_line };
    if text.contains(&b'\r') || text.contains(&b'\t') {
        return Err("a carriage return or a tab".to_owned());
    }
    let body = text.strip_suffix(b"\n\n").ok_or("no empty line at the end")?;
    let at = body.windows(2).position(|w| w == b"\n\n").ok_or("no empty line after the tags")?;
    let (tags, movetext) = (&body[..at], &body[at + 2..]);
    for line in tags.split(|&b| b == b'\n') {
        if !line.starts_with(b"[") || !line.ends_with(b"\"]") {
            return Err(format!("not a tag pair: `{}`", line.escape_ascii()));
        }
    }
    for line in movetext.split(|&b| b == b'\n') {
        let bare = line.iter().position(|&b| b != b'(').map_or(line, |i| &line[i..]);
        // A word that starts with `[` sticks to the one before it (E9),
        // and a comment command is one word, its spaces included (C4).
        let words: Vec<u8> = pgn_commands::pieces(line)
            .flat_map(|piece| match piece {
                pgn_commands::Piece::Text(text) => text.to_vec(),
                pgn_commands::Piece::Command(_) => b"[%command]".to_vec(),
            })
            .collect();
        let one_word = words.split(|&b| b == b' ').skip(1).all(|w| w.starts_with(b"["));
        let long_word = one_word || bare.starts_with(b";");
        if line.is_empty() || line.starts_with(b" ") || line.ends_with(b" ") {
            return Err(format!("movetext line `{}`", line.escape_ascii()));
        }
        if line.len() > max_line && !long_word {
            return Err(format!("a line of {} bytes: `{}`", line.len(), line.escape_ascii()));
        }
    }
    Ok(())
}

/// The option sets: export format, reduced export format, each part
/// left out, the tags after the roster as read, the roster with the
/// start's tags (comments and all kept), and lines of other lengths.
fn option_sets() -> [(&'static str, ExportOptions); 9] {
    let all = ExportOptions::default();
    [
        ("export", all),
        ("reduced", ExportOptions::reduced()),
        ("no comments", ExportOptions { comments: false, ..all }),
        ("no NAGs", ExportOptions { nags: false, ..all }),
        ("no variations", ExportOptions { variations: false, ..all }),
        ("tags as read", ExportOptions { tag_order: TagOrder::Input, ..all }),
        ("roster and set-up", ExportOptions { tags: TagSet::RosterAndSetUp, ..all }),
        ("lines of 24 bytes", ExportOptions { line_length: 24, ..all }),
        ("one line", ExportOptions { line_length: 0, ..all }),
    ]
}

/// The names of the tags after the roster in the order
/// [`TagOrder::Input`] writes them: each name once, where its last pair
/// is (ruling E2).
fn names_as_read(tags: &Tags) -> Vec<Vec<u8>> {
    let pairs: Vec<&[u8]> = tags.iter().map(|t| t.name).collect();
    let roster = |n: &[u8]| SEVEN_TAG_ROSTER.iter().any(|r| r.as_bytes() == n);
    (0..pairs.len())
        .filter(|&i| !roster(pairs[i]) && !pairs[i + 1..].contains(&pairs[i]))
        .map(|i| pairs[i].to_vec())
        .collect()
}

/// The names of the tags of an export after the roster, in its order.
fn names_written(export: &[u8]) -> Vec<Vec<u8>> {
    let lines = export.split(|&b| b == b'\n').take_while(|l| !l.is_empty()).skip(7);
    lines.map(|l| l[1..].split(|&b| b == b' ').next().unwrap_or_default().to_vec()).collect()
}

/// What the cases must have covered between them, so that the generator
/// cannot quietly stop making what is awkward.
const FEATURES: [&str; 14] = [
    "a start with black to move",
    "a null move",
    "a null move written Z0",
    "a `;` comment exported as one",
    "an empty comment",
    "an escape line",
    "a variation in a variation",
    "an empty variation",
    "a tag given twice",
    "a line end in a tag value",
    "a movetext line longer than 79 bytes",
    "a game without a termination marker",
    "a set-up start, which reduced format leaves out",
    "a FEN of the standard start, which reduced format drops",
];

/// Which of [`FEATURES`] a case has.
fn features(spec: &Spec, text: &[u8], export: &[u8]) -> [bool; FEATURES.len()] {
    let mut depth = 0;
    let mut nested = false;
    for item in &spec.items {
        match item {
            Item::Begin => depth += 1,
            Item::End => depth -= 1,
            _ => {}
        }
        nested |= depth >= 2;
    }
    let has = |f: &dyn Fn(&Item) -> bool| spec.items.iter().any(f);
    let pairs = spec.items.windows(2);
    let names: Vec<&str> = spec.tags.iter().map(|(n, _)| n.as_str()).collect();
    let movetext = export.windows(2).position(|w| w == b"\n\n").map_or(&[][..], |i| &export[i..]);
    [
        spec.start.turn() == chess_core::Color::Black,
        has(&|i| matches!(i, Item::Move { m: Move::Null, .. })),
        text.windows(3).any(|w| w == b" Z0" || w == b"\nZ0" || w == b"\tZ0"),
        has(&|i| match i {
            Item::Comment { text, kind: CommentKind::Line } if text.contains(&b'}') => {
                let cleaned = [&b";"[..], &normalised(text)].concat();
                export.windows(cleaned.len()).any(|w| w == cleaned)
            }
            _ => false,
        }),
        has(&|i| matches!(i, Item::Comment { text, .. } if text.iter().all(|&b| is_space(b)))),
        has(&|i| matches!(i, Item::Escape(_))),
        nested,
        pairs.clone().any(|w| matches!(w, [Item::Begin, Item::End])),
        names.iter().enumerate().any(|(i, n)| names[..i].contains(n)),
        spec.tags.iter().any(|(_, v)| v.contains(&b'\n')),
        movetext.split(|&b| b == b'\n').any(|l| l.len() > MAX_LINE),
        spec.termination.is_none(),
        spec.start != Position::new(),
        spec.start == Position::new() && names.contains(&"FEN"),
    ]
}

/// One case: see the module documentation. Returns the features it has.
fn check_case(case: u64) -> Result<[bool; FEATURES.len()], String> {
    let mut rng = XorShift::new(0x5eed_0000 + case);
    let spec = spec(&mut rng);
    let text = pgn_text(&mut rng, &spec);
    let show = |what: &str| format!("{what}\n--- input:\n{}", String::from_utf8_lossy(&text));
    let game = built(&spec);
    let read = read_one(&text).map_err(|e| show(&format!("the text: {e}")))?;
    if std::env::var_os("EXPORT_ROUNDTRIP_SHOW").is_some() {
        let export = to_vec(&read, ExportOptions::default());
        println!("{}\n---\n{}", String::from_utf8_lossy(&text), String::from_utf8_lossy(&export));
    }
    let all = ExportOptions::default();
    let expected = model(&game, &all)?;
    if model(&read, &all)? != expected {
        return Err(show(&format!(
            "the text does not read as generated:\n{:?}\n{:?}",
            model(&read, &all)?,
            expected
        )));
    }
    let covered = features(&spec, &text, &to_vec(&game, all));
    for (name, options) in option_sets() {
        let fail = |what: String| show(&format!("{name}: {what}"));
        // Only reduced format leaves a game out, for a set-up start
        // (ruling E13); the rest of the checks need a game written.
        let set_up = options.tags == TagSet::Roster && spec.start != Position::new();
        let want = set_up.then_some(Unfit::SetUpPosition);
        for (what, game) in [("the text", &read), ("the built game", &game)] {
            let got = unfit(game, options);
            if got != want {
                return Err(fail(format!("{what} is {got:?} for these options, not {want:?}")));
            }
        }
        if set_up {
            continue;
        }
        let from_text = to_vec(&read, options);
        let from_game = to_vec(&game, options);
        let shown = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        if from_text != from_game {
            return Err(fail(format!(
                "the text and the built game export differently:\n{}\n{}",
                shown(&from_text),
                shown(&from_game)
            )));
        }
        check_layout(&from_text, options.line_length)
            .map_err(|e| fail(format!("{e}\n{}", shown(&from_text))))?;
        if options.tag_order == TagOrder::Input
            && names_written(&from_text) != names_as_read(&read.tags)
        {
            return Err(fail(format!("the tags are not in input order:\n{}", shown(&from_text))));
        }
        let again = read_one(&from_text)
            .map_err(|e| fail(format!("the export: {e}\n{}", shown(&from_text))))?;
        let (want, got) = (model(&game, &options)?, model(&again, &all)?);
        if got != want {
            return Err(fail(format!(
                "the export reads back as another game:\n{}\n{got:?}\n{want:?}",
                shown(&from_text)
            )));
        }
        let twice = to_vec(&again, options);
        if twice != from_text {
            return Err(fail(format!("exported again:\n{}\n{}", shown(&from_text), shown(&twice))));
        }
    }
    Ok(covered)
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn random_games_round_trip_through_export_format() {
    let cases: Vec<u64> = match env_number("EXPORT_ROUNDTRIP_CASE") {
        Some(case) => vec![case],
        None => {
            let default = if cfg!(debug_assertions) { 300 } else { 3000 };
            (0..env_number("EXPORT_ROUNDTRIP_CASES").unwrap_or(default)).collect()
        }
    };
    let mut failures = Vec::new();
    let mut seen = [0usize; FEATURES.len()];
    for &case in &cases {
        match check_case(case) {
            Ok(covered) => {
                for (count, has) in seen.iter_mut().zip(covered) {
                    *count += usize::from(has);
                }
            }
            Err(e) => failures.push(format!("case {case}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed; the first:\n{}",
        failures.len(),
        cases.len(),
        failures[0]
    );
    if cases.len() >= 100 {
        for (feature, count) in FEATURES.iter().zip(seen) {
            assert!(count > 0, "no case has {feature}");
        }
    }
}
