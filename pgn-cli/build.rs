//! Build script: marks the tests that need the shared corpus as ignored
//! when it is missing (`testkit::corpus`, in a copy: `build/corpus.rs`, as
//! a published crate cannot build-depend on `testkit`, which is not
//! published), and gives `pgn --version` the commit it was built from
//! (`PGN_COMMIT`): git's answer in a checkout of the workspace, else the
//! commit `cargo package` wrote into the package it made
//! (`.cargo_vcs_info.json`), else "unknown commit".

use std::path::Path;
use std::process::Command;

// The copy is the module testkit re-exports: its items are `pub`.
#[allow(unreachable_pub)]
#[path = "build/corpus.rs"]
mod corpus;

fn main() {
    corpus::build_script();
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let manifest = Path::new(&manifest);
    // Git is asked only inside the workspace's own checkout (`.git` is a
    // folder, or a file in a linked work tree): a package unpacked from
    // crates.io may sit inside another repository, whose commit is not ours.
    let git = manifest.join("../.git");
    let commit = if git.exists() { commit_from_git(manifest) } else { packaged_commit(manifest) };
    let commit = commit.unwrap_or_else(|| "unknown commit".to_owned());
    println!("cargo:rustc-env=PGN_COMMIT={commit}");
    // Built again when the commit moves: HEAD, and the branch it names.
    let head = git.join("HEAD");
    if head.is_file() {
        println!("cargo:rerun-if-changed={}", head.display());
        let named = std::fs::read_to_string(&head).unwrap_or_default();
        if let Some(branch) = named.trim().strip_prefix("ref: ") {
            let branch = git.join(branch);
            if branch.is_file() {
                println!("cargo:rerun-if-changed={}", branch.display());
            }
        }
        let packed = git.join("packed-refs");
        if packed.is_file() {
            println!("cargo:rerun-if-changed={}", packed.display());
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// The first 12 hex digits of the commit checked out in `dir`'s repository.
fn commit_from_git(dir: &Path) -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(dir)
        .output()
        .ok()
        .filter(|out| out.status.success())?;
    short_commit(String::from_utf8(out.stdout).ok()?.trim())
}

/// The commit of a package made by `cargo package`, which names it in
/// `.cargo_vcs_info.json` (`{"git": {"sha1": "..."}, ...}`).
fn packaged_commit(dir: &Path) -> Option<String> {
    let info = std::fs::read_to_string(dir.join(".cargo_vcs_info.json")).ok()?;
    let (_, after) = info.split_once("\"sha1\"")?;
    let (_, value) = after.split_once('"')?;
    let (sha1, _) = value.split_once('"')?;
    short_commit(sha1)
}

/// The first 12 characters of `hash`, if it is a hash of at least 12 hex
/// digits.
fn short_commit(hash: &str) -> Option<String> {
    let short = hash.get(..12)?;
    hash.bytes().all(|b| b.is_ascii_hexdigit()).then(|| short.to_owned())
}
