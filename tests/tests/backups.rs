//! Backups, restore and refusing bad files (issue "Nothing lost").

mod common;
use atout_api::Atout;
use serde_json::{json, Value};
use std::path::Path;

fn export(app: &mut Atout, t: &str) -> Value {
    let mut doc = serde_json::to_value(app.export_document(t).unwrap()).unwrap();
    // The log differs by the restore itself; the tournament must not.
    doc.as_object_mut().unwrap().remove("audit");
    doc
}

fn imported_file(dir: &Path) -> (Atout, String) {
    let mut app = Atout::open(&dir.join("club.db")).unwrap();
    let t = app.import_document(&common::read("king-13.json")).unwrap().id.to_string();
    (app, t)
}

#[test]
fn backup_change_restore_gives_back_the_exact_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, t) = imported_file(dir.path());
    let before = export(&mut app, &t);
    let backup = app.backup(None).unwrap();
    assert_eq!((backup.kind, backup.tournaments, backup.rounds), ("manual", 1, 3));
    assert!(backup.file.starts_with("manual-"), "{}", backup.file);
    assert!(backup.lines > 0 && backup.problem.is_none());
    // A change after the backup…
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), json!({"seat": 1, "points": [2, -2, 0, 0], "reason": "x", "by": "j"})).unwrap();
    assert_ne!(export(&mut app, &t), before);
    // …is gone after the restore, and the replaced content is kept aside.
    let kept = app.restore(Path::new(&backup.path)).unwrap();
    assert_eq!(kept.kind, "replaced");
    assert_eq!(export(&mut app, &t), before);
    assert!(app.backups().iter().any(|b| b.path == kept.path));
    // The kept content holds the ruling: restoring it brings the ruling back.
    app.restore(Path::new(&kept.path)).unwrap();
    assert_eq!(app.rulings_list(&t).unwrap().iter().filter(|r| r.id.is_some()).count(), 2);
    assert_eq!(app.check().unwrap(), "ok");
}

#[test]
fn automatic_backups_rotate() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let mine = app.backup(None).unwrap();
    for _ in 0..25 {
        app.backup_automatic().unwrap();
    }
    let auto = app.backups().iter().filter(|b| b.kind == "auto").count();
    assert_eq!(auto, atout_api::backups::DEFAULT_KEEP);
    // A backup made by hand is none of them: still there (it was written as the next automatic
    // one, and pruned twenty later).
    assert!(app.backups().iter().any(|b| b.path == mine.path && b.kind == "manual"));
}

/// Two databases side by side keep their own backups: the other's automatic backups neither
/// show among this one's nor push this one's out (they shared `backups/`, and the one written
/// most pruned the other's away).
#[test]
fn two_databases_in_one_folder_keep_their_own_backups() {
    let dir = tempfile::tempdir().unwrap();
    let (mut club, _) = imported_file(dir.path());
    let mine = club.backup(None).unwrap();
    let mut test = Atout::open(&dir.path().join("test.db")).unwrap();
    test.import_document(&common::read("spring-open-16.json")).unwrap();
    for _ in 0..atout_api::backups::DEFAULT_KEEP + 3 {
        test.backup_automatic().unwrap();
    }
    assert!(Path::new(&mine.path).exists(), "the club's backup is still there");
    // The club's own: the one its import took, and this one (the newest first).
    let listed = club.backups();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!((listed[0].path.as_str(), listed[0].tournaments), (mine.path.as_str(), 1));
    assert!(listed.iter().all(|b| b.tournaments == 1 && Path::new(&b.path).starts_with(atout_api::backups::backup_dir(&dir.path().join("club.db")))));
    assert!(test.backups().iter().all(|b| b.tournaments == 1 && b.path != mine.path));
    // The default database keeps `backups/` itself, as the README says.
    assert_eq!(atout_api::backups::backup_dir(&dir.path().join("atout.db")), dir.path().join("backups"));
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn a_damaged_file_is_refused_and_left_byte_for_byte_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    {
        let (mut app, _) = imported_file(dir.path());
        app.backup(None).unwrap();
    }
    // Flip the bytes of the second page's header (the start of a b-tree page).
    let mut data = bytes(&path);
    let page = u16::from_be_bytes([data[16], data[17]]) as usize;
    for b in &mut data[page..page + 16] {
        *b ^= 0x5a;
    }
    std::fs::write(&path, &data).unwrap();
    let e = Atout::open(&path).err().expect("a damaged file is refused");
    assert!(e.to_string().contains("is damaged") && e.to_string().contains("club.db"), "{e}");
    assert_eq!(bytes(&path), data, "the damaged file was changed");
    // Recovery: the damaged file is kept aside, the latest good backup put in its place.
    let good = atout_api::backups::backups_of(&path).into_iter().find(|b| b.problem.is_none()).unwrap();
    let mut app = atout_api::backups::restore_file(&path, Path::new(&good.path)).unwrap();
    assert_eq!(app.tournament_list().unwrap().len(), 1);
    let damaged = app.backups().into_iter().find(|b| b.kind == "damaged").unwrap();
    assert_eq!(bytes(Path::new(&damaged.path)), data);
}

