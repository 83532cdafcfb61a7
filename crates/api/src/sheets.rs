//! Score sheets: add a line, correct a line, take one back, read a sheet and its history.

use crate::error::{ApiError, Place, Result};
use crate::state::{table_of, TableResult};
use crate::text::required_reason;
use crate::Atout;
use atout_rules::ruling::Ruling;
use atout_rules::{said, Lang, Line, Rule, Said, Sheet, TablePoints, Tr};
use atout_store::{Change, Id};
use serde::Serialize;

/// «N lines» in each language, one said as one («1 ligne», not «1 lignes»).
pub(crate) fn lines_count(n: usize) -> Said {
    if n == 1 {
        said!("1 line", "1 ligne", "1 lijn")
    } else {
        said!("{n} lines", "{n} lignes", "{n} lijnen")
    }
}
use serde_json::Value;

pub use crate::state::SeatView;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SheetLine {
    #[serde(flatten)]
    pub line: Line,
    /// The entry as written.
    pub entry: Value,
    /// Running totals after this line.
    pub running: Vec<i64>,
    /// The label in words, in every language (`no-hearts` → "No hearts"), and the full
    /// name of the game it opens with.
    pub label_texts: Said,
    pub label_title: Said,
    /// The entry in words, in every language, seats named by their players.
    pub entry_texts: Said,
    /// Who played the line, in words (declarer, partner, offender …, a fine's reason):
    /// empty when the entry names nobody.
    pub who_texts: Said,
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
    /// The action in words, in every language (`crate::audit::action_said`).
    pub action_texts: Said,
    pub reason: String,
    /// The entry in words, in every language, seats named by their players.
    pub texts: Said,
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
    /// Each ruling's reason in words, in every language, in the order of `rulings` (a jury's
    /// call says its contract and outcome: the game's words).
    pub ruling_texts: Vec<Said>,
    /// Sheet totals per seat, rulings not included.
    pub totals: Vec<i64>,
    /// Round scores: totals plus rulings.
    pub scores: Vec<i64>,
    pub table_points: Vec<TablePoints>,
    /// Whether the tournament ranks by table points (otherwise they are not shown).
    pub uses_table_points: bool,
    pub deals_played: usize,
    pub deals_needed: usize,
    /// How far the sheet is, as its game counts (deals, or Kings Cribbage's turns).
    pub progress_texts: atout_rules::Said,
    pub complete: bool,
    /// What the next line may be (the game's choices), absent when complete.
    pub next: Option<Value>,
    /// Seats this sheet names to keep the score of their next game (Kings Cribbage's serviteur).
    pub next_scorer: Vec<usize>,
    /// Seats that keep this sheet's score, named after the previous round.
    pub scorers: Vec<usize>,
    /// The entry's figures the paper sheet shows beside each seat's points (Double Lucky
    /// 7's `bids` and `tricks`), as the game's printed form names them; the window shows
    /// them too.
    pub seat_figures: Vec<String>,
    /// How the game writes what its sheet abbreviates (King's sales), in every language, as
    /// the printed sheet says it under the table; none when the game abbreviates nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<Said>,
    /// Set when the stored sheet no longer checks (only after the database was edited by hand).
    pub error: Option<String>,
    /// The same, in every language (where and why).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error_texts: Option<Said>,
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
    /// The line in words, in every language, seats named by their players ("rik · declarer:
    /// 2. Bart · partner: 4. Dirk · tricks: 9"), so that the scorer sees whom it credits.
    pub texts: Said,
}

/// A line written: its number, its points per seat, the sheet's totals after it, and
/// whether the sheet is now complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineWritten {
    pub line: usize,
    pub points: Vec<i64>,
    pub totals: Vec<i64>,
    pub complete: bool,
}

/// A table of a round of a tournament: what every sheet action is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct TableRef {
    /// The tournament's id or exact name.
    pub tournament: String,
    pub round: i64,
    pub table: i64,
}

impl TableRef {
    pub fn new(tournament: impl Into<String>, round: i64, table: i64) -> TableRef {
        TableRef { tournament: tournament.into(), round, table }
    }
}

/// Which sheet a call is about, once found.
pub(crate) struct At {
    pub(crate) id: Id,
    pub(crate) round: i64,
    pub(crate) index: usize,
    pub(crate) place: Place,
}

impl Atout {
    pub(crate) fn locate(&mut self, at: &TableRef) -> Result<At> {
        let id = self.resolve(&at.tournament)?;
        let index = self.loaded(id)?.table_index(at.round, at.table)?;
        Ok(At { id, round: at.round, index, place: Place::table(at.round, at.table) })
    }

