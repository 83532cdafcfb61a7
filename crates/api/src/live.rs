//! The evening live on a player's own phone (`/p/TOURNAMENT` on the devices' server): the
//! player's place, their table and its lines as they arrive, their seat in the round just
//! drawn. Read-only; it shows what the room's display and the table show, nothing more.

use crate::error::{ApiError, Result};
use crate::{Atout, TableRef};
use atout_rules::{said, Said};
use serde::Serialize;

#[derive(Clone, Debug, Serialize)]
pub struct PlayerLive {
    pub tournament: String,
    pub player: String,
    pub name: String,
    /// The player's place in the standings after the last round (none: withdrawn before playing).
    pub place: Option<usize>,
    pub shared: bool,
    /// Rounds are still being played.
    pub provisional: bool,
    /// The ranking value: table points, or the score sum.
    pub value: String,
    /// The player's tables, the last round drawn first (the one before it too while the last
    /// has nothing written yet, so that the evening's last lines stay in sight).
    pub tables: Vec<LiveTable>,
}

#[derive(Clone, Debug, Serialize)]
pub struct LiveTable {
    pub round: i64,
    pub table: i64,
    /// The player's seat at it.
    pub seat: usize,
    pub seats: Vec<String>,
    pub lines: Vec<LiveLine>,
    pub totals: Vec<i64>,
    /// The jury's rulings at the table (its words and each seat's points), which take the
    /// sheet's totals to the round's scores.
    pub rulings: Vec<LiveRuling>,
    pub scores: Vec<i64>,
    pub complete: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct LiveRuling {
    pub texts: Said,
    pub points: Vec<i64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct LiveLine {
    pub line: usize,
    pub label_texts: Said,
    pub points: Vec<i64>,
    /// The player's running total after this line.
    pub running: i64,
}

/// The address of a tournament's players' page on the devices' server (`base`: the address
/// the room's display was loaded from), and its QR code as an SVG image.
pub fn players_link(base: &str, tournament: &str) -> (String, String) {
    let url = format!("{}/p/{tournament}", base.trim_end_matches('/'));
    let qr = atout_report::qr::svg(&url, 160);
    (url, qr)
}

impl Atout {
    /// A player's evening as their phone shows it (`player` is their id in the tournament, `p12`).
    pub fn player_live(&mut self, tournament: &str, player: &str) -> Result<PlayerLive> {
        let id = self.resolve(tournament)?;
        let tid = id.to_string();
        let standings = self.standings(&tid, None)?;
        let info = self.tournament_info(&tid)?;
        let row = standings.rows.iter().find(|r| &*r.player == player);
        let withdrawn = standings.withdrawn.iter().find(|w| &*w.player == player);
        let name = match (row, withdrawn) {
            (Some(r), _) => r.name.to_string(),
            (None, Some(w)) => w.name.to_string(),
            (None, None) => {
                let p = player.to_string();
                return Err(ApiError::not_found(said!(
                    "no player {p} in this tournament",
                    "pas de joueur {p} dans ce tournoi",
                    "geen speler {p} in dit toernooi"
                )));
            }
        };
        let provisional = self.standings_open(&info)?;
        let mut tables = vec![];
        for round in (1..=info.rounds_drawn).rev() {
            let view = self.round_view(&tid, round)?;
            let Some(t) = view.tables.iter().find(|t| t.seats.iter().any(|s| s.player == player)) else { continue };
            let seat = t.seats.iter().find(|s| s.player == player).map_or(0, |s| s.seat);
            let sheet = self.sheet(&TableRef::new(tid.clone(), round, t.number))?;
            let lines = sheet
                .lines
                .iter()
                .map(|l| LiveLine {
                    line: l.line.line,
                    label_texts: l.label_texts.clone(),
                    points: l.line.points.clone(),
                    running: seat.checked_sub(1).and_then(|i| l.running.get(i)).copied().unwrap_or(0),
                })
                .collect::<Vec<_>>();
            let started = !lines.is_empty();
            tables.push(LiveTable {
                round,
                table: t.number,
                seat,
                seats: sheet.seats.iter().map(|s| s.name.clone()).collect(),
                lines,
                totals: sheet.totals.clone(),
                rulings: sheet
                    .rulings
                    .iter()
                    .zip(&sheet.ruling_texts)
                    .map(|(r, texts)| LiveRuling { texts: texts.clone(), points: r.points.clone() })
                    .collect(),
                scores: sheet.scores.clone(),
                complete: sheet.complete,
            });
            if started || tables.len() == 2 {
                break;
            }
        }
        Ok(PlayerLive {
            tournament: info.name,
            player: player.to_string(),
            name,
            place: row.filter(|r| !r.rounds.is_empty()).map(|r| r.rank),
            shared: row.is_some_and(|r| r.shared),
            provisional,
            value: row.map(|r| r.table_points.map_or_else(|| r.score_sum.to_string(), |p| p.to_string())).unwrap_or_default(),
            tables,
        })
    }
}
