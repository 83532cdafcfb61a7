//! Atout's SQLite store.
//!
//! Every table is insert-only (triggers refuse UPDATE and DELETE); each write
//! runs in one transaction tied to a row of `changes` (when, who, what, why).
//! This crate knows rows, not rules: callers check a change before writing it.

use chrono::{SecondsFormat, Utc};
use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Every record of one tournament with its change: one row per record written,
/// as (change, at, actor, action, reason, kind, round, table, line, after, before).
const AUDIT_SQL: &str = "
WITH tt AS (SELECT t.id, t.number, w.round FROM tables t JOIN draws w ON w.id = t.draw_id WHERE w.tournament_id = ?1),
items AS (
  SELECT change_id, 'tournament' AS kind, NULL AS round, NULL AS tbl, NULL AS line,
         json_object('name', name, 'game', game, 'settings', json(settings)) AS after, NULL AS before
    FROM tournaments WHERE id = ?1
  UNION ALL
  SELECT s.change_id, 'settings', NULL, NULL, NULL, s.settings,
         coalesce((SELECT p.settings FROM tournament_settings p WHERE p.tournament_id = s.tournament_id AND p.id < s.id ORDER BY p.id DESC LIMIT 1),
                  (SELECT settings FROM tournaments WHERE id = s.tournament_id))
    FROM tournament_settings s WHERE s.tournament_id = ?1
  UNION ALL
  SELECT e.change_id, 'entrant', NULL, NULL, NULL,
         json_object('player', e.code, 'name', (SELECT name FROM player_versions WHERE player_id = e.player_id ORDER BY id DESC LIMIT 1)), NULL
    FROM entrants e WHERE e.tournament_id = ?1
  UNION ALL
  SELECT change_id, 'draw', round, NULL, NULL, json_object('seed', seed, 'repeats', repeats), NULL
    FROM draws WHERE tournament_id = ?1
  UNION ALL
  SELECT d.change_id, 'deal', tt.round, tt.number, d.line, d.entry,
         (SELECT p.entry FROM deals p WHERE p.table_id = d.table_id AND p.line = d.line AND p.id < d.id ORDER BY p.id DESC LIMIT 1)
    FROM deals d JOIN tt ON tt.id = d.table_id
  UNION ALL
  SELECT r.change_id, 'ruling', tt.round, tt.number, NULL, r.entry, NULL FROM rulings r JOIN tt ON tt.id = r.table_id
  UNION ALL
  SELECT x.change_id, 'ruling-withdrawn', tt.round, tt.number, NULL, r.entry, NULL
    FROM ruling_withdrawals x JOIN rulings r ON r.id = x.ruling_id JOIN tt ON tt.id = r.table_id
  UNION ALL
  SELECT x.change_id, 'dealer', tt.round, tt.number, NULL, json_object('first_dealer', x.first_dealer),
         json_object('first_dealer', coalesce((SELECT p.first_dealer FROM table_dealers p WHERE p.table_id = x.table_id AND p.id < x.id ORDER BY p.id DESC LIMIT 1),
                                              (SELECT first_dealer FROM tables WHERE id = x.table_id)))
    FROM table_dealers x JOIN tt ON tt.id = x.table_id
  UNION ALL
  SELECT x.change_id, 'status', NULL, NULL, NULL,
         json_object('player', e.code, 'from_round', x.from_round, 'withdrawn_from', x.withdrawn_from), NULL
    FROM entrant_status x JOIN entrants e ON e.id = x.entrant_id WHERE e.tournament_id = ?1
)
SELECT c.id, c.at, c.actor, c.action, c.reason, i.kind, i.round, i.tbl, i.line, i.after, i.before
  FROM items i JOIN changes c ON c.id = i.change_id
 ORDER BY c.id, i.round, i.tbl, i.line";

/// Migrations, in order; `PRAGMA user_version` counts those applied.
static MIGRATIONS: &[&str] = &[include_str!("../../../schema/0001_init.sql"), include_str!("../../../schema/0002_corrections.sql"),
    include_str!("../../../schema/0003_settings_versions.sql"),
];

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

