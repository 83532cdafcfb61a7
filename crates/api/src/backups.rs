//! Backups and restore (issue "Nothing lost"). Automatic backups go to `backups/`
//! beside the database — when a round's last sheet completes, and every few
//! minutes while entries come in — and the newest N are kept. A restore first
//! keeps the current content aside; nothing is ever deleted but old automatic
//! backups beyond N.

use crate::error::{ApiError, Result};
use crate::Atout;
use atout_rules::{said, Said};
pub use atout_store::backup_dir;
use atout_store::stamp;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Automatic backups kept (`ATOUT_BACKUP_KEEP`, default 20).
pub const DEFAULT_KEEP: usize = 20;
/// Minutes between automatic backups while entries come in (`ATOUT_BACKUP_MINUTES`, default 5).
pub const DEFAULT_MINUTES: u64 = 5;

/// A backup file and what it holds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BackupInfo {
    pub path: String,
    pub file: String,
    /// `auto`, `manual`, `before-migration`, `replaced` (the content a restore replaced) or `damaged`.
    pub kind: &'static str,
    /// When it was written (local time).
    pub written_local: String,
    pub tournaments: i64,
    pub rounds: i64,
    pub lines: i64,
    /// Its newest change, in local time.
    pub last_change_local: Option<String>,
    /// Set when the file does not check (it cannot be restored), in every language.
    pub problem: Option<atout_rules::Said>,
}

/// The database and its backups, as the window's recovery and backups screens show them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Recovery {
    pub path: String,
    /// Why the database could not be opened (none when it is open), in every language.
    pub error: Option<atout_rules::Said>,
    /// The folder its backups are in (`backup_dir`: `backups/`, or `backups/NAME/`).
    pub dir: String,
    pub backups: Vec<BackupInfo>,
}

impl Recovery {
    /// The database at `path` (opened, or refused with `error`) and the backups beside it.
    pub fn of(path: &Path, error: Option<atout_rules::Said>) -> Recovery {
        Recovery { path: path.display().to_string(), error, dir: backup_dir(path).display().to_string(), backups: backups_of(path) }
    }
}

/// How automatic backups are taken.
#[derive(Clone, Debug)]
pub(crate) struct BackupPolicy {
    pub keep: usize,
    pub every: Duration,
    pub last: Option<Instant>,
    /// A batch's writes asked for a backup (and whether one completed a round): taken
    /// once the batch has committed, never of its uncommitted rows.
    pub pending: Option<bool>,
    /// Why the last automatic backup failed, until one is taken again: said by each front
    /// (it went to standard error alone, which nobody sees behind a window).
    pub failed: Option<atout_rules::Said>,
}

impl BackupPolicy {
    pub fn from_env() -> BackupPolicy {
        let num = |k: &str, d: u64| std::env::var(k).ok().and_then(|v| v.parse::<u64>().ok()).unwrap_or(d);
        BackupPolicy {
            keep: num("ATOUT_BACKUP_KEEP", DEFAULT_KEEP as u64).max(1) as usize,
            every: Duration::from_secs(60 * num("ATOUT_BACKUP_MINUTES", DEFAULT_MINUTES)),
            last: None,
            pending: None,
            failed: None,
        }
    }
}

fn kind_of(file: &str) -> &'static str {
    atout_store::BACKUP_KINDS.into_iter().find(|k| file.strip_prefix(k).is_some_and(|rest| rest.starts_with('-'))).unwrap_or("manual")
}

/// What a backup file holds (read without changing it).
pub fn describe(path: &Path) -> BackupInfo {
    let file = path.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default();
    // When it was written: the time its name carries, as the list is ordered (the file's
    // own time is when it was copied: backups brought from another PC all read that day).
    let written_local = chrono::NaiveDateTime::parse_from_str(&written_at(path), "%Y%m%d-%H%M%S-%3f")
        .map(|t| chrono::DateTime::<chrono::Local>::from(t.and_utc()).format("%Y-%m-%d %H:%M:%S").to_string())
        .unwrap_or_default();
    let mut info = BackupInfo {
        path: path.display().to_string(),
        kind: kind_of(&file),
        file,
        written_local,
        tournaments: 0,
        rounds: 0,
        lines: 0,
        last_change_local: None,
        problem: None,
    };
    match atout_store::summarize(path) {
        // An empty file (a database emptied, set aside) is no backup to restore.
        Ok(s) if s.version == 0 => info.problem = Some(no_database()),
        Ok(s) => {
            info.tournaments = s.tournaments;
            info.rounds = s.rounds;
            info.lines = s.lines;
            info.last_change_local = s.last_change.as_deref().map(crate::text::local_time);
        }
        Err(e) => info.problem = Some(ApiError::from(e).texts()),
    }
    info
}

