//! Tournaments: create, list, enter players, draw rounds.

use crate::error::{ApiError, Place, Result};
use crate::settings::{checked_settings, effective_settings, Checked, Checking};
use crate::state::{started, Loaded};
use crate::Atout;
pub use atout_rules::planner::Seating;
use atout_rules::planner::{next_round, preview, NextRound, PastRound};
use atout_rules::{said, Rule, Tr};
use atout_store::{Change, EntrantRow, Id};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct NewTournament {
    pub name: String,
    pub game: String,
    #[serde(default)]
    pub date: Option<String>,
    /// Overrides the settings' number of rounds.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// FORMAT.md settings; omitted keys take their defaults.
    #[serde(default)]
    pub settings: Option<Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentInfo {
    pub id: Id,
    pub name: String,
    pub game: String,
    pub date: Option<String>,
    pub rounds: u32,
    pub players: usize,
    pub rounds_drawn: i64,
    pub created_at: String,
    /// The settings in force: every common key with its default filled in, and the game's own keys.
    pub settings: Value,
    /// Table sizes the game allows.
    pub seats: [usize; 2],
}

/// A player entered in a tournament, with when they play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntrantView {
    /// The player's id in the tournament (`p12`).
    pub player: String,
    pub name: String,
    pub club: String,
    /// A late entry: the first round they play.
    pub joined_round: Option<i64>,
    /// A withdrawal: the first round they no longer play.
    pub withdrawn_from: Option<i64>,
}

/// Where a drawn round stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundStatus {
    pub round: i64,
    pub tables: usize,
    /// Tables whose sheet is complete.
    pub complete: usize,
    /// Tables with something written.
    pub started: usize,
    /// Numbers of the tables not complete yet.
    pub open: Vec<i64>,
}

/// A round to draw: which, from what seed, seated how.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRequest {
    pub round: i64,
    /// The draw number as typed, 0 to 2^64 − 1, kept as text end to end (the window's
    /// numbers lose digits above 2^53); none or blank: drawn from the clock.
    #[serde(default)]
    pub seed: Option<String>,
    #[serde(default)]
    pub seating: Seating,
}

impl DrawRequest {
    /// Round `round`, planned seating, from `seed` when given.
    pub fn new(round: i64, seed: Option<u64>) -> DrawRequest {
        DrawRequest { round, seed: seed.map(|s| s.to_string()), seating: Seating::Planned }
    }

    /// The same request with the seating asked for.
    pub fn seated(self, seating: Seating) -> DrawRequest {
        DrawRequest { seating, ..self }
    }

