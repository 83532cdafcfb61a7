//! Atout's command surface: one function per user action, typed requests and
//! responses. The CLI, the desktop shell and any later front call these and
//! hold no logic of their own.
//!
//! Every write is checked by `atout-rules` first; a refused change stores
//! nothing and names the rule. Tournaments are kept loaded in memory between
//! calls, so that adding a deal re-scores one table, not the whole event; a
//! write by another connection (seen through SQLite's `data_version`) drops
//! the cache.
#![forbid(unsafe_code)]

mod audit;
pub mod backups;
pub mod devices;
mod document;
mod error;
pub mod hands;
pub mod live;
mod named;
mod players;
pub mod print;
pub mod publish;
mod rulings;
mod seasons;
mod settings;
mod sheets;
mod standings;
mod state;
pub mod text;
mod tournaments;

pub use audit::{action_said, AuditEntry};
pub use devices::{Device, DeviceJury, DeviceRound, DeviceTable, LineStored};
pub use document::{Document, DocumentPlayer, DocumentRound, DocumentTable};
pub use error::{ApiError, Place, Result};
pub use hands::{calculator_score, games, hand_score, GameChoice};
pub use players::{ImportedPlayers, Player};
pub use rulings::RulingView;
pub use seasons::{
    season_defaults, ArchiveImported, ClubStanding, Doubt, Evening, PlayerEvening, PlayerSeason, RoundTable, SeasonInfo, SeasonResultView, SeasonStandingRow,
    SeasonStandings,
};
pub use sheets::{HistoryEntry, LinePreview, LineWritten, SeatView, SheetLine, SheetView, TableRef};
pub use standings::{PlayerProgress, Progress, RoundEntry, StandingRow, Standings, StandingsBoard, StandingsFormat};
pub use tournaments::{DrawRequest, DrawnRound, EntrantView, NewTournament, PlannedRounds, RoundStatus, Seating, TableView, TournamentInfo};

pub use atout_rules as rules;

use atout_rules::said;
use atout_store::{Id, Store};
use state::Loaded;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Atout's version: the workspace's, the one number the CLI, the window, the packages and
/// the exported documents give.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What the About screen shows: the version, the database in use, where its backups go,
/// the licences.
#[derive(Clone, Debug, serde::Serialize)]
pub struct About {
    pub version: &'static str,
    /// The database file (none: in memory), its size with its write-ahead log, in bytes.
    pub database: Option<String>,
    pub size_bytes: u64,
    pub backups: Option<String>,
    pub licence: &'static str,
    /// The fonts embedded in printed documents, and their licence's text.
    pub font: &'static str,
    pub font_licence: &'static str,
}

pub use text::{actor_said, local_time, system_lang};

pub struct Atout {
    store: Store,
    cache: HashMap<Id, Loaded>,
    seen_version: i64,
    actor: String,
    /// The database file (none in memory).
    path: Option<PathBuf>,
    backups: backups::BackupPolicy,
}

impl Atout {
    pub fn open(path: &Path) -> Result<Atout> {
        let mut atout = Atout::with_store(Store::open(path)?)?;
        atout.path = Some(path.to_path_buf());
        Ok(atout)
    }

    /// The database file, when not in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The version, the database in use and its size, where the backups go, the licences.
    pub fn about(&self) -> About {
        let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
        let wal = |p: &Path| PathBuf::from(format!("{}-wal", p.display()));
        About {
            version: VERSION,
            database: self.path.as_ref().map(|p| p.display().to_string()),
            size_bytes: self.path.as_deref().map_or(0, |p| size(p) + size(&wal(p))),
            backups: self.path.as_deref().map(|p| atout_store::backup_dir(p).display().to_string()),
            licence: env!("CARGO_PKG_LICENSE"),
            font: "DejaVu Sans",
            font_licence: atout_report::pdf::FONT_LICENCE,
        }
    }

    pub fn open_in_memory() -> Result<Atout> {
        Atout::with_store(Store::open_in_memory()?)
    }

    fn with_store(store: Store) -> Result<Atout> {
        let seen_version = store.data_version()?;
        // Who works at this machine: the system user (USERNAME on Windows; LOGNAME where a
        // service or cron sets no USER), never a blank author.
        let actor = ["USER", "LOGNAME", "USERNAME"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.trim().is_empty())
            .unwrap_or_else(|| "unknown user".to_string());
        Ok(Atout { store, cache: HashMap::new(), seen_version, actor, path: None, backups: backups::BackupPolicy::from_env() })
    }

    /// The database used when none is named: `atout.db` in the user's data folder.
    pub fn default_db_path() -> PathBuf {
        dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("atout").join("atout.db")
    }

    /// Who is working (the window asks once per device; the CLI's `--by`): bounded,
    /// then recorded as the author of every following change.
    pub fn set_actor(&mut self, actor: &str) -> Result<String> {
        let actor = text::bounded(actor, text::field::ACTOR, text::NAME_MAX)?;
        if actor.is_empty() {
            return Err(ApiError::invalid(said!(
                "say who is working: a role and a name",
                "dites qui travaille : un rôle et un nom",
                "zeg wie er werkt: een rol en een naam"
            )));
        }
        self.actor = actor.clone();
        Ok(actor)
    }

