//! A tournament's log: every change, who made it, when and why, and what it
//! changed from what to what — for the window, a CSV file and the archive.

use crate::error::{ApiError, Result};
use crate::Atout;
use atout_rules::{GameId, Lang, Names, Said};
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
    /// Both in words, in English (`No queens · counts: 1 · 2 · 1 · 0`), for the CSV log
    /// and the CLI…
    pub before_text: String,
    pub after_text: String,
    /// … and in every language, for the window.
    pub before_texts: Said,
    pub after_texts: Said,
}

/// A record in words of every language. Sheet lines read as their game says them;
/// rulings by their fields; other records (a tournament's settings, an entrant, a
/// draw) field by field, a game's code by the game's name.
fn words(kind: &str, v: &Value, names: Option<&Names>) -> Said {
    if v.is_null() {
        return Said { en: String::new(), fr: String::new(), nl: String::new() };
    }
    match (kind, names) {
        ("deal", Some(names)) => names.entry(v, &[]),
        _ => Said {
            en: Names::ruling(&game_named(v, Lang::En), &[]).en,
            fr: Names::ruling(&game_named(v, Lang::Fr), &[]).fr,
            nl: Names::ruling(&game_named(v, Lang::Nl), &[]).nl,
        },
    }
}

/// A record with every game code among its values put as the game's name.
fn game_named(v: &Value, lang: Lang) -> Value {
    match v {
        Value::String(s) => match GameId::parse(s).and_then(GameId::spec) {
            Some(spec) => Value::String(spec.name.get(lang).to_string()),
            None => v.clone(),
        },
        Value::Array(items) => Value::Array(items.iter().map(|x| game_named(x, lang)).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, x)| (k.clone(), game_named(x, lang))).collect()),
        other => other.clone(),
    }
}

impl Atout {
    /// Every change to a tournament, oldest first.
    pub fn audit(&mut self, tournament: &str) -> Result<Vec<AuditEntry>> {
        let id = self.resolve(tournament)?;
        let names = self.loaded(id)?.names.clone();
        Ok(self
            .store
            .audit(id)?
            .into_iter()
            .map(|r| {
                let (before_texts, after_texts) = (words(r.kind, &r.before, Some(&names)), words(r.kind, &r.after, Some(&names)));
                AuditEntry {
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
                    before_text: before_texts.en.clone(),
                    after_text: after_texts.en.clone(),
                    before_texts,
                    after_texts,
                    before: r.before,
                    after: r.after,
                }
            })
            .collect())
    }

    /// The log as CSV (UTF-8 with a byte-order mark, `;`-separated, so that a Belgian
    /// spreadsheet opens it as it is).
    pub fn audit_csv(&mut self, tournament: &str) -> Result<String> {
        let entries = self.audit(tournament)?;
        let mut w = csv::WriterBuilder::new().delimiter(b';').from_writer(vec![]);
        let fail = |e: csv::Error| ApiError::internal("log", e);
        w.write_record(["time", "by", "action", "reason", "round", "table", "line", "before", "after"]).map_err(fail)?;
        let num = |n: Option<i64>| n.map(|x| x.to_string()).unwrap_or_default();
        for e in &entries {
            w.write_record([&e.at_local, &e.by, &e.action, &e.reason, &num(e.round), &num(e.table), &num(e.line), &e.before_text, &e.after_text])
                .map_err(fail)?;
        }
        let bytes = w.into_inner().map_err(|e| ApiError::internal("log", e))?;
        Ok(format!("\u{feff}{}", String::from_utf8_lossy(&bytes)))
    }
}
