//! `cargo xtask fuzz [--seconds N] [--keep-going] [TARGET...]`: runs the
//! cargo-fuzz targets of `fuzz/` one after the other, each for `N` seconds
//! (default 60), and says per target how many inputs it tried and what it
//! found.
//!
//! Before the runs it writes seed inputs into `fuzz/corpus/<target>/`
//! (git-ignored): real PGN, FEN, EPD and SAN from the shared corpus
//! (`$PGN_CORPUS`, else `../shared/corpus`, as `testkit::corpus` decides)
//! and from the fixtures under `tests/data/`. libFuzzer adds what it
//! finds interesting to the same folder, so later runs start where the
//! last one stopped.
//!
//! Each target runs as `cargo fuzz run <target> fuzz/corpus/<target>`
//! with `RUSTC_BOOTSTRAP=1` (cargo-fuzz passes nightly-only flags; this
//! lets the stable toolchain take them), with debug assertions and
//! overflow checks, and without a sanitizer: our crates deny unsafe code
//! (the exceptions, two calls in `chess-core/src/counts.rs`, call safe
//! code compiled for AVX-512 once the processor is seen to have it), so
//! AddressSanitizer would find nothing that a panic, libFuzzer's
//! out-of-memory check or its timeout does not, at a fraction of the
//! speed. An input that takes more than [`TIMEOUT`] seconds is a finding
//! (a reader must be linear). A finding is saved under
//! `fuzz/artifacts/<target>/`; replay it with
//! `RUSTC_BOOTSTRAP=1 cargo fuzz run -s none -a <target> <file>`.
//!
//! libFuzzer stops at the first finding. With `--keep-going` it runs in
//! fork mode and goes on after crashes, timeouts and running out of
//! memory, so that a known finding not fixed yet does not hide the
//! others for the rest of a long run; every finding is still saved.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::fs;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// Seconds per target when `--seconds` is not given.
const DEFAULT_SECONDS: u64 = 60;

/// Seconds one input may take before libFuzzer calls it a finding.
const TIMEOUT: u64 = 10;

/// A fuzz target: its name (a `[[bin]]` of `fuzz/Cargo.toml`), the longest
/// input libFuzzer may make for it, and its seeds.
struct Target {
    name: &'static str,
    max_len: usize,
    seeds: fn(&Sources) -> Vec<Vec<u8>>,
}

/// The targets, in the order they run. A new target adds a row here.
const TARGETS: &[Target] = &[
    Target { name: "reader", max_len: 8 * 1024, seeds: reader_seeds },
    Target { name: "replay", max_len: 8 * 1024, seeds: pgn_seeds },
    Target { name: "fen", max_len: 512, seeds: fen_seeds },
    Target { name: "epd", max_len: 1024, seeds: epd_seeds },
    Target { name: "san", max_len: 256, seeds: san_seeds },
    Target { name: "export", max_len: 8 * 1024, seeds: export_seeds },
    Target { name: "pgc_decode", max_len: 4 * 1024, seeds: pgc_seeds },
    Target { name: "pgc_roundtrip", max_len: 8 * 1024, seeds: pgn_seeds },
    Target { name: "select", max_len: 8 * 1024, seeds: select_seeds },
    Target { name: "names", max_len: 512, seeds: name_seeds },
    Target { name: "mainline", max_len: 8 * 1024, seeds: pgn_seeds },
    Target { name: "events", max_len: 8 * 1024, seeds: pgn_seeds },
];

