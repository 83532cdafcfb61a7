//! Seasons (RULES.md §6 "Seasons"): the fixture season of fixtures/season/ — three home
//! evenings and two other clubs' archives — against standings computed outside Rust
//! (fixtures/gen/make_season.py), archives matched and imported once, doubts settled, an
//! evening corrected after the season was drawn up, the player's page, CSV and PDF.

mod common;

use atout_api::{ApiError, Atout, StandingsFormat};
use common::{json, pdftotext, read, word_lefts};
use serde_json::{json as j, Value};

/// The season as the script builds it: the home evenings imported in order, then the
/// archives imported into the season.
fn season(settings: &Value) -> Atout {
    let mut app = Atout::open_in_memory().unwrap();
    app.set_actor("secretary Marie").unwrap();
    let s = app.season_create("Winter 2026", Some(settings)).unwrap();
    for home in ["home-1", "home-2", "home-3"] {
        let t = app.import_document(&read(&format!("season/{home}.json"))).unwrap();
        app.season_add(&s.id.to_string(), &t.id.to_string()).unwrap();
    }
    for archive in ["archive-harten", "archive-ruiten"] {
        app.season_import("Winter 2026", &read(&format!("season/{archive}.json"))).unwrap();
    }
    app
}

/// The standings as FORMAT.md writes them, with only the fields the script computes.
fn format_md(app: &mut Atout) -> Value {
    let s = serde_json::to_value(app.season_standings("Winter 2026").unwrap()).unwrap();
    let rows: Vec<Value> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let results: Vec<Value> =
                r["results"].as_array().unwrap().iter().map(|x| j!({"tournament": x["tournament"], "points": x["points"], "counted": x["counted"]})).collect();
            j!({"rank": r["rank"], "shared": r["shared"], "qualified": r["qualified"], "name": r["name"], "club": r["club"], "member": r["member"],
                "evenings": r["evenings"], "total": r["total"], "results": results})
        })
        .collect();
    let clubs: Vec<Value> =
        s["clubs"].as_array().unwrap().iter().map(|c| j!({"rank": c["rank"], "shared": c["shared"], "club": c["club"], "total": c["total"]})).collect();
    j!({"season": s["season"], "evenings": s["evenings"], "rows": rows, "clubs": clubs})
}

fn without_settings(mut expected: Value) -> Value {
    expected.as_object_mut().unwrap().remove("settings");
    expected
}

#[test]
fn the_fixture_season_ranks_as_computed_outside_rust() {
    let expected = json("season/expected.json");
    let mut app = season(&expected["settings"]);
    assert_eq!(format_md(&mut app), without_settings(expected));
    // The same season under a place scale: the settings change, the standings follow.
    let scale = json("season/expected-scale.json");
    app.season_settings("Winter 2026", &scale["settings"], "the league's scale").unwrap();
    assert_eq!(format_md(&mut app), without_settings(scale));
}

#[test]
fn archives_are_matched_by_member_number_then_name_and_club() {
    let expected = json("season/imports.json");
    let mut app = Atout::open_in_memory().unwrap();
    let s = app.season_create("Winter 2026", None).unwrap().id.to_string();
    for home in ["home-1", "home-2", "home-3"] {
        app.import_document(&read(&format!("season/{home}.json"))).unwrap();
    }
    for archive in ["archive-harten", "archive-ruiten"] {
        let r = app.season_import(&s, &read(&format!("season/{archive}.json"))).unwrap();
        let names = |list: &[atout_api::Player]| list.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
        let want = |k: &str| expected[archive][k].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect::<Vec<_>>();
        assert_eq!(names(&r.matched), want("matched"), "{archive}");
        assert_eq!(names(&r.added), want("added"), "{archive}");
        assert_eq!(r.unsure.iter().map(|d| d.player.name.clone()).collect::<Vec<_>>(), want("unsure"), "{archive}");
    }
    // The archive's rulings are not said ruled at the import's time (the document does not
    // say when): imported, as a tournament's are.
    let ruiten = app.tournament_list().unwrap().into_iter().find(|t| t.name.contains("Ruiten")).unwrap().id.to_string();
    let rulings = app.rulings_list(&ruiten).unwrap();
    assert!(!rulings.is_empty() && rulings.iter().all(|r| r.imported), "{rulings:?}");
    // Harten's "Jan Claes" may be the home club's: registered apart, left for the secretary.
    let doubts = app.player_doubts().unwrap();
    assert_eq!(doubts.len(), 1);
    assert_eq!((doubts[0].player.club.as_str(), doubts[0].candidate.club.as_str(), doubts[0].same), ("KC Harten", "KC De Troef", None));
}

