//! Standings, live and final (FORMAT.md "Standings output").

use crate::error::Result;
use crate::state::Part;
use crate::state::{started, Loaded};
use crate::Atout;
use atout_rules::ranking::{criteria, decided_by, rank, Place, RoundResult, Totals};
use atout_rules::settings::TieBreak;
use atout_rules::TablePoints;
use serde::Serialize;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub tournament: String,
    pub after_round: i64,
    pub rows: Vec<StandingRow>,
    /// Players withdrawn without having played a deal: listed apart, with no place (a 0
    /// would rank them above players who played and lost points). Absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub withdrawn: Vec<Withdrawn>,
    /// A stored sheet that no longer checks (changed by other means than Atout), whose table
    /// counts nothing here: where and why, in every language. Absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken: Option<atout_rules::Said>,
}

/// A player withdrawn before playing any deal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Withdrawn {
    pub player: Arc<str>,
    pub name: Arc<str>,
    /// The first round the player no longer plays.
    pub withdrawn_from: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingRow {
    pub rank: usize,
    pub shared: bool,
    /// The player's id in the tournament and name (shared with the kept standings).
    pub player: Arc<str>,
    pub name: Arc<str>,
    /// Absent (null) when the tournament ranks by total score.
    pub table_points: Option<TablePoints>,
    pub score_sum: i64,
    pub best_round: Option<i64>,
    /// Shared with the application's kept standings (only a written table's players' change).
    pub rounds: Arc<[RoundEntry]>,
    /// A late entry: the first round the player plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined_round: Option<i64>,
    /// A withdrawal: the first round the player no longer plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<i64>,
    /// Present while the player is seated in round `after_round` at a table where nothing is
    /// written yet (such a table counts for nobody, so `rounds` has no entry for it): the
    /// table's number. A table with a line or a ruling is being played: `provisional`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_started: Option<u32>,
}

pub use crate::state::RoundEntry;

impl StandingRow {
    /// The figures the ranking's criteria read (no table points counts as none).
    pub fn totals(&self) -> Totals {
        Totals { table_points: self.table_points.unwrap_or_default(), score_sum: self.score_sum, best_round: self.best_round }
    }
}

/// The tables of round `round` where nothing is written yet, by the entrants seated there
/// (built once per call: a search per player made the standings of 1,000 players three
/// times slower, docs/performance.md).
fn not_started(l: &Loaded, round: i64) -> std::collections::HashMap<atout_store::Id, u32> {
    let tables = l.rounds.iter().find(|r| r.row.round == round).map(|r| r.row.tables.as_slice()).unwrap_or_default();
    tables.iter().filter(|t| !started(t)).flat_map(|t| t.seats.iter().map(move |id| (*id, t.number as u32))).collect()
}

/// A player's part of the standings after `after_round`, from their kept round results.
fn part(l: &Loaded, i: usize, after_round: i64) -> Part {
    let all = &l.results[i];
    let counted = &all[..all.partition_point(|r| i64::from(r.round) <= after_round)];
    let points = l.settings.uses_table_points();
    let rounds = counted
        .iter()
        .map(|r| RoundEntry {
            round: r.round,
            table: r.table,
            score: r.score,
            table_points: points.then_some(r.table_points),
            bye: r.bye,
            provisional: !r.complete,
        })
        .collect();
    let e = &l.entrants[i];
    Part { player: e.code.as_str().into(), name: e.player.name.as_str().into(), totals: Totals::of(counted), rounds }
}