    /// The sheet of `at` with `entry` written as line `line` (a new last line or
    /// a correction), checked whole against the cached sheet: for previews.
    pub(crate) fn staged(&mut self, at: &At, line: usize, entry: &Value) -> Result<(Vec<Value>, Sheet)> {
        let l = self.loaded(at.id)?;
        let r = l.round(at.round)?;
        let table = &r.row.tables[at.index];
        let mut deals = table.deals.values().to_vec();
        if line == deals.len() + 1 {
            deals.push(entry.clone());
        } else {
            Edit::Correct { line, entry: entry.clone(), seen: None }.apply(&mut deals, &at.place, None)?;
        }
        let sheet = l.rules.replay(table_of(table), &deals).map_err(|e| ApiError::sheet(at.place.clone(), e))?;
        // A line with its cards gives what its cards give, as the write checks it.
        l.rules.check_hands(table_of(table), &sheet, &deals, &|n| n == line).map_err(|e| ApiError::sheet(at.place.clone(), e))?;
        Ok((deals, sheet))
    }

    /// Change a sheet: the change is applied to the sheet as stored at the moment
    /// of writing and checked whole inside the same transaction, so that two
    /// writers at one table never overwrite each other; a refused change writes
    /// nothing. Lines that change get a new row; removed lines a null row.
    /// The sheet as it then stands is the caller's to read (`sheet_at`): a table's device
    /// needs only the answer "stored".
    pub(crate) fn write_sheet(&mut self, at: &At, edit: Edit, action: &str, reason: &str, device: Option<&dyn WriteGuard>) -> Result<()> {
        let (table_id, number, seats, cached, cached_first, names) = {
            let l = self.loaded(at.id)?;
            let t = &l.round(at.round)?.row.tables[at.index];
            let names: Vec<String> = l.seat_views(&t.seats).into_iter().map(|s| s.name).collect();
            (t.id, t.number, t.seats.len(), t.deals.values().to_vec(), t.first_dealer, names)
        };
        let Atout { store, cache, actor, seen_version, .. } = self;
        let seen = *seen_version;
        let l = cache.get(&at.id).ok_or_else(|| ApiError::internal("write", "the tournament was not loaded"))?;
        let rules = l.rules.as_ref();
        let (deals, first, sheet) = store
            .write(Change { actor, action, reason }, |w| {
                // The sheet as stored: the cached one when no other connection has committed
                // since it was read (this transaction holds the write lock), else read again.
                let fresh = w.data_version()? == seen;
                // Another connection may have drawn the round again meanwhile: the table read
                // is then no longer the round's, and a line written there would be lost to it.
                if !fresh && w.current_table(at.id, at.round, number)? != Some(table_id) {
                    return Err(redrawn(&at.place));
                }
                let stored = if fresh { cached } else { w.table_lines(table_id)? };
                let first = match &edit {
                    Edit::Dealer(seat) => {
                        w.set_first_dealer(table_id, *seat)?;
                        *seat
                    }
                    _ if fresh => cached_first,
                    _ => w.first_dealer(table_id)?.unwrap_or(0),
                };
                // A device's line: its code still live, its table not locked, its key new, its line free.
                let code = match device {
                    Some(d) => Some(d.guard(w, table_id, &stored)?),
                    None => None,
                };
                let mut deals = stored.clone();
                edit.apply(&mut deals, &at.place, Some(&|line| w.line_author(table_id, line as i64)))?;
                let table = crate::state::rules_table(seats, first);
                let sheet = rules.replay(table, &deals).map_err(|e| ApiError::sheet(at.place.clone(), e))?;
                // A line written with its cards gives what its cards give.
                rules
                    .check_hands(table, &sheet, &deals, &|line| stored.get(line - 1) != deals.get(line - 1))
                    .map_err(|e| ApiError::sheet(at.place.clone(), e))?;
                // A table's device writes no jury's line, nor changes or takes one back.
                if device.is_some_and(|d| !d.writes_faults()) {
                    let faults = |lines: &[atout_rules::Line]| -> Vec<usize> { lines.iter().filter(|l| l.fault.is_some()).map(|l| l.line).collect() };
                    let changed = |n: &usize| stored.get(n - 1) != deals.get(n - 1);
                    let mut touched: Vec<usize> = faults(&sheet.lines).into_iter().filter(changed).collect();
                    // The sheet as stored is replayed only when a stored line changes or goes
                    // (a correction, an undo): a new line touches none of them.
                    let moved = stored.iter().enumerate().any(|(i, e)| deals.get(i) != Some(e));
                    if let Some(Ok(before)) = moved.then(|| rules.replay(table, &stored)) {
                        touched.extend(faults(&before.lines).into_iter().filter(changed));
                    }
                    if let Some(line) = touched.into_iter().min() {
                        return Err(ApiError::Forbidden(said!(
                            "line {line} is a fault or a fine: the jury writes it, with the jury's code",
                            "la ligne {line} est une faute ou une amende : le jury l'écrit, avec le code du jury",
                            "lijn {line} is een fout of een boete: de jury schrijft ze, met de code van de jury"
                        )));
                    }
                }
                // A line's words as the window's fields are bounded (a fault's reason of
                // 100,000 characters, a line break in a consent's jury member were stored).
                for (i, entry) in deals.iter().enumerate() {
                    if stored.get(i) != Some(entry) {
                        if let Err(said) = crate::text::bounded_line(entry) {
                            let mut place = at.place.clone();
                            place.deal = Some(i + 1);
                            return Err(ApiError::refused_said(place, Rule::DEAL_SHAPE, said));
                        }
                    }
                }
                // A jury's fault written on a line states why and who, like a ruling.
                for (line, entry) in sheet.lines.iter().zip(&deals) {
                    if stored.get(line.line - 1) != Some(entry) {
                        fault_stated(&at.place, line, entry)?;
                    }
                }
                for i in 0..deals.len().max(stored.len()) {
                    match deals.get(i) {
                        Some(entry) if stored.get(i) != Some(entry) => w.put_deal(table_id, i as i64 + 1, entry)?,
                        Some(_) => {}
                        None => w.remove_line(table_id, i as i64 + 1)?,
                    }
                }
                if let Some((key, line)) = device.and_then(|d| d.key()) {
                    w.put_line_key(table_id, key, line as i64, code)?;
                }
                Ok::<_, ApiError>((deals, first, sheet))
            })
            .map_err(|e| e.with_names(&names))?;
        let l = self.loaded(at.id)?;
        let row = &mut l.round_mut(at.round).expect("round exists").row.tables[at.index];
        row.deals = deals.into();
        row.first_dealer = first;
        let table = &l.round(at.round)?.row.tables[at.index];
        let result = TableResult::of_sheet(&l.settings, table, Ok(sheet))?;
        l.set_result(at.round, at.index, result);
        let round_complete = l.round(at.round)?.results.iter().all(|r| r.complete);
        self.after_write(round_complete);
        Ok(())
    }

