//! `atout`: a thin command line over `atout-api`. Parsing arguments, dispatching them to
//! their command's module (`commands/`) and printing results is all it does; every decision
//! is the api's.
#![forbid(unsafe_code)]

#[macro_use]
mod output;
mod commands;
mod help;

use atout_api::Atout;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use commands::{database, devices, files, hand, players, round, season, sheet, tournament};
use output::Failure;
use std::path::PathBuf;
use std::process::ExitCode;

/// The allocator Atout ships with, as the benchmarks measure it (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "atout", version = atout_api::VERSION, about = "Card-club tournaments: Double King and friends")]
struct Cli {
    /// Database file (default: atout.db in the user's data folder).
    #[arg(long, global = true, env = "ATOUT_DB")]
    db: Option<PathBuf>,
    /// Name recorded as the author of changes (default: the system user).
    #[arg(long, global = true)]
    by: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The player registry.
    #[command(subcommand)]
    Players(players::PlayersCmd),
    /// Tournaments.
    #[command(subcommand)]
    Tournament(tournament::TournamentCmd),
    /// Rounds: draw tables and seats, show a round.
    #[command(subcommand)]
    Round(round::RoundCmd),
    /// Score sheet lines.
    #[command(subcommand)]
    Deal(sheet::DealCmd),
    /// Jury rulings.
    #[command(subcommand)]
    Ruling(sheet::RulingCmd),
    /// A table: correct its first dealer.
    #[command(subcommand)]
    Table(sheet::TableCmd),
    /// Players of a tournament: withdraw one, or take a withdrawal back.
    #[command(subcommand)]
    Player(players::PlayerCmd),
    /// Show a score sheet, or replace it whole.
    #[command(subcommand_negates_reqs = true)]
    Sheet(sheet::SheetArgs),
    /// A tournament's log: every change, who, when (local time), why, from what to what.
    Audit(tournament::AuditArgs),
    /// Back up the database now: to FILE, or in backups/ beside it (`manual-…`, kept until removed by hand).
    Backup {
        /// The file to write (an existing file is kept, unless --replace)
        file: Option<PathBuf>,
        /// Replace FILE if it exists (without it, an existing file is kept and the backup refused).
        #[arg(long)]
        replace: bool,
    },
    /// The backups beside the database, newest first, with what each holds.
    Backups,
    /// Put a backup in place of the database; the replaced content is kept in backups/.
    Restore { file: PathBuf },
    /// Check the whole database: the file (PRAGMA integrity_check), then every stored sheet replayed by its game's rules.
    Check,
    /// The club's results website: every evening, season and player as plain pages in DIR,
    /// to copy to any web host (FORMAT.md "Published results"). Publishing again rewrites only
    /// what changed; a folder holding files it did not write is refused.
    Publish(files::PublishArgs),
    /// Kings Cribbage tools that need no tournament.
    #[command(subcommand)]
    Cribbage(hand::CribbageCmd),
    /// The jury's hand checker: a deal replayed card by card (no tournament needed).
    #[command(subcommand)]
    Hand(hand::HandCmd),
    /// The games this version scores, with their variant settings.
    Games(database::GamesArgs),
    /// Import a tournament document (atout-tournament/1).
    Import { file: PathBuf },
    /// Load the sample tournament «Spring Open 2026», for a first look.
    Sample,
    /// Export a tournament: the document (json), or a spreadsheet (csv) of its
    /// standings, round results or sheet lines; `-` writes to standard output.
    Export(files::ExportArgs),
    /// Seasons: a club's championship over many evenings, and a federation ranking from
    /// other clubs' archives (RULES.md §6 "Seasons").
    #[command(subcommand)]
    Season(season::SeasonCmd),
    /// Print to PDF: standings, the seating plan, score sheets, rulings, replayed deals, a season.
    Print(files::PrintArgs),
    /// Serve the table devices' pages and protocol on the club's network (FORMAT.md,
    /// "Table devices"): each table's phone writes its sheet with its code. Runs until stopped.
    Serve(devices::ServeArgs),
    /// The codes of a drawn round's table devices (issued when first asked), and what the
    /// secretary does with them: revoke one (a lost phone), lock or unlock a settled table.
    Devices(devices::DevicesArgs),
    /// The version, the database in use and its size, where the backups go, the licences.
    About {
        /// Print the licence of the fonts embedded in printed documents.
        #[arg(long)]
        fonts: bool,
    },
    /// Standings, live or final.
    Standings(tournament::StandingsArgs),
}

