//! Seasons: their settings, the tournaments in them, and the secretary's word on
//! players an archive's import could not be sure of.

use super::*;

#[derive(Clone, Debug, PartialEq)]
pub struct SeasonRow {
    pub id: Id,
    pub name: String,
    /// The latest settings.
    pub settings: Value,
    pub created_at: String,
}

/// A tournament in a season, with the fingerprint of the archive it came from (if imported).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonTournamentRow {
    pub tournament: Id,
    pub archive: Option<String>,
    /// When it was first put in the season (UTC).
    pub added_at: String,
}

/// An imported player and a registered one it may be; `same` is the secretary's word
/// on the pair (either way round), if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubtRow {
    pub player: Id,
    pub candidate: Id,
    pub same: Option<bool>,
}

/// Two players and the secretary's latest word on them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRow {
    pub player: Id,
    pub other: Id,
    pub same: bool,
}

fn season_tournaments(conn: &Connection, season: Id) -> Result<Vec<SeasonTournamentRow>> {
    let mut st = conn.prepare_cached(
        "SELECT s.tournament_id, s.archive,
                (SELECT c.at FROM season_tournaments f JOIN changes c ON c.id = f.change_id
                  WHERE f.season_id = s.season_id AND f.tournament_id = s.tournament_id ORDER BY f.id LIMIT 1)
         FROM season_tournaments s
         WHERE s.season_id = ?1 AND s.present = 1
           AND s.id = (SELECT max(id) FROM season_tournaments WHERE season_id = s.season_id AND tournament_id = s.tournament_id)
         ORDER BY s.tournament_id",
    )?;
    let rows = st.query_map([season], |r| Ok(SeasonTournamentRow { tournament: r.get(0)?, archive: r.get(1)?, added_at: r.get(2)? }))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The tournament first imported from an archive with one of these fingerprints, and the
/// season it was imported into: in any season, whether or not it is still there.
fn archived(conn: &Connection, prints: &[String]) -> Result<Option<(Id, Id)>> {
    let mut found = None;
    for print in prints {
        let row = conn
            .prepare_cached("SELECT tournament_id, season_id FROM season_tournaments WHERE archive = ?1 ORDER BY id LIMIT 1")?
            .query_row([print], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, Id>(1)?)))
            .optional()?;
        found = found.or(row);
    }
    Ok(found)
}

fn links(conn: &Connection) -> Result<Vec<LinkRow>> {
    let mut st = conn.prepare_cached(
        "SELECT l.player_id, l.other_id, l.same FROM player_links l
         WHERE l.id = (SELECT max(id) FROM player_links
                       WHERE (player_id = l.player_id AND other_id = l.other_id) OR (player_id = l.other_id AND other_id = l.player_id))
         ORDER BY l.id",
    )?;
    let rows = st.query_map([], |r| Ok(LinkRow { player: r.get(0)?, other: r.get(1)?, same: r.get(2)? }))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn seasons(conn: &Connection) -> Result<Vec<SeasonRow>> {
    let mut st = conn.prepare_cached(
        "SELECT s.id, s.name, (SELECT v.settings FROM season_settings v WHERE v.season_id = s.id ORDER BY v.id DESC LIMIT 1), c.at
         FROM seasons s JOIN changes c ON c.id = s.change_id ORDER BY s.id",
    )?;
    let rows = st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, Option<String>>(2)?, r.get(3)?)))?;
    rows.map(|row| {
        let (id, name, settings, created_at) = row?;
        Ok(SeasonRow { id, name, settings: json(settings.unwrap_or_else(|| "{}".into()))?, created_at })
    })
    .collect()
}

