//! The sections of the standard that define behaviour, and the report
//! `CONFORMANCE.md` that says, for each, which rows test it, how many
//! cases they ran and whether all passed.
//!
//! A section passes when the rows that cover it ran at least one case and
//! none failed; it is a *gap* when no row covers it or its rows ran no
//! case, so that a section nobody tests never looks as if it passed. §19
//! and §21 say they are "under development": they are listed as not
//! defined by the standard, with no cases, never as passed.
//!
//! A row covers a section when one of the sections it names
//! ([`crate::About::covers`]) is that section or lies inside it: a row
//! that covers `§8.2.2.2` counts towards `§8.2.2`.

use std::fmt::Write as _;

use crate::Section;

/// A section of the standard in the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandardSection {
    /// Its number, written as row names write it: `§9.6`.
    pub number: &'static str,
    /// Its title in the standard.
    pub title: &'static str,
    /// False for the sections the standard leaves "under development".
    pub defined: bool,
}

const fn defined(number: &'static str, title: &'static str) -> StandardSection {
    StandardSection { number, title, defined: true }
}

/// Every section that defines behaviour, in the standard's order, and the
/// two it leaves undefined.
pub const SECTIONS: &[StandardSection] = &[
    defined("§3.1", "Import format"),
    defined("§3.2", "Export format"),
    defined("§4.1", "Character codes"),
    defined("§4.2", "Tab characters"),
    defined("§4.3", "Line lengths"),
    defined("§5", "Commentary"),
    defined("§6", "Escape mechanism"),
    defined("§7", "Tokens"),
    defined("§8.1", "Tag pair section"),
    defined("§8.1.1.1", "The Event tag"),
    defined("§8.1.1.2", "The Site tag"),
    defined("§8.1.1.3", "The Date tag"),
    defined("§8.1.1.4", "The Round tag"),
    defined("§8.1.1.5", "The White tag"),
    defined("§8.1.1.6", "The Black tag"),
    defined("§8.1.1.7", "The Result tag"),
    defined("§8.2.1", "Movetext line justification"),
    defined("§8.2.2", "Movetext move number indications"),
    defined("§8.2.3", "Movetext SAN"),
    defined("§8.2.4", "Movetext NAG"),
    defined("§8.2.5", "Movetext RAV"),
    defined("§8.2.6", "Game termination markers"),
    defined("§9.1", "Player related information"),
    defined("§9.2", "Event related information"),
    defined("§9.3", "Opening information (locale specific)"),
    defined("§9.4", "Opening information (third party vendors)"),
    defined("§9.5", "Time and date related information"),
    defined("§9.6", "Time control"),
    defined("§9.7", "Alternative starting positions"),
    defined("§9.8", "Game conclusion"),
    defined("§9.9", "Miscellaneous"),
    defined("§10", "Numeric Annotation Glyphs"),
    defined("§11", "File names and directories"),
    defined("§12", "PGN collating sequence"),
    defined("§15", "International Olympic Committee country codes"),
    defined("§16.1", "FEN"),
    defined("§16.2", "EPD"),
    defined("§16.2.5", "EPD opcode list"),
    defined("§17", "Alternative chesspiece identifier letters"),
    defined("§18", "Formal syntax"),
    StandardSection {
        number: "§19",
        title: "Canonical chess position hash coding",
        defined: false,
    },
    defined("§20.1", "PGC bytes, words, and doublewords"),
    defined("§20.2", "PGC move ordinals"),
    defined("§20.3", "PGC string data"),
    defined("§20.4", "PGC marker codes"),
    defined("§20.4.1", "Marker 0x01: reduced export format single game"),
    defined("§20.4.2", "Marker 0x02: tag pair"),
    defined("§20.4.3", "Marker 0x03: short move sequence"),
    defined("§20.4.4", "Marker 0x04: long move sequence"),
    defined("§20.4.5", "Marker 0x05: general game data begin"),
    defined("§20.4.6", "Marker 0x06: general game data end"),
    defined("§20.4.7", "Marker 0x07: simple-nag"),
    defined("§20.4.8", "Marker 0x08: rav-begin"),
    defined("§20.4.9", "Marker 0x09: rav-end"),
    defined("§20.4.10", "Marker 0x0a: escape-string"),
    StandardSection { number: "§21", title: "E-mail correspondence usage", defined: false },
];

/// True if a row that names `covered` counts towards `section`: the same
/// number, or a subsection of it.
pub fn within(covered: &str, section: &str) -> bool {
    covered == section || covered.strip_prefix(section).is_some_and(|rest| rest.starts_with('.'))
}

/// How a section of the standard fares in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    /// The section.
    pub section: StandardSection,
    /// The names of the rows that cover it.
    pub rows: Vec<String>,
    /// Cases run by those rows.
    pub cases: usize,
    /// Cases failed.
    pub failed: usize,
    /// Fixtures named by those rows, each once.
    pub fixtures: Vec<String>,
    /// Rulings named by those rows, each once.
    pub rulings: Vec<String>,
}

