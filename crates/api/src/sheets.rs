//! Score sheets: add a line, correct a line, record a jury ruling, read a sheet.

use crate::error::{ApiError, Place, Result};
use crate::state::{table_of, TableResult};
use crate::Atout;
use atout_rules::ruling::Ruling;
use atout_rules::{Lang, Line, Rule, Sheet, TablePoints};
use atout_store::{Change, Id};
use chrono::{DateTime, Local};
use serde::Serialize;
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeatView {
    pub seat: usize,
    /// The player's id in the tournament (the exchange document's id).
    pub player: String,
    pub name: String,
    pub club: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SheetLine {
    #[serde(flatten)]
    pub line: Line,
    /// The entry as written.
    pub entry: Value,
    /// Running totals after this line.
    pub running: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistoryEntry {
    pub kind: &'static str,
    pub line: Option<i64>,
    pub entry: Value,
    /// UTC, as stored.
    pub at: String,
    /// The same moment in the machine's local time.
    pub at_local: String,
    pub by: String,
    pub action: String,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SheetView {
    pub tournament: String,
    /// The game's code (FORMAT.md's `game`).
    pub game: String,
    pub round: i64,
    pub table: i64,
    pub first_dealer: i64,
    pub seats: Vec<SeatView>,
    pub lines: Vec<SheetLine>,
    pub rulings: Vec<Ruling>,
    /// Sheet totals per seat, rulings not included.
    pub totals: Vec<i64>,
    /// Round scores: totals plus rulings.
    pub scores: Vec<i64>,
    pub table_points: Vec<TablePoints>,
    /// Whether the tournament ranks by table points (otherwise they are not shown).
    pub uses_table_points: bool,
    pub deals_played: usize,
    pub deals_needed: usize,
    pub complete: bool,
    /// What the next line may be (the game's choices), absent when complete.
    pub next: Option<Value>,
}

/// A line checked as it would be written, before it is: its points, or the rule it breaks.
#[derive(Debug, Serialize)]
pub struct LinePreview {
    /// The line's points per seat, when the line passes every rule.
    pub points: Option<Vec<i64>>,
    /// The refusal, when it does not.
    pub refused: Option<ApiError>,
    /// The game's help for the line being typed (e.g. the bid the last bidder may not make).
    pub hint: Value,
}

/// Which sheet a call is about.
struct At {
    id: Id,
    round: i64,
    index: usize,
    place: Place,
}

impl Atout {
    fn locate(&mut self, tournament: &str, round: i64, table: i64) -> Result<At> {
        let id = self.resolve(tournament)?;
        let index = self.loaded(id)?.table_index(round, table)?;
        Ok(At { id, round, index, place: Place::table(round, table) })
    }

    /// The sheet of `at` with `entry` written as line `line` (a new last line or
    /// a correction), checked whole: the new lines and the checked sheet.
    fn staged(&mut self, at: &At, line: usize, entry: &Value) -> Result<(Vec<Value>, Sheet)> {
        let l = self.loaded(at.id)?;
        let r = l.round(at.round)?;
        let table = &r.row.tables[at.index];
        if let Some(err) = &r.results[at.index].error {
            return Err(ApiError::Conflict(format!("{}: the stored sheet does not check ({err})", at.place)));
        }
        let mut deals = table.deals.clone();
        let known_lines = deals.len();
        if line == known_lines + 1 {
            deals.push(entry.clone());
        } else if (1..=known_lines).contains(&line) {
            deals[line - 1] = entry.clone();
        } else {
            return Err(ApiError::refused(
                at.place.clone(),
                Rule::DEAL_SHAPE,
                format!("the sheet has {known_lines} lines; line {line} cannot be written"),
            ));
        }
        let sheet = l.rules.replay(table_of(table), &deals).map_err(|e| ApiError::sheet(at.place.clone(), e))?;
        Ok((deals, sheet))
    }

    /// Check a whole sheet as it would stand, and write one line of it.
    fn write_line(&mut self, at: &At, line: usize, entry: Value, action: &str, reason: &str) -> Result<SheetView> {
        let (deals, sheet) = self.staged(at, line, &entry)?;
        let table_id = self.loaded(at.id)?.round(at.round)?.row.tables[at.index].id;
        self.store.write(Change { actor: &self.actor, action, reason }, |w| {
            w.put_deal(table_id, line as i64, &entry)?;
            Ok::<_, ApiError>(())
        })?;
        let l = self.loaded(at.id)?;
        l.round_mut(at.round).expect("round exists").row.tables[at.index].deals = deals;
        let table = &l.round(at.round)?.row.tables[at.index];
        let result = TableResult::of_sheet(&l.settings, table, Ok(sheet));
        l.set_result(at.round, at.index, result);
        self.sheet_at(at)
    }

    /// Check a line without writing it: the next line (`line` = None) or a
    /// correction of line `line`. Called as the scorer types.
    pub fn deal_check(&mut self, tournament: &str, round: i64, table: i64, line: Option<usize>, entry: Value) -> Result<LinePreview> {
        let at = self.locate(tournament, round, table)?;
        let l = self.loaded(at.id)?;
        let t = &l.round(round)?.row.tables[at.index];
        let line = line.unwrap_or(t.deals.len() + 1);
        if line == 0 || line > t.deals.len() + 1 {
            return Err(ApiError::NotFound(format!("{}: the sheet has no line {line}", at.place)));
        }
        let before = &t.deals[..(line - 1).min(t.deals.len())];
        let hint = l.rules.hint(table_of(t), before, &entry);
        Ok(match self.staged(&at, line, &entry) {
            Ok((_, sheet)) => LinePreview { points: sheet.lines.get(line - 1).map(|x| x.points.clone()), refused: None, hint },
            Err(e @ ApiError::Refused { .. }) => LinePreview { points: None, refused: Some(e), hint },
            Err(e) => return Err(e),
        })
    }

    /// Add the next line of a sheet (FORMAT.md's deal shape).
    pub fn deal_add(&mut self, tournament: &str, round: i64, table: i64, entry: Value) -> Result<SheetView> {
        let at = self.locate(tournament, round, table)?;
        let next = self.loaded(at.id)?.round(round)?.row.tables[at.index].deals.len() + 1;
        self.write_line(&at, next, entry, "deal.add", "")
    }

    /// Replace line `line` of a sheet; the old entry stays in the history.
    pub fn deal_correct(&mut self, tournament: &str, round: i64, table: i64, line: usize, entry: Value, reason: &str) -> Result<SheetView> {
        if reason.trim().is_empty() {
            return Err(ApiError::Invalid("a correction states its reason".into()));
        }
        let at = self.locate(tournament, round, table)?;
        let lines = self.loaded(at.id)?.round(round)?.row.tables[at.index].deals.len();
        if line == 0 || line > lines {
            return Err(ApiError::NotFound(format!("{}: the sheet has no line {line} (it has {lines})", at.place)));
        }
        self.write_line(&at, line, entry, "deal.correct", reason)
    }

    /// Record a jury ruling on a table.
    pub fn ruling_add(&mut self, tournament: &str, round: i64, table: i64, ruling: Value) -> Result<SheetView> {
        let at = self.locate(tournament, round, table)?;
        let seats = self.loaded(at.id)?.round(round)?.row.tables[at.index].seats.len();
        let parsed: Ruling = serde_json::from_value(ruling.clone())
            .map_err(|e| ApiError::refused(at.place.clone(), Rule::RULING_SHAPE, e.to_string()))?;
        parsed.check(seats).map_err(|v| ApiError::Refused { place: at.place.clone(), violation: v })?;
        let table_id = self.loaded(at.id)?.round(round)?.row.tables[at.index].id;
        let reason = parsed.reason.clone();
        self.store.write(Change { actor: &self.actor, action: "ruling.add", reason: &reason }, |w| {
            w.add_ruling(table_id, &ruling)?;
            Ok::<_, ApiError>(())
        })?;
        let l = self.loaded(at.id)?;
        l.round_mut(round).expect("round exists").row.tables[at.index].rulings.push(ruling);
        l.rescore(round, at.index);
        self.sheet_at(&at)
    }

    pub fn sheet(&mut self, tournament: &str, round: i64, table: i64) -> Result<SheetView> {
        let at = self.locate(tournament, round, table)?;
        self.sheet_at(&at)
    }

    fn sheet_at(&mut self, at: &At) -> Result<SheetView> {
        let l = self.loaded(at.id)?;
        let r = l.round(at.round)?;
        let (table, result) = (&r.row.tables[at.index], &r.results[at.index]);
        let seats = table.seats.len();
        let (lines, totals, played, needed) = match &result.sheet {
            Some(sheet) => {
                let mut running = vec![0i64; seats];
                let lines = sheet
                    .lines
                    .iter()
                    .zip(&table.deals)
                    .map(|(line, entry)| {
                        for (r, p) in running.iter_mut().zip(&line.points) {
                            *r += p;
                        }
                        SheetLine { line: line.clone(), entry: entry.clone(), running: running.clone() }
                    })
                    .collect();
                (lines, sheet.totals.clone(), sheet.deals_played, sheet.deals_needed)
            }
            None => (vec![], vec![0; seats], 0, 0),
        };
        let next = l.rules.next_choices(table_of(table), &table.deals).ok().flatten();
        Ok(SheetView {
            tournament: l.row.name.clone(),
            game: l.game.code().to_string(),
            round: at.round,
            table: table.number,
            first_dealer: table.first_dealer,
            seats: Atout::seat_views(l, &table.seats),
            lines,
            rulings: result.rulings.clone(),
            totals,
            scores: result.scores.clone(),
            table_points: result.points.clone(),
            uses_table_points: l.settings.uses_table_points(),
            deals_played: played,
            deals_needed: needed,
            complete: result.complete,
            next,
        })
    }

    /// Every version of every line and ruling of a sheet, oldest first.
    pub fn sheet_history(&mut self, tournament: &str, round: i64, table: i64) -> Result<Vec<HistoryEntry>> {
        let at = self.locate(tournament, round, table)?;
        let table_id = self.loaded(at.id)?.round(round)?.row.tables[at.index].id;
        Ok(self
            .store
            .history(table_id)?
            .into_iter()
            .map(|h| HistoryEntry {
                at_local: DateTime::parse_from_rfc3339(&h.at)
                    .map(|t| t.with_timezone(&Local).format("%Y-%m-%d %H:%M:%S").to_string())
                    .unwrap_or_else(|_| h.at.clone()),
                kind: h.kind,
                line: h.line,
                entry: h.entry,
                at: h.at,
                by: h.actor,
                action: h.action,
                reason: h.reason,
            })
            .collect())
    }
}

/// One jury ruling with where it stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulingView {
    pub round: i64,
    pub table: i64,
    pub seat: i64,
    pub player: String,
    pub name: String,
    #[serde(flatten)]
    pub ruling: Ruling,
}

impl Atout {
    /// Every ruling of a tournament, by round and table: free rulings and the
    /// faults written on deal lines (with the points the fault cost).
    pub fn rulings_list(&mut self, tournament: &str) -> Result<Vec<RulingView>> {
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let mut out = vec![];
        for r in &l.rounds {
            for (table, result) in r.row.tables.iter().zip(&r.results) {
                let who = |seat: usize| table.seats.get(seat.wrapping_sub(1)).and_then(|e| l.entrant(*e));
                if let Some(sheet) = &result.sheet {
                    for line in sheet.lines.iter().filter(|x| x.fault.is_some()) {
                        let seat = line.fault.expect("filtered");
                        let e = who(seat);
                        // A jury fault may carry its reason and jury member on the line itself.
                        let entry = &table.deals[line.line - 1];
                        let said = |k: &str| entry.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                        let reason = match said("reason") {
                            r if r.is_empty() => String::new(),
                            r => format!(": {r}"),
                        };
                        out.push(RulingView {
                            round: r.row.round,
                            table: table.number,
                            seat: seat as i64,
                            player: e.map(|e| e.code.clone()).unwrap_or_default(),
                            name: e.map(|e| e.player.name.clone()).unwrap_or_default(),
                            ruling: Ruling {
                                seat: seat as i64,
                                points: line.points.clone(),
                                reason: format!("fault in deal {} ({}), line {}{reason}", line.deal, line.label, line.line),
                                by: said("by"),
                                sanction: false,
                            },
                        });
                    }
                }
                for ruling in &result.rulings {
                    let e = who(ruling.seat.max(0) as usize);
                    out.push(RulingView {
                        round: r.row.round,
                        table: table.number,
                        seat: ruling.seat,
                        player: e.map(|e| e.code.clone()).unwrap_or_default(),
                        name: e.map(|e| e.player.name.clone()).unwrap_or_default(),
                        ruling: ruling.clone(),
                    });
                }
            }
        }
        Ok(out)
    }
}

impl Atout {
    /// How a tournament's game shows itself in `lang`: contracts, figures, totals,
    /// texts (see each game's `describe`).
    pub fn game_view(&mut self, tournament: &str, lang: &str) -> Result<Value> {
        let id = self.resolve(tournament)?;
        Ok(self.loaded(id)?.rules.describe(Lang::parse(lang)))
    }
}
