//! How a sheet's line, an entry and a jury's ruling read in words, in every language.
//! This is the one voice the window, the CLI, the printer and the log ask: none of
//! them names a game's contracts or figures on its own.

use crate::{Lang, Rules, Said};
use serde_json::Value;
use std::collections::HashMap;

/// The words of the fields every ruling has (the same in every game).
const RULING_FIELDS: [(&str, [&str; 3]); 6] = [
    ("seat", ["seat", "place", "plaats"]),
    ("points", ["points", "points", "punten"]),
    ("reason", ["reason", "motif", "reden"]),
    ("by", ["jury member", "membre du jury", "jurylid"]),
    ("sanction", ["sanction", "sanction", "sanctie"]),
    ("call", ["call", "appel", "oproep"]),
];

/// A game's names in one language: its contracts, fines and bonuses by code, its
/// suits, and the fields of its entry (with whether they hold seats).
#[derive(Clone, Debug, Default)]
struct LangNames {
    named: HashMap<String, String>,
    suits: HashMap<String, String>,
    fields: HashMap<String, (String, bool)>,
    /// A list of seats' name when it names one seat.
    one: HashMap<String, String>,
    /// A suit's symbol as a sheet's label writes it, and as this language does (King's no
    /// trump: "SA" in every label, "NT" in English).
    symbols: HashMap<String, String>,
    /// The fields said with who played a line (`Field::on_line`).
    on_line: std::collections::HashSet<String>,
    /// The fields that name a person at no seat (`Field::person`).
    persons: std::collections::HashSet<String>,
}

impl LangNames {
    fn of(described: &Value) -> LangNames {
        let list = |k: &str| described[k].as_array().cloned().unwrap_or_default();
        let code_name = |c: &Value| Some((c["code"].as_str()?.to_string(), c["name"].as_str()?.to_string()));
        let named = ["contracts", "fines", "bonuses"].iter().flat_map(|k| list(k)).filter_map(|c| code_name(&c)).collect();
        let suits = list("suits").iter().filter_map(|s| Some((s["code"].as_str()?.to_string(), s["label"].as_str()?.to_string()))).collect();
        let fields = described["fields"]
            .as_object()
            .map(|m| m.iter().map(|(k, f)| (k.clone(), (f["name"].as_str().unwrap_or(k).to_string(), f["seat"].as_bool().unwrap_or(false)))).collect())
            .unwrap_or_default();
        let one = described["fields"]
            .as_object()
            .map(|m| m.iter().filter_map(|(k, f)| Some((k.clone(), f["one"].as_str()?.to_string()))).collect())
            .unwrap_or_default();
        // The fields the description marks so (`on_line`, `person`).
        let marked = |mark: &str| -> std::collections::HashSet<String> {
            described["fields"].as_object().map(|m| m.iter().filter(|(_, f)| f[mark] == true).map(|(k, _)| k.clone()).collect()).unwrap_or_default()
        };
        let (on_line, persons) = (marked("on_line"), marked("person"));
        let symbols = list("suits")
            .iter()
            .filter_map(|s| Some((s["label_symbol"].as_str()?.to_string(), s["symbol"].as_str()?.to_string())))
            .filter(|(label, own)| label != own)
            .collect();
        LangNames { named, suits, fields, one, symbols, on_line, persons }
    }
}

/// A game's words in the three languages, read once from its description.
#[derive(Clone, Debug, Default)]
pub struct Names {
    langs: [LangNames; 3],
    /// Names of fields beside the game's, `[en, fr, nl]` (a record's own).
    extra: Vec<(String, [String; 3])>,
    /// The game's own words for an entry it says better than field by field.
    say: Option<crate::Sayer>,
}

fn index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::Fr => 1,
        Lang::Nl => 2,
    }
}

fn said_by(f: impl Fn(Lang) -> String) -> Said {
    Said { en: f(Lang::En), fr: f(Lang::Fr), nl: f(Lang::Nl) }
}

impl Names {
    /// The words of a game under a tournament's settings.
    pub fn of(rules: &dyn Rules) -> Names {
        Names { langs: Lang::ALL.map(|lang| LangNames::of(&rules.describe(lang))), extra: vec![], say: Some(rules.sayer()) }
    }