/// Runs the targets named in `args` (all when none is) and prints the
/// summary; fails if a target found something or could not run.
pub(crate) fn main(root: &Path, args: &[String]) -> ExitCode {
    let Options { seconds, keep_going, targets } = match parse_args(args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("fuzz: {message}");
            eprintln!("usage: cargo xtask fuzz [--seconds N] [--keep-going] [TARGET...]");
            return ExitCode::FAILURE;
        }
    };
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    if let Err(message) = check_cargo_fuzz(&cargo) {
        eprintln!("fuzz: {message}");
        return ExitCode::FAILURE;
    }
    let sources = Sources::find(root);
    let mut results = Vec::new();
    for target in targets {
        let dir = root.join("fuzz/corpus").join(target.name);
        let seeds = (target.seeds)(&sources);
        if let Err(err) = write_seeds(&dir, &seeds) {
            eprintln!("fuzz: cannot write the seeds of {}: {err}", target.name);
            return ExitCode::FAILURE;
        }
        eprintln!(
            "fuzz: {} for {seconds} s, {} seeds in {}",
            target.name,
            seeds.len(),
            dir.display()
        );
        results.push((target.name, run(&cargo, root, target, &dir, seconds, keep_going)));
    }
    println!("fuzz: {seconds} s per target");
    let mut failed = false;
    for (name, result) in &results {
        let executions = result.executions.map_or_else(|| "?".to_owned(), |n| n.to_string());
        let findings = result.artifacts.len();
        let outcome = match (&result.error, result.artifacts.first()) {
            (Some(error), _) => format!("could not run: {error}"),
            (None, Some(first)) => format!("FOUND {findings}, the first {}", first.display()),
            (None, None) => "nothing found".to_owned(),
        };
        failed |= result.error.is_some() || findings > 0;
        println!("fuzz: {name:<8} executions={executions:<12} {outcome}");
        for artifact in result.artifacts.iter().skip(1) {
            println!("fuzz: {name:<8} also {}", artifact.display());
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// What the command line asks for.
struct Options {
    /// Seconds per target.
    seconds: u64,
    /// Go on after a finding (libFuzzer's fork mode).
    keep_going: bool,
    /// The targets to run, in order.
    targets: Vec<&'static Target>,
}

/// `--seconds N`, `--keep-going` and the target names (all targets when
/// none is named).
fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut seconds = DEFAULT_SECONDS;
    let mut keep_going = false;
    let mut targets = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--keep-going" {
            keep_going = true;
        } else if arg == "--seconds" {
            let value = args.next().ok_or("--seconds needs a number")?;
            seconds = value
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("--seconds {value}: not a positive number"))?;
        } else if let Some(target) = TARGETS.iter().find(|t| t.name == arg) {
            targets.push(target);
        } else {
            let names: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
            return Err(format!("unknown target `{arg}` (targets: {})", names.join(", ")));
        }
    }
    if targets.is_empty() {
        targets = TARGETS.iter().collect();
    }
    Ok(Options { seconds, keep_going, targets })
}

