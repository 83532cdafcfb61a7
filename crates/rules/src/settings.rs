//! Tournament settings (FORMAT.md "Every game: settings common to all"): the
//! common keys are read here, the game's own keys by the game. Every omitted
//! key takes its default; the defaults are listed in docs/rules-decisions.md.

use crate::ranking::TablePoints;
pub use crate::ranking::{RankingMethod, TieBreak};
use crate::{said, GameId, Rule, Said, Tr, Violation};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The common keys in words, for the log and any front that shows a settings record.
pub const KEY_NAMES: [(&str, Tr); 7] = [
    ("rounds", Tr::new("rounds", "manches", "ronden")),
    ("table_size", Tr::new("most players at a table", "joueurs au plus par table", "spelers per tafel ten hoogste")),
    ("ranking", Tr::new("ranking", "classement", "rangschikking")),
    ("tie_breaks", Tr::new("tie-breaks", "départages", "criteria bij gelijkstand")),
    ("table_points", Tr::new("table points", "points de table", "tafelpunten")),
    ("bye", Tr::new("bye", "exempt", "vrij")),
    (
        "device_confirm",
        Tr::new(
            "an opponent confirms each line on the table's device",
            "un adversaire confirme chaque ligne sur l'appareil de la table",
            "een tegenstander bevestigt elke lijn op het toestel van de tafel",
        ),
    ),
];

/// The ranking methods and tie-breaks (the values of `ranking` and `tie_breaks`) in words.
pub const VALUE_NAMES: [(&str, Tr); 4] = [
    ("table-points", Tr::new("table points", "points de table", "tafelpunten")),
    ("total-score", Tr::new("total score", "score total", "totale score")),
    ("score-sum", Tr::new("score sum", "somme des scores", "som van de scores")),
    ("best-round", Tr::new("best round", "meilleure manche", "beste ronde")),
];

/// The common keys, in the order they are documented.
pub const COMMON_KEYS: [&str; 7] = ["rounds", "ranking", "table_points", "tie_breaks", "bye", "device_confirm", "table_size"];

