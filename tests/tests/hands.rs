//! Hand records carried by the lines of a tournament (issue "The hand checker"): a deal of
//! an exchange document may carry its `hand`; it is stored with the line and exported;
//! a record whose legal, complete play gives other figures than its line is refused,
//! naming the line, and so are wrong dealt cards; a correction written with its cards is
//! held to them.

mod common;

use atout_api::{Atout, TableRef};
use common::pdftotext;
use serde_json::{json, Value};

const RANKS: [&str; 13] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];

/// One suit a seat (1 spades, 2 hearts, 3 diamonds, 4 clubs); seat 1 leads (dealer 4) and
/// the four queens fall in trick 1: C may stop there, seat 1 having taken all four.
fn hand() -> Value {
    let cards: Vec<Vec<String>> = ["S", "H", "D", "C"].iter().map(|s| RANKS.iter().map(|r| format!("{r}{s}")).collect()).collect();
    json!({"cards": cards, "play": ["QS", "QH", "QD", "QC"]})
}

fn document(deal: Value) -> String {
    json!({
        "format": "atout-tournament/1", "name": "Hands", "date": "2026-11-23", "game": "double-king", "settings": {"rounds": 1},
        "players": [{"id": "p1", "name": "Anne"}, {"id": "p2", "name": "Bart"}, {"id": "p3", "name": "Chloé"}, {"id": "p4", "name": "Dirk"}],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["p1", "p2", "p3", "p4"], "first_dealer": 4, "deals": [deal], "rulings": []}], "byes": []}],
    })
    .to_string()
}

#[test]
fn a_line_carries_its_hand_through_import_and_export() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": hand()}))).unwrap();
    let exported = serde_json::to_value(app.export_document(&t.id.to_string()).unwrap()).unwrap();
    assert_eq!(exported["rounds"][0]["tables"][0]["deals"][0]["hand"], hand());
    let sheet = app.sheet(&TableRef::new(t.id.to_string(), 1, 1)).unwrap();
    assert_eq!(sheet.lines[0].line.points, vec![-8, 0, 0, 0]);
    // Written as a whole hand record, as another tool may read FORMAT.md ("a deal … may carry
    // one as `hand`"): read as its `hand` (it was refused, «the cards dealt are given seat by
    // seat»); a record of another game or table is refused naming the line.
    let record = json!({"format": "atout-hand/1", "game": "double-king", "seats": 4, "dealer": 4, "deal": {"contract": "C"}, "hand": hand()});
    let whole = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": record}))).unwrap();
    let exported = serde_json::to_value(app.export_document(&whole.id.to_string()).unwrap()).unwrap();
    assert_eq!(exported["rounds"][0]["tables"][0]["deals"][0]["hand"], hand());
    // Its dealer and its deal are the line's: a record dealt by another seat, or of another
    // contract, would be replayed in a frame not its own (a legal play stored as illegal).
    for (key, value, said) in
        [("dealer", json!(1), "dealt by seat 1, where the sheet has seat 4 deal"), ("deal", json!({"contract": "A"}), "another `contract`")]
    {
        let mut moved = record.clone();
        moved[key] = value;
        let err = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": moved}))).unwrap_err();
        assert_eq!(err.rule().map(|r| r.code()), Some("format"), "{err}");
        assert!(err.to_string().contains(said) && err.to_string().contains("line 1"), "{err}");
    }
    let mut other = record.clone();
    other["game"] = json!("king");
    let err = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": other}))).unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("format"), "{err}");
    assert!(err.to_string().contains("line 1") && err.to_string().contains("atout-hand/1"), "{err}");
}

#[test]
fn a_hand_giving_other_figures_than_its_line_is_refused_naming_the_line() {
    let mut app = Atout::open_in_memory().unwrap();
    let err = app.import_document(&document(json!({"contract": "C", "counts": [1, 1, 1, 1], "hand": hand()}))).unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("hand-figures"), "{err}");
    assert!(err.to_string().contains("[4,0,0,0]"), "{err}");
    match &err {
        atout_api::ApiError::Refused { place, .. } => assert_eq!((place.round, place.table, place.deal), (Some(1), Some(1), Some(1)), "{err}"),
        other => panic!("{other}"),
    }
    // Dealt wrong: a card twice.
    let mut wrong = hand();
    wrong["cards"][1][0] = json!("AS");
    let err = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": wrong}))).unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("deal-cards"), "{err}");
    // A record that does not read.
    let err = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": {"play": []}}))).unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("hand-record"), "{err}");
    assert!(app.tournament_list().unwrap().is_empty(), "nothing stored");
}

