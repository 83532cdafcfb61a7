//! A table's sheet: `atout deal …` (its lines), `atout sheet` (shown, its history, replaced
//! whole), `atout table dealer`, `atout ruling …` (the jury's rulings).

use crate::output::{json, lang, parse_line, say, show, word, Failure, Output};
use atout_api::rules::{said, Rule, Tr};
use atout_api::{Atout, SheetView, TableRef};
use clap::{Args, Subcommand};
use serde_json::Value;

/// Show a score sheet, or replace it whole.
#[derive(Args)]
pub struct SheetArgs {
    #[command(subcommand)]
    replace: Option<SheetCmd>,
    #[command(flatten)]
    at: SheetAt,
    #[arg(long, value_enum, default_value = "table")]
    format: Output,
    /// Show every version of every line and every ruling written, with who, when and why (a
    /// ruling's withdrawal and a first dealer's correction: `atout audit`).
    #[arg(long)]
    history: bool,
}

#[derive(Subcommand)]
pub enum SheetCmd {
    /// Replace a whole sheet at once with a JSON array of lines (checked whole).
    Replace {
        #[command(flatten)]
        at: TableArgs,
        /// The sheet's lines, a JSON array of entries.
        json: String,
        #[arg(long)]
        reason: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

#[derive(Subcommand)]
pub enum TableCmd {
    /// Correct the first dealer of a table (the sheet is checked again).
    Dealer {
        #[command(flatten)]
        at: TableArgs,
        #[arg(long)]
        seat: i64,
        #[arg(long)]
        reason: String,
    },
}

#[derive(Args)]
pub struct TableArgs {
    #[arg(long)]
    tournament: String,
    #[arg(long)]
    round: i64,
    #[arg(long)]
    table: i64,
}

/// The sheet shown by `atout sheet`: the same arguments as [`TableArgs`], required
/// unless `replace` follows (clap builds this struct even then, so its fields are
/// options that clap requires itself).
#[derive(Args)]
pub struct SheetAt {
    #[arg(long, required = true)]
    tournament: Option<String>,
    #[arg(long, required = true)]
    round: Option<i64>,
    #[arg(long, required = true)]
    table: Option<i64>,
}

impl SheetAt {
    fn table(&self) -> TableRef {
        TableRef::new(self.tournament.clone().unwrap_or_default(), self.round.unwrap_or(0), self.table.unwrap_or(0))
    }
}

impl TableArgs {
    fn table(&self) -> TableRef {
        TableRef::new(self.tournament.clone(), self.round, self.table)
    }
}

#[derive(Subcommand)]
pub enum DealCmd {
    /// Add the next line of a sheet, e.g. '{"contract":"C","counts":[1,2,1,0]}'.
    Add {
        #[command(flatten)]
        at: TableArgs,
        /// The line as JSON (FORMAT.md's entry shape).
        json: String,
        /// The line number this is meant to be: refused if that line was written meanwhile.
        #[arg(long)]
        line: Option<usize>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Take back the last line of a sheet (it stays in the history).
    Undo {
        #[command(flatten)]
        at: TableArgs,
        /// The line to take back: refused, naming who wrote it, when the sheet's last
        /// line is another (written meanwhile). Without it, the last line as the sheet
        /// stands when the command runs.
        #[arg(long)]
        line: Option<usize>,
        #[arg(long)]
        reason: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Check a line without writing it: its points, or the rule it breaks.
    Check {
        #[command(flatten)]
        at: TableArgs,
        /// The line as JSON (FORMAT.md's entry shape).
        json: String,
        /// Check it as a correction of this line.
        #[arg(long)]
        deal: Option<usize>,
    },
    /// Correct line N of a sheet; the old line stays in the history.
    Correct {
        #[command(flatten)]
        at: TableArgs,
        /// The number of the line to correct.
        #[arg(long)]
        deal: usize,
        /// The corrected line as JSON (FORMAT.md's entry shape).
        json: String,
        #[arg(long)]
        reason: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

#[derive(Subcommand)]
pub enum RulingCmd {
    /// Every ruling of a tournament (with the id to withdraw one), those withdrawn too, said so.
    List {
        #[arg(long)]
        tournament: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Withdraw a ruling by its id (it stays in the sheet's history; the withdrawal is in
    /// `atout audit`).
    Withdraw {
        #[arg(long)]
        tournament: String,
        /// The ruling's number (as `atout ruling list` shows it).
        #[arg(long)]
        ruling: i64,
        #[arg(long)]
        reason: String,
    },
    /// Record a ruling, e.g. '{"seat":2,"points":[1,-3,1,1],"reason":"…","by":"…"}'.
    Add {
        #[command(flatten)]
        at: TableArgs,
        /// The ruling as JSON (FORMAT.md's ruling shape).
        json: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

pub fn deal(app: &mut Atout, cmd: DealCmd) -> Result<(), Failure> {
    match cmd {
        DealCmd::Add { at, json: entry, line, format } => {
            let at = at.table();
            app.deal_add(&at, line, parse_line(&entry, Rule::DEAL_SHAPE)?)?;
            let print = printer(app, &at.tournament)?;
            show(&app.sheet(&at)?, format, print);
        }
        DealCmd::Undo { at, line: Some(line), reason, format } => {
            let print = printer(app, &at.tournament)?;
            show(&app.deal_undo(&at.table(), line, None, &reason)?, format, print);
        }
        DealCmd::Undo { at, line: None, reason, format } => {
            let print = printer(app, &at.tournament)?;
            show(&app.deal_undo_last(&at.table(), &reason)?, format, print);
        }
        DealCmd::Check { at, json: entry, deal } => {
            let preview = app.deal_check(&at.table(), deal, parse_line(&entry, Rule::DEAL_SHAPE)?)?;
            outln!("{}", json(&preview));
            if let Some(refused) = preview.refused {
                return Err(Failure::Api(refused));
            }
        }
        DealCmd::Correct { at, deal, json: entry, reason, format } => {
            let print = printer(app, &at.tournament)?;
            show(&app.deal_correct(&at.table(), deal, parse_line(&entry, Rule::DEAL_SHAPE)?, None, &reason)?, format, print);
        }
    }
    Ok(())
}

pub fn sheet(app: &mut Atout, a: SheetArgs) -> Result<(), Failure> {
    match a.replace {
        Some(SheetCmd::Replace { at, json: lines, reason, format }) => {
            let Value::Array(lines) = parse_line(&lines, Rule::DEAL_SHAPE)? else {
                let said = atout_api::rules::said!(
                    "a sheet is a JSON array of lines",
                    "une feuille est un tableau JSON de lignes",
                    "een blad is een JSON-lijst van lijnen"
                );
                return Err(atout_api::ApiError::refused_said(Default::default(), Rule::DEAL_SHAPE, said).into());
            };
            let print = printer(app, &at.tournament)?;
            show(&app.sheet_replace(&at.table(), lines, &reason)?, format, print);
        }
        None if a.history => match a.format {
            Output::Json => outln!("{}", json(&app.sheet_history(&a.at.table())?)),
            Output::Table => {
                for e in app.sheet_history(&a.at.table())? {
                    let line = e.line.map_or(word("ruling", "décision", "beslissing").to_string(), |l| format!("{} {l}", word("line", "ligne", "lijn")));
                    // The line in the game's words, as the window's history says it.
                    let lang = lang();
                    // Who, as the reader's language says a phone or the jury's device.
                    let by = atout_api::actor_said(&e.by);
                    outln!("{}  {:<10} {:<24} {:<10} {}  {}", e.at_local, line, e.action_texts.get(lang), by.get(lang), e.texts.get(lang), e.reason);
                }
            }
        },
        None => {
            let at = a.at.table();
            let print = printer(app, &at.tournament)?;
            show(&app.sheet(&at)?, a.format, print);
        }
    }
    Ok(())
}

pub fn table(app: &mut Atout, cmd: TableCmd) -> Result<(), Failure> {
    match cmd {
        TableCmd::Dealer { at, seat, reason } => {
            let print = printer(app, &at.tournament)?;
            print(&app.table_dealer(&at.table(), seat, &reason)?);
        }
    }
    Ok(())
}

pub fn ruling(app: &mut Atout, cmd: RulingCmd) -> Result<(), Failure> {
    match cmd {
        RulingCmd::List { tournament, format } => match format {
            Output::Json => outln!("{}", json(&app.rulings_list(&tournament)?)),
            Output::Table => {
                let list = app.rulings_list(&tournament)?;
                let imported = word("imported", "importée", "geïmporteerd");
                // The times' column as wide as its widest («geïmporteerd 2026-11-28» is longer
                // than a time, and put the rows beside it out of line).
                let wide = list.iter().map(|r| if r.imported { imported.chars().count() + 11 } else { r.at_local.chars().count() }).max().unwrap_or(0);
                for r in list {
                    let id = r.id.map_or("-".to_string(), |i| i.to_string());
                    // When (local time), whether a sanction, what and why in words (a jury's
                    // call says its contract and outcome), and by whom.
                    let kind = if r.ruling.sanction { word("sanction ", "sanction ", "sanctie ") } else { "" };
                    // Withdrawn since: listed with its withdrawal, counting no more.
                    let gone = r.withdrawn.as_ref().map_or(String::new(), |w| {
                        let (at, by, why) = (&w.at_local, &w.by, &w.reason);
                        say(said!(
                            "  — withdrawn {at} by {by}: {why} (no longer counts)",
                            "  — retirée le {at} par {by} : {why} (ne compte plus)",
                            "  — ingetrokken {at} door {by}: {why} (telt niet meer)"
                        ))
                    });
                    // Read from a document that does not say when: the day it was imported.
                    let when = if r.imported { format!("{imported} {}", r.at_local.get(..10).unwrap_or(&r.at_local)) } else { r.at_local.clone() };
                    let (round, table, seat) = (r.round, r.table, r.ruling.seat);
                    let place = say(said!(
                        "round {round} table {table} seat {seat}",
                        "manche {round} table {table} place {seat}",
                        "ronde {round} tafel {table} plaats {seat}"
                    ));
                    // By whom, when the jury member was named (a fault imported may not say).
                    let by = if r.ruling.by.is_empty() { String::new() } else { format!(" ({})", r.ruling.by) };
                    outln!("{id:>5}  {when:<wide$}  {place} {:<20} {:?}  {kind}{}{by}{gone}", r.name, r.ruling.points, r.reason_texts.get(lang()));
                }
            }
        },
        RulingCmd::Withdraw { tournament, ruling, reason } => {
            let left: Vec<_> = app.ruling_withdraw(&tournament, ruling, &reason)?.into_iter().filter(|r| r.withdrawn.is_none()).collect();
            let n = left.len();
            let Tr { en, fr, nl } = Tr::after(
                n as i64,
                Tr::new("ruling or fault remains", "décision ou faute reste", "beslissing of fout blijft"),
                Tr::new("rulings and faults remain", "décisions et fautes restent", "beslissingen en fouten blijven"),
            );
            outln!(
                "{}",
                say(said!("ruling {ruling} withdrawn; {n} {en}", "décision {ruling} retirée ; {n} {fr}", "beslissing {ruling} ingetrokken; {n} {nl}"))
            );
        }
        RulingCmd::Add { at, json: entry, format } => {
            let print = printer(app, &at.tournament)?;
            show(&app.ruling_add(&at.table(), parse_line(&entry, Rule::RULING_SHAPE)?)?, format, print);
        }
    }
    Ok(())
}

/// The sheet in words, its columns said as the tournament's game says them (Kings Cribbage:
/// turns and whose turn, not deals and dealers).
fn printer(app: &mut Atout, tournament: &str) -> Result<impl FnOnce(&SheetView), Failure> {
    let desc = app.game_view(tournament, lang().code())?;
    Ok(move |s: &SheetView| print_sheet(s, &desc))
}

fn print_sheet(s: &SheetView, desc: &Value) {
    let lang = lang();
    let own = |key: &str, usual: &'static str| desc["words"][key].as_str().map_or(usual.to_string(), str::to_lowercase);
    let seat_word = word("seat", "place", "plaats");
    let name = |seat: usize| s.seats.get(seat.wrapping_sub(1)).map_or_else(|| format!("{seat_word} {seat}"), |x| format!("{seat}. {}", x.name));
    let (tournament, round, table) = (&s.tournament, s.round, s.table);
    outln!(
        "{}",
        say(said!(
            "{tournament} — round {round}, table {table}",
            "{tournament} — manche {round}, table {table}",
            "{tournament} — ronde {round}, tafel {table}"
        ))
    );
    for seat in &s.seats {
        outln!("  {seat_word} {}  {} {}", seat.seat, seat.player, seat.name);
    }
    // Each line as the game says it in words: its game, its points per seat, who played it.
    let width = s.lines.iter().map(|l| l.label_texts.get(lang).chars().count()).max().unwrap_or(4).max(4);
    let (line, deal, dealer, game, points) = (
        word("line", "ligne", "lijn"),
        own("deal", word("deal", "donne", "spel")),
        own("dealer", word("dealer", "donneur", "gever")),
        word("game", "jeu", "spel"),
        word("points", "points", "punten"),
    );
    outln!("{line:>5} {deal:>5} {dealer:>7} {game:<width$} {points:>24}");
    for l in &s.lines {
        let pts: Vec<String> = l.line.points.iter().map(|p| format!("{p:>5}")).collect();
        let mark = if l.line.counts { "" } else { word("  (void, redealt)", "  (nulle, redonnée)", "  (ongeldig, opnieuw gegeven)") };
        let who = l.who_texts.get(lang);
        let who = if who.is_empty() { String::new() } else { format!("  {who}") };
        let dealer = l.line.dealer.map(|d| d.to_string()).unwrap_or_default();
        outln!("{:>5} {:>5} {:>7} {:<width$} {}{mark}{who}", l.line.line, l.line.deal, dealer, l.label_texts.get(lang), pts.join(""));
    }
    let figures = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(" · ");
    outln!("{}  {}", word("totals", "totaux", "totalen"), figures(&s.totals));
    for (i, r) in s.rulings.iter().enumerate() {
        let kind = if r.sanction { word("sanction", "sanction", "sanctie") } else { word("ruling", "décision", "beslissing") };
        // The reason in the game's words (a jury's call: its contract and outcome).
        let reason = s.ruling_texts.get(i).map_or(r.reason.as_str(), |t| t.get(lang));
        let colon = word(": ", " : ", ": ");
        outln!("{kind}  {}{colon}{} — {reason} ({})", name(usize::try_from(r.seat).unwrap_or(0)), figures(&r.points), r.by);
    }
    // With the decimal sign of the user's language, as the printed sheet writes it.
    let sign = word(".", ",", ",");
    let tp: Vec<String> = s.table_points.iter().map(|p| p.to_string().replace('.', sign)).collect();
    let tp = if s.uses_table_points { format!("   {} {}", word("table points", "points de table", "tafelpunten"), tp.join(" · ")) } else { String::new() };
    let provisional = if s.complete { "" } else { word("  (provisional)", "  (provisoire)", "  (voorlopig)") };
    outln!("{}  {}{tp}{provisional}", word("scores", "scores", "scores"), figures(&s.scores));
    if let Some(error) = &s.error {
        // A stored sheet that no longer checks (the database changed by other means): said,
        // never shown as an empty sheet.
        outln!(
            "{}",
            say(said!(
                "this sheet as stored no longer checks: {error} (`atout check` finds every such sheet)",
                "cette feuille telle qu'enregistrée ne se vérifie plus : {error} (`atout check` trouve toutes ces feuilles)",
                "dit blad zoals het opgeslagen is klopt niet meer: {error} (`atout check` vindt al zulke bladen)"
            ))
        );
        return;
    }
    match &s.next {
        // What every game's choices say: the next line, its deal and dealer (the rest: --format json).
        Some(next) => {
            let at = |k: &str| next[k].as_u64().map(|n| n as usize);
            let mut said = vec![];
            if let Some(n) = at("line") {
                said.push(format!("{line} {n}"));
            }
            if let Some(n) = at("deal") {
                said.push(format!("{deal} {n}"));
            }
            if let Some(d) = at("dealer") {
                // Whose turn, where the game has turns and not deals (Kings Cribbage).
                let by = desc["words"]["dealt_by"].as_str().unwrap_or(word("dealt by", "donnée par", "gegeven door"));
                said.push(format!("{by} {}", name(d)));
            }
            if let Some(out) = at("sits_out") {
                let who = name(out);
                said.push(say(said!("{who} sits out", "{who} ne joue pas", "{who} speelt niet mee")));
            }
            let next = said.join(", ");
            outln!(
                "{}",
                say(said!(
                    "next: {next} (its choices: --format json)",
                    "ensuite : {next} (ses choix : --format json)",
                    "volgende: {next} (de keuzes: --format json)"
                ))
            );
        }
        None => {
            // As the game counts it (Kings Cribbage: turns; it said «27 deals»).
            let atout_api::rules::Said { en, fr, nl } = &s.progress_texts;
            outln!("{}", say(said!("sheet complete ({en})", "feuille complète ({fr})", "blad volledig ({nl})")));
        }
    }
    for seat in &s.next_scorer {
        let who = name(*seat);
        outln!(
            "{}",
            say(said!(
                "serviteur: {who} keeps the score of the next game",
                "serviteur : {who} tient la feuille du jeu suivant",
                "serviteur: {who} houdt de score van het volgende spel bij"
            ))
        );
    }
}
