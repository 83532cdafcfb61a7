//! Printing, read back with poppler-utils (never trusted from the writer): pdftotext
//! finds every name, rank and total; pdfinfo counts the pages; pdftoppm renders every
//! page and nothing is drawn outside the margins. CSV exports against golden files.

mod common;
use common::*;
use std::path::Path;
use std::process::Command;

fn pages(pdf: &[u8], dir: &Path) -> usize {
    let file = dir.join("info.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = Command::new("pdfinfo").arg(&file).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().find(|l| l.starts_with("Pages:")).and_then(|l| l.split_whitespace().nth(1)).and_then(|n| n.parse().ok()).unwrap()
}

/// Render every page (gray, 40 dpi) and check that the band outside the margins
/// (15 mm, less 1 mm of tolerance) is white.
fn nothing_outside_the_margins(pdf: &[u8], dir: &Path) {
    let file = dir.join("render.pdf");
    std::fs::write(&file, pdf).unwrap();
    let prefix = dir.join("page");
    let status = Command::new("pdftoppm").args(["-r", "40", "-gray"]).arg(&file).arg(&prefix).status().unwrap();
    assert!(status.success());
    let mut rendered = 0;
    for entry in std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()) {
        let name = entry.file_name().to_string_lossy().to_string();
        if !(name.starts_with("page") && name.ends_with(".pgm")) {
            continue;
        }
        rendered += 1;
        let data = std::fs::read(entry.path()).unwrap();
        // PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
        let mut fields = vec![];
        let mut pos = 0;
        while fields.len() < 4 {
            while data[pos].is_ascii_whitespace() {
                pos += 1;
            }
            let start = pos;
            while !data[pos].is_ascii_whitespace() {
                pos += 1;
            }
            fields.push(String::from_utf8_lossy(&data[start..pos]).to_string());
        }
        let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        let pixels = &data[pos + 1..];
        let band = ((15.0 - 1.0) / 25.4 * 40.0) as usize;
        for y in 0..h {
            for x in 0..w {
                if x < band || x >= w - band || y < band || y >= h - band {
                    assert!(pixels[y * w + x] > 250, "{name}: ink at ({x}, {y}), outside the margins");
                }
            }
        }
        std::fs::remove_file(entry.path()).unwrap();
    }
    assert!(rendered > 0);
}

#[test]
fn the_ranking_pdf_shows_every_name_rank_and_total() {
    let (mut app, t) = imported("spring-open-16.json");
    let dir = tempfile::tempdir().unwrap();
    let pdf = app.print_standings(&t, None, Some("fr")).unwrap();
    let text = pdftotext(&pdf, dir.path());
    assert!(text.contains("Classement — Spring Open 2026, 18/04/2026, après la manche 5"), "{text}");
    let expected = json("spring-open-16.expected.json");
    for row in expected["rows"].as_array().unwrap() {
        let name = row["name"].as_str().unwrap();
        let line = text.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name} is not printed:\n{text}"));
        let rank = format!("{}{}", row["rank"], if row["shared"] == true { "=" } else { "" });
        assert!(line.trim_start().starts_with(&rank), "{name}: rank {rank} in «{line}»");
        let points = format!(" {} ", row["table_points"].as_f64().unwrap());
        assert!(line.contains(&points), "{name}: {points} in «{line}»");
    }
    nothing_outside_the_margins(&pdf, dir.path());
}

/// A page per table, and two for a Kings Cribbage move log: a game takes 30 to 40 turns (26
/// rows were printed, and a game of two took 32 lines).
#[test]
fn prefilled_sheets_one_page_per_table_for_every_game() {
    for (file, tables) in [("spring-open-16.json", 4), ("king-13.json", 3), ("lucky7-11.json", 3), ("rikken-18.json", 4), ("cribbage-9.json", 6)] {
        let (mut app, t) = imported(file);
        let dir = tempfile::tempdir().unwrap();
        let pdf = app.print_sheets(&t, 1, false, Some("en")).unwrap();
        assert_eq!(pages(&pdf, dir.path()), tables, "{file}");
        let text = pdftotext(&pdf, dir.path());
        for table in json(file)["rounds"][0]["tables"].as_array().unwrap() {
            for id in table["seats"].as_array().unwrap() {
                let name = json(file)["players"].as_array().unwrap().iter().find(|p| &p["id"] == id).unwrap()["name"].as_str().unwrap().to_string();
                assert!(text.contains(&name), "{file}: {name}");
            }
        }
        // Kings Cribbage is played in turns, not deals: its sheet says so.
        let (order, column) = if file.starts_with("cribbage") { ("Players in turn", "Player") } else { ("Dealers in order", "Dealer") };
        assert!(text.contains(order) && text.lines().any(|l| l.split_whitespace().take(2).eq(["#", column])), "{file}:\n{text}");
        assert!(!file.starts_with("cribbage") || !text.contains("Dealer"), "{text}");
        nothing_outside_the_margins(&pdf, dir.path());
    }
    // The games' own grids: King's phases in order, Lucky 7's hand 7 marked.
    let (mut app, t) = imported("king-13.json");
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 1, false, Some("fr")).unwrap(), dir.path());
    assert!(text.contains("pas de plis") && text.contains("deux der"), "{text}");
    // How a sale is written, said under each table's sheet (on its page: one page a table).
    assert_eq!(text.matches("(2→4 : 1) : une vente, la place 2 vend à la place 4 pour 1 pli").count(), 3, "{text}");
    assert!(!text.contains("le choix du jeu vendu"), "no choice to sell in the fixed order: {text}");
    let (mut app, t) = imported("king-choice-8.json");
    let text = pdftotext(&app.print_sheets(&t, 1, true, Some("en")).unwrap(), dir.path());
    assert!(text.contains("(2→4: 1): a sale, seat 2 sells to seat 4 for 1 trick; [2→4: 1]: the choice of the game sold"), "{text}");
    let (mut app, t) = imported("lucky7-11.json");
    let text = pdftotext(&app.print_sheets(&t, 1, false, Some("en")).unwrap(), dir.path());
    assert!(text.contains("7 cards ×2"), "{text}");
    // The move log's forty turns, each with the player due, run onto a page that says whose
    // it is, filled with rows to spare above its totals.
    let (mut app, t) = imported("cribbage-9.json");
    let text = pdftotext(&app.print_sheets(&t, 1, false, Some("en")).unwrap(), dir.path());
    let first = text.split("Round 1, Table 2").next().unwrap();
    let turn = |n: u32| first.lines().find(|l| l.split_whitespace().next() == Some(&n.to_string())).map(|l| l.split_whitespace().count());
    assert_eq!((turn(1), turn(40), turn(41)), (Some(2), Some(2), Some(1)), "{first}");
    let continued = first.split("Table 1 (continued)").nth(1).unwrap_or_else(|| panic!("{first}"));
    let spare = continued.lines().filter(|l| l.split_whitespace().count() == 1 && l.trim().parse::<u32>().is_ok()).count();
    assert!(spare >= 5 && continued.contains("Totals"), "{continued}");
}

#[test]
fn completed_sheets_carry_the_lines_totals_and_corrections() {
    let (mut app, t) = imported("spring-open-16.json");
    let sheet = app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap();
    let first = sheet.lines[0].entry.clone();
    let mut fixed = first.clone();
    fixed["note"] = "checked".into();
    app.deal_correct(&atout_api::TableRef::new(&t, 1, 1), 1, fixed, None, "rechecked").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 1, true, Some("en")).unwrap(), dir.path());
    // The first line of the grid (after the header row "# Dealer Game …") is line 1, marked.
    let grid: Vec<&str> = text.lines().skip_while(|l| !l.contains("Game")).skip(1).collect();
    assert!(grid[0].trim_start().starts_with("1 *") || grid[0].trim_start().starts_with("1*"), "the corrected line is marked: «{}»", grid[0]);
    assert!(!grid[1].contains('*'), "line 2 was not corrected");
    assert!(text.contains("* corrected"));
    let totals = text.lines().find(|l| l.trim_start().starts_with("Totals")).unwrap();
    for score in &sheet.scores {
        assert!(totals.contains(&score.to_string()), "{score} in «{totals}»");
    }
    assert!(text.contains("Table points"));
}