#[test]
fn an_illegal_play_is_kept_as_the_dispute_it_records() {
    let mut app = Atout::open_in_memory().unwrap();
    let mut disputed = hand();
    // Seat 2 discards a low heart instead of its queen: the line stands as written.
    disputed["play"] = json!(["QS", "2H", "QD", "QC"]);
    app.import_document(&document(json!({"contract": "C", "counts": [1, 1, 1, 1], "hand": disputed}))).unwrap();
}

#[test]
fn a_correction_written_with_its_cards_is_held_to_them() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&document(json!({"contract": "C", "counts": [1, 1, 1, 1]}))).unwrap();
    let at = TableRef::new(t.id.to_string(), 1, 1);
    let before = json!({"contract": "C", "counts": [1, 1, 1, 1]});
    let err = app.deal_correct(&at, 1, json!({"contract": "C", "counts": [0, 4, 0, 0], "hand": hand()}), Some(before.clone()), "jury").unwrap_err();
    assert_eq!(err.rule().map(|r| r.code()), Some("hand-figures"), "{err}");
    let sheet = app.deal_correct(&at, 1, json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": hand()}), Some(before), "figures from the cards").unwrap();
    assert_eq!(sheet.lines[0].line.points, vec![-8, 0, 0, 0]);
    assert_eq!(sheet.lines[0].entry["hand"], hand());
}

/// Checking a line (the window's and a device's `check`) holds its cards as writing it does:
/// a hand that gives other figures, or does not read, is the refusal the write gives (the
/// check said the points, the write then refused).
#[test]
fn checking_a_line_with_its_cards_refuses_what_writing_it_refuses() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0]}))).unwrap();
    let at = TableRef::new(t.id.to_string(), 1, 1);
    for (hand, rule) in [(hand(), "hand-figures"), (json!("zz"), "hand-record"), (json!({"dealt": []}), "hand-record")] {
        let entry = json!({"contract": "C", "counts": [1, 1, 1, 1], "hand": hand});
        // As a correction of line 1 (dealt by seat 4, as the cards were), and a record that does
        // not read as the next line too.
        let lines = if rule == "hand-record" { vec![None, Some(1)] } else { vec![Some(1)] };
        for line in lines {
            let preview = app.deal_check(&at, line, entry.clone()).unwrap();
            let refused = preview.refused.unwrap_or_else(|| panic!("{line:?} {entry}: checked ok"));
            assert_eq!(refused.rule().map(|r| r.code()), Some(rule), "{refused}");
        }
        let before = json!({"contract": "C", "counts": [4, 0, 0, 0]});
        let written = app.deal_correct(&at, 1, entry.clone(), Some(before), "cards").expect_err("refused");
        assert_eq!(written.rule().map(|r| r.code()), Some(rule));
    }
}

/// The line in words says the cards are on record, in every language; the history keeps
/// the hand with the correction.
#[test]
fn the_history_shows_a_line_with_its_cards() {
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&document(json!({"contract": "C", "counts": [4, 0, 0, 0], "hand": hand()}))).unwrap();
    let at = TableRef::new(t.id.to_string(), 1, 1);
    let sheet = app.sheet(&at).unwrap();
    let words = &sheet.lines[0].entry_texts;
    assert_eq!(
        (words.en.as_str(), words.fr.as_str(), words.nl.as_str()),
        (
            "fewest queens · counts by seat: 4 · 0 · 0 · 0 · cards on record (4 played)",
            "moindre dames · chiffres par place : 4 · 0 · 0 · 0 · cartes relevées (4 jouées)",
            "minste vrouwen · cijfers per plaats: 4 · 0 · 0 · 0 · kaarten opgetekend (4 gespeeld)"
        )
    );
    let history = app.sheet_history(&at).unwrap();
    assert!(history.iter().any(|h| h.entry.get("hand") == Some(&hand())), "{history:?}");
}

/// The tournament's file: every line with its cards, printed and read back with
/// pdftotext: the hands dealt, the tricks, the illegal card marked with its rule and the
/// card allowed, in the language asked.
#[test]
fn the_hands_are_printed_for_the_file_with_the_illegal_card_marked() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = Atout::open_in_memory().unwrap();
    let mut disputed = hand();
    disputed["play"] = json!(["QS", "2H", "QD", "QC"]);
    let t = app.import_document(&document(json!({"contract": "C", "counts": [1, 1, 1, 1], "hand": disputed}))).unwrap();
    let text = pdftotext(&app.print_hands(&t.id.to_string(), Some("en")).unwrap(), dir.path());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for want in [
        "Deals replayed card by card",
        "Round 1 · table 1 · line 1",
        "1. Anne (dealt): 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
        "4. Dirk (dealt): 2♣",
        "1: Q♠ 2: 2♥ !",
        "Illegal: trick 1, seat 2 played 2♥, against the rule: a seat that cannot follow discards a penalty card of the game when holding one Allowed: Q♥",
    ] {
        assert!(flat.contains(want), "«{want}» not in:\n{text}");
    }
    let text = pdftotext(&app.print_hands(&t.id.to_string(), Some("fr")).unwrap(), dir.path());
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("Donnes rejouées carte par carte")
            && flat.contains("Interdite : pli 1, la place 2 a joué 2♥, contre la règle : qui ne peut fournir se défausse")
            && flat.contains("Permises : D♥")
            && flat.contains("1. Anne (cartes reçues) : 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ V♠ D♠ R♠ A♠")
            // The tricks' cards with the French colon, as the column's header writes it.
            && flat.contains("1 : D♠ 2 : 2♥ !"),
        "{text}"
    );
}