    /// The words of no game: for rulings and records that are no sheet line.
    pub fn none() -> Names {
        Names::default()
    }

    /// A ruling's reason in words: a jury's call (a contract played only with its consent,
    /// `call: {contract, consent}`) says which contract and whether it was consented to, then
    /// why; any other ruling its reason.
    pub fn ruling_reason(&self, ruling: &crate::ruling::Ruling) -> Said {
        let r = &ruling.reason;
        let call = ruling.extra.get("call").and_then(|c| Some((c.get("contract")?.as_str()?, c.get("consent")?.as_bool()?)));
        match call {
            Some((contract, consent)) => {
                let c = self.label(contract);
                let (ce, cf, cn) = (&c.en, &c.fr, &c.nl);
                let (ye, yf, yn) = if consent { ("consent", "accord", "toestemming") } else { ("refusal", "refus", "weigering") };
                crate::said!("call: {ce} — {ye}; {r}", "appel : {cf} — {yf} ; {r}", "oproep: {cn} — {yn}; {r}")
            }
            None => crate::said!("{r}", "{r}", "{r}"),
        }
    }

    /// A line's label (`Line::label`) in words: a label opens with its game's code
    /// when the code is a word (`no-hearts`, `pass`, `rik`), which reads as the game's
    /// name; a letter (`C`, `T♠`) stays as on the paper sheet.
    pub fn label(&self, label: &str) -> Said {
        said_by(|lang| {
            let words = &self.langs[index(lang)];
            let (code, rest) = label.split_once(' ').unwrap_or((label, ""));
            // A suit's symbol the label writes alike in every language, as this one does.
            let rest: String = rest.split(' ').map(|w| words.symbols.get(w).map_or(w, String::as_str)).collect::<Vec<_>>().join(" ");
            // French spaces its colon (a sale's «3→4 : 1»), as every French text here does.
            let rest = if lang == Lang::Fr { rest.replace(": ", " : ") } else { rest };
            match words.named.get(code) {
                Some(name) if code.chars().count() > 1 => {
                    if rest.is_empty() {
                        name.clone()
                    } else {
                        format!("{name} {rest}")
                    }
                }
                _ if rest.is_empty() => label.to_string(),
                _ => format!("{code} {rest}"),
            }
        })
    }

    /// The full name of the game a label opens with (`C` → "No queens"), for a tooltip.
    pub fn label_title(&self, label: &str) -> Said {
        let code = label.split(' ').next().unwrap_or("");
        said_by(|lang| self.langs[index(lang)].named.get(code).cloned().unwrap_or_default())
    }

    /// A sheet's entry in words: its game first (a field whose value names one of the
    /// game's contracts or fines), then each figure by its name, seats named by their
    /// players (`seats[0]` is seat 1's name; numbers only where none is given).
    pub fn entry(&self, entry: &Value, seats: &[String]) -> Said {
        said_by(|lang| self.say.and_then(|say| say(entry, seats, lang)).unwrap_or_else(|| self.entry_in(entry, seats, lang, true)))
    }

    /// Who played a sheet's line, in words: the seats its entry names (declarer, partner,
    /// declarers, seller and buyer, offender, taker …) by their players, a fine's or fault's
    /// reason and the jury member; the contract and the figures are left to the sheet's
    /// columns. Empty when the entry names nobody (a negative deal written as counts).
    pub fn who(&self, entry: &Value, seats: &[String]) -> Said {
        self.who_with(entry, seats, false)
    }

    /// The entry with the names of its persons at no seat (`Field::person`: a jury member)
    /// given as `shown` says them: the published results with initials hide them too.
    pub fn persons_shown(&self, entry: &Value, shown: impl Fn(&str) -> String) -> Value {
        let mut entry = entry.clone();
        if let Value::Object(map) = &mut entry {
            for (k, v) in map.iter_mut() {
                if let (true, Some(name)) = (self.langs[0].persons.contains(k), v.as_str()) {
                    *v = Value::String(shown(name));
                }
            }
        }
        entry
    }

    /// [`Names::who`] on a sheet that has no column for some of the line's figures: those
    /// the game says on the line (`Field::on_line`: Rikken's tricks) follow who played it.
    pub fn who_on_sheet(&self, entry: &Value, seats: &[String]) -> Said {
        self.who_with(entry, seats, true)
    }

