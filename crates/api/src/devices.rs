//! Table devices: the codes that let a table's phone write that table's sheet in
//! one round (and the jury's phone its rulings), and the lines they write, each
//! under a key the device chose, stored at most once (FORMAT.md, "Table devices").
//!
//! A code is checked twice: when a request comes in (`device`), and again inside the
//! transaction that writes (revoked, its round over or its table locked meanwhile: nothing
//! is stored). A round drawn again revokes its tables' codes (a code writes the seating it
//! was issued for).

use crate::error::{ApiError, Result};
use crate::sheets::{Edit, LinePreview, SheetView, TableRef};
use crate::text::{bounded, required_reason};
use crate::Atout;
use atout_rules::{said, Said, Tr};
use atout_store::{Change, DeviceCodeRow, Id, KeyWritten, Writer};
use serde::Serialize;
use serde_json::{json, Value};

/// The letters of a code: Crockford's base 32 (no I, L, O or U, so that a code read
/// aloud or typed is not mistaken).
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Letters per code: 16 × 5 = 80 random bits.
const CODE_LEN: usize = 16;
/// The longest key a device may give a line.
pub const KEY_MAX: usize = 64;
/// The highest line number a device may name (no game's sheet comes near).
const LINE_MAX: usize = 10_000;

/// What a device's code lets it do, once read.
#[derive(Clone, Debug, Serialize)]
pub struct Device {
    /// `table` (a table's scorer) or `jury`.
    pub role: &'static str,
    #[serde(skip)]
    pub tournament_id: Id,
    /// The tournament's id as text, as the window's calls name it.
    pub tournament: String,
    pub tournament_name: String,
    /// The game's code.
    pub game: String,
    pub round: i64,
    /// The round's draw the code was read in (a round drawn again has another): the lines a
    /// phone typed for one seating are not carried over to another.
    pub draw: Id,
    /// The table whose sheet the code writes; none for the jury.
    pub table: Option<i64>,
    /// Whether an opponent confirms each line on the device before it is sent.
    pub confirm: bool,
    #[serde(skip)]
    code: String,
}

/// The codes of a drawn round, with how far each table's sheet is.
#[derive(Clone, Debug, Serialize)]
pub struct DeviceRound {
    pub tournament: String,
    pub round: i64,
    pub tables: Vec<DeviceTable>,
    pub jury: DeviceJury,
}