/// Many disputed deals, one a table: every page but the first begins with a deal's heading
/// or says whose deal it goes on with — a deal's verdict stood alone at a page's top.
#[test]
fn a_deal_that_runs_onto_a_new_page_says_whose_it_is() {
    let mut disputed = hand();
    disputed["play"] = json!(["QS", "2H", "QD", "QC"]);
    let tables = 14;
    let players: Vec<Value> = (1..=tables * 4).map(|i| json!({"id": format!("p{i}"), "name": format!("Player {i}")})).collect();
    let tables: Vec<Value> = (0..tables)
        .map(|t| {
            let seats: Vec<String> = (1..=4).map(|s| format!("p{}", t * 4 + s)).collect();
            json!({"number": t + 1, "seats": seats, "first_dealer": 4, "deals": [{"contract": "C", "counts": [1, 1, 1, 1], "hand": disputed}], "rulings": []})
        })
        .collect();
    let doc = json!({"format": "atout-tournament/1", "name": "Hands", "date": "2026-11-23", "game": "double-king", "settings": {"rounds": 1},
        "players": players, "rounds": [{"number": 1, "tables": tables, "byes": []}]});
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let dir = tempfile::tempdir().unwrap();
    for (lang, heading, continued) in [("en", "Round 1 · table ", "(continued)"), ("fr", "Manche 1 · table ", "(suite)")] {
        let text = pdftotext(&app.print_hands(&t, Some(lang)).unwrap(), dir.path());
        let pages: Vec<&str> = text.split('\u{c}').filter(|p| !p.trim().is_empty()).collect();
        assert!(pages.len() >= 3, "{text}");
        for page in &pages[1..] {
            let first = page.lines().find(|l| !l.trim().is_empty()).unwrap().trim();
            assert!(
                first.starts_with(heading) && (first.contains(" · line ") || first.contains(" · ligne ")) || first.contains(continued),
                "{lang}: a page begins «{first}»:\n{page}"
            );
        }
    }
}

/// The deals the jury is replaying print as known so far, before any figure is written
/// (issue 32: the printed "Donnes rejouées" was empty until then): the cards dealt and
/// played in the print's language, and what the dealing still lacks.
#[test]
fn a_replay_under_way_is_printed_as_known() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&document(json!({"contract": "C", "counts": [1, 1, 1, 1]}))).unwrap();
    let tid = t.id.to_string();
    let flat = |pdf: Vec<u8>| pdftotext(&pdf, dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat(app.print_hands(&tid, Some("fr")).unwrap()).contains("Aucune ligne de ce tournoi ne porte ses cartes"));
    // Seat 4 given 5 of its 13 clubs so far.
    let mut partial = hand();
    partial["cards"][3] = json!(["2C", "3C", "4C", "5C", "6C"]);
    partial["play"] = json!([]);
    let replays = [atout_api::print::ReplayedHand { round: 1, table: 1, line: 1, hand: partial, claim: None, solve: None }];
    let text = flat(app.print_hands_with(&tid, Some("fr"), &replays).unwrap());
    for want in [
        "Manche 1 · table 1 · ligne 1",
        "1. Anne (cartes reçues) : 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ V♠ D♠ R♠ A♠",
        "4. Dirk (cartes reçues) : 2♣ 3♣ 4♣ 5♣ 6♣",
        "Les cartes données ne sont pas encore toutes connues : la place 4 a 5 de ses 13 cartes ; 8 encore à donner",
    ] {
        assert!(text.contains(want), "«{want}» not in:\n{text}");
    }
    // Every card dealt and the first trick played: the trick, in Dutch.
    let mut dealt = hand();
    dealt["play"] = json!(["QS", "QH"]);
    let replays = [atout_api::print::ReplayedHand { round: 1, table: 1, line: 1, hand: dealt.clone(), claim: None, solve: None }];
    let text = flat(app.print_hands_with(&tid, Some("nl"), &replays).unwrap());
    assert!(text.contains("1. Anne (gekregen): 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ B♠ V♠ H♠ A♠") && text.contains("1: V♠ 2: V♥"), "{text}");
    assert!(text.contains("Tot nu toe elke kaart toegelaten"), "{text}");
    assert!(!text.contains("claim"), "no claim judged, none printed: {text}");
    // The jury judged a claim there (issue 36): the paper carries it and its answer. Seat 1
    // leads its spades and nobody else holds one: it is sure of all 13 tricks, not of at
    // most 12 — that claim fails, with the line that beats it, in French.
    let claim = |at_least, at_most| Some(atout_api::print::ReplayedClaim { seat: 1, at_least, at_most });
    let replays = [atout_api::print::ReplayedHand { round: 1, table: 1, line: 1, hand: dealt.clone(), claim: claim(Some(13), None), solve: None }];
    let text = flat(app.print_hands_with(&tid, Some("fr"), &replays).unwrap());
    // Said by the players' names, as the sheet seats them (issue 36).
    assert!(text.contains("Revendication : Anne fait au moins 13 des 13 plis restants"), "{text}");
    assert!(text.contains("La revendication tient : quoi que jouent Bart, Chloé et Dirk, Anne fait au moins 13"), "{text}");
    let replays = [atout_api::print::ReplayedHand { round: 1, table: 1, line: 1, hand: dealt, claim: claim(None, Some(12)), solve: None }];
    let text = flat(app.print_hands_with(&tid, Some("fr"), &replays).unwrap());
    assert!(text.contains("La revendication ne tient pas : Bart, Chloé et Dirk peuvent imposer 13 plis à Anne"), "{text}");
    // The claim made within trick 1: its line opens with the two queens on the table.
    assert!(text.contains("1. Anne a joué D♠, Bart a joué D♥, Chloé joue D♦, Dirk joue D♣ — pris par Anne"), "{text}");
}

