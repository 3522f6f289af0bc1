//! `cargo xtask bench-pgc [--runs N] [--file PGN] [--pgn BIN] [--threads N]`:
//! the targets of the PGC codec measured as whole commands, the way
//! `../shared/bench/compare.py` measures its rows.
//!
//! - Size: the PGC of a file's reduced export (`pgn export --reduced`, then
//!   `pgn pgc encode`) against that export; the target is at most 25 %.
//! - Speed: `pgn check FILE`, `pgn pgc encode FILE` and `pgn pgc decode`
//!   of its PGC, each run once a round, in an order that turns from round
//!   to round, so that a noisy machine weighs on all three alike. Each
//!   round gives the ratio of encode and of decode to check; the medians
//!   and ranges of those ratios are the figures (the target is at most 1),
//!   with the median wall time, MB/s of the PGN read or written, and CPU
//!   time of each command. The ratios of CPU time follow: what encode and
//!   decode cost per core against check.
//!
//! The commands run as a user runs them: encode and decode on every core
//! (`--threads N` passes a count on), check on one thread, which is all
//! it uses. The default file is the main benchmark, the gnuchess book,
//! unpacked (with the `zstd` program, as compare.py does) to
//! `/tmp/pgn-bench/`. It is a benchmark, never a test: it fails only when a
//! command cannot run or fails.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

const USAGE: &str =
    "usage: cargo xtask bench-pgc [--runs N] [--file PGN] [--pgn BIN] [--threads N]";

/// Where compare.py unpacks the benchmark file; shared with it.
const BENCH_PGN: &str = "/tmp/pgn-bench/gnuchess-book_1.02.pgn";

/// The benchmark file in the corpus, relative to the workspace root.
const BENCH_ZST: &str = "../shared/corpus/bench/gnuchess-book_1.02.pgn.zst";

/// What the task was asked.
struct Options {
    runs: usize,
    file: Option<PathBuf>,
    pgn: Option<PathBuf>,
    threads: Option<String>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options { runs: 7, file: None, pgn: None, threads: None };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--runs" => {
                let runs = value()?;
                options.runs = runs.parse().map_err(|_| format!("--runs {runs}: not a count"))?;
                if options.runs == 0 {
                    return Err("--runs 0: at least one run".into());
                }
            }
            "--file" => options.file = Some(value()?.into()),
            "--pgn" => options.pgn = Some(value()?.into()),
            "--threads" => options.threads = Some(value()?.clone()),
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    Ok(options)
}

