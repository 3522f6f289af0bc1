//! Where the subcommands write: standard output, a file that is not a
//! regular file (`/dev/null`, a pipe, a terminal), or a regular file,
//! which is written whole or not at all.
//!
//! A regular output is written to a temporary file beside it (beside the
//! file a symlink points to), named `.NAME.pgn-PID-N.tmp`, and renamed
//! into place when the run ends well ([`OutputFile::finish`]). A run that
//! stops early (an input cannot be read, the output cannot be written,
//! the run is interrupted) removes the temporary file and leaves the old
//! file as it was, or no file. The temporary files are also removed on
//! SIGINT, SIGTERM and SIGHUP ([`remove_on_signals`]); only a run killed
//! outright (SIGKILL, a crash of the machine) leaves one behind.
//!
//! Before anything is read, [`clash`] finds a regular output that is one
//! of the inputs or another output. Files are compared by identity
//! (device and inode on Unix), so `./a.pgn`, a symlink or a hard link to
//! an input is caught too; an output that does not exist yet is compared
//! by the directory it will be in and its name.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::Status;

/// `mutex` locked, whether or not a thread panicked holding it: the list
/// it guards stays whole (each change under it is one step).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The size of an output's buffer.
const BUFFER: usize = 1 << 16;

/// How many symlinks in a row are followed to the file they point to.
const MAX_LINKS: usize = 40;

/// What makes two paths the same file.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    /// An existing regular file: its device and inode.
    #[cfg(unix)]
    File(u64, u64),
    /// A file that does not exist yet (or, off Unix, any file): its
    /// canonical directory and its name.
    Path(PathBuf),
}

/// The identity of the regular file `path` names, or would name once
/// created; `None` for anything else (a device, a pipe, a directory),
/// which is never the same file as another for this purpose.
fn identity(path: &Path) -> Option<Identity> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_file() => Some(existing(&meta, path)),
        Ok(_) => None,
        Err(_) => {
            let target = follow_links(path);
            let name = target.file_name()?;
            let dir = fs::canonicalize(parent(&target)).ok()?;
            Some(Identity::Path(dir.join(name)))
        }
    }
}