/// The cards a jury types, read by the api in its language (docs/cards.md), in FORMAT.md's
/// notation; a token that is no card is refused as such, said in three languages.
#[test]
fn the_jurys_typing_is_read_in_its_language() {
    use atout_api::hands::hand_cards;
    use atout_api::rules::Lang;
    assert_eq!(hand_cards("double-king", "RPDP, V♠ 10k", Lang::Fr).unwrap(), ["KS", "QS", "JS", "10D"]);
    assert_eq!(hand_cards("rikken", "AS HS VS BS 10S", Lang::Nl).unwrap(), ["AS", "KS", "QS", "JS", "10S"]);
    assert_eq!(hand_cards("king", "ASKSQS", Lang::En).unwrap(), ["AS", "KS", "QS"]);
    assert_eq!(hand_cards("double-lucky-7", "14♦ jk", Lang::Nl).unwrap(), ["14D", "JK"]);
    let e = hand_cards("double-king", "AS RD KS", Lang::En).unwrap_err();
    assert_eq!(e.rule().map(|r| r.code()), Some("not-a-card"));
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["detail_texts"]["en"], "«RD» is not a card (A K Q J 10 … 2, then ♠ ♥ ♦ ♣ or S H D C)");
    let e = hand_cards("double-king", "RD", Lang::Fr).unwrap_err();
    let v = serde_json::to_value(&e).unwrap();
    assert_eq!(v["detail_texts"]["fr"], "«RD» n'est pas une carte (A R D V 10 … 2, puis ♠ ♥ ♦ ♣ ou P C K T)");
    assert_eq!(v["rule_texts"]["nl"], "een kaart is een rang, dan een kleur");
    assert!(hand_cards("kings-cribbage", "AS", Lang::En).is_err(), "no tricks, no cards");
}

