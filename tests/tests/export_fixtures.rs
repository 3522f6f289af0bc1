//! The export rows of the conformance harness that need no corpus (the
//! hand-written fixtures of `tests/data/export`, §11 and §12), run on
//! their own so that `cargo test` checks them without the shared corpus.

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
fn every_fixture_case_can_fail() {
    // A wrong expected file fails its case: here, a changed Event value.
    let (fixtures, _) = export::fixtures();
    for fixture in &fixtures {
        let input = std::fs::read(&fixture.input).expect("readable input");
        let expected = std::fs::read(&fixture.expected).expect("readable expected output");
        let options = fixture.options().expect("a known variant");
        assert_eq!(export::check_case(&input, &expected, options), Ok(()));
        let wrong = String::from_utf8_lossy(&expected).replacen("[Event \"", "[Event \"x", 1);
        assert!(
            export::check_case(&input, wrong.as_bytes(), options).is_err(),
            "{}",
            fixture.expected.display()
        );
    }
}
