//! Reading what is stored: the current state (the latest version of every record)
//! and the history of a sheet or a tournament.

use super::*;

/// Every record of one tournament with its change (see the file).
const AUDIT_SQL: &str = include_str!("audit.sql");

/// The latest change to any record of a tournament: its id and time (UTC).
const LAST_CHANGE_SQL: &str = "WITH tt AS (SELECT t.id FROM tables t JOIN draws w ON w.id = t.draw_id WHERE w.tournament_id = ?1)
SELECT c.id, c.at FROM changes c WHERE c.id = (SELECT max(change_id) FROM (
  SELECT change_id FROM tournaments WHERE id = ?1
  UNION ALL SELECT change_id FROM tournament_settings WHERE tournament_id = ?1
  UNION ALL SELECT change_id FROM entrants WHERE tournament_id = ?1
  UNION ALL SELECT change_id FROM draws WHERE tournament_id = ?1
  UNION ALL SELECT d.change_id FROM deals d JOIN tt ON tt.id = d.table_id
  UNION ALL SELECT r.change_id FROM rulings r JOIN tt ON tt.id = r.table_id
  UNION ALL SELECT x.change_id FROM ruling_withdrawals x JOIN rulings r ON r.id = x.ruling_id JOIN tt ON tt.id = r.table_id
  UNION ALL SELECT x.change_id FROM table_dealers x JOIN tt ON tt.id = x.table_id
  UNION ALL SELECT x.change_id FROM entrant_status x JOIN entrants e ON e.id = x.entrant_id WHERE e.tournament_id = ?1))";