/// The claim checker's words name the players when the deal is a tournament's (issue 36):
/// the claimer's side and the seats playing against it, by name; by number when a seat has
/// no name (a record of its own); one seat against the side reads in the singular.
#[test]
fn the_claims_words_name_the_players() {
    use atout_api::hands::{hand_claim_said, hand_solve_said};
    use atout_api::rules::Lang;
    let names: Vec<String> = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from).to_vec();
    // Each seat holds one suit; seat 1 leads its queen of spades and Bart has followed with a
    // heart: nobody else holds a spade, so Anne takes all 13 tricks.
    let mut h = hand();
    h["play"] = json!(["QS", "QH"]);
    let record = json!({"format": "atout-hand/1", "game": "double-king", "seats": 4, "dealer": 4, "deal": {"contract": "C"}, "hand": h}).to_string();
    let said = hand_claim_said(&record, 1, Some(13), None, Lang::En, &names).unwrap();
    assert_eq!(
        said.words[..2],
        ["Claim: Anne takes at least 13 of the 13 tricks left", "The claim holds: whatever Bart, Chloé and Dirk play, Anne takes at least 13"]
    );
    let said = hand_claim_said(&record, 1, Some(13), None, Lang::Nl, &names).unwrap();
    assert_eq!(said.words[1], "De claim klopt: wat Bart, Chloé en Dirk ook spelen, Anne haalt minstens 13");
    // Bart's name unknown: the three against the claim by number, the claimer still by name.
    let partly: Vec<String> = ["Anne", "", "Chloé", "Dirk"].map(String::from).to_vec();
    let said = hand_claim_said(&record, 1, None, Some(12), Lang::Fr, &partly).unwrap();
    assert_eq!(said.words[1], "La revendication ne tient pas : les places 2, 3 et 4 peuvent imposer 13 plis à Anne");
    assert_eq!(said.words[2], " 1. Anne a joué D♠, la place 2 a joué D♥, Chloé joue D♦, Dirk joue D♣ — pris par Anne");
    // Double Lucky 7 at two seats, the dealer leading every trick: whichever trick Bart's
    // joker takes, Anne's other top spade beats his 1♠ — one against one, in the singular.
    let two = json!({"format": "atout-hand/1", "game": "double-lucky-7", "seats": 2, "dealer": 1,
        "deal": {"cards": 2, "bids": [0, 0], "tricks": [0, 0]},
        "hand": {"cards": [["14S", "13S"], ["1S", "JK"]], "play": [], "trump": "hearts"}})
    .to_string();
    let said = hand_claim_said(&two, 1, Some(2), None, Lang::En, &names[..2]).unwrap();
    assert_eq!(said.words[1], "The claim fails: Bart can hold Anne to 1");
    let said = hand_claim_said(&two, 1, Some(1), None, Lang::Fr, &names[..2]).unwrap();
    assert_eq!(said.words[1], "La revendication tient : quoi que joue Bart, Anne fait au moins 1");
    // One trick is said in the singular: «1 pli», not «1 plis».
    let said = hand_claim_said(&two, 1, None, Some(0), Lang::Fr, &names[..2]).unwrap();
    assert_eq!(said.words[1], "La revendication ne tient pas : Bart peut imposer 1 pli à Anne");
    let solved = hand_solve_said(&two, 2, Lang::En, &names[..2]).unwrap();
    assert_eq!(solved.words[0], "2 tricks left — Bart: at least 1 for sure playing for tricks; never fewer than 1 playing to lose them");
}

/// A Rikken misère by seat 1 (dealer 4: seat 1 leads), played out by each seat playing the
/// first card the hand checker allows: seat 1 holding `first`, the others the rest in turn.
fn misere_played(first: &[&str]) -> String {
    let mut rest: Vec<String> =
        ["S", "H", "D", "C"].iter().flat_map(|s| RANKS.iter().map(move |r| format!("{r}{s}"))).filter(|c| !first.contains(&c.as_str())).collect();
    let mut hands = vec![first.iter().map(|c| c.to_string()).collect::<Vec<_>>()];
    for _ in 0..3 {
        hands.push(rest.drain(..13).collect());
    }
    let mut record = json!({"format": "atout-hand/1", "game": "rikken", "seats": 4, "dealer": 4,
        "deal": {"contract": "misere", "declarers": [1]}, "hand": {"cards": hands, "play": [], "trump": "none"}});
    for _ in 0..52 {
        let legal = atout_api::hands::hand_check(&record.to_string()).unwrap().next.unwrap().legal;
        record["hand"]["play"].as_array_mut().unwrap().push(json!(legal[0]));
    }
    record.to_string()
}

/// "Could it have been made?" asks what the contract asks (issue 36): a misère is searched
/// for the fewest tricks its declarer can be held to, and judged against none. Worked by
/// hand: seat 1's cards each lie below every card of their suit the others hold, so it loses
/// its opening lead and never leads again — it takes nothing whatever is played; holding all
/// thirteen spades instead, it leads them one after the other and nobody can follow.
#[test]
fn could_a_misere_have_been_made() {
    use atout_api::hands::{hand_solve, hand_solve_said};
    use atout_api::rules::Lang;
    let names: Vec<String> = ["Anne", "Bart", "Chloé", "Dirk"].map(String::from).to_vec();
    let low = misere_played(&["2S", "3S", "4S", "5S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C", "4C"]);
    let solved = hand_solve(&low, 1).unwrap();
    assert_eq!((solved.demand.clone(), solved.made), (Some(json!({"at_most": 0})), Some(true)));
    assert_eq!(solved.dealt.as_ref().unwrap().fewest, Some(0));
    assert!(solved.cards.as_ref().unwrap().iter().all(|c| (c.before, c.after, c.gave_away) == (Some(0), Some(0), false)));
    let said = hand_solve_said(&low, 1, Lang::En, &names).unwrap();
    assert!(
        said.words.contains(&"Could it have been made? Yes: whatever the others played, Anne could avoid taking any trick".to_string()),
        "{:?}",
        said.words
    );
    // An opponent is asked no count of tricks: its most, as before.
    let other = hand_solve(&low, 2).unwrap();
    assert_eq!((other.demand.clone(), other.made), (None, None));

    let spades: Vec<String> = RANKS.iter().map(|r| format!("{r}S")).collect();
    let spades: Vec<&str> = spades.iter().map(String::as_str).collect();
    let all = misere_played(&spades);
    let solved = hand_solve(&all, 1).unwrap();
    let dealt = solved.dealt.as_ref().unwrap();
    assert_eq!((solved.made, dealt.most, dealt.fewest), (Some(false), Some(13), Some(13)));
    let said = hand_solve_said(&all, 1, Lang::Fr, &names).unwrap();
    assert!(
        said.words.contains(
            &"Le contrat pouvait-il être fait ? Non : les autres pouvaient imposer des plis à Anne (au moins 13), et le contrat n'en permet aucun".to_string()
        ),
        "{:?}",
        said.words
    );
    let said = hand_solve_said(&all, 1, Lang::Nl, &names).unwrap();
    assert!(
        said.words
            .contains(&"Kon het gehaald worden? Nee: de anderen konden Anne slagen opdringen (minstens 13), en het contract laat er geen toe".to_string()),
        "{:?}",
        said.words
    );
}

