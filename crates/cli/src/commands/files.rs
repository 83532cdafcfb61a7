//! What goes in and out of the database as files: `atout import`, `atout sample`, `atout
//! export`, `atout print …` (PDF) and `atout publish` (the club's website). Every file is
//! written through the api's one save path: an existing file is kept, never replaced.

use crate::output::{count, json, read, say, Failure, PLAYERS, ROUNDS};
use atout_api::print::{PrintRequest, ReplayedHand};
use atout_api::rules::said;
use atout_api::Atout;
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    Json,
    Csv,
}

/// Export a tournament: the document (json), or a spreadsheet (csv) of its
/// standings, round results or sheet lines; `-` writes to standard output.
#[derive(Args)]
pub struct ExportArgs {
    #[arg(long)]
    tournament: String,
    /// The file to write, or `-` for standard output (an existing file is kept, unless --replace)
    #[arg(value_parser = target)]
    file: Target,
    #[arg(long, value_enum, default_value = "json")]
    format: ExportFormat,
    /// With --format csv: standings, rounds or lines.
    #[arg(long, default_value = "standings")]
    what: String,
    /// With --format csv: the separator (`;` opens cleanly in a Belgian Excel).
    #[arg(long, default_value = ";")]
    delimiter: char,
    #[arg(long, value_parser = super::LANGS)]
    lang: Option<String>,
    /// Up to this round: the standings after it (as printed), the round results and the lines up to it; without it, as they stand.
    #[arg(long)]
    round: Option<i64>,
    /// Replace FILE if it exists (without it, an existing file is kept and the export refused).
    #[arg(long)]
    replace: bool,
}

/// Where an export goes: a file, or standard output (`-`).
#[derive(Clone, Debug)]
pub enum Target {
    Stdout,
    File(PathBuf),
}

fn target(s: &str) -> Result<Target, String> {
    Ok(match s {
        "-" => Target::Stdout,
        file => Target::File(PathBuf::from(file)),
    })
}

/// The club's results website: every evening, season and player as plain pages in DIR,
/// to copy to any web host (FORMAT.md "Published results"). Publishing again rewrites only
/// what changed; a folder holding files it did not write is refused.
#[derive(Args)]
pub struct PublishArgs {
    /// The folder (created if missing): empty, or the one published into before.
    #[arg(long)]
    out: PathBuf,
    /// The club's language, of `index.html` pages (each page is also in every language): en, fr or nl.
    #[arg(long, value_parser = super::LANGS)]
    lang: Option<String>,
    /// Names as "Anne D." everywhere (pages, JSON, CSV, feed).
    #[arg(long)]
    initials: bool,
}

/// Print to PDF: standings, the seating plan, score sheets, rulings.
#[derive(Args)]
pub struct PrintArgs {
    #[command(subcommand)]
    what: PrintCmd,
    /// Replace the file named by --out if it exists (without it, an existing file is kept and
    /// the print refused).
    #[arg(long, global = true)]
    replace: bool,
}

/// A print of a whole tournament: which, the file, the language.
#[derive(Args)]
pub struct Whole {
    #[arg(long)]
    tournament: String,
    #[arg(long)]
    out: PathBuf,
    #[arg(long, value_parser = super::LANGS)]
    lang: Option<String>,
}

#[derive(Subcommand)]
pub enum PrintCmd {
    /// The ranking, final or after a round.
    Standings {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        after_round: Option<i64>,
        #[arg(long)]
        out: PathBuf,
        /// fr, nl or en (default: the system's language).
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
    },
    /// The seating plan of a round: by table, and by player.
    Seating {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
        /// Print each table's device code and QR code, for the table devices at this
        /// address (`atout serve` prints it: http://192.168.1.20:8777).
        #[arg(long)]
        devices: Option<String>,
    },
    /// One score sheet per table of a round: prefilled, or (--completed) as written.
    Sheets {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        #[arg(long)]
        completed: bool,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
    },
    /// A season's standings and club ranking.
    Season {
        #[arg(long)]
        season: String,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
    },
    /// Every line that carries its cards, replayed card by card: the hands dealt, the
    /// tricks, the illegal card marked (for the tournament's file).
    Hands {
        #[command(flatten)]
        whole: Whole,
        /// "Could it have been made?" printed with a finished deal, for a seat's side:
        /// `ROUND.TABLE.LINE:SEAT` (`1.2.3:1`: round 1, table 2, line 3, seat 1); repeatable.
        #[arg(long, value_parser = solve_at)]
        solve: Vec<ReplayedHand>,
    },
    /// The jury's rulings and fines.
    Rulings(Whole),
}

/// `ROUND.TABLE.LINE:SEAT`: a line's own cards, to be searched for the seat's side.
fn solve_at(s: &str) -> Result<ReplayedHand, String> {
    let bad = || format!("ROUND.TABLE.LINE:SEAT (1.2.3:1), not «{s}»");
    let (at, seat) = s.split_once(':').ok_or_else(bad)?;
    let mut at = at.split('.');
    let mut next = || at.next().and_then(|n| n.parse::<usize>().ok()).ok_or_else(bad);
    let (round, table, line) = (next()?, next()?, next()?);
    let seat = seat.parse::<usize>().map_err(|_| bad())?;
    if at.next().is_some() {
        return Err(bad());
    }
    let n = |v: usize| i64::try_from(v).map_err(|_| bad());
    Ok(ReplayedHand { round: n(round)?, table: n(table)?, line, solve: Some(seat), ..ReplayedHand::default() })
}

