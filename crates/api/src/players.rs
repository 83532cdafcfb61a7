//! The player registry: CSV import, listing, adding and editing.

use crate::error::{ApiError, Result};
use crate::Atout;
use atout_rules::{said, Tr};
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
    /// Rows that matched one registered player (same name; club and member number
    /// equal or missing on one side): the registered player is used.
    pub known: Vec<Player>,
    /// Rows that match several registered players: not imported, for the secretary to settle.
    pub unsure: Vec<Player>,
    /// Players entered in the tournament, when one was named.
    pub entered: usize,
    /// How the file was written: `UTF-8`, `windows-1252` (Excel's "CSV" in western Europe), `UTF-16LE`, …
    pub encoding: String,
    /// The file's columns not read, as headed (a telephone; a member number under a heading not
    /// known was dropped without a word).
    pub ignored: Vec<String>,
}

/// A CSV file's bytes as text: a byte-order mark names the encoding; otherwise
/// UTF-8 when the bytes are valid UTF-8, else Windows-1252 (which Excel writes
/// for "CSV (separator: semicolon)" in Belgium, and which covers Latin-1's letters).
pub fn decode_csv(bytes: &[u8]) -> (String, &'static str) {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, _) = encoding.decode_without_bom_handling(&bytes[bom..]);
        return (text.into_owned(), encoding.name());
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_string(), "UTF-8"),
        Err(_) => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
            (text.into_owned(), encoding_rs::WINDOWS_1252.name())
        }
    }
}

/// A name compared as people read it (the report's, which orders the printed lists by it too),
/// as the player list's headers are read too.
pub(crate) use atout_report::folded;

/// Whether a registered player is probably the one described: the same name, and
/// club and member number equal or missing on one side.
pub fn probably_same(p: &Player, name: &str, club: &str, member: &str) -> bool {
    let fits = |a: &str, b: &str| a.is_empty() || b.is_empty() || folded(a) == folded(b);
    folded(&p.name) == folded(name) && fits(&p.club, club) && fits(&p.member, member)
}

/// A player's details as typed, bounded and trimmed.
fn details(name: &str, club: &str, member: &str) -> Result<(String, String, String)> {
    use crate::text::{bounded, field, MEMBER_MAX, NAME_MAX};
    let name = bounded(name, field::PLAYER_NAME, NAME_MAX)?;
    if name.is_empty() {
        return Err(ApiError::invalid(said!("a player has a name", "un joueur a un nom", "een speler heeft een naam")));
    }
    Ok((name, bounded(club, field::CLUB, NAME_MAX)?, bounded(member, field::MEMBER, MEMBER_MAX)?))
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
    let folded: String = folded(header).chars().filter(char::is_ascii_alphanumeric).collect();
    Some(match folded.as_str() {
        "name" | "player" | "fullname" | "nom" | "joueur" | "nomcomplet" | "naam" | "speler" | "volledigenaam" => Column::Name,
        "firstname" | "first" | "givenname" | "prenom" | "voornaam" => Column::First,
        "lastname" | "last" | "surname" | "familyname" | "nomdefamille" | "achternaam" | "familienaam" => Column::Last,
        "club" | "cercle" | "vereniging" | "kring" | "clubnaam" => Column::Club,
        "member" | "membernumber" | "memberno" | "membership" | "number" | "membre" | "numero" | "numerodemembre" | "no" | "n" | "licence" | "license"
        // «N° de membre» (the window's own heading), «N° membre», «Nr. lid», «Affiliation»…
        | "ndemembre" | "nmembre" | "nodemembre" | "nomembre" | "numdemembre" | "nummembre" | "numeromembre" | "affiliation" | "numerodaffiliation"
        | "lid" | "lidnummer" | "lidnr" | "nrlid" | "lidmaatschapsnummer" | "nummer" => Column::Member,
        _ => return None,
    })
}

/// A player list's row: name, club, member number.
pub type ListedPlayer = (String, String, String);

