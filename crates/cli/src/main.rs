//! `atout`: a thin command line over `atout-api`. Parsing arguments and
//! printing results is all it does.
#![forbid(unsafe_code)]

mod help;

use atout_api::{ApiError, Atout, DrawnRound, SheetView, StandingsFormat, TableRef};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use serde_json::Value;
use std::path::PathBuf;
use std::process::ExitCode;

/// Print to standard output, as `print!` does, but a reader that has gone (`atout … | head`)
/// ends the command quietly, as a pipe's writer should, and is no panic.
macro_rules! out {
    ($($arg:tt)*) => { write_out(format_args!($($arg)*)) };
}

/// The same, with a new line (as `println!`).
macro_rules! outln {
    () => { write_out(format_args!("\n")) };
    ($($arg:tt)*) => { write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

fn write_out(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: standard output: {e}");
        std::process::exit(1);
    }
}

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
    /// A table: correct its first dealer.
    #[command(subcommand)]
    Table(TableCmd),
    /// Players of a tournament: withdraw one, or take a withdrawal back.
    #[command(subcommand)]
    Player(PlayerCmd),
    /// Show a score sheet, or replace it whole.
    #[command(subcommand_negates_reqs = true)]
    Sheet {
        #[command(subcommand)]
        replace: Option<SheetCmd>,
        #[command(flatten)]
        at: SheetAt,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// Show every version of every line, with who, when and why.
        #[arg(long)]
        history: bool,
    },
    /// A tournament's log: every change, who, when (local time), why, from what to what.
    Audit {
        #[arg(long)]
        tournament: String,
        #[arg(long, value_enum, default_value = "table")]
        format: StandingsOut,
    },
    /// Back up the database now: to FILE, or as the next automatic backup (in backups/ beside it).
    Backup { file: Option<PathBuf> },
    /// The backups beside the database, newest first, with what each holds.
    Backups,
    /// Put a backup in place of the database; the replaced content is kept in backups/.
    Restore { file: PathBuf },
    /// Check the whole database (PRAGMA integrity_check).
    Check,
    /// The club's results website: every evening, season and player as plain pages in DIR,
    /// to copy to any web host (FORMAT.md "Published results"). Publishing again rewrites only
    /// what changed; a folder holding files it did not write is refused.
    Publish {
        /// The folder (created if missing): empty, or the one published into before.
        #[arg(long)]
        out: PathBuf,
        /// The club's language, of `index.html` pages (each page is also in every language): en, fr or nl.
        #[arg(long)]
        lang: Option<String>,
        /// Names as "Anne D." everywhere (pages, JSON, CSV, feed).
        #[arg(long)]
        initials: bool,
    },
    /// Kings Cribbage tools that need no tournament.
    #[command(subcommand)]
    Cribbage(CribbageCmd),
    /// The jury's hand checker: a deal replayed card by card (no tournament needed).
    #[command(subcommand)]
    Hand(HandCmd),
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
    /// Load the sample tournament «Spring Open 2026», for a first look.
    Sample,
    /// Export a tournament: the document (json), or a spreadsheet (csv) of its
    /// standings, round results or sheet lines; `-` writes to standard output.
    Export {
        #[arg(long)]
        tournament: String,
        file: PathBuf,
        #[arg(long, value_enum, default_value = "json")]
        format: ExportFormat,
        /// With --format csv: standings, rounds or lines.
        #[arg(long, default_value = "standings")]
        what: String,
        /// With --format csv: the separator (`;` opens cleanly in a Belgian Excel).
        #[arg(long, default_value = ";")]
        delimiter: char,
        #[arg(long)]
        lang: Option<String>,
    },
    /// Seasons: a club's championship over many evenings, and a federation ranking from
    /// other clubs' archives (RULES.md §6 "Seasons").
    #[command(subcommand)]
    Season(SeasonCmd),
    /// Print to PDF: standings, the seating plan, score sheets, rulings.
    #[command(subcommand)]
    Print(PrintCmd),
    /// Serve the table devices' pages and protocol on the club's network (FORMAT.md,
    /// "Table devices"): each table's phone writes its sheet with its code. Runs until stopped.
    Serve {
        /// The address to listen on: 0.0.0.0 is every network of this machine.
        #[arg(long, default_value = "0.0.0.0")]
        bind: std::net::IpAddr,
        #[arg(long, default_value_t = atout_serve::DEFAULT_PORT)]
        port: u16,
    },
    /// The codes of a drawn round's table devices (issued when first asked), and what the
    /// secretary does with them: revoke one (a lost phone), lock or unlock a settled table.
    Devices {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        /// Revoke the code of table N, or of the jury (`jury`), and issue a new one (give --reason).
        #[arg(long)]
        revoke: Option<String>,
        /// Lock table N's sheet against its devices (settled).
        #[arg(long)]
        lock: Option<i64>,
        /// Unlock table N's sheet.
        #[arg(long)]
        unlock: Option<i64>,
        #[arg(long, default_value = "")]
        reason: String,
        /// The server's address, for the links (default: this machine's on the network, the default port).
        #[arg(long)]
        base: Option<String>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// The version, the database in use and its size, where the backups go, the licences.
    About {
        /// Print the licence of the fonts embedded in printed documents.
        #[arg(long)]
        fonts: bool,
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
enum SeasonCmd {
    /// A new season; prints its id. Settings (JSON): points ("result" or a place scale),
    /// count ("all" or {"best": N}), min_evenings, clubs ({"best": K}).
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        settings: Option<String>,
    },
    /// Every season with its evenings.
    List {
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Put a tournament (an evening) in a season.
    Add {
        #[arg(long)]
        season: String,
        #[arg(long)]
        tournament: String,
    },
    /// Take a tournament out of a season (it stays in the database).
    Remove {
        #[arg(long)]
        season: String,
        #[arg(long)]
        tournament: String,
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Change a season's settings (the standings follow; the old settings are kept).
    Settings {
        #[arg(long)]
        season: String,
        /// The season's settings as JSON (RULES.md §6 "Seasons").
        #[arg(long)]
        json: String,
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// The season standings, live, and the club ranking.
    Standings {
        #[arg(long)]
        season: String,
        #[arg(long, value_enum, default_value = "table")]
        format: StandingsOut,
        /// Language of the headers: en, fr or nl.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Import another club's archive (an exported tournament) into a season; its players
    /// are matched by member number, then name and club. The same archive twice changes nothing.
    Import {
        #[arg(long)]
        season: String,
        file: PathBuf,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// One player's season, evening by evening: place, points, tables.
    Player {
        #[arg(long)]
        season: String,
        /// The player's id in the registry, or their name.
        #[arg(long)]
        player: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// The players imports could not be sure of; settle them with `season same` or `season apart`.
    Doubts {
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Two registered players are one person: they count as one in every season.
    Same {
        player: i64,
        /// The other player's number.
        other: i64,
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Two registered players are two people.
    Apart {
        player: i64,
        /// The other player's number.
        other: i64,
        #[arg(long, default_value = "")]
        reason: String,
    },
}

#[derive(Subcommand)]
enum HandCmd {
    /// Replay a hand record (FORMAT.md "Hand records") card by card: the first illegal
    /// card (trick, seat, card, rule, the cards allowed) and the figures the cards give.
    /// Exit 0 when every card is legal and the line's figures, if given, match; 2 otherwise.
    /// The words and the cards in the jury's language (R♦, H♦, K♦); the JSON in FORMAT.md's.
    Check {
        file: PathBuf,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// fr, nl or en (default: the system's language).
        #[arg(long)]
        lang: Option<String>,
    },
    /// Judge a claim (FORMAT.md "Claims"): the record's play stops where the claim was
    /// made; with every card known and the other seats playing together against the
    /// claimer's side, is it sure of at least (or held to at most) N of the tricks left?
    /// Exit 0 when the claim holds; 2 when it fails or the record is refused; 3 when the
    /// search stopped at its budget (about ten seconds) without deciding.
    Claim {
        file: PathBuf,
        /// The seat that claims (its side: the seat, or a Rikken pair's two seats).
        #[arg(long)]
        seat: usize,
        /// The side takes at least this many of the tricks still to play.
        #[arg(long, conflicts_with = "at_most", required_unless_present = "at_most")]
        at_least: Option<usize>,
        /// The side takes at most this many of the tricks still to play.
        #[arg(long)]
        at_most: Option<usize>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// fr, nl or en (default: the system's language): the words and the cards (R♦, H♦, K♦).
        #[arg(long)]
        lang: Option<String>,
    },
    /// The most and the fewest of the tricks left that the seat's side can be sure of,
    /// from where the record stands (the start when it plays no card); for a finished deal,
    /// from the first card too, and whether each card played gave a trick away.
    Solve {
        file: PathBuf,
        /// The seat whose side is counted.
        #[arg(long)]
        seat: usize,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
        /// fr, nl or en (default: the system's language): the words and the cards (R♦, H♦, K♦).
        #[arg(long)]
        lang: Option<String>,
    },
}

#[derive(Subcommand)]
enum CribbageCmd {
    /// Score a hand of 2 to 5 tiles (A, 2 … 10, J, Q, K; a 6 used as a 9 is 9): the
    /// fifteens, runs and pairs, then the total alone on the last line.
    Score {
        /// The tiles of the hand.
        #[arg(required = true, num_args = 1..)]
        tiles: Vec<String>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum ExportFormat {
    Json,
    Csv,
}

#[derive(Subcommand)]
enum PrintCmd {
    /// The ranking, final or after a round.
    Standings {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        after_round: Option<i64>,
        #[arg(long)]
        out: PathBuf,
        /// fr, nl or en (default: the system's language).
        #[arg(long)]
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
        #[arg(long)]
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
        #[arg(long)]
        lang: Option<String>,
    },
    /// A season's standings and club ranking.
    Season {
        #[arg(long)]
        season: String,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        lang: Option<String>,
    },
    /// Every line that carries its cards, replayed card by card: the hands dealt, the
    /// tricks, the illegal card marked (for the tournament's file).
    Hands {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        lang: Option<String>,
    },
    /// The jury's rulings and fines.
    Rulings {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        lang: Option<String>,
    },
}

#[derive(Subcommand)]
enum SheetCmd {
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
enum TableCmd {
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

#[derive(Subcommand)]
enum PlayerCmd {
    /// Withdraw a player (by tournament id such as p12) from a round on.
    Withdraw {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        player: String,
        /// The first round they no longer play (default: the first round not yet under way).
        #[arg(long)]
        from_round: Option<i64>,
        #[arg(long)]
        reason: String,
    },
    /// Take a withdrawal back.
    Return {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        player: String,
        #[arg(long)]
        reason: String,
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
        /// Add the player even when a probable namesake is registered (two people).
        #[arg(long)]
        anyway: bool,
    },
    /// Keep a registered player off the club's results website (`atout publish` shows "—"),
    /// or publish them again with --again.
    Unpublished {
        /// The player's registry id (`atout players list`).
        id: i64,
        /// Publish the player again.
        #[arg(long)]
        again: bool,
    },
}

#[derive(Subcommand)]
enum TournamentCmd {
    /// Create a tournament; prints its id.
    Create {
        #[arg(long)]
        name: String,
        /// The game's code, as `atout games` lists them.
        #[arg(long)]
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
    /// Change settings: the JSON is merged into them (nested objects merge, null removes)
    /// as a new version; every sheet is checked and scored again.
    Settings {
        #[arg(long)]
        tournament: String,
        /// The settings to change, as JSON (FORMAT.md); the others stay as they are.
        json: String,
        #[arg(long)]
        reason: String,
    },
    /// Enter registered players (all of them unless --player is given).
    Enter {
        #[arg(long)]
        tournament: String,
        /// A registered player's number (again for more); none: every registered player.
        #[arg(long = "player")]
        players: Vec<i64>,
    },
}

#[derive(Subcommand)]
enum RoundCmd {
    /// What a planned draw of a round would plan, before drawing it: the rounds it covers,
    /// the repeat meetings it could not avoid, and the draw number that draws it.
    Plan {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        /// The random seed to plan with (a new one when not given).
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Draw the tables and seats of a round.
    Draw {
        #[arg(long)]
        tournament: String,
        #[arg(long)]
        round: i64,
        /// The random seed; the same seed gives the same draw.
        #[arg(long)]
        seed: Option<u64>,
        /// Seat by ranking (the strongest together, table 1 first), e.g. for a final round.
        #[arg(long)]
        by_ranking: bool,
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

/// The sheet shown by `atout sheet`: the same arguments as [`TableArgs`], required
/// unless `replace` follows (clap builds this struct even then, so its fields are
/// options that clap requires itself).
#[derive(Args)]
struct SheetAt {
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
enum DealCmd {
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
enum RulingCmd {
    /// Every ruling of a tournament (with the id to withdraw one).
    List {
        #[arg(long)]
        tournament: String,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Withdraw a ruling by its id (it stays in the history).
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
    /// Nothing went wrong, but the answer is no (`atout hand check`: an illegal card).
    Exit(u8),
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
    outln!(
        "{} — round {}{}  (seed {}, repeat meetings not avoided: {})",
        r.tournament,
        r.round,
        if r.by_ranking { ", seated by ranking" } else { "" },
        r.seed.as_deref().unwrap_or("-"),
        r.repeats.map_or("-".into(), |n| n.to_string())
    );
    for t in &r.tables {
        outln!("table {}  (first dealer: seat {})", t.number, t.first_dealer);
        for s in &t.seats {
            let scorer = if t.scorers.contains(&s.seat) { "  [keeps the score]" } else { "" };
            outln!("  seat {}  {:<6} {}{}{scorer}", s.seat, s.player, s.name, if s.club.is_empty() { String::new() } else { format!(" ({})", s.club) });
        }
    }
    if !r.byes.is_empty() {
        let byes: Vec<String> = r.byes.iter().map(|b| format!("{} {}", b.player, b.name)).collect();
        outln!("bye: {}", byes.join(", "));
    }
}

fn print_sheet(s: &SheetView) {
    let name = |seat: usize| s.seats.get(seat.wrapping_sub(1)).map_or_else(|| format!("seat {seat}"), |x| format!("{seat}. {}", x.name));
    outln!("{} — round {}, table {}", s.tournament, s.round, s.table);
    for seat in &s.seats {
        outln!("  seat {}  {} {}", seat.seat, seat.player, seat.name);
    }
    // Each line as the game says it in words: its game, its points per seat, who played it.
    let width = s.lines.iter().map(|l| l.label_texts.en.chars().count()).max().unwrap_or(4).max(4);
    outln!("{:>4} {:>4} {:>6} {:<width$} {:>24}", "line", "deal", "dealer", "game", "points");
    for l in &s.lines {
        let pts: Vec<String> = l.line.points.iter().map(|p| format!("{p:>5}")).collect();
        let mark = if l.line.counts { "" } else { "  (void, redealt)" };
        let who = if l.who_texts.en.is_empty() { String::new() } else { format!("  {}", l.who_texts.en) };
        outln!("{:>4} {:>4} {:>6} {:<width$} {}{mark}{who}", l.line.line, l.line.deal, l.line.dealer, l.label_texts.en, pts.join(""));
    }
    let figures = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(" · ");
    outln!("totals  {}", figures(&s.totals));
    for r in &s.rulings {
        let kind = if r.sanction { "sanction" } else { "ruling" };
        outln!("{kind}  {}: {} — {} ({})", name(usize::try_from(r.seat).unwrap_or(0)), figures(&r.points), r.reason, r.by);
    }
    let tp: Vec<String> = s.table_points.iter().map(|p| p.to_string()).collect();
    let tp = if s.uses_table_points { format!("   table points {}", tp.join(" · ")) } else { String::new() };
    outln!("scores  {}{tp}{}", figures(&s.scores), if s.complete { "" } else { "  (provisional)" });
    match &s.next {
        // What every game's choices say: the next line, its deal and dealer (the rest: --format json).
        Some(next) => {
            let at = |k: &str| next[k].as_u64().map(|n| n as usize);
            let mut said = vec![];
            if let Some(line) = at("line") {
                said.push(format!("line {line}"));
            }
            if let Some(deal) = at("deal") {
                said.push(format!("deal {deal}"));
            }
            if let Some(dealer) = at("dealer") {
                said.push(format!("dealt by {}", name(dealer)));
            }
            if let Some(out) = at("sits_out") {
                said.push(format!("{} sits out", name(out)));
            }
            outln!("next: {} (its choices: --format json)", said.join(", "));
        }
        None => outln!("sheet complete ({} deals)", s.deals_played),
    }
    for seat in &s.next_scorer {
        outln!("serviteur: {} keeps the score of the next game", name(*seat));
    }
}

fn print_backup(b: &atout_api::backups::BackupInfo) {
    let holds = match &b.problem {
        Some(p) => format!("does not check: {p}"),
        None => format!("{} tournaments, {} rounds, {} lines; last change {}", b.tournaments, b.rounds, b.lines, b.last_change_local.as_deref().unwrap_or("-")),
    };
    outln!("{}  {:<16} {}  ({holds})", b.written_local, b.kind, b.path);
}

fn run(cli: Cli) -> Result<(), Failure> {
    let path = cli.db.unwrap_or_else(Atout::default_db_path);
    // The hand calculator needs no database.
    if let Command::Cribbage(CribbageCmd::Score { tiles, format }) = &cli.command {
        // The game whose calculator this is: the one game that offers one.
        let game = atout_api::games("en").into_iter().find(|g| g.calculator).map(|g| g.code).unwrap_or_default();
        let score = atout_api::hand_score(game, tiles)?;
        match format {
            Output::Json => outln!("{}", json(&score)),
            Output::Table => {
                outln!("hand      {}", score["tiles"].as_array().into_iter().flatten().filter_map(Value::as_str).collect::<Vec<_>>().join(" "));
                // Each part as the rules say it, in English.
                for p in score["parts"].as_array().into_iter().flatten() {
                    let name = p["name"]["en"].as_str().unwrap_or("").to_lowercase();
                    outln!("{name:<9} {} × {} = {}", p["count"], p["each"], p["points"]);
                }
                outln!("{}", score["points"]);
            }
        }
        return Ok(());
    }
    // The hand checker needs no database either.
    if let Command::Hand(HandCmd::Check { file, format, lang }) = &cli.command {
        let text = std::fs::read_to_string(file).map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
        let lang = atout_api::rules::Lang::parse(&atout_api::print::print_lang(lang.as_deref()));
        let checked = atout_api::hands::hand_check_in(&text, lang)?;
        match format {
            Output::Json => outln!("{}", json(&checked.verdict)),
            Output::Table => checked.said.iter().for_each(|line| outln!("{line}")),
        }
        return if checked.settled { Ok(()) } else { Err(Failure::Exit(2)) };
    }
    if let Command::Hand(HandCmd::Claim { file, seat, at_least, at_most, format, lang }) = &cli.command {
        let claim = match (at_least, at_most) {
            (Some(n), _) => atout_api::hands::Claim::AtLeast(*n),
            (None, Some(n)) => atout_api::hands::Claim::AtMost(*n),
            (None, None) => return Err(Failure::Usage("say the claim: --at-least N or --at-most N".into())),
        };
        let text = read(file)?;
        let answer = atout_api::hands::hand_claim(&text, *seat, claim)?;
        match format {
            Output::Json => outln!("{}", json(&answer)),
            Output::Table => {
                let lang = atout_api::rules::Lang::parse(&atout_api::print::print_lang(lang.as_deref()));
                for line in atout_api::hands::claim_words(&text, &answer, lang, &[])? {
                    outln!("{line}");
                }
            }
        }
        return match answer.holds {
            Some(true) => Ok(()),
            Some(false) => Err(Failure::Exit(2)),
            None => Err(Failure::Exit(3)),
        };
    }
    if let Command::Hand(HandCmd::Solve { file, seat, format, lang }) = &cli.command {
        let text = read(file)?;
        let answer = atout_api::hands::hand_solve(&text, *seat)?;
        match format {
            Output::Json => outln!("{}", json(&answer)),
            Output::Table => {
                let lang = atout_api::rules::Lang::parse(&atout_api::print::print_lang(lang.as_deref()));
                for line in atout_api::hands::solve_words(&text, &answer, lang, &[])? {
                    outln!("{line}");
                }
            }
        }
        return Ok(());
    }
    // A restore must work on a database that cannot be opened (damaged, or newer).
    if let Command::Restore { file } = &cli.command {
        let kept = atout_api::backups::restore_into(&path, file)?;
        outln!("restored {} into {}; the replaced content is kept as {kept}", file.display(), path.display());
        return Ok(());
    }
    let mut app = match Atout::open(&path) {
        Ok(app) => app,
        Err(e) => {
            // Say what is wrong, and offer the latest backup that checks.
            let good = atout_api::backups::backups_of(&path).into_iter().find(|b| b.problem.is_none());
            let offer = good
                .map_or(String::new(), |b| format!("\nthe latest good backup is {} ({}); restore it with: atout restore {}", b.path, b.written_local, b.path));
            return Err(Failure::Usage(format!("{e}{offer}")));
        }
    };
    if let Some(by) = &cli.by {
        app.set_actor(by)?;
    }
    match cli.command {
        Command::Players(PlayersCmd::Import { file, tournament }) => {
            let bytes = std::fs::read(&file).map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            let r = app.players_import_bytes(&bytes, tournament.as_deref())?;
            outln!(
                "{} players added, {} already registered{} (read as {})",
                r.added.len(),
                r.known.len(),
                if tournament.is_some() { format!(", {} entered", r.entered) } else { String::new() },
                r.encoding
            );
            for p in &r.unsure {
                outln!("not imported: «{}» ({}) could be several registered players; add them by hand", p.name, p.club);
            }
        }
        Command::Players(PlayersCmd::List { format }) => {
            let players = app.players_list()?;
            match format {
                Output::Json => outln!("{}", json(&players)),
                Output::Table => {
                    for p in players {
                        outln!("{:>5}  {:<30} {:<20} {}", p.id, p.name, p.club, p.member);
                    }
                }
            }
        }
        Command::Players(PlayersCmd::Unpublished { id, again }) => {
            let kept_off = app.player_publishing(id, again)?;
            outln!(
                "players kept off the website: {}",
                if kept_off.is_empty() { "none".to_string() } else { kept_off.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ") }
            );
        }
        Command::Players(PlayersCmd::Add { name, club, member, anyway }) => {
            let p = app.player_add(&name, &club, &member, anyway)?;
            outln!("{}", p.id);
        }
        Command::Tournament(TournamentCmd::Create { name, game, rounds, date, settings }) => {
            let settings = settings.as_deref().map(parse_json).transpose()?;
            let t = app.tournament_create(&atout_api::NewTournament { name, game, date, rounds, settings })?;
            outln!("{}", t.id);
        }
        Command::Tournament(TournamentCmd::List { format }) => {
            let all = app.tournament_list()?;
            match format {
                Output::Json => outln!("{}", json(&all)),
                Output::Table => {
                    for t in all {
                        outln!(
                            "{:>4}  {:<30} {:<14} {}  {} players, {}/{} rounds drawn",
                            t.id,
                            t.name,
                            t.game,
                            t.date.unwrap_or_default(),
                            t.players,
                            t.rounds_drawn,
                            t.rounds
                        );
                    }
                }
            }
        }
        Command::Tournament(TournamentCmd::Settings { tournament, json: patch, reason }) => {
            let t = app.tournament_settings(&tournament, &parse_json(&patch)?, &reason)?;
            outln!("{}", json(&t.settings));
        }
        Command::Tournament(TournamentCmd::Enter { tournament, players }) => {
            let t = app.tournament_enter(&tournament, &players)?;
            outln!("{} players in {}", t.players, t.name);
        }
        Command::Round(RoundCmd::Plan { tournament, round, seed, format }) => {
            let p = app.round_plan(&tournament, &atout_api::DrawRequest::new(round, seed))?;
            match format {
                Output::Json => outln!("{}", json(&p)),
                Output::Table => {
                    let (from, to, repeats, number) = (p.from, p.to, p.repeats, &p.seed);
                    let whose = if p.following { "the plan made when round 1 was drawn" } else { "a new plan" };
                    outln!("round {round}: {whose}, rounds {from}–{to}, {repeats} repeat meeting(s) it could not avoid");
                    outln!("draw it with: atout round draw --tournament {tournament:?} --round {round} --seed {number}");
                }
            }
        }
        Command::Round(RoundCmd::Draw { tournament, round, seed, by_ranking, format }) => {
            let seating = if by_ranking { atout_api::Seating::ByRanking } else { atout_api::Seating::Planned };
            show_round(&app.round_draw(&tournament, &atout_api::DrawRequest::new(round, seed).seated(seating))?, format);
        }
        Command::Round(RoundCmd::Show { tournament, round, format }) => {
            show_round(&app.round_view(&tournament, round)?, format);
        }
        Command::Deal(DealCmd::Add { at, json: entry, line, format }) => {
            let entry = parse_json(&entry)?;
            let at = at.table();
            app.deal_add(&at, line, entry)?;
            show_sheet(&app.sheet(&at)?, format);
        }
        Command::Deal(DealCmd::Undo { at, line, reason, format }) => {
            let table = at.table();
            let line = match line {
                Some(line) => line,
                None => app.sheet(&table)?.lines.len(),
            };
            show_sheet(&app.deal_undo(&table, line, &reason)?, format);
        }
        Command::Sheet { replace: Some(SheetCmd::Replace { at, json: lines, reason, format }), .. } => {
            let lines = match parse_json(&lines)? {
                Value::Array(lines) => lines,
                _ => return Err(Failure::Usage("a sheet is a JSON array of lines".into())),
            };
            show_sheet(&app.sheet_replace(&at.table(), lines, &reason)?, format);
        }
        Command::Table(TableCmd::Dealer { at, seat, reason }) => {
            print_sheet(&app.table_dealer(&at.table(), seat, &reason)?);
        }
        Command::Player(PlayerCmd::Withdraw { tournament, player, from_round, reason }) => {
            let t = app.player_withdraw(&tournament, &player, from_round, &reason)?;
            outln!("{player} withdrawn from {}", t.name);
        }
        Command::Player(PlayerCmd::Return { tournament, player, reason }) => {
            let t = app.player_return(&tournament, &player, &reason)?;
            outln!("{player} plays again in {}", t.name);
        }
        Command::Ruling(RulingCmd::List { tournament, format }) => {
            let list = app.rulings_list(&tournament)?;
            match format {
                Output::Json => outln!("{}", json(&list)),
                Output::Table => {
                    for r in list {
                        let id = r.id.map_or("-".to_string(), |i| i.to_string());
                        outln!(
                            "{id:>5}  round {} table {} seat {} {:<20} {:?}  {} ({})",
                            r.round,
                            r.table,
                            r.seat,
                            r.name,
                            r.ruling.points,
                            r.ruling.reason,
                            r.ruling.by
                        );
                    }
                }
            }
        }
        Command::Ruling(RulingCmd::Withdraw { tournament, ruling, reason }) => {
            let left = app.ruling_withdraw(&tournament, ruling, &reason)?;
            outln!("ruling {ruling} withdrawn; {} rulings and faults remain", left.len());
        }
        Command::Deal(DealCmd::Check { at, json: entry, deal }) => {
            let preview = app.deal_check(&at.table(), deal, parse_json(&entry)?)?;
            outln!("{}", json(&preview));
            if let Some(refused) = preview.refused {
                return Err(Failure::Api(refused));
            }
        }
        Command::Audit { tournament, format } => match format {
            StandingsOut::Csv => out!("{}", app.audit_csv(&tournament)?),
            StandingsOut::Json => outln!("{}", json(&app.audit(&tournament)?)),
            StandingsOut::Table => {
                for e in app.audit(&tournament)? {
                    let place: Vec<String> =
                        [("round", e.round), ("table", e.table), ("line", e.line)].iter().filter_map(|(k, v)| v.map(|v| format!("{k} {v}"))).collect();
                    let change = if e.before_text.is_empty() { e.after_text.clone() } else { format!("{} → {}", e.before_text, e.after_text) };
                    let why = if e.reason.is_empty() { String::new() } else { format!("  ({})", e.reason) };
                    outln!("{}  {:<14} {:<15} {:<24} {change}{why}", e.at_local, e.by, e.action, place.join(", "));
                }
            }
        },
        Command::Backup { file } => print_backup(&app.backup(file.as_deref())?),
        Command::Backups => {
            for b in app.backups() {
                print_backup(&b);
            }
        }
        // Handled above, before the database is opened.
        Command::Restore { .. } | Command::Cribbage(_) | Command::Hand(_) => {}
        Command::Publish { out, lang, initials } => {
            let lang = atout_api::print::print_lang(lang.as_deref());
            let done = app.publish(&out, &lang, atout_api::publish::Privacy { initials })?;
            outln!(
                "published into {} — evenings: {}, seasons: {}, players: {}; files written: {}, unchanged: {}, removed: {}",
                done.dir,
                done.evenings,
                done.seasons,
                done.players,
                done.written,
                done.unchanged,
                done.removed
            );
        }
        Command::Check => {
            let result = app.check()?;
            outln!("{result}");
            if result != "ok" {
                return Err(Failure::Usage(format!("{} is damaged", path.display())));
            }
        }
        Command::Games { lang, format } => {
            let games = atout_api::games(&lang);
            match format {
                Output::Json => outln!("{}", json(&games)),
                Output::Table => {
                    for g in games {
                        let seats = if g.seats[0] == g.seats[1] { g.seats[0].to_string() } else { format!("{}–{}", g.seats[0], g.seats[1]) };
                        outln!("{:<16} {:<16} tables of {seats}", g.code, g.name);
                        for field in g.fields.as_array().into_iter().flatten() {
                            outln!("    {}", field["label"].as_str().unwrap_or(""));
                            for o in field["options"].as_array().into_iter().flatten() {
                                outln!("      {:<48} {}", o["label"].as_str().unwrap_or(""), o["settings"]);
                            }
                        }
                    }
                }
            }
        }
        Command::Deal(DealCmd::Correct { at, deal, json: entry, reason, format }) => {
            let s = app.deal_correct(&at.table(), deal, parse_json(&entry)?, None, &reason)?;
            show_sheet(&s, format);
        }
        Command::Ruling(RulingCmd::Add { at, json: entry, format }) => {
            let s = app.ruling_add(&at.table(), parse_json(&entry)?)?;
            show_sheet(&s, format);
        }
        Command::Sheet { replace: None, at, format, history } => {
            if history {
                let h = app.sheet_history(&at.table())?;
                match format {
                    Output::Json => outln!("{}", json(&h)),
                    Output::Table => {
                        for e in h {
                            let line = e.line.map_or("ruling".to_string(), |l| format!("line {l}"));
                            outln!("{}  {:<8} {:<14} {:<10} {}  {}", e.at_local, line, e.action, e.by, e.entry, e.reason);
                        }
                    }
                }
            } else {
                show_sheet(&app.sheet(&at.table())?, format);
            }
        }
        Command::Season(cmd) => season(&mut app, cmd)?,
        Command::Sample => {
            let t = app.sample_load()?;
            outln!("{}", t.id);
            eprintln!("loaded the sample tournament «{}»: {} players, {} rounds", t.name, t.players, t.rounds_drawn);
        }
        Command::Import { file } => {
            let t = app.import_document(&read(&file)?)?;
            outln!("{}", t.id);
            eprintln!("imported «{}»: {} players, {} rounds", t.name, t.players, t.rounds_drawn);
        }
        Command::Print(cmd) => {
            let (pdf, out) = match cmd {
                PrintCmd::Standings { tournament, after_round, out, lang } => (app.print_standings(&tournament, after_round, lang.as_deref())?, out),
                PrintCmd::Seating { tournament, round, out, lang, devices } => {
                    (app.print_seating(&tournament, round, lang.as_deref(), devices.as_deref())?, out)
                }
                PrintCmd::Sheets { tournament, round, completed, out, lang } => (app.print_sheets(&tournament, round, completed, lang.as_deref())?, out),
                PrintCmd::Rulings { tournament, out, lang } => (app.print_rulings(&tournament, lang.as_deref())?, out),
                PrintCmd::Hands { tournament, out, lang } => (app.print_hands(&tournament, lang.as_deref())?, out),
                PrintCmd::Season { season, out, lang } => (app.print_season(&season, lang.as_deref())?, out),
            };
            std::fs::write(&out, pdf).map_err(|e| Failure::Usage(format!("{}: {e}", out.display())))?;
            outln!("{}", out.display());
        }
        Command::Export { tournament, file, format: ExportFormat::Csv, what, delimiter, lang } => {
            let sep = u8::try_from(u32::from(delimiter)).map_err(|_| Failure::Usage("the delimiter is one ASCII character".into()))?;
            let text = app.export_csv(&tournament, &what, sep, lang.as_deref())?;
            if file.as_os_str() == "-" {
                out!("{text}");
            } else {
                std::fs::write(&file, text).map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            }
        }
        Command::Export { tournament, file, .. } => {
            let doc = json(&app.export_document(&tournament)?) + "\n";
            if file.as_os_str() == "-" {
                out!("{doc}");
            } else {
                std::fs::write(&file, doc).map_err(|e| Failure::Usage(format!("{}: {e}", file.display())))?;
            }
        }
        Command::Serve { bind, port } => {
            let running = atout_serve::start(atout_serve::run_alone(app), std::net::SocketAddr::new(bind, port))
                .map_err(|e| Failure::Usage(format!("cannot listen on {bind}:{port}: {e}")))?;
            outln!("{}", atout_serve::base_url(running.addr));
            eprintln!("serving the table devices of {} on {}; stop with Ctrl+C", path.display(), running.addr);
            running.wait();
        }
        Command::Devices { tournament, round, revoke, lock, unlock, reason, base, format } => {
            let base = base.unwrap_or_else(|| atout_serve::base_url(std::net::SocketAddr::new([0, 0, 0, 0].into(), atout_serve::DEFAULT_PORT)));
            let codes = match (revoke, lock, unlock) {
                (Some(which), None, None) => {
                    let table = if which == "jury" {
                        None
                    } else {
                        Some(which.parse::<i64>().map_err(|_| Failure::Usage(format!("--revoke takes a table's number or `jury`, not «{which}»")))?)
                    };
                    app.device_revoke(&tournament, round, table, &reason, &base)?
                }
                (None, Some(n), None) => app.table_lock(&TableRef::new(&tournament, round, n), true, &reason, &base)?,
                (None, None, Some(n)) => app.table_lock(&TableRef::new(&tournament, round, n), false, &reason, &base)?,
                (None, None, None) => app.devices(&tournament, round, &base)?,
                _ => return Err(Failure::Usage("give one of --revoke, --lock and --unlock".into())),
            };
            match format {
                // FORMAT.md's shape, fixed for other tools.
                Output::Json => {
                    outln!("{}", json(&codes.exchange()));
                }
                Output::Table => {
                    for t in &codes.tables {
                        let state = if t.locked {
                            "locked"
                        } else if t.complete {
                            "complete"
                        } else {
                            ""
                        };
                        outln!("table {:>3}  {}  {}  {}/{} lines {state}", t.table, atout_api::devices::spaced(&t.code), t.url, t.lines, t.needed);
                    }
                    outln!("jury       {}  {}", atout_api::devices::spaced(&codes.jury.code), codes.jury.url);
                }
            }
        }
        Command::About { fonts: true } => out!("{}", app.about().font_licence),
        Command::About { fonts: false } => {
            let a = app.about();
            outln!("Atout {}", a.version);
            outln!("database  {} ({} KB)", a.database.as_deref().unwrap_or("in memory"), a.size_bytes / 1024);
            outln!("backups   {}", a.backups.as_deref().unwrap_or("-"));
            outln!("licence   {}; printed documents embed the {} fonts (their licence: atout about --fonts)", a.licence, a.font);
        }
        Command::Standings { tournament, after_round, format, lang } => {
            let format = match format {
                StandingsOut::Table => StandingsFormat::Table,
                StandingsOut::Json => StandingsFormat::Json,
                StandingsOut::Csv => StandingsFormat::Csv,
            };
            out!("{}", app.standings_rendered(&tournament, after_round, format, &lang)?);
        }
    }
    Ok(())
}

fn season(app: &mut Atout, cmd: SeasonCmd) -> Result<(), Failure> {
    let doubts = |list: &[atout_api::Doubt]| {
        for d in list {
            let word = match d.same {
                None => "unsure",
                Some(true) => "same",
                Some(false) => "apart",
            };
            let who = |p: &atout_api::Player| {
                format!("{} {} ({}{})", p.id, p.name, p.club, if p.member.is_empty() { String::new() } else { format!(", {}", p.member) })
            };
            outln!("{word:<7} {}  ~  {}", who(&d.player), who(&d.candidate));
        }
    };
    match cmd {
        SeasonCmd::Create { name, settings } => {
            let settings = settings.as_deref().map(parse_json).transpose()?;
            outln!("{}", app.season_create(&name, settings.as_ref())?.id);
        }
        SeasonCmd::List { format } => {
            let all = app.seasons()?;
            match format {
                Output::Json => outln!("{}", json(&all)),
                Output::Table => {
                    for s in all {
                        outln!("{:>4}  {:<30} {} evenings  {}", s.id, s.name, s.evenings.len(), s.settings);
                    }
                }
            }
        }
        SeasonCmd::Add { season, tournament } => {
            let s = app.season_add(&season, &tournament)?;
            outln!("{} evening(s) in {}", s.evenings.len(), s.name);
        }
        SeasonCmd::Remove { season, tournament, reason } => {
            let s = app.season_remove(&season, &tournament, &reason)?;
            outln!("{} evening(s) in {}", s.evenings.len(), s.name);
        }
        SeasonCmd::Settings { season, json: settings, reason } => {
            outln!("{}", json(&app.season_settings(&season, &parse_json(&settings)?, &reason)?.settings));
        }
        SeasonCmd::Standings { season, format, lang } => {
            let format = match format {
                StandingsOut::Table => StandingsFormat::Table,
                StandingsOut::Json => StandingsFormat::Json,
                StandingsOut::Csv => StandingsFormat::Csv,
            };
            out!("{}", app.season_rendered(&season, format, &lang)?);
        }
        SeasonCmd::Import { season, file, format } => {
            let r = app.season_import(&season, &read(&file)?)?;
            match format {
                Output::Json => outln!("{}", json(&r)),
                Output::Table if r.already => outln!("«{}» is in the season already: nothing changed", r.tournament.name),
                Output::Table => {
                    outln!(
                        "imported «{}» (tournament {}): {} players matched, {} new, {} unsure",
                        r.tournament.name,
                        r.tournament.id,
                        r.matched.len(),
                        r.added.len(),
                        r.unsure.iter().map(|d| d.player.id).collect::<std::collections::BTreeSet<_>>().len()
                    );
                    doubts(&r.unsure);
                }
            }
        }
        SeasonCmd::Player { season, player, format } => {
            let p = app.season_player(&season, &player)?;
            match format {
                Output::Json => outln!("{}", json(&p)),
                Output::Table => {
                    let rank = p.rank.map_or("-".to_string(), |r| format!("{r}{}", if p.shared { "=" } else { "" }));
                    outln!(
                        "{} ({}) — {}: rank {rank}, {} points{}",
                        p.player.name,
                        p.player.club,
                        p.season,
                        p.total,
                        if p.qualified { "" } else { ", not qualified" }
                    );
                    for e in &p.evenings {
                        if !e.played {
                            outln!("  {:<24} {:<10} -", e.tournament, e.date.as_deref().unwrap_or(""));
                            continue;
                        }
                        let place = e.place.map_or(String::new(), |r| format!("{r}{}", if e.shared { "=" } else { "" }));
                        let points = e.points.map_or(String::new(), |x| if e.counted { x.to_string() } else { format!("({x})") });
                        let tables = e.tables.iter().map(|t| t.table.map_or("bye".to_string(), |n| format!("T{n}"))).collect::<Vec<_>>().join(" ");
                        outln!("  {:<24} {:<10} place {place:<4} points {points:<8} {tables}", e.tournament, e.date.as_deref().unwrap_or(""));
                    }
                }
            }
        }
        SeasonCmd::Doubts { format } => {
            let list = app.player_doubts()?;
            match format {
                Output::Json => outln!("{}", json(&list)),
                Output::Table => doubts(&list),
            }
        }
        SeasonCmd::Same { player, other, reason } => doubts(&app.player_settle(player, other, true, &reason)?),
        SeasonCmd::Apart { player, other, reason } => doubts(&app.player_settle(player, other, false, &reason)?),
    }
    Ok(())
}

fn show_round(r: &DrawnRound, format: Output) {
    match format {
        Output::Json => outln!("{}", json(r)),
        Output::Table => print_round(r),
    }
}

fn show_sheet(s: &SheetView, format: Output) {
    match format {
        Output::Json => outln!("{}", json(s)),
        Output::Table => print_sheet(s),
    }
}

fn main() -> ExitCode {
    let matches = help::with_shared_help(Cli::command()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Api(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(if e.rule().is_some() { 2 } else { 1 })
        }
        Err(Failure::Usage(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(1)
        }
        Err(Failure::Exit(code)) => ExitCode::from(code),
    }
}