    /// Group commit: the api calls `f` makes are written in one transaction and made
    /// durable by one commit (one fsync), each still checked against the data as the calls
    /// before it left it, and each refused alone (a savepoint each: a refused call keeps
    /// nothing and the others stand). `f`'s results hold only once this returns `Ok`:
    /// when the commit fails, nothing of the batch is kept and the error says so.
    pub fn batch<T>(&mut self, f: impl FnOnce(&mut Atout) -> T) -> Result<T> {
        self.store.begin_batch()?;
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(self)));
        let committed = self.store.end_batch(out.is_ok());
        let pending = self.backups.pending.take();
        let out = match out {
            Ok(out) => out,
            Err(panic) => {
                self.forget_cache();
                std::panic::resume_unwind(panic);
            }
        };
        if let Err(e) = committed {
            // What the calls left in memory was never stored: read it again from the file.
            self.forget_cache();
            return Err(e.into());
        }
        if let Some(round_complete) = pending {
            self.after_write(round_complete);
        }
        Ok(out)
    }

    /// Drop every loaded tournament (after an unexpected failure: reload from the store).
    pub fn forget_cache(&mut self) {
        self.cache.clear();
    }

    /// Drop cached tournaments when another connection has written.
    fn refresh(&mut self) -> Result<()> {
        let v = self.store.data_version()?;
        if v != self.seen_version {
            self.cache.clear();
            self.seen_version = v;
        }
        Ok(())
    }

    /// A tournament by its id or its exact name.
    pub fn resolve(&mut self, tournament: &str) -> Result<Id> {
        self.refresh()?;
        // Fast path: a loaded tournament, by id or by a name no other loaded one shares.
        if let Ok(id) = tournament.trim().parse::<Id>() {
            if self.cache.contains_key(&id) {
                return Ok(id);
            }
        }
        let all = self.store.tournaments()?;
        match crate::named::by_id_or_name(&all, tournament, |t| t.id, |t, asked| t.name.trim() == asked) {
            crate::named::Named::One(t) => Ok(t.id),
            crate::named::Named::Missing => Err(ApiError::not_found(said!(
                "no tournament with id or name «{tournament}»",
                "pas de tournoi d'identifiant ou de nom «{tournament}»",
                "geen toernooi met id of naam «{tournament}»"
            ))),
            crate::named::Named::Several(ts) => {
                let (n, list) = (ts.len(), ts.iter().map(|t| t.id.to_string()).collect::<Vec<_>>().join(", "));
                Err(ApiError::invalid(said!(
                    "{n} tournaments are named «{tournament}»: give the id ({list})",
                    "{n} tournois s'appellent «{tournament}» : donnez l'identifiant ({list})",
                    "{n} toernooien heten «{tournament}»: geef de id ({list})"
                )))
            }
        }
    }

    /// A tournament, loaded once. Callers resolve it first, which drops stale caches.
    fn loaded(&mut self, id: Id) -> Result<&mut Loaded> {
        if !self.cache.contains_key(&id) {
            let row =
                self.store.tournament(id)?.ok_or_else(|| ApiError::not_found(said!("no tournament {id}", "pas de tournoi {id}", "geen toernooi {id}")))?;
            let loaded = Loaded::load(&self.store, row)?;
            self.cache.insert(id, loaded);
        }
        Ok(self.cache.get_mut(&id).expect("just loaded"))
    }

    /// A complete valid sheet for a table, drawn from `seed` by the game's generator
    /// (empty when the game has none): for crash runs, fuzzing and benchmarks.
    #[cfg(feature = "testing")]
    pub fn random_sheet(&mut self, table: &TableRef, seed: u64) -> Result<Vec<serde_json::Value>> {
        let id = self.resolve(&table.tournament)?;
        let l = self.loaded(id)?;
        let t = &l.round(table.round)?.row.tables[l.table_index(table.round, table.table)?];
        Ok(l.rules.random_sheet(state::table_of(t), seed))
    }

    /// Row counts per stored table (for checks that a refused change stored nothing).
    #[cfg(feature = "testing")]
    pub fn row_counts(&self) -> Result<Vec<(String, i64)>> {
        Ok(self.store.row_counts()?)
    }

    /// Make the next batch's commit fail (a planted fault: nothing of it is kept).
    #[cfg(feature = "testing")]
    pub fn fail_next_commit(&mut self) {
        self.store.fail_next_commit();
    }

    /// Testing: the next batch's commit finds the database busy (another writer holding it).
    #[cfg(feature = "testing")]
    pub fn busy_next_commit(&mut self) {
        self.store.busy_next_commit();
    }

    /// One bare commit, the benchmark's baseline.
    #[cfg(feature = "testing")]
    pub fn bare_commit(&mut self) -> Result<()> {
        self.store.bare_commit()?;
        Ok(())
    }
}