/// The standings after `after_round`. After the last round, from the parts kept in `l`
/// (rebuilt only where a write dropped them); after an earlier one, built afresh.
pub(crate) fn compute(l: &mut Loaded, after_round: i64) -> Standings {
    let kept = after_round == l.last_round();
    if kept {
        l.parts.resize(l.entrants.len(), None);
        for i in 0..l.entrants.len() {
            if l.parts[i].is_none() {
                l.parts[i] = Some(part(l, i, after_round));
            }
        }
    }
    let l = &*l;
    let fresh: Vec<Part> = if kept { vec![] } else { (0..l.entrants.len()).map(|i| part(l, i, after_round)).collect() };
    let part_of = |i: usize| -> &Part {
        if kept {
            l.parts[i].as_ref().expect("filled above")
        } else {
            &fresh[i]
        }
    };
    // Players are listed by their id within a shared place; a player withdrawn who was never
    // seated at a table nor given a bye (a round's result: RULES.md §6) played no round, and
    // has no place. Nor, in the standings of the rounds before it, has a late entrant: it did
    // not play them.
    let seated = |id| l.rounds.iter().any(|r| r.places(id));
    let never_played = |i: usize| l.entrants[i].withdrawn_from.is_some() && !seated(l.entrants[i].id);
    let joined_later = |i: usize| l.entrants[i].from_round.is_some_and(|r| r > after_round);
    // Entered once the rounds up to `after_round` were drawn (a late entrant before the round
    // was drawn again): neither a seat nor a bye in any of them, so no place yet either.
    let drawn = l.rounds.iter().filter(|r| r.row.round <= after_round);
    let placed = |id| drawn.clone().any(|r| r.places(id));
    let unplaced = |i: usize| drawn.clone().next().is_some() && l.entrants[i].withdrawn_from.is_none() && !placed(l.entrants[i].id);
    let (apart, mut order): (Vec<usize>, Vec<usize>) = l.by_code.iter().filter(|i| !joined_later(**i) && !unplaced(**i)).partition(|i| never_played(**i));
    // A player with no result yet (every table of theirs not started) is placed after those
    // who have one: a total of 0 played nowhere ranked above −4 played (total score), and a
    // season priced the players of an evening being played by those places.
    let waiting_only = |i: usize| part_of(i).rounds.is_empty();
    order.sort_by_key(|i| waiting_only(*i));
    let ahead = order.iter().filter(|i| !waiting_only(**i)).count();
    let mut withdrawn: Vec<Withdrawn> = apart
        .iter()
        .map(|i| {
            let p = part_of(*i);
            Withdrawn { player: p.player.clone(), name: p.name.clone(), withdrawn_from: l.entrants[*i].withdrawn_from.unwrap_or(1) }
        })
        .collect();
    // Listed apart by name, as a person looks for one.
    withdrawn.sort_by_cached_key(|w| (atout_report::folded(&w.name), w.name.clone()));
    let totals: Vec<Totals> = order.iter().map(|i| part_of(*i).totals.clone()).collect();
    let chain = criteria(l.settings.ranking, &l.settings.tie_breaks);
    let points = l.settings.uses_table_points();
    let waiting = not_started(l, after_round);
    let places = rank(&totals[..ahead], &chain).into_iter().chain(rank(&totals[ahead..], &chain).into_iter().map(|p| Place {
        index: p.index + ahead,
        rank: p.rank + ahead,
        shared: p.shared,
    }));
    let rows = places
        .map(|place| {
            let i = order[place.index];
            let t = &totals[place.index];
            let e = &l.entrants[i];
            let p = part_of(i);
            StandingRow {
                rank: place.rank,
                shared: place.shared,
                player: p.player.clone(),
                name: p.name.clone(),
                table_points: points.then_some(t.table_points),
                score_sum: t.score_sum,
                best_round: t.best_round,
                rounds: p.rounds.clone(),
                joined_round: e.from_round.filter(|r| *r > 1),
                withdrawn_from: e.withdrawn_from,
                not_started: waiting.get(&e.id).copied(),
            }
        })
        .collect();
    Standings { tournament: l.row.name.clone(), after_round, rows, withdrawn, broken: None }
}

