//! Printing (PDF) and spreadsheet exports (CSV) of a tournament: rankings, seating
//! plans, score sheets prefilled or as written, rulings; the layout is
//! templates/print.json, overridden by a `print.json` beside the database.

use crate::error::{ApiError, Result};
use crate::state::table_of;
use crate::Atout;
use atout_report::pdf::{self, PrintLayout};
use atout_rules::{said, Lang};
use serde_json::{json, Value};
use std::collections::BTreeMap;

pub use crate::text::print_lang;

fn fail(e: impl std::fmt::Display) -> ApiError {
    ApiError::internal("print", e)
}

/// A standings cell as a spreadsheet reads it: with `;` between fields (a Belgian, French or
/// Dutch spreadsheet's), a figure's decimal point is a comma — «17,5» is a number there,
/// «17.5» a text. Figures only («10 (17.5)» too), and a bye's figure after its word (`bye`:
/// «exempt 4,75»; it kept its point); a name may hold a point: «J. Smet», «Vendredi 3.10».
fn sheet_cell(cell: &str, delimiter: u8, bye: Option<&str>) -> String {
    let figures = |text: &str| !text.is_empty() && text.chars().all(|ch| ch.is_ascii_digit() || " -.()".contains(ch));
    if delimiter != b';' {
        cell.to_string()
    } else if figures(cell) {
        cell.replace('.', ",")
    } else if let Some((word, figure)) = bye.and_then(|bye| Some((bye, cell.strip_prefix(bye)?.strip_prefix(' ')?))).filter(|(_, f)| figures(f)) {
        format!("{word} {}", figure.replace('.', ","))
    } else {
        cell.to_string()
    }
}

/// The exports' first two columns: where a result or a line was played.
const CSV_ROUND: atout_rules::Tr = atout_rules::Tr::new("Round", "Manche", "Ronde");
const CSV_TABLE: atout_rules::Tr = atout_rules::Tr::new("Table", "Table", "Tafel");

/// The «rounds» export's columns.
const CSV_ROUNDS: [atout_rules::Tr; 9] = [
    CSV_ROUND,
    CSV_TABLE,
    atout_rules::Tr::new("Seat", "Place", "Plaats"),
    atout_rules::Tr::new("Id", "Id", "Id"),
    atout_rules::Tr::new("Player", "Joueur", "Speler"),
    atout_rules::Tr::new("Score", "Score", "Score"),
    atout_rules::Tr::new("Table points", "Points de table", "Tafelpunten"),
    atout_rules::Tr::new("Bye", "Exempt", "Vrij"),
    atout_rules::Tr::new("Provisional", "Provisoire", "Voorlopig"),
];

/// The «lines» export's columns before each seat's points.
const CSV_LINES: [atout_rules::Tr; 8] = [
    CSV_ROUND,
    CSV_TABLE,
    atout_rules::Tr::new("Line", "Ligne", "Lijn"),
    atout_rules::Tr::new("Deal", "Donne", "Spel"),
    atout_rules::Tr::new("Dealer", "Donneur", "Gever"),
    atout_rules::Tr::new("Game", "Jeu", "Contract"),
    atout_rules::Tr::new("Line in words", "La ligne", "De lijn"),
    atout_rules::Tr::new("Who", "Qui", "Wie"),
];
const CSV_SEAT: atout_rules::Tr = atout_rules::Tr::new("Seat", "Place", "Plaats");
const CSV_RULING: atout_rules::Tr = atout_rules::Tr::new("Ruling", "Décision", "Beslissing");
const CSV_SANCTION: atout_rules::Tr = atout_rules::Tr::new("Sanction", "Sanction", "Sanctie");

impl Atout {
    /// Every table of the tournament, round by round: (round, table).
    fn tables_of(&mut self, id: atout_store::Id) -> Result<Vec<(i64, i64)>> {
        Ok(self.loaded(id)?.rounds.iter().flat_map(|r| r.row.tables.iter().map(move |t| (r.row.round, t.number))).collect())
    }
}

impl Atout {
    /// The print layout: the shipped one, with the club's `print.json` beside the database.
    pub fn print_layout(&self) -> Result<PrintLayout> {
        let file = self.path.as_deref().and_then(|p| p.parent()).map(|d| d.join("print.json"));
        let club = match file.clone() {
            Some(file) if file.exists() => {
                let text = std::fs::read_to_string(&file).map_err(|source| ApiError::File { path: file.display().to_string(), source })?;
                // A setting given twice is refused, as in every JSON Atout reads (the last won).
                Some(atout_rules::unique_json(text.strip_prefix('\u{feff}').unwrap_or(&text).as_bytes()).map_err(|e| {
                    let f = file.display();
                    let atout_rules::Said { en, fr, nl } = atout_rules::unread(&e);
                    ApiError::invalid(said!("{f}: {en}", "{f} : {fr}", "{f}: {nl}"))
                })?)
            }
            _ => None,
        };
        let mut layout = PrintLayout::with_overrides(club.as_ref()).map_err(|e| match (e, &file) {
            // The club's own file: said as its setting, in the user's language.
            (atout_report::pdf::PdfError::Setting { key, value }, Some(file)) => {
                use atout_report::pdf::Setting;
                let f = file.display();
                let (en, fr, nl) = match key {
                    Setting::FontSize => ("between 4 and 30", "entre 4 et 30", "tussen 4 en 30"),
                    Setting::Margins => ("between 0 and 60 mm each", "chacune entre 0 et 60 mm", "elk tussen 0 en 60 mm"),
                    Setting::Page => ("A4 or Letter", "A4 ou Letter", "A4 of Letter"),
                };
                ApiError::invalid(said!(
                    "{f}: {key} must be {en}, not {value}",
                    "{f} : {key} doit être {fr}, et non {value}",
                    "{f}: {key} moet {nl} zijn, niet {value}"
                ))
            }
            // A setting of the wrong kind (a figure written as text): the club's file, not Atout's fault.
            (atout_report::pdf::PdfError::Unread(e), Some(file)) => {
                let f = file.display();
                let atout_rules::Said { en, fr, nl } = atout_rules::unread(&e);
                ApiError::invalid(said!("{f}: {en}", "{f} : {fr}", "{f}: {nl}"))
            }
            (e, _) => fail(e),
        })?;
        layout.printed = Some(chrono::Local::now().format("%Y-%m-%d %H:%M").to_string());
        Ok(layout)
    }

