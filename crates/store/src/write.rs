//! Writing: one change is one transaction and one `changes` row; every table is
//! insert-only, so a write adds rows and never changes one. In a batch (group commit),
//! each change is a savepoint of the batch's one transaction instead.

use super::*;

/// Who makes a change and why.
#[derive(Clone, Debug, Default)]
pub struct Change<'a> {
    pub actor: &'a str,
    pub action: &'a str,
    pub reason: &'a str,
}

/// A write in progress: one `changes` row, in its own transaction or a batch's savepoint.
pub struct Writer<'c> {
    pub(crate) tx: &'c Connection,
    pub(crate) change: Id,
}

impl Writer<'_> {
    pub fn change_id(&self) -> Id {
        self.change
    }

    pub fn add_player(&mut self, name: &str, club: &str, member: &str) -> Result<Id> {
        self.tx.execute("INSERT INTO players (change_id) VALUES (?1)", [self.change])?;
        let id = self.tx.last_insert_rowid();
        self.player_version(id, name, club, member)?;
        Ok(id)
    }

    /// A new version of a player's details.
    pub fn player_version(&mut self, player: Id, name: &str, club: &str, member: &str) -> Result<()> {
        self.tx.execute(
            "INSERT INTO player_versions (player_id, change_id, name, club, member) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![player, self.change, name, club, member],
        )?;
        Ok(())
    }

    pub fn add_tournament(&mut self, name: &str, game: &str, date: Option<&str>, settings: &Value, extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO tournaments (change_id, name, game, date, settings, extra) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![self.change, name, game, date, settings.to_string(), extra.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn add_entrant(&mut self, tournament: Id, player: Id, code: &str, extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO entrants (tournament_id, player_id, change_id, code, extra) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![tournament, player, self.change, code, extra.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn add_draw(&mut self, tournament: Id, round: i64, seed: Option<&str>, repeats: Option<i64>, extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO draws (tournament_id, change_id, round, seed, repeats, extra) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![tournament, self.change, round, seed, repeats, extra.to_string()],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    pub fn add_table(&mut self, draw: Id, number: i64, first_dealer: i64, seats: &[Id], extra: &Value) -> Result<Id> {
        self.tx.execute(
            "INSERT INTO tables (draw_id, number, first_dealer, extra) VALUES (?1, ?2, ?3, ?4)",
            params![draw, number, first_dealer, extra.to_string()],
        )?;
        let table = self.tx.last_insert_rowid();
        let mut st = self.tx.prepare_cached("INSERT INTO seats (table_id, seat, entrant_id) VALUES (?1, ?2, ?3)")?;
        for (i, entrant) in seats.iter().enumerate() {
            st.execute(params![table, i as i64 + 1, entrant])?;
        }
        Ok(table)
    }

    pub fn add_bye(&mut self, draw: Id, entrant: Id) -> Result<()> {
        self.tx.execute("INSERT INTO byes (draw_id, entrant_id) VALUES (?1, ?2)", params![draw, entrant])?;
        Ok(())
    }

    /// Write a sheet line: a new line, or a correction of an existing one.
    pub fn put_deal(&mut self, table: Id, line: i64, entry: &Value) -> Result<()> {
        let mut st = self.tx.prepare_cached("INSERT INTO deals (table_id, change_id, line, entry) VALUES (?1, ?2, ?3, ?4)")?;
        st.execute(params![table, self.change, line, entry.to_string()])?;
        Ok(())
    }

    pub fn add_ruling(&mut self, table: Id, entry: &Value) -> Result<Id> {
        self.tx.execute("INSERT INTO rulings (table_id, change_id, entry) VALUES (?1, ?2, ?3)", params![table, self.change, entry.to_string()])?;
        Ok(self.tx.last_insert_rowid())
    }

    /// A new version of a tournament's settings (the earlier ones stay).
    pub fn set_settings(&mut self, tournament: Id, settings: &Value) -> Result<()> {
        self.tx.execute(
            "INSERT INTO tournament_settings (tournament_id, change_id, settings) VALUES (?1, ?2, ?3)",
            params![tournament, self.change, settings.to_string()],
        )?;
        Ok(())
    }

    /// A sheet line removed: the last line undone, or a line cut from a replaced sheet.
    pub fn remove_line(&mut self, table: Id, line: i64) -> Result<()> {
        self.put_deal(table, line, &Value::Null)
    }

    pub fn set_first_dealer(&mut self, table: Id, seat: i64) -> Result<()> {
        self.tx.execute("INSERT INTO table_dealers (table_id, change_id, first_dealer) VALUES (?1, ?2, ?3)", params![table, self.change, seat])?;
        Ok(())
    }

    pub fn ruling_withdrawn(&self, ruling: Id) -> Result<bool> {
        Ok(self.tx.query_row("SELECT count(*) FROM ruling_withdrawals WHERE ruling_id = ?1", [ruling], |r| r.get::<_, i64>(0))? > 0)
    }

    pub fn withdraw_ruling(&mut self, ruling: Id) -> Result<()> {
        self.tx.execute("INSERT INTO ruling_withdrawals (ruling_id, change_id) VALUES (?1, ?2)", params![ruling, self.change])?;
        Ok(())
    }

    /// When an entrant plays: from `from_round` (a late entry) until before `withdrawn_from`.
    pub fn entrant_status(&mut self, entrant: Id, from_round: Option<i64>, withdrawn_from: Option<i64>) -> Result<()> {
        self.tx.execute(
            "INSERT INTO entrant_status (entrant_id, change_id, from_round, withdrawn_from) VALUES (?1, ?2, ?3, ?4)",
            params![entrant, self.change, from_round, withdrawn_from],
        )?;
        Ok(())
    }

    /// `PRAGMA data_version` inside this write: unchanged since a reader's last look
    /// means no other connection has committed since (this transaction holds the lock).
    pub fn data_version(&self) -> Result<i64> {
        Ok(self.tx.pragma_query_value(None, "data_version", |r| r.get(0))?)
    }

    /// The current draws of a tournament as stored, seen from inside this write.
    pub fn rounds(&self, tournament: Id) -> Result<Vec<RoundRow>> {
        crate::read::rounds(self.tx, tournament)
    }

    /// The current lines of one sheet as stored, seen from inside this write.
    pub fn table_lines(&self, table: Id) -> Result<Vec<Value>> {
        let mut st = self.tx.prepare_cached(
            "SELECT d.entry FROM deals d WHERE d.table_id = ?1
               AND d.id = (SELECT max(id) FROM deals WHERE table_id = d.table_id AND line = d.line)
             ORDER BY d.line",
        )?;
        let rows = st.query_map([table], |r| r.get::<_, String>(0))?;
        let mut lines = vec![];
        for row in rows {
            let entry = json(row?)?;
            if !entry.is_null() {
                lines.push(entry);
            }
        }
        Ok(lines)
    }

    /// The first dealer of a table as stored now.
    pub fn first_dealer(&self, table: Id) -> Result<Option<i64>> {
        Ok(self
            .tx
            .query_row(
                "SELECT coalesce((SELECT first_dealer FROM table_dealers WHERE table_id = ?1 ORDER BY id DESC LIMIT 1), first_dealer)
                 FROM tables WHERE id = ?1",
                [table],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Who wrote the current version of a sheet line, and when (UTC).
    pub fn line_author(&self, table: Id, line: i64) -> Result<Option<(String, String)>> {
        Ok(self
            .tx
            .query_row(
                "SELECT c.actor, c.at FROM deals d JOIN changes c ON c.id = d.change_id
                 WHERE d.table_id = ?1 AND d.line = ?2 ORDER BY d.id DESC LIMIT 1",
                params![table, line],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// The last round drawn of a tournament as stored now (0 before the first draw).
    pub fn last_round(&self, tournament: Id) -> Result<i64> {
        Ok(self.tx.query_row("SELECT coalesce(max(round), 0) FROM draws WHERE tournament_id = ?1", [tournament], |r| r.get(0))?)
    }

    /// The id of the current draw's table `number` in `round`, if there is one.
    pub fn current_table(&self, tournament: Id, round: i64, number: i64) -> Result<Option<Id>> {
        Ok(self
            .tx
            .query_row(
                "SELECT t.id FROM tables t WHERE t.number = ?3 AND t.draw_id =
                   (SELECT max(id) FROM draws WHERE tournament_id = ?1 AND round = ?2)",
                params![tournament, round, number],
                |r| r.get(0),
            )
            .optional()?)
    }
}