    /// Check a line without writing it: the next line (`line` = None) or a
    /// correction of line `line`. Called as the scorer types.
    pub fn deal_check(&mut self, table: &TableRef, line: Option<usize>, entry: Value) -> Result<LinePreview> {
        let at = self.locate(table)?;
        let l = self.loaded(at.id)?;
        let t = &l.round(at.round)?.row.tables[at.index];
        let line = line.unwrap_or(t.deals.len() + 1);
        if line == 0 || line > t.deals.len() + 1 {
            return Err(no_line(&at.place, line, t.deals.len()));
        }
        let before = &t.deals.values()[..(line - 1).min(t.deals.len())];
        let hint = l.rules.hint(table_of(t), before, &entry);
        let seats: Vec<String> = l.seat_views(&t.seats).into_iter().map(|s| s.name).collect();
        let texts = l.names.entry(&entry, &seats);
        // A fault without its reason or jury member is said as the line is typed too (it was
        // said only once sent, the line shown good until then).
        let stated = |sheet: &atout_rules::Sheet| sheet.lines.get(line - 1).map_or(Ok(()), |l| fault_stated(&at.place, l, &entry));
        Ok(match self.staged(&at, line, &entry).and_then(|(x, sheet)| stated(&sheet).map(|()| (x, sheet))) {
            Ok((_, sheet)) => LinePreview { points: sheet.lines.get(line - 1).map(|x| x.points.clone()), refused: None, hint, texts },
            Err(e @ ApiError::Refused { .. }) => LinePreview { points: None, refused: Some(e.with_names(&seats)), hint, texts },
            Err(e) => return Err(e),
        })
    }

    /// What the line after the lines `after` (a table device's, waiting to be sent) may be:
    /// the game's choices as if they were written (`Some(None)` when the sheet would then be
    /// complete); `None` when they do not replay, so that nothing can be said before they go.
    pub fn next_after(&mut self, table: &TableRef, after: &[Value]) -> Result<Option<Option<Value>>> {
        let at = self.locate(table)?;
        let l = self.loaded(at.id)?;
        let t = &l.round(at.round)?.row.tables[at.index];
        Ok(with_waiting(l, t, after).and_then(|deals| l.rules.next_choices(table_of(t), &deals).ok()))
    }

