//! A season's standings printed (FORMAT.md "Seasons"): as text, as CSV and as a PDF in the
//! club's layout. Works on the season standings document, as the rest of this crate does.

use crate::pdf::{cell, date_in, with_comma, Canvas, Col, PdfError, PrintLayout};
use crate::{aligned, csv_of, ReportError};
use serde_json::Value;

fn rows(standings: &Value) -> &[Value] {
    standings["rows"].as_array().map(Vec::as_slice).unwrap_or_default()
}

fn evenings(standings: &Value) -> &[Value] {
    standings["tournaments"].as_array().map(Vec::as_slice).unwrap_or_default()
}

/// An evening's cell: its points, empty when not played; when it does not count, in brackets
/// on paper, and said so in words in a spreadsheet (where «(11)» reads as −11, and a column
/// added up by hand came out wrong).
fn evening_cell(row: &Value, evening: &Value, layout: &PrintLayout, lang: &str, spreadsheet: bool) -> String {
    let result = row["results"].as_array().and_then(|rs| rs.iter().find(|r| r["tournament_id"] == evening["id"]));
    match result {
        None => String::new(),
        Some(r) if r["counted"] == true => cell(&r["points"]),
        Some(r) if spreadsheet => layout.word("not_counted_cell", lang, &[("points", cell(&r["points"]))]),
        Some(r) => format!("({})", cell(&r["points"])),
    }
}

/// The season's grid: rank (shared `2=`), player, club, evenings played, total, each
/// evening; `names` heads the evenings with their names (a spreadsheet), else E1, E2 …, and
/// says an evening that does not count in words rather than in brackets.
fn grid(standings: &Value, layout: &PrintLayout, lang: &str, names: bool) -> (Vec<String>, Vec<bool>, Vec<Vec<String>>) {
    let w = |k: &str| layout.word(k, lang, &[]);
    let short = w("evening_short");
    let mut head = vec![w("rank"), w("name"), w("club"), w("member"), w("evenings"), w("total")];
    let mut right = vec![true, false, false, false, true, true];
    let all = evenings(standings);
    for (i, e) in all.iter().enumerate() {
        let name = e["name"].as_str().unwrap_or("");
        // Evenings of one name (a club calls each «Clubavond») told apart by their dates, or
        // their numbers: the columns' heads were the same.
        let twice = all.iter().filter(|x| x["name"].as_str() == Some(name)).count() > 1;
        let told = match e["date"].as_str() {
            _ if !twice => name.to_string(),
            Some(d) if all.iter().filter(|x| x["name"].as_str() == Some(name) && x["date"].as_str() == Some(d)).count() == 1 => format!("{name} ({d})"),
            _ => format!("{name} ({short}{})", i + 1),
        };
        head.push(if names { told } else { format!("{short}{}", i + 1) });
        right.push(true);
    }
    let lines = rows(standings)
        .iter()
        .map(|row| {
            let mut out = vec![
                format!("{}{}", cell(&row["rank"]), if row["shared"] == true { "=" } else { "" }),
                cell(&row["name"]),
                cell(&row["club"]),
                cell(&row["member"]),
                cell(&row["evenings"]),
                cell(&row["total"]),
            ];
            out.extend(evenings(standings).iter().map(|e| evening_cell(row, e, layout, lang, names)));
            out
        })
        .collect();
    (head, right, lines)
}

/// How the season is ranked, in words: what an evening brings, which count, the minimum.
pub fn rules_in_words(settings: &Value, layout: &PrintLayout, lang: &str) -> String {
    let points = match settings["points"].as_array() {
        Some(scale) => {
            let scale = scale.iter().map(cell).collect::<Vec<_>>().join(", ");
            layout.word("season_points_scale", lang, &[("scale", scale)])
        }
        None => layout.word("season_points_result", lang, &[]),
    };
    let count = match settings["count"]["best"].as_i64() {
        Some(1) => layout.word("season_count_best_one", lang, &[]),
        Some(n) => layout.word("season_count_best", lang, &[("n", n.to_string())]),
        None => layout.word("season_count_all", lang, &[]),
    };
    let min = match settings["min_evenings"].as_u64() {
        Some(n) if n > 1 => layout.word("season_minimum", lang, &[("n", n.to_string())]),
        _ => layout.word("season_minimum_one", lang, &[]),
    };
    let clubs = match settings["clubs"]["best"].as_i64() {
        Some(1) => layout.word("season_clubs_one", lang, &[]),
        _ => layout.word("season_clubs", lang, &[("n", cell(&settings["clubs"]["best"]))]),
    };
    let and = layout.word("semicolon", lang, &[]);
    format!("{points}{and}{count}{and}{min}{and}{clubs}.")
}

