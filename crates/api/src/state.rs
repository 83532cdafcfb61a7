//! A tournament loaded from the store, with every table's result worked out.
//! Kept in memory between calls; reloaded when another connection writes.

use crate::error::{ApiError, Place, Result};
use atout_rules::ranking::{table_points, RoundResult};
use atout_rules::ruling::{round_scores, Ruling};
use atout_rules::{said, GameId, Names, Rules, Sheet, SheetError, Table, TablePoints, TournamentSettings};
use atout_store::{EntrantRow, Id, RoundRow, Store, TableRow, TournamentRow};
use std::collections::HashMap;

/// A player's round in the standings: the table, the score, the table points.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RoundEntry {
    pub round: u32,
    pub table: Option<u32>,
    pub score: i64,
    pub table_points: Option<TablePoints>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bye: bool,
    /// Present (true) while the table's sheet is still being played.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub provisional: bool,
}

/// One player's totals and round entries after a round, kept between calls for the last
/// round (a write drops those of the written table's players only: `Loaded::set_result`).
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub player: std::sync::Arc<str>,
    pub name: std::sync::Arc<str>,
    pub totals: atout_rules::ranking::Totals,
    pub rounds: std::sync::Arc<[RoundEntry]>,
}

/// An entrant's place in an evening's final standings: the rank, how many share it, and the
/// evening's ranking value (table points, or the score sum under total-score ranking). Kept
/// with the loaded tournament (`Loaded::evening`) until a write changes its standings.
#[derive(Clone, Debug)]
pub(crate) struct EveningPlace {
    pub entrant: usize,
    pub rank: usize,
    pub ways: usize,
    pub value: atout_rules::season::SeasonPoints,
}

/// A seat at a table, with its player.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SeatView {
    pub seat: usize,
    /// The player's id in the tournament (the exchange document's id).
    pub player: String,
    pub name: String,
    pub club: String,
}

pub(crate) struct Loaded {
    pub row: TournamentRow,
    pub game: GameId,
    /// The game under this tournament's settings.
    pub rules: Box<dyn Rules>,
    /// The game's words in every language (how its lines and entries read).
    pub names: Names,
    pub settings: TournamentSettings,
    pub entrants: Vec<EntrantRow>,
    pub by_id: HashMap<Id, usize>,
    /// Entrant indexes in the order of their ids (the order within a shared place).
    pub by_code: Vec<usize>,
    pub rounds: Vec<LoadedRound>,
    /// Each entrant's round results, in round order, kept up to date table by table.
    pub results: Vec<Vec<RoundResult>>,
    /// Each entrant's part of the standings after the last round, kept between calls; a
    /// written table's players' are dropped (None) and built again when next asked.
    pub parts: Vec<Option<Part>>,
    /// The places of the final standings as a season reads them, kept between calls; dropped
    /// by any write to a table.
    pub evening: Option<std::sync::Arc<[EveningPlace]>>,
}

pub(crate) struct LoadedRound {
    pub row: RoundRow,
    pub results: Vec<TableResult>,
}

impl LoadedRound {
    /// The entrant has a seat or the bye in this round.
    pub fn places(&self, entrant: Id) -> bool {
        self.row.byes.contains(&entrant) || self.row.tables.iter().any(|t| t.seats.contains(&entrant))
    }

    /// A line or a ruling is written at one of its tables.
    pub fn begun(&self) -> bool {
        self.row.tables.iter().any(started)
    }
}

/// A table's sheet checked and scored.
#[derive(Clone, Debug)]
pub(crate) struct TableResult {
    pub sheet: Option<Sheet>,
    pub rulings: Vec<Ruling>,
    /// Sheet totals plus rulings.
    pub scores: Vec<i64>,
    /// Table points by those scores (provisional while the sheet is open).
    pub points: Vec<TablePoints>,
    pub complete: bool,
    /// A stored sheet that no longer checks (only if the database was edited by hand).
    pub error: Option<SheetError>,
}

impl TableResult {
    pub fn compute(rules: &dyn Rules, settings: &TournamentSettings, table: &TableRow) -> Result<TableResult> {
        // Values already made (a sheet written or shown) are replayed as they are; lines as read
        // from the store, from their text.
        let replayed = match table.deals.made() {
            Some(values) => rules.replay(table_of(table), values),
            None => rules.replay_texts(table_of(table), table.deals.texts()),
        };
        Self::of_sheet(settings, table, replayed)
    }

