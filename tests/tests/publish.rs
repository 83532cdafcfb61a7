//! The club's results website (issue "Results for the players"): `publish` writes every
//! evening, season and player as plain pages that link only to each other; each evening's
//! standings as `atout standings` gives them; names from the database escaped; with initials,
//! no full name anywhere; a folder holding other files refused; publishing again rewrites
//! only what changed.

mod common;

use atout_api::publish::Privacy;
use atout_api::{Atout, DrawRequest, NewTournament, StandingsFormat, TableRef};
use std::collections::BTreeMap;
use std::path::Path;

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, base, out);
            } else {
                out.insert(p.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/"), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// The sample evening, a King evening of four with a player called `<script>` (one line
/// written, so still provisional), and one to come.
fn club() -> (Atout, String, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let sample = app.sample_load().unwrap().id.to_string();
    let king = app
        .tournament_create(&NewTournament {
            name: "King <night>".into(),
            game: "double-king".into(),
            date: Some("2026-11-20".into()),
            rounds: Some(1),
            settings: None,
        })
        .unwrap();
    let king = king.id.to_string();
    app.players_import("name\n<script>alert(1)</script> Smith\nWard Lauwers\nYves Segers\nZoë Aerts\n", Some(&king)).unwrap();
    app.round_draw(&king, &DrawRequest::new(1, Some(1))).unwrap();
    let line = app.random_sheet(&TableRef::new(&king, 1, 1), 3).unwrap().remove(0);
    app.deal_add(&TableRef::new(&king, 1, 1), Some(1), line).unwrap();
    let season = app.season_create("Winter <2026>", None).unwrap().id.to_string();
    app.season_add(&season, &sample).unwrap();
    app.season_add(&season, &king).unwrap();
    app.tournament_create(&NewTournament {
        name: "Christmas evening".into(),
        game: "rikken".into(),
        date: Some("2099-12-19".into()),
        rounds: Some(3),
        settings: None,
    })
    .unwrap();
    (app, sample, king)
}

#[test]
fn a_site_of_plain_pages_that_link_only_to_each_other() {
    let (mut app, sample, king) = club();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("site");
    let done = app.publish(&out, "fr", Privacy::default()).unwrap();
    assert_eq!((done.evenings, done.seasons), (2, 1));
    let site = files(&out);
    let text = |p: &str| String::from_utf8(site.get(p).unwrap_or_else(|| panic!("{p} is published")).clone()).unwrap();
    // FORMAT.md's fixed parts: the club's page, each evening's folder with its page and standings.
    assert!(text("index.html").contains("<html lang=\"fr\">"));
    // The club's page: each evening's ranking said final or being played (a finished one's cell
    // was blank), each player with their club (two of one name were two bare links).
    let index = text("index.en.html");
    assert!(index.contains("<td>final</td>") && index.contains("<td>being played</td>"), "{index}");
    assert!(index.contains(">Noël Lejeune</a> <span class=\"note\">(Cercle Royal du Roi de Cœur)</span>"), "{index}");
    for (path, bytes) in &site {
        if path.ends_with(".html") {
            let page = String::from_utf8(bytes.clone()).unwrap();
            let lang = if path.ends_with(".en.html") {
                "en"
            } else if path.ends_with(".nl.html") {
                "nl"
            } else {
                "fr"
            };
            assert!(page.contains(&format!("<html lang=\"{lang}\">")), "{path} says its language");
            // Nothing loaded from elsewhere, no script needed, every link relative and to a page published.
            assert!(!page.contains("src=") && !page.contains("<script") && !page.contains("://"), "{path}");
            let folder = Path::new(path).parent().unwrap();
            for link in page.split("href=\"").skip(1).map(|s| s.split('"').next().unwrap()) {
                let target = folder.join(link);
                let mut parts: Vec<String> = vec![];
                for c in target.components() {
                    match c {
                        std::path::Component::ParentDir => assert!(parts.pop().is_some(), "{path}: {link} leaves the site"),
                        std::path::Component::Normal(x) => parts.push(x.to_string_lossy().into()),
                        _ => panic!("{path}: {link} is not relative"),
                    }
                }
                let target = parts.join("/");
                assert!(site.contains_key(&target), "{path} links to {link}, which is not published");
            }
        }
    }
    // Each evening's standings exactly as `atout standings --format json` prints them.
    for t in [&sample, &king] {
        let json = app.standings_rendered(t, None, StandingsFormat::Json, "en").unwrap();
        assert_eq!(text(&format!("evening-{t}/standings.json")), json);
        // The CSV in the site's language, as `atout standings --format csv --lang fr` (it was English).
        let csv = app.standings_rendered(t, None, StandingsFormat::Csv, "fr").unwrap();
        assert_eq!(text(&format!("evening-{t}/standings.csv")).lines().next(), csv.lines().next());
        assert!(csv.starts_with("Rang,"), "{csv}");
        assert!(text(&format!("evening-{t}/standings.csv")).lines().count() > 4);
    }
    // The King evening is open: said so; its player called <script> is shown, never run.
    let evening = text(&format!("evening-{king}/index.html"));
    assert!(evening.contains("Provisoire") && evening.contains("&lt;script&gt;alert(1)&lt;/script&gt; Smith"), "{evening}");
    assert!(evening.contains("King &lt;night&gt;"));
    // French spaces its colon, as the rest of its texts.
    assert!(evening.contains("Classement en données : <a") && !evening.contains("données: "), "{evening}");
    // Every completed sheet says who played what, as the window does.
    let sample_page = text(&format!("evening-{sample}/index.en.html"));
    assert!(sample_page.contains("Round 5") && sample_page.contains("Round scores") && sample_page.contains("Final ranking."), "the sample evening's sheets");
    // A page per player, linked from the evening.
    let noel = site.keys().filter(|p| p.starts_with("player-") && p.ends_with("/index.html")).count();
    assert_eq!(noel, 20, "16 players of the sample and 4 of the King evening");
    assert!(!site.contains_key("index.fr.html"), "the club's language is index.html alone");
    // The season: its ranking, what counts, and its chart drawn in the page (no image loaded).
    let season = site.keys().find(|p| p.starts_with("season-") && p.ends_with("/index.en.html")).cloned().unwrap();
    let season = text(&season);
    assert!(season.contains("Winter &lt;2026&gt;") && season.contains("counted: every evening") && season.contains("<svg class=\"chart\""), "{season}");
    // The feed has an entry per evening; the calendar the evening to come, and those played.
    let feed = text("feed.xml");
    assert_eq!(feed.matches("<entry>").count(), 2);
    assert!(feed.contains("King &lt;night&gt;"));
    let ics = text("calendar.ics");
    assert!(ics.contains("DTSTART;VALUE=DATE:20991219\r\n") && ics.contains("SUMMARY:Christmas evening (Rikken)\r\n"), "{ics}");
}

#[test]
fn with_initials_no_full_name_is_published() {
    let (mut app, _, _) = club();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "nl", Privacy { initials: true }).unwrap();
    let names: Vec<String> = app.players_list().unwrap().into_iter().map(|p| p.name).filter(|n| n.split_whitespace().count() > 1).collect();
    assert!(names.len() >= 20);
    for (path, bytes) in files(dir.path()) {
        let text = String::from_utf8_lossy(&bytes);
        for name in &names {
            let escaped = name.replace('<', "&lt;").replace('>', "&gt;");
            assert!(!text.contains(name.as_str()) && !text.contains(&escaped), "{path} names {name} in full");
        }
    }
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    assert!(index.contains("Ward L.") && index.contains("Zoë A."), "names as initials");
}

/// A name as an id of another tool writes it: «anne.peeters».
fn dotted(name: &str) -> String {
    name.to_lowercase().split_whitespace().collect::<Vec<_>>().join(".")
}

/// Another tool's ids may be made of the players' names («anne.peeters»): with initials, or
/// for a player kept off the site, they are published as the player's page (`player-12`), in
/// the standings' JSON and CSV as everywhere (they went out whole: «2,anne.peeters,Anne P.»).
#[test]
fn ids_made_of_names_are_not_published_where_names_are_not() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/spring-open-16.json")).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let codes: std::collections::HashMap<String, String> =
        doc["players"].as_array().unwrap().iter().map(|p| (p["id"].as_str().unwrap().to_string(), dotted(p["name"].as_str().unwrap()))).collect();
    let text = codes.iter().fold(text, |t, (old, new)| t.replace(&format!("\"{old}\""), &format!("\"{new}\"")));
    doc = serde_json::from_str(&text).unwrap();
    let mut app = atout_api::Atout::open_in_memory().unwrap();
    app.import_document(&doc.to_string()).unwrap();
    let surnames: Vec<String> = doc["players"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().rsplit('.').next().unwrap().to_string()).collect();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy { initials: true }).unwrap();
    for (path, bytes) in files(dir.path()) {
        let text = String::from_utf8_lossy(&bytes).to_lowercase();
        for surname in &surnames {
            assert!(!text.contains(surname.as_str()), "{path} holds «{surname}»");
        }
    }
    // Without initials the ids are as the document wrote them; a player kept off the site
    // has theirs hidden.
    let first = doc["players"][0]["id"].as_str().unwrap().to_string();
    let anne = app.players_list().unwrap().into_iter().find(|p| dotted(&p.name) == first).unwrap().id;
    app.player_publishing(anne, false).unwrap();
    let open = tempfile::tempdir().unwrap();
    app.publish(open.path(), "en", Privacy::default()).unwrap();
    let all: String = files(open.path()).values().map(|b| String::from_utf8_lossy(b).to_string()).collect();
    assert!(!all.contains(&first), "the hidden player's id is published");
    let second = doc["players"][1]["id"].as_str().unwrap();
    assert!(all.contains(second), "the others' ids are the document's");
}

