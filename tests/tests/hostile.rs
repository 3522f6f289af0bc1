//! Hostile input for the `pgn` command: files cut anywhere, bytes
//! flipped, binary data and NUL bytes between games, a 50 MB line, 100,000
//! nested variations, 10 MB comments, tags and moves, a million games, a
//! tag section of 100,000 pairs, a 1 MB EPD line, PGC whose lengths point
//! past the end, UTF-16 and Latin-1 text, CR line ends, and files that end
//! inside a string, a comment or a variation. Every input is made here
//! (seeded, so a failure comes back the same), in a temporary folder that
//! is removed afterwards.
//!
//! Every command that reads (`stats`, `check`, `fen`, `export`, `select`,
//! `dedupe`, `sort`, `split`, `pgc encode`; `epd` and `pgc decode` on their
//! own formats) runs on each input as a child process, and must
//!
//! - end with exit code 0, 1 or 2 (never 101, never a signal such as a
//!   stack overflow's), with no `panicked` on standard error;
//! - stay under 64 MiB of peak memory (256 MiB for `dedupe` and `sort`,
//!   which hold a key per game), as the kernel reports it for the child
//!   (`wait4`'s `ru_maxrss`: measured, not assumed). The child starts as
//!   a copy of this process, whose own peak the kernel counts in the
//!   child's, so the figure is an upper bound, never below this process's
//!   peak (about 20 MiB; it is checked to stay under 32 MiB: inputs are
//!   written a chunk at a time and outputs read a line at a time);
//! - print a bounded standard error: every run is given
//!   `--max-diagnostics 100` (but `pgc encode`, which has no such option
//!   and reports only the games it leaves out), so standard error stays
//!   under 64 KiB unless
//!   a diagnostic quotes far too much of its input (a 10 MB move once made
//!   10 MB of it);
//! - keep the good games: a clean game `Before` the damage and one `After`
//!   it (where the damage does not run to the end of the file) are read,
//!   counted and written by every command.
//!
//! What `pgn check` says about each small case is a reviewed snapshot in
//! `tests/data/hostile/err/`; large cases are checked by the assertions
//! above.
//!
//! # Which binary, and what it costs
//!
//! The binary is `$PGN_BIN` (a path relative to the workspace root or
//! absolute), else the debug `pgn` of this target folder, built by
//! `cargo build -p pgn-cli` from the test. A debug `pgn` reads about
//! 1.5 MB/s where the release build reads 14 MB/s (`pgn export` of the
//! 50 MB line: 32 s against 3.6 s, measured on the 2-core CI machine), so
//! the cases over large inputs (the corpus cut and flipped, and the
//! inputs of megabytes) would cost minutes in debug: they are `#[ignore]`d
//! and run by CI against the release binary, in the step
//!
//! ```text
//! cargo build --release -p pgn-cli
//! PGN_BIN=target/release/pgn cargo test --release -p pgn-tests --test hostile -- --include-ignored
//! ```
//!
//! which takes about 25 seconds after the build (the generation of the
//! inputs included; the build of the release `pgn` after `cargo xtask
//! conformance` about a minute more). `cargo test --workspace` runs the
//! small cases only, on the debug binary, in a few seconds.

#![cfg(target_os = "linux")]

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use testkit::XorShift;

/// The peak memory allowed to most commands, in KiB.
const MEMORY_KIB: u64 = 64 * 1024;
/// The peak memory allowed to `dedupe` and `sort`, in KiB.
const MEMORY_KEYS_KIB: u64 = 256 * 1024;
/// The standard error allowed with `--max-diagnostics 100` (a hundred
/// diagnostics, the count by kind, a line for each file that cannot be
/// read).
const STDERR_BYTES: u64 = 256 * 1024;
/// The longest line of standard error allowed: a diagnostic with its path
/// and a quote of the input cut short.
const LINE_BYTES: usize = 1024;
/// How long a run may take before it is killed (a quadratic reader).
const TIMEOUT: Duration = Duration::from_secs(300);

/// Why a test is left to the release binary.
const HEAVY: &str = "large inputs: run with PGN_BIN=target/release/pgn (see the module doc)";

// -------------------------------------------------------------------------
// The binary and its runs