#[test]
fn the_seating_plan_and_the_rulings() {
    let (mut app, t) = imported("bye-18.json");
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_seating(&t, 1, Some("nl"), None).unwrap(), dir.path());
    assert!(text.contains("Tafelschikking") && text.contains("Spelers op naam") && text.contains("Vrij:"), "{text}");
    for p in json("bye-18.json")["players"].as_array().unwrap() {
        assert!(text.contains(p["name"].as_str().unwrap()), "{}", p["name"]);
    }
    let (mut app, t) = imported("spring-open-16.json");
    let text = pdftotext(&app.print_rulings(&t, Some("en")).unwrap(), dir.path());
    assert!(text.contains("Rulings and fines") && text.contains("fault in deal"), "{text}");
    // A sanction with a long reason: printed whole over several lines, said a sanction, with
    // when it was written; a fault on a line in the print's language (it stayed in English).
    let long = "seat 2 showed a card of the next deal before the cut, then argued with the table and refused to let the deal be played again; warned twice this evening";
    app.ruling_add(
        &atout_api::TableRef::new(&t, 1, 1),
        serde_json::json!({"seat": 2, "points": [1, -3, 1, 1], "reason": long, "by": "Claes", "sanction": true}),
    )
    .unwrap();
    let text = pdftotext(&app.print_rulings(&t, Some("fr")).unwrap(), dir.path());
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("faute dans la donne") && !said.contains("fault in deal"), "{text}");
    assert!(said.contains("Sanction : seat 2 showed") && said.contains("warned twice this evening") && !said.contains('…'), "{text}");
    assert!(said.contains("Quand"), "{text}");
    let when = app.rulings_list(&t).unwrap().into_iter().find(|r| r.ruling.sanction).unwrap().at_local;
    let (day, time) = when.split_once(' ').unwrap();
    let [y, m, d]: [&str; 3] = day.split('-').collect::<Vec<_>>().try_into().unwrap();
    assert!(said.contains(&format!("{d}/{m}/{y} {time}")), "when it was written, in local time ({when}), as French writes it: {text}");
    // Every page says when it was printed, in local time (two rankings printed half an hour
    // apart could not be told apart).
    // The date as French writes it (it was ISO in every language).
    let today = String::from_utf8(Command::new("date").arg("+%d/%m/%Y").output().unwrap().stdout).unwrap();
    assert!(said.contains(&format!("page 1 sur 1 — imprimé le {}", today.trim())), "{text}");
    // None recorded: said so, not a grid of headers alone.
    let (mut app, t) = imported("rikken-custom-9.json");
    let text = pdftotext(&app.print_rulings(&t, Some("nl")).unwrap(), dir.path());
    assert!(text.contains("Er werd geen beslissing of boete opgetekend.") && !text.contains("Wanneer"), "{text}");
}

/// The seating plan's tables, one under the other, line up their columns (each was sized by
/// its own names, so a table of longer club names set its «Club» further right).
#[test]
fn the_seating_plans_tables_line_up() {
    let (mut app, t) = imported("rikken-custom-9.json");
    let dir = tempfile::tempdir().unwrap();
    // The two tables' «Club» headers, then the players by name's own (a table of its own).
    let clubs = word_lefts(&app.print_seating(&t, 1, Some("en"), None).unwrap(), dir.path(), "Club");
    assert_eq!(clubs.len(), 3, "{clubs:?}");
    assert_eq!(clubs[0], clubs[1], "table 1's and table 2's columns line up: {clubs:?}");
}

/// The seating plan for the table devices: each table's code in words and its QR code,
/// read back from the printed page (poppler renders it, zbar decodes it) as the table's address.
#[test]
fn the_seating_plan_carries_each_tables_device_code_and_qr_code() {
    let (mut app, t) = imported("bye-18.json");
    let dir = tempfile::tempdir().unwrap();
    let pdf = app.print_seating(&t, 1, Some("en"), Some("http://192.168.1.20:8777")).unwrap();
    let codes = app.devices(&t, 1, "http://192.168.1.20:8777").unwrap();
    let text = pdftotext(&pdf, dir.path());
    for d in &codes.tables {
        let spaced = atout_api::devices::spaced(&d.code);
        assert!(text.contains(&format!("code: {spaced}")), "table {}'s code «{spaced}» printed", d.table);
    }
    assert!(text.contains("Scan with the table's phone"));
    nothing_outside_the_margins(&pdf, dir.path());
    // Every QR code on the pages decodes to a table's address, each table's once.
    let file = dir.path().join("plan.pdf");
    std::fs::write(&file, &pdf).unwrap();
    let out = std::process::Command::new("pdftoppm").args(["-r", "150", "-png"]).arg(&file).arg(dir.path().join("page")).status().unwrap();
    assert!(out.success());
    let mut found: Vec<String> = vec![];
    for page in std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "png")) {
        let out = std::process::Command::new("zbarimg")
            .args(["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"])
            .arg(&page)
            .output()
            .expect("zbarimg (zbar-tools) is installed");
        found.extend(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string));
    }
    found.sort();
    let mut urls: Vec<String> = codes.tables.iter().map(|d| d.url.clone()).collect();
    urls.sort();
    assert_eq!(found, urls);
}

#[test]
fn a_long_field_breaks_across_pages_with_its_header() {
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let names: String = (1..=120).map(|i| format!("Joueur Numéro {i:03} Avec Un Nom Très Long Pour Voir,Cercle Royal Des Amis Du Roi De Cœur {i}\n")).collect();
    let t = app
        .tournament_create(&atout_api::NewTournament { name: "Long".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    app.players_import(&format!("name,club\n{names}"), Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let pdf = app.print_seating(&t, 1, Some("fr"), None).unwrap();
    assert!(pages(&pdf, dir.path()) > 2);
    let text = pdftotext(&pdf, dir.path());
    assert!(text.matches("Joueur").count() >= 120, "every name and the repeated headers");
    nothing_outside_the_margins(&pdf, dir.path());
}

/// CSV for spreadsheets: UTF-8 with a byte-order mark, `;`, against files checked by hand
/// (fixtures/csv/, the figures of spring-open-16.expected.json).
#[test]
fn csv_exports_match_their_golden_files() {
    let (mut app, t) = imported("spring-open-16.json");
    for what in ["standings", "rounds", "lines"] {
        let got = app.export_csv(&t, what, b';', Some("fr"), None).unwrap();
        assert!(got.starts_with('\u{feff}'));
        let golden = format!("csv/spring-open-16.{what}.csv");
        if std::env::var("ATOUT_BLESS").is_ok() {
            std::fs::write(fixture(&golden), &got).unwrap();
        }
        assert_eq!(got, read(&golden), "{what}");
    }
}

/// A fine is no deal: a Rikken sheet in progress with a fine keeps one blank row per
/// deal still to play (rows are counted by the rules' deals played, not by lines).
#[test]
fn a_sheet_in_progress_keeps_a_blank_row_per_deal_left() {
    let mut doc = json("rikken-custom-9.json");
    let deals = doc["rounds"][0]["tables"][1]["deals"].as_array().unwrap().clone();
    // Table 2 seats four (8 deals): keep two deals and a fine.
    doc["rounds"][0]["tables"][1]["deals"] = serde_json::json!([deals[0], deals[1], {"fine": "trump-not-turned", "offender": 1}]);
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 1, true, Some("en")).unwrap(), dir.path());
    let page = text.split("Round 1, Table 2").nth(1).unwrap();
    // Deals 3 to 8 are still to play: six blank rows, each only its number and its dealer
    // (at a table of four nobody sits out). The fine took a line, not a deal.
    let blank = page
        .lines()
        .filter(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            words.len() == 2 && words.iter().all(|w| w.parse::<u32>().is_ok())
        })
        .count();
    assert_eq!(blank, 6, "{page}");
}

