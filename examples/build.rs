//! Build script: marks the tests that need the shared corpus as ignored
//! when it is missing (`testkit::corpus`).

fn main() {
    testkit::corpus::build_script();
}
