//! The Tauri commands on the mock runtime: no display needed.

use atout_api::Atout;
use atout_desktop::{with_commands, App};
use serde_json::{json, Value};
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, mock_context, noop_assets, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::WebviewWindow;

fn window() -> WebviewWindow<MockRuntime> {
    let app = with_commands(mock_builder(), App::new(Atout::open_in_memory().unwrap())).build(mock_context(noop_assets())).unwrap();
    tauri::WebviewWindowBuilder::new(&app, "main", Default::default()).build().unwrap()
}

fn invoke(w: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    get_ipc_response(
        w,
        InvokeRequest {
            cmd: cmd.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        },
    )
    .map(|body| body.deserialize::<Value>().unwrap())
}

#[test]
fn commands_forward_to_the_api_and_refusals_come_back_with_their_rule() {
    let w = window();
    let t = invoke(&w, "tournament_create", json!({"request": {"name": "Mock", "game": "double-king", "rounds": 1}})).unwrap();
    let tid = t["id"].to_string();
    let csv = "name;club\nA;X\nB;X\nC;X\nD;X\n";
    let imported = invoke(&w, "players_import", json!({"bytes": csv.as_bytes(), "tournament": tid})).unwrap();
    assert_eq!(imported["entered"], 4);
    // Regression: a seed above 2^53 lost its last digits on the way from the window.
    let round = invoke(&w, "round_draw", json!({"tournament": tid, "round": 1, "seed": "1795349467904394957"})).unwrap();
    assert_eq!(round["seed"], "1795349467904394957");
    let round = invoke(&w, "round_draw", json!({"tournament": tid, "round": 1, "seed": "3"})).unwrap();
    assert_eq!(round["tables"].as_array().unwrap().len(), 1);
    let bad = invoke(&w, "round_draw", json!({"tournament": tid, "round": 1, "seed": "18446744073709551616"})).unwrap_err();
    assert_eq!(bad["kind"], "invalid");

    let err = invoke(&w, "deal_add", json!({"tournament": tid, "round": 1, "table": 1, "entry": {"contract": "A", "counts": [1, 1, 1, 1]}})).unwrap_err();
    assert_eq!(err["kind"], "refused");
    assert_eq!(err["rule"], "deal-total");
    assert_eq!(err["place"], json!({"round": 1, "table": 1, "deal": 1}));

    let written = invoke(&w, "deal_add", json!({"tournament": tid, "round": 1, "table": 1, "entry": {"contract": "A", "counts": [10, 1, 1, 1]}})).unwrap();
    assert_eq!((written["line"].clone(), written["totals"].clone()), (json!(1), json!([-10, -1, -1, -1])));
    let sheet = invoke(&w, "sheet", json!({"tournament": tid, "round": 1, "table": 1})).unwrap();
    assert_eq!(sheet["next"]["deal"], 2);
    let standings = invoke(&w, "standings", json!({"tournament": tid, "afterRound": null})).unwrap();
    assert_eq!(standings["rows"].as_array().unwrap().len(), 4);
    // The window's first language: the system's, as the application reads it.
    let lang = invoke(&w, "system_lang", json!({})).unwrap();
    assert_eq!(lang, json!(atout_api::system_lang()));
    assert!(["fr", "nl", "en"].contains(&lang.as_str().unwrap()), "{lang}");
    let missing = invoke(&w, "sheet", json!({"tournament": "nope", "round": 1, "table": 1})).unwrap_err();
    assert_eq!(missing["kind"], "not-found");
    // The rule's text comes in every language from the rules themselves.
    assert_eq!(err["rule_texts"]["fr"], "les chiffres d'une donne font le total de la donne");

    // What the window asks of a game: the games, a tournament's game described, a line checked.
    let games = invoke(&w, "games", json!({"lang": "nl"})).unwrap();
    let codes: Vec<&str> = games.as_array().unwrap().iter().map(|g| g["code"].as_str().unwrap()).collect();
    assert_eq!(codes, ["double-king", "king", "rikken", "double-lucky-7", "kings-cribbage"]);
    // The hand calculator, without a tournament.
    let hand = invoke(&w, "hand_score", json!({"game": "kings-cribbage", "tiles": ["4", "5", "5", "6"]})).unwrap();
    assert_eq!(hand["points"], 12);
    let bad_hand = invoke(&w, "hand_score", json!({"game": "kings-cribbage", "tiles": ["4"]})).unwrap_err();
    assert_eq!(bad_hand["rule"], "hand-size");
    let view = invoke(&w, "game_view", json!({"tournament": tid, "lang": "nl"})).unwrap();
    assert_eq!(view["contracts"][2]["name"], "minste vrouwen");
    // The jury's cards: its deck in its words, what it types read by the rules (docs/cards.md).
    let at = view["deck"].as_array().unwrap().iter().position(|c| c == "KD").unwrap();
    assert_eq!(view["deck_names"][at], "H♦");
    let read = invoke(&w, "hand_cards", json!({"game": "double-king", "typed": "RK D♠", "lang": "fr"})).unwrap();
    assert_eq!(read, json!(["KD", "QS"]));
    let typo = invoke(&w, "hand_cards", json!({"game": "double-king", "typed": "RD", "lang": "en"})).unwrap_err();
    assert_eq!((&typo["rule"], &typo["rule_texts"]["nl"]), (&json!("not-a-card"), &json!("een kaart is een rang, dan een kleur")));
    let check =
        invoke(&w, "deal_check", json!({"tournament": tid, "round": 1, "table": 1, "line": null, "entry": {"contract": "C", "counts": [1, 1, 1, 1]}})).unwrap();
    assert_eq!(check["points"], json!([-2, -2, -2, -2]));
    let check =
        invoke(&w, "deal_check", json!({"tournament": tid, "round": 1, "table": 1, "line": 1, "entry": {"contract": "C", "counts": [1, 1, 1, 0]}})).unwrap();
    assert_eq!(check["refused"]["rule"], "deal-total");
}

/// Issue "The window, tried as a club evening": the window offers the sample tournament
/// on a first run (an empty database), and loading it gives the sample's own standings.
#[test]
fn the_sample_tournament_loads_on_an_empty_database() {
    let w = window();
    assert_eq!(invoke(&w, "tournament_list", json!({})).unwrap(), json!([]));
    let info = invoke(&w, "sample_load", json!({})).unwrap();
    assert_eq!((info["name"].as_str(), info["players"].as_i64()), (Some("Spring Open 2026"), Some(16)));
    let standings = invoke(&w, "standings", json!({"tournament": info["id"].to_string(), "afterRound": null})).unwrap();
    let expected: Value = serde_json::from_str(include_str!("../../fixtures/spring-open-16.expected.json")).unwrap();
    let ranks = |v: &Value| v["rows"].as_array().unwrap().iter().map(|r| (r["player"].clone(), r["rank"].clone())).collect::<Vec<_>>();
    assert_eq!(ranks(&standings), ranks(&expected));
}