    /// The print layout for a print of `tournament`: its headings say the day it was held.
    fn layout_of(&mut self, tournament: &str) -> Result<PrintLayout> {
        let id = self.resolve(tournament)?;
        let mut layout = self.print_layout()?;
        layout.held_on = self.loaded(id)?.row.date.clone();
        Ok(layout)
    }

    pub fn print_standings(&mut self, tournament: &str, after_round: Option<i64>, lang: Option<&str>) -> Result<Vec<u8>> {
        let lang = print_lang(lang);
        let standings = self.standings_for_print(tournament, after_round)?;
        let id = self.resolve(tournament)?;
        let clubs: BTreeMap<String, String> = self.loaded(id)?.entrants.iter().map(|e| (e.code.clone(), e.player.club.clone())).collect();
        pdf::standings_pdf(&standings, &clubs, &self.layout_of(tournament)?, &lang).map_err(fail)
    }

    /// With `devices` (the table devices' address, `http://192.168.1.20:8777`), each table
    /// carries its device's QR code and code (issued now if the round has none).
    pub fn print_seating(&mut self, tournament: &str, round: i64, lang: Option<&str>, devices: Option<&str>) -> Result<Vec<u8>> {
        let lang = print_lang(lang);
        let mut drawn = serde_json::to_value(self.round_view(tournament, round)?).map_err(fail)?;
        // Who starts at a table, in the game's own words where it has them (Kings Cribbage
        // deals no card).
        if let Some(first) = self.game_view(tournament, &lang)?["labels"]["first"].as_str() {
            drawn["first_said"] = json!(first);
        }
        if let Some(base) = devices {
            let codes = self.devices(tournament, round, base)?;
            for t in drawn["tables"].as_array_mut().into_iter().flatten() {
                if let Some(d) = codes.tables.iter().find(|d| t["number"].as_i64() == Some(d.table)) {
                    t["device"] = json!({"code": crate::devices::spaced(&d.code), "url": d.url});
                }
            }
        }
        pdf::seating_pdf(&drawn, &self.layout_of(tournament)?, &lang).map_err(fail)
    }

    /// One sheet per table of `round`: blank and prefilled, or (`completed`) as written.
    pub fn print_sheets(&mut self, tournament: &str, round: i64, completed: bool, lang: Option<&str>) -> Result<Vec<u8>> {
        let lang = print_lang(lang);
        let sheets = self.sheets_for_print(tournament, round, completed, &lang)?;
        pdf::sheets_pdf(&sheets, &self.layout_of(tournament)?, &lang).map_err(fail)
    }

    fn sheets_for_print(&mut self, tournament: &str, round: i64, completed: bool, lang: &str) -> Result<Vec<Value>> {
        let id = self.resolve(tournament)?;
        let numbers: Vec<(i64, i64)> = self.loaded(id)?.round(round)?.row.tables.iter().map(|t| (t.number, t.id)).collect();
        let game_name = json!(self.loaded(id)?.game.spec().map(|s| s.name.get(Lang::parse(lang))).unwrap_or_default());
        let mut out = Vec::with_capacity(numbers.len());
        for (number, table_id) in numbers {
            let view = self.sheet(&crate::TableRef::new(id.to_string(), round, number))?;
            let l = self.loaded(id)?;
            let t = &l.round(round)?.row.tables[l.table_index(round, number)?];
            let form = l.rules.print_form(table_of(t), Lang::parse(lang));
            let mut v = serde_json::to_value(&view).map_err(fail)?;
            // Printed, a line's label reads in the sheet's language, as the game says it; who
            // played it, its figures in the form's own columns (Rikken's tricks).
            let names: Vec<String> = view.seats.iter().map(|s| s.name.clone()).collect();
            for (line, sl) in v["lines"].as_array_mut().into_iter().flatten().zip(&view.lines) {
                line["label"] = json!(sl.label_texts.get(Lang::parse(lang)));
                line["who"] = json!(l.names.who(&sl.entry, &names).get(Lang::parse(lang)));
            }
            v["form"] = form;
            v["game_name"] = game_name.clone();
            // A game played on a board: where the tiles lie, printed with the sheet as written.
            if completed {
                v["board"] = l.rules.board(table_of(t), t.deals.values());
            }
            if completed {
                // Lines written more than once were corrected: the archive marks them.
                let mut versions: BTreeMap<i64, usize> = BTreeMap::new();
                for h in self.store.history(table_id)?.iter().filter(|h| h.kind == "deal") {
                    *versions.entry(h.line.unwrap_or(0)).or_default() += 1;
                }
                v["corrected"] = json!(versions.into_iter().filter(|(_, n)| *n > 1).map(|(l, _)| l).collect::<Vec<_>>());
            } else {
                v["lines"] = json!([]);
            }
            out.push(v);
        }
        Ok(out)
    }