#[test]
fn a_file_from_a_newer_atout_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    drop(imported_file(dir.path()));
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        conn.pragma_update(None, "journal_mode", "DELETE").unwrap();
    }
    let data = bytes(&path);
    let e = Atout::open(&path).err().expect("a newer file is refused");
    assert!(e.to_string().contains("newer version of Atout"), "{e}");
    assert_eq!(bytes(&path), data);
    // A backup from a newer Atout cannot be restored either.
    let dir2 = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir2.path());
    assert!(app.restore(&path).is_err());
}

#[test]
fn not_a_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.db");
    std::fs::write(&path, "These are the minutes of the club meeting, not a database.".repeat(100)).unwrap();
    let before = bytes(&path);
    assert!(Atout::open(&path).is_err());
    assert_eq!(bytes(&path), before);
}

/// Flipped bytes inside a record (a sheet line's JSON) are found too: SQLite checks
/// structure only, so Atout reads every JSON record when a file is opened.
#[test]
fn a_damaged_record_is_found_when_the_file_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    drop(imported_file(dir.path()));
    let mut data = bytes(&path);
    // The last sheet line written: its `"counts":` key loses its opening quote.
    let at = data.windows(9).rposition(|w| w == b"\"counts\":").expect("a sheet line in the file");
    data[at] ^= 0x5a;
    std::fs::write(&path, &data).unwrap();
    let e = Atout::open(&path).err().expect("refused");
    assert!(e.to_string().contains("unreadable record"), "{e}");
    assert_eq!(bytes(&path), data);
}

/// A flipped byte that leaves a name no longer UTF-8 passes SQLite's checks and
/// `json_valid`: it is found when the file is opened, said damaged (exit 4, the backups
/// offered), not met later as a program fault when the name is first read.
#[test]
fn a_name_no_longer_utf8_is_found_when_the_file_is_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    drop(imported_file(dir.path()));
    let mut data = bytes(&path);
    // «Amélie»: the second byte of «é» (0xC3 0xA9) becomes 0xFF.
    let at = data.windows(4).rposition(|w| w == "Amé".as_bytes()).expect("a name in the file");
    data[at + 3] = 0xff;
    std::fs::write(&path, &data).unwrap();
    let e = Atout::open(&path).err().expect("refused");
    assert!(e.to_string().contains("unreadable record"), "{e}");
    assert!(e.is_internal() && !e.is_unavailable(), "damaged, not unavailable: {e}");
    assert_eq!(bytes(&path), data);
}

