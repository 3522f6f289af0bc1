//! `pgn split`: every game of the inputs in export format, in the files of
//! a directory named as §11 suggests ([`SplitBy`]): by year, month or day
//! (`1992.pgn`, `199208.pgn`, `19920800.pgn`), by event, or by player (a
//! game goes into both players' files).
//!
//! A name is the folder's file for every name equal to it but for case
//! ([`folded`]): the first spelling seen names the file, so the result is
//! the same on file systems that ignore case. Each file is written anew
//! through a temporary file beside it, appended to as games come, and put
//! in place at the end of the run, replacing a file of that name from
//! before the run ([`crate::output`]); a run that cannot read an input
//! puts none in place. Thousands of names
//! (players) must not use up the process's file descriptors, so at most
//! [`OPEN_FILES`] files are open at a time, the least recently used closed
//! first ([`Files`]).

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::ValueEnum;
use pgn_export::filename::{SplitBy, folded};

use crate::export::ExportArgs;
use pgn_syntax::ParallelReader;

use crate::export_pass::export_inputs;
use crate::output::{self, Staged};
use crate::report::{Diagnostics, NoiseArgs};
use crate::{Status, cannot_create};

/// How many files are open at most.
const OPEN_FILES: usize = 64;

/// The value of `--by`: what names the files (§11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum By {
    /// `YYYY.pgn` (§11.4).
    Year,
    /// `YYYYMM.pgn` (§11.4).
    Month,
    /// `YYYYMMDD.pgn` (§11.4).
    Day,
    /// The Event value (§11.3).
    Event,
    /// The last names of White and Black (§11.2).
    Player,
    /// The ECO code, `B20.pgn` (pgn-extract's -E).
    Eco,
}

impl From<By> for SplitBy {
    fn from(by: By) -> SplitBy {
        match by {
            By::Year => SplitBy::Year,
            By::Month => SplitBy::Month,
            By::Day => SplitBy::Day,
            By::Event => SplitBy::Event,
            By::Player => SplitBy::Player,
            By::Eco => SplitBy::Eco,
        }
    }
}

/// How a run spreads the games over files.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Spread {
    /// By a key of the game's tags.
    By(SplitBy),
    /// Files of this many games each, `1.pgn`, `2.pgn`, ... in input
    /// order (pgn-extract's -#).
    Every(u64),
}

/// Runs `pgn split` over `files`, writing into the directory `dir`.
pub(crate) fn run(
    files: &[String],
    spread: Spread,
    dir: &str,
    args: ExportArgs,
    noise: NoiseArgs,
    reader: ParallelReader,
) -> io::Result<Status> {
    let mut diagnostics = Diagnostics::new(BufWriter::new(io::stderr().lock()), noise);
    let mut status = Status::default();
    if let Err(err) = fs::create_dir_all(dir) {
        cannot_create(&mut status, &mut diagnostics.out, "split", dir, &err)?;
        return Ok(status);
    }
    let mut out = Files::new(Path::new(dir), OPEN_FILES);
    // No input is written over (`--dir` may be where the inputs are).
    out.inputs = files.to_vec();
    // Games written so far, for `Spread::Every`.
    let mut written = 0u64;
    let total = export_inputs(
        "split",
        files,
        (args, reader),
        &mut diagnostics,
        &mut status,
        |game, text| {
            if !game.output.written() {
                return Ok(());
            }
            let text = &text[game.output.text.clone()];
            match spread {
                Spread::By(by) => {
                    for name in by.file_names(&game.info.tags) {
                        out.write(&name, text)?;
                    }
                }
                Spread::Every(n) => {
                    let name = format!("{}.pgn", written / n.max(1) + 1);
                    out.write(&name, text)?;
                }
            }
            written += 1;
            Ok(())
        },
    )?;
    let written = out.names.len();
    if status.unreadable > 0 {
        writeln!(
            diagnostics.out,
            "pgn split: no file of {dir} written: an input could not be read"
        )?;
    } else {
        out.commit()?;
    }
    diagnostics.finish("split")?;
    diagnostics.summary(total.summary(&format!(" files={written}")))?;
    diagnostics.out.flush()?;
    Ok(status)
}

/// The files of a run, by [`folded`] name: each staged ([`Staged`]) the
/// first time it is written to, its temporary file reopened for appending
/// after that, and all of them put in place at the end
/// ([`Files::commit`]); at most `capacity` of them open at a time.
struct Files {
    dir: PathBuf,
    /// Every file written to, under its folded name: the name it has and
    /// its temporary file.
    names: HashMap<String, (String, Staged)>,
    /// The files open, under their folded names, with when they were last
    /// written to.
    open: HashMap<String, (BufWriter<File>, u64)>,
    capacity: usize,
    /// Counts the writes, to tell which file has waited longest.
    clock: u64,
    /// The inputs, which are never written over.
    inputs: Vec<String>,
}

