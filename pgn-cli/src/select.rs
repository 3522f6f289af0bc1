//! `pgn select` and `pgn dedupe`: games chosen by `pgn-select`'s
//! [`Selector`] as they are read and replayed, written in export format
//! by `pgn-export`'s [`StreamExporter`] behind it, or as a table of tags
//! and facts, or counted; and the duplicates of a database left out.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};

use clap::Args;
use pgn_export::{ExportedGame, StreamExporter, Unfit};
use pgn_select::{
    Criterion, Decide, Deduper, DuplicateMode, FileStore, Seen, Selected, Selection, Selector,
    Verdict,
};
use pgn_syntax::{Reader, Severity};
use san::fen_epd::Fen;
use san::{GameDiagnostic, ReplayVisitor, Replayer};

use crate::export::ExportArgs;
use crate::report::{Diagnostics, NoiseArgs};
use crate::{Status, cannot_create, create_output, unreadable};

/// The criteria of `pgn select`, as options. Each takes the value of its
/// key in a criteria file (`pgn select --help` lists the forms).
#[derive(Args, Clone, Debug, Default)]
pub(crate) struct CriteriaArgs {
    /// A tag test: NAME=TEXT (equal), NAME*=TEXT (contains), NAME~=PATTERN
    /// (`*` and `?`), or NAME with =, !=, <, <=, >, >= and an integer
    /// (WhiteElo>=2500; a value such as `?` is no integer and fails).
    #[arg(long, value_name = "TEST")]
    tag: Vec<String>,
    /// A player of either colour whose tag contains NAME.
    #[arg(long, value_name = "NAME")]
    player: Vec<String>,
    /// The White tag contains NAME.
    #[arg(long, value_name = "NAME")]
    white: Vec<String>,
    /// The Black tag contains NAME.
    #[arg(long, value_name = "NAME")]
    black: Vec<String>,
    /// An ECO code or range: B20-B99, C4, A.
    #[arg(long, value_name = "RANGE")]
    eco: Vec<String>,
    /// A date or range, either end partial or open: 1990..1999, 2024.05,
    /// ..1900. A game's date must lie wholly within it (1990.??.?? is in
    /// 1990..1999, not in 1990.05); an unknown year is in no range.
    #[arg(long, value_name = "RANGE")]
    date: Vec<String>,
    /// Results, comma-separated: 1-0,1/2-1/2.
    #[arg(long, value_name = "RESULTS")]
    result: Vec<String>,
    /// Plies of the main line: N, N..M, N.., ..M, >=N, >N, <=N, <N.
    #[arg(long, value_name = "BOUND")]
    plies: Vec<String>,
    /// Moves of the main line (plies in pairs), as for --plies.
    #[arg(long, value_name = "BOUND")]
    moves: Vec<String>,
    /// The main line ends in checkmate.
    #[arg(long)]
    checkmate: bool,
    /// The main line ends in stalemate.
    #[arg(long)]
    stalemate: bool,
    /// The side to move at the end has only its king.
    #[arg(long)]
    bare_king: bool,
    /// The game has variations.
    #[arg(long)]
    has_variations: bool,
    /// The game has comments.
    #[arg(long)]
    has_comments: bool,
    /// The Result tag contradicts the final position (checkmate or
    /// stalemate with another result).
    #[arg(long)]
    result_contradicts: bool,
    /// The main line starts with these SAN moves ("1. e4 c5 2. Nf3"), from
    /// the standard start or after "FEN |".
    #[arg(long, value_name = "MOVES")]
    opening: Vec<String>,
    /// As --opening, but any move order reaching the same position at the
    /// same ply matches.
    #[arg(long, value_name = "MOVES")]
    opening_transposed: Vec<String>,
    /// The main line reaches this position (FEN: placement, side to move,
    /// castling, en passant, compared by Zobrist key).
    #[arg(long, value_name = "FEN")]
    fen: Vec<String>,
    /// The main line reaches this placement of pieces (a FEN or its first
    /// field), whoever is to move.
    #[arg(long, value_name = "FEN")]
    placement: Vec<String>,
    /// The material matches at some ply: KRPvKR (exactly), Q+*vQ+* (at
    /// least a queen each, the rest anything), B1N0*vB0N1*.
    #[arg(long, value_name = "PATTERN")]
    material: Vec<String>,
    /// The material matches at the end of the main line.
    #[arg(long, value_name = "PATTERN")]
    material_end: Vec<String>,
    /// Positions and material count in variations too.
    #[arg(long)]
    any_line: bool,
    /// Text tests ignore ASCII case (also those of criteria files).
    #[arg(short = 'i', long)]
    ignore_case: bool,
    /// Read criteria from FILE, one `KEY VALUE` a line (`player Tal`,
    /// `eco B20-B99`, `fen ...`; `#` starts a comment line), the keys being
    /// the names of these options.
    #[arg(long, value_name = "FILE")]
    criteria: Vec<String>,
    /// Select the games that fail the criteria instead.
    #[arg(long)]
    invert: bool,
}

