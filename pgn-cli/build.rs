//! Build script: marks the tests that need the shared corpus as ignored
//! when it is missing (`testkit::corpus`, in a copy: `build/corpus.rs`, as
//! a published crate cannot build-depend on `testkit`, which is not
//! published), and gives `pgn --version` the commit it was built from
//! (`PGN_COMMIT`; "unknown commit" outside a git checkout, as from a
//! published package).

use std::path::Path;
use std::process::Command;

// The copy is the module testkit re-exports: its items are `pub`.
#[allow(unreachable_pub)]
#[path = "build/corpus.rs"]
mod corpus;

fn main() {
    corpus::build_script();
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let git = Path::new(&manifest).join("../.git");
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(&manifest)
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .map(|hash| hash.trim().to_owned())
        .filter(|hash| !hash.is_empty())
        .unwrap_or_else(|| "unknown commit".to_owned());
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