/// Every backup beside the database at `db`, newest first: by the time its name carries
/// (`auto-20261127-173248-539.db`: UTC, as [`stamp`] writes it), else by when the file was
/// written. By name alone, every `replaced-…` and `damaged-…` file came before every newer
/// `auto-…` one, and the "latest good backup" offered was older than the newest.
pub fn backups_of(db: &Path) -> Vec<BackupInfo> {
    let files: Vec<PathBuf> = std::fs::read_dir(backup_dir(db))
        .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "db")).collect())
        .unwrap_or_default();
    let mut dated: Vec<(String, PathBuf)> = files.into_iter().map(|p| (written_at(&p), p)).collect();
    dated.sort_by(|a, b| b.cmp(a));
    dated.iter().map(|(_, p)| describe(p)).collect()
}

/// When a backup was written, as a sortable UTC stamp: the one its name ends with, else
/// the file's time.
fn written_at(path: &Path) -> String {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let tail: String = stem.chars().rev().take(19).collect::<Vec<_>>().into_iter().rev().collect();
    let shaped = tail.len() == 19
        && tail.char_indices().all(|(i, c)| if i == 8 || i == 15 { c == '-' } else { c.is_ascii_digit() })
        && (stem.len() == 19 || stem[..stem.len() - 19].ends_with('-'));
    if shaped {
        return tail;
    }
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map(|t| chrono::DateTime::<chrono::Utc>::from(t).format("%Y%m%d-%H%M%S-%3f").to_string())
        .unwrap_or_default()
}

/// How long ago the newest backup of the database at `db` was written (any kind but a
/// damaged file kept aside); none when it has none.
fn newest_backup_age(db: &Path) -> Option<Duration> {
    let dir = std::fs::read_dir(backup_dir(db)).ok()?;
    dir.filter_map(|e| e.ok())
        .filter(|e| atout_store::is_backup(&e.file_name().to_string_lossy()))
        .filter_map(|e| e.metadata().ok()?.modified().ok())
        .filter_map(|t| std::time::SystemTime::now().duration_since(t).ok())
        .min()
}

/// The newest backup beside the database at `db` that checks: the one to offer when the
/// database cannot be opened (never a damaged file kept aside).
pub fn latest_good(db: &Path) -> Option<BackupInfo> {
    // Held to what a restore asks of it (every sheet checking, not only the file whole): one
    // offered as the latest good was then refused.
    backups_of(db).into_iter().find(|b| b.problem.is_none() && b.kind != "damaged" && fit_to_restore(Path::new(&b.path)).is_ok())
}

/// «An empty file», said of a backup that holds no database.
fn no_database() -> atout_rules::Said {
    said!(
        "it holds no Atout database (an empty file)",
        "il ne contient pas de base de données d'Atout (un fichier vide)",
        "het bevat geen databank van Atout (een leeg bestand)"
    )
}

/// A backup that cannot be used, and why, in the user's language.
fn unusable(backup: &Path, why: atout_rules::Said) -> ApiError {
    let f = backup.display();
    let (we, wf, wn) = (why.en, why.fr, why.nl);
    ApiError::invalid(said!(
        "{f} cannot be restored: {we}; nothing was changed",
        "{f} ne peut pas être restauré : {wf} ; rien n'a été modifié",
        "{f} kan niet teruggezet worden: {wn}; er werd niets gewijzigd"
    ))
}

/// A backup fit to be restored, as `atout check` would say of it: an Atout database (not an
/// empty file, which restored left no tournament), every page and index whole
/// (`integrity_check`, not only the quick check an open runs), every stored sheet checking.
/// Checked on a copy in memory: the file is not changed.
fn fit_to_restore(backup: &Path) -> Result<()> {
    let version = atout_store::check_file(backup).map_err(|e| unusable(backup, ApiError::from(e).texts()))?;
    if version == 0 {
        return Err(unusable(backup, no_database()));
    }
    let mut probe = Atout::open_in_memory()?;
    probe.store.restore_from(backup).map_err(|e| unusable(backup, ApiError::from(e).texts()))?;
    probe.check().map_err(|e| unusable(backup, e.texts()))?;
    Ok(())
}