#[cfg(unix)]
fn existing(meta: &fs::Metadata, _: &Path) -> Identity {
    use std::os::unix::fs::MetadataExt;
    Identity::File(meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn existing(_: &fs::Metadata, path: &Path) -> Identity {
    Identity::Path(fs::canonicalize(path).unwrap_or_else(|_| path.to_owned()))
}

/// The directory of `path`: `.` for a bare name.
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// `path` with the symlinks it names followed, to the path of the file
/// they lead to (which may not exist); at most [`MAX_LINKS`] of them.
fn follow_links(path: &Path) -> PathBuf {
    let mut path = path.to_owned();
    for _ in 0..MAX_LINKS {
        if !fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink()) {
            break;
        }
        let Ok(to) = fs::read_link(&path) else { break };
        path = if to.is_absolute() { to } else { parent(&path).join(to) };
    }
    path
}

/// Why the outputs of a run cannot be written: one of them is one of the
/// inputs, or two of them are the same file. `-` (standard input or
/// output) and files that are not regular files are never a clash.
pub(crate) fn clash(inputs: &[String], outputs: &[&str]) -> Option<String> {
    let ids = |names: &[&str]| -> Vec<(String, Identity)> {
        names
            .iter()
            .filter(|n| **n != "-")
            .filter_map(|n| identity(Path::new(n)).map(|id| ((*n).to_owned(), id)))
            .collect()
    };
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let (inputs, outputs) = (ids(&inputs), ids(outputs));
    for (i, (out, id)) in outputs.iter().enumerate() {
        if let Some((input, _)) = inputs.iter().find(|(_, other)| other == id) {
            return Some(if input == out {
                format!("{out} is both an input and an output: write to another file")
            } else {
                format!("the output {out} is the input {input}: write to another file")
            });
        }
        if let Some((other, _)) = outputs[..i].iter().find(|(_, other)| other == id) {
            return Some(if other == out {
                format!("{out} is named as two outputs: name two files")
            } else {
                format!("the outputs {other} and {out} are the same file: name two files")
            });
        }
    }
    None
}

/// The temporary files of the process, removed when it is interrupted.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The process was interrupted: no temporary file is renamed into place
/// any more.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes SIGINT, SIGTERM and SIGHUP remove the temporary files of the run
/// before the process ends (exit code 130). Called once, at the start.
pub(crate) fn remove_on_signals() {
    // Without the handler (it cannot be installed), an interrupted run
    // leaves its temporary files: the outputs are still whole or absent.
    let _ = ctrlc::set_handler(|| {
        INTERRUPTED.store(true, Ordering::SeqCst);
        for path in lock(&TEMPORARY).drain(..) {
            let _ = fs::remove_file(path);
        }
        std::process::exit(130);
    });
}

/// A temporary file of the run: registered for removal on a signal, and
/// removed when dropped unless it was renamed into place.
#[derive(Debug)]
pub(crate) struct TempPath {
    path: PathBuf,
}

impl TempPath {
    /// Creates the file `path` anew (emptied if it exists), for reading
    /// and writing.
    pub(crate) fn create(path: PathBuf) -> io::Result<(TempPath, File)> {
        let mut temporary = lock(&TEMPORARY);
        let file =
            OpenOptions::new().read(true).write(true).create(true).truncate(true).open(&path)?;
        temporary.push(path.clone());
        Ok((TempPath { path }, file))
    }

    /// Creates a file of a name no other file has, in `dir`, from `name`:
    /// `.NAME.pgn-PID-N.tmp`.
    fn create_beside(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(TempPath, File)> {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        loop {
            let mut temp = OsString::from(".");
            temp.push(name);
            let n = COUNT.fetch_add(1, Ordering::Relaxed);
            temp.push(format!(".pgn-{}-{n}.tmp", std::process::id()));
            let path = dir.join(temp);
            let mut temporary = lock(&TEMPORARY);
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(file) => {
                    temporary.push(path.clone());
                    return Ok((TempPath { path }, file));
                }
                // Left by an earlier run of the same process id.
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {}
                Err(err) => return Err(err),
            }
        }
    }

    /// The path of the file.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Renames the file to `to` (replacing what is there), after which it
    /// is no longer temporary.
    fn rename_to(self, to: &Path) -> io::Result<()> {
        let mut temporary = lock(&TEMPORARY);
        if INTERRUPTED.load(Ordering::SeqCst) {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        fs::rename(&self.path, to)?;
        temporary.retain(|p| *p != self.path);
        drop(temporary);
        std::mem::forget(self);
        Ok(())
    }
}

impl Drop for TempPath {
    fn drop(&mut self) {
        let mut temporary = lock(&TEMPORARY);
        // Nothing more can be done if it cannot be removed; its name says
        // what it is.
        let _ = fs::remove_file(&self.path);
        temporary.retain(|p| *p != self.path);
    }
}

/// A regular file being written through a temporary file beside it.
#[derive(Debug)]
pub(crate) struct Staged {
    /// The file written in the end (symlinks followed).
    target: PathBuf,
    temp: TempPath,
}

impl Staged {
    /// Starts writing the regular file `path` (which may not exist yet):
    /// the temporary file beside it, open for writing. An existing file
    /// that cannot be written is refused as creating it would be, and its
    /// permissions go to the new file.
    pub(crate) fn create(path: &Path) -> io::Result<(Staged, File)> {
        let target = follow_links(path);
        let name = target
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
        let old = fs::metadata(&target).ok();
        if old.is_some() {
            // Opened, not truncated: only to learn that it may be written.
            OpenOptions::new().write(true).open(&target)?;
        }
        let (temp, file) = TempPath::create_beside(parent(&target), name)?;
        if let Some(old) = old {
            file.set_permissions(old.permissions())?;
        }
        Ok((Staged { target, temp }, file))
    }

    /// Whether the file existed before the run.
    fn existed(&self) -> bool {
        fs::metadata(&self.target).is_ok()
    }

    /// The temporary file's path, to open it again.
    pub(crate) fn temp_path(&self) -> &Path {
        self.temp.path()
    }

    /// Renames the temporary file into place.
    ///
    /// # Errors
    ///
    /// The rename fails; the error names the file.
    pub(crate) fn commit(self) -> io::Result<()> {
        let Staged { target, temp } = self;
        temp.rename_to(&target)
            .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", target.display())))
    }

    /// What [`OutputFile::finish`] reports when the run did not end well.
    pub(crate) fn not_written(&self) -> &'static str {
        if self.existed() { "left as it was" } else { "not written" }
    }
}

/// The output of a run: standard output, a file that is not a regular
/// file, or a regular file [`Staged`] behind a buffer. Writing to it
/// writes to the buffer; [`OutputFile::finish`] ends the run's output.
pub(crate) struct OutputFile {
    out: BufWriter<Box<dyn Write>>,
    staged: Option<Staged>,
    name: String,
}

impl OutputFile {
    /// Opens `path` for writing (standard output for `None` or `-`): a
    /// regular file (or a name not yet taken) staged, anything else
    /// written directly.
    ///
    /// # Errors
    ///
    /// The file (or its temporary file) cannot be created.
    pub(crate) fn create(path: Option<&str>) -> io::Result<OutputFile> {
        let (out, staged): (Box<dyn Write>, _) = match path {
            None | Some("-") => (Box::new(io::stdout().lock()), None),
            Some(path) => match fs::metadata(path) {
                Ok(meta) if !meta.is_file() => (Box::new(File::create(path)?), None),
                _ => {
                    let (staged, file) = Staged::create(Path::new(path))?;
                    (Box::new(file), Some(staged))
                }
            },
        };
        let name = path.unwrap_or("-").to_owned();
        Ok(OutputFile { out: BufWriter::with_capacity(BUFFER, out), staged, name })
    }

    /// Ends the output: flushes it, and for a regular file renames it
    /// into place when the run read all its inputs (`status`). When an
    /// input could not be read, the old file stays as it was (or none is
    /// made), and a line on `errors` says so.
    ///
    /// # Errors
    ///
    /// The output cannot be written or renamed, or `errors` cannot be
    /// written; the old file stays as it was.
    pub(crate) fn finish(
        mut self,
        status: &Status,
        errors: &mut impl Write,
        command: &str,
    ) -> io::Result<()> {
        self.out.flush()?;
        let OutputFile { out, staged, name } = self;
        // The file is closed before it is renamed.
        drop(out);
        let Some(staged) = staged else { return Ok(()) };
        if status.unreadable > 0 {
            let what = staged.not_written();
            let why = format_args!("{name} {what}: an input could not be read");
            return crate::report::write_failure(errors, command, None, why);
        }
        staged.commit()
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory for a test, removed first if a run left it.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pgn-output-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    }

    fn s(path: &Path) -> String {
        path.display().to_string()
    }

    #[test]
    fn the_same_file_is_found_by_any_name() {
        let dir = scratch("names");
        let a = dir.join("a.pgn");
        fs::write(&a, "1. e4 *\n").expect("written");
        let dotted = dir.join(".").join("a.pgn");
        let inputs = [s(&a)];
        assert!(clash(&inputs, &[&s(&a)]).is_some_and(|m| m.contains("both an input")));
        assert!(clash(&inputs, &[&s(&dotted)]).is_some_and(|m| m.contains("is the input")));
        #[cfg(unix)]
        {
            let link = dir.join("link.pgn");
            std::os::unix::fs::symlink(&a, &link).expect("a symlink");
            assert!(clash(&inputs, &[&s(&link)]).is_some());
            let hard = dir.join("hard.pgn");
            fs::hard_link(&a, &hard).expect("a hard link");
            assert!(clash(&inputs, &[&s(&hard)]).is_some());
        }
        // Two outputs that do not exist yet, by two names.
        let new = dir.join("new.pgn");
        let new_dotted = dir.join(".").join("new.pgn");
        assert!(clash(&inputs, &[&s(&new), &s(&new_dotted)]).is_some_and(|m| m.contains("same")));
        // Not a clash: another file, standard output, a device.
        assert_eq!(clash(&inputs, &[&s(&new), "-", "-"]), None);
        #[cfg(unix)]
        assert_eq!(clash(&inputs, &["/dev/null", "/dev/null"]), None);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_staged_file_replaces_the_old_only_when_committed() {
        let dir = scratch("staged");
        let out = dir.join("out.pgn");
        fs::write(&out, "old").expect("written");
        let (staged, mut file) = Staged::create(&out).expect("staged");
        file.write_all(b"new").expect("written");
        assert_eq!(fs::read(&out).expect("read"), b"old");
        drop((staged, file));
        assert_eq!(fs::read(&out).expect("read"), b"old");
        assert_eq!(fs::read_dir(&dir).expect("listed").count(), 1, "no temporary file left");
        let (staged, mut file) = Staged::create(&out).expect("staged");
        file.write_all(b"new").expect("written");
        drop(file);
        staged.commit().expect("renamed");
        assert_eq!(fs::read(&out).expect("read"), b"new");
        assert_eq!(fs::read_dir(&dir).expect("listed").count(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_written_through() {
        let dir = scratch("through");
        fs::create_dir_all(dir.join("real")).expect("a directory");
        let real = dir.join("real").join("games.pgn");
        fs::write(&real, "old").expect("written");
        let link = dir.join("link.pgn");
        std::os::unix::fs::symlink("real/games.pgn", &link).expect("a symlink");
        let (staged, mut file) = Staged::create(&link).expect("staged");
        assert_eq!(staged.temp_path().parent(), Some(dir.join("real").as_path()));
        file.write_all(b"new").expect("written");
        drop(file);
        staged.commit().expect("renamed");
        assert!(fs::symlink_metadata(&link).expect("the link").file_type().is_symlink());
        assert_eq!(fs::read(&real).expect("read"), b"new");
        let _ = fs::remove_dir_all(&dir);
    }
}