/// Players read from a CSV text: (name, club, member) per row, and the headings of the columns
/// not read.
pub fn parse_players_csv(text: &str) -> Result<(Vec<ListedPlayer>, Vec<String>)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // A workbook (.xlsx, .ods), a database or any other file that is no text: said so (its
    // bytes were shown as the «columns» found, a kilobyte of them, NUL bytes and all).
    // (Only NUL and the C0 controls a text never holds: a DOS code page read as Windows-1252
    // gives C1 controls for its accents, and a DOS end-of-file or a form feed is text too.)
    if text.chars().take(4096).any(|c| c < ' ' && !matches!(c, '\t' | '\r' | '\n' | '\u{c}' | '\u{1a}')) {
        return Err(ApiError::invalid(said!(
            "player list: this is not a CSV text file (a spreadsheet's workbook, a database?): save the list from the spreadsheet as CSV",
            "liste de joueurs : ce n'est pas un fichier texte CSV (un classeur de tableur, une base de données ?) : enregistrez la liste depuis le tableur au format CSV",
            "spelerslijst: dit is geen CSV-tekstbestand (een werkmap van een rekenblad, een databank?): bewaar de lijst vanuit het rekenblad als CSV"
        )));
    }
    // Excel's «sep=;» line names the separator; a tab-separated list («Unicode text») is read
    // by its tabs (both read «no name column among «name	club»» with `name` in plain sight).
    let sep_line = |first: &str| first.strip_suffix('\r').unwrap_or(first).strip_prefix("sep=").filter(|s| s.len() == 1).map(|s| s.as_bytes()[0]);
    let (text, named) = match text.split_once('\n').and_then(|(first, rest)| Some((rest, sep_line(first)?))) {
        Some((rest, sep)) => (rest, Some(sep)),
        None => (text, None),
    };
    let first_line = text.lines().next().unwrap_or("");
    let count = |c: char| first_line.matches(c).count();
    let delimiter = named.unwrap_or(if count('\t') > count(';').max(count(',')) {
        b'\t'
    } else if count(';') > count(',') {
        b';'
    } else {
        b','
    });
    let mut reader = csv::ReaderBuilder::new().delimiter(delimiter).flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| ApiError::invalid(said!("player list: {e}", "liste de joueurs : {e}", "spelerslijst: {e}")))?.clone();
    let mut columns: Vec<Option<Column>> = headers.iter().map(column).collect();
    // "Nom" beside "Prénom" (or "Naam" beside "Voornaam") is the surname.
    if columns.contains(&Some(Column::First)) && !columns.contains(&Some(Column::Last)) {
        for c in columns.iter_mut().filter(|c| **c == Some(Column::Name)) {
            *c = Some(Column::Last);
        }
    }
    let has = |c: Column| columns.contains(&Some(c));
    if !(has(Column::Name) || has(Column::First) || has(Column::Last)) {
        let mut found = headers.iter().collect::<Vec<_>>().join("», «");
        if found.chars().count() > 200 {
            found = found.chars().take(200).chain("…".chars()).collect();
        }
        return Err(ApiError::invalid(said!(
            "player list: no name column among «{found}» (expected name/nom/naam, or first and last name)",
            "liste de joueurs : aucune colonne de nom parmi «{found}» (attendu : name/nom/naam, ou prénom et nom)",
            "spelerslijst: geen naamkolom tussen «{found}» (verwacht: name/nom/naam, of voornaam en naam)"
        )));
    }
    let mut players = vec![];
    for (i, record) in reader.records().enumerate() {
        let row = i + 2;
        let record = record
            .map_err(|e| ApiError::invalid(said!("player list, row {row}: {e}", "liste de joueurs, ligne {row} : {e}", "spelerslijst, rij {row}: {e}")))?;
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
            return Err(ApiError::invalid(said!(
                "player list, row {row}: the player has no name",
                "liste de joueurs, ligne {row} : le joueur n'a pas de nom",
                "spelerslijst, rij {row}: de speler heeft geen naam"
            )));
        }
        players.push((name, club, member));
    }
    let ignored = headers.iter().zip(&columns).filter(|(h, c)| c.is_none() && !h.is_empty()).map(|(h, _)| h.to_string()).collect();
    Ok((players, ignored))
}

impl Atout {
    /// The registry as a person reads it, by name, accents aside («Élise» among the E's: the
    /// database's order put it after «Hendrik»).
    pub fn players_list(&mut self) -> Result<Vec<Player>> {
        let mut list: Vec<Player> = self.store.players()?.into_iter().map(Player::from).collect();
        list.sort_by_cached_key(|p| (folded(&p.name), p.name.clone(), p.id));
        Ok(list)
    }

    /// Register the players of a CSV file as read from disk (any encoding, see
    /// [`decode_csv`]), and enter them in `tournament` if given.
    pub fn players_import_bytes(&mut self, bytes: &[u8], tournament: Option<&str>) -> Result<ImportedPlayers> {
        let (text, encoding) = decode_csv(bytes);
        let mut out = self.players_import(&text, tournament)?;
        out.encoding = encoding.to_string();
        Ok(out)
    }

