//! A tournament's log: every change, who made it, when and why, and what it
//! changed from what to what — for the window, a CSV file and the archive.

use crate::error::{ApiError, Result};
use crate::Atout;
use atout_store::Id;
use serde::Serialize;
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AuditEntry {
    /// The change's number (one change may write several records).
    pub change: Id,
    /// UTC, as stored.
    pub at: String,
    /// The same moment in the machine's local time.
    pub at_local: String,
    pub by: String,
    /// What was done: `deal.add`, `deal.correct`, `sheet.replace`, `deal.undo`, `ruling.add`, …
    pub action: String,
    pub reason: String,
    /// What the record is: `tournament`, `entrant`, `draw`, `deal`, `ruling`, `ruling-withdrawn`, `dealer`, `status`.
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<i64>,
    /// The record as it was before (a sheet line's previous version), and as written.
    pub before: Value,
    pub after: Value,
    /// Both in short words: `C · counts 1 2 1 0`, `T · trump spades · counts 10 0 3 0`.
    pub before_text: String,
    pub after_text: String,
}

/// A record in short words: its game first, then each figure by name.
pub fn summary(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::Object(map) => {
            let mut parts = vec![];
            for key in ["contract", "game"] {
                if let Some(x) = map.get(key) {
                    parts.push(flat(x));
                }
            }
            for (k, x) in map.iter().filter(|(k, _)| !["contract", "game"].contains(&k.as_str())) {
                parts.push(format!("{} {}", k.replace('_', " "), flat(x)));
            }
            parts.join(" · ")
        }
        other => flat(other),
    }
}

fn flat(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(flat).collect::<Vec<_>>().join(" "),
        Value::Object(_) => format!("({})", summary(v)),
        Value::Null => "—".into(),
        other => other.to_string(),
    }
}

impl Atout {
    /// Every change to a tournament, oldest first.
    pub fn audit(&mut self, tournament: &str) -> Result<Vec<AuditEntry>> {
        let id = self.resolve(tournament)?;
        Ok(self
            .store
            .audit(id)?
            .into_iter()
            .map(|r| AuditEntry {
                change: r.change,
                at_local: crate::local_time(&r.at),
                at: r.at,
                by: r.actor,
                action: r.action,
                reason: r.reason,
                kind: r.kind,
                round: r.round,
                table: r.table,
                line: r.line,
                before_text: summary(&r.before),
                after_text: summary(&r.after),
                before: r.before,
                after: r.after,
            })
            .collect())
    }

    /// The log as CSV (UTF-8 with a byte-order mark, `;`-separated, so that a Belgian
    /// spreadsheet opens it as it is).
    pub fn audit_csv(&mut self, tournament: &str) -> Result<String> {
        let entries = self.audit(tournament)?;
        let mut w = csv::WriterBuilder::new().delimiter(b';').from_writer(vec![]);
        let fail = |e: csv::Error| ApiError::Invalid(format!("log: {e}"));
        w.write_record(["time", "by", "action", "reason", "round", "table", "line", "before", "after"]).map_err(fail)?;
        let num = |n: Option<i64>| n.map(|x| x.to_string()).unwrap_or_default();
        for e in &entries {
            w.write_record([&e.at_local, &e.by, &e.action, &e.reason, &num(e.round), &num(e.table), &num(e.line), &e.before_text, &e.after_text])
                .map_err(fail)?;
        }
        let bytes = w.into_inner().map_err(|e| ApiError::Invalid(format!("log: {e}")))?;
        Ok(format!("\u{feff}{}", String::from_utf8_lossy(&bytes)))
    }
}