    pub fn print_rulings(&mut self, tournament: &str, lang: Option<&str>) -> Result<Vec<u8>> {
        let lang = print_lang(lang);
        let id = self.resolve(tournament)?;
        let name = self.loaded(id)?.row.name.clone();
        let rulings: Vec<Value> = self.rulings_list(tournament)?.iter().filter_map(|r| serde_json::to_value(r).ok()).collect();
        pdf::rulings_pdf(&name, &rulings, &self.layout_of(tournament)?, &lang).map_err(fail)
    }

    /// Every line of the tournament that carries its cards, replayed card by card, as PDF
    /// (the four hands, the tricks, the illegal card marked), for the tournament's file.
    pub fn print_hands(&mut self, tournament: &str, lang: Option<&str>) -> Result<Vec<u8>> {
        self.print_hands_with(tournament, lang, &[])
    }

    /// [`Atout::print_hands`], with the deals the jury is replaying (`replays`: the cards
    /// dealt and played as known so far, not written yet) in place of their lines' own; the
    /// cards in the print's language (docs/cards.md).
    pub fn print_hands_with(&mut self, tournament: &str, lang: Option<&str>, replays: &[ReplayedHand]) -> Result<Vec<u8>> {
        let lang = print_lang(lang);
        let words = Lang::parse(&lang);
        let id = self.resolve(tournament)?;
        let (name, tables, rules_game) = {
            let l = self.loaded(id)?;
            let tables: Vec<(i64, i64)> = l.rounds.iter().flat_map(|r| r.row.tables.iter().map(move |t| (r.row.round, t.number))).collect();
            (l.row.name.clone(), tables, l.rules.id())
        };
        let mut hands = vec![];
        // The deals "could it have been made?" was asked for, as they are found.
        let mut searched = vec![false; replays.len()];
        for (round, table) in tables {
            let sheet = self.sheet(&crate::TableRef::new(id.to_string(), round, table))?;
            let own = self.loaded(id)?.game_settings();
            let rules = self.loaded(id)?.rules.as_ref();
            for line in &sheet.lines {
                // Every question asked of this line (the jury may ask "could it have been
                // made?" of two seats of one deal); the cards replayed are the first given.
                let asked: Vec<usize> =
                    replays.iter().enumerate().filter(|(_, r)| (r.round, r.table, r.line) == (round, table, line.line.line)).map(|(i, _)| i).collect();
                let replayed = asked.iter().map(|i| &replays[*i]).find(|r| !r.hand.is_null());
                let mut entry = line.entry.clone();
                if let (Some(r), Value::Object(map)) = (replayed, &mut entry) {
                    map.insert("hand".into(), r.hand.clone());
                }
                let Some(mut record) = line.line.dealer.and_then(|dealer| atout_rules::play::line_record(rules_game, sheet.seats.len(), dealer, &entry)) else {
                    continue;
                };
                if let Some(settings) = &own {
                    record["settings"] = settings.clone();
                }
                for i in &asked {
                    searched[*i] = true;
                }
                let Ok(checked) = rules.hand_replay(&record) else { continue };
                let deck = checked.deck;
                let shown = |c: &str| crate::hands::shown(deck, c, words);
                let dealing = crate::hands::dealing_said(&checked, &record).map(|s| s.get(words).to_string());
                let illegal = checked.replay.illegal.as_ref().map(|i| {
                    let allowed: Vec<String> = i.legal_cards.iter().map(|c| shown(c)).collect();
                    serde_json::json!({"trick": i.trick, "seat": i.seat, "card": shown(&i.card), "rule": i.rule_texts().get(words), "allowed": allowed, "dealing": dealing})
                });
                let mut tricks = crate::hands::trick_views(&checked.replay, deck);
                for t in &mut tricks {
                    for (_, c) in &mut t.plays {
                        *c = shown(c);
                    }
                }
                let dealt: Vec<Vec<String>> = atout_rules::play::dealt_as_written(&record).iter().map(|h| h.iter().map(|c| shown(c)).collect()).collect();
                // The claim the jury judged on this deal, where the cards played so far stop.
                let open = checked.replay.illegal.is_none() && checked.verdict["complete"] != true;
                let seats: Vec<String> = sheet.seats.iter().map(|s| s.name.clone()).collect();
                let claim = asked.iter().find_map(|i| replays[*i].claim.as_ref()).filter(|_| open).map(|c| c.said(&record, words, &seats));
                let finished = checked.replay.illegal.is_none() && checked.verdict["complete"] == true;
                // Each seat once, in the order first asked (a seat asked again printed its answer twice).
                let mut sides: Vec<usize> = vec![];
                for seat in asked.iter().filter_map(|i| replays[*i].solve) {
                    if !sides.contains(&seat) {
                        sides.push(seat);
                    }
                }
                let solved = if sides.is_empty() {
                    None
                } else if finished {
                    // Each side asked, one after the other.
                    let (mut head, mut marked) = (vec![], vec![]);
                    for seat in sides {
                        let said = solve_said(&record, seat, words, &seats)?;
                        head.extend(said["head"].as_array().cloned().unwrap_or_default());
                        marked.extend(said["marked"].as_array().cloned().unwrap_or_default());
                    }
                    Some(json!({"head": head, "marked": marked}))
                } else {
                    // Asked of a deal that is not a whole legal play: said so, not left out unsaid.
                    let why = match &checked.replay.illegal {
                        Some(i) => {
                            let trick = i.trick;
                            said!(
                                "Could it have been made? Not searched: the play stops at an illegal card (trick {trick})",
                                "Le contrat pouvait-il être fait ? Pas de recherche : le jeu s'arrête à une carte interdite (pli {trick})",
                                "Kon het gehaald worden? Niet gezocht: het spel stopt bij een verboden kaart (slag {trick})"
                            )
                        }
                        None => said!(
                            "Could it have been made? Not searched: the deal is not played to its end",
                            "Le contrat pouvait-il être fait ? Pas de recherche : la donne n'est pas jouée jusqu'au bout",
                            "Kon het gehaald worden? Niet gezocht: het spel is niet tot het einde gespeeld"
                        ),
                    };
                    Some(json!({"head": [why.get(words)], "marked": []}))
                };
                // Who dealt, the trump and the called ace: what a reader needs to follow the tricks.
                let setup = atout_rules::play::record_setup(&record, &seats, words, checked.trump);
                hands.push(serde_json::json!({
                    "round": round, "table": table, "line": line.line.line, "label": line.entry_texts.get(atout_rules::Lang::parse(&lang)),
                    "setup": setup.join(" · "),
                    "seats": seats,
                    "dealt": dealt,
                    "trick_list": tricks, "illegal": illegal, "complete": checked.verdict["complete"], "figures": checked.verdict["figures"],
                    "figures_said": crate::hands::figures_said(&checked.verdict["figures"], &rules.describe(words)["fields"]),
                    "claim": claim, "solved": solved,
                }));
            }
        }
        // A deal asked for that no line carrying its cards answers (a mistyped place) is
        // refused rather than printed without what was asked.
        if let Some(r) = replays.iter().zip(&searched).find(|(r, found)| r.solve.is_some() && !**found).map(|(r, _)| r) {
            let (round, table, line) = (r.round, r.table, r.line);
            return Err(ApiError::invalid(said!(
                "round {round}, table {table}, line {line}: no line carrying its cards there, nothing to search",
                "manche {round}, table {table}, ligne {line} : aucune ligne portant ses cartes, rien à chercher",
                "ronde {round}, tafel {table}, lijn {line}: geen lijn met zijn kaarten daar, niets te zoeken"
            )));
        }
        pdf::hands_pdf(&name, &hands, &self.layout_of(tournament)?, &lang).map_err(fail)
    }

