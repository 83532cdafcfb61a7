//! `atout round …`: plan, draw and show a round's tables and seats.

use crate::output::{json, say, word, Failure, Output};
use atout_api::rules::{said, Tr};
use atout_api::{Atout, DrawnRound};
use clap::Subcommand;

#[derive(Subcommand)]
pub enum RoundCmd {
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
    /// A drawn round: its tables, who sits where and deals first, the byes.
    Show {
        /// The tournament: its number or its name.
        #[arg(long)]
        tournament: String,
        /// The round's number.
        #[arg(long)]
        round: i64,
        #[arg(long, value_enum, default_value = "table")]
        format: Output,
    },
}

pub fn run(app: &mut Atout, cmd: RoundCmd) -> Result<(), Failure> {
    match cmd {
        RoundCmd::Plan { tournament, round, seed, format } => {
            let p = app.round_plan(&tournament, &atout_api::DrawRequest::new(round, seed))?;
            match format {
                Output::Json => outln!("{}", json(&p)),
                Output::Table => {
                    let (from, to, repeats, number) = (p.from, p.to, p.repeats, &p.seed);
                    let whose = if p.following {
                        word("the plan made when round 1 was drawn", "le plan fait au tirage de la manche 1", "het plan gemaakt bij de loting van ronde 1")
                    } else {
                        word("a new plan", "un nouveau plan", "een nieuw plan")
                    };
                    let Tr { en, fr, nl } = Tr::after(
                        repeats,
                        Tr::new(
                            "repeat meeting it could not avoid",
                            "rencontre répétée qu'il n'a pu éviter",
                            "herhaalde ontmoeting die het niet kon vermijden",
                        ),
                        Tr::new(
                            "repeat meetings it could not avoid",
                            "rencontres répétées qu'il n'a pu éviter",
                            "herhaalde ontmoetingen die het niet kon vermijden",
                        ),
                    );
                    outln!(
                        "{}",
                        say(said!(
                            "round {round}: {whose}, rounds {from}–{to}, {repeats} {en}",
                            "manche {round} : {whose}, manches {from} à {to}, {repeats} {fr}",
                            "ronde {round}: {whose}, ronden {from}–{to}, {repeats} {nl}"
                        ))
                    );
                    let how = word("draw it with:", "pour la tirer :", "zo te loten:");
                    outln!("{how} atout round draw --tournament {tournament:?} --round {round} --seed {number}");
                }
            }
        }
        RoundCmd::Draw { tournament, round, seed, by_ranking, format } => {
            let seating = if by_ranking { atout_api::Seating::ByRanking } else { atout_api::Seating::Planned };
            let first = first_word(app, &tournament)?;
            crate::output::show(&app.round_draw(&tournament, &atout_api::DrawRequest::new(round, seed).seated(seating))?, format, |r| print_round(r, &first));
        }
        RoundCmd::Show { tournament, round, format } => {
            let first = first_word(app, &tournament)?;
            crate::output::show(&app.round_view(&tournament, round)?, format, |r| print_round(r, &first));
        }
    }
    Ok(())
}

/// Who starts at a table, as the game says it: the first dealer, or Kings Cribbage's seat
/// that plays first (no card is dealt there; it said «first dealer»).
fn first_word(app: &mut Atout, tournament: &str) -> Result<String, Failure> {
    let desc = app.game_view(tournament, crate::output::lang().code())?;
    Ok(desc["labels"]["first"].as_str().map_or_else(|| word("first dealer", "premier donneur", "eerste gever").to_string(), str::to_string))
}

fn print_round(r: &DrawnRound, first_said: &str) {
    let (name, round) = (&r.tournament, r.round);
    let ranked = if r.by_ranking { word(", seated by ranking", ", placés selon le classement", ", geplaatst volgens de stand") } else { "" };
    let seed = r.seed.as_deref().unwrap_or("-");
    let repeats = r.repeats.map_or("-".into(), |n| n.to_string());
    outln!(
        "{}",
        say(said!(
            "{name} — round {round}{ranked}  (draw number {seed}, repeat meetings not avoided: {repeats})",
            "{name} — manche {round}{ranked}  (numéro de tirage {seed}, rencontres répétées non évitées : {repeats})",
            "{name} — ronde {round}{ranked}  (lotingsnummer {seed}, herhaalde ontmoetingen niet vermeden: {repeats})"
        ))
    );
    let seat_word = word("seat", "place", "plaats");
    for t in &r.tables {
        let (table, first) = (t.number, t.first_dealer);
        outln!(
            "{}",
            say(said!(
                "table {table}  ({first_said}: seat {first})",
                "table {table}  ({first_said} : place {first})",
                "tafel {table}  ({first_said}: plaats {first})"
            ))
        );
        for s in &t.seats {
            let scorer = if t.scorers.contains(&s.seat) { word("  [keeps the score]", "  [tient la feuille]", "  [houdt de score bij]") } else { "" };
            outln!("  {seat_word} {}  {:<6} {}{}{scorer}", s.seat, s.player, s.name, if s.club.is_empty() { String::new() } else { format!(" ({})", s.club) });
        }
    }
    if !r.byes.is_empty() {
        let byes: Vec<String> = r.byes.iter().map(|b| format!("{} {}", b.player, b.name)).collect();
        let Tr { en, fr, nl } = Tr::after(byes.len() as i64, Tr::new("bye: ", "exempt : ", "vrij: "), Tr::new("byes: ", "exempts : ", "vrij: "));
        outln!("{}{}", word(en, fr, nl), byes.join(", "));
    }
    let listed = |l: &[atout_api::SeatView]| l.iter().map(|b| format!("{} {}", b.player, b.name)).collect::<Vec<_>>().join(", ");
    if !r.not_seated.is_empty() {
        let list = listed(&r.not_seated);
        outln!(
            "{}",
            say(said!(
                "not in this draw: {list} (entered or back after it was drawn)",
                "absents de ce tirage : {list} (inscrits ou revenus après le tirage)",
                "niet in deze loting: {list} (ingeschreven of teruggekomen na de loting)"
            ))
        );
    }
    if !r.withdrawn_seated.is_empty() {
        let list = listed(&r.withdrawn_seated);
        outln!(
            "{}",
            say(said!(
                "seated though withdrawn: {list} (withdrawn after it was drawn)",
                "placés bien que retirés : {list} (retirés après le tirage)",
                "geplaatst hoewel teruggetrokken: {list} (teruggetrokken na de loting)"
            ))
        );
    }
    if r.redrawable && !(r.not_seated.is_empty() && r.withdrawn_seated.is_empty()) {
        // The whole command, seated as it was (by ranking too).
        let how = if r.by_ranking { " --by-ranking" } else { "" };
        let command = format!("atout round draw --tournament {name:?} --round {round}{how}");
        outln!(
            "{}",
            say(said!(
                "draw round {round} again ({command}): it has not begun",
                "tirez la manche {round} à nouveau ({command}) : elle n'a pas commencé",
                "loot ronde {round} opnieuw ({command}): ze is niet begonnen"
            ))
        );
    }
}