    /// The result of a table whose sheet has already been replayed.
    pub fn of_sheet(settings: &TournamentSettings, table: &TableRow, replayed: std::result::Result<Sheet, SheetError>) -> Result<TableResult> {
        let seats = table.seats.len();
        let rulings = stored_rulings(table)?;
        Ok(match replayed {
            Ok(sheet) => {
                let scores = round_scores(&sheet.totals, &rulings);
                TableResult {
                    points: table_points(&scores, &settings.places(seats)),
                    complete: sheet.complete,
                    sheet: Some(sheet),
                    rulings,
                    scores,
                    error: None,
                }
            }
            Err(e) => TableResult { sheet: None, rulings, scores: vec![0; seats], points: vec![TablePoints::ZERO; seats], complete: false, error: Some(e) },
        })
    }
}

/// A table's rulings as stored. Every ruling was checked before it was written, so
/// one that cannot be read means the database was changed by other means: an
/// integrity error naming the ruling, never a ruling silently left out of the scores.
fn stored_rulings(table: &TableRow) -> Result<Vec<Ruling>> {
    table
        .rulings
        .iter()
        .zip(table.ruling_ids.iter().map(Some).chain(std::iter::repeat(None)))
        .map(|(r, id)| {
            serde_json::from_value(r.clone()).map_err(|e| {
                let (number, id) = (table.number, id.map(|i| i.to_string()).unwrap_or_default());
                ApiError::Integrity(atout_rules::said!(
                    "table {number}: stored ruling {id} cannot be read ({e}); the database was changed outside Atout: restore a backup",
                    "table {number} : la décision enregistrée {id} est illisible ({e}) ; la base a été modifiée hors d'Atout : restaurez une sauvegarde",
                    "tafel {number}: de bewaarde beslissing {id} is onleesbaar ({e}); de databank werd buiten Atout gewijzigd: zet een back-up terug"
                ))
            })
        })
        .collect()
}

/// A stored table as the rules see it. A first dealer out of range (only in a
/// hand-edited database) becomes 0, which the rules refuse by name.
pub(crate) fn table_of(table: &TableRow) -> Table {
    rules_table(table.seats.len(), table.first_dealer)
}

/// A table of `seats` whose first dealer is as stored or imported (a number out of range
/// becomes 0, which the rules refuse by name).
pub(crate) fn rules_table(seats: usize, first_dealer: i64) -> Table {
    Table::new(seats, usize::try_from(first_dealer).unwrap_or(0))
}

/// Whether anything was written on a table's sheet yet.
pub(crate) fn started(table: &TableRow) -> bool {
    !table.deals.is_empty() || !table.rulings.is_empty()
}

impl Loaded {
    /// Where and why each stored sheet that no longer checks (changed by other means than
    /// Atout) fails, in every language: «round 2, table 1, deal 20: …»; up to round `until`.
    pub fn broken(&self, until: Option<i64>) -> Vec<atout_rules::Said> {
        let mut out = vec![];
        for r in self.rounds.iter().filter(|r| until.is_none_or(|last| r.row.round <= last)) {
            for (t, result) in r.row.tables.iter().zip(&r.results) {
                if let Some(e) = &result.error {
                    let place = Place { round: Some(r.row.round), table: Some(t.number), deal: None };
                    out.push(ApiError::sheet(place, e.clone()).texts());
                }
            }
        }
        out
    }

    /// Seat `seat` with its player (`entrant`), as every view shows it.
    pub fn seat_view(&self, seat: usize, entrant: Id) -> SeatView {
        let e = self.entrant(entrant);
        SeatView {
            seat,
            player: e.map(|e| e.code.clone()).unwrap_or_default(),
            name: e.map(|e| e.player.name.clone()).unwrap_or_default(),
            club: e.map(|e| e.player.club.clone()).unwrap_or_default(),
        }
    }

    /// A table's seats (its entrants, seat 1 first) with their players.
    pub fn seat_views(&self, seats: &[Id]) -> Vec<SeatView> {
        seats.iter().enumerate().map(|(i, e)| self.seat_view(i + 1, *e)).collect()
    }