/// A table-points figure, and a ruling or bye figure, stays within this bound.
pub const POINTS_BOUND: i64 = 1000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeSettings {
    /// Table points of a bye; `None`: the table average (RULES.md §6).
    pub table_points: Option<i64>,
    pub score: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSettings {
    pub game: GameId,
    pub rounds: u32,
    pub ranking: RankingMethod,
    /// Place points given in the settings, by table size.
    pub table_points: BTreeMap<usize, Vec<i64>>,
    pub tie_breaks: Vec<TieBreak>,
    pub bye: ByeSettings,
    /// Smallest table the game is played at (the table whose average a bye scores).
    pub base_size: usize,
    /// On a table's device, an opponent confirms each line before it is sent.
    pub device_confirm: bool,
    /// The most players at one table (FORMAT.md "Tables"); `None`: the game's own draw.
    pub table_size: Option<usize>,
}

/// The most rounds a tournament has.
pub const ROUNDS_MOST: u32 = 99;

/// Rounds of a tournament whose settings name none.
pub const DEFAULT_ROUNDS: u32 = 5;

/// Default place points at a table of `size`: 4 × (size + 1 − place), so
/// 16 / 12 / 8 / 4 at a table of four, 20 / 16 / 12 / 8 / 4 at a table of five.
pub fn default_places(size: usize) -> Vec<i64> {
    (1..=size).map(|place| 4 * (size + 1 - place) as i64).collect()
}

fn bad(said: Said) -> Violation {
    Violation::said(Rule::SETTINGS, said)
}

/// The place points under the key `what` (a settings key, the same in every language).
fn places(value: &Value, what: &str) -> Result<Vec<i64>, Violation> {
    let list: Vec<i64> = serde_json::from_value(value.clone()).map_err(|e| {
        let crate::Said { en, fr, nl } = crate::unread(&e);
        bad(said!("{what}: {en}", "{what} : points par place illisibles : {fr}", "{what}: onleesbare punten per plaats: {nl}"))
    })?;
    if list.iter().any(|p| p.unsigned_abs() > POINTS_BOUND as u64) {
        return Err(bad(said!(
            "{what}: place points lie within ±{POINTS_BOUND}",
            "{what} : les points par place restent dans ±{POINTS_BOUND}",
            "{what}: de punten per plaats blijven binnen ±{POINTS_BOUND}"
        )));
    }
    if list.windows(2).any(|w| w[0] < w[1]) {
        return Err(bad(said!(
            "{what}: place points go from first place down to last",
            "{what} : les points par place décroissent de la première place à la dernière",
            "{what}: de punten per plaats dalen van de eerste plaats tot de laatste"
        )));
    }
    Ok(list)
}

impl TournamentSettings {
    /// Refuse a key of `map` that neither the common settings nor `game` know (a typo must
    /// not pass silently).
    pub fn known_keys(game: GameId, map: &Map<String, Value>) -> Result<(), Violation> {
        let code = game.code();
        let own = game.spec().map_or(&[][..], |s| s.keys);
        if let Some(k) = map.keys().find(|k| !COMMON_KEYS.contains(&k.as_str()) && !own.contains(&k.as_str())) {
            let mut known: Vec<&str> = COMMON_KEYS.to_vec();
            known.extend(own);
            let known = known.join(", ");
            return Err(bad(said!(
                "unknown key `{k}` for {code}; known keys: {known}",
                "clé `{k}` inconnue pour {code} ; clés connues : {known}",
                "onbekende sleutel `{k}` voor {code}; gekende sleutels: {known}"
            )));
        }
        Ok(())
    }

    /// Read the common settings of a `game` tournament from a JSON object (or
    /// null). With `strict`, a key that neither the common settings nor the
    /// game know is refused (a typo must not pass silently); imports are not
    /// strict, since FORMAT.md keeps unknown fields.
    pub fn parse(game: GameId, value: &Value, strict: bool) -> Result<TournamentSettings, Violation> {
        let code = game.code();
        let spec = game.spec().ok_or_else(|| {
            Violation::said(
                Rule::GAME_UNSUPPORTED,
                said!(
                    "{code} tournaments are not supported yet",
                    "les tournois de {code} ne sont pas encore pris en charge",
                    "{code}-toernooien worden nog niet ondersteund"
                ),
            )
        })?;
        let empty = Map::new();
        let map = match value {
            Value::Null => &empty,
            Value::Object(m) => m,
            _ => return Err(bad(said!("settings are a JSON object", "les paramètres sont un objet JSON", "de instellingen zijn een JSON-object"))),
        };
        if strict {
            Self::known_keys(game, map)?;
        }
        let rounds: u32 = crate::setting(map, "rounds", DEFAULT_ROUNDS)?;
        if !(1..=ROUNDS_MOST).contains(&rounds) {
            return Err(bad(said!(
                "{rounds} rounds: a tournament has 1 to 99",
                "{rounds} manches : un tournoi en compte de 1 à 99",
                "{rounds} ronden: een toernooi telt er 1 tot 99"
            )));
        }
        let ranking = crate::setting(map, "ranking", spec.ranking)?;
        let tie_breaks = crate::setting(map, "tie_breaks", vec![TieBreak::ScoreSum, TieBreak::BestRound])?;
        let mut table_points = BTreeMap::new();
        match map.get("table_points") {
            None | Some(Value::Null) => {}
            Some(Value::Object(by_size)) => {
                for (k, v) in by_size {
                    let size: usize = k.parse().map_err(|_| {
                        bad(said!(
                            "table_points: «{k}» is not a table size",
                            "table_points : «{k}» n'est pas une taille de table",
                            "table_points: «{k}» is geen tafelgrootte"
                        ))
                    })?;
                    table_points.insert(size, places(v, &format!("table_points[{k}]"))?);
                }
            }
            Some(v) => {
                let list = places(v, "table_points")?;
                table_points.insert(list.len(), list);
            }
        }
        for (size, list) in &table_points {
            if !spec.seats.contains(size) {
                let (from, to) = (spec.seats.start(), spec.seats.end());
                return Err(bad(said!(
                    "table_points gives {size} places; {code} tables seat {from} to {to}",
                    "table_points donne {size} places ; les tables de {code} comptent {from} à {to} joueurs",
                    "table_points geeft {size} plaatsen; {code}-tafels tellen {from} tot {to} spelers"
                )));
            }
            if list.len() != *size {
                let n = list.len();
                return Err(bad(said!(
                    "table_points for tables of {size} gives {n} places",
                    "table_points pour les tables de {size} donne {n} places",
                    "table_points voor tafels van {size} geeft {n} plaatsen"
                )));
            }
        }
        let bye = match map.get("bye") {
            None | Some(Value::Null) => ByeSettings { table_points: None, score: 0 },
            Some(Value::Object(b)) => ByeSettings { table_points: crate::setting(b, "table_points", None)?, score: crate::setting(b, "score", 0)? },
            Some(_) => {
                return Err(bad(said!(
                    "bye: an object such as {{\"table_points\": 10, \"score\": 0}}",
                    "bye (exempt) : un objet comme {{\"table_points\": 10, \"score\": 0}}",
                    "bye (vrij): een object zoals {{\"table_points\": 10, \"score\": 0}}"
                )))
            }
        };
        if bye.score.unsigned_abs() > POINTS_BOUND as u64 || bye.table_points.is_some_and(|p| p.unsigned_abs() > POINTS_BOUND as u64) {
            return Err(bad(said!(
                "bye: figures lie within ±{POINTS_BOUND}",
                "bye (exempt) : les chiffres restent dans ±{POINTS_BOUND}",
                "bye (vrij): de cijfers blijven binnen ±{POINTS_BOUND}"
            )));
        }
        let device_confirm = crate::setting(map, "device_confirm", false)?;
        let table_size: Option<usize> = crate::setting(map, "table_size", None)?;
        if let Some(size) = table_size.filter(|s| !spec.seats.contains(s)) {
            let (from, to) = (spec.seats.start(), spec.seats.end());
            return Err(bad(said!(
                "table_size {size}: {code} is played at tables of {from} to {to}",
                "table_size {size} : le {code} se joue à des tables de {from} à {to}",
                "table_size {size}: {code} wordt gespeeld aan tafels van {from} tot {to}"
            )));
        }
        Ok(TournamentSettings { game, rounds, ranking, table_points, tie_breaks, bye, base_size: *spec.seats.start(), device_confirm, table_size })
    }

    /// The place points at a table of `size`.
    pub fn places(&self, size: usize) -> Vec<i64> {
        self.table_points.get(&size).cloned().unwrap_or_else(|| default_places(size))
    }

    /// Table points of a bye: as set, or the average of the smallest table's places (a game
    /// whose own default differs sets it in each new tournament: `Game::settings_defaults`).
    pub fn bye_table_points(&self) -> TablePoints {
        match self.bye.table_points {
            Some(p) => TablePoints::whole(p),
            None => {
                let places = self.places(self.base_size);
                TablePoints::share(places.iter().sum(), places.len())
            }
        }
    }

    /// How `players` players are split into tables for a round: at most `table_size` a
    /// table when it is set (the fewest tables, as even as possible, none under the game's
    /// least; whoever cannot be seated so sits out), otherwise the game's own draw.
    pub fn table_plan(&self, rules: &dyn crate::Rules, players: usize) -> Result<crate::TablePlan, Violation> {
        match self.table_size {
            Some(most) => crate::TablePlan::at_most(players, most, rules.seats()).ok_or_else(|| {
                let least = rules.seats().start().to_owned();
                let Tr { en, fr, nl } = Tr::after(players as i64, Tr::new("player", "joueur", "speler"), Tr::new("players", "joueurs", "spelers"));
                let (remplit, vult) = if players < 2 { ("remplit", "vult") } else { ("remplissent", "vullen") };
                Violation::said(
                    Rule::TABLE_SIZE,
                    said!(
                        "{players} {en} cannot fill one table of {least}",
                        "{players} {fr} ne {remplit} pas une table de {least}",
                        "{players} {nl} {vult} geen tafel van {least}"
                    ),
                )
            }),
            None => rules.plan(players),
        }
    }

    /// Whether standings rank by table points (otherwise table points are not shown).
    pub fn uses_table_points(&self) -> bool {
        self.ranking == RankingMethod::TablePoints || self.tie_breaks.contains(&TieBreak::TablePoints)
    }

    /// The common settings in full, every default filled in (for display).
    pub fn to_json(&self) -> Value {
        let points: Map<String, Value> = self.table_points.iter().map(|(k, v)| (k.to_string(), json!(v))).collect();
        json!({
            "rounds": self.rounds,
            "ranking": self.ranking,
            "table_points": points,
            "tie_breaks": self.tie_breaks,
            "bye": {"table_points": self.bye.table_points, "score": self.bye.score},
            "device_confirm": self.device_confirm,
            "table_size": self.table_size,
        })
    }
}
