use atout_store::{Change, Store, StoreError};
use serde_json::json;

fn change(action: &str) -> Change<'_> {
    Change { actor: "test", action, reason: "" }
}

fn sample(store: &mut Store) -> i64 {
    store
        .write(change("setup"), |w| {
            let t = w.add_tournament("Cup", "double-king", Some("2026-04-18"), &json!({}), &json!({}))?;
            let mut entrants = vec![];
            for (i, name) in ["Ann", "Bart", "Chris", "Dirk"].iter().enumerate() {
                let p = w.add_player(name, "KC", &i.to_string())?;
                entrants.push(w.add_entrant(t, p, &format!("p{i}"), &json!({}))?);
            }
            let d = w.add_draw(t, 1, Some("42"), Some(0), &json!({}))?;
            let table = w.add_table(d, 1, 3, &entrants, &json!({}))?;
            w.put_deal(table, 1, &json!({"contract": "E", "taker": 3}))?;
            Ok::<_, StoreError>(table)
        })
        .unwrap()
}

#[test]
fn migrations_set_the_version_and_reopen_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/atout.db");
    {
        let mut s = Store::open(&path).unwrap();
        sample(&mut s);
    }
    let s = Store::open(&path).unwrap();
    let v: i64 = s.raw().pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
    assert_eq!(v, 7);
    let mode: String = s.raw().pragma_query_value(None, "journal_mode", |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(s.players().unwrap().len(), 4);
}

#[test]
fn a_correction_appends_and_the_latest_line_holds() {
    let mut s = Store::open_in_memory().unwrap();
    let table = sample(&mut s);
    s.write(Change { actor: "jury", action: "deal.correct", reason: "wrong taker" }, |w| w.put_deal(table, 1, &json!({"contract": "E", "taker": 1}))).unwrap();
    let rounds = s.rounds(1).unwrap();
    assert_eq!(rounds[0].tables[0].deals.values(), [json!({"contract": "E", "taker": 1})]);
    let history = s.history(table).unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0].entry, json!({"contract": "E", "taker": 3}));
    assert_eq!((history[1].reason.as_str(), history[1].actor.as_str()), ("wrong taker", "jury"));
    assert!(history[1].at.ends_with('Z'), "stored in UTC: {}", history[1].at);
}

