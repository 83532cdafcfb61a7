//! Atout's SQLite store.
//!
//! Every table is insert-only (triggers refuse UPDATE and DELETE); each write
//! runs in one transaction tied to a row of `changes` (when, who, what, why).
//! This crate knows rows, not rules: callers check a change before writing it.
#![forbid(unsafe_code)]

use chrono::{SecondsFormat, Utc};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, TransactionBehavior};
use serde_json::Value;
use std::path::{Path, PathBuf};

mod devices;
mod file;
mod read;
mod rows;
mod seasons;
mod write;

pub use devices::{DeviceCodeRow, KeyWritten};
use file::{backup_connection, integrity, migrate, MIGRATIONS};
pub use file::{backup_dir, check_file, is_backup, stamp, summarize, BackupSummary, BACKUP_KINDS};
pub use rows::{AuditRow, EntrantRow, HistoryRow, Lines, PlayerRow, RoundRow, TableRow, TournamentRow, WithdrawnRuling};
pub use seasons::{DoubtRow, LinkRow, SeasonRow, SeasonTournamentRow};
pub use write::{Change, Writer};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}{hint}", hint = busy_hint(_0))]
    Sql(#[from] rusqlite::Error),
    #[error("stored JSON is unreadable: {0}")]
    Json(#[from] serde_json::Error),
    #[error("{path} was written by a newer version of Atout (database version {found}; this program knows up to {known}): it was not opened and not changed; open it with that newer Atout (a backup restored in its place would set it aside)")]
    TooNew { path: String, found: i64, known: i64 },
    #[error("{path} is damaged ({detail}): it was not opened and not changed")]
    Damaged { path: String, detail: String },
    /// The file could not be read or written where it is (a read-only folder or medium, no
    /// such file, another program holding it): nothing says it is damaged.
    #[error("{path} cannot be opened ({detail}); nothing says it is damaged: check that the file is there, that its folder can be written, and that no other program holds it")]
    Unavailable { path: String, detail: String, trouble: Option<FileTrouble> },
    /// A text file named as the database (a player list, a document): no database at all.
    #[error("{path} is a text file (a list, a document), not a database: it was not opened and not changed")]
    Text { path: String },
    /// A SQLite file of another program (its own tables), not a tournament database.
    #[error("{path} is not an Atout database (another program's tables are in it): it was not opened and not changed")]
    Foreign { path: String },
    /// The file is there but empty, where backups of it show it held a database: emptied
    /// (a copy or a sync cut off), not a new database to begin.
    #[error("{path} is empty (0 bytes), yet backups of it are kept: it was emptied; it was not opened and not changed")]
    Emptied { path: String },
    #[error("backup {path}: {cause}")]
    Backup { path: String, cause: Box<BackupCause> },
    #[error("cannot create the database folder {path}: {source}")]
    Folder { path: String, source: std::io::Error },
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// What SQLite said of a file's place (not of what the file holds), for the user to be told
/// in their language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTrouble {
    DiskFull,
    ReadOnly,
    NotAllowed,
    CannotOpen,
    DiskFailed,
    Held,
}

/// The file's place in what SQLite said, if that is what it said.
pub fn file_trouble(e: &rusqlite::Error) -> Option<FileTrouble> {
    use rusqlite::ErrorCode::*;
    let rusqlite::Error::SqliteFailure(f, _) = e else { return None };
    Some(match f.code {
        DiskFull => FileTrouble::DiskFull,
        ReadOnly => FileTrouble::ReadOnly,
        PermissionDenied => FileTrouble::NotAllowed,
        CannotOpen => FileTrouble::CannotOpen,
        SystemIoFailure => FileTrouble::DiskFailed,
        DatabaseBusy | DatabaseLocked => FileTrouble::Held,
        _ => return None,
    })
}

/// Why a backup could not be written or read: kept whole (not as the system's English words),
/// so that the user is told it in their language.
#[derive(Debug, thiserror::Error)]
pub enum BackupCause {
    /// The system refused a file or a folder (no room, no right to write, a file in the way).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// SQLite could not copy the database into it.
    #[error("{0}")]
    Sql(#[from] rusqlite::Error),
    /// The file is no backup to restore (damaged, newer, not a database).
    #[error("{0}")]
    File(StoreError),
}

impl StoreError {
    /// A failure of the database itself (SQLite's, a stored value unreadable, a damaged
    /// file), as opposed to what the user asked of it (a newer program's file, a folder or a
    /// backup path that will not do) or another connection holding it.
    pub fn is_internal(&self) -> bool {
        matches!(self, StoreError::Sql(_) | StoreError::Json(_) | StoreError::Damaged { .. } | StoreError::Emptied { .. })
            && !self.is_busy()
            && !self.is_unwritable()
    }

    /// A write the file's place refused: a read-only file, folder or medium, no right to
    /// write it, the disk full. Nothing was stored, and nothing says the file is damaged.
    pub fn is_unwritable(&self) -> bool {
        matches!(self, StoreError::Sql(e) if matches!(file_trouble(e), Some(FileTrouble::ReadOnly | FileTrouble::NotAllowed | FileTrouble::DiskFull)))
    }

    /// SQLite could not open a file it needs (the database, its log or shared memory).
    pub fn cannot_open(&self) -> bool {
        matches!(self, StoreError::Sql(e) if file_trouble(e) == Some(FileTrouble::CannotOpen))
    }

    /// Another connection held the database longer than the busy timeout.
    /// The database busy with another writer, as SQLite says it: a failure told to one more
    /// caller (each device of a batch that could not be committed).
    pub fn busy() -> StoreError {
        StoreError::Sql(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY), None))
    }

    pub fn is_busy(&self) -> bool {
        matches!(self, StoreError::Sql(rusqlite::Error::SqliteFailure(e, _))
            if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
    }
}

pub type Id = i64;

pub struct Store {
    conn: Connection,
    /// A batch's transaction is open: each write is a savepoint of it (group commit).
    batch: bool,
    /// Testing: the next batch's commit fails with this SQLite code (a full disk, another
    /// writer holding the database).
    #[cfg(feature = "testing")]
    fail_commit: Option<i32>,
}

pub(crate) fn busy_hint(e: &rusqlite::Error) -> &'static str {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            " — another Atout (a window or the command line) is writing to this database; nothing was stored, try again in a moment"
        }
        rusqlite::Error::SqliteFailure(f, _)
            if matches!(f.code, rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::PermissionDenied | rusqlite::ErrorCode::DiskFull) =>
        {
            " — the database cannot be written: nothing was stored; check that the disk has room and that the file and its folder may be written"
        }
        _ => "",
    }
}

