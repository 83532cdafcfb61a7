//! Tournament settings (FORMAT.md "Every game: settings common to all"): the
//! common keys are read here, the game's own keys by the game. Every omitted
//! key takes its default; the defaults are listed in docs/rules-decisions.md.

use crate::ranking::TablePoints;
use crate::{GameId, Rule, Violation};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RankingMethod {
    /// Ranking points per table (Double King's 16/12/8/4).
    TablePoints,
    /// Sum of round scores.
    TotalScore,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    TablePoints,
    ScoreSum,
    BestRound,
}

/// The common keys, in the order they are documented.
pub const COMMON_KEYS: [&str; 5] = ["rounds", "ranking", "table_points", "tie_breaks", "bye"];

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
}

/// Default place points at a table of `size`: 4 × (size + 1 − place), so
/// 16 / 12 / 8 / 4 at a table of four, 20 / 16 / 12 / 8 / 4 at a table of five.
pub fn default_places(size: usize) -> Vec<i64> {
    (1..=size).map(|place| 4 * (size + 1 - place) as i64).collect()
}

fn bad(detail: impl Into<String>) -> Violation {
    Violation::new(Rule::SETTINGS, detail)
}

fn places(value: &Value, what: &str) -> Result<Vec<i64>, Violation> {
    let list: Vec<i64> = serde_json::from_value(value.clone()).map_err(|e| bad(format!("{what}: {e}")))?;
    if list.iter().any(|p| p.abs() > POINTS_BOUND) {
        return Err(bad(format!("{what}: place points lie within ±{POINTS_BOUND}")));
    }
    if list.windows(2).any(|w| w[0] < w[1]) {
        return Err(bad(format!("{what}: place points go from first place down to last")));
    }
    Ok(list)
}

impl TournamentSettings {
    /// Read the common settings of a `game` tournament from a JSON object (or
    /// null). With `strict`, a key that neither the common settings nor the
    /// game know is refused (a typo must not pass silently); imports are not
    /// strict, since FORMAT.md keeps unknown fields.
    pub fn parse(game: GameId, value: &Value, strict: bool) -> Result<TournamentSettings, Violation> {
        let spec = game
            .spec()
            .ok_or_else(|| Violation::new(Rule::GAME_UNSUPPORTED, format!("{} tournaments are not supported yet", game.code())))?;
        let empty = Map::new();
        let map = match value {
            Value::Null => &empty,
            Value::Object(m) => m,
            _ => return Err(bad("settings are a JSON object")),
        };
        if strict {
            if let Some(k) = map.keys().find(|k| !COMMON_KEYS.contains(&k.as_str()) && !spec.keys.contains(&k.as_str())) {
                let mut known: Vec<&str> = COMMON_KEYS.to_vec();
                known.extend(spec.keys);
                return Err(bad(format!("unknown key `{k}` for {}; known keys: {}", game.code(), known.join(", "))));
            }
        }
        let rounds: u32 = crate::setting(map, "rounds", 5)?;
        if !(1..=99).contains(&rounds) {
            return Err(bad(format!("{rounds} rounds: a tournament has 1 to 99")));
        }
        let ranking = crate::setting(map, "ranking", spec.ranking)?;
        let tie_breaks = crate::setting(map, "tie_breaks", vec![TieBreak::ScoreSum, TieBreak::BestRound])?;
        let mut table_points = BTreeMap::new();
        match map.get("table_points") {
            None | Some(Value::Null) => {}
            Some(Value::Object(by_size)) => {
                for (k, v) in by_size {
                    let size: usize = k.parse().map_err(|_| bad(format!("table_points: «{k}» is not a table size")))?;
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
                return Err(bad(format!(
                    "table_points gives {size} places; {} tables seat {} to {}",
                    game.code(),
                    spec.seats.start(),
                    spec.seats.end()
                )));
            }
            if list.len() != *size {
                return Err(bad(format!("table_points for tables of {size} gives {} places", list.len())));
            }
        }
        let bye = match map.get("bye") {
            None | Some(Value::Null) => ByeSettings { table_points: None, score: 0 },
            Some(Value::Object(b)) => ByeSettings {
                table_points: crate::setting(b, "table_points", None)?,
                score: crate::setting(b, "score", 0)?,
            },
            Some(_) => return Err(bad("bye: an object such as {\"table_points\": 10, \"score\": 0}")),
        };
        if bye.score.abs() > POINTS_BOUND || bye.table_points.is_some_and(|p| p.abs() > POINTS_BOUND) {
            return Err(bad(format!("bye: figures lie within ±{POINTS_BOUND}")));
        }
        Ok(TournamentSettings { game, rounds, ranking, table_points, tie_breaks, bye, base_size: *spec.seats.start() })
    }

    /// The place points at a table of `size`.
    pub fn places(&self, size: usize) -> Vec<i64> {
        self.table_points.get(&size).cloned().unwrap_or_else(|| default_places(size))
    }

    /// Table points of a bye: as set, or the average of the smallest table's places.
    pub fn bye_table_points(&self) -> TablePoints {
        match self.bye.table_points {
            Some(p) => TablePoints::whole(p),
            None => {
                let places = self.places(self.base_size);
                TablePoints::share(places.iter().sum(), places.len())
            }
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
        })
    }
}
