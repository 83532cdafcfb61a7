//! The tournament exchange format, `atout-tournament/1` (FORMAT.md).
//!
//! Import checks the whole document against the rules before storing any of
//! it, in one transaction. Fields this version does not know are kept (stored
//! beside each record) and written back on export.

use crate::error::{ApiError, Place, Result};
use crate::named::{match_player, Match};
use crate::settings::{checked_settings, Checked, Checking};
use crate::tournaments::TournamentInfo;
use crate::Atout;
use atout_rules::ruling::Ruling;
use atout_rules::{said, Rule, Said, Tr};
use atout_store::{Change, Id, Writer};
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
    /// A whole number written as a decimal read as the integer it is (`"rounds": 5.0`).
    #[serde(default = "empty_object", deserialize_with = "whole_value")]
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
    /// `null` reads as none, as other tools write an empty field.
    #[serde(default, deserialize_with = "null_as_empty", skip_serializing_if = "String::is_empty")]
    pub club: String,
    #[serde(default, deserialize_with = "null_as_empty", skip_serializing_if = "String::is_empty")]
    pub member: String,
    /// A late entry: the first round the player plays (Atout's own, as its standings say it).
    #[serde(default, deserialize_with = "whole_or_none", skip_serializing_if = "Option::is_none")]
    pub joined_round: Option<i64>,
    /// A withdrawal: the first round the player no longer plays.
    #[serde(default, deserialize_with = "whole_or_none", skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<i64>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A text field that may be `null` (read as empty).
fn null_as_empty<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<String, D::Error> {
    Ok(Option::<String>::deserialize(d)?.unwrap_or_default())
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocumentRound {
    #[serde(deserialize_with = "whole")]
    pub number: i64,
    #[serde(default)]
    pub tables: Vec<DocumentTable>,
    /// The players given a bye. Left out, no player may be left without a seat or a bye
    /// (another tool that knows no byes would otherwise lose their points silently).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub byes: Option<Vec<String>>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DocumentTable {
    #[serde(deserialize_with = "whole")]
    pub number: i64,
    pub seats: Vec<String>,
    #[serde(deserialize_with = "whole")]
    pub first_dealer: i64,
    /// Each line as kept: a whole number written as a decimal read as the integer it is.
    #[serde(default, deserialize_with = "whole_lines")]
    pub deals: Vec<Value>,
    /// The same for the rulings (their points).
    #[serde(default, deserialize_with = "whole_lines")]
    pub rulings: Vec<Value>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A table's lines as a document gives them, each whole number written as a decimal (5.0, -0)
/// read as that integer: stored as given, the sheet no longer read once imported.
fn whole_lines<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Vec<Value>, D::Error> {
    let lines: Vec<Value> = Deserialize::deserialize(d)?;
    Ok(lines.iter().map(atout_rules::whole_numbers).collect())
}

fn whole_value<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Value, D::Error> {
    Ok(atout_rules::whole_numbers(&Value::deserialize(d)?))
}

/// A whole number, as a document may write it: an integer, or a decimal that is one (3.0, as
/// tools that write every number as a decimal give it; it was refused outside sheet lines).
fn whole<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<i64, D::Error> {
    whole_of(&Value::deserialize(d)?)
}

/// [`whole`], or none (absent or `null`).
fn whole_or_none<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Option<i64>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None | Some(Value::Null) => Ok(None),
        Some(v) => whole_of(&v).map(Some),
    }
}

