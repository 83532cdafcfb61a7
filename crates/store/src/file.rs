//! The database file: migrations, checks on opening, backups.

use super::*;

/// Migrations, in order; `PRAGMA user_version` counts those applied.
pub(crate) static MIGRATIONS: &[&str] = &[
    include_str!("../../../schema/0001_init.sql"),
    include_str!("../../../schema/0002_corrections.sql"),
    include_str!("../../../schema/0003_settings_versions.sql"),
    include_str!("../../../schema/0004_devices.sql"),
    include_str!("../../../schema/0005_seasons.sql"),
    include_str!("../../../schema/0006_publishing.sql"),
    include_str!("../../../schema/0007_ruling_keys.sql"),
];

/// The JSON columns, checked when a file is opened, with the schema version that added each.
pub(crate) const JSON_COLUMNS: [(&str, &str, i64); 10] = [
    ("tournaments", "settings", 1),
    ("tournaments", "extra", 1),
    ("entrants", "extra", 1),
    ("draws", "extra", 1),
    ("tables", "extra", 1),
    ("deals", "entry", 1),
    ("rulings", "entry", 1),
    ("tournament_settings", "settings", 3),
    ("season_settings", "settings", 5),
    ("changes", "'{}'", 1),
];

/// The folder automatic backups go to: `backups/` beside the database.
pub fn backup_dir(db: &Path) -> PathBuf {
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).join("backups");
    // The default database's in `backups/` itself; another database's in a folder of its own
    // under it, so that two databases side by side never list, or prune, each other's.
    match db.file_stem() {
        Some(stem) if stem != DEFAULT_STEM => dir.join(stem),
        _ => dir,
    }
}

/// The kinds of the files Atout keeps in a backups folder, each name `{kind}-{stamp}.db`.
pub const BACKUP_KINDS: [&str; 5] = ["auto", "manual", "before-migration", "replaced", "damaged"];

/// Whether a file of a backups folder is a backup to restore (a damaged file set aside is none).
pub fn is_backup(name: &str) -> bool {
    name.ends_with(".db") && !name.starts_with("damaged-")
}

/// Whether backups of the database at `db` are kept.
pub(crate) fn has_backups(db: &Path) -> bool {
    std::fs::read_dir(backup_dir(db)).is_ok_and(|dir| dir.filter_map(|e| e.ok()).any(|e| is_backup(&e.file_name().to_string_lossy())))
}

/// The default database's name, without its extension (`atout.db`).
const DEFAULT_STEM: &str = "atout";

/// A file name's time stamp: UTC, to the millisecond, sortable.
pub fn stamp() -> String {
    Utc::now().format("%Y%m%d-%H%M%S-%3f").to_string()
}

pub(crate) fn integrity(conn: &Connection, pragma: &str) -> Result<String> {
    let mut st = conn.prepare(&format!("PRAGMA {pragma}"))?;
    let lines: Vec<String> = st.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
    Ok(lines.join("; "))
}

/// Check a database file without changing it: it opens read-only, passes
/// `quick_check`, and is not newer than this program. Returns its version.
///
/// `quick_check` rather than `integrity_check` on every open: it reads every page
/// (so a flipped byte in any table or its structure is found) but skips comparing
/// each index with its table, which makes opening a season's file about three times
/// faster; backups and `atout check` run the full `integrity_check`.
/// What SQLite's `e` says of the file at `path`: that it cannot be opened where it is (no
/// such file, no right to read or write it, a read-only medium, another program holding it,
/// the disk full or failing), or anything else (`StoreError::Sql`).
pub(crate) fn unavailable_or(path: &Path, e: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode::*;
    match &e {
        // The disk (full, or failing to read or write: a stick pulled out) is not the file's
        // damage either: said "damaged", a restore moved a healthy file aside.
        rusqlite::Error::SqliteFailure(f, _)
            if matches!(f.code, CannotOpen | ReadOnly | PermissionDenied | DatabaseBusy | DatabaseLocked | DiskFull | SystemIoFailure) =>
        {
            StoreError::Unavailable { path: path.display().to_string(), detail: e.to_string(), trouble: file_trouble(&e) }
        }
        _ => StoreError::Sql(e),
    }
}