/// A King table still playing: its table points said provisional, as on the screen (the
/// paper said «in progress», «en cours», «bezig»).
#[test]
fn a_sheet_in_progress_says_its_table_points_provisional() {
    let (mut app, t) = imported("king-choice-8.json");
    let dir = tempfile::tempdir().unwrap();
    for (lang, word) in [("en", "provisional"), ("fr", "provisoire"), ("nl", "voorlopig")] {
        let text = pdftotext(&app.print_sheets(&t, 2, true, Some(lang)).unwrap(), dir.path());
        let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(said.contains(&format!("({word})")) && !said.contains("in progress") && !said.contains("(en cours)"), "{lang}: {text}");
    }
    // Its totals are what is written so far (they stood under its blank rows as «Totaux»);
    // a whole sheet's are its totals.
    let text = pdftotext(&app.print_sheets(&t, 2, true, Some("fr")).unwrap(), dir.path());
    let (whole, open) = text.split_once("Manche 2, Table 2").unwrap();
    assert!(whole.contains("Totaux ") && !whole.contains("à ce stade"), "{whole}");
    assert!(open.contains("Totaux à ce stade") && !open.lines().any(|l| l.trim_start().starts_with("Totaux ") && !l.contains("à ce stade")), "{open}");
}

/// A completed sheet names its lines' games in the sheet's language, as the window does:
/// Kings Cribbage's passes and end, King's games.
#[test]
fn completed_sheets_name_the_games_in_their_language() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, t) = imported("cribbage-9.json");
    let text = pdftotext(&app.print_sheets(&t, 1, true, Some("fr")).unwrap(), dir.path());
    assert!(text.contains("Fin de partie") && text.contains("Passe"), "{text}");
    assert!(!text.lines().any(|l| l.split_whitespace().any(|w| w == "pass" || w == "end")), "{text}");
    // The end is no one's turn: its row names its line and no player (it said the next
    // player's seat, as if it were their turn).
    for end in text.lines().filter(|l| l.contains("Fin de partie")) {
        let before: Vec<&str> = end.split("Fin de partie").next().unwrap().split_whitespace().collect();
        assert!(before.len() == 1 && before[0].parse::<usize>().is_ok(), "{end}");
    }
    let (mut app, t) = imported("king-13.json");
    let text = pdftotext(&app.print_sheets(&t, 1, true, Some("nl")).unwrap(), dir.path());
    assert!(text.contains("geen slagen") && !text.contains("no-tricks"), "{text}");
}

/// A game played on the board: the completed sheets carry the board, each tile where it lies
/// with its colour's letter, read back from the PDF.
#[test]
fn a_completed_sheet_played_on_the_board_prints_its_board() {
    let (mut app, t) = common::imported("cribbage-board-6.json");
    let dir = tempfile::tempdir().unwrap();
    let text = common::pdftotext(&app.print_sheets(&t, 1, true, Some("en")).unwrap(), dir.path());
    assert_eq!(text.matches("The board (a: colour 1, b: colour 2)").count(), 2, "{text}");
    let doc = common::json("cribbage-board-6.json");
    let first = &doc["rounds"][0]["tables"][0]["deals"][0]["tiles"];
    for tile in first.as_array().unwrap() {
        let cell = format!("{}{}", tile["tile"].as_str().unwrap(), if tile["colour"] == 2 { "b" } else { "a" });
        assert!(text.split_whitespace().any(|w| w == cell), "{cell} in {text}");
    }
    // Prefilled sheets to fill in carry no board.
    assert!(!common::pdftotext(&app.print_sheets(&t, 1, false, Some("en")).unwrap(), dir.path()).contains("The board"));
}

/// The paper says who played each line (declarer and partner, misère declarers, a fine's
/// offender and reason), and adds up: the lines' totals, each ruling on its own row, then the
/// round's scores (the window's sheet says the same).
#[test]
fn a_completed_sheet_says_who_played_and_adds_up() {
    use atout_api::{Atout, DrawRequest, NewTournament, TableRef};
    use serde_json::json;
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Rik".into(), game: "rikken".into(), ..Default::default() }).unwrap().id.to_string();
    app.players_import("Name\nAnne Peeters\nBart Maes\nChloé Dubois\nDirk Claes\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(2))).unwrap();
    let at = TableRef::new(&t, 1, 1);
    app.deal_add(&at, None, json!({"contract": "troela", "declarer": 1, "partner": 3, "tricks": 8})).unwrap();
    app.deal_add(&at, None, json!({"contract": "misere", "declarers": [2, 4], "tricks": [0, 1]})).unwrap();
    app.deal_add(&at, None, json!({"fine": "trump-not-turned", "offender": 3, "reason": "card not shown", "by": "Jury Claes"})).unwrap();
    let sheet = app.ruling_add(&at, json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Jury Claes"})).unwrap();
    let name = |seat: usize| sheet.seats[seat - 1].name.clone();
    // The window's words for the same lines.
    let who: Vec<String> = sheet.lines.iter().map(|l| l.who_texts.en.clone()).collect();
    assert!(who[0].contains(&name(1)) && who[0].contains(&name(3)) && who[0].contains("partner"), "{}", who[0]);
    assert!(who[1].contains(&name(2)) && who[1].contains(&name(4)) && !who[1].contains(&name(1)), "{}", who[1]);
    assert!(who[2].contains(&name(3)) && who[2].contains("card not shown"), "{}", who[2]);
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 1, true, Some("en")).unwrap(), dir.path());
    let row = |start: &str| text.lines().find(|l| l.trim_start().starts_with(start)).unwrap_or_else(|| panic!("no row {start} in\n{text}")).to_string();
    // Each line's row names its players; the column breaks a long text over lines, so a row is
    // read with the line below it.
    let surname = |seat: usize| name(seat).split_whitespace().last().unwrap().to_string();
    let block = |start: &str| {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| l.trim_start().starts_with(start)).unwrap_or_else(|| panic!("no row {start} in\n{text}"));
        lines[at..(at + 2).min(lines.len())].join("\n")
    };
    let (troela, misere, fine) = (block("1 "), block("2 "), block("3 "));
    assert!(troela.contains(&surname(1)) && troela.contains(&surname(3)), "{troela}");
    assert!(misere.contains(&surname(2)) && misere.contains(&surname(4)), "{misere}");
    assert!(fine.contains(&surname(3)) && fine.contains("card") && fine.contains("shown"), "{fine}");
    // Totals of the lines, the ruling with its reason and jury member, the round's scores.
    let figures = |line: &str| -> Vec<i64> { line.split_whitespace().filter_map(|w| w.trim_start_matches('+').parse().ok()).collect() };
    assert_eq!(figures(&row("Totals")), sheet.totals);
    // The ruling's row names who was ruled, as the window does (it said only why).
    let ruling = row(&format!("Ruling: 2. {}", name(2)));
    let said = block(&format!("Ruling: 2. {}", name(2)));
    assert!(said.contains("revoke (Jury") && said.contains("Claes)"), "{said}");
    assert_eq!(figures(&ruling), [1, -3, 1, 1]);
    assert_eq!(figures(&row("Round scores")), sheet.scores);
    // The paper adds up: every seat's round score is its lines' total and the ruling.
    for i in 0..4 {
        assert_eq!(sheet.scores[i], sheet.totals[i] + [1, -3, 1, 1][i]);
    }
}

