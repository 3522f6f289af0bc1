//! `cargo xtask tidy`: the architecture invariants that a program can check.
//!
//! - **Layering.** A crate of ours depends only on the crates of ours that
//!   its layer allows ([`allowed`]); the dependency graph comes from
//!   `cargo metadata`. `testkit`, the test helpers, is outside the layers:
//!   any crate may take it as a dev-dependency, only `pgn-tests` as a
//!   normal one ([`TESTKIT`]).
//! - **File headers.** Every `.rs` file of a workspace member, and of the
//!   folders outside the workspace that hold our code ([`OUTSIDE`]: the
//!   fuzz targets), starts with a `//!` comment saying what the file holds.
//!   Those folders have no layer: like `xtask` and `pgn-tests`, the fuzz
//!   targets may use any crate.
//! - **Publishing.** The library crates and `pgn-cli` are published on
//!   crates.io, and nothing else ([`PUBLISHED`]); each of them has what
//!   crates.io asks for or shows (a description, a licence, a repository,
//!   a README file, keywords and categories by its rules), and depends
//!   only on published crates of ours, with a version; a dev-dependency
//!   on an unpublished crate of ours has none, so that `cargo package`
//!   leaves it out of the package.
//! - **Copies.** The build scripts of published crates cannot take
//!   `testkit` (not published) as a build-dependency, so those whose tests
//!   need the corpus include a copy of its corpus check, `build/corpus.rs`;
//!   each copy must be the same as the original ([`CORPUS_CHECK`]).
//! - **Panics.** No input makes a library panic: every call in a library's
//!   `src/` (tests aside) that can panic (`unwrap`, `expect`, `panic!`,
//!   `unreachable!`, `assert!` and the like) has a `//` comment on its
//!   line or just above saying why it cannot fire ([`check_panics`]).
//!
//! Each check returns a list of problems, one message per problem; an empty
//! list means the workspace is tidy. The same checks run as a unit test, so
//! `cargo test --workspace` fails on a tidy problem too.

use std::collections::BTreeSet;
use std::error::Error;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use serde_json::Value;

/// Runs every check on the workspace at `root` and prints the problems.
pub(crate) fn main(root: &Path) -> ExitCode {
    let workspace = match Workspace::load(root) {
        Ok(workspace) => workspace,
        Err(err) => {
            eprintln!("tidy: cannot read the workspace: {err}");
            return ExitCode::FAILURE;
        }
    };
    let problems = problems(&workspace);
    if problems.is_empty() {
        println!("tidy: ok");
        return ExitCode::SUCCESS;
    }
    for problem in &problems {
        eprintln!("tidy: {problem}");
    }
    eprintln!("tidy: {} problem(s)", problems.len());
    ExitCode::FAILURE
}

/// Every problem that the checks of this module find.
pub(crate) fn problems(workspace: &Workspace) -> Vec<String> {
    let mut problems = check_layers(workspace);
    problems.extend(check_headers(workspace));
    problems.extend(check_publishing(workspace));
    problems.extend(check_copies(workspace));
    problems.extend(check_panics(workspace));
    problems
}

/// The crate of test helpers: it depends on no crate of ours, so any crate
/// may take it as a dev-dependency (even `chess-core`) without a cycle, and
/// the test crate `pgn-tests` as a normal dependency. It is never part of a
/// library's API.
const TESTKIT: &str = "testkit";

/// True if `krate` may take [`TESTKIT`] as a dependency of this kind:
/// for its tests, or for the build script that marks the tests needing
/// the corpus (`testkit::corpus::build_script`).
fn testkit_permitted(krate: &str, kind: DependencyKind) -> bool {
    matches!(kind, DependencyKind::Dev | DependencyKind::Build) || krate == "pgn-tests"
}

/// The library crates, bottom layer first (ARCHITECTURE.md).
const LIBRARIES: &[&str] = &[
    "pgn-diag",
    "pgn-nag",
    "pgn-lex",
    "chess-core",
    "pgn-syntax",
    "fen-epd",
    "pgn-commands",
    "san",
    "pgn-replay",
    "pgn-export",
    "pgn-pgc",
    "pgn-select",
    "pgn-table",
];

/// The crates published on crates.io: the libraries and the command.
/// Every other member says `publish = false`.
const PUBLISHED: &[&[&str]] = &[LIBRARIES, &["pgn-cli"]];

/// The crates of ours that the layer of `krate` allows it to depend on
/// ([`TESTKIT`] aside).
///
/// `None` for a crate that has no layer yet: tidy reports it, so that a new
/// crate gets a place in the table below.
fn allowed(krate: &str) -> Option<Allowed> {
    /// Notation only: `san` reads no PGN, so a program takes SAN, FEN and
    /// EPD without the PGN crates.
    const BELOW_SAN: &[&str] = &["pgn-diag", "pgn-nag", "chess-core", "fen-epd"];
    /// The replay joins the two branches: PGN syntax and the rules.
    const BELOW_REPLAY: &[&str] = &[
        "pgn-diag",
        "pgn-nag",
        "chess-core",
        "fen-epd",
        "san",
        "pgn-syntax",
        "pgn-lex",
        "pgn-commands",
    ];
    /// `pgn-export`, `pgn-pgc`, `pgn-select` and `pgn-table` are siblings: each builds on
    /// the replayed game model (`pgn-replay`), and none may use another.
    const BELOW_WRITERS: &[&str] = &[
        "pgn-diag",
        "pgn-nag",
        "chess-core",
        "fen-epd",
        "san",
        "pgn-syntax",
        "pgn-lex",
        "pgn-commands",
        "pgn-replay",
    ];

    Some(match krate {
        "pgn-diag" | "pgn-nag" | "pgn-lex" | "chess-core" | TESTKIT => Allowed::Only(&[]),
        "pgn-syntax" => Allowed::Only(&["pgn-diag", "pgn-nag", "pgn-lex"]),
        "fen-epd" => Allowed::Only(&["pgn-diag", "chess-core"]),
        // Comment commands: squares, but no PGN reading.
        "pgn-commands" => Allowed::Only(&["pgn-diag", "chess-core"]),
        "san" => Allowed::Only(BELOW_SAN),
        "pgn-replay" => Allowed::Only(BELOW_REPLAY),
        "pgn-export" | "pgn-pgc" | "pgn-select" | "pgn-table" => Allowed::Only(BELOW_WRITERS),
        "pgn-cli" => Allowed::Libraries(LIBRARIES),
        "xtask" | "pgn-tests" | "pgn-examples" => Allowed::Anything,
        _ => return None,
    })
}

