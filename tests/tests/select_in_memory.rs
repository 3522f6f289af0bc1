//! `Selection::matches` (a selection tested on a game held in memory) and
//! `Selection::filter` (the selected games of an input) against the
//! `Selector` (the same selection decided as the game is read): the same
//! games are selected, over every fixture of `tests/data/select` and over
//! corpus files with a criterion of each kind.

use std::path::Path;

use pgn_select::{Selection, Verdict};

/// How many games of `pgn` the selector selects, and where
/// `Selection::matches` or `Selection::filter` disagrees with it.
fn disagreements(criteria: &str, pgn: &[u8], what: &str) -> (usize, Vec<String>) {
    let selection = Selection::parse(criteria).unwrap_or_else(|e| panic!("{what}: {e}"));
    let streamed =
        pgn_tests::select_fixtures::select(criteria, pgn).unwrap_or_else(|e| panic!("{what}: {e}"));
    let games: Vec<_> = pgn_replay::replay_games(pgn)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(games.len(), streamed.len(), "{what}: games read");
    let mut differ = Vec::new();
    let mut selected = 0;
    let mut numbers = Vec::new();
    for (game, streamed) in games.iter().zip(&streamed) {
        let verdict = streamed.output.verdict();
        let selector = verdict == Verdict::Selected;
        selected += usize::from(selector);
        if selector {
            numbers.push(game.number);
        }
        if selection.matches(&game.game) != selector {
            differ.push(format!("{what}: game {}: selector {verdict:?}", game.number));
        }
    }
    let filtered: Vec<u64> = selection
        .filter(pgn)
        .map(|g| g.map(|g| g.number))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    if filtered != numbers {
        differ.push(format!("{what}: filter gives {filtered:?}, the selector {numbers:?}"));
    }
    (selected, differ)
}

#[test]
fn every_select_fixture_is_decided_alike() {
    let dir = pgn_tests::select_fixtures::dir();
    let mut fixtures: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() > 40, "{} fixtures", fixtures.len());
    let mut differ = Vec::new();
    for path in &fixtures {
        let criteria = std::fs::read_to_string(path.with_extension("criteria")).expect("criteria");
        let pgn = std::fs::read(path).expect("games");
        let what = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into());
        differ.extend(disagreements(&criteria, &pgn, &what).1);
        // The same, inverted and over every line.
        let inverted = format!("invert\nany-line\n{criteria}");
        differ.extend(disagreements(&inverted, &pgn, &format!("{what} inverted")).1);
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn corpus_games_are_decided_alike() {
    let corpus = testkit::corpus::dir();
    let files = [
        "bench/twic-samples/twic1599_100k.pgn",
        "bench/lichess-samples/lichess_db_100k.pgn",
        "pgn/pychess-learn/lessons/lichess_study_beautiful-chess-studies-1_by_thijscom_2018.03.05.pgn",
        "pgn/chess-library/corrupted.pgn",
        "pgn/python-chess/kasparov-deep-blue-1997.pgn",
    ];
    let selections = [
        "player Carlsen",
        "eco B20-B99\nresult 1-0,1/2-1/2",
        "plies >=60\nmoves <=70",
        "ending checkmate",
        "has variations",
        "has comments\nresult-contradicts",
        "opening 1. e4 c5",
        "opening-transposed 1. d4 Nf6 2. c4 e6",
        "placement rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR",
        "material KRvKR",
        "material-end KQ*vK*",
        "invert\ndate 2020..",
    ];
    let (mut selected, mut differ, mut runs) = (0, Vec::new(), 0);
    for file in files {
        let path = corpus.join(file);
        let pgn = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for criteria in selections {
            let what = format!("{} [{}]", short(&path), criteria.replace('\n', "; "));
            let (n, d) = disagreements(criteria, &pgn, &what);
            selected += n;
            differ.extend(d);
            runs += 1;
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    assert!(selected > 100, "{selected} games selected in {runs} runs");
}

fn short(path: &Path) -> String {
    path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into())
}