/// Another program's SQLite file (its own tables, no version of Atout's) is no tournament
/// database: refused unchanged when opened and when restored. It was taken for a new
/// database: Atout's tables were written into it, and a restore put it in the club's place.
#[test]
fn another_programs_sqlite_file_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let foreign = dir.path().join("foreign.db");
    {
        let conn = rusqlite::Connection::open(&foreign).unwrap();
        conn.execute_batch("CREATE TABLE foo (x INTEGER); INSERT INTO foo VALUES (1);").unwrap();
    }
    let data = bytes(&foreign);
    let e = Atout::open(&foreign).err().expect("another program's file is refused");
    assert!(e.to_string().contains("not an Atout database"), "{e}");
    // A mistake about the file (exit 1), not a damaged one (exit 4, backups offered).
    assert!(!e.is_internal() && e.is_unavailable(), "{e}");
    assert_eq!(bytes(&foreign), data, "not a byte changed");
    let dir2 = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir2.path());
    assert!(app.restore(&foreign).is_err());
    assert_eq!(app.tournament_list().unwrap().len(), 1, "the club's database stays");
    // An empty file (or none) is still a new database.
    let empty = dir.path().join("new.db");
    std::fs::write(&empty, b"").unwrap();
    assert!(Atout::open(&empty).is_ok());
}

/// Each CLI command is a process of its own: its first write takes an automatic backup only
/// when the newest backup beside the database is older than the interval (five minutes).
/// Every command took one, and twenty commands pruned every older backup away.
#[test]
fn a_new_process_takes_no_automatic_backup_while_the_last_is_recent() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    let mut app = Atout::open(&path).unwrap();
    let t =
        app.tournament_create(&atout_api::NewTournament { name: "Friday".into(), game: "double-king".into(), ..Default::default() }).unwrap().id.to_string();
    app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    let at = atout_api::TableRef::new(&t, 1, 1);
    let auto = |app: &Atout| app.backups().iter().filter(|b| b.kind == "auto").count();
    let line = |app: &mut Atout| {
        let next = app.random_sheet(&at, 7).unwrap()[app.sheet(&at).unwrap().lines.len()].clone();
        app.deal_add(&at, None, next).unwrap();
    };
    line(&mut app);
    assert_eq!(auto(&app), 1, "the first write backs up");
    drop(app);
    for n in 0..3 {
        let mut again = Atout::open(&path).unwrap();
        line(&mut again);
        assert_eq!(auto(&again), 1, "command {n}");
    }
}

/// A database another program holds (an exclusive lock) cannot be opened; nothing says it is
/// damaged, and it is not called so (it was: «is damaged (database is locked)», exit 4 and the
/// backups offered in its place).
#[test]
fn a_database_held_by_another_program_is_not_called_damaged() {
    let dir = tempfile::tempdir().unwrap();
    drop(imported_file(dir.path()));
    let path = dir.path().join("club.db");
    let holder = rusqlite::Connection::open(&path).unwrap();
    holder.execute_batch("PRAGMA journal_mode = DELETE; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;").unwrap();
    holder.query_row("SELECT count(*) FROM deals", [], |r| r.get::<_, i64>(0)).unwrap();
    let e = Atout::open(&path).err().expect("held by another program");
    assert!(e.to_string().contains("cannot be opened") && !e.to_string().contains("damaged ("), "{e}");
    assert!(!e.is_internal(), "{e}");
    drop(holder);
    assert_eq!(Atout::open(&path).unwrap().tournament_list().unwrap().len(), 1);
}