    fn seed(&self) -> Result<Option<u64>> {
        match self.seed.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(text) => text.parse::<u64>().map(Some).map_err(|_| {
                let max = u64::MAX;
                ApiError::invalid(said!(
                    "draw number «{text}»: a whole number from 0 to {max}",
                    "numéro de tirage «{text}» : un nombre entier de 0 à {max}",
                    "lotingsnummer «{text}»: een geheel getal van 0 tot {max}"
                ))
            }),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableView {
    pub number: i64,
    pub first_dealer: i64,
    pub seats: Vec<crate::SeatView>,
    pub deals: usize,
    pub complete: bool,
    /// Seats that keep this table's score, named by the game after the previous
    /// round (Kings Cribbage's serviteur); empty for most games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scorers: Vec<usize>,
}

/// What a planned draw of a round would plan ([`Atout::round_plan`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlannedRounds {
    pub round: i64,
    /// The draw number that draws this plan, as text (see [`DrawRequest`]).
    pub seed: String,
    /// The rounds the plan covers.
    pub from: i64,
    pub to: i64,
    /// Repeat meetings the plan could not avoid over those rounds.
    pub repeats: i64,
    /// The plan made when round 1 was drawn, followed so far.
    pub following: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DrawnRound {
    pub tournament: String,
    pub round: i64,
    /// Seated by ranking (the strongest together) rather than planned.
    pub by_ranking: bool,
    pub seed: Option<String>,
    /// Pairs seated together again that the draw could not avoid.
    pub repeats: Option<i64>,
    pub tables: Vec<TableView>,
    pub byes: Vec<crate::SeatView>,
    /// Players this round is theirs to play (entered, not withdrawn) who have neither a seat
    /// nor a bye in it: entered or back after it was drawn. Drawn again, it seats them.
    pub not_seated: Vec<crate::SeatView>,
    /// Players seated in it (or given its bye) though withdrawn from it: withdrawn after it was
    /// drawn. Drawn again, it leaves them out.
    pub withdrawn_seated: Vec<crate::SeatView>,
    /// A line or a ruling is written at one of its tables: it can no longer be drawn again.
    pub begun: bool,
    /// It may be drawn again (round-redraw): the last round drawn, not begun.
    pub redrawable: bool,
}

fn info(l: &Loaded) -> TournamentInfo {
    TournamentInfo {
        id: l.row.id,
        name: l.row.name.clone(),
        game: l.row.game.clone(),
        date: l.row.date.clone(),
        rounds: l.settings.rounds,
        players: l.entrants.len(),
        rounds_drawn: l.last_round(),
        created_at: l.row.created_at.clone(),
        settings: effective_settings(&l.settings, &l.row.settings),
        seats: [*l.rules.seats().start(), *l.rules.seats().end()],
    }
}

/// Whether an entrant plays round `round` (not before a late entry, not from a withdrawal on).
pub(crate) fn plays(e: &atout_store::EntrantRow, round: i64) -> bool {
    e.from_round.unwrap_or(1) <= round && e.withdrawn_from.is_none_or(|w| round < w)
}

fn seed_now() -> u64 {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    (nanos as u64) ^ ((std::process::id() as u64) << 32)
}

impl Atout {
    pub fn tournament_create(&mut self, req: &NewTournament) -> Result<TournamentInfo> {
        let name = crate::text::bounded(&req.name, crate::text::field::TOURNAMENT_NAME, crate::text::NAME_MAX)?;
        let name = name.as_str();
        if name.is_empty() {
            return Err(ApiError::invalid(said!("a tournament has a name", "un tournoi a un nom", "een toernooi heeft een naam")));
        }
        let Checked { game, raw: settings, .. } = checked_settings(&req.game, req.settings.as_ref(), req.rounds, Checking::Created)?;
        let date = match req.date.as_deref().filter(|d| !d.trim().is_empty()) {
            Some(d) => crate::text::date(d)?,
            None => chrono::Local::now().date_naive().to_string(),
        };
        let id = self.store.write(Change { actor: &self.actor, action: "tournament.create", reason: "" }, |w| {
            w.add_tournament(name, game.code(), Some(&date), &settings, &json!({}))
        })?;
        self.after_write(false);
        self.tournament_info(&id.to_string())
    }

    pub fn tournament_list(&mut self) -> Result<Vec<TournamentInfo>> {
        self.refresh()?;
        let ids: Vec<Id> = self.store.tournaments()?.iter().map(|t| t.id).collect();
        ids.into_iter().map(|id| Ok(info(self.loaded(id)?))).collect()
    }

    pub fn tournament_info(&mut self, tournament: &str) -> Result<TournamentInfo> {
        let id = self.resolve(tournament)?;
        Ok(info(self.loaded(id)?))
    }

    /// Enter registered players in a tournament (all of them when `players` is empty).
    pub fn tournament_enter(&mut self, tournament: &str, players: &[Id]) -> Result<TournamentInfo> {
        let id = self.resolve(tournament)?;
        let registry = self.store.players()?;
        let chosen: Vec<Id> = if players.is_empty() { registry.iter().map(|p| p.id).collect() } else { players.to_vec() };
        if let Some(missing) = chosen.iter().find(|p| !registry.iter().any(|r| r.id == **p)) {
            return Err(ApiError::not_found(said!(
                "no player {missing} in the registry",
                "pas de joueur {missing} dans le registre",
                "geen speler {missing} in het register"
            )));
        }
        self.entries_open(id)?;
        let l = self.loaded(id)?;
        let entered: Vec<Id> = l.entrants.iter().map(|e| e.player.id).collect();
        let codes: Vec<String> = l.entrants.iter().map(|e| e.code.clone()).collect();
        let late_from = l.first_open_round();
        self.store.write(Change { actor: &self.actor, action: "tournament.enter", reason: "" }, |w| {
            let links = w.player_links()?;
            let mut all = entered.clone();
            all.extend(chosen.iter().filter(|p| !entered.contains(p)));
            // Everyone: each person once (a player said the same person as another registered
            // earlier is that one); players named: refused when two are one person.
            let all = if players.is_empty() { crate::named::once_each(&links, all) } else { all };
            crate::named::one_person_twice(&links, all.iter().copied())?;
            for p in all.iter().filter(|p| !entered.contains(p)) {
                let mut code = format!("p{p}");
                while codes.contains(&code) {
                    code.push('_');
                }
                let entrant = w.add_entrant(id, *p, &code, &json!({}))?;
                // Entered once play has begun: a late entry, playing from the first round not yet under way.
                if late_from > 1 {
                    w.entrant_status(entrant, Some(late_from), None)?;
                }
            }
            Ok::<_, ApiError>(())
        })?;
        self.after_write(false);
        self.cache.remove(&id);
        self.tournament_info(&id.to_string())
    }

    /// Refused when every round of the tournament is under way or played: a player entered
    /// now would play none (they were entered «from round 6» of five, and counted among its
    /// players).
    pub(crate) fn entries_open(&mut self, id: Id) -> Result<()> {
        let l = self.loaded(id)?;
        let (rounds, name) = (i64::from(l.settings.rounds), &l.row.name);
        if l.first_open_round() > rounds {
            return Err(ApiError::conflict(said!(
                "every round of {name} is under way or played ({rounds} of {rounds}): a player entered now would play none",
                "chaque manche de {name} est en cours ou jouée ({rounds} sur {rounds}) : un joueur inscrit maintenant n'en jouerait aucune",
                "elke ronde van {name} is bezig of gespeeld ({rounds} van {rounds}): een speler die nu ingeschreven wordt, speelt er geen"
            )));
        }
        Ok(())
    }

    /// Draw the tables and seats of a round, seated as asked: planned ahead (the
    /// default), or by ranking (the strongest together, table 1 first; for a final
    /// round). Drawing a round again is allowed until a line is written at one of its
    /// tables; the earlier draw is kept in the history, and its tables' device codes are
    /// revoked. How the players are seated is the rules'
    /// ([`atout_rules::planner::next_round`]); this checks and stores.
    pub fn round_draw(&mut self, tournament: &str, req: &DrawRequest) -> Result<DrawnRound> {
        let round = req.round;
        let seed = req.seed()?.unwrap_or_else(seed_now);
        let seating = req.seating;
        // Round 1 has no ranking to seat by (it seated the players by their ids, nothing drawn).
        if seating == Seating::ByRanking && round == 1 {
            return Err(ApiError::refused_said(
                Place::round(1),
                Rule::ROUND_ORDER,
                said!(
                    "round 1 cannot be seated by ranking: there is no ranking yet; draw it planned",
                    "la manche 1 ne peut pas être placée selon le classement : il n'y en a pas encore ; tirez-la planifiée",
                    "ronde 1 kan niet volgens de rangschikking geplaatst worden: er is er nog geen; loot ze gepland"
                ),
            ));
        }
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let parts = NextParts::of(l, round, seating)?;
        let next = parts.next(round, l.settings.rounds, seating);
        let drawn = next_round(&mut ChaCha8Rng::seed_from_u64(seed), &next);
        let seen: Vec<(i64, Id)> = l.rounds.iter().map(|r| (r.row.round, r.row.draw_id)).collect();
        self.store.write(Change { actor: &self.actor, action: "round.draw", reason: "" }, |w| {
            // Checked again on the draws as stored: another window may have drawn or written meanwhile.
            let stored = w.rounds(id)?;
            let now: Vec<(i64, Id)> = stored.iter().map(|r| (r.round, r.draw_id)).collect();
            if now != seen {
                return Err(ApiError::conflict(said!(
                    "round {round}: the rounds were drawn meanwhile by someone else; look at them again",
                    "manche {round} : les manches ont été tirées entre-temps par quelqu'un d'autre ; regardez-les à nouveau",
                    "ronde {round}: de ronden werden intussen door iemand anders geloot; bekijk ze opnieuw"
                )));
            }
            if stored.iter().filter(|r| r.round == round).flat_map(|r| &r.tables).any(started) {
                return Err(ApiError::conflict(said!(
                    "round {round} has sheets in progress (written meanwhile) and cannot be drawn again",
                    "la manche {round} a des feuilles en cours (écrites entre-temps) et ne peut être tirée à nouveau",
                    "ronde {round} heeft bladen in gebruik (intussen geschreven) en kan niet opnieuw geloot worden"
                )));
            }
            let extra = match seating {
                Seating::Planned => json!({}),
                Seating::ByRanking => json!({"seating": "by-ranking"}),
            };
            // Drawn again: the tables' codes of the earlier draw are revoked with it. A phone
            // still holding one (a line typed offline) would write another seating's sheet.
            for c in w.device_codes(id, round)?.into_iter().filter(|c| c.table.is_some() && !c.revoked) {
                w.revoke_device_code(c.id)?;
            }
            let d = w.add_draw(id, round, Some(&seed.to_string()), Some(i64::from(drawn.repeats)), &extra)?;
            for (i, t) in drawn.tables.iter().enumerate() {
                let seats: Vec<Id> = t.seats.iter().map(|s| *s as Id).collect();
                w.add_table(d, i as i64 + 1, t.first_dealer as i64, &seats, &json!({}))?;
            }
            for b in &drawn.byes {
                w.add_bye(d, *b as Id)?;
            }
            Ok::<_, ApiError>(())
        })?;
        self.after_write(false);
        self.cache.remove(&id);
        self.round_view(&id.to_string(), round)
    }

    /// What a planned draw of a round would plan, before it is drawn: the rounds the
    /// plan covers and the repeat meetings it could not avoid over them, with the draw
    /// number to draw it by (the one asked, or a new one). Drawing the round with that
    /// number seats it from this very plan. Checked as a draw is; writes nothing.
    pub fn round_plan(&mut self, tournament: &str, req: &DrawRequest) -> Result<PlannedRounds> {
        let round = req.round;
        let seed = req.seed()?.unwrap_or_else(seed_now);
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let parts = NextParts::of(l, round, Seating::Planned)?;
        let p = preview(&mut ChaCha8Rng::seed_from_u64(seed), &parts.next(round, l.settings.rounds, Seating::Planned));
        Ok(PlannedRounds { round, seed: seed.to_string(), from: p.from as i64, to: p.to as i64, repeats: i64::from(p.repeats), following: p.following })
    }

    /// Whether a tournament's standings are still provisional: rounds not drawn yet, or a
    /// drawn round with a table still open.
    pub(crate) fn standings_open(&mut self, info: &TournamentInfo) -> Result<bool> {
        let status = self.round_status(&info.id.to_string())?;
        Ok((info.rounds_drawn as u32) < info.rounds || status.iter().any(|r| !r.open.is_empty()))
    }

    /// Where every drawn round stands: its tables, how many are complete, how many
    /// have lines written. Standings are final after a round whose tables are all complete.
    pub fn round_status(&mut self, tournament: &str) -> Result<Vec<RoundStatus>> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let mut out: Vec<RoundStatus> = l
            .rounds
            .iter()
            .map(|r| RoundStatus {
                round: r.row.round,
                tables: r.row.tables.len(),
                complete: r.results.iter().filter(|x| x.complete).count(),
                started: r.row.tables.iter().filter(|t| started(t)).count(),
                open: r.row.tables.iter().zip(&r.results).filter(|(_, x)| !x.complete).map(|(t, _)| t.number).collect(),
            })
            .collect();
        out.sort_by_key(|r| r.round);
        Ok(out)
    }

    pub fn round_view(&mut self, tournament: &str, round: i64) -> Result<DrawnRound> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let r = l.round(round)?;
        Ok(DrawnRound {
            tournament: l.row.name.clone(),
            round,
            by_ranking: r.row.extra["seating"] == "by-ranking",
            seed: r.row.seed.clone(),
            repeats: r.row.repeats,
            tables: r
                .row
                .tables
                .iter()
                .zip(&r.results)
                .map(|(t, res)| TableView {
                    number: t.number,
                    first_dealer: t.first_dealer,
                    seats: t.seats.iter().enumerate().map(|(i, e)| l.seat_view(i + 1, *e)).collect(),
                    deals: t.deals.len(),
                    complete: res.complete,
                    scorers: l.scorers(round, t),
                })
                .collect(),
            byes: r.row.byes.iter().map(|b| l.seat_view(0, *b)).collect(),
            not_seated: l.entrants.iter().filter(|e| plays(e, round) && !r.places(e.id)).map(|e| l.seat_view(0, e.id)).collect(),
            withdrawn_seated: l.entrants.iter().filter(|e| !plays(e, round) && r.places(e.id)).map(|e| l.seat_view(0, e.id)).collect(),
            begun: r.begun(),
            redrawable: round == l.last_round() && !r.begun(),
        })
    }
}