    /// Register the players of a CSV text (and enter them in `tournament` if given).
    /// A row that is probably a registered player uses that player; a row that could
    /// be several is left for the secretary; nobody is registered twice silently.
    pub fn players_import(&mut self, csv_text: &str, tournament: Option<&str>) -> Result<ImportedPlayers> {
        let (rows, ignored) = parse_players_csv(csv_text)?;
        let rows = rows
            .iter()
            .enumerate()
            .map(|(i, (n, c, m))| {
                let row = i + 2;
                details(n, c, m).map_err(|e| e.after(said!("player list, row {row}: ", "liste de joueurs, ligne {row} : ", "spelerslijst, rij {row}: ")))
            })
            .collect::<Result<Vec<_>>>()?;
        let tournament = tournament.map(|t| self.resolve(t)).transpose()?;
        // Looked at before anyone is registered: a list for a tournament that takes no more
        // players registers nobody either.
        if let Some(t) = tournament {
            self.entries_open(t)?;
        }
        let mut known: Vec<Player> = self.store.players()?.into_iter().map(Player::from).collect();
        // The registry by name as compared (a probable namesake has the same): each row looks
        // at its namesakes only (every row against every player took minutes for a
        // federation's list of 16,000).
        let mut named: std::collections::HashMap<String, Vec<usize>> = std::collections::HashMap::new();
        for (i, p) in known.iter().enumerate() {
            named.entry(folded(&p.name)).or_default().push(i);
        }
        // A registered player whom rows of different clubs or numbers all fit (two namesakes
        // in the list, the registry knowing one) is given neither's: which one it is, the list
        // does not say (the first row's club went to them, the second was registered anew).
        let mut fitting: std::collections::HashMap<usize, std::collections::HashSet<(String, String)>> = std::collections::HashMap::new();
        // The registered players a row is probably, among its namesakes.
        fn fitting_row(named: &std::collections::HashMap<String, Vec<usize>>, known: &[Player], name: &str, club: &str, member: &str) -> Vec<usize> {
            let namesakes = named.get(&folded(name)).map(Vec::as_slice).unwrap_or_default();
            namesakes.iter().copied().filter(|i| probably_same(&known[*i], name, club, member)).collect()
        }
        for (name, club, member) in &rows {
            if let [i] = fitting_row(&named, &known, name, club, member).as_slice() {
                fitting.entry(*i).or_default().insert((folded(club), member.trim().to_string()));
            }
        }
        let mut result = self.store.write(Change { actor: &self.actor, action: "players.import", reason: "" }, |w| -> Result<ImportedPlayers> {
            let mut out = ImportedPlayers { added: vec![], known: vec![], unsure: vec![], entered: 0, encoding: "UTF-8".into(), ignored: ignored.clone() };
            for (name, club, member) in &rows {
                match fitting_row(&named, &known, name, club, member).as_slice() {
                    // The club and member number the registry lacked, taken from the list.
                    [i] => {
                        if fitting.get(i).is_none_or(|v| v.len() == 1) {
                            let p = &known[*i];
                            let row = PlayerRow { id: p.id, name: p.name.clone(), club: p.club.clone(), member: p.member.clone() };
                            known[*i] = crate::named::filled_in(w, &row, club, member)?.into();
                        }
                        out.known.push(known[*i].clone());
                    }
                    [] => {
                        let id = w.add_player(name, club, member)?;
                        let p = Player { id, name: name.clone(), club: club.clone(), member: member.clone() };
                        out.added.push(p.clone());
                        named.entry(folded(name)).or_default().push(known.len());
                        known.push(p);
                    }
                    _ => out.unsure.push(Player { id: 0, name: name.clone(), club: club.clone(), member: member.clone() }),
                }
            }
            Ok(out)
        })?;
        self.after_write(false);
        // A known player's club or member number may have been filled in.
        self.cache.clear();
        if let Some(t) = tournament {
            let before = self.loaded(t)?.entrants.len();
            let ids: Vec<Id> = result.added.iter().chain(&result.known).map(|p| p.id).collect();
            if !ids.is_empty() {
                result.entered = self.tournament_enter(&t.to_string(), &ids)?.players - before;
            }
        }
        Ok(result)
    }

    /// Register a player. A probable namesake (see [`probably_same`]) is refused,
    /// naming the registered player, unless `anyway`: two people may share a name.
    /// Register a player. Refused, naming the registered one, when they are probably
    /// already registered, unless `anyway` (two people of the same name).
    pub fn player_add(&mut self, name: &str, club: &str, member: &str, anyway: bool) -> Result<Player> {
        let (name, club, member) = details(name, club, member)?;
        let registry: Vec<Player> = self.store.players()?.into_iter().map(Player::from).collect();
        if let Some(p) = registry.iter().find(|p| probably_same(p, &name, &club, &member)).filter(|_| !anyway) {
            let (name, id) = (&p.name, p.id);
            let club = |none: &str| if p.club.is_empty() { none.to_string() } else { p.club.clone() };
            let (c_en, c_fr, c_nl) = (club("no club"), club("sans club"), club("geen club"));
            let member = &p.member;
            let (n_en, n_fr, n_nl) =
                if member.is_empty() { Default::default() } else { (format!(", no. {member}"), format!(", n° {member}"), format!(", nr. {member}")) };
            return Err(ApiError::conflict(said!(
                "{name} ({c_en}{n_en}) is already registered as player {id}: use that player, or add this one anyway if they are two people",
                "{name} ({c_fr}{n_fr}) est déjà inscrit comme joueur {id} : prenez ce joueur, ou ajoutez celui-ci quand même si ce sont deux personnes",
                "{name} ({c_nl}{n_nl}) is al geregistreerd als speler {id}: neem die speler, of voeg deze toch toe als het twee mensen zijn"
            )));
        }
        let id = self.store.write(Change { actor: &self.actor, action: "player.add", reason: "" }, |w| w.add_player(&name, &club, &member))?;
        self.after_write(false);
        Ok(Player { id, name, club, member })
    }