    /// A spreadsheet of the tournament: `standings`, `rounds` (each player's result in
    /// each round) or `lines` (every sheet line). UTF-8 with a byte-order mark, so that
    /// Excel and LibreOffice open it as it is; `;` by default (a Belgian spreadsheet's).
    /// The standings after `round` when named (as printed), else as they stand.
    pub fn export_csv(&mut self, tournament: &str, what: &str, delimiter: u8, lang: Option<&str>, round: Option<i64>) -> Result<String> {
        // A separator a spreadsheet takes: a tab or a sign (`;`, `,`, `|` …), not a quote, a
        // letter, a figure or a byte beyond ASCII (`é` wrote U+FFFD between the fields).
        if !(delimiter == b'\t' || delimiter.is_ascii_punctuation() && delimiter != b'"') {
            return Err(ApiError::invalid(said!(
                "the separator is a tab or one sign such as ; , or |",
                "le séparateur est une tabulation ou un signe comme ; , ou |",
                "het scheidingsteken is een tab of één teken zoals ; , of |"
            )));
        }
        let lang = print_lang(lang);
        let words = atout_rules::Lang::parse(&lang);
        let heads = |names: &[atout_rules::Tr]| -> Vec<String> { names.iter().map(|n| n.get(words).to_string()).collect() };
        let mut w = crate::text::Spreadsheet::new(delimiter, "export");
        let mut put = |rec: Vec<String>| w.row(&rec);
        match what {
            "standings" => {
                let s = self.standings_for_print(tournament, round)?;
                let layout = atout_report::Layout::standard();
                let text = atout_report::standings_csv(&s, &layout, &lang).map_err(fail)?;
                // Re-read the comma-separated table and write it with the chosen delimiter.
                let mut r = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
                for rec in r.records() {
                    let bye = atout_report::bye_word(&lang);
                    put(rec.map_err(fail)?.iter().map(|c| sheet_cell(c, delimiter, Some(bye))).collect())?;
                }
            }
            "rounds" => {
                let id = self.resolve(tournament)?;
                let s = self.standings(tournament, round)?;
                // Each player's seat at each table, so that the lines' points join the players.
                let mut seat_of = std::collections::HashMap::new();
                for (r, t) in self.tables_of(id)?.into_iter().filter(|(r, _)| round.is_none_or(|last| *r <= last)) {
                    for seat in self.sheet(&crate::TableRef::new(id.to_string(), r, t))?.seats {
                        seat_of.insert((r, t, seat.player), seat.seat);
                    }
                }
                put(heads(&CSV_ROUNDS))?;
                for row in &s.rows {
                    for r in row.rounds.iter() {
                        let seat = r.table.and_then(|t| seat_of.get(&(i64::from(r.round), i64::from(t), row.player.to_string())));
                        put(vec![
                            r.round.to_string(),
                            r.table.map(|t| t.to_string()).unwrap_or_default(),
                            seat.map(usize::to_string).unwrap_or_default(),
                            row.player.to_string(),
                            row.name.to_string(),
                            r.score.to_string(),
                            r.table_points.map(|p| sheet_cell(&p.to_string(), delimiter, None)).unwrap_or_default(),
                            if r.bye { "1".into() } else { String::new() },
                            if r.provisional { "1".into() } else { String::new() },
                        ])?;
                    }
                }
            }
            "lines" => {
                // Every line of every sheet (up to the round asked), then the table's rulings: the
                // line and who played it in words, as the game says them, and each seat's
                // points in a column of its own (empty where the seat sits the deal out).
                let id = self.resolve(tournament)?;
                let tables: Vec<(i64, i64)> = self.tables_of(id)?.into_iter().filter(|(r, _)| round.is_none_or(|last| *r <= last)).collect();
                let sheets = tables.iter().map(|(r, t)| self.sheet(&crate::TableRef::new(id.to_string(), *r, *t))).collect::<Result<Vec<_>>>()?;
                let most = sheets.iter().map(|s| s.seats.len()).max().unwrap_or(0);
                // Who played a line, beside the line in words, which says its figures already.
                let names = &self.loaded(id)?.names;
                let mut head = heads(&CSV_LINES);
                head.extend((1..=most).map(|n| format!("{} {n}", CSV_SEAT.get(words))));
                put(head)?;
                for (sheet, (round, table)) in sheets.iter().zip(&tables) {
                    let front = |cells: [String; 6]| -> Vec<String> { [round.to_string(), table.to_string()].into_iter().chain(cells).collect() };
                    let points = |points: &[i64], out: Option<usize>| -> Vec<String> {
                        (1..=most).map(|seat| points.get(seat - 1).filter(|_| out != Some(seat)).map(i64::to_string).unwrap_or_default()).collect()
                    };
                    let seats: Vec<String> = sheet.seats.iter().map(|s| s.name.clone()).collect();
                    for l in &sheet.lines {
                        let mut row = front([
                            l.line.line.to_string(),
                            l.line.deal.to_string(),
                            l.line.dealer.map(|d| d.to_string()).unwrap_or_default(),
                            l.label_texts.get(words).to_string(),
                            l.entry_texts.get(words).to_string(),
                            names.who(&l.entry, &seats).get(words).to_string(),
                        ]);
                        row.extend(points(&l.line.points, l.line.sits_out));
                        put(row)?;
                    }
                    for (r, said) in sheet.rulings.iter().zip(&sheet.ruling_texts) {
                        let kind = if r.sanction { CSV_SANCTION } else { CSV_RULING };
                        let whom = sheet.seats.iter().find(|x| x.seat as i64 == r.seat).map(|x| format!("{}. {}", x.seat, x.name)).unwrap_or_default();
                        let by = if r.by.is_empty() { whom } else { format!("{whom} ({})", r.by) };
                        let mut row = front([String::new(), String::new(), String::new(), kind.get(words).to_string(), said.get(words).to_string(), by]);
                        row.extend(points(&r.points, None));
                        put(row)?;
                    }
                }
            }
            other => {
                return Err(ApiError::invalid(said!(
                    "export «{other}»: standings, rounds or lines",
                    "export «{other}» : standings, rounds ou lines",
                    "export «{other}»: standings, rounds of lines"
                )))
            }
        }
        w.done()
    }
}