/// Which crates of ours a crate may depend on.
#[derive(Clone, Copy, Debug)]
enum Allowed {
    /// Only these, whatever the kind of dependency (a library's tests and
    /// benches live in its layer too).
    Only(&'static [&'static str]),
    /// These for normal and build dependencies, anything for dev-dependencies.
    Libraries(&'static [&'static str]),
    /// Any crate of ours.
    Anything,
}

impl Allowed {
    fn permits(self, dependency: &Dependency) -> bool {
        match self {
            Allowed::Only(crates) => crates.contains(&dependency.name.as_str()),
            Allowed::Libraries(crates) => {
                dependency.kind == DependencyKind::Dev || crates.contains(&dependency.name.as_str())
            }
            Allowed::Anything => true,
        }
    }

    fn describe(self) -> String {
        match self {
            Allowed::Only([]) => "no crate of ours".to_owned(),
            Allowed::Only(crates) => crates.join(", "),
            Allowed::Libraries(crates) => {
                format!("{} (and anything as a dev-dependency)", crates.join(", "))
            }
            Allowed::Anything => "anything".to_owned(),
        }
    }
}

/// Checks that every dependency between crates of ours points down the layers.
pub(crate) fn check_layers(workspace: &Workspace) -> Vec<String> {
    let ours: BTreeSet<&str> = workspace.packages.iter().map(|p| p.name.as_str()).collect();
    let mut problems = Vec::new();
    for package in &workspace.packages {
        let Some(allowed) = allowed(&package.name) else {
            problems.push(format!(
                "crate `{}` has no layer: add it to `allowed` in xtask/src/tidy.rs",
                package.name
            ));
            continue;
        };
        for dependency in &package.dependencies {
            if dependency.name == TESTKIT {
                if !testkit_permitted(&package.name, dependency.kind) {
                    problems.push(format!(
                        "crate `{}` has a {} on `{TESTKIT}`, which is for tests only \
                         (take it as a dev-dependency)",
                        package.name,
                        dependency.kind.describe(),
                    ));
                }
                continue;
            }
            if ours.contains(dependency.name.as_str()) && !allowed.permits(dependency) {
                problems.push(format!(
                    "crate `{}` has a {} on `{}`, which its layer forbids \
                     (`{}` may depend on: {})",
                    package.name,
                    dependency.kind.describe(),
                    dependency.name,
                    package.name,
                    allowed.describe(),
                ));
            }
        }
    }
    problems
}

/// The categories of crates.io that fit crates of this project: a part of
/// crates.io's list (a category outside it refuses the upload). Check a
/// new one against that list before adding it here.
const CATEGORIES: &[&str] = &[
    "algorithms",
    "command-line-utilities",
    "compression",
    "data-structures",
    "encoding",
    "game-development",
    "games",
    "parser-implementations",
    "parsing",
    "text-processing",
    "value-formatting",
];

/// Checks that the crates of [`PUBLISHED`], and no others, may be
/// published, and that they can be: what crates.io asks for, and
/// dependencies that `cargo package` can write.
pub(crate) fn check_publishing(workspace: &Workspace) -> Vec<String> {
    let published = |name: &str| PUBLISHED.iter().any(|crates| crates.contains(&name));
    let ours: BTreeSet<&str> = workspace.packages.iter().map(|p| p.name.as_str()).collect();
    let mut problems = Vec::new();
    for package in &workspace.packages {
        let name = &package.name;
        match (published(name), package.publish) {
            (true, false) => {
                problems
                    .push(format!("crate `{name}` is meant to be published: set `publish = true`"));
                continue;
            }
            (false, true) => {
                problems.push(format!(
                    "crate `{name}` may be published: set `publish = false`, or add it to \
                     `PUBLISHED` in xtask/src/tidy.rs"
                ));
                continue;
            }
            (false, false) => {
                continue;
            }
            (true, true) => {}
        }
        let listing = &package.listing;
        let mut lacks = |what: &str| problems.push(format!("crate `{name}` is published {what}"));
        if listing.description.is_none() {
            lacks("without a description");
        }
        if !listing.license {
            lacks("without a licence");
        }
        if listing.repository.is_none() {
            lacks("without a repository");
        }
        if listing.rust_version.is_none() {
            lacks("without a rust-version");
        }
        match &listing.readme {
            None => lacks("without a README (`readme = \"README.md\"`)"),
            Some(readme) if !package.dir.join(readme).is_file() => {
                lacks(&format!("with a README, {readme}, that is not in its folder"));
            }
            Some(_) => {}
        }
        if listing.keywords.is_empty() || listing.keywords.len() > 5 {
            lacks("without one to five keywords");
        }
        for keyword in listing.keywords.iter().filter(|k| !keyword_fits(k)) {
            lacks(&format!(
                "with the keyword `{keyword}`: crates.io takes at most 20 letters, digits, \
                 `_`, `-` or `+`, starting with a letter"
            ));
        }
        if listing.categories.is_empty() || listing.categories.len() > 5 {
            lacks("without one to five categories");
        }
        for category in listing.categories.iter().filter(|c| !CATEGORIES.contains(&c.as_str())) {
            lacks(&format!("in the category `{category}`, which is not in `CATEGORIES`"));
        }
        for dependency in package.dependencies.iter().filter(|d| ours.contains(d.name.as_str())) {
            let (kind, on) = (dependency.kind.describe(), &dependency.name);
            match (dependency.kind, published(on), dependency.versioned) {
                (DependencyKind::Dev, false, true) => problems.push(format!(
                    "crate `{name}` has a {kind} on `{on}`, which is not published, with a \
                     version: leave the version out, so that `cargo package` leaves it out"
                )),
                (DependencyKind::Dev, ..) => {}
                (_, false, _) => problems.push(format!(
                    "crate `{name}` is published but has a {kind} on `{on}`, which is not"
                )),
                (_, true, false) => problems.push(format!(
                    "crate `{name}` has a {kind} on `{on}` without a version: \
                     `cargo package` refuses it"
                )),
                (_, true, true) => {}
            }
        }
    }
    problems
}

