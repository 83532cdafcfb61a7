//! Free jury rulings on a table (RULES.md §1 penalties, §6 records).

use crate::settings::POINTS_BOUND;
use crate::{said, Rule, Seat, Tr, Violation};
use serde::{Deserialize, Serialize};

/// A jury decision giving points to the seats of one table, as FORMAT.md writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    pub seat: i64,
    pub points: Vec<i64>,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub by: String,
    /// A sanction may take points without giving them to anyone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sanction: bool,
    /// Fields FORMAT.md does not fix (e.g. a jury `call`: contract and consent), kept.
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

impl Ruling {
    /// Check a ruling against a table of `seats` players; returns the seat it concerns.
    pub fn check(&self, seats: usize) -> Result<Seat, Violation> {
        crate::seat_index(self.seat, seats, Tr::new("the ruling's player", "le joueur de la décision", "de speler van de beslissing"))?;
        if self.points.len() != seats {
            let n = self.points.len();
            return Err(Violation::said(
                Rule::RULING_SHAPE,
                said!(
                    "a ruling gives {seats} figures, one per seat, not {n}",
                    "une décision donne {seats} chiffres, un par place, pas {n}",
                    "een beslissing geeft {seats} cijfers, één per plaats, geen {n}"
                ),
            ));
        }
        if let Some(p) = self.points.iter().find(|p| p.unsigned_abs() > POINTS_BOUND as u64) {
            return Err(Violation::said(
                Rule::RULING_SHAPE,
                said!(
                    "{p} points: a ruling gives at most {POINTS_BOUND} points to a seat",
                    "{p} points : une décision donne au plus {POINTS_BOUND} points à une place",
                    "{p} punten: een beslissing geeft hoogstens {POINTS_BOUND} punten aan een plaats"
                ),
            ));
        }
        if self.reason.trim().is_empty() {
            return Err(Violation::said(
                Rule::RULING_SHAPE,
                said!("a ruling states its reason", "une décision donne son motif", "een beslissing vermeldt haar reden"),
            ));
        }
        if self.by.trim().is_empty() {
            return Err(Violation::said(
                Rule::RULING_SHAPE,
                said!(
                    "a ruling names the jury member who made it",
                    "une décision nomme le membre du jury qui l'a prise",
                    "een beslissing noemt het jurylid dat ze nam"
                ),
            ));
        }
        let sum: i64 = self.points.iter().sum();
        if sum != 0 && !self.sanction {
            return Err(Violation::said(
                Rule::RULING_ZERO_SUM,
                said!(
                    "the points add up to {sum}; mark the ruling as a sanction if that is meant",
                    "les points font {sum} ; marquez la décision comme sanction si c'est voulu",
                    "de punten tellen op tot {sum}; duid de beslissing aan als sanctie als dat bedoeld is"
                ),
            ));
        }
        Ok(self.seat as Seat)
    }
}

/// Round scores of a table: the sheet's totals plus every ruling's points.
pub fn round_scores(totals: &[i64], rulings: &[Ruling]) -> Vec<i64> {
    let mut scores = totals.to_vec();
    for r in rulings {
        for (s, p) in scores.iter_mut().zip(&r.points) {
            *s = s.saturating_add(*p);
        }
    }
    scores
}