/// A sheet line changed by other means that is still JSON (a count changed by hand) opens,
/// but `check` replays every stored sheet and names it: it said «ok».
#[test]
fn a_sheet_line_changed_by_hand_is_found_by_check() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("club.db");
    drop(imported_file(dir.path()));
    let mut data = bytes(&path);
    let at = data.windows(10).rposition(|w| w == b"\"counts\":[").expect("a sheet line in the file") + 10;
    assert!(data[at].is_ascii_digit());
    data[at] = if data[at] == b'9' { b'0' } else { data[at] + 1 };
    std::fs::write(&path, &data).unwrap();
    let mut app = Atout::open(&path).unwrap();
    let e = app.check().unwrap_err();
    assert!(e.to_string().contains("no longer check") && e.to_string().contains("table 1"), "{e}");
    // Said in each language, where and why (the French said «round 2, table 1: deal line…»).
    let fr = e.texts().fr;
    assert!(fr.starts_with("des feuilles enregistrées ne sont plus valables") && fr.contains("manche ") && !fr.contains("round "), "{fr}");
    // What ranks the tournament says so; the players' site is not written with it (its table
    // counted nothing, and the site said the round was still being played).
    let t = app.tournament_list().unwrap()[0].id;
    assert!(app.sheets_broken(&[t]).unwrap().is_some());
    // The standings say so, in every front: in their answer, and beside the command line's text;
    // those after an earlier round, which do not count it, do not.
    let standings = app.standings(&t.to_string(), None).unwrap();
    assert!(standings.broken.as_ref().is_some_and(|s| s.en.contains("count nothing in the standings")), "{:?}", standings.broken);
    let round: i64 = e.to_string().split("round ").nth(1).and_then(|x| x.split(',').next()).and_then(|x| x.trim().parse().ok()).expect("the round named");
    if round > 1 {
        assert!(
            app.standings(&t.to_string(), Some(round - 1)).unwrap().broken.is_none(),
            "round {round}'s sheet is no matter of the standings after round {}",
            round - 1
        );
    }
    assert!(app.standings(&t.to_string(), Some(round)).unwrap().broken.is_some());
    let (_, said) = app.standings_said(&t.to_string(), None, atout_api::StandingsFormat::Table, "fr").unwrap();
    assert!(said.is_some_and(|s| s.fr.contains("ne comptent pas au classement")));
    let site = dir.path().join("site");
    let e = app.publish(&site, "en", atout_api::publish::Privacy::default()).unwrap_err();
    assert!(e.to_string().contains("count nothing in the standings"), "{e}");
    assert!(!site.join("index.html").exists(), "nothing published");
}

/// A backup cut short (a process killed, a disk full) leaves its part behind: the next backup
/// removes those older than a minute, and leaves one that may still be being written.
#[test]
fn the_parts_of_backups_cut_short_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let folder = atout_api::backups::backup_dir(&dir.path().join("club.db"));
    std::fs::create_dir_all(&folder).unwrap();
    let (old, fresh) = (folder.join("auto-20260101-000000.part"), folder.join("auto-20260101-000001.part"));
    for p in [&old, &fresh] {
        std::fs::write(p, b"half a backup").unwrap();
    }
    let two_minutes_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    std::fs::File::options().write(true).open(&old).unwrap().set_modified(two_minutes_ago).unwrap();
    app.backup(None).unwrap();
    assert!(!old.exists() && fresh.exists());
}

/// The backups are listed newest first by when each was written, whatever its kind: by name,
/// every `replaced-…` file came before every newer `auto-…` one, and the "latest good
/// backup" offered when the database could not be opened was older than the newest — lines
/// written since were lost by following it. A damaged file kept aside is never offered.
#[test]
fn the_latest_good_backup_is_the_newest_of_any_kind() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let db = dir.path().join("club.db");
    let folder = atout_api::backups::backup_dir(&db);
    let made = app.backup(Some(&dir.path().join("made.db"))).unwrap();
    for b in app.backups() {
        std::fs::remove_file(&b.path).unwrap();
    }
    // The same content under the names of three kinds, written at three times (UTC stamps).
    for (name, _) in [("replaced-20261127-173245-187.db", 0), ("auto-20261127-173248-539.db", 1), ("damaged-20261127-173250-001.db", 2)] {
        std::fs::copy(&made.path, folder.join(name)).unwrap();
    }
    std::fs::remove_file(&made.path).unwrap();
    let listed: Vec<String> = app.backups().into_iter().map(|b| b.file).collect();
    assert_eq!(listed, ["damaged-20261127-173250-001.db", "auto-20261127-173248-539.db", "replaced-20261127-173245-187.db"]);
    assert_eq!(atout_api::backups::latest_good(&db).unwrap().file, "auto-20261127-173248-539.db");
}