impl DeviceRound {
    /// The codes as FORMAT.md's "Table devices" gives them to other tools (`atout devices
    /// --format json`): each table's code and address, and the jury's.
    pub fn exchange(&self) -> Value {
        let tables: Vec<Value> = self.tables.iter().map(|t| json!({"table": t.table, "code": t.code, "url": t.url})).collect();
        json!({"round": self.round, "tables": tables, "jury": {"code": self.jury.code, "url": self.jury.url}})
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct DeviceTable {
    pub table: i64,
    /// The code, as issued (read in groups of four: [`spaced`]).
    pub code: String,
    pub url: String,
    /// Locked: its devices may no longer write (the sheet is settled).
    pub locked: bool,
    pub lines: usize,
    /// The deals played (a voided deal, a fine written as a line are lines, not deals played),
    /// of the `needed`.
    pub played: usize,
    pub needed: usize,
    /// How far the sheet is, in the game's words («9/20 deals», «9 turns played»).
    pub progress: Said,
    pub complete: bool,
    /// The sheet's last line in words, every language.
    pub last: Option<Said>,
    /// The QR code of `url`, as an SVG image.
    pub qr: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeviceJury {
    pub code: String,
    pub url: String,
    pub qr: String,
}

/// A line a device sent: stored now, or stored before under the same key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineStored {
    pub line: usize,
    pub stored: bool,
}

/// A code in groups of four letters, as printed and shown: `K7QX-M2PD-A9RT-W3HE`.
pub fn spaced(code: &str) -> String {
    code.as_bytes().chunks(4).map(|c| String::from_utf8_lossy(c).into_owned()).collect::<Vec<_>>().join("-")
}

/// A code as typed, read as issued: dashes and spaces dropped, lower case raised, and
/// the letters Crockford's base 32 reads as digits (O as 0, I and L as 1). None when
/// it cannot be a code.
pub fn normalize(typed: &str) -> Option<String> {
    if typed.len() > 4 * CODE_LEN {
        return None;
    }
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// A new code from the system's random source.
fn new_code() -> Result<String> {
    let mut bytes = [0u8; CODE_LEN];
    getrandom::fill(&mut bytes).map_err(|e| ApiError::internal("the system's random source", e))?;
    Ok(bytes.iter().map(|b| ALPHABET[usize::from(b % 32)] as char).collect())
}

fn unknown_code() -> ApiError {
    ApiError::Unauthorized(said!(
        "this code is unknown or was revoked: ask the secretary for the table's code",
        "ce code est inconnu ou a été révoqué : demandez le code de la table au secrétariat",
        "deze code is onbekend of werd ingetrokken: vraag de code van de tafel aan het secretariaat"
    ))
}

/// A table's code of a round that is no longer the tournament's last.
fn round_over(round: i64, last: i64) -> ApiError {
    ApiError::Forbidden(said!(
        "this code was for round {round}; round {last} is being played: scan the new table's code",
        "ce code valait pour la manche {round} ; la manche {last} se joue : scannez le code de la nouvelle table",
        "deze code gold voor ronde {round}; ronde {last} wordt gespeeld: scan de code van de nieuwe tafel"
    ))
}

fn locked(table: i64) -> ApiError {
    ApiError::Forbidden(said!(
        "table {table}'s sheet is locked: the secretary settled it; ask the jury for any change",
        "la feuille de la table {table} est verrouillée : le secrétariat l'a arrêtée ; demandez tout changement au jury",
        "het blad van tafel {table} is vergrendeld: het secretariaat heeft het afgesloten; vraag elke wijziging aan de jury"
    ))
}

/// Where a correction's or an undo's key is kept among the lines' keys: apart from a table's
/// lines (a club's app numbering both 1, 2, 3…) and from the jury's faults (`jury `).
const FIX_KEY: &str = "fix ";
const JURY_FIX_KEY: &str = "jury fix ";

/// A correction's or an undo's key, checked, as it is kept (`prefix` and the key).
fn fix_key(key: Option<String>, prefix: &str) -> Result<Option<String>> {
    key.map(|k| checked_key(&k).map(|()| format!("{prefix}{k}"))).transpose()
}

/// A device's line, as the write checks it inside its transaction.
pub(crate) struct DeviceWrite<'a> {
    pub code: &'a str,
    /// A new line's key and number, or a correction's or an undo's (`fix`).
    pub key: Option<(&'a str, usize)>,
    /// The key is a correction's or an undo's: its line is written already.
    pub fix: bool,
    /// The new line's entry, as sent (a key found written must have written it).
    pub entry: Option<&'a Value>,
    pub tournament: Id,
    pub round: i64,
    pub table: i64,
}

impl crate::sheets::WriteGuard for DeviceWrite<'_> {
    /// Inside the write, against the data as stored: the code still live, the table not
    /// locked, the key not written before, the line still free. Returns the code's id.
    fn guard(&self, w: &Writer<'_>, table_id: Id, stored: &[Value]) -> Result<Id> {
        let code = w.device_code(self.code)?.filter(|c| !c.revoked).ok_or_else(unknown_code)?;
        // The next round drawn meanwhile (by the secretary's window or CLI): the code's is over.
        let last = w.last_round(self.tournament)?;
        if last != self.round {
            return Err(round_over(self.round, last));
        }
        if w.locked_tables(self.tournament, self.round)?.contains(&self.table) {
            return Err(locked(self.table));
        }
        let Some((key, line)) = self.key else { return Ok(code.id) };
        if let Some(found) = w.line_key(table_id, key)? {
            return Err(ApiError::Stored { line: same_entry(found, self.entry)? });
        }
        if self.fix {
            return Ok(code.id);
        }
        if line <= stored.len() {
            let author = w.line_author(table_id, line as i64)?;
            let written = crate::sheets::written_by(author.clone());
            let (table, next) = (self.table, stored.len() + 1);
            let (we, wf, wn) = (written.en, written.fr, written.nl);
            let have = crate::sheets::lines_count(stored.len());
            let (he, hf, hn) = (&have.en, &have.fr, &have.nl);
            return Err(crate::sheets::taken(
                said!(
                    "table {table}: line {line} was written meanwhile{we}; the sheet has {he} — look at it and enter line {next}",
                    "table {table} : la ligne {line} a été écrite entre-temps{wf} ; la feuille a {hf} — regardez-la et entrez la ligne {next}",
                    "tafel {table}: lijn {line} werd intussen geschreven{wn}; het blad heeft {hn} — bekijk het en voer lijn {next} in"
                ),
                line,
                author,
            ));
        }
        Ok(code.id)
    }

    fn key(&self) -> Option<(&str, usize)> {
        self.key
    }

    fn writes_faults(&self) -> bool {
        false
    }
}

/// A write from the jury's device, checked inside its transaction: the code still live (a
/// revocation by another process meanwhile refuses it). A locked table is the devices' only:
/// the jury still writes.
pub(crate) struct JuryWrite<'a> {
    pub code: &'a str,
    /// A fault line's key and number, as a table's line has them (none for a correction).
    pub key: Option<(&'a str, usize)>,
    /// The fault line's entry, as sent.
    pub entry: Option<&'a Value>,
}

impl crate::sheets::WriteGuard for JuryWrite<'_> {
    fn guard(&self, w: &Writer<'_>, table_id: Id, _stored: &[Value]) -> Result<Id> {
        let code = live_code(w, self.code)?;
        if let Some((key, _)) = self.key {
            if let Some(found) = w.line_key(table_id, key)? {
                return Err(ApiError::Stored { line: same_entry(found, self.entry)? });
            }
        }
        Ok(code)
    }

    fn key(&self) -> Option<(&str, usize)> {
        self.key
    }
}

/// A line's key found written (`found`: the line and the entry it wrote), sent again with
/// `entry`: the line it wrote when it is the same entry (a retry after a lost answer, told
/// "stored"); refused as a conflict when the key wrote another (FORMAT.md: a key is one
/// line's own — told "stored", the new line would be lost).
fn same_entry(found: KeyWritten, entry: Option<&Value>) -> Result<usize> {
    let KeyWritten { id: line, entry: written, by, .. } = found;
    let line = usize::try_from(line).unwrap_or(0);
    // Both as the write keeps a line (a whole number as an integer).
    let written: Option<Value> = written.and_then(|w| serde_json::from_str(&w).ok()).map(|w| atout_rules::whole_numbers(&w));
    match (written, entry) {
        (Some(written), Some(entry)) if written != atout_rules::whole_numbers(entry) => Err(crate::sheets::taken(
            said!(
                "this line's key already wrote line {line}, with another entry: a new line is sent under a key of its own",
                "la clé de cette ligne a déjà écrit la ligne {line}, avec une autre donnée : une nouvelle ligne s'envoie sous une clé à elle",
                "de sleutel van deze lijn schreef al lijn {line}, met een andere invoer: een nieuwe lijn wordt onder een eigen sleutel verstuurd"
            ),
            line,
            // Who wrote the line under that key, and when (the answer said nobody).
            Some(by),
        )),
        _ => Ok(line),
    }
}

/// A ruling's key found written, sent again with `ruling`: refused as a conflict when the key
/// wrote another ruling, as [`same_entry`].
fn same_ruling(found: KeyWritten, ruling: &Value) -> Result<()> {
    // Both as the write keeps a ruling (a whole number as an integer: a retry of «1.0» was
    // told its key wrote another ruling).
    let written: Option<Value> = found.entry.and_then(|w| serde_json::from_str(&w).ok()).map(|w| atout_rules::whole_numbers(&w));
    match written {
        Some(written) if written != atout_rules::whole_numbers(ruling) => Err(ApiError::Conflict(said!(
            "this ruling's key already wrote another ruling: a new ruling is sent under a key of its own",
            "la clé de cette décision a déjà écrit une autre décision : une nouvelle décision s'envoie sous une clé à elle",
            "de sleutel van deze beslissing schreef al een andere beslissing: een nieuwe beslissing wordt onder een eigen sleutel verstuurd"
        ))),
        _ => Ok(()),
    }
}

/// A key a device chose for what it writes: 1 to `KEY_MAX` visible ASCII characters.
fn checked_key(key: &str) -> Result<()> {
    if key.is_empty() || key.len() > KEY_MAX || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(said!(
            "a line's key is 1 to {KEY_MAX} visible ASCII characters",
            "la clé d'une ligne compte de 1 à {KEY_MAX} caractères ASCII visibles",
            "de sleutel van een lijn telt 1 tot {KEY_MAX} zichtbare ASCII-tekens"
        )));
    }
    Ok(())
}