/// Who makes a change and why.
#[derive(Clone, Debug, Default)]
pub struct Change<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub reason: &'a str,
}

/// A write in progress: one transaction, one `changes` row.
pub struct Writer<'c> {
    tx: Transaction<'c>,
    change: Id,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: Id,
    pub name: String,
    pub club: String,
    pub member: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: Id,
    pub name: String,
    pub game: String,
    pub date: Option<String>,
    pub settings: Value,
    pub extra: Value,
    pub created_at: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    pub id: Id,
    pub player: PlayerRow,
    pub code: String,
    pub extra: Value,
    /// The round from which the player plays (a late entry), if set.
    pub from_round: Option<i64>,
    /// The round from which the player no longer plays (a withdrawal), if set.
    pub withdrawn_from: Option<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub id: Id,
    pub number: i64,
    pub first_dealer: i64,
    /// Entrant ids by seat, seat 1 first.
    pub seats: Vec<Id>,
    pub extra: Value,
    /// Current entry of each line, line 1 first.
    pub deals: Vec<Value>,
    /// Rulings in force (withdrawn ones left out), with their ids.
    pub rulings: Vec<Value>,
    pub ruling_ids: Vec<Id>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RoundRow {
    pub round: i64,
    pub draw_id: Id,
    pub seed: Option<String>,
    pub repeats: Option<i64>,
    pub extra: Value,
    pub tables: Vec<TableRow>,
    pub byes: Vec<Id>,
}

/// One record a change wrote, for a tournament's log: what it touched and, for a
/// sheet line, the version it replaced.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditRow {
    pub change: Id,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub reason: String,
    /// `tournament`, `entrant`, `draw`, `deal`, `ruling`, `ruling-withdrawn`, `dealer`, `status`.
    pub kind: &'static str,
    pub round: Option<i64>,
    pub table: Option<i64>,
    pub line: Option<i64>,
    /// The record written (a line's entry, a ruling, a seed, a first dealer, …).
    pub after: Value,
    /// For a sheet line: the version it replaced (null for a new line).
    pub before: Value,
}

/// One stored version of a sheet line or ruling, with its change.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub kind: &'static str,
    pub line: Option<i64>,
    pub entry: Value,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub reason: String,
}

fn busy_hint(e: &rusqlite::Error) -> &'static str {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            " — another Atout (a window or the command line) is writing to this database; nothing was stored, try again in a moment"
        }
        _ => "",
    }
}