/// Put a backup in place of a database that cannot be opened (damaged, or from a
/// newer Atout): the backup is first copied beside it whole, then the file moved aside to
/// `backups/damaged-…` (never deleted) and the copy put in its place, and the database
/// opened. A database that cannot be opened for a reason that is not its own (another
/// program holds it, no right to it, the disk full) is refused: nothing is moved.
pub fn restore_file(db: &Path, backup: &Path) -> Result<Atout> {
    fit_to_restore(backup)?;
    if db.exists() {
        if let Err(e) = atout_store::check_file(db) {
            let e = ApiError::from(e);
            if e.is_unavailable() {
                return Err(e);
            }
        }
    }
    let aside = backup_dir(db).join(format!("damaged-{}.db", stamp()));
    std::fs::create_dir_all(backup_dir(db)).map_err(|source| ApiError::File { path: aside.display().to_string(), source })?;
    // The copy made whole before anything is moved: a disk too full for it left the
    // database moved aside and an empty file in its place.
    let part = db.with_extension("db.restoring");
    let copied = std::fs::copy(backup, &part).and_then(|_| std::fs::File::open(&part)?.sync_all());
    if let Err(source) = copied {
        let _ = std::fs::remove_file(&part);
        return Err(ApiError::File { path: part.display().to_string(), source });
    }
    if db.exists() {
        if let Err(source) = std::fs::rename(db, &aside) {
            let _ = std::fs::remove_file(&part);
            return Err(ApiError::File { path: db.display().to_string(), source });
        }
        move_log(db, &aside);
    }
    if let Err(source) = std::fs::rename(&part, db) {
        // Put back what was there, its log too (changes committed and not yet in the file).
        let _ = std::fs::rename(&aside, db);
        move_log(&aside, db);
        let _ = std::fs::remove_file(&part);
        return Err(ApiError::File { path: db.display().to_string(), source });
    }
    Atout::open(db)
}

/// A database's log beside it (`-wal`, `-shm`) moved with it, from `from` to `to`.
fn move_log(from: &Path, to: &Path) {
    // SQLite names them after the whole file name (`club.atout-wal`): taken for `.db` names
    // alone, the log of a database named otherwise stayed beside the backup put in its place,
    // and was replayed into it.
    let beside = |p: &Path, end: &str| {
        let mut name = p.as_os_str().to_owned();
        name.push(end);
        std::path::PathBuf::from(name)
    };
    for end in ["-wal", "-shm"] {
        if beside(from, end).exists() {
            let _ = std::fs::rename(beside(from, end), beside(to, end));
        }
    }
}

/// `atout restore`: put `backup` in place of the database at `db` — into the open
/// database when it opens (the replaced content kept as `replaced-…`), or in place of
/// a file that cannot be opened (kept as `damaged-…`). Returns where the old content went.
/// A database that cannot be opened for a reason that is not its own (held by another
/// program, no right to it) is refused, nothing replaced: it was moved aside as damaged
/// while the program holding it went on writing to it.
pub fn restore_into(db: &Path, backup: &Path) -> Result<String> {
    match Atout::open(db) {
        Ok(mut app) => Ok(app.restore(backup)?.path),
        Err(e) if e.is_unavailable() => Err(e),
        Err(_) => {
            let app = restore_file(db, backup)?;
            Ok(app.backups().into_iter().find(|b| b.kind == "damaged").map(|b| b.path).unwrap_or_default())
        }
    }
}

impl Atout {
    /// Back up the database: to `dest`, or beside it as a backup made by hand (`manual-…`,
    /// kept until removed by hand: it was written as the next automatic one, listed as such
    /// and pruned twenty backups later). Returns what it holds. A file already at `dest` is
    /// kept, and the backup refused ([`Atout::backup_replacing`] replaces it).
    pub fn backup(&mut self, dest: Option<&Path>) -> Result<BackupInfo> {
        if let Some(d) = dest.filter(|d| d.exists()) {
            let d = d.display();
            return Err(ApiError::conflict(said!(
                "{d} already exists; it was not replaced",
                "{d} existe déjà ; il n'a pas été remplacé",
                "{d} bestaat al; het werd niet vervangen"
            )));
        }
        let made = self.backup_made(dest, "manual")?;
        // A copy made now: the automatic one that failed is made up for.
        self.backups.failed = None;
        Ok(made)
    }

