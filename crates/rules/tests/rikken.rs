//! Rikken sheets (RULES.md §3) under the house-default points table, computed by hand.

use atout_rules::rikken::{Contract::*, Entry, Fine, Rikken, JURY_CALL, MISERE_TRICKS, PARTNER, PLAYS_DEAL, TRICKS_RANGE};
use atout_rules::{Game, GameId, Rule, Sheet, SheetError, Table};
use serde_json::json;

fn house() -> Rikken {
    Rikken::from_settings(&serde_json::Map::new()).unwrap()
}

fn replay(g: &Rikken, seats: usize, first: usize, entries: &[Entry]) -> Result<Sheet, SheetError> {
    Game::replay(g, Table::new(seats, first), entries)
}

fn points(g: &Rikken, seats: usize, first: usize, entries: &[Entry]) -> Vec<Vec<i64>> {
    replay(g, seats, first, entries).unwrap().lines.iter().map(|l| l.points.clone()).collect()
}

fn refused(g: &Rikken, seats: usize, first: usize, entries: &[Entry]) -> (usize, Rule) {
    let e = replay(g, seats, first, entries).unwrap_err();
    (e.line.unwrap_or(0), e.rule())
}

#[test]
fn partner_contracts_made_failed_and_all_thirteen() {
    let g = house();
    let sheet = [
        // 9 tricks: x = 10 + 5 × 1 = 15; declarer and partner +15, the others −15.
        Entry::partner(Rik, 2, 4, 9),
        // 6 tricks: x = 10 + 5 × (8 − 1 − 6) = 15; declarer −30, partner 0, the others +15.
        Entry::partner(Rik, 1, 3, 6),
        // All 13: x = 70.
        Entry::partner(Troela, 3, 1, 13),
        // Exactly 8: x = 10.
        Entry::partner(RikBeter, 4, 2, 8),
        // 7 tricks, one short: x = 10.
        Entry::partner(Trou, 1, 2, 7),
    ];
    assert_eq!(points(&g, 4, 1, &sheet), [vec![-15, 15, -15, 15], vec![-30, 15, 0, 15], vec![70, -70, 70, -70], vec![-10, 10, -10, 10], vec![-20, 0, 10, 10],]);
}

#[test]
fn solos_made_and_failed_with_over_and_under_tricks() {
    let g = house();
    let sheet = [
        // Abondance 9 with 10: x = 20 + 5 = 25; declarer +75.
        Entry::solo(Abondance9, 4, 10),
        // Abondance 11 with 9: x = 40 + 5 × (11 − 1 − 9) = 45; declarer −135.
        Entry::solo(Abondance11, 2, 9),
        // Abondance 12 made exactly: x = 50.
        Entry::solo(Abondance12, 3, 12),
        // Petit chelem (with the jury): x = 70.
        Entry::solo(PetitChelem, 1, 13).with_jury("Claes"),
        // Grand chelem failed with 12: x = 100 + 0.
        Entry::solo(GrandChelem, 2, 12).with_jury("Claes"),
        Entry::pass(),
    ];
    assert_eq!(
        points(&g, 4, 1, &sheet),
        [vec![-25, -25, -25, 75], vec![45, -135, 45, 45], vec![-50, -50, 150, -50], vec![210, -70, -70, -70], vec![100, -300, 100, 100], vec![0, 0, 0, 0],]
    );
}

#[test]
fn two_declarers_on_misere_one_succeeds() {
    // Seat 1 takes no trick (made, x = 25): +75 to seat 1, −25 to each other player.
    // Seat 3 takes 2 (failed, x = 25): −75 to seat 3, +25 to each other player.
    // Sum: [75 + 25, −25 + 25, −25 − 75, −25 + 25].
    let g = house();
    assert_eq!(points(&g, 4, 1, &[Entry::misere(Misere, &[1, 3], &[0, 2])]), [vec![100, 0, -100, 0]]);
    // Open misère needs the jury; with it, x = 50.
    assert_eq!(refused(&g, 4, 1, &[Entry::misere(OpenMisere, &[2], &[0])]), (1, JURY_CALL));
    assert_eq!(points(&g, 4, 1, &[Entry::misere(OpenMisere, &[2], &[0]).with_jury("Claes")]), [vec![-50, 150, -50, -50]]);
}

