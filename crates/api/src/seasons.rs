//! Seasons (RULES.md §6 "Seasons", FORMAT.md "Seasons"): a club's championship over
//! many evenings, and a federation ranking from other clubs' archives.
//!
//! The rules rank; here a season's tournaments are read (each from the tournaments kept
//! loaded, so an evening corrected is followed at once), its players matched across
//! tournaments (the registry's player, or the one the secretary said they are), and an
//! archive imported with its players matched by member number, then name and club.

use crate::document::{self, Document};
use crate::error::{ApiError, Result};
use crate::named::{match_player, Match};
use crate::players::{folded, Player};
use crate::standings::compute;
use crate::state::EveningPlace;
use crate::state::Loaded;
use crate::tournaments::TournamentInfo;
use crate::Atout;
use atout_rules::ranking::RankingMethod;
use atout_rules::season::{self, EveningIdentity, EveningPoints, Placed, SeasonPoints, SeasonSettings};
use atout_rules::{said, GameId, Rule};
use atout_store::{Change, Id, LinkRow, PlayerRow, SeasonRow};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

/// A season as listed: its settings with every default written out, and its evenings in
/// season order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeasonInfo {
    pub id: Id,
    pub name: String,
    pub settings: Value,
    /// The settings in words, in every language («points by place: 25 20 …; Counted: …»).
    pub settings_texts: atout_rules::Said,
    pub created_at: String,
    pub evenings: Vec<Evening>,
}

/// A tournament of a season.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Evening {
    pub id: Id,
    pub name: String,
    pub date: Option<String>,
    pub game: String,
    /// Imported from another club's archive.
    pub archive: bool,
    /// Still being played (a round to draw, a table not complete): its places, counted as
    /// they stand, may change. Said in the season's standings only; absent when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
}