/// The season standings as CSV: a column per evening, headed by its name, its points in
/// brackets when it does not count; the last column says whether the player is qualified.
pub fn season_csv(standings: &Value, layout: &PrintLayout, lang: &str) -> Result<String, ReportError> {
    let (mut head, _, mut lines) = grid(standings, layout, lang, true);
    head.push(layout.word("qualified", lang, &[]));
    for (line, row) in lines.iter_mut().zip(rows(standings)) {
        line.push(layout.word(if row["qualified"] == false { "no" } else { "yes" }, lang, &[]));
    }
    csv_of(&head, &lines)
}

/// The season standings as text: the players, then the clubs.
pub fn season_text(standings: &Value, layout: &PrintLayout, lang: &str) -> String {
    let (head, right, lines) = grid(standings, layout, lang, false);
    let mut out = format!("{} — {}\n{}\n", layout.word("season", lang, &[]), cell(&standings["season"]), rules_in_words(&standings["settings"], layout, lang));
    let short = layout.word("evening_short", lang, &[]);
    for (i, e) in evenings(standings).iter().enumerate() {
        out.push_str(&format!("{short}{} = {}{}\n", i + 1, cell(&e["name"]), e["date"].as_str().map(|d| format!(" ({d})")).unwrap_or_default()));
    }
    // One table, so that the columns line up; the players under the minimum after a line that
    // says so, as on paper.
    let table = aligned(&head, &right, &crate::in_language(lines, &right, lang));
    let under = rows(standings).iter().position(|row| row["qualified"] == false);
    for (i, line) in table.lines().enumerate() {
        if under.is_some_and(|u| i == u + 1) {
            out.push_str(&layout.word("under_minimum", lang, &[("n", cell(&standings["settings"]["min_evenings"]))]));
            out.push('\n');
        }
        out.push_str(line);
        out.push('\n');
    }
    let clubs: Vec<Vec<String>> = club_lines(standings);
    if !clubs.is_empty() {
        out.push('\n');
        let head = [layout.word("rank", lang, &[]), layout.word("clubs", lang, &[]), layout.word("total", lang, &[]), layout.word("players", lang, &[])];
        out.push_str(&aligned(&head, &[true, false, true, false], &crate::in_language(clubs, &[true, false, true, false], lang)));
    }
    out
}

fn club_lines(standings: &Value) -> Vec<Vec<String>> {
    standings["clubs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let players = c["players"].as_array().into_iter().flatten().map(cell).collect::<Vec<_>>().join(", ");
            vec![format!("{}{}", cell(&c["rank"]), if c["shared"] == true { "=" } else { "" }), cell(&c["club"]), cell(&c["total"]), players]
        })
        .collect()
}