impl Atout {
    /// Withdraw a player from a tournament from round `from_round` on (by default
    /// the first round not yet under way): later draws leave them out; their
    /// rounds played stay, and the standings mark them.
    pub fn player_withdraw(&mut self, tournament: &str, player: &str, from_round: Option<i64>, reason: &str) -> Result<TournamentInfo> {
        let reason = crate::text::required_reason(reason, Tr::new("a withdrawal", "un retrait", "een terugtrekking"))?;
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let e = l.entrant_by_code(player)?;
        let from = from_round.unwrap_or_else(|| l.first_open_round());
        let place = Place::round(from);
        if from < 1 || from > i64::from(l.settings.rounds) + 1 {
            return Err(ApiError::rounds_are(place, l.settings.rounds));
        }
        // A bye in a round under way is that round's result (RULES.md §6): withdrawn from it,
        // the player was marked withdrawn and scored its points all the same.
        let played = |r: &crate::state::LoadedRound| {
            r.row.tables.iter().any(|t| started(t) && t.seats.contains(&e.id)) || (r.row.byes.contains(&e.id) && r.row.tables.iter().any(started))
        };
        if l.rounds.iter().filter(|r| r.row.round >= from).any(played) {
            let name = &e.player.name;
            return Err(ApiError::conflict(said!(
                "{name} has played in round {from} or later (a bye in a round under way counts); withdraw from the next round",
                "{name} a joué la manche {from} ou une suivante (une exemption dans une manche en cours compte) ; retirez à partir de la manche suivante",
                "{name} speelde ronde {from} of later (een vrije ronde in een lopende ronde telt mee); trek terug vanaf de volgende ronde"
            )));
        }
        // Withdrawn already: unchanged unless another round is asked for in so many words (a
        // second withdrawal moved it silently to the next round to draw, after rounds not played).
        if e.withdrawn_from == Some(from) || (from_round.is_none() && e.withdrawn_from.is_some()) {
            let (name, from) = (&e.player.name, e.withdrawn_from.unwrap_or(from));
            return Err(ApiError::conflict(said!(
                "{name} is withdrawn from round {from} already: nothing to change",
                "{name} est déjà retiré à partir de la manche {from} : rien à changer",
                "{name} is al teruggetrokken vanaf ronde {from}: niets te wijzigen"
            )));
        }
        let (entrant, joined) = (e.id, e.from_round);
        self.store.write(Change { actor: &self.actor, action: "player.withdraw", reason: &reason }, |w| {
            w.entrant_status(entrant, joined, Some(from))?;
            Ok::<_, ApiError>(())
        })?;
        self.cache.remove(&id);
        self.after_write(false);
        self.tournament_info(&id.to_string())
    }