/// What the jury's device wrote: the table's sheet after it, and whether it was written now
/// (`false`: its key was written before, a retry after a lost answer, and nothing was).
#[derive(Clone, Debug)]
pub struct JuryWritten {
    pub sheet: SheetView,
    pub stored: bool,
}

/// A fault or ruling of the jury's device found stored by its key ([`Atout::jury_stored`]):
/// with the table's sheet while the code is live; a code revoked or of a round over since is
/// told only that it is stored (it read the table's sheet by sending its old ruling again).
pub enum JuryStored {
    Live(Box<JuryWritten>),
    Gone,
}

/// The code's id when it is still live as stored (read inside the writing transaction).
pub(crate) fn live_code(w: &Writer<'_>, code: &str) -> Result<Id> {
    Ok(w.device_code(code)?.filter(|c| !c.revoked).ok_or_else(unknown_code)?.id)
}

impl Atout {
    /// The codes of a drawn round (issued now for the tables and the jury that have
    /// none), with how far each table's sheet is. `base` is the server's address, for
    /// the pages' links (`http://192.168.1.20:8777`).
    pub fn devices(&mut self, tournament: &str, round: i64, base: &str) -> Result<DeviceRound> {
        let id = self.resolve(tournament)?;
        let numbers: Vec<i64> = self.loaded(id)?.round(round)?.row.tables.iter().map(|t| t.number).collect();
        let live = |codes: &[DeviceCodeRow], table: Option<i64>| codes.iter().rev().find(|c| c.table == table && !c.revoked).is_some();
        let codes = self.store.device_codes(id, round)?;
        let missing: Vec<Option<i64>> = numbers.iter().map(|n| Some(*n)).chain([None]).filter(|t| !live(&codes, *t)).collect();
        if !missing.is_empty() {
            let fresh: Vec<String> = missing.iter().map(|_| new_code()).collect::<Result<_>>()?;
            self.store.write(Change { actor: &self.actor, action: "devices.issue", reason: "" }, |w| {
                let now = w.device_codes(id, round)?;
                for (table, code) in missing.iter().zip(&fresh) {
                    if !live(&now, *table) {
                        w.add_device_code(id, round, *table, code)?;
                    }
                }
                Ok::<_, ApiError>(())
            })?;
            self.after_write(false);
        }
        self.device_round(id, round, base)
    }

    fn device_round(&mut self, id: Id, round: i64, base: &str) -> Result<DeviceRound> {
        let codes = self.store.device_codes(id, round)?;
        let locks = self.store.locked_tables(id, round)?;
        let code_of = |table: Option<i64>| codes.iter().rev().find(|c| c.table == table && !c.revoked).map(|c| c.code.clone()).unwrap_or_default();
        let base = base.trim_end_matches('/');
        let l = self.loaded(id)?;
        let r = l.round(round)?;
        let tables = r
            .row
            .tables
            .iter()
            .zip(&r.results)
            .map(|(t, x)| {
                let code = code_of(Some(t.number));
                let seats: Vec<String> = l.seat_views(&t.seats).into_iter().map(|s| s.name).collect();
                let url = format!("{base}/t/{code}");
                DeviceTable {
                    table: t.number,
                    qr: atout_report::qr::svg(&url, 180),
                    url,
                    code,
                    locked: locks.contains(&t.number),
                    lines: t.deals.len(),
                    played: x.sheet.as_ref().map_or(0, |s| s.deals_played),
                    needed: x.sheet.as_ref().map_or(0, |s| s.deals_needed),
                    progress: x.sheet.as_ref().map_or_else(|| l.rules.progress(0, 0), |s| l.rules.progress(s.deals_played, s.deals_needed)),
                    complete: x.complete,
                    last: t.deals.values().last().map(|e| l.names.entry(e, &seats)),
                }
            })
            .collect();
        let jury = code_of(None);
        let url = format!("{base}/t/{jury}");
        Ok(DeviceRound { tournament: id.to_string(), round, tables, jury: DeviceJury { qr: atout_report::qr::svg(&url, 180), url, code: jury } })
    }