impl Files {
    /// No file yet, in `dir`; at most `capacity` (at least one) open.
    fn new(dir: &Path, capacity: usize) -> Files {
        Files {
            dir: dir.to_owned(),
            names: HashMap::new(),
            open: HashMap::new(),
            capacity: capacity.max(1),
            clock: 0,
            inputs: Vec::new(),
        }
    }

    /// Appends `text` to the file named `name`, or to the file of the name
    /// first seen among those equal to it but for case.
    ///
    /// # Errors
    ///
    /// The file cannot be created, opened or written, or it is an input;
    /// the error names it.
    fn write(&mut self, name: &str, text: &[u8]) -> io::Result<()> {
        self.clock += 1;
        let key = folded(name);
        if let Some((writer, used)) = self.open.get_mut(&key) {
            *used = self.clock;
            return writer.write_all(text).map_err(|err| self.error(&key, err));
        }
        if self.open.len() >= self.capacity {
            self.close_oldest()?;
        }
        let file = match self.names.get(&key) {
            Some((_, staged)) => OpenOptions::new()
                .append(true)
                .open(staged.temp_path())
                .map_err(|e| self.error(&key, e))?,
            None => {
                let path = self.dir.join(name);
                if output::clash(&self.inputs, &[&path.to_string_lossy()]).is_some() {
                    let err = io::Error::other("it is an input, which would be written over");
                    return Err(at(&path, err));
                }
                let (staged, file) = Staged::create(&path).map_err(|err| at(&path, err))?;
                self.names.insert(key.clone(), (name.to_owned(), staged));
                file
            }
        };
        let mut writer = BufWriter::new(file);
        writer.write_all(text).map_err(|err| self.error(&key, err))?;
        self.open.insert(key, (writer, self.clock));
        Ok(())
    }

    /// Closes the file written to least recently.
    fn close_oldest(&mut self) -> io::Result<()> {
        let oldest = self.open.iter().min_by_key(|(_, (_, used))| *used).map(|(k, _)| k.clone());
        if let Some(key) = oldest
            && let Some((mut writer, _)) = self.open.remove(&key)
        {
            writer.flush().map_err(|err| self.error(&key, err))?;
        }
        Ok(())
    }

    /// Closes every file and puts each in place.
    fn commit(mut self) -> io::Result<()> {
        for (key, (mut writer, _)) in std::mem::take(&mut self.open) {
            writer.flush().map_err(|err| self.error(&key, err))?;
        }
        for (_, staged) in self.names.into_values() {
            staged.commit()?;
        }
        Ok(())
    }

    /// `err`, naming the file of the folded name `key`.
    fn error(&self, key: &str, err: io::Error) -> io::Error {
        let name = self.names.get(key).map_or(key, |(name, _)| name.as_str());
        at(&self.dir.join(name), err)
    }
}

/// `err`, naming `path`.
fn at(path: &Path, err: io::Error) -> io::Error {
    io::Error::new(err.kind(), format!("{}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_closed_to_make_room_are_appended_to_when_written_again() {
        let dir = std::env::temp_dir().join(format!("pgn-split-lru-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("c.pgn"), "from before the run\n").unwrap();
        let mut files = Files::new(&dir, 2);
        for (name, text) in [
            ("a.pgn", "a1\n"),
            ("b.pgn", "b1\n"),
            ("a.pgn", "a2\n"),
            ("c.pgn", "c1\n"),
            ("B.pgn", "b2\n"),
            ("A.pgn", "a3\n"),
            ("c.pgn", "c2\n"),
        ] {
            files.write(name, text.as_bytes()).unwrap();
            assert!(files.open.len() <= 2);
        }
        assert_eq!(files.names.len(), 3);
        // Nothing is in place before the end of the run.
        assert_eq!(fs::read_to_string(dir.join("c.pgn")).unwrap(), "from before the run\n");
        files.commit().unwrap();
        let mut names: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["a.pgn", "b.pgn", "c.pgn"]);
        let read = |name| fs::read_to_string(dir.join(name)).unwrap();
        assert_eq!(read("a.pgn"), "a1\na2\na3\n");
        assert_eq!(read("b.pgn"), "b1\nb2\n");
        assert_eq!(read("c.pgn"), "c1\nc2\n");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_error_names_the_file() {
        let dir = std::env::temp_dir().join(format!("pgn-split-missing-{}", std::process::id()));
        let mut files = Files::new(&dir, 2);
        let err = files.write("x.pgn", b"text").unwrap_err();
        assert!(err.to_string().starts_with(&format!("{}: ", dir.join("x.pgn").display())));
    }
}