    /// The next automatic backup (`auto-…`), as a write takes one when it is due; the newest
    /// `ATOUT_BACKUP_KEEP` are kept.
    pub fn backup_automatic(&mut self) -> Result<BackupInfo> {
        self.backup_made(None, "auto")
    }

    /// Back up the database to `dest`, replacing what is there (asked for: `--replace`).
    pub fn backup_replacing(&mut self, dest: &Path) -> Result<BackupInfo> {
        if dest.is_dir() {
            let d = dest.display();
            return Err(ApiError::invalid(said!("{d} is a folder", "{d} est un dossier", "{d} is een map")));
        }
        self.backup_made(Some(dest), "manual")
    }

    /// A backup to `dest`, or beside the database named `kind-<time>.db`.
    fn backup_made(&mut self, dest: Option<&Path>, kind: &str) -> Result<BackupInfo> {
        let db = self.path.clone().ok_or_else(|| {
            ApiError::invalid(said!(
                "a database in memory has no backups",
                "une base en mémoire n'a pas de sauvegardes",
                "een databank in het geheugen heeft geen back-ups"
            ))
        })?;
        let dest = match dest {
            Some(d) => d.to_path_buf(),
            None => backup_dir(&db).join(format!("{kind}-{}.db", stamp())),
        };
        self.store.backup_to(&dest)?;
        if dest.starts_with(backup_dir(&db)) {
            self.prune_backups(&db);
        }
        Ok(describe(&dest))
    }

    /// Keep the newest N automatic backups (other kinds are never removed).
    fn prune_backups(&self, db: &Path) {
        let mut auto: Vec<PathBuf> = std::fs::read_dir(backup_dir(db)).map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
        auto.retain(|p| p.is_file() && p.file_name().is_some_and(|f| f.to_string_lossy().starts_with("auto-") && f.to_string_lossy().ends_with(".db")));
        auto.sort();
        let excess = auto.len().saturating_sub(self.backups.keep);
        for old in &auto[..excess] {
            let _ = std::fs::remove_file(old);
        }
    }

    /// The backups beside this database, newest first.
    pub fn backups(&self) -> Vec<BackupInfo> {
        self.path.as_deref().map(backups_of).unwrap_or_default()
    }

    /// Replace the database's content with a backup. The current content is kept
    /// first as `backups/replaced-…`; returns that copy.
    pub fn restore(&mut self, backup: &Path) -> Result<BackupInfo> {
        fit_to_restore(backup)?;
        let db = self.path.clone().ok_or_else(|| {
            ApiError::invalid(said!(
                "a database in memory cannot be restored",
                "une base en mémoire ne peut être restaurée",
                "een databank in het geheugen kan niet teruggezet worden"
            ))
        })?;
        let aside = backup_dir(&db).join(format!("replaced-{}.db", stamp()));
        self.store.backup_to(&aside)?;
        self.store.restore_from(backup)?;
        self.cache.clear();
        self.seen_version = self.store.data_version()?;
        Ok(describe(&aside))
    }

    /// The whole database checked: the file (`PRAGMA integrity_check`), then every stored
    /// sheet replayed by its game's rules — a line changed by other means may still be
    /// JSON (`"contract": "Q"`). `ok`, or an integrity error saying what was found wrong.
    pub fn check(&mut self) -> Result<String> {
        let said = self.store.integrity()?;
        if said != "ok" {
            // What SQLite found, as it says it: the file is damaged.
            return Err(ApiError::Integrity(said!(
                "the database is damaged: {said}",
                "la base de données est abîmée : {said}",
                "de databank is beschadigd: {said}"
            )));
        }
        let ids: Vec<atout_store::Id> = self.store.tournaments()?.iter().map(|t| t.id).collect();
        match self.sheets_broken(&ids)? {
            Some(e) => Err(e),
            None => Ok(said),
        }
    }