/// The feed's identity and the calendar's UIDs, as published into `dir`.
fn identities(dir: &Path) -> (String, Vec<String>) {
    let feed = std::fs::read_to_string(dir.join("feed.xml")).unwrap();
    let ics = std::fs::read_to_string(dir.join("calendar.ics")).unwrap();
    let ids: Vec<String> = feed.split("<id>").skip(1).map(|x| x.split("</id>").next().unwrap().to_string()).collect();
    let uids = ics.lines().filter_map(|l| l.strip_prefix("UID:")).map(str::to_string);
    (feed.clone(), ids.into_iter().chain(uids).collect())
}

#[test]
fn two_clubs_feeds_and_calendars_never_share_an_identity() {
    // Atom (RFC 4287) asks a feed for an author and for identities no other feed uses; a
    // calendar's UID (RFC 5545) is unique the world over. Both clubs publish the same
    // evenings here, as two clubs using Atout do with their own.
    let (mut one, _, _) = club();
    let (mut other, _, _) = club();
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    one.publish(a.path(), "en", Privacy::default()).unwrap();
    other.publish(b.path(), "en", Privacy::default()).unwrap();
    let (feed, ids) = identities(a.path());
    assert!(feed.contains("<author><name>Club results</name></author>"), "{feed}");
    assert_eq!(ids.len(), 1 + 2 + 3, "the feed, its two evenings, the calendar's two played and one to come: {ids:?}");
    let uuid = |id: &str| {
        let u = id.strip_prefix("urn:uuid:").or_else(|| id.strip_suffix("@atout")).unwrap_or(id);
        u.len() == 36 && u.chars().enumerate().all(|(i, c)| if [8, 13, 18, 23].contains(&i) { c == '-' } else { c.is_ascii_hexdigit() })
    };
    assert!(ids.iter().all(|id| uuid(id)), "{ids:?}");
    assert_eq!(ids.iter().collect::<std::collections::BTreeSet<_>>().len(), ids.len(), "each its own: {ids:?}");
    let (_, theirs) = identities(b.path());
    assert!(ids.iter().all(|id| !theirs.contains(id)), "{ids:?} / {theirs:?}");
    // The same site published again keeps its identities (a reader sees no new feed), into
    // another folder too: they are the database's.
    one.publish(a.path(), "en", Privacy::default()).unwrap();
    assert_eq!(identities(a.path()).1, ids);
    let elsewhere = tempfile::tempdir().unwrap();
    one.publish(elsewhere.path(), "en", Privacy::default()).unwrap();
    assert_eq!(identities(elsewhere.path()).1, ids);
}

