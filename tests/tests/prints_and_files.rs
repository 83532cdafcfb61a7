//! Prints and files ("The window, tried as a club evening"): a print never replaces a file
//! without being asked; a ranking printed while tables still play says "provisional" and
//! which rounds, on paper (read back with poppler's pdftotext) and in the CSV.

mod common;
use atout_api::print::PrintRequest;
use atout_api::{Atout, TableRef};
use common::*;
use serde_json::{json, Value};
use std::path::Path;

/// The Spring Open with round 4's table 2 not started (nothing written) and round 5's
/// table 2 stopped after 12 deals; the deals held back, to finish the evening with.
fn still_playing() -> (Atout, String, Vec<Value>, Vec<Value>) {
    let mut doc = json("spring-open-16.json");
    let round4 = doc["rounds"][3]["tables"][1]["deals"].as_array().unwrap().clone();
    let round5 = doc["rounds"][4]["tables"][1]["deals"].as_array().unwrap().clone();
    doc["rounds"][3]["tables"][1]["deals"] = json!([]);
    doc["rounds"][4]["tables"][1]["deals"] = json!(round5[..12]);
    let mut app = Atout::open_in_memory().unwrap();
    app.set_actor("secretary").unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    (app, t, round4, round5[12..].to_vec())
}

fn finish(app: &mut Atout, t: &str, round: i64, deals: Vec<Value>) {
    for deal in deals {
        app.deal_add(&TableRef::new(t, round, 2), None, deal).unwrap();
    }
}

const SAID: [(&str, &str, &str); 3] = [
    ("en", "Provisional — rounds 4, 5 still being played", "Provisional — round 5 still being played"),
    ("fr", "Provisoire — manches 4, 5 en cours", "Provisoire — manche 5 en cours"),
    ("nl", "Voorlopig — ronden 4, 5 worden nog gespeeld", "Voorlopig — ronde 5 wordt nog gespeeld"),
];

#[test]
fn a_ranking_printed_while_tables_play_says_provisional_and_which_rounds() {
    let (mut app, t, round4, round5) = still_playing();
    let dir = tempfile::tempdir().unwrap();
    for (lang, both, _) in SAID {
        // Round 4's table has not started: its players have no result there, and still the round is open.
        let text = pdftotext(&app.print_standings(&t, None, Some(lang)).unwrap(), dir.path());
        assert!(text.contains(both), "{lang}: «{both}» in\n{text}");
        // Only the rounds counted: after round 3 the ranking is final.
        let text = pdftotext(&app.print_standings(&t, Some(3), Some(lang)).unwrap(), dir.path());
        let word = both.split(' ').next().unwrap();
        assert!(!text.contains(word), "{lang}: after round 3 nothing is provisional\n{text}");
    }
    finish(&mut app, &t, 4, round4);
    for (lang, _, five) in SAID {
        let text = pdftotext(&app.print_standings(&t, None, Some(lang)).unwrap(), dir.path());
        assert!(text.contains(five), "{lang}: «{five}» in\n{text}");
    }
    finish(&mut app, &t, 5, round5);
    for (lang, both, _) in SAID {
        let text = pdftotext(&app.print_standings(&t, None, Some(lang)).unwrap(), dir.path());
        let word = both.split(' ').next().unwrap();
        assert!(!text.contains(word), "{lang}: complete, no «{word}»\n{text}");
    }
}

#[test]
fn the_standings_csv_says_provisional_on_every_row_until_the_round_is_complete() {
    let (mut app, t, round4, round5) = still_playing();
    for (lang, head, open) in [("fr", "Provisoire — manche(s) en cours", "4, 5"), ("nl", "Voorlopig — ronde(n) nog bezig", "4, 5")] {
        let csv = app.export_csv(&t, "standings", b';', Some(lang), None).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert!(lines[0].ends_with(&format!(";{head}")), "{lang}: {}", lines[0]);
        assert_eq!(lines.len(), 17, "{csv}");
        assert!(lines[1..].iter().all(|l| l.ends_with(&format!(";{open}"))), "{lang}: {csv}");
    }
    // `atout standings --format csv` says it too (comma separated: the rounds are quoted).
    let csv = app.standings_rendered(&t, None, atout_api::StandingsFormat::Csv, "en").unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",Provisional — round(s) still being played"), "{csv}");
    assert!(csv.lines().skip(1).all(|l| l.ends_with(",\"4, 5\"")), "{csv}");
    // And `atout standings` as text, under its heading, as the printed ranking (it said nothing).
    let text = app.standings_rendered(&t, None, atout_api::StandingsFormat::Table, "nl").unwrap();
    assert_eq!(text.lines().nth(1), Some("Voorlopig — ronden 4, 5 worden nog gespeeld"), "{text}");
    finish(&mut app, &t, 4, round4);
    let csv = app.export_csv(&t, "standings", b';', Some("fr"), None).unwrap();
    assert!(csv.lines().skip(1).all(|l| l.ends_with(";5")), "{csv}");
    // Complete: the very file a finished tournament exports, the golden one.
    finish(&mut app, &t, 5, round5);
    assert_eq!(app.export_csv(&t, "standings", b';', Some("fr"), None).unwrap(), read("csv/spring-open-16.standings.csv"));
    let csv = app.standings_rendered(&t, None, atout_api::StandingsFormat::Csv, "en").unwrap();
    assert!(!csv.contains("Provisional"), "{csv}");
    let text = app.standings_rendered(&t, None, atout_api::StandingsFormat::Table, "en").unwrap();
    assert!(!text.contains("Provisional"), "{text}");
}

