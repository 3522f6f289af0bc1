//! The export rows of the conformance harness that need no corpus (the
//! hand-written fixtures of `tests/data/export`, §11 and §12), run on
//! their own so that `cargo test` checks them without the shared corpus;
//! and the cross-check with pgn-extract, which needs it.

use pgn_tests::{Context, Mode, Section, export};

fn run(name: &str) -> Section {
    let ctx = Context::new(Mode::Quick);
    let check = export::checks().into_iter().find(|c| c.name() == name);
    check.unwrap_or_else(|| panic!("no row {name}")).run(&ctx)
}

fn assert_passes(section: &Section) {
    assert!(section.cases() > 0, "{}: no cases", section.name());
    assert!(
        section.is_ok(),
        "{}: {} of {} cases failed:\n{}",
        section.name(),
        section.failed(),
        section.cases(),
        section.failures().join("\n\n")
    );
}

#[test]
fn fixture_rows() {
    for (name, _, _) in export::FIXTURE_ROWS {
        assert_passes(&run(name));
    }
}

#[test]
fn file_names() {
    assert_passes(&run("§11 file names"));
}

#[test]
fn collating_sequence() {
    assert_passes(&run("§12 collating sequence"));
}

#[test]
fn every_ruling_has_a_fixture() {
    let (fixtures, problems) = export::fixtures();
    assert!(problems.is_empty(), "{problems:?}");
    for ruling in 1..=13 {
        let prefix = format!("e{ruling:02}");
        assert!(fixtures.iter().any(|f| f.prefix() == prefix), "no fixture for ruling E{ruling}");
    }
    assert!(fixtures.iter().any(|f| f.prefix() == "s0203"), "no fixture for the §2.3 sample");
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn pgn_extract_re_format_runs() {
    assert_passes(&run(export::peer::ROW));
}

#[test]
fn every_fixture_case_can_fail() {
    // A wrong expected game fails its own case: each game's Event value
    // is changed in turn (byte by byte: an expected file need not be
    // UTF-8), and that game's outcome must be an error.
    let (fixtures, _) = export::fixtures();
    let mut games = 0;
    for fixture in &fixtures {
        let input = std::fs::read(&fixture.input).expect("readable input");
        let expected = std::fs::read(&fixture.expected).expect("readable expected output");
        let options = fixture.options().expect("a known variant");
        assert_eq!(export::check_case(&input, &expected, options), Ok(()));
        let events: Vec<usize> = expected
            .windows(8)
            .enumerate()
            .filter(|(_, w)| *w == b"[Event \"")
            .map(|(at, _)| at + 8)
            .collect();
        assert!(!events.is_empty(), "{}", fixture.expected.display());
        for (game, &at) in events.iter().enumerate() {
            let mut wrong = expected.clone();
            wrong.insert(at, b'x');
            let outcomes = export::check_games(&input, &wrong, options);
            assert!(
                outcomes.get(game).is_some_and(Result::is_err),
                "{} game {}: {outcomes:?}",
                fixture.expected.display(),
                game + 1
            );
            games += 1;
        }
    }
    assert!(games > fixtures.len(), "{games} games in {} fixtures", fixtures.len());
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn every_known_difference_is_needed() {
    // Without its known differences, a run that lists some fails: each one
    // is a real difference of pgn-extract's output.
    let ctx = Context::new(Mode::Quick);
    let folder = ctx.corpus_file(export::peer::FOLDER);
    let mut with_known = 0;
    for run in export::peer::RUNS.iter().filter(|run| !run.known.is_empty()) {
        with_known += 1;
        assert_eq!(export::peer::check_run(&folder, run), Ok(()), "{}", run.flags);
        for &known in run.known {
            let rest: Vec<_> = run.known.iter().copied().filter(|&k| k != known).collect();
            let bare = export::peer::Run { known: rest.leak(), ..*run };
            assert!(
                export::peer::check_run(&folder, &bare).is_err(),
                "{} without {known:?}",
                run.flags
            );
        }
    }
    assert!(with_known > 0);
}