#[test]
fn with_initials_the_jury_is_said_by_initials_too() {
    let (mut app, _, king) = club();
    let ruled = serde_json::json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Marie Jacobs"});
    app.ruling_add(&TableRef::new(&king, 1, 1), ruled).unwrap();
    // A name beside an apostrophe is still a whole name («d'Yves», «Lauwers's»).
    let ruled = serde_json::json!({"seat": 3, "points": [1, 1, -3, 1], "reason": "amende d'Yves Segers, Ward Lauwers's partner", "by": "Marie Jacobs"});
    app.ruling_add(&TableRef::new(&king, 1, 1), ruled).unwrap();
    // A fault's jury member, said with who played the line (it was published in full).
    let fault = serde_json::json!({"contract": "C", "fault_by": 2, "reason": "revoke", "by": "Marc Vandenberghe"});
    app.deal_add(&TableRef::new(&king, 1, 1), None, fault).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy { initials: true }).unwrap();
    let evening = std::fs::read_to_string(dir.path().join(format!("evening-{king}/index.html"))).unwrap();
    assert!(evening.contains("revoke (Marie J.)"), "{evening}");
    assert!(evening.contains("amende d&#39;Yves S., Ward L.&#39;s partner") || evening.contains("amende d'Yves S., Ward L.'s partner"), "{evening}");
    for (path, bytes) in files(dir.path()) {
        let text = String::from_utf8_lossy(&bytes);
        for surname in ["Jacobs", "Segers", "Lauwers", "Vandenberghe"] {
            assert!(!text.contains(surname), "{path} names {surname} in full");
        }
    }
}

