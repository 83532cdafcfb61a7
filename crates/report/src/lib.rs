//! Printed outputs. Works on the FORMAT.md standings document (JSON), so any
//! front, and any later PDF, renders the same data through the same layout.
#![forbid(unsafe_code)]

pub mod pdf;

/// A name compared and ordered as people read it: case, accents and spacing aside ("João
/// Gonçalves" reads as "joao goncalves", "Émile" sorts among the e's). Every letter's accents
/// go (Unicode's decomposition, its combining marks dropped), and the letters whose stroke
/// Unicode does not decompose read as their base letter («Łukasz» among the l's, «Øster»
/// among the o's, «Æ» as «ae», «ß» as «ss»).
pub fn folded(name: &str) -> String {
    use unicode_normalization::{char::is_combining_mark, UnicodeNormalization};
    let plain: String = name
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .flat_map(|c| {
            let base = match c {
                'ł' => "l",
                'ø' => "o",
                'đ' | 'ð' => "d",
                'ħ' => "h",
                'ı' => "i",
                'ŧ' => "t",
                'æ' => "ae",
                'œ' => "oe",
                'ß' => "ss",
                'þ' => "th",
                _ => return vec![c],
            };
            base.chars().collect()
        })
        .collect();
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}
pub mod qr;
pub mod season;
pub mod site;

use serde::Deserialize;
use serde_json::Value;