fn json(text: String) -> Result<Value> {
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
        tx.execute(
            "INSERT INTO changes (at, actor, action, reason) VALUES (?1, ?2, ?3, ?4)",
            params![now_utc(), change.actor, change.action, change.reason],
        )
        .map_err(StoreError::from)?;
        let change = tx.last_insert_rowid();
        let mut writer = Writer { tx, change };
        let out = f(&mut writer)?;
        writer.tx.commit().map_err(StoreError::from)?;
        Ok(out)
    }

    /// A bare commit of one small row, for the benchmark's baseline.
    pub fn bare_commit(&mut self) -> Result<()> {
        self.write(Change { action: "bench.noop", ..Change::default() }, |_| Ok::<_, StoreError>(()))
    }

    pub fn players(&self) -> Result<Vec<PlayerRow>> {
        let mut st = self.conn.prepare(
            "SELECT v.player_id, v.name, v.club, v.member FROM player_versions v
             WHERE v.id = (SELECT max(id) FROM player_versions WHERE player_id = v.player_id)
             ORDER BY v.name COLLATE NOCASE, v.player_id",
        )?;
        let rows = st.query_map([], |r| Ok(PlayerRow { id: r.get(0)?, name: r.get(1)?, club: r.get(2)?, member: r.get(3)? }))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub fn tournaments(&self) -> Result<Vec<TournamentRow>> {
        let mut st = self.conn.prepare(
            "SELECT t.id, t.name, t.game, t.date,
                    coalesce((SELECT s.settings FROM tournament_settings s WHERE s.tournament_id = t.id ORDER BY s.id DESC LIMIT 1), t.settings),
                    t.extra, c.at
             FROM tournaments t JOIN changes c ON c.id = t.change_id ORDER BY t.id",
        )?;
        let rows = st.query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get::<_, String>(4)?, r.get::<_, String>(5)?, r.get(6)?))
        })?;
        rows.map(|row| {
            let (id, name, game, date, settings, extra, created_at) = row?;
            Ok(TournamentRow { id, name, game, date, settings: json(settings)?, extra: json(extra)?, created_at })
        })
        .collect()
    }

    pub fn tournament(&self, id: Id) -> Result<Option<TournamentRow>> {
        Ok(self.tournaments()?.into_iter().find(|t| t.id == id))
    }

    pub fn entrants(&self, tournament: Id) -> Result<Vec<EntrantRow>> {
        let mut st = self.conn.prepare(
            "SELECT e.id, e.code, e.extra, v.player_id, v.name, v.club, v.member, s.from_round, s.withdrawn_from
             FROM entrants e JOIN player_versions v ON v.player_id = e.player_id
             LEFT JOIN entrant_status s ON s.id = (SELECT max(id) FROM entrant_status WHERE entrant_id = e.id)
             WHERE e.tournament_id = ?1
               AND v.id = (SELECT max(id) FROM player_versions WHERE player_id = e.player_id)
             ORDER BY e.id",
        )?;
        let rows = st.query_map([tournament], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get::<_, String>(2)?,
                PlayerRow { id: r.get(3)?, name: r.get(4)?, club: r.get(5)?, member: r.get(6)? },
                r.get(7)?,
                r.get(8)?,
            ))
        })?;
        rows.map(|row| {
            let (id, code, extra, player, from_round, withdrawn_from) = row?;
            Ok(EntrantRow { id, player, code, extra: json(extra)?, from_round, withdrawn_from })
        })
        .collect()
    }

    /// The current draw of every round of a tournament, with each sheet's current lines.
    pub fn rounds(&self, tournament: Id) -> Result<Vec<RoundRow>> {
        rounds(&self.conn, tournament)
    }

    /// Every version of every line and ruling of one table, oldest first.
    pub fn history(&self, table: Id) -> Result<Vec<HistoryRow>> {
        let mut st = self.conn.prepare(
            "SELECT 'deal', d.line, d.entry, c.at, c.actor, c.action, c.reason, d.id
               FROM deals d JOIN changes c ON c.id = d.change_id WHERE d.table_id = ?1
             UNION ALL
             SELECT 'ruling', NULL, r.entry, c.at, c.actor, c.action, c.reason, r.id
               FROM rulings r JOIN changes c ON c.id = r.change_id WHERE r.table_id = ?1
             ORDER BY 4, 8",
        )?;
        let rows = st.query_map([table], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get(1)?,
                r.get::<_, String>(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })?;
        rows.map(|row| {
            let (kind, line, entry, at, actor, action, reason) = row?;
            let kind = if kind == "deal" { "deal" } else { "ruling" };
            Ok(HistoryRow { kind, line, entry: json(entry)?, at, actor, action, reason })
        })
        .collect()
    }

    /// Everything ever written about a tournament, oldest first, with who, when and why.
    pub fn audit(&self, tournament: Id) -> Result<Vec<AuditRow>> {
        let mut st = self.conn.prepare(AUDIT_SQL)?;
        let rows = st.query_map([tournament], |r| {
            Ok((
                r.get::<_, Id>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, Option<i64>>(6)?,
                r.get::<_, Option<i64>>(7)?,
                r.get::<_, Option<i64>>(8)?,
                r.get::<_, Option<String>>(9)?,
                r.get::<_, Option<String>>(10)?,
            ))
        })?;
        let kinds = ["tournament", "settings", "entrant", "draw", "deal", "ruling", "ruling-withdrawn", "dealer", "status"];
        rows.map(|row| {
            let (change, at, actor, action, reason, kind, round, table, line, after, before) = row?;
            let parse = |t: Option<String>| t.map_or(Ok(Value::Null), json);
            Ok(AuditRow {
                change,
                at,
                actor,
                action,
                reason,
                kind: kinds.iter().find(|k| **k == kind).copied().unwrap_or("other"),
                round,
                table,
                line,
                after: parse(after)?,
                before: parse(before)?,
            })
        })
        .collect()
    }

    /// Counts of rows per table, to prove a refused change stored nothing.
    pub fn row_counts(&self) -> Result<Vec<(String, i64)>> {
        let names = [
            "changes",
            "players",
            "player_versions",
            "tournaments",
            "entrants",
            "draws",
            "tables",
            "seats",
            "byes",
            "deals",
            "rulings",
            "table_dealers",
            "ruling_withdrawals",
            "entrant_status",
            "tournament_settings",
        ];
        names
            .iter()
            .map(|n| Ok((n.to_string(), self.conn.query_row(&format!("SELECT count(*) FROM {n}"), [], |r| r.get(0))?)))
            .collect()
    }

    /// Direct access for tests that must prove the append-only triggers.
    pub fn raw(&self) -> &Connection {
        &self.conn
    }
}