#[test]
fn a_name_kept_off_the_website_leaves_a_longer_name_whole() {
    // Yves Seger (registered, kept off the site) is not Yves Segers, who played.
    let (mut app, _, king) = club();
    let seger = app.player_add("Yves Seger", "", "", true).unwrap().id;
    app.player_publishing(seger, false).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let evening = std::fs::read_to_string(dir.path().join(format!("evening-{king}/index.html"))).unwrap();
    assert!(evening.contains(">Yves Segers<") && !evening.contains("—s"), "{evening}");
    let json = std::fs::read_to_string(dir.path().join(format!("evening-{king}/standings.json"))).unwrap();
    assert_eq!(json, app.standings_rendered(&king, None, StandingsFormat::Json, "en").unwrap());
}

#[test]
fn a_name_corrected_in_the_registry_is_published_again() {
    let (mut app, _, king) = club();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let ward = app.players_list().unwrap().into_iter().find(|p| p.name == "Ward Lauwers").unwrap().id;
    app.player_edit(ward, "Ward Lauwereyns", "Brugge", "", "spelled wrong").unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let json = std::fs::read_to_string(dir.path().join(format!("evening-{king}/standings.json"))).unwrap();
    assert_eq!(json, app.standings_rendered(&king, None, StandingsFormat::Json, "en").unwrap());
    assert!(json.contains("Ward Lauwereyns"), "{json}");
    let evening = std::fs::read_to_string(dir.path().join(format!("evening-{king}/index.html"))).unwrap();
    assert!(evening.contains("Ward Lauwereyns") && evening.contains("Brugge") && !evening.contains("Ward Lauwers<"), "{evening}");
}

#[test]
fn publishing_again_rewrites_only_what_changed_and_never_a_file_it_did_not_write() {
    let (mut app, sample, king) = club();
    let dir = tempfile::tempdir().unwrap();
    let first = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert_eq!(first.unchanged, 0);
    let before = files(dir.path());
    // Nothing changed: nothing written.
    let again = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert_eq!((again.written, again.removed, again.unchanged), (0, 0, first.written));
    // A line written at the King evening: its pages and its players' change, not the sample's.
    let at = TableRef::new(&king, 1, 1);
    let line = app.random_sheet(&at, 3).unwrap().remove(1);
    app.deal_add(&at, Some(2), line).unwrap();
    let third = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert!(third.written > 0 && third.written < first.written / 2, "{third:?}");
    let after = files(dir.path());
    assert_eq!(before[&format!("evening-{sample}/index.html")], after[&format!("evening-{sample}/index.html")]);
    assert_ne!(before[&format!("evening-{king}/index.html")], after[&format!("evening-{king}/index.html")]);
    // A page deleted by hand is made again, though its evening did not change.
    std::fs::remove_file(dir.path().join(format!("evening-{sample}/index.nl.html"))).unwrap();
    let fourth = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert!(fourth.written >= 1 && dir.path().join(format!("evening-{sample}/index.nl.html")).exists(), "{fourth:?}");
    // A file the publishing did not write: refused, named, and nothing touched.
    std::fs::write(dir.path().join("notes.txt"), "the secretary's").unwrap();
    let err = app.publish(dir.path(), "en", Privacy::default()).unwrap_err();
    assert!(err.to_string().contains("notes.txt"), "{err}");
    let mut kept = files(dir.path());
    assert_eq!(kept.remove("notes.txt").as_deref(), Some(&b"the secretary's"[..]));
    assert_eq!(kept, after);
}

