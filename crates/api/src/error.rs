use atout_rules::{Rule, Said, SheetError, Violation};
use atout_store::{BackupCause, FileTrouble, StoreError};
use serde::{Serialize, Serializer};
use std::fmt;

/// Where in a tournament a rule was broken.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Place {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<i64>,
    /// 1-based line of the sheet (the index in the document's `deals`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deal: Option<usize>,
}

impl Place {
    pub fn round(round: i64) -> Place {
        Place { round: Some(round), ..Place::default() }
    }
    pub fn table(round: i64, table: i64) -> Place {
        Place { round: Some(round), table: Some(table), deal: None }
    }
}

impl Place {
    /// The place in words of every language, `round 1, table 2, line 4` (empty when nowhere).
    /// `deal` is the sheet's line: said as a line (once a deal is voided and dealt again, or a
    /// fine written, a line is not the deal of that number: «deal 20» named deal 19's line).
    pub fn said(&self) -> Said {
        let part = |n: Option<i64>, en: &str, fr: &str, nl: &str| n.map(|n| [format!("{en} {n}"), format!("{fr} {n}"), format!("{nl} {n}")]);
        let parts: Vec<[String; 3]> = [
            part(self.round, "round", "manche", "ronde"),
            part(self.table, "table", "table", "tafel"),
            part(self.deal.map(|d| d as i64), "line", "ligne", "lijn"),
        ]
        .into_iter()
        .flatten()
        .collect();
        let join = |i: usize| parts.iter().map(|p| p[i].clone()).collect::<Vec<_>>().join(", ");
        Said { en: join(0), fr: join(1), nl: join(2) }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![];
        if let Some(r) = self.round {
            parts.push(format!("round {r}"));
        }
        if let Some(t) = self.table {
            parts.push(format!("table {t}"));
        }
        if let Some(d) = self.deal {
            parts.push(format!("line {d}"));
        }
        f.write_str(&parts.join(", "))
    }
}

/// A line taken or changed meanwhile: the refusal in words, the line, who last wrote it and
/// when (UTC; none when no line is there).
#[derive(Debug)]
pub struct Taken {
    pub said: Said,
    pub line: usize,
    pub by: Option<String>,
    pub at: Option<String>,
    /// `at` in the machine's local time, as shown to users.
    pub at_local: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The change breaks a rule; nothing was stored.
    #[error("{}{violation}", if place.round.is_some() { format!("{place}: ") } else { String::new() })]
    Refused { place: Place, violation: Violation },
    /// What the user named does not exist (a tournament, a round, a line…).
    #[error("{}", .0.en)]
    NotFound(Said),
    /// The user's request cannot be taken as it is (a missing reason, a name too long…).
    #[error("{}", .0.en)]
    Invalid(Said),
    /// Someone else changed what the request was about meanwhile; nothing was stored.
    #[error("{}", .0.en)]
    Conflict(Said),
    /// A device's line whose place another line took meanwhile: who wrote that one, when.
    #[error("{}", .0.said.en)]
    Taken(Box<Taken>),
    /// A device's code that was never issued, or was revoked.
    #[error("{}", .0.en)]
    Unauthorized(Said),
    /// A device's code that does not cover what it asked for (another table, another
    /// round, the jury's work, a locked sheet).
    #[error("{}", .0.en)]
    Forbidden(Said),
    /// A device's line whose key was written before: nothing new is stored. Never shown
    /// to a user: `device_line` answers "already stored" with it.
    #[error("line {line} is already stored")]
    Stored { line: usize },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{}", io_said(path, source).en)]
    File { path: String, source: std::io::Error },
    /// A failure that is not the user's (a PDF or CSV writer, a bug): reported, never hidden.
    #[error("{0}")]
    Internal(String),
    /// The same, where what to tell the user is known (a request stopped by a bug: nothing of
    /// it was stored), said in every language: a French scorer read it in English when it
    /// mattered most.
    #[error("{}", .0.en)]
    Fault(Said),
    /// What is stored cannot be read back: said loudly, never skipped.
    #[error("{}", .0.en)]
    Integrity(Said),
}