/// True if crates.io takes `keyword`: at most 20 ASCII letters, digits,
/// `_`, `-` or `+`, the first a letter.
fn keyword_fits(keyword: &str) -> bool {
    keyword.len() <= 20
        && keyword.starts_with(|c: char| c.is_ascii_alphabetic())
        && keyword.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-+".contains(&b))
}

/// Folders of our code outside the workspace, relative to its root: the
/// fuzz targets, a workspace of their own (`fuzz/Cargo.toml` says why).
const OUTSIDE: &[&str] = &["fuzz"];

/// Folders that hold no code of ours: build output, and the inputs and
/// findings of the fuzzer (`fuzz/corpus`, `fuzz/artifacts`).
const NOT_CODE: &[&str] = &["target", "corpus", "artifacts", "coverage"];

/// Checks that every `.rs` file of every member, and of the folders in
/// [`OUTSIDE`] that exist, starts with a `//!` line.
pub(crate) fn check_headers(workspace: &Workspace) -> Vec<String> {
    let mut files = BTreeSet::new();
    let mut problems = Vec::new();
    let outside = OUTSIDE.iter().map(|dir| workspace.root.join(dir)).filter(|dir| dir.is_dir());
    let dirs = workspace.packages.iter().map(|p| p.dir.clone()).chain(outside);
    for dir in dirs {
        if let Err(err) = collect_rust_files(&dir, &mut files) {
            problems.push(format!("cannot list {}: {err}", dir.display()));
        }
    }
    for file in &files {
        let shown = file.strip_prefix(&workspace.root).unwrap_or(file).display();
        match fs::read(file) {
            Ok(text) if has_header(&text) => {}
            Ok(_) => problems.push(format!(
                "{shown}: the file must start with a `//!` comment saying what it holds \
                 (on the first line)"
            )),
            Err(err) => problems.push(format!("{shown}: cannot read: {err}")),
        }
    }
    problems
}

/// The original of the corpus check that build scripts include, relative
/// to the workspace root.
const CORPUS_CHECK: &str = "testkit/src/corpus/locate.rs";

/// Where a crate keeps its copy of [`CORPUS_CHECK`], relative to its folder.
const CORPUS_CHECK_COPY: &str = "build/corpus.rs";

/// Checks that every member's copy of [`CORPUS_CHECK`] is the same as it.
pub(crate) fn check_copies(workspace: &Workspace) -> Vec<String> {
    let original = match fs::read(workspace.root.join(CORPUS_CHECK)) {
        Ok(text) => text,
        Err(err) => return vec![format!("{CORPUS_CHECK}: cannot read: {err}")],
    };
    let mut problems = Vec::new();
    for package in &workspace.packages {
        let copy = package.dir.join(CORPUS_CHECK_COPY);
        let shown = copy.strip_prefix(&workspace.root).unwrap_or(&copy).display();
        match fs::read(&copy) {
            Ok(text) if text == original => {}
            Ok(_) => problems.push(format!(
                "{shown} differs from {CORPUS_CHECK}: change the original, then copy it over"
            )),
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => problems.push(format!("{shown}: cannot read: {err}")),
        }
    }
    problems
}

/// True if the text's first line is a `//!` comment.
fn has_header(text: &[u8]) -> bool {
    text.starts_with(b"//!")
}

/// Adds the `.rs` files under `dir` to `files`, skipping the folders
/// named in [`NOT_CODE`].
fn collect_rust_files(dir: &Path, files: &mut BTreeSet<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            if !NOT_CODE.iter().any(|name| entry.file_name() == *name) {
                collect_rust_files(&path, files)?;
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.insert(path);
        }
    }
    Ok(())
}

/// The methods that panic, as the check finds them: after `.` (a call) or
/// `::` (a path, `Option::unwrap`).
const PANICKING_METHODS: &[&str] = &["unwrap", "expect", "unwrap_err", "expect_err"];