/// A partner contract's declarers are asked its eight tricks: made when the pair is sure of
/// them from the first card (the search's most, said with the verdict).
#[test]
fn could_a_rik_have_been_made() {
    use atout_api::hands::hand_solve_said;
    use atout_api::rules::Lang;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/hands/rikken-rik-4.json");
    let text = std::fs::read_to_string(path).unwrap();
    let said = hand_solve_said(&text, 3, Lang::En, &[]).unwrap();
    let a = &said.answer;
    assert_eq!((a.side.clone(), a.demand.clone()), (vec![1, 3], Some(json!({"at_least": 8}))));
    let most = a.dealt.as_ref().unwrap().most.unwrap();
    assert_eq!(a.made, Some(most >= 8));
    let verdict = if most >= 8 {
        format!("Yes: with best play from the first card, seats 1 and 3 could make sure of at least {most} tricks, 8 needed")
    } else {
        format!("No: against the best defence seats 1 and 3 could make sure of no more than {most} tricks, 8 needed")
    };
    assert!(said.words.contains(&format!("Could it have been made? {verdict}")), "{:?}", said.words);
    // Within a budget too small to search the deal: values unknown, said by what each search
    // proved («au moins 0, peut-être jusqu'à 13,»: it read «?»), its bounds said again on their
    // own line, in the jury's language, and no verdict claimed.
    let short = atout_api::hands::hand_solve_within(&text, 3, 100).unwrap();
    assert_eq!((short.made, short.dealt.as_ref().unwrap().most), (None, None));
    let bounds = |aim: &str| {
        let s = &short.dealt.as_ref().unwrap().stopped[aim];
        (s["at_least"].as_u64().unwrap(), s["at_most"].as_u64().unwrap())
    };
    let ((most_lo, most_hi), (fewest_lo, fewest_hi)) = (bounds("most"), bounds("fewest"));
    assert!(most_lo < most_hi && fewest_lo < fewest_hi, "{:?}", short.dealt);
    let words = atout_api::hands::solve_words(&text, &short, Lang::Fr, &[]).unwrap();
    let first = format!(
        "Depuis la première carte (13 plis) — les places 1 et 3 : au moins {most_lo}, peut-être jusqu'à {most_hi}, à coup sûr en jouant pour les plis ; jamais moins de {fewest_lo}, peut-être jusqu'à {fewest_hi}, en jouant pour les perdre"
    );
    assert!(words.contains(&first), "{words:?}");
    assert!(!words.iter().any(|w| w.contains('?') && !w.starts_with("Le contrat pouvait-il")), "{words:?}");
    // A finished deal is said from the first card alone: nothing is left to play from its end.
    assert!(!words.iter().any(|w| w.starts_with("0 pli")), "{words:?}");
    assert!(words.iter().any(|w| w.starts_with("La recherche du plus s'est arrêtée à sa limite : entre ")), "{words:?}");
    assert!(words.contains(&"Le contrat pouvait-il être fait ? La recherche s'est arrêtée avant de pouvoir le dire".to_string()), "{words:?}");
    // A card that cost two tricks is said to (it read «gave a trick away (8 → 6)»).
    let mut two = said.answer.clone();
    let mut card = two.cards.as_ref().unwrap()[0].clone();
    (card.before, card.after, card.gave_away) = (Some(8), Some(6), true);
    two.cards = Some(vec![card]);
    let words = atout_api::hands::solve_words(&text, &two, Lang::En, &[]).unwrap();
    assert!(words.iter().any(|w| w.contains("which gave 2 tricks away (8 → 6 for seats 1 and 3)")), "{words:?}");
    let words = atout_api::hands::solve_words(&text, &two, Lang::Fr, &[]).unwrap();
    assert!(words.iter().any(|w| w.contains("qui a donné 2 plis (8 → 6 pour les places 1 et 3)")), "{words:?}");
}