pub type Result<T> = std::result::Result<T, ApiError>;

/// `text` with each "`word`N" followed by the name of seat N, unless a name follows already.
fn name_seats(text: &str, word: &str, seats: &[String]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find(word) {
        let after = &rest[i + word.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        out.push_str(&rest[..i + word.len() + digits]);
        let name = after[..digits].parse::<usize>().ok().and_then(|n| seats.get(n.checked_sub(1)?));
        if let Some(name) = name.filter(|_| !after[digits..].starts_with(" (")) {
            out.push_str(&format!(" ({name})"));
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// A file that could not be read or written, said in every language: the system's own words
/// (English on Linux) for its usual causes (it read «erreur : x.json: No such file or
/// directory (os error 2)» in French).
/// The database's own troubles, in the user's language.
fn store_said(e: &StoreError) -> Said {
    match e {
        e if e.is_busy() => atout_rules::said!(
            "the database is busy with another change; try again in a moment",
            "la base de données est occupée par une autre modification ; réessayez dans un instant",
            "de databank is bezig met een andere wijziging; probeer het zo meteen opnieuw"
        ),
        StoreError::Sql(sql) if e.is_unwritable() => {
            let Said { en, fr, nl } = sql_words(atout_store::file_trouble(sql), sql);
            atout_rules::said!(
                "the database cannot be written ({en}): nothing was stored — check that the disk has room and that the file and its folder may be written",
                "la base de données ne peut pas être écrite ({fr}) : rien n'a été enregistré — vérifiez qu'il reste de la place sur le disque et que le fichier et son dossier acceptent l'écriture",
                "de databank kan niet beschreven worden ({nl}): er werd niets opgeslagen — kijk na of er plaats is op de schijf en of er in het bestand en zijn map geschreven mag worden"
            )
        }
        // The database file's own troubles, in the user's language.
        StoreError::TooNew { path, found, known } => atout_rules::said!(
            "{path} was written by a newer version of Atout (database version {found}; this program knows up to {known}): it was not opened and not changed; open it with that newer Atout (a backup restored in its place would set it aside)",
            "{path} a été écrit par une version plus récente d'Atout (base de données version {found} ; ce programme connaît jusqu'à la {known}) : il n'a été ni ouvert ni modifié ; ouvrez-le avec cet Atout plus récent (une sauvegarde restaurée à sa place le mettrait de côté)",
            "{path} werd geschreven door een nieuwere versie van Atout (databankversie {found}; dit programma kent tot {known}): het werd niet geopend en niet gewijzigd; open het met die nieuwere Atout (een back-up die in zijn plaats teruggezet wordt, zou het opzijzetten)"
        ),
        StoreError::Damaged { path, detail } => atout_rules::said!(
            "{path} is damaged ({detail}): it was not opened and not changed",
            "{path} est abîmé ({detail}) : il n'a été ni ouvert ni modifié",
            "{path} is beschadigd ({detail}): het werd niet geopend en niet gewijzigd"
        ),
        StoreError::Unavailable { path, detail, trouble } => {
            let Said { en, fr, nl } = sql_words(*trouble, detail);
            atout_rules::said!(
                "{path} cannot be opened ({en}); nothing says it is damaged: check that the file is there, that its folder can be written, and that no other program holds it",
                "{path} ne peut pas être ouvert ({fr}) ; rien ne dit qu'il est abîmé : vérifiez que le fichier existe, que son dossier accepte l'écriture et qu'aucun autre programme ne le tient",
                "{path} kan niet geopend worden ({nl}); niets wijst op schade: kijk na of het bestand er is, of er in zijn map geschreven mag worden en of geen ander programma het vasthoudt"
            )
        }
        StoreError::Emptied { path } => atout_rules::said!(
            "{path} is empty (0 bytes), yet backups of it are kept: it was emptied; it was not opened and not changed",
            "{path} est vide (0 octet), alors que des sauvegardes en sont gardées : il a été vidé ; il n'a été ni ouvert ni modifié",
            "{path} is leeg (0 bytes), terwijl er back-ups van bewaard worden: het werd leeggemaakt; het werd niet geopend en niet gewijzigd"
        ),
        StoreError::Text { path } => atout_rules::said!(
            "{path} is a text file (a list, a document), not a database: it was not opened and not changed (an Atout database is a .db file)",
            "{path} est un fichier texte (une liste, un document), pas une base de données : il n'a été ni ouvert ni modifié (une base de données d'Atout est un fichier .db)",
            "{path} is een tekstbestand (een lijst, een document), geen databank: het werd niet geopend en niet gewijzigd (een databank van Atout is een .db-bestand)"
        ),
        StoreError::Foreign { path } => atout_rules::said!(
            "{path} is not an Atout database (another program's tables are in it): it was not opened and not changed",
            "{path} n'est pas une base de données d'Atout (les tables d'un autre programme s'y trouvent) : il n'a été ni ouvert ni modifié",
            "{path} is geen databank van Atout (er staan tabellen van een ander programma in): het werd niet geopend en niet gewijzigd"
        ),
        StoreError::Backup { path, cause } => {
            let Said { en, fr, nl } = match &**cause {
                BackupCause::Io(e) => io_words(e),
                BackupCause::Sql(e) => sql_words(atout_store::file_trouble(e), e),
                BackupCause::File(e) => store_said(e),
            };
            atout_rules::said!("backup {path}: {en}", "sauvegarde {path} : {fr}", "back-up {path}: {nl}")
        }
        StoreError::Folder { path, source } => {
            let Said { en, fr, nl } = io_words(source);
            atout_rules::said!(
                "cannot create the database folder {path}: {en}",
                "impossible de créer le dossier de la base de données {path} : {fr}",
                "kan de map van de databank {path} niet maken: {nl}"
            )
        }
        other => {
            let e = other.to_string();
            atout_rules::said!("{e}", "{e}", "{e}")
        }
    }
}

fn io_said(path: &str, source: &std::io::Error) -> Said {
    let Said { en, fr, nl } = io_words(source);
    atout_rules::said!("{path}: {en}", "{path} : {fr}", "{path}: {nl}")
}

/// What the system said of a file, in the user's language where it is a usual trouble (the
/// system's own words otherwise: «(os error 17)» stood in the French window).
fn io_words(source: &std::io::Error) -> Said {
    use std::io::ErrorKind::*;
    let (en, fr, nl) = match source.kind() {
        NotFound => ("no such file or folder", "ce fichier ou ce dossier n'existe pas", "dit bestand of deze map bestaat niet"),
        PermissionDenied => ("not allowed to read or write it", "pas le droit de le lire ou d'y écrire", "geen toestemming om het te lezen of te schrijven"),
        AlreadyExists => ("it already exists", "il existe déjà", "het bestaat al"),
        IsADirectory => ("a folder, not a file", "un dossier, pas un fichier", "een map, geen bestand"),
        NotADirectory => ("a part of the path is not a folder", "une partie du chemin n'est pas un dossier", "een deel van het pad is geen map"),
        StorageFull => ("the disk is full", "le disque est plein", "de schijf is vol"),
        ReadOnlyFilesystem => ("the disk is read-only", "le disque est en lecture seule", "de schijf is alleen-lezen"),
        _ => {
            let e = source.to_string();
            return atout_rules::said!("{e}", "{e}", "{e}");
        }
    };
    Said { en: en.into(), fr: fr.into(), nl: nl.into() }
}

/// What SQLite said of a file, in the user's language where it is the file's place (SQLite's
/// English otherwise: «database or disk is full» stood in the French window).
fn sql_words(trouble: Option<FileTrouble>, e: &dyn fmt::Display) -> Said {
    let (en, fr, nl) = match trouble {
        Some(FileTrouble::DiskFull) => ("the disk is full", "le disque est plein", "de schijf is vol"),
        Some(FileTrouble::ReadOnly) => (
            "the file or its disk may not be written",
            "le fichier ou son disque ne peut pas être écrit",
            "het bestand of zijn schijf kan niet geschreven worden",
        ),
        Some(FileTrouble::NotAllowed) => ("not allowed to write it", "pas le droit d'y écrire", "geen toestemming om het te schrijven"),
        Some(FileTrouble::CannotOpen) => {
            ("the file cannot be made or opened there", "le fichier ne peut pas y être créé ou ouvert", "het bestand kan daar niet gemaakt of geopend worden")
        }
        Some(FileTrouble::DiskFailed) => ("the disk failed to read or write", "le disque n'a pas pu lire ou écrire", "de schijf kon niet lezen of schrijven"),
        Some(FileTrouble::Held) => ("another program holds it", "un autre programme le tient", "een ander programma houdt het vast"),
        None => {
            let e = e.to_string();
            return atout_rules::said!("{e}", "{e}", "{e}");
        }
    };
    Said { en: en.into(), fr: fr.into(), nl: nl.into() }
}

impl ApiError {
    /// A refusal described in every language (`atout_rules::said!`).
    pub fn refused_said(place: Place, rule: Rule, said: Said) -> ApiError {
        ApiError::Refused { place, violation: Violation::said(rule, said) }
    }

    /// A round outside the tournament's rounds.
    pub(crate) fn rounds_are(place: Place, rounds: u32) -> ApiError {
        ApiError::refused_said(
            place,
            Rule::ROUND_ORDER,
            atout_rules::said!("the tournament has rounds 1 to {rounds}", "le tournoi a les manches 1 à {rounds}", "het toernooi heeft ronden 1 tot {rounds}"),
        )
    }

    pub fn not_found(said: Said) -> ApiError {
        ApiError::NotFound(said)
    }

    pub fn invalid(said: Said) -> ApiError {
        ApiError::Invalid(said)
    }

    pub fn conflict(said: Said) -> ApiError {
        ApiError::Conflict(said)
    }

    /// The same error with a context put before its message in each language.
    pub fn after(self, context: Said) -> ApiError {
        let join = |s: Said| Said { en: format!("{}{}", context.en, s.en), fr: format!("{}{}", context.fr, s.fr), nl: format!("{}{}", context.nl, s.nl) };
        match self {
            ApiError::Invalid(s) => ApiError::Invalid(join(s)),
            ApiError::NotFound(s) => ApiError::NotFound(join(s)),
            ApiError::Conflict(s) => ApiError::Conflict(join(s)),
            ApiError::Refused { place, violation } => ApiError::Refused { place, violation: violation.after(context) },
            other => other,
        }
    }

    /// A failure of ours, with what failed (`what`: the document or step).
    pub fn internal(what: &str, e: impl fmt::Display) -> ApiError {
        ApiError::Internal(format!("{what}: {e}"))
    }

    /// The message in every language (the English text thrice where only English is known:
    /// an internal failure, a file's system error).
    /// The same failure, told to one more caller (each device of a batch): a busy database
    /// stays busy (to try again in a moment), anything else is said as it was, in every
    /// language (a busy database was told as «internal error», English inside the French).
    pub fn told_again(&self) -> ApiError {
        if self.kind() == "busy" {
            return ApiError::Store(StoreError::busy());
        }
        ApiError::Fault(self.texts())
    }

    pub fn texts(&self) -> Said {
        match self {
            ApiError::Refused { place, violation } => {
                let d = violation.details();
                let p = place.said();
                // French puts a space before the colon.
                let pre = |p: &str, colon: &str| if place.round.is_some() { format!("{p}{colon} ") } else { String::new() };
                Said { en: format!("{}{}", pre(&p.en, ":"), d.en), fr: format!("{}{}", pre(&p.fr, " :"), d.fr), nl: format!("{}{}", pre(&p.nl, ":"), d.nl) }
            }
            ApiError::NotFound(s) | ApiError::Invalid(s) | ApiError::Conflict(s) | ApiError::Integrity(s) | ApiError::Fault(s) => s.clone(),
            // What failed stays as the program said it; that it is Atout's fault, not the
            // user's, is said in their language.
            ApiError::Internal(e) => atout_rules::said!("{e}", "erreur interne d'Atout : {e}", "interne fout van Atout: {e}"),
            ApiError::Unauthorized(s) | ApiError::Forbidden(s) => s.clone(),
            ApiError::Taken(t) => t.said.clone(),
            ApiError::File { path, source } => io_said(path, source),
            ApiError::Store(e) => store_said(e),
            other => {
                let e = other.to_string();
                atout_rules::said!("{e}", "{e}", "{e}")
            }
        }
    }

    pub fn sheet(mut place: Place, err: SheetError) -> ApiError {
        place.deal = err.line;
        ApiError::Refused { place, violation: err.violation }
    }

    /// A refusal at a table names its players: "seat 3" reads "seat 3 (Chloé Dubois)" in each
    /// language (the rules know seats, the table knows who sits there). `seats[0]` is seat 1's.
    pub(crate) fn with_names(self, seats: &[String]) -> ApiError {
        match self {
            ApiError::Refused { place, mut violation } => {
                if let Some(said) = violation.said.as_deref_mut() {
                    said.en = name_seats(&said.en, "seat ", seats);
                    said.fr = name_seats(&said.fr, "place ", seats);
                    said.nl = name_seats(&said.nl, "plaats ", seats);
                    violation.detail = said.en.clone();
                }
                ApiError::Refused { place, violation }
            }
            other => other,
        }
    }

    /// A jury ruling that does not read as one.
    pub(crate) fn ruling_unread(place: Place, e: &serde_json::Error) -> ApiError {
        let atout_rules::Said { en, fr, nl } = atout_rules::unread(e);
        ApiError::refused_said(place, Rule::RULING_SHAPE, atout_rules::said!("{en}", "la décision se lit mal : {fr}", "de beslissing leest verkeerd: {nl}"))
    }

    /// The broken rule's code, when a rule was broken.
    pub fn rule(&self) -> Option<Rule> {
        match self {
            ApiError::Refused { violation, .. } => Some(violation.rule),
            _ => None,
        }
    }

    /// Whether the failure is not the user's doing: a bug, the disk or the database file
    /// (a store error, a damaged file), as opposed to a request the user can mend.
    /// The database file could not be opened where it is (held by another program, a
    /// read-only folder, missing), or is another program's: nothing says it is damaged, so
    /// no backup is offered in its place.
    /// The database file was written by a newer Atout: whole, to be opened with that one (no
    /// backup is offered in its place).
    pub fn is_newer(&self) -> bool {
        matches!(self, ApiError::Store(StoreError::TooNew { .. }))
    }

    pub fn is_unavailable(&self) -> bool {
        matches!(self, ApiError::Store(StoreError::Unavailable { .. } | StoreError::Foreign { .. } | StoreError::Text { .. }))
    }

    pub fn is_internal(&self) -> bool {
        match self {
            ApiError::Internal(_) | ApiError::Fault(_) | ApiError::Integrity(_) => true,
            ApiError::Store(e) => e.is_internal(),
            _ => false,
        }
    }

    /// Someone's data stands in the way (a file that exists, a probable duplicate, a line
    /// written meanwhile): nothing was stored, and asking again otherwise may get past it.
    pub fn is_conflict(&self) -> bool {
        matches!(self, ApiError::Conflict(_))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            ApiError::Refused { .. } => "refused",
            ApiError::NotFound(_) => "not-found",
            ApiError::Invalid(_) => "invalid",
            ApiError::Conflict(_) | ApiError::Taken(_) => "conflict",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::Stored { .. } => "stored",
            ApiError::Store(e) if e.is_busy() => "busy",
            ApiError::Store(_) => "store",
            ApiError::File { .. } => "file",
            ApiError::Internal(_) | ApiError::Fault(_) => "internal",
            ApiError::Integrity(_) => "integrity",
        }
    }
}

/// Errors cross to the UI as `{kind, message, rule?, place?}`.
impl Serialize for ApiError {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("kind", self.kind())?;
        m.serialize_entry("message", &self.to_string())?;
        // The message in every language, for the window and the table devices.
        m.serialize_entry("message_texts", &self.texts())?;
        if let ApiError::Refused { place, violation } = self {
            m.serialize_entry("rule", violation.rule.code())?;
            m.serialize_entry("rule_text", violation.rule.text())?;
            // The rule in every language, from the rules' one source.
            m.serialize_entry("rule_texts", &violation.rule.texts().all())?;
            m.serialize_entry("detail", &violation.detail)?;
            // The case in every language, when the rule's check wrote it so.
            if let Some(said) = &violation.said {
                m.serialize_entry("detail_texts", said)?;
            }
            m.serialize_entry("place", place)?;
        }
        if let ApiError::Taken(t) = self {
            m.serialize_entry("line", &t.line)?;
            m.serialize_entry("by", &t.by)?;
            m.serialize_entry("at", &t.at)?;
            m.serialize_entry("at_local", &t.at_local)?;
        }
        m.end()
    }
}

/// The stored sheets that no longer check, each `(tournament's name, where and why)`, said as
/// one integrity error naming them all (none when there are none): their tables count nothing
/// in the standings, and a backup that checks is the way back.
pub(crate) fn sheets_broken(found: &[(String, Said)]) -> Option<ApiError> {
    if found.is_empty() {
        return None;
    }
    let list = |lang: atout_rules::Lang, sep: &str| found.iter().map(|(name, said)| format!("«{name}», {}", said.get(lang))).collect::<Vec<_>>().join(sep);
    let (en, fr, nl) = (list(atout_rules::Lang::En, "; "), list(atout_rules::Lang::Fr, " ; "), list(atout_rules::Lang::Nl, "; "));
    Some(ApiError::Integrity(atout_rules::said!(
        "stored sheets no longer check (changed by other means than Atout), and count nothing in the standings: {en}; restore a backup that checks",
        "des feuilles enregistrées ne sont plus valables (modifiées autrement que par Atout) et ne comptent pas au classement : {fr} ; restaurez une sauvegarde valable",
        "opgeslagen bladen kloppen niet meer (anders dan door Atout gewijzigd) en tellen niet mee in de rangschikking: {nl}; zet een back-up terug die klopt"
    )))
}

#[cfg(test)]
mod tests {
    use super::{name_seats, ApiError};

    #[test]
    fn a_failure_of_atouts_own_is_said_so_in_the_users_language() {
        // The English alone, thrice, was all a French or Dutch user read.
        let e = ApiError::internal("the PDF writer", "font missing");
        let said = e.texts();
        assert_eq!(said.en, "the PDF writer: font missing");
        assert_eq!(said.fr, "erreur interne d'Atout : the PDF writer: font missing");
        assert_eq!(said.nl, "interne fout van Atout: the PDF writer: font missing");
        let fault = ApiError::Fault(atout_rules::said!("stopped", "arrêté", "gestopt"));
        assert_eq!((fault.kind(), fault.is_internal(), fault.texts().nl.as_str()), ("internal", true, "gestopt"));
    }

    #[test]
    fn seats_are_named_once_and_whole_numbers_only() {
        let seats: Vec<String> = ["Anne", "Bart", "Chloé"].map(String::from).to_vec();
        assert_eq!(name_seats("seat 2 deals; seat 3 leads", "seat ", &seats), "seat 2 (Bart) deals; seat 3 (Chloé) leads");
        // A seat past the table, or one named already, is left as it is; so is "seats".
        assert_eq!(name_seats("seat 12 and seat 1 (Anne), seats 1 to 3", "seat ", &seats), "seat 12 and seat 1 (Anne), seats 1 to 3");
        assert_eq!(name_seats("la place 1 a déjà choisi", "place ", &seats), "la place 1 (Anne) a déjà choisi");
    }
}