/// The `pgn` binary under test.
fn pgn_bin() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        if let Some(bin) = std::env::var_os("PGN_BIN") {
            return root.join(bin);
        }
        let built = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "-p", "pgn-cli"])
            .current_dir(&root)
            .status()
            .expect("cargo runs");
        assert!(built.success(), "cargo build -p pgn-cli failed");
        // This test is `<target>/debug/deps/hostile-…`; the binary is
        // `<target>/debug/pgn`.
        let exe = std::env::current_exe().expect("the test's path");
        let profile = exe.parent().and_then(Path::parent).expect("a target folder");
        profile.join("pgn")
    })
}

/// What one run of `pgn` did.
struct Run {
    args: String,
    code: Option<i32>,
    signal: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    peak_kib: u64,
    time: Duration,
}

impl Run {
    fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// The number after `name=` on the summary line (standard output for
    /// `stats` and `check`, standard error for the others).
    fn count(&self, name: &str) -> u64 {
        let found = self.find_count(name);
        found.unwrap_or_else(|| panic!("{}: no {name}= in\n{}", self.args, self.stderr_text()))
    }

    fn find_count(&self, name: &str) -> Option<u64> {
        let key = format!("{name}=");
        let texts = [self.stdout_text(), self.stderr_text()];
        texts.iter().flat_map(|t| t.lines().rev()).find_map(|line| {
            line.split_whitespace().find_map(|word| word.strip_prefix(&key)?.parse().ok())
        })
    }
}

/// Runs `pgn args` in `dir` with standard output and error in files, and
/// measures its peak memory with `wait4`.
/// Held by each test for its whole run: the tests of this file run one at
/// a time, whatever `--test-threads` says, so that this process's peak
/// (which the kernel counts in each child's, see [`run`]) is that of one
/// test, never of several holding their inputs at once.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SERIAL.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

// The child is reaped by `wait4`, not by `Child::wait`.
#[allow(clippy::zombie_processes)]
fn run(dir: &Path, args: &[&str]) -> Run {
    // The child starts as a copy of this process (`posix_spawn` shares its
    // memory until `exec`), and the kernel counts this process's peak in
    // the child's: the peak measured is exact only while this process
    // stays below what it measures.
    let own = own_peak_kib();
    assert!(own < MEMORY_KIB / 2, "the test process itself peaked at {own} KiB");
    let (out_path, err_path) = (dir.join("stdout"), dir.join("stderr"));
    let start = Instant::now();
    let child = Command::new(pgn_bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create(&out_path).expect("stdout file"))
        .stderr(File::create(&err_path).expect("stderr file"))
        .spawn()
        .expect("pgn runs");
    let (status, peak_kib) = wait4(child.id(), start);
    let time = start.elapsed();
    // Standard output may be large (`pgn fen` of a million games): its
    // last 64 KiB hold the summary; standard error is read up to 1 MiB,
    // enough to see what went wrong.
    let stdout = read_tail(&out_path, 1 << 16);
    let stderr_len = fs::metadata(&err_path).expect("stderr file").len();
    let stderr = read_tail(&err_path, stderr_len.min(1 << 20));
    let mut run =
        Run { args: args.join(" "), code: None, signal: None, stdout, stderr, peak_kib, time };
    if libc::WIFEXITED(status) {
        run.code = Some(libc::WEXITSTATUS(status));
    } else if libc::WIFSIGNALED(status) {
        run.signal = Some(libc::WTERMSIG(status));
    }
    // `pgc encode` has no `--max-diagnostics`: a line for each game it
    // leaves out, however many.
    assert!(
        stderr_len <= STDERR_BYTES || args[..2] == ["pgc", "encode"],
        "{}: {stderr_len} bytes of standard error, starting\n{}",
        run.args,
        String::from_utf8_lossy(&run.stderr[..run.stderr.len().min(2000)])
    );
    let longest = run.stderr.split(|&b| b == b'\n').map(<[u8]>::len).max().unwrap_or(0);
    assert!(longest <= LINE_BYTES, "{}: a line of {longest} bytes of standard error", run.args);
    run
}

/// This process's peak resident memory in KiB (`VmHWM`).
fn own_peak_kib() -> u64 {
    let status = fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).expect("VmHWM");
    line.trim().trim_end_matches("kB").trim().parse().expect("a number of KiB")
}

/// The last `n` bytes of the file at `path` (or all of it), which is then
/// removed.
fn read_tail(path: &Path, n: u64) -> Vec<u8> {
    let mut file = File::open(path).expect("an output file");
    let len = file.metadata().expect("its length").len();
    file.seek(SeekFrom::Start(len.saturating_sub(n))).expect("seek");
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes).expect("read");
    let _ = fs::remove_file(path);
    bytes
}