/// A player withdrawn with a long name: the ranking prints the name and why it has no
/// round after, whole (the note after the name was cut with «…» from five rounds on).
#[test]
fn a_withdrawn_players_note_is_printed_whole() {
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let new = atout_api::NewTournament { name: "Long".into(), game: "double-king".into(), rounds: Some(6), ..Default::default() };
    let t = app.tournament_create(&new).unwrap().id.to_string();
    let names: String = (1..=8).map(|i| format!("Marie-Christine Vandenbroucke-Delacroix {i}\n")).collect();
    app.players_import(&format!("name\n{names}"), Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(5))).unwrap();
    app.deal_add(&atout_api::TableRef::new(&t, 1, 1), None, serde_json::json!({"contract": "E", "taker": 1})).unwrap();
    let gone = app.round_view(&t, 1).unwrap().tables[1].seats[0].player.clone();
    app.player_withdraw(&t, &gone, None, "went home ill").unwrap();
    for round in 2..=5 {
        app.round_draw(&t, &atout_api::DrawRequest::new(round, Some(5 + round as u64))).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_standings(&t, Some(5), Some("fr")).unwrap(), dir.path());
    // Whole, on one line or broken over two in its own row (that breaks fewer rows than the
    // byes' «exempt 10» in every row would).
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let broken = text.lines().any(|l| l.contains("(retiré après la")) && text.lines().any(|l| l.trim_start().starts_with("manche 1)"));
    assert!((said.contains("(retiré après la manche 1)") || broken) && !said.contains('…'), "{text}");
}

/// One player's very long name and club: they break over lines in their own row, and every
/// other row keeps its round cells on one line. Before, the round cells gave way first: «16»
/// over «(19)» in every row, for one name.
#[test]
fn one_long_name_breaks_its_own_row_not_every_rounds_cells() {
    let mut doc = common::json("spring-open-16.json");
    let long = "Marie-Christine Vandenbroucke-De Wilde-Van Oostenrijk-Van Cauwenberghe-de la Serna";
    doc["players"][0]["name"] = serde_json::json!(long);
    doc["players"][0]["club"] = serde_json::json!("Koninklijke Kaartersvereniging De Vrolijke Troefkaart Oost-Vlaanderen");
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let dir = tempfile::tempdir().unwrap();
    let pdf = app.print_standings(&t, Some(5), Some("nl")).unwrap();
    let text = pdftotext(&pdf, dir.path());
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for word in long.split(' ') {
        assert!(said.contains(word), "{word}: {text}");
    }
    // Every other player's five rounds, each «points (score)», on the line of their name.
    let standings = common::standings_json(&mut app, &t, Some(5));
    for row in standings["rows"].as_array().unwrap().iter().filter(|r| r["name"] != long) {
        let name = row["name"].as_str().unwrap();
        let line = text.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name}: {text}"));
        assert_eq!(line.matches('(').count(), 5, "{name}'s rounds on one line: {line}\n{text}");
    }
}

/// The seating plan's «Players by name» stands over its table: on the next page when the
/// table's first rows do not stand under it (it was left alone at the foot of page 3 of
/// round 3 of an evening of 80, its table on page 4), in every language.
#[test]
fn the_players_by_name_heading_is_not_left_alone_at_a_pages_foot() {
    let (mut app, t) = imported("seating-80.json");
    let dir = tempfile::tempdir().unwrap();
    for (lang, heading) in [("fr", "Joueurs par nom"), ("nl", "Spelers op naam"), ("en", "Players by name")] {
        for round in 1..=3 {
            let text = pdftotext(&app.print_seating(&t, round, Some(lang), None).unwrap(), dir.path());
            for page in text.split('\u{c}') {
                // The page's lines above its footer (the last line written).
                let lines: Vec<&str> = page.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
                let body = &lines[..lines.len().saturating_sub(1)];
                assert!(body.last() != Some(&heading), "{lang}, round {round}: the heading ends a page:\n{page}");
            }
        }
    }
}

/// The seating plan's players by name in the order people look a name up: "Émile" among
/// the e's (it came after "Zoé", sorted by bytes).
#[test]
fn the_players_by_name_are_in_the_order_people_read() {
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let new = atout_api::NewTournament { name: "Names".into(), game: "double-king".into(), rounds: Some(1), ..Default::default() };
    let t = app.tournament_create(&new).unwrap().id.to_string();
    // «Łukasz» and «Øyvind» read as an l and an o (Unicode does not decompose their stroke:
    // they came after «Zoé»).
    app.players_import("name\nZoé Aerts\nÉmile Dubois\nAnne Peeters\nbart Claes\nEls Maes\nØyvind Berg\nŁukasz Wałęsa\nHugo Smet\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(5))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_seating(&t, 1, Some("en"), None).unwrap(), dir.path());
    let listed = text.split("Players by name").nth(1).unwrap();
    let order: Vec<usize> = ["Anne", "bart", "Els", "Émile", "Hugo", "Łukasz", "Øyvind", "Zoé"].iter().map(|n| listed.find(n).unwrap()).collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{listed}");
}

/// Kings Cribbage's serviteur on paper: the player who keeps a table's score in round 2 (the
/// lowest total of their round 1 table) is marked on the seating plan and on the sheet, as
/// the screens mark them (the prints did not).
#[test]
fn the_serviteur_is_marked_on_the_seating_plan_and_the_sheet() {
    let (mut app, t) = imported("cribbage-9.json");
    let round2 = app.round_view(&t, 2).unwrap();
    let table = round2.tables.iter().find(|tb| !tb.scorers.is_empty()).unwrap();
    let seat = table.scorers[0];
    let name = table.seats.iter().find(|s| s.seat == seat).unwrap().name.clone();
    let dir = tempfile::tempdir().unwrap();
    let flat = |pdf: Vec<u8>| pdftotext(&pdf, dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
    let plan = flat(app.print_seating(&t, 2, Some("en"), None).unwrap());
    assert!(plan.contains(&format!("{seat} {name}")) && plan.contains("keeps the score"), "{plan}");
    let sheets = flat(app.print_sheets(&t, 2, false, Some("fr")).unwrap());
    assert!(sheets.contains(&format!("{seat}. {name} (tient les comptes)")), "{sheets}");
    assert_eq!(plan.matches("keeps the score").count(), round2.tables.iter().map(|tb| tb.scorers.len()).sum::<usize>(), "{plan}");
}

/// A sheet in progress after a voided trump deal: the rows still to fill go on numbering the
/// lines, so that no number is printed twice (the void took a line; the grid's deal numbers
/// repeated the last lines').
#[test]
fn a_sheet_with_a_voided_deal_numbers_each_row_once() {
    let mut doc = json("spring-open-16.json");
    let deals = doc["rounds"][1]["tables"][1]["deals"].as_array().unwrap().clone();
    let void = deals.iter().position(|d| d.get("void_by").is_some()).unwrap();
    doc["rounds"][1]["tables"][1]["deals"] = serde_json::Value::Array(deals[..void + 3].to_vec());
    doc["rounds"].as_array_mut().unwrap().truncate(2);
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 2, true, Some("en")).unwrap(), dir.path());
    let page = text.split("Round 2, Table 2").nth(1).unwrap().split("Round 2, Table 3").next().unwrap();
    let numbers: Vec<i64> = page
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let n = words.next()?.trim_end_matches('*').parse::<i64>().ok()?;
            words.next()?.trim_start_matches('*').parse::<i64>().ok().map(|_| n)
        })
        .collect();
    // Twenty deals and the void: lines 1 to 21, each once, in order.
    assert_eq!(numbers, (1..=21).collect::<Vec<_>>(), "{page}");
}