    /// Revoke the code of a table (`table`) or of the jury (none) of a round, and issue
    /// a new one: a lost phone writes nothing more.
    pub fn device_revoke(&mut self, tournament: &str, round: i64, table: Option<i64>, reason: &str, base: &str) -> Result<DeviceRound> {
        let reason = required_reason(reason, Tr::new("a revoked code", "un code révoqué", "een ingetrokken code"))?;
        let id = self.resolve(tournament)?;
        if let Some(n) = table {
            self.loaded(id)?.table_index(round, n)?;
        }
        // The jury's code covers every table of every round: revoked (a lost phone), its codes
        // of the earlier rounds go with it (one kept on that phone still wrote).
        let rounds: Vec<i64> = match table {
            Some(_) => vec![round],
            None => self.loaded(id)?.rounds.iter().map(|r| r.row.round).chain([round]).collect(),
        };
        let code = new_code()?;
        self.store.write(Change { actor: &self.actor, action: "device.revoke", reason: &reason }, |w| {
            for r in &rounds {
                for c in w.device_codes(id, *r)?.into_iter().filter(|c| c.table == table && !c.revoked) {
                    w.revoke_device_code(c.id)?;
                }
            }
            w.add_device_code(id, round, table, &code)?;
            Ok::<_, ApiError>(())
        })?;
        self.after_write(false);
        // Every code of the round, as `devices` gives them: the other tables' too, issued now
        // where none was yet (a revoke before the codes were ever listed showed them blank).
        self.devices(&id.to_string(), round, base)
    }

    /// Lock a table's sheet against its devices (settled), or unlock it. The window
    /// and the jury still write.
    pub fn table_lock(&mut self, at: &TableRef, locked: bool, reason: &str, base: &str) -> Result<DeviceRound> {
        let id = self.resolve(&at.tournament)?;
        self.loaded(id)?.table_index(at.round, at.table)?;
        let reason = bounded(reason, crate::text::field::REASON, crate::text::REASON_MAX)?;
        let action = if locked { "table.lock" } else { "table.unlock" };
        self.store.write(Change { actor: &self.actor, action, reason: &reason }, |w| {
            w.lock_table(id, at.round, at.table, locked)?;
            Ok::<_, ApiError>(())
        })?;
        self.after_write(false);
        // Every code of the round, issued where none was yet (a lock before the codes were
        // ever listed showed them blank, and the addresses without them).
        self.devices(&id.to_string(), at.round, base)
    }

    /// What a code lets its device do: refused when it was never issued or was revoked
    /// (unauthorized), or when it is a table's code of a round that is no longer the
    /// tournament's last (forbidden).
    pub fn device(&mut self, typed: &str) -> Result<Device> {
        let code = normalize(typed).ok_or_else(unknown_code)?;
        // Another connection (the secretary's CLI) may have drawn, revoked or locked meanwhile.
        self.refresh()?;
        let row = self.store.device_code(&code)?.filter(|c| !c.revoked).ok_or_else(unknown_code)?;
        let id = row.tournament;
        let l = self.loaded(id)?;
        let last = l.last_round();
        if row.table.is_some() && row.round != last {
            return Err(round_over(row.round, last));
        }
        // The jury's code of a round not drawn (only the codes of a drawn round are issued).
        let draw = l.round(row.round).map_or(0, |r| r.row.draw_id);
        Ok(Device {
            role: if row.table.is_some() { "table" } else { "jury" },
            tournament_id: id,
            tournament: id.to_string(),
            tournament_name: l.row.name.clone(),
            game: l.game.code().to_string(),
            round: row.round,
            draw,
            table: row.table,
            confirm: l.settings.device_confirm,
            code,
        })
    }

    /// A line the device holding `typed` sent and that was stored, found by its key whatever
    /// became of the code since (revoked, its round over): a retry after a lost answer is
    /// told the line is stored (FORMAT.md's `200 {"stored": false}`), never refused for it.
    /// Refused as a conflict when the key wrote another entry than `entry`.
    pub fn device_stored(&mut self, typed: &str, key: &str, entry: &Value) -> Result<Option<LineStored>> {
        let Some(code) = normalize(typed) else { return Ok(None) };
        let Some(row) = self.store.device_code(&code)? else { return Ok(None) };
        let Some(found) = self.store.line_key_of_code(row.id, key)? else { return Ok(None) };
        Ok(Some(LineStored { line: same_entry(found, Some(entry))?, stored: false }))
    }

