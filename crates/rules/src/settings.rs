//! Tournament settings (FORMAT.md "Settings"): every omitted key takes its default.

use crate::{GameId, Rule, Violation};
use serde::{Deserialize, Serialize};

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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ByeSettings {
    pub table_points: i64,
    pub score: i64,
}

impl Default for ByeSettings {
    fn default() -> Self {
        ByeSettings { table_points: 10, score: 0 }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TournamentSettings {
    pub rounds: u32,
    pub ranking: RankingMethod,
    pub table_points: Vec<i64>,
    pub tie_breaks: Vec<TieBreak>,
    pub bye: ByeSettings,
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            rounds: 5,
            ranking: RankingMethod::TablePoints,
            table_points: vec![16, 12, 8, 4],
            tie_breaks: vec![TieBreak::ScoreSum, TieBreak::BestRound],
            bye: ByeSettings::default(),
        }
    }
}

impl TournamentSettings {
    /// Read settings from a JSON object, keeping defaults for what it omits.
    pub fn from_json(value: &serde_json::Value) -> Result<Self, Violation> {
        let settings: TournamentSettings = if value.is_null() {
            TournamentSettings::default()
        } else {
            serde_json::from_value(value.clone()).map_err(|e| Violation::new(Rule::Settings, e.to_string()))?
        };
        Ok(settings)
    }

    pub fn check(&self, game: GameId) -> Result<(), Violation> {
        if !(1..=99).contains(&self.rounds) {
            return Err(Violation::new(Rule::Settings, format!("{} rounds: a tournament has 1 to 99", self.rounds)));
        }
        if self.table_points.len() != game.table_size() {
            return Err(Violation::new(
                Rule::Settings,
                format!("table_points gives {} figures for tables of {}", self.table_points.len(), game.table_size()),
            ));
        }
        if self.table_points.windows(2).any(|w| w[0] < w[1]) {
            return Err(Violation::new(Rule::Settings, "table_points go from first place down to last"));
        }
        Ok(())
    }
}