impl Store {
    /// The latest change to any record of a tournament (what it holds was last changed then):
    /// its id and time (UTC). None for a tournament with no record.
    pub fn tournament_last_change(&self, tournament: Id) -> Result<Option<(Id, String)>> {
        let mut st = self.conn.prepare_cached(LAST_CHANGE_SQL)?;
        let mut rows = st.query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.next().transpose()?)
    }

    /// The sheet lines of a tournament written more than once (corrected, or taken back and
    /// written again): (round, table number, line).
    pub fn corrected_lines(&self, tournament: Id) -> Result<Vec<(i64, i64, i64)>> {
        let mut st = self.conn.prepare_cached(
            "SELECT w.round, t.number, d.line FROM deals d JOIN tables t ON t.id = d.table_id JOIN draws w ON w.id = t.draw_id
             WHERE w.tournament_id = ?1 GROUP BY d.table_id, d.line HAVING count(*) > 1",
        )?;
        let rows = st.query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
    pub fn players(&self) -> Result<Vec<PlayerRow>> {
        let mut st = self.conn.prepare(
            "SELECT v.player_id, v.name, v.club, v.member FROM player_versions v
             WHERE v.id = (SELECT max(id) FROM player_versions WHERE player_id = v.player_id)
             ORDER BY v.name COLLATE NOCASE, v.player_id",
        )?;
        let rows = st.query_map([], |r| Ok(PlayerRow { id: r.get(0)?, name: r.get(1)?, club: r.get(2)?, member: r.get(3)? }))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    pub fn tournaments(&self) -> Result<Vec<TournamentRow>> {
        let mut st = self.conn.prepare(
            "SELECT t.id, t.name, t.game, t.date,
                    coalesce((SELECT s.settings FROM tournament_settings s WHERE s.tournament_id = t.id ORDER BY s.id DESC LIMIT 1), t.settings),
                    t.extra, c.at
             FROM tournaments t JOIN changes c ON c.id = t.change_id ORDER BY t.id",
        )?;
        let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get::<_, String>(4)?, r.get::<_, String>(5)?, r.get(6)?)))?;
        rows.map(|row| {
            let (id, name, game, date, settings, extra, created_at) = row?;
            Ok(TournamentRow { id, name, game, date, settings: json(settings)?, extra: json(extra)?, created_at })
        })
        .collect()
    }

    pub fn tournament(&self, id: Id) -> Result<Option<TournamentRow>> {
        Ok(self.tournaments()?.into_iter().find(|t| t.id == id))
    }

    pub fn entrants(&self, tournament: Id) -> Result<Vec<EntrantRow>> {
        let mut st = self.conn.prepare(
            "SELECT e.id, e.code, e.extra, v.player_id, v.name, v.club, v.member, s.from_round, s.withdrawn_from
             FROM entrants e JOIN player_versions v ON v.player_id = e.player_id
             LEFT JOIN entrant_status s ON s.id = (SELECT max(id) FROM entrant_status WHERE entrant_id = e.id)
             WHERE e.tournament_id = ?1
               AND v.id = (SELECT max(id) FROM player_versions WHERE player_id = e.player_id)
             ORDER BY e.id",
        )?;
        let rows = st.query_map([tournament], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get::<_, String>(2)?,
                PlayerRow { id: r.get(3)?, name: r.get(4)?, club: r.get(5)?, member: r.get(6)? },
                r.get(7)?,
                r.get(8)?,
            ))
        })?;
        rows.map(|row| {
            let (id, code, extra, player, from_round, withdrawn_from) = row?;
            Ok(EntrantRow { id, player, code, extra: json(extra)?, from_round, withdrawn_from })
        })
        .collect()
    }

    /// The current draw of every round of a tournament, with each sheet's current lines.
    pub fn rounds(&self, tournament: Id) -> Result<Vec<RoundRow>> {
        rounds(&self.conn, tournament)
    }

    /// Every version of every line and ruling of one table, oldest first.
    pub fn history(&self, table: Id) -> Result<Vec<HistoryRow>> {
        let mut st = self.conn.prepare(
            "SELECT 'deal', d.line, d.entry, c.at, c.actor, c.action, c.reason, d.id
               FROM deals d JOIN changes c ON c.id = d.change_id WHERE d.table_id = ?1
             UNION ALL
             SELECT 'ruling', NULL, r.entry, c.at, c.actor, c.action, c.reason, r.id
               FROM rulings r JOIN changes c ON c.id = r.change_id WHERE r.table_id = ?1
             ORDER BY 4, 8",
        )?;
        let rows =
            st.query_map([table], |r| Ok((r.get::<_, String>(0)?, r.get(1)?, r.get::<_, String>(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?)))?;
        rows.map(|row| {
            let (kind, line, entry, at, actor, action, reason, record) = row?;
            let kind = if kind == "deal" { "deal" } else { "ruling" };
            Ok(HistoryRow { kind, line, entry: json(entry)?, at, actor, action, reason, record })
        })
        .collect()
    }

    /// The rulings of a tournament withdrawn since (their rows stay), with when each was
    /// written and when, by whom and why it was withdrawn; oldest first.
    pub fn withdrawn_rulings(&self, tournament: Id) -> Result<Vec<WithdrawnRuling>> {
        let mut st = self.conn.prepare(
            "SELECT r.table_id, r.id, r.entry, w.at, c.at, c.actor, c.reason, w.action
               FROM ruling_withdrawals x JOIN rulings r ON r.id = x.ruling_id
               JOIN changes w ON w.id = r.change_id JOIN changes c ON c.id = x.change_id
               JOIN tables t ON t.id = r.table_id JOIN draws d ON d.id = t.draw_id
              WHERE d.tournament_id = ?1 ORDER BY r.id",
        )?;
        let rows = st.query_map([tournament], |r| {
            Ok((r.get::<_, Id>(0)?, r.get::<_, Id>(1)?, r.get::<_, String>(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?))
        })?;
        rows.map(|row| {
            let (table, id, entry, at, withdrawn_at, withdrawn_by, reason, action) = row?;
            Ok(WithdrawnRuling { table, id, entry: json(entry)?, at, action, withdrawn_at, withdrawn_by, reason })
        })
        .collect()
    }

    /// Everything ever written about a tournament, oldest first, with who, when and why.
    pub fn audit(&self, tournament: Id) -> Result<Vec<AuditRow>> {
        let mut st = self.conn.prepare(AUDIT_SQL)?;
        let rows = st.query_map([tournament], |r| {
            Ok((
                r.get::<_, Id>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, Option<i64>>(6)?,
                r.get::<_, Option<i64>>(7)?,
                r.get::<_, Option<i64>>(8)?,
                r.get::<_, Option<String>>(9)?,
                r.get::<_, Option<String>>(10)?,
            ))
        })?;
        let kinds = ["tournament", "settings", "entrant", "draw", "deal", "ruling", "ruling-withdrawn", "dealer", "status", "device", "lock"];
        rows.map(|row| {
            let (change, at, actor, action, reason, kind, round, table, line, after, before) = row?;
            let parse = |t: Option<String>| t.map_or(Ok(Value::Null), json);
            Ok(AuditRow {
                change,
                at,
                actor,
                action,
                reason,
                kind: kinds.iter().find(|k| **k == kind).copied().unwrap_or("other"),
                round,
                table,
                line,
                after: parse(after)?,
                before: parse(before)?,
            })
        })
        .collect()
    }

    /// The first reason recorded with a change of `action` (a value the database keeps once,
    /// such as its published site's identity).
    pub fn first_reason(&self, action: &str) -> Result<Option<String>> {
        Ok(self.conn.query_row("SELECT reason FROM changes WHERE action = ?1 ORDER BY id LIMIT 1", [action], |r| r.get(0)).optional()?)
    }

    /// Counts of rows per table, to prove a refused change stored nothing.
    #[cfg(feature = "testing")]
    pub fn row_counts(&self) -> Result<Vec<(String, i64)>> {
        let names = [
            "changes",
            "players",
            "player_versions",
            "tournaments",
            "entrants",
            "draws",
            "tables",
            "seats",
            "byes",
            "deals",
            "rulings",
            "table_dealers",
            "ruling_withdrawals",
            "entrant_status",
            "tournament_settings",
            "device_codes",
            "device_revocations",
            "table_locks",
            "line_keys",
            "seasons",
            "season_settings",
            "season_tournaments",
            "player_doubts",
            "player_links",
            "player_publishing",
            "ruling_keys",
        ];
        names.iter().map(|n| Ok((n.to_string(), self.conn.query_row(&format!("SELECT count(*) FROM {n}"), [], |r| r.get(0))?))).collect()
    }

    /// Direct access for tests that must prove the append-only triggers.
    #[cfg(feature = "testing")]
    pub fn raw(&self) -> &Connection {
        &self.conn
    }
}

// Readers shared by the store and a write in progress (which must see the data as stored in its own transaction).

/// The current draw of every round of a tournament, with each sheet's current lines.
pub(crate) fn rounds(conn: &Connection, tournament: Id) -> Result<Vec<RoundRow>> {
    let mut st = conn.prepare(
        "SELECT d.id, d.round, d.seed, d.repeats, d.extra FROM draws d
         WHERE d.tournament_id = ?1
           AND d.id = (SELECT max(id) FROM draws WHERE tournament_id = d.tournament_id AND round = d.round)
         ORDER BY d.round",
    )?;
    type DrawRow = (Id, i64, Option<String>, Option<i64>, String);
    let draws: Vec<DrawRow> = st.query_map([tournament], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?.collect::<rusqlite::Result<_>>()?;
    let mut rounds = Vec::with_capacity(draws.len());
    let mut texts = vec![];
    for (draw_id, round, seed, repeats, extra) in draws {
        let (tables, lines) = tables_as_stored(conn, draw_id)?;
        texts.push(lines);
        rounds.push(RoundRow { round, draw_id, seed, repeats, extra: json(extra)?, tables, byes: byes(conn, draw_id)? });
    }
    for (r, lines) in rounds.iter_mut().zip(texts) {
        for (table, lines) in r.tables.iter_mut().zip(lines) {
            lines_into(table, lines);
        }
    }
    Ok(rounds)
}

/// A table's stored lines (JSON text, in line order) as its `deals`; a removed line (undone,
/// or cut by a sheet replaced with fewer lines) is stored as null and left out.
fn lines_into(table: &mut TableRow, lines: Vec<String>) {
    table.deals = Lines::from_texts(lines.into_iter().filter(|t| t.trim() != "null").map(String::into_boxed_str).collect());
}

pub(crate) fn byes(conn: &Connection, draw: Id) -> Result<Vec<Id>> {
    let mut st = conn.prepare_cached("SELECT entrant_id FROM byes WHERE draw_id = ?1 ORDER BY entrant_id")?;
    let rows = st.query_map([draw], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A draw's tables, with each table's lines as stored (JSON text, the version that holds,
/// in line order) beside them, to be read into `deals`.
fn tables_as_stored(conn: &Connection, draw: Id) -> Result<(Vec<TableRow>, Vec<Vec<String>>)> {
    let mut tables: Vec<TableRow> = {
        let mut st = conn.prepare_cached("SELECT id, number, first_dealer, extra FROM tables WHERE draw_id = ?1 ORDER BY number")?;
        let rows = st.query_map([draw], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, String>(3)?)))?;
        rows.map(|row| {
            let (id, number, first_dealer, extra) = row?;
            Ok(TableRow { id, number, first_dealer, seats: vec![], extra: json(extra)?, deals: Lines::default(), rulings: vec![], ruling_ids: vec![] })
        })
        .collect::<Result<_>>()?
    };
    // Rows come by table id; a table's place in `tables` (by number) is looked up once per row.
    let places: std::collections::HashMap<Id, usize> = tables.iter().enumerate().map(|(i, t)| (t.id, i)).collect();
    let index = |_: &[TableRow], id: Id| places.get(&id).copied();
    let mut seats = conn.prepare_cached(
        "SELECT s.table_id, s.entrant_id FROM seats s JOIN tables t ON t.id = s.table_id
         WHERE t.draw_id = ?1 ORDER BY s.table_id, s.seat",
    )?;
    for row in seats.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, Id>(1)?)))? {
        let (table, entrant) = row?;
        if let Some(i) = index(&tables, table) {
            tables[i].seats.push(entrant);
        }
    }
    // Every version of every line, in order: the last version of a line is the one that holds
    // (one pass over the index, rather than a search for the latest version per line).
    let mut lines: Vec<Vec<String>> = vec![vec![]; tables.len()];
    let mut deals = conn.prepare_cached(
        "SELECT d.table_id, d.line, d.entry FROM deals d JOIN tables t ON t.id = d.table_id
         WHERE t.draw_id = ?1 ORDER BY t.number, d.line, d.id",
    )?;
    let mut rows = deals.query([draw])?;
    let mut last: Option<(Id, i64)> = None;
    let mut at: Option<(Id, usize)> = None;
    while let Some(r) = rows.next()? {
        let (table, line): (Id, i64) = (r.get(0)?, r.get(1)?);
        // A table's lines come together: its place is looked up once.
        let i = match at {
            Some((t, i)) if t == table => i,
            _ => match index(&tables, table) {
                Some(i) => {
                    at = Some((table, i));
                    i
                }
                None => continue,
            },
        };
        let text: String = r.get(2)?;
        if last == Some((table, line)) {
            // A later version of the same line replaces the one read before it.
            if let Some(held) = lines[i].last_mut() {
                *held = text;
            }
        } else {
            lines[i].push(text);
        }
        last = Some((table, line));
    }
    let mut rulings = conn.prepare_cached(
        "SELECT r.table_id, r.entry, r.id FROM rulings r JOIN tables t ON t.id = r.table_id
         WHERE t.draw_id = ?1 AND r.id NOT IN (SELECT ruling_id FROM ruling_withdrawals) ORDER BY r.id",
    )?;
    for row in rulings.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, String>(1)?, r.get::<_, Id>(2)?)))? {
        let (table, entry, id) = row?;
        if let Some(i) = index(&tables, table) {
            tables[i].rulings.push(json(entry)?);
            tables[i].ruling_ids.push(id);
        }
    }
    // A first dealer corrected after the draw: the latest correction holds.
    let mut dealers = conn.prepare_cached(
        "SELECT d.table_id, d.first_dealer FROM table_dealers d JOIN tables t ON t.id = d.table_id
         WHERE t.draw_id = ?1 ORDER BY d.id",
    )?;
    for row in dealers.query_map([draw], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, i64>(1)?)))? {
        let (table, first) = row?;
        if let Some(i) = index(&tables, table) {
            tables[i].first_dealer = first;
        }
    }
    Ok((tables, lines))
}