/// Waits for the child `pid` (killing it after [`TIMEOUT`]) and gives its
/// wait status and peak resident memory in KiB.
// `wait4` is the one call that gives a child's own peak memory; std's
// `Child::wait` does not return it.
#[allow(unsafe_code)]
fn wait4(pid: u32, start: Instant) -> (libc::c_int, u64) {
    let pid = libc::pid_t::try_from(pid).expect("a pid");
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain old data, for which zeros are valid.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `status` and `usage` are valid for writes; `pid` is our
        // child, not waited for by anyone else.
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            break;
        }
        assert!(done == 0, "wait4: {}", std::io::Error::last_os_error());
        if start.elapsed() > TIMEOUT {
            // SAFETY: `pid` is our child, not reaped yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // `ru_maxrss` is in KiB on Linux.
    (status, u64::try_from(usage.ru_maxrss).unwrap_or(0))
}

/// Checks what every run must show: an exit code of 0, 1 or 2 (2 only
/// when `refused`), no panic, memory within its bound.
fn check_run(run: &Run, refused: bool) {
    let stderr = run.stderr_text();
    assert!(run.signal.is_none(), "{}: killed by signal {:?}\n{stderr}", run.args, run.signal);
    assert!(!stderr.contains("panicked"), "{}: panicked\n{stderr}", run.args);
    let allowed: &[i32] = if refused { &[2] } else { &[0, 1] };
    assert!(
        run.code.is_some_and(|c| allowed.contains(&c)),
        "{}: exit code {:?}\n{stderr}",
        run.args,
        run.code
    );
    let keys = run.args.starts_with("dedupe") || run.args.starts_with("sort");
    let limit = if keys { MEMORY_KEYS_KIB } else { MEMORY_KIB };
    assert!(run.peak_kib < limit, "{}: peak memory {} KiB", run.args, run.peak_kib);
    assert!(run.time < TIMEOUT, "{}: killed after {:?}", run.args, run.time);
}

// -------------------------------------------------------------------------
// Inputs

/// A temporary folder, removed with what it holds when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("pgn-hostile-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("temporary folder");
        TempDir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `bytes` to `name` in the folder and gives its path.
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        self.file_of(name, &[Part::Bytes(bytes.to_vec())])
    }

    /// Writes `parts` to `name` in the folder, a chunk at a time, and
    /// gives its path.
    fn file_of(&self, name: &str, parts: &[Part]) -> String {
        let path = self.0.join(name);
        let mut out = BufWriter::new(File::create(&path).expect("temporary file"));
        for part in parts {
            part.write(&mut out).expect("written");
        }
        out.flush().expect("written");
        path.to_str().expect("a UTF-8 temporary path").to_owned()
    }

    fn join(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("a UTF-8 temporary path").to_owned()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A part of an input: bytes, or bytes repeated, written a chunk at a
/// time so that a 50 MB input never is in this process's memory (see
/// [`own_peak_kib`]).
enum Part {
    Bytes(Vec<u8>),
    Repeat(Vec<u8>, usize),
}

impl Part {
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        match self {
            Part::Bytes(bytes) => out.write_all(bytes),
            Part::Repeat(bytes, n) => {
                let per_chunk = (1 << 16) / bytes.len().max(1) + 1;
                let chunk = bytes.repeat(per_chunk);
                for _ in 0..n / per_chunk {
                    out.write_all(&chunk)?;
                }
                out.write_all(&chunk[..bytes.len() * (n % per_chunk)])
            }
        }
    }
}

fn bytes(bytes: impl Into<Vec<u8>>) -> Part {
    Part::Bytes(bytes.into())
}

fn repeat(bytes: impl Into<Vec<u8>>, n: usize) -> Part {
    Part::Repeat(bytes.into(), n)
}

/// A clean game with `Event` tag `event` and White `Sentinel`, which the
/// checks look for in what the commands write.
fn good_game(event: &str, moves: &str, result: &str) -> Vec<u8> {
    format!(
        "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"2024.01.05\"]\n[Round \"1\"]\n\
         [White \"Sentinel\"]\n[Black \"B\"]\n[Result \"{result}\"]\n\n{moves} {result}\n\n"
    )
    .into_bytes()
}

