//! A tournament's game and settings as the user gives them, checked before anything is
//! stored, and as they stand in effect (every key, its default filled in).

use crate::error::{ApiError, Place, Result};
use atout_rules::settings::COMMON_KEYS;
use atout_rules::{said, GameId, Rule, TournamentSettings};
use serde_json::{json, Value};

/// The settings in effect: every common key as parsed (its default filled in), and the
/// game's own keys as stored.
pub(crate) fn effective_settings(parsed: &TournamentSettings, raw: &Value) -> Value {
    let mut all = parsed.to_json();
    if let (Some(all), Some(raw)) = (all.as_object_mut(), raw.as_object()) {
        for (k, v) in raw.iter().filter(|(k, _)| !COMMON_KEYS.contains(&k.as_str())) {
            all.insert(k.clone(), v.clone());
        }
    }
    all
}

/// A tournament's game and settings, checked.
pub(crate) struct Checked {
    pub game: GameId,
    /// The settings to store, as given.
    pub raw: Value,
    pub settings: TournamentSettings,
    pub rules: Box<dyn atout_rules::Rules>,
}

/// How settings are checked: a tournament's first (created: unknown keys refused; imported:
/// kept), each keeping its own copy of the game's defaults; or a change of a stored one's
/// (whose keys the change itself checks), which adds no default: a default changed since
/// never changes a tournament's scores.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Checking {
    Created,
    Imported,
    Changed,
}

/// Check a game name and settings; returns the settings to store (the given
/// JSON with `rounds` set when asked) and their parsed form.
pub(crate) fn checked_settings(game: &str, settings: Option<&Value>, rounds: Option<u32>, checking: Checking) -> Result<Checked> {
    let strict = checking == Checking::Created;
    let refused = |v| ApiError::Refused { place: Place::default(), violation: v };
    let id = GameId::parse(game).ok_or_else(|| {
        let known: Vec<&str> = GameId::ALL.iter().map(|g| g.code()).collect();
        let known = known.join(", ");
        ApiError::refused_said(
            Place::default(),
            Rule::FORMAT,
            said!("unknown game «{game}»: one of {known}", "jeu inconnu «{game}» : un de {known}", "onbekend spel «{game}»: een van {known}"),
        )
    })?;
    let mut raw = settings.cloned().unwrap_or_else(|| json!({}));
    if raw.is_null() {
        raw = json!({});
    }
    if let Some(r) = rounds {
        if let Some(map) = raw.as_object_mut() {
            map.insert("rounds".into(), json!(r));
        }
    }
    // A new tournament keeps its own copy of the game's defaults (Rikken's points table,
    // Double King's bye), so that a later default never changes its scores.
    // Any key omitted takes its default (FORMAT.md), inside a record of figures too (a bye
    // given its score alone earns the default table points, not the table average; a points
    // table, whose rows are records, is whole or refused); null is omitted.
    if let (Some(map), Some(spec), false) = (raw.as_object_mut(), id.spec(), checking == Checking::Changed) {
        for (k, v) in (spec.defaults)() {
            match (map.get_mut(&k), v) {
                (Some(Value::Object(have)), Value::Object(default)) if default.values().all(|d| !d.is_object() && !d.is_array()) => {
                    for (dk, dv) in default {
                        match have.get(&dk) {
                            None | Some(Value::Null) => {
                                have.insert(dk, dv);
                            }
                            Some(_) => {}
                        }
                    }
                }
                (None | Some(Value::Null), v) => {
                    map.insert(k, v);
                }
                _ => {}
            }
        }
    }
    let parsed = TournamentSettings::parse(id, &raw, strict).map_err(refused)?;
    // The game reads its own keys: a bad variant is refused here, before anything is stored.
    let rules = id.rules(raw.as_object().unwrap_or(&serde_json::Map::new())).map_err(refused)?;
    Ok(Checked { game: id, raw, settings: parsed, rules })
}