/// The macros that panic, as the check finds them: before `!`. The
/// `debug_assert` family is left out: it is gone from release builds.
const PANICKING_MACROS: &[&str] =
    &["panic", "unreachable", "todo", "unimplemented", "assert", "assert_eq", "assert_ne"];

/// How many lines above a panicking call may hold the comment that says
/// why it cannot fire.
const REASON_REACH: usize = 3;

/// Library crates whose panicking calls are not yet reviewed: the check
/// leaves them out until each call has its reason.
const PANICS_UNREVIEWED: &[&str] = &[];

/// Checks that every panicking call in the `src/` of a library crate
/// (tests aside) says why it cannot fire: a `//` comment on its line or on
/// one of the [`REASON_REACH`] lines above it. No input may make a library
/// panic (ARCHITECTURE.md); where a call that could panic is kept, the
/// comment is the proof for the reader.
pub(crate) fn check_panics(workspace: &Workspace) -> Vec<String> {
    let mut files = BTreeSet::new();
    let mut problems = Vec::new();
    let libraries = workspace.packages.iter().filter(|package| {
        LIBRARIES.contains(&package.name.as_str())
            && !PANICS_UNREVIEWED.contains(&package.name.as_str())
    });
    for package in libraries {
        let src = package.dir.join("src");
        if let Err(err) = collect_rust_files(&src, &mut files) {
            problems.push(format!("cannot list {}: {err}", src.display()));
        }
    }
    for file in &files {
        let shown = file.strip_prefix(&workspace.root).unwrap_or(file).display();
        match fs::read_to_string(file) {
            Ok(text) => {
                for (line, call) in unexplained_panics(&text) {
                    problems.push(format!(
                        "{shown}:{line}: {call} needs a `//` comment on its line or the \
                         {REASON_REACH} above saying why it cannot fire (or code that cannot panic)"
                    ));
                }
            }
            Err(err) => problems.push(format!("{shown}: cannot read: {err}")),
        }
    }
    problems
}

/// The panicking calls of `text` outside `#[cfg(test)]` items, comments
/// and literals that have no reason given, as (line number from 1, call).
fn unexplained_panics(text: &str) -> Vec<(usize, String)> {
    let lines = code_lines(text);
    let mut found = Vec::new();
    let mut test_item = TestItem::Outside;
    for (index, line) in lines.iter().enumerate() {
        let mut code = line.code.as_str();
        if test_item == TestItem::Outside {
            let trimmed = code.trim_start();
            if trimmed.starts_with("#![cfg(test)]") {
                return Vec::new();
            }
            if let Some(rest) = trimmed.strip_prefix("#[cfg(test)]") {
                test_item = TestItem::Before;
                code = rest;
            }
        }
        if test_item != TestItem::Outside {
            test_item = test_item.skip(code);
            continue;
        }
        for call in panicking_calls(code) {
            let first = index.saturating_sub(REASON_REACH);
            if !lines[first..=index].iter().any(|line| line.reason) {
                found.push((index + 1, call));
            }
        }
    }
    found
}

/// Where the scan is with respect to an item under `#[cfg(test)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TestItem {
    /// Not in one.
    Outside,
    /// After the attribute, before the item's `{` or `;`.
    Before,
    /// Inside its braces, this deep.
    Inside(usize),
}

impl TestItem {
    /// The state after the code `code`, all of which belongs to the item.
    fn skip(self, code: &str) -> TestItem {
        let mut state = self;
        for c in code.chars() {
            state = match (state, c) {
                (TestItem::Before, ';') => TestItem::Outside,
                (TestItem::Before, '{') => TestItem::Inside(1),
                (TestItem::Inside(1), '}') => TestItem::Outside,
                (TestItem::Inside(depth), '}') => TestItem::Inside(depth - 1),
                (TestItem::Inside(depth), '{') => TestItem::Inside(depth + 1),
                (state, _) => state,
            };
        }
        state
    }
}

/// The panicking calls in one line of code (comments and literals taken
/// out), as they are shown: `.unwrap()`, `panic!`.
fn panicking_calls(code: &str) -> Vec<String> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut calls = Vec::new();
    let mut start = 0;
    while let Some(offset) = code[start..].find(|c: char| is_ident(c)) {
        let begin = start + offset;
        let end = code[begin..].find(|c: char| !is_ident(c)).map_or(code.len(), |len| begin + len);
        let word = &code[begin..end];
        let before = &code[..begin];
        let after = &code[end..];
        if PANICKING_METHODS.contains(&word) && (before.ends_with('.') || before.ends_with("::")) {
            calls.push(format!("`.{word}()`"));
        } else if PANICKING_MACROS.contains(&word) && after.starts_with('!') {
            calls.push(format!("`{word}!`"));
        }
        start = end;
    }
    calls
}

/// A line of Rust with its comments and the contents of its literals
/// taken out.
#[derive(Debug, Default)]
struct CodeLine {
    code: String,
    /// Whether the line has a `//` comment with some text (a doc comment,
    /// `///` or `//!`, says what an item does, not why a call cannot fail).
    reason: bool,
}

/// What the lexer of [`code_lines`] is inside of when a line ends.
#[derive(Clone, Copy)]
enum Within {
    Code,
    /// A block comment, nested this deep.
    Comment(usize),
    /// A string literal with escapes.
    Str,
    /// A raw string literal closed by `"` and this many `#`.
    RawStr(usize),
}

