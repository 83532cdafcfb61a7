//! The table devices' records: the codes issued per round, their revocations,
//! the tables locked against devices, and the keys of the lines devices wrote.

use super::*;

/// A code issued for a round: a table's (`table` set) or the jury's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceCodeRow {
    pub id: Id,
    pub tournament: Id,
    pub round: i64,
    pub table: Option<i64>,
    pub code: String,
    pub revoked: bool,
}

const CODE_COLUMNS: &str = "c.id, c.tournament_id, c.round, c.table_number, c.code,
    EXISTS (SELECT 1 FROM device_revocations v WHERE v.code_id = c.id)";

fn code_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<DeviceCodeRow> {
    Ok(DeviceCodeRow { id: r.get(0)?, tournament: r.get(1)?, round: r.get(2)?, table: r.get(3)?, code: r.get(4)?, revoked: r.get(5)? })
}

fn code(conn: &Connection, code: &str) -> Result<Option<DeviceCodeRow>> {
    let mut st = conn.prepare_cached(&format!("SELECT {CODE_COLUMNS} FROM device_codes c WHERE c.code = ?1"))?;
    Ok(st.query_row([code], code_row).optional()?)
}

fn codes(conn: &Connection, tournament: Id, round: i64) -> Result<Vec<DeviceCodeRow>> {
    let mut st = conn.prepare_cached(&format!("SELECT {CODE_COLUMNS} FROM device_codes c WHERE c.tournament_id = ?1 AND c.round = ?2 ORDER BY c.id"))?;
    let rows = st.query_map(params![tournament, round], code_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn locked_tables(conn: &Connection, tournament: Id, round: i64) -> Result<Vec<i64>> {
    let mut st = conn.prepare_cached(
        "SELECT l.table_number FROM table_locks l WHERE l.tournament_id = ?1 AND l.round = ?2 AND l.locked = 1
           AND l.id = (SELECT max(id) FROM table_locks WHERE tournament_id = l.tournament_id AND round = l.round AND table_number = l.table_number)
         ORDER BY l.table_number",
    )?;
    let rows = st.query_map(params![tournament, round], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A key written: the line it wrote and the entry it wrote there (in the key's own change;
/// none if the store holds no such row); for a ruling's key, the ruling's id and the ruling.
/// With who wrote it and when (UTC), the key's change's.
#[derive(Clone, Debug)]
pub struct KeyWritten {
    pub id: i64,
    pub entry: Option<String>,
    pub by: (String, String),
    /// The code that wrote it (none: a write of no device's).
    pub code: Option<Id>,
}

const KEY_WRITTEN: &str = "SELECT k.line, d.entry, c.actor, c.at, k.code_id FROM line_keys k
    JOIN changes c ON c.id = k.change_id
    LEFT JOIN deals d ON d.table_id = k.table_id AND d.change_id = k.change_id AND d.line = k.line";

fn key_written(r: &rusqlite::Row<'_>) -> rusqlite::Result<KeyWritten> {
    Ok(KeyWritten { id: r.get(0)?, entry: r.get(1)?, by: (r.get(2)?, r.get(3)?), code: r.get(4)? })
}

fn line_key(conn: &Connection, table: Id, key: &str) -> Result<Option<KeyWritten>> {
    let mut st = conn.prepare_cached(&format!("{KEY_WRITTEN} WHERE k.table_id = ?1 AND k.key = ?2"))?;
    Ok(st.query_row(params![table, key], key_written).optional()?)
}

/// A ruling's key written: the ruling and what it said.
fn ruling_key(conn: &Connection, table: Id, key: &str) -> Result<Option<KeyWritten>> {
    let mut st = conn.prepare_cached(
        "SELECT k.ruling_id, r.entry, c.actor, c.at, k.code_id FROM ruling_keys k JOIN changes c ON c.id = k.change_id
         LEFT JOIN rulings r ON r.id = k.ruling_id WHERE k.table_id = ?1 AND k.key = ?2",
    )?;
    Ok(st.query_row(params![table, key], key_written).optional()?)
}

impl Store {
    /// The ruling the jury's device wrote at a table under `key`, if it was written (committed).
    pub fn ruling_key(&self, table: Id, key: &str) -> Result<Option<KeyWritten>> {
        ruling_key(&self.conn, table, key)
    }

    /// The line a device's key wrote at a table and what it wrote, if that key was written
    /// (committed).
    pub fn line_key(&self, table: Id, key: &str) -> Result<Option<KeyWritten>> {
        line_key(&self.conn, table, key)
    }

    /// The code `text`, revoked or not, if it was ever issued.
    pub fn device_code(&self, text: &str) -> Result<Option<DeviceCodeRow>> {
        code(&self.conn, text)
    }

    /// The line the code `code` wrote under `key` and what it wrote, if it wrote one (revoked
    /// since or not).
    pub fn line_key_of_code(&self, code: Id, key: &str) -> Result<Option<KeyWritten>> {
        let mut st = self.conn.prepare_cached(&format!("{KEY_WRITTEN} WHERE k.code_id = ?1 AND k.key = ?2"))?;
        Ok(st.query_row(params![code, key], key_written).optional()?)
    }

    /// Every code issued for a round, the revoked ones too, oldest first.
    pub fn device_codes(&self, tournament: Id, round: i64) -> Result<Vec<DeviceCodeRow>> {
        codes(&self.conn, tournament, round)
    }

    /// The numbers of a round's tables locked against their devices.
    pub fn locked_tables(&self, tournament: Id, round: i64) -> Result<Vec<i64>> {
        locked_tables(&self.conn, tournament, round)
    }
}

impl Writer<'_> {
    pub fn add_device_code(&mut self, tournament: Id, round: i64, table: Option<i64>, code: &str) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO device_codes (tournament_id, change_id, round, table_number, code) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![tournament, self.change, round, table, code],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn revoke_device_code(&mut self, code: Id) -> Result<()> {
        self.tx.execute("INSERT INTO device_revocations (code_id, change_id) VALUES (?1, ?2)", params![code, self.change])?;
        Ok(())
    }

    /// Every code issued for a round as stored now, the revoked ones too.
    pub fn device_codes(&self, tournament: Id, round: i64) -> Result<Vec<DeviceCodeRow>> {
        codes(self.tx, tournament, round)
    }

    /// The code `text` as stored now (revoked meanwhile, perhaps).
    pub fn device_code(&self, text: &str) -> Result<Option<DeviceCodeRow>> {
        code(self.tx, text)
    }

    pub fn lock_table(&mut self, tournament: Id, round: i64, table: i64, locked: bool) -> Result<()> {
        self.tx.execute(
            "INSERT INTO table_locks (tournament_id, change_id, round, table_number, locked) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![tournament, self.change, round, table, locked],
        )?;
        Ok(())
    }

    pub fn locked_tables(&self, tournament: Id, round: i64) -> Result<Vec<i64>> {
        locked_tables(self.tx, tournament, round)
    }

    /// The line a device's key wrote at a table and what it wrote, if that key was written.
    pub fn line_key(&self, table: Id, key: &str) -> Result<Option<KeyWritten>> {
        line_key(self.tx, table, key)
    }

    /// The ruling the jury's device wrote at a table under `key`, if it was written.
    pub fn ruling_key(&self, table: Id, key: &str) -> Result<Option<KeyWritten>> {
        ruling_key(self.tx, table, key)
    }

    /// The key of a ruling the jury's device wrote, in the ruling's own change.
    pub fn put_ruling_key(&mut self, table: Id, key: &str, ruling: Id, code: Option<Id>) -> Result<()> {
        let mut st = self.tx.prepare_cached("INSERT INTO ruling_keys (table_id, key, ruling_id, change_id, code_id) VALUES (?1, ?2, ?3, ?4, ?5)")?;
        st.execute(params![table, key, ruling, self.change, code])?;
        Ok(())
    }

    /// The key of a line a device wrote, in the line's own change.
    pub fn put_line_key(&mut self, table: Id, key: &str, line: i64, code: Option<Id>) -> Result<()> {
        let mut st = self.tx.prepare_cached("INSERT INTO line_keys (table_id, key, line, change_id, code_id) VALUES (?1, ?2, ?3, ?4, ?5)")?;
        st.execute(params![table, key, line, self.change, code])?;
        Ok(())
    }
}