#[test]
fn a_player_kept_off_the_website_is_a_dash_everywhere() {
    let (mut app, _, king) = club();
    let ward = app.players_list().unwrap().into_iter().find(|p| p.name == "Ward Lauwers").unwrap().id;
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert!(dir.path().join(format!("player-{ward}/index.html")).exists());
    // Kept off: published again, their page goes, folder and all.
    assert_eq!(app.player_publishing(ward, false).unwrap(), vec![ward]);
    let done = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert_eq!(done.removed, 3, "the player's page in its three languages");
    assert!(!dir.path().join(format!("player-{ward}")).exists());
    let site = files(dir.path());
    assert!(!site.keys().any(|p| p.starts_with(&format!("player-{ward}/"))), "no page of their own");
    for (path, bytes) in &site {
        assert!(!String::from_utf8_lossy(bytes).contains("Ward"), "{path} names the player kept off");
    }
    let evening = String::from_utf8(site[&format!("evening-{king}/index.html")].clone()).unwrap();
    assert!(evening.contains("<th scope=\"row\" class=\"sticky\">—</th>"), "shown as a dash in the ranking");
    // Published again: the name and the page come back.
    app.player_publishing(ward, true).unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert!(dir.path().join(format!("player-{ward}/index.html")).exists());
}

/// Two players of one name, one kept off the site: the other keeps their name in the ranking,
/// the standings file and their own page (both were "—", the mask made by name); which of
/// the two is kept off changing, the evening is published again.
#[test]
fn a_namesake_kept_off_the_website_hides_only_their_own_name() {
    let (mut app, _, king) = club();
    let ward = app.players_list().unwrap().into_iter().find(|p| p.name == "Ward Lauwers").unwrap().id;
    let other = app.player_add("Ward Lauwers", "Gent", "", true).unwrap().id;
    app.player_publishing(other, false).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let read = |path: String| std::fs::read_to_string(dir.path().join(path)).unwrap();
    let evening = read(format!("evening-{king}/index.html"));
    assert!(evening.contains(&format!("href=\"../player-{ward}/index.html\">Ward Lauwers<")), "{evening}");
    assert!(read(format!("player-{ward}/index.html")).contains("<h1>Ward Lauwers"), "their own page");
    assert!(read(format!("evening-{king}/standings.json")).contains("\"Ward Lauwers\""));
    assert!(!dir.path().join(format!("player-{other}")).exists());
    // The one who played kept off instead: a dash where the name was.
    app.player_publishing(other, true).unwrap();
    app.player_publishing(ward, false).unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let evening = read(format!("evening-{king}/index.html"));
    assert!(!evening.contains("Ward") && evening.contains("<th scope=\"row\" class=\"sticky\">—</th>"), "{evening}");
    assert!(!read(format!("evening-{king}/standings.json")).contains("Ward"));
}

