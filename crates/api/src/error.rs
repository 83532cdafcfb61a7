use atout_rules::{Rule, Said, SheetError, Violation};
use atout_store::StoreError;
use serde::{Serialize, Serializer};
use std::fmt;

/// Where in a tournament a rule was broken.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Place {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<i64>,
    /// 1-based line of the sheet (the index in the document's `deals`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<usize>,
}

impl Place {
    pub fn round(round: i64) -> Place {
        Place { round: Some(round), ..Place::default() }
    }
    pub fn table(round: i64, table: i64) -> Place {
        Place { round: Some(round), table: Some(table), deal: None }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![];
        if let Some(r) = self.round {
            parts.push(format!("round {r}"));
        }
        if let Some(t) = self.table {
            parts.push(format!("table {t}"));
        }
        if let Some(d) = self.deal {
            parts.push(format!("deal {d}"));
        }
        f.write_str(&parts.join(", "))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The change breaks a rule; nothing was stored.
    #[error("{}{violation}", if place.round.is_some() { format!("{place}: ") } else { String::new() })]
    Refused { place: Place, violation: Violation },
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Invalid(String),
    #[error("{0}")]
    Conflict(String),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{path}: {source}")]
    File { path: String, source: std::io::Error },
    /// A failure that is not the user's: a bug, reported rather than hidden.
    #[error("{0}")]
    Internal(String),
}

pub type Result<T> = std::result::Result<T, ApiError>;

impl ApiError {
    /// A refusal described in English only; prefer [`ApiError::refused_said`] for anything a user sees.
    pub fn refused(place: Place, rule: Rule, detail: impl Into<String>) -> ApiError {
        ApiError::Refused { place, violation: Violation::new(rule, detail) }
    }

    /// A refusal described in every language (`atout_rules::said!`).
    pub fn refused_said(place: Place, rule: Rule, said: Said) -> ApiError {
        ApiError::Refused { place, violation: Violation::said(rule, said) }
    }

    pub fn sheet(mut place: Place, err: SheetError) -> ApiError {
        place.deal = err.line;
        ApiError::Refused { place, violation: err.violation }
    }

    /// The broken rule's code, when a rule was broken.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            ApiError::Refused { violation, .. } => Some(violation.rule),
            _ => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            ApiError::Refused { .. } => "refused",
            ApiError::NotFound(_) => "not-found",
            ApiError::Invalid(_) => "invalid",
            ApiError::Conflict(_) => "conflict",
            ApiError::Store(e) if e.is_busy() => "busy",
            ApiError::Store(_) => "store",
            ApiError::File { .. } => "file",
            ApiError::Internal(_) => "internal",
        }
    }
}

/// Errors cross to the UI as `{kind, message, rule?, place?}`.
impl Serialize for ApiError {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.kind())?;
        m.serialize_entry("message", &self.to_string())?;
        if let ApiError::Refused { place, violation } = self {
            m.serialize_entry("rule", violation.rule.code())?;
            m.serialize_entry("rule_text", violation.rule.text())?;
            // The rule in every language, from the rules' one source.
            m.serialize_entry("rule_texts", &violation.rule.texts().all())?;
            m.serialize_entry("detail", &violation.detail)?;
            // The case in every language, when the rule's check wrote it so.
            if let Some(said) = &violation.said {
                m.serialize_entry("detail_texts", said)?;
            }
            m.serialize_entry("place", place)?;
        }
        m.end()
    }
}