    /// A new version of a player's details; the old one stays in the history.
    pub fn player_edit(&mut self, id: Id, name: &str, club: &str, member: &str, reason: &str) -> Result<Player> {
        let (name, club, member) = details(name, club, member)?;
        let reason =
            crate::text::required_reason(reason, Tr::new("a change of a player's details", "la modification d'un joueur", "een wijziging van een speler"))?;
        if !self.store.players()?.iter().any(|p| p.id == id) {
            return Err(ApiError::not_found(said!("no player {id}", "pas de joueur {id}", "geen speler {id}")));
        }
        self.store.write(Change { actor: &self.actor, action: "player.edit", reason: &reason }, |w| w.player_version(id, &name, &club, &member))?;
        self.after_write(false);
        self.cache.clear();
        Ok(Player { id, name, club, member })
    }

    /// Mark a registered player as not to be published on the club's results website (shown
    /// there as "—" everywhere), or as published again.
    pub fn player_publishing(&mut self, id: Id, published: bool) -> Result<Vec<Id>> {
        if !self.store.players()?.iter().any(|p| p.id == id) {
            return Err(ApiError::not_found(said!("no player {id}", "pas de joueur {id}", "geen speler {id}")));
        }
        self.store.write(Change { actor: &self.actor, action: "player.publishing", reason: "" }, |w| w.player_publishing(id, published))?;
        self.after_write(false);
        self.unpublished_players()
    }

    /// The registered players not to be published on the club's results website.
    pub fn unpublished_players(&mut self) -> Result<Vec<Id>> {
        Ok(self.store.unpublished_players()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One folding for names and headers: every accent goes, not only French ones (a list
    /// once folded « é » in both, but « ã » and « Ÿ » nowhere and « Í » in names only).
    #[test]
    fn names_and_headers_fold_alike() {
        assert_eq!(folded("  João   GONÇALVES "), "joao goncalves");
        assert_eq!(folded("Ÿvette Ångström-Ñúñez"), "yvette angstrom-nunez");
        let p = Player { id: 1, name: "João Gonçalves".into(), club: "Les Atouts".into(), member: String::new() };
        assert!(probably_same(&p, "Joao Goncalves", "LES ATOUTS", "7"));
        assert!(!probably_same(&p, "Joana Goncalves", "", ""));
        assert_eq!(column("PRÉNOM"), Some(Column::First));
        assert_eq!(column("Número"), Some(Column::Member));
        assert_eq!(column("Nom de famille"), Some(Column::Last));
    }

    /// «N° de membre», the window's own heading, is a member number; a column not read is
    /// said (the numbers were dropped without a word).
    #[test]
    fn a_member_number_under_the_windows_heading_is_read_and_the_rest_said() {
        for heading in ["N° de membre", "N° membre", "Nr. lid", "Lidmaatschapsnummer"] {
            assert_eq!(column(heading), Some(Column::Member), "{heading}");
        }
        let (rows, ignored) = parse_players_csv("Nom;Prénom;Club;N° de membre;Téléphone\r\nPeeters;Anne;KC De Troef;101;0470\r\n").unwrap();
        assert_eq!(rows, [("Anne Peeters".to_string(), "KC De Troef".to_string(), "101".to_string())]);
        assert_eq!(ignored, ["Téléphone"]);
    }

    /// The registry listed by name as a person reads it: «Élise» among the E's (after
    /// «Hendrik» in the database's byte order).
    #[test]
    fn the_registry_is_listed_by_name_accents_aside() {
        let mut app = Atout::open_in_memory().unwrap();
        app.players_import("name\nHendrik Maes\nÉlise Peeters\nanne Dubois\nBart Claes\n", None).unwrap();
        let names: Vec<String> = app.players_list().unwrap().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["anne Dubois", "Bart Claes", "Élise Peeters", "Hendrik Maes"]);
    }
}