/// Runs the task.
pub(crate) fn main(root: &Path, args: &[String]) -> ExitCode {
    let options = match parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("bench-pgc: {message}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    match run(root, &options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-pgc: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(root: &Path, options: &Options) -> Result<(), String> {
    let pgn = match &options.pgn {
        Some(pgn) => pgn.clone(),
        None => build(root)?,
    };
    let file = match &options.file {
        Some(file) => file.clone(),
        None => bench_file(root)?,
    };
    let work = std::env::temp_dir().join(format!("pgn-xtask-bench-{}", std::process::id()));
    fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let result = measure(&pgn, &file, &work, options);
    // The PGC and the export are a few tens of MB: not left behind.
    let _ = fs::remove_dir_all(&work);
    result
}

/// Builds the `pgn` command in release mode; gives its path.
fn build(root: &Path) -> Result<PathBuf, String> {
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["build", "--release", "-q", "-p", "pgn-cli"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if !status.success() {
        return Err("cargo build --release -p pgn-cli failed".into());
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(target.join("release").join("pgn"))
}

/// The plain benchmark file, unpacked on first use.
fn bench_file(root: &Path) -> Result<PathBuf, String> {
    let plain = PathBuf::from(BENCH_PGN);
    if !plain.exists() {
        let packed = root.join(BENCH_ZST);
        if let Some(dir) = plain.parent() {
            fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let status = Command::new("zstd")
            .arg("-dqf")
            .arg(&packed)
            .arg("-o")
            .arg(&plain)
            .status()
            .map_err(|e| format!("zstd (apt-get install zstd, or --file PGN): {e}"))?;
        if !status.success() {
            return Err(format!("zstd could not unpack {}", packed.display()));
        }
    }
    Ok(plain)
}

/// One timed run: wall and CPU seconds (CPU when the system says).
#[derive(Clone, Copy)]
struct Timing {
    wall: f64,
    cpu: Option<f64>,
}

/// Runs `pgn` with `args`, its output thrown away; fails on a crash or
/// an exit code above 1 (1 says the input had errors: the book is clean,
/// but a file given with `--file` may not be).
fn timed(pgn: &Path, args: &[&str]) -> Result<Timing, String> {
    let cpu_before = children_cpu();
    let start = Instant::now();
    let status = Command::new(pgn)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| format!("{}: {e}", pgn.display()))?;
    let wall = start.elapsed().as_secs_f64();
    if !matches!(status.code(), Some(0 | 1)) {
        return Err(format!("pgn {}: {status}", args.join(" ")));
    }
    let cpu = cpu_before.zip(children_cpu()).map(|(before, after)| after - before);
    Ok(Timing { wall, cpu })
}

/// The CPU seconds (user and system) of this process's children that
/// have ended, from `/proc/self/stat` (its fields `cutime` and `cstime`,
/// in clock ticks, which Linux gives at 100 a second whatever the
/// kernel's own rate); None elsewhere.
fn children_cpu() -> Option<f64> {
    let stat = fs::read_to_string("/proc/self/stat").ok()?;
    // The command name, in parentheses, may hold spaces: count fields
    // from after it. `cutime` is the 16th field, the 14th after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(13);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

fn size(path: &Path) -> Result<u64, String> {
    fs::metadata(path).map(|m| m.len()).map_err(|e| format!("{}: {e}", path.display()))
}

/// A path as an argument.
fn arg(path: &Path) -> Result<&str, String> {
    path.to_str().ok_or_else(|| format!("{}: not UTF-8", path.display()))
}

fn measure(pgn: &Path, file: &Path, work: &Path, options: &Options) -> Result<(), String> {
    let file_arg = arg(file)?;
    let pgn_bytes = size(file)?;
    let mb = pgn_bytes as f64 / 1e6;
    let reduced = work.join("reduced.pgn");
    let reduced_pgc = work.join("reduced.pgc");
    let pgc = work.join("book.pgc");
    let out = work.join("out.pgc");
    let (reduced_arg, reduced_pgc_arg) = (arg(&reduced)?, arg(&reduced_pgc)?);
    let (pgc_arg, out_arg) = (arg(&pgc)?, arg(&out)?);

    timed(pgn, &["export", "--reduced", file_arg, "-o", reduced_arg])?;
    timed(pgn, &["pgc", "encode", reduced_arg, "-o", reduced_pgc_arg])?;
    let (export_bytes, reduced_pgc_bytes) = (size(&reduced)?, size(&reduced_pgc)?);
    timed(pgn, &["pgc", "encode", file_arg, "-o", pgc_arg])?;
    let pgc_bytes = size(&pgc)?;

    // As compare.py's `check` row runs it.
    let check = vec!["check", file_arg];
    let mut encode = vec!["pgc", "encode", file_arg, "-o", out_arg];
    let mut decode = vec!["pgc", "decode", pgc_arg, "-o", "/dev/null"];
    if let Some(threads) = &options.threads {
        encode.extend(["--threads", threads]);
        decode.extend(["--threads", threads]);
    }
    let commands = [("check", &check), ("encode", &encode), ("decode", &decode)];

    let mut timings: [Vec<Timing>; 3] = Default::default();
    for round in 0..options.runs {
        for k in 0..commands.len() {
            let which = (round + k) % commands.len();
            timings[which].push(timed(pgn, commands[which].1)?);
        }
    }

    println!(
        "file {} ({mb:.1} MB), {} round(s), pgn {}",
        file.display(),
        options.runs,
        pgn.display()
    );
    println!(
        "size: reduced export {:.1} MB, its PGC {:.1} MB = {:.1} % (target at most 25 %); \
         PGC of the file {:.1} MB",
        export_bytes as f64 / 1e6,
        reduced_pgc_bytes as f64 / 1e6,
        100.0 * reduced_pgc_bytes as f64 / export_bytes.max(1) as f64,
        pgc_bytes as f64 / 1e6,
    );
    println!("{:<8} {:>28} {:>9} {:>9}", "command", "wall s: median (min-max)", "MB/s", "CPU s");
    for ((name, _), runs) in commands.iter().zip(&timings) {
        let walls: Vec<f64> = runs.iter().map(|t| t.wall).collect();
        let cpus: Vec<f64> = runs.iter().filter_map(|t| t.cpu).collect();
        let (median_wall, low, high) = spread(&walls);
        let cpu =
            if cpus.len() == runs.len() { format!("{:.2}", spread(&cpus).0) } else { "-".into() };
        println!(
            "{name:<8} {:>28} {:>9.1} {cpu:>9}",
            format!("{median_wall:.3} ({low:.3}-{high:.3})"),
            mb / median_wall,
        );
    }
    for (k, name) in [(1, "encode"), (2, "decode")] {
        let ratios: Vec<f64> =
            timings[k].iter().zip(&timings[0]).map(|(t, c)| t.wall / c.wall).collect();
        let (median, low, high) = spread(&ratios);
        println!("{name} / check: {median:.3} ({low:.3}-{high:.3}) (target at most 1)");
        // The same rounds by CPU time: what the command costs per core,
        // whatever the number of cores.
        let cpu_ratios: Vec<f64> =
            timings[k].iter().zip(&timings[0]).filter_map(|(t, c)| Some(t.cpu? / c.cpu?)).collect();
        if cpu_ratios.len() == ratios.len() {
            let (median, low, high) = spread(&cpu_ratios);
            println!("{name} / check, CPU time: {median:.3} ({low:.3}-{high:.3})");
        }
    }
    Ok(())
}

/// The median, least and greatest of some values (not empty).
fn spread(values: &[f64]) -> (f64, f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    let median = match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => sorted[n / 2],
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    };
    let low = sorted.first().copied().unwrap_or(f64::NAN);
    let high = sorted.last().copied().unwrap_or(f64::NAN);
    (median, low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(spread(&[3.0, 1.0, 2.0]), (2.0, 1.0, 3.0));
        assert_eq!(spread(&[4.0, 1.0, 2.0, 3.0]), (2.5, 1.0, 4.0));
    }

    #[test]
    fn arguments_are_read_and_checked() {
        let args: Vec<String> = ["--runs", "3", "--threads", "1"].map(String::from).into();
        let options = parse(&args).expect("valid");
        assert_eq!((options.runs, options.threads.as_deref()), (3, Some("1")));
        assert!(parse(&["--runs".to_string()]).is_err());
        assert!(parse(&["--runs".to_string(), "0".to_string()]).is_err());
        assert!(parse(&["--fast".to_string()]).is_err());
    }
}
