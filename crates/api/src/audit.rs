//! A tournament's log: every change, who made it, when and why, and what it
//! changed from what to what — for the window, a CSV file and the archive.

use crate::error::Result;
use crate::Atout;
use atout_rules::{said, settings, GameId, Lang, Names, Said};
use atout_store::Id;
use serde::Serialize;
use serde_json::Value;

/// The log's action for what an imported document wrote: its records' times are the
/// import's, not when they were played or ruled.
pub(crate) const IMPORT: &str = "tournament.import";
/// The same for another club's evening imported into a season.
pub(crate) const SEASON_IMPORT: &str = "season.import";

/// Whether a record written by `action` came from a document (its time is the import's).
pub(crate) fn is_import(action: &str) -> bool {
    action == IMPORT || action == SEASON_IMPORT
}

/// What a change did, in words, in every language: said once, for the window's log and history,
/// and the command line's (which printed `deal.add` in French and Dutch). An action this
/// version does not name (a newer one's) is said by its code.
pub fn action_said(code: &str) -> Said {
    match code {
        "devices.issue" => said!("device codes issued", "codes d'appareils délivrés", "toestelcodes uitgereikt"),
        "player.add" => said!("player registered", "joueur enregistré", "speler ingeschreven in het register"),
        "player.apart" => said!("players kept apart", "joueurs gardés distincts", "spelers apart gehouden"),
        "player.edit" => said!("player edited", "joueur modifié", "speler gewijzigd"),
        "player.publishing" => said!("publishing choice changed", "choix de publication modifié", "publicatiekeuze gewijzigd"),
        "player.same" => said!("players joined as one", "joueurs réunis en un", "spelers samengevoegd"),
        "players.import" => said!("players imported", "joueurs importés", "spelers geïmporteerd"),
        "season.add" => said!("evening added to the season", "soirée ajoutée à la saison", "avond aan het seizoen toegevoegd"),
        "season.create" => said!("season created", "saison créée", "seizoen aangemaakt"),
        "season.import" => said!("season imported", "saison importée", "seizoen geïmporteerd"),
        "season.remove" => said!("evening taken out of the season", "soirée retirée de la saison", "avond uit het seizoen gehaald"),
        "season.settings" => said!("season settings changed", "réglages de la saison modifiés", "seizoensinstellingen gewijzigd"),
        "tournament.settings" => said!("settings changed", "réglages modifiés", "instellingen gewijzigd"),
        "device.revoke" => said!("device code revoked", "code d'appareil révoqué", "toestelcode ingetrokken"),
        "table.lock" => said!("table locked", "table verrouillée", "tafel vergrendeld"),
        "table.unlock" => said!("table unlocked", "table déverrouillée", "tafel ontgrendeld"),
        "tournament.create" => said!("tournament created", "tournoi créé", "toernooi aangemaakt"),
        "tournament.enter" => said!("player entered", "joueur inscrit", "speler ingeschreven"),
        "tournament.import" => said!("tournament imported", "tournoi importé", "toernooi geïmporteerd"),
        "round.draw" => said!("round drawn", "manche tirée", "ronde geloot"),
        "table.dealer" => said!("first dealer corrected", "premier donneur corrigé", "eerste gever verbeterd"),
        "deal.add" => said!("line written", "ligne inscrite", "lijn ingevoerd"),
        "deal.correct" => said!("line corrected", "ligne corrigée", "lijn verbeterd"),
        "deal.undo" => said!("last line undone", "dernière ligne annulée", "laatste lijn ongedaan"),
        "sheet.replace" => said!("sheet corrected", "feuille corrigée", "blad verbeterd"),
        "ruling.add" => said!("ruling", "décision", "beslissing"),
        "ruling.withdraw" => said!("ruling withdrawn", "décision retirée", "beslissing ingetrokken"),
        "player.withdraw" => said!("player withdrawn", "joueur retiré", "speler teruggetrokken"),
        "player.return" => said!("withdrawal taken back", "retrait annulé", "terugtrekking ingetrokken"),
        other => said!("{other}", "{other}", "{other}"),
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AuditEntry {
    /// The change's number (one change may write several records).
    pub change: Id,
    /// UTC, as stored.
    pub at: String,
    /// The same moment in the machine's local time.
    pub at_local: String,
    pub by: String,
    /// What was done: `deal.add`, `deal.correct`, `sheet.replace`, `deal.undo`, `ruling.add`, …
    pub action: String,
    /// The same in words, in every language ([`action_said`]).
    pub action_texts: Said,
    pub reason: String,
    /// What the record is: `tournament`, `entrant`, `draw`, `deal`, `ruling`, `ruling-withdrawn`, `dealer`, `status`, `device` (a table device's code revoked), `lock` (a table locked against its devices or unlocked).
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<i64>,
    /// The record as it was before (a sheet line's previous version), and as written.
    pub before: Value,
    pub after: Value,
    /// Both in words, in English (`No queens · counts: 1 · 2 · 1 · 0`), for the CSV log
    /// and the CLI…
    pub before_text: String,
    pub after_text: String,
    /// … and in every language, for the window.
    pub before_texts: Said,
    pub after_texts: Said,
}

/// The words of a record's own fields (a tournament's, an entrant's, a draw's), beside the
/// settings' and the game's: `[en, fr, nl]`.
const RECORD_FIELDS: [(&str, [&str; 3]); 11] = [
    ("name", ["name", "nom", "naam"]),
    ("game", ["game", "jeu", "spel"]),
    ("settings", ["settings", "paramètres", "instellingen"]),
    ("player", ["player", "joueur", "speler"]),
    ("from_round", ["plays from round", "joue dès la manche", "speelt vanaf ronde"]),
    ("withdrawn_from", ["withdrawn from round", "retiré dès la manche", "teruggetrokken vanaf ronde"]),
    ("seed", ["draw number", "numéro de tirage", "lotingsnummer"]),
    ("repeats", ["repeat meetings", "rencontres répétées", "herhaalde ontmoetingen"]),
    ("first_dealer", ["first dealer", "premier donneur", "eerste gever"]),
    ("code_revoked", ["device code revoked, a new one issued", "code d'appareil révoqué, un nouveau donné", "toestelcode ingetrokken, een nieuwe gegeven"]),
    ("locked", ["locked against the table's devices", "verrouillée pour les appareils de la table", "vergrendeld voor de toestellen van de tafel"]),
];

/// How the log says things: the game's words, the names of every field a record may
/// have (the record's own, the common settings', the game's settings as its form names
/// them), and the players by name.
struct Speaker {
    names: Names,
    fields: Vec<(String, [String; 3])>,
    /// A game's setting given one value as its settings form offers it: the key, the value,
    /// and the option's words (`cannot_overruff: ruff` is "still play a trump").
    options: Vec<(String, Value, [String; 3])>,
    /// Entrants' codes (`p12`) and names.
    players: std::collections::HashMap<String, String>,
    /// The players at each table of each round: (round, table) → names by seat.
    seats: std::collections::HashMap<(i64, i64), Vec<String>>,
}

impl Speaker {
    fn of(l: &crate::state::Loaded) -> Speaker {
        let mut fields: Vec<(String, [String; 3])> = RECORD_FIELDS.iter().map(|(k, w)| (k.to_string(), w.map(String::from))).collect();
        let mut options = vec![];
        // The common settings keys, as the rules name them.
        fields.extend(settings::KEY_NAMES.iter().map(|(k, w)| (k.to_string(), [w.en, w.fr, w.nl].map(String::from))));
        // The game's own settings keys, as its settings form names them in each language.
        if let Some(spec) = l.game.spec() {
            let forms = Lang::ALL.map(|lang| spec.settings_form(lang));
            for (i, field) in forms[0].as_array().into_iter().flatten().enumerate() {
                let Some(key) = field["key"].as_str() else { continue };
                let label = |n: usize| forms[n][i]["label"].as_str().unwrap_or(key).to_string();
                fields.push((key.to_string(), [label(0), label(1), label(2)]));
                for (j, option) in field["options"].as_array().into_iter().flatten().enumerate() {
                    // An option that sets one key to one value reads as the option's words.
                    if let Some([(k, value)]) = option["settings"].as_object().map(|m| m.iter().collect::<Vec<_>>()).as_deref() {
                        let words = |n: usize| forms[n][i]["options"][j]["label"].as_str().unwrap_or_default().to_string();
                        options.push(((*k).clone(), (*value).clone(), [words(0), words(1), words(2)]));
                    }
                }
            }
        }
        // The keys its settings hold, in the words its description gives them (`setting_words`:
        // Rikken's points table, a row by contract and a column by figure).
        let described = Lang::ALL.map(|lang| l.rules.describe(lang));
        for (key, _) in described[0]["setting_words"].as_object().into_iter().flatten() {
            if let [Some(en), Some(fr), Some(nl)] = described.each_ref().map(|d| d["setting_words"][key].as_str().map(str::to_string)) {
                fields.push((key.clone(), [en, fr, nl]));
            }
        }
        let players = l.entrants.iter().map(|e| (e.code.clone(), e.player.name.clone())).collect();
        let seats = l
            .rounds
            .iter()
            .flat_map(|r| r.row.tables.iter().map(move |t| ((r.row.round, t.number), t)))
            .map(|(k, t)| (k, t.seats.iter().map(|e| l.entrant(*e).map(|e| e.player.name.clone()).unwrap_or_default()).collect()))
            .collect();
        Speaker { names: l.names.clone(), fields, options, players, seats }
    }

    /// A record in words of every language. Sheet lines read as their game says them,
    /// seats named by the players at that table; rulings by their fields; other records
    /// field by field, a player by their name, a game by its name.
    fn words(&self, kind: &str, v: &Value, round: Option<i64>, table: Option<i64>) -> Said {
        if v.is_null() {
            return Said { en: String::new(), fr: String::new(), nl: String::new() };
        }
        let seats = round.zip(table).and_then(|k| self.seats.get(&k)).cloned().unwrap_or_default();
        match kind {
            "deal" => self.names.entry(v, &seats),
            "ruling" | "ruling-withdrawn" => self.names.ruling(v, &seats),
            _ => {
                // An entrant's code (`p12`) is no word for a person: their name says it.
                let mut v = v.clone();
                if let Some(map) = v.as_object_mut() {
                    if let Some(name) = map.get("player").and_then(Value::as_str).and_then(|c| self.players.get(c)).cloned() {
                        if map.contains_key("name") {
                            map.remove("player");
                        } else {
                            map.insert("player".into(), Value::String(name));
                        }
                    }
                    // An entrant said as the player it is («player: Anne Peeters»): under an
                    // import's every row, «name: Anne Peeters» read as the tournament's name.
                    if kind == "entrant" {
                        if let Some(name) = map.remove("name") {
                            map.insert("player".into(), name);
                        }
                    }
                }
                let said = |lang: Lang| Names::record(&game_named(&self.options_named(&v, lang), lang), &seats, &self.fields);
                Said { en: said(Lang::En).en, fr: said(Lang::Fr).fr, nl: said(Lang::Nl).nl }
            }
        }
    }
}

impl Speaker {
    /// A record with each of the game's settings put as the option of its settings form
    /// that gives it that value, in words.
    fn options_named(&self, v: &Value, lang: Lang) -> Value {
        match v {
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, x)| {
                        let said =
                            self.options.iter().find(|(key, value, _)| key == k && value == x).map(|(_, _, words)| Value::String(words[lang as usize].clone()));
                        (k.clone(), said.unwrap_or_else(|| self.options_named(x, lang)))
                    })
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(|x| self.options_named(x, lang)).collect()),
            other => other.clone(),
        }
    }
}

