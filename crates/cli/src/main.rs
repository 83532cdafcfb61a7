//! `atout`: a thin command line over `atout-api`. Parsing arguments and
//! printing results is all it does.

use atout_api::{ApiError, Atout, DrawnRound, SheetView, StandingsFormat};
use clap::{Args, Parser, Subcommand, ValueEnum};
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "atout", version, about = "Card-club tournaments: Double King and friends")]
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
    Players(PlayersCmd),
    /// Tournaments.
    #[command(subcommand)]
    Tournament(TournamentCmd),
    /// Rounds: draw tables and seats, show a round.
    #[command(subcommand)]
    Round(RoundCmd),
    /// Score sheet lines.
    #[command(subcommand)]
    Deal(DealCmd),
    /// Jury rulings.
    #[command(subcommand)]
    Ruling(RulingCmd),
    /// Show a score sheet.
    Sheet {
        #[command(flatten)]
        at: TableArgs,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// Show every version of every line, with who, when and why.
        #[arg(long)]
        history: bool,
    },
    /// The games this version scores, with their variant settings.
    Games {
        /// Language of the names: en, fr or nl.
        #[arg(long, default_value = "en")]
        lang: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Import a tournament document (atout-tournament/1).
    Import { file: PathBuf },
    /// Export a tournament document; `-` writes to standard output.
    Export {
        #[arg(long)]
        tournament: String,
        file: PathBuf,
    },
    /// Standings, live or final.
    Standings {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        after_round: Option<i64>,
        #[arg(long, value_enum, default_value = "table")]
        format: StandingsOut,
        /// Language of the headers: en, fr or nl.
        #[arg(long, default_value = "en")]
        lang: String,
    },
}