/// Splits `text` into lines of code, line by line, knowing just enough of
/// Rust's lexical grammar to skip comments, strings and characters.
fn code_lines(text: &str) -> Vec<CodeLine> {
    let mut within = Within::Code;
    let mut lines = Vec::new();
    for text in text.lines() {
        let chars: Vec<char> = text.chars().collect();
        let mut line = CodeLine::default();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            match within {
                Within::Comment(depth) => {
                    if c == '*' && next == Some('/') {
                        within = if depth == 1 { Within::Code } else { Within::Comment(depth - 1) };
                        i += 1;
                    } else if c == '/' && next == Some('*') {
                        within = Within::Comment(depth + 1);
                        i += 1;
                    }
                }
                Within::Str => {
                    if c == '\\' {
                        i += 1;
                    } else if c == '"' {
                        line.code.push('"');
                        within = Within::Code;
                    }
                }
                Within::RawStr(hashes) => {
                    let closes = chars[i + 1..].iter().take_while(|&&c| c == '#').count() >= hashes;
                    if c == '"' && closes {
                        line.code.push('"');
                        within = Within::Code;
                        i += hashes;
                    }
                }
                Within::Code => {
                    let after_ident =
                        i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
                    if c == '/' && next == Some('/') {
                        let rest: String = chars[i + 2..].iter().collect();
                        let doc = (rest.starts_with('/') && !rest.starts_with("//"))
                            || rest.starts_with('!');
                        line.reason = !doc && !rest.trim().is_empty();
                        break;
                    } else if c == '/' && next == Some('*') {
                        within = Within::Comment(1);
                        i += 1;
                    } else if c == '"' {
                        line.code.push('"');
                        within = Within::Str;
                    } else if c == 'r'
                        && (!after_ident
                            || (chars[i - 1] == 'b' && (i < 2 || !chars[i - 2].is_alphanumeric())))
                        && matches!(next, Some('"' | '#'))
                    {
                        let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                        if chars.get(i + 1 + hashes) == Some(&'"') {
                            line.code.push('"');
                            within = Within::RawStr(hashes);
                            i += 1 + hashes;
                        } else {
                            line.code.push(c);
                        }
                    } else if c == '\'' {
                        // A character literal ('x', '\n', '\u{..}') or a lifetime ('a).
                        if next == Some('\\') {
                            let close = chars[i + 2..].iter().position(|&c| c == '\'');
                            i += close.map_or(chars.len(), |close| close + 2);
                        } else if chars.get(i + 2) == Some(&'\'') {
                            i += 2;
                        } else {
                            line.code.push(c);
                        }
                    } else {
                        line.code.push(c);
                    }
                }
            }
            i += 1;
        }
        lines.push(line);
    }
    lines
}

/// The members of the workspace and their dependencies.
#[derive(Debug)]
pub(crate) struct Workspace {
    /// The folder of the root `Cargo.toml`.
    root: PathBuf,
    /// Every member.
    packages: Vec<Package>,
}

/// A member of the workspace.
#[derive(Debug)]
struct Package {
    name: String,
    /// The folder of its `Cargo.toml`.
    dir: PathBuf,
    dependencies: Vec<Dependency>,
    /// Whether `cargo publish` may publish it (`publish` is not `false`).
    publish: bool,
    /// What crates.io shows of it.
    listing: Listing,
}

/// The fields of a manifest that crates.io asks for or shows.
#[derive(Debug, Default)]
struct Listing {
    description: Option<String>,
    /// A licence, as an SPDX expression or a file.
    license: bool,
    repository: Option<String>,
    rust_version: Option<String>,
    /// The README file, relative to the crate's folder.
    readme: Option<String>,
    keywords: Vec<String>,
    categories: Vec<String>,
}

/// One dependency as declared in a member's `Cargo.toml`.
#[derive(Debug)]
struct Dependency {
    /// The package name (not a rename).
    name: String,
    kind: DependencyKind,
    /// Whether it names a version (a path dependency may not).
    versioned: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DependencyKind {
    Normal,
    Build,
    Dev,
}

impl DependencyKind {
    fn describe(self) -> &'static str {
        match self {
            DependencyKind::Normal => "dependency",
            DependencyKind::Build => "build-dependency",
            DependencyKind::Dev => "dev-dependency",
        }
    }
}

impl Workspace {
    /// Reads the workspace at `root` with `cargo metadata --no-deps`, running
    /// the cargo that runs us (`$CARGO`) or else `cargo` from `PATH`.
    pub(crate) fn load(root: &Path) -> Result<Workspace, Box<dyn Error>> {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
        let output = Command::new(cargo)
            .args(["metadata", "--format-version", "1", "--no-deps", "--manifest-path"])
            .arg(root.join("Cargo.toml"))
            .output()?;
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            return Err(format!("cargo metadata failed: {}", stderr.trim()).into());
        }
        Workspace::from_metadata(&String::from_utf8(output.stdout)?)
    }

    /// Builds the model from the JSON that `cargo metadata` prints.
    fn from_metadata(json: &str) -> Result<Workspace, Box<dyn Error>> {
        let metadata: Value = serde_json::from_str(json)?;
        let root = PathBuf::from(string_field(&metadata, "workspace_root")?);
        let packages = array_field(&metadata, "packages")?
            .iter()
            .map(Package::from_metadata)
            .collect::<Result<_, _>>()?;
        Ok(Workspace { root, packages })
    }
}