pub(crate) fn json(text: String) -> Result<Value> {
    Ok(serde_json::from_str(&text)?)
}

pub fn now_utc() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true)
}

impl Store {
    /// Open (creating if needed) the database at `path`, migrated to the latest version.
    ///
    /// An existing file is first checked without being changed (opened read-only):
    /// a damaged file or one written by a newer Atout is refused, never loaded in part.
    /// An older file is copied to `backups/` beside it before it is migrated.
    pub fn open(path: &Path) -> Result<Store> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Folder { path: dir.display().to_string(), source })?;
        }
        let size = std::fs::metadata(path).map(|m| m.len()).ok();
        // An empty file beside backups of it was a database: made anew, it read as a club
        // with no tournament at all, `check` said ok, and nothing pointed to the backups.
        if size == Some(0) && file::has_backups(path) {
            return Err(StoreError::Emptied { path: path.display().to_string() });
        }
        if size.is_some_and(|n| n > 0) {
            let version = check_file(path)?;
            if (1..MIGRATIONS.len() as i64).contains(&version) {
                let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
                let dest = backup_dir(path).join(format!("before-migration-{}-from-version-{version}.db", stamp()));
                backup_connection(&conn, &dest)?;
            }
        }
        // Where the file cannot be read or written (a read-only folder, another program
        // holding it), it is said so, not taken for damaged.
        let opened = Connection::open(path).map_err(StoreError::from).and_then(Store::setup);
        match opened {
            // A database that may be read but not written (a file marked read-only, a
            // locked stick, a folder of someone else's), of this version: opened to be read,
            // printed and exported; each write is refused as the file's, nothing stored. It
            // was refused whole: not even its standings could be read.
            // (SQLite cannot make the shared-memory file beside a writable file in a folder of
            // someone else's: «cannot open», though the file was just read.)
            Err(e) if (e.is_unwritable() || e.cannot_open()) && size.is_some_and(|n| n > 0) => Store::read_only(path).map_err(|_| match e {
                StoreError::Sql(e) => file::unavailable_or(path, e),
                other => other,
            }),
            Err(StoreError::Sql(e)) => Err(file::unavailable_or(path, e)),
            other => other,
        }
    }

    /// The database at `path` opened to be read only, when it is of this version (an older
    /// one would need migrating, a write). Its log is read where it is; where no log may be
    /// made beside it (a read-only folder), the file is read as it is.
    fn read_only(path: &Path) -> Result<Store> {
        let conn = file::open_to_read(path)?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        if version != MIGRATIONS.len() as i64 {
            return Err(StoreError::Sql(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY), None)));
        }
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Store {
            conn,
            batch: false,
            #[cfg(feature = "testing")]
            fail_commit: None,
        })
    }

    /// Open to be read only: the file may not be written (every write is refused). SQLite
    /// opens a file it may not write read-only by itself, as this program does where setting
    /// it up needs a write.
    pub fn is_read_only(&self) -> bool {
        self.conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(false)
    }

    pub fn open_in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> Result<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // FULL: a committed change survives a power cut, not only a killed process.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn, "this database")?;
        Ok(Store {
            conn,
            batch: false,
            #[cfg(feature = "testing")]
            fail_commit: None,
        })
    }

    /// A copy of the whole database at `dest`, written through SQLite's online backup
    /// (consistent while others write), first to a temporary file then renamed, so
    /// that a backup killed half-way never looks like a good one.
    pub fn backup_to(&self, dest: &Path) -> Result<()> {
        backup_connection(&self.conn, dest)
    }

    /// Replace this database's content with the backup at `src`, after checking it.
    /// The caller keeps a copy of the current content first.
    pub fn restore_from(&mut self, src: &Path) -> Result<()> {
        check_file(src).map_err(|e| StoreError::Backup { path: src.display().to_string(), cause: Box::new(BackupCause::File(e)) })?;
        self.conn.restore(rusqlite::MAIN_DB, src, None::<fn(rusqlite::backup::Progress)>)?;
        migrate(&mut self.conn, &src.display().to_string())?;
        Ok(())
    }

    /// `PRAGMA integrity_check` on the open database: `ok`, or what is wrong.
    pub fn integrity(&self) -> Result<String> {
        integrity(&self.conn, "integrity_check")
    }

    /// Changes committed by other connections since the last call move this number.
    pub fn data_version(&self) -> Result<i64> {
        Ok(self.conn.pragma_query_value(None, "data_version", |r| r.get(0))?)
    }

    /// Run `f` as one change: all of it is stored, or none.
    pub fn write<T, E: From<StoreError>>(
        &mut self,
        change: Change<'_>,
        f: impl FnOnce(&mut Writer<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        if self.batch {
            return self.write_in_batch(change, f);
        }
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(StoreError::from)?;
        let out = Self::change(&tx, change, f)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(out)
    }

    /// The `changes` row and `f`'s rows, on a connection inside a transaction.
    fn change<T, E: From<StoreError>>(
        conn: &Connection,
        change: Change<'_>,
        f: impl FnOnce(&mut Writer<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        conn.execute("INSERT INTO changes (at, actor, action, reason) VALUES (?1, ?2, ?3, ?4)", params![now_utc(), change.actor, change.action, change.reason])
            .map_err(StoreError::from)?;
        let mut writer = Writer { tx: conn, change: conn.last_insert_rowid() };
        f(&mut writer)
    }

    /// One change of a batch: a savepoint, released when `f` succeeds, rolled back (and
    /// nothing of it kept) when it fails; the batch's other changes stand either way.
    fn write_in_batch<T, E: From<StoreError>>(
        &mut self,
        change: Change<'_>,
        f: impl FnOnce(&mut Writer<'_>) -> std::result::Result<T, E>,
    ) -> std::result::Result<T, E> {
        self.conn.execute_batch("SAVEPOINT change").map_err(StoreError::from)?;
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Self::change(&self.conn, change, f)));
        let end = match &out {
            Ok(Ok(_)) => "RELEASE change",
            _ => "ROLLBACK TO change; RELEASE change",
        };
        let ended = self.conn.execute_batch(end).map_err(StoreError::from);
        match out {
            Ok(out) => {
                ended?;
                out
            }
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// Group commit: open one transaction for the writes that follow, each of them a
    /// savepoint of it, until [`Store::end_batch`] commits them together (one fsync).
    pub fn begin_batch(&mut self) -> Result<()> {
        if self.batch {
            return Err(StoreError::Sql(rusqlite::Error::InvalidQuery));
        }
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        self.batch = true;
        Ok(())
    }

    /// Commit the batch's writes (`keep`), or roll all of them back. Nothing of a batch
    /// is durable before this returns `Ok`; when the commit fails, nothing of it is kept.
    pub fn end_batch(&mut self, keep: bool) -> Result<()> {
        if !self.batch {
            return Ok(());
        }
        self.batch = false;
        if !keep {
            self.conn.execute_batch("ROLLBACK")?;
            return Ok(());
        }
        #[cfg(feature = "testing")]
        if let Some(code) = self.fail_commit.take() {
            self.conn.execute_batch("ROLLBACK")?;
            let failed = rusqlite::ffi::Error::new(code);
            return Err(StoreError::Sql(rusqlite::Error::SqliteFailure(failed, Some("planted: the batch's commit failed".into()))));
        }
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            if !self.conn.is_autocommit() {
                let _ = self.conn.execute_batch("ROLLBACK");
            }
            return Err(e.into());
        }
        Ok(())
    }

    /// Whether a batch's transaction is open.
    pub fn in_batch(&self) -> bool {
        self.batch
    }

    /// Testing: make the next batch's commit fail (its writes rolled back, an error returned).
    #[cfg(feature = "testing")]
    pub fn fail_next_commit(&mut self) {
        self.fail_commit = Some(rusqlite::ffi::SQLITE_FULL);
    }

    /// Testing: make the next batch's commit find the database busy (another writer).
    #[cfg(feature = "testing")]
    pub fn busy_next_commit(&mut self) {
        self.fail_commit = Some(rusqlite::ffi::SQLITE_BUSY);
    }

    /// A bare commit of one small row, for the benchmark's baseline.
    #[cfg(feature = "testing")]
    pub fn bare_commit(&mut self) -> Result<()> {
        self.write(Change { action: "bench.noop", ..Change::default() }, |_| Ok::<_, StoreError>(()))
    }
}