/// Every player of the deal declaring the misère: every trick is a declarer's, so their
/// tricks add up to 13, at a table of four and of five (the dealer sitting out). A line of
/// fewer was accepted (four misères made: all 0). Three made and one failed with all 13:
/// seat 4 takes them all, x = 25: seats 1–3 +75 − 25 − 25 + 25 = +50 each, seat 4 −75 − 75 = −150.
#[test]
fn every_player_declaring_a_misere_takes_all_thirteen_tricks() {
    let g = house();
    assert_eq!(refused(&g, 4, 1, &[Entry::misere(Misere, &[1, 2, 3, 4], &[0, 0, 0, 0])]), (1, MISERE_TRICKS));
    assert_eq!(refused(&g, 4, 1, &[Entry::misere(Misere, &[1, 2, 3, 4], &[0, 0, 0, 1])]), (1, MISERE_TRICKS));
    assert_eq!(points(&g, 4, 1, &[Entry::misere(Misere, &[1, 2, 3, 4], &[0, 0, 0, 13])]), [vec![50, 50, 50, -150]]);
    // At five, first dealer 1 sits out: seats 2–5 are every player of the deal.
    assert_eq!(refused(&g, 5, 1, &[Entry::misere(Misere, &[2, 3, 4, 5], &[0, 0, 0, 0])]), (1, MISERE_TRICKS));
    // Seats 2 and 3 made, 4 and 5 failed: seat 2 +75 − 25 + 25 + 25 = +100, seat 4 −75 − 25 − 25 + 25 = −100.
    assert_eq!(points(&g, 5, 1, &[Entry::misere(Misere, &[2, 3, 4, 5], &[0, 0, 6, 7])]), [vec![0, 100, 100, -100, -100]]);
    // Three of four declaring may take none: the fourth takes them all. Each declarer +75 − 25 − 25.
    assert_eq!(points(&g, 4, 1, &[Entry::misere(Misere, &[1, 2, 3], &[0, 0, 0])]), [vec![25, 25, 25, -75]]);
}

#[test]
fn fines_at_tables_of_four_and_five() {
    let g = house();
    let four = [Entry::fine(Fine::TrumpNotTurned, 2), Entry::fine(Fine::TrouNotAnnounced, 1), Entry::fine(Fine::JuryNotCalled, 4)];
    assert_eq!(points(&g, 4, 1, &four), [vec![1, -3, 1, 1], vec![-15, 5, 5, 5], vec![5, 5, 5, -15]]);
    let five = [Entry::fine(Fine::TrumpNotTurned, 3), Entry::fine(Fine::TrouNotAnnounced, 5), Entry::fine(Fine::JuryNotCalled, 1)];
    assert_eq!(points(&g, 5, 3, &five), [vec![1, 1, -4, 1, 1], vec![5, 5, 5, 5, -20], vec![-20, 5, 5, 5, 5]]);
    // A fine is not a deal: the dealer does not move and nothing counts as played.
    let sheet = replay(&g, 5, 3, &five).unwrap();
    assert_eq!((sheet.deals_played, sheet.lines.iter().map(|l| l.dealer.unwrap_or(0)).collect::<Vec<_>>()), (0, vec![3, 3, 3]));
}

#[test]
fn a_table_of_five_the_dealer_sits_out_and_plays_a_quarter_more() {
    let g = house();
    // First dealer 3 sits out deal 1: rik by 1 and 2 with 8 → +10 +10, 0 for seat 3, −10 −10.
    assert_eq!(points(&g, 5, 3, &[Entry::partner(Rik, 1, 2, 8)]), [vec![10, 10, 0, -10, -10]]);
    assert_eq!(refused(&g, 5, 3, &[Entry::partner(Rik, 3, 2, 8)]), (1, PLAYS_DEAL));
    assert_eq!(refused(&g, 5, 3, &[Entry::partner(Rik, 1, 3, 8)]), (1, PLAYS_DEAL));
    let sheet = replay(&g, 5, 3, &[Entry::pass(), Entry::solo(Abondance9, 3, 9)]).unwrap();
    assert_eq!((sheet.lines[1].dealer, sheet.lines[1].sits_out), (Some(4), Some(4)));
    // 16 deals at four, 20 at five; a 21st is refused.
    let full: Vec<Entry> = (0..20).map(|_| Entry::pass()).collect();
    let sheet = replay(&g, 5, 3, &full).unwrap();
    assert!(sheet.complete && sheet.deals_needed == 20);
    let mut more = full.clone();
    more.push(Entry::pass());
    assert_eq!(refused(&g, 5, 3, &more), (21, Rule::SHEET_FULL));
    assert_eq!(replay(&g, 4, 1, &full[..16]).unwrap().deals_needed, 16);
    // A fine is not a deal (FORMAT.md): it may follow the last one (it was refused,
    // `sheet-full`); the offender pays 1 to each other seat; the sheet stays complete.
    let mut fined = full.clone();
    fined.push(Entry::fine(Fine::TrumpNotTurned, 2));
    let sheet = replay(&g, 5, 3, &fined).unwrap();
    assert!(sheet.complete && sheet.deals_played == 20);
    assert_eq!(sheet.lines[20].points, vec![1, -4, 1, 1, 1]);
    fined.push(Entry::pass());
    assert_eq!(refused(&g, 5, 3, &fined), (22, Rule::SHEET_FULL));
}