#[test]
fn the_same_archive_twice_changes_nothing() {
    let mut app = season(&Value::Null);
    let before = app.row_counts().unwrap();
    let again = app.season_import("Winter 2026", &read("season/archive-harten.json")).unwrap();
    assert!(again.already);
    assert_eq!(app.row_counts().unwrap(), before);
    // Exported again by another program, with its log: the same evening, nothing written.
    let mut doc = json("season/archive-harten.json");
    doc["generator"] = j!("Atout 9.9");
    doc["audit"] = j!([{"at": "2026-10-10T20:00:00Z", "action": "deal.add"}]);
    assert!(app.season_import("Winter 2026", &doc.to_string()).unwrap().already);
    assert_eq!(app.row_counts().unwrap(), before);
    // Exported again from this database, which writes out what the archive left to its
    // defaults (an empty member number, the bye's worth): the same evening (it was imported
    // a second time, its 18 players registered anew).
    let harten = app.tournament_list().unwrap().into_iter().find(|t| t.name == "Harten Cup").unwrap().id.to_string();
    let again = serde_json::to_string(&app.export_document(&harten).unwrap()).unwrap();
    assert!(app.season_import("Winter 2026", &again).unwrap().already);
    assert_eq!(app.row_counts().unwrap(), before);
    // A refused archive writes nothing either.
    doc["players"][0]["id"] = doc["players"][1]["id"].clone();
    doc["name"] = j!("Harten Cup, broken");
    let e = app.season_import("Winter 2026", &doc.to_string()).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("format"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
}

/// An archive imported into a second season (the club's, then the federation's) is the
/// same evening in both: no second tournament, no player registered twice (it made a copy,
/// listed and counted twice on the club's pages).
#[test]
fn an_archive_in_two_seasons_is_one_evening() {
    let mut app = season(&Value::Null);
    let tournaments = app.tournament_list().unwrap().len();
    let players = app.players_list().unwrap().len();
    app.season_create("Federation", None).unwrap();
    let r = app.season_import("Federation", &read("season/archive-harten.json")).unwrap();
    assert_eq!((r.already, r.in_season.as_deref(), r.tournament.name.as_str()), (false, Some("Winter 2026"), "Harten Cup"));
    assert_eq!((app.tournament_list().unwrap().len(), app.players_list().unwrap().len()), (tournaments, players));
    let federation = app.season_standings("Federation").unwrap();
    assert_eq!(federation.tournaments.iter().map(|t| t.id).collect::<Vec<_>>(), vec![r.tournament.id]);
    // Asked again: in that season already, nothing changes.
    let before = app.row_counts().unwrap();
    assert!(app.season_import("Federation", &read("season/archive-harten.json")).unwrap().already);
    assert_eq!(app.row_counts().unwrap(), before);
}

/// An archive taken out of its season and imported again, into it or into another season,
/// is that same evening put back: it made a second copy, the evening listed twice and its
/// players' results counted twice once the first was put back too.
#[test]
fn an_archive_taken_out_and_imported_again_is_the_same_evening() {
    let mut app = season(&Value::Null);
    let harten = app.tournament_list().unwrap().into_iter().find(|t| t.name == "Harten Cup").unwrap().id;
    let (tournaments, players) = (app.tournament_list().unwrap().len(), app.players_list().unwrap().len());
    app.season_remove("Winter 2026", &harten.to_string(), "by mistake").unwrap();
    let r = app.season_import("Winter 2026", &read("season/archive-harten.json")).unwrap();
    assert_eq!((r.already, r.in_season.as_deref(), r.tournament.id), (false, Some("Winter 2026"), harten));
    assert_eq!((app.tournament_list().unwrap().len(), app.players_list().unwrap().len()), (tournaments, players));
    assert_eq!(app.season_standings("Winter 2026").unwrap().tournaments.iter().filter(|t| t.name == "Harten Cup").count(), 1);
    // Taken out, put back by hand, imported again: in the season already, nothing written.
    app.season_remove("Winter 2026", &harten.to_string(), "again").unwrap();
    app.season_add("Winter 2026", &harten.to_string()).unwrap();
    let before = app.row_counts().unwrap();
    assert!(app.season_import("Winter 2026", &read("season/archive-harten.json")).unwrap().already);
    assert_eq!(app.row_counts().unwrap(), before);
    // Taken out, then imported into another season: the same evening there.
    app.season_remove("Winter 2026", &harten.to_string(), "belongs to the federation").unwrap();
    app.season_create("Federation", None).unwrap();
    let r = app.season_import("Federation", &read("season/archive-harten.json")).unwrap();
    assert_eq!((r.already, r.tournament.id), (false, harten));
    assert_eq!(app.tournament_list().unwrap().len(), tournaments);
}

fn row<'a>(s: &'a atout_api::SeasonStandings, name: &str, club: &str) -> Option<&'a atout_api::SeasonStandingRow> {
    s.rows.iter().find(|r| r.name == name && r.club == club)
}