    fn who_with(&self, entry: &Value, seats: &[String], on_line: bool) -> Said {
        said_by(|lang| {
            let Value::Object(map) = entry else { return String::new() };
            let words = &self.langs[index(lang)];
            let seat = |k: &str| words.fields.get(k).is_some_and(|(_, seat)| *seat);
            // A record within the line (Kings Cribbage's joker claim, King's sale): the seats it
            // names; its figures are the columns'.
            let seats_of = |inner: &serde_json::Map<String, Value>| -> serde_json::Map<String, Value> {
                inner.iter().filter(|(k, _)| seat(k)).map(|(k, v)| (k.clone(), v.clone())).collect()
            };
            let nested: Vec<serde_json::Map<String, Value>> = map
                .iter()
                .filter(|(k, _)| *k != "hand" && words.fields.contains_key(k.as_str()))
                .filter_map(|(_, v)| v.as_object().map(seats_of))
                .filter(|m| !m.is_empty())
                .collect();
            // One such record is said as the line's own («called by … · missed by …»); two (a
            // choice sold beside a trump sold) keep their names, their seats' fields alike.
            let flat = nested.len() == 1 && nested[0].keys().all(|k| !map.contains_key(k));
            let mut kept = serde_json::Map::new();
            for (k, v) in map {
                match v {
                    Value::Object(inner) if k != "hand" && words.fields.contains_key(k) => {
                        let named = seats_of(inner);
                        if flat {
                            kept.extend(named);
                        } else if !named.is_empty() {
                            kept.insert(k.clone(), Value::Object(named));
                        }
                    }
                    _ if seat(k) || (on_line && words.on_line.contains(k)) || matches!(k.as_str(), "reason" | "by" | "jury") => {
                        kept.insert(k.clone(), v.clone());
                    }
                    _ => {}
                }
            }
            if kept.is_empty() {
                return String::new();
            }
            // The seat that played the line alone (Kings Cribbage's move): its player, under
            // the column «played by», needs no name of its own.
            if let (1, Some(n)) = (kept.len(), kept.get("seat").and_then(Value::as_i64)) {
                if let Some(name) = usize::try_from(n).ok().and_then(|i| seats.get(i.checked_sub(1)?)) {
                    return format!("{n}. {name}");
                }
            }
            self.entry_in(&Value::Object(kept), seats, lang, true)
        })
    }

    /// A jury ruling in words (its fields are the same in every game); a jury's call
    /// (`call: {contract, consent}`) first, its contract by the game's name for it, as
    /// [`Names::ruling_reason`] says it.
    pub fn ruling(&self, entry: &Value, seats: &[String]) -> Said {
        let call = entry.get("call").and_then(|c| Some((c.get("contract")?.as_str()?, c.get("consent")?.as_bool()?)));
        let (Some((contract, consent)), Value::Object(map)) = (call, entry) else {
            return Names::record(entry, seats, &[]);
        };
        let mut rest = map.clone();
        rest.remove("call");
        let Said { en, fr, nl } = Names::record(&Value::Object(rest), seats, &[]);
        let Said { en: ce, fr: cf, nl: cn } = self.label(contract);
        let (ye, yf, yn) = if consent { ("consent", "accord", "toestemming") } else { ("refusal", "refus", "weigering") };
        crate::said!("call: {ce} — {ye} · {en}", "appel : {cf} — {yf} · {fr}", "oproep: {cn} — {yn} · {nl}")
    }

    /// Any other record in words (a tournament's settings, an entrant, a draw): each field by
    /// the name `fields` gives it in each language (`[en, fr, nl]`), else as its key reads.
    pub fn record(entry: &Value, seats: &[String], fields: &[(String, [String; 3])]) -> Said {
        let none = Names { extra: fields.to_vec(), ..Names::none() };
        said_by(|lang| none.entry_in(entry, seats, lang, false))
    }