/// A restore takes only what `atout check` would pass: an empty file (it wiped the database),
/// a file whose index is damaged (the quick check an open runs does not compare indexes),
/// and one whose stored sheet no longer checks were restored; each is refused now, saying
/// why in the user's language, and the database is left as it was.
#[test]
fn a_restore_takes_only_a_backup_that_checks() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, t) = imported_file(dir.path());
    let before = export(&mut app, &t);
    let db = dir.path().join("club.db");
    let good = app.backup(Some(&dir.path().join("good.db"))).unwrap();
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    let index = dir.path().join("index.db");
    std::fs::copy(&good.path, &index).unwrap();
    {
        let conn = rusqlite::Connection::open(&index).unwrap();
        conn.execute_batch(
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE INDEX deals_line ON deals(table_id, id, line)' WHERE name = 'deals_line';",
        )
        .unwrap();
    }
    let sheet = dir.path().join("sheet.db");
    std::fs::copy(&good.path, &sheet).unwrap();
    {
        let conn = rusqlite::Connection::open(&sheet).unwrap();
        conn.execute("INSERT INTO deals (table_id, change_id, line, entry) SELECT table_id, change_id, 99, '{\"game\":\"nonsense\"}' FROM deals LIMIT 1", [])
            .unwrap();
    }
    let backups = app.backups().len();
    for bad in [&empty, &index, &sheet] {
        let e = app.restore(bad).unwrap_err();
        assert_eq!(e.kind(), "invalid", "{}: {e}", bad.display());
        assert!(e.texts().fr.contains("ne peut pas être restauré") && e.texts().fr.contains("rien n'a été modifié"), "{:?}", e.texts());
        assert_eq!(export(&mut app, &t), before, "{}", bad.display());
        // Refused before anything was kept aside or replaced, by either way of restoring.
        assert_eq!(app.backups().len(), backups);
        assert!(atout_api::backups::restore_into(&db, bad).is_err());
        assert_eq!(app.backups().len(), backups);
    }
    assert!(atout_api::backups::restore_file(&db, &empty).is_err());
    assert_eq!(Atout::open(&db).unwrap().tournament_list().unwrap().len(), 1);
    app.restore(Path::new(&good.path)).unwrap();
    assert_eq!(export(&mut app, &t), before);
}

/// A database another program holds cannot be opened, and nothing says it is damaged: a
/// restore into it is refused and nothing is moved. It was moved aside as damaged and the
/// backup put in its place, while the program holding it went on writing to the moved file.
#[test]
fn a_restore_over_a_database_another_program_holds_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let db = dir.path().join("club.db");
    let good = app.backup(Some(&dir.path().join("good.db"))).unwrap();
    drop(app);
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("PRAGMA journal_mode = DELETE; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;").unwrap();
    holder.query_row("SELECT count(*) FROM deals", [], |r| r.get::<_, i64>(0)).unwrap();
    let e = atout_api::backups::restore_into(&db, Path::new(&good.path)).unwrap_err();
    assert!(e.is_unavailable(), "{e}");
    let e = atout_api::backups::restore_file(&db, Path::new(&good.path)).err().expect("refused");
    assert!(e.is_unavailable(), "{e}");
    let folder = atout_api::backups::backup_dir(&db);
    let aside =
        std::fs::read_dir(&folder).map(|d| d.filter_map(|e| e.ok()).filter(|e| e.file_name().to_string_lossy().starts_with("damaged-")).count()).unwrap_or(0);
    assert_eq!(aside, 0, "nothing moved aside");
    assert!(db.exists() && !db.with_extension("db.restoring").exists());
    drop(holder);
    assert_eq!(Atout::open(&db).unwrap().tournament_list().unwrap().len(), 1);
}