/// The secretary says Harten's Jan Claes is the home club's: his four evenings are one
/// player's. Home: 60 (2 Oct), 32 (9 Oct), 44 (16 Oct); Harten Cup (10 Oct): 44. Best three:
/// 60 + 44 + 44 = 148. Said apart again, he is back to 60 + 32 + 44 = 136 and the Harten
/// Jan to his own 44. The next archive naming "Jan Claes, KC Harten" finds the Harten Jan.
#[test]
fn a_doubt_settled_is_followed_and_remembered() {
    let settings = json("season/expected.json")["settings"].clone();
    let mut app = season(&settings);
    let d = app.player_doubts().unwrap().remove(0);
    let (harten, home) = (d.player.id, d.candidate.id);
    let s = app.season_standings("Winter 2026").unwrap();
    assert_eq!(row(&s, "Jan Claes", "KC De Troef").unwrap().total.as_f64(), 136.0);
    assert_eq!(row(&s, "Jan Claes", "KC Harten").unwrap().total.as_f64(), 44.0);
    let doubts = app.player_settle(harten, home, true, "the same Jan: he plays at both clubs").unwrap();
    assert_eq!(doubts[0].same, Some(true));
    let s = app.season_standings("Winter 2026").unwrap();
    let jan = row(&s, "Jan Claes", "KC De Troef").unwrap();
    assert_eq!((jan.evenings, jan.total.as_f64()), (4, 148.0));
    assert_eq!(jan.results.iter().filter(|r| r.counted).map(|r| r.points.as_f64()).collect::<Vec<_>>(), vec![60.0, 44.0, 44.0]);
    assert!(row(&s, "Jan Claes", "KC Harten").is_none());
    // Two people who played the same evening are never one.
    let anne = s.rows.iter().find(|r| r.name == "Anne Peeters").unwrap().player;
    let bart = s.rows.iter().find(|r| r.name == "Bart Maes").unwrap().player;
    let before = app.row_counts().unwrap();
    let e = app.player_settle(anne, bart, true, "").unwrap_err();
    assert!(matches!(e, ApiError::Refused { .. }) && e.rule().unwrap().code() == "player-twice", "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    // One person is seated once an evening: named both, an evening refuses them; everyone
    // entered, the one registered first. Both once entered a later evening and the season
    // gave Jan that evening twice.
    let t = app
        .tournament_create(&atout_api::NewTournament { name: "Friday 30 October".into(), game: "double-king".into(), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    let before = app.row_counts().unwrap();
    let e = app.tournament_enter(&t, &[home, harten]).unwrap_err();
    assert!(matches!(e, ApiError::Refused { .. }) && e.rule().unwrap().code() == "player-twice", "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    app.tournament_enter(&t, &[]).unwrap();
    // (Entered by the window or the CLI, a registered player's code in the evening is p + their number.)
    let entered: Vec<String> = app.tournament_players(&t).unwrap().into_iter().map(|e| e.player).collect();
    assert!(entered.contains(&format!("p{home}")) && !entered.contains(&format!("p{harten}")), "{entered:?}");
    // An evening imported naming both (matched to each record): refused, nothing written.
    let mut doc = json("season/home-1.json");
    doc["name"] = j!("Friday 30 October, imported");
    let other = doc["players"].as_array().unwrap().iter().position(|p| p["name"] != "Jan Claes").unwrap();
    doc["players"][other]["name"] = j!("Jan Claes");
    doc["players"][other]["club"] = j!("KC Harten");
    doc["players"][other]["member"] = j!("");
    let before = app.row_counts().unwrap();
    let e = app.import_document(&doc.to_string()).unwrap_err();
    assert!(matches!(e, ApiError::Refused { .. }) && e.rule().unwrap().code() == "player-twice", "{e}");
    let e = app.season_import("Winter 2026", &doc.to_string()).unwrap_err();
    assert!(matches!(e, ApiError::Refused { .. }) && e.rule().unwrap().code() == "player-twice", "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    // Apart again: the latest word holds.
    app.player_settle(home, harten, false, "two Jans after all").unwrap();
    let s = app.season_standings("Winter 2026").unwrap();
    assert_eq!(row(&s, "Jan Claes", "KC De Troef").unwrap().total.as_f64(), 136.0);
    assert_eq!(row(&s, "Jan Claes", "KC Harten").unwrap().total.as_f64(), 44.0);
    // Another Harten evening naming him as before: matched by name and club, no new doubt.
    let mut doc = json("season/archive-harten.json");
    doc["name"] = j!("Harten Cup, second evening");
    doc["date"] = j!("2026-10-24");
    let r = app.season_import("Winter 2026", &doc.to_string()).unwrap();
    assert!(r.unsure.is_empty(), "{:?}", r.unsure);
    assert!(r.matched.iter().any(|p| p.id == harten));
    assert_eq!(app.player_doubts().unwrap().len(), 1);
}

/// An evening corrected after the season was drawn up: the season follows at once. Home
/// evening 1's table 1 of round 1 is corrected so that seats' table points change; each
/// player's evening value in the season is the evening's new table points.
#[test]
fn an_evening_corrected_later_is_followed() {
    let mut app = season(&Value::Null);
    let t = app.tournament_list().unwrap().into_iter().find(|t| t.name == "Friday 2 October").unwrap().id.to_string();
    let before = app.standings(&t, None).unwrap();
    // The season drawn up first: what it keeps of each evening must follow the ruling below.
    let drawn_up = app.season_standings("Winter 2026").unwrap();
    let at = atout_api::TableRef::new(&t, 1, 1);
    let sheet = app.sheet(&at).unwrap();
    // The jury's ruling moves five points from seat 4 to seat 1 of that table.
    app.ruling_add(&at, j!({"seat": 4, "points": [5, 0, 0, -5], "reason": "a revoke found on the cards", "by": "jury Paul"})).unwrap();
    let after = app.standings(&t, None).unwrap();
    assert_ne!(before.rows, after.rows);
    let s = app.season_standings("Winter 2026").unwrap();
    assert_ne!(s.rows, drawn_up.rows);
    let names: Vec<String> = sheet.seats.iter().map(|seat| seat.name.clone()).collect();
    for name in names {
        let evening = after.rows.iter().find(|r| *r.name == *name).unwrap();
        let season_row = s.rows.iter().find(|r| r.name == name).unwrap();
        let result = season_row.results.iter().find(|r| r.tournament == "Friday 2 October").unwrap();
        assert_eq!(result.points.as_f64(), evening.table_points.unwrap().as_f64(), "{name}");
    }
}

/// A player's page: every evening of the season with place, points and tables; an evening
/// not played is listed as such. Julie Mertens (fixture): 2 Oct place 9 (46), 9 Oct 42 not
/// counted, Harten Cup not played, 16 Oct 58, Ruiten Trophy 70.
#[test]
fn a_players_page_lists_every_evening() {
    let settings = json("season/expected.json")["settings"].clone();
    let mut app = season(&settings);
    let p = app.season_player("Winter 2026", "julie mertens").unwrap();
    assert_eq!((p.rank, p.total.as_f64(), p.qualified), (Some(1), 174.0, true));
    // The evenings a player needs, said on the page of one who has fewer (it said «Fewer than  evenings»).
    assert_eq!(Some(p.min_evenings), settings["min_evenings"].as_u64());
    let line: Vec<(String, bool, Option<f64>, bool)> =
        p.evenings.iter().map(|e| (e.tournament.clone(), e.played, e.points.map(|x| x.as_f64()), e.counted)).collect();
    assert_eq!(
        line,
        vec![
            ("Friday 2 October".into(), true, Some(46.0), true),
            ("Friday 9 October".into(), true, Some(42.0), false),
            ("Harten Cup".into(), false, None, false),
            ("Friday 16 October".into(), true, Some(58.0), true),
            ("Ruiten Trophy".into(), true, Some(70.0), true),
        ]
    );
    // Julie sits as p10 in home-1: spring-open-16's p10 (shared 10th, tables 1 … 5 as played).
    let spring = json("spring-open-16.expected.json");
    let p10 = spring["rows"].as_array().unwrap().iter().find(|r| r["player"] == "p10").unwrap();
    let first = &p.evenings[0];
    assert_eq!((first.place, first.shared), (Some(10), true));
    let tables: Vec<Value> = p10["rounds"].as_array().unwrap().iter().map(|r| r["table"].clone()).collect();
    assert_eq!(first.tables.iter().map(|t| j!(t.table)).collect::<Vec<_>>(), tables);
    assert!(app.season_player("Winter 2026", "Nobody Here").is_err());
    // An evening still being played is said so on the page (its place may change; the page
    // gave it as final).
    assert!(p.evenings.iter().all(|e| !e.provisional));
    let open = app
        .tournament_create(&atout_api::NewTournament {
            name: "Friday 23 October".into(),
            game: "double-king".into(),
            date: Some("2026-10-23".into()),
            rounds: Some(2),
            settings: None,
        })
        .unwrap()
        .id
        .to_string();
    app.season_add("Winter 2026", &open).unwrap();
    let p = app.season_player("Winter 2026", "julie mertens").unwrap();
    let last = p.evenings.iter().find(|e| e.tournament == "Friday 23 October").unwrap();
    assert!(last.provisional && !last.played, "{:?}", (last.provisional, last.played));
}

#[test]
fn the_season_prints_and_exports() {
    let settings = json("season/expected.json")["settings"].clone();
    let mut app = season(&settings);
    let csv = app.season_rendered("Winter 2026", StandingsFormat::Csv, "nl").unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "Rang,Speler,Club,Lid,Avonden,Totaal,Friday 2 October,Friday 9 October,Harten Cup,Friday 16 October,Ruiten Trophy,Gerangschikt"
    );
    // An evening that does not count is said so in words: a spreadsheet reads «(42)» as −42.
    assert_eq!(lines.next().unwrap(), "1,Julie Mertens,KC De Troef,1010,4,174,46,42 (telt niet),,58,70,ja");
    let dir = tempfile::tempdir().unwrap();
    // Saved from the window, as the tournament's exports are: a byte-order mark and `;`, so
    // that a Belgian Excel opens it in columns (it wrote commas, without the mark).
    let saved = dir.path().join("season.csv");
    let req = atout_api::print::PrintRequest {
        what: "season-csv".into(),
        season: Some("Winter 2026".into()),
        lang: Some("nl".into()),
        path: Some(saved.display().to_string()),
        ..Default::default()
    };
    app.save_print(&req).unwrap();
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.starts_with("\u{feff}Rang;Speler;Club;Lid;Avonden;Totaal;"), "{text}");
    assert!(text.contains("\n1;Julie Mertens;KC De Troef;1010;4;174;46;42 (telt niet);;58;70;ja"), "{text}");
    let text = pdftotext(&app.print_season("Winter 2026", Some("en")).unwrap(), dir.path());
    assert!(text.contains("Season — Winter 2026"), "{text}");
    assert!(text.contains("the best 3 evenings count"), "{text}");
    assert!(text.contains("Fewer than 2 evenings: ranked after the others"), "{text}");
    let julie = text.lines().find(|l| l.contains("Julie Mertens")).unwrap();
    let cells: Vec<&str> = julie.split_whitespace().collect();
    assert_eq!(cells, ["1", "Julie", "Mertens", "KC", "De", "Troef", "4", "174", "46", "(42)", "58", "70"], "{julie}");
    let clubs = text.lines().find(|l| l.contains("KC De Troef") && l.contains("506")).unwrap();
    assert!(clubs.trim_start().starts_with('1'), "{clubs}");
    // The players under the minimum are a second table whose columns line up with the first:
    // the same header, at the same places.
    // Where each header's "Total" and "E5" stand on the page, read back by pdftotext -bbox.
    let pdf = app.print_season("Winter 2026", Some("en")).unwrap();
    // (The legend's "E5 — Ruiten Trophy" stands at the margin, no header.)
    let fifth: Vec<String> = word_lefts(&pdf, dir.path(), "E5").into_iter().filter(|x| x.parse::<f64>().is_ok_and(|x| x > 100.0)).collect();
    let totals = word_lefts(&pdf, dir.path(), "Total");
    assert!(fifth.len() >= 2, "{fifth:?}");
    assert!(
        fifth.iter().all(|x| *x == fifth[0]) && totals.iter().filter(|x| **x == totals[0]).count() >= 2,
        "the two tables' columns line up: {totals:?} {fifth:?}"
    );
    // In French, what counts reads whole (never cut at the page's edge).
    let fr = pdftotext(&app.print_season("Winter 2026", Some("fr")).unwrap(), dir.path());
    let said: String = fr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(said.contains("au moins 2 soirées") && !said.contains('…'), "{fr}");
    // A club's long name breaks over lines in the clubs' ranking, never cut (it was, beside
    // its players, where the players' ranking above broke it).
    let julie = app.players_list().unwrap().into_iter().find(|p| p.name == "Julie Mertens").unwrap();
    let club = "Koninklijke Kaartersvereniging Sint-Hubertus Ærtselaar-Boechout vzw";
    let long = "Julie Marie-Élisabeth Françoise Mertens-Vanderstraeten de Wœstyne";
    app.player_edit(julie.id, long, club, &julie.member, "the club's full name").unwrap();
    let nl = pdftotext(&app.print_season("Winter 2026", Some("nl")).unwrap(), dir.path());
    assert!(!nl.contains('…'), "{nl}");
    let clubs = &nl[nl.rfind("Clubs").unwrap_or(0)..];
    assert!(clubs.contains("Ærtselaar-Boechout"), "{clubs}");
}

#[test]
fn refusals_name_what_is_wrong_and_write_nothing() {
    let mut app = season(&Value::Null);
    let before = app.row_counts().unwrap();
    let e = app.season_create("Spring", Some(&j!({"count": {"best": 0}}))).unwrap_err();
    assert_eq!(e.rule().unwrap().code(), "season-settings");
    assert!(app.season_create("Winter 2026", None).is_err());
    assert!(app.season_create("  ", None).is_err());
    let t = app.tournament_list().unwrap()[0].id.to_string();
    assert!(app.season_add("Winter 2026", &t).is_err());
    assert!(app.season_add("No such season", &t).is_err());
    assert!(app.season_settings("Winter 2026", &j!({"points": [1, 2]}), "").is_err());
    assert!(app.player_settle(1, 1, true, "").is_err());
    assert!(app.player_settle(1, 99_999, false, "").is_err());
    assert_eq!(app.row_counts().unwrap(), before);
    // Taken out, then put back: the standings follow each time.
    let evenings = |app: &mut Atout| app.season_standings("Winter 2026").unwrap().evenings;
    app.season_remove("Winter 2026", &t, "played under the wrong settings").unwrap();
    assert_eq!(evenings(&mut app), 4);
    app.season_add("Winter 2026", &t).unwrap();
    assert_eq!(evenings(&mut app), 5);
}

/// A bye and a withdrawal count as the evening counts them. One evening of eight: round 1 at
/// two tables, each played as RULES.md §1's worked example (first dealer seat 3: seats score
/// 14, 3, 3, −20, so table points 16, 10, 10, 4); table 1's seat 1 goes home after round 1;
/// round 2 seats four at one table (the same sheet) and gives three byes (10 table points, the
/// table average). The season brings each player the evening's table points: 16 for the one
/// who left, having played one round; r1 + 10 for a bye; r1 + the seat's points for the others.
#[test]
fn byes_and_withdrawals_count_as_the_evening_counts_them() {
    let mut app = Atout::open_in_memory().unwrap();
    let t =
        app.tournament_create(&atout_api::NewTournament { name: "Short".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() }).unwrap();
    let t = t.id.to_string();
    app.players_import("name\nA1\nA2\nA3\nA4\nA5\nA6\nA7\nA8\n", Some(&t)).unwrap();
    let seat_points = [16.0, 10.0, 10.0, 4.0];
    let play = |app: &mut Atout, round: i64, table: i64| {
        let at = atout_api::TableRef::new(&t, round, table);
        app.table_dealer(&at, 3, "cards drawn for the deal").unwrap();
        for line in common::worked_example() {
            app.deal_add(&at, None, line).unwrap();
        }
    };
    let r1 = app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(3))).unwrap();
    play(&mut app, 1, 1);
    play(&mut app, 1, 2);
    let mut expected: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    for table in &r1.tables {
        for (k, seat) in table.seats.iter().enumerate() {
            expected.insert(seat.name.clone(), seat_points[k]);
        }
    }
    let gone = r1.tables[0].seats[0].clone();
    app.player_withdraw(&t, &gone.player, None, "went home").unwrap();
    let r2 = app.round_draw(&t, &atout_api::DrawRequest::new(2, Some(3))).unwrap();
    assert_eq!((r2.tables.len(), r2.byes.len()), (1, 3));
    play(&mut app, 2, 1);
    for (k, seat) in r2.tables[0].seats.iter().enumerate() {
        *expected.get_mut(&seat.name).unwrap() += seat_points[k];
    }
    for bye in &r2.byes {
        *expected.get_mut(&bye.name).unwrap() += 10.0;
    }
    app.season_create("One evening", None).unwrap();
    app.season_add("One evening", &t).unwrap();
    let s = app.season_standings("One evening").unwrap();
    assert_eq!(s.rows.len(), 8);
    for row in &s.rows {
        assert_eq!((row.total.as_f64(), row.evenings), (expected[&row.name], 1), "{}", row.name);
    }
    assert_eq!(expected[&gone.name], 16.0);
    // Under a place scale the one who left keeps the evening's place he finished in.
    app.season_settings("One evening", &j!({"points": [8, 7, 6, 5, 4, 3, 2, 1]}), "").unwrap();
    let evening = app.standings(&t, None).unwrap();
    let place = evening.rows.iter().find(|r| *r.name == gone.name).unwrap();
    let ways = evening.rows.iter().filter(|r| r.rank == place.rank).count();
    let scale = [8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0];
    let share: f64 = scale[place.rank - 1..place.rank - 1 + ways].iter().sum::<f64>() / ways as f64;
    let s = app.season_standings("One evening").unwrap();
    let row = s.rows.iter().find(|r| r.name == gone.name).unwrap();
    assert!((row.total.as_f64() - share).abs() < 1e-9, "{} against {share}", row.total.as_f64());
}

/// The season's page on the club's site says what set a player below another on the same
/// total, as an evening's page does: Nora Vermeulen, 166 in three evenings, below Chloé
/// Dubois, 166 in four (fixtures/season/expected.json): more evenings played.
#[test]
fn the_published_season_says_what_broke_a_tie() {
    let settings = json("season/expected.json")["settings"].clone();
    let mut app = season(&settings);
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", atout_api::publish::Privacy::default()).unwrap();
    let folder = std::fs::read_dir(dir.path()).unwrap().filter_map(|e| e.ok()).find(|e| e.file_name().to_string_lossy().starts_with("season-")).unwrap().path();
    let page = std::fs::read_to_string(folder.join("index.html")).unwrap();
    let row = |name: &str| page.lines().find(|l| l.starts_with("<tr>") && l.contains(name)).unwrap_or_else(|| panic!("{name}")).to_string();
    assert!(row("Nora Vermeulen").ends_with("<td>evenings played</td></tr>"), "{}", row("Nora Vermeulen"));
    assert!(row("Chloé Dubois").ends_with("<td></td></tr>"), "{}", row("Chloé Dubois"));
}

/// An evening counts once (review of 2026-11-28: a club's own evening exported and imported
/// again as an archive, or another club's archive imported as a tournament, put in the season,
/// then imported into it as an archive, counted twice — Nora's 166 became 204). Refused,
/// saying which evening is there, and nothing written.
#[test]
fn the_same_evening_under_another_copy_is_refused() {
    let mut app = season(&Value::Null);
    let before = app.row_counts().unwrap();
    let total = |app: &mut Atout| serde_json::to_value(app.season_standings("Winter 2026").unwrap()).unwrap();
    let standings = total(&mut app);
    let home = app.tournament_list().unwrap().into_iter().find(|t| t.name == json("season/home-1.json")["name"]).unwrap();
    let copy = serde_json::to_string(&app.export_document(&home.id.to_string()).unwrap()).unwrap();
    let e = app.season_import("Winter 2026", &copy).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("season-evening-twice"), "{e}");
    let name = &home.name;
    assert!(e.to_string().contains(&format!("«{name}» is in season «Winter 2026» already (tournament {})", home.id)), "{e}");
    // The fixture's own file, as the club first imported it.
    let e = app.season_import("Winter 2026", &read("season/home-1.json")).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("season-evening-twice"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    assert_eq!(total(&mut app), standings);
    // Imported again as a tournament (the ordinary import), it cannot be put in the season.
    let again = app.import_document(&read("season/home-2.json")).unwrap();
    let before = app.row_counts().unwrap();
    let e = app.season_add("Winter 2026", &again.id.to_string()).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("season-evening-twice"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    // Another evening of the same name (a club calls every evening «Clubavond»), another date: in.
    let mut other = json("season/home-2.json");
    other["date"] = j!("2026-12-18");
    let t = app.import_document(&other.to_string()).unwrap();
    app.season_add("Winter 2026", &t.id.to_string()).unwrap();
    assert_eq!(app.season_standings("Winter 2026").unwrap().evenings, 6);
}

/// A season that counts each evening's own result counts evenings worth the same: Double King
/// table points beside King or Rikken score sums ranked Rikken's 692 above Double King's 70.
/// Refused (rule `season-one-game`); a place scale counts any evening, and a season with
/// evenings of two games cannot be set back to their own results.
#[test]
fn a_season_of_results_counts_one_game() {
    let mut app = season(&Value::Null);
    let king = app.import_document(&read("king-13.json")).unwrap();
    let before = app.row_counts().unwrap();
    let e = app.season_add("Winter 2026", &king.id.to_string()).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("season-one-game"), "{e}");
    let name = &king.name;
    assert!(e.to_string().contains(&format!("«{name}» is of another game or ranked another way than «")), "{e}");
    // Said as the season's form offers it, no tournament's number (it asked for «a place
    // scale», an «échelle de places», of a form offering «des points par place»).
    let fr = e.texts().fr;
    assert!(fr.contains("qu'une soirée rapporte des points par place") && !fr.contains("tournoi "), "{fr}");
    let e = app.season_import("Winter 2026", &read("rikken-18.json")).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("season-one-game"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
    // By places, any game.
    app.season_settings("Winter 2026", &j!({"points": [25, 20, 16, 13, 11]}), "a club championship of every game").unwrap();
    app.season_add("Winter 2026", &king.id.to_string()).unwrap();
    assert_eq!(app.season_standings("Winter 2026").unwrap().evenings, 6);
    let before = app.row_counts().unwrap();
    let e = app.season_settings("Winter 2026", &j!({"points": "result"}), "back").unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("season-one-game"), "{e}");
    assert_eq!(app.row_counts().unwrap(), before);
}

/// A season of thirty evenings prints whole (review of 2026-11-28: from about 18 evenings the
/// names were cut, at 20 the evenings' heads read «S…» and the points «(…», at 30 the totals
/// «1…»): the page turns on its side, and the evenings it cannot hold beside the ranking go
/// into tables of their own, each row by its rank and name, headed by the evenings it holds.
#[test]
fn a_long_season_prints_every_figure_whole() {
    let mut app = Atout::open_in_memory().unwrap();
    app.season_create("Long", Some(&j!({"count": {"best": 15}}))).unwrap();
    // Before its first evening, it says so (a table's header and nothing under it).
    let dir = tempfile::tempdir().unwrap();
    let empty = pdftotext(&app.print_season("Long", Some("fr")).unwrap(), dir.path());
    assert!(empty.contains("Aucune soirée ne fait encore partie de cette saison."), "{empty}");
    for n in 0..30 {
        let mut doc = json(&format!("season/home-{}.json", n % 3 + 1));
        doc["name"] = j!(format!("Clubavond {}", n + 1));
        doc["date"] = j!(format!("2026-{:02}-{:02}", 1 + n / 28, 1 + n % 28));
        let t = app.import_document(&doc.to_string()).unwrap();
        app.season_add("Long", &t.id.to_string()).unwrap();
    }
    for (lang, part) in [("fr", "Soirées S"), ("nl", "Avonden A"), ("en", "Evenings E")] {
        let text = pdftotext(&app.print_season("Long", Some(lang)).unwrap(), dir.path());
        assert!(!text.contains('…'), "{lang}: something cut: {text}");
        assert!(text.contains(part), "{lang}: the evenings past those beside the ranking in a part of their own: {text}");
        // Every evening's head is printed (E1 … E30), and every player's name whole in each part.
        let short = &part[part.len() - 1..];
        for e in 1..=30 {
            assert!(text.split_whitespace().any(|w| w == format!("{short}{e}")), "{lang}: {short}{e} missing: {text}");
        }
        let nora = text.lines().filter(|l| l.contains("Nora Vermeulen")).count();
        assert!(nora >= 2, "{lang}: Nora's row in the ranking and in the evenings' part: {nora}");
    }
    // A club's name of 100 characters breaks over lines as drawn, beside a dozen evenings or
    // more (measured unbroken, it left room for one, then «E2 to E9», …).
    let nora = app.players_list().unwrap().into_iter().find(|p| p.name == "Nora Vermeulen").unwrap();
    let club = "Koninklijke Kaartersvereniging Sint-Hubertus Ærtselaar-Boechout en Omstreken Gesticht 1921 vzw";
    app.player_edit(nora.id, &nora.name, club, &nora.member, "the club's full name").unwrap();
    let text = pdftotext(&app.print_season("Long", Some("en")).unwrap(), dir.path());
    let next: usize = text.split("Evenings E").nth(1).and_then(|t| t.split(' ').next()).and_then(|n| n.parse().ok()).expect(&text);
    assert!(next > 12, "the evenings beside the ranking with a long club's name: up to E{}", next - 1);
    assert!(!text.contains('…'), "nothing cut: {text}");
}

/// Two undated evenings of one name and the same players are two evenings (review of
/// 2026-11-28: a club's weekly «Clubavond», no date given, could not put its second evening in
/// the season); and an evening that can no longer be loaded (its settings changed by other
/// means) is no reason to refuse another (every add was refused, naming none).
#[test]
fn undated_evenings_of_one_name_are_two_and_a_broken_one_blocks_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    {
        let mut app = Atout::open(&db).unwrap();
        app.season_create("Clubavonden", None).unwrap();
        for _ in 0..2 {
            let mut doc = json("season/home-1.json");
            doc["name"] = j!("Clubavond");
            doc.as_object_mut().unwrap().remove("date");
            let t = app.import_document(&doc.to_string()).unwrap();
            app.season_add("Clubavonden", &t.id.to_string()).unwrap();
        }
        assert_eq!(app.season_standings("Clubavonden").unwrap().evenings, 2);
    }
    // Another program changes the first evening's settings to something Atout never writes.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let change: i64 = conn.query_row("SELECT max(id) FROM changes", [], |r| r.get(0)).unwrap();
    conn.execute("INSERT INTO tournament_settings (tournament_id, settings, change_id) VALUES (1, '{\"ranking\": \"bogus\"}', ?1)", [change]).unwrap();
    drop(conn);
    let mut app = Atout::open(&db).unwrap();
    let mut doc = json("season/home-2.json");
    doc["date"] = j!("2026-12-04");
    let t = app.import_document(&doc.to_string()).unwrap();
    app.season_add("Clubavonden", &t.id.to_string()).unwrap();
}

