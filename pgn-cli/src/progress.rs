//! The progress line of a long run on standard error: the bytes read of
//! the input (of its size when known), the games, the games a second and
//! the time left. It appears only when standard error is a terminal, the
//! run is not `--quiet`, and the run has lasted a second; it is cleared
//! before the summary. Diagnostics are written above it
//! ([`crate::report::Diagnostics`] suspends it for each).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::input;

/// How long a run goes before its progress line appears; tests set
/// `PGN_PROGRESS_DELAY_MS` to see it at once.
const DELAY: Duration = Duration::from_secs(1);

/// How many games pass between two looks at the clock.
const EVERY: u64 = 64;

/// The progress of a run.
#[derive(Debug)]
pub(crate) struct Progress {
    /// Shown at all: standard error is a terminal and the run not quiet.
    enabled: bool,
    delay: Duration,
    started: Instant,
    /// The line, once it has appeared.
    bar: Option<ProgressBar>,
    /// The input being read, and the games read so far (all inputs).
    name: String,
    games: u64,
}

impl Progress {
    /// The progress of a run that starts now; `quiet` runs show none.
    pub(crate) fn new(quiet: bool) -> Progress {
        let delay = std::env::var("PGN_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(DELAY, Duration::from_millis);
        Progress {
            enabled: !quiet && std::io::stderr().is_terminal(),
            delay,
            started: Instant::now(),
            bar: None,
            name: String::new(),
            games: 0,
        }
    }

    /// The next input is `name`.
    pub(crate) fn input(&mut self, name: &str) {
        if self.enabled {
            name.clone_into(&mut self.name);
            self.draw();
        }
    }

    /// `n` more games were read.
    pub(crate) fn games(&mut self, n: u64) {
        let before = self.games;
        self.games += n;
        if self.enabled && (before / EVERY != self.games / EVERY || n > 1) {
            self.draw();
        }
    }

    /// Brings the line up to date, making it once the delay has passed.
    fn draw(&mut self) {
        // Made hidden, and shown once its fields are set.
        let new = self.bar.is_none() && self.started.elapsed() >= self.delay;
        if new {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            self.bar = Some(bar.with_style(style(UNKNOWN_SIZE)));
        }
        let Some(bar) = &self.bar else { return };
        let (read, total) = input::bytes_read();
        let seconds = self.started.elapsed().as_secs_f64().max(0.001);
        let rate = self.games as f64 / seconds;
        // The file's name, not its path: the line fits a terminal's width
        // (the name is cut first where it does not).
        let name = std::path::Path::new(&self.name).file_name().map(|n| n.to_string_lossy());
        bar.set_message(name.unwrap_or_default().into_owned());
        bar.set_prefix(format!("{} games, {:.0} games/s", self.games, rate));
        match total {
            Some(total) if bar.length() != Some(total) => {
                bar.set_style(style(KNOWN_SIZE));
                bar.set_length(total);
            }
            None if bar.length().is_some() => {
                bar.set_style(style(UNKNOWN_SIZE));
                bar.unset_length();
            }
            _ => {}
        }
        bar.set_position(read);
        if new {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Runs `print` with the line taken off the screen, then puts it back:
    /// what `print` writes (and flushes) is above it.
    pub(crate) fn suspend<R>(&self, print: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(print),
            None => print(),
        }
    }

    /// Whether the line is on the screen.
    pub(crate) fn shown(&self) -> bool {
        self.bar.is_some()
    }

    /// Takes the line off the screen for good (before the summary).
    pub(crate) fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// The line when the input's size is known, and when it is not (standard
/// input).
const KNOWN_SIZE: &str = "{bytes} of {total_bytes} ({percent}%), {prefix}, {eta} left: {wide_msg}";
const UNKNOWN_SIZE: &str = "{bytes}, {prefix}: {wide_msg}";

/// A style of the line from `template`, which is ours and valid.
fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar())
}
