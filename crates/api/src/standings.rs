//! Standings, live and final (FORMAT.md "Standings output").

use crate::error::Result;
use crate::state::Loaded;
use crate::Atout;
use atout_rules::ranking::{criteria, rank, RoundResult, Totals};
use atout_rules::TablePoints;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standings {
    pub tournament: String,
    pub after_round: i64,
    pub rows: Vec<StandingRow>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingRow {
    pub rank: usize,
    pub shared: bool,
    pub player: String,
    pub name: String,
    /// Absent (null) when the tournament ranks by total score.
    pub table_points: Option<TablePoints>,
    pub score_sum: i64,
    pub best_round: Option<i64>,
    pub rounds: Vec<RoundEntry>,
    /// A late entry: the first round the player plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub joined_round: Option<i64>,
    /// A withdrawal: the first round the player no longer plays.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn_from: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
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

/// The standings after `after_round`, from the entrants' kept round results.
pub(crate) fn compute(l: &Loaded, after_round: i64) -> Standings {
    let counted = |i: usize| -> &[RoundResult] {
        let all = &l.results[i];
        &all[..all.partition_point(|r| i64::from(r.round) <= after_round)]
    };
    let results: Vec<&[RoundResult]> = (0..l.entrants.len()).map(counted).collect();
    // Players are listed by their id within a shared place.
    let order = &l.by_code;
    let totals: Vec<Totals> = order.iter().map(|i| Totals::of(results[*i])).collect();
    let chain = criteria(l.settings.ranking, &l.settings.tie_breaks);
    let shown = |p: TablePoints| l.settings.uses_table_points().then_some(p);
    let rows = rank(&totals, &chain)
        .into_iter()
        .map(|place| {
            let i = order[place.index];
            let t = &totals[place.index];
            let e = &l.entrants[i];
            StandingRow {
                rank: place.rank,
                shared: place.shared,
                player: e.code.clone(),
                name: e.player.name.clone(),
                table_points: shown(t.table_points),
                score_sum: t.score_sum,
                best_round: t.best_round,
                rounds: results[i]
                    .iter()
                    .map(|r| RoundEntry {
                        round: r.round,
                        table: r.table,
                        score: r.score,
                        table_points: shown(r.table_points),
                        bye: r.bye,
                        provisional: !r.complete,
                    })
                    .collect(),
                joined_round: e.from_round.filter(|r| *r > 1),
                withdrawn_from: e.withdrawn_from,
            }
        })
        .collect();
    Standings { tournament: l.row.name.clone(), after_round, rows }
}

impl Atout {
    /// Standings after `after_round` (by default the last round drawn).
    pub fn standings(&mut self, tournament: &str, after_round: Option<i64>) -> Result<Standings> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let after = after_round.unwrap_or_else(|| l.last_round());
        Ok(compute(l, after))
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

impl Atout {
    /// Standings rendered for printing or saving, headers in `lang` (en, fr, nl).
    pub fn standings_rendered(&mut self, tournament: &str, after_round: Option<i64>, format: StandingsFormat, lang: &str) -> Result<String> {
        let standings = self.standings(tournament, after_round)?;
        let value = serde_json::to_value(&standings).expect("standings serialize");
        let layout = atout_report::Layout::standard();
        Ok(match format {
            StandingsFormat::Json => serde_json::to_string_pretty(&value).expect("json") + "\n",
            StandingsFormat::Csv => atout_report::standings_csv(&value, &layout, lang).map_err(|e| crate::ApiError::internal("standings", e))?,
            StandingsFormat::Table => atout_report::standings_text(&value, &layout, lang),
        })
    }
}
