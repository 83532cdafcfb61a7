//! The rows the store returns: the current state of each record.

use super::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: Id,
    pub name: String,
    pub club: String,
    pub member: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRow {
    pub id: Id,
    pub name: String,
    pub game: String,
    pub date: Option<String>,
    pub settings: Value,
    pub extra: Value,
    pub created_at: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EntrantRow {
    pub id: Id,
    pub player: PlayerRow,
    pub code: String,
    pub extra: Value,
    /// The round from which the player plays (a late entry), if set.
    pub from_round: Option<i64>,
    /// The round from which the player no longer plays (a withdrawal), if set.
    pub withdrawn_from: Option<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub id: Id,
    pub number: i64,
    pub first_dealer: i64,
    /// Entrant ids by seat, seat 1 first.
    pub seats: Vec<Id>,
    pub extra: Value,
    /// Current entry of each line, line 1 first.
    pub deals: Lines,
    /// Rulings in force (withdrawn ones left out), with their ids.
    pub rulings: Vec<Value>,
    pub ruling_ids: Vec<Id>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RoundRow {
    pub round: i64,
    pub draw_id: Id,
    pub seed: Option<String>,
    pub repeats: Option<i64>,
    pub extra: Value,
    pub tables: Vec<TableRow>,
    pub byes: Vec<Id>,
}

/// One record a change wrote, for a tournament's log: what it touched and, for a
/// sheet line, the version it replaced.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditRow {
    pub change: Id,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub reason: String,
    /// `tournament`, `entrant`, `draw`, `deal`, `ruling`, `ruling-withdrawn`, `dealer`, `status`.
    pub kind: &'static str,
    pub round: Option<i64>,
    pub table: Option<i64>,
    pub line: Option<i64>,
    /// The record written (a line's entry, a ruling, a seed, a first dealer, …).
    pub after: Value,
    /// For a sheet line: the version it replaced (null for a new line).
    pub before: Value,
}

/// A jury ruling withdrawn: the ruling as written, and its withdrawal.
#[derive(Clone, Debug)]
pub struct WithdrawnRuling {
    pub table: Id,
    pub id: Id,
    pub entry: Value,
    /// When the ruling was written (UTC), and by what action (an import's: the document
    /// did not say when it was ruled).
    pub at: String,
    pub action: String,
    /// When, by whom and why it was withdrawn.
    pub withdrawn_at: String,
    pub withdrawn_by: String,
    pub reason: String,
}

/// One stored version of a sheet line or ruling, with its change.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub kind: &'static str,
    /// The record's own id (a ruling's id, to withdraw it).
    pub record: Id,
    pub line: Option<i64>,
    pub entry: Value,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub reason: String,
}

/// A sheet's lines: as stored (JSON text) or as values, each made from the other only when
/// asked. Loading a tournament replays its sheets from the text alone (building a value of
/// every line was a third of the time, docs/performance.md); a screen that shows a sheet
/// asks for its values once.
#[derive(Clone, Default)]
pub struct Lines {
    texts: std::sync::OnceLock<Vec<Box<str>>>,
    values: std::sync::OnceLock<Vec<Value>>,
}

impl Lines {
    /// Lines read from the store: valid JSON (checked when written and when a file is opened).
    pub fn from_texts(texts: Vec<Box<str>>) -> Lines {
        Lines { texts: texts.into(), values: Default::default() }
    }

    pub fn values(&self) -> &[Value] {
        self.values.get_or_init(|| match self.texts.get() {
            Some(texts) => texts.iter().map(|t| serde_json::from_str(t).unwrap_or(Value::Null)).collect(),
            None => vec![],
        })
    }

    pub fn texts(&self) -> &[Box<str>] {
        self.texts.get_or_init(|| self.values().iter().map(|v| v.to_string().into_boxed_str()).collect())
    }

    /// The values if they were made already (a sheet shown or written since it was read).
    pub fn made(&self) -> Option<&[Value]> {
        self.values.get().map(Vec::as_slice)
    }

    pub fn len(&self) -> usize {
        match (self.texts.get(), self.values.get()) {
            (Some(t), _) => t.len(),
            (None, Some(v)) => v.len(),
            (None, None) => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl From<Vec<Value>> for Lines {
    fn from(values: Vec<Value>) -> Lines {
        Lines { texts: Default::default(), values: values.into() }
    }
}

impl PartialEq for Lines {
    fn eq(&self, other: &Lines) -> bool {
        self.values() == other.values()
    }
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.values()).finish()
    }
}