/// Fails with how to install cargo-fuzz when `cargo fuzz` does not run.
fn check_cargo_fuzz(cargo: &OsString) -> Result<(), String> {
    let installed = Command::new(cargo)
        .args(["fuzz", "--version"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if installed {
        Ok(())
    } else {
        Err("cargo-fuzz is not installed: install it with `cargo install cargo-fuzz` \
             (it builds with the stable toolchain; this task sets RUSTC_BOOTSTRAP=1)"
            .to_owned())
    }
}

/// What a run of one target came to.
#[derive(Debug, Default)]
struct RunResult {
    /// libFuzzer's `stat::number_of_executed_units`, or in fork mode the
    /// count of its last status line.
    executions: Option<u64>,
    /// The inputs saved during the run (crashes, timeouts, out of memory),
    /// relative to the workspace root.
    artifacts: Vec<PathBuf>,
    /// Why the run failed without a finding (a build error, say).
    error: Option<String>,
}

/// Runs one target for `seconds`, passing its output through and reading
/// the number of executions off libFuzzer's last lines; the findings are
/// the files that appear in the target's artifact folder.
fn run(
    cargo: &OsString,
    root: &Path,
    target: &Target,
    corpus: &Path,
    seconds: u64,
    keep_going: bool,
) -> RunResult {
    let artifacts = root.join("fuzz/artifacts").join(target.name);
    let before = listing(&artifacts);
    let mut command = Command::new(cargo);
    command
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", "1")
        .args(["fuzz", "run", "--sanitizer", "none", "--debug-assertions", target.name])
        .arg(corpus)
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .arg(format!("-max_len={}", target.max_len))
        .arg(format!("-timeout={TIMEOUT}"))
        .arg("-print_final_stats=1")
        .stderr(Stdio::piped());
    if keep_going {
        command.args(["-fork=1", "-ignore_crashes=1", "-ignore_timeouts=1", "-ignore_ooms=1"]);
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(err) => {
            let error = Some(format!("cannot run cargo: {err}"));
            return RunResult { error, ..RunResult::default() };
        }
    };
    let mut result = RunResult::default();
    if let Some(stderr) = child.stderr.take() {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            eprintln!("{line}");
            if let Some(executions) = executions(&line) {
                result.executions = Some(executions);
            }
        }
    }
    let status = child.wait();
    result.artifacts = listing(&artifacts)
        .difference(&before)
        .map(|path| path.strip_prefix(root).unwrap_or(path).to_path_buf())
        .collect();
    match status {
        Ok(status) if !status.success() && result.artifacts.is_empty() => {
            result.error = Some(format!("cargo fuzz ended with {status}"));
        }
        Ok(_) => {}
        Err(err) => result.error = Some(format!("cannot wait for cargo fuzz: {err}")),
    }
    result
}

/// The executions a line of libFuzzer's output gives: the final
/// `stat::number_of_executed_units: N`, or in fork mode a status line
/// `#N: cov: ...`.
fn executions(line: &str) -> Option<u64> {
    if let Some(n) = line.strip_prefix("stat::number_of_executed_units:") {
        return n.trim().parse().ok();
    }
    let (count, _) = line.strip_prefix('#')?.split_once(": cov:")?;
    count.parse().ok()
}

/// The files in `dir` (none if it does not exist).
fn listing(dir: &Path) -> BTreeSet<PathBuf> {
    fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}

/// Replaces the seeds in `dir` (files named `seed-*`; what libFuzzer added
/// stays) with `seeds`.
fn write_seeds(dir: &Path, seeds: &[Vec<u8>]) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with("seed-") {
            fs::remove_file(entry.path())?;
        }
    }
    for seed in seeds {
        fs::write(dir.join(format!("seed-{:016x}", fnv1a(seed))), seed)?;
    }
    Ok(())
}

/// The 64-bit FNV-1a hash: a stable file name for a seed.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Where seeds come from: the fixtures of the repository and, when it is
/// there, the shared corpus.
struct Sources {
    /// `tests/data` of the repository.
    fixtures: PathBuf,
    /// The shared corpus folder, if it exists.
    corpus: Option<PathBuf>,
}

impl Sources {
    fn find(root: &Path) -> Sources {
        // The rule of `testkit::corpus::dir`, which xtask may not depend on
        // (testkit is for tests; tidy checks it).
        let corpus = std::env::var_os("PGN_CORPUS")
            .map_or_else(|| root.join("../shared/corpus"), PathBuf::from);
        let corpus = if corpus.is_dir() {
            Some(corpus)
        } else {
            eprintln!(
                "fuzz: no corpus at {} (set PGN_CORPUS): seeds from the fixtures only",
                corpus.display()
            );
            None
        };
        Sources { fixtures: root.join("tests/data"), corpus }
    }

    /// The files under the fixture folders `dirs` whose names end in one of
    /// `extensions`, sorted.
    fn fixtures(&self, dirs: &[&str], extensions: &[&str]) -> Vec<PathBuf> {
        files_under(&self.fixtures, dirs, extensions)
    }

    /// The files under the corpus folders `dirs` whose names end in one of
    /// `extensions`, sorted (none without the corpus).
    fn corpus(&self, dirs: &[&str], extensions: &[&str]) -> Vec<PathBuf> {
        self.corpus.as_ref().map_or_else(Vec::new, |c| files_under(c, dirs, extensions))
    }
}

/// The files under `base/dir` for each of `dirs`, with one of `extensions`.
fn files_under(base: &Path, dirs: &[&str], extensions: &[&str]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in dirs {
        // A folder that cannot be listed gives no seeds; the run goes on.
        let _ = collect(&base.join(dir), &mut files);
    }
    files.retain(|f| extensions.iter().any(|ext| f.to_string_lossy().ends_with(ext)));
    files.sort();
    files
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            collect(&entry.path(), files)?;
        } else {
            files.push(entry.path());
        }
    }
    Ok(())
}