impl Package {
    fn from_metadata(package: &Value) -> Result<Package, Box<dyn Error>> {
        let name = string_field(package, "name")?.to_owned();
        let manifest = Path::new(string_field(package, "manifest_path")?);
        let dir = manifest.parent().ok_or("a manifest path has no folder")?.to_path_buf();
        let dependencies = array_field(package, "dependencies")?
            .iter()
            .map(Dependency::from_metadata)
            .collect::<Result<_, _>>()?;
        // `null` for any registry, a list of the registries allowed
        // otherwise (empty for `publish = false`).
        let publish = match package.get("publish") {
            None | Some(Value::Null) => true,
            Some(registries) => registries.as_array().is_some_and(|r| !r.is_empty()),
        };
        let text = |key: &str| {
            package.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).map(str::to_owned)
        };
        let list = |key: &str| -> Vec<String> {
            let values = package.get(key).and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            values.iter().filter_map(Value::as_str).map(str::to_owned).collect()
        };
        let listing = Listing {
            description: text("description"),
            license: text("license").is_some() || text("license_file").is_some(),
            repository: text("repository"),
            rust_version: text("rust_version"),
            readme: text("readme"),
            keywords: list("keywords"),
            categories: list("categories"),
        };
        Ok(Package { name, dir, dependencies, publish, listing })
    }
}

impl Dependency {
    fn from_metadata(dependency: &Value) -> Result<Dependency, Box<dyn Error>> {
        let name = string_field(dependency, "name")?.to_owned();
        let kind = match dependency.get("kind").and_then(Value::as_str) {
            None => DependencyKind::Normal,
            Some("build") => DependencyKind::Build,
            Some("dev") => DependencyKind::Dev,
            Some(other) => return Err(format!("unknown dependency kind `{other}`").into()),
        };
        let versioned = dependency.get("req").and_then(Value::as_str).is_some_and(|r| r != "*");
        Ok(Dependency { name, kind, versioned })
    }
}

fn string_field<'a>(value: &'a Value, key: &str) -> Result<&'a str, Box<dyn Error>> {
    value.get(key).and_then(Value::as_str).ok_or_else(|| format!("no string `{key}`").into())
}