/// Double Lucky 7 at a table of seven: each seat's bid, tricks and points and each hand's
/// cards, hand 7 marked ×2, printed whole (on a page turned sideways): the hand's words were
/// cut to «7…» and the seats' headers to «1 mi…».
#[test]
fn a_lucky_7_sheet_of_seven_seats_is_printed_whole() {
    use atout_api::{Atout, DrawRequest, NewTournament};
    let mut app = Atout::open_in_memory().unwrap();
    let new = NewTournament { name: "Seven".into(), game: "double-lucky-7".into(), settings: Some(serde_json::json!({"table_size": 7})), ..Default::default() };
    let t = app.tournament_create(&new).unwrap().id.to_string();
    let names: String =
        ["Anne Peeters", "Bart Maes", "Chloé Dubois", "Dirk Claes", "Els Janssens", "Gert Wouters", "Hélène Renard"].iter().map(|n| format!("{n}\n")).collect();
    app.players_import(&format!("Name\n{names}"), Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(3))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 1, false, Some("fr")).unwrap(), dir.path());
    assert!(!text.contains('…'), "nothing cut:\n{text}");
    assert!(text.contains("7 cartes ×2") && text.contains("1 carte\n"), "{text}");
    for seat in 1..=7 {
        assert!(text.contains(&format!("{seat} mise")), "seat {seat}'s header:\n{text}");
    }
    // Each row numbered, as its line will be (the «#» column was blank): hand 7 is line 7.
    let doubled = text.lines().find(|l| l.contains("7 cartes ×2")).unwrap();
    assert!(doubled.trim_start().starts_with("7 "), "{doubled}");
    let last = text.lines().rfind(|l| l.contains("1 carte")).unwrap();
    assert!(last.trim_start().starts_with("14 "), "{last}");
}

/// The seating plan says whole who deals first, whatever the length of the names and clubs
/// (its column gave way first, «donne en prem…»).
#[test]
fn the_seating_plan_says_whole_who_deals_first() {
    use atout_api::{Atout, DrawRequest, NewTournament};
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Long".into(), game: "king".into(), ..Default::default() }).unwrap().id.to_string();
    let club = "Koninklijke Kaartersbond Sint-Niklaas en Omstreken vzw";
    let names: String = ["Marie-Christine Vandenbroucke", "Jean-Baptiste Delacroix-Verhaegen", "Anne-Sophie Van den Bossche", "Pieter-Jan Vanderstraeten"]
        .iter()
        .map(|n| format!("{n};{club}\n"))
        .collect();
    app.players_import(&format!("Name;Club\n{names}"), Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(3))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_seating(&t, 1, Some("fr"), None).unwrap(), dir.path());
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("donne en premier") || (text.contains("donne en") && text.contains("premier")), "{text}");
    assert!(!text.contains("prem…") && !text.contains("pre…"), "{text}");
}

/// Exported with `;` between fields (a Belgian, French or Dutch spreadsheet's), half table
/// points are written with a decimal comma, which such a spreadsheet reads as a number
/// («17.5» was read as text); with `,` between fields, a decimal point.
#[test]
fn half_points_are_written_as_the_spreadsheet_reads_them() {
    use atout_api::{Atout, DrawRequest, NewTournament, TableRef};
    let mut app = Atout::open_in_memory().unwrap();
    let new = NewTournament {
        name: "Halves".into(),
        game: "double-king".into(),
        settings: Some(serde_json::json!({"table_points": [20, 15, 10, 5]})),
        ..Default::default()
    };
    let t = app.tournament_create(&new).unwrap().id.to_string();
    app.players_import("Name\nAnne Peeters\nBart Maes\nChloé Dubois\nDirk Claes\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(2))).unwrap();
    // Two seats level on top share places 1 and 2: 17.5 table points each.
    app.deal_add(&TableRef::new(&t, 1, 1), None, serde_json::json!({"contract": "T", "trump": "spades", "counts": [5, 5, 2, 1]})).unwrap();
    let semi = app.export_csv(&t, "rounds", b';', Some("nl"), None).unwrap();
    assert!(semi.contains(";17,5;") && !semi.contains("17.5"), "{semi}");
    let standings = app.export_csv(&t, "standings", b';', Some("nl"), None).unwrap();
    assert!(standings.contains("17,5") && !standings.contains("17.5"), "{standings}");
    let comma = app.export_csv(&t, "rounds", b',', Some("en"), None).unwrap();
    assert!(comma.contains(",17.5,"), "{comma}");
    assert!(comma.starts_with("\u{feff}Round,Table,Seat,Id,Player,Score,Table points,Bye,Provisional"), "{comma}");
}

/// Every sheet line as a spreadsheet reads it: the headers in the export's language, the
/// line in words, each seat's points in a column of its own — empty where the seat sits
/// the deal out, so that a column adds up —, and the rulings with the lines (a table's
/// lines did not add up to its scores without them).
#[test]
fn the_lines_export_adds_up_in_a_spreadsheet() {
    let (mut app, t) = imported("rikken-18.json");
    let text = app.export_csv(&t, "lines", b';', Some("nl"), Some(1)).unwrap();
    let mut r = csv::ReaderBuilder::new().delimiter(b';').from_reader(text.trim_start_matches('\u{feff}').as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(&head[..8], ["Ronde", "Tafel", "Lijn", "Spel", "Gever", "Contract", "De lijn", "Wie"]);
    assert_eq!(&head[8..], ["Plaats 1", "Plaats 2", "Plaats 3", "Plaats 4", "Plaats 5"]);
    let rows: Vec<Vec<String>> = r.records().map(|x| x.unwrap().iter().map(String::from).collect()).collect();
    assert!(rows.iter().all(|x| x[0] == "1"), "round 1 only");
    // Table 1 seats five: on each deal one seat is out, its cell empty (a fine is paid by
    // all five); the points add to 0.
    let table_one: Vec<&Vec<String>> = rows.iter().filter(|x| x[1] == "1" && !x[2].is_empty()).collect();
    let out = |x: &Vec<String>| x[8..].iter().filter(|c| c.is_empty()).count();
    assert!(table_one.iter().filter(|x| out(x) == 1).count() >= 20, "every deal of a table of five");
    for x in &table_one {
        assert!(out(x) <= 1, "{x:?}");
        assert_eq!(x[8..].iter().filter_map(|c| c.parse::<i64>().ok()).sum::<i64>(), 0, "{x:?}");
        assert!(!x[6].is_empty() && !x[6].starts_with('{'), "the line in words: {x:?}");
    }
    // Each table's columns add up to its round scores, rulings included.
    for table in 1..=4 {
        let sheet = app.sheet(&atout_api::TableRef::new(&t, 1, table)).unwrap();
        let sums: Vec<i64> =
            (0..sheet.seats.len()).map(|i| rows.iter().filter(|x| x[1] == table.to_string()).filter_map(|x| x[8 + i].parse::<i64>().ok()).sum()).collect();
        assert_eq!(sums, sheet.scores, "table {table}");
    }
}

/// The printed ranking says how places are decided, and its tie-break columns follow that
/// order (Score stood before Best whatever the tie-breaks, and nothing said which decided).
#[test]
fn the_ranking_names_its_tie_breaks_in_their_order() {
    use atout_api::{Atout, DrawRequest, NewTournament};
    let mut app = Atout::open_in_memory().unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (tie_breaks, said, first) in [
        (serde_json::json!(["best-round", "score-sum"]), "Places by table points, then best round, then score", "Best"),
        (serde_json::json!(["score-sum", "best-round"]), "Places by table points, then score, then best round", "Score"),
    ] {
        let new = NewTournament {
            name: format!("Ties {tie_breaks}"),
            game: "double-king".into(),
            settings: Some(serde_json::json!({"tie_breaks": tie_breaks})),
            ..Default::default()
        };
        let t = app.tournament_create(&new).unwrap().id.to_string();
        app.players_import("Name\nAnne Peeters\nBart Maes\nChloé Dubois\nDirk Claes\n", Some(&t)).unwrap();
        app.round_draw(&t, &DrawRequest::new(1, Some(2))).unwrap();
        let text = pdftotext(&app.print_standings(&t, None, Some("en")).unwrap(), dir.path());
        assert!(text.contains(said), "{text}");
        let head = text.lines().find(|l| l.contains("Rank")).unwrap();
        let (score, best) = (head.find("Score").unwrap(), head.find("Best").unwrap());
        assert_eq!(if best < score { "Best" } else { "Score" }, first, "{head}");
    }
}

/// A ruling withdrawn stays on the printed rulings, said withdrawn: when, by whom, why, and
/// that it no longer counts (it vanished from the print).
#[test]
fn a_withdrawn_ruling_is_printed_as_withdrawn() {
    let (mut app, t) = imported("bye-18.json");
    let at = atout_api::TableRef::new(&t, 1, 1);
    app.ruling_add(&at, serde_json::json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "slow play", "by": "Marie"})).unwrap();
    let id = app.rulings_list(&t).unwrap().into_iter().find(|r| r.reason_texts.en == "slow play").and_then(|r| r.id).unwrap();
    app.set_actor("Jury Claes").unwrap();
    app.ruling_withdraw(&t, id, "it was not slow").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let said: String = pdftotext(&app.print_rulings(&t, Some("en")).unwrap(), dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("slow play")
            && said.contains("withdrawn")
            && said.contains("Jury Claes")
            && said.contains("it was not slow")
            && said.contains("no longer counts"),
        "{said}"
    );
}