    /// [`Atout::deal_check`] of the line that follows the lines `after` (a table device's,
    /// waiting to be sent): checked as if they were written. When they do not replay, the
    /// line is not judged (no points, no refusal): it is checked when it is sent.
    pub fn deal_check_after(&mut self, table: &TableRef, after: &[Value], entry: Value) -> Result<LinePreview> {
        let at = self.locate(table)?;
        let l = self.loaded(at.id)?;
        let t = &l.round(at.round)?.row.tables[at.index];
        let seats: Vec<String> = l.seat_views(&t.seats).into_iter().map(|s| s.name).collect();
        let texts = l.names.entry(&entry, &seats);
        let Some(mut deals) = with_waiting(l, t, after) else { return Ok(LinePreview { points: None, refused: None, hint: Value::Null, texts }) };
        let hint = l.rules.hint(table_of(t), &deals, &entry);
        let line = deals.len() + 1;
        deals.push(entry);
        let checked = l.rules.replay(table_of(t), &deals).and_then(|sheet| l.rules.check_hands(table_of(t), &sheet, &deals, &|n| n == line).map(|()| sheet));
        Ok(match checked {
            Ok(sheet) => LinePreview { points: sheet.lines.get(line - 1).map(|x| x.points.clone()), refused: None, hint, texts },
            Err(e) => LinePreview { points: None, refused: Some(ApiError::sheet(at.place.clone(), e).with_names(&seats)), hint, texts },
        })
    }

    /// Add the next line of a sheet (FORMAT.md's deal shape). With `line`, the number
    /// the writer expects it to have: refused, naming who wrote it, when that line was
    /// written meanwhile (the scorer typed it for the sheet they saw); without, it is
    /// the next line whatever the number of lines stored at that moment.
    /// Answers with the line written (its number, its points, the totals after it), not the
    /// whole sheet: a front that shows the sheet reads it (`sheet`).
    pub fn deal_add(&mut self, table: &TableRef, line: Option<usize>, entry: Value) -> Result<LineWritten> {
        let at = self.locate(table)?;
        self.write_sheet(&at, Edit::Add { line, entry }, "deal.add", "", None)?;
        let l = self.loaded(at.id)?;
        let r = l.round(at.round)?;
        let (deals, result) = (r.row.tables[at.index].deals.len(), &r.results[at.index]);
        let sheet = result.sheet.as_ref();
        Ok(LineWritten {
            line: deals,
            points: sheet.and_then(|s| s.lines.last()).map(|x| x.points.clone()).unwrap_or_default(),
            totals: sheet.map(|s| s.totals.clone()).unwrap_or_default(),
            complete: result.complete,
        })
    }

    /// Replace line `line` of a sheet; the old entry stays in the history. With
    /// `seen`, the version the writer corrected: refused, naming who, when the line
    /// was changed meanwhile (two people correcting one line).
    pub fn deal_correct(&mut self, table: &TableRef, line: usize, entry: Value, seen: Option<Value>, reason: &str) -> Result<SheetView> {
        let reason = required_reason(reason, Tr::new("a correction", "une correction", "een correctie"))?;
        let at = self.locate(table)?;
        self.write_sheet(&at, Edit::Correct { line, entry, seen }, "deal.correct", &reason, None)?;
        self.sheet_at(&at)
    }

    /// Replace a whole sheet at once (several lines corrected together, lines
    /// added or cut), checked whole; every old line stays in the history.
    pub fn sheet_replace(&mut self, table: &TableRef, lines: Vec<Value>, reason: &str) -> Result<SheetView> {
        let reason = required_reason(reason, Tr::new("a sheet replaced", "une feuille remplacée", "een vervangen blad"))?;
        let at = self.locate(table)?;
        self.write_sheet(&at, Edit::Replace(lines), "sheet.replace", &reason, None)?;
        self.sheet_at(&at)
    }

    /// Take back line `line`, the last of the sheet (it stays in the history).
    /// Refused, naming who wrote it, when the last line is another one: a line
    /// written meanwhile by another device is never taken back by mistake. With `seen`,
    /// the line as the writer saw it: refused the same when it was corrected meanwhile.
    pub fn deal_undo(&mut self, table: &TableRef, line: usize, seen: Option<Value>, reason: &str) -> Result<SheetView> {
        let reason = required_reason(reason, Tr::new("an undo", "une annulation", "een ongedaanmaking"))?;
        let at = self.locate(table)?;
        self.write_sheet(&at, Edit::Undo { line: Some(line), seen }, "deal.undo", &reason, None)?;
        self.sheet_at(&at)
    }