impl CriteriaArgs {
    /// The selection the options and criteria files make.
    pub(crate) fn selection(&self) -> Result<Selection, String> {
        let mut selection = Selection::new();
        for path in &self.criteria {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let file = Selection::parse_with_case(&text, self.ignore_case)
                .map_err(|e| format!("{path}: {e}"))?;
            for c in file.criteria() {
                selection.push(c.clone());
            }
            let (invert, any_line) =
                (selection.invert() || file.invert(), selection.any_line() || file.any_line());
            selection = selection.inverted(invert).in_any_line(any_line);
        }
        let lists: [(&str, &[String]); 16] = [
            ("tag", &self.tag),
            ("player", &self.player),
            ("white", &self.white),
            ("black", &self.black),
            ("eco", &self.eco),
            ("date", &self.date),
            ("result", &self.result),
            ("plies", &self.plies),
            ("moves", &self.moves),
            ("opening", &self.opening),
            ("opening-transposed", &self.opening_transposed),
            ("fen", &self.fen),
            ("placement", &self.placement),
            ("material", &self.material),
            ("material-end", &self.material_end),
            ("ending", &[]),
        ];
        for (key, values) in lists {
            for value in values {
                let c =
                    Criterion::parse(key, value, self.ignore_case).map_err(|e| e.to_string())?;
                selection.push(c);
            }
        }
        let flags = [
            (self.checkmate, "ending", "checkmate"),
            (self.stalemate, "ending", "stalemate"),
            (self.bare_king, "ending", "bare-king"),
            (self.has_variations, "has", "variations"),
            (self.has_comments, "has", "comments"),
            (self.result_contradicts, "result-contradicts", ""),
        ];
        for (on, key, value) in flags {
            if on {
                selection.push(Criterion::parse(key, value, false).map_err(|e| e.to_string())?);
            }
        }
        let invert = selection.invert() || self.invert;
        let any_line = selection.any_line() || self.any_line;
        Ok(selection.inverted(invert).in_any_line(any_line))
    }
}

/// What `pgn select` writes.
#[derive(Clone, Debug)]
pub(crate) enum Output {
    /// The games, in export format.
    Games(ExportArgs),
    /// A table of these columns.
    Table { columns: Vec<String>, csv: bool },
    /// The number of games selected.
    Count,
}

/// The counts of a run.
#[derive(Debug, Default)]
struct Counts {
    games: u64,
    selected: u64,
    written: u64,
    rejected: u64,
    unplayable: u64,
    duplicates: u64,
    /// Games that could not be replayed, by the kind of the first error.
    reasons: BTreeMap<&'static str, u64>,
    diagnostics: crate::report::Tally,
}

/// What a run of [`run_inputs`] reads and what its selector keeps.
#[derive(Clone, Copy)]
struct Pass<'a> {
    command: &'a str,
    files: &'a [String],
    selection: &'a Selection,
    keep_main_line: bool,
    keep_final: bool,
    /// The tags of each game ([`Selected::tags`]): for a table, and the
    /// tags dedupe compares.
    keep_tags: bool,
    /// Games that cannot be replayed are written as read (`--keep-broken`
    /// with a selection on tags alone, whose verdict they do not change).
    writes_broken: bool,
}