/// A deal the jury is replaying, as known so far: its line and the record's `hand` (the
/// cards dealt and played, in FORMAT.md's notation; null: the line's own cards).
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct ReplayedHand {
    pub round: i64,
    pub table: i64,
    pub line: usize,
    #[serde(default)]
    pub hand: Value,
    /// The claim the jury judged where the replay stands: printed with its answer.
    #[serde(default)]
    pub claim: Option<ReplayedClaim>,
    /// The seat whose side the jury asked "Could it have been made?" for, on a finished
    /// deal: printed with the answer, searched again on the cards as printed.
    #[serde(default)]
    pub solve: Option<usize>,
}

/// A claim on a replayed deal (FORMAT.md "Claims"): the seat claiming, at least or at most
/// so many of the tricks still to play.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct ReplayedClaim {
    pub seat: usize,
    #[serde(default)]
    pub at_least: Option<usize>,
    #[serde(default)]
    pub at_most: Option<usize>,
}

impl ReplayedClaim {
    /// The claim judged on `record` (a hand record as FORMAT.md writes it), in words: the
    /// claim, the answer, and the line that beats it when it fails — as `atout hand claim`
    /// says it. A claim the record cannot be judged for says why instead.
    fn said(&self, record: &Value, lang: Lang, names: &[String]) -> Vec<String> {
        let claim = match (self.at_least, self.at_most) {
            (Some(n), _) => crate::hands::Claim::AtLeast(n),
            (None, Some(n)) => crate::hands::Claim::AtMost(n),
            (None, None) => return vec![],
        };
        let text = record.to_string();
        crate::hands::hand_claim(&text, self.seat, claim)
            .and_then(|answer| crate::hands::claim_words(&text, &answer, lang, names))
            .unwrap_or_else(|e| vec![e.texts().get(lang).to_string()])
    }
}

/// "Could it have been made?" for `seat`'s side on the finished deal `record`, in words, as
/// `atout hand solve` says it: `head`, the side's tricks from the first card and the verdict,
/// then `marked`, each card that cost a trick. Refused as the search refuses it (a seat
/// that does not play the deal): the print is then not written.
fn solve_said(record: &Value, seat: usize, lang: Lang, names: &[String]) -> Result<Value> {
    let s = crate::hands::hand_solve_said(&record.to_string(), seat, lang, names)?;
    let marked = s.answer.cards.iter().flatten().filter(|c| c.gave_away).count();
    let (head, cards) = s.words.split_at(s.words.len().saturating_sub(marked));
    Ok(serde_json::json!({"head": head, "marked": cards}))
}