/// An evening still being played counts as it stands, and the season says so: its standings
/// mark it `provisional`, its printed legend says its places may change (they were printed as
/// final). A season that counts every evening does not explain brackets it has none of.
#[test]
fn an_evening_being_played_is_said_so_in_the_season() {
    use atout_api::{DrawRequest, NewTournament, TableRef};
    let mut app = season(&j!({"points": "result", "count": "all"}));
    let t = app
        .tournament_create(&NewTournament {
            name: "Friday 23 October".into(),
            game: "double-king".into(),
            date: Some("2026-10-23".into()),
            rounds: Some(2),
            ..Default::default()
        })
        .unwrap()
        .id
        .to_string();
    app.players_import("name\nWout Nieuwe\nZoë Vervoort\nYves Segers\nXavier Dams\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    app.deal_add(&TableRef::new(&t, 1, 1), None, j!({"contract": "E", "taker": 2})).unwrap();
    app.season_add("Winter 2026", &t).unwrap();
    let standings = serde_json::to_value(app.season_standings("Winter 2026").unwrap()).unwrap();
    let open: Vec<&Value> = standings["tournaments"].as_array().unwrap().iter().filter(|e| e["provisional"] == true).collect();
    assert_eq!(open.len(), 1, "{standings}");
    assert_eq!(open[0]["name"], "Friday 23 October");
    let dir = tempfile::tempdir().unwrap();
    for (lang, said, brackets) in [("en", "still being played", "in brackets"), ("fr", "en cours", "entre parenthèses"), ("nl", "nog bezig", "tussen haakjes")]
    {
        let text = pdftotext(&app.print_season("Winter 2026", Some(lang)).unwrap(), dir.path());
        let flat: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(flat.matches(said).count(), 1, "{lang}: {flat}");
        let legend = flat.split("Friday 23 October").nth(1).and_then(|rest| rest.split(" · ").next()).unwrap_or("");
        assert!(legend.contains(said), "{lang}: the evening's own legend: {flat}");
        assert!(!flat.contains(brackets), "{lang}: every evening counts: {flat}");
    }
}

/// A table not started has no result yet: its players are placed after every player who has
/// one, and the season prices an evening being played over the players who played it. At
/// total score, the four players of King's table 2 (nothing written) ranked 1= with 0 above
/// table 1's −4, −4 and −5, and the season, leaving them out, gave those three the scale's
/// points of places 6 to 8 of a season of four.
#[test]
fn players_of_a_table_not_started_rank_after_those_who_played() {
    use atout_api::{DrawRequest, NewTournament, TableRef};
    let mut app = Atout::open_in_memory().unwrap();
    let s = app.season_create("Autumn", Some(&j!({"points": [10, 8, 6, 5, 4, 3, 2, 1]}))).unwrap().id.to_string();
    let t = app
        .tournament_create(&NewTournament {
            name: "King night".into(),
            game: "king".into(),
            rounds: Some(2),
            settings: Some(j!({"ranking": "total-score"})),
            ..Default::default()
        })
        .unwrap()
        .id
        .to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFrans\nGert\nHilde\n", Some(&t)).unwrap();
    let round = app.round_draw(&t, &DrawRequest::new(1, Some(2))).unwrap();
    // No tricks: −1 a trick (RULES.md, King): 0, −4, −5, −4 by seat.
    app.deal_add(&TableRef::new(&t, 1, round.tables[0].number), None, j!({"game": "no-tricks", "counts": [0, 4, 5, 4]})).unwrap();
    let at_one: Vec<String> = round.tables[0].seats.iter().map(|s| s.name.clone()).collect();
    let standings = app.standings(&t, None).unwrap();
    let places: Vec<(String, usize, bool, i64)> = standings.rows.iter().map(|r| (r.name.to_string(), r.rank, r.shared, r.score_sum)).collect();
    let want: Vec<(String, usize, bool, i64)> =
        vec![(at_one[0].clone(), 1, false, 0), (at_one[1].clone(), 2, true, -4), (at_one[3].clone(), 2, true, -4), (at_one[2].clone(), 4, false, -5)];
    let (played, waiting) = places.split_at(4);
    let mut played = played.to_vec();
    played.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    let mut want = want;
    want.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
    assert_eq!(played, want);
    assert!(waiting.iter().all(|(name, rank, shared, _)| *rank == 5 && *shared && !at_one.contains(name)), "{places:?}");
    app.season_add(&s, &t).unwrap();
    let season = serde_json::to_value(app.season_standings(&s).unwrap()).unwrap();
    let points: Vec<(String, f64)> =
        season["rows"].as_array().unwrap().iter().map(|r| (r["name"].as_str().unwrap().to_string(), r["total"].as_f64().unwrap())).collect();
    // Places 1, 2=, 2=, 4 of four: 10, (8 + 6) / 2 = 7 each, 5.
    let of = |name: &str| points.iter().find(|(n, _)| n == name).map(|(_, p)| *p);
    assert_eq!(points.len(), 4, "{points:?}");
    assert_eq!([of(&at_one[0]), of(&at_one[1]), of(&at_one[3]), of(&at_one[2])], [Some(10.0), Some(7.0), Some(7.0), Some(5.0)], "{points:?}");
}

/// One person under two registry numbers, said the same for the seasons, is one person on the
/// club's site too: one page with every evening and the season, every evening's link to it
/// (the site showed both, the season linking to the page without the other club's evening).
#[test]
fn one_person_said_the_same_has_one_page_on_the_site() {
    let settings = json("season/expected.json")["settings"].clone();
    let mut app = season(&settings);
    let d = app.player_doubts().unwrap().remove(0);
    let (harten, home) = (d.player.id, d.candidate.id);
    assert_eq!(d.player.name, "Jan Claes");
    app.player_settle(harten, home, true, "the same Jan: he plays at both clubs").unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", atout_api::publish::Privacy::default()).unwrap();
    assert!(!dir.path().join(format!("player-{harten}")).exists(), "no second page");
    let page = std::fs::read_to_string(dir.path().join(format!("player-{home}/index.html"))).unwrap();
    let evenings = page.lines().filter(|l| l.contains("href=\"../evening-")).count();
    assert_eq!(evenings, 4, "every evening of Jan's on his one page: {page}");
    assert!(page.contains("Winter 2026"), "the season on it: {page}");
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert_eq!(index.matches(">Jan Claes<").count(), 1, "listed once: {index}");
    // The other club's evening links to the one page.
    let links_harten = walk_html(dir.path()).into_iter().filter(|(_, text)| text.contains(&format!("player-{harten}/"))).count();
    assert_eq!(links_harten, 0, "no page links to a second page");
    // Kept off the site under one number, the person is kept off under the other too (they
    // showed under it, and its evenings linked to a page not published).
    app.player_publishing(harten, false).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", atout_api::publish::Privacy::default()).unwrap();
    let pages = walk_html(dir.path());
    assert!(!dir.path().join(format!("player-{home}")).exists() && !dir.path().join(format!("player-{harten}")).exists());
    assert!(pages.iter().all(|(_, text)| !text.contains("Jan Claes") && !text.contains(&format!("player-{home}/"))), "Jan kept off everywhere");
}

/// Every published HTML page's path and text.
fn walk_html(dir: &std::path::Path) -> Vec<(std::path::PathBuf, String)> {
    let mut out = vec![];
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk_html(&p));
        } else if p.extension().is_some_and(|x| x == "html") {
            out.push((p.clone(), std::fs::read_to_string(&p).unwrap()));
        }
    }
    out
}