    /// Take back a withdrawal: the player plays again from the next draw.
    pub fn player_return(&mut self, tournament: &str, player: &str, reason: &str) -> Result<TournamentInfo> {
        let reason = crate::text::required_reason(reason, Tr::new("a return", "un retour", "een terugkeer"))?;
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let e = l.entrant_by_code(player)?;
        if e.withdrawn_from.is_none() {
            let name = &e.player.name;
            return Err(ApiError::conflict(said!(
                "{name} is not withdrawn: nothing to take back",
                "{name} n'est pas retiré : rien à reprendre",
                "{name} is niet teruggetrokken: niets terug te nemen"
            )));
        }
        // A round drawn without them and begun is a round they did not play: back, they had
        // neither a seat nor a bye in it, and a blank in its place, without a word.
        let missed = l.rounds.iter().find(|r| r.row.round >= e.withdrawn_from.unwrap_or(i64::MAX) && r.begun() && !r.places(e.id));
        if let Some(r) = missed {
            let (name, round) = (&e.player.name, r.row.round);
            return Err(ApiError::conflict(said!(
                "round {round} was drawn without {name} and is under way: the withdrawal stands (a round missed has no result to rank by)",
                "la manche {round} a été tirée sans {name} et est en cours : le retrait est maintenu (une manche manquée n'a pas de résultat pour classer)",
                "ronde {round} werd zonder {name} geloot en is bezig: de terugtrekking blijft (een gemiste ronde heeft geen uitslag om te rangschikken)"
            )));
        }
        let (entrant, joined) = (e.id, e.from_round);
        self.store.write(Change { actor: &self.actor, action: "player.return", reason: &reason }, |w| {
            w.entrant_status(entrant, joined, None)?;
            Ok::<_, ApiError>(())
        })?;
        self.cache.remove(&id);
        self.after_write(false);
        self.tournament_info(&id.to_string())
    }
}