impl Coverage {
    /// The verdict in the report's words.
    pub fn verdict(&self) -> &'static str {
        if !self.section.defined {
            "not defined by the standard"
        } else if self.cases == 0 {
            "gap: no cases"
        } else if self.failed > 0 {
            "fail"
        } else {
            "pass"
        }
    }

    /// True for a defined section whose rows ran cases and all passed, and
    /// for a section the standard does not define (which has no cases).
    pub fn is_complete(&self) -> bool {
        match self.section.defined {
            true => self.cases > 0 && self.failed == 0,
            false => self.rows.is_empty(),
        }
    }
}

/// The coverage of every section of [`SECTIONS`] by `rows`.
pub fn coverage(rows: &[Section]) -> Vec<Coverage> {
    SECTIONS
        .iter()
        .map(|&section| {
            let mut found = Coverage {
                section,
                rows: Vec::new(),
                cases: 0,
                failed: 0,
                fixtures: Vec::new(),
                rulings: Vec::new(),
            };
            let covering = rows
                .iter()
                .filter(|row| row.about().covers.iter().any(|c| within(c, section.number)));
            for row in covering {
                found.rows.push(row.name().to_owned());
                found.cases += row.cases();
                found.failed += row.failed();
                push_new(&mut found.fixtures, &row.about().fixtures);
                push_new(&mut found.rulings, &row.about().rulings);
            }
            found
        })
        .collect()
}

fn push_new(into: &mut Vec<String>, items: &[String]) {
    for item in items {
        if !into.contains(item) {
            into.push(item.clone());
        }
    }
}

/// Where and when a report was made: shown in its head, never compared.
#[derive(Clone, Debug, Default)]
pub struct Stamp {
    /// The date, `YYYY-MM-DD`.
    pub date: String,
    /// The commit, as `git describe` gives it.
    pub commit: String,
    /// The mode the checks ran in.
    pub mode: String,
}

/// A ruling of `docs/rulings.md`: its id and its title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// `E5`.
    pub id: String,
    /// `Move numbers`.
    pub title: String,
}

/// The rulings of `docs/rulings.md`, from the lines that start one
/// (`**E5. Move numbers.** ...`).
pub fn rulings(text: &str) -> Vec<Ruling> {
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("**")?;
            let (head, _) = rest.split_once("**")?;
            let (id, title) = head.split_once(". ")?;
            let well_formed = id.len() >= 2
                && id.as_bytes()[0].is_ascii_uppercase()
                && id[1..].bytes().all(|b| b.is_ascii_digit());
            well_formed.then(|| Ruling {
                id: id.to_owned(),
                title: title.trim_end_matches('.').to_owned(),
            })
        })
        .collect()
}

/// The marker lines between which [`compared_part`] lies.
const COMPARED_BEGIN: &str = "<!-- rows and cases: compared by tests/tests/conformance.rs -->";
const COMPARED_END: &str = "<!-- end of the compared part -->";

