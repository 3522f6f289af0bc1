//! Case files: tab-separated text under `tests/data/`, one case a line,
//! `#` lines and blank lines skipped; what the roster, termination,
//! comment command and encoding rows read.

use crate::Section;

/// Calls `case` with the tab-separated fields of each case of the file
/// `path` (relative to this crate's folder), and records what it returns
/// in `section`, a failure named by the file and line; `None` skips the
/// case (a row that takes some of the file's cases). A file that cannot
/// be read is a failure.
pub fn each_case(
    section: &mut Section,
    path: &str,
    mut case: impl FnMut(&[&str]) -> Option<Result<(), String>>,
) {
    let full = crate::crate_dir().join(path);
    let text = match std::fs::read_to_string(&full) {
        Ok(text) => text,
        Err(err) => {
            section.fail(format!("cannot read {}: {err}", full.display()));
            return;
        }
    };
    let name = full.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if let Some(outcome) = case(&fields) {
            section.record(outcome.map_err(|e| format!("{name}:{}: {e}", number + 1)));
        }
    }
}