fn whole_of<E: serde::de::Error>(v: &Value) -> std::result::Result<i64, E> {
    use serde::de::Unexpected;
    let unexpected = match v {
        Value::Number(n) => match atout_rules::whole_numbers(v).as_i64() {
            Some(i) => return Ok(i),
            None => n.as_f64().map_or(Unexpected::Other("number"), Unexpected::Float),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Null => Unexpected::Unit,
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    };
    Err(E::invalid_type(unexpected, &"i64"))
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

fn refused(place: Place, rule: Rule, said: Said) -> ApiError {
    ApiError::refused_said(place, rule, said)
}

/// Check a document against every rule; nothing is stored here.
/// Returns the settings to store: the document's, with the game's defaults a tournament
/// keeps its own copy of (Rikken's points table) where it gives none.
pub fn check(doc: &Document) -> Result<Value> {
    header(doc)?;
    let Checked { game, settings, rules, raw } = checked_settings(&doc.game, Some(&doc.settings), None, Checking::Imported)?;
    // A late entry or a withdrawal names a round: at most the most rounds a tournament has and
    // one (a withdrawal may name a round the tournament no longer has, its rounds lowered
    // since; it then takes nothing away).
    let ids = players(doc, i64::from(atout_rules::settings::ROUNDS_MOST) + 1)?;
    for (i, r) in doc.rounds.iter().enumerate() {
        round(r, i + 1, &ids, &doc.players, &settings, game, rules.as_ref())?;
    }
    Ok(raw)
}

/// The document's format and its tournament's name.
fn header(doc: &Document) -> Result<()> {
    let top = Place::default();
    if doc.format != FORMAT {
        let format = &doc.format;
        return Err(refused(
            top,
            Rule::FORMAT,
            said!(
                "format is «{format}», expected «{FORMAT}»",
                "le format est «{format}», «{FORMAT}» attendu",
                "het formaat is «{format}», «{FORMAT}» verwacht"
            ),
        ));
    }
    if let Some(date) = &doc.date {
        crate::text::date(date).map_err(|e| refused(top.clone(), Rule::FORMAT, e.texts()))?;
    }
    if doc.name.trim().is_empty() || doc.name.chars().count() > crate::text::NAME_MAX || doc.name.chars().any(crate::text::unseen) {
        let max = crate::text::NAME_MAX;
        return Err(refused(
            top,
            Rule::FORMAT,
            said!(
                "the tournament has a name of 1 to {max} characters, none a control or invisible character",
                "le tournoi a un nom de 1 à {max} caractères, sans caractère de contrôle ni invisible",
                "het toernooi heeft een naam van 1 tot {max} tekens, zonder stuurteken of onzichtbaar teken"
            ),
        ));
    }
    Ok(())
}

/// The players: each with an id of its own and a name, every field bounded. Returns their ids.
fn players(doc: &Document, rounds_most: i64) -> Result<HashSet<&str>> {
    let top = Place::default();
    let mut ids = HashSet::new();
    for p in &doc.players {
        let id = &p.id;
        if p.id.is_empty() || !ids.insert(p.id.as_str()) {
            return Err(refused(
                top.clone(),
                Rule::FORMAT,
                said!(
                    "player id «{id}» is empty or given twice",
                    "l'identifiant de joueur «{id}» est vide ou donné deux fois",
                    "speler-id «{id}» is leeg of twee keer gegeven"
                ),
            ));
        }
        if p.name.trim().is_empty() {
            return Err(refused(
                top.clone(),
                Rule::FORMAT,
                said!("player «{id}» has no name", "le joueur «{id}» n'a pas de nom", "speler «{id}» heeft geen naam"),
            ));
        }
        let fields = [
            (&p.id, Tr::new("id", "l'identifiant", "de id"), crate::text::NAME_MAX),
            (&p.name, Tr::new("name", "le nom", "de naam"), crate::text::NAME_MAX),
            (&p.club, Tr::new("club", "le club", "de club"), crate::text::NAME_MAX),
            (&p.member, Tr::new("member number", "le numéro de membre", "het lidnummer"), crate::text::MEMBER_MAX),
        ];
        let id: String = p.id.chars().take(40).collect();
        let bad = |said: Said| refused(top.clone(), Rule::FORMAT, said);
        for (round, Tr { en, fr, nl }) in [
            (p.joined_round, Tr::new("joined_round", "joined_round (entrée tardive)", "joined_round (late inschrijving)")),
            (p.withdrawn_from, Tr::new("withdrawn_from", "withdrawn_from (retrait)", "withdrawn_from (terugtrekking)")),
        ] {
            if round.is_some_and(|r| !(1..=rounds_most).contains(&r)) {
                return Err(bad(said!(
                    "player «{id}»: {en} is a round, 1 to {rounds_most}",
                    "joueur «{id}» : {fr} est une manche, de 1 à {rounds_most}",
                    "speler «{id}»: {nl} is een ronde, 1 tot {rounds_most}"
                )));
            }
        }
        for (text, Tr { en, fr, nl }, max) in fields {
            if text.chars().count() > max || text.chars().any(crate::text::unseen) {
                return Err(bad(said!(
                    "player «{id}»: the {en} is longer than {max} characters or holds a control or invisible character",
                    "joueur «{id}» : {fr} dépasse {max} caractères ou contient un caractère de contrôle ou invisible",
                    "speler «{id}»: {nl} is langer dan {max} tekens of bevat een stuurteken of onzichtbaar teken"
                )));
            }
        }
    }
    Ok(ids)
}

/// Round `due` (1-based): in its place, within the tournament's rounds; its tables and byes,
/// every player seated once.
fn round(
    round: &DocumentRound,
    due: usize,
    ids: &HashSet<&str>,
    players: &[DocumentPlayer],
    settings: &atout_rules::TournamentSettings,
    game: atout_rules::GameId,
    rules: &dyn atout_rules::Rules,
) -> Result<()> {
    let place = Place::round(round.number);
    let (number, rounds) = (round.number, settings.rounds);
    if number != due as i64 {
        return Err(refused(
            place,
            Rule::ROUND_ORDER,
            said!(
                "round {number} stands where round {due} belongs",
                "la manche {number} se trouve là où doit être la manche {due}",
                "ronde {number} staat waar ronde {due} hoort"
            ),
        ));
    }
    if number > i64::from(rounds) {
        return Err(refused(
            place,
            Rule::ROUND_ORDER,
            match rounds {
                1 => said!("the tournament has 1 round", "le tournoi compte 1 manche", "het toernooi telt 1 ronde"),
                _ => said!("the tournament has {rounds} rounds", "le tournoi compte {rounds} manches", "het toernooi telt {rounds} ronden"),
            },
        ));
    }
    // A round listed is a round drawn: one with no table and no bye is another tool's round
    // still to come (it was asked for its byes, and `"byes": []` then stored an empty round).
    if round.tables.is_empty() && round.byes.as_ref().is_none_or(Vec::is_empty) {
        return Err(refused(
            place,
            Rule::ROUND_ORDER,
            said!(
                "round {number} has no table: a document lists the rounds drawn, so leave out those still to come",
                "la manche {number} n'a aucune table : un document liste les manches tirées, omettez celles à venir",
                "ronde {number} heeft geen tafel: een document noemt de gelote ronden, laat de komende weg"
            ),
        ));
    }
    let mut seated: HashMap<&str, i64> = HashMap::new();
    for (k, t) in round.tables.iter().enumerate() {
        table(round.number, t, k + 1, ids, &mut seated, game, rules)?;
    }
    for id in round.byes.iter().flatten() {
        if !ids.contains(id.as_str()) {
            return Err(refused(
                place,
                Rule::UNKNOWN_PLAYER,
                said!("bye «{id}» is not among the players", "l'exempt «{id}» n'est pas parmi les joueurs", "vrije speler «{id}» staat niet bij de spelers"),
            ));
        }
        if seated.insert(id, 0).is_some() {
            return Err(refused(
                place,
                Rule::PLAYER_TWICE,
                said!(
                    "«{id}» has a bye and a seat, or two byes",
                    "«{id}» est exempt et a une place, ou est exempt deux fois",
                    "«{id}» is vrij en heeft een plaats, of is twee keer vrij"
                ),
            ));
        }
    }
    // A late entry plays from the round it joined: seated (or given a bye) in an earlier round,
    // it was left out of the standings of every round it played. (A withdrawal still seated in
    // its round is no contradiction: a round drawn and not drawn again after it holds one.)
    let joined: HashMap<&str, i64> = players.iter().filter_map(|p| Some((p.id.as_str(), p.joined_round?))).collect();
    let mut early: Vec<(&str, i64)> = seated.keys().filter_map(|id| joined.get(id).filter(|j| **j > number).map(|j| (*id, *j))).collect();
    // The first named as ids count («p3» before «p13»).
    early.sort_unstable_by(|a, b| crate::text::id_order(a.0, b.0).then(a.1.cmp(&b.1)));
    if let Some((id, from)) = early.first() {
        return Err(refused(
            place,
            Rule::UNKNOWN_PLAYER,
            said!(
                "«{id}» plays round {number}, before round {from}, where they joined (joined_round)",
                "«{id}» joue la manche {number}, avant la manche {from}, où il est entré (joined_round)",
                "«{id}» speelt ronde {number}, voor ronde {from}, waar hij instapte (joined_round)"
            ),
        ));
    }
    // Without `byes`, every player of the round has a seat: one playing it (joined, not
    // withdrawn) with neither would lose a bye's points without a word.
    if round.byes.is_none() {
        let mut left: Vec<&str> = players
            .iter()
            .filter(|p| p.joined_round.unwrap_or(1) <= number && p.withdrawn_from.is_none_or(|w| w > number))
            .map(|p| p.id.as_str())
            .filter(|id| !seated.contains_key(id))
            .collect();
        left.sort_unstable_by(|a, b| crate::text::id_order(a, b));
        if let Some(id) = left.first() {
            return Err(refused(
                place,
                Rule::FORMAT,
                said!(
                    "«{id}» has neither a seat nor a bye, and the round lists no byes: list them in `byes` (`[]` if there were none)",
                    "«{id}» n'a ni place ni exemption, et la manche ne dit pas ses exempts : les lister dans `byes` (`[]` s'il n'y en avait pas)",
                    "«{id}» heeft geen plaats en is niet vrij, en de ronde noemt geen vrije spelers: zet ze in `byes` (`[]` als er geen waren)"
                ),
            ));
        }
    }
    Ok(())
}

/// Table `due` (1-based) of round `round`: in its place, of a size the game plays at, seating
/// known players once; its sheet replayed by the rules and its rulings read.
fn table<'a>(
    round: i64,
    table: &'a DocumentTable,
    due: usize,
    ids: &HashSet<&str>,
    seated: &mut HashMap<&'a str, i64>,
    game: atout_rules::GameId,
    rules: &dyn atout_rules::Rules,
) -> Result<()> {
    let place = Place::table(round, table.number);
    let number = table.number;
    if number != due as i64 {
        return Err(refused(
            place,
            Rule::TABLE_ORDER,
            said!(
                "table {number} stands where table {due} belongs",
                "la table {number} se trouve là où doit être la table {due}",
                "tafel {number} staat waar tafel {due} hoort"
            ),
        ));
    }
    let seats = rules.seats();
    if !seats.contains(&table.seats.len()) {
        let (n, game, from, to) = (table.seats.len(), game.code(), seats.start(), seats.end());
        return Err(refused(
            place,
            Rule::TABLE_SIZE,
            said!(
                "{n} seats at a {game} table, which seats {from} to {to}",
                "{n} places à une table de {game}, qui en compte de {from} à {to}",
                "{n} plaatsen aan een {game}-tafel, die er {from} tot {to} telt"
            ),
        ));
    }
    for id in &table.seats {
        if !ids.contains(id.as_str()) {
            return Err(refused(
                place,
                Rule::UNKNOWN_PLAYER,
                said!("«{id}» is not among the players", "«{id}» n'est pas parmi les joueurs", "«{id}» staat niet bij de spelers"),
            ));
        }
        if let Some(other) = seated.insert(id, table.number) {
            return Err(refused(
                place,
                Rule::PLAYER_TWICE,
                said!("«{id}» already sits at table {other}", "«{id}» est déjà à la table {other}", "«{id}» zit al aan tafel {other}"),
            ));
        }
    }
    // A first dealer below 1 is said as given (it read «seat 0» for −1: the table's stored
    // number becomes 0 for the rules).
    if table.first_dealer < 1 {
        return Err(ApiError::Refused { place, violation: atout_rules::first_dealer_refused(table.first_dealer, table.seats.len()) });
    }
    let at = crate::state::rules_table(table.seats.len(), table.first_dealer);
    let sheet = rules.replay(at, &table.deals).map_err(|e| ApiError::sheet(place.clone(), e))?;
    rules.check_hands(at, &sheet, &table.deals, &|_| true).map_err(|e| ApiError::sheet(place.clone(), e))?;
    // Its lines' words bounded as a write bounds them.
    for (i, deal) in table.deals.iter().enumerate() {
        if let Err(said) = crate::text::bounded_line(deal) {
            let mut at = place.clone();
            at.deal = Some(i + 1);
            return Err(refused(at, Rule::DEAL_SHAPE, said));
        }
    }
    for r in &table.rulings {
        let ruling: Ruling = serde_json::from_value(r.clone()).map_err(|e| ApiError::ruling_unread(place.clone(), &e))?;
        ruling.check(table.seats.len()).map_err(|v| ApiError::Refused { place: place.clone(), violation: v })?;
        // Its words as the window and the CLI bound them (a reason of 200,000 characters, an
        // escape sequence that cleared the terminal listing the rulings).
        for (text, what, max) in
            [(&ruling.reason, crate::text::field::REASON, crate::text::REASON_MAX), (&ruling.by, crate::text::field::JURY_NAME, crate::text::NAME_MAX)]
        {
            crate::text::bounded(text, what, max)
                .and_then(|_| crate::text::no_control(text, what))
                .map_err(|e| refused(place.clone(), Rule::RULING_SHAPE, e.texts()))?;
        }
    }
    Ok(())
}

/// A document read and checked against every rule; nothing is stored here. An archive's
/// log tells what happened in another database: it is not this one's history, and is dropped.
pub(crate) fn parse(text: &str) -> Result<Document> {
    // A file saved by Windows' Notepad starts with a byte order mark: it is no part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A key given twice anywhere, a line's too (the document's own fields were refused so,
    // a line's last `contract` was read, the first dropped).
    let mut doc: Document = atout_rules::unique_json(text.as_bytes()).and_then(|_| serde_json::from_str(text)).map_err(|e| {
        let atout_rules::Said { en, fr, nl } = atout_rules::unread(&e);
        refused(
            Place::default(),
            Rule::FORMAT,
            said!("not an atout-tournament/1 document: {en}", "pas un document atout-tournament/1 : {fr}", "geen atout-tournament/1-document: {nl}"),
        )
    })?;
    // A line's cards written as a whole hand record (FORMAT.md: "a deal … may carry one as
    // `hand`"): read as the record's own `hand`, the table's frame around it, once the record
    // is of this game and table (it was refused, «the cards dealt are given seat by seat»);
    // its dealer and deal are held to the line's below, once the sheet is read.
    let mut whole: Vec<(usize, usize, usize, Value)> = vec![];
    for (r, round) in doc.rounds.iter_mut().enumerate() {
        for (k, table) in round.tables.iter_mut().enumerate() {
            let seats = table.seats.len();
            for (i, deal) in table.deals.iter_mut().enumerate() {
                let Some(record) = deal.get("hand").filter(|h| h.get("format").is_some()).cloned() else { continue };
                let place = Place { round: Some(round.number), table: Some(table.number), deal: Some(i + 1) };
                let fits = record["format"] == "atout-hand/1"
                    && record["game"].as_str() == Some(doc.game.as_str())
                    && record["seats"].as_u64() == Some(seats as u64)
                    && record["hand"].is_object();
                if !fits {
                    return Err(refused(
                        place,
                        Rule::FORMAT,
                        said!(
                            "the line's `hand` is a hand record of another game or table: an atout-hand/1 record of this game and {seats} seats, or its `hand` alone",
                            "le `hand` de la ligne est une donne relevée d'un autre jeu ou d'une autre table : un relevé atout-hand/1 de ce jeu à {seats} places, ou son seul `hand`",
                            "de `hand` van de lijn is een handverslag van een ander spel of een andere tafel: een atout-hand/1-verslag van dit spel met {seats} plaatsen, of enkel zijn `hand`"
                        ),
                    ));
                }
                deal["hand"] = record["hand"].clone();
                whole.push((r, k, i, record));
            }
        }
    }
    // Imported as created: a later house default never changes its scores.
    doc.settings = check(&doc)?;
    if !whole.is_empty() {
        whole_records_fit(&doc, &whole)?;
    }
    // Stored as checked: « 2026-11-28» passed the check, and was stored with its space (the
    // site printed «2/11/ 20268», the evenings sorted out of their order); names as a person
    // types them, trimmed (« Zed Trailing» was listed before «Amélie»).
    if let Some(date) = &doc.date {
        doc.date = Some(crate::text::date(date)?);
    }
    let trimmed = |text: &mut String| {
        if text.trim().len() != text.len() {
            *text = text.trim().to_string();
        }
    };
    trimmed(&mut doc.name);
    for p in &mut doc.players {
        trimmed(&mut p.name);
        trimmed(&mut p.club);
        trimmed(&mut p.member);
    }
    doc.extra.remove("audit");
    Ok(doc)
}

/// The players a document matched to the registry (`who`, beside the document's `players`),
/// each given the club and member number the document knows and the registry did not.
pub(crate) fn filled_in(w: &mut atout_store::Writer<'_>, registry: &[atout_store::PlayerRow], players: &[DocumentPlayer], who: &[Option<Id>]) -> Result<()> {
    for (p, id) in players.iter().zip(who) {
        if let Some(known) = id.and_then(|id| registry.iter().find(|r| r.id == id)) {
            crate::named::filled_in(w, known, &p.club, &p.member)?;
        }
    }
    Ok(())
}

/// Each whole hand record a line gave as its `hand` (round, table and line index, the record)
/// says the line's own deal: dealt by the seat the sheet has deal it, its contract, trump and
/// figures those of the line where it gives them. Else its cards would be replayed in another
/// frame than its own, a legal play stored as an illegal one without a word.
fn whole_records_fit(doc: &Document, whole: &[(usize, usize, usize, Value)]) -> Result<()> {
    let Checked { rules, .. } = checked_settings(&doc.game, Some(&doc.settings), None, Checking::Imported)?;
    for (r, k, i, record) in whole {
        let (round, table) = (&doc.rounds[*r], &doc.rounds[*r].tables[*k]);
        let place = Place { round: Some(round.number), table: Some(table.number), deal: Some(i + 1) };
        let at = crate::state::rules_table(table.seats.len(), table.first_dealer);
        let sheet = rules.replay(at, &table.deals).map_err(|e| ApiError::sheet(place.clone(), e))?;
        let dealer = sheet.lines.get(*i).and_then(|l| l.dealer);
        let dealt_by = record.get("dealer").and_then(Value::as_u64);
        let entry = atout_rules::whole_numbers(&table.deals[*i]);
        let deal = atout_rules::whole_numbers(&record["deal"]);
        let other_deal =
            deal.as_object().into_iter().flatten().find(|(key, v)| entry.get(key.as_str()).is_some_and(|mine| mine != *v)).map(|(key, _)| key.clone());
        let other_dealer = dealt_by.is_some_and(|d| dealer.map(|x| x as u64) != Some(d));
        if other_dealer || other_deal.is_some() {
            let (d, what) = (dealt_by.unwrap_or(0), other_deal.unwrap_or_default());
            let said = if other_dealer {
                let due = dealer.unwrap_or(0);
                said!(
                    "the line's `hand` is a record dealt by seat {d}, where the sheet has seat {due} deal",
                    "le `hand` de la ligne est un relevé donné par la place {d}, là où la feuille fait donner la place {due}",
                    "de `hand` van de lijn is een verslag gegeven door plaats {d}, waar het blad plaats {due} laat geven"
                )
            } else {
                said!(
                    "the line's `hand` is a record whose deal gives another `{what}` than the line",
                    "le `hand` de la ligne est un relevé dont la donne a un autre `{what}` que la ligne",
                    "de `hand` van de lijn is een verslag waarvan het spel een andere `{what}` heeft dan de lijn"
                )
            };
            return Err(refused(place, Rule::FORMAT, said));
        }
    }
    Ok(())
}

/// Store a checked document as a new tournament; `who[i]` is the registered player the
/// document's player `i` is (none: a new player is registered). Returns the tournament and
/// the registered player of each of the document's players.
pub(crate) fn write(w: &mut Writer<'_>, doc: &Document, who: &[Option<Id>]) -> Result<(Id, Vec<Id>)> {
    let t = w.add_tournament(&doc.name, &doc.game, doc.date.as_deref(), &doc.settings, &Value::Object(doc.extra.clone()))?;
    let mut entrant: HashMap<&str, Id> = HashMap::new();
    let mut players = Vec::with_capacity(doc.players.len());
    for (p, known) in doc.players.iter().zip(who) {
        let player = match known {
            Some(id) => *id,
            None => w.add_player(&p.name, &p.club, &p.member)?,
        };
        players.push(player);
        let id = w.add_entrant(t, player, &p.id, &Value::Object(p.extra.clone()))?;
        if p.joined_round.is_some_and(|r| r > 1) || p.withdrawn_from.is_some() {
            w.entrant_status(id, p.joined_round.filter(|r| *r > 1), p.withdrawn_from)?;
        }
        entrant.insert(&p.id, id);
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
        for b in round.byes.iter().flatten() {
            w.add_bye(d, entrant[b.as_str()])?;
        }
    }
    Ok((t, players))
}

/// The sample tournament offered on the first run, built into the program.
const SAMPLE: &str = include_str!("../../../fixtures/spring-open-16.json");

impl Atout {
    /// Import a whole tournament. A refused document stores nothing.
    /// The sample tournament «Spring Open 2026» (a whole evening of Double King for
    /// sixteen players), for a first look at Atout: imported as any document is.
    pub fn sample_load(&mut self) -> Result<TournamentInfo> {
        self.import_document(SAMPLE)
    }

    pub fn import_document(&mut self, text: &str) -> Result<TournamentInfo> {
        let doc = parse(text)?;
        let registry = self.store.players()?;
        // A registered player is matched once: two namesakes in one document are two people.
        // Matched as a season's archive is (another tool's document writes «Chloé» decomposed,
        // a name with a space after it, or no member number): registered anew, the club's
        // player counted as two people in its seasons.
        let mut used: HashSet<Id> = HashSet::new();
        // Those written exactly as registered first, all of them (namesakes of one club, each
        // matched once; a namesake of another club listed before was found unsure of a player
        // sitting the same evening), then the others as a person writes them.
        let exact: Vec<Option<Id>> = doc
            .players
            .iter()
            .map(|p| {
                let found = registry.iter().find(|r| r.name == p.name && r.club == p.club && r.member == p.member && !used.contains(&r.id)).map(|r| r.id);
                used.extend(found);
                found
            })
            .collect();
        let matches: Vec<Match> = doc
            .players
            .iter()
            .zip(exact)
            .map(|(p, exact)| {
                let m = exact.map_or_else(|| match_player(&registry, &used, &p.name, &p.club, &p.member), Match::Known);
                if let (Match::Known(id), None) = (&m, exact) {
                    used.insert(*id);
                }
                m
            })
            .collect();
        let who: Vec<Option<Id>> = matches.iter().map(Match::known).collect();
        let (id, _) = self.store.write(Change { actor: &self.actor, action: crate::audit::IMPORT, reason: "" }, |w| {
            crate::named::one_person_twice(&w.player_links()?, who.iter().flatten().copied())?;
            let (t, players) = write(w, &doc, &who)?;
            filled_in(w, &registry, &doc.players, &who)?;
            // The unsure ones are registered anew and left for the secretary to settle.
            crate::named::doubts_written(w, &matches, &players)?;
            Ok::<_, ApiError>((t, players))
        })?;
        // A matched player's club or member number may have been filled in.
        self.cache.clear();
        self.after_write(false);
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
                    joined_round: e.from_round.filter(|r| *r > 1),
                    withdrawn_from: e.withdrawn_from,
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
                            // As the format writes them, a line stored before writes kept whole numbers whole too.
                            deals: t.deals.values().iter().map(|d| l.rules.as_written(d)).collect(),
                            rulings: t.rulings.clone(),
                            extra: object(&t.extra),
                        })
                        .collect(),
                    byes: Some(r.row.byes.iter().map(code).collect()),
                    extra: object(&r.row.extra),
                })
                .collect(),
            extra: object(&l.row.extra),
        })
        .and_then(|mut doc| {
            // The archive carries the tournament's log: every change, who, when and why.
            // Its times in UTC alone: the file goes to another club, where this machine's
            // local time, written without its offset, would read as theirs.
            let mut log = serde_json::to_value(self.audit(&id.to_string())?).unwrap_or(Value::Null);
            for entry in log.as_array_mut().into_iter().flatten() {
                if let Some(entry) = entry.as_object_mut() {
                    entry.remove("at_local");
                }
            }
            doc.extra.insert("audit".into(), log);
            // Which program wrote it, for whoever reads the archive later.
            doc.extra.insert("generator".into(), Value::String(format!("Atout {}", crate::VERSION)));
            Ok(doc)
        })
    }
}
