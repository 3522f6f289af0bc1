//! Robustness of reading PGN: inputs far larger or deeper than real files
//! (10,000 nested variations, a 1 MB comment, a 100,000-move game, a
//! tag section of 100,000 pairs), random
//! bytes and mutated PGN from a fixed-seed generator, and streaming: a
//! source that hands out one byte per `read` call gives the same games and
//! diagnostics as the whole input at once, wherever the reader's refills
//! fall.
//!
//! No input may panic, overflow the stack or take more than linear time.
//! Time is checked by counts (elements read, bytes pulled from the source,
//! `read` calls) rather than by clocks, except for one generous bound that
//! only a quadratic reader could miss.

use std::io::{self, Read};
use std::time::{Duration, Instant};

use pgn_syntax::{CommentKind, Diagnostic, DiagnosticKind, Game, Item, Node, Reader, read_games};
use pgn_tests::reading::syntax::{Reading, check_movetext, read, read_bytes, read_with};
use pgn_tests::reading::{Area, OneByte, lex};
use pgn_tests::{Context, Mode};
use testkit::XorShift;

/// A game as read, with the diagnostics of its source map.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameRead {
    game: Game,
    diagnostics: Vec<Diagnostic>,
}

impl std::ops::Deref for GameRead {
    type Target = Game;

    fn deref(&self) -> &Game {
        &self.game
    }
}

/// All games of an input read with the tree builder, panicking on I/O
/// errors (there are none for in-memory sources).
fn games(input: impl Read) -> Vec<GameRead> {
    read_games(input)
        .map(|r| r.map(|(game, source)| GameRead { game, diagnostics: source.diagnostics }))
        .collect::<io::Result<Vec<_>>>()
        .expect("in-memory input")
}

/// All games that `reader` reads (built with the options under test).
fn games_of<R: Read>(reader: Reader<R>) -> Vec<GameRead> {
    let reading = read_with(reader).expect("in-memory input");
    let sources = reading.sources.into_iter();
    let games = reading.games.into_iter().zip(sources);
    games.map(|(game, source)| GameRead { game, diagnostics: source.diagnostics }).collect()
}

/// The kinds of a game's diagnostics, but for `IncompleteSevenTagRoster`:
/// these inputs have no tags, and the roster is not what they test.
fn kinds(game: &GameRead) -> Vec<DiagnosticKind> {
    game.diagnostics
        .iter()
        .map(|d| d.kind.clone())
        .filter(|k| !matches!(k, DiagnosticKind::IncompleteSevenTagRoster { .. }))
        .collect()
}

fn count_moves(game: &Game) -> usize {
    game.movetext.nodes().iter().filter(|n| matches!(n, Node::Move(_))).count()
}

#[test]
fn ten_thousand_nested_variations() {
    const DEPTH: usize = 10_000;
    let mut pgn = String::from("1. e4 ");
    // One parenthesis per line, so that no line is too long.
    pgn.push_str(&"( 1. d4\n".repeat(DEPTH));
    pgn.push_str(&")\n".repeat(DEPTH));
    pgn.push_str(" 1... e5 *\n");
    // Deeper than the default limit: allowed here.
    let reader = Reader::builder().depth_limit(DEPTH as u32).build(pgn.as_bytes());
    let read = games_of(reader);
    assert_eq!(read.len(), 1);
    let game = &read[0];
    assert!(kinds(game).is_empty(), "{:?}", kinds(game));
    assert_eq!(game.movetext.nodes().len(), 2 + 3 * DEPTH);
    check_movetext(&game.movetext).expect("balanced tree");
    let mainline: Vec<&[u8]> = game.movetext.mainline().map(|m| &*m.text).collect();
    assert_eq!(mainline, [&b"e4"[..], b"e5"]);

    // Walk the tree view down to the innermost line without recursion.
    let mut line = game.movetext.root();
    let mut depth = 0;
    while let Some(inner) = line.items().find_map(|item| match item {
        Item::Variation(inner) => Some(inner),
        _ => None,
    }) {
        line = inner;
        depth += 1;
    }
    assert_eq!(depth, DEPTH);

    // Clone, compare and drop are flat too.
    let copy = game.clone();
    assert_eq!(&copy, game);
    drop(read);
}