/// A write the file's place refuses (read-only, no right, the disk full) stores nothing and is
/// said so, in every language; it is no fault of the program or the file (it was «database:
/// attempt to write a readonly database», called a fault of the program, the disk or the
/// database file, with the backups offered).
#[test]
fn a_write_the_file_refuses_is_said_so_and_is_no_fault() {
    use atout_store::StoreError;
    let of = |code| atout_api::ApiError::Store(StoreError::Sql(rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None)));
    for code in [rusqlite::ffi::SQLITE_READONLY, rusqlite::ffi::SQLITE_FULL, rusqlite::ffi::SQLITE_PERM] {
        let e = of(code);
        assert!(!e.is_internal(), "{e}");
        assert!(e.to_string().contains("cannot be written: nothing was stored"), "{e}");
        let said = e.texts();
        assert!(said.fr.contains("ne peut pas être écrite") && said.nl.contains("kan niet beschreven worden"), "{said:?}");
    }
    // A damaged file's error stays a fault.
    let e = of(rusqlite::ffi::SQLITE_CORRUPT);
    assert!(e.is_internal() && !e.to_string().contains("cannot be written"), "{e}");
}

/// A ruling, a withdrawal, a change of settings or an import is a write like a sheet's line:
/// the automatic backup that is due is taken after it too (only a line took one: a jury
/// evening of rulings alone had none). So is a player registered, a tournament made, a round
/// drawn or a season's change (none took one: a secretary's first hour of registering and
/// drawing had no copy at all).
#[test]
fn every_kind_of_write_takes_the_automatic_backup_that_is_due() {
    let auto = |app: &Atout| app.backups().iter().filter(|b| b.kind == "auto").count();
    let fresh = || {
        let dir = tempfile::tempdir().unwrap();
        let app = Atout::open(&dir.path().join("club.db")).unwrap();
        assert_eq!(auto(&app), 0);
        (dir, app)
    };
    let new_tournament = |app: &mut Atout| {
        app.tournament_create(&atout_api::NewTournament { name: "Friday".into(), game: "double-king".into(), ..Default::default() }).unwrap().id.to_string()
    };
    let (_d, mut app) = fresh();
    app.player_add("Anne", "", "", false).unwrap();
    assert_eq!(auto(&app), 1, "a player registered backs up");
    let (_d, mut app) = fresh();
    new_tournament(&mut app);
    assert_eq!(auto(&app), 1, "a tournament made backs up");
    let (_d, mut app) = fresh();
    app.season_create("Season", None).unwrap();
    assert_eq!(auto(&app), 1, "a season made backs up");
    let (_d, mut app) = fresh();
    app.import_document(&common::read("king-13.json")).unwrap();
    assert_eq!(auto(&app), 1, "an import backs up");
    // Within the interval, one backup serves every write that follows: a draw and a ruling.
    let t = new_tournament(&mut app);
    app.players_import("name\nAnne\nBart\nChloé\nDirk\n", Some(&t)).unwrap();
    app.round_draw(&t, &atout_api::DrawRequest::new(1, Some(1))).unwrap();
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), json!({"seat": 1, "points": [-3, 1, 1, 1], "reason": "revoke", "by": "Jury"})).unwrap();
    assert_eq!(auto(&app), 1, "not one a write");
    // The next command, the backup now old: a ruling alone takes one.
    let made = std::path::PathBuf::from(&app.backups().iter().find(|b| b.kind == "auto").unwrap().path);
    drop(app);
    std::fs::File::options().write(true).open(&made).unwrap().set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(7200)).unwrap();
    let mut app = Atout::open(&_d.path().join("club.db")).unwrap();
    app.ruling_add(&atout_api::TableRef::new(&t, 1, 1), json!({"seat": 2, "points": [1, -3, 1, 1], "reason": "revoke", "by": "Jury"})).unwrap();
    assert_eq!(auto(&app), 2, "a ruling backs up");
}