impl Atout {
    /// The players of a tournament, by name.
    pub fn tournament_players(&mut self, tournament: &str) -> Result<Vec<EntrantView>> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let mut list: Vec<EntrantView> = l.entrants.iter().map(EntrantView::of).collect();
        list.sort_by_key(|a| a.name.to_lowercase());
        Ok(list)
    }

    /// One player of a tournament, named as any command names them (their id in it, their
    /// registry number, their name): who a command about `player` was about.
    pub fn tournament_player(&mut self, tournament: &str, player: &str) -> Result<EntrantView> {
        let id = self.resolve(tournament)?;
        Ok(EntrantView::of(self.loaded(id)?.entrant_by_code(player)?))
    }
}

impl EntrantView {
    fn of(e: &EntrantRow) -> EntrantView {
        EntrantView {
            player: e.code.clone(),
            name: e.player.name.clone(),
            club: e.player.club.clone(),
            joined_round: e.from_round.filter(|r| *r > 1),
            withdrawn_from: e.withdrawn_from,
        }
    }
}

/// RFC 7396 JSON merge patch: objects merge key by key, `null` removes a key,
/// anything else replaces — but for the top-level keys `kept_null`, whose `null` the game
/// reads as a value of its own (King's `last_two`: no last-two deal), which it writes.
fn merge_patch(target: &mut Value, patch: &Value, kept_null: &[&str]) {
    match (target.as_object_mut(), patch.as_object()) {
        (Some(t), Some(p)) => {
            for (k, v) in p {
                if v.is_null() && kept_null.contains(&k.as_str()) {
                    t.insert(k.clone(), Value::Null);
                } else if v.is_null() {
                    t.remove(k);
                } else {
                    merge_patch(t.entry(k.clone()).or_insert(Value::Null), v, &[]);
                }
            }
        }
        _ => *target = patch.clone(),
    }
}

