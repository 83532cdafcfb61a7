//! The table devices: `atout serve` (their pages and protocol on the club's network) and
//! `atout devices` (a round's codes: revoke, lock, unlock).

use crate::output::{json, lang, say, word, Failure, Output};
use atout_api::rules::said;
use atout_api::{Atout, TableRef};
use clap::Args;
use std::path::Path;

/// Serve the table devices' pages and protocol on the club's network (FORMAT.md,
/// "Table devices"): each table's phone writes its sheet with its code. Runs until stopped.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on: 0.0.0.0 is every network of this machine.
    #[arg(long, default_value_t = atout_serve::default_addr().ip())]
    bind: std::net::IpAddr,
    #[arg(long, default_value_t = atout_serve::default_addr().port())]
    port: u16,
}

/// Whose code `--revoke` takes back: a table's, or the jury's.
#[derive(Clone, Copy, Debug)]
pub enum Whose {
    Table(i64),
    Jury,
}

fn whose(s: &str) -> Result<Whose, String> {
    match s {
        "jury" => Ok(Whose::Jury),
        n => n.parse().map(Whose::Table).map_err(|_| format!("a table's number or `jury`, not «{n}»")),
    }
}

/// The codes of a drawn round's table devices (issued when first asked), and what the
/// secretary does with them: revoke one (a lost phone), lock or unlock a settled table.
#[derive(Args)]
pub struct DevicesArgs {
    #[arg(long)]
    tournament: String,
    #[arg(long)]
    round: i64,
    /// Revoke the code of table N, or of the jury (`jury`), and issue a new one (give --reason).
    #[arg(long, value_parser = whose, conflicts_with_all = ["lock", "unlock"])]
    revoke: Option<Whose>,
    /// Lock table N's sheet against its devices (settled).
    #[arg(long, conflicts_with = "unlock")]
    lock: Option<i64>,
    /// Unlock table N's sheet.
    #[arg(long)]
    unlock: Option<i64>,
    #[arg(long, default_value = "")]
    reason: String,
    /// The server's address, for the links (default: this machine's on the network, the default port).
    #[arg(long)]
    base: Option<String>,
    #[arg(long, value_enum, default_value = "table")]
    format: Output,
}

pub fn serve(app: Atout, db: &Path, a: ServeArgs) -> Result<(), Failure> {
    let (bind, port) = (a.bind, a.port);
    let running = atout_serve::start(atout_serve::run_alone(app), std::net::SocketAddr::new(bind, port))
        .map_err(|e| Failure::Api(atout_serve::cannot_listen(std::net::SocketAddr::new(bind, port), &e)))?;
    outln!("{}", atout_serve::base_url(running.addr));
    let (db, addr) = (db.display(), running.addr);
    eprintln!(
        "{}",
        say(said!(
            "serving the table devices of {db} on {addr}; stop with Ctrl+C",
            "appareils des tables de {db} servis sur {addr} ; arrêtez avec Ctrl+C",
            "de tafeltoestellen van {db} worden bediend op {addr}; stop met Ctrl+C"
        ))
    );
    running.wait();
    Ok(())
}

pub fn devices(app: &mut Atout, a: DevicesArgs) -> Result<(), Failure> {
    let base = a.base.unwrap_or_else(|| atout_serve::base_url(atout_serve::default_addr()));
    let (tournament, round, reason) = (&a.tournament, a.round, &a.reason);
    // A revoke or a lock refused for want of its reason names the option that gives it.
    let why = |e: atout_api::ApiError| {
        if reason.trim().is_empty() {
            Failure::ApiThen(e, word("--reason \"…\" says why", "--reason \"…\" dit pourquoi", "--reason \"…\" zegt waarom").to_string())
        } else {
            e.into()
        }
    };
    let codes = match (a.revoke, a.lock, a.unlock) {
        (Some(Whose::Jury), ..) => app.device_revoke(tournament, round, None, reason, &base).map_err(why)?,
        (Some(Whose::Table(n)), ..) => app.device_revoke(tournament, round, Some(n), reason, &base).map_err(why)?,
        (None, Some(n), _) => app.table_lock(&TableRef::new(tournament, round, n), true, reason, &base).map_err(why)?,
        (None, None, Some(n)) => app.table_lock(&TableRef::new(tournament, round, n), false, reason, &base).map_err(why)?,
        (None, None, None) => app.devices(tournament, round, &base)?,
    };
    match a.format {
        // FORMAT.md's shape, fixed for other tools.
        Output::Json => outln!("{}", json(&codes.exchange())),
        Output::Table => {
            for t in &codes.tables {
                let state = if t.locked {
                    word("locked", "verrouillée", "vergrendeld")
                } else if t.complete {
                    word("complete", "complète", "volledig")
                } else {
                    ""
                };
                let table = word("table", "table", "tafel");
                outln!("{table} {:>3}  {}  {}  {} {state}", t.table, atout_api::devices::spaced(&t.code), t.url, t.progress.get(lang()));
            }
            outln!("{:<10} {}  {}", word("jury", "jury", "jury"), atout_api::devices::spaced(&codes.jury.code), codes.jury.url);
        }
    }
    Ok(())
}