#[test]
fn a_third_solo_after_two_lost_needs_the_jury() {
    let g = house();
    let mut sheet = vec![Entry::solo(Abondance9, 1, 5), Entry::misere(Misere, &[1, 2], &[1, 0])];
    // Seat 1 has lost two solos (the abondance and the misère); seat 2 none.
    let c = Game::next_choices(&g, Table::new(4, 1), &sheet).unwrap().unwrap();
    assert_eq!((c.jury_due_for.clone(), c.solos_lost.clone()), (vec![1], vec![2, 0, 0, 0]));
    sheet.push(Entry::solo(Abondance10, 1, 10));
    assert_eq!(refused(&g, 4, 1, &sheet), (3, JURY_CALL));
    // A partner contract is no solo: no jury needed.
    sheet[2] = Entry::partner(Rik, 1, 2, 8);
    assert!(replay(&g, 4, 1, &sheet).is_ok());
    sheet[2] = Entry::solo(Abondance10, 1, 10).with_jury("Claes");
    assert!(replay(&g, 4, 1, &sheet).is_ok());
}

#[test]
fn figures_are_checked() {
    let g = house();
    assert_eq!(refused(&g, 4, 1, &[Entry::partner(Rik, 2, 2, 8)]), (1, PARTNER));
    assert_eq!(refused(&g, 4, 1, &[Entry::partner(Rik, 2, 3, 14)]), (1, TRICKS_RANGE));
    assert_eq!(refused(&g, 4, 1, &[Entry::partner(Rik, 2, 9, 8)]), (1, Rule::SEAT_RANGE));
    assert_eq!(refused(&g, 4, 1, &[Entry::misere(Misere, &[1, 2], &[7, 7])]), (1, MISERE_TRICKS));
    assert_eq!(refused(&g, 4, 1, &[Entry::misere(Misere, &[1, 1], &[0, 0])]), (1, Rule::DEAL_SHAPE));
    assert_eq!(refused(&g, 4, 1, &[Entry { partner: Some(2), ..Entry::solo(Abondance9, 1, 9) }]), (1, Rule::DEAL_SHAPE));
    assert_eq!(refused(&g, 4, 1, &[Entry::solo(Abondance9, 1, i64::MAX)]), (1, TRICKS_RANGE));
    let rules = GameId::Rikken.rules(&serde_json::Map::new()).unwrap();
    let bad = json!([{"contract": "rik", "declarer": 1, "partner": 2, "tricks": [8]}]);
    assert_eq!(rules.replay(Table::new(4, 1), bad.as_array().unwrap()).unwrap_err().rule(), Rule::DEAL_SHAPE);
    assert_eq!(rules.replay(Table::new(6, 1), &[]).unwrap_err().rule(), Rule::TABLE_SIZE);
}

#[test]
fn the_points_table_is_data() {
    let mut points = atout_rules::rikken::default_points();
    points["rik"] = json!({"made": 8, "over": 2, "failed": 8, "under": 2});
    let g = Rikken::from_settings(json!({"points": points}).as_object().unwrap()).unwrap();
    // 9 tricks: x = 8 + 2 = 10; with no `all`, 13 tricks: x = 8 + 2 × 5 = 18.
    assert_eq!(points_of(&g, Entry::partner(Rik, 2, 4, 9)), [-10, 10, -10, 10]);
    assert_eq!(points_of(&g, Entry::partner(Rik, 2, 4, 13)), [-18, 18, -18, 18]);
    let mut missing = atout_rules::rikken::default_points();
    missing.as_object_mut().unwrap().remove("troela");
    assert_eq!(Rikken::from_settings(json!({"points": missing}).as_object().unwrap()).unwrap_err().rule, Rule::SETTINGS);
    assert_eq!(Rikken::from_settings(json!({"deals": 18}).as_object().unwrap()).unwrap_err().rule, Rule::SETTINGS);
    // Another tool's field in a row is no error (FORMAT.md keeps unknown fields), and an
    // optional figure written null is left out: 9 tricks pay 8 + 0; 6, failed, 8 + 0 (the
    // declarer pays 2x, its partner nothing).
    let mut theirs = atout_rules::rikken::default_points();
    theirs["rik"] = json!({"made": 8, "over": null, "failed": 8, "under": null, "all": null, "note": "club scale 2025"});
    theirs["solo-6"] = json!({"made": 4, "failed": 4});
    let g = Rikken::from_settings(json!({"points": theirs}).as_object().unwrap()).unwrap();
    assert_eq!(points_of(&g, Entry::partner(Rik, 2, 4, 9)), [-8, 8, -8, 8]);
    assert_eq!(points_of(&g, Entry::partner(Rik, 2, 4, 6)), [8, -16, 8, 0]);
}