/// A record with every game code among its values put as the game's name, and the
/// settings' values in words.
fn game_named(v: &Value, lang: Lang) -> Value {
    match v {
        Value::String(s) => match (GameId::parse(s).and_then(GameId::spec), settings::VALUE_NAMES.iter().find(|(code, _)| code == s)) {
            (Some(spec), _) => Value::String(spec.name.get(lang).to_string()),
            (None, Some((_, words))) => Value::String(words.get(lang).to_string()),
            (None, None) => v.clone(),
        },
        Value::Array(items) => Value::Array(items.iter().map(|x| game_named(x, lang)).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, x)| (k.clone(), game_named(x, lang))).collect()),
        other => other.clone(),
    }
}

impl Atout {
    /// Every change to a tournament, oldest first.
    pub fn audit(&mut self, tournament: &str) -> Result<Vec<AuditEntry>> {
        let id = self.resolve(tournament)?;
        let speaker = Speaker::of(self.loaded(id)?);
        Ok(self
            .store
            .audit(id)?
            .into_iter()
            .map(|r| {
                let before_texts = speaker.words(r.kind, &r.before, r.round, r.table);
                let after_texts = speaker.words(r.kind, &r.after, r.round, r.table);
                let reason = reason_of(r.kind, &r.after, r.reason);
                AuditEntry {
                    action_texts: action_said(&r.action),
                    change: r.change,
                    at_local: crate::text::local_time(&r.at),
                    at: r.at,
                    by: r.actor,
                    action: r.action,
                    reason,
                    kind: r.kind,
                    round: r.round,
                    table: r.table,
                    line: r.line,
                    before_text: before_texts.en.clone(),
                    after_text: after_texts.en.clone(),
                    before_texts,
                    after_texts,
                    before: r.before,
                    after: r.after,
                }
            })
            .collect())
    }