/// The season's chart: a point per published evening (an evening to come, in the season but
/// not drawn, was a point with no column in the table), each label the name and total, a
/// name longer than the chart says shortened (the table says it whole; it ran off the
/// chart), in a box that scrolls on a phone rather than shrunk past reading.
#[test]
fn the_season_chart_has_a_point_per_evening_and_labels_that_fit() {
    let (mut app, _, king) = club();
    let season = app.seasons().unwrap()[0].id.to_string();
    // An evening to come of the season's game (the club's Rikken evening cannot count beside
    // its Double King evenings' table points: rule season-one-game).
    let to_come =
        NewTournament { name: "New Year evening".into(), game: "double-king".into(), date: Some("2099-12-31".into()), rounds: Some(3), settings: None };
    let to_come = app.tournament_create(&to_come).unwrap().id.to_string();
    app.season_add(&season, &to_come).unwrap();
    let noel = app.players_list().unwrap().into_iter().find(|p| p.name == "Noël Lejeune").unwrap().id;
    let long = "Noël Lejeune-Van den Bossche de la Grande Maison du Roi";
    app.player_edit(noel, long, "", "", "his whole name").unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let page = std::fs::read_to_string(dir.path().join(format!("season-{season}/index.html"))).unwrap();
    let chart = &page[page.find("<svg class=\"chart\"").unwrap()..page.find("</svg>").unwrap()];
    assert!(page.contains("<div class=\"scroll\"><svg class=\"chart\""), "{page}");
    for line in chart.split("<polyline").skip(1) {
        let points = line.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(points.split(' ').count(), 2, "two evenings published, the King evening {king} and the sample: {points}");
    }
    assert!(chart.contains("Noël Lejeune-Van den Bossche de la… 70<") && !chart.contains(long), "{chart}");
    // The chart is as wide as its longest label needs (36 characters and a total at 12 px).
    let width: f64 = chart.split("viewBox=\"0 0 ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(width > 640.0 && width < 900.0, "{width}");
    assert!(page.contains(long), "the ranking says the name whole");
}

#[test]
fn a_players_evening_live_follows_their_table_line_by_line() {
    let (mut app, _, king) = club();
    let standings = app.standings(&king, None).unwrap();
    let who = standings.rows[0].player.to_string();
    let live = app.player_live(&king, &who).unwrap();
    assert_eq!(live.tables.len(), 1);
    let table = &live.tables[0];
    assert_eq!((table.round, table.lines.len()), (1, 1));
    // The player's running total is their own column's sum so far.
    let mine = table.lines[0].points[table.seat - 1];
    assert_eq!(table.lines[0].running, mine);
    assert_eq!(table.totals[table.seat - 1], mine);
    assert!(live.provisional);
    // Nobody else's evening by a made-up id.
    assert_eq!(app.player_live(&king, "p999").unwrap_err().kind(), "not-found");
}

#[test]
fn a_list_of_published_files_naming_one_outside_the_folder_deletes_nothing_there() {
    let (mut app, _, _) = club();
    let root = tempfile::tempdir().unwrap();
    let dir = root.path().join("site");
    app.publish(&dir, "en", Privacy::default()).unwrap();
    // Someone else's file beside the site, named in the site's list as if published.
    std::fs::create_dir(root.path().join("outside")).unwrap();
    std::fs::write(root.path().join("outside/f.txt"), "keep me").unwrap();
    let list = dir.join(".atout-published");
    let mut text = std::fs::read_to_string(&list).unwrap();
    text.push_str("../outside/f.txt\n./index.html\n");
    std::fs::write(&list, text).unwrap();
    app.publish(&dir, "en", Privacy::default()).unwrap();
    assert_eq!(std::fs::read_to_string(root.path().join("outside/f.txt")).unwrap(), "keep me");
    assert!(!std::fs::read_to_string(&list).unwrap().contains(".."));
}

/// The cell of the evening page's row of `name` that says what broke a tie.
fn decided_cell(page: &str, name: &str) -> String {
    let row = page.lines().find(|l| l.starts_with("<tr>") && l.contains(name)).unwrap_or_else(|| panic!("no row for {name}"));
    let cell = row.trim_end_matches("</td></tr>").rsplit("<td>").next().unwrap();
    cell.to_string()
}

#[test]
fn players_sharing_a_place_say_what_set_them_below_the_one_above() {
    // The sample: Sofie Claes 9th on 46 table points with a score sum of 7; Hélène Dubois and
    // Céline Renard share 10th on 46 with −4 each: the score sum set them below her.
    let (mut app, sample, _) = club();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let page = std::fs::read_to_string(dir.path().join(format!("evening-{sample}/index.html"))).unwrap();
    assert_eq!(decided_cell(&page, "Hélène Dubois"), "score sum");
    assert_eq!(decided_cell(&page, "Céline Renard"), "score sum");
    // Koen Wouters 3rd on 64 below Anne Peeters (64, 23 against 13): the score sum too.
    assert_eq!(decided_cell(&page, "Koen Wouters"), "score sum");
    // Sofie Claes, 46 below Jérôme Martin's 48: no tie to break.
    assert_eq!(decided_cell(&page, "Sofie Claes"), "");
}

#[test]
fn the_club_page_lists_players_as_people_read_names() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament {
            name: "Friday".into(),
            game: "double-king".into(),
            date: Some("2026-11-20".into()),
            rounds: Some(1),
            settings: None,
        })
        .unwrap()
        .id
        .to_string();
    app.players_import("name\nZoë Aerts\nÉmile Dupont\nanne Bos\nYves Segers\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let index = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    let list = &index[index.find("id=\"players\"").unwrap()..];
    let at = |name: &str| list.find(name).unwrap_or_else(|| panic!("{name} not listed"));
    assert!(at("anne Bos") < at("Émile Dupont") && at("Émile Dupont") < at("Yves Segers") && at("Yves Segers") < at("Zoë Aerts"), "{list}");
}

/// A round's byes are named on the evening's page with what a bye is worth: the ranking
/// counted their points and no table showed where they came from. bye-18.json (Double King,
/// a bye worth its default 10 table points): round 1 Benoît Simon and Noël Lejeune.
#[test]
fn an_evenings_page_names_each_rounds_byes_and_their_worth() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(include_str!("../../fixtures/bye-18.json")).unwrap().id;
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "fr", Privacy::default()).unwrap();
    let page = std::fs::read_to_string(dir.path().join(format!("evening-{t}/index.html"))).unwrap();
    let line = page.lines().find(|l| l.contains("id=\"round-1-byes\"")).expect("round 1's byes");
    let text: String = line.split('<').map(|part| part.split_once('>').map_or(part, |(_, t)| t)).collect();
    assert_eq!(text, "Exempts (10 points de table) : Benoît Simon, Noël Lejeune", "{line}");
    assert!(line.contains("href=\"../player-"), "each name links to the player's page: {line}");
    let en = std::fs::read_to_string(dir.path().join(format!("evening-{t}/index.en.html"))).unwrap();
    let line = en.lines().find(|l| l.contains("id=\"round-3-byes\"")).expect("round 3's byes");
    let text: String = line.split('<').map(|part| part.split_once('>').map_or(part, |(_, t)| t)).collect();
    assert_eq!(text, "Byes (10 table points): Hélène Dubois, Sofie Claes", "{line}");
}