/// The lines of a file, without their line endings (none if it cannot be
/// read).
fn lines(path: &Path) -> Vec<Vec<u8>> {
    let bytes = fs::read(path).unwrap_or_default();
    bytes
        .split(|&b| b == b'\n')
        .map(|line| line.strip_suffix(b"\r").unwrap_or(line).to_vec())
        .filter(|line| !line.is_empty())
        .collect()
}

/// Keeps one item in `every`, so that a long file gives at most `most`.
fn thin<T>(items: Vec<T>, most: usize) -> Vec<T> {
    let every = items.len().div_ceil(most.max(1)).max(1);
    items.into_iter().step_by(every).collect()
}

/// Removes repeated seeds, keeping the first of each.
fn unique(seeds: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    let mut seen = BTreeSet::new();
    seeds.into_iter().filter(|s| seen.insert(s.clone())).collect()
}

/// Games per corpus file, and bytes per game, in the PGN seeds: small
/// inputs keep libFuzzer fast; the fuzzer joins and grows them.
const GAMES_PER_FILE: usize = 6;
const GAME_BYTES: usize = 4 * 1024;

/// The first games of a PGN file, each cut to [`GAME_BYTES`]. A game starts
/// at a line that opens a tag after a line that is not a tag (the
/// movetext before it, or an empty line).
fn games(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut games: Vec<Vec<u8>> = Vec::new();
    let mut current = Vec::new();
    let mut in_tags = false;
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let tag = line.starts_with(b"[");
        if tag && !in_tags && current.iter().any(|b: &u8| !b.is_ascii_whitespace()) {
            games.push(std::mem::take(&mut current));
            if games.len() == GAMES_PER_FILE {
                return games;
            }
        }
        in_tags = tag;
        if current.len() < GAME_BYTES {
            current.extend_from_slice(&line[..line.len().min(GAME_BYTES - current.len())]);
        }
    }
    if current.iter().any(|b| !b.is_ascii_whitespace()) {
        games.push(current);
    }
    games
}

/// PGN: the reading and replay fixtures whole, and the first games of
/// every PGN file of the corpus.
fn pgn_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for path in sources.fixtures(&["lex", "syntax", "san"], &[".pgn"]) {
        seeds.extend(fs::read(path));
    }
    for path in sources.corpus(&["pgn", "bench", "peers"], &[".pgn"]) {
        seeds.extend(games(&fs::read(path).unwrap_or_default()));
    }
    unique(seeds)
}

/// Tag values as `pgn_tests::fuzz::names` splits its input (White, NUL,
/// Black, NUL, a Date or Event value): the players and dates of the
/// corpus, and a few names that test the rules of safe file names.
fn name_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = [
        &b"Kasparov, Garry\x00Karpov, Anatoly\x001985.11.09"[..],
        b"CON\x00con.txt\x00????.??.??",
        b"AC/DC: *live*\x00 . \x00Linares ESP",
        b"carlsen\x00CARLSEN\x001992.08.??",
    ]
    .iter()
    .map(|s| s.to_vec())
    .collect();
    for pgn in pgn_seeds(sources).iter().take(2_000) {
        let value = |name: &[u8]| {
            let at = pgn.windows(name.len()).position(|w| w == name)? + name.len();
            let rest = pgn.get(at..)?;
            let end = rest.iter().position(|&b| b == b'"')?;
            Some(rest[..end].to_vec())
        };
        if let (Some(white), Some(black)) = (value(b"[White \""), value(b"[Black \"")) {
            let date = value(b"[Date \"").unwrap_or_default();
            seeds.push([white, black, date].join(&0u8));
        }
    }
    unique(seeds)
}

/// The PGN seeds behind the reader's three control bytes (buffer size,
/// read pattern, options and visitor policy: `pgn_tests::fuzz::reader`), which
/// vary from seed to seed.
fn reader_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    const POLICIES: [u8; 8] = [0x00, 0x00, 0x04, 0x0c, 0x30, 0x01, 0x02, 0x00];
    prefixed_pgn_seeds(sources, |i| {
        vec![(i * 13 % 64) as u8, (i * 37 % 256) as u8, POLICIES[i % 8]]
    })
}

