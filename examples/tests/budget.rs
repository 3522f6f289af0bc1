//! The line budget of each example program: its lines counted without
//! `use` declarations, comments, blank lines and lines holding only
//! brackets (`}`, `});`, `{`), but with `fn main() -> ... {` and the
//! final `Ok(())`. The budgets are those of issue 38: what python-chess
//! takes for the same task, about.

use std::path::Path;

/// Each example and its budget.
const BUDGETS: [(&str, usize); 5] = [
    ("legal_moves", 9),
    ("final_positions", 9),
    ("annotated", 12),
    ("select_player", 8),
    ("build_and_encode", 16),
];

/// The lines of `source` that count: every line but those of `use`
/// declarations (to their `;`), comments, blank lines and lines of
/// brackets and punctuation only.
fn counted(source: &str) -> Vec<&str> {
    let mut in_use = false;
    let mut lines = Vec::new();
    for line in source.lines() {
        let code = line.trim();
        if in_use || code.starts_with("use ") || code.starts_with("pub use ") {
            in_use = !code.ends_with(';');
            continue;
        }
        let brackets =
            code.chars().all(|c| matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | ','));
        if code.starts_with("//") || brackets {
            continue;
        }
        lines.push(line);
    }
    lines
}

#[test]
fn the_counter_counts_as_the_rule_says() {
    let source = "//! Header.\n\nuse std::io;\nuse std::{\n    fs,\n    path,\n};\n\n\
                  /// Doc.\nfn main() -> io::Result<()> {\n    // Comment.\n    for x in [1] {\n\
                  \x20       f(x, |y| {\n            g(y);\n        });\n    }\n    Ok(())\n}\n";
    assert_eq!(
        counted(source),
        [
            "fn main() -> io::Result<()> {",
            "    for x in [1] {",
            "        f(x, |y| {",
            "            g(y);",
            "    Ok(())"
        ]
    );
}

#[test]
fn every_example_keeps_its_budget() {
    let mut over = Vec::new();
    for (name, budget) in BUDGETS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("{name}.rs"));
        let source = std::fs::read_to_string(&path).expect("the example's source");
        let lines = counted(&source);
        println!("{name}: {} of {budget} lines", lines.len());
        if lines.len() > budget {
            over.push(format!(
                "{name}: {} lines, budget {budget}:\n{}",
                lines.len(),
                lines.join("\n")
            ));
        }
    }
    assert!(over.is_empty(), "{}", over.join("\n\n"));
}
