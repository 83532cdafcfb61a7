//! `atout round …`: plan, draw and show a round's tables and seats.

use crate::output::{json, Failure, Output};
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
                    let whose = if p.following { "the plan made when round 1 was drawn" } else { "a new plan" };
                    outln!("round {round}: {whose}, rounds {from}–{to}, {repeats} repeat meeting(s) it could not avoid");
                    outln!("draw it with: atout round draw --tournament {tournament:?} --round {round} --seed {number}");
                }
            }
        }
        RoundCmd::Draw { tournament, round, seed, by_ranking, format } => {
            let seating = if by_ranking { atout_api::Seating::ByRanking } else { atout_api::Seating::Planned };
            crate::output::show(&app.round_draw(&tournament, &atout_api::DrawRequest::new(round, seed).seated(seating))?, format, print_round);
        }
        RoundCmd::Show { tournament, round, format } => crate::output::show(&app.round_view(&tournament, round)?, format, print_round),
    }
    Ok(())
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
