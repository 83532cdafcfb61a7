use std::fmt;

/// Every rule a sheet, a ruling, a draw or a document can break, by its code.
///
/// The code is stable (tests, fixtures and the UI's translations key on it);
/// [`Rule::text`] states the rule in English.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    DealShape,
    CountNegative,
    DealTotal,
    SeatRange,
    GameTwice,
    DealerNegatives,
    DealerTrumps,
    RedealTrump,
    SheetFull,
    FirstDealer,
    RulingZeroSum,
    RulingShape,
    GameUnsupported,
    Settings,
    TableSize,
    UnknownPlayer,
    PlayerTwice,
    RoundOrder,
    TableOrder,
    Format,
}

impl Rule {
    pub fn code(self) -> &'static str {
        match self {
            Rule::DealShape => "deal-shape",
            Rule::CountNegative => "count-negative",
            Rule::DealTotal => "deal-total",
            Rule::SeatRange => "seat-range",
            Rule::GameTwice => "game-twice",
            Rule::DealerNegatives => "dealer-negatives",
            Rule::DealerTrumps => "dealer-trumps",
            Rule::RedealTrump => "redeal-trump",
            Rule::SheetFull => "sheet-full",
            Rule::FirstDealer => "first-dealer",
            Rule::RulingZeroSum => "ruling-zero-sum",
            Rule::RulingShape => "ruling-shape",
            Rule::GameUnsupported => "game-unsupported",
            Rule::Settings => "settings",
            Rule::TableSize => "table-size",
            Rule::UnknownPlayer => "unknown-player",
            Rule::PlayerTwice => "player-twice",
            Rule::RoundOrder => "round-order",
            Rule::TableOrder => "table-order",
            Rule::Format => "format",
        }
    }

    /// The rule, stated.
    pub fn text(self) -> &'static str {
        match self {
            Rule::DealShape => "a deal gives exactly the figures its game needs",
            Rule::CountNegative => "a count is never negative",
            Rule::DealTotal => "the counts of a deal add up to the deal total",
            Rule::SeatRange => "a seat is a number from 1 to the table size",
            Rule::GameTwice => "each negative game is played exactly twice per sheet",
            Rule::DealerNegatives => "each player chooses exactly 3 negative games",
            Rule::DealerTrumps => "each player chooses exactly 2 trump games",
            Rule::RedealTrump => "a trump deal voided by the dealer's fault is dealt again as trump",
            Rule::SheetFull => "a sheet has 20 deals",
            Rule::FirstDealer => "the first dealer is a seat of the table",
            Rule::RulingZeroSum => "a ruling's points add up to 0 unless it is a sanction",
            Rule::RulingShape => "a ruling gives one figure per seat, a reason and the jury member",
            Rule::GameUnsupported => "only games this version scores can be played",
            Rule::Settings => "tournament settings must be consistent",
            Rule::TableSize => "every table seats the game's number of players",
            Rule::UnknownPlayer => "every seated player is a player of the tournament",
            Rule::PlayerTwice => "a player sits at one table per round",
            Rule::RoundOrder => "rounds are numbered 1, 2, 3… within the tournament's rounds",
            Rule::TableOrder => "tables are numbered 1, 2, 3… within a round",
            Rule::Format => "the document follows atout-tournament/1",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A broken rule and what broke it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rule {rule} ({text}): {detail}", text = rule.text())]
pub struct Violation {
    pub rule: Rule,
    pub detail: String,
}

impl Violation {
    pub fn new(rule: Rule, detail: impl Into<String>) -> Self {
        Violation { rule, detail: detail.into() }
    }
}

/// A violation on a given line of a sheet (`line` is `None` for the sheet as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SheetError {
    pub line: Option<usize>,
    pub violation: Violation,
}

impl SheetError {
    pub fn at(line: usize, violation: Violation) -> Self {
        SheetError { line: Some(line), violation }
    }
    pub fn sheet(violation: Violation) -> Self {
        SheetError { line: None, violation }
    }
    pub fn rule(&self) -> Rule {
        self.violation.rule
    }
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "deal line {line}: {}", self.violation),
            None => write!(f, "{}", self.violation),
        }
    }
}