#[test]
fn a_points_table_cell_refused_is_named_as_the_window_heads_it() {
    // An emptied cell of the window's grid is sent null: refused by the contract's name and the
    // column's heading (it said «ligne « rik-beter » : le champ `made` manque»).
    let mut emptied = atout_rules::rikken::default_points();
    emptied["rik-beter"]["made"] = json!(null);
    let err = Rikken::from_settings(json!({"points": emptied}).as_object().unwrap()).unwrap_err();
    let said = err.said.expect("said in every language");
    assert_eq!(err.rule, Rule::SETTINGS);
    let name = RikBeter.names();
    assert!(said.fr.contains(&format!("ligne « {} », colonne « réussi »", name.fr)) && !said.fr.contains("made"), "{}", said.fr);
    assert!(said.nl.contains(&format!("rij '{}', kolom 'gehaald'", name.nl)), "{}", said.nl);
    // A figure that is no whole number, in an optional column.
    let mut halved = atout_rules::rikken::default_points();
    halved["troela"]["under"] = json!(1.5);
    let said = Rikken::from_settings(json!({"points": halved}).as_object().unwrap()).unwrap_err().said.unwrap();
    assert!(said.en.contains("column «per trick short»: a whole number is needed"), "{}", said.en);
}

fn points_of(g: &Rikken, e: Entry) -> Vec<i64> {
    points(g, 4, 1, &[e]).remove(0)
}

#[test]
fn the_draw_makes_tables_of_five_before_byes() {
    let rules = GameId::Rikken.rules(&serde_json::Map::new()).unwrap();
    let plan = |n| rules.plan(n).map(|p| (p.sizes, p.byes)).unwrap();
    assert_eq!(plan(18), (vec![5, 5, 4, 4], 0));
    assert_eq!(plan(16), (vec![4, 4, 4, 4], 0));
    assert_eq!(plan(7), (vec![5], 2));
    assert_eq!(plan(11), (vec![5, 5], 1));
    assert!(rules.plan(3).is_err());
}

/// Every contract made and failed, declarer seat 2 (partner seat 3), house table:
/// partner contracts x = 10 made with 8 (declarer +10) and failed with 7 (declarer −20);
/// abondance N made with N (+3 × made) and failed with N − 1 (−3 × failed);
/// misère ±75, open misère ±150, petit chelem ±210, grand chelem ±300.
#[test]
fn every_contract_made_and_failed() {
    let g = house();
    let cases: [(atout_rules::rikken::Contract, i64, i64, i64, i64); 12] = [
        (Rik, 8, 10, 7, -20),
        (RikBeter, 8, 10, 7, -20),
        (Trou, 8, 10, 7, -20),
        (Troela, 8, 10, 7, -20),
        (Abondance9, 9, 60, 8, -60),
        (Abondance10, 10, 90, 9, -90),
        (Abondance11, 11, 120, 10, -120),
        (Abondance12, 12, 150, 11, -150),
        (Misere, 0, 75, 1, -75),
        (OpenMisere, 0, 150, 1, -150),
        (PetitChelem, 13, 210, 12, -210),
        (GrandChelem, 13, 300, 12, -300),
    ];
    for (c, made_tricks, made, failed_tricks, failed) in cases {
        let entry = |t: i64| {
            let e = match c.kind() {
                atout_rules::rikken::Kind::Partner => Entry::partner(c, 2, 3, t),
                atout_rules::rikken::Kind::Misere => Entry::misere(c, &[2], &[t]),
                _ => Entry::solo(c, 2, t),
            };
            e.with_jury("Claes")
        };
        let lines = points(&g, 4, 1, &[entry(made_tricks), entry(failed_tricks)]);
        assert_eq!((lines[0][1], lines[1][1]), (made, failed), "{c:?}");
        assert!(lines.iter().all(|l| l.iter().sum::<i64>() == 0), "{c:?}");
    }
}