/// A backup saved into a folder of the user's leaves the other programs' unfinished files
/// there alone (every stale `.part` of the folder went: a browser's download under way);
/// only the parts of Atout's own backups cut short go.
#[test]
fn a_backup_saved_elsewhere_deletes_nobody_elses_files() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let downloads = dir.path().join("Downloads");
    std::fs::create_dir(&downloads).unwrap();
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    for name in ["video.mp4.part", "film.part-journal", "auto-20261101-090000-000.part"] {
        let f = std::fs::File::create(downloads.join(name)).unwrap();
        f.set_modified(old).unwrap();
    }
    app.backup(Some(&downloads.join("save.db"))).unwrap();
    assert!(downloads.join("video.mp4.part").exists() && downloads.join("film.part-journal").exists(), "another program's files stay");
    assert!(!downloads.join("auto-20261101-090000-000.part").exists(), "a part of Atout's own backup cut short goes");
}

/// Backups brought from another PC say when they were written by their names, not by when
/// they were copied; an empty file among them is said to hold no database, not offered to
/// restore; a database cut short within SQLite's header, backups beside it, is damaged and
/// offered its backup (it was called a text file, a mistake in what was asked).
#[test]
fn backups_read_their_time_from_their_names_and_an_empty_one_is_none() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let made = app.backup(None).unwrap();
    let folder = Path::new(&made.path).parent().unwrap().to_path_buf();
    let copied = folder.join("auto-20261101-090000-000.db");
    std::fs::copy(&made.path, &copied).unwrap();
    std::fs::write(folder.join("damaged-20261102-090000-000.db"), b"").unwrap();
    drop(app);
    let list = atout_api::backups::backups_of(&dir.path().join("club.db"));
    let of = |name: &str| list.iter().find(|b| b.file == name).unwrap_or_else(|| panic!("{name}: {list:?}"));
    // 09:00 UTC on 1 November is that day in any local time.
    assert!(of("auto-20261101-090000-000.db").written_local.starts_with("2026-11-01 "), "{list:?}");
    assert!(of("damaged-20261102-090000-000.db").problem.as_ref().is_some_and(|p| p.en.contains("no Atout database")), "{list:?}");
    let db = dir.path().join("club.db");
    std::fs::write(&db, b"SQLite for").unwrap();
    let Err(e) = Atout::open(&db) else { panic!("a database cut short opened") };
    assert!(e.to_string().contains("is damaged"), "{e}");
    assert!(atout_api::backups::latest_good(&db).is_some());
}

/// A backup that cannot be written is said in the user's language: a file in the backups'
/// folder's place read «File exists (os error 17)» in the French window, of the backup.
#[test]
fn a_backup_that_cannot_be_written_is_said_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, _) = imported_file(dir.path());
    let in_the_way = dir.path().join("in-the-way");
    std::fs::write(&in_the_way, "a file").unwrap();
    let said = app.backup(Some(&in_the_way.join("save.db"))).unwrap_err().texts();
    assert!(said.fr.contains("une partie du chemin n'est pas un dossier") && !said.fr.contains("os error"), "{}", said.fr);
    assert!(said.nl.contains("een deel van het pad is geen map"), "{}", said.nl);
    let backups = atout_api::backups::backup_dir(&dir.path().join("club.db"));
    std::fs::remove_dir_all(&backups).unwrap();
    std::fs::write(&backups, "in the way").unwrap();
    let said = app.backup_automatic().unwrap_err().texts();
    assert!(said.fr.starts_with("sauvegarde ") && said.fr.contains("n'est pas un dossier") && !said.fr.contains("os error"), "{}", said.fr);
}