    /// Take back the sheet's last line as it stands inside the write (`atout deal undo`
    /// without `--line`: whichever line is last when the command runs).
    pub fn deal_undo_last(&mut self, table: &TableRef, reason: &str) -> Result<SheetView> {
        let reason = required_reason(reason, Tr::new("an undo", "une annulation", "een ongedaanmaking"))?;
        let at = self.locate(table)?;
        self.write_sheet(&at, Edit::Undo { line: None, seen: None }, "deal.undo", &reason, None)?;
        self.sheet_at(&at)
    }

    /// Correct the first dealer of a table; the sheet is checked again with the
    /// new dealer, inside the write.
    pub fn table_dealer(&mut self, table: &TableRef, seat: i64, reason: &str) -> Result<SheetView> {
        let reason = required_reason(reason, Tr::new("a new first dealer", "un nouveau premier donneur", "een nieuwe eerste gever"))?;
        let at = self.locate(table)?;
        self.write_sheet(&at, Edit::Dealer(seat), "table.dealer", &reason, None)?;
        self.sheet_at(&at)
    }

    pub fn sheet(&mut self, table: &TableRef) -> Result<SheetView> {
        let at = self.locate(table)?;
        self.sheet_at(&at)
    }

    pub(crate) fn sheet_at(&mut self, at: &At) -> Result<SheetView> {
        let l = self.loaded(at.id)?;
        let r = l.round(at.round)?;
        let (table, result) = (&r.row.tables[at.index], &r.results[at.index]);
        let seats = table.seats.len();
        let seat_views = l.seat_views(&table.seats);
        let names: Vec<String> = seat_views.iter().map(|s| s.name.clone()).collect();
        let (lines, totals, played, needed) = match &result.sheet {
            Some(sheet) => {
                let mut running = vec![0i64; seats];
                let lines = sheet
                    .lines
                    .iter()
                    .zip(table.deals.values())
                    .map(|(line, entry)| {
                        for (r, p) in running.iter_mut().zip(&line.points) {
                            *r += p;
                        }
                        SheetLine {
                            label_texts: l.names.label(&line.label),
                            label_title: l.names.label_title(&line.label),
                            entry_texts: l.names.entry(entry, &names),
                            who_texts: l.names.who_on_sheet(entry, &names),
                            line: line.clone(),
                            entry: entry.clone(),
                            running: running.clone(),
                        }
                    })
                    .collect();
                (lines, sheet.totals.clone(), sheet.deals_played, sheet.deals_needed)
            }
            None => (vec![], vec![0; seats], 0, 0),
        };
        let next = l.rules.next_choices(table_of(table), table.deals.values()).ok().flatten();
        Ok(SheetView {
            tournament: l.row.name.clone(),
            game: l.game.code().to_string(),
            round: at.round,
            table: table.number,
            first_dealer: table.first_dealer,
            seats: seat_views,
            lines,
            rulings: result.rulings.clone(),
            ruling_texts: result.rulings.iter().map(|r| l.names.ruling_reason(r)).collect(),
            totals,
            scores: result.scores.clone(),
            table_points: result.points.clone(),
            uses_table_points: l.settings.uses_table_points(),
            deals_played: played,
            deals_needed: needed,
            progress_texts: l.rules.progress(played, needed),
            complete: result.complete,
            next,
            next_scorer: result.sheet.as_ref().map(|s| s.next_scorer.clone()).unwrap_or_default(),
            scorers: l.scorers(at.round, table),
            seat_figures: l.rules.print_form(table_of(table), atout_rules::Lang::En)["per_seat"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|c| c["from"].as_str().filter(|f| *f != "points").map(str::to_string))
                .collect(),
            key: {
                let key = |lang| l.rules.print_form(table_of(table), lang)["key"].as_str().map(str::to_string);
                key(atout_rules::Lang::En).map(|en| Said {
                    en,
                    fr: key(atout_rules::Lang::Fr).unwrap_or_default(),
                    nl: key(atout_rules::Lang::Nl).unwrap_or_default(),
                })
            },
            error: result.error.as_ref().map(|e| e.to_string()),
            error_texts: result.error.as_ref().map(|e| ApiError::sheet(at.place.clone(), e.clone()).texts()),
        })
    }