/// The season standings, FORMAT.md "Seasons" (with, beyond it, each evening's tournament
/// id and the player's registry id, for the window's links).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeasonStandings {
    pub season: String,
    pub evenings: usize,
    pub settings: Value,
    pub tournaments: Vec<Evening>,
    pub rows: Vec<SeasonStandingRow>,
    pub clubs: Vec<ClubStanding>,
    /// The first five qualified players' totals after each evening (the window's chart).
    pub leaders: Vec<Leader>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leader {
    pub player: Id,
    pub name: String,
    pub totals: Vec<SeasonPoints>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeasonStandingRow {
    pub rank: usize,
    pub shared: bool,
    pub qualified: bool,
    pub player: Id,
    pub name: String,
    pub club: String,
    pub member: String,
    pub evenings: usize,
    pub total: SeasonPoints,
    pub best: SeasonPoints,
    pub results: Vec<SeasonResultView>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeasonResultView {
    pub tournament: String,
    pub tournament_id: Id,
    pub points: SeasonPoints,
    pub counted: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClubStanding {
    pub rank: usize,
    pub shared: bool,
    pub club: String,
    pub total: SeasonPoints,
    /// The players whose totals count.
    pub players: Vec<String>,
}

/// A player's season, evening by evening, as the secretary tells them at the bar.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerSeason {
    pub season: String,
    pub player: Player,
    /// The player's line of the season standings (none: no evening played yet).
    pub rank: Option<usize>,
    pub shared: bool,
    pub qualified: bool,
    /// The evenings a player needs to be ranked with the others (the season's `min_evenings`).
    pub min_evenings: u64,
    pub total: SeasonPoints,
    pub evenings: Vec<PlayerEvening>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerEvening {
    pub tournament: String,
    pub tournament_id: Id,
    pub date: Option<String>,
    /// Still being played: its place may change.
    pub provisional: bool,
    pub played: bool,
    /// The evening's place, shared or not, and its ranking value (table points or score sum).
    pub place: Option<usize>,
    pub shared: bool,
    pub value: Option<SeasonPoints>,
    /// What the evening brings the season, and whether it counts.
    pub points: Option<SeasonPoints>,
    pub counted: bool,
    /// The table of each round played (none: a bye).
    pub tables: Vec<RoundTable>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundTable {
    pub round: u32,
    pub table: Option<u32>,
}

/// An imported player the import could not tell from a registered one.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Doubt {
    pub player: Player,
    pub candidate: Player,
    /// The secretary's word, once given: the same person, or two.
    pub same: Option<bool>,
}

/// What an archive's import did.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArchiveImported {
    pub tournament: TournamentInfo,
    /// The archive was in the season already: nothing was written.
    pub already: bool,
    /// The season the archive was first imported into (another one, or this one and taken
    /// out since): the same evening (its players as matched then) is now in this one,
    /// nothing imported again.
    pub in_season: Option<String>,
    /// Players matched to registered ones, players registered anew, and the unsure ones
    /// (registered anew, left for the secretary to settle).
    pub matched: Vec<Player>,
    pub added: Vec<Player>,
    pub unsure: Vec<Doubt>,
}

/// One evening's standings as the season reads them: each player who played it (a round or
/// a bye), who they count as in the season, and their place there.
struct EveningResult {
    evening: Evening,
    rows: Vec<(Id, EveningPlace)>,
}

/// The places of an evening's players, from its standings after the last round.
fn evening_places(l: &mut Loaded) -> Arc<[EveningPlace]> {
    if let Some(kept) = &l.evening {
        return kept.clone();
    }
    let standings = compute(l, l.last_round());
    let index: HashMap<&str, usize> = l.entrants.iter().enumerate().map(|(i, e)| (e.code.as_str(), i)).collect();
    let mut ways: HashMap<usize, usize> = HashMap::new();
    for r in &standings.rows {
        *ways.entry(r.rank).or_default() += 1;
    }
    let places: Arc<[EveningPlace]> = standings
        .rows
        .iter()
        .filter(|r| !r.rounds.is_empty())
        .filter_map(|r| {
            let value = r.table_points.map_or_else(|| SeasonPoints::whole(r.score_sum), SeasonPoints::of_table_points);
            Some(EveningPlace { entrant: *index.get(&*r.player)?, rank: r.rank, ways: ways[&r.rank], value })
        })
        .collect();
    l.evening = Some(places.clone());
    places
}

/// A season's settings read and checked (RULES.md §6), a refusal naming `season-settings`.
fn settings_of(value: &Value) -> Result<SeasonSettings> {
    SeasonSettings::parse(value).map_err(|violation| ApiError::Refused { place: Default::default(), violation })
}

/// The archive was imported into the season by another writer between the look and the write.
fn imported_meanwhile() -> ApiError {
    ApiError::conflict(said!(
        "this archive was imported into the season meanwhile",
        "cette archive a été importée dans la saison entre-temps",
        "dit archief werd intussen in het seizoen geïmporteerd"
    ))
}

/// An archive's fingerprint: the same evening exported twice (its log and the program
/// that wrote it aside) gives the same one — and exported again from a database that
/// imported it, which says its players' clubs and member numbers as its own registry has
/// them (a matched player's, a number the archive left empty): the evening is its name,
/// date, game, settings, players by name and play.
fn fingerprint(doc: &Document) -> String {
    let mut doc = doc.clone();
    for p in &mut doc.players {
        p.club.clear();
        p.member.clear();
    }
    digest_of(doc)
}

/// The fingerprint databases stored before the players' clubs and numbers were left out:
/// an archive imported then is still known by it.
fn fingerprint_before(doc: &Document) -> String {
    digest_of(doc.clone())
}

fn digest_of(mut doc: Document) -> String {
    use sha2::{Digest, Sha256};
    doc.extra.remove("audit");
    doc.extra.remove("generator");
    let text = serde_json::to_string(&doc).unwrap_or_default();
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// An evening as a season tells it from another (`season::EveningIdentity`), with its name as
/// written, to be said.
struct EveningKey {
    shown: String,
    identity: EveningIdentity,
}

impl EveningKey {
    fn of_loaded(l: &Loaded) -> EveningKey {
        EveningKey {
            shown: l.row.name.clone(),
            identity: EveningIdentity {
                game: l.row.game.clone(),
                ranking: l.settings.ranking,
                name: folded(&l.row.name),
                // As checked («2026-04-18»): an archive imported before dates were stored as
                // checked may hold « 2026-04-18».
                date: l.row.date.as_deref().map(|d| d.trim().to_string()),
                players: l.entrants.iter().map(|e| folded(&e.player.name)).collect(),
            },
        }
    }

    fn of_document(doc: &Document) -> EveningKey {
        // A document the import would refuse is refused there, with its own reason.
        let ranking = GameId::parse(&doc.game)
            .and_then(|g| atout_rules::TournamentSettings::parse(g, &doc.settings, false).ok())
            .map_or(RankingMethod::TablePoints, |s| s.ranking);
        EveningKey {
            shown: doc.name.clone(),
            identity: EveningIdentity {
                game: doc.game.clone(),
                ranking,
                name: folded(&doc.name),
                date: doc.date.as_deref().map(|d| d.trim().to_string()),
                players: doc.players.iter().map(|p| folded(&p.name)).collect(),
            },
        }
    }
}

/// The tournaments of a season's evenings, in order of id.
fn season_ids(evenings: &[Evening]) -> Vec<Id> {
    let mut ids: Vec<Id> = evenings.iter().map(|e| e.id).collect();
    ids.sort_unstable();
    ids
}

/// Inside the write: the season holds the evenings its change was checked against (`None`:
/// nothing was checked), or the change is refused, nothing written — another window put an
/// evening in it or took one out meanwhile.
fn unchanged(w: &mut atout_store::Writer<'_>, row: &SeasonRow, checked: Option<&[Id]>) -> Result<()> {
    let Some(checked) = checked else { return Ok(()) };
    let mut now: Vec<Id> = w.season_tournaments(row.id)?.iter().map(|r| r.tournament).collect();
    now.sort_unstable();
    if now == checked {
        return Ok(());
    }
    let name = &row.name;
    Err(ApiError::conflict(said!(
        "season «{name}» changed meanwhile (an evening put in it or taken out): nothing was written; look again",
        "la saison «{name}» a changé entre-temps (une soirée ajoutée ou retirée) : rien n'a été écrit ; regardez à nouveau",
        "seizoen «{name}» is intussen veranderd (een avond toegevoegd of weggenomen): er werd niets geschreven; kijk opnieuw"
    )))
}

/// A season counting each evening's own result refuses evening `name`, of another game or
/// ranked another way than its evening `other`; said as the season's form says its choice
/// («une échelle de places» was asked of a form offering «des points par place»).
fn another_game(season: &str, name: &str, other: &str) -> ApiError {
    ApiError::refused_said(
        Default::default(),
        Rule::SEASON_ONE_GAME,
        said!(
            "season «{season}» counts each evening's own result, and «{name}» is of another game or ranked another way than «{other}»: let an evening bring points by place to count both",
            "la saison «{season}» compte le résultat de chaque soirée, et «{name}» est d'un autre jeu ou classée autrement que «{other}» : qu'une soirée rapporte des points par place pour compter les deux",
            "seizoen «{season}» telt het eigen resultaat van elke avond, en «{name}» is van een ander spel of anders gerangschikt dan «{other}»: laat een avond punten per plaats opleveren om beide te tellen"
        ),
    )
}

/// What the season form starts from: the settings a season has when none are given
/// (RULES.md §6), and the place scale it offers when evenings are ranked by place.
pub fn season_defaults() -> Value {
    serde_json::json!({"settings": atout_rules::season::SeasonSettings::default().to_json(), "scale": atout_rules::season::OFFERED_SCALE})
}

impl Atout {
    fn season_row(&mut self, season: &str) -> Result<SeasonRow> {
        self.refresh()?;
        let all = self.store.seasons()?;
        match crate::named::by_id_or_name(&all, season, |s| s.id, |s, asked| s.name.trim() == asked) {
            crate::named::Named::One(s) => Ok(s.clone()),
            crate::named::Named::Missing => Err(ApiError::not_found(said!(
                "no season with id or name «{season}»",
                "pas de saison d'identifiant ou de nom «{season}»",
                "geen seizoen met id of naam «{season}»"
            ))),
            crate::named::Named::Several(ss) => {
                let (n, list) = (ss.len(), ss.iter().map(|s| s.id.to_string()).collect::<Vec<_>>().join(", "));
                Err(ApiError::invalid(said!(
                    "{n} seasons are named «{season}»: give the id ({list})",
                    "{n} saisons s'appellent «{season}» : donnez l'identifiant ({list})",
                    "{n} seizoenen heten «{season}»: geef de id ({list})"
                )))
            }
        }
    }

    fn season_info(&mut self, row: &SeasonRow) -> Result<SeasonInfo> {
        let settings = settings_of(&row.settings)?;
        Ok(SeasonInfo {
            id: row.id,
            name: row.name.clone(),
            settings: settings.to_json(),
            settings_texts: settings.said(),
            created_at: row.created_at.clone(),
            evenings: self.evenings(row.id)?,
        })
    }

    /// A season's tournaments in season order: by date, those without one by when they
    /// were put in the season.
    fn evenings(&mut self, season: Id) -> Result<Vec<Evening>> {
        let rows = self.store.season_tournaments(season)?;
        let all = self.store.tournaments()?;
        let mut evenings: Vec<(Option<String>, String, Evening)> = rows
            .iter()
            .filter_map(|r| {
                let t = all.iter().find(|t| t.id == r.tournament)?;
                let e =
                    Evening { id: t.id, name: t.name.clone(), date: t.date.clone(), game: t.game.clone(), archive: r.archive.is_some(), provisional: false };
                Some((t.date.clone(), r.added_at.clone(), e))
            })
            .collect();
        evenings.sort_by(|a, b| (a.0.is_none(), &a.0, &a.1, a.2.id).cmp(&(b.0.is_none(), &b.0, &b.1, b.2.id)));
        Ok(evenings.into_iter().map(|(_, _, e)| e).collect())
    }

    pub fn seasons(&mut self) -> Result<Vec<SeasonInfo>> {
        self.refresh()?;
        let rows = self.store.seasons()?;
        rows.iter().map(|r| self.season_info(r)).collect()
    }

    pub fn season(&mut self, season: &str) -> Result<SeasonInfo> {
        let row = self.season_row(season)?;
        self.season_info(&row)
    }

    /// A new season, its settings checked (RULES.md §6); its name is its own.
    pub fn season_create(&mut self, name: &str, settings: Option<&Value>) -> Result<SeasonInfo> {
        let name = crate::text::bounded(name, crate::text::field::SEASON_NAME, crate::text::NAME_MAX)?;
        if name.is_empty() {
            return Err(ApiError::invalid(said!("a season has a name", "une saison a un nom", "een seizoen heeft een naam")));
        }
        let settings = settings.cloned().unwrap_or(Value::Null);
        settings_of(&settings)?;
        let stored = if settings.is_null() { serde_json::json!({}) } else { settings };
        let id = self.store.write(Change { actor: &self.actor, action: "season.create", reason: "" }, |w| {
            if w.seasons()?.iter().any(|s| s.name == name) {
                return Err(ApiError::invalid(said!(
                    "a season named «{name}» exists already",
                    "une saison nommée «{name}» existe déjà",
                    "een seizoen met de naam «{name}» bestaat al"
                )));
            }
            Ok(w.add_season(&name, &stored)?)
        })?;
        self.after_write(false);
        self.season(&id.to_string())
    }

    /// New settings for a season (the old ones are kept); the standings follow.
    pub fn season_settings(&mut self, season: &str, settings: &Value, reason: &str) -> Result<SeasonInfo> {
        let row = self.season_row(season)?;
        let evenings = self.evenings(row.id)?;
        if settings_of(settings)?.points == EveningPoints::Result {
            // Each evening's own result counted: its evenings must be worth the same.
            let keys = self.evening_keys(&evenings, None);
            if let Some((first, _)) = keys.first() {
                if let Some((other, _)) = keys.iter().find(|(k, _)| !first.identity.comparable(&k.identity)) {
                    return Err(another_game(&row.name, &other.shown, &first.shown));
                }
            }
        }
        let reason = crate::text::bounded(reason, crate::text::field::REASON, crate::text::REASON_MAX)?;
        let checked = season_ids(&evenings);
        self.store.write(Change { actor: &self.actor, action: "season.settings", reason: &reason }, |w| {
            unchanged(w, &row, Some(&checked))?;
            Ok::<_, ApiError>(w.season_settings(row.id, settings)?)
        })?;
        self.after_write(false);
        self.season(&row.id.to_string())
    }

    /// An evening `key` refused in season `row` (`except` aside): the same evening is there
    /// already, or the season counts each evening's own result and this one's is of another
    /// game or ranked another way. Answers the season's evenings as checked, for the write to
    /// find them unchanged (the check and the write go together). An evening that cannot be
    /// loaded is left out of the comparison (one such evening refused every evening added,
    /// naming none).
    fn evening_fits(&mut self, row: &SeasonRow, key: &EveningKey, except: Option<Id>) -> Result<Vec<Id>> {
        let settings = settings_of(&row.settings)?;
        let season_name = &row.name;
        let evenings = self.evenings(row.id)?;
        for (there, t) in self.evening_keys(&evenings, except) {
            let name = &there.shown;
            if there.identity.same(&key.identity) {
                return Err(ApiError::refused_said(
                    Default::default(),
                    Rule::SEASON_EVENING_TWICE,
                    said!(
                        "«{name}» is in season «{season_name}» already (tournament {t}): the same evening, with the same date and players",
                        "«{name}» fait déjà partie de la saison «{season_name}» (tournoi {t}) : la même soirée, à la même date, avec les mêmes joueurs",
                        "«{name}» hoort al bij seizoen «{season_name}» (toernooi {t}): dezelfde avond, op dezelfde datum, met dezelfde spelers"
                    ),
                ));
            }
            if settings.points == EveningPoints::Result && !there.identity.comparable(&key.identity) {
                return Err(another_game(season_name, &key.shown, name));
            }
        }
        Ok(season_ids(&evenings))
    }

    /// Each of `evenings` as a season tells it from another, with its tournament (`except`
    /// aside). An evening that cannot be loaded (its settings changed by other means) is left
    /// out: it is no reason to refuse another.
    fn evening_keys(&mut self, evenings: &[Evening], except: Option<Id>) -> Vec<(EveningKey, Id)> {
        evenings.iter().filter(|e| Some(e.id) != except).filter_map(|e| Some((EveningKey::of_loaded(self.loaded(e.id).ok()?), e.id))).collect()
    }

    /// Put a tournament in a season (an evening played, or being played).
    pub fn season_add(&mut self, season: &str, tournament: &str) -> Result<SeasonInfo> {
        let row = self.season_row(season)?;
        let t = self.resolve(tournament)?;
        let key = EveningKey::of_loaded(self.loaded(t)?);
        let checked =
            if self.store.season_tournaments(row.id)?.iter().any(|r| r.tournament == t) { None } else { Some(self.evening_fits(&row, &key, Some(t))?) };
        self.store.write(Change { actor: &self.actor, action: "season.add", reason: "" }, |w| {
            unchanged(w, &row, checked.as_deref())?;
            if w.season_tournaments(row.id)?.iter().any(|r| r.tournament == t) {
                let name = &row.name;
                return Err(ApiError::invalid(said!(
                    "tournament {t} is in season «{name}» already",
                    "le tournoi {t} fait déjà partie de la saison «{name}»",
                    "toernooi {t} hoort al bij seizoen «{name}»"
                )));
            }
            Ok(w.season_tournament(row.id, t, true, None)?)
        })?;
        self.after_write(false);
        self.season(&row.id.to_string())
    }

    /// Take a tournament out of a season (it stays in the database; it can be put back).
    pub fn season_remove(&mut self, season: &str, tournament: &str, reason: &str) -> Result<SeasonInfo> {
        let row = self.season_row(season)?;
        let t = self.resolve(tournament)?;
        let reason = crate::text::bounded(reason, crate::text::field::REASON, crate::text::REASON_MAX)?;
        self.store.write(Change { actor: &self.actor, action: "season.remove", reason: &reason }, |w| {
            let Some(kept) = w.season_tournaments(row.id)?.into_iter().find(|r| r.tournament == t) else {
                let name = &row.name;
                return Err(ApiError::invalid(said!(
                    "tournament {t} is not in season «{name}»",
                    "le tournoi {t} ne fait pas partie de la saison «{name}»",
                    "toernooi {t} hoort niet bij seizoen «{name}»"
                )));
            };
            Ok(w.season_tournament(row.id, t, false, kept.archive.as_deref())?)
        })?;
        self.after_write(false);
        self.season(&row.id.to_string())
    }

    /// Each evening of a season as the season reads it, and who each player counts as.
    fn season_evenings(&mut self, season: Id) -> Result<(Vec<EveningResult>, HashMap<Id, Id>)> {
        let same = crate::named::canonical(&self.store.player_links()?);
        let mut out = vec![];
        for mut evening in self.evenings(season)? {
            let l = self.loaded(evening.id)?;
            // Counted as it stands while it is played (the season's print showed its places as
            // final beside the evening's own «provisional»).
            evening.provisional = (l.rounds.len() as u64) < u64::from(l.settings.rounds) || l.rounds.iter().any(|r| r.results.iter().any(|t| !t.complete));
            let places = evening_places(l);
            let rows = places
                .iter()
                .map(|p| {
                    let player = l.entrants[p.entrant].player.id;
                    (*same.get(&player).unwrap_or(&player), p.clone())
                })
                .collect();
            out.push(EveningResult { evening, rows });
        }
        Ok((out, same))
    }

    /// The season standings, live: the evenings' standings as they stand now.
    pub fn season_standings(&mut self, season: &str) -> Result<SeasonStandings> {
        let row = self.season_row(season)?;
        let settings = settings_of(&row.settings)?;
        let (evenings, _) = self.season_evenings(row.id)?;
        let registry: HashMap<Id, PlayerRow> = self.store.players()?.into_iter().map(|p| (p.id, p)).collect();
        // Players numbered by name, so a shared place lists them alphabetically.
        let mut ids: Vec<Id> = evenings.iter().flat_map(|e| e.rows.iter().map(|(p, _)| *p)).collect::<HashSet<_>>().into_iter().collect();
        ids.sort_by_cached_key(|id| (registry.get(id).map(|p| folded(&p.name)).unwrap_or_default(), *id));
        let number: HashMap<Id, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        let places: Vec<Vec<Placed>> = evenings
            .iter()
            .map(|e| e.rows.iter().map(|(p, place)| Placed { player: number[p], rank: place.rank, ways: place.ways, value: place.value }).collect())
            .collect();
        let rows = season::standings(&settings, &places);
        let player = |i: usize| registry.get(&ids[i]);
        let clubs = season::clubs(&settings, &rows, |i| player(i).map(|p| p.club.as_str()));
        let tournaments: Vec<Evening> = evenings.into_iter().map(|e| e.evening).collect();
        let leaders = rows
            .iter()
            .filter(|r| r.qualified)
            .take(5)
            .map(|r| Leader {
                player: ids[r.player],
                name: player(r.player).map(|p| p.name.clone()).unwrap_or_default(),
                totals: season::progression(&settings, &r.results, tournaments.len()),
            })
            .collect();
        Ok(SeasonStandings {
            leaders,
            season: row.name.clone(),
            evenings: tournaments.len(),
            settings: settings.to_json(),
            rows: rows
                .iter()
                .map(|r| {
                    let p = player(r.player);
                    SeasonStandingRow {
                        rank: r.rank,
                        shared: r.shared,
                        qualified: r.qualified,
                        player: ids[r.player],
                        name: p.map(|p| p.name.clone()).unwrap_or_default(),
                        club: p.map(|p| p.club.clone()).unwrap_or_default(),
                        member: p.map(|p| p.member.clone()).unwrap_or_default(),
                        evenings: r.evenings,
                        total: r.total,
                        best: r.best,
                        results: r
                            .results
                            .iter()
                            .map(|x| SeasonResultView {
                                tournament: tournaments[x.evening].name.clone(),
                                tournament_id: tournaments[x.evening].id,
                                points: x.points,
                                counted: x.counted,
                            })
                            .collect(),
                    }
                })
                .collect(),
            clubs: clubs
                .into_iter()
                .map(|c| ClubStanding {
                    rank: c.rank,
                    shared: c.shared,
                    club: c.club,
                    total: c.total,
                    players: c.players.iter().filter_map(|i| player(*i).map(|p| p.name.clone())).collect(),
                })
                .collect(),
            tournaments,
        })
    }

    /// One player's season (by registry id, or by a name only one player has).
    pub fn season_player(&mut self, season: &str, player: &str) -> Result<PlayerSeason> {
        let row = self.season_row(season)?;
        let registry = self.store.players()?;
        let who = match crate::named::person(&registry, player, |p| p.id, |p| &p.name) {
            crate::named::Named::One(one) => one.clone(),
            crate::named::Named::Missing => {
                return Err(ApiError::not_found(said!(
                    "no player with id or name «{player}»",
                    "pas de joueur d'identifiant ou de nom «{player}»",
                    "geen speler met id of naam «{player}»"
                )))
            }
            crate::named::Named::Several(several) => {
                let list = several.iter().map(|p| format!("{} ({})", p.id, p.club)).collect::<Vec<_>>().join(", ");
                return Err(ApiError::invalid(said!(
                    "several players are named «{player}»: give the id ({list})",
                    "plusieurs joueurs s'appellent «{player}» : donnez l'identifiant ({list})",
                    "meerdere spelers heten «{player}»: geef de id ({list})"
                )));
            }
        };
        let (evenings, same) = self.season_evenings(row.id)?;
        let me = *same.get(&who.id).unwrap_or(&who.id);
        let standings = self.season_standings(&row.id.to_string())?;
        let line = standings.rows.iter().find(|r| r.player == me);
        let canonical_player = registry.iter().find(|p| p.id == me).cloned().unwrap_or(who);
        Ok(PlayerSeason {
            season: row.name,
            player: canonical_player.into(),
            rank: line.map(|l| l.rank),
            shared: line.is_some_and(|l| l.shared),
            qualified: line.is_some_and(|l| l.qualified),
            min_evenings: standings.settings["min_evenings"].as_u64().unwrap_or(1),
            total: line.map_or(SeasonPoints::ZERO, |l| l.total),
            evenings: evenings
                .iter()
                .map(|e| {
                    let played = e.rows.iter().find(|(p, _)| *p == me).map(|(_, x)| x);
                    let result = line.and_then(|l| l.results.iter().find(|r| r.tournament_id == e.evening.id));
                    // The tables of each round played, from the evening as loaded.
                    let tables = match played {
                        Some(x) => self.loaded(e.evening.id)?.results[x.entrant].iter().map(|r| RoundTable { round: r.round, table: r.table }).collect(),
                        None => vec![],
                    };
                    Ok(PlayerEvening {
                        tournament: e.evening.name.clone(),
                        tournament_id: e.evening.id,
                        date: e.evening.date.clone(),
                        provisional: e.evening.provisional,
                        played: played.is_some(),
                        place: played.map(|x| x.rank),
                        shared: played.is_some_and(|x| x.ways > 1),
                        value: played.map(|x| x.value),
                        points: result.map(|r| r.points),
                        counted: result.is_some_and(|r| r.counted),
                        tables,
                    })
                })
                .collect::<Result<_>>()?,
        })
    }

    /// Import another club's archive (an exchange document it exported) into a season.
    /// Its players are matched to the registry by member number, then by name and club;
    /// the unsure ones are registered anew and listed for the secretary to settle. The
    /// same archive imported twice changes nothing.
    pub fn season_import(&mut self, season: &str, text: &str) -> Result<ArchiveImported> {
        let row = self.season_row(season)?;
        let doc = document::parse(text)?;
        let print = fingerprint(&doc);
        let prints = [print.clone(), fingerprint_before(&doc)];
        let known = |archive: Option<&str>| archive.is_some_and(|a| prints.iter().any(|p| p == a));
        // Imported before: into another season (a club's season and the federation's), or
        // into this one and taken out since. That evening, not a second copy of it listed and
        // counted twice on the club's pages.
        let archived = self.store.archived(&prints)?;
        let here = self.store.season_tournaments(row.id)?;
        let present = here
            .iter()
            .find(|t| known(t.archive.as_deref()))
            .map(|t| t.tournament)
            .or(archived.map(|(t, _)| t).filter(|t| here.iter().any(|x| x.tournament == *t)));
        if let Some(t) = present {
            return Ok(ArchiveImported {
                tournament: self.tournament_info(&t.to_string())?,
                already: true,
                in_season: None,
                matched: vec![],
                added: vec![],
                unsure: vec![],
            });
        }
        // Not the same evening as one of the season's under another copy, nor another game's
        // where the season counts each evening's own result.
        let checked = self.evening_fits(&row, &EveningKey::of_document(&doc), archived.map(|(t, _)| t))?;
        if let Some((t, first)) = archived {
            self.store.write(Change { actor: &self.actor, action: crate::audit::SEASON_IMPORT, reason: "" }, |w| {
                unchanged(w, &row, Some(&checked))?;
                if w.season_tournaments(row.id)?.iter().any(|x| x.tournament == t) {
                    return Err(imported_meanwhile());
                }
                w.season_tournament(row.id, t, true, Some(&print))?;
                Ok::<_, ApiError>(())
            })?;
            self.after_write(false);
            let in_season = self.seasons()?.into_iter().find(|s| s.id == first).map(|s| s.name);
            return Ok(ArchiveImported {
                tournament: self.tournament_info(&t.to_string())?,
                already: false,
                in_season,
                matched: vec![],
                added: vec![],
                unsure: vec![],
            });
        }
        let registry = self.store.players()?;
        let mut used = HashSet::new();
        let matches: Vec<Match> = doc
            .players
            .iter()
            .map(|p| {
                let m = match_player(&registry, &used, &p.name, &p.club, &p.member);
                if let Match::Known(id) = m {
                    used.insert(id);
                }
                m
            })
            .collect();
        let who: Vec<Option<Id>> = matches.iter().map(Match::known).collect();
        let (t, players) = self.store.write(Change { actor: &self.actor, action: crate::audit::SEASON_IMPORT, reason: "" }, |w| {
            // Checked again inside the write: another window may have imported it meanwhile.
            if w.archived(&prints)?.is_some() {
                return Err(imported_meanwhile());
            }
            unchanged(w, &row, Some(&checked))?;
            crate::named::one_person_twice(&w.player_links()?, who.iter().flatten().copied())?;
            let (t, players) = document::write(w, &doc, &who)?;
            document::filled_in(w, &registry, &doc.players, &who)?;
            w.season_tournament(row.id, t, true, Some(&print))?;
            crate::named::doubts_written(w, &matches, &players)?;
            Ok::<_, ApiError>((t, players))
        })?;
        self.after_write(false);
        // A matched player's club or member number may have been filled in.
        self.cache.clear();
        let registry: HashMap<Id, Player> = self.store.players()?.into_iter().map(|p| (p.id, p.into())).collect();
        let get = |id: &Id| registry.get(id).cloned();
        let mut imported = ArchiveImported {
            tournament: self.tournament_info(&t.to_string())?,
            already: false,
            in_season: None,
            matched: vec![],
            added: vec![],
            unsure: vec![],
        };
        for (m, id) in matches.iter().zip(&players) {
            match m {
                Match::Known(_) => imported.matched.extend(get(id)),
                Match::New => imported.added.extend(get(id)),
                Match::Unsure(candidates) => {
                    for c in candidates {
                        if let (Some(player), Some(candidate)) = (get(id), get(c)) {
                            imported.unsure.push(Doubt { player, candidate, same: None });
                        }
                    }
                }
            }
        }
        Ok(imported)
    }

    /// The players imports could not be sure of, with the secretary's word where given.
    pub fn player_doubts(&mut self) -> Result<Vec<Doubt>> {
        self.refresh()?;
        let registry: HashMap<Id, Player> = self.store.players()?.into_iter().map(|p| (p.id, p.into())).collect();
        Ok(self
            .store
            .player_doubts()?
            .into_iter()
            .filter_map(|d| Some(Doubt { player: registry.get(&d.player)?.clone(), candidate: registry.get(&d.candidate)?.clone(), same: d.same }))
            .collect())
    }

    /// The secretary's word on two players: the same person (they count as one in every
    /// season, and the next archive naming them so finds them) or two. It can be given again
    /// the other way; the latest holds. Two players who played the same evening are two.
    pub fn player_settle(&mut self, player: Id, other: Id, same: bool, reason: &str) -> Result<Vec<Doubt>> {
        self.refresh()?;
        let reason = crate::text::bounded(reason, crate::text::field::REASON, crate::text::REASON_MAX)?;
        if player == other {
            return Err(ApiError::invalid(said!(
                "a player is the same as themself",
                "un joueur est le même que lui-même",
                "een speler is dezelfde als zichzelf"
            )));
        }
        let registry = self.store.players()?;
        for id in [player, other] {
            if !registry.iter().any(|p| p.id == id) {
                return Err(ApiError::not_found(said!("no player {id}", "pas de joueur {id}", "geen speler {id}")));
            }
        }
        if same {
            // Two people seated in the same evening cannot be one.
            let links = self.store.player_links()?;
            let mut joined = links.clone();
            joined.push(LinkRow { player, other, same: true });
            let group = crate::named::canonical(&joined);
            let one = |id: Id| *group.get(&id).unwrap_or(&id);
            for t in self.store.tournaments()? {
                let entrants = self.store.entrants(t.id)?;
                let mut seen: BTreeMap<Id, usize> = BTreeMap::new();
                for e in &entrants {
                    *seen.entry(one(e.player.id)).or_default() += 1;
                }
                if seen.get(&one(player)).is_some_and(|n| *n > 1) {
                    let name = &t.name;
                    return Err(ApiError::refused_said(
                        Default::default(),
                        Rule::PLAYER_TWICE,
                        said!(
                            "players {player} and {other} both played «{name}»: they are two people",
                            "les joueurs {player} et {other} ont tous deux joué «{name}» : ce sont deux personnes",
                            "spelers {player} en {other} speelden allebei «{name}»: het zijn twee mensen"
                        ),
                    ));
                }
            }
        }
        self.store.write(Change { actor: &self.actor, action: if same { "player.same" } else { "player.apart" }, reason: &reason }, |w| {
            w.player_link(player, other, same)
        })?;
        self.after_write(false);
        self.player_doubts()
    }
}