fn before() -> Vec<u8> {
    good_game("Before", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0")
}

fn after() -> Vec<u8> {
    good_game("After", "1. d4 d5 2. c4 e6 3. Nc3 Nf6", "*")
}

/// `Before`, the damage, `After`.
fn around(damage: Vec<Part>) -> Vec<Part> {
    let mut parts = vec![bytes(before())];
    parts.extend(damage);
    parts.extend([bytes("\n\n"), bytes(after())]);
    parts
}

/// What of the good games a case keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keeps {
    /// `Before` and `After`.
    Both,
    /// `Before` only: the damage runs to the end of the file.
    Before,
    /// Nothing: the file is refused whole (exit code 2).
    Refused,
}

struct Case {
    name: &'static str,
    parts: Vec<Part>,
    keeps: Keeps,
    /// How many games `pgn stats` counts, when known.
    games: Option<u64>,
}

/// `n` random bytes.
fn random_bytes(rng: &mut XorShift, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

/// The small cases, snapshotted and run on any binary.
fn small_cases() -> Vec<Case> {
    let mut rng = XorShift::new(0x0039_0001);
    let latin1: &[u8] = b"[Event \"Caf\xe9\"]\n[White \"J\xe9r\xf4me M\xfcller\"]\n\n\
                          1. e4 {r\xe9sum\xe9: \xab bien \xbb} e5 *";
    let cr_only = [before(), b"1. e4 e5 2. Nf3 {a\nb} *\n\n".to_vec(), after()].concat();
    let cr_only: Vec<u8> = cr_only.iter().map(|&b| if b == b'\n' { b'\r' } else { b }).collect();
    let mut utf16 = vec![0xff, 0xfe];
    let text = String::from_utf8([before(), after()].concat()).expect("ASCII");
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let mut binary = random_bytes(&mut rng, 4096);
    // Some NUL bytes, as in a block of a damaged disk.
    binary[100..200].fill(0);
    let case = |name, parts, keeps, games| Case { name, parts, keeps, games: Some(games) };
    vec![
        case(
            "ends_inside_a_string",
            vec![bytes(before()), bytes("[Event \"no closing quote")],
            Keeps::Before,
            2,
        ),
        case(
            "ends_inside_a_comment",
            vec![bytes(before()), bytes("[Event \"x\"]\n\n1. e4 {no closing brace")],
            Keeps::Before,
            2,
        ),
        case(
            "ends_inside_a_variation",
            vec![bytes(before()), bytes("[Event \"x\"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4")],
            Keeps::Before,
            2,
        ),
        case("cr_only_line_ends", vec![bytes(cr_only)], Keeps::Both, 3),
        case("latin1_text", around(vec![bytes(latin1)]), Keeps::Both, 3),
        // Read as UTF-8 (ruling E14).
        case("utf16_le_with_bom", vec![bytes(utf16)], Keeps::Both, 2),
        case("nul_bytes_between_games", around(vec![repeat([0], 4096)]), Keeps::Both, 2),
        case("random_binary_between_games", around(vec![bytes(binary)]), Keeps::Both, 2),
        case(
            "unreadable_move_of_10_kb",
            around(vec![bytes("1. "), repeat("N", 10_000), bytes(" *")]),
            Keeps::Both,
            3,
        ),
    ]
}

/// The large cases, run on the release binary.
fn large_cases() -> Vec<Case> {
    // One game on one line, as a program that drops line ends writes it.
    let moves = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6";
    let flat = |game: Vec<u8>| String::from_utf8(game).expect("ASCII").replace('\n', " ");
    let one_line = flat(good_game("Line", moves, "1/2-1/2")).replace("Sentinel", "Line");
    let copies = 50_000_000 / one_line.len();
    let tags: String = (0..100_000).map(|i| format!("[Tag{i} \"value {i}\"]\n")).collect();
    let case = |name, parts, games| Case { name, parts, keeps: Keeps::Both, games: Some(games) };
    vec![
        case(
            "line_of_50_mb",
            vec![bytes(before()), repeat(one_line, copies), bytes(flat(after()))],
            copies as u64 + 2,
        ),
        case(
            "nested_variations_100000",
            around(vec![bytes("[Event \"x\"]\n\n1. e4 "), repeat("( 1. d4 ", 100_000), bytes("*")]),
            3,
        ),
        case(
            "comment_of_10_mb",
            around(vec![bytes("1. e4 {"), repeat("c", 10_000_000), bytes("} e5 *")]),
            3,
        ),
        case(
            "tag_value_of_10_mb",
            around(vec![bytes("[Annotator \""), repeat("v", 10_000_000), bytes("\"]\n\n1. e4 *")]),
            3,
        ),
        case("move_of_10_mb", around(vec![bytes("1. "), repeat("N", 10_000_000), bytes(" *")]), 3),
        case("a_million_games_of_a_star", around(vec![repeat("*\n", 1_000_000)]), 1_000_002),
        case("tag_section_of_100000_tags", around(vec![bytes(tags), bytes("\n1. e4 *")]), 3),
    ]
}

// -------------------------------------------------------------------------
// The commands

/// Runs every command that reads PGN on `files` and checks the runs and
/// the good games kept: `before` and `after` are how many `Before` and
/// `After` games the files hold that every command must read and write.
/// Gives the runs, for the table.
fn run_pgn_commands(
    dir: &TempDir,
    files: &[String],
    before: u64,
    after: u64,
    refused: bool,
) -> Vec<Run> {
    let out = dir.join("out.pgn");
    let split = dir.join("split");
    let pgc = dir.join("out.pgc");
    let mut commands: Vec<Vec<&str>> = vec![
        vec!["stats"],
        vec!["check"],
        vec!["fen"],
        vec!["export", "-o", &out],
        vec!["select", "--white", "Sentinel", "-o", &out],
        vec!["dedupe", "-o", &out],
        vec!["sort", "-o", &out],
        vec!["split", "--by", "event", "--dir", &split],
        vec!["pgc", "encode", "-o", &pgc],
    ];
    let mut runs = Vec::new();
    for command in &mut commands {
        command.extend(files.iter().map(String::as_str));
        // `pgc encode` has none of the noise options; it reports only the
        // games it leaves out.
        if command[0] != "pgc" {
            command.extend(["--max-diagnostics", "100"]);
        }
        let _ = fs::remove_dir_all(&split);
        let run = run(dir.path(), command);
        check_run(&run, refused);
        if !refused {
            check_kept(&run, &out, &split, before, after);
        }
        runs.push(run);
    }
    runs
}

/// Checks that a run read and wrote the good games.
fn check_kept(run: &Run, out: &str, split: &str, before: u64, after: u64) {
    let count = |path: &Path, event: &str| count_lines(path, &format!("[Event \"{event}\"]"));
    let out = Path::new(out);
    let written = |path: &Path| {
        assert_eq!(count(path, "Before"), before, "{}: games Before written", run.args);
        assert_eq!(count(path, "After"), after, "{}: games After written", run.args);
    };
    let command = run.args.split(' ').next().unwrap_or_default();
    match command {
        "stats" | "check" => assert!(run.count("games") >= before + after, "{}", run.args),
        "export" | "sort" => written(out),
        "select" => {
            written(out);
            assert_eq!(run.count("selected"), before + after, "{}", run.args);
        }
        // The good games of several files are duplicates of each other.
        "dedupe" => {
            assert_eq!(count(out, "Before"), before.min(1), "{}", run.args);
            assert_eq!(count(out, "After"), after.min(1), "{}", run.args);
        }
        "split" => {
            let split = Path::new(split);
            assert_eq!(count(&split.join("Before.pgn"), "Before"), before, "{}", run.args);
            assert_eq!(count(&split.join("After.pgn"), "After"), after, "{}", run.args);
        }
        "pgc" => assert!(run.count("games") >= before + after, "{}", run.args),
        _ => {}
    }
}

/// How many lines of the file at `path` (none if there is no file) are
/// `line`, read a line at a time (an output may be hundreds of MB).
fn count_lines(path: &Path, line: &str) -> u64 {
    let Ok(file) = File::open(path) else { return 0 };
    let lines = BufReader::new(file).split(b'\n').map(|l| l.expect("readable output"));
    lines.filter(|l| l == line.as_bytes()).count() as u64
}

/// Runs every command on each case, one file a run, and checks the games
/// counted; gives the table of the runs.
fn run_cases(cases: &[Case]) -> String {
    let mut table = String::new();
    for case in cases {
        let dir = TempDir::new(case.name);
        let file = dir.file_of(&format!("{}.pgn", case.name), &case.parts);
        let (before, after) = match case.keeps {
            Keeps::Both => (1, 1),
            Keeps::Before => (1, 0),
            Keeps::Refused => (0, 0),
        };
        let runs = run_pgn_commands(&dir, &[file], before, after, case.keeps == Keeps::Refused);
        if let Some(games) = case.games {
            assert_eq!(runs[0].count("games"), games, "{}: games counted by stats", case.name);
        }
        for run in &runs {
            let command = run.args.split(" /").next().unwrap_or_default();
            let key = match command.split(' ').next() {
                Some("select" | "dedupe" | "sort" | "split" | "export") => "written",
                _ => "games",
            };
            let kept = run.find_count(key).map(|n| format!("{key}={n}")).unwrap_or_default();
            let _ = writeln!(
                table,
                "| {} | {} | {:.1} MiB | {:.2} s | {kept} |",
                case.name,
                command,
                run.peak_kib as f64 / 1024.0,
                run.time.as_secs_f64()
            );
        }
    }
    table
}

// -------------------------------------------------------------------------
// The tests

/// Whether the large tests run on a fast enough binary.
fn release() -> bool {
    std::env::var_os("PGN_BIN").is_some()
}

#[test]
fn small_cases_keep_their_good_games_and_say_where_the_damage_is() {
    let _one_at_a_time = serial();
    let table = run_cases(&small_cases());
    println!("{table}");
}

#[test]
fn check_reports_each_small_case_at_its_place() {
    let _one_at_a_time = serial();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../data/hostile/err");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for case in small_cases() {
            let dir = TempDir::new(&format!("snapshot-{}", case.name));
            let file = dir.file_of(&format!("{}.pgn", case.name), &case.parts);
            let run = run(dir.path(), &["check", &file]);
            check_run(&run, case.keeps == Keeps::Refused);
            let folder = dir.path().to_str().expect("a UTF-8 temporary path");
            let report = format!(
                "exit code {}\n--- standard error\n{}--- standard output\n{}",
                run.code.unwrap_or(-1),
                run.stderr_text().replace(folder, "$DIR"),
                run.stdout_text()
            );
            insta::assert_snapshot!(case.name, report);
        }
    });
}