/// The printed rulings say when as the print's language writes a date (27/11/2026 20:15 in
/// French, 27-11-2026 in Dutch), as its footer does; they were ISO in every language.
#[test]
fn the_printed_rulings_dates_are_written_as_their_language_writes_them() {
    let (mut app, t) = imported("bye-18.json");
    let at = atout_api::TableRef::new(&t, 1, 1);
    app.ruling_add(&at, serde_json::json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "slow play", "by": "Marie"})).unwrap();
    let ruling = app.rulings_list(&t).unwrap().into_iter().find(|r| r.reason_texts.en == "slow play").unwrap();
    let (day, time) = ruling.at_local.split_once(' ').unwrap();
    let [y, m, d]: [&str; 3] = day.split('-').collect::<Vec<_>>().try_into().unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (lang, date) in [("fr", format!("{d}/{m}/{y}")), ("nl", format!("{d}-{m}-{y}")), ("en", day.to_string())] {
        let said: String = pdftotext(&app.print_rulings(&t, Some(lang)).unwrap(), dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(said.contains(&format!("{date} {time}")), "{lang}: {said}");
        if lang != "en" {
            assert!(!said.contains(day), "{lang}: {said}");
        }
    }
}

/// A ruling read from an imported document is not said ruled when it was imported (the
/// document does not say when): its day is said the import's; one added since has its time.
#[test]
fn an_imported_ruling_is_not_dated_as_ruled_at_the_import() {
    let (mut app, t) = imported("spring-open-16.json");
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), serde_json::json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "slow play", "by": "Marie"})).unwrap();
    let rulings = app.rulings_list(&t).unwrap();
    let (old, new): (Vec<_>, Vec<_>) = rulings.iter().partition(|r| r.reason_texts.en != "slow play");
    assert!(old.len() >= 2 && old.iter().all(|r| r.imported) && new.len() == 1 && !new[0].imported);
    let day = old[0].at_local.split(' ').next().unwrap();
    let [y, m, d]: [&str; 3] = day.split('-').collect::<Vec<_>>().try_into().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let said: String = pdftotext(&app.print_rulings(&t, Some("fr")).unwrap(), dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(said.matches(&format!("importée le {d}/{m}/{y}")).count(), old.len(), "{said}");
    let [y, m, d]: [&str; 3] = new[0].at_local[..10].split('-').collect::<Vec<_>>().try_into().unwrap();
    assert!(said.contains(&format!("Marie {d}/{m}/{y} ")), "{said}");
    // Withdrawn, an imported ruling is still said imported, at the time it had (it took the
    // import's time as the moment the jury ruled).
    let first = old.iter().find(|r| r.id.is_some()).unwrap();
    let (id, at) = (first.id.unwrap(), first.at.clone());
    let listed = app.ruling_withdraw(&t, id, "written twice").unwrap();
    let gone = listed.iter().find(|r| r.id == Some(id) && r.withdrawn.is_some()).unwrap();
    assert!(gone.imported && gone.at == at, "{gone:?}");
}

/// A tournament with a long name: every heading is printed whole over two lines — a sheet's
/// round and table, the ranking's round — and the footer keeps its page and date, the name
/// giving way (the heading was cut with «…», the table's number with it).
#[test]
fn long_headings_are_printed_whole() {
    use atout_api::{Atout, DrawRequest, NewTournament};
    let mut app = Atout::open_in_memory().unwrap();
    let name = "Grand Tournoi International de la Fédération Royale Belge des Cartes 2026";
    let new = NewTournament { name: name.into(), game: "double-king".into(), rounds: Some(1), date: Some("2026-05-01".into()), ..Default::default() };
    let t = app.tournament_create(&new).unwrap().id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGert\nHilde\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(3))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let text = pdftotext(&app.print_sheets(&t, 1, false, Some("fr")).unwrap(), dir.path());
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for table in [1, 2] {
        assert!(said.contains(&format!("{name}, 01/05/2026 — Manche 1, Table {table}")), "{text}");
    }
    assert!(said.contains("page 1 sur 2 — imprimé le") && said.contains("page 2 sur 2 — imprimé le"), "{text}");
    // The title gives way in the footer between two words, never within one.
    let footer = text.lines().find(|l| l.contains("page 1 sur 2")).unwrap();
    let title = footer.split(" — page").next().unwrap().trim();
    let kept = title.strip_suffix('…').unwrap_or_else(|| panic!("the footer's title is cut: {footer}"));
    assert!(format!("Feuille de marque — {name}, ").starts_with(&format!("{kept} ")), "cut within a word: {footer}");
    let text = pdftotext(&app.print_standings(&t, None, Some("fr")).unwrap(), dir.path());
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains(&format!("{name}, 01/05/2026, après la manche 1")), "{text}");
}

/// A prefilled sheet is a whole page to write on: the game's rows (Double King's twenty
/// deals, their dealers printed), rows to spare for a deal voided and dealt again or a fine,
/// then the totals and the table points to fill in (it stopped at the twentieth deal).
#[test]
fn a_prefilled_sheet_has_rows_to_spare_and_its_totals() {
    let (mut app, t) = imported("spring-open-16.json");
    let dir = tempfile::tempdir().unwrap();
    let pdf = app.print_sheets(&t, 1, false, Some("fr")).unwrap();
    assert_eq!(pages(&pdf, dir.path()), 4, "still one page a table");
    let text = pdftotext(&pdf, dir.path());
    let first = text.split('\u{c}').next().unwrap();
    let numbered: Vec<i64> = first.lines().filter_map(|l| l.split_whitespace().next()?.parse().ok()).collect();
    assert!(numbered.iter().max().is_some_and(|n| *n > 20), "rows past the twentieth: {numbered:?}\n{first}");
    assert!(first.contains("Totaux") && first.contains("Points de table"), "{first}");
    // Rikken's sheet, a table of five: the fines' rows are rows of their own, no seat struck out.
    let (mut app, t) = imported("rikken-18.json");
    let text = pdftotext(&app.print_sheets(&t, 1, false, Some("en")).unwrap(), dir.path());
    assert!(text.contains("Totals"), "{text}");
    // Completed, its tricks are in their own column, not said again beside the declarer (the
    // window says them with the declarer: it has no such column).
    let done = pdftotext(&app.print_sheets(&t, 1, true, Some("en")).unwrap(), dir.path());
    assert!(done.contains("declarer:") && !done.contains("tricks:"), "{done}");
    let sheet = app.sheet(&atout_api::TableRef::new(&t, 1, 1)).unwrap();
    assert!(sheet.lines.iter().any(|l| l.who_texts.en.contains("tricks: ")), "the window's lines say their tricks");
    // The lines exported: who played each, its tricks in the line in words, not twice.
    let lines = app.export_csv(&t, "lines", b',', Some("en"), None).unwrap();
    let who: Vec<&str> = lines.lines().skip(1).filter_map(|l| l.split(',').nth(7)).collect();
    assert!(who.iter().any(|w| w.contains("declarer: ")) && who.iter().all(|w| !w.contains("tricks")), "{lines}");
}

