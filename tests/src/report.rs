//! The conformance table: one line per [`Section`], then the rows that were
//! skipped and why, then the first failures of every row that has any.

use std::fmt::Write as _;
use std::time::Duration;

use crate::Section;

/// At most this many failure messages are shown per row.
const FAILURES_SHOWN: usize = 20;

/// Renders finished rows, each with the time its check took, as the table
/// `section | cases | passed | failed | time`, a total line, the reason
/// of each skipped row (shown as `skipped`, with no cases), and the first
/// failures of each failing row.
pub fn render_table(rows: &[(Section, Duration)]) -> String {
    let width = rows.iter().map(|(s, _)| s.name().chars().count()).max().unwrap_or(0).max(7);
    let mut out = String::new();
    let mut line = |name: &str, cases: String, passed: String, failed: String, time: String| {
        let _ = writeln!(out, "{name:<width$}  {cases:>8}  {passed:>8}  {failed:>6}  {time:>8}");
    };
    line("section", "cases".into(), "passed".into(), "failed".into(), "time".into());
    let rule = |n: usize| "-".repeat(n);
    line(&rule(width), rule(8), rule(8), rule(6), rule(8));
    let (mut cases, mut passed, mut failed, mut time) = (0, 0, 0, Duration::ZERO);
    for (section, elapsed) in rows {
        cases += section.cases();
        passed += section.passed();
        failed += section.failed();
        time += *elapsed;
        if section.skipped().is_some() {
            let dash = || "-".to_owned();
            line(section.name(), "skipped".into(), dash(), dash(), seconds(*elapsed));
            continue;
        }
        line(
            section.name(),
            section.cases().to_string(),
            section.passed().to_string(),
            section.failed().to_string(),
            seconds(*elapsed),
        );
    }
    line(&rule(width), rule(8), rule(8), rule(6), rule(8));
    line("total", cases.to_string(), passed.to_string(), failed.to_string(), seconds(time));

    for (section, _) in rows {
        if let Some(why) = section.skipped() {
            let _ = writeln!(out, "\n{} skipped: {why}", section.name());
        }
    }
    for (section, _) in rows.iter().filter(|(s, _)| !s.is_ok()) {
        let _ = writeln!(out, "\n{} ({} failed):", section.name(), section.failed());
        for message in section.failures().iter().take(FAILURES_SHOWN) {
            let _ = writeln!(out, "  {message}");
        }
        if section.failed() > FAILURES_SHOWN {
            let _ = writeln!(out, "  ... and {} more", section.failed() - FAILURES_SHOWN);
        }
    }
    out
}

fn seconds(time: Duration) -> String {
    format!("{:.2}s", time.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_and_failures() {
        let mut good = Section::new("§16.1 FEN (round trip)");
        good.pass();
        good.pass();
        let mut bad = Section::new("rules: perft x");
        bad.pass();
        for i in 0..22 {
            bad.fail(format!("case {i}"));
        }
        let mut skipped = Section::new("differential: x");
        skipped.skip("no x here");
        let rows =
            [(good, Duration::from_millis(1500)), (bad, Duration::ZERO), (skipped, Duration::ZERO)];
        let table = render_table(&rows);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[2], "§16.1 FEN (round trip)         2         2       0     1.50s");
        assert_eq!(lines[3], "rules: perft x                23         1      22     0.00s");
        assert_eq!(lines[4], "differential: x          skipped         -       -     0.00s");
        assert_eq!(lines[6], "total                         25         3      22     1.50s");
        assert_eq!(lines[8], "differential: x skipped: no x here");
        assert_eq!(lines[10], "rules: perft x (22 failed):");
        assert_eq!(lines[11], "  case 0");
        assert_eq!(lines.last(), Some(&"  ... and 2 more"));
    }
}