#[test]
#[ignore = "large inputs: run with PGN_BIN=target/release/pgn (see the module doc)"]
fn large_cases_stay_within_memory_and_keep_their_good_games() {
    let _one_at_a_time = serial();
    assert!(release(), "{HEAVY}");
    let table = run_cases(&large_cases());
    println!("{table}");
}

/// PGC whose lengths point past the end of the file, and a cut one: the
/// games before are decoded, the file after is read, the error names an
/// offset.
#[test]
fn pgc_lengths_past_the_end() {
    let _one_at_a_time = serial();
    let dir = TempDir::new("pgc");
    let pgn = dir.file("good.pgn", &[before(), after()].concat());
    let good = dir.join("good.pgc");
    let encoded = run(dir.path(), &["pgc", "encode", &pgn, "-o", &good]);
    check_run(&encoded, false);
    let good_bytes = fs::read(&good).expect("encoded");
    let first_end = pgn_pgc::Record::measure(&good_bytes).expect("a first record").1;
    let (first, second) = good_bytes.split_at(first_end);
    // Record `0x01` with a first string of 255 bytes where 3 are left,
    // `0x04` with 65535 moves where 3 are left, `0x0a` likewise, a tag pair
    // whose value runs past the end, and the second game cut in two.
    let damaged: [(&str, Vec<u8>); 5] = [
        ("reduced_game", vec![0x01, 0xff, b'a', b'b', b'c']),
        ("long_moves", vec![0x05, 0x04, 0xff, 0xff, 0, 1, 2]),
        ("escape", vec![0x0a, 0xff, 0xff, b'%', b'x']),
        ("tag_pair", vec![0x05, 0x02, 0x05, b'E', b'v', b'e', b'n', b't', 0xf0, b'x']),
        ("cut_game", second[..second.len() / 2].to_vec()),
    ];
    for (name, tail) in damaged {
        let file = dir.file(&format!("{name}.pgc"), &[first, &tail].concat());
        let next = dir.file("next.pgc", second);
        let out = dir.join("decoded.pgn");
        let decoded = run(dir.path(), &["pgc", "decode", &file, &next, "-o", &out]);
        check_run(&decoded, false);
        assert_eq!(decoded.code, Some(1), "{name}: {}", decoded.stderr_text());
        let text = fs::read_to_string(&out).expect("decoded");
        assert!(text.contains("[Event \"Before\"]"), "{name}: {text}");
        assert!(text.contains("[Event \"After\"]"), "{name}: {text}");
        assert!(
            decoded.stderr_text().contains(&format!("{name}.pgc")),
            "{}",
            decoded.stderr_text()
        );
        let dumped = run(dir.path(), &["pgc", "dump", &file]);
        check_run(&dumped, false);
        assert_eq!(dumped.code, Some(1), "{name}: {}", dumped.stderr_text());
    }
}