/// Thirds of table points as French writes them (20,83), on the ranking as on the website.
#[test]
fn the_printed_ranking_writes_its_decimals_as_the_language_does() {
    let (mut app, t) = imported("spring-open-16.json");
    app.tournament_settings(&t, &serde_json::json!({"table_points": [5, 3, 2, 0]}), "thirds").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let standings = app.standings(&t, None).unwrap();
    let shared = standings.rows.iter().filter_map(|r| r.table_points).map(|p| p.as_f64()).find(|p| p.fract() != 0.0).expect("a share of places");
    let fr = pdftotext(&app.print_standings(&t, None, Some("fr")).unwrap(), dir.path());
    let en = pdftotext(&app.print_standings(&t, None, Some("en")).unwrap(), dir.path());
    let written = format!("{}", (shared * 100.0).round() / 100.0);
    assert!(en.contains(&written) && fr.contains(&written.replace('.', ",")), "{written}:\n{fr}");
    assert!(!fr.contains(&written), "{fr}");
    // The completed sheets too: a table whose places were shared writes its table points with
    // a decimal comma in French and Dutch (they read 13.5 where the ranking read 13,5).
    let round = standings
        .rows
        .iter()
        .flat_map(|r| r.rounds.iter())
        .find(|x| x.table_points.is_some_and(|p| p.as_f64().fract() != 0.0))
        .map(|x| i64::from(x.round))
        .expect("a shared place");
    let half = standings
        .rows
        .iter()
        .flat_map(|r| r.rounds.iter())
        .filter(|x| i64::from(x.round) == round)
        .filter_map(|x| x.table_points.map(|p| p.as_f64()))
        .find(|p| p.fract() != 0.0)
        .unwrap();
    let written = format!("{half}");
    for lang in ["fr", "nl"] {
        let sheets = pdftotext(&app.print_sheets(&t, round, true, Some(lang)).unwrap(), dir.path());
        assert!(sheets.contains(&written.replace('.', ",")) && !sheets.contains(&written), "{lang} {written}:\n{sheets}");
    }
    let sheets = pdftotext(&app.print_sheets(&t, round, true, Some("en")).unwrap(), dir.path());
    assert!(sheets.contains(&written), "{written}:\n{sheets}");
}

/// Kings Cribbage deals no card: its seating plan says who plays first, in the game's words.
#[test]
fn the_kings_cribbage_seating_plan_says_who_plays_first() {
    let (mut app, t) = imported("cribbage-9.json");
    let dir = tempfile::tempdir().unwrap();
    let nl = pdftotext(&app.print_seating(&t, 1, Some("nl"), None).unwrap(), dir.path());
    assert!(nl.contains("speelt eerst") && !nl.contains("geeft eerst"), "{nl}");
}

/// A player named like a formula (`=HYPERLINK(…)`, `@SUM(A1)`, from another club's archive)
/// is written in the spreadsheets as text a spreadsheet does not run; figures (−3) stay
/// figures. A separator that breaks the file (a quote, a letter, a byte beyond ASCII) is
/// refused.
#[test]
fn a_spreadsheet_runs_no_name_as_a_formula() {
    let mut doc = json("spring-open-16.json");
    doc["players"][0]["name"] = serde_json::json!("=HYPERLINK(\"http://x\",\"y\")");
    doc["players"][1]["name"] = serde_json::json!("@SUM(A1)");
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let csv = app.export_csv(&t, "standings", b';', Some("en"), None).unwrap();
    assert!(csv.contains("'=HYPERLINK") && csv.contains("'@SUM(A1)"), "{csv}");
    assert!(!csv.lines().any(|l| l.split(';').any(|c| c.starts_with('=') || c.starts_with('@'))), "{csv}");
    assert!(csv.lines().any(|l| l.split(';').any(|c| c.starts_with('-') && c[1..].parse::<i64>().is_ok())), "negative scores stay figures: {csv}");
    for bad in [b'"', b'a', b'7', 0xE9, 0] {
        assert_eq!(app.export_csv(&t, "standings", bad, Some("en"), None).unwrap_err().kind(), "invalid", "{bad}");
    }
}

/// Every print of a tournament says the day it was held beside its name, as the print's
/// language writes a date: the ranking, the seating plan, the sheets (each table's heading),
/// the rulings and the replayed deals (none said it: an archived ranking did not say when).
#[test]
fn every_print_says_the_day_the_tournament_was_held() {
    use atout_api::{Atout, DrawRequest, NewTournament};
    let mut app = Atout::open_in_memory().unwrap();
    let new = NewTournament { name: "Vendredi".into(), game: "double-king".into(), rounds: Some(1), date: Some("2026-04-18".into()), ..Default::default() };
    let t = app.tournament_create(&new).unwrap().id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGert\nHilde\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(3))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (lang, day) in [("fr", "18/04/2026"), ("nl", "18-04-2026"), ("en", "2026-04-18")] {
        let l = Some(lang);
        let prints = [
            ("standings", app.print_standings(&t, None, l).unwrap(), 1),
            ("seating", app.print_seating(&t, 1, l, None).unwrap(), 1),
            ("sheets", app.print_sheets(&t, 1, false, l).unwrap(), 2),
            ("rulings", app.print_rulings(&t, l).unwrap(), 1),
            ("hands", app.print_hands(&t, l).unwrap(), 1),
        ];
        for (what, pdf, times) in prints {
            let said: String = pdftotext(&pdf, dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(said.matches(&format!("Vendredi, {day}")).count() >= times, "{what} in {lang}: {said}");
        }
    }
}

/// The rulings' print breaks a long name, a long reason and a jury member over lines rather
/// than cut them: a player's name of 60 characters took the reason's room and was cut with
/// "…", and the jury member and the time with it.
#[test]
fn the_rulings_print_cuts_no_name_nor_time() {
    let mut doc = json("spring-open-16.json");
    for p in doc["players"].as_array_mut().unwrap() {
        let name = format!("{} Ghislain Ébrard-Ollivier de Saint-Exupéry-Lœwenthal-Vanderstraeten", p["name"].as_str().unwrap());
        p["name"] = serde_json::json!(name);
    }
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let ruled = serde_json::json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "slow play, warned twice", "by": "Marie-Josée Van den Bossche"});
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), ruled).unwrap();
    let rulings = app.rulings_list(&t).unwrap();
    assert!(rulings.iter().any(|r| r.imported) && rulings.iter().any(|r| !r.imported));
    let dir = tempfile::tempdir().unwrap();
    for (lang, imported) in [("fr", "importée le"), ("nl", "geïmporteerd op"), ("en", "imported")] {
        let text = pdftotext(&app.print_rulings(&t, Some(lang)).unwrap(), dir.path());
        assert!(!text.contains('…'), "{lang}: something cut:\n{text}");
        // (A compound name may break after a hyphen: each of its parts is there, none cut.)
        assert!(["Lœwenthal-", "Vanderstraeten"].iter().all(|part| text.matches(part).count() == rulings.len()), "{lang}: every name whole:\n{text}");
        for r in &rulings {
            // A ruling imported says the day it was imported (whole), one ruled here its time.
            let (day, time) = r.at_local.split_once(' ').unwrap();
            let [y, m, d]: [&str; 3] = day.split('-').collect::<Vec<_>>().try_into().unwrap();
            let day = match lang {
                "fr" => format!("{d}/{m}/{y}"),
                "nl" => format!("{d}-{m}-{y}"),
                _ => day.to_string(),
            };
            let at = if r.imported { format!("{imported} {day}") } else { time.to_string() };
            let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(flat.contains(&at), "{lang}: «{at}» whole:\n{text}");
        }
    }
}

