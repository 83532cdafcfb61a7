//! The tournament exchange format, `atout-tournament/1` (FORMAT.md).
//!
//! Import checks the whole document against the rules before storing any of
//! it, in one transaction. Fields this version does not know are kept (stored
//! beside each record) and written back on export.

use crate::error::{ApiError, Place, Result};
use crate::tournaments::{checked_settings, Checked, TournamentInfo};
use crate::Atout;
use atout_rules::ruling::Ruling;
use atout_rules::Rule;
use atout_store::{Change, Id};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

pub const FORMAT: &str = "atout-tournament/1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub format: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    pub game: String,
    #[serde(default = "empty_object")]
    pub settings: Value,
    #[serde(default)]
    pub players: Vec<DocumentPlayer>,
    #[serde(default)]
    pub rounds: Vec<DocumentRound>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocumentPlayer {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub club: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub member: String,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocumentRound {
    pub number: i64,
    #[serde(default)]
    pub tables: Vec<DocumentTable>,
    #[serde(default)]
    pub byes: Vec<String>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocumentTable {
    pub number: i64,
    pub seats: Vec<String>,
    pub first_dealer: i64,
    #[serde(default)]
    pub deals: Vec<Value>,
    #[serde(default)]
    pub rulings: Vec<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

fn refused(place: Place, rule: Rule, detail: impl Into<String>) -> ApiError {
    ApiError::refused(place, rule, detail)
}

/// Check a document against every rule; nothing is stored here.
pub fn check(doc: &Document) -> Result<()> {
    let top = Place::default();
    if doc.format != FORMAT {
        return Err(refused(top, Rule::FORMAT, format!("format is «{}», expected «{FORMAT}»", doc.format)));
    }
    if doc.name.trim().is_empty() || doc.name.chars().count() > crate::text::NAME_MAX {
        return Err(refused(top, Rule::FORMAT, format!("the tournament has a name of 1 to {} characters", crate::text::NAME_MAX)));
    }
    let Checked { game, settings, rules, .. } = checked_settings(&doc.game, Some(&doc.settings), None, false)?;
    let mut ids = HashSet::new();
    for p in &doc.players {
        if p.id.is_empty() || !ids.insert(p.id.as_str()) {
            return Err(refused(top.clone(), Rule::FORMAT, format!("player id «{}» is empty or given twice", p.id)));
        }
        if p.name.trim().is_empty() {
            return Err(refused(top.clone(), Rule::FORMAT, format!("player «{}» has no name", p.id)));
        }
        for (text, what, max) in [(&p.id, "id", crate::text::NAME_MAX), (&p.name, "name", crate::text::NAME_MAX), (&p.club, "club", crate::text::NAME_MAX), (&p.member, "member number", crate::text::MEMBER_MAX)] {
            if text.chars().count() > max || text.chars().any(char::is_control) {
                return Err(refused(top.clone(), Rule::FORMAT, format!("player «{}»: the {what} is longer than {max} characters or holds a control character", p.id.chars().take(40).collect::<String>())));
            }
        }
    }
    for (i, round) in doc.rounds.iter().enumerate() {
        let place = Place::round(round.number);
        if round.number != i as i64 + 1 {
            return Err(refused(place, Rule::ROUND_ORDER, format!("round {} stands where round {} belongs", round.number, i + 1)));
        }
        if round.number > i64::from(settings.rounds) {
            return Err(refused(place, Rule::ROUND_ORDER, format!("the tournament has {} rounds", settings.rounds)));
        }
        let mut seated: HashMap<&str, i64> = HashMap::new();
        for (k, table) in round.tables.iter().enumerate() {
            let place = Place::table(round.number, table.number);
            if table.number != k as i64 + 1 {
                return Err(refused(place, Rule::TABLE_ORDER, format!("table {} stands where table {} belongs", table.number, k + 1)));
            }
            let seats = rules.seats();
            if !seats.contains(&table.seats.len()) {
                return Err(refused(
                    place,
                    Rule::TABLE_SIZE,
                    format!("{} seats at a {} table, which seats {} to {}", table.seats.len(), game.code(), seats.start(), seats.end()),
                ));
            }
            for id in &table.seats {
                if !ids.contains(id.as_str()) {
                    return Err(refused(place, Rule::UNKNOWN_PLAYER, format!("«{id}» is not among the players")));
                }
                if let Some(other) = seated.insert(id, table.number) {
                    return Err(refused(place, Rule::PLAYER_TWICE, format!("«{id}» already sits at table {other}")));
                }
            }
            let at = atout_rules::Table::new(table.seats.len(), usize::try_from(table.first_dealer).unwrap_or(0));
            rules.replay(at, &table.deals).map_err(|e| ApiError::sheet(place.clone(), e))?;
            for r in &table.rulings {
                let ruling: Ruling =
                    serde_json::from_value(r.clone()).map_err(|e| refused(place.clone(), Rule::RULING_SHAPE, e.to_string()))?;
                ruling.check(table.seats.len()).map_err(|v| ApiError::Refused { place: place.clone(), violation: v })?;
            }
        }
        for id in &round.byes {
            if !ids.contains(id.as_str()) {
                return Err(refused(place, Rule::UNKNOWN_PLAYER, format!("bye «{id}» is not among the players")));
            }
            if seated.insert(id, 0).is_some() {
                return Err(refused(place, Rule::PLAYER_TWICE, format!("«{id}» has a bye and a seat, or two byes")));
            }
        }
    }
    Ok(())
}

impl Atout {
    /// Import a whole tournament. A refused document stores nothing.
    pub fn import_document(&mut self, text: &str) -> Result<TournamentInfo> {
        let doc: Document = serde_json::from_str(text)
            .map_err(|e| refused(Place::default(), Rule::FORMAT, format!("not an atout-tournament/1 document: {e}")))?;
        check(&doc)?;
        // An archive's log tells what happened in another database: it is not this one's history.
        let mut doc = doc;
        doc.extra.remove("audit");
        let registry = self.store.players()?;
        let id = self.store.write(Change { actor: &self.actor, action: "tournament.import", reason: "" }, |w| {
            let t = w.add_tournament(&doc.name, &doc.game, doc.date.as_deref(), &doc.settings, &Value::Object(doc.extra.clone()))?;
            let mut entrant: HashMap<&str, Id> = HashMap::new();
            let mut used: HashSet<Id> = HashSet::new();
            for p in &doc.players {
                // A registered player is matched once: two namesakes in one document are two people.
                let known = registry.iter().find(|r| r.name == p.name && r.club == p.club && r.member == p.member && !used.contains(&r.id));
                let player = match known {
                    Some(r) => r.id,
                    None => w.add_player(&p.name, &p.club, &p.member)?,
                };
                used.insert(player);
                entrant.insert(&p.id, w.add_entrant(t, player, &p.id, &Value::Object(p.extra.clone()))?);
            }
            for round in &doc.rounds {
                let d = w.add_draw(t, round.number, None, None, &Value::Object(round.extra.clone()))?;
                for table in &round.tables {
                    let seats: Vec<Id> = table.seats.iter().map(|s| entrant[s.as_str()]).collect();
                    let tid = w.add_table(d, table.number, table.first_dealer, &seats, &Value::Object(table.extra.clone()))?;
                    for (i, deal) in table.deals.iter().enumerate() {
                        w.put_deal(tid, i as i64 + 1, deal)?;
                    }
                    for r in &table.rulings {
                        w.add_ruling(tid, r)?;
                    }
                }
                for b in &round.byes {
                    w.add_bye(d, entrant[b.as_str()])?;
                }
            }
            Ok::<_, ApiError>(t)
        })?;
        self.tournament_info(&id.to_string())
    }

    /// The whole tournament as an exchange document.
    pub fn export_document(&mut self, tournament: &str) -> Result<Document> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let code = |e: &Id| l.entrant(*e).map(|e| e.code.clone()).unwrap_or_default();
        let object = |v: &Value| v.as_object().cloned().unwrap_or_default();
        Ok(Document {
            format: FORMAT.to_string(),
            name: l.row.name.clone(),
            date: l.row.date.clone(),
            game: l.row.game.clone(),
            settings: l.row.settings.clone(),
            players: l
                .entrants
                .iter()
                .map(|e| DocumentPlayer {
                    id: e.code.clone(),
                    name: e.player.name.clone(),
                    club: e.player.club.clone(),
                    member: e.player.member.clone(),
                    extra: object(&e.extra),
                })
                .collect(),
            rounds: l
                .rounds
                .iter()
                .map(|r| DocumentRound {
                    number: r.row.round,
                    tables: r
                        .row
                        .tables
                        .iter()
                        .map(|t| DocumentTable {
                            number: t.number,
                            seats: t.seats.iter().map(code).collect(),
                            first_dealer: t.first_dealer,
                            deals: t.deals.clone(),
                            rulings: t.rulings.clone(),
                            extra: object(&t.extra),
                        })
                        .collect(),
                    byes: r.row.byes.iter().map(code).collect(),
                    extra: object(&r.row.extra),
                })
                .collect(),
            extra: object(&l.row.extra),
        })
        .and_then(|mut doc| {
            // The archive carries the tournament's log: every change, who, when and why.
            let log = self.audit(&id.to_string())?;
            doc.extra.insert("audit".into(), serde_json::to_value(log).unwrap_or(Value::Null));
            Ok(doc)
        })
    }
}