    /// The stored sheets of `tournaments` that no longer check (changed by other means than
    /// Atout), said as an integrity error naming each, or none. Their tables count nothing
    /// in the standings, so what ranks or publishes them says so.
    pub fn sheets_broken(&mut self, tournaments: &[atout_store::Id]) -> Result<Option<ApiError>> {
        let mut found = vec![];
        for id in tournaments {
            let l = self.loaded(*id)?;
            found.extend(l.broken(None).into_iter().map(|said| (l.row.name.clone(), said)));
        }
        Ok(crate::error::sheets_broken(&found))
    }

    /// After a write: an automatic backup when a round has just completed, or when
    /// the last one is older than the policy's interval. A failed backup never fails
    /// the write (it is kept to be said: [`Atout::backup_failure`]).
    pub(crate) fn after_write(&mut self, round_complete: bool) {
        if self.path.is_none() {
            return;
        }
        if self.store.in_batch() {
            self.backups.pending = Some(self.backups.pending.unwrap_or(false) || round_complete);
            return;
        }
        if self.backups.last.is_none() {
            // A new process (each CLI command is one): the last backup is the newest file
            // beside the database, not none, or every command would take one.
            let db = self.path.clone().unwrap_or_default();
            self.backups.last = newest_backup_age(&db).and_then(|age| Instant::now().checked_sub(age));
        }
        let due = round_complete || self.backups.last.is_none_or(|t| t.elapsed() >= self.backups.every);
        if due {
            self.backups.last = Some(Instant::now());
            self.backups.failed = self.backup_automatic().err().map(|e| e.texts());
        }
    }

    /// The database may be read but not written (a file marked read-only, a locked stick, a
    /// folder of someone else's): it was opened to be read, printed and exported, and every
    /// change is refused. Said before anyone types a line that will not be kept.
    pub fn read_only(&self) -> Option<Said> {
        let path = self.path.as_ref().filter(|_| self.store.is_read_only())?.display();
        Some(said!(
            "{path} may not be written: it is open to be read, printed and exported, and no change can be stored; to change it, copy it to a folder you may write to and open the copy, or give yourself the right to write it",
            "{path} ne peut pas être écrit : il est ouvert pour être lu, imprimé et exporté, et aucun changement ne peut être enregistré ; pour le changer, copiez-le dans un dossier où vous pouvez écrire et ouvrez la copie, ou donnez-vous le droit de l'écrire",
            "{path} kan niet geschreven worden: het is geopend om te lezen, af te drukken en te exporteren, en geen wijziging kan bewaard worden; om het te wijzigen, kopieer het naar een map waarin u mag schrijven en open de kopie, of geef uzelf het recht het te schrijven"
        ))
    }

    /// Why the last automatic backup failed, in every language, until a backup is taken again:
    /// the change itself was stored, but the club has no copy of it.
    pub fn backup_failure(&self) -> Option<atout_rules::Said> {
        let Said { en, fr, nl } = self.backups.failed.clone()?;
        Some(said!(
            "the automatic backup failed ({en}): what you changed is stored, but no copy of it was made; mend this, then back up now",
            "la sauvegarde automatique a échoué ({fr}) : votre changement est enregistré, mais aucune copie n'en a été faite ; réglez ceci, puis sauvegardez maintenant",
            "de automatische back-up is mislukt ({nl}): uw wijziging is bewaard, maar er werd geen kopie van gemaakt; verhelp dit en maak dan nu een back-up"
        ))
    }
}

#[cfg(test)]
mod tests {
    /// A database's log goes with it whatever the file is named: SQLite names it after the
    /// whole name (`club.atout-wal`); taken for `.db` names alone, it stayed behind.
    #[test]
    fn a_log_moves_with_its_database_whatever_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let (from, to) = (dir.path().join("club.atout"), dir.path().join("aside.db"));
        for end in ["-wal", "-shm"] {
            std::fs::write(dir.path().join(format!("club.atout{end}")), end).unwrap();
        }
        super::move_log(&from, &to);
        for end in ["-wal", "-shm"] {
            assert!(!dir.path().join(format!("club.atout{end}")).exists(), "{end} left behind");
            assert_eq!(std::fs::read_to_string(dir.path().join(format!("aside.db{end}"))).unwrap(), end);
        }
    }
}