    /// Every version of every line and ruling of a sheet, oldest first.
    pub fn sheet_history(&mut self, table: &TableRef) -> Result<Vec<HistoryEntry>> {
        let at = self.locate(table)?;
        let l = self.loaded(at.id)?;
        let table = &l.round(at.round)?.row.tables[at.index];
        let names: Vec<String> = l.seat_views(&table.seats).into_iter().map(|s| s.name).collect();
        let table_id = table.id;
        let words = l.names.clone();
        Ok(self
            .store
            .history(table_id)?
            .into_iter()
            .map(|h| {
                let reason = crate::audit::reason_of(h.kind, &h.entry, h.reason.clone());
                HistoryEntry {
                    action_texts: crate::audit::action_said(&h.action),
                    texts: match h.kind {
                        "deal" => words.entry(&h.entry, &names),
                        _ => words.ruling(&h.entry, &names),
                    },
                    at_local: crate::text::local_time(&h.at),
                    kind: h.kind,
                    line: h.line,
                    entry: h.entry,
                    at: h.at,
                    by: h.actor,
                    action: h.action,
                    reason,
                }
            })
            .collect())
    }
}

/// The round was drawn again since the writer looked at it.
pub(crate) fn redrawn(place: &Place) -> ApiError {
    let p = place.said();
    let (en, fr, nl) = (p.en, p.fr, p.nl);
    ApiError::conflict(said!(
        "{en}: the round was drawn again meanwhile; look at the new tables",
        "{fr} : la manche a été tirée à nouveau entre-temps ; regardez les nouvelles tables",
        "{nl}: de ronde werd intussen opnieuw geloot; bekijk de nieuwe tafels"
    ))
}

/// A line the sheet does not have.
fn no_line(place: &Place, line: usize, lines: usize) -> ApiError {
    let p = place.said();
    let (en, fr, nl) = (p.en, p.fr, p.nl);
    ApiError::not_found(said!(
        "{en}: the sheet has no line {line} (it has {lines})",
        "{fr} : la feuille n'a pas de ligne {line} (elle en a {lines})",
        "{nl}: het blad heeft geen lijn {line} (het heeft er {lines})"
    ))
}

/// The conflict over `line`, last written by `author` (who, and when in UTC) if known.
/// The line a change names (`seen`, as the page showed it) is the one stored: a whole number
/// read as itself (2.0, stored before writes kept integers, comes back from the page as 2: it
/// was "changed meanwhile" forever).
fn seen_as_stored(seen: &Value, stored: &Value) -> bool {
    atout_rules::whole_numbers(seen) == atout_rules::whole_numbers(stored)
}

pub(crate) fn taken(said: Said, line: usize, author: Option<(String, String)>) -> ApiError {
    let (by, at) = author.unzip();
    ApiError::Taken(Box::new(crate::error::Taken { said, line, by, at_local: at.as_deref().map(crate::text::local_time), at }))
}

/// Who wrote a line and when, in words: ` by Anne at 2026-11-22 21:04:00`, or nothing
/// when the store does not know.
pub(crate) fn written_by(author: Option<(String, String)>) -> Said {
    match author {
        Some((who, at)) => {
            // When, as each language writes a date (27/11/2026 in French; it read 2026-11-27).
            let at = crate::text::local_time(&at);
            let (day, time) = at.split_once(' ').unwrap_or((&at, ""));
            let (day_fr, day_nl) = (atout_report::site::date_in(day, 1), atout_report::site::date_in(day, 2));
            let named = crate::text::actor_said(&who);
            let (en, fr, nl) =
                if who.is_empty() { ("someone".to_string(), "quelqu'un".to_string(), "iemand".to_string()) } else { (named.en, named.fr, named.nl) };
            said!(" by {en} at {at}", " par {fr} le {day_fr} à {time}", " door {nl} op {day_nl} om {time}")
        }
        None => said!("", "", ""),
    }
}

/// The entries of table `t` as stored, the lines `after` (a table device's, typed while it
/// could not send them, in order) written after them, when they replay; `None` when one of
/// them is refused (its turn comes when it is sent).
fn with_waiting(l: &crate::state::Loaded, t: &atout_store::TableRow, after: &[Value]) -> Option<Vec<Value>> {
    let mut deals = t.deals.values().to_vec();
    deals.extend(after.iter().cloned());
    l.rules.replay(table_of(t), &deals).is_ok().then_some(deals)
}