/// «Friday», a Double King evening of two rounds and eight players, round 1 drawn and one
/// line written at table 1 (table 2 not started).
fn friday_one_line() -> (Atout, String) {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app
        .tournament_create(&NewTournament { name: "Friday".into(), game: "double-king".into(), rounds: Some(2), ..Default::default() })
        .unwrap()
        .id
        .to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo\n", Some(&t)).unwrap();
    app.round_draw(&t, &DrawRequest::new(1, Some(1))).unwrap();
    let at = TableRef::new(&t, 1, 1);
    app.table_dealer(&at, 3, "cards drawn").unwrap();
    app.deal_add(&at, None, common::worked_example()[0].clone()).unwrap();
    (app, t)
}

/// A withdrawal and a late entry are said after the name in the published ranking, as the
/// printed one says them (the site said neither: a player with a round missing looked last
/// for nothing).
#[test]
fn the_published_ranking_says_who_withdrew_and_who_came_late() {
    let (mut app, t) = friday_one_line();
    let gone = app.round_view(&t, 1).unwrap().tables[0].seats[0].clone();
    app.player_withdraw(&t, &gone.player, Some(2), "went home").unwrap();
    let zoe = app.player_add("Zoë", "", "", false).unwrap().id;
    app.tournament_enter(&t, &[zoe]).unwrap();
    app.round_draw(&t, &DrawRequest::new(2, Some(2))).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "fr", Privacy::default()).unwrap();
    let page = std::fs::read_to_string(dir.path().join(format!("evening-{t}/index.html"))).unwrap();
    let row = |name: &str| page.lines().find(|l| l.starts_with("<tr>") && l.contains(&format!(">{name}<"))).unwrap_or_else(|| panic!("{name}: {page}"));
    assert!(row(&gone.name).contains("<span class=\"who\">retiré après la manche 1</span>"), "{}", row(&gone.name));
    assert!(row("Zoë").contains("<span class=\"who\">dès la manche 2</span>"), "{}", row("Zoë"));
    assert!(!row("Hugo").contains("class=\"who\"") || gone.name == "Hugo", "{}", row("Hugo"));
}

/// A table not started (nothing written) says so, with its players and no figures; its
/// players' pages say they have not started. The evening page showed the empty sheet's table
/// points (10 each) under «being played», while its ranking counted them for nobody, and
/// the player's page said «withdrawn».
#[test]
fn a_table_not_started_is_published_as_not_started() {
    let (mut app, t) = friday_one_line();
    let waiting = app.round_view(&t, 1).unwrap().tables[1].seats[0].name.clone();
    // Another of table 2 withdrawn before playing is said withdrawn, not «not started».
    let gone = app.round_view(&t, 1).unwrap().tables[1].seats[1].clone();
    app.player_withdraw(&t, &gone.player, Some(1), "went home").unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let page = std::fs::read_to_string(dir.path().join(format!("evening-{t}/index.html"))).unwrap();
    let table = |n: i64| {
        let start = page.find(&format!("id=\"r1-t{n}\"")).unwrap_or_else(|| panic!("table {n}: {page}"));
        page[start..start + page[start..].find("</table>").unwrap()].to_string()
    };
    assert!(table(2).contains("Table 2 — not started</caption>") && table(2).contains(&waiting), "{}", table(2));
    assert!(!table(2).contains("Table points") && !table(2).contains("Totals"), "no figures for a table not started: {}", table(2));
    assert!(table(1).contains("Table 1 — being played</caption>") && table(1).contains("Table points"), "{}", table(1));
    let pages = files(dir.path());
    let (_, mine) = pages
        .iter()
        .find(|(path, body)| path.starts_with("player-") && path.ends_with("/index.html") && String::from_utf8_lossy(body).contains(&format!("<h1>{waiting}")))
        .unwrap_or_else(|| panic!("{waiting}'s page"));
    let mine = String::from_utf8_lossy(mine);
    let row = mine.lines().find(|l| l.contains(">Friday</a>")).unwrap_or_else(|| panic!("{mine}"));
    assert!(row.contains(">not started<") && !row.contains("withdrawn"), "{row}");
    let (_, theirs) = pages
        .iter()
        .find(|(path, body)| {
            path.starts_with("player-") && path.ends_with("/index.html") && String::from_utf8_lossy(body).contains(&format!("<h1>{}", gone.name))
        })
        .unwrap_or_else(|| panic!("{}'s page", gone.name));
    let theirs = String::from_utf8_lossy(theirs);
    let row = theirs.lines().find(|l| l.contains(">Friday</a>")).unwrap_or_else(|| panic!("{theirs}"));
    assert!(row.contains(">withdrawn<"), "{row}");
}