    pub fn load(store: &Store, row: TournamentRow) -> Result<Loaded> {
        let game = GameId::parse(&row.game).ok_or_else(|| {
            let (name, game) = (&row.name, &row.game);
            ApiError::Integrity(atout_rules::said!(
                "tournament «{name}» is of a game this Atout does not know («{game}»)",
                "le tournoi «{name}» est d'un jeu que cet Atout ne connaît pas («{game}»)",
                "het toernooi «{name}» is van een spel dat deze Atout niet kent («{game}»)"
            ))
        })?;
        let refused = |v| ApiError::Refused { place: Place::default(), violation: v };
        let settings = TournamentSettings::parse(game, &row.settings, false).map_err(refused)?;
        let rules = game.rules(row.settings.as_object().unwrap_or(&serde_json::Map::new())).map_err(refused)?;
        let entrants = store.entrants(row.id)?;
        let by_id = entrants.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
        let mut by_code: Vec<usize> = (0..entrants.len()).collect();
        // Counted as a person counts: «p3» before «p13» (players sharing a place are listed so).
        by_code.sort_by(|a, b| crate::text::id_order(&entrants[*a].code, &entrants[*b].code));
        let rounds = store
            .rounds(row.id)?
            .into_iter()
            .map(|r| {
                let results = r.tables.iter().map(|t| TableResult::compute(rules.as_ref(), &settings, t)).collect::<Result<_>>()?;
                Ok(LoadedRound { row: r, results })
            })
            .collect::<Result<_>>()?;
        let names = Names::of(rules.as_ref());
        let mut loaded = Loaded { row, game, rules, names, settings, entrants, by_id, by_code, rounds, results: vec![], parts: vec![], evening: None };
        loaded.results = loaded.all_results();
        Ok(loaded)
    }

    pub fn round(&self, number: i64) -> Result<&LoadedRound> {
        self.rounds.iter().find(|r| r.row.round == number).ok_or_else(|| {
            let name = &self.row.name;
            ApiError::not_found(said!(
                "round {number} of {name} has not been drawn",
                "la manche {number} de {name} n'a pas été tirée",
                "ronde {number} van {name} is niet geloot"
            ))
        })
    }

    pub fn round_mut(&mut self, number: i64) -> Option<&mut LoadedRound> {
        self.rounds.iter_mut().find(|r| r.row.round == number)
    }

    /// Index of table `number` in the round.
    pub fn table_index(&self, round: i64, number: i64) -> Result<usize> {
        self.round(round)?.row.tables.iter().position(|t| t.number == number).ok_or_else(|| {
            ApiError::not_found(said!(
                "round {round} has no table {number}",
                "la manche {round} n'a pas de table {number}",
                "ronde {round} heeft geen tafel {number}"
            ))
        })
    }

    pub fn entrant(&self, id: Id) -> Option<&EntrantRow> {
        self.by_id.get(&id).map(|i| &self.entrants[*i])
    }

    /// The settings of the tournament's game that a hand record of its deals carries
    /// (`settings`, beside FORMAT.md's fields): the game's own keys the tournament sets; none
    /// when it sets none, so that a record of a game played by its defaults is FORMAT.md's
    /// alone.
    pub fn game_settings(&self) -> Option<serde_json::Value> {
        let keys = self.game.spec().map_or(&[][..], |s| s.keys);
        let own: serde_json::Map<String, serde_json::Value> =
            self.row.settings.as_object().into_iter().flatten().filter(|(k, _)| keys.contains(&k.as_str())).map(|(k, v)| (k.clone(), v.clone())).collect();
        (!own.is_empty()).then_some(serde_json::Value::Object(own))
    }

    /// The first round not yet under way: the last drawn round while none of its
    /// sheets has a line, otherwise the next one.
    pub fn first_open_round(&self) -> i64 {
        match self.rounds.iter().max_by_key(|r| r.row.round) {
            Some(r) if r.row.tables.iter().any(started) => r.row.round + 1,
            Some(r) => r.row.round,
            None => 1,
        }
    }

