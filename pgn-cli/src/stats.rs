//! `pgn stats FILE...`: reads PGN (lexing and syntax only, no chess rules)
//! and counts what it holds.

use std::collections::BTreeMap;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use pgn_syntax::nag::{Nag, Suffix};
use pgn_syntax::parallel::Work;
use pgn_syntax::{
    Branch, CommentKind, Diagnostic, ParallelReader, Place, Relocate, Shift, Visitor,
};

use crate::report::{Diagnostics, NoiseArgs, Tally, write_summary};
use crate::threads::read_input;
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

/// Counts what a reader reads, game by game: what it counted since the
/// last game is that game's ([`Counted`]).
struct Counter {
    counts: Counts,
    diagnostics: Vec<Diagnostic>,
    /// Comment commands by name, when they are counted.
    commands: Option<BTreeMap<String, u64>>,
}

impl Visitor for Counter {
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
        if let Some(by_name) = self.commands.as_mut() {
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
        self.diagnostics.push(d.clone());
    }

    fn end_game(&mut self, _: ()) {
        self.counts.games += 1;
    }
}

/// What was counted of a game (or of the text after the last game): its
/// counts, its diagnostics, and its comment commands by name.
struct Counted {
    counts: Counts,
    diagnostics: Vec<Diagnostic>,
    commands: Option<BTreeMap<String, u64>>,
}

impl Relocate for Counted {
    fn relocate(&mut self, shift: Shift) {
        self.diagnostics.relocate(shift);
    }
}

/// How each reader of `pgn stats` counts.
struct StatsWork {
    commands: bool,
}

impl StatsWork {
    fn take(counter: &mut Counter) -> Counted {
        Counted {
            counts: std::mem::take(&mut counter.counts),
            diagnostics: std::mem::take(&mut counter.diagnostics),
            commands: counter.commands.as_mut().map(std::mem::take),
        }
    }
}

impl Work for StatsWork {
    type Visitor = Counter;
    type Item = Counted;

    fn visitor(&self) -> Counter {
        Counter {
            counts: Counts::default(),
            diagnostics: Vec::new(),
            commands: self.commands.then(BTreeMap::new),
        }
    }

    fn item(&self, counter: &mut Counter, (): ()) -> Counted {
        StatsWork::take(counter)
    }

    fn end(&self, counter: &mut Counter) -> Option<Counted> {
        Some(StatsWork::take(counter))
    }
}

/// Runs `pgn stats` over `files` (`-` is standard input). Prints one line
/// per file when there are several, then the summary line. A file that
/// cannot be read is reported and the others are read. With `commands`,
/// the comment commands of all the files are counted by name, on a last
/// line `commands: NAME=N ...` (most frequent first). `noise` says which
/// diagnostics are printed.
pub(crate) fn run(
    files: &[String],
    commands: bool,
    noise: NoiseArgs,
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut by_name: BTreeMap<String, u64> = BTreeMap::new();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut total = Counts::default();
    let mut status = Status::default();
    let work = StatsWork { commands };
    for name in files {
        let Some(input) = status.open(&mut diagnostics.out, "stats", name)? else { continue };
        diagnostics.input(name);
        let mut counts = Counts::default();
        let read = read_input(reader, input, &work, |counted| {
            counts.add(&counted.counts);
            diagnostics.games(counted.counts.games);
            for d in &counted.diagnostics {
                counts.diagnostics.count(d.severity());
                diagnostics.report(d.severity(), d.kind.label(), name, d)?;
            }
            for (command, n) in counted.commands.take().into_iter().flatten() {
                *by_name.entry(command).or_default() += n;
            }
            Ok(())
        })?;
        if let Some(err) = read {
            unreadable(&mut status, &mut diagnostics.out, "stats", name, &err)?;
            continue;
        }
        if files.len() > 1 {
            write_summary(&mut out, format_args!("{name}: {}", counts.summary()))?;
        }
        total.add(&counts);
    }
    diagnostics.finish("stats")?;
    diagnostics.out.flush()?;
    write_summary(&mut out, total.summary())?;
    if commands {
        let mut by_count: Vec<(&String, &u64)> = by_name.iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        if crate::report::json() {
            let mut object = serde_json::Map::new();
            object.insert("type".into(), "commands".into());
            for (name, n) in by_count {
                object.insert(name.clone(), (*n).into());
            }
            writeln!(out, "{}", serde_json::Value::Object(object))?;
        } else {
            let counted: Vec<String> = by_count.iter().map(|(n, c)| format!("{n}={c}")).collect();
            writeln!(out, "commands: {}", counted.join(" "))?;
        }
    }
    status.input_errors = total.diagnostics.errors > 0;
    Ok(status)
}
