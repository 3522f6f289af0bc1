//! The row model of the harness: a [`Section`] of results and the [`Check`]
//! that fills it.

use std::fmt;

use crate::Context;

/// The results of one row of the conformance table: a section of the
/// standard, or one test suite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    name: String,
    about: About,
    passed: usize,
    failures: Vec<String>,
    skipped: Option<String>,
}

/// What a row rests on: the sections of the standard it counts towards,
/// its fixtures and the rulings it applies. `CONFORMANCE.md` shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    /// The sections of the standard whose cases this row counts, such as
    /// `§9.6`; empty for a row that tests no one section (a peer suite).
    pub covers: Vec<String>,
    /// Where the cases come from: fixture folders or corpus files.
    pub fixtures: Vec<String>,
    /// The ids of the rulings of `docs/rulings.md` the row applies.
    pub rulings: Vec<String>,
}

impl Section {
    /// An empty row called `name`.
    pub fn new(name: impl Into<String>) -> Section {
        Section {
            name: name.into(),
            about: About::default(),
            passed: 0,
            failures: Vec::new(),
            skipped: None,
        }
    }

    /// What the row rests on.
    pub fn about(&self) -> &About {
        &self.about
    }

    /// The row's name, such as `§16.1 FEN (round trip)`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Counts one passed case.
    pub fn pass(&mut self) {
        self.passed += 1;
    }

    /// Counts one failed case, with a message saying what and where.
    pub fn fail(&mut self, message: impl Into<String>) {
        self.failures.push(message.into());
    }

    /// Counts one case: passed on `Ok`, failed with the message on `Err`.
    pub fn record(&mut self, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => self.pass(),
            Err(message) => self.fail(message),
        }
    }

    /// Marks the row as not run, saying why (a tool it compares with is
    /// missing): it then counts no case, and the table says so.
    pub fn skip(&mut self, why: impl Into<String>) {
        self.skipped = Some(why.into());
    }

    /// Why the row was not run, if it was skipped.
    pub fn skipped(&self) -> Option<&str> {
        self.skipped.as_deref()
    }

    /// The number of cases run.
    pub fn cases(&self) -> usize {
        self.passed + self.failures.len()
    }

    /// The number of passed cases.
    pub fn passed(&self) -> usize {
        self.passed
    }

    /// The number of failed cases.
    pub fn failed(&self) -> usize {
        self.failures.len()
    }

    /// The messages of the failed cases, in the order they were found.
    pub fn failures(&self) -> &[String] {
        &self.failures
    }

    /// True if no case failed.
    pub fn is_ok(&self) -> bool {
        self.failures.is_empty()
    }
}

/// The section number a row's name starts with: `§8.2.3` of
/// `§8.2.3 SAN (fixtures)`.
fn leading_section(name: &str) -> Option<&str> {
    let first = name.split_whitespace().next()?;
    let digits = first.strip_prefix('§')?;
    let well_formed = !digits.is_empty()
        && digits
            .split('.')
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
    well_formed.then_some(first)
}

/// The body of a check: records its cases in the section.
type RunFn = dyn Fn(&Context, &mut Section) + Send + Sync;

/// A named check that produces one [`Section`].
pub struct Check {
    name: String,
    about: About,
    run: Box<RunFn>,
}

impl Check {
    /// A check called `name` (which becomes the row's name) that records its
    /// cases with `run`.
    pub fn new(
        name: impl Into<String>,
        run: impl Fn(&Context, &mut Section) + Send + Sync + 'static,
    ) -> Check {
        Check { name: name.into(), about: About::default(), run: Box::new(run) }
    }

    /// Says which sections of the standard the row's cases count towards.
    #[must_use]
    pub fn covers(mut self, sections: &[&str]) -> Check {
        self.about.covers.extend(sections.iter().map(|s| (*s).to_owned()));
        self
    }

    /// Names the row's fixtures (folders or files, relative to the
    /// workspace root, or `corpus:` and a path in the shared corpus).
    #[must_use]
    pub fn fixtures(mut self, fixtures: &[&str]) -> Check {
        self.about.fixtures.extend(fixtures.iter().map(|s| (*s).to_owned()));
        self
    }

    /// Names the rulings the row applies, by id (`E5`, `D2`).
    #[must_use]
    pub fn rulings(mut self, rulings: &[&str]) -> Check {
        self.about.rulings.extend(rulings.iter().map(|s| (*s).to_owned()));
        self
    }

    /// What the row rests on. A row that names no section covers the one
    /// its name starts with (`§16.2.5 acn` covers `§16.2.5`).
    pub fn about(&self) -> About {
        let mut about = self.about.clone();
        if about.covers.is_empty()
            && let Some(section) = leading_section(&self.name)
        {
            about.covers.push(section.to_owned());
        }
        about
    }

    /// The name of the row.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Runs the check.
    pub fn run(&self, ctx: &Context) -> Section {
        let mut section = Section::new(self.name.as_str());
        section.about = self.about();
        (self.run)(ctx, &mut section);
        section
    }
}

impl fmt::Debug for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Check").field("name", &self.name).finish_non_exhaustive()
    }
}
