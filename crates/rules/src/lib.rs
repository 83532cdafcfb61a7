//! Atout's rules engine: pure functions over the score sheets of each game.
//!
//! No IO, no clock, no global state. Randomness comes in as an argument.
//! User data never makes this crate panic: every bad input is a [`Violation`]
//! naming the rule it breaks.
//!
//! Every game has the same shape ([`Game`]): a sheet is a list of entries, one
//! per line the scorer writes; [`Game::replay`] checks them in order and gives
//! the points of every line. Adding a game is adding a module that implements
//! the trait and one arm in [`GameId`]'s dispatch.

pub mod double_king;
pub mod draw;
mod error;
pub mod ranking;
pub mod ruling;
pub mod settings;

pub use error::{Rule, SheetError, Violation};
pub use ranking::TablePoints;
pub use settings::TournamentSettings;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use serde_json::Value;

/// A seat at a table, 1-based, numbered clockwise.
pub type Seat = usize;

/// The games Atout knows by name (FORMAT.md's `game`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    DoubleKing,
    King,
    Rikken,
    #[serde(rename = "double-lucky-7")]
    DoubleLucky7,
    KingsCribbage,
}

impl GameId {
    pub const ALL: [GameId; 5] = [
        GameId::DoubleKing,
        GameId::King,
        GameId::Rikken,
        GameId::DoubleLucky7,
        GameId::KingsCribbage,
    ];

    pub fn code(self) -> &'static str {
        match self {
            GameId::DoubleKing => "double-king",
            GameId::King => "king",
            GameId::Rikken => "rikken",
            GameId::DoubleLucky7 => "double-lucky-7",
            GameId::KingsCribbage => "kings-cribbage",
        }
    }

    pub fn parse(code: &str) -> Option<GameId> {
        GameId::ALL.into_iter().find(|g| g.code() == code)
    }

    /// Whether this build scores the game. Tournaments of other games are refused.
    pub fn is_supported(self) -> bool {
        matches!(self, GameId::DoubleKing)
    }

    /// Number of players at a table. Double King, King and Rikken seat 4; the
    /// other games, not scored yet, will set theirs (Double Lucky 7 seats 2 to 7).
    pub fn table_size(self) -> usize {
        4
    }

    /// For each contract scored by counts, what the counts of a deal add up to
    /// (shown to the scorer as they type).
    pub fn count_totals(self) -> Vec<(String, i64)> {
        match self {
            GameId::DoubleKing => double_king::Contract::NEGATIVES
                .into_iter()
                .chain([double_king::Contract::T])
                .filter_map(|c| c.counting().map(|(total, _)| (format!("{c:?}"), total)))
                .collect(),
            _ => vec![],
        }
    }

    /// Check a sheet written as FORMAT.md entries (JSON) and score it.
    pub fn replay(self, first_dealer: Seat, entries: &[Value]) -> Result<Sheet, SheetError> {
        match self {
            GameId::DoubleKing => replay_json(&double_king::DoubleKing, first_dealer, entries),
            other => Err(SheetError::sheet(Violation::new(
                Rule::GameUnsupported,
                format!("{} sheets are not scored yet", other.code()),
            ))),
        }
    }

    /// What the next line of the sheet may be, or `None` when it is complete.
    pub fn next_choices(self, first_dealer: Seat, entries: &[Value]) -> Result<Option<Value>, SheetError> {
        match self {
            GameId::DoubleKing => next_json(&double_king::DoubleKing, first_dealer, entries),
            other => Err(SheetError::sheet(Violation::new(
                Rule::GameUnsupported,
                format!("{} sheets are not scored yet", other.code()),
            ))),
        }
    }
}

/// The common shape of every game's score sheet.
pub trait Game {
    /// One line of the sheet as the scorer writes it (FORMAT.md's deal shape).
    type Entry: DeserializeOwned + Serialize + Clone;
    /// What the next line may be.
    type Choices: Serialize;

    fn id(&self) -> GameId;
    /// Players at a table.
    fn seats(&self) -> usize;
    /// Check every entry in order; the first broken rule stops the replay.
    fn replay(&self, first_dealer: Seat, entries: &[Self::Entry]) -> Result<Sheet, SheetError>;
    /// The choices open to the next line, `None` when the sheet is complete.
    fn next_choices(&self, first_dealer: Seat, entries: &[Self::Entry]) -> Result<Option<Self::Choices>, SheetError>;
}

/// A checked sheet: every line's points and the running result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sheet {
    pub seats: usize,
    pub lines: Vec<Line>,
    /// Sum of every line's points per seat (rulings not included).
    pub totals: Vec<i64>,
    /// Counting deals played so far and needed in all.
    pub deals_played: usize,
    pub deals_needed: usize,
    pub complete: bool,
}

/// One checked line of a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    /// 1-based position of the entry on the sheet.
    pub line: usize,
    /// Number of the deal this line plays (a voided deal and its redeal share it).
    pub deal: usize,
    pub dealer: Seat,
    /// Short label of the game played, e.g. `C` or `T♠`.
    pub label: String,
    pub points: Vec<i64>,
    /// False for a voided deal that is dealt again.
    pub counts: bool,
    /// Seat whose own negative choice this is (the paper sheet circles it).
    pub chooser: Option<Seat>,
    /// Seat ruled at fault on this line, if any.
    pub fault: Option<Seat>,
}

fn parse_entries<G: Game>(entries: &[Value]) -> Result<Vec<G::Entry>, SheetError> {
    entries
        .iter()
        .enumerate()
        .map(|(i, v)| {
            G::Entry::deserialize(v).map_err(|e| SheetError::at(i + 1, Violation::new(Rule::DealShape, e.to_string())))
        })
        .collect()
}

fn replay_json<G: Game>(game: &G, first_dealer: Seat, entries: &[Value]) -> Result<Sheet, SheetError> {
    game.replay(first_dealer, &parse_entries::<G>(entries)?)
}

fn next_json<G: Game>(game: &G, first_dealer: Seat, entries: &[Value]) -> Result<Option<Value>, SheetError> {
    let choices = game.next_choices(first_dealer, &parse_entries::<G>(entries)?)?;
    Ok(choices.map(|c| serde_json::to_value(c).expect("choices serialize")))
}

/// The seat `steps` places clockwise from `seat` at a table of `seats`.
pub fn seat_after(seat: Seat, steps: usize, seats: usize) -> Seat {
    (seat - 1 + steps) % seats + 1
}