/// What the window prints or exports, and where.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct PrintRequest {
    #[serde(default)]
    pub tournament: String,
    /// `standings`, `seating`, `sheets`, `completed-sheets`, `rulings` (PDF), or
    /// `standings-csv`, `rounds-csv`, `lines-csv`; a season's `season` (PDF) and `season-csv`.
    pub what: String,
    /// The season of `season` and `season-csv`.
    #[serde(default)]
    pub season: Option<String>,
    #[serde(default)]
    pub round: Option<i64>,
    #[serde(default)]
    pub lang: Option<String>,
    /// The file to write; by default in the documents folder, `Atout/`.
    #[serde(default)]
    pub path: Option<String>,
    /// Replace the file if it exists. Without it an existing file is left as it is and the
    /// print is refused (`conflict`): the window asks first, then sends again with it.
    #[serde(default)]
    pub overwrite: bool,
    /// The seating plan with each table's device code and QR code: the table devices' address.
    #[serde(default)]
    pub devices: Option<String>,
    /// `hands`: the deals the jury is replaying, printed as known so far.
    #[serde(default)]
    pub replays: Vec<ReplayedHand>,
}

/// The words a print's file is named with, in the print's language (`Hiver-2026-saison.pdf`).
const FILE_WORDS: [(&str, atout_rules::Tr); 11] = [
    ("standings", atout_rules::Tr::new("standings", "classement", "stand")),
    ("seating", atout_rules::Tr::new("seating", "plan-de-table", "tafelschikking")),
    ("sheets", atout_rules::Tr::new("sheets", "feuilles", "bladen")),
    ("completed-sheets", atout_rules::Tr::new("completed-sheets", "feuilles-remplies", "ingevulde-bladen")),
    ("rulings", atout_rules::Tr::new("rulings", "decisions", "beslissingen")),
    ("hands", atout_rules::Tr::new("hands", "donnes", "spelen")),
    ("season", atout_rules::Tr::new("season", "saison", "seizoen")),
    ("lines", atout_rules::Tr::new("lines", "lignes", "lijnen")),
    ("rounds", atout_rules::Tr::new("rounds", "manches", "ronden")),
    ("round", atout_rules::Tr::new("round", "manche", "ronde")),
    ("players", atout_rules::Tr::new("players", "joueurs", "spelers")),
];

fn file_word(what: &str, lang: Lang) -> String {
    FILE_WORDS.iter().find(|(k, _)| *k == what).map_or_else(|| what.to_string(), |(_, w)| w.get(lang).to_string())
}

impl Atout {
    /// Where a print goes when no path is given: `~/Documents/Atout/<tournament>-<what>[-round N].<ext>`,
    /// its words in the print's language.
    pub fn default_print_path(&mut self, req: &PrintRequest) -> Result<String> {
        let name = match &req.season {
            Some(season) => self.season(season)?.name,
            None => {
                let id = self.resolve(&req.tournament)?;
                self.loaded(id)?.row.name.clone()
            }
        };
        let name: String = name.chars().map(|c| if c.is_alphanumeric() || c == '-' { c } else { '-' }).collect();
        let dir = dirs::document_dir().or_else(dirs::home_dir).unwrap_or_else(std::env::temp_dir).join("Atout");
        let ext = if req.what.ends_with("-csv") { "csv" } else { "pdf" };
        let lang = Lang::parse(&print_lang(req.lang.as_deref()));
        let round = req.round.map(|r| format!("-{}-{r}", file_word("round", lang))).unwrap_or_default();
        Ok(dir.join(format!("{name}-{}{round}.{ext}", file_word(req.what.trim_end_matches("-csv"), lang))).display().to_string())
    }

    /// Print or export as asked, write the file, and return its path.
    pub fn save_print(&mut self, req: &PrintRequest) -> Result<String> {
        let path = match req.path.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
            Some(p) => p.to_string(),
            None => self.default_print_path(req)?,
        };
        let file = std::path::Path::new(&path);
        // A PDF is not written under another kind's name (`print season --out s.csv` wrote a
        // PDF named .csv), nor a spreadsheet under a PDF's.
        // Only a name of another kind of file is refused: «Winter.2026» is a name, not a kind.
        let csv = req.what.ends_with("-csv");
        const SPREADSHEET: [&str; 6] = ["csv", "txt", "xls", "xlsx", "ods", "tsv"];
        const OTHER: [&str; 7] = ["json", "html", "htm", "doc", "docx", "odt", "xml"];
        if let Some(ext) = file.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase) {
            let wrong = if csv {
                ext == "pdf" || OTHER.contains(&ext.as_str()) || (SPREADSHEET.contains(&ext.as_str()) && ext != "csv" && ext != "txt")
            } else {
                SPREADSHEET.contains(&ext.as_str()) || OTHER.contains(&ext.as_str())
            };
            if wrong {
                return Err(if csv {
                    ApiError::invalid(said!(
                        "{path} ends in .{ext}, but this is a spreadsheet file (CSV): name it .csv",
                        "{path} se termine par .{ext}, mais c'est une feuille de calcul (CSV) : nommez-le .csv",
                        "{path} eindigt op .{ext}, maar dit is een rekenblad (CSV): noem het .csv"
                    ))
                } else {
                    ApiError::invalid(said!(
                        "{path} ends in .{ext}, but this is a PDF: name it .pdf",
                        "{path} se termine par .{ext}, mais c'est un PDF : nommez-le .pdf",
                        "{path} eindigt op .{ext}, maar dit is een PDF: noem het .pdf"
                    ))
                });
            }
        }
        // Looked at before the document is made: nothing to make when the file is kept. A
        // folder or the database itself is refused first (the window asked whether to replace
        // it, then refused it once «Replace» was pressed).
        not_over(file, self.path.as_deref())?;
        if !req.overwrite && file.exists() {
            return Err(exists(&path));
        }
        let lang = req.lang.as_deref();
        let round = || req.round.ok_or_else(|| ApiError::invalid(said!("which round?", "quelle manche ?", "welke ronde?")));
        let bytes: Vec<u8> = match req.what.as_str() {
            "standings" => self.print_standings(&req.tournament, req.round, lang)?,
            "seating" => self.print_seating(&req.tournament, round()?, lang, req.devices.as_deref())?,
            "sheets" => self.print_sheets(&req.tournament, round()?, false, lang)?,
            "completed-sheets" => self.print_sheets(&req.tournament, round()?, true, lang)?,
            "rulings" => self.print_rulings(&req.tournament, lang)?,
            "hands" => self.print_hands_with(&req.tournament, lang, &req.replays)?,
            "season" | "season-csv" => {
                let season = req.season.as_deref().ok_or_else(|| ApiError::invalid(said!("which season?", "quelle saison ?", "welk seizoen?")))?;
                if req.what == "season" {
                    self.print_season(season, lang)?
                } else {
                    self.season_spreadsheet(season, b';', lang)?.into_bytes()
                }
            }
            csv if csv.ends_with("-csv") => self.export_csv(&req.tournament, csv.trim_end_matches("-csv"), b';', lang, req.round)?.into_bytes(),
            other => {
                return Err(ApiError::invalid(said!(
                    "nothing to print called «{other}»",
                    "rien à imprimer du nom de «{other}»",
                    "niets af te drukken met de naam «{other}»"
                )))
            }
        };
        self.save_file(&path, &bytes, req.overwrite)
    }
}

