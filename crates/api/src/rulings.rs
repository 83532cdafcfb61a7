//! The jury's rulings: recorded on a table, listed for a tournament (with the faults written
//! on its sheets' lines), withdrawn.

use crate::error::{ApiError, Result};
use crate::sheets::{redrawn, SheetView, TableRef};
use crate::text::required_reason;
use crate::Atout;
use atout_rules::ruling::Ruling;
use atout_rules::{said, Said, Tr};
use atout_store::{Change, Id};
use serde::Serialize;
use serde_json::Value;

/// A check a ruling's write runs inside its transaction, against the data as stored, with
/// the table's id and the ruling's (the jury's device: its code still live, its key kept).
pub(crate) type WriteCheck<'a> = dyn Fn(&mut atout_store::Writer<'_>, Id, Id) -> Result<()> + 'a;

impl Atout {
    /// Record a jury ruling on a table.
    pub fn ruling_add(&mut self, table: &TableRef, ruling: Value) -> Result<SheetView> {
        self.ruling_add_checked(table, ruling, None)
    }

    /// [`Atout::ruling_add`], with `check` run inside the write's transaction (the jury's
    /// device: its code still live).
    pub(crate) fn ruling_add_checked(&mut self, table: &TableRef, ruling: Value, check: Option<&WriteCheck<'_>>) -> Result<SheetView> {
        let at = self.locate(table)?;
        let round = at.round;
        let seats = self.loaded(at.id)?.round(round)?.row.tables[at.index].seats.len();
        // Points written as decimals that are whole (3.0) are those integers, kept so.
        let ruling = atout_rules::whole_numbers(&ruling);
        let parsed: Ruling = serde_json::from_value(ruling.clone()).map_err(|e| ApiError::ruling_unread(at.place.clone(), &e))?;
        parsed.check(seats).map_err(|v| ApiError::Refused { place: at.place.clone(), violation: v })?;
        crate::text::bounded(&parsed.reason, crate::text::field::REASON, crate::text::REASON_MAX)?;
        crate::text::bounded(&parsed.by, crate::text::field::JURY_NAME, crate::text::NAME_MAX)?;
        // Kept as sent: a line break at its end counts too (it came out in the sheet).
        crate::text::no_control(&parsed.reason, crate::text::field::REASON)?;
        crate::text::no_control(&parsed.by, crate::text::field::JURY_NAME)?;
        let table_id = self.loaded(at.id)?.round(round)?.row.tables[at.index].id;
        let reason = parsed.reason.clone();
        let ruling_id = self.store.write(Change { actor: &self.actor, action: "ruling.add", reason: &reason }, |w| {
            // The table must still be the round's: a redraw meanwhile would orphan the ruling.
            if w.current_table(at.id, round, table.table)? != Some(table_id) {
                return Err(redrawn(&at.place));
            }
            let id = w.add_ruling(table_id, &ruling)?;
            if let Some(check) = check {
                check(w, table_id, id)?;
            }
            Ok::<_, ApiError>(id)
        })?;
        let l = self.loaded(at.id)?;
        let row = &mut l.round_mut(round).expect("round exists").row.tables[at.index];
        row.rulings.push(ruling);
        row.ruling_ids.push(ruling_id);
        l.rescore(round, at.index)?;
        // A ruling is a write like a line: the automatic backup is due after it as after one.
        self.after_write(false);
        self.sheet_at(&at)
    }
}

/// One jury ruling with where it stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulingView {
    /// The ruling's id (to withdraw it); absent for a fault written on a sheet line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Id>,
    pub round: i64,
    pub table: i64,
    /// The player the ruling concerns (its seat is the ruling's own `seat`: written once, it was
    /// written twice in one JSON object).
    pub player: String,
    pub name: String,
    /// When it was written (UTC, as stored) and in local time.
    pub at: String,
    pub at_local: String,
    /// Read from an imported document: `at` is when it was imported (the document does not
    /// say when it was ruled).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub imported: bool,
    /// Its reason in every language (a fault on a line says which deal and line, in words).
    pub reason_texts: Said,
    #[serde(flatten)]
    pub ruling: Ruling,
    /// A ruling withdrawn since: it no longer counts, and stays listed with its withdrawal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrawn: Option<RulingWithdrawn>,
}