    fn entry_in(&self, entry: &Value, seats: &[String], lang: Lang, deal: bool) -> String {
        let words = &self.langs[index(lang)];
        let fields = if deal { Some(&words.fields) } else { None };
        let Value::Object(map) = entry else {
            return match entry {
                Value::Null => "—".into(),
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
        };
        let is_seat = |k: &str| match fields.and_then(|f| f.get(k)) {
            Some((_, seat)) => *seat,
            None => k == "seat",
        };
        let seat = |n: &Value| match n.as_i64() {
            Some(n) => match usize::try_from(n).ok().and_then(|i| i.checked_sub(1)).and_then(|i| seats.get(i)) {
                Some(name) => format!("{n}. {name}"),
                None => n.to_string(),
            },
            None => self.plain(n, seats, lang, deal),
        };
        let word = |k: &str| match fields.and_then(|f| f.get(k)) {
            Some((name, _)) => name.clone(),
            None => match (self.extra.iter().find(|(key, _)| key == k), RULING_FIELDS.iter().find(|(key, _)| *key == k)) {
                (Some((_, names)), _) => names[index(lang)].clone(),
                (None, Some((_, names))) => names[index(lang)].to_string(),
                (None, None) => k.replace('_', " "),
            },
        };
        // The game leads: a value naming one of the game's contracts or fines.
        let leads = |v: &Value| v.as_str().is_some_and(|s| words.named.contains_key(s)) && deal;
        let mut parts: Vec<String> = map.values().filter(|v| leads(v)).map(|v| self.plain(v, seats, lang, deal)).collect();
        for (k, v) in map.iter().filter(|(_, v)| !leads(v)) {
            // The cards of a deal (a hand record) are on record, not read out in a line.
            if deal && k == "hand" && v.is_object() {
                let played = v.get("play").and_then(Value::as_array).map_or(0, Vec::len);
                let said = if played == 1 {
                    ["cards on record (1 played)".to_string(), "cartes relevées (1 jouée)".into(), "kaarten opgetekend (1 gespeeld)".into()]
                } else {
                    [
                        format!("cards on record ({played} played)"),
                        format!("cartes relevées ({played} jouées)"),
                        format!("kaarten opgetekend ({played} gespeeld)"),
                    ]
                };
                parts.push(said[index(lang)].clone());
                continue;
            }
            // An empty list says nothing of a line (Kings Cribbage's move with no bonus read
            // «bonuses: » with nothing after).
            if deal && v.as_array().is_some_and(Vec::is_empty) {
                continue;
            }
            let value = match v {
                Value::Null => "—".to_string(),
                Value::Number(_) if is_seat(k) => seat(v),
                Value::Array(items) if is_seat(k) => items.iter().map(seat).collect::<Vec<_>>().join(" · "),
                _ => self.plain(v, seats, lang, deal),
            };
            let name = match (v, words.one.get(k)) {
                (Value::Array(items), Some(one)) if deal && items.len() == 1 => one.clone(),
                _ => word(k),
            };
            parts.push(format!("{name}{}{value}", lang.colon()));
        }
        parts.join(" · ")
    }

    /// A value in words: codes by their names, lists joined, objects in brackets.
    fn plain(&self, v: &Value, seats: &[String], lang: Lang, deal: bool) -> String {
        let words = &self.langs[index(lang)];
        match v {
            Value::Null => "—".into(),
            Value::Bool(b) => (if *b { "✓" } else { "✗" }).into(),
            Value::String(s) => words.suits.get(s).or_else(|| words.named.get(s)).cloned().unwrap_or_else(|| s.clone()),
            Value::Array(items) => items
                .iter()
                .map(|x| match x {
                    // A list within a list (a line of tiles) reads as written: `4-5-6`; an
                    // empty one (a rack with no tile left) as «—», not an empty place.
                    Value::Array(inner) if inner.is_empty() => "—".into(),
                    Value::Array(inner) => inner.iter().map(|y| y.as_str().map_or_else(|| y.to_string(), str::to_string)).collect::<Vec<_>>().join("-"),
                    Value::Object(_) => self.entry_in(x, seats, lang, deal),
                    other => self.plain(other, seats, lang, deal),
                })
                .collect::<Vec<_>>()
                .join(" · "),
            Value::Object(_) => format!("({})", self.entry_in(v, seats, lang, deal)),
            other => other.to_string(),
        }
    }
}