/// Write a print or an export to `path` (its folder made if missing): an existing file is
/// kept and the save refused (`conflict`) unless `overwrite`, and then replaced whole or not
/// at all (written beside it, then renamed: a full disk left it cut off). Returns the path.
/// The one way the window and the command line write a document: [`Atout::save_file`].
/// Never over the database `db` nor the files beside it, looked at once the folder is made
/// (a path through a folder not made yet, `new/../club.db`, was taken for another file).
fn save_file(path: &str, bytes: &[u8], overwrite: bool, db: Option<&std::path::Path>) -> Result<String> {
    let file = std::path::Path::new(path);
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| ApiError::File { path: dir.display().to_string(), source })?;
    }
    not_over(file, db)?;
    // `create_new`: a file that appeared meanwhile is not replaced either.
    let written = if overwrite {
        let mut temp = file.as_os_str().to_owned();
        temp.push(".atout-tmp");
        let temp = std::path::PathBuf::from(temp);
        let done = std::fs::write(&temp, bytes).and_then(|()| std::fs::rename(&temp, file));
        if done.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        done
    } else {
        std::fs::OpenOptions::new().write(true).create_new(true).open(file).and_then(|mut f| std::io::Write::write_all(&mut f, bytes))
    };
    match written {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && !overwrite => Err(exists(path)),
        Err(source) => Err(ApiError::File { path: path.to_string(), source }),
        Ok(()) => Ok(path.to_string()),
    }
}

/// Whether `target` is the database `db` itself or one of the files SQLite keeps beside it.
fn is_database(target: &std::path::Path, db: &std::path::Path) -> bool {
    // Where the target would be written: the file itself, or (not there yet) its folder's.
    let target = target.canonicalize().ok().or_else(|| {
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
        Some(dir.canonicalize().ok()?.join(target.file_name()?))
    });
    let (Some(target), Ok(db)) = (target, db.canonicalize()) else { return false };
    ["", "-wal", "-shm", "-journal"].iter().any(|end| {
        let mut name = db.as_os_str().to_owned();
        name.push(end);
        // Windows' file names are the same whatever their case; a file there already is the
        // same file whatever its name says (a USB stick's FAT reads CLUB.DB as club.db).
        name == target.as_os_str()
            || (cfg!(windows) && name.to_string_lossy().to_lowercase() == target.to_string_lossy().to_lowercase())
            || same_file(&target, std::path::Path::new(&name))
    })
}

/// Whether two paths name one file on the disk (Unix: its device and inode).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return x.dev() == y.dev() && x.ino() == y.ino();
        }
    }
    let _ = (a, b);
    false
}

/// A print or an export is written neither onto a folder nor onto the database `db` (nor the
/// files beside it): refused as such, before anything asks whether to replace it.
fn not_over(file: &std::path::Path, db: Option<&std::path::Path>) -> Result<()> {
    let path = file.display().to_string();
    if file.is_dir() {
        return Err(ApiError::File { path, source: std::io::Error::from(std::io::ErrorKind::IsADirectory) });
    }
    if db.is_some_and(|db| is_database(file, db)) {
        return Err(ApiError::invalid(said!(
            "{path} is this database's own file: a print or an export is never written over it; choose another name",
            "{path} est le fichier même de cette base de données : une impression ou un export ne s'écrit jamais dessus ; choisissez un autre nom",
            "{path} is het bestand van deze databank zelf: een afdruk of een export wordt er nooit overheen geschreven; kies een andere naam"
        )));
    }
    Ok(())
}

/// A print refused because its file exists: nothing was written, the file is as it was.
fn exists(path: &str) -> ApiError {
    ApiError::conflict(said!(
        "{path} already exists; it was not replaced",
        "{path} existe déjà ; il n'a pas été remplacé",
        "{path} bestaat al; het werd niet vervangen"
    ))
}

