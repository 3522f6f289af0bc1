//! A game whose visitor ends it when its movetext begins is still read to
//! its end, through the reader's skip paths: plain moves passed over in
//! blocks of 64 bytes by the lexer (`Lexer::skip_plain_run`), which needs
//! a block before the run and one from its start in the window (128
//! bytes), or token by token. On every PGN file of the corpus a reader
//! with the default buffer (runs) and one with a buffer of 48 bytes (no
//! runs) find the same games, with the same diagnostics at the same
//! places. A selection that rejects games by their tags relies on
//! this for its counts and reports.

use std::ops::ControlFlow;
use std::path::PathBuf;

use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::tags::GameResult;
use pgn_syntax::{Branch, CommentKind, Diagnostic, Place, Reader, Visitor};

/// Each game's diagnostics, as printed (place, game and message).
#[derive(Default)]
struct Reading {
    /// End every game when its movetext begins.
    skip: bool,
    diagnostics: Vec<String>,
}

impl Visitor for Reading {
    type Tags = ();
    type Movetext = Option<u64>;
    type Output = Vec<String>;

    fn begin_tags(&mut self) -> ControlFlow<Vec<String>> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (): ()) -> ControlFlow<Vec<String>, Option<u64>> {
        if self.skip {
            return ControlFlow::Break(std::mem::take(&mut self.diagnostics));
        }
        ControlFlow::Continue(None)
    }

    fn san(
        &mut self,
        _: &mut Option<u64>,
        _: &[u8],
        _: Option<Suffix>,
        _: &mut Place<'_>,
    ) -> ControlFlow<Vec<String>> {
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: &mut Option<u64>, _: Nag, _: &mut Place<'_>) -> ControlFlow<Vec<String>> {
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        _: &mut Option<u64>,
        _: &[u8],
        _: CommentKind,
        _: &mut Place<'_>,
    ) -> ControlFlow<Vec<String>> {
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _: &mut Option<u64>,
        _: &mut Place<'_>,
    ) -> ControlFlow<Vec<String>, Branch> {
        ControlFlow::Continue(Branch::Enter)
    }

    fn termination(
        &mut self,
        _: &mut Option<u64>,
        _: GameResult,
        _: &mut Place<'_>,
    ) -> ControlFlow<Vec<String>> {
        ControlFlow::Continue(())
    }

    fn diagnostic(&mut self, d: &Diagnostic) {
        self.diagnostics.push(d.to_string());
    }

    fn late_diagnostic(&mut self, output: &mut Vec<String>, d: &Diagnostic) {
        output.push(d.to_string());
    }

    fn end_game(&mut self, _: Option<u64>) -> Vec<String> {
        std::mem::take(&mut self.diagnostics)
    }
}

/// The games of `pgn` (each its diagnostics) and the diagnostics after
/// the last game, read with a buffer of `buffer` bytes.
fn read(pgn: &[u8], skip: bool, buffer: usize) -> (Vec<Vec<String>>, Vec<String>) {
    let mut visitor = Reading { skip, ..Reading::default() };
    let mut reader = Reader::builder().buffer_size(buffer).build(pgn);
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut visitor).expect("in-memory input") {
        games.push(game);
    }
    (games, visitor.diagnostics)
}

#[test]
#[cfg_attr(no_corpus, ignore = "needs the shared corpus: set PGN_CORPUS")]
fn skipped_movetext_is_read_alike_in_runs_and_token_by_token_on_the_corpus() {
    let root = testkit::corpus::dir();
    let files: Vec<PathBuf> =
        ["pgn", "bench"].iter().flat_map(|d| testkit::corpus::pgn_files(&root.join(d))).collect();
    assert!(files.len() > 20, "{} corpus files", files.len());
    let mut games = 0;
    for path in files {
        let pgn = std::fs::read(&path).expect("a corpus file");
        let runs = read(&pgn, true, 256 * 1024);
        let tokens = read(&pgn, true, 48);
        assert_eq!(runs, tokens, "{}", path.display());
        // The same games as a read that delivers every element.
        assert_eq!(runs.0.len(), read(&pgn, false, 256 * 1024).0.len(), "{}", path.display());
        games += runs.0.len();
    }
    assert!(games > 10_000, "{games} games");
}