/// `CONFORMANCE.md`: the sections of the standard with their verdicts,
/// every row with its counts, fixtures and rulings, the totals, and the
/// rulings in force.
pub fn render_markdown(rows: &[Section], stamp: &Stamp, rulings: &[Ruling]) -> String {
    let mut out = String::new();
    let sections = coverage(rows);
    let (cases, failed) =
        rows.iter().fold((0, 0), |(c, f), row| (c + row.cases(), f + row.failed()));
    let defined: Vec<&Coverage> = sections.iter().filter(|c| c.section.defined).collect();
    let passing = defined.iter().filter(|c| c.is_complete()).count();
    let gaps: Vec<&Coverage> = sections.iter().filter(|c| !c.is_complete()).collect();
    let undefined: Vec<&str> =
        sections.iter().filter(|c| !c.section.defined).map(|c| c.section.number).collect();

    let _ = writeln!(out, "# Conformance to the PGN standard\n");
    let _ = writeln!(
        out,
        "How far the toolkit meets the 1994 PGN standard \
         ([spec](../shared/spec/pgn-standard-1994.txt)), as `cargo xtask conformance` \
         measures it: every section that defines behaviour, the rows of checks that test it, \
         their cases and the rulings ([docs/rulings.md](docs/rulings.md)) they rest on. \
         Written by `cargo xtask conformance --markdown`; `cargo xtask conformance --check` \
         (run by CI) fails when the rows or their case counts differ from this file.\n"
    );
    let _ = writeln!(
        out,
        "Made on {} at commit `{}` in {} mode.\n",
        stamp.date, stamp.commit, stamp.mode
    );
    let _ = writeln!(out, "{COMPARED_BEGIN}\n");
    let _ = writeln!(out, "## Totals\n");
    let _ = writeln!(
        out,
        "{} rows, {cases} cases, {} passed, {failed} failed. {passing} of the {} sections that \
         define behaviour pass{}; {} {} not defined by the standard (\"under development\").\n",
        rows.len(),
        cases - failed,
        defined.len(),
        match gaps.len() {
            0 => String::new(),
            n => format!(
                ", {n} do not: {}",
                gaps.iter()
                    .map(|g| format!("{} ({})", g.section.number, g.verdict()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        },
        undefined.join(" and "),
        if undefined.len() == 1 { "is" } else { "are" },
    );

    let _ = writeln!(out, "## Sections of the standard\n");
    let _ = writeln!(out, "| § | title | cases | failed | verdict | rows | fixtures | rulings |");
    let _ = writeln!(out, "|---|---|---:|---:|---|---|---|---|");
    for c in &sections {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            c.section.number,
            c.section.title,
            c.cases,
            c.failed,
            c.verdict(),
            list(&c.rows, "`"),
            list(&c.fixtures, "`"),
            list(&c.rulings, ""),
        );
    }

    let _ = writeln!(out, "\n## Rows\n");
    let _ = writeln!(
        out,
        "Rows without a section test what the standard leans on (the rules of chess: perft) \
         or compare with other programs.\n"
    );
    let _ = writeln!(out, "| row | covers | cases | passed | failed | fixtures | rulings |");
    let _ = writeln!(out, "|---|---|---:|---:|---:|---|---|");
    for row in rows {
        let about = row.about();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} |",
            escape_cell(row.name()),
            about.covers.join(", "),
            row.cases(),
            row.passed(),
            row.failed(),
            list(&about.fixtures, "`"),
            list(&about.rulings, ""),
        );
    }
    let _ = writeln!(out, "\n{COMPARED_END}\n");

    let _ = writeln!(out, "## Rulings in force\n");
    let _ = writeln!(
        out,
        "Where the standard is silent or loose, these rulings decide; each is written out, \
         with the code that carries it out, in [docs/rulings.md](docs/rulings.md).\n"
    );
    for ruling in rulings {
        let _ = writeln!(out, "- **{}** {}", ruling.id, ruling.title);
    }
    out
}

/// The part of a report that a fresh run must give again: the totals and
/// the tables, without the date, commit and mode above them.
pub fn compared_part(report: &str) -> Option<&str> {
    let begin = report.find(COMPARED_BEGIN)?;
    let end = report.find(COMPARED_END)?;
    report.get(begin..end)
}

/// A table cell listing `items`, or `none`.
fn list(items: &[String], quote: &str) -> String {
    if items.is_empty() {
        return "none".to_owned();
    }
    items.iter().map(|i| format!("{quote}{}{quote}", escape_cell(i))).collect::<Vec<_>>().join(", ")
}

fn escape_cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The date of `seconds` since the Unix epoch, `YYYY-MM-DD` (UTC).
pub fn date_of(seconds: u64) -> String {
    // Days to a civil date in the proleptic Gregorian calendar, counting
    // in eras of 400 years (146,097 days) from 0000-03-01.
    let days = i64::try_from(seconds / 86_400).unwrap_or(0) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Check;

    #[test]
    fn dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(951_782_400), "2000-02-29");
        assert_eq!(date_of(1_795_910_400), "2026-11-29");
    }

    #[test]
    fn a_row_counts_towards_its_section_and_those_around_it() {
        assert!(within("§8.2.2.2", "§8.2.2"));
        assert!(within("§9.6", "§9.6"));
        assert!(within("§9.6", "§9"));
        assert!(!within("§20.4.10", "§20.4.1"));
        assert!(!within("§8.2", "§8.2.2"));
    }

    #[test]
    fn a_section_without_cases_is_a_gap_and_undefined_ones_never_pass() {
        let mut row = Check::new("§9.6 time control", |_, s| s.pass()).fixtures(&["t/"]);
        let ctx = crate::Context::new(crate::Mode::Quick);
        let ran = row.run(&ctx);
        let report = coverage(&[ran]);
        let of = |n: &str| report.iter().find(|c| c.section.number == n).expect("listed");
        assert_eq!(of("§9.6").verdict(), "pass");
        assert_eq!(of("§9.6").fixtures, ["t/"]);
        assert_eq!(of("§9.7").verdict(), "gap: no cases");
        assert_eq!(of("§19").verdict(), "not defined by the standard");
        assert!(of("§19").is_complete());
        row = Check::new("§9.7 nothing", |_, _| {});
        let report = coverage(&[row.run(&ctx)]);
        assert_eq!(
            report.iter().find(|c| c.section.number == "§9.7").map(Coverage::verdict),
            Some("gap: no cases")
        );
    }

    #[test]
    fn rulings_are_read_from_their_first_lines() {
        let text = "# Rulings\n\n**E5. Move numbers.** A white move...\n**not one**\n**D12. Strings and quotes.** x";
        let found = rulings(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0], Ruling { id: "E5".into(), title: "Move numbers".into() });
        assert_eq!(found[1].id, "D12");
    }
}