/// The default layout, `templates/standings.columns.json`.
pub const DEFAULT_COLUMNS: &str = include_str!("../../../templates/standings.columns.json");

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("layout: {0}")]
    Layout(#[from] serde_json::Error),
    #[error("csv: {0}")]
    Csv(#[from] csv::Error),
}

#[derive(Clone, Debug, Deserialize)]
pub struct Column {
    pub field: String,
    pub en: String,
    #[serde(default)]
    pub fr: Option<String>,
    #[serde(default)]
    pub nl: Option<String>,
    #[serde(default)]
    pub align: Option<String>,
}

impl Column {
    fn header(&self, lang: &str) -> &str {
        match lang {
            "fr" => self.fr.as_deref().unwrap_or(&self.en),
            "nl" => self.nl.as_deref().unwrap_or(&self.en),
            _ => &self.en,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Layout {
    pub columns: Vec<Column>,
}

impl Layout {
    pub fn parse(text: &str) -> Result<Layout, ReportError> {
        Ok(serde_json::from_str(text)?)
    }

    pub fn standard() -> Layout {
        Layout::parse(DEFAULT_COLUMNS).expect("the shipped layout parses")
    }
}

fn number(v: &Value) -> String {
    match v.as_f64() {
        Some(f) if v.is_f64() => {
            if f.fract() == 0.0 {
                format!("{f:.0}")
            } else {
                format!("{}", (f * 100.0).round() / 100.0)
            }
        }
        _ => v.to_string(),
    }
}

/// A bye's word in a ranking's round cell («exempt 10»), as the printed ranking says it.
pub fn bye_word(lang: &str) -> &'static str {
    match lang {
        "fr" => "exempt",
        "nl" => "vrij",
        _ => "bye",
    }
}

/// One cell; `rounds` expands to one cell per round (`R1`, `R2`, …), a bye said `bye` (in
/// the table's language).
fn cells(row: &Value, col: &Column, rounds: i64, bye: &str) -> Vec<String> {
    if col.field == "rounds" {
        return (1..=rounds)
            .map(|r| {
                let entry = row["rounds"].as_array().and_then(|rs| rs.iter().find(|x| x["round"] == r));
                match entry {
                    Some(e) if e["bye"] == true && e["table_points"].is_null() => format!("{bye} ({})", e["score"]),
                    Some(e) if e["bye"] == true => format!("{bye} {}", number(&e["table_points"])),
                    // A total-score tournament has no table points: the round's score alone.
                    Some(e) if e["table_points"].is_null() => e["score"].to_string(),
                    Some(e) => format!("{} ({})", number(&e["table_points"]), e["score"]),
                    None => String::new(),
                }
            })
            .collect();
    }
    let v = &row[col.field.as_str()];
    vec![match (col.field.as_str(), v) {
        ("rank", _) if row["shared"] == true => format!("{}=", v),
        (_, Value::String(s)) => s.clone(),
        (_, Value::Null) => String::new(),
        (_, v) => number(v),
    }]
}

fn headers(layout: &Layout, lang: &str, rounds: i64) -> Vec<String> {
    layout
        .columns
        .iter()
        .flat_map(|c| if c.field == "rounds" { (1..=rounds).map(|r| format!("{}{r}", c.header(lang))).collect() } else { vec![c.header(lang).to_string()] })
        .collect()
}

/// What a ranking says after a player's name: a late entry (the round they joined) and a
/// withdrawal (the last round they played: a withdrawal during the last round read «from
/// round 4» of three), in `lang` (en, fr, nl).
pub fn entry_notes(joined_round: Option<i64>, withdrawn_from: Option<i64>, lang: &str) -> Vec<String> {
    let mut notes = vec![];
    if let Some(n) = joined_round {
        notes.push(match lang {
            "fr" => format!("dès la manche {n}"),
            "nl" => format!("vanaf ronde {n}"),
            _ => format!("from round {n}"),
        });
    }
    if let Some(n) = withdrawn_from {
        let last = n.saturating_sub(1);
        notes.push(match (lang, last) {
            ("fr", ..=0) => "retiré dès la manche 1".to_string(),
            ("nl", ..=0) => "teruggetrokken vanaf ronde 1".to_string(),
            (_, ..=0) => "withdrawn from round 1".to_string(),
            ("fr", _) => format!("retiré après la manche {last}"),
            ("nl", _) => format!("teruggetrokken na ronde {last}"),
            _ => format!("withdrawn after round {last}"),
        });
    }
    notes
}

/// The counted rounds still being played: the document's `open_rounds` (the api adds them,
/// tables not started included) and any round a row marks provisional. Empty: the ranking is final.
pub fn open_rounds(standings: &Value) -> Vec<i64> {
    let after = standings["after_round"].as_i64().unwrap_or(i64::MAX);
    let listed = standings["open_rounds"].as_array().into_iter().flatten().filter_map(Value::as_i64);
    let marked = standings["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["rounds"].as_array().into_iter().flatten())
        .filter(|r| r["provisional"] == true)
        .filter_map(|r| r["round"].as_i64());
    let mut open: Vec<i64> = listed.chain(marked).filter(|r| *r <= after).collect();
    open.sort_unstable();
    open.dedup();
    open
}

/// `with_open`: the `provisional` column (the rounds still being played) is kept while
/// there are any; the text table leaves it out.
fn grid(standings: &Value, layout: &Layout, lang: &str, with_open: bool) -> (Vec<String>, Vec<bool>, Vec<Vec<String>>) {
    // A total-score tournament has no table points: leave their column out.
    let no_points = standings["rows"].as_array().is_some_and(|rows| rows.iter().all(|r| r["table_points"].is_null()));
    let open: Vec<String> = if with_open { open_rounds(standings).iter().map(i64::to_string).collect() } else { vec![] };
    let kept = Layout {
        columns: layout
            .columns
            .iter()
            .filter(|c| !((no_points && c.field == "table_points") || (open.is_empty() && c.field == "provisional")))
            .cloned()
            .collect(),
    };
    let layout = &kept;
    let bye = bye_word(lang);
    let rounds = standings["after_round"].as_i64().unwrap_or(0);
    let head = headers(layout, lang, rounds);
    let right: Vec<bool> = layout
        .columns
        .iter()
        .flat_map(|c| {
            let n = if c.field == "rounds" { rounds as usize } else { 1 };
            std::iter::repeat_n(c.align.as_deref() == Some("right"), n)
        })
        .collect();
    // A late entry or a withdrawal said after the name, as the printed ranking says it.
    let noted = |row: &Value| -> Value {
        let notes = entry_notes(row["joined_round"].as_i64(), row["withdrawn_from"].as_i64(), lang);
        let mut row = row.clone();
        if !notes.is_empty() {
            row["name"] = Value::String(format!("{} ({})", row["name"].as_str().unwrap_or(""), notes.join("; ")));
        }
        row
    };
    let rows: Vec<Vec<String>> = standings["rows"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(noted)
                .map(|row| {
                    let row = &row;
                    layout
                        .columns
                        .iter()
                        // The whole ranking is provisional, so every row names the open rounds.
                        .flat_map(|c| if c.field == "provisional" { vec![open.join(", ")] } else { cells(row, c, rounds, bye) })
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default();
    // Players withdrawn before they played a deal: after the ranked rows, with no place.
    let apart = standings["withdrawn"].as_array().into_iter().flatten().map(|w| {
        let said = match lang {
            "fr" => format!("retiré dès la manche {}, n'a joué aucune donne", w["withdrawn_from"]),
            "nl" => format!("teruggetrokken vanaf ronde {}, speelde geen spel", w["withdrawn_from"]),
            _ => format!("withdrawn from round {}, played no deal", w["withdrawn_from"]),
        };
        let row = serde_json::json!({"rank": "—", "player": w["player"], "name": format!("{} ({said})", w["name"].as_str().unwrap_or(""))});
        layout.columns.iter().flat_map(|c| if c.field == "rounds" { vec![String::new(); rounds.max(0) as usize] } else { cells(&row, c, 0, bye) }).collect()
    });
    let rows: Vec<Vec<String>> = rows.into_iter().chain(apart).collect();
    (head, right, rows)
}

/// Standings as CSV (comma separated, UTF-8), shared places marked `=`. While a counted
/// round is still being played, a last column says so on every row ("Provisional — rounds
/// still being played": `2`), so that the sheet stays one table a spreadsheet can sort.
pub fn standings_csv(standings: &Value, layout: &Layout, lang: &str) -> Result<String, ReportError> {
    let (head, _, rows) = grid(standings, layout, lang, true);
    csv_of(&head, &rows)
}

/// When a ranking stands, in `lang` (en, fr, nl): after round `after`, or before the first
/// round while none is drawn (it read «after round 0»).
pub fn when_ranked(after: i64, lang: &str) -> String {
    match (lang, after) {
        ("fr", 0) => "avant la première manche".into(),
        ("nl", 0) => "voor de eerste ronde".into(),
        (_, 0) => "before the first round".into(),
        ("fr", n) => format!("après la manche {n}"),
        ("nl", n) => format!("na ronde {n}"),
        (_, n) => format!("after round {n}"),
    }
}

/// Standings as an aligned text table.
pub fn standings_text(standings: &Value, layout: &Layout, lang: &str) -> String {
    let (head, right, rows) = grid(standings, layout, lang, false);
    let mut out = format!(
        "{} — {} {}\n",
        standings["tournament"].as_str().unwrap_or(""),
        match lang {
            "fr" => "classement",
            "nl" => "stand",
            _ => "standings",
        },
        when_ranked(standings["after_round"].as_i64().unwrap_or(0), lang)
    );
    // Printed while tables still play: said under the heading, as the printed ranking says it
    // (the text said nothing of it).
    let open = open_rounds(standings);
    if !open.is_empty() {
        if let Ok(words) = pdf::PrintLayout::with_overrides(None) {
            let key = if open.len() == 1 { "provisional_round" } else { "provisional_rounds" };
            let n = open.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            out.push_str(&words.word(key, lang, &[("n", n)]));
            out.push('\n');
        }
    }
    out.push_str(&aligned(&head, &right, &in_language(rows, &right, lang)));
    out
}

/// The figures of a text table (its right-aligned columns) with the decimal sign `lang`
/// writes: «17,5» in French and Dutch, as the printed ranking and the site say it (the
/// terminal said «17.5» beside a print saying «17,5»).
pub(crate) fn in_language(rows: Vec<Vec<String>>, right: &[bool], lang: &str) -> Vec<Vec<String>> {
    rows.into_iter()
        .map(|row| {
            row.into_iter().zip(right.iter().chain(std::iter::repeat(&false))).map(|(c, figure)| if *figure { pdf::with_comma(c, lang) } else { c }).collect()
        })
        .collect()
}

/// Rows under a header as text, each column as wide as its widest cell.
pub(crate) fn aligned(head: &[String], right: &[bool], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let line = |cells: &[String]| -> String {
        let parts: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths.get(i).copied().unwrap_or(0).saturating_sub(c.chars().count());
                if right.get(i).copied().unwrap_or(false) {
                    format!("{}{c}", " ".repeat(pad))
                } else {
                    format!("{c}{}", " ".repeat(pad))
                }
            })
            .collect();
        parts.join("  ").trim_end().to_string()
    };
    let mut out = line(head) + "\n";
    for row in rows {
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}

/// Rows under a header as CSV (comma separated, UTF-8).
/// A spreadsheet's cell that a spreadsheet reads as the text it is: a text beginning with
/// `=`, `+`, `-`, `@`, a tab or a carriage return (a player named `=HYPERLINK(…)`, from
/// another club's archive) would be run as a formula by Excel; it is written after an
/// apostrophe. Figures (−3, 22,5) stay figures.
pub fn inert(cell: &str) -> std::borrow::Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let figure = cell.replace(',', ".").parse::<f64>().is_ok_and(f64::is_finite);
    if risky && !figure {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

pub(crate) fn csv_of(head: &[String], rows: &[Vec<String>]) -> Result<String, ReportError> {
    let mut w = csv::Writer::from_writer(vec![]);
    w.write_record(head.iter().map(|c| inert(c).into_owned()))?;
    for row in rows {
        w.write_record(row.iter().map(|c| inert(c).into_owned()))?;
    }
    Ok(String::from_utf8(w.into_inner().map_err(|e| csv::Error::from(e.into_error()))?).expect("csv of UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> Value {
        json!({"tournament": "Cup", "after_round": 2, "rows": [
            {"rank": 1, "shared": true, "player": "p1", "name": "Anne, \"Nan\"", "table_points": 26.0, "score_sum": 10, "best_round": 8,
             "rounds": [{"round": 1, "table": 1, "score": 8, "table_points": 16.0}, {"round": 2, "table": null, "score": 0, "table_points": 10.0, "bye": true}]},
            {"rank": 1, "shared": true, "player": "p2", "name": "Bart", "table_points": 26.0, "score_sum": 10, "best_round": 8,
             "rounds": [{"round": 1, "table": 2, "score": 2, "table_points": 12.5}]}
        ]})
    }

    #[test]
    fn csv_quotes_and_expands_rounds() {
        let csv = standings_csv(&sample(), &Layout::standard(), "en").unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "Rank,Id,Player,Points,Score,Best,R1,R2");
        assert_eq!(lines[1], "1=,p1,\"Anne, \"\"Nan\"\"\",26,10,8,16 (8),bye 10");
        assert_eq!(lines[2], "1=,p2,Bart,26,10,8,12.5 (2),");
    }

    #[test]
    fn a_total_score_tournament_shows_no_table_points() {
        let s = json!({"tournament": "L7", "after_round": 1, "rows": [
            {"rank": 1, "shared": false, "player": "l1", "name": "Anne", "table_points": null, "score_sum": 64, "best_round": 64,
             "rounds": [{"round": 1, "table": 1, "score": 64, "table_points": null}]},
            {"rank": 2, "shared": false, "player": "l2", "name": "Bart", "table_points": null, "score_sum": 0, "best_round": 0,
             "rounds": [{"round": 1, "table": null, "score": 0, "table_points": null, "bye": true}]}
        ]});
        let csv = standings_csv(&s, &Layout::standard(), "en").unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines, ["Rank,Id,Player,Score,Best,R1", "1,l1,Anne,64,64,64", "2,l2,Bart,0,0,bye (0)"]);
    }

    #[test]
    fn a_ranking_with_a_round_still_played_says_so_on_every_row() {
        let mut s = sample();
        s["rows"][1]["rounds"][0]["provisional"] = json!(true);
        let csv = standings_csv(&s, &Layout::standard(), "fr").unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "Rang,Id,Joueur,Points,Score,Meilleure,M1,M2,Provisoire — manche(s) en cours");
        assert!(lines[1..].iter().all(|l| l.ends_with(",1")), "{csv}");
        // The api lists a round whose tables have not started (no row marks it): named too.
        s["open_rounds"] = json!([2]);
        let csv = standings_csv(&s, &Layout::standard(), "en").unwrap();
        assert!(csv.lines().skip(1).all(|l| l.ends_with(",\"1, 2\"")), "{csv}");
        // Final: no such column; the text table says it once, under its heading, as the printed
        // ranking does (it said nothing), and has no such column.
        assert!(!standings_csv(&sample(), &Layout::standard(), "en").unwrap().contains("Provisional"));
        let text = standings_text(&s, &Layout::standard(), "en");
        assert_eq!(text.lines().nth(1), Some("Provisional — rounds 1, 2 still being played"), "{text}");
        assert_eq!(text.matches("Provisional").count(), 1, "{text}");
        assert!(!standings_text(&sample(), &Layout::standard(), "en").contains("Provisional"));
    }

    /// A bye said in the table's language, as the printed ranking says it (it said «bye» in
    /// French and Dutch too).
    #[test]
    fn a_bye_is_said_in_the_tables_language() {
        let line = |lang: &str| standings_csv(&sample(), &Layout::standard(), lang).unwrap().lines().nth(1).unwrap().to_string();
        assert!(line("fr").ends_with(",exempt 10"), "{}", line("fr"));
        assert!(line("nl").ends_with(",vrij 10"), "{}", line("nl"));
        assert!(line("en").ends_with(",bye 10"), "{}", line("en"));
    }

    /// The terminal's figures with the language's decimal sign, as the printed ranking writes
    /// them (it said «12.5» in French beside a print saying «12,5»); names keep their points.
    #[test]
    fn the_text_tables_figures_take_the_languages_decimal_sign() {
        let mut s = sample();
        s["rows"][1]["name"] = json!("B. Smet");
        let fr = standings_text(&s, &Layout::standard(), "fr");
        assert!(fr.contains("12,5 (2)") && !fr.contains("12.5") && fr.contains("B. Smet"), "{fr}");
        assert!(standings_text(&s, &Layout::standard(), "en").contains("12.5 (2)"));
    }

    #[test]
    fn headers_follow_the_language() {
        let text = standings_text(&sample(), &Layout::standard(), "nl");
        assert!(text.starts_with("Cup — stand na ronde 2\n"), "{text}");
        assert!(text.lines().nth(1).unwrap().starts_with("Rang  Id  Speler"), "{text}");
    }

    /// A withdrawal is said by the last round played: a player who left during the last of
    /// three rounds read «withdrawn from round 4».
    #[test]
    fn a_withdrawal_is_said_by_the_last_round_played() {
        assert_eq!(entry_notes(None, Some(4), "en"), ["withdrawn after round 3"]);
        assert_eq!(entry_notes(Some(2), Some(3), "fr"), ["dès la manche 2", "retiré après la manche 2"]);
        assert_eq!(entry_notes(None, Some(1), "nl"), ["teruggetrokken vanaf ronde 1"]);
    }

    /// Before any round is drawn the ranking stands before the first round (it read «après
    /// la manche 0»).
    #[test]
    fn a_ranking_before_any_draw_says_so() {
        let mut s = sample();
        s["after_round"] = json!(0);
        assert!(standings_text(&s, &Layout::standard(), "fr").starts_with("Cup — classement avant la première manche\n"));
        assert!(standings_text(&s, &Layout::standard(), "en").starts_with("Cup — standings before the first round\n"));
        assert_eq!(when_ranked(3, "nl"), "na ronde 3");
    }
}
