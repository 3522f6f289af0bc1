//! What reviewing the `pgn select` fixtures found in `pgn-select`, each a
//! minimal test of what its documentation says: bugs since fixed, whose
//! tests keep them fixed, and one question the documentation now answers
//! (when a game that cannot be replayed is unplayable).

use pgn_replay::pgn_syntax::Tags;
use pgn_select::{DuplicateMode, Verdict, fingerprint};
use pgn_tests::select_fixtures::select;
use san::chess_core::Position;
use san::fen_epd::parse_position;

/// The verdicts of the games of `pgn` under `criteria`.
fn verdicts(criteria: &str, pgn: &str) -> Vec<Verdict> {
    select(criteria, pgn.as_bytes())
        .expect("the fixture runs")
        .iter()
        .map(|g| g.output.verdict())
        .collect()
}

const APRIL: &str = "[Date \"1990.04.??\"]\n\n1. e4 *\n";

#[test]
fn a_month_only_date_lies_within_a_range_ending_on_the_months_last_day() {
    // `DateRange::contains`: "every day the date may stand for is in the
    // range". April has 30 days, all of them on or before April 30; the
    // month alone (`date 1990.04`) selects the same game.
    assert_eq!(verdicts("date 1990.04", APRIL), [Verdict::Selected]);
    assert_eq!(verdicts("date ..1990.04.30", APRIL), [Verdict::Selected]);
    assert_eq!(verdicts("date 1990.04.01..1990.04.30", APRIL), [Verdict::Selected]);
}

/// Scholar's mate: White mates, so the result that agrees is 1-0.
const MATE: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#";

#[test]
fn result_contradicts_reads_the_result_tag() {
    // `Criterion::ResultContradicts`: "The Result tag contradicts the main
    // line's final position".
    let tag_contradicts = format!("[Result \"0-1\"]\n\n{MATE} 1-0\n");
    assert_eq!(verdicts("result-contradicts", &tag_contradicts), [Verdict::Selected]);
    let tag_agrees = format!("[Result \"1-0\"]\n\n{MATE} 0-1\n");
    assert_eq!(verdicts("result-contradicts", &tag_agrees), [Verdict::Rejected]);
}

/// The position after 1. e4 e5, with its move counters and en passant
/// square left to the caller.
const AFTER_E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq";

#[test]
fn an_opening_from_a_fen_starts_where_the_game_starts_whatever_its_counters() {
    let criteria = format!("opening {AFTER_E4_E5} - 0 2 | 2. Nf3 Nc6");
    let game = |fen_rest: &str| {
        format!("[SetUp \"1\"]\n[FEN \"{AFTER_E4_E5} {fen_rest}\"]\n\n2. Nf3 Nc6 *\n")
    };
    assert_eq!(verdicts(&criteria, &game("- 0 2")), [Verdict::Selected]);
    // The same position, as `fen` (its Polyglot key) and chess have it:
    // other move counters, and an en passant square no pawn can take on.
    assert_eq!(verdicts(&format!("fen {AFTER_E4_E5} - 0 2"), &game("- 0 5")), [Verdict::Selected]);
    assert_eq!(verdicts(&criteria, &game("- 0 5")), [Verdict::Selected]);
    assert_eq!(verdicts(&criteria, &game("e6 0 2")), [Verdict::Selected]);
}

#[test]
fn the_same_moves_from_the_standard_start_are_duplicates_whatever_its_counters() {
    // `DuplicateMode::Moves`: "The same main-line moves from the same start
    // position". Two FEN starts with other counters are already the same.
    let print = |start: &Position| {
        let mut out = Vec::new();
        fingerprint(&DuplicateMode::Moves, start, &[], &Tags::new(), &mut out);
        out
    };
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let third = parse_position(format!("{start} 0 3").as_bytes()).expect("a position");
    let fifth = parse_position(format!("{start} 0 5").as_bytes()).expect("a position");
    assert_eq!(print(&third), print(&fifth));
    assert_eq!(print(&Position::new()), print(&third));
}

#[test]
fn a_game_ended_early_keeps_no_final_position() {
    // `Facts::final_position`: kept "when the selector was asked to keep it
    // and the game was replayed to its end". 1. e4 leaves the opening, and
    // the selector ends the game there, before 1... e5.
    let games = select("opening 1. d4", b"1. e4 e5 *\n").expect("the fixture runs");
    assert_eq!(games[0].output.verdict(), Verdict::Rejected);
    assert_eq!(games[0].output.facts().plies, 1, "ended after the first ply");
    assert_eq!(games[0].output.facts().final_position, None);
}

#[test]
fn a_game_rejected_before_its_first_unplayable_move_is_rejected() {
    // `Verdict::Unplayable`: a move that cannot be played came before the
    // verdict was known. A game whose fate is sealed earlier is rejected
    // without replaying the rest, as one whose tags fail is. Inverted, the
    // same game is selected and must be written: it is replayed to its
    // illegal move, and is unplayable.
    let pgn = "1. d4 Ke3 *\n";
    assert_eq!(verdicts("invert\nopening 1. e4 e5", pgn), [Verdict::Unplayable]);
    assert_eq!(verdicts("opening 1. e4 e5", pgn), [Verdict::Rejected]);
    let fen = "fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(verdicts(fen, pgn), [Verdict::Rejected]);
    // Before the verdict is known, the illegal move makes it unplayable.
    assert_eq!(verdicts("opening 1. d4 d5", pgn), [Verdict::Unplayable]);
    assert_eq!(verdicts("plies 1..", pgn), [Verdict::Unplayable]);
}
