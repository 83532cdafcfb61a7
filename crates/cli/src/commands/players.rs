//! `atout players …`: the club's register; `atout player …`: a player in one tournament.

use crate::output::{count, json, read_bytes, say, word, Failure, Output};
use atout_api::rules::{said, Tr};
use atout_api::Atout;
use clap::Subcommand;
use std::path::PathBuf;

#[derive(Subcommand)]
pub enum PlayersCmd {
    /// Register players from a CSV file (comma or semicolon; EN/FR/NL headers).
    Import {
        file: PathBuf,
        /// Also enter them in this tournament.
        #[arg(long)]
        tournament: Option<String>,
    },
    /// The registered players, with their ids.
    List {
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
    /// Register one player; prints their id.
    Add {
        /// First name and surname, as the ranking prints them.
        #[arg(long)]
        name: String,
        /// Their club, as the ranking prints it.
        #[arg(long, default_value = "")]
        club: String,
        /// Their membership number (the federation's or the club's).
        #[arg(long, default_value = "")]
        member: String,
        /// Add the player even when a probable namesake is registered (two people).
        #[arg(long)]
        anyway: bool,
    },
    /// Correct a registered player's name, club or membership number (what is not given
    /// stays); every tournament, print and season says them as corrected.
    Edit {
        /// The player's registry id (`atout players list`).
        id: i64,
        /// First name and surname, as the ranking prints them.
        #[arg(long)]
        name: Option<String>,
        /// Their club, as the ranking prints it.
        #[arg(long)]
        club: Option<String>,
        /// Their membership number (the federation's or the club's).
        #[arg(long)]
        member: Option<String>,
        #[arg(long)]
        reason: String,
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
pub enum PlayerCmd {
    /// Withdraw a player from a round on (`--player`: their id in the tournament such as p12,
    /// their registry number, or their name).
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

pub fn registry(app: &mut Atout, cmd: PlayersCmd) -> Result<(), Failure> {
    match cmd {
        PlayersCmd::Import { file, tournament } => {
            let r = app.players_import_bytes(&read_bytes(&file)?, tournament.as_deref())?;
            // Each count with its words in their number («1 joueur ajoutés» was said).
            let added = count(
                r.added.len(),
                (Tr::new("player added", "joueur ajouté", "speler toegevoegd"), Tr::new("players added", "joueurs ajoutés", "spelers toegevoegd")),
            );
            let known = count(
                r.known.len(),
                (Tr::new("already registered", "déjà enregistré", "al geregistreerd"), Tr::new("already registered", "déjà enregistrés", "al geregistreerd")),
            );
            let entered = if tournament.is_some() {
                format!(", {}", count(r.entered, (Tr::new("entered", "inscrit", "ingeschreven"), Tr::new("entered", "inscrits", "ingeschreven"))))
            } else {
                String::new()
            };
            let encoding = &r.encoding;
            outln!(
                "{}",
                say(said!(
                    "{added}, {known}{entered} (read as {encoding})",
                    "{added}, {known}{entered} (lu en {encoding})",
                    "{added}, {known}{entered} (gelezen als {encoding})"
                ))
            );
            if !r.ignored.is_empty() {
                let names = r.ignored.iter().map(|c| format!("«{c}»")).collect::<Vec<_>>().join(", ");
                outln!("{}", say(said!("columns not read: {names}", "colonnes non lues : {names}", "kolommen niet gelezen: {names}")));
            }
            for p in &r.unsure {
                let (name, club) = (&p.name, &p.club);
                outln!(
                    "{}",
                    say(said!(
                        "not imported: «{name}» ({club}) could be several registered players; add them by hand",
                        "pas importé : « {name} » ({club}) pourrait être plusieurs joueurs enregistrés ; à ajouter à la main",
                        "niet geïmporteerd: '{name}' ({club}) kan meerdere geregistreerde spelers zijn; voeg hem met de hand toe"
                    ))
                );
            }
        }
        PlayersCmd::List { format } => match format {
            Output::Json => outln!("{}", json(&app.players_list()?)),
            Output::Table => {
                for p in app.players_list()? {
                    outln!("{:>5}  {:<30} {:<20} {}", p.id, p.name, p.club, p.member);
                }
            }
        },
        PlayersCmd::Unpublished { id, again } => {
            let kept_off = app.player_publishing(id, again)?;
            let none = word("none", "aucun", "geen");
            outln!(
                "{}{}",
                word("players kept off the website: ", "joueurs tenus hors du site : ", "spelers buiten de website gehouden: "),
                if kept_off.is_empty() { none.to_string() } else { kept_off.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(", ") }
            );
        }
        PlayersCmd::Edit { id, name, club, member, reason } => {
            let Some(now) = app.players_list()?.into_iter().find(|p| p.id == id) else {
                return Err(atout_api::ApiError::not_found(atout_api::rules::said!("no player {id}", "pas de joueur {id}", "geen speler {id}")).into());
            };
            let (name, club, member) = (name.unwrap_or(now.name), club.unwrap_or(now.club), member.unwrap_or(now.member));
            let p = app.player_edit(id, &name, &club, &member, &reason)?;
            outln!("{:>5}  {:<30} {:<20} {}", p.id, p.name, p.club, p.member);
        }
        PlayersCmd::Add { name, club, member, anyway } => {
            // A probable duplicate refused: said with the option that adds them all the same.
            let p = app.player_add(&name, &club, &member, anyway).map_err(|e| {
                if e.is_conflict() && !anyway {
                    Failure::ApiThen(
                        e,
                        word("--anyway adds this one all the same", "--anyway ajoute celui-ci quand même", "--anyway voegt deze toch toe").to_string(),
                    )
                } else {
                    e.into()
                }
            })?;
            outln!("{}", p.id);
        }
    }
    Ok(())
}

/// A round drawn and not begun says to be drawn again (a player entered or withdrawn since
/// has no seat there, or keeps one): nothing is drawn again unasked.
pub fn drawn_unplayed(app: &mut Atout, tournament: &str, what: Tr) -> Result<(), Failure> {
    if let Some(r) = app.round_status(tournament)?.into_iter().filter(|r| r.started == 0).map(|r| r.round).max() {
        let Tr { en, fr, nl } = what;
        let command = format!("atout round draw --tournament \"{tournament}\" --round {r}");
        outln!(
            "{}",
            say(said!(
                "round {r} is drawn and not begun: draw it again to {en} ({command})",
                "la manche {r} est tirée et pas commencée : tirez-la à nouveau pour {fr} ({command})",
                "ronde {r} is geloot en niet begonnen: loot ze opnieuw om {nl} ({command})"
            ))
        );
    }
    Ok(())
}

/// The player a command named, by name and id in the tournament («Jürgen Maes (p03)»): a
/// registry number mistyped withdrew someone else, and the answer repeated only what was
/// typed («3 withdrawn»).
fn who(app: &mut Atout, tournament: &str, player: &str) -> String {
    app.tournament_player(tournament, player).map_or_else(|_| player.to_string(), |e| format!("{} ({})", e.name, e.player))
}

pub fn in_tournament(app: &mut Atout, cmd: PlayerCmd) -> Result<(), Failure> {
    match cmd {
        PlayerCmd::Withdraw { tournament, player, from_round, reason } => {
            let t = app.player_withdraw(&tournament, &player, from_round, &reason)?;
            let (name, player) = (&t.name, who(app, &tournament, &player));
            // Said of anyone, whoever they are («Anne Dupont retiré»).
            outln!("{}", say(said!("{player} withdrawn from {name}", "{player} : retrait de {name}", "{player} teruggetrokken uit {name}")));
            drawn_unplayed(
                app,
                &tournament,
                Tr::new("take the player withdrawn out of it", "en ôter le joueur retiré", "de teruggetrokken speler eruit te halen"),
            )?;
        }
        PlayerCmd::Return { tournament, player, reason } => {
            let t = app.player_return(&tournament, &player, &reason)?;
            let (name, player) = (&t.name, who(app, &tournament, &player));
            outln!(
                "{}",
                say(said!(
                    "{player} plays again in {name} from the next round drawn",
                    "{player} rejoue dans {name} dès la prochaine manche tirée",
                    "{player} speelt opnieuw mee in {name} vanaf de volgende gelote ronde"
                ))
            );
            drawn_unplayed(app, &tournament, Tr::new("seat the player back", "y replacer le joueur", "de speler er weer te plaatsen"))?;
        }
    }
    Ok(())
}