impl<'a> Pass<'a> {
    /// A pass that keeps nothing of the games beyond their verdicts.
    fn new(command: &'a str, files: &'a [String], selection: &'a Selection) -> Pass<'a> {
        Pass {
            command,
            files,
            selection,
            keep_main_line: false,
            keep_final: false,
            keep_tags: false,
            writes_broken: false,
        }
    }
}

/// Runs every game of `files` through a selector in front of the visitor
/// `inner` makes (one a file), reporting diagnostics and counting; each
/// game goes to `on_game` with the input's name and its index.
fn run_inputs<V: ReplayVisitor, E: Write>(
    pass: Pass<'_>,
    mut inner: impl FnMut() -> V,
    diagnostics: &mut Diagnostics<E>,
    status: &mut Status,
    counts: &mut Counts,
    mut on_game: impl FnMut(
        &mut Selected<V::Output>,
        &mut Selector<V>,
        &str,
        usize,
        &mut Counts,
        &mut Diagnostics<E>,
    ) -> io::Result<()>,
) -> io::Result<()> {
    let Pass { command, files, selection, keep_main_line, keep_final, keep_tags, writes_broken } =
        pass;
    for (index, name) in files.iter().enumerate() {
        let Some(input) = status.open(&mut diagnostics.out, command, name)? else { continue };
        let selector = Selector::new(selection.clone(), inner())
            .keep_tags(keep_tags)
            .keep_main_line(keep_main_line)
            .keep_final_position(keep_final);
        let mut replayer = Replayer::new(selector);
        let mut reader = Reader::new(input);
        let mut failure = None;
        loop {
            match reader.read_game(&mut replayer) {
                Ok(Some(mut game)) => {
                    counts.games += 1;
                    for d in &game.diagnostics {
                        report(d, name, counts, diagnostics)?;
                    }
                    match game.verdict {
                        Verdict::Selected => counts.selected += 1,
                        Verdict::Rejected => counts.rejected += 1,
                        Verdict::Unplayable => {
                            unplayable(&game, name, writes_broken, counts, diagnostics)?
                        }
                    }
                    on_game(&mut game, replayer.inner_mut(), name, index, counts, diagnostics)?;
                    replayer.inner_mut().recycle(game);
                }
                Ok(None) => break,
                Err(err) => {
                    failure = Some(err);
                    break;
                }
            }
        }
        for d in replayer.inner_mut().take_diagnostics() {
            report(&d, name, counts, diagnostics)?;
        }
        if let Some(err) = failure {
            unreadable(status, &mut diagnostics.out, command, name, &err)?;
        }
    }
    status.input_errors = counts.diagnostics.errors > 0;
    Ok(())
}

fn report<E: Write>(
    d: &GameDiagnostic,
    name: &str,
    counts: &mut Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.diagnostics.count(d.severity());
    diagnostics.report(d.severity(), d.label(), format_args!("{name}:{d}"))
}

/// Counts a game that could not be replayed under the kind of its first
/// error, and says so.
fn unplayable<O, E: Write>(
    game: &Selected<O>,
    name: &str,
    written: bool,
    counts: &mut Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    counts.unplayable += 1;
    let cause = game.diagnostics.iter().find_map(|d| match d {
        GameDiagnostic::Replay(r) if r.severity() == Severity::Error => Some(r),
        _ => None,
    });
    let label = cause.map_or("a move that cannot be played", |r| r.problem.label());
    *counts.reasons.entry(label).or_default() += 1;
    counts.diagnostics.count(Severity::Error);
    let why = cause.map(|r| r.message().to_string()).unwrap_or_else(|| label.into());
    let place = cause
        .and_then(|r| r.at)
        .map(|at| format!("{}:{}: ", at.line, at.column))
        .unwrap_or_default();
    let (what, label) = if written {
        ("game written as read from there (--keep-broken)", "game could not be replayed")
    } else {
        ("game not selected", "game not selected: it could not be replayed")
    };
    let line = format_args!(
        "{name}:{place}game {}: error: {what}: it could not be replayed ({why})",
        game.number
    );
    diagnostics.report(Severity::Error, label, line)
}

/// Writes a game's exported text, counting it; a game the exporter left
/// out (a set-up position in reduced export format) is an error.
fn write_exported<E: Write>(
    game: &Selected<ExportedGame>,
    text: &[u8],
    out: &mut impl Write,
    name: &str,
    counts: &mut Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    let Some(exported) = &game.output else { return Ok(()) };
    if exported.left_out == Some(Unfit::SetUpPosition) {
        counts.diagnostics.count(Severity::Error);
        let line = format_args!(
            "{name}: game {}: error: game not written (it starts from a set-up position, which \
             reduced export format cannot hold); --no-comments --no-nags --no-variations keep its tags",
            game.number
        );
        return diagnostics.report(Severity::Error, "game not exported", line);
    }
    counts.written += 1;
    out.write_all(&text[exported.text.clone()])
}

/// Runs `pgn select`.
pub(crate) fn run(
    files: &[String],
    output: Option<&str>,
    criteria: &CriteriaArgs,
    what: Output,
    noise: NoiseArgs,
) -> io::Result<Status> {
    const COMMAND: &str = "select";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    let selection = match criteria.selection() {
        Ok(s) => s,
        Err(why) => return refuse(COMMAND, &why, &mut diagnostics, status),
    };
    let Some(mut out) = create_output(output, &mut status, &mut diagnostics.out, COMMAND)? else {
        diagnostics.out.flush()?;
        return Ok(status);
    };
    let mut counts = Counts::default();
    match what {
        Output::Games(args) => {
            let writes_broken = args.keep_broken && selection.tags_only();
            let exporter = || StreamExporter::new(args.options).keep_broken(args.keep_broken);
            run_inputs(
                Pass { writes_broken, ..Pass::new(COMMAND, files, &selection) },
                exporter,
                &mut diagnostics,
                &mut status,
                &mut counts,
                |game, selector, name, _, counts, diagnostics| {
                    if game.verdict == Verdict::Selected
                        || game.verdict == Verdict::Unplayable && writes_broken
                    {
                        let text = selector.inner().output();
                        write_exported(game, text, &mut out, name, counts, diagnostics)?;
                    }
                    selector.inner_mut().clear_output();
                    if let Some(exported) = game.output.take() {
                        selector.inner_mut().recycle(exported);
                    }
                    Ok(())
                },
            )?;
        }
        Output::Table { columns, csv } => {
            let sep = if csv { b',' } else { b'\t' };
            let wants_final = columns.iter().any(|c| c == "final-fen");
            for (i, c) in columns.iter().enumerate() {
                if i > 0 {
                    out.write_all(&[sep])?;
                }
                cell(&mut out, c.as_bytes(), csv)?;
            }
            out.write_all(b"\n")?;
            let mut row = Vec::new();
            run_inputs(
                Pass {
                    keep_final: wants_final,
                    keep_tags: true,
                    ..Pass::new(COMMAND, files, &selection)
                },
                || Decide,
                &mut diagnostics,
                &mut status,
                &mut counts,
                |game, _, name, _, counts, _| {
                    if game.verdict != Verdict::Selected {
                        return Ok(());
                    }
                    counts.written += 1;
                    for (i, c) in columns.iter().enumerate() {
                        if i > 0 {
                            out.write_all(&[sep])?;
                        }
                        row.clear();
                        column(game, c, name, &mut row);
                        cell(&mut out, &row, csv)?;
                    }
                    out.write_all(b"\n")
                },
            )?;
        }
        Output::Count => {
            run_inputs(
                Pass::new(COMMAND, files, &selection),
                || Decide,
                &mut diagnostics,
                &mut status,
                &mut counts,
                |_, _, _, _, _, _| Ok(()),
            )?;
            writeln!(out, "{}", counts.selected)?;
        }
    }
    out.flush()?;
    finish(COMMAND, &counts, &mut diagnostics)?;
    Ok(status)
}

/// Ends a run that cannot start (a bad criterion, an option refused):
/// the reason on standard error, and exit code 2.
fn refuse<E: Write>(
    command: &str,
    why: &str,
    diagnostics: &mut Diagnostics<E>,
    mut status: Status,
) -> io::Result<Status> {
    writeln!(diagnostics.out, "pgn {command}: {why}")?;
    diagnostics.out.flush()?;
    status.unreadable += 1;
    Ok(status)
}

/// The value of a column for a game.
fn column<O>(game: &Selected<O>, name: &str, name_of_file: &str, out: &mut Vec<u8>) {
    match name {
        "PlyCount" | "plies" => out.extend_from_slice(game.facts.plies.to_string().as_bytes()),
        "moves" => out.extend_from_slice(game.facts.plies.div_ceil(2).to_string().as_bytes()),
        "game" => out.extend_from_slice(game.number.to_string().as_bytes()),
        "file" => out.extend_from_slice(name_of_file.as_bytes()),
        "final-fen" => {
            if let Some(pos) = &game.facts.final_position {
                out.extend_from_slice(Fen::from_position(pos).to_string().as_bytes());
            }
        }
        tag => out.extend_from_slice(game.tags.get(tag).unwrap_or_default()),
    }
}

/// Writes a cell: in CSV quoted when it must be (RFC 4180), in TSV with
/// tabs and line ends turned into spaces.
fn cell(out: &mut impl Write, value: &[u8], csv: bool) -> io::Result<()> {
    if csv {
        if value.iter().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')) {
            out.write_all(b"\"")?;
            for &b in value {
                out.write_all(if b == b'"' { b"\"\"" } else { std::slice::from_ref(&b) })?;
            }
            return out.write_all(b"\"");
        }
        return out.write_all(value);
    }
    for &b in value {
        out.write_all(&[if matches!(b, b'\t' | b'\n' | b'\r') { b' ' } else { b }])?;
    }
    Ok(())
}