/// An EPD line of 1 MB (an operand, a string, a position) between good
/// records: the good records are written, the message is short.
#[test]
fn epd_line_of_a_megabyte() {
    let _one_at_a_time = serial();
    let dir = TempDir::new("epd");
    let good = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"good\";\n";
    let start = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ";
    let lines: [(&str, Vec<u8>); 3] = [
        ("move", [start.as_slice(), b"bm ", &vec![b'N'; 1 << 20], b";"].concat()),
        ("string", [start.as_slice(), b"c0 \"", &vec![b's'; 1 << 20], b"\";"].concat()),
        ("position", vec![b'p'; 1 << 20]),
    ];
    for (name, line) in lines {
        let file =
            dir.file(&format!("{name}.epd"), &[good.as_slice(), &line, b"\n", good].concat());
        for mode in [&[][..], &["--check"], &["--to-fen"]] {
            let args = [&["epd", file.as_str()][..], mode, &["--max-diagnostics", "100"]].concat();
            let run = run(dir.path(), &args);
            check_run(&run, false);
            assert_eq!(run.code, Some(1), "{}: {}", run.args, run.stderr_text());
            assert!(run.stderr_text().contains(":2:"), "{}: {}", run.args, run.stderr_text());
            if mode.is_empty() {
                assert_eq!(run.stdout_text().matches("id \"good\"").count(), 2, "{}", run.args);
            }
        }
    }
}

