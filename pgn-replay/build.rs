//! Build script: marks the tests that need the shared corpus as ignored
//! when it is missing. The check is `testkit::corpus`'s, in a copy
//! (`build/corpus.rs`): a published crate cannot build-depend on
//! `testkit`, which is not published.

// The copy is the module testkit re-exports: its items are `pub`.
#[allow(unreachable_pub)]
#[path = "build/corpus.rs"]
mod corpus;

fn main() {
    corpus::build_script();
}