    /// The log as CSV (UTF-8 with a byte-order mark, `;`-separated, so that a Belgian
    /// spreadsheet opens it as it is), in `lang`: its headings, each action and what changed
    /// in words, as the window's log says them (it was English whatever the language; the
    /// log's JSON keeps the codes for scripts).
    pub fn audit_csv(&mut self, tournament: &str, lang: Lang) -> Result<String> {
        let entries = self.audit(tournament)?;
        let mut w = crate::text::Spreadsheet::new(b';', "log");
        let heads = [
            said!("time", "heure", "tijd"),
            said!("by", "par", "door"),
            said!("action", "action", "actie"),
            said!("reason", "motif", "reden"),
            said!("round", "manche", "ronde"),
            said!("table", "table", "tafel"),
            said!("line", "ligne", "lijn"),
            said!("before", "avant", "voor"),
            said!("after", "après", "na"),
        ];
        w.row(heads.iter().map(|h| h.get(lang)).collect::<Vec<_>>())?;
        let num = |n: Option<i64>| n.map(|x| x.to_string()).unwrap_or_default();
        for e in &entries {
            w.row([
                e.at_local.as_str(),
                crate::text::actor_said(&e.by).get(lang),
                e.action_texts.get(lang),
                &e.reason,
                &num(e.round),
                &num(e.table),
                &num(e.line),
                e.before_texts.get(lang),
                e.after_texts.get(lang),
            ])?;
        }
        w.done()
    }
}

/// Why a record was written: the change's reason, or, for a fault written on a line, the
/// reason the line states (the log and the sheet's history both show it; the history's
/// column stood empty).
pub(crate) fn reason_of(kind: &str, entry: &Value, reason: String) -> String {
    match entry.get("reason").and_then(Value::as_str) {
        Some(said) if reason.is_empty() && kind == "deal" => said.to_string(),
        _ => reason,
    }
}