#[test]
fn variations_deeper_than_the_limit_are_skipped() {
    // 5,000 nested variations: those past the default limit of 1,000 are
    // skipped with one error, so that a replay holds 1,000 lines at most;
    // the game goes on after them.
    let mut pgn = String::from("1. e4 ");
    pgn.push_str(&"( 1. d4\n".repeat(5000));
    pgn.push_str(&")\n".repeat(5000));
    pgn.push_str(" 1... e5 *\n");
    let read = games(pgn.as_bytes());
    assert_eq!(kinds(&read[0]), [DiagnosticKind::VariationTooDeep { limit: 1000 }]);
    assert_eq!(read[0].movetext.nodes().len(), 2 + 3 * 1000);
    let mainline: Vec<&[u8]> = read[0].movetext.mainline().map(|m| &*m.text).collect();
    assert_eq!(mainline, [&b"e4"[..], b"e5"]);
    let (_, problems) = pgn_replay::replay(&read[0].game, &pgn_syntax::SourceMap::default());
    assert!(problems.is_empty(), "{problems:?}");
}

#[test]
fn ten_thousand_unclosed_and_unmatched_parentheses() {
    const DEPTH: usize = 10_000;
    let unclosed = format!("1. e4 {} *\n", "( d4\n".repeat(DEPTH));
    // Deeper than the default limit: allowed here.
    let reader = Reader::builder().depth_limit(DEPTH as u32).build(unclosed.as_bytes());
    let read = games_of(reader);
    assert_eq!(read.len(), 1);
    // The `*` stands inside the variations: it is reported and ignored
    // (§8.2.6), so the game runs to the end of input.
    assert_eq!(
        kinds(&read[0]),
        [
            DiagnosticKind::TerminationInVariation,
            DiagnosticKind::UnclosedVariation,
            DiagnosticKind::MissingTermination
        ]
    );
    assert_eq!(read[0].movetext.nodes().len(), 1 + 3 * DEPTH);
    check_movetext(&read[0].movetext).expect("closed at the end of the game");

    let unmatched = format!("1. e4 {} *\n", ")\n".repeat(DEPTH));
    let read = games(unmatched.as_bytes());
    assert_eq!(read.len(), 1);
    assert_eq!(kinds(&read[0]).len(), DEPTH);
    assert!(kinds(&read[0]).iter().all(|k| *k == DiagnosticKind::UnmatchedParenthesis));
    assert_eq!(count_moves(&read[0]), 1);
}

#[test]
fn one_megabyte_comment() {
    const SIZE: usize = 1 << 20;
    // Lines of 64 bytes, so that no line is too long.
    let body: Vec<u8> =
        (0..SIZE).map(|i| if i % 64 == 63 { b'\n' } else { b'a' + (i % 26) as u8 }).collect();
    let mut pgn = b"[Event \"x\"]\n\n1. e4 {".to_vec();
    pgn.extend_from_slice(&body);
    pgn.extend_from_slice(b"} e5 *\n");

    for read in [games(&pgn[..]), games(OneByte(&pgn))] {
        assert_eq!(read.len(), 1);
        let game = &read[0];
        assert!(kinds(game).is_empty(), "{:?}", kinds(game));
        let comments: Vec<&Node<_>> =
            game.movetext.nodes().iter().filter(|n| matches!(n, Node::Comment { .. })).collect();
        assert_eq!(comments.len(), 1);
        let Node::Comment { text, kind } = comments[0] else { unreachable!() };
        assert_eq!(*kind, CommentKind::Brace);
        assert!(text[..] == body[..], "the comment is kept byte for byte");
        assert_eq!(count_moves(game), 2);
    }

    // The same comment, never closed: it runs to the end of the input.
    let open = &pgn[..pgn.len() - b"} e5 *\n".len()];
    let read = games(open);
    assert_eq!(read.len(), 1);
    assert_eq!(
        kinds(&read[0]),
        [DiagnosticKind::UnterminatedComment, DiagnosticKind::MissingTermination]
    );
    let unterminated =
        read[0].diagnostics.iter().find(|d| d.kind == DiagnosticKind::UnterminatedComment);
    assert_eq!(unterminated.map(|d| d.at.line), Some(3));

    // And as one line: one LineTooLong, at the comment.
    let mut one_line = b"1. e4 {".to_vec();
    one_line.extend(std::iter::repeat_n(b'z', SIZE));
    one_line.extend_from_slice(b"} *");
    let read = games(&one_line[..]);
    assert_eq!(kinds(&read[0]), [DiagnosticKind::LineTooLong]);
}