impl Atout {
    /// Write a print or an export to `path` (see [`save_file`]), never over this database's own
    /// file nor the files beside it: `--replace` onto it put one evening's document, or a
    /// PDF, where every evening, season and log entry had been.
    pub fn save_file(&self, path: &str, bytes: &[u8], overwrite: bool) -> Result<String> {
        save_file(path, bytes, overwrite, self.path())
    }

    /// Standings rendered for printing or saving, headers in `lang` (en, fr, nl).
    pub fn standings_rendered(&mut self, tournament: &str, after_round: Option<i64>, format: crate::StandingsFormat, lang: &str) -> Result<String> {
        Ok(self.standings_said(tournament, after_round, format, lang)?.0)
    }

    /// [`Atout::standings_rendered`], and what a stored sheet that no longer checks leaves out
    /// of them (its table counts nothing), said apart (the command line's warning beside them).
    pub fn standings_said(
        &mut self,
        tournament: &str,
        after_round: Option<i64>,
        format: crate::StandingsFormat,
        lang: &str,
    ) -> Result<(String, Option<atout_rules::Said>)> {
        // What the standings say is left out of them, once (the rounds they count).
        let broken = self.standings(tournament, after_round)?.broken;
        Ok((self.standings_text(tournament, after_round, format, lang)?, broken))
    }

    fn standings_text(&mut self, tournament: &str, after_round: Option<i64>, format: crate::StandingsFormat, lang: &str) -> Result<String> {
        // The CSV and the text say which counted rounds are still being played; the JSON is
        // FORMAT.md's as it is.
        let value = match format {
            crate::StandingsFormat::Json => serde_json::to_value(self.standings(tournament, after_round)?).expect("standings serialize"),
            _ => self.standings_for_print(tournament, after_round)?,
        };
        let layout = atout_report::Layout::standard();
        Ok(match format {
            crate::StandingsFormat::Json => serde_json::to_string_pretty(&value).expect("json") + "\n",
            crate::StandingsFormat::Csv => atout_report::standings_csv(&value, &layout, lang).map_err(|e| crate::ApiError::internal("standings", e))?,
            crate::StandingsFormat::Table => atout_report::standings_text(&value, &layout, lang),
        })
    }

    /// The season standings for printing or saving: FORMAT.md's JSON, CSV or a text table,
    /// headers in `lang` (en, fr, nl).
    pub fn season_rendered(&mut self, season: &str, format: crate::StandingsFormat, lang: &str) -> Result<String> {
        let standings = serde_json::to_value(self.season_standings(season)?).map_err(|e| ApiError::internal("season", e))?;
        let layout = self.print_layout()?;
        let lang = print_lang(Some(lang));
        Ok(match format {
            crate::StandingsFormat::Json => serde_json::to_string_pretty(&standings).map_err(|e| ApiError::internal("season", e))? + "\n",
            crate::StandingsFormat::Csv => atout_report::season::season_csv(&standings, &layout, &lang).map_err(|e| ApiError::internal("season", e))?,
            crate::StandingsFormat::Table => atout_report::season::season_text(&standings, &layout, &lang),
        })
    }

    /// The season standings as a spreadsheet, as the tournament's exports are: UTF-8 with a
    /// byte-order mark, `delimiter` between fields, in the print's language.
    pub fn season_spreadsheet(&mut self, season: &str, delimiter: u8, lang: Option<&str>) -> Result<String> {
        let text = self.season_rendered(season, crate::StandingsFormat::Csv, &print_lang(lang))?;
        let mut w = crate::text::Spreadsheet::new(delimiter, "season");
        let mut r = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
        for rec in r.records() {
            w.row(rec.map_err(fail)?.iter().map(|c| sheet_cell(c, delimiter, None)))?;
        }
        w.done()
    }

    /// The season standings as a PDF in the club's print layout.
    pub fn print_season(&mut self, season: &str, lang: Option<&str>) -> Result<Vec<u8>> {
        let lang = print_lang(lang);
        let standings = serde_json::to_value(self.season_standings(season)?).map_err(|e| ApiError::internal("season", e))?;
        atout_report::season::season_pdf(&standings, &self.print_layout()?, &lang).map_err(|e| ApiError::internal("print", e))
    }
}

#[cfg(test)]
mod tests {
    use super::sheet_cell;

    /// A figure's decimal point is a comma where fields are split by `;`, in a ranking's or a
    /// season's cells alike; a name keeps its point; with `,` between fields, figures keep theirs.
    #[test]
    fn half_points_read_as_numbers_in_the_spreadsheet_asked_for() {
        assert_eq!(sheet_cell("17.5", b';', None), "17,5");
        assert_eq!(sheet_cell("10 (17.5)", b';', None), "10 (17,5)");
        assert_eq!(sheet_cell("(12.5)", b';', None), "(12,5)");
        assert_eq!(sheet_cell("J. Smet", b';', None), "J. Smet");
        // A bye's figure beside its word (it kept its point beside «4,5 (0)»).
        assert_eq!(sheet_cell("exempt 4.75", b';', Some("exempt")), "exempt 4,75");
        // Only a bye's: a name's figure is the name's («Vendredi 3.10» is no number).
        assert_eq!(sheet_cell("Vendredi 3.10", b';', Some("exempt")), "Vendredi 3.10");
        assert_eq!(sheet_cell("Jan 2.", b';', Some("exempt")), "Jan 2.");
        assert_eq!(sheet_cell("17.5", b',', None), "17.5");
        assert_eq!(sheet_cell("", b';', None), "");
    }
}
