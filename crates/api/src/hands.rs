//! The hand checker for the jury (RULES.md §7, FORMAT.md "Hand records"): a deal replayed
//! card by card, without a tournament. What is legal is the rules' (`atout_rules::play`
//! and each game's module); this reads the record, bounds it and says the verdict.

use crate::{ApiError, Atout, Place, Result, TableRef};
use atout_rules::{said, GameId};
use serde::Serialize;
use serde_json::Value;

/// The longest hand record read (a 57-card deal typed in full is about 2 KB).
const MOST_BYTES: usize = 256 * 1024;

/// A trick as played: who led, each card with its seat, who won (0: not finished).
#[derive(Clone, Debug, Serialize)]
pub struct TrickView {
    pub leader: usize,
    /// Each card with the seat that played it, in order.
    pub plays: Vec<(usize, String)>,
    pub winner: usize,
}

/// The checker's answer: FORMAT.md's verdict, the broken rule in the three languages,
/// the tricks as played, and whether the record stands (every card legal, and the
/// line's figures, if it gives any, those the cards give: `atout hand check` exits 0).
#[derive(Clone, Debug, Serialize)]
pub struct HandVerdict {
    pub verdict: Value,
    /// The rule the first illegal card breaks: `{en, fr, nl}`.
    pub rule: Option<Value>,
    pub tricks: Vec<TrickView>,
    pub settled: bool,
    /// After the last card, while every card was legal and cards remain: the seat to play,
    /// the cards it holds and those it may play.
    pub next: Option<NextCard>,
}

/// The seat to play next, what it holds, what it may play.
#[derive(Clone, Debug, Serialize)]
pub struct NextCard {
    pub seat: usize,
    pub hand: Vec<String>,
    pub legal: Vec<String>,
}

/// Check a hand record given as JSON text.
pub fn hand_check(text: &str) -> Result<HandVerdict> {
    if text.len() > MOST_BYTES {
        let most = MOST_BYTES / 1024;
        return Err(ApiError::invalid(said!(
            "a hand record is at most {most} KB",
            "un relevé de donne fait au plus {most} Ko",
            "een spelverslag is hoogstens {most} KB"
        )));
    }
    let record: Value = serde_json::from_str(text).map_err(|e| {
        let e = e.to_string();
        ApiError::invalid(said!("the hand record is not JSON: {e}", "le relevé de donne n'est pas du JSON : {e}", "het spelverslag is geen JSON: {e}"))
    })?;
    let code = record.get("game").and_then(Value::as_str).unwrap_or_default().to_string();
    let rules = GameId::parse(&code).and_then(|g| g.rules(&serde_json::Map::new()).ok()).ok_or_else(|| {
        ApiError::invalid(said!(
            "game «{code}»: not a game Atout plays",
            "jeu «{code}» : pas un jeu qu'Atout connaît",
            "spel «{code}»: geen spel dat Atout kent"
        ))
    })?;
    let checked = rules.hand_replay(&record).map_err(|v| ApiError::Refused { place: Place::default(), violation: v })?;
    let verdict = checked.verdict;
    let deck = checked.deck;
    let rule = checked.replay.illegal.as_ref().map(|i| i.rule_texts().all());
    let tricks = trick_views(&checked.replay, deck);
    let names = |cards: Vec<atout_rules::play::Card>| cards.into_iter().map(|c| deck.name(c)).collect::<Vec<_>>();
    let next = match (&checked.state, &checked.replay.illegal) {
        (Some(state), None) => state.to_play().map(|seat| NextCard { seat, hand: names(state.hand(seat)), legal: names(state.legal()) }),
        _ => None,
    };
    let carries = checked.carries;
    let settled = verdict["legal"] == true && (!carries || verdict["line"] == "matches");
    Ok(HandVerdict { verdict, rule, tricks, settled, next })
}

/// The tricks of a replay as played, cards by their names.
pub(crate) fn trick_views(replay: &atout_rules::play::Replay, deck: atout_rules::play::Deck) -> Vec<TrickView> {
    replay.tricks.iter().map(|t| TrickView { leader: t.leader, plays: t.cards.iter().map(|(s, c)| (*s, deck.name(*c))).collect(), winner: t.winner }).collect()
}

impl Atout {
    /// A hand record's frame for a line of a table's sheet: the game, the table's seats,
    /// the line's dealer and its entry as written (FORMAT.md "Hand records"); the jury
    /// adds the cards.
    pub fn hand_record(&mut self, table: &TableRef, line: usize) -> Result<Value> {
        let sheet = self.sheet(table)?;
        let at = line.checked_sub(1).and_then(|i| sheet.lines.get(i)).ok_or_else(|| {
            let n = sheet.lines.len();
            ApiError::not_found(said!(
                "line {line}: the sheet has {n} lines",
                "ligne {line} : la feuille compte {n} lignes",
                "lijn {line}: het blad telt {n} lijnen"
            ))
        })?;
        let game = GameId::parse(&sheet.game).ok_or_else(|| ApiError::Internal(format!("the sheet's game «{}» is unknown", sheet.game)))?;
        Ok(atout_rules::play::record_frame(game, sheet.seats.len(), at.line.dealer, &at.entry))
    }
}