#[test]
fn one_megabyte_tag_value() {
    const SIZE: usize = 1 << 20;
    let mut pgn = b"[Annotator \"".to_vec();
    pgn.extend(std::iter::repeat_n(b'q', SIZE));
    pgn.extend_from_slice(b"\"]\n\n1. e4 *\n");
    let read = games(OneByte(&pgn));
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].tags.iter().next().map(|t| t.value.len()), Some(SIZE));
    assert_eq!(kinds(&read[0]), [DiagnosticKind::StringTooLong, DiagnosticKind::LineTooLong]);
}

/// A source that counts how it is used.
struct Counting<'a> {
    input: &'a [u8],
    reads: usize,
    bytes: usize,
}

impl Read for Counting<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        self.reads += 1;
        self.bytes += n;
        Ok(n)
    }
}

/// `1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 ...`: `moves` moves, ten to a line.
fn long_game(moves: usize) -> String {
    let mut pgn = String::from("[Event \"long\"]\n\n");
    for ply in 0..moves {
        if ply % 2 == 0 {
            pgn.push_str(&format!("{}. ", ply / 2 + 1));
        }
        pgn.push_str(["Nf3", "Nf6", "Ng1", "Ng8"][ply % 4]);
        pgn.push(if ply % 10 == 9 { '\n' } else { ' ' });
    }
    pgn.push_str("1/2-1/2\n");
    pgn
}

#[test]
fn hundred_thousand_moves() {
    const MOVES: usize = 100_000;
    let pgn = long_game(MOVES);
    let mut source = Counting { input: pgn.as_bytes(), reads: 0, bytes: 0 };
    let start = Instant::now();
    let read = games(&mut source);
    let elapsed = start.elapsed();
    assert_eq!(read.len(), 1);
    assert!(kinds(&read[0]).is_empty(), "{:?}", kinds(&read[0]));
    assert_eq!(count_moves(&read[0]), MOVES);
    assert_eq!(read[0].movetext.mainline().count(), MOVES);
    // Every byte is pulled from the source once, in large reads.
    assert_eq!(source.bytes, pgn.len());
    assert!(source.reads <= pgn.len() / 4096 + 8, "{} reads for {} bytes", source.reads, pgn.len());
    // Linear time: this takes well under a second even unoptimised; the
    // bound is loose so as not to be flaky, and only a reader that does
    // work per move proportional to the game so far would reach it.
    assert!(elapsed < Duration::from_secs(5), "100,000 moves took {elapsed:?}");
}

#[test]
fn hundred_thousand_diagnostics_have_their_lines() {
    // One stray byte per line: every diagnostic needs a line number, which
    // the reader counts lazily; all of them together stay linear.
    const LINES: usize = 100_000;
    let pgn = format!("1. e4\n{}*\n", "@ e5\n".repeat(LINES));
    let read = games(pgn.as_bytes());
    assert_eq!(read.len(), 1);
    let diagnostics: Vec<_> = read[0]
        .diagnostics
        .iter()
        .filter(|d| !matches!(d.kind, DiagnosticKind::IncompleteSevenTagRoster { .. }))
        .collect();
    assert_eq!(diagnostics.len(), LINES);
    for (i, d) in diagnostics.iter().enumerate() {
        assert_eq!(
            (&d.kind, d.at.line, d.at.column),
            (&DiagnosticKind::InvalidBytes, i as u64 + 2, 1)
        );
    }
    assert_eq!(count_moves(&read[0]), LINES + 1);
}

