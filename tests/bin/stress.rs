//! The crash run's writer (test-only, never shipped): fills the sheets of a round
//! one line at a time with valid random lines (the game's generator), printing
//! `saved TABLE LINE ENTRY` after each commit and taking a backup every
//! BACKUP_EVERY lines, until it is killed or the round is full.
//!
//! `atout-stress DB TOURNAMENT ROUND SEED BACKUP_EVERY`
#![forbid(unsafe_code)]

use atout_api::{Atout, TableRef};
use std::io::Write;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, tournament, round, seed, every] = args.as_slice() else {
        eprintln!("usage: atout-stress DB TOURNAMENT ROUND SEED BACKUP_EVERY");
        std::process::exit(1);
    };
    let (round, seed, every): (i64, u64, usize) = (round.parse().expect("round"), seed.parse().expect("seed"), every.parse().expect("backup_every"));
    let mut app = Atout::open(Path::new(db)).expect("the database opens");
    let mut out = std::io::stdout().lock();
    let drawn = app.round_view(tournament, round).expect("the round is drawn");
    let mut written = 0usize;
    for t in &drawn.tables {
        let at = TableRef::new(tournament.clone(), round, t.number);
        let have = app.sheet(&at).expect("the sheet").lines.len();
        for entry in app.random_sheet(&at, seed ^ t.number as u64).expect("a random sheet").into_iter().skip(have) {
            let text = entry.to_string();
            let sheet = app.deal_add(&at, None, entry).expect("a valid line is written");
            let _ = writeln!(out, "saved {} {} {text}", t.number, sheet.line);
            let _ = out.flush();
            written += 1;
            if every > 0 && written.is_multiple_of(every) {
                app.backup_automatic().expect("a backup");
                let _ = writeln!(out, "backup {written}");
                let _ = out.flush();
            }
        }
    }
}