/// The seating plan keeps each table whole on a page, measured as it is drawn: in this field
/// (80 players, a long name that breaks over two lines and clubs that do), table 6 of round 3
/// was split 2 + 2 across the first two pages. And a heading keeps a round's number with its
/// word (it read «…, Ronde» and «3» on the next line).
#[test]
fn the_seating_plan_keeps_each_table_on_one_page() {
    let (mut app, t) = imported("seating-80.json");
    let dir = tempfile::tempdir().unwrap();
    for (lang, word, continued, round_word) in
        [("nl", "Tafel", "(vervolg)", "Ronde"), ("fr", "Table", "(suite)", "Manche"), ("en", "Table", "(continued)", "Round")]
    {
        let text = pdftotext(&app.print_seating(&t, 3, Some(lang), None).unwrap(), dir.path());
        assert!(text.matches('\u{c}').count() >= 2, "{lang}: several pages");
        let split: Vec<&str> = text.lines().map(|l| l.trim_start_matches('\u{c}').trim()).filter(|l| l.starts_with(word) && l.ends_with(continued)).collect();
        assert!(split.is_empty(), "{lang}: a table of four split across pages: {split:?}");
        assert!(!text.lines().any(|l| l.trim_end().ends_with(round_word)), "{lang}: a heading broke before the round's number:\n{text}");
    }
}

/// One bye in a round is said in the singular on the seating plan («Exempt : Inès Hermans»),
/// two or more in the plural (it read «Exempts» for one).
#[test]
fn a_single_bye_is_said_in_the_singular() {
    let (mut app, t) = imported("king-13.json");
    let dir = tempfile::tempdir().unwrap();
    let byes = app.round_view(&t, 1).unwrap().byes;
    assert_eq!(byes.len(), 1, "the fixture's round 1 has one bye");
    let text = pdftotext(&app.print_seating(&t, 1, Some("fr"), None).unwrap(), dir.path());
    assert!(text.contains(&format!("Exempt : {}", byes[0].name)) && !text.contains("Exempts :"), "{text}");
    let text = pdftotext(&app.print_seating(&t, 1, Some("en"), None).unwrap(), dir.path());
    assert!(text.contains(&format!("Bye: {}", byes[0].name)), "{text}");
}

/// A sheet still being played is filled to its page's foot with rows to write in, counting
/// the lines its details break over (an F line, a voided deal, a fault): its totals and table
/// points stay on its page. They ran onto a page of their own, under «Table 2 (continued)».
#[test]
fn a_sheet_being_played_keeps_its_totals_on_its_page_whatever_its_lines_wrap_over() {
    use atout_api::{Atout, DrawRequest, NewTournament, TableRef};
    use serde_json::json;
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.tournament_create(&NewTournament { name: "Vendredi".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    app.players_import("name\nAnne Peeters\nBart Maes\nChloé Dubois\nDirk Claes\nEva Janssens\nFrans Wouters\nGreet Smet\nHugo Lambert\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(4))).unwrap();
    for table in [1, 2] {
        let at = TableRef::new(&t, 1, table);
        app.deal_add(&at, None, json!({"contract": "F", "seventh": 1, "last": 3})).unwrap();
        app.deal_add(&at, None, json!({"contract": "F", "seventh": 2, "last": 4})).unwrap();
        app.deal_add(&at, None, json!({"contract": "E", "taker": 1})).unwrap();
    }
    app.deal_correct(&TableRef::new(&t, 1, 1), 3, json!({"contract": "E", "taker": 2}), None, "wrong taker").unwrap();
    let dir = tempfile::tempdir().unwrap();
    for lang in ["nl", "fr", "en"] {
        let text = pdftotext(&app.print_sheets(&t, 1, true, Some(lang)).unwrap(), dir.path());
        let pages: Vec<&str> = text.split('\u{c}').filter(|p| !p.trim().is_empty()).collect();
        assert_eq!(pages.len(), 2, "{lang}: a page per table\n{text}");
        for page in pages {
            assert!(
                page.contains(if lang == "en" {
                    "Table points"
                } else if lang == "fr" {
                    "Points de table"
                } else {
                    "Tafelpunten"
                }),
                "{lang}: {page}"
            );
        }
    }
}

/// The club's `print.json` beside the database: a long club name is printed whole over every
/// page, over two lines (it was cut at the margin, «… Sint-Jans-Molen…»); a page size the
/// printer would not get, or a font size out of bounds, is refused naming the file and the
/// setting in the user's language (A5 printed A4 without a word; a bound was «an internal error»).
#[test]
fn the_clubs_print_settings_are_printed_whole_or_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = atout_api::Atout::open(&dir.path().join("club.db")).unwrap();
    let t = app.import_document(&read("spring-open-16.json")).unwrap().id.to_string();
    let club = "Koninklijke Kaartersvereniging De Vrolijke Troefkaarten vzw — Sint-Jans-Molenbeek (Brussel)";
    std::fs::write(dir.path().join("print.json"), serde_json::json!({"club": club}).to_string()).unwrap();
    let text = pdftotext(&app.print_standings(&t, None, Some("nl")).unwrap(), dir.path());
    let said: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains(club), "{text}");
    for (settings, said) in [
        (serde_json::json!({"page": "A5"}), "page doit être A4 ou Letter, et non A5"),
        (serde_json::json!({"font_size": 40}), "font_size doit être entre 4 et 30, et non 40"),
        // A figure written as text: the club's file is named, not «an internal error».
        (serde_json::json!({"font_size": "12"}), "print.json"),
    ] {
        std::fs::write(dir.path().join("print.json"), settings.to_string()).unwrap();
        let e = app.print_standings(&t, None, Some("fr")).unwrap_err();
        let fr = e.texts().fr;
        assert!(fr.contains("print.json") && fr.contains(said) && !fr.contains("interne"), "{fr}");
    }
    // A setting given twice is refused, naming it (the last one won).
    std::fs::write(dir.path().join("print.json"), r#"{"page": "A4", "page": "Letter"}"#).unwrap();
    let fr = app.print_standings(&t, None, Some("fr")).unwrap_err().texts().fr;
    assert!(fr.contains("print.json") && fr.contains("le champ `page` est donné deux fois"), "{fr}");
    // A club's name of thousands of characters takes two lines at most: the ranking is printed.
    std::fs::write(dir.path().join("print.json"), serde_json::json!({"club": "Kaartclub ".repeat(450)}).to_string()).unwrap();
    let text = pdftotext(&app.print_standings(&t, None, Some("nl")).unwrap(), dir.path());
    assert!(text.contains("Hélène Dubois") || text.contains("Anne Peeters"), "{text}");
}

/// In the larger type a club may choose (12 points), each table's blank sheet stays on one
/// page, its rows a little shorter: it ran onto a second page holding only spare rows and the
/// totals. The club's name and subtitle above it too.
#[test]
fn a_blank_sheet_in_a_larger_type_stays_on_one_page() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let mut app = atout_api::Atout::open(&db).unwrap();
    let t = app.import_document(&read("spring-open-16.json")).unwrap().id.to_string();
    for settings in [r#"{"font_size": 12}"#, r#"{"font_size": 12, "club": "KC De Troef Sint-Niklaas", "subtitle": "Clubkampioenschap"}"#] {
        std::fs::write(dir.path().join("print.json"), settings).unwrap();
        let pdf = app.print_sheets(&t, 2, false, Some("fr")).unwrap();
        assert_eq!(pages(&pdf, dir.path()), 4, "four tables, a page each: {settings}");
        let text = pdftotext(&pdf, dir.path());
        assert!(text.split('\u{c}').filter(|p| !p.trim().is_empty()).all(|p| p.contains("Points de table") && p.contains(" 20 ")), "{text}");
    }
    // King's sheet, with the key to its notation under it (counted as room it takes).
    std::fs::write(dir.path().join("print.json"), r#"{"font_size": 12}"#).unwrap();
    let k = app.import_document(&read("king-13.json")).unwrap().id.to_string();
    let tables = app.round_view(&k, 1).unwrap().tables.len();
    let pdf = app.print_sheets(&k, 1, false, Some("fr")).unwrap();
    assert_eq!(pages(&pdf, dir.path()), tables, "a page a table");
}