/// The PGN seeds behind the export target's control byte (the options:
/// `pgn_tests::fuzz::export::options`), which varies from seed to seed: export
/// format, reduced export format, each part left out, the roster only,
/// the tags as read, the roster with SetUp and FEN, lines of 30
/// bytes and lines without a limit.
fn export_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    const OPTIONS: [u8; 12] =
        [0x00, 0x0f, 0x01, 0x02, 0x04, 0x07, 0x08, 0x00, 0x40, 0x48, 0x83, 0x80];
    prefixed_pgn_seeds(sources, |i| vec![OPTIONS[i % OPTIONS.len()]])
}

/// PGC: the PGN seeds encoded (lossy, so that games with comments give
/// records too; a seed that gives none is left out), and the hand-written
/// PGC of the fixtures (`tests/data/pgc/*.hex`, hex pairs with `#`
/// comments).
fn pgc_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    use pgn_replay::pgn_syntax::Reader;
    let mut seeds = Vec::new();
    for pgn in pgn_seeds(sources) {
        let encoder = pgn_pgc::StreamEncoder::new(pgn_pgc::EncodeOptions { lossy: true });
        let mut replayer = pgn_replay::Replayer::new(encoder);
        let mut reader = Reader::new(&pgn[..]);
        while let Ok(Some(_)) = reader.read_game(&mut replayer) {}
        let bytes = replayer.inner().output();
        if !bytes.is_empty() {
            seeds.push(bytes.to_vec());
        }
    }
    for path in sources.fixtures(&["pgc"], &[".hex"]) {
        seeds.extend(fs::read(path).ok().map(|text| hex_bytes(&text)));
    }
    unique(seeds)
}

/// The `pgn select` fixtures, each its criteria, a NUL byte and its PGN
/// (`pgn_tests::fuzz::select`), and the PGN seeds alone (criteria from their
/// first byte).
fn select_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for path in sources.fixtures(&["select"], &[".pgn"]) {
        let (Ok(pgn), Ok(criteria)) = (fs::read(&path), fs::read(path.with_extension("criteria")))
        else {
            continue;
        };
        seeds.push([&criteria[..], &[0], &pgn].concat());
    }
    seeds.extend(pgn_seeds(sources));
    unique(seeds)
}

/// The bytes of a hex fixture: hex digit pairs, white space between them,
/// `#` to the end of a line a comment.
fn hex_bytes(text: &[u8]) -> Vec<u8> {
    let digits: Vec<u8> = text
        .split(|&b| b == b'\n')
        .flat_map(|line| line.split(|&b| b == b'#').next().unwrap_or_default())
        .filter_map(|&b| (b as char).to_digit(16).map(|d| d as u8))
        .collect();
    digits.chunks_exact(2).map(|pair| pair[0] << 4 | pair[1]).collect()
}

/// The PGN seeds, the `i`th behind the control bytes `prefix(i)`.
fn prefixed_pgn_seeds(sources: &Sources, prefix: impl Fn(usize) -> Vec<u8>) -> Vec<Vec<u8>> {
    pgn_seeds(sources)
        .into_iter()
        .enumerate()
        .map(|(i, pgn)| {
            let mut seed = prefix(i);
            seed.extend(pgn);
            seed
        })
        .collect()
}

/// Lines per corpus file in the FEN, EPD and SAN seeds.
const LINES_PER_FILE: usize = 150;

/// The first four fields of an EPD or FEN line (the position).
fn position_fields(line: &[u8]) -> Option<Vec<u8>> {
    let fields: Vec<&[u8]> =
        line.split(|b| b.is_ascii_whitespace()).filter(|f| !f.is_empty()).take(4).collect();
    (fields.len() == 4).then(|| fields.join(&b' '))
}

