//! [`Selection`]: the criteria a game must all satisfy, and how to apply
//! them (inverted, over variations too).

use crate::criterion::{Criterion, CriterionError};

/// Criteria that must all hold, read from their text form or built.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Selection {
    criteria: Vec<Criterion>,
    invert: bool,
    any_line: bool,
}

impl Selection {
    /// A selection of every game (no criteria).
    pub fn new() -> Selection {
        Selection::default()
    }

    /// Adds a criterion.
    pub fn with(mut self, criterion: Criterion) -> Selection {
        self.criteria.push(criterion);
        self
    }

    /// Adds a criterion.
    pub fn push(&mut self, criterion: Criterion) {
        self.criteria.push(criterion);
    }

    /// Selects the games that fail the criteria instead (pgn-extract's
    /// `-n`); games that cannot be replayed are still not selected.
    pub fn inverted(mut self, invert: bool) -> Selection {
        self.invert = invert;
        self
    }

    /// Positions and material are looked for in every line, variations
    /// included, not only the main line.
    pub fn in_any_line(mut self, any_line: bool) -> Selection {
        self.any_line = any_line;
        self
    }

    /// The criteria.
    pub fn criteria(&self) -> &[Criterion] {
        &self.criteria
    }

    /// True if the selection is inverted.
    pub fn invert(&self) -> bool {
        self.invert
    }

    /// True if positions count in variations too.
    pub fn any_line(&self) -> bool {
        self.any_line
    }

    /// True if some criterion looks at the positions of the moves.
    pub fn watches_positions(&self) -> bool {
        self.criteria.iter().any(|c| match c {
            Criterion::Reaches(_) | Criterion::Material { at_end: false, .. } => true,
            Criterion::Opening(o) => o.transpositions,
            _ => false,
        })
    }

    /// True if every criterion looks at the tags only: a game can be
    /// decided without replaying it.
    pub fn tags_only(&self) -> bool {
        self.criteria.iter().all(Criterion::is_tag_test)
    }

    /// Reads criteria, one `KEY VALUE` a line ([`Criterion::parse`]);
    /// empty lines and lines starting with `#` are skipped. Besides the
    /// criteria, a line may say `ignore-case` (text tests after it ignore
    /// case), `invert` or `any-line`.
    ///
    /// # Errors
    ///
    /// The first line that cannot be read, with its line number.
    pub fn parse(text: &str) -> Result<Selection, SelectionError> {
        Selection::parse_with_case(text, false)
    }

    /// [`Selection::parse`], with text tests ignoring case from the first
    /// line when `ignore_case` (as if the text began with `ignore-case`).
    ///
    /// # Errors
    ///
    /// The first line that cannot be read, with its line number.
    pub fn parse_with_case(text: &str, ignore_case: bool) -> Result<Selection, SelectionError> {
        let mut selection = Selection::new();
        let mut ignore_case = ignore_case;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            match (key, value.trim()) {
                ("ignore-case", "") => ignore_case = true,
                ("invert", "") => selection.invert = true,
                ("any-line", "") => selection.any_line = true,
                _ => selection.push(
                    Criterion::parse(key, value, ignore_case)
                        .map_err(|error| SelectionError { line: i + 1, error })?,
                ),
            }
        }
        Ok(selection)
    }
}

/// A line of criteria that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("line {line}: {error}")]
pub struct SelectionError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: CriterionError,
}