/// A season's page says which evening is still being played, under its name (its places,
/// counted as they stand, may change; the page showed them as final).
#[test]
fn a_seasons_page_says_which_evening_is_being_played() {
    let (mut app, sample, king) = club();
    let s = app.season_create("Autumn", None).unwrap().id.to_string();
    app.season_add(&s, &sample).unwrap();
    app.season_add(&s, &king).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy { initials: false }).unwrap();
    let page = std::fs::read_to_string(dir.path().join(format!("season-{s}/index.html"))).unwrap();
    let head = &page[page.find("<thead>").unwrap()..page.find("</thead>").unwrap()];
    assert_eq!(head.matches("being played").count(), 1, "{head}");
    let king_head = head.split("</th>").find(|th| th.contains("King &lt;night&gt;")).unwrap_or("");
    assert!(king_head.contains("being played"), "{head}");
}

#[test]
fn a_sanction_is_published_as_a_sanction_and_a_ruling_as_one_ruling() {
    // Every ruling's row read «Rulings:», a sanction too (on paper: «Sanction:»).
    let (mut app, _, king) = club();
    let sanction = serde_json::json!({"seat": 2, "points": [0, -5, 0, 0], "reason": "late", "by": "Marie Jacobs", "sanction": true});
    app.ruling_add(&TableRef::new(&king, 1, 1), sanction).unwrap();
    let ruled = serde_json::json!({"seat": 3, "points": [1, 1, -3, 1], "reason": "revoke", "by": "Marie Jacobs"});
    app.ruling_add(&TableRef::new(&king, 1, 1), ruled).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "fr", Privacy::default()).unwrap();
    let evening = std::fs::read_to_string(dir.path().join(format!("evening-{king}/index.html"))).unwrap();
    assert!(evening.contains("Sanction : late") || evening.contains("Sanction&#160;: late") || evening.contains("Sanction\u{a0}: late"), "{evening}");
    assert!(evening.contains("Décision") && !evening.contains("Décisions"), "{evening}");
}

/// An evening without a date is said in the feed by its game and its state alone (it read
/// «Double King ·  · Provisional», an empty place between them).
#[test]
fn the_feed_says_an_evening_without_a_date_without_an_empty_place() {
    // Another tool's document may give no date.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/spring-open-16.json")).unwrap();
    let mut doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    doc.as_object_mut().unwrap().remove("date");
    let mut app = Atout::open_in_memory().unwrap();
    app.import_document(&doc.to_string()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let feed = std::fs::read_to_string(dir.path().join("feed.xml")).unwrap();
    let summary = feed.split("<summary>").nth(1).unwrap().split("</summary>").next().unwrap();
    assert_eq!(summary.split(" · ").count(), 2, "{summary}");
    assert!(summary.starts_with("Double King · Final") && !summary.contains(" ·  · "), "{summary}");
}

/// A file of an evening unchanged since the last publishing, damaged meanwhile, is written
/// again at the next publishing (it stayed damaged: only a file gone was noticed); with
/// nothing damaged, nothing is written.
#[test]
fn publishing_again_mends_a_damaged_file() {
    let (mut app, sample, _) = club();
    let dir = tempfile::tempdir().unwrap();
    app.publish(dir.path(), "en", Privacy::default()).unwrap();
    let first = files(dir.path());
    let again = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert_eq!(again.written, 0, "nothing changed, nothing written");
    let standings = dir.path().join(format!("evening-{sample}/standings.json"));
    std::fs::write(&standings, "garbage").unwrap();
    let mended = app.publish(dir.path(), "en", Privacy::default()).unwrap();
    assert!(mended.written >= 1, "{mended:?}");
    assert_eq!(files(dir.path()), first, "every file as first published");
}