/// The records of an EPD or perft file: its lines but comments, with the
/// `epd ` prefix of the perft files taken off.
fn records(path: &Path) -> Vec<Vec<u8>> {
    let lines = lines(path).into_iter().filter(|l| !l.starts_with(b"#"));
    let records = lines.filter_map(|l| {
        if path.extension().is_some_and(|e| e == "perft") {
            l.strip_prefix(b"epd ").map(<[u8]>::to_vec)
        } else {
            Some(l)
        }
    });
    thin(records.collect(), LINES_PER_FILE)
}

/// FEN: the FEN fixtures, the FEN files of the corpus (sunfish's
/// `fen;counts` lines cut at the `;`), and the positions of its EPD and
/// perft records, with and without clocks.
fn fen_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for path in sources.fixtures(&["fen"], &[".fen"]) {
        seeds.extend(fs::read(path));
    }
    for path in sources.corpus(&["fen"], &[".fen"]) {
        let lines = lines(&path).into_iter().filter(|l| !l.starts_with(b"#"));
        let fens = lines.map(|l| l.split(|&b| b == b';').next().unwrap_or_default().to_vec());
        seeds.extend(thin(fens.collect(), LINES_PER_FILE));
    }
    for path in sources.corpus(&["epd", "perft"], &[".epd", ".perft"]) {
        for (i, record) in records(&path).into_iter().enumerate() {
            if let Some(mut fen) = position_fields(&record) {
                if i % 2 == 1 {
                    fen.extend_from_slice(format!(" {} {}", i % 50, 1 + i % 80).as_bytes());
                }
                seeds.push(fen);
            }
        }
    }
    unique(seeds)
}

/// EPD: every record of the EPD fixtures, each fixture file whole, and
/// the records of the corpus's EPD and perft files.
fn epd_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for path in sources.fixtures(&["epd"], &[".epd"]) {
        seeds.extend(records(&path));
        seeds.extend(fs::read(&path));
    }
    for path in sources.corpus(&["epd", "perft"], &[".epd", ".perft"]) {
        seeds.extend(records(&path));
    }
    unique(seeds)
}

/// The move operands of an EPD record (`bm`, `am`, `pm`, `sm`, `pv`).
fn move_operands(record: &[u8]) -> Vec<Vec<u8>> {
    let mut moves = Vec::new();
    // The operations start after the four position fields.
    let mut rest = record;
    for _ in 0..4 {
        rest = rest.trim_ascii_start();
        let end = rest.iter().position(u8::is_ascii_whitespace).unwrap_or(rest.len());
        rest = &rest[end..];
    }
    for op in rest.split(|&b| b == b';') {
        let mut words = op.split(|b| b.is_ascii_whitespace()).filter(|w| !w.is_empty());
        if let Some(b"bm" | b"am" | b"pm" | b"sm" | b"pv") = words.next() {
            moves.extend(words.take(2).map(<[u8]>::to_vec));
        }
    }
    moves
}

/// The words of movetext that may be moves: no move numbers, results,
/// comments or tags.
fn san_words(text: &[u8]) -> Vec<Vec<u8>> {
    text.split(|b| b.is_ascii_whitespace() || b"{}()[]".contains(b))
        .map(|w| {
            // A move number glued to its move: `12.Nf3`, `12...Nf6`.
            let digits = w.iter().take_while(|b| b.is_ascii_digit()).count();
            let dots = w[digits..].iter().take_while(|&&b| b == b'.').count();
            if dots > 0 { &w[digits + dots..] } else { w }
        })
        .filter(|w| w.len() >= 2 && !w.starts_with(b"\"") && !w.starts_with(b"$"))
        .filter(|w| !matches!(*w, b"1-0" | b"0-1" | b"1/2-1/2"))
        .map(<[u8]>::to_vec)
        .collect()
}