#[test]
fn hundred_thousand_tags_in_one_section() {
    // Distinct names and repeated ones, with no empty line to split the
    // section. Each repeated pair has an invalid value, reported at once;
    // the duplicates are reported at the end of the section, each with its
    // line and the line of the pair it overrides, after the reader has
    // counted lines far past them (to the end of input, where the game
    // ends without movetext). All of it stays linear.
    const PAIRS: usize = 50_000;
    let mut pgn = String::new();
    for i in 0..PAIRS {
        pgn.push_str(&format!("[Tag{i} \"x\"]\n[Date \"x\"]\n"));
    }
    // No movetext: the game ends at the end of input, reported first.
    let started = Instant::now();
    let read = games(pgn.as_bytes());
    let elapsed = started.elapsed();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].tags.len(), 2 * PAIRS);
    let duplicates: Vec<_> = read[0]
        .diagnostics
        .iter()
        .filter_map(|d| match &d.kind {
            DiagnosticKind::DuplicateTag { name, overridden } => {
                assert_eq!(&**name, b"Date");
                Some((d.at.line, overridden.line))
            }
            _ => None,
        })
        .collect();
    let every_other_line: Vec<(u64, u64)> = (1..PAIRS as u64).map(|i| (2 * i + 2, 2 * i)).collect();
    assert_eq!(duplicates, every_other_line);
    let invalid = read[0]
        .diagnostics
        .iter()
        .filter(|d| matches!(d.kind, DiagnosticKind::InvalidTagValue { .. }))
        .count();
    assert_eq!(invalid, PAIRS);
    assert!(elapsed < Duration::from_secs(5), "100,000 tags took {elapsed:?}");
}

/// Real PGN to mutate: a bit of everything the reader knows.
const SEEDS: &[&str] = &[
    "[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[Date \"1992.11.04\"]\n\
     [Round \"29\"]\n[White \"Fischer, Robert J.\"]\n[Black \"Spassky, Boris V.\"]\n\
     [Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 {This opening is called the Ruy Lopez.}\n\
     3... a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7\n\
     11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 1/2-1/2\n",
    "[Event \"a \\\"quoted\\\" \\\\ name\"]\r\n\r\n1.e4!? e5?! (1...c5 $14 {Sicilian} (1...e6 +/-)) \
     2.Nf3 ; rest of line\r\n%escape\r\n2...Nc6 3.Bb5 a6 4.exd6e.p. -- Z0 1-0\r\n",
    "\u{feff}1. d4 d5 2. c4 {[%clk 0:03:00] [%eval -1.25]} 2... e6 3. Nc3 ½-½\n\n\
     [Event \"x\"][Site \"y\"] 1… e4 1–0 12 Nf3 ∞ *",
    "[Event \"open]\n[Site \"y\"\n[White x]\n\n1. e4 {unclosed\n\n[Event \"2\"]\n1. d4 () ) ( *",
];

/// Bytes that mean something to the lexer or reader.
const ALPHABET: &[u8] = b"[]\"{}();%$!?.*-+=/\\\n\r\t 0123456789abcdefghKQRBNOx#:_\x00\x0b\xff\xe2\x80\xa6\xc2\xbd\x88\x9e";

fn mutate(rng: &mut XorShift, input: &mut Vec<u8>) {
    for _ in 0..=rng.below(4) {
        let at = rng.below(input.len() + 1);
        let byte = if rng.below(5) == 0 {
            rng.next_u64() as u8
        } else {
            ALPHABET[rng.below(ALPHABET.len())]
        };
        match rng.below(5) {
            0 if at < input.len() => input[at] = byte,
            1 if at < input.len() => {
                input.remove(at);
            }
            2 => {
                // Splice in a piece of another seed.
                let other = SEEDS[rng.below(SEEDS.len())].as_bytes();
                let from = rng.below(other.len());
                let to = (from + rng.below(40)).min(other.len());
                input.splice(at..at, other[from..to].iter().copied());
            }
            _ => input.insert(at, byte),
        }
    }
}

/// Everything that must hold for any input.
fn exercise(input: &[u8]) {
    // The lexer: tokens in order, each starting at a byte of the input,
    // and the same tokens when the input comes in small windows.
    let whole = lex::tokens_whole(input);
    for pair in whole.windows(2) {
        assert!(pair[0].2 < pair[1].2, "tokens out of order: {pair:?}");
    }
    if let Some(last) = whole.last() {
        assert!(last.2 < input.len() as u64, "token past the end: {last:?}");
    }
    for step in [1, 7] {
        assert_eq!(lex::tokens_in_windows(input, step), whole, "windows of {step}");
    }

    // The reader: balanced trees, sane positions, the same when streamed.
    let reading = read_bytes(input);
    for game in &reading.games {
        check_movetext(&game.movetext).expect("balanced movetext");
    }
    for d in reading.diagnostics() {
        assert!(d.at.line >= 1 && d.at.column >= 1, "{d:?}");
        assert!(d.at.offset <= input.len() as u64, "{d:?}");
    }
    let trickled = read(OneByte(input)).expect("in-memory input");
    assert!(trickled == reading, "one-byte reads differ for {:?}", String::from_utf8_lossy(input));
}

