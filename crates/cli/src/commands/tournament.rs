//! `atout tournament …`, and what a tournament shows: its standings and its log.

use crate::output::{count, json, lang, parse_json, say, word, Failure, Output, StandingsOut, PLAYERS};
use atout_api::rules::{said, Tr};
use atout_api::Atout;
use clap::{Args, Subcommand};

#[derive(Subcommand)]
pub enum TournamentCmd {
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
    /// The tournaments: id, name, game, date, players and rounds drawn.
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
        /// A registered player's number, as `players list` or a tournament's id shows it (`9`
        /// or `p9`; again for more); none: every registered player.
        #[arg(long = "player", value_parser = registry_number)]
        players: Vec<i64>,
    },
}

/// Standings, live or final.
#[derive(Args)]
pub struct StandingsArgs {
    #[arg(long)]
    tournament: String,
    #[arg(long)]
    after_round: Option<i64>,
    #[arg(long, value_enum, default_value = "table")]
    format: StandingsOut,
    /// Language of the headers: en, fr or nl (default: the system's, as for every message)
    #[arg(long, value_parser = super::LANGS)]
    lang: Option<String>,
}

/// A tournament's log: every change, who, when (local time), why, from what to what.
#[derive(Args)]
pub struct AuditArgs {
    #[arg(long)]
    tournament: String,
    #[arg(long, value_enum, default_value = "table")]
    format: StandingsOut,
}

pub fn run(app: &mut Atout, cmd: TournamentCmd) -> Result<(), Failure> {
    match cmd {
        TournamentCmd::Create { name, game, rounds, date, settings } => {
            let settings = settings.as_deref().map(parse_json).transpose()?;
            let t = app.tournament_create(&atout_api::NewTournament { name, game, date, rounds, settings })?;
            outln!("{}", t.id);
        }
        TournamentCmd::List { format } => match format {
            Output::Json => outln!("{}", json(&app.tournament_list()?)),
            Output::Table => {
                for t in app.tournament_list()? {
                    let (drawn, rounds) = (t.rounds_drawn, t.rounds);
                    let drawn = say(said!("{drawn}/{rounds} rounds drawn", "{drawn}/{rounds} manches tirées", "{drawn}/{rounds} ronden geloot"));
                    outln!("{:>4}  {:<30} {:<14} {}  {}, {drawn}", t.id, t.name, t.game, t.date.unwrap_or_default(), count(t.players, PLAYERS));
                }
            }
        },
        TournamentCmd::Settings { tournament, json: patch, reason } => {
            let t = app.tournament_settings(&tournament, &parse_json(&patch)?, &reason)?;
            outln!("{}", json(&t.settings));
        }
        TournamentCmd::Enter { tournament, players } => {
            let before: Vec<String> = app.tournament_players(&tournament)?.into_iter().map(|p| p.player).collect();
            let t = app.tournament_enter(&tournament, &players)?;
            let (players, name) = (count(t.players, PLAYERS), &t.name);
            outln!("{}", say(said!("{players} in {name}", "{players} dans {name}", "{players} in {name}")));
            // Entered once a round is under way: a late entry, who plays from the next round.
            for p in app.tournament_players(&tournament)?.into_iter().filter(|p| !before.contains(&p.player)) {
                if let Some(from) = p.joined_round {
                    let (name, id, before) = (&p.name, &p.player, from - 1);
                    outln!(
                        "{}",
                        say(said!(
                            "{name} ({id}) plays from round {from}: round {before} can no longer be drawn again",
                            "{name} ({id}) joue dès la manche {from} : la manche {before} ne peut plus être tirée à nouveau",
                            "{name} ({id}) speelt vanaf ronde {from}: ronde {before} kan niet meer opnieuw geloot worden"
                        ))
                    );
                }
            }
            let what = Tr::new("seat the players entered", "y placer les joueurs inscrits", "de ingeschreven spelers te plaatsen");
            crate::commands::players::drawn_unplayed(app, &tournament, what)?;
        }
    }
    Ok(())
}

pub fn standings(app: &mut Atout, a: StandingsArgs) -> Result<(), Failure> {
    let lang = atout_api::print::print_lang(a.lang.as_deref());
    let (text, broken) = app.standings_said(&a.tournament, a.after_round, a.format.into(), &lang)?;
    out!("{text}");
    // A sheet that no longer checks counts nothing: said beside the standings (they were
    // printed as if its table had not been played, and nothing said why).
    if let Some(said) = broken {
        eprintln!("{}", said.get(atout_api::rules::Lang::parse(&lang)));
    }
    Ok(())
}

pub fn audit(app: &mut Atout, a: AuditArgs) -> Result<(), Failure> {
    match a.format {
        StandingsOut::Csv => out!("{}", app.audit_csv(&a.tournament, lang())?),
        StandingsOut::Json => outln!("{}", json(&app.audit(&a.tournament)?)),
        StandingsOut::Table => {
            for e in app.audit(&a.tournament)? {
                let lang = lang();
                let words = [word("round", "manche", "ronde"), word("table", "table", "tafel"), word("line", "ligne", "lijn")];
                let place: Vec<String> = words.iter().zip([e.round, e.table, e.line]).filter_map(|(k, v)| v.map(|v| format!("{k} {v}"))).collect();
                // What changed in the game's words, as the window's log says it.
                let (before, after) = (e.before_texts.get(lang), e.after_texts.get(lang));
                // A record taken away (a line undone) points at nothing: «before → (—)».
                let change = match (before.is_empty(), after.is_empty()) {
                    (true, _) => after.to_string(),
                    (false, true) => format!("{before} → (—)"),
                    (false, false) => format!("{before} → {after}"),
                };
                let why = if e.reason.is_empty() { String::new() } else { format!("  ({})", e.reason) };
                // Room for the longest place («manche 12, table 12, ligne 40»).
                let by = atout_api::actor_said(&e.by);
                outln!("{}  {:<14} {:<24} {:<30} {change}{why}", e.at_local, by.get(lang), e.action_texts.get(lang), place.join(", "));
            }
        }
    }
    Ok(())
}

/// A registered player's number as the user may copy it: `9`, or `p9` as a tournament's lists
/// show the player (refused in clap's English before, a late entrant's id copied from a round).
fn registry_number(text: &str) -> Result<i64, String> {
    let digits = text.trim().strip_prefix(['p', 'P']).unwrap_or(text.trim());
    digits.parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| {
        crate::output::say(atout_api::rules::said!(
            "«{text}» is no player's number (9, or p9)",
            "«{text}» n'est pas un numéro de joueur (9, ou p9)",
            "«{text}» is geen spelersnummer (9, of p9)"
        ))
    })
}