    /// A correction or an undo the device holding `typed` made under `key`, found whatever
    /// became of the code since (revoked, its round over): sent again after a lost answer, it
    /// is told it was made (it was refused, «round over», and the scorer told it had failed).
    /// Refused as a conflict when the key made another change than `entry`.
    pub fn fix_stored(&mut self, typed: &str, key: &str, entry: Option<&Value>) -> Result<bool> {
        let Some(code) = normalize(typed) else { return Ok(false) };
        let Some(row) = self.store.device_code(&code)? else { return Ok(false) };
        for prefix in [FIX_KEY, JURY_FIX_KEY] {
            if let Some(found) = self.store.line_key_of_code(row.id, &format!("{prefix}{key}"))? {
                same_entry(found, entry)?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A fault (`ruling` false) or a ruling the jury's device holding `typed` sent and that was
    /// stored, found by its key whatever became of the code since (revoked, its round over),
    /// as [`Atout::device_stored`] finds a table's line: its retry is told it is stored (`200`)
    /// and never refused for it (told «refused», the jury typed it again under the new code,
    /// and it was stored twice). Refused as a conflict when the key wrote another.
    pub fn jury_stored(&mut self, typed: &str, round: i64, table: i64, key: &str, entry: &Value, ruling: bool) -> Result<Option<JuryStored>> {
        let Some(code) = normalize(typed) else { return Ok(None) };
        let Some(row) = self.store.device_code(&code)?.filter(|r| r.table.is_none()) else { return Ok(None) };
        let Ok((located, table_id)) = self.located_table(&TableRef::new(row.tournament.to_string(), round, table)) else { return Ok(None) };
        let found = if ruling { self.store.ruling_key(table_id, key)? } else { self.store.line_key(table_id, &format!("jury {key}"))? };
        let Some(found) = found.filter(|f| f.code == Some(row.id)) else { return Ok(None) };
        if ruling {
            same_ruling(found, entry)?;
        } else {
            same_entry(found, Some(entry))?;
        }
        if self.device(typed).is_err() {
            return Ok(Some(JuryStored::Gone));
        }
        Ok(Some(JuryStored::Live(Box::new(JuryWritten { sheet: self.sheet_at(&located)?, stored: false }))))
    }

    /// The table a device asks about: a table's device only its own (any round, table
    /// named must be its own), the jury's any table of its tournament.
    pub fn device_table(&self, device: &Device, round: Option<i64>, table: Option<i64>) -> Result<TableRef> {
        match device.table {
            Some(own) => {
                let mine = device.round;
                if round.is_some_and(|r| r != mine) || table.is_some_and(|t| t != own) {
                    return Err(ApiError::Forbidden(said!(
                        "this code writes table {own} of round {mine}, and no other",
                        "ce code écrit la table {own} de la manche {mine}, et aucune autre",
                        "deze code schrijft tafel {own} van ronde {mine}, en geen andere"
                    )));
                }
                Ok(TableRef::new(device.tournament.clone(), device.round, own))
            }
            None => Ok(TableRef::new(device.tournament.clone(), round.unwrap_or(device.round), table.unwrap_or(1))),
        }
    }

    /// The table a device reads (its sheet, its history): a table's code its own, the jury's
    /// the table it names — it has none of its own, and was answered table 1's.
    pub fn device_read_table(&self, device: &Device, round: Option<i64>, table: Option<i64>) -> Result<TableRef> {
        if device.table.is_none() && table.is_none() {
            return Err(ApiError::invalid(said!(
                "the jury's code names the table it reads (`table`, and `round` for another round than the code's)",
                "le code du jury nomme la table qu'il lit (`table`, et `round` pour une autre manche que celle du code)",
                "de code van de jury noemt de tafel die ze leest (`table`, en `round` voor een andere ronde dan die van de code)"
            )));
        }
        self.device_table(device, round, table)
    }

    /// A table's sheet, as a device sees it.
    pub fn device_sheet(&mut self, device: &Device, round: Option<i64>, table: Option<i64>) -> Result<SheetView> {
        let at = self.device_read_table(device, round, table)?;
        self.sheet(&at)
    }

    /// The line a table's device is typing, checked as the window checks it.
    pub fn device_check(&mut self, device: &Device, line: Option<usize>, entry: Value) -> Result<LinePreview> {
        self.device_check_after(device, line, entry, &[])
    }

    /// [`Atout::device_check`] of a new line typed after the lines the device holds waiting
    /// (`after`, in order): checked as if they were written before it.
    pub fn device_check_after(&mut self, device: &Device, line: Option<usize>, entry: Value, after: &[Value]) -> Result<LinePreview> {
        let at = self.waiting_table(device, after)?;
        match line {
            None if !after.is_empty() => self.deal_check_after(&at, after, entry),
            _ => self.deal_check(&at, line, entry),
        }
    }

    /// What the next line may be at a device's table once the lines it holds waiting (`after`,
    /// in order) are written: the game's choices (`Some(None)`: the sheet would be complete),
    /// or `None` when they do not replay (one of them will be refused when it is sent).
    pub fn device_next(&mut self, device: &Device, after: &[Value]) -> Result<Option<Option<Value>>> {
        let at = self.waiting_table(device, after)?;
        self.next_after(&at, after)
    }

    /// The table of a table's device asking about the lines it holds waiting (`after`, at
    /// most a sheet's): the jury's code has none.
    fn waiting_table(&self, device: &Device, after: &[Value]) -> Result<TableRef> {
        if device.table.is_none() {
            return Err(table_only());
        }
        waiting_bounded(after)?;
        self.device_table(device, None, None)
    }

    /// Write line `line` of a device's table, under the device's `key`, as `scorer`:
    /// stored now, or found stored before under that key (a retry): never twice.
    /// Refused when the line is taken by another entry (who wrote it and when), when
    /// the rules refuse it, or when the code was revoked or the table locked meanwhile.
    /// With the tournament's `device_confirm`, `confirmed` names the opponent who confirmed
    /// the line on the device (recorded as the change's reason); without it, refused.
    pub fn device_line(&mut self, device: &Device, scorer: &str, key: &str, line: usize, entry: Value, confirmed: Option<&str>) -> Result<LineStored> {
        let Some(table) = device.table else { return Err(table_only()) };
        checked_key(key)?;
        if line == 0 || line > LINE_MAX {
            return Err(ApiError::invalid(said!(
                "a line's number is 1 to {LINE_MAX}",
                "le numéro d'une ligne va de 1 à {LINE_MAX}",
                "het nummer van een lijn gaat van 1 tot {LINE_MAX}"
            )));
        }
        let actor = device_actor(scorer, Some(table))?;
        let confirmed = bounded(confirmed.unwrap_or(""), crate::text::field::ACTOR, crate::text::NAME_MAX)?;
        let at = self.device_table(device, None, None)?;
        // A retry of a line stored before answers at once, with no write: the key is committed.
        // (Before what a new line must carry: stored under a code that asked no opponent's
        // confirmation, its retry under the table's next code, which does, is still that line.)
        let (located, table_id) = self.located_table(&at)?;
        if let Some(found) = self.store.line_key(table_id, key)? {
            return Ok(LineStored { line: same_entry(found, Some(&entry))?, stored: false });
        }
        if device.confirm && confirmed.is_empty() {
            return Err(ApiError::Forbidden(said!(
                "this tournament asks an opponent to confirm each line on the table's device before it is sent",
                "ce tournoi demande qu'un adversaire confirme chaque ligne sur l'appareil de la table avant son envoi",
                "dit toernooi vraagt dat een tegenstander elke lijn op het toestel van de tafel bevestigt voor ze verstuurd wordt"
            )));
        }
        let reason = if confirmed.is_empty() { String::new() } else { format!("✓ {confirmed}") };
        let sent = entry.clone();
        let guard = DeviceWrite {
            code: &device.code,
            key: Some((key, line)),
            fix: false,
            entry: Some(&sent),
            tournament: device.tournament_id,
            round: device.round,
            table,
        };
        let written = self.acting(actor, |a| a.write_sheet(&located, Edit::Add { line: Some(line), entry }, "deal.add", &reason, Some(&guard)));
        match written {
            Ok(_) => Ok(LineStored { line, stored: true }),
            Err(ApiError::Stored { line }) => Ok(LineStored { line, stored: false }),
            Err(e) => Err(e),
        }
    }

    /// Correct line `line` of a device's table (`before`: the entry the scorer saw), or
    /// take back its last line (`entry` none), as `scorer`, with a reason; refused when
    /// the code was revoked or the table locked meanwhile, checked inside the write.
    /// The jury's code corrects a line of any table (`at`: round and table) only with the
    /// cards it replayed (the entry's `hand`, which the line is then held to), as the
    /// Jury screen's "Use these figures" does.
    pub fn device_fix(&mut self, device: &Device, scorer: &str, fix: DeviceFix) -> Result<SheetView> {
        let Some(table) = device.table else { return self.jury_fix(device, scorer, fix) };
        let DeviceFix { round, table: named, line, entry, before, reason, key } = fix;
        // The round and table it names, each when it names it, must be the code's own (a
        // table named without its round was taken for the code's own table).
        let at = self.device_table(device, round, named)?;
        let key = fix_key(key, FIX_KEY)?;
        // A retry of a change made before answers with the sheet as it stands, nothing made
        // again (an undo retried, rebuilt from the sheet as it then stood, took back the line
        // before the one undone).
        let (located, table_id) = self.located_table(&at)?;
        if let Some(sheet) = self.fixed_before(&located, table_id, key.as_deref(), entry.as_ref())? {
            return Ok(sheet);
        }
        // A change names what it changes: the line as the scorer saw it.
        let Some(before) = before.filter(|b| !b.is_null()) else {
            return Err(ApiError::invalid(said!(
                "a correction or an undo names the line as the scorer saw it (`before`)",
                "une correction ou une annulation donne la ligne telle que le marqueur l'a vue (`before`)",
                "een verbetering of een ongedaanmaking geeft de lijn zoals de schrijver ze zag (`before`)"
            )));
        };
        let reason = reason.as_str();
        let what = if entry.is_some() {
            Tr::new("a correction", "une correction", "een correctie")
        } else {
            Tr::new("an undo", "une annulation", "een ongedaanmaking")
        };
        let reason = required_reason(reason, what)?;
        let actor = device_actor(scorer, Some(table))?;
        let sent = entry.clone();
        let guard = DeviceWrite {
            code: &device.code,
            key: key.as_deref().map(|k| (k, line)),
            fix: true,
            entry: sent.as_ref(),
            tournament: device.tournament_id,
            round: device.round,
            table,
        };
        let (edit, action) = match entry {
            Some(entry) => (Edit::Correct { line, entry, seen: Some(before) }, "deal.correct"),
            None => (Edit::Undo { line: Some(line), seen: Some(before) }, "deal.undo"),
        };
        let written = self.acting(actor, |a| a.write_sheet(&located, edit, action, &reason, Some(&guard)));
        self.fixed(&located, written)
    }

    /// The sheet as it stands when the change under `key` was made before (a retry after a
    /// lost answer); none when it was not.
    fn fixed_before(&mut self, at: &crate::sheets::At, table_id: Id, key: Option<&str>, entry: Option<&Value>) -> Result<Option<SheetView>> {
        let Some(found) = key.map(|k| self.store.line_key(table_id, k)).transpose()?.flatten() else { return Ok(None) };
        same_entry(found, entry)?;
        self.sheet_at(at).map(Some)
    }

    /// A correction's or an undo's answer: the sheet as it stands once it is written, or
    /// found written under its key by a retry that came first.
    fn fixed(&mut self, at: &crate::sheets::At, written: Result<()>) -> Result<SheetView> {
        match written {
            Ok(()) | Err(ApiError::Stored { .. }) => self.sheet_at(at),
            Err(e) => Err(e),
        }
    }

    /// [`Atout::device_fix`] for the jury's code: a line corrected with the cards replayed.
    fn jury_fix(&mut self, device: &Device, scorer: &str, fix: DeviceFix) -> Result<SheetView> {
        let DeviceFix { round, table, line, entry, before, reason, key } = fix;
        let Some(entry) = entry.filter(|e| e.get("hand").is_some_and(Value::is_object)) else {
            return Err(ApiError::Forbidden(said!(
                "the jury's code corrects a line only with the cards it replayed; the rest is the table's to write",
                "le code du jury ne corrige une ligne qu'avec les cartes qu'il a rejouées ; le reste est à la table d'écrire",
                "de code van de jury verbetert een lijn enkel met de kaarten die ze naspeelde; de rest schrijft de tafel zelf"
            )));
        };
        let (Some(round), Some(table)) = (round, table) else {
            return Err(ApiError::invalid(said!(
                "the jury's correction names its round and table",
                "la correction du jury nomme sa manche et sa table",
                "de verbetering van de jury noemt haar ronde en tafel"
            )));
        };
        let reason = required_reason(&reason, Tr::new("a correction", "une correction", "een correctie"))?;
        let actor = device_actor(scorer, None)?;
        let key = fix_key(key, JURY_FIX_KEY)?;
        let (located, table_id) = self.located_table(&TableRef::new(device.tournament.clone(), round, table))?;
        // A retry of the correction made before: the sheet as it stands (it was refused as
        // changed meanwhile, by the jury's own correction).
        if let Some(sheet) = self.fixed_before(&located, table_id, key.as_deref(), Some(&entry))? {
            return Ok(sheet);
        }
        // The line as the cards give it, and nothing else: the play legal and played to its
        // end, the line's figures the cards' (a play left half-way let any figures through).
        let sheet = self.sheet_at(&located)?;
        let dealer = sheet.lines.get(line.wrapping_sub(1)).map_or(Some(sheet.first_dealer as usize), |l| l.line.dealer);
        let l = self.loaded(located.id)?;
        let verdict = dealer.and_then(|d| atout_rules::play::line_record(l.game, sheet.seats.len(), d, &entry)).map(|record| l.rules.hand_check(&record));
        let given = matches!(&verdict, Some(Ok(v)) if v["legal"] == true && v["complete"] == true && v["line"] != "differs");
        if !given {
            return Err(ApiError::Forbidden(said!(
                "the jury's code writes a line only as the cards it replayed give it: every card legal, the deal played to its end, the line's figures the cards'",
                "le code du jury n'écrit une ligne que telle que la donnent les cartes rejouées : chaque carte permise, la donne jouée jusqu'au bout, les chiffres de la ligne ceux des cartes",
                "de code van de jury schrijft een lijn enkel zoals de nagespeelde kaarten ze geven: elke kaart toegelaten, het spel uitgespeeld, de cijfers van de lijn die van de kaarten"
            )));
        }
        // The cards give the figures, not the game: the contract, its declarers, its trump stay
        // the table's (a jury's code changed a line of A into a B with the same cards).
        let stored = sheet.lines.get(line.wrapping_sub(1)).map(|l| &l.entry);
        let game_of = |e: &Value| {
            // Both as a line is kept (another tool's `1.0` is the seat 1 written).
            let mut e = atout_rules::whole_numbers(e);
            if let Value::Object(map) = &mut e {
                map.retain(|k, _| k != "hand" && !l.rules.figure_keys().contains(&k.as_str()));
            }
            e
        };
        if stored.is_some_and(|s| game_of(s) != game_of(&entry)) {
            return Err(ApiError::Forbidden(said!(
                "the jury's code corrects a line's figures as the cards give them, not its game: line {line} keeps the game the table wrote",
                "le code du jury corrige les chiffres d'une ligne tels que les donnent les cartes, pas son jeu : la ligne {line} garde le jeu écrit par la table",
                "de code van de jury verbetert de cijfers van een lijn zoals de kaarten ze geven, niet haar spel: lijn {line} houdt het spel dat de tafel schreef"
            )));
        }
        // The code checked again inside the write (revoked since the request came in?).
        let sent = entry.clone();
        let guard = JuryWrite { code: &device.code, key: key.as_deref().map(|k| (k, line)), entry: Some(&sent) };
        let written = self.acting(actor, |a| a.write_sheet(&located, Edit::Correct { line, entry, seen: before }, "deal.correct", &reason, Some(&guard)));
        self.fixed(&located, written)
    }

    /// A line's hand record, for the jury's device to replay it card by card (the game,
    /// the table's seats, the line's dealer and entry; [`Atout::hand_record`]).
    pub fn device_hand_record(&mut self, device: &Device, round: i64, table: i64, line: usize) -> Result<Value> {
        device_replaying(device)?;
        self.hand_record(&TableRef::new(device.tournament.clone(), round, table), line)
    }

    /// The table a device's write names, located, and its id (a key's lookup).
    fn located_table(&mut self, at: &TableRef) -> Result<(crate::sheets::At, Id)> {
        let located = self.locate(at)?;
        let l = self.loaded(located.id)?;
        let id = l.round(located.round)?.row.tables[located.index].id;
        Ok((located, id))
    }

    /// A fault written on a table's sheet from the jury's device (Double King's fault
    /// lines, a voided trump game): the line must be a fault, or it is the table's to write.
    /// Under the device's `key` (sent again unchanged when it retries after a lost answer),
    /// written once: a retry finds it and writes nothing.
    pub fn device_fault(&mut self, device: &Device, scorer: &str, round: i64, table: i64, entry: Value, key: &str) -> Result<JuryWritten> {
        device_jury(device)?;
        checked_key(key)?;
        // Kept apart from the table's own devices' keys (which hold no space): a club's app
        // numbering its keys 1, 2, 3 on each device never finds the jury's under its own.
        let key = format!("jury {key}");
        let at = TableRef::new(device.tournament.clone(), round, table);
        let (located, table_id) = self.located_table(&at)?;
        if let Some(found) = self.store.line_key(table_id, &key)? {
            same_entry(found, Some(&entry))?;
            return Ok(JuryWritten { sheet: self.sheet_at(&located)?, stored: false });
        }
        let next = self.sheet(&at)?.lines.len() + 1;
        let (_, sheet) = self.staged(&located, next, &entry)?;
        if sheet.lines.get(next - 1).is_none_or(|l| l.fault.is_none()) {
            return Err(ApiError::Forbidden(said!(
                "the jury's code writes faults on a sheet; a played deal is the table's to write",
                "le code du jury écrit des fautes sur une feuille ; une donne jouée est à la table d'écrire",
                "de code van de jury schrijft fouten op een blad; een gespeeld spel schrijft de tafel zelf"
            )));
        }
        let actor = device_actor(scorer, None)?;
        let sent = entry.clone();
        let guard = JuryWrite { code: &device.code, key: Some((&key, next)), entry: Some(&sent) };
        let stored = match self.acting(actor, |a| a.write_sheet(&located, Edit::Add { line: Some(next), entry }, "deal.add", "", Some(&guard))) {
            Ok(_) => true,
            Err(ApiError::Stored { .. }) => false,
            Err(e) => return Err(e),
        };
        Ok(JuryWritten { sheet: self.sheet_at(&located)?, stored })
    }

    /// A jury ruling recorded from the jury's device, as `scorer` (the jury member), under
    /// the device's `key` as [`Atout::device_fault`]: written once.
    pub fn device_ruling(&mut self, device: &Device, scorer: &str, round: i64, table: i64, ruling: Value, key: &str) -> Result<JuryWritten> {
        device_jury(device)?;
        checked_key(key)?;
        let actor = device_actor(scorer, None)?;
        let at = TableRef::new(device.tournament.clone(), round, table);
        let (located, table_id) = self.located_table(&at)?;
        if let Some(found) = self.store.ruling_key(table_id, key)? {
            same_ruling(found, &ruling)?;
            return Ok(JuryWritten { sheet: self.sheet_at(&located)?, stored: false });
        }
        let sent = ruling.clone();
        // The code checked again inside the write (revoked since the request came in?), the
        // key written with the ruling (or found written meanwhile by the same retry).
        let keyed = |w: &mut Writer<'_>, table_id: Id, ruling: Id| {
            let code = live_code(w, &device.code)?;
            if let Some(found) = w.ruling_key(table_id, key)? {
                same_ruling(found, &sent)?;
                return Err(ApiError::Stored { line: 0 });
            }
            w.put_ruling_key(table_id, key, ruling, Some(code))?;
            Ok(())
        };
        match self.acting(actor, |a| a.ruling_add_checked(&at, ruling, Some(&keyed))) {
            Ok(sheet) => Ok(JuryWritten { sheet, stored: true }),
            Err(ApiError::Stored { .. }) => Ok(JuryWritten { sheet: self.sheet_at(&located)?, stored: false }),
            Err(e) => Err(e),
        }
    }
}

/// A correction a device sends ([`Atout::device_fix`]): the line, the entry it now reads
/// (none: the last line taken back), the version the scorer saw, the reason; `at` the round
/// and table, which the jury's code names.
#[derive(Clone, Debug, Default)]
pub struct DeviceFix {
    /// The round and the table it names, each when named.
    pub round: Option<i64>,
    pub table: Option<i64>,
    pub line: usize,
    pub entry: Option<Value>,
    pub before: Option<Value>,
    pub reason: String,
    /// The device's key for this change, sent again unchanged when it retries after a lost
    /// answer: a change found made under it is not made again.
    pub key: Option<String>,
}

/// What only the jury's code may ask (every ruling of the tournament): a table's code is
/// refused.
pub fn device_jury(device: &Device) -> Result<()> {
    match device.table {
        Some(_) => Err(jury_only()),
        None => Ok(()),
    }
}

/// The hand checker and the claim checker on a device: the jury's code only (a table's
/// device has no replay). What they answer needs no database (`crate::hands`): the server
/// asks them away from the application, so that a search of some seconds holds up no
/// table's line.
pub fn device_replaying(device: &Device) -> Result<()> {
    if device.table.is_some() {
        return Err(ApiError::Forbidden(said!(
            "a table's code writes its own sheet; deals are replayed and claims judged with the jury's",
            "le code d'une table écrit sa propre feuille ; les donnes se rejouent et les revendications se jugent avec celui du jury",
            "de code van een tafel schrijft zijn eigen blad; spelen naspelen en claims beoordelen doet de jury met de hare"
        )));
    }
    Ok(())
}

/// Lines a device holds waiting: as many as a sheet may hold at most.
fn waiting_bounded(after: &[Value]) -> Result<()> {
    if after.len() > LINE_MAX {
        return Err(ApiError::invalid(said!(
            "at most {LINE_MAX} lines wait on a device",
            "au plus {LINE_MAX} lignes attendent sur un appareil",
            "hoogstens {LINE_MAX} lijnen wachten op een toestel"
        )));
    }
    Ok(())
}

fn table_only() -> ApiError {
    ApiError::Forbidden(said!(
        "the jury's code records rulings; a table's sheet is written with that table's code",
        "le code du jury inscrit des décisions ; la feuille d'une table s'écrit avec le code de cette table",
        "de code van de jury schrijft beslissingen; het blad van een tafel wordt geschreven met de code van die tafel"
    ))
}

fn jury_only() -> ApiError {
    ApiError::Forbidden(said!(
        "a table's code writes its own sheet; rulings and faults are the jury's",
        "le code d'une table écrit sa propre feuille ; décisions et fautes sont au jury",
        "de code van een tafel schrijft haar eigen blad; beslissingen en fouten zijn voor de jury"
    ))
}

impl Atout {
    /// Run `f` with `actor` recorded as the author of its changes, then the author as before.
    fn acting<T>(&mut self, actor: String, f: impl FnOnce(&mut Atout) -> Result<T>) -> Result<T> {
        let saved = std::mem::replace(&mut self.actor, actor);
        let done = f(self);
        self.actor = saved;
        done
    }
}

/// Who wrote from a device, as the changes record it: the name the device gave, and
/// the table (or the jury) its code covers: `Anne [table 3]`.
fn device_actor(scorer: &str, table: Option<i64>) -> Result<String> {
    let name = bounded(scorer, crate::text::field::ACTOR, crate::text::NAME_MAX)?;
    if name.is_empty() {
        return Err(ApiError::invalid(said!(
            "say who is scoring: the scorer's name",
            "dites qui marque : le nom du marqueur",
            "zeg wie de score bijhoudt: de naam van de schrijver"
        )));
    }
    Ok(match table {
        Some(t) => format!("{name} [table {t}]"),
        None => format!("{name} [jury]"),
    })
}