fn run(cli: Cli) -> Result<(), Failure> {
    let named = cli.db.is_some();
    let path = cli.db.unwrap_or_else(Atout::default_db_path);
    // What needs no database, or one that cannot be opened.
    let command = match cli.command {
        Command::Cribbage(cmd) => return hand::cribbage(cmd),
        Command::Hand(cmd) => return hand::run(cmd),
        Command::Games(a) => return database::games(a),
        Command::Restore { file } => return database::restore(&path, &file),
        Command::Backups => return database::backups(&path),
        other => other,
    };
    // A command about what a database holds, asked of a database named (`--db`, ATOUT_DB)
    // that is not there: a mistyped name, not a new database (one was made, its folders
    // with it, and `check` said ok).
    // Only the commands that begin a database's content may make one: every other reads or
    // changes what one holds (a list, `about`, the devices' server…).
    let begins_one = matches!(
        command,
        Command::Import { .. }
            | Command::Sample
            | Command::Tournament(tournament::TournamentCmd::Create { .. })
            | Command::Players(players::PlayersCmd::Import { .. } | players::PlayersCmd::Add { .. })
            | Command::Season(season::SeasonCmd::Create { .. })
            | Command::About { fonts: true }
    );
    let needs_one = !begins_one;
    if named && needs_one && !path.exists() {
        let p = path.display();
        return Err(Failure::Api(atout_api::ApiError::not_found(atout_api::rules::said!(
            "no database at {p} (a command that reads one makes none: is the name right?)",
            "pas de base de données à {p} (une commande qui en lit une n'en crée pas : le nom est-il juste ?)",
            "geen databank op {p} (een opdracht die er een leest, maakt er geen: klopt de naam?)"
        ))));
    }
    let mut app = database::open(&path, cli.by.as_deref())?;
    // The server keeps the database for as long as it runs.
    let command = match command {
        Command::Serve(a) => return devices::serve(app, &path, a),
        other => other,
    };
    let app = &mut app;
    let done = on_database(app, command);
    // A failed automatic backup is said, in the user's language, whatever the command.
    if let Some(failed) = app.backup_failure() {
        eprintln!("atout: {}", crate::output::say(failed));
    }
    done
}

/// A command about what the database holds, once it is open.
fn on_database(app: &mut atout_api::Atout, command: Command) -> Result<(), Failure> {
    match command {
        Command::Players(cmd) => players::registry(app, cmd),
        Command::Player(cmd) => players::in_tournament(app, cmd),
        Command::Tournament(cmd) => tournament::run(app, cmd),
        Command::Standings(a) => tournament::standings(app, a),
        Command::Audit(a) => tournament::audit(app, a),
        Command::Round(cmd) => round::run(app, cmd),
        Command::Deal(cmd) => sheet::deal(app, cmd),
        Command::Sheet(a) => sheet::sheet(app, a),
        Command::Table(cmd) => sheet::table(app, cmd),
        Command::Ruling(cmd) => sheet::ruling(app, cmd),
        Command::Season(cmd) => season::run(app, cmd),
        Command::Import { file } => files::import(app, &file),
        Command::Sample => files::sample(app),
        Command::Export(a) => files::export(app, a),
        Command::Print(cmd) => files::print(app, cmd),
        Command::Publish(a) => files::publish(app, a),
        Command::Devices(a) => devices::devices(app, a),
        Command::Backup { file, replace } => database::backup(app, file.as_deref(), replace),
        Command::Check => database::check(app),
        Command::About { fonts } => database::about(app, fonts),
        // Answered above, before the database is opened.
        Command::Cribbage(_) | Command::Hand(_) | Command::Games(_) | Command::Restore { .. } | Command::Backups | Command::Serve(_) => Ok(()),
    }
}

/// Exit codes: 0 done; 1 the user's mistake (a command line, a name, a file that will not
/// do); 2 refused by a rule, or the answer is no; 3 not decided (a claim's search stopped);
/// 4 not the user's mistake (a bug, the disk, a damaged database), said as such.
const INTERNAL: u8 = 4;

/// A command line clap cannot read is the user's mistake (1), not a refusal (clap's own 2);
/// help and the version are answers (0).
fn parsed() -> Cli {
    let read = help::with_shared_help(Cli::command()).try_get_matches().and_then(|m| Cli::from_arg_matches(&m));
    read.unwrap_or_else(|e| {
        let _ = e.print();
        std::process::exit(if e.use_stderr() { 1 } else { 0 })
    })
}

/// An api error said (in the system's language: `LANG`), then what to do about it, with its
/// exit status.
fn failed(e: &atout_api::ApiError, then: Option<&str>, lang: atout_api::rules::Lang) -> ExitCode {
    use atout_api::rules::Lang;
    match lang {
        Lang::En => eprintln!("error: {e}"),
        lang => {
            // The rule's code (stable, for a script) and its words, then the case, all in the
            // language asked (the English said only).
            let word = match lang {
                Lang::Fr => "erreur",
                _ => "fout",
            };
            let rule = e
                .rule()
                .map(|r| {
                    format!(
                        "{} {} ({}){}",
                        if lang == Lang::Fr { "règle" } else { "regel" },
                        r.code(),
                        r.texts().get(lang),
                        if lang == Lang::Fr { " : " } else { ": " }
                    )
                })
                .unwrap_or_default();
            eprintln!("{word}{} {rule}{}", if lang == Lang::Fr { " :" } else { ":" }, e.texts().get(lang));
        }
    }
    if let Some(then) = then {
        eprintln!("{then}");
    }
    if e.is_internal() {
        eprintln!(
            "{}",
            match lang {
                Lang::Fr => "(pas une erreur dans ce que vous avez demandé : une faute du programme, du disque ou du fichier de la base de données ; `atout backups` liste les sauvegardes)",
                Lang::Nl => "(geen fout in wat u vroeg: een fout van het programma, de schijf of het databankbestand; `atout backups` toont de back-ups)",
                Lang::En => "(not a mistake in what you asked: a fault of the program, the disk or the database file; the backups are listed by `atout backups`)",
            }
        );
        return ExitCode::from(INTERNAL);
    }
    ExitCode::from(if e.rule().is_some() { 2 } else { 1 })
}

fn main() -> ExitCode {
    match run(parsed()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Api(e)) => failed(&e, None, crate::output::lang()),
        Err(Failure::ApiThen(e, then)) => failed(&e, Some(&then), crate::output::lang()),
        Err(Failure::ApiIn(e, lang)) => failed(&e, None, lang),
        Err(Failure::Exit(code)) => ExitCode::from(code),
    }
}