/// The view's own fields: a ruling's fields of another tool's (kept as written) under the same
/// names would be written a second time in the view's JSON, over Atout's (a document's ruling
/// with its own `at` gave two `at`, the later one the document's time, unconverted).
const VIEW_FIELDS: [&str; 10] = ["id", "round", "table", "player", "name", "at", "at_local", "imported", "reason_texts", "withdrawn"];

/// A ruling as a view shows it: without the fields of its own that the view writes.
fn viewed(mut ruling: Ruling) -> Ruling {
    ruling.extra.retain(|k, _| !VIEW_FIELDS.contains(&k.as_str()));
    ruling
}

/// When, by whom and why a ruling was withdrawn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulingWithdrawn {
    pub at: String,
    pub at_local: String,
    pub by: String,
    pub reason: String,
}

impl Atout {
    /// Every ruling of a tournament, by round and table: free rulings and the
    /// faults written on deal lines (with the points the fault cost).
    pub fn rulings_list(&mut self, tournament: &str) -> Result<Vec<RulingView>> {
        let id = self.resolve(tournament)?;
        // When each ruling and each line was written: the tables that have any.
        let mut written: std::collections::HashMap<Id, Vec<atout_store::HistoryRow>> = std::collections::HashMap::new();
        let with_rulings: Vec<Id> = self
            .loaded(id)?
            .rounds
            .iter()
            .flat_map(|r| r.row.tables.iter().zip(&r.results))
            .filter(|(t, res)| !t.ruling_ids.is_empty() || res.sheet.as_ref().is_some_and(|s| s.lines.iter().any(|x| x.fault.is_some())))
            .map(|(t, _)| t.id)
            .collect();
        for table in with_rulings {
            written.insert(table, self.store.history(table)?);
        }
        // When it was written, and whether by an import.
        let at_of = |table: Id, pick: &dyn Fn(&atout_store::HistoryRow) -> bool| {
            written.get(&table).and_then(|h| h.iter().rev().find(|x| pick(x))).map(|x| (x.at.clone(), crate::audit::is_import(&x.action))).unwrap_or_default()
        };
        let withdrawn = self.store.withdrawn_rulings(id)?;
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
                        let entry = &table.deals.values()[line.line - 1];
                        let said = |k: &str| entry.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                        let reason = match said("reason") {
                            r if r.is_empty() => String::new(),
                            r => format!(": {r}"),
                        };
                        let (at, imported) = at_of(table.id, &|x| x.kind == "deal" && x.line == Some(line.line as i64));
                        out.push(RulingView {
                            id: None,
                            round: r.row.round,
                            table: table.number,
                            player: e.map(|e| e.code.clone()).unwrap_or_default(),
                            name: e.map(|e| e.player.name.clone()).unwrap_or_default(),
                            at_local: crate::text::local_time(&at),
                            at,
                            imported,
                            reason_texts: {
                                let (deal, n, w) = (line.deal, line.line, l.names.label(&line.label));
                                let jury = said("reason");
                                let (sep_en, sep_fr) = if jury.is_empty() { ("", "") } else { (": ", " : ") };
                                let (we, wf, wn) = (&w.en, &w.fr, &w.nl);
                                said!(
                                    "fault in deal {deal} ({we}), line {n}{sep_en}{jury}",
                                    "faute dans la donne {deal} ({wf}), ligne {n}{sep_fr}{jury}",
                                    "fout in spel {deal} ({wn}), lijn {n}{sep_en}{jury}"
                                )
                            },
                            withdrawn: None,
                            ruling: Ruling {
                                seat: seat as i64,
                                points: line.points.clone(),
                                reason: format!("fault in deal {} ({}), line {}{reason}", line.deal, line.label, line.line),
                                by: said("by"),
                                sanction: false,
                                extra: Default::default(),
                            },
                        });
                    }
                }
                for (ruling, id) in result.rulings.iter().zip(&table.ruling_ids) {
                    let e = who(ruling.seat.max(0) as usize);
                    let (at, imported) = at_of(table.id, &|x| x.kind == "ruling" && x.record == *id);
                    out.push(RulingView {
                        id: Some(*id),
                        round: r.row.round,
                        table: table.number,
                        player: e.map(|e| e.code.clone()).unwrap_or_default(),
                        name: e.map(|e| e.player.name.clone()).unwrap_or_default(),
                        at_local: crate::text::local_time(&at),
                        at,
                        imported,
                        // In the game's words: a jury's call says its contract and outcome.
                        reason_texts: l.names.ruling_reason(ruling),
                        ruling: viewed(ruling.clone()),
                        withdrawn: None,
                    });
                }
                // The rulings withdrawn since, listed with their withdrawal (they count no more).
                for w in withdrawn.iter().filter(|w| w.table == table.id) {
                    let Ok(ruling) = serde_json::from_value::<Ruling>(w.entry.clone()) else { continue };
                    let e = who(ruling.seat.max(0) as usize);
                    out.push(RulingView {
                        id: Some(w.id),
                        round: r.row.round,
                        table: table.number,
                        player: e.map(|e| e.code.clone()).unwrap_or_default(),
                        name: e.map(|e| e.player.name.clone()).unwrap_or_default(),
                        at_local: crate::text::local_time(&w.at),
                        at: w.at.clone(),
                        // An imported ruling stays said imported (it read the import's time
                        // as the moment the jury ruled).
                        imported: crate::audit::is_import(&w.action),
                        reason_texts: l.names.ruling_reason(&ruling),
                        ruling: viewed(ruling),
                        withdrawn: Some(RulingWithdrawn {
                            at_local: crate::text::local_time(&w.withdrawn_at),
                            at: w.withdrawn_at.clone(),
                            by: w.withdrawn_by.clone(),
                            reason: w.reason.clone(),
                        }),
                    });
                }
            }
        }
        Ok(out)
    }
}

