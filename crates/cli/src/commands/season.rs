//! `atout season …`: a club's championship over many evenings, and a federation ranking
//! from other clubs' archives.

use crate::output::{count, json, parse_json, read, Failure, Output, StandingsOut};
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

pub fn run(app: &mut Atout, cmd: SeasonCmd) -> Result<(), Failure> {
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
            out!("{}", app.season_rendered(&season, format.into(), &atout_api::print::print_lang(lang.as_deref()))?);
        }
        SeasonCmd::Import { season, file, format } => {
            let r = app.season_import(&season, &read(&file)?)?;
            match format {
                Output::Json => outln!("{}", json(&r)),
                Output::Table if r.already => outln!("«{}» is in the season already: nothing changed", r.tournament.name),
                Output::Table if r.in_season.is_some() => outln!(
                    "«{}» (tournament {}) was imported into «{}» before: that same evening is put in this season, not a copy",
                    r.tournament.name,
                    r.tournament.id,
                    r.in_season.as_deref().unwrap_or_default()
                ),
                Output::Table => {
                    outln!(
                        "imported «{}» (tournament {}): {} matched, {} new, {} unsure",
                        r.tournament.name,
                        r.tournament.id,
                        count(r.matched.len(), "player", "players"),
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