#[test]
fn rows_can_be_neither_updated_nor_deleted() {
    let mut s = Store::open_in_memory().unwrap();
    let table = sample(&mut s);
    s.write(change("corrections"), |w| {
        w.set_first_dealer(table, 2)?;
        let r = w.add_ruling(table, &json!({"seat": 1, "points": [1, -1, 0, 0], "reason": "r", "by": "j"}))?;
        w.put_ruling_key(table, "jury-1", r, None)?;
        // The key found with the ruling it wrote, as written.
        let key = w.ruling_key(table, "jury-1")?.expect("the key is written");
        assert_eq!((key.id, key.entry), (r, Some(r#"{"seat":1,"points":[1,-1,0,0],"reason":"r","by":"j"}"#.to_string())));
        w.withdraw_ruling(r)?;
        w.entrant_status(1, Some(2), None)
    })
    .unwrap();
    for sql in [
        "UPDATE table_dealers SET first_dealer = 1",
        "DELETE FROM ruling_withdrawals",
        "UPDATE entrant_status SET from_round = 1",
        "UPDATE deals SET entry = '{}'",
        "DELETE FROM deals",
        "UPDATE player_versions SET name = 'X'",
        "DELETE FROM changes",
        "UPDATE seats SET seat = 9",
        "UPDATE ruling_keys SET key = 'x'",
        "DELETE FROM ruling_keys",
    ] {
        let err = s.raw().execute(sql, []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
}

#[test]
fn a_failed_write_stores_nothing() {
    let mut s = Store::open_in_memory().unwrap();
    sample(&mut s);
    let before = s.row_counts().unwrap();
    let result: Result<(), StoreError> = s.write(change("bad"), |w| {
        w.add_player("Eve", "", "")?;
        // Seat refers to an entrant that does not exist: foreign keys refuse it.
        w.add_table(1, 2, 1, &[999], &json!({}))?;
        Ok(())
    });
    assert!(result.is_err());
    assert_eq!(s.row_counts().unwrap(), before);
}

#[test]
fn a_new_draw_replaces_the_round_without_erasing_the_old_one() {
    let mut s = Store::open_in_memory().unwrap();
    sample(&mut s);
    let entrants: Vec<i64> = s.entrants(1).unwrap().iter().map(|e| e.id).collect();
    s.write(change("round.draw"), |w| {
        let d = w.add_draw(1, 1, Some("7"), Some(0), &json!({}))?;
        w.add_table(d, 1, 2, &[entrants[3], entrants[2], entrants[1], entrants[0]], &json!({}))
    })
    .unwrap();
    let rounds = s.rounds(1).unwrap();
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0].seed.as_deref(), Some("7"));
    assert_eq!(rounds[0].tables[0].seats, [entrants[3], entrants[2], entrants[1], entrants[0]]);
    assert!(rounds[0].tables[0].deals.is_empty());
    let draws: i64 = s.raw().query_row("SELECT count(*) FROM draws", [], |r| r.get(0)).unwrap();
    assert_eq!(draws, 2);
}

/// A database written by version 1 of the schema opens, is migrated, and keeps its data.
#[test]
fn a_version_1_database_is_migrated_with_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(include_str!("../../../schema/0001_init.sql")).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        conn.execute("INSERT INTO changes (at, action) VALUES ('2026-01-01T00:00:00Z', 'x')", []).unwrap();
        conn.execute("INSERT INTO players (change_id) VALUES (1)", []).unwrap();
        conn.execute("INSERT INTO player_versions (player_id, change_id, name) VALUES (1, 1, 'Anne')", []).unwrap();
    }
    let s = Store::open(&path).unwrap();
    assert_eq!(s.raw().pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0)).unwrap(), 7);
    assert_eq!(s.players().unwrap()[0].name, "Anne");
    // A copy of the version-1 file was taken before it was migrated, and it still reads as version 1.
    let copies: Vec<_> = std::fs::read_dir(atout_store::backup_dir(&path)).unwrap().filter_map(|e| e.ok()).map(|e| e.path()).collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert!(copies[0].file_name().unwrap().to_string_lossy().starts_with("before-migration-"));
    assert_eq!(atout_store::check_file(&copies[0]).unwrap(), 1);
}

#[test]
fn a_corrected_first_dealer_a_removed_line_and_a_withdrawn_ruling_read_back() {
    let mut s = Store::open_in_memory().unwrap();
    let table = sample(&mut s);
    s.write(change("more"), |w| {
        w.put_deal(table, 2, &json!({"contract": "E", "taker": 1}))?;
        w.set_first_dealer(table, 1)?;
        let r = w.add_ruling(table, &json!({"seat": 1, "points": [1, -1, 0, 0], "reason": "r", "by": "j"}))?;
        w.add_ruling(table, &json!({"seat": 2, "points": [0, 0, 0, 0], "reason": "kept", "by": "j"}))?;
        w.withdraw_ruling(r)?;
        w.remove_line(table, 2)
    })
    .unwrap();
    let t = &s.rounds(1).unwrap()[0].tables[0];
    assert_eq!((t.first_dealer, t.deals.len(), t.rulings.len()), (1, 1, 1));
    assert_eq!(t.rulings[0]["reason"], "kept");
}