/// SAN: the SAN seeds of the corpus, the words of the SAN fixtures and of
/// some corpus movetext (the start position is one of the positions the
/// target tries, and the bytes choose moves to others), and the move
/// operands of EPD records after their position and a line break (the
/// target's FEN prefix).
fn san_seeds(sources: &Sources) -> Vec<Vec<u8>> {
    let mut seeds = Vec::new();
    for path in sources.corpus(&["peers/shakmaty-fuzz-san"], &[".san"]) {
        seeds.extend(fs::read(path).map(|s| s.trim_ascii().to_vec()));
    }
    let mut words = Vec::new();
    for path in sources.fixtures(&["san"], &[".pgn"]) {
        words.extend(san_words(&fs::read(path).unwrap_or_default()));
    }
    for path in
        sources.corpus(&["pgn/hoover", "pgn/python-chess", "pgn/scalachess-fixtures"], &[".pgn"])
    {
        words.extend(thin(san_words(&fs::read(path).unwrap_or_default()), 40));
    }
    seeds.extend(thin(unique(words), 1500));
    for path in sources.corpus(&["epd"], &[".epd"]) {
        for record in thin(records(&path), 40) {
            let Some(fen) = position_fields(&record) else { continue };
            for m in move_operands(&record) {
                let mut seed = fen.clone();
                seed.push(b'\n');
                seed.extend(m);
                seeds.push(seed);
            }
        }
    }
    unique(seeds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments() {
        let args = |s: &[&str]| s.iter().map(|a| a.to_string()).collect::<Vec<_>>();
        let options = parse_args(&args(&[])).expect("no arguments");
        assert_eq!(options.seconds, DEFAULT_SECONDS);
        assert_eq!((options.keep_going, options.targets.len()), (false, TARGETS.len()));
        let options = parse_args(&args(&["--seconds", "5", "fen", "--keep-going"])).expect("valid");
        assert_eq!((options.seconds, options.keep_going), (5, true));
        assert_eq!(options.targets.iter().map(|t| t.name).collect::<Vec<_>>(), ["fen"]);
        assert!(parse_args(&args(&["--seconds"])).is_err());
        assert!(parse_args(&args(&["--seconds", "0"])).is_err());
        assert!(parse_args(&args(&["nope"])).is_err());
    }

    #[test]
    fn every_target_has_a_bin_and_a_file() {
        let root = crate::workspace_root();
        let manifest = fs::read_to_string(root.join("fuzz/Cargo.toml")).expect("fuzz/Cargo.toml");
        for target in TARGETS {
            assert!(manifest.contains(&format!("name = \"{}\"", target.name)), "{}", target.name);
            let file = root.join("fuzz/fuzz_targets").join(format!("{}.rs", target.name));
            assert!(file.is_file(), "{}", file.display());
        }
    }

    #[test]
    fn libfuzzer_lines() {
        assert_eq!(executions("stat::number_of_executed_units: 123456"), Some(123_456));
        let fork = "#14896: cov: 2556 ft: 9916 corp: 1198 exec/s: 478 oom/timeout/crash: 0/0/0";
        assert_eq!(executions(fork), Some(14_896));
        assert_eq!(executions("#13981\tREDUCE cov: 2486 ft: 9126 corp: 1240/714Kb"), None);
        assert_eq!(executions("stat::new_units_added: 12"), None);
    }

    #[test]
    fn games_are_cut_at_tag_sections() {
        let pgn = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n1. c4 *\n";
        let games = games(pgn);
        assert_eq!(games.len(), 2);
        assert!(games[0].starts_with(b"[Event \"a\"]\n[Site"));
        assert!(games[1].starts_with(b"[Event \"c\"]"));
        assert!(games[1].ends_with(b"1. c4 *\n"));
    }

    #[test]
    fn seed_helpers() {
        assert_eq!(
            position_fields(b"8/8/8/8/8/8/8/K6k w - - bm Kb2;"),
            Some(b"8/8/8/8/8/8/8/K6k w - -".to_vec())
        );
        assert_eq!(position_fields(b"8/8 w"), None);
        assert_eq!(
            move_operands(b"8/8/8/8/8/8/8/K6k w - - bm Kb2 Ka2; id \"x\";"),
            [b"Kb2".to_vec(), b"Ka2".to_vec()]
        );
        assert_eq!(
            san_words(b"1. e4 {x} e5 2.Nf3 $1 (2... Nc6) 1-0"),
            ["e4", "e5", "Nf3", "Nc6"].map(|w| w.as_bytes().to_vec())
        );
        assert_eq!(thin((0..10).collect(), 3), [0, 4, 8]);
    }
}