impl Atout {
    /// The standings as the printers read them (PDF, CSV): the FORMAT.md document, with
    /// `open_rounds`, the counted rounds that have a table still being played (none: the
    /// ranking is final), so that a ranking printed while tables play says it is provisional;
    /// and `ranking` and `tie_breaks`, the tournament's, that the printed ranking names.
    pub(crate) fn standings_for_print(&mut self, tournament: &str, after_round: Option<i64>) -> Result<serde_json::Value> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let after = after_which(l, after_round)?;
        let mut value = serde_json::to_value(compute(l, after)).map_err(|e| crate::ApiError::internal("standings", e))?;
        // A table with nothing written yet is open too (its players have no result there yet).
        let open: Vec<i64> = l.rounds.iter().filter(|r| r.row.round <= after && r.results.iter().any(|t| !t.complete)).map(|r| r.row.round).collect();
        value["open_rounds"] = serde_json::json!(open);
        // How the places are decided, said on the printed ranking, its columns in that order.
        value["ranking"] = serde_json::json!(l.settings.ranking);
        value["tie_breaks"] = serde_json::json!(l.settings.tie_breaks);
        Ok(value)
    }

    /// Standings after `after_round` (by default the last round drawn).
    pub fn standings(&mut self, tournament: &str, after_round: Option<i64>) -> Result<Standings> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let after = after_which(l, after_round)?;
        let mut standings = compute(l, after);
        // Only the rounds these standings count (a broken sheet of round 5 is no matter of the
        // standings after round 1).
        let found: Vec<(String, atout_rules::Said)> = l.broken(Some(after)).into_iter().map(|said| (l.row.name.clone(), said)).collect();
        standings.broken = crate::error::sheets_broken(&found).map(|e| e.texts());
        Ok(standings)
    }
}

/// The round standings are asked after: one of the tournament's (refused otherwise: a round
/// of −5 or of four billion made the standings panic or fill the memory), by default the
/// last drawn.
fn after_which(l: &Loaded, asked: Option<i64>) -> Result<i64> {
    match asked {
        None => Ok(l.last_round()),
        // A round not drawn yet has no standings after it (they were titled «after round 3»
        // over round 2's, provisional).
        Some(r) if (1..=i64::from(l.settings.rounds)).contains(&r) => l.round(r).map(|_| r),
        Some(_) => Err(crate::ApiError::rounds_are(crate::error::Place::default(), l.settings.rounds)),
    }
}

/// The leaders' progress over the evening, for the projector's chart: each player's running
/// value (table points where the ranking counts them, else the score), after each round that
/// is complete, and after each line written at their table in a round still being played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Progress {
    pub after_round: i64,
    /// Whether the values are table points (else scores).
    pub points: bool,
    /// In the standings' order.
    pub players: Vec<PlayerProgress>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerProgress {
    pub player: Arc<str>,
    pub name: Arc<str>,
    pub rank: usize,
    pub shared: bool,
    /// `(at, value)`, the start `(0, 0)` first: `at` counts rounds, a line of a round still
    /// being played at `round − 1 + deal / deals of the sheet`; the last value is the
    /// standings' own total.
    pub steps: Vec<(f64, TablePoints)>,
}

/// Where a player sits in a round: the table's index and the seat's.
fn seat_in(round: &crate::state::LoadedRound, id: atout_store::Id) -> Option<(usize, usize)> {
    round.row.tables.iter().enumerate().find_map(|(t, table)| table.seats.iter().position(|s| *s == id).map(|seat| (t, seat)))
}

/// A player's steps through one round still being played at their table: the running value
/// after each line (table points as the running scores would give them), at its deal.
fn lines_of(l: &Loaded, round: &crate::state::LoadedRound, (t, seat): (usize, usize), from: TablePoints) -> Vec<(f64, TablePoints)> {
    let Some(sheet) = round.results[t].sheet.as_ref() else { return vec![] };
    let (size, needed) = (round.row.tables[t].seats.len(), sheet.deals_needed.max(1));
    let places = l.settings.places(size);
    let mut running = vec![0i64; size];
    let base = (round.row.round - 1) as f64;
    sheet
        .lines
        .iter()
        .map(|line| {
            for (r, p) in running.iter_mut().zip(&line.points) {
                *r = r.saturating_add(*p);
            }
            let value =
                if l.settings.uses_table_points() { atout_rules::ranking::table_points(&running, &places)[seat] } else { TablePoints::whole(running[seat]) };
            (base + line.deal.min(needed) as f64 / needed as f64, from + value)
        })
        .collect()
}