pub fn check_file(path: &Path) -> Result<i64> {
    let damaged = |detail: String| StoreError::Damaged { path: path.display().to_string(), detail };
    // A text file named as the database (`--db players.csv`) is no damaged database: no SQLite
    // header and no zero byte in its first page, where a database's pages, whole or damaged,
    // have them (it was said damaged, «not your mistake», and a backup offered in its place).
    if let Ok(mut file) = std::fs::File::open(path) {
        let mut head = vec![0u8; 4096];
        let n = std::io::Read::read(&mut file, &mut head).unwrap_or(0);
        let head = &head[..n];
        // (Cut short within SQLite's own header, or written over while backups of it are
        // kept, it is a damaged database, offered its backup: it was called a text file.)
        let header = b"SQLite format 3\0";
        if !head.is_empty() && !head.starts_with(header) && !header.starts_with(head) && !head.contains(&0) && !has_backups(path) {
            return Err(StoreError::Text { path: path.display().to_string() });
        }
    }
    // Not opened, or not read, for a reason that is not the file's: said as such.
    let read = |e: rusqlite::Error| match unavailable_or(path, e) {
        StoreError::Sql(e) => damaged(e.to_string()),
        other => other,
    };
    let conn = open_to_read(path).map_err(read)?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(read)?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::TooNew { path: path.display().to_string(), found: version, known });
    }
    let check = integrity(&conn, "quick_check").map_err(|e| match e {
        StoreError::Sql(e) => read(e),
        other => other,
    })?;
    if check != "ok" {
        return Err(damaged(check.chars().take(300).collect()));
    }
    if version == 0 {
        // A file Atout never wrote to is new only when it holds nothing: another program's
        // SQLite file (its own tables, no version of ours) is no tournament database, and
        // opening it must not write Atout's tables into it.
        let tables: i64 =
            conn.query_row("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'", [], |r| r.get(0)).map_err(|e| damaged(e.to_string()))?;
        if tables > 0 {
            return Err(StoreError::Foreign { path: path.display().to_string() });
        }
    }
    if version > 0 {
        // Atout's own tables must be there: another program's SQLite file is not a tournament database.
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('changes', 'tournaments', 'deals')", [], |r| r.get(0))
            .map_err(|e| damaged(e.to_string()))?;
        if tables != 3 {
            return Err(StoreError::Foreign { path: path.display().to_string() });
        }
        // SQLite checks its structure, not what a row says: every JSON record must still read.
        for (table, column, _) in JSON_COLUMNS.iter().filter(|(_, _, since)| version >= *since) {
            let bad: i64 = conn
                .query_row(&format!("SELECT count(*) FROM {table} WHERE json_valid({column}) = 0"), [], |r| r.get(0))
                .map_err(|e| damaged(e.to_string()))?;
            if bad > 0 {
                return Err(damaged(format!("{bad} unreadable record(s) in {table}")));
            }
        }
        // Nor does it check that a text is UTF-8 (`json_valid` passes a flipped byte inside a
        // name too): every text is read here once, or the first read of it fails later as a
        // program fault rather than as the file's damage.
        let bad = not_utf8(&conn).map_err(|e| damaged(e.to_string()))?;
        if let Some((table, bad)) = bad {
            return Err(damaged(format!("{bad} unreadable record(s) in {table}")));
        }
    }
    Ok(version)
}

/// The first table holding texts that are not UTF-8, and how many of its rows do.
fn not_utf8(conn: &Connection) -> rusqlite::Result<Option<(String, usize)>> {
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for table in tables {
        let columns: Vec<String> =
            conn.prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))?.query_map([], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        let mut stmt = conn.prepare(&format!("SELECT * FROM \"{table}\""))?;
        let mut rows = stmt.query([])?;
        let mut bad = 0;
        while let Some(row) = rows.next()? {
            let unreadable = (0..columns.len()).any(|i| matches!(row.get_ref(i), Ok(rusqlite::types::ValueRef::Text(t)) if std::str::from_utf8(t).is_err()));
            bad += usize::from(unreadable);
        }
        if bad > 0 {
            return Ok(Some((table, bad)));
        }
    }
    Ok(None)
}

pub(crate) fn migrate(conn: &mut Connection, what: &str) -> Result<()> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::TooNew { path: what.to_string(), found: version, known });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i as i64 + 1)?;
        tx.commit()?;
    }
    Ok(())
}

/// The parts of backups cut short (a process killed, a disk full) in `dir`, older than a
/// minute (none is being written then): removed, or they would stay forever, unlisted. Only
/// those Atout names itself (`auto-20261128-…`): a backup saved into a folder of the user's
/// took every `.part` there with it (a browser's download under way).
fn forget_parts(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let ours = BACKUP_KINDS.iter().any(|k| name.strip_prefix(k).is_some_and(|rest| rest.starts_with('-')))
            && name.split('-').any(|w| w.len() == 8 && w.bytes().all(|b| b.is_ascii_digit()));
        let part = ours && (name.ends_with(".part") || name.ends_with(".part-journal") || name.ends_with(".part-wal") || name.ends_with(".part-shm"));
        let stale = e.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok()).is_some_and(|age| age.as_secs() >= 60);
        if part && stale {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

pub(crate) fn backup_connection(conn: &Connection, dest: &Path) -> Result<()> {
    let fail = |cause: BackupCause| StoreError::Backup { path: dest.display().to_string(), cause: Box::new(cause) };
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        // A file in the folder's place is said as such («File exists», of the backup).
        std::fs::create_dir_all(dir)
            .map_err(|e| if dir.exists() && !dir.is_dir() { std::io::Error::from(std::io::ErrorKind::NotADirectory) } else { e })
            .map_err(|e| fail(e.into()))?;
        forget_parts(dir);
    }
    let tmp = dest.with_extension("part");
    let _ = std::fs::remove_file(&tmp);
    conn.backup(rusqlite::MAIN_DB, &tmp, None::<fn(rusqlite::backup::Progress)>).map_err(|e| fail(e.into()))?;
    // A backup is one self-contained file: no write-ahead log beside it, ever.
    Connection::open(&tmp).and_then(|c| c.pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get::<_, String>(0))).map_err(|e| fail(e.into()))?;
    // The copy is durable before it gets its name. Opened for writing: Windows flushes only a
    // file opened with write access (read-only, every backup failed there: "Access denied").
    std::fs::OpenOptions::new().write(true).open(&tmp).and_then(|f| f.sync_all()).map_err(|e| fail(e.into()))?;
    std::fs::rename(&tmp, dest).map_err(|e| fail(e.into()))?;
    Ok(())
}

