//! `atout season …`: a club's championship over many evenings, and a federation ranking
//! from other clubs' archives.

use crate::output::{count, json, lang, parse_json, read, word, Failure, Output, StandingsOut};
use atout_api::rules::{said, Lang, Tr};
use atout_api::Atout;
use clap::Subcommand;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum SeasonCmd {
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
        /// Why (kept with the change in the database's log).
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Change a season's settings: the JSON given replaces them whole, keys left out taking
    /// their defaults (the standings follow; the settings before are kept in the database).
    Settings {
        #[arg(long)]
        season: String,
        /// The season's settings as JSON (RULES.md §6 "Seasons").
        #[arg(long)]
        json: String,
        /// Why (kept with the change in the database's log).
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// The season standings, live, and the club ranking.
    Standings {
        #[arg(long)]
        season: String,
        #[arg(long, value_enum, default_value = "table")]
        format: StandingsOut,
        /// Language of the headers: en, fr or nl (default: the system's, as for every message)
        #[arg(long, value_parser = super::LANGS)]
        lang: Option<String>,
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
        /// The player's number in the registry (`atout players list`).
        player: i64,
        /// The other player's number.
        other: i64,
        /// Why (kept with the change in the database's log).
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Two registered players are two people.
    Apart {
        /// The player's number in the registry (`atout players list`).
        player: i64,
        /// The other player's number.
        other: i64,
        /// Why (kept with the change in the database's log).
        #[arg(long, default_value = "")]
        reason: String,
    },
}

/// `n` evenings, in the system's language ("1 evenings" said before).
fn evenings(n: usize) -> String {
    count(n, (Tr::new("evening", "soirée", "avond"), Tr::new("evenings", "soirées", "avonden")))
}

pub fn run(app: &mut Atout, cmd: SeasonCmd) -> Result<(), Failure> {
    let doubts = |list: &[atout_api::Doubt]| {
        for d in list {
            let word = match d.same {
                None => said!("unsure", "incertain", "onzeker"),
                Some(true) => said!("same", "même", "dezelfde"),
                Some(false) => said!("apart", "distincts", "verschillend"),
            };
            let word = word.get(lang());
            let who = |p: &atout_api::Player| {
                format!("{} {} ({}{})", p.id, p.name, p.club, if p.member.is_empty() { String::new() } else { format!(", {}", p.member) })
            };
            outln!("{word:<12} {}  ~  {}", who(&d.player), who(&d.candidate));
        }
    };
    let holds = |s: &atout_api::SeasonInfo| {
        let (n, name) = (evenings(s.evenings.len()), &s.name);
        said!("{n} in «{name}»", "{n} dans «{name}»", "{n} in «{name}»").get(lang()).to_string()
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
                        outln!("{:>4}  {:<30} {:<12}  {}", s.id, s.name, evenings(s.evenings.len()), s.settings_texts.get(lang()));
                    }
                }
            }
        }
        SeasonCmd::Add { season, tournament } => outln!("{}", holds(&app.season_add(&season, &tournament)?)),
        SeasonCmd::Remove { season, tournament, reason } => outln!("{}", holds(&app.season_remove(&season, &tournament, &reason)?)),
        SeasonCmd::Settings { season, json: settings, reason } => {
            outln!("{}", json(&app.season_settings(&season, &parse_json(&settings)?, &reason)?.settings));
        }
        SeasonCmd::Standings { season, format, lang } => {
            out!("{}", app.season_rendered(&season, format.into(), &atout_api::print::print_lang(lang.as_deref()))?);
        }
        SeasonCmd::Import { season, file, format } => {
            let r = app.season_import(&season, &read(&file)?)?;
            let (name, t) = (&r.tournament.name, r.tournament.id);
            match format {
                Output::Json => outln!("{}", json(&r)),
                Output::Table if r.already => outln!(
                    "{}",
                    said!(
                        "«{name}» is in the season already: nothing changed",
                        "«{name}» fait déjà partie de la saison : rien n'a changé",
                        "«{name}» hoort al bij het seizoen: er veranderde niets"
                    )
                    .get(lang())
                ),
                Output::Table if r.in_season.is_some() => {
                    let first = r.in_season.as_deref().unwrap_or_default();
                    outln!(
                        "{}",
                        said!(
                            "«{name}» (tournament {t}) was imported into «{first}» before: that same evening is put in this season, not a copy",
                            "«{name}» (tournoi {t}) a déjà été importé dans «{first}» : cette même soirée est mise dans cette saison, pas une copie",
                            "«{name}» (toernooi {t}) werd eerder in «{first}» geïmporteerd: dezelfde avond komt in dit seizoen, geen kopie"
                        )
                        .get(lang())
                    )
                }
                Output::Table => {
                    let (matched, new) = (r.matched.len(), r.added.len());
                    let unsure = r.unsure.iter().map(|d| d.player.id).collect::<std::collections::BTreeSet<_>>().len();
                    // Each count in its number: French says 0 and 1 in the singular.
                    let (players_en, players_nl) = if matched == 1 { ("player", "speler") } else { ("players", "spelers") };
                    let fr = |n: usize, one: &'static str, many: &'static str| if n <= 1 { one } else { many };
                    let (joueurs, nouveaux, incertains) =
                        (fr(matched, "joueur reconnu", "joueurs reconnus"), fr(new, "nouveau", "nouveaux"), fr(unsure, "incertain", "incertains"));
                    let said = said!(
                        "imported «{name}» (tournament {t}): {matched} {players_en} matched, {new} new, {unsure} unsure",
                        "«{name}» importé (tournoi {t}) : {matched} {joueurs}, {new} {nouveaux}, {unsure} {incertains}",
                        "«{name}» geïmporteerd (toernooi {t}): {matched} {players_nl} herkend, {new} nieuw, {unsure} onzeker"
                    );
                    outln!("{}", said.get(lang()));
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
                    let (name, club, season, total) = (&p.player.name, &p.player.club, &p.season, &p.total);
                    let head = if p.qualified {
                        said!(
                            "{name} ({club}) — {season}: rank {rank}, {total} points",
                            "{name} ({club}) — {season} : rang {rank}, {total} points",
                            "{name} ({club}) — {season}: plaats {rank}, {total} punten"
                        )
                    } else {
                        said!(
                            "{name} ({club}) — {season}: rank {rank}, {total} points, not qualified",
                            "{name} ({club}) — {season} : rang {rank}, {total} points, pas classé",
                            "{name} ({club}) — {season}: plaats {rank}, {total} punten, niet gerangschikt"
                        )
                    };
                    outln!("{}", head.get(lang()));
                    let (place_w, points_w, bye_w) = match lang() {
                        Lang::Fr => ("place", "points", "exempt"),
                        Lang::Nl => ("plaats", "punten", "vrij"),
                        Lang::En => ("place", "points", "bye"),
                    };
                    for e in &p.evenings {
                        if !e.played {
                            outln!("  {:<24} {:<10} -", e.tournament, e.date.as_deref().unwrap_or(""));
                            continue;
                        }
                        let place = e.place.map_or(String::new(), |r| format!("{r}{}", if e.shared { "=" } else { "" }));
                        let points = e.points.map_or(String::new(), |x| if e.counted { x.to_string() } else { format!("({x})") });
                        let tables = e.tables.iter().map(|t| t.table.map_or(bye_w.to_string(), |n| format!("T{n}"))).collect::<Vec<_>>().join(" ");
                        outln!("  {:<24} {:<10} {place_w} {place:<4} {points_w} {points:<8} {tables}", e.tournament, e.date.as_deref().unwrap_or(""));
                    }
                }
            }
        }
        SeasonCmd::Doubts { format } => {
            let list = app.player_doubts()?;
            match format {
                Output::Json => outln!("{}", json(&list)),
                // Said when there are none (it printed nothing at all).
                Output::Table if list.is_empty() => outln!(
                    "{}",
                    word(
                        "no players the imports were unsure of",
                        "aucun joueur dont les imports n'étaient pas sûrs",
                        "geen spelers waarover de imports twijfelden"
                    )
                ),
                Output::Table => doubts(&list),
            }
        }
        SeasonCmd::Same { player, other, reason } => doubts(&app.player_settle(player, other, true, &reason)?),
        SeasonCmd::Apart { player, other, reason } => doubts(&app.player_settle(player, other, false, &reason)?),
    }
    Ok(())
}