impl Atout {
    /// The progress of the first `limit` players of the standings (all without a limit).
    pub fn standings_progress(&mut self, tournament: &str, limit: Option<usize>) -> Result<Progress> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let after = l.last_round();
        let standings = compute(l, after);
        let l = &*l;
        let points = l.settings.uses_table_points();
        let value = |r: &RoundResult| if points { r.table_points } else { TablePoints::whole(r.score) };
        let players = standings
            .rows
            .iter()
            .take(limit.unwrap_or(usize::MAX))
            .filter_map(|row| {
                let i = *l.by_code.iter().find(|i| *l.entrants[**i].code == *row.player)?;
                let mut steps = vec![(0.0, TablePoints::ZERO)];
                let mut total = TablePoints::ZERO;
                for round in l.rounds.iter().filter(|r| r.row.round <= after) {
                    let Some(result) = l.results[i].iter().find(|r| i64::from(r.round) == round.row.round) else { continue };
                    let end = total + value(result);
                    // A round under way follows its lines; its last step is the standings' value.
                    let lines = match (result.complete, seat_in(round, l.entrants[i].id)) {
                        (false, Some(at)) => lines_of(l, round, at, total),
                        _ => vec![],
                    };
                    match lines.split_last() {
                        Some((last, before)) => {
                            steps.extend_from_slice(before);
                            steps.push((last.0, end));
                        }
                        None if result.complete => steps.push((round.row.round as f64, end)),
                        // Only rulings so far: halfway through the round.
                        None => steps.push((round.row.round as f64 - 0.5, end)),
                    }
                    total = end;
                }
                Some(PlayerProgress { player: row.player.clone(), name: row.name.clone(), rank: row.rank, shared: row.shared, steps })
            })
            .collect();
        Ok(Progress { after_round: after, points, players })
    }
}

/// The standings as the room's display shows them: the rows; the ranking's criteria (its
/// first, then the tie-breaks, FORMAT.md's codes); per row, the tie-breaks that placed its
/// place against the next or the previous one on an equal first criterion (the rules'
/// `decided_by`); and `decided_by`, every tie-break that placed someone, in the chain's order.
#[derive(Clone, Debug, Serialize)]
pub struct StandingsBoard {
    #[serde(flatten)]
    pub standings: Standings,
    pub criteria: Vec<TieBreak>,
    pub decided: Vec<Vec<TieBreak>>,
    pub decided_by: Vec<TieBreak>,
}

impl Atout {
    /// The live standings with what placed each player (the projector, the room's display).
    pub fn standings_board(&mut self, tournament: &str) -> Result<StandingsBoard> {
        let standings = self.standings(tournament, None)?;
        let id = self.resolve(tournament)?;
        let settings = &self.loaded(id)?.settings;
        let chain = criteria(settings.ranking, &settings.tie_breaks);
        let rows = &standings.rows;
        let totals: Vec<Totals> = rows.iter().map(StandingRow::totals).collect();
        // By place: a shared place's players are marked together.
        let mut by_rank: std::collections::HashMap<usize, Vec<TieBreak>> = std::collections::HashMap::new();
        for i in 1..rows.len() {
            if rows[i - 1].rank == rows[i].rank {
                continue;
            }
            if let Some(c) = decided_by(&totals[i - 1], &totals[i], &chain) {
                for rank in [rows[i - 1].rank, rows[i].rank] {
                    let marks = by_rank.entry(rank).or_default();
                    if !marks.contains(&c) {
                        marks.push(c);
                    }
                }
            }
        }
        let decided: Vec<Vec<TieBreak>> = rows.iter().map(|r| by_rank.get(&r.rank).cloned().unwrap_or_default()).collect();
        let decided_by = chain.iter().copied().filter(|c| decided.iter().any(|d| d.contains(c))).collect();
        Ok(StandingsBoard { standings, criteria: chain, decided, decided_by })
    }
}