impl Atout {
    /// Change a tournament's settings: `patch` is merged into them (RFC 7396: nested
    /// objects merge, `null` removes a key — unless the game reads that key's `null` as a
    /// value of its own) as a new version; the old one is kept.
    /// Refused when the new settings do not check, or when any stored sheet would
    /// break a rule under them; otherwise every sheet is scored again.
    pub fn tournament_settings(&mut self, tournament: &str, patch: &Value, reason: &str) -> Result<TournamentInfo> {
        let reason = crate::text::required_reason(reason, Tr::new("a change of settings", "un changement de paramètres", "een wijziging van de instellingen"))?;
        if !patch.is_object() {
            return Err(ApiError::refused_said(
                Place::default(),
                Rule::SETTINGS,
                said!("settings are a JSON object", "les paramètres sont un objet JSON", "de instellingen zijn een JSON-object"),
            ));
        }
        // A whole number written as a decimal (`"rounds": 6.0`) is that integer, kept so.
        let patch = &atout_rules::whole_numbers(patch);
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        // A key the secretary gives must be known; one an imported document brought is kept,
        // as the import kept it (FORMAT.md keeps unknown fields).
        if let Some(map) = patch.as_object() {
            // Taking a key away (`null`) is always allowed, a document's too.
            let given: serde_json::Map<String, Value> = map.iter().filter(|(_, v)| !v.is_null()).map(|(k, v)| (k.clone(), v.clone())).collect();
            atout_rules::TournamentSettings::known_keys(l.game, &given).map_err(|v| ApiError::Refused { place: Place::default(), violation: v })?;
        }
        let mut merged = l.row.settings.clone();
        merge_patch(&mut merged, patch, l.game.spec().map_or(&[], |g| g.null_keys));
        // A key taken away (`null`) that the game has a default for goes back to it, as an
        // omitted key does (FORMAT.md): Double King's bye taken away scored the table average,
        // which no export could say, and read again it scored FORMAT.md's 10.
        if let (Some(map), Some(patch), Some(spec)) = (merged.as_object_mut(), patch.as_object(), l.game.spec()) {
            let defaults = (spec.defaults)();
            for (key, _) in patch.iter().filter(|(k, v)| v.is_null() && !spec.null_keys.contains(&k.as_str())) {
                if let Some(default) = defaults.get(key) {
                    map.insert(key.clone(), default.clone());
                }
            }
        }
        let checked = checked_settings(&l.row.game, Some(&merged), None, Checking::Changed)?;
        let drawn = l.last_round();
        if i64::from(checked.settings.rounds) < drawn {
            return Err(ApiError::refused_said(
                Place::default(),
                Rule::ROUND_ORDER,
                said!("{drawn} rounds are drawn already", "{drawn} manches sont déjà tirées", "{drawn} ronden zijn al geloot"),
            ));
        }
        self.store.write(Change { actor: &self.actor, action: "tournament.settings", reason: &reason }, |w| {
            // Every sheet as stored, checked under the new settings before they are written.
            for r in w.rounds(id)? {
                for t in &r.tables {
                    checked.rules.replay_texts(crate::state::table_of(t), t.deals.texts()).map_err(|e| ApiError::sheet(Place::table(r.round, t.number), e))?;
                }
            }
            w.set_settings(id, &checked.raw)?;
            Ok::<_, ApiError>(())
        })?;
        self.cache.remove(&id);
        self.after_write(false);
        self.tournament_info(&id.to_string())
    }
}