/// A season's tournaments, settings and the secretary's word on two players: the latest
/// row holds, either way round for a pair, and no row can be changed or removed.
#[test]
fn seasons_keep_every_row_and_read_the_latest() {
    let mut s = Store::open_in_memory().unwrap();
    sample(&mut s);
    let (season, t) = s
        .write(change("season"), |w| {
            let season = w.add_season("Winter", &json!({"count": "all"}))?;
            let t = w.add_tournament("Friday 2", "double-king", None, &json!({}), &json!({}))?;
            w.season_tournament(season, 1, true, None)?;
            w.season_tournament(season, t, true, Some("abc"))?;
            w.season_tournament(season, 1, false, None)?;
            w.season_settings(season, &json!({"count": {"best": 2}}))?;
            w.add_player_doubt(3, 1)?;
            w.add_player_doubt(4, 2)?;
            w.player_link(1, 3, true)?;
            w.player_link(3, 1, false)?;
            w.player_publishing(2, false)?;
            w.player_publishing(4, false)?;
            w.player_publishing(4, true)?;
            Ok::<_, atout_store::StoreError>((season, t))
        })
        .unwrap();
    let seasons = s.seasons().unwrap();
    assert_eq!((seasons[0].id, seasons[0].settings.clone()), (season, json!({"count": {"best": 2}})));
    let in_season = s.season_tournaments(season).unwrap();
    assert_eq!(in_season.iter().map(|r| (r.tournament, r.archive.as_deref())).collect::<Vec<_>>(), vec![(t, Some("abc"))]);
    // The latest word on the pair (3, 1) is "two people", whichever way it was written.
    assert_eq!(s.player_links().unwrap().iter().map(|l| (l.player, l.other, l.same)).collect::<Vec<_>>(), vec![(3, 1, false)]);
    // The latest mark of each player holds: 2 kept off the website, 4 published again.
    assert_eq!(s.unpublished_players().unwrap(), vec![2]);
    let doubts = s.player_doubts().unwrap();
    assert_eq!(doubts.iter().map(|d| (d.player, d.candidate, d.same)).collect::<Vec<_>>(), vec![(3, 1, Some(false)), (4, 2, None)]);
    for sql in [
        "UPDATE seasons SET name = 'X'",
        "DELETE FROM season_tournaments",
        "UPDATE player_links SET same = 1",
        "DELETE FROM player_doubts",
        "UPDATE season_settings SET settings = '{}'",
        "UPDATE player_publishing SET published = 1",
        "DELETE FROM player_publishing",
    ] {
        let err = s.raw().execute(sql, []).unwrap_err();
        assert!(err.to_string().contains("append-only"), "{sql}: {err}");
    }
}

/// The sample in a database file of its own: the folder, the store, the sample's table.
fn sample_file() -> (tempfile::TempDir, Store, i64) {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Store::open(&dir.path().join("atout.db")).unwrap();
    let table = sample(&mut s);
    (dir, s, table)
}

fn deals_of(s: &Store, table: i64) -> Vec<(i64, String)> {
    let mut q = s.raw().prepare("SELECT line, entry FROM deals WHERE table_id = ?1 ORDER BY id").unwrap();
    q.query_map([table], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
}

#[test]
fn a_batch_keeps_its_good_changes_and_none_of_a_failed_one() {
    let (dir, mut s, table) = sample_file();
    let path = dir.path().join("atout.db");
    {
        s.begin_batch().unwrap();
        assert!(s.in_batch());
        s.write(change("deal.add"), |w| w.put_deal(table, 2, &json!({"n": 2}))).unwrap();
        // A change that fails half-way: its first row goes with it, the batch goes on.
        let failed: Result<(), StoreError> = s.write(change("deal.add"), |w| {
            w.put_deal(table, 3, &json!({"n": "lost"}))?;
            w.add_table(1, 2, 1, &[999], &json!({}))?;
            Ok(())
        });
        assert!(failed.is_err());
        s.write(change("deal.add"), |w| w.put_deal(table, 3, &json!({"n": 3}))).unwrap();
        s.end_batch(true).unwrap();
        assert!(!s.in_batch());
        drop(s);
    }
    let s = Store::open(&path).unwrap();
    let lines: Vec<i64> = deals_of(&s, table).into_iter().map(|(l, _)| l).collect();
    assert_eq!(lines, vec![1, 2, 3]);
    assert!(deals_of(&s, table).iter().all(|(_, e)| !e.contains("lost")));
}

#[test]
fn nothing_of_a_batch_is_kept_before_it_commits() {
    let (dir, mut s, table) = sample_file();
    let path = dir.path().join("atout.db");
    {
        // A commit that fails (a full disk): every change of the batch is gone, not some.
        s.begin_batch().unwrap();
        s.write(change("deal.add"), |w| w.put_deal(table, 2, &json!({"n": 2}))).unwrap();
        s.fail_next_commit();
        assert!(s.end_batch(true).is_err());
        assert_eq!(deals_of(&s, table).len(), 1);
        // The connection writes again afterwards, alone or in a batch.
        s.write(change("deal.add"), |w| w.put_deal(table, 2, &json!({"n": 2}))).unwrap();
        // A process that stops before the commit (the store dropped with its batch open).
        s.begin_batch().unwrap();
        s.write(change("deal.add"), |w| w.put_deal(table, 3, &json!({"n": 3}))).unwrap();
        drop(s);
    }
    let s = Store::open(&path).unwrap();
    assert_eq!(deals_of(&s, table).iter().map(|(l, _)| *l).collect::<Vec<_>>(), vec![1, 2]);
}