impl Writer<'_> {
    pub fn change_id(&self) -> Id {
        self.change
    }

    pub fn add_player(&mut self, name: &str, club: &str, member: &str) -> Result<Id> {
        self.tx.execute("INSERT INTO players (change_id) VALUES (?1)", [self.change])?;
        let id = self.tx.last_insert_rowid();
        self.player_version(id, name, club, member)?;
        Ok(id)
    }

    /// A new version of a player's details.
    pub fn player_version(&mut self, player: Id, name: &str, club: &str, member: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO player_versions (player_id, change_id, name, club, member) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![player, self.change, name, club, member],
        )?;
        Ok(())
    }

    pub fn add_tournament(&mut self, name: &str, game: &str, date: Option<&str>, settings: &Value, extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO tournaments (change_id, name, game, date, settings, extra) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![self.change, name, game, date, settings.to_string(), extra.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn add_entrant(&mut self, tournament: Id, player: Id, code: &str, extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO entrants (tournament_id, player_id, change_id, code, extra) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![tournament, player, self.change, code, extra.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn add_draw(&mut self, tournament: Id, round: i64, seed: Option<&str>, repeats: Option<i64>, extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO draws (tournament_id, change_id, round, seed, repeats, extra) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![tournament, self.change, round, seed, repeats, extra.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn add_table(&mut self, draw: Id, number: i64, first_dealer: i64, seats: &[Id], extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO tables (draw_id, number, first_dealer, extra) VALUES (?1, ?2, ?3, ?4)",
            params![draw, number, first_dealer, extra.to_string()],
        )?;
        let table = self.tx.last_insert_rowid();
        let mut st = self.tx.prepare_cached("INSERT INTO seats (table_id, seat, entrant_id) VALUES (?1, ?2, ?3)")?;
        for (i, entrant) in seats.iter().enumerate() {
            st.execute(params![table, i as i64 + 1, entrant])?;
        }
        Ok(table)
    }

    pub fn add_bye(&mut self, draw: Id, entrant: Id) -> Result<()> {
        self.tx.execute("INSERT INTO byes (draw_id, entrant_id) VALUES (?1, ?2)", params![draw, entrant])?;
        Ok(())
    }

    /// Write a sheet line: a new line, or a correction of an existing one.
    pub fn put_deal(&mut self, table: Id, line: i64, entry: &Value) -> Result<()> {
        let mut st = self.tx.prepare_cached("INSERT INTO deals (table_id, change_id, line, entry) VALUES (?1, ?2, ?3, ?4)")?;
        st.execute(params![table, self.change, line, entry.to_string()])?;
        Ok(())
    }

    pub fn add_ruling(&mut self, table: Id, entry: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO rulings (table_id, change_id, entry) VALUES (?1, ?2, ?3)",
            params![table, self.change, entry.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// A new version of a tournament's settings (the earlier ones stay).
    pub fn set_settings(&mut self, tournament: Id, settings: &Value) -> Result<()> {
        self.tx.execute(
            "INSERT INTO tournament_settings (tournament_id, change_id, settings) VALUES (?1, ?2, ?3)",
            params![tournament, self.change, settings.to_string()],
        )?;
        Ok(())
    }

    /// A sheet line removed: the last line undone, or a line cut from a replaced sheet.
    pub fn remove_line(&mut self, table: Id, line: i64) -> Result<()> {
        self.put_deal(table, line, &Value::Null)
    }

    pub fn set_first_dealer(&mut self, table: Id, seat: i64) -> Result<()> {
        self.tx.execute(
            "INSERT INTO table_dealers (table_id, change_id, first_dealer) VALUES (?1, ?2, ?3)",
            params![table, self.change, seat],
        )?;
        Ok(())
    }

    pub fn ruling_withdrawn(&self, ruling: Id) -> Result<bool> {
        Ok(self.tx.query_row("SELECT count(*) FROM ruling_withdrawals WHERE ruling_id = ?1", [ruling], |r| r.get::<_, i64>(0))? > 0)
    }

    pub fn withdraw_ruling(&mut self, ruling: Id) -> Result<()> {
        self.tx.execute("INSERT INTO ruling_withdrawals (ruling_id, change_id) VALUES (?1, ?2)", params![ruling, self.change])?;
        Ok(())
    }

    /// When an entrant plays: from `from_round` (a late entry) until before `withdrawn_from`.
    pub fn entrant_status(&mut self, entrant: Id, from_round: Option<i64>, withdrawn_from: Option<i64>) -> Result<()> {
        self.tx.execute(
            "INSERT INTO entrant_status (entrant_id, change_id, from_round, withdrawn_from) VALUES (?1, ?2, ?3, ?4)",
            params![entrant, self.change, from_round, withdrawn_from],
        )?;
        Ok(())
    }

    /// `PRAGMA data_version` inside this write: unchanged since a reader's last look
    /// means no other connection has committed since (this transaction holds the lock).
    pub fn data_version(&self) -> Result<i64> {
        Ok(self.tx.pragma_query_value(None, "data_version", |r| r.get(0))?)
    }

    /// The current draws of a tournament as stored, seen from inside this write.
    pub fn rounds(&self, tournament: Id) -> Result<Vec<RoundRow>> {
        rounds(&self.tx, tournament)
    }

    /// The current lines of one sheet as stored, seen from inside this write.
    pub fn table_lines(&self, table: Id) -> Result<Vec<Value>> {
        let mut st = self.tx.prepare_cached(
            "SELECT d.entry FROM deals d WHERE d.table_id = ?1
               AND d.id = (SELECT max(id) FROM deals WHERE table_id = d.table_id AND line = d.line)
             ORDER BY d.line",
        )?;
        let rows = st.query_map([table], |r| r.get::<_, String>(0))?;
        let mut lines = vec![];
        for row in rows {
            let entry = json(row?)?;
            if !entry.is_null() {
                lines.push(entry);
            }
        }
        Ok(lines)
    }

    /// The first dealer of a table as stored now.
    pub fn first_dealer(&self, table: Id) -> Result<Option<i64>> {
        Ok(self
            .tx
            .query_row(
                "SELECT coalesce((SELECT first_dealer FROM table_dealers WHERE table_id = ?1 ORDER BY id DESC LIMIT 1), first_dealer)
                 FROM tables WHERE id = ?1",
                [table],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Who wrote the current version of a sheet line, and when (UTC).
    pub fn line_author(&self, table: Id, line: i64) -> Result<Option<(String, String)>> {
        Ok(self
            .tx
            .query_row(
                "SELECT c.actor, c.at FROM deals d JOIN changes c ON c.id = d.change_id
                 WHERE d.table_id = ?1 AND d.line = ?2 ORDER BY d.id DESC LIMIT 1",
                params![table, line],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// The id of the current draw's table `number` in `round`, if there is one.
    pub fn current_table(&self, tournament: Id, round: i64, number: i64) -> Result<Option<Id>> {
        Ok(self
            .tx
            .query_row(
                "SELECT t.id FROM tables t WHERE t.number = ?3 AND t.draw_id =
                   (SELECT max(id) FROM draws WHERE tournament_id = ?1 AND round = ?2)",
                params![tournament, round, number],
                |r| r.get(0),
            )
            .optional()?)
    }
}

/// The JSON columns, checked when a file is opened.
const JSON_COLUMNS: [(&str, &str); 9] = [
    ("tournaments", "settings"),
    ("tournaments", "extra"),
    ("entrants", "extra"),
    ("draws", "extra"),
    ("tables", "extra"),
    ("deals", "entry"),
    ("rulings", "entry"),
    ("tournament_settings", "settings"),
    ("changes", "'{}'"),
];

/// The folder automatic backups go to: `backups/` beside the database.
pub fn backup_dir(db: &Path) -> PathBuf {
    db.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new(".")).join("backups")
}

/// A file name's time stamp: UTC, to the millisecond, sortable.
pub fn stamp() -> String {
    Utc::now().format("%Y%m%d-%H%M%S-%3f").to_string()
}

fn integrity(conn: &Connection, pragma: &str) -> Result<String> {
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
pub fn check_file(path: &Path) -> Result<i64> {
    let damaged = |detail: String| StoreError::Damaged { path: path.display().to_string(), detail };
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| damaged(e.to_string()))?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(|e| damaged(e.to_string()))?;
    let known = MIGRATIONS.len() as i64;
    if version > known {
        return Err(StoreError::TooNew { path: path.display().to_string(), found: version, known });
    }
    let check = integrity(&conn, "quick_check").map_err(|e| damaged(e.to_string()))?;
    if check != "ok" {
        return Err(damaged(check.chars().take(300).collect()));
    }
    if version > 0 {
        // Atout's own tables must be there: another program's SQLite file is not a tournament database.
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('changes', 'tournaments', 'deals')", [], |r| r.get(0))
            .map_err(|e| damaged(e.to_string()))?;
        if tables != 3 {
            return Err(damaged("not an Atout database".into()));
        }
        // SQLite checks its structure, not what a row says: every JSON record must still read.
        for (table, column) in JSON_COLUMNS.iter().filter(|(t, _)| version >= if *t == "tournament_settings" { 3 } else { 1 }) {
            let bad: i64 = conn
                .query_row(&format!("SELECT count(*) FROM {table} WHERE json_valid({column}) = 0"), [], |r| r.get(0))
                .map_err(|e| damaged(e.to_string()))?;
            if bad > 0 {
                return Err(damaged(format!("{bad} unreadable record(s) in {table}")));
            }
        }
    }
    Ok(version)
}

fn migrate(conn: &mut Connection, what: &str) -> Result<()> {
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

fn backup_connection(conn: &Connection, dest: &Path) -> Result<()> {
    let fail = |detail: String| StoreError::Backup { path: dest.display().to_string(), detail };
    if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| fail(e.to_string()))?;
    }
    let tmp = dest.with_extension("part");
    let _ = std::fs::remove_file(&tmp);
    conn.backup(rusqlite::MAIN_DB, &tmp, None::<fn(rusqlite::backup::Progress)>).map_err(|e| fail(e.to_string()))?;
    // A backup is one self-contained file: no write-ahead log beside it, ever.
    Connection::open(&tmp)
        .and_then(|c| c.pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get::<_, String>(0)))
        .map_err(|e| fail(e.to_string()))?;
    // The copy is durable before it gets its name.
    std::fs::File::open(&tmp).and_then(|f| f.sync_all()).map_err(|e| fail(e.to_string()))?;
    std::fs::rename(&tmp, dest).map_err(|e| fail(e.to_string()))?;
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

// Readers shared by the store and a write in progress (which must see the data as stored in its own transaction).

/// The current draw of every round of a tournament, with each sheet's current lines.
fn rounds(conn: &Connection, tournament: Id) -> Result<Vec<RoundRow>> {
    let mut st = conn.prepare(
        "SELECT d.id, d.round, d.seed, d.repeats, d.extra FROM draws d
         WHERE d.tournament_id = ?1
           AND d.id = (SELECT max(id) FROM draws WHERE tournament_id = d.tournament_id AND round = d.round)
         ORDER BY d.round",
    )?;
    type DrawRow = (Id, i64, Option<String>, Option<i64>, String);
    let draws: Vec<DrawRow> = st
        .query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut rounds = Vec::with_capacity(draws.len());
    for (draw_id, round, seed, repeats, extra) in draws {
        rounds.push(RoundRow {
            round,
            draw_id,
            seed,
            repeats,
            extra: json(extra)?,
            tables: tables(conn, draw_id)?,
            byes: byes(conn, draw_id)?,
        });
    }
    Ok(rounds)
}

fn byes(conn: &Connection, draw: Id) -> Result<Vec<Id>> {
    let mut st = conn.prepare_cached("SELECT entrant_id FROM byes WHERE draw_id = ?1 ORDER BY entrant_id")?;
    let rows = st.query_map([draw], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn tables(conn: &Connection, draw: Id) -> Result<Vec<TableRow>> {
    let mut tables: Vec<TableRow> = {
        let mut st = conn
            .prepare_cached("SELECT id, number, first_dealer, extra FROM tables WHERE draw_id = ?1 ORDER BY number")?;
        let rows = st.query_map([draw], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, String>(3)?)))?;
        rows.map(|row| {
            let (id, number, first_dealer, extra) = row?;
            Ok(TableRow { id, number, first_dealer, seats: vec![], extra: json(extra)?, deals: vec![], rulings: vec![], ruling_ids: vec![] })
        })
        .collect::<Result<_>>()?
    };
    let index = |tables: &[TableRow], id: Id| tables.iter().position(|t| t.id == id);
    let mut seats = conn.prepare_cached(
        "SELECT s.table_id, s.entrant_id FROM seats s JOIN tables t ON t.id = s.table_id
         WHERE t.draw_id = ?1 ORDER BY s.table_id, s.seat",
    )?;
    for row in seats.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, Id>(1)?)))? {
        let (table, entrant) = row?;
        if let Some(i) = index(&tables, table) {
            tables[i].seats.push(entrant);
        }
    }
    let mut deals = conn.prepare_cached(
        "SELECT d.table_id, d.entry FROM deals d JOIN tables t ON t.id = d.table_id
         WHERE t.draw_id = ?1
           AND d.id = (SELECT max(id) FROM deals WHERE table_id = d.table_id AND line = d.line)
         ORDER BY d.table_id, d.line",
    )?;
    for row in deals.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, String>(1)?)))? {
        let (table, entry) = row?;
        let entry = json(entry)?;
        // A removed line (undone, or cut by a sheet replaced with fewer lines) is stored as null.
        if let (Some(i), false) = (index(&tables, table), entry.is_null()) {
            tables[i].deals.push(entry);
        }
    }
    let mut rulings = conn.prepare_cached(
        "SELECT r.table_id, r.entry, r.id FROM rulings r JOIN tables t ON t.id = r.table_id
         WHERE t.draw_id = ?1 AND r.id NOT IN (SELECT ruling_id FROM ruling_withdrawals) ORDER BY r.id",
    )?;
    for row in rulings.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, String>(1)?, r.get::<_, Id>(2)?)))? {
        let (table, entry, id) = row?;
        if let Some(i) = index(&tables, table) {
            tables[i].rulings.push(json(entry)?);
            tables[i].ruling_ids.push(id);
        }
    }
    // A first dealer corrected after the draw: the latest correction holds.
    let mut dealers = conn.prepare_cached(
        "SELECT d.table_id, d.first_dealer FROM table_dealers d JOIN tables t ON t.id = d.table_id
         WHERE t.draw_id = ?1 ORDER BY d.id",
    )?;
    for row in dealers.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, i64>(1)?)))? {
        let (table, first) = row?;
        if let Some(i) = index(&tables, table) {
            tables[i].first_dealer = first;
        }
    }
    Ok(tables)
}