/// What a write from a table device must pass inside the write transaction, against the
/// data as stored (its code still live, its table not locked, its key new, its line free):
/// declared beside `write_sheet`, which calls it, so that the sheets need not know the
/// devices. Returns the code's id, recorded with the line.
pub(crate) trait WriteGuard {
    fn guard(&self, w: &atout_store::Writer<'_>, table_id: atout_store::Id, stored: &[Value]) -> Result<atout_store::Id>;
    /// Whether the writer may add, change or take back a jury's line (a fault, a fine): the
    /// jury's code may, a table's may not.
    fn writes_faults(&self) -> bool {
        true
    }
    /// A new line's key and number, recorded with it (none for a correction or an undo).
    fn key(&self) -> Option<(&str, usize)>;
}

/// A change to a sheet's lines.
pub(crate) enum Edit {
    /// A new last line; `line`: the number the writer expects it to have.
    Add {
        line: Option<usize>,
        entry: Value,
    },
    /// `seen`: the version the writer corrected, when known; refused if it changed meanwhile.
    Correct {
        line: usize,
        entry: Value,
        seen: Option<Value>,
    },
    Replace(Vec<Value>),
    /// Take back the last line, which the writer names.
    /// `line`: the line the writer takes back, refused if it is no longer the last; none:
    /// the last line as stored.
    /// `seen`: the version of that line the writer takes back, when known; refused if it
    /// changed meanwhile.
    Undo {
        line: Option<usize>,
        seen: Option<Value>,
    },
    /// A new first dealer (the lines stay).
    Dealer(i64),
}

/// Who wrote a line and when (UTC), as the store knows it.
type Author<'a> = &'a dyn Fn(usize) -> std::result::Result<Option<(String, String)>, atout_store::StoreError>;

impl Edit {
    /// Apply the edit to the lines as stored. `author` names who wrote a line, for
    /// the message when the writer's view of the sheet is out of date.
    fn apply(&self, deals: &mut Vec<Value>, place: &Place, author: Option<Author<'_>>) -> Result<()> {
        let lines = deals.len();
        let author_of = |n: usize| -> Result<Option<(String, String)>> {
            Ok(match author {
                Some(author) if (1..=lines).contains(&n) => author(n)?,
                _ => None,
            })
        };
        let by = |n: usize| -> Result<Said> { Ok(written_by(author_of(n)?)) };
        // A conflict over line `n`: the refusal, the line, who last wrote it and when.
        let taken = |n: usize, said: Said| -> Result<ApiError> { Ok(taken(said, n, author_of(n)?)) };
        let p = place.said();
        match self {
            Edit::Add { line, entry } => {
                if let Some(n) = *line {
                    if n == 0 {
                        return Err(no_line(place, n, lines));
                    }
                    if n != lines + 1 {
                        let next = lines + 1;
                        let b = by(n)?;
                        let (pe, pf, pn, be, bf, bn) = (&p.en, &p.fr, &p.nl, &b.en, &b.fr, &b.nl);
                        let c = lines_count(lines);
                        let (ce, cf, cn) = (&c.en, &c.fr, &c.nl);
                        return Err(taken(
                            n,
                            if n <= lines {
                                said!(
                                "{pe}: line {n} was written meanwhile{be}; the sheet now has {ce} — check it and enter line {next} instead",
                                "{pf} : la ligne {n} a été écrite entre-temps{bf} ; la feuille a maintenant {cf} — vérifiez-la et entrez plutôt la ligne {next}",
                                "{pn}: lijn {n} werd intussen geschreven{bn}; het blad heeft nu {cn} — kijk het na en voer lijn {next} in",
                            )
                            } else {
                                said!(
                                    "{pe}: the sheet has {ce}; line {n} cannot be written before line {next}",
                                    "{pf} : la feuille a {cf} ; la ligne {n} ne peut être écrite avant la ligne {next}",
                                    "{pn}: het blad heeft {cn}; lijn {n} kan niet voor lijn {next} geschreven worden",
                                )
                            },
                        )?);
                    }
                }
                // Kept as the format writes it: a whole number as an integer (5.0 was stored so,
                // and the sheet stored then no longer read).
                deals.push(atout_rules::whole_numbers(entry));
            }
            Edit::Correct { line, entry, seen } => {
                if *line == 0 || *line > lines {
                    return Err(no_line(place, *line, lines));
                }
                if seen.as_ref().is_some_and(|seen| !seen_as_stored(seen, &deals[line - 1])) {
                    let b = by(*line)?;
                    let (pe, pf, pn, be, bf, bn) = (&p.en, &p.fr, &p.nl, &b.en, &b.fr, &b.nl);
                    return Err(taken(
                        *line,
                        said!(
                            "{pe}: line {line} was changed meanwhile{be}; look at it again before correcting it",
                            "{pf} : la ligne {line} a été modifiée entre-temps{bf} ; regardez-la à nouveau avant de la corriger",
                            "{pn}: lijn {line} werd intussen gewijzigd{bn}; bekijk ze opnieuw voor u ze verbetert",
                        ),
                    )?);
                }
                deals[line - 1] = atout_rules::whole_numbers(entry);
            }
            Edit::Replace(new) => *deals = new.iter().map(atout_rules::whole_numbers).collect(),
            Edit::Undo { line, seen } => {
                if lines == 0 {
                    let (pe, pf, pn) = (&p.en, &p.fr, &p.nl);
                    return Err(ApiError::not_found(said!(
                        "{pe}: the sheet has no line to undo",
                        "{pf} : la feuille n'a pas de ligne à annuler",
                        "{pn}: het blad heeft geen lijn om ongedaan te maken",
                    )));
                }
                // A line the sheet has not (none such, or taken back meanwhile) is said so.
                if let Some(line) = line.filter(|l| *l == 0 || *l > lines) {
                    return Err(no_line(place, line, lines));
                }
                if let Some(line) = line.filter(|l| *l != lines) {
                    // The line to take back is no longer the last: someone wrote after it.
                    let b = by(lines)?;
                    let (pe, pf, pn, be, bf, bn) = (&p.en, &p.fr, &p.nl, &b.en, &b.fr, &b.nl);
                    return Err(taken(
                        lines,
                        said!(
                            "{pe}: line {line} is no longer the last; line {lines} was written{be} — look at the sheet again",
                            "{pf} : la ligne {line} n'est plus la dernière ; la ligne {lines} a été écrite{bf} — regardez à nouveau la feuille",
                            "{pn}: lijn {line} is niet meer de laatste; lijn {lines} werd geschreven{bn} — bekijk het blad opnieuw",
                        ),
                    )?);
                }
                if seen.as_ref().is_some_and(|seen| deals.last().is_none_or(|last| !seen_as_stored(seen, last))) {
                    let b = by(lines)?;
                    let (pe, pf, pn, be, bf, bn) = (&p.en, &p.fr, &p.nl, &b.en, &b.fr, &b.nl);
                    return Err(taken(
                        lines,
                        said!(
                            "{pe}: line {lines} was changed meanwhile{be}; look at it again before taking it back",
                            "{pf} : la ligne {lines} a été modifiée entre-temps{bf} ; regardez-la à nouveau avant de l'annuler",
                            "{pn}: lijn {lines} werd intussen gewijzigd{bn}; bekijk ze opnieuw voor u ze ongedaan maakt",
                        ),
                    )?);
                }
                deals.pop();
            }
            Edit::Dealer(_) => {}
        }
        Ok(())
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

impl Atout {
    /// A hand record's frame for a line of a table's sheet: the game, the table's seats,
    /// the line's dealer and its entry as written (FORMAT.md "Hand records"); the jury
    /// adds the cards.
    pub fn hand_record(&mut self, table: &TableRef, line: usize) -> Result<Value> {
        let sheet = self.sheet(table)?;
        let at = line.checked_sub(1).and_then(|i| sheet.lines.get(i)).ok_or_else(|| {
            let c = lines_count(sheet.lines.len());
            let (ce, cf, cn) = (&c.en, &c.fr, &c.nl);
            ApiError::not_found(said!("line {line}: the sheet has {ce}", "ligne {line} : la feuille compte {cf}", "lijn {line}: het blad telt {cn}"))
        })?;
        let game = atout_rules::GameId::parse(&sheet.game).ok_or_else(|| ApiError::Internal(format!("the sheet's game «{}» is unknown", sheet.game)))?;
        let located = self.locate(table)?;
        let loaded = self.loaded(located.id)?;
        // A line no one deals (Kings Cribbage's end), or a game of no cards (Kings Cribbage's
        // tiles), has no cards to replay (an empty record was given).
        let dealer = at.line.dealer.filter(|_| loaded.rules.deck().is_some()).ok_or_else(|| {
            ApiError::not_found(said!(
                "line {line} has no cards to replay",
                "la ligne {line} n'a pas de cartes à rejouer",
                "lijn {line} heeft geen kaarten om na te spelen"
            ))
        })?;
        let mut record = atout_rules::play::record_frame(game, sheet.seats.len(), dealer, &at.entry);
        if let Some(settings) = loaded.game_settings() {
            record["settings"] = settings;
        }
        Ok(record)
    }
}

/// A jury's fault written on line `line` states its reason and the jury member, like a ruling.
fn fault_stated(at: &crate::Place, line: &atout_rules::Line, entry: &Value) -> Result<()> {
    let said = |k: &str| entry.get(k).and_then(Value::as_str).is_some_and(|v| !v.trim().is_empty());
    if line.fault.is_none() || (said("reason") && said("by")) {
        return Ok(());
    }
    let mut place = at.clone();
    place.deal = Some(line.line);
    Err(ApiError::refused_said(
        place,
        Rule::RULING_SHAPE,
        said!(
            "a fault states its `reason` and the jury member (`by`)",
            "une faute donne son motif (`reason`) et le membre du jury (`by`)",
            "een fout vermeldt haar reden (`reason`) en het jurylid (`by`)"
        ),
    ))
}