/// Every PGN file of the corpus, cut at a few seeded places; and with
/// bytes flipped at seeded places. Each file starts with `Before`; the
/// flipped files end with `After`, and after the cut files comes a file
/// that holds `After` alone.
#[test]
#[ignore = "large inputs: run with PGN_BIN=target/release/pgn (see the module doc)"]
fn corpus_files_cut_and_flipped() {
    let _one_at_a_time = serial();
    assert!(release(), "{HEAVY}");
    let corpus = testkit::corpus::find().expect("the corpus");
    let mut paths = Vec::new();
    for folder in ["pgn", "bench/lichess-samples", "bench/twic-samples"] {
        collect_pgn(&corpus.join(folder), &mut paths);
    }
    paths.sort();
    assert!(paths.len() > 150, "{} corpus files", paths.len());
    let mut rng = XorShift::new(0x0039_0002);
    let dir = TempDir::new("corpus");
    let (mut cut, mut flipped) = (Vec::new(), Vec::new());
    for (i, path) in paths.iter().enumerate() {
        let bytes = fs::read(path).expect("corpus file");
        for j in 0..3 {
            let at = rng.below(bytes.len() + 1);
            cut.push(
                dir.file(&format!("cut-{i}-{j}.pgn"), &[before(), bytes[..at].to_vec()].concat()),
            );
        }
        let mut bytes = bytes;
        for _ in 0..1 + bytes.len() / 20_000 {
            let at = rng.below(bytes.len().max(1));
            if let Some(b) = bytes.get_mut(at) {
                *b ^= 1 + rng.below(255) as u8;
            }
        }
        flipped.push(dir.file_of(&format!("flip-{i}.pgn"), &around(vec![Part::Bytes(bytes)])));
    }
    cut.push(dir.file("after.pgn", &after()));
    let n = paths.len() as u64;
    let mut table = String::new();
    let cuts = cut.len() as u64 - 1;
    for (name, files, before, after) in
        [("corpus cut", &cut, cuts, 1), ("corpus flipped", &flipped, n, n)]
    {
        for run in run_pgn_commands(&dir, files, before, after, false) {
            let command = run.args.split(" /").next().unwrap_or_default();
            let _ = writeln!(
                table,
                "| {name} ({} files) | {command} | {:.1} MiB | {:.2} s |",
                files.len(),
                run.peak_kib as f64 / 1024.0,
                run.time.as_secs_f64()
            );
        }
    }
    println!("{table}");
}

/// The `.pgn` files under `dir`, at any depth.
fn collect_pgn(dir: &Path, paths: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a corpus folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            collect_pgn(&path, paths);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            paths.push(path);
        }
    }
}