/// The end of a run: the diagnostics by kind, the reasons games could not
/// be replayed, the summary line.
fn finish<E: Write>(
    command: &str,
    counts: &Counts,
    diagnostics: &mut Diagnostics<E>,
) -> io::Result<()> {
    diagnostics.finish(command)?;
    for (reason, n) in &counts.reasons {
        writeln!(diagnostics.out, "pgn {command}: not replayable: {n} × {reason}")?;
    }
    let dup = if command == "dedupe" {
        format!(" duplicates={}", counts.duplicates)
    } else {
        String::new()
    };
    writeln!(
        diagnostics.out,
        "games={} selected={} written={} rejected={}{dup} unplayable={} {}",
        counts.games,
        counts.selected,
        counts.written,
        counts.rejected,
        counts.unplayable,
        counts.diagnostics
    )?;
    diagnostics.out.flush()
}

/// Runs `pgn dedupe`: the first game of each set of duplicates to OUT,
/// the others to DUPS (when given), a count per set to REPORT.
pub(crate) fn dedupe(
    files: &[String],
    output: Option<&str>,
    duplicates: Option<&str>,
    report_to: Option<&str>,
    mode: DuplicateMode,
    args: ExportArgs,
    noise: NoiseArgs,
) -> io::Result<Status> {
    const COMMAND: &str = "dedupe";
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    if args.keep_broken {
        let why = "--keep-broken cannot be used: a game that cannot be replayed has no move \
                   sequence to compare, and is left out with an error";
        return refuse(COMMAND, why, &mut diagnostics, status);
    }
    let Some(mut out) = create_output(output, &mut status, &mut diagnostics.out, COMMAND)? else {
        diagnostics.out.flush()?;
        return Ok(status);
    };
    let mut dups = match duplicates {
        None => None,
        Some(path) => match File::create(path) {
            Ok(f) => Some(BufWriter::with_capacity(1 << 16, f)),
            Err(err) => {
                cannot_create(&mut status, &mut diagnostics.out, COMMAND, path, &err)?;
                diagnostics.out.flush()?;
                return Ok(status);
            }
        },
    };
    let store_path = std::env::temp_dir().join(format!("pgn-dedupe-{}.tmp", std::process::id()));
    let store_file =
        File::options().read(true).write(true).create(true).truncate(true).open(&store_path)?;
    let keep_tags = matches!(mode, DuplicateMode::MovesAndTags(_));
    let mut deduper = Deduper::new(mode, FileStore::new(store_file));
    let no_criteria = Selection::new();
    let mut counts = Counts::default();
    let exporter = || StreamExporter::new(args.options).keep_broken(false);
    let result = run_inputs(
        Pass { keep_main_line: true, keep_tags, ..Pass::new(COMMAND, files, &no_criteria) },
        exporter,
        &mut diagnostics,
        &mut status,
        &mut counts,
        |game, selector, name, file_index, counts, diagnostics| {
            if game.verdict == Verdict::Selected
                && let Some((start, moves)) = selector.main_line()
            {
                let id = (file_index as u64) << 40 | game.number;
                let text = selector.inner().output();
                match deduper.check(start, moves, &game.tags, id)? {
                    Seen::First(_) => {
                        write_exported(game, text, &mut out, name, counts, diagnostics)?;
                    }
                    Seen::Duplicate { .. } => {
                        counts.duplicates += 1;
                        counts.selected -= 1;
                        if let (Some(d), Some(exported)) = (dups.as_mut(), &game.output) {
                            d.write_all(&text[exported.text.clone()])?;
                        }
                    }
                }
            }
            selector.inner_mut().clear_output();
            if let Some(exported) = game.output.take() {
                selector.inner_mut().recycle(exported);
            }
            Ok(())
        },
    );
    let _ = std::fs::remove_file(&store_path);
    result?;
    out.flush()?;
    if let Some(d) = dups.as_mut() {
        d.flush()?;
    }
    if let Some(path) = report_to {
        match File::create(path) {
            Ok(f) => {
                let mut w = BufWriter::new(f);
                writeln!(w, "file\tgame\tcopies")?;
                for (id, copies) in deduper.index().repeated() {
                    let file = files.get((id >> 40) as usize).map_or("", String::as_str);
                    writeln!(w, "{file}\t{}\t{copies}", id & ((1 << 40) - 1))?;
                }
                w.flush()?;
            }
            Err(err) => cannot_create(&mut status, &mut diagnostics.out, COMMAND, path, &err)?,
        }
    }
    finish(COMMAND, &counts, &mut diagnostics)?;
    Ok(status)
}