    /// An entrant by their id in the tournament (`p12`), by registry number, or by a name only
    /// one of its players has (whole, or the first name or surname alone).
    pub fn entrant_by_code(&self, code: &str) -> Result<&EntrantRow> {
        if let Some(e) = self.entrants.iter().find(|e| e.code == code || e.player.id.to_string() == code) {
            return Ok(e);
        }
        let name = &self.row.name;
        match crate::named::person(&self.entrants, code, |e| e.player.id, |e| &e.player.name) {
            crate::named::Named::One(e) => Ok(e),
            crate::named::Named::Missing => {
                Err(ApiError::not_found(said!("no player «{code}» in {name}", "pas de joueur «{code}» dans {name}", "geen speler «{code}» in {name}")))
            }
            crate::named::Named::Several(several) => {
                let ids = several.iter().map(|e| e.code.as_str()).collect::<Vec<_>>().join(", ");
                Err(ApiError::invalid(said!(
                    "several players of {name} are named «{code}»: give the id ({ids})",
                    "plusieurs joueurs de {name} s'appellent «{code}» : donnez l'identifiant ({ids})",
                    "meerdere spelers van {name} heten «{code}»: geef de id ({ids})"
                )))
            }
        }
    }

    pub fn last_round(&self) -> i64 {
        self.rounds.iter().map(|r| r.row.round).max().unwrap_or(0)
    }

    /// Seats of a table of round `round` whose players the previous round's
    /// sheets named to keep the score of their next game (Kings Cribbage's serviteur).
    pub fn scorers(&self, round: i64, table: &TableRow) -> Vec<usize> {
        let Ok(before) = self.round(round - 1) else { return vec![] };
        let named: Vec<atout_store::Id> = before
            .row
            .tables
            .iter()
            .zip(&before.results)
            .filter_map(|(t, r)| r.sheet.as_ref().map(|s| (t, s)))
            .flat_map(|(t, s)| s.next_scorer.iter().filter_map(|seat| t.seats.get(seat - 1).copied()))
            .collect();
        table.seats.iter().enumerate().filter(|(_, e)| named.contains(e)).map(|(i, _)| i + 1).collect()
    }
}

impl Loaded {
    fn seat_results(&self, round: u32, table: &TableRow, result: &TableResult) -> Vec<(usize, RoundResult)> {
        if !started(table) {
            return vec![];
        }
        table
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, entrant)| {
                let i = *self.by_id.get(entrant)?;
                let r = RoundResult {
                    round,
                    table: Some(table.number as u32),
                    score: result.scores[seat],
                    table_points: result.points[seat],
                    bye: false,
                    complete: result.complete,
                };
                Some((i, r))
            })
            .collect()
    }

    /// Every entrant's results over all drawn rounds. A table with nothing
    /// written yet counts for nobody; a table in progress counts provisionally.
    fn all_results(&self) -> Vec<Vec<RoundResult>> {
        let mut results: Vec<Vec<RoundResult>> = vec![vec![]; self.entrants.len()];
        for r in &self.rounds {
            let round = r.row.round as u32;
            for (table, result) in r.row.tables.iter().zip(&r.results) {
                for (i, rr) in self.seat_results(round, table, result) {
                    results[i].push(rr);
                }
            }
            for b in &r.row.byes {
                if let Some(i) = self.by_id.get(b) {
                    results[*i].push(RoundResult {
                        round,
                        table: None,
                        score: self.settings.bye.score,
                        table_points: self.settings.bye_table_points(),
                        bye: true,
                        complete: true,
                    });
                }
            }
        }
        results
    }

    /// Re-score one table after a write to it, and update its players' results.
    pub fn rescore(&mut self, round: i64, index: usize) -> Result<()> {
        let Some(r) = self.rounds.iter().find(|r| r.row.round == round) else { return Ok(()) };
        let result = TableResult::compute(self.rules.as_ref(), &self.settings, &r.row.tables[index])?;
        self.set_result(round, index, result);
        Ok(())
    }

    /// Store a table's new result and update its players' results.
    pub fn set_result(&mut self, round: i64, index: usize, result: TableResult) {
        let Some(r) = self.rounds.iter_mut().find(|r| r.row.round == round) else { return };
        r.results[index] = result;
        self.evening = None;
        let r = self.rounds.iter().find(|r| r.row.round == round).expect("found above");
        let (table, result) = (&r.row.tables[index], &r.results[index]);
        let fresh = self.seat_results(round as u32, table, result);
        let number = Some(table.number as u32);
        for entrant in &table.seats {
            if let Some(i) = self.by_id.get(entrant) {
                self.results[*i].retain(|x| !(x.round == round as u32 && x.table == number));
                if let Some(part) = self.parts.get_mut(*i) {
                    *part = None;
                }
            }
        }
        for (i, rr) in fresh {
            let list = &mut self.results[i];
            let at = list.partition_point(|x| x.round <= rr.round);
            list.insert(at, rr);
        }
    }
}