/// The players marked as not to be published (the latest mark of each holds).
fn unpublished(conn: &Connection) -> Result<Vec<Id>> {
    let mut st = conn.prepare_cached(
        "SELECT p.player_id FROM player_publishing p
         WHERE p.id = (SELECT max(id) FROM player_publishing WHERE player_id = p.player_id) AND p.published = 0
         ORDER BY p.player_id",
    )?;
    let rows = st.query_map([], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// The registered players not to be published on the club's results website.
    pub fn unpublished_players(&self) -> Result<Vec<Id>> {
        unpublished(&self.conn)
    }

    pub fn seasons(&self) -> Result<Vec<SeasonRow>> {
        seasons(&self.conn)
    }

    /// The tournaments in a season now, by id.
    pub fn season_tournaments(&self, season: Id) -> Result<Vec<SeasonTournamentRow>> {
        season_tournaments(&self.conn, season)
    }

    /// Every doubt an import left, with the secretary's word on it if given.
    pub fn player_doubts(&self) -> Result<Vec<DoubtRow>> {
        let links = links(&self.conn)?;
        let mut st = self.conn.prepare("SELECT DISTINCT player_id, candidate_id FROM player_doubts ORDER BY player_id, candidate_id")?;
        let rows = st.query_map([], |r| Ok((r.get::<_, Id>(0)?, r.get::<_, Id>(1)?)))?;
        rows.map(|row| {
            let (player, candidate) = row?;
            let same = links.iter().find(|l| (l.player == player && l.other == candidate) || (l.player == candidate && l.other == player)).map(|l| l.same);
            Ok(DoubtRow { player, candidate, same })
        })
        .collect()
    }

    /// The secretary's latest word on each pair of players.
    pub fn player_links(&self) -> Result<Vec<LinkRow>> {
        links(&self.conn)
    }

    /// The tournament an archive with one of these fingerprints was first imported as,
    /// and into which season (whether or not it is in a season still).
    pub fn archived(&self, prints: &[String]) -> Result<Option<(Id, Id)>> {
        archived(&self.conn, prints)
    }
}

impl Writer<'_> {
    /// Every season as stored now.
    pub fn seasons(&self) -> Result<Vec<SeasonRow>> {
        seasons(self.tx)
    }

    pub fn add_season(&mut self, name: &str, settings: &Value) -> Result<Id> {
        self.tx.execute("INSERT INTO seasons (change_id, name) VALUES (?1, ?2)", params![self.change, name])?;
        let id = self.tx.last_insert_rowid();
        self.season_settings(id, settings)?;
        Ok(id)
    }

    pub fn season_settings(&mut self, season: Id, settings: &Value) -> Result<()> {
        self.tx
            .execute("INSERT INTO season_settings (season_id, change_id, settings) VALUES (?1, ?2, ?3)", params![season, self.change, settings.to_string()])?;
        Ok(())
    }

    /// Put a tournament in a season (`present`) or take it out.
    pub fn season_tournament(&mut self, season: Id, tournament: Id, present: bool, archive: Option<&str>) -> Result<()> {
        self.tx.execute(
            "INSERT INTO season_tournaments (season_id, tournament_id, change_id, present, archive) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![season, tournament, self.change, present, archive],
        )?;
        Ok(())
    }

    /// The tournaments in a season as stored now.
    pub fn season_tournaments(&self, season: Id) -> Result<Vec<SeasonTournamentRow>> {
        season_tournaments(self.tx, season)
    }

    pub fn add_player_doubt(&mut self, player: Id, candidate: Id) -> Result<()> {
        self.tx.execute("INSERT INTO player_doubts (player_id, candidate_id, change_id) VALUES (?1, ?2, ?3)", params![player, candidate, self.change])?;
        Ok(())
    }

    pub fn player_link(&mut self, player: Id, other: Id, same: bool) -> Result<()> {
        self.tx
            .execute("INSERT INTO player_links (player_id, other_id, change_id, same) VALUES (?1, ?2, ?3, ?4)", params![player, other, self.change, same])?;
        Ok(())
    }

    /// The secretary's latest word on each pair of players, as stored now.
    pub fn player_links(&self) -> Result<Vec<LinkRow>> {
        links(self.tx)
    }

    /// [`Store::archived`], as stored now.
    pub fn archived(&self, prints: &[String]) -> Result<Option<(Id, Id)>> {
        archived(self.tx, prints)
    }

    /// Mark a player as published on the club's results website, or not.
    pub fn player_publishing(&mut self, player: Id, published: bool) -> Result<()> {
        self.tx.execute("INSERT INTO player_publishing (player_id, change_id, published) VALUES (?1, ?2, ?3)", params![player, self.change, published])?;
        Ok(())
    }
}