impl Atout {
    /// Withdraw a jury ruling (it stays in the history); the table is scored again.
    pub fn ruling_withdraw(&mut self, tournament: &str, ruling: Id, reason: &str) -> Result<Vec<RulingView>> {
        let reason = required_reason(reason, Tr::new("a ruling withdrawn", "une décision retirée", "een ingetrokken beslissing"))?;
        let id = self.resolve(tournament)?;
        let l = self.loaded(id)?;
        let table = l
            .rounds
            .iter()
            .flat_map(|r| r.row.tables.iter().map(move |t| (r.row.round, t)))
            .find(|(_, t)| t.ruling_ids.contains(&ruling))
            .map(|(round, t)| (round, t.number));
        let Some((round, number)) = table else {
            let name = &l.row.name;
            return Err(ApiError::not_found(said!(
                "no ruling {ruling} in force in {name}",
                "pas de décision {ruling} en vigueur dans {name}",
                "geen beslissing {ruling} van kracht in {name}"
            )));
        };
        self.store.write(Change { actor: &self.actor, action: "ruling.withdraw", reason: &reason }, |w| {
            if w.ruling_withdrawn(ruling)? {
                return Err(ApiError::conflict(said!(
                    "round {round}, table {number}: ruling {ruling} was withdrawn meanwhile",
                    "manche {round}, table {number} : la décision {ruling} a été retirée entre-temps",
                    "ronde {round}, tafel {number}: beslissing {ruling} werd intussen ingetrokken"
                )));
            }
            w.withdraw_ruling(ruling)?;
            Ok::<_, ApiError>(())
        })?;
        self.cache.remove(&id);
        self.after_write(false);
        self.rulings_list(&id.to_string())
    }
}