fn request(t: &str, what: &str, path: &Path) -> PrintRequest {
    PrintRequest { tournament: t.into(), what: what.into(), lang: Some("en".into()), path: Some(path.display().to_string()), ..Default::default() }
}

#[test]
fn a_print_never_replaces_a_file_unless_asked() {
    let (mut app, t) = imported("spring-open-16.json");
    let dir = tempfile::tempdir().unwrap();
    // A file that was there before: refused, said in every language, left as it was.
    let old = dir.path().join("ranking.pdf");
    std::fs::write(&old, "the club's own file").unwrap();
    let err = app.save_print(&request(&t, "standings", &old)).unwrap_err();
    assert_eq!(err.kind(), "conflict", "{err}");
    let said = err.texts();
    let shown = old.display().to_string();
    assert!(said.en.contains(&shown) && said.en.contains("already exists"), "{}", said.en);
    assert!(said.fr.contains(&shown) && said.fr.contains("existe déjà"), "{}", said.fr);
    assert!(said.nl.contains(&shown) && said.nl.contains("bestaat al"), "{}", said.nl);
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "the club's own file");
    // Asked to replace it: replaced.
    let path = app.save_print(&PrintRequest { overwrite: true, ..request(&t, "standings", &old) }).unwrap();
    assert_eq!(path, shown);
    assert!(std::fs::read(&old).unwrap().starts_with(b"%PDF"));

    // A PDF is not written under a spreadsheet's name, nor a spreadsheet under a PDF's
    // (`print season --out s.csv` wrote a PDF named .csv); nothing is written.
    let misnamed = dir.path().join("ranking.csv");
    let err = app.save_print(&request(&t, "standings", &misnamed)).unwrap_err();
    assert!(err.kind() == "invalid" && err.to_string().contains("but this is a PDF: name it .pdf"), "{err}");
    let err = app.save_print(&request(&t, "standings-csv", &dir.path().join("ranking.pdf"))).unwrap_err();
    assert!(err.to_string().contains("this is a spreadsheet file (CSV): name it .csv"), "{err}");
    assert!(!misnamed.exists());
    // A dot in a name is no kind of file: «Winter.2026» is printed.
    app.save_print(&request(&t, "standings", &dir.path().join("Winter.2026"))).unwrap();
    // The ranking printed, then the seating plan sent to the same file: the ranking stays.
    let file = dir.path().join("evening.pdf");
    app.save_print(&request(&t, "standings", &file)).unwrap();
    let ranking = std::fs::read(&file).unwrap();
    let err = app.save_print(&PrintRequest { round: Some(1), ..request(&t, "seating", &file) }).unwrap_err();
    assert_eq!(err.kind(), "conflict");
    assert_eq!(std::fs::read(&file).unwrap(), ranking, "the ranking is intact");
    assert!(pdftotext(&ranking, dir.path()).contains("Standings — Spring Open 2026"));
    // And a CSV export likewise.
    let csv = dir.path().join("standings.csv");
    app.save_print(&request(&t, "standings-csv", &csv)).unwrap();
    std::fs::write(&csv, "kept").unwrap();
    assert_eq!(app.save_print(&request(&t, "standings-csv", &csv)).unwrap_err().kind(), "conflict");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "kept");
    app.save_print(&PrintRequest { overwrite: true, lang: Some("fr".into()), ..request(&t, "standings-csv", &csv) }).unwrap();
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), read("csv/spring-open-16.standings.csv"));
    // The ranking after round 1, as the window's panel asks it (the PDF followed the round;
    // the CSV gave the standings as they stand, under a name saying round 1). Read from the
    // final ranking above: round 1 gave Noël Lejeune 10 table points (score −1), Anne
    // Peeters 8 (−5).
    let first = dir.path().join("round-1.csv");
    app.save_print(&PrintRequest { round: Some(1), lang: Some("fr".into()), ..request(&t, "standings-csv", &first) }).unwrap();
    let text = std::fs::read_to_string(&first).unwrap();
    let rows: Vec<Vec<&str>> = text.trim_start_matches('\u{feff}').lines().map(|l| l.split(';').collect()).collect();
    assert_eq!(rows[0], ["Rang", "Id", "Joueur", "Points", "Score", "Meilleure", "M1"], "{text}");
    let row = |id: &str| rows.iter().find(|r| r[1] == id).unwrap().clone();
    assert_eq!((row("p14")[3], row("p14")[4]), ("10", "-1"), "{text}");
    assert_eq!((row("p01")[3], row("p01")[4]), ("8", "-5"), "{text}");
}