/// What a draw of round `round` is made from, checked as a draw is (the round exists,
/// comes next or is the last drawn again, has no sheet begun) and read from the
/// loaded tournament.
struct NextParts {
    players: Vec<u64>,
    plan: atout_rules::TablePlan,
    past: Vec<PastRound>,
    first_seed: Option<u64>,
    ranked: Vec<u64>,
    /// The round is drawn already: this draws it again.
    again: bool,
}

impl NextParts {
    fn of(l: &mut Loaded, round: i64, seating: Seating) -> Result<NextParts> {
        let place = Place::round(round);
        if round < 1 || round > i64::from(l.settings.rounds) {
            return Err(ApiError::rounds_are(place, l.settings.rounds));
        }
        let last = l.last_round();
        if round > last + 1 {
            let next = last + 1;
            return Err(ApiError::refused_said(
                place,
                Rule::ROUND_ORDER,
                said!("draw round {next} first", "tirez d'abord la manche {next}", "loot eerst ronde {next}"),
            ));
        }
        if round < last {
            return Err(ApiError::refused_said(
                place,
                Rule::ROUND_REDRAW,
                said!(
                    "round {last} is already drawn; only the last round may be drawn again",
                    "la manche {last} est déjà tirée ; seule la dernière manche peut être tirée à nouveau",
                    "ronde {last} is al geloot; enkel de laatste ronde mag opnieuw geloot worden"
                ),
            ));
        }
        if let Ok(existing) = l.round(round) {
            if existing.row.tables.iter().any(started) {
                // Named by its rule, as every other refusal of a draw is (round-order's
                // numbering headed it, which says nothing of the sheets begun).
                return Err(ApiError::refused_said(
                    place.clone(),
                    Rule::ROUND_REDRAW,
                    said!(
                        "round {round} has sheets in progress and cannot be drawn again; correct the sheets instead",
                        "la manche {round} a des feuilles en cours et ne peut être tirée à nouveau ; corrigez plutôt les feuilles",
                        "ronde {round} heeft bladen in gebruik en kan niet opnieuw geloot worden; verbeter liever de bladen"
                    ),
                ));
            }
        }
        let players: Vec<u64> = l.entrants.iter().filter(|e| plays(e, round)).map(|e| e.id as u64).collect();
        let plan = l.settings.table_plan(l.rules.as_ref(), players.len()).map_err(|v| ApiError::Refused { place: place.clone(), violation: v })?;
        let past: Vec<PastRound> = l
            .rounds
            .iter()
            .filter(|r| r.row.round < round)
            .map(|r| PastRound {
                round: r.row.round as usize,
                tables: r.row.tables.iter().map(|t| t.seats.iter().map(|s| *s as u64).collect()).collect(),
                byes: r.row.byes.iter().map(|b| *b as u64).collect(),
            })
            .collect();
        let first_seed = l.rounds.iter().find(|r| r.row.round == 1).and_then(|r| r.row.seed.as_deref()).and_then(|s| s.parse::<u64>().ok());
        // For a round seated by ranking: the standings after the rounds before it.
        let ranked: Vec<u64> = match seating {
            Seating::ByRanking => crate::standings::compute(l, round - 1)
                .rows
                .iter()
                .filter_map(|row| l.entrants.iter().find(|e| *e.code == *row.player))
                .map(|e| e.id as u64)
                .collect(),
            Seating::Planned => vec![],
        };
        Ok(NextParts { players, plan, past, first_seed, ranked, again: l.round(round).is_ok() })
    }

    fn next(&self, round: i64, rounds: u32, seating: Seating) -> NextRound<'_> {
        NextRound {
            round: round as usize,
            rounds: rounds as usize,
            players: &self.players,
            plan: &self.plan,
            past: &self.past,
            first_seed: self.first_seed,
            again: self.again,
            seating,
            ranked: &self.ranked,
        }
    }
}