/// The season standings printed: the rules in words, the evenings, the qualified players,
/// those under the minimum below them, then the club ranking.
pub fn season_pdf(standings: &Value, layout: &PrintLayout, lang: &str) -> Result<Vec<u8>, PdfError> {
    let title = format!("{} — {}", layout.word("season", lang, &[]), cell(&standings["season"]));
    let (head, right, lines) = grid(standings, layout, lang, false);
    // The figures (the total, each evening's points) as the language writes them: 60,5.
    let decimal = |text: String| with_comma(text, lang);
    let mut lines: Vec<Vec<String>> =
        lines.into_iter().map(|l| l.into_iter().enumerate().map(|(i, x)| if i >= 5 { decimal(x) } else { x }).collect()).collect();
    // The member number stays off paper, but for namesakes: two «Anne Peeters» of one club
    // could not be told apart.
    let names: Vec<String> = lines.iter().map(|l| l[1].clone()).collect();
    for line in lines.iter_mut() {
        if names.iter().filter(|n| **n == line[1]).count() > 1 && !line[3].is_empty() {
            line[1] = format!("{} ({})", line[1], line[3]);
        }
    }
    let width = |i: usize| match i {
        0 => 1.0,
        1 => 5.0,
        2 => 3.0,
        4 => 1.4,
        5 => 1.6,
        _ => 1.3,
    };
    // Names and clubs break over lines rather than be cut.
    let col = |i: usize| if right[i] { Col::num(head[i].clone(), width(i)) } else { Col::wrapped(head[i].clone(), width(i)) };
    // The member number is for the spreadsheet; on paper the evenings need the room. The
    // evenings' columns: all of them beside the ranking where the page holds them, standing or
    // on its side; else as many as it holds, and the others in tables of their own, each row
    // by its rank and name (at 18 evenings names were cut, at 20 the points read «(…»).
    let fixed = [0, 1, 2, 4, 5];
    let count = head.len() - 6;
    // Measured as drawn: names and clubs break over lines (measured unbroken, a 100-character
    // club left room for one evening beside the ranking).
    let fits = |c: &Canvas, keep: &[usize]| {
        let cols: Vec<Col> = keep.iter().map(|i| col(*i)).collect();
        c.fits_broken(&cols, &lines.iter().map(|l| keep.iter().map(|i| l[*i].clone()).collect()).collect::<Vec<Vec<String>>>())
    };
    let with = |lead: &[usize], evenings: std::ops::Range<usize>| lead.iter().copied().chain(evenings.map(|e| 6 + e)).collect::<Vec<usize>>();
    let mut c = Canvas::new(layout, &title, lang)?;
    if !fits(&c, &with(&fixed, 0..count)) {
        c = Canvas::oriented(layout, &title, lang, true)?;
    }
    // The parts: the ranking with the first evenings, then the rest by rank and name.
    let most = |c: &Canvas, lead: &[usize], from: usize| (from + 1..=count).rev().find(|to| fits(c, &with(lead, from..*to))).unwrap_or(from + 1);
    let mut parts = vec![];
    let mut from = 0;
    if count > 0 {
        parts.push(with(&fixed, 0..most(&c, &fixed, 0)));
        from = parts[0].len() - fixed.len();
    }
    while from < count {
        let to = most(&c, &[0, 1], from);
        parts.push(with(&[0, 1], from..to));
        from = to;
    }
    c.heading(&title);
    c.para(&rules_in_words(&standings["settings"], layout, lang), false);
    let short = layout.word("evening_short", lang, &[]);
    let playing = layout.word("evening_playing", lang, &[]);
    let legend: Vec<String> = evenings(standings)
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let date = e["date"].as_str().map(|d| format!(" ({})", date_in(d, lang))).unwrap_or_default();
            let open = if e["provisional"] == true { format!(", {playing}") } else { String::new() };
            format!("{short}{} — {}{date}{open}", i + 1, cell(&e["name"]))
        })
        .collect();
    if count == 0 {
        // A season with no evening yet says so (it printed a table's header and nothing under it).
        c.para(&layout.word("season_empty", lang, &[]), false);
        return Ok(c.finish());
    }
    c.items_apart(&legend, "  ·  ");
    // Said where an evening may not count (the best evenings counted), not under a season
    // that counts them all.
    if standings["settings"]["count"].is_object() {
        c.para(&layout.word("not_counted", lang, &[]), false);
    }
    c.gap(0.5);
    let (qualified, under): (Vec<_>, Vec<_>) = lines.iter().zip(rows(standings)).partition(|(_, row)| row["qualified"] != false);
    let under_said = layout.word("under_minimum", lang, &[("n", cell(&standings["settings"]["min_evenings"]))]);
    for (n, keep) in parts.iter().enumerate() {
        let cols: Vec<Col> = keep.iter().map(|i| col(*i)).collect();
        let pick = |line: &Vec<String>| keep.iter().map(|i| line[*i].clone()).collect::<Vec<_>>();
        // A part after the first says which evenings it holds.
        let said = (n > 0).then(|| {
            let evenings: Vec<usize> = keep.iter().filter(|i| **i >= 6).map(|i| i - 5).collect();
            let (first, last) = (evenings.first().copied().unwrap_or(1), evenings.last().copied().unwrap_or(1));
            if first == last {
                // One evening: «Evening E5», not «Evenings E5 to E5».
                layout.word("season_evening_part", lang, &[("one", format!("{short}{first}"))])
            } else {
                layout.word("season_evenings_part", lang, &[("from", format!("{short}{first}")), ("to", format!("{short}{last}"))])
            }
        });
        if let Some(said) = &said {
            c.gap(1.0);
            c.heading_over_table(said, qualified.len().min(3));
        }
        // The two tables' columns are sized together, so that they line up on the paper; a
        // page their rows run onto says whose rows they are.
        let all: Vec<Vec<String>> = lines.iter().map(pick).collect();
        c.carry(said.clone().or_else(|| Some(title.clone())));
        c.table_sized(&cols, &qualified.iter().map(|(l, _)| pick(l)).collect::<Vec<_>>(), false, &all);
        if !under.is_empty() {
            c.gap(0.5);
            c.carry(None);
            c.para(&under_said, true);
            c.carry(Some(under_said.clone()));
            c.table_sized(&cols, &under.iter().map(|(l, _)| pick(l)).collect::<Vec<_>>(), false, &all);
        }
        c.carry(None);
    }
    let clubs: Vec<Vec<String>> =
        club_lines(standings).into_iter().map(|l| l.into_iter().enumerate().map(|(i, x)| if i == 2 { decimal(x) } else { x }).collect()).collect();
    if !clubs.is_empty() {
        c.gap(1.0);
        c.heading_over_table(&layout.word("clubs", lang, &[]), clubs.len().min(3));
        // A club's name and its players break over lines rather than be cut (a long club's
        // name was, beside its players), as the players' ranking above does.
        let cols = [
            Col::num(layout.word("rank", lang, &[]), 1.0),
            Col::wrapped(layout.word("club", lang, &[]), 4.0),
            Col::num(layout.word("total", lang, &[]), 1.5),
            Col::wrapped(layout.word("players", lang, &[]), 8.0),
        ];
        c.table(&cols, &clubs, false);
    }
    Ok(c.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sample() -> Value {
        json!({"season": "Winter", "evenings": 2, "settings": {"points": "result", "count": {"best": 1}, "min_evenings": 2, "clubs": {"best": 3}},
            "tournaments": [{"id": 4, "name": "Friday 3", "date": "2026-10-03"}, {"id": 7, "name": "Friday 10", "date": null}],
            "rows": [
                {"rank": 1, "shared": false, "qualified": true, "name": "Anne", "club": "KC", "member": "12", "evenings": 2, "total": 40.5,
                 "results": [{"tournament_id": 4, "points": 40.5, "counted": true}, {"tournament_id": 7, "points": 12.0, "counted": false}]},
                {"rank": 2, "shared": false, "qualified": false, "name": "Bart", "club": "", "member": "", "evenings": 1, "total": 52.0,
                 "results": [{"tournament_id": 7, "points": 52.0, "counted": true}]}],
            "clubs": [{"rank": 1, "shared": false, "club": "KC", "total": 40.5, "players": ["Anne"]}]})
    }

    /// Namesakes on paper are told apart by their member numbers (two «Anne» of one club read
    /// the same); a name alone keeps no number.
    #[test]
    fn namesakes_on_paper_are_told_apart_by_their_member_numbers() {
        let layout = PrintLayout::with_overrides(None).unwrap();
        let mut s = sample();
        s["rows"][1]["name"] = json!("Anne");
        s["rows"][1]["member"] = json!("34");
        s["rows"].as_array_mut().unwrap().push(json!({"rank": 3, "shared": false, "qualified": false, "name": "Carl", "club": "", "member": "56",
            "evenings": 1, "total": 1.0, "results": [{"tournament_id": 7, "points": 1.0, "counted": true}]}));
        let pdf = season_pdf(&s, &layout, "en").unwrap();
        let file = std::env::temp_dir().join(format!("atout-season-{}.pdf", std::process::id()));
        std::fs::write(&file, pdf).unwrap();
        let out = std::process::Command::new("pdftotext").arg("-layout").arg(&file).arg("-").output().expect("pdftotext (poppler-utils) is installed");
        let _ = std::fs::remove_file(&file);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Anne (12)") && text.contains("Anne (34)") && !text.contains("Carl (56)"), "{text}");
    }

    #[test]
    fn csv_heads_evenings_by_name_and_says_what_does_not_count() {
        let layout = PrintLayout::with_overrides(None).unwrap();
        let csv = season_csv(&sample(), &layout, "en").unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        // Said in words, not in brackets: a spreadsheet reads «(12)» as −12.
        assert_eq!(
            lines,
            ["Rank,Player,Club,Member,Evenings,Total,Friday 3,Friday 10,Qualified", "1,Anne,KC,12,2,40.5,40.5,12 (does not count),yes", "2,Bart,,,1,52,,52,no"]
        );
    }

    /// Two evenings of one name are told apart in the CSV's heads by their dates (a club that
    /// calls every evening «Clubavond» had identical columns).
    #[test]
    fn csv_tells_evenings_of_one_name_apart() {
        let layout = PrintLayout::with_overrides(None).unwrap();
        let mut s = sample();
        s["tournaments"][1]["name"] = json!("Friday 3");
        s["tournaments"][1]["date"] = json!("2026-10-10");
        let csv = season_csv(&s, &layout, "en").unwrap();
        assert!(csv.starts_with("Rank,Player,Club,Member,Evenings,Total,Friday 3 (2026-10-03),Friday 3 (2026-10-10),Qualified"), "{csv}");
        // Without dates to tell them apart, by their numbers.
        s["tournaments"][1]["date"] = json!("2026-10-03");
        let csv = season_csv(&s, &layout, "en").unwrap();
        assert!(csv.starts_with("Rank,Player,Club,Member,Evenings,Total,Friday 3 (E1),Friday 3 (E2),Qualified"), "{csv}");
    }

    #[test]
    fn text_says_the_rules_and_lists_the_clubs() {
        let layout = PrintLayout::with_overrides(None).unwrap();
        let text = season_text(&sample(), &layout, "fr");
        assert!(text.starts_with("Saison — Winter\nUne soirée rapporte sa valeur de classement ; la meilleure soirée de chacun compte ;"), "{text}");
        assert!(text.contains("S1 = Friday 3 (2026-10-03)\nS2 = Friday 10\n"), "{text}");
        assert!(text.lines().any(|l| l.trim_start().starts_with("1  KC") && l.ends_with("Anne")), "{text}");
        // Bart, under the minimum of 2 evenings, after a line that says so (he was listed as
        // if qualified); Anne above it.
        let lines: Vec<&str> = text.lines().collect();
        let said = lines.iter().position(|l| *l == "Moins de 2 soirées : classés après les autres").expect(&text);
        assert!(lines[said - 1].trim_start().starts_with("1 ") && lines[said - 1].contains("Anne"), "{text}");
        assert!(lines[said + 1].trim_start().starts_with("2 ") && lines[said + 1].contains("Bart"), "{text}");
        // Counts of one and of several, in Dutch.
        let mut s = sample();
        s["settings"]["clubs"]["best"] = json!(1);
        let one = rules_in_words(&s["settings"], &layout, "nl");
        assert!(one.contains("de beste avond van elke speler telt; ") && one.ends_with("een club telt zijn beste speler."), "{one}");
        s["settings"]["count"]["best"] = json!(3);
        s["settings"]["clubs"]["best"] = json!(4);
        let more = rules_in_words(&s["settings"], &layout, "nl");
        assert!(more.contains("de beste 3 avonden tellen; ") && more.ends_with("een club telt zijn 4 beste spelers."), "{more}");
    }
}