/// "Could it have been made?" goes on the printed hands (issue 36): asked by the jury on a
/// finished deal, it is searched again on the cards as printed and printed with them, in the
/// print's language — the side's tricks from the first card, then the verdict. The misère of
/// `could_a_misere_have_been_made`, worked by hand there: Anne takes no trick whatever is
/// played, and cannot take one either (she never wins a lead back). A deal not finished
/// carries no such answer.
#[test]
fn could_it_have_been_made_is_printed_with_the_deal() {
    use atout_api::print::ReplayedHand;
    let dir = tempfile::tempdir().unwrap();
    let low: Value = serde_json::from_str(&misere_played(&["2S", "3S", "4S", "5S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C", "4C"])).unwrap();
    let mut doc: Value = serde_json::from_str(&document(json!({"contract": "misere", "declarers": [1], "tricks": [0], "hand": low["hand"]}))).unwrap();
    doc["game"] = json!("rikken");
    let mut app = Atout::open_in_memory().unwrap();
    let tid = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let flat = |pdf: Vec<u8>| pdftotext(&pdf, dir.path()).split_whitespace().collect::<Vec<_>>().join(" ");
    let asked = |hand: Value| [ReplayedHand { round: 1, table: 1, line: 1, hand, claim: None, solve: Some(1) }];
    let text = flat(app.print_hands_with(&tid, Some("en"), &asked(Value::Null)).unwrap());
    for want in [
        "From the first card (13 tricks) — Anne: at least 0 for sure playing for tricks; never fewer than 0 playing to lose them",
        "Could it have been made? Yes: whatever the others played, Anne could avoid taking any trick",
    ] {
        assert!(text.contains(want), "«{want}» not in:\n{text}");
    }
    // What a reader needs to follow the tricks: who dealt, the trump (none here).
    assert!(text.contains("dealer: seat ") && text.contains("trump: no trump"), "{text}");
    let text = flat(app.print_hands_with(&tid, Some("fr"), &asked(Value::Null)).unwrap());
    assert!(text.contains("Le contrat pouvait-il être fait ? Oui : quoi que jouent les autres, Anne pouvait ne faire aucun pli"), "{text}");
    assert!(text.contains("atout : sans atout"), "{text}");
    // Not asked: not printed.
    let text = flat(app.print_hands(&tid, Some("en")).unwrap());
    assert!(!text.contains("Could it have been made?") && !text.contains("From the first card"), "{text}");
    // The replay under way, a trick short of the end: not searched, and said so (the question
    // asked was left out without a word).
    let mut short = low["hand"].clone();
    let play = short["play"].as_array_mut().unwrap();
    play.truncate(play.len() - 4);
    let text = flat(app.print_hands_with(&tid, Some("en"), &asked(short)).unwrap());
    assert!(text.contains("Every card legal so far") && text.contains("Could it have been made? Not searched: the deal is not played to its end"), "{text}");
    assert!(!text.contains("From the first card"), "{text}");
}

/// A tournament that plays Double King's overruff variant (`cannot_overruff: "discard"`):
/// the record of one of its deals carries the setting, so that the jury's replay, claims
/// and prints hold the deal to the rules the table played by.
#[test]
fn a_deal_of_a_tournament_is_replayed_by_its_own_rules_of_play() {
    let doc = json!({
        "format": "atout-tournament/1", "name": "Variant", "game": "double-king", "settings": {"rounds": 1, "cannot_overruff": "discard"},
        "players": [{"id": "p1", "name": "Anne"}, {"id": "p2", "name": "Bart"}, {"id": "p3", "name": "Chloé"}, {"id": "p4", "name": "Dirk"}],
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": ["p1", "p2", "p3", "p4"], "first_dealer": 4,
            "deals": [{"contract": "T", "trump": "hearts", "counts": [13, 0, 0, 0]}], "rulings": []}], "byes": []}],
    });
    let mut app = Atout::open_in_memory().unwrap();
    let t = app.import_document(&doc.to_string()).unwrap().id.to_string();
    let mut record = app.hand_record(&TableRef::new(&t, 1, 1), 1).unwrap();
    assert_eq!(record["settings"], json!({"cannot_overruff": "discard"}));
    // Seat 1 leads the A♠, seat 2 ruffs with the Q♥, seat 3 (no spade, only the 5♥ below it)
    // discards the 2♦: the variant allows it.
    let hand = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
    record["hand"] = json!({"cards": [
        hand("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"),
        hand("6H 7H 8H 9H 10H JH QH KH AH 2C 3C 4C 5C"),
        hand("5H 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"),
        hand("2H 3H 4H AD 6C 7C 8C 9C 10C JC QC KC AC"),
    ], "play": ["AS", "QH", "2D"]});
    let checked = atout_api::hands::hand_check(&record.to_string()).unwrap();
    assert_eq!(checked.verdict["legal"], true, "{}", checked.verdict);
    // Written by a tool that writes every number as a decimal: the same record (it was
    // refused, «the table seats 4 to 4»).
    let mut decimals = record.clone();
    (decimals["seats"], decimals["dealer"]) = (json!(4.0), json!(4.0));
    assert_eq!(atout_api::hands::hand_check(&decimals.to_string()).unwrap().verdict, checked.verdict);
    // The same record without the setting: FORMAT.md's defaults, the 2♦ breaks `ruff`.
    record.as_object_mut().unwrap().remove("settings");
    let checked = atout_api::hands::hand_check(&record.to_string()).unwrap();
    assert_eq!(checked.verdict["first_illegal"]["rule"], "ruff", "{}", checked.verdict);
    // A setting the game does not read as such is refused, naming the rule.
    record["settings"] = json!({"cannot_overruff": "sometimes"});
    let refused = atout_api::hands::hand_check(&record.to_string()).unwrap_err();
    assert_eq!(refused.rule().map(|r| r.code()), Some("settings"), "{refused}");
}

