//! What the benchmarks share: a whole Double King evening drawn and played at random.

use atout_api::rules::double_king::random_sheet;
use atout_api::rules::draw::{draw, History};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::time::Duration;

/// The allocator the shipped programs run with (`atout`, the window).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

pub fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

/// The lines of a table left to write, by table number (the last round's sheets stop early).
pub type Pending = Vec<(i64, Vec<Value>)>;

/// An exchange document of a Double King evening: `players` as (id, name, member), `rounds`
/// rounds drawn without repeats where possible, every sheet complete except the last round's,
/// which stop after `last_round_lines` lines (their remaining lines are returned).
pub fn evening(rng: &mut ChaCha8Rng, name: &str, date: &str, players: &[(String, String, String)], rounds: usize, last_round_lines: usize) -> (Value, Pending) {
    let keys: Vec<u64> = (0..players.len() as u64).collect();
    let mut history = History::new();
    let mut doc_rounds = vec![];
    let mut pending = vec![];
    for r in 1..=rounds {
        let plan = atout_api::rules::TablePlan::fixed(keys.len(), 4).expect("four players or more");
        let d = draw(rng, &keys, &plan, &history).expect("draw");
        let mut tables = vec![];
        for (k, t) in d.tables.iter().enumerate() {
            history.table(&t.seats);
            let first = rng.random_range(1..=4);
            let mut deals: Vec<Value> = random_sheet(rng, first, true).iter().map(|d| serde_json::to_value(d).unwrap()).collect();
            if r == rounds {
                pending.push((k as i64 + 1, deals.split_off(last_round_lines.min(deals.len()))));
            }
            tables.push(json!({"number": k + 1, "seats": t.seats.iter().map(|s| &players[*s as usize].0).collect::<Vec<_>>(),
                               "first_dealer": first, "deals": deals, "rulings": []}));
        }
        doc_rounds.push(json!({"number": r, "tables": tables, "byes": d.byes.iter().map(|s| &players[*s as usize].0).collect::<Vec<_>>()}));
    }
    let doc = json!({"format": "atout-tournament/1", "name": name, "date": date, "game": "double-king", "settings": {"rounds": rounds},
                     "players": players.iter().map(|(id, name, member)| json!({"id": id, "name": name, "club": format!("Club {}", member.len() % 7), "member": member})).collect::<Vec<_>>(),
                     "rounds": doc_rounds});
    (doc, pending)
}

/// A line as the app writes it: a fault states its reason and jury member.
pub fn as_written(entry: &Value) -> Value {
    let mut entry = entry.clone();
    if entry.get("fault_by").is_some() || entry.get("void_by").is_some() {
        entry["reason"] = "bench".into();
        entry["by"] = "jury".into();
    }
    entry
}