/// The points table's columns and the figures each row has are the rules' (the window's
/// editor draws them from the description): a misère is made or failed whatever its
/// tricks, so it has no overtrick, all-tricks or undertrick figure; a pass has none.
#[test]
fn the_points_tables_columns_are_the_rules() {
    use atout_rules::rikken::{Contract, POINTS_COLUMNS};
    assert_eq!(POINTS_COLUMNS, ["made", "over", "all", "failed", "under"]);
    assert_eq!(Contract::Misere.points_figures(), ["made", "failed"]);
    assert_eq!(Contract::OpenMisere.points_figures(), ["made", "failed"]);
    assert_eq!(Contract::Rik.points_figures(), POINTS_COLUMNS);
    assert!(Contract::Pass.points_figures().is_empty());
    let desc = atout_rules::GameId::Rikken.rules(&Default::default()).unwrap().describe(atout_rules::Lang::En);
    assert_eq!(desc["points_columns"], serde_json::json!(POINTS_COLUMNS));
    let misere = desc["contracts"].as_array().unwrap().iter().find(|c| c["code"] == "misere").unwrap();
    assert_eq!(misere["figures"], serde_json::json!(["made", "failed"]));
}

/// A misère played alone names its one declarer so on the sheet, in every language (it read
/// «spelers: 3. Chloé», as if several played it; French spaces its colon); played by several, the plural.
#[test]
fn a_misere_played_alone_names_one_declarer() {
    let rules = GameId::Rikken.rules(&serde_json::Map::new()).unwrap();
    let names = atout_rules::Names::of(rules.as_ref());
    let seats = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from);
    let alone = json!({"contract": "misere", "declarers": [3], "tricks": [0]});
    let who = names.who(&alone, &seats);
    assert_eq!((who.en.as_str(), who.fr.as_str(), who.nl.as_str()), ("declarer: 3. Chloé", "déclarant : 3. Chloé", "speler: 3. Chloé"));
    let two = json!({"contract": "misere", "declarers": [4, 1], "tricks": [0, 1]});
    assert_eq!(names.who(&two, &seats).nl, "spelers: 4. Dirk · 1. Anne");
    // On the window's sheet, its tricks too: it has no column for them (checking a line
    // against the paper meant opening it).
    let on_sheet = names.who_on_sheet(&alone, &seats);
    assert_eq!(
        (on_sheet.en.as_str(), on_sheet.fr.as_str(), on_sheet.nl.as_str()),
        ("declarer: 3. Chloé · tricks: 0", "déclarant : 3. Chloé · plis : 0", "speler: 3. Chloé · slagen: 0")
    );
    assert_eq!(names.who_on_sheet(&two, &seats).nl, "spelers: 4. Dirk · 1. Anne · slagen: 0 · 1");
    let rik = json!({"contract": "rik", "declarer": 2, "partner": 4, "tricks": 9});
    assert_eq!(names.who_on_sheet(&rik, &seats).en, "declarer: 2. Bart · partner: 4. Dirk · tricks: 9");
    assert!(names.entry(&alone, &seats).en.contains("declarer: 3. Chloé"), "{:?}", names.entry(&alone, &seats));
}

/// The jury member a consent names is a person's name: at most 100 characters (a name of
/// 5,000 was stored). Open misère with the jury, x = 50: 3 × 50 to the declarer, −50 each.
#[test]
fn a_consents_jury_member_is_named_in_at_most_100_characters() {
    let g = house();
    let open = |jury: &str| Entry::misere(OpenMisere, &[2], &[0]).with_jury(jury);
    assert_eq!(points(&g, 4, 1, &[open(&"J".repeat(100))]), [vec![-50, 150, -50, -50]]);
    assert_eq!(refused(&g, 4, 1, &[open(&"J".repeat(101))]), (1, Rule::DEAL_SHAPE));
}

/// The jury member who consented to a contract, and the one who fined, are persons at no seat:
/// the published results with initials hide their names as they hide the players' (a
/// consent's jury member was published in full).
#[test]
fn a_lines_jury_member_is_a_person_the_results_may_hide() {
    let rules = GameId::Rikken.rules(&serde_json::Map::new()).unwrap();
    let names = atout_rules::Names::of(&*rules);
    let initial = |n: &str| n.split(' ').next().unwrap_or("").to_string();
    let called = json!({"contract": "rik", "declarer": 1, "partner": 2, "tricks": 9, "jury": "Marc Vandenberghe"});
    assert_eq!(names.persons_shown(&called, initial), json!({"contract": "rik", "declarer": 1, "partner": 2, "tricks": 9, "jury": "Marc"}));
    let fined = json!({"fine": "revoke", "offender": 3, "reason": "Lieve Dewitte saw it", "by": "Lieve Dewitte"});
    assert_eq!(names.persons_shown(&fined, initial)["by"], "Lieve");
}