/// A claim of more tricks than are left is judged as FORMAT.md says (`holds`: best ≥ N, best ≤
/// N), not refused: with 4 tricks left, "at least 5" fails (best 4 at most), with a line played
/// to the end, and "at most 99" holds. It was refused as a wrong count (exit 1), against the
/// format other tools speak.
#[test]
fn a_claim_of_more_tricks_than_are_left_is_judged_as_the_format_says() {
    use atout_api::rules::solve::Claim;
    let record = misere_played(&["2S", "3S", "4S", "5S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C", "4C"]);
    let mut record: Value = serde_json::from_str(&record).unwrap();
    record["hand"]["play"].as_array_mut().unwrap().truncate(36);
    let text = record.to_string();
    let most = atout_api::hands::hand_claim(&text, 1, Claim::AtLeast(0)).unwrap();
    assert_eq!((most.remaining, most.holds), (4, Some(true)));
    let five = atout_api::hands::hand_claim(&text, 1, Claim::AtLeast(5)).unwrap();
    assert_eq!((five.remaining, five.holds, five.best), (4, Some(false), most.best), "{five:?}");
    assert_eq!(five.line.as_ref().map(Vec::len), Some(16), "the 4 tricks played out: {five:?}");
    let many = atout_api::hands::hand_claim(&text, 1, Claim::AtMost(99)).unwrap();
    assert_eq!((many.holds, many.line.is_none()), (Some(true), true), "{many:?}");
    assert_eq!(many.best, atout_api::hands::hand_claim(&text, 1, Claim::AtMost(4)).unwrap().best);
}

/// Kings Cribbage is played with tiles, not cards: a line of it has no hand record to replay
/// (an empty record was given, a frame with no cards; its end had the next player's seat as
/// its dealer).
#[test]
fn a_line_of_no_cards_has_no_hand_record() {
    let (mut app, t) = common::imported("cribbage-9.json");
    for line in [1, 18] {
        let refused = app.hand_record(&TableRef::new(&t, 1, 1), line).unwrap_err();
        assert_eq!(refused.kind(), "not-found", "{refused}");
        assert!(refused.to_string().contains("has no cards to replay"), "{refused}");
    }
}

/// A Double King seat is asked no count of tricks: its cards are judged playing for tricks,
/// and the answer says so (a jury read «gave a trick away» on a deal of fewest tricks as the
/// side's loss, without a word of the aim).
#[test]
fn a_seat_asked_no_count_is_told_its_cards_are_judged_playing_for_tricks() {
    use atout_api::hands::hand_solve_said;
    use atout_api::rules::Lang;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/hands/double-king-A.json");
    let text = std::fs::read_to_string(path).unwrap();
    let said = hand_solve_said(&text, 2, Lang::En, &[]).unwrap();
    assert_eq!(said.answer.demand, None);
    assert!(
        said.words.contains(
            &"The contract asks no count of tricks of seat 2: each card is judged by the most tricks seat 2 could be sure of, playing for them".to_string()
        ),
        "{:?}",
        said.words
    );
    // A seat the contract asks a count of hears the verdict instead.
    let rik = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/hands/rikken-rik-4.json")).unwrap();
    let words = hand_solve_said(&rik, 3, Lang::En, &[]).unwrap().words;
    assert!(!words.iter().any(|w| w.contains("asks no count")), "{words:?}");
}
