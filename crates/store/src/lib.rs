//! Atout's SQLite store.
//!
//! Every table is insert-only (triggers refuse UPDATE and DELETE); each write
//! runs in one transaction tied to a row of `changes` (when, who, what, why).
//! This crate knows rows, not rules: callers check a change before writing it.
#![forbid(unsafe_code)]

use chrono::{SecondsFormat, Utc};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior};
use serde_json::Value;
use std::path::{Path, PathBuf};

mod devices;
mod file;
mod read;
mod rows;
mod seasons;
mod write;

pub use devices::DeviceCodeRow;
use file::{backup_connection, integrity, migrate, MIGRATIONS};
pub use file::{backup_dir, check_file, stamp, summarize, BackupSummary};
pub use rows::{AuditRow, EntrantRow, HistoryRow, Lines, PlayerRow, RoundRow, TableRow, TournamentRow};
pub use seasons::{DoubtRow, LinkRow, SeasonRow, SeasonTournamentRow};
pub use write::{Change, Writer};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}{hint}", hint = busy_hint(_0))]
    Sql(#[from] rusqlite::Error),
    #[error("stored JSON is unreadable: {0}")]
    Json(#[from] serde_json::Error),
    #[error("{path} was written by a newer version of Atout (database version {found}; this program knows up to {known}): it was not opened and not changed")]
    TooNew { path: String, found: i64, known: i64 },
    #[error("{path} is damaged ({detail}): it was not opened and not changed")]
    Damaged { path: String, detail: String },
    #[error("backup {path}: {detail}")]
    Backup { path: String, detail: String },
    #[error("cannot create the database folder {path}: {source}")]
    Folder { path: String, source: std::io::Error },
}

pub type Result<T> = std::result::Result<T, StoreError>;

impl StoreError {
    /// Another connection held the database longer than the busy timeout.
    pub fn is_busy(&self) -> bool {
        matches!(self, StoreError::Sql(rusqlite::Error::SqliteFailure(e, _))
            if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
    }
}

pub type Id = i64;

pub struct Store {
    conn: Connection,
}

pub(crate) fn busy_hint(e: &rusqlite::Error) -> &'static str {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            " — another Atout (a window or the command line) is writing to this database; nothing was stored, try again in a moment"
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
        let existing = std::fs::metadata(path).map(|m| m.len() > 0).unwrap_or(false);
        if existing {
            let version = check_file(path)?;
            if (1..MIGRATIONS.len() as i64).contains(&version) {
                let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
                let dest = backup_dir(path).join(format!("before-migration-{}-from-version-{version}.db", stamp()));
                backup_connection(&conn, &dest)?;
            }
        }
        Store::setup(Connection::open(path)?)
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
        Ok(Store { conn })
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
        check_file(src).map_err(|e| StoreError::Backup { path: src.display().to_string(), detail: e.to_string() })?;
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
        let tx = self.conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(StoreError::from)?;
        tx.execute("INSERT INTO changes (at, actor, action, reason) VALUES (?1, ?2, ?3, ?4)", params![now_utc(), change.actor, change.action, change.reason])
            .map_err(StoreError::from)?;
        let change = tx.last_insert_rowid();
        let mut writer = Writer { tx, change };
        let out = f(&mut writer)?;
        writer.tx.commit().map_err(StoreError::from)?;
        Ok(out)
    }

    /// A bare commit of one small row, for the benchmark's baseline.
    #[cfg(feature = "testing")]
    pub fn bare_commit(&mut self) -> Result<()> {
        self.write(Change { action: "bench.noop", ..Change::default() }, |_| Ok::<_, StoreError>(()))
    }
}