/// What a backup holds, for choosing one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupSummary {
    pub version: i64,
    pub tournaments: i64,
    pub rounds: i64,
    pub lines: i64,
    /// The time of its last change (UTC), if any.
    pub last_change: Option<String>,
}

/// Read a backup's content without changing it (after [`check_file`]).
pub fn summarize(path: &Path) -> Result<BackupSummary> {
    let version = check_file(path)?;
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    if version == 0 {
        return Ok(BackupSummary { version, tournaments: 0, rounds: 0, lines: 0, last_change: None });
    }
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0));
    Ok(BackupSummary {
        version,
        tournaments: count("SELECT count(*) FROM tournaments")?,
        rounds: count("SELECT count(DISTINCT tournament_id || '/' || round) FROM draws")?,
        lines: count(
            "SELECT count(*) FROM deals d WHERE d.entry <> 'null'
               AND d.id = (SELECT max(id) FROM deals WHERE table_id = d.table_id AND line = d.line)",
        )?,
        last_change: conn.query_row("SELECT max(at) FROM changes", [], |r| r.get(0))?,
    })
}

/// The database at `path` opened read-only. A database in WAL mode is read with its log,
/// which asks for a shared-memory file beside it; where none may be made (a read-only
/// folder or medium) and no log is there to read, the file is read as it is (SQLite's
/// `immutable`): it was called unopenable, and a club's file on a locked stick unreadable.
pub(crate) fn open_to_read(path: &Path) -> rusqlite::Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let first = Connection::open_with_flags(path, flags).and_then(|c| c.pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)).map(|_| c));
    match first {
        Err(rusqlite::Error::SqliteFailure(f, m))
            if matches!(f.code, rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen | rusqlite::ErrorCode::PermissionDenied) =>
        {
            // A log not read would be changes lost from view, and a rollback journal left by a
            // write cut short a file half written: never read the file without them. (Read as
            // it is, the file is a snapshot: a write by its owner meanwhile is not seen.)
            let beside = |end: &str| std::fs::metadata(format!("{}{end}", path.display())).is_ok_and(|m| m.len() > 0);
            if Path::new(&format!("{}-wal", path.display())).exists() || beside("-journal") {
                return Err(rusqlite::Error::SqliteFailure(f, m));
            }
            Connection::open_with_flags(format!("{}?immutable=1", url_file(path)), flags | OpenFlags::SQLITE_OPEN_URI)
        }
        other => other,
    }
}

/// `path` as an SQLite URI's file part: `file:` and the whole path, its `%`, `?` and `#`
/// escaped. On Windows, its backslashes as slashes and a drive after a slash
/// (`file:/C:/club.db`), a share with an empty authority (`file:////server/share/club.db`):
/// a relative path was taken from the drive's root, a share refused.
fn url_file(path: &Path) -> String {
    let whole = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut text = whole.display().to_string();
    if cfg!(windows) {
        if let Some(rest) = text.strip_prefix(r"\\?\UNC\") {
            text = format!(r"\\{rest}");
        } else if let Some(rest) = text.strip_prefix(r"\\?\") {
            text = rest.to_string();
        }
        text = text.replace('\\', "/");
        if text.starts_with("//") {
            text.insert_str(0, "//");
        } else if !text.starts_with('/') {
            text.insert(0, '/');
        }
    }
    let mut out = String::from("file:");
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// A path as SQLite's URI reads it: whole (a relative path from where the program runs),
    /// its `?`, `#` and `%` escaped, so that none is read as the URI's query or fragment.
    #[cfg(unix)]
    #[test]
    fn a_path_is_written_as_an_sqlite_uri() {
        assert_eq!(super::url_file(Path::new("/tmp/a b/c?#%.db")), "file:/tmp/a b/c%3f%23%25.db");
        let here = std::env::current_dir().unwrap().join("club.db");
        assert_eq!(super::url_file(Path::new("club.db")), format!("file:{}", here.display()));
    }
}
