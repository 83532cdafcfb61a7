//! The player registry: CSV import, listing, adding and editing.

use crate::error::{ApiError, Result};
use crate::Atout;
use atout_store::{Change, Id, PlayerRow};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: Id,
    pub name: String,
    pub club: String,
    pub member: String,
}

impl From<PlayerRow> for Player {
    fn from(r: PlayerRow) -> Player {
        Player { id: r.id, name: r.name, club: r.club, member: r.member }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ImportedPlayers {
    /// New players added to the registry.
    pub added: Vec<Player>,
    /// Rows that matched a registered player (same name, club and member number).
    pub known: Vec<Player>,
    /// Players entered in the tournament, when one was named.
    pub entered: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Column {
    Name,
    First,
    Last,
    Club,
    Member,
}

/// Header names in English, French and Dutch, compared without case, accents or punctuation.
fn column(header: &str) -> Option<Column> {
    let folded: String = header
        .chars()
        .map(|c| match c {
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' => 'e',
            'à' | 'â' => 'a',
            'ô' | 'ö' => 'o',
            'ï' | 'î' => 'i',
            'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other.to_ascii_lowercase(),
        })
        .filter(char::is_ascii_alphanumeric)
        .collect();
    Some(match folded.as_str() {
        "name" | "player" | "fullname" | "nom" | "joueur" | "nomcomplet" | "naam" | "speler" | "volledigenaam" => Column::Name,
        "firstname" | "first" | "givenname" | "prenom" | "voornaam" => Column::First,
        "lastname" | "last" | "surname" | "familyname" | "nomdefamille" | "achternaam" | "familienaam" => Column::Last,
        "club" | "cercle" | "vereniging" | "kring" | "clubnaam" => Column::Club,
        "member" | "membernumber" | "memberno" | "membership" | "number" | "membre" | "numero" | "numerodemembre"
        | "no" | "n" | "licence" | "license" | "lid" | "lidnummer" | "lidnr" | "nummer" => Column::Member,
        _ => return None,
    })
}

/// Players read from a CSV text: (name, club, member) per row.
pub fn parse_players_csv(text: &str) -> Result<Vec<(String, String, String)>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first_line = text.lines().next().unwrap_or("");
    let delimiter = if first_line.matches(';').count() > first_line.matches(',').count() { b';' } else { b',' };
    let mut reader = csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| ApiError::Invalid(format!("player list: {e}")))?.clone();
    let mut columns: Vec<Option<Column>> = headers.iter().map(column).collect();
    // "Nom" beside "Prénom" (or "Naam" beside "Voornaam") is the surname.
    if columns.contains(&Some(Column::First)) && !columns.contains(&Some(Column::Last)) {
        for c in columns.iter_mut().filter(|c| **c == Some(Column::Name)) {
            *c = Some(Column::Last);
        }
    }
    let has = |c: Column| columns.contains(&Some(c));
    if !(has(Column::Name) || has(Column::First) || has(Column::Last)) {
        return Err(ApiError::Invalid(format!(
            "player list: no name column among «{}» (expected name/nom/naam, or first and last name)",
            headers.iter().collect::<Vec<_>>().join("», «")
        )));
    }
    let mut players = vec![];
    for (i, record) in reader.records().enumerate() {
        let record = record.map_err(|e| ApiError::Invalid(format!("player list, row {}: {e}", i + 2)))?;
        let (mut name, mut first, mut last, mut club, mut member) = (String::new(), "", "", String::new(), String::new());
        for (value, col) in record.iter().zip(&columns) {
            match col {
                Some(Column::Name) => name = value.to_string(),
                Some(Column::First) => first = value,
                Some(Column::Last) => last = value,
                Some(Column::Club) => club = value.to_string(),
                Some(Column::Member) => member = value.to_string(),
                None => {}
            }
        }
        if name.is_empty() {
            name = [first, last].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(" ");
        }
        if name.is_empty() {
            if record.iter().all(str::is_empty) {
                continue;
            }
            return Err(ApiError::Invalid(format!("player list, row {}: the player has no name", i + 2)));
        }
        players.push((name, club, member));
    }
    Ok(players)
}

impl Atout {
    pub fn players_list(&mut self) -> Result<Vec<Player>> {
        Ok(self.store.players()?.into_iter().map(Player::from).collect())
    }

    /// Register the players of a CSV text (and enter them in `tournament` if given).
    pub fn players_import(&mut self, csv_text: &str, tournament: Option<&str>) -> Result<ImportedPlayers> {
        let rows = parse_players_csv(csv_text)?;
        let tournament = tournament.map(|t| self.resolve(t)).transpose()?;
        let mut known: Vec<Player> = self.store.players()?.into_iter().map(Player::from).collect();
        let entered: Vec<Id> = match tournament {
            Some(t) => self.store.entrants(t)?.iter().map(|e| e.player.id).collect(),
            None => vec![],
        };
        let result = self.store.write(
            Change { actor: &self.actor, action: "players.import", reason: "" },
            |w| -> Result<ImportedPlayers> {
                let mut out = ImportedPlayers { added: vec![], known: vec![], entered: 0 };
                let mut to_enter = vec![];
                for (name, club, member) in &rows {
                    let existing = known.iter().find(|p| &p.name == name && &p.club == club && &p.member == member);
                    let player = match existing {
                        Some(p) => {
                            out.known.push(p.clone());
                            p.clone()
                        }
                        None => {
                            let id = w.add_player(name, club, member)?;
                            let p = Player { id, name: name.clone(), club: club.clone(), member: member.clone() };
                            out.added.push(p.clone());
                            known.push(p.clone());
                            p
                        }
                    };
                    if tournament.is_some() && !entered.contains(&player.id) && !to_enter.contains(&player.id) {
                        to_enter.push(player.id);
                    }
                }
                if let Some(t) = tournament {
                    for p in &to_enter {
                        w.add_entrant(t, *p, &format!("p{p}"), &serde_json::json!({}))?;
                    }
                    out.entered = to_enter.len();
                }
                Ok(out)
            },
        )?;
        if let Some(t) = tournament {
            self.cache.remove(&t);
        }
        Ok(result)
    }

    pub fn player_add(&mut self, name: &str, club: &str, member: &str) -> Result<Player> {
        let name = name.trim();
        if name.is_empty() {
            return Err(ApiError::Invalid("a player has a name".into()));
        }
        let id = self.store.write(Change { actor: &self.actor, action: "player.add", reason: "" }, |w| {
            w.add_player(name, club.trim(), member.trim())
        })?;
        Ok(Player { id, name: name.into(), club: club.trim().into(), member: member.trim().into() })
    }

    /// A new version of a player's details; the old one stays in the history.
    pub fn player_edit(&mut self, id: Id, name: &str, club: &str, member: &str, reason: &str) -> Result<Player> {
        let name = name.trim();
        if name.is_empty() {
            return Err(ApiError::Invalid("a player has a name".into()));
        }
        if !self.store.players()?.iter().any(|p| p.id == id) {
            return Err(ApiError::NotFound(format!("no player {id}")));
        }
        self.store.write(Change { actor: &self.actor, action: "player.edit", reason }, |w| {
            w.player_version(id, name, club.trim(), member.trim())
        })?;
        self.cache.clear();
        Ok(Player { id, name: name.into(), club: club.trim().into(), member: member.trim().into() })
    }
}
