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
//! - **Copies.** The build scripts of published crates cannot take
//!   `testkit` (not published) as a build-dependency, so those whose tests
//!   need the corpus include a copy of its corpus check, `build/corpus.rs`;
//!   each copy must be the same as the original ([`CORPUS_CHECK`]).
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
    problems.extend(check_copies(workspace));
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

/// The crates of ours that the layer of `krate` allows it to depend on
/// ([`TESTKIT`] aside).
///
/// `None` for a crate that has no layer yet: tidy reports it, so that a new
/// crate gets a place in the table below.
fn allowed(krate: &str) -> Option<Allowed> {
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
    ];
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
    /// `pgn-export`, `pgn-pgc` and `pgn-select` are siblings: each builds on
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
        "pgn-export" | "pgn-pgc" | "pgn-select" => Allowed::Only(BELOW_WRITERS),
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
}

/// One dependency as declared in a member's `Cargo.toml`.
#[derive(Debug)]
struct Dependency {
    /// The package name (not a rename).
    name: String,
    kind: DependencyKind,
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
        Ok(Package { name, dir, dependencies })
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
        Ok(Dependency { name, kind })
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
    fn header_must_be_on_the_first_line() {
        assert!(has_header(b"//! What this file holds.\n"));
        assert!(!has_header(b"\n//! Too late.\n"));
        assert!(!has_header(b"/// An item doc.\n"));
        assert!(!has_header(b"// A plain comment.\n"));
        assert!(!has_header(b""));
    }
}