#[test]
fn random_bytes_do_not_panic() {
    let mut rng = XorShift::new(0x05ee_d0fb_17e5);
    for _ in 0..1_500 {
        let len = rng.below(200);
        let input: Vec<u8> = (0..len)
            .map(|_| {
                if rng.below(2) == 0 {
                    rng.next_u64() as u8
                } else {
                    ALPHABET[rng.below(ALPHABET.len())]
                }
            })
            .collect();
        exercise(&input);
    }
}

#[test]
fn mutated_pgn_does_not_panic() {
    let mut rng = XorShift::new(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3_000 {
        let mut input = SEEDS[rng.below(SEEDS.len())].as_bytes().to_vec();
        mutate(&mut rng, &mut input);
        exercise(&input);
    }
}

/// Reads through [`OneByte`] and whole, and compares.
fn assert_streaming_agrees(name: &str, input: &[u8]) {
    let whole = read_bytes(input);
    let trickled: Reading = read(OneByte(input)).expect("in-memory input");
    if trickled != whole {
        let games = whole.games.iter().zip(&trickled.games).position(|(a, b)| a != b);
        panic!(
            "{name}: one-byte reads differ ({} vs {} games, first different game {:?})",
            whole.games.len(),
            trickled.games.len(),
            games.map(|g| g + 1)
        );
    }
}

#[test]
fn fixtures_read_the_same_one_byte_at_a_time() {
    for area in Area::ALL {
        let mut files = Vec::new();
        for folder in ["ok", "err"] {
            let dir = area.dir().join(folder);
            for entry in std::fs::read_dir(&dir).expect("fixture folder") {
                files.push(entry.expect("fixture entry").path());
            }
        }
        assert!(!files.is_empty());
        for path in files {
            let input = std::fs::read(&path).expect("fixture");
            assert_streaming_agrees(&path.display().to_string(), &input);
            // Also the tree builder of the public API on its own.
            assert_eq!(games(OneByte(&input)), games(&input[..]), "{}", path.display());
        }
    }
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn corpus_reads_the_same_one_byte_at_a_time() {
    let ctx = Context::new(Mode::Quick);
    // Small and large files, with CR LF, Latin-1, long comments and games
    // that straddle the reader's refills.
    let files = [
        "pgn/hoover/scannertest-1.pgn",
        "pgn/scid-encoding/res_gameLatin1.pgn",
        "pgn/scalachess-fixtures/wcc2023.list.pgn",
        "pgn/sunfish/pgns.pgn",
        "pgn/scalachess/FWWRC.pgn",
        "bench/lichess-samples/lichess_db_1000k.pgn",
        "bench/twic-samples/twic1599_1000k.pgn",
    ];
    for file in files {
        let input = std::fs::read(ctx.corpus_file(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_streaming_agrees(file, &input);
    }
}

#[test]
fn refill_boundary_at_every_byte_of_a_game() {
    // A source handing out one byte per call makes the reader refill at
    // fixed offsets (it reads until 64 KiB are buffered), while a short
    // input read whole is never refilled. Padding the front by one more
    // byte each time moves the first refill point from just after the game
    // to just before it, so every token is cut once at each of its bytes.
    // The padding is escape lines, which the reader skips between games.
    // (Were the buffer sizes to change, the test would still compare the
    // two readings, only with refills elsewhere.)
    let game = "[Event \"a \\\"b\\\"\"]\r\n[Site \"½\"]\r\n\r\n1.e4!? e5?! (1...c5 $14 {x\ny} \
                (1… e6 ∞)) 2. exd6e.p. e.p. Nf3 ; line\r\n%esc\r\n2... Nc6 += 3. Bb5!! 1–0 \
                [Event \"2\"] {between} 1. d4 *";
    const REFILL_AT: usize = 64 * 1024;
    let target = REFILL_AT - game.len() - 8;
    let mut padding = String::new();
    while target - padding.len() >= 80 {
        padding.push('%');
        padding.push_str(&"p".repeat(78));
        padding.push('\n');
    }
    padding.extend(std::iter::repeat_n(' ', target - padding.len()));
    for extra in 0..game.len() + 16 {
        let mut input = padding.clone();
        input.extend(std::iter::repeat_n(' ', extra));
        input.push_str(game);
        assert_streaming_agrees(&format!("padding {}", padding.len() + extra), input.as_bytes());
    }
}

#[test]
fn a_place_does_not_depend_on_where_the_buffer_was_refilled() {
    // 70,000 empty lines push the `[` past several refills; its line then
    // starts before the window. It is at 70001:2, however the input
    // arrives (the column was once 1 when read in one go).
    let mut input = vec![b'\n'; 70_000];
    input.extend_from_slice(b"\xff[\nA*");
    let whole = read_bytes(&input);
    let places: Vec<(String, u64, u64)> = whole
        .diagnostics()
        .map(|d| {
            (
                format!("{:?}", d.kind).chars().take_while(|c| c.is_alphanumeric()).collect(),
                d.at.line,
                d.at.column,
            )
        })
        .collect();
    assert!(places.contains(&("InvalidBytes".to_owned(), 70_001, 1)), "{places:?}");
    assert!(places.contains(&("MalformedTag".to_owned(), 70_001, 2)), "{places:?}");
    let trickled = read(OneByte(&input)).expect("in-memory input");
    assert_eq!(trickled, whole);
}

/// A game with an element of every kind and a diagnostic of many kinds:
/// tag repairs, unterminated and long tokens, stray brackets, suffixes
/// that straddle windows.
const EVERY_KIND: &str = "[Event \"a \\\"b\\\"\"]\r\n[Site \"½\"] [Date \"x\" junk]\n[Round 3]\n\
    [White \"W\"x\"]\n<reserved>\n\n1.e4!? e5?! (1...c5 $14 {x\ny} (1… e6 ∞)) 2. exd6e.p. e.p. \
    Nf3 ; line\r\n%esc\r\n2... Nc6 += 3. Bb5!!! [%clk 1] \u{1} é 1–0 [Event \"2\"] {between} \
    1. d4 {never closed\n[Event \"3\"]\n1. c4 \"open\n*";

#[test]
fn every_buffer_size_gives_the_same_games_and_diagnostics() {
    // The reader's buffer starts at each size from one byte to more than
    // the input, read whole and one byte per `read` call: games,
    // diagnostics and their places (line and column) are the same.
    let input = EVERY_KIND.as_bytes();
    let whole = read_bytes(input);
    assert!(whole.diagnostics().count() >= 15, "{:?}", whole.diagnostics().collect::<Vec<_>>());
    for size in 1..=input.len() + 1 {
        let builder = Reader::builder().buffer_size(size);
        let read = read_with(builder.build(input)).expect("in-memory input");
        assert_eq!(read, whole, "buffer of {size} bytes");
        let trickled = read_with(builder.build(OneByte(input))).expect("in-memory input");
        assert_eq!(trickled, whole, "buffer of {size} bytes, one byte per read");
    }
}

#[test]
fn tokens_beyond_the_size_limit_are_skipped_the_same_however_they_arrive() {
    // With a limit of 1 KiB (the least), the long tokens are skipped with an error
    // whether they come whole or in pieces (then their bytes are dropped
    // as they come); the reading does not depend on the buffer size.
    let input = format!(
        "{EVERY_KIND}\n[Event \"{}\"]\n1. {} {{{}}} e4{} ${} ;{}\n*",
        "long value".repeat(110),
        "Nf3".repeat(400),
        "long comment".repeat(100),
        "!?".repeat(600),
        "1".repeat(1100),
        "long line comment".repeat(70),
    );
    let input = input.as_bytes();
    let whole = read_with(Reader::builder().size_limit(1024).build(input)).expect("in memory");
    let too_large = whole
        .diagnostics()
        .filter(|d| matches!(d.kind, DiagnosticKind::TokenTooLarge { limit: 1024, .. }))
        .count();
    assert!(too_large >= 6, "{:?}", whole.diagnostics().collect::<Vec<_>>());
    // The section of the last game is longer than 1 KiB: not checked.
    assert!(
        whole.diagnostics().any(|d| matches!(d.kind, DiagnosticKind::TagSectionTooLarge { .. }))
    );
    for size in (1..=64).chain((65..=input.len() + 1).step_by(61)) {
        let builder = Reader::builder().buffer_size(size).size_limit(1024);
        let read = read_with(builder.build(OneByte(input))).expect("in-memory input");
        assert_eq!(read, whole, "buffer of {size} bytes");
    }
}

/// A source that records the largest buffer the reader asked it to fill.
struct Watched<'a> {
    input: &'a [u8],
    largest_request: usize,
}

impl Read for Watched<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.largest_request = self.largest_request.max(buf.len());
        self.input.read(buf)
    }
}

#[test]
fn one_line_of_many_games_does_not_grow_the_buffer() {
    // 20,000 games on one line (6 MB, no line end): the tag repairs look
    // a bounded way ahead, so the buffer stays at its first size.
    let game = "[Event \"?\"] [Site \"x\"] [Result \"1-0\"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0 ";
    let input = game.repeat(20_000);
    let mut source = Watched { input: input.as_bytes(), largest_request: 0 };
    let mut collector = pgn_syntax::GameCollector::new();
    let games = Reader::new(&mut source).visit_all(&mut collector).expect("in memory");
    assert_eq!(games, 20_000);
    assert!(source.largest_request <= 256 * 1024, "asked for {}", source.largest_request);
}

#[test]
fn a_token_beyond_the_limit_is_not_held() {
    // A 40 MB comment with a limit of 1 MiB: skipped with an error, and
    // the buffer never grows past a few times the limit; the moves around
    // it are read.
    let mut input = b"1. e4 {".to_vec();
    input.resize(40_000_000, b'c');
    input.extend_from_slice(b"} e5 *\n");
    let mut source = Watched { input: &input, largest_request: 0 };
    let reading =
        read_with(Reader::builder().size_limit(1 << 20).build(&mut source)).expect("in memory");
    assert!(source.largest_request <= 4 << 20, "asked for {}", source.largest_request);
    assert_eq!(count_moves(&reading.games[0]), 2);
    let kinds: Vec<_> = reading.diagnostics().map(|d| (d.kind.clone(), d.at.column)).collect();
    assert!(
        kinds.contains(&(
            DiagnosticKind::TokenTooLarge {
                kind: pgn_syntax::TokenKind::BraceComment,
                limit: 1 << 20
            },
            7
        )),
        "{kinds:?}"
    );
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn move_lists_separated_by_empty_lines_are_games() {
    // Lichess exports lists of games without tags or markers, one block
    // per game: every `*.list.pgn` has the game count of INDEX.tsv, and
    // every game of the standard list replays without an error (read as
    // one game, the second game's first move was illegal).
    let ctx = Context::new(Mode::Quick);
    let folder = ctx.corpus_file("pgn/scalachess-fixtures");
    let index = std::fs::read_to_string(folder.join("INDEX.tsv")).expect("INDEX.tsv");
    let mut lists = 0;
    for line in index.lines() {
        let Some((name, count)) = line.split_once('\t') else { continue };
        if !name.ends_with(".list.pgn") {
            continue;
        }
        let input = std::fs::read(folder.join(name)).expect("list file");
        let reading = read_bytes(&input);
        assert_eq!(reading.games.len().to_string(), count.trim(), "{name}");
        lists += 1;
    }
    assert_eq!(lists, 7, "the lists of INDEX.tsv");
    let input = std::fs::read(folder.join("prod500standard.list.pgn")).expect("list file");
    let reading = read_bytes(&input);
    for (n, (game, source)) in reading.games.iter().zip(&reading.sources).enumerate() {
        let (_, problems) = pgn_replay::replay(game, source);
        let errors: Vec<String> = problems
            .iter()
            .filter(|p| p.severity() == pgn_syntax::Severity::Error)
            .map(|p| p.message().to_string())
            .collect();
        assert!(errors.is_empty(), "game {}: {errors:?}", n + 1);
    }
}

#[test]
fn a_comment_after_the_last_game_keeps_its_place_for_every_buffer_size() {
    // Fuzz finding R1: a comment with a line break after the last game,
    // then a stray byte. Its diagnostic was placed at 2:1 with a buffer
    // of 2 bytes (its place looked up again after the bytes had gone).
    let input = b"{\n}\x04";
    let whole = read_bytes(input);
    let places: Vec<(u64, u64)> = whole.diagnostics().map(|d| (d.at.line, d.at.column)).collect();
    assert!(places.contains(&(1, 1)), "{places:?}");
    for size in 1..=input.len() + 1 {
        let read =
            read_with(Reader::builder().buffer_size(size).build(&input[..])).expect("in memory");
        assert_eq!(read, whole, "buffer of {size} bytes");
    }
}
