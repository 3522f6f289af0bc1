//! `pgn stats FILE...`: reads PGN (lexing and syntax only, no chess rules)
//! and counts what it holds.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;

use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::{Branch, CommentKind, Diagnostic, Place, Reader, Visitor};

use crate::input::open;
use crate::report::{Diagnostics, NoiseArgs, Tally};
use crate::{Status, unreadable};

/// What `pgn stats` counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counts {
    games: u64,
    tags: u64,
    moves: u64,
    /// Suffix annotations glued to a move (`e4!`, `Nf3?!`).
    suffixes: u64,
    comments: u64,
    nags: u64,
    variations: u64,
    diagnostics: Tally,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.games += other.games;
        self.tags += other.tags;
        self.moves += other.moves;
        self.suffixes += other.suffixes;
        self.comments += other.comments;
        self.nags += other.nags;
        self.variations += other.variations;
        self.diagnostics.add(&other.diagnostics);
    }

    /// The summary line: `games=N tags=T moves=M suffixes=S comments=C
    /// nags=G variations=V errors=E warnings=W notes=N`, the same for one
    /// file and for the total.
    fn summary(&self) -> String {
        format!(
            "games={} tags={} moves={} suffixes={} comments={} nags={} variations={} {}",
            self.games,
            self.tags,
            self.moves,
            self.suffixes,
            self.comments,
            self.nags,
            self.variations,
            self.diagnostics
        )
    }
}

/// Counts, and prints diagnostics as `FILE:LINE:COL: game N: severity:
/// message`.
struct Counter<'a, W: Write> {
    counts: Counts,
    name: &'a str,
    diagnostics: &'a mut Diagnostics<W>,
    /// Comment commands by name, when they are counted.
    commands: Option<&'a mut BTreeMap<String, u64>>,
}

impl<W: Write> Visitor for Counter<'_, W> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _: &[u8], _: &[u8], _: &mut Place<'_>) -> ControlFlow<()> {
        self.counts.tags += 1;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn san(
        &mut self,
        _: &mut (),
        _: &[u8],
        suffix: Option<Suffix>,
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        self.counts.moves += 1;
        self.counts.suffixes += u64::from(suffix.is_some());
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: &mut (), _: Nag, _: &mut Place<'_>) -> ControlFlow<()> {
        self.counts.nags += 1;
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        _: &mut (),
        text: &[u8],
        _: CommentKind,
        _: &mut Place<'_>,
    ) -> ControlFlow<()> {
        self.counts.comments += 1;
        if let Some(by_name) = self.commands.as_deref_mut() {
            for command in pgn_commands::commands(text) {
                match by_name.get_mut(command.name()) {
                    Some(n) => *n += 1,
                    None => {
                        by_name.insert(command.name().to_owned(), 1);
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut (), _: &mut Place<'_>) -> ControlFlow<(), Branch> {
        self.counts.variations += 1;
        ControlFlow::Continue(Branch::Enter)
    }

    fn diagnostic(&mut self, d: &Diagnostic) {
        self.counts.diagnostics.count(d.severity());
        let _ = self.diagnostics.report(
            d.severity(),
            d.kind.label(),
            format_args!("{}:{d}", self.name),
        );
    }

    fn end_game(&mut self, _: ()) {
        self.counts.games += 1;
    }
}

fn count<R: Read, W: Write>(
    input: R,
    name: &str,
    diagnostics: &mut Diagnostics<W>,
    commands: Option<&mut BTreeMap<String, u64>>,
) -> io::Result<Counts> {
    let mut counter = Counter { counts: Counts::default(), name, diagnostics, commands };
    Reader::new(input).visit_all(&mut counter)?;
    Ok(counter.counts)
}

/// Runs `pgn stats` over `files` (`-` is standard input). Prints one line
/// per file when there are several, then the summary line. A file that
/// cannot be read is reported and the others are read. With `commands`,
/// the comment commands of all the files are counted by name, on a last
/// line `commands: NAME=N ...` (most frequent first). `noise` says which
/// diagnostics are printed.
pub(crate) fn run(files: &[String], commands: bool, noise: NoiseArgs) -> io::Result<Status> {
    let mut by_name = BTreeMap::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut total = Counts::default();
    let mut status = Status::default();
    for name in files {
        let by_name = commands.then_some(&mut by_name);
        let counts = open(name).and_then(|input| count(input, name, &mut diagnostics, by_name));
        let counts = match counts {
            Ok(counts) => counts,
            Err(err) => {
                unreadable(&mut status, &mut diagnostics.out, "stats", name, &err)?;
                continue;
            }
        };
        if files.len() > 1 {
            writeln!(out, "{name}: {}", counts.summary())?;
        }
        total.add(&counts);
    }
    diagnostics.finish("stats")?;
    diagnostics.out.flush()?;
    writeln!(out, "{}", total.summary())?;
    if commands {
        let mut by_count: Vec<(&String, &u64)> = by_name.iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let counted: Vec<String> = by_count.iter().map(|(n, c)| format!("{n}={c}")).collect();
        writeln!(out, "commands: {}", counted.join(" "))?;
    }
    status.input_errors = total.diagnostics.errors > 0;
    Ok(status)
}