/// The request as the window sends it (JSON): `overwrite` is optional, off unless said.
#[test]
fn overwrite_is_off_unless_the_request_says_so() {
    let req: PrintRequest = serde_json::from_value(json!({"tournament": "1", "what": "standings", "path": "/tmp/x.pdf"})).unwrap();
    assert!(!req.overwrite);
    let req: PrintRequest = serde_json::from_value(json!({"tournament": "1", "what": "standings", "overwrite": true})).unwrap();
    assert!(req.overwrite);
}

/// The file proposed follows the document (and its round): never the seating plan's name
/// for the ranking.
#[test]
fn the_proposed_file_names_the_document() {
    let (mut app, t) = imported("spring-open-16.json");
    let named = |app: &mut Atout, what: &str, round: Option<i64>, lang: &str| {
        let req = PrintRequest { tournament: t.clone(), what: what.into(), round, lang: Some(lang.into()), ..Default::default() };
        let path = app.default_print_path(&req).unwrap();
        Path::new(&path).file_name().unwrap().to_string_lossy().to_string()
    };
    let name = |app: &mut Atout, what: &str, round: Option<i64>| named(app, what, round, "en");
    // In the print's language: a French or Dutch club's files read in its words.
    assert_eq!(named(&mut app, "standings", Some(3), "fr"), "Spring-Open-2026-classement-manche-3.pdf");
    assert_eq!(named(&mut app, "completed-sheets", Some(2), "nl"), "Spring-Open-2026-ingevulde-bladen-ronde-2.pdf");
    assert_eq!(named(&mut app, "lines-csv", None, "fr"), "Spring-Open-2026-lignes.csv");
    assert_eq!(name(&mut app, "standings", None), "Spring-Open-2026-standings.pdf");
    assert_eq!(name(&mut app, "standings", Some(3)), "Spring-Open-2026-standings-round-3.pdf");
    assert_eq!(name(&mut app, "seating", Some(1)), "Spring-Open-2026-seating-round-1.pdf");
    assert_eq!(name(&mut app, "standings-csv", None), "Spring-Open-2026-standings.csv");
    assert_eq!(name(&mut app, "completed-sheets", Some(2)), "Spring-Open-2026-completed-sheets-round-2.pdf");
    // A season's file too («Hiver-2026-saison.pdf», not «…-season.pdf» on a French screen).
    let season = app.season_create("Hiver 2026", None).unwrap().id.to_string();
    for (lang, want) in [("fr", "Hiver-2026-saison.pdf"), ("nl", "Hiver-2026-seizoen.pdf"), ("en", "Hiver-2026-season.pdf")] {
        let req = PrintRequest { season: Some(season.clone()), what: "season".into(), lang: Some(lang.into()), ..Default::default() };
        let path = app.default_print_path(&req).unwrap();
        assert_eq!(Path::new(&path).file_name().unwrap().to_string_lossy(), want);
    }
}

/// A print named as a folder or as the database itself is refused as such before anything
/// else: the window asked first whether to replace it, and refused it only once «Replace»
/// was pressed.
#[test]
fn a_print_onto_a_folder_or_the_database_is_refused_before_it_is_asked_to_replace() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let mut app = Atout::open(&db).unwrap();
    let t = app.import_document(&common::read("spring-open-16.json")).unwrap().id.to_string();
    let err = app.save_print(&request(&t, "standings", &db)).unwrap_err();
    assert_eq!(err.kind(), "invalid", "{err}");
    assert!(err.texts().fr.contains("le fichier même de cette base de données"), "{}", err.texts().fr);
    let err = app.save_print(&request(&t, "standings", dir.path())).unwrap_err();
    assert!(err.kind() != "conflict" && err.texts().fr.contains("un dossier, pas un fichier"), "{}: {}", err.kind(), err.texts().fr);
}