fn array_field<'a>(value: &'a Value, key: &str) -> Result<&'a [Value], Box<dyn Error>> {
    value
        .get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .ok_or_else(|| format!("no array `{key}`").into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A crate's dependencies as `(name, kind)`, the kind as in `cargo metadata`.
    type Deps<'a> = &'a [(&'a str, Option<&'a str>)];

    /// Metadata of a small workspace of `(crate, dependencies)`.
    fn workspace(crates: &[(&str, Deps<'_>)]) -> Workspace {
        let packages: Vec<Value> = crates
            .iter()
            .map(|(name, deps)| {
                let deps: Vec<Value> = deps
                    .iter()
                    .map(|(dep, kind)| serde_json::json!({ "name": dep, "kind": kind }))
                    .collect();
                serde_json::json!({
                    "name": name,
                    "manifest_path": format!("/ws/{name}/Cargo.toml"),
                    "dependencies": deps,
                })
            })
            .collect();
        let json = serde_json::json!({ "workspace_root": "/ws", "packages": packages });
        Workspace::from_metadata(&json.to_string()).expect("well-formed metadata")
    }

    #[test]
    fn the_workspace_is_tidy() {
        let root = crate::workspace_root();
        let workspace = Workspace::load(&root).expect("cargo metadata runs");
        let problems = problems(&workspace);
        assert!(problems.is_empty(), "cargo xtask tidy found problems:\n{}", problems.join("\n"));
    }

    #[test]
    fn dependencies_must_point_down() {
        let ws = workspace(&[
            ("chess-core", &[("fen-epd", None)]),
            ("fen-epd", &[("chess-core", None), ("nom", None)]),
            ("san", &[("pgn-export", Some("build"))]),
            ("pgn-export", &[]),
        ]);
        let problems = check_layers(&ws);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(problems[0].starts_with("crate `chess-core` has a dependency on `fen-epd`"));
        assert!(problems[1].starts_with("crate `san` has a build-dependency on `pgn-export`"));
    }

    #[test]
    fn the_writers_are_siblings_and_fen_epd_reads_no_pgn() {
        let ws = workspace(&[
            ("pgn-pgc", &[("san", None), ("pgn-export", None)]),
            ("pgn-export", &[("pgn-pgc", Some("dev"))]),
            ("fen-epd", &[("pgn-diag", None), ("pgn-syntax", None)]),
            ("pgn-syntax", &[]),
            ("pgn-diag", &[]),
        ]);
        let problems = check_layers(&ws);
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(problems[0].starts_with("crate `pgn-pgc` has a dependency on `pgn-export`"));
        assert!(problems[1].starts_with("crate `pgn-export` has a dev-dependency on `pgn-pgc`"));
        assert!(problems[2].starts_with("crate `fen-epd` has a dependency on `pgn-syntax`"));
    }

    #[test]
    fn san_reads_no_pgn_and_the_replay_joins_the_branches() {
        let ws = workspace(&[
            (
                "san",
                &[
                    ("fen-epd", None),
                    ("pgn-nag", None),
                    ("pgn-syntax", None),
                    ("pgn-lex", Some("dev")),
                ],
            ),
            ("pgn-replay", &[("san", None), ("pgn-syntax", None), ("pgn-export", None)]),
            ("pgn-syntax", &[("pgn-nag", None), ("san", None)]),
            ("fen-epd", &[]),
            ("pgn-nag", &[]),
            ("pgn-lex", &[]),
            ("pgn-export", &[]),
        ]);
        let problems = check_layers(&ws);
        assert_eq!(problems.len(), 4, "{problems:#?}");
        assert!(problems[0].starts_with("crate `san` has a dependency on `pgn-syntax`"));
        assert!(problems[1].starts_with("crate `san` has a dev-dependency on `pgn-lex`"));
        assert!(problems[2].starts_with("crate `pgn-replay` has a dependency on `pgn-export`"));
        assert!(problems[3].starts_with("crate `pgn-syntax` has a dependency on `san`"));
    }

    #[test]
    fn dev_dependencies_of_libraries_point_down_too() {
        let ws = workspace(&[
            ("pgn-lex", &[("pgn-syntax", Some("dev"))]),
            ("pgn-syntax", &[("pgn-lex", Some("dev"))]),
        ]);
        let problems = check_layers(&ws);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].contains("dev-dependency on `pgn-syntax`"));
    }

    #[test]
    fn binaries_and_test_crates() {
        let ws = workspace(&[
            ("pgn-cli", &[("pgn-pgc", None), ("pgn-tests", Some("dev")), ("xtask", None)]),
            ("pgn-tests", &[("pgn-cli", None)]),
            ("xtask", &[("pgn-tests", Some("build"))]),
            ("pgn-pgc", &[]),
        ]);
        let problems = check_layers(&ws);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].starts_with("crate `pgn-cli` has a dependency on `xtask`"));
    }

    #[test]
    fn testkit_is_for_tests_only() {
        let ws = workspace(&[
            ("chess-core", &[("testkit", Some("dev"))]),
            ("san", &[("testkit", Some("dev"))]),
            ("pgn-tests", &[("testkit", None)]),
            ("fen-epd", &[("testkit", None)]),
            ("pgn-lex", &[("testkit", Some("build"))]),
            ("xtask", &[("testkit", None)]),
            ("testkit", &[("chess-core", Some("dev"))]),
        ]);
        let problems = check_layers(&ws);
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(problems[0].starts_with("crate `fen-epd` has a dependency on `testkit`"));
        assert!(problems[1].starts_with("crate `xtask` has a dependency on `testkit`"));
        assert!(problems[2].starts_with("crate `testkit` has a dev-dependency on `chess-core`"));
    }

    #[test]
    fn a_crate_without_layer_is_reported() {
        let ws = workspace(&[("pgn-new", &[])]);
        assert_eq!(check_layers(&ws).len(), 1);
    }

    #[test]
    fn files_outside_the_workspace_are_checked_too() {
        let root = std::env::temp_dir().join(format!("tidy-outside-{}", std::process::id()));
        let targets = root.join("fuzz/fuzz_targets");
        let corpus = root.join("fuzz/corpus/reader");
        fs::create_dir_all(&targets).expect("temporary folder");
        fs::create_dir_all(&corpus).expect("temporary folder");
        fs::write(targets.join("good.rs"), "//! A target.\n").expect("write");
        fs::write(targets.join("bad.rs"), "fn main() {}\n").expect("write");
        // Fuzzer inputs are not code, whatever their names.
        fs::write(corpus.join("seed.rs"), "[Event").expect("write");
        let problems = check_headers(&Workspace { root: root.clone(), packages: Vec::new() });
        fs::remove_dir_all(&root).expect("clean up");
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].starts_with("fuzz/fuzz_targets/bad.rs: "), "{problems:#?}");
    }

    /// The metadata of a member of a workspace at `root`: `publish` as
    /// `cargo metadata` gives it, a complete listing with a README unless
    /// `listing` changes it, and dependencies as `(name, kind, req)`.
    fn listed(
        root: &Path,
        name: &str,
        publish: Value,
        listing: Value,
        deps: &[(&str, Option<&str>, &str)],
    ) -> Value {
        let dir = root.join(name);
        fs::create_dir_all(&dir).expect("temporary folder");
        fs::write(dir.join("README.md"), "# A crate\n").expect("write");
        let deps: Vec<Value> = deps
            .iter()
            .map(|(dep, kind, req)| serde_json::json!({ "name": dep, "kind": kind, "req": req }))
            .collect();
        let mut package = serde_json::json!({
            "name": name,
            "manifest_path": dir.join("Cargo.toml"),
            "dependencies": deps,
            "publish": publish,
            "description": "A crate of the toolkit",
            "license": "MIT OR Apache-2.0",
            "repository": "https://example.invalid/pgn-toolkit",
            "rust_version": "1.95",
            "readme": "README.md",
            "keywords": ["chess", "pgn"],
            "categories": ["games"],
        });
        for (key, value) in listing.as_object().expect("an object") {
            package[key] = value.clone();
        }
        package
    }

    #[test]
    fn published_crates_have_what_crates_io_asks_for() {
        let root = std::env::temp_dir().join(format!("tidy-publish-{}", std::process::id()));
        let none = Value::Array(Vec::new());
        let packages = vec![
            listed(&root, "pgn-diag", Value::Null, serde_json::json!({}), &[]),
            listed(&root, "pgn-nag", none.clone(), serde_json::json!({}), &[]),
            listed(&root, "testkit", Value::Null, serde_json::json!({}), &[]),
            listed(&root, "pgn-tests", none.clone(), serde_json::json!({ "readme": null }), &[]),
            listed(
                &root,
                "san",
                Value::Null,
                serde_json::json!({
                    "description": null,
                    "readme": "READ.md",
                    "keywords": ["chess", "standard-algebraic-notation", "1960s"],
                    "categories": ["games", "chess"],
                }),
                &[],
            ),
            listed(
                &root,
                "pgn-lex",
                Value::Null,
                serde_json::json!({ "keywords": [], "license": null }),
                &[
                    ("testkit", Some("dev"), "^0.1.0"),
                    ("testkit", Some("build"), "*"),
                    ("pgn-diag", None, "*"),
                    ("pgn-nag", Some("dev"), "*"),
                    ("nom", None, "*"),
                ],
            ),
            listed(
                &root,
                "pgn-cli",
                Value::Null,
                serde_json::json!({}),
                &[("pgn-tests", Some("dev"), "*")],
            ),
        ];
        let json = serde_json::json!({ "workspace_root": root, "packages": packages });
        let workspace = Workspace::from_metadata(&json.to_string()).expect("well-formed metadata");
        let problems = check_publishing(&workspace);
        fs::remove_dir_all(&root).expect("clean up");
        let expected = [
            "crate `pgn-nag` is meant to be published",
            "crate `testkit` may be published",
            "crate `san` is published without a description",
            "crate `san` is published with a README, READ.md, that is not in its folder",
            "crate `san` is published with the keyword `standard-algebraic-notation`",
            "crate `san` is published with the keyword `1960s`",
            "crate `san` is published in the category `chess`",
            "crate `pgn-lex` is published without a licence",
            "crate `pgn-lex` is published without one to five keywords",
            "crate `pgn-lex` has a dev-dependency on `testkit`, which is not published, with a version",
            "crate `pgn-lex` is published but has a build-dependency on `testkit`, which is not",
            "crate `pgn-lex` has a dependency on `pgn-diag` without a version",
        ];
        assert_eq!(problems.len(), expected.len(), "{problems:#?}");
        for (problem, start) in problems.iter().zip(expected) {
            assert!(problem.starts_with(start), "{problem:?} should start with {start:?}");
        }
    }

    #[test]
    fn keywords_by_the_rules_of_crates_io() {
        assert!(keyword_fits("chess"));
        assert!(keyword_fits("move-generator"));
        assert!(keyword_fits("c++"));
        assert!(keyword_fits("a2345678901234567890"));
        assert!(!keyword_fits("a23456789012345678901"));
        assert!(!keyword_fits("1994"));
        assert!(!keyword_fits("-pgn"));
        assert!(!keyword_fits("zero copy"));
        assert!(!keyword_fits(""));
    }

    #[test]
    fn copies_of_the_corpus_check_must_be_the_same() {
        let root = std::env::temp_dir().join(format!("tidy-copies-{}", std::process::id()));
        let write = |path: &str, text: &str| {
            let path = root.join(path);
            fs::create_dir_all(path.parent().expect("a folder")).expect("temporary folder");
            fs::write(path, text).expect("write");
        };
        write(CORPUS_CHECK, "//! The check.\n");
        write("same/build/corpus.rs", "//! The check.\n");
        write("other/build/corpus.rs", "//! The check, changed.\n");
        fs::create_dir_all(root.join("none")).expect("temporary folder");
        let package = |name: &str| Package {
            name: name.to_owned(),
            dir: root.join(name),
            dependencies: Vec::new(),
            publish: false,
            listing: Listing::default(),
        };
        let workspace = Workspace {
            root: root.clone(),
            packages: vec![package("same"), package("other"), package("none")],
        };
        let problems = check_copies(&workspace);
        fs::remove_dir_all(&root).expect("clean up");
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert!(problems[0].starts_with("other/build/corpus.rs differs from "), "{problems:#?}");
    }

    #[test]
    fn panics_must_say_why_they_cannot_fire() {
        let text = r####"//! A file.
fn f(x: Option<u8>, s: &[u8]) -> u8 {
    let a = x.unwrap();
    // The slice has 8 bytes: checked above.
    let b: [u8; 8] = s.try_into().expect("8 bytes");
    let _ = 0;
    let _ = 0;
    let _ = 0;
    /// A doc comment is no reason.
    let c = x.expect("no reason");
    // A reason four lines up is too far.
    //
    //
    //
    let d = x.map(Option::unwrap);
    let e = x.unwrap_or(0).max(x.unwrap_or_default());
    let g = "x.unwrap() panic!()";
    let h = r#"x.unwrap() "todo!()" "#;
    let i = '"'; let j = x.unwrap(); let k = '\''; // a reason after a quote
    /* x.unwrap() in a block comment, which is no reason */ let l = 1;
    let _ = 0;
    let _ = 0;
    if a == 0 { unreachable!("no reason") }
    std::panic::catch_unwind(|| ()).ok();
    let m = b"\"".len(); panic!("after a byte string")
}

#[cfg(test)]
mod tests {
    fn t() { None::<u8>.unwrap(); assert!(true); }
}

#[cfg(test)]
fn helper() -> u8 { Some(1).unwrap() }

fn after<'a>(s: &'a str) -> &'a str {
    assert_eq!(s.len(), 1);
    s
}
"####;
        let found = unexplained_panics(text);
        let found: Vec<(usize, &str)> =
            found.iter().map(|(line, call)| (*line, call.as_str())).collect();
        assert_eq!(
            found,
            [
                (3, "`.unwrap()`"),
                (10, "`.expect()`"),
                (15, "`.unwrap()`"),
                (23, "`unreachable!`"),
                (25, "`panic!`"),
                (37, "`assert_eq!`"),
            ]
        );
    }

    #[test]
    fn a_file_of_tests_has_no_panics_to_explain() {
        assert!(unexplained_panics("#![cfg(test)]\nfn t() { None::<u8>.unwrap(); }\n").is_empty());
    }

    #[test]
    fn header_must_be_on_the_first_line() {
        assert!(has_header(b"//! What this file holds.\n"));
        assert!(!has_header(b"\n//! Too late.\n"));
        assert!(!has_header(b"/// An item doc.\n"));
        assert!(!has_header(b"// A plain comment.\n"));
        assert!(!has_header(b""));
    }
}