pub fn import(app: &mut Atout, file: &Path) -> Result<(), Failure> {
    let t = app.import_document(&read(file)?)?;
    outln!("{}", t.id);
    let (name, players, rounds) = (&t.name, count(t.players, PLAYERS), count(t.rounds_drawn, ROUNDS));
    eprintln!(
        "{}",
        say(said!("imported «{name}»: {players}, {rounds}", "« {name} » importé : {players}, {rounds}", "«{name}» geïmporteerd: {players}, {rounds}"))
    );
    Ok(())
}

pub fn sample(app: &mut Atout) -> Result<(), Failure> {
    let t = app.sample_load()?;
    outln!("{}", t.id);
    let (name, players, rounds) = (&t.name, count(t.players, PLAYERS), count(t.rounds_drawn, ROUNDS));
    eprintln!(
        "{}",
        say(said!(
            "loaded the sample tournament «{name}»: {players}, {rounds}",
            "tournoi d'exemple « {name} » chargé : {players}, {rounds}",
            "voorbeeldtoernooi «{name}» geladen: {players}, {rounds}"
        ))
    );
    Ok(())
}

pub fn export(app: &mut Atout, a: ExportArgs) -> Result<(), Failure> {
    let text = match a.format {
        ExportFormat::Csv => {
            // A character beyond ASCII is no separator: the api refuses it (as NUL), in its words.
            let sep = u8::try_from(u32::from(a.delimiter)).ok().filter(u8::is_ascii).unwrap_or(0);
            app.export_csv(&a.tournament, &a.what, sep, a.lang.as_deref(), a.round)?
        }
        // The document is the whole tournament: a round asked of it was quietly left out.
        ExportFormat::Json if a.round.is_some() => {
            return Err(Failure::Api(atout_api::ApiError::invalid(atout_api::rules::said!(
                "--round is for --format csv: a JSON export is the whole tournament (its standings after a round: atout standings --after-round)",
                "--round vaut pour --format csv : un export JSON est le tournoi entier (son classement après une manche : atout standings --after-round)",
                "--round geldt voor --format csv: een JSON-export is het hele toernooi (de stand na een ronde: atout standings --after-round)"
            ))))
        }
        ExportFormat::Json => json(&app.export_document(&a.tournament)?) + "\n",
    };
    match a.file {
        Target::Stdout => out!("{text}"),
        Target::File(file) => {
            app.save_file(&file.display().to_string(), text.as_bytes(), a.replace).map_err(replace_said)?;
        }
    }
    Ok(())
}

pub fn print(app: &mut Atout, a: PrintArgs) -> Result<(), Failure> {
    let ask = |tournament: String, what: &str, out: PathBuf, lang: Option<String>| PrintRequest {
        tournament,
        what: what.into(),
        lang,
        path: Some(out.display().to_string()),
        overwrite: a.replace,
        ..PrintRequest::default()
    };
    let req = match a.what {
        PrintCmd::Standings { tournament, after_round, out, lang } => PrintRequest { round: after_round, ..ask(tournament, "standings", out, lang) },
        PrintCmd::Seating { tournament, round, out, lang, devices } => PrintRequest { round: Some(round), devices, ..ask(tournament, "seating", out, lang) },
        PrintCmd::Sheets { tournament, round, completed, out, lang } => {
            PrintRequest { round: Some(round), ..ask(tournament, if completed { "completed-sheets" } else { "sheets" }, out, lang) }
        }
        PrintCmd::Rulings(Whole { tournament, out, lang }) => ask(tournament, "rulings", out, lang),
        PrintCmd::Hands { whole: Whole { tournament, out, lang }, solve } => PrintRequest { replays: solve, ..ask(tournament, "hands", out, lang) },
        PrintCmd::Season { season, out, lang } => PrintRequest { season: Some(season), ..ask(String::new(), "season", out, lang) },
    };
    outln!("{}", app.save_print(&req).map_err(replace_said)?);
    Ok(())
}

/// A file kept because it exists: said with the option that replaces it (the refusal named
/// none, and the user was stuck).
fn replace_said(e: atout_api::ApiError) -> Failure {
    if e.is_conflict() {
        Failure::ApiThen(e, crate::output::word("--replace writes over it", "--replace l'écrase", "--replace overschrijft het").to_string())
    } else {
        e.into()
    }
}

pub fn publish(app: &mut Atout, a: PublishArgs) -> Result<(), Failure> {
    let lang = atout_api::print::print_lang(a.lang.as_deref());
    let done = app.publish(&a.out, &lang, atout_api::publish::Privacy { initials: a.initials })?;
    let (dir, evenings, seasons, players) = (&done.dir, done.evenings, done.seasons, done.players);
    let (written, unchanged, removed) = (done.written, done.unchanged, done.removed);
    outln!(
        "{}",
        say(said!(
            "published into {dir} — evenings: {evenings}, seasons: {seasons}, players: {players}; files written: {written}, unchanged: {unchanged}, removed: {removed}",
            "publié dans {dir} — soirées : {evenings}, saisons : {seasons}, joueurs : {players} ; fichiers écrits : {written}, inchangés : {unchanged}, supprimés : {removed}",
            "gepubliceerd in {dir} — avonden: {evenings}, seizoenen: {seasons}, spelers: {players}; bestanden geschreven: {written}, ongewijzigd: {unchanged}, verwijderd: {removed}"
        ))
    );
    Ok(())
}
