//! Reviewed insta snapshots of what the reader reports about the corpus
//! files known to be malformed (see `pgn_tests::reading::corpus::MALFORMED`).
//!
//! Snapshots are named `corpus@<path with / as __>.snap`, the name that
//! the conformance harness looks up with
//! `pgn_tests::reading::corpus::malformed_snapshot_path`. Without the
//! corpus the test has nothing to check and passes.

use pgn_tests::reading::corpus::{MALFORMED, malformed_report};
use pgn_tests::{Context, Mode};

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn malformed_corpus_files() {
    let ctx = Context::new(Mode::Quick);
    assert!(ctx.corpus.is_dir(), "no corpus at {}", ctx.corpus.display());
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for path in MALFORMED {
            let report = malformed_report(&ctx, path).expect("corpus file is readable");
            insta::assert_snapshot!(format!("corpus@{path}"), report);
        }
    });
}