#[derive(Subcommand)]
enum PlayersCmd {
    /// Register players from a CSV file (comma or semicolon; EN/FR/NL headers).
    Import {
        file: PathBuf,
        /// Also enter them in this tournament.
        #[arg(long)]
        tournament: Option<String>,
    },
    List {
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    Add {
        #[arg(long)]
        name: String,
        #[arg(long, default_value = "")]
        club: String,
        #[arg(long, default_value = "")]
        member: String,
    },
}

#[derive(Subcommand)]
enum TournamentCmd {
    /// Create a tournament; prints its id.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long, default_value = "double-king")]
        game: String,
        #[arg(long)]
        rounds: Option<u32>,
        #[arg(long)]
        date: Option<String>,
        /// Settings as FORMAT.md's JSON object.
        #[arg(long)]
        settings: Option<String>,
    },
    List {
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Enter registered players (all of them unless --player is given).
    Enter {
        #[arg(long)]
        tournament: String,
        #[arg(long = "player")]
        players: Vec<i64>,
    },
}

#[derive(Subcommand)]
enum RoundCmd {
    /// Draw the tables and seats of a round.
    Draw {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        /// The random seed; the same seed gives the same draw.
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    Show {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

#[derive(Args)]
struct TableArgs {
    #[arg(long)]
    tournament: String,
    #[arg(long)]
    round: i64,
    #[arg(long)]
    table: i64,
}

#[derive(Subcommand)]
enum DealCmd {
    /// Add the next line of a sheet, e.g. '{"contract":"C","counts":[1,2,1,0]}'.
    Add {
        #[command(flatten)]
        at: TableArgs,
        json: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Check a line without writing it: its points, or the rule it breaks.
    Check {
        #[command(flatten)]
        at: TableArgs,
        json: String,
        /// Check it as a correction of this line.
        #[arg(long)]
        deal: Option<usize>,
    },
    /// Correct line N of a sheet; the old line stays in the history.
    Correct {
        #[command(flatten)]
        at: TableArgs,
        #[arg(long)]
        deal: usize,
        json: String,
        #[arg(long)]
        reason: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

#[derive(Subcommand)]
enum RulingCmd {
    /// Record a ruling, e.g. '{"seat":2,"points":[1,-3,1,1],"reason":"…","by":"…"}'.
    Add {
        #[command(flatten)]
        at: TableArgs,
        json: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Output {
    Table,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum StandingsOut {
    Table,
    Json,
    Csv,
}

#[derive(Debug)]
enum Failure {
    Api(ApiError),
    Usage(String),
}

impl From<ApiError> for Failure {
    fn from(e: ApiError) -> Self {
        Failure::Api(e)
    }
}

fn read(path: &PathBuf) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))
}

fn parse_json(text: &str) -> Result<Value, Failure> {
    serde_json::from_str(text).map_err(|e| Failure::Usage(format!("not JSON: {e}")))
}

fn json(v: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(v).expect("serializable")
}

fn print_round(r: &DrawnRound) {
    println!("{} — round {}  (seed {}, repeat meetings not avoided: {})", r.tournament, r.round, r.seed.as_deref().unwrap_or("-"), r.repeats.map_or("-".into(), |n| n.to_string()));
    for t in &r.tables {
        println!("table {}  (first dealer: seat {})", t.number, t.first_dealer);
        for s in &t.seats {
            println!("  seat {}  {:<6} {}{}", s.seat, s.player, s.name, if s.club.is_empty() { String::new() } else { format!(" ({})", s.club) });
        }
    }
    if !r.byes.is_empty() {
        let byes: Vec<String> = r.byes.iter().map(|b| format!("{} {}", b.player, b.name)).collect();
        println!("bye: {}", byes.join(", "));
    }
}

fn print_sheet(s: &SheetView) {
    println!("{} — round {}, table {}", s.tournament, s.round, s.table);
    for seat in &s.seats {
        println!("  seat {}  {} {}", seat.seat, seat.player, seat.name);
    }
    println!("{:>4} {:>4} {:>6} {:<4} {:>24}", "line", "deal", "dealer", "game", "points");
    for l in &s.lines {
        let pts: Vec<String> = l.line.points.iter().map(|p| format!("{p:>5}")).collect();
        let mark = if l.line.counts { "" } else { "  (void, redealt)" };
        println!("{:>4} {:>4} {:>6} {:<4} {}{mark}", l.line.line, l.line.deal, l.line.dealer, l.line.label, pts.join(""));
    }
    println!("totals  {:?}", s.totals);
    for r in &s.rulings {
        println!("ruling  seat {}: {:?} — {} ({}){}", r.seat, r.points, r.reason, r.by, if r.sanction { " [sanction]" } else { "" });
    }
    let tp: Vec<String> = s.table_points.iter().map(|p| p.to_string()).collect();
    let tp = if s.uses_table_points { format!("   table points [{}]", tp.join(", ")) } else { String::new() };
    println!("scores  {:?}{tp}{}", s.scores, if s.complete { "" } else { "  (provisional)" });
    match &s.next {
        Some(next) => println!("next: {}", serde_json::to_string(next).unwrap_or_default()),
        None => println!("sheet complete ({} deals)", s.deals_played),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let path = cli.db.unwrap_or_else(Atout::default_db_path);
    let mut app = Atout::open(&path)?;
    if let Some(by) = &cli.by {
        app.set_actor(by);
    }
    match cli.command {
        Command::Players(PlayersCmd::Import { file, tournament }) => {
            let r = app.players_import(&read(&file)?, tournament.as_deref())?;
            println!("{} players added, {} already registered{}", r.added.len(), r.known.len(),
                if tournament.is_some() { format!(", {} entered", r.entered) } else { String::new() });
        }
        Command::Players(PlayersCmd::List { format }) => {
            let players = app.players_list()?;
            match format {
                Output::Json => println!("{}", json(&players)),
                Output::Table => {
                    for p in players {
                        println!("{:>5}  {:<30} {:<20} {}", p.id, p.name, p.club, p.member);
                    }
                }
            }
        }
        Command::Players(PlayersCmd::Add { name, club, member }) => {
            let p = app.player_add(&name, &club, &member)?;
            println!("{}", p.id);
        }
        Command::Tournament(TournamentCmd::Create { name, game, rounds, date, settings }) => {
            let settings = settings.as_deref().map(parse_json).transpose()?;
            let t = app.tournament_create(&atout_api::NewTournament { name, game, date, rounds, settings })?;
            println!("{}", t.id);
        }
        Command::Tournament(TournamentCmd::List { format }) => {
            let all = app.tournament_list()?;
            match format {
                Output::Json => println!("{}", json(&all)),
                Output::Table => {
                    for t in all {
                        println!("{:>4}  {:<30} {:<14} {}  {} players, {}/{} rounds drawn", t.id, t.name, t.game, t.date.unwrap_or_default(), t.players, t.rounds_drawn, t.rounds);
                    }
                }
            }
        }
        Command::Tournament(TournamentCmd::Enter { tournament, players }) => {
            let t = app.tournament_enter(&tournament, &players)?;
            println!("{} players in {}", t.players, t.name);
        }
        Command::Round(RoundCmd::Draw { tournament, round, seed, format }) => {
            show_round(&app.round_draw(&tournament, round, seed)?, format);
        }
        Command::Round(RoundCmd::Show { tournament, round, format }) => {
            show_round(&app.round_view(&tournament, round)?, format);
        }
        Command::Deal(DealCmd::Add { at, json: entry, format }) => {
            let s = app.deal_add(&at.tournament, at.round, at.table, parse_json(&entry)?)?;
            show_sheet(&s, format);
        }
        Command::Deal(DealCmd::Check { at, json: entry, deal }) => {
            let preview = app.deal_check(&at.tournament, at.round, at.table, deal, parse_json(&entry)?)?;
            println!("{}", json(&preview));
            if let Some(refused) = preview.refused {
                return Err(Failure::Api(refused));
            }
        }
        Command::Games { lang, format } => {
            let games = atout_api::games(&lang);
            match format {
                Output::Json => println!("{}", json(&games)),
                Output::Table => {
                    for g in games {
                        let seats = if g.seats[0] == g.seats[1] { g.seats[0].to_string() } else { format!("{}–{}", g.seats[0], g.seats[1]) };
                        println!("{:<16} {:<16} tables of {seats}", g.code, g.name);
                        for field in g.fields.as_array().into_iter().flatten() {
                            println!("    {}", field["label"].as_str().unwrap_or(""));
                            for o in field["options"].as_array().into_iter().flatten() {
                                println!("      {:<48} {}", o["label"].as_str().unwrap_or(""), o["settings"]);
                            }
                        }
                    }
                }
            }
        }
        Command::Deal(DealCmd::Correct { at, deal, json: entry, reason, format }) => {
            let s = app.deal_correct(&at.tournament, at.round, at.table, deal, parse_json(&entry)?, &reason)?;
            show_sheet(&s, format);
        }
        Command::Ruling(RulingCmd::Add { at, json: entry, format }) => {
            let s = app.ruling_add(&at.tournament, at.round, at.table, parse_json(&entry)?)?;
            show_sheet(&s, format);
        }
        Command::Sheet { at, format, history } => {
            if history {
                let h = app.sheet_history(&at.tournament, at.round, at.table)?;
                match format {
                    Output::Json => println!("{}", json(&h)),
                    Output::Table => {
                        for e in h {
                            let line = e.line.map_or("ruling".to_string(), |l| format!("line {l}"));
                            println!("{}  {:<8} {:<14} {:<10} {}  {}", e.at_local, line, e.action, e.by, e.entry, e.reason);
                        }
                    }
                }
            } else {
                show_sheet(&app.sheet(&at.tournament, at.round, at.table)?, format);
            }
        }
        Command::Import { file } => {
            let t = app.import_document(&read(&file)?)?;
            println!("{}", t.id);
            eprintln!("imported «{}»: {} players, {} rounds", t.name, t.players, t.rounds_drawn);
        }
        Command::Export { tournament, file } => {
            let doc = json(&app.export_document(&tournament)?) + "\n";
            if file.as_os_str() == "-" {
                print!("{doc}");
            } else {
                std::fs::write(&file, doc).map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            }
        }
        Command::Standings { tournament, after_round, format, lang } => {
            let format = match format {
                StandingsOut::Table => StandingsFormat::Table,
                StandingsOut::Json => StandingsFormat::Json,
                StandingsOut::Csv => StandingsFormat::Csv,
            };
            print!("{}", app.standings_rendered(&tournament, after_round, format, &lang)?);
        }
    }
    Ok(())
}

fn show_round(r: &DrawnRound, format: Output) {
    match format {
        Output::Json => println!("{}", json(r)),
        Output::Table => print_round(r),
    }
}

fn show_sheet(s: &SheetView, format: Output) {
    match format {
        Output::Json => println!("{}", json(s)),
        Output::Table => print_sheet(s),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Api(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(if e.rule().is_some() { 2 } else { 1 })
        }
        Err(Failure::Usage(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(1)
        }
    }
}