/// How standings are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StandingsFormat {
    Table,
    Json,
    Csv,
}

#[cfg(test)]
mod tests {
    use crate::{Atout, DrawRequest, NewTournament, TableRef};
    use serde_json::json;

    const PLAYERS: &str =
        "Name;Club\nAnne Peeters;A\nBart Maes;A\nChloé Dubois;B\nDirk Claes;B\nEls Janssens;A\nFrançois Lambert;B\nGert Wouters;A\nHélène Renard;B\n";

    /// A Double King evening of two rounds, its eight players entered, round 1 drawn.
    fn friday_drawn() -> (Atout, String) {
        let mut app = Atout::open_in_memory().unwrap();
        app.set_actor("secretary").unwrap();
        let t = app.tournament_create(&NewTournament { name: "Friday".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
        let tid = t.id.to_string();
        app.players_import(PLAYERS, Some(&tid)).unwrap();
        app.round_draw(&tid, &DrawRequest::new(1, Some(7))).unwrap();
        (app, tid)
    }

    /// A table with a line written is being played; a table with nothing written has not started.
    #[test]
    fn a_table_not_started_is_told_from_one_being_played() {
        let mut app = Atout::open_in_memory().unwrap();
        app.set_actor("secretary").unwrap();
        let t = app.tournament_create(&NewTournament { name: "Friday".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
        let tid = t.id.to_string();
        app.players_import(PLAYERS, Some(&tid)).unwrap();
        let round = app.round_draw(&tid, &DrawRequest::new(1, Some(7))).unwrap();
        let (one, two) = (round.tables[0].number as u32, round.tables[1].number as u32);
        let s = app.standings(&tid, None).unwrap();
        assert!(s.rows.iter().all(|r| r.rounds.is_empty() && r.not_started.is_some()));
        app.deal_add(&TableRef::new(&tid, 1, i64::from(one)), None, json!({"contract": "A", "counts": [4, 3, 3, 3]})).unwrap();
        let s = app.standings(&tid, None).unwrap();
        for row in &s.rows {
            match row.not_started {
                Some(n) => assert!(n == two && row.rounds.is_empty(), "{}", row.name),
                None => assert!(row.rounds[0].provisional && row.rounds[0].table == Some(one), "{}", row.name),
            }
        }
        assert_eq!(s.rows.iter().filter(|r| r.not_started == Some(two)).count(), 4);
        // Written only while true: a player whose table is under way (or done) has no such key.
        let value = serde_json::to_value(&s).unwrap();
        let playing = value["rows"].as_array().unwrap().iter().find(|r| r["rounds"][0]["table"] == one).unwrap();
        assert!(playing.get("not_started").is_none());
        // Once the other table has a line too, nobody waits.
        app.deal_add(&TableRef::new(&tid, 1, i64::from(two)), None, json!({"contract": "A", "counts": [4, 3, 3, 3]})).unwrap();
        assert!(app.standings(&tid, None).unwrap().rows.iter().all(|r| r.not_started.is_none()));
    }

    /// Standings after a round the tournament does not have are refused, naming its rounds
    /// (−5 made them panic, four billion filled the memory, 99 of 2 printed 97 empty columns).
    #[test]
    fn standings_after_a_round_the_tournament_has_not_are_refused() {
        let mut app = Atout::open_in_memory().unwrap();
        let t = app.tournament_create(&NewTournament { name: "Two".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
        let tid = t.id.to_string();
        app.players_import(PLAYERS, Some(&tid)).unwrap();
        app.round_draw(&tid, &DrawRequest::new(1, Some(7))).unwrap();
        for asked in [-5, 0, 3, 99, 4_000_000_000] {
            let refused = app.standings(&tid, Some(asked)).unwrap_err();
            assert_eq!(refused.rule().map(|r| r.code()), Some("round-order"), "{asked}: {refused}");
            assert!(app.standings_for_print(&tid, Some(asked)).is_err(), "{asked}");
        }
        // A round the tournament has, not drawn yet: refused too, naming it (printed, it was
        // titled «after round 2» over round 1's).
        let refused = app.standings(&tid, Some(2)).unwrap_err();
        assert!(refused.kind() == "not-found" && refused.to_string().contains("round 2"), "{refused}");
        assert_eq!(app.standings(&tid, Some(1)).unwrap().after_round, 1);
        assert_eq!(app.standings(&tid, None).unwrap().after_round, 1);
    }

    /// A player entered once round 1 was drawn, before its first line, has neither a seat nor
    /// a bye there until the round is drawn again: no place meanwhile (ranked with a 0 above
    /// players who lost points, as a Rikken table showed), a place once seated.
    #[test]
    fn a_player_entered_after_the_draw_has_no_place_until_seated() {
        let (mut app, tid) = friday_drawn();
        let late = app.player_add("Ivo Late", "A", "", false).unwrap();
        app.tournament_enter(&tid, &[late.id]).unwrap();
        app.deal_add(&TableRef::new(&tid, 1, 1), None, json!({"contract": "A", "counts": [4, 3, 3, 3]})).unwrap();
        let s = app.standings(&tid, None).unwrap();
        assert!(s.rows.iter().all(|r| &*r.name != "Ivo Late") && s.rows.len() == 8, "{:?}", s.rows.iter().map(|r| &r.name).collect::<Vec<_>>());
        // Drawn again (table 1 has a line: round 1 cannot be; round 2 seats them or gives a bye).
        app.round_draw(&tid, &DrawRequest::new(2, Some(7))).unwrap();
        assert!(app.standings(&tid, Some(2)).unwrap().rows.iter().any(|r| &*r.name == "Ivo Late"));
    }

    /// A player entered once round 1 was under way plays from round 2: the standings after
    /// round 1 give them no place (a 0 ranked above players who lost points), those after
    /// round 2 do, with the round they joined.
    #[test]
    fn a_late_entrant_has_no_place_in_the_standings_of_the_rounds_before_it() {
        let (mut app, tid) = friday_drawn();
        app.deal_add(&TableRef::new(&tid, 1, 1), None, json!({"contract": "A", "counts": [4, 3, 3, 3]})).unwrap();
        let late = app.player_add("Ivo Late", "A", "", false).unwrap();
        app.tournament_enter(&tid, &[late.id]).unwrap();
        let after_one = app.standings(&tid, Some(1)).unwrap();
        assert_eq!(after_one.rows.len(), 8);
        assert!(after_one.rows.iter().all(|r| &*r.name != "Ivo Late") && after_one.withdrawn.is_empty());
        // Every one of round 1's table 1 lost points; the late entrant is not above them.
        assert!(after_one.rows.iter().filter(|r| r.score_sum < 0).count() >= 4);
        app.round_draw(&tid, &DrawRequest::new(2, Some(7))).unwrap();
        let after_two = app.standings(&tid, Some(2)).unwrap();
        let ivo = after_two.rows.iter().find(|r| &*r.name == "Ivo Late").expect("ranked once they play");
        assert_eq!(ivo.joined_round, Some(2));
        // The text and the CSV say it after the name, as the printed ranking does (they did not).
        let text = app.standings_rendered(&tid, Some(2), crate::StandingsFormat::Table, "en").unwrap();
        assert!(text.contains("Ivo Late (from round 2)"), "{text}");
        let csv = app.standings_rendered(&tid, Some(2), crate::StandingsFormat::Csv, "nl").unwrap();
        assert!(csv.contains("Ivo Late (vanaf ronde 2)"), "{csv}");
    }
}
