//! Bounds on the text a user types: every field has a documented maximum length,
//! and control characters are refused, so that no name can break a screen or a print.

use crate::error::{ApiError, Result};
use atout_rules::{said, Said, Tr};

/// A player's name, a club, a tournament's name.
pub const NAME_MAX: usize = 100;
/// A member number.
pub const MEMBER_MAX: usize = 40;
/// The reason of a correction or ruling, a jury member's name.
pub const REASON_MAX: usize = 500;

/// What a field holds, in every language.
pub mod field {
    use atout_rules::Tr;
    pub const PLAYER_NAME: Tr = Tr::new("player's name", "nom du joueur", "naam van de speler");
    pub const CLUB: Tr = Tr::new("club", "club", "club");
    pub const MEMBER: Tr = Tr::new("member number", "numéro de membre", "lidnummer");
    pub const REASON: Tr = Tr::new("reason", "motif", "reden");
    pub const JURY_NAME: Tr = Tr::new("jury member's name", "nom du membre du jury", "naam van het jurylid");
    pub const ACTOR: Tr = Tr::new("name of who is working", "nom de qui travaille", "naam van wie werkt");
    pub const SEASON_NAME: Tr = Tr::new("season's name", "nom de la saison", "naam van het seizoen");
    pub const TOURNAMENT_NAME: Tr = Tr::new("tournament's name", "nom du tournoi", "naam van het toernooi");
}

/// `text` trimmed, refused when longer than `max` characters or holding control characters.
pub fn bounded(text: &str, what: Tr, max: usize) -> Result<String> {
    let text = text.trim();
    let chars = text.chars().count();
    let (en, fr, nl) = (what.en, what.fr, what.nl);
    if chars > max {
        return Err(ApiError::invalid(said!(
            "the {en} has {chars} characters; at most {max} are kept",
            "le champ «{fr}» a {chars} caractères ; au plus {max} sont gardés",
            "het veld «{nl}» heeft {chars} tekens; er worden er hoogstens {max} bewaard"
        )));
    }
    no_control(text, what)?;
    Ok(text.to_string())
}

/// A character no one sees: a control character (a tab, a line break), or one that only
/// steers the text — zero-width spaces and joiners, marks that turn its direction, a
/// byte-order mark, a soft hyphen. A name copied from a web page with a zero-width space was
/// registered again beside the same name, and a scorer's name with a right-to-left mark read
/// backwards in the log.
pub(crate) fn unseen(c: char) -> bool {
    c.is_control() || matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// `text` refused when it holds a character no one sees ([`unseen`]), at its ends too: for
/// words kept as sent (a ruling's, a line's), which [`bounded`] checks only trimmed.
pub(crate) fn no_control(text: &str, what: Tr) -> Result<()> {
    if text.chars().any(unseen) {
        let (en, fr, nl) = (what.en, what.fr, what.nl);
        return Err(ApiError::invalid(said!(
            "the {en} holds a control or invisible character (a tab, a line break, a zero-width space, a direction mark)",
            "le champ «{fr}» contient un caractère de contrôle ou invisible (une tabulation, un saut de ligne, une espace sans largeur, une marque de direction)",
            "het veld «{nl}» bevat een stuurteken of onzichtbaar teken (een tab, een regeleinde, een spatie zonder breedte, een richtingsteken)"
        )));
    }
    Ok(())
}

/// The words a sheet's line holds, bounded as the fields the window types are: a fault's jury
/// member (`by`, the api's own field of a fault) a name's length, any other text a reason's
/// (a game bounds its own fields closer: Rikken a consent's jury member); no control character
/// in any of them (a line break came out in the sheet and inside a spreadsheet's cell).
/// Whatever the game, every text of the line. Said as the refusal's words.
pub fn bounded_line(entry: &serde_json::Value) -> std::result::Result<(), Said> {
    fn walk(v: &serde_json::Value, key: &str) -> std::result::Result<(), Said> {
        match v {
            serde_json::Value::String(text) => {
                let (what, max) = if key == "by" { (field::JURY_NAME, NAME_MAX) } else { (field::REASON, REASON_MAX) };
                bounded(text, what, max).map_err(|e| e.texts())?;
                // Kept as sent, not trimmed: a line break at either end counts too (`bounded`
                // trims before it looks).
                no_control(text, what).map_err(|e| e.texts())
            }
            serde_json::Value::Array(xs) => xs.iter().try_for_each(|x| walk(x, key)),
            serde_json::Value::Object(m) => m.iter().try_for_each(|(k, x)| {
                if k.chars().count() > NAME_MAX || k.chars().any(unseen) {
                    let shown: String = k.chars().filter(|c| !unseen(*c)).take(40).collect();
                    return Err(said!(
                        "a line's field «{shown}…» is no field's name (at most {NAME_MAX} characters, no control character)",
                        "le champ «{shown}…» d'une ligne n'est le nom d'aucun champ (au plus {NAME_MAX} caractères, sans caractère de contrôle)",
                        "het veld «{shown}…» van een lijn is de naam van geen enkel veld (hoogstens {NAME_MAX} tekens, zonder stuurteken)"
                    ));
                }
                walk(x, k)
            }),
            _ => Ok(()),
        }
    }
    walk(entry, "")
}

/// A JSON file's bytes as text (a document, an archive, a hand record), `path` naming it: UTF-8,
/// or what a byte-order mark names (Windows' Notepad saves "Unicode" as UTF-16 with one);
/// anything else is refused saying so (it was the bare "stream did not contain valid UTF-8").
pub fn json_text(bytes: &[u8], path: &str) -> Result<String> {
    if let Some((encoding, _)) = encoding_rs::Encoding::for_bom(bytes) {
        // Decoded past its mark, which it drops.
        let (text, _, bad) = encoding.decode(bytes);
        if !bad {
            return Ok(text.into_owned());
        }
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_string());
    }
    let at = std::str::from_utf8(bytes).err().map_or(0, |e| e.valid_up_to());
    Err(ApiError::invalid(said!(
        "{path} is not text in UTF-8, as a JSON file is (byte {at} is not): save it again as UTF-8",
        "{path} n'est pas un texte en UTF-8, comme l'est un fichier JSON (l'octet {at} ne l'est pas) : enregistrez-le à nouveau en UTF-8",
        "{path} is geen tekst in UTF-8, zoals een JSON-bestand (byte {at} is het niet): sla het opnieuw op als UTF-8"
    )))
}

/// A date as stored, `YYYY-MM-DD`, a day of the calendar (a season orders its evenings by
/// it, the website's calendar and feed give it): anything else is refused.
pub fn date(text: &str) -> Result<String> {
    let text = text.trim();
    match chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        Ok(day) if text.len() == 10 => Ok(day.to_string()),
        _ => {
            let shown: String = text.chars().take(40).collect();
            Err(ApiError::invalid(said!(
                "«{shown}» is no date: a tournament's date is written YYYY-MM-DD (2026-11-27)",
                "«{shown}» n'est pas une date : la date d'un tournoi s'écrit AAAA-MM-JJ (2026-11-27)",
                "«{shown}» is geen datum: de datum van een toernooi wordt JJJJ-MM-DD geschreven (2026-11-27)"
            )))
        }
    }
}

/// A reason given, trimmed and bounded; `what` names the change for the refusal
/// ("a correction", "une correction", "een correctie").
/// A text's first letter in capitals: the words are sentences, in the window, on paper and
/// in the terminal alike.
pub(crate) fn sentence(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

pub fn required_reason(reason: &str, what: Tr) -> Result<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        // A sentence of its own, opening with a capital (it read «une correction : donnez le
        // motif» after the refusal's dash).
        let (en, fr, nl) = (sentence(what.en.to_string()), sentence(what.fr.to_string()), sentence(what.nl.to_string()));
        return Err(ApiError::invalid(said!("{en} states its reason.", "{fr} : donnez le motif.", "{nl}: geef de reden.")));
    }
    bounded(reason, field::REASON, REASON_MAX)
}

/// A spreadsheet being written (CSV): UTF-8 with a byte-order mark, so that Excel and
/// LibreOffice open it as it is. `what` names it in an internal failure.
pub(crate) struct Spreadsheet {
    w: csv::Writer<Vec<u8>>,
    what: &'static str,
}

impl Spreadsheet {
    pub(crate) fn new(delimiter: u8, what: &'static str) -> Spreadsheet {
        Spreadsheet { w: csv::WriterBuilder::new().delimiter(delimiter).from_writer(vec![]), what }
    }

    pub(crate) fn row<I, T>(&mut self, fields: I) -> Result<()>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<[u8]>,
    {
        let cells: Vec<Vec<u8>> = fields.into_iter().map(|f| atout_report::inert(&String::from_utf8_lossy(f.as_ref())).as_bytes().to_vec()).collect();
        self.w.write_record(&cells).map_err(|e| ApiError::internal(self.what, e))
    }

    pub(crate) fn done(self) -> Result<String> {
        let what = self.what;
        let bytes = self.w.into_inner().map_err(|e| ApiError::internal(what, e))?;
        Ok(format!("\u{feff}{}", String::from_utf8_lossy(&bytes)))
    }
}

/// Who made a change, as recorded, said in every language: a table's phone or the jury's
/// records its writer as «Anne [table 3]» or «Paul [jury]», said «Anne (table 3, on the
/// phone)»; any other record as it is.
pub fn actor_said(who: &str) -> Said {
    let device = who.strip_suffix(']').and_then(|w| w.rsplit_once(" ["));
    match device {
        Some(("device", "jury")) => said!("the jury's device", "l'appareil du jury", "het toestel van de jury"),
        Some((name, "jury")) => said!("{name} (jury, on the phone)", "{name} (jury, sur le téléphone)", "{name} (jury, op de telefoon)"),
        // A device that gave no scorer's name (another tool speaking the protocol) is said as
        // the device it is, in the reader's language (it read «device (table 2…)» in French).
        Some(("device", table)) if table.strip_prefix("table ").is_some_and(|n| n.parse::<u32>().is_ok()) => {
            let n = &table["table ".len()..];
            said!("the device of table {n}", "l'appareil de la table {n}", "het toestel van tafel {n}")
        }
        Some((name, table)) if table.strip_prefix("table ").is_some_and(|n| n.parse::<u32>().is_ok()) => {
            let n = &table["table ".len()..];
            said!("{name} (table {n}, on the phone)", "{name} (table {n}, sur le téléphone)", "{name} (tafel {n}, op de telefoon)")
        }
        _ => said!("{who}", "{who}", "{who}"),
    }
}

/// The language of a print: as asked, else the system's.
pub fn print_lang(lang: Option<&str>) -> String {
    // As the C library reads them: the first of LC_ALL, LC_MESSAGES and LANG that is set and
    // not empty (an empty LC_ALL stands for no choice).
    // Windows sets none of them: there, the language the user chose in Windows' settings.
    let system =
        ["LC_ALL", "LC_MESSAGES", "LANG"].iter().filter_map(|k| std::env::var(k).ok()).find(|v| !v.is_empty()).or_else(windows_lang).unwrap_or_default();
    atout_rules::Lang::parse(lang.unwrap_or(&system)).code().to_string()
}

/// The system's language (`fr`, `nl`, `en`), as a print takes it when none is asked: the
/// window speaks it until another is chosen (its web engine said English where the system's
/// locale files were missing).
pub fn system_lang() -> String {
    print_lang(None)
}

/// The user's language on Windows, as a tag ("fr-BE"); none elsewhere (the environment says it).
fn windows_lang() -> Option<String> {
    #[cfg(windows)]
    return sys_locale::get_locale();
    #[cfg(not(windows))]
    None
}

/// A stored UTC time (RFC 3339) in the machine's local time, as shown to users.
pub fn local_time(utc: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(utc)
        .map(|t| t.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M:%S").to_string())
        .unwrap_or_else(|_| utc.to_string())
}

/// Ids in the order a person counts them: the digits in them compared as numbers («p3» before
/// «p13», which text order put after it), the rest as text; ids written alike in other ways
/// («p03», «p3») then as text, so that no two ids are equal.
pub fn id_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn parts(s: &str) -> impl Iterator<Item = (bool, &str)> {
        let mut rest = s;
        std::iter::from_fn(move || {
            let digits = rest.starts_with(|c: char| c.is_ascii_digit());
            let end = rest.find(|c: char| c.is_ascii_digit() != digits).unwrap_or(rest.len());
            (end > 0).then(|| {
                let (part, tail) = rest.split_at(end);
                rest = tail;
                (digits, part)
            })
        })
    }
    let number = |p: &str| {
        let p = p.trim_start_matches('0');
        (p.len(), p.to_string())
    };
    let (mut x, mut y) = (parts(a), parts(b));
    let by_parts = loop {
        let order = match (x.next(), y.next()) {
            (None, None) => break std::cmp::Ordering::Equal,
            (None, Some(_)) => break std::cmp::Ordering::Less,
            (Some(_), None) => break std::cmp::Ordering::Greater,
            (Some((true, pa)), Some((true, pb))) => number(pa).cmp(&number(pb)),
            (Some((_, pa)), Some((_, pb))) => pa.cmp(pb),
        };
        if order.is_ne() {
            break order;
        }
    };
    by_parts.then_with(|| a.cmp(b))
}

#[cfg(test)]
mod tests {
    use super::id_order;
    use std::cmp::Ordering::*;

    /// Who wrote a line, in the reader's language: a scorer on a table's phone, the jury's
    /// phone, and a device that gave no name (another tool: «device (table 2, …)» in French).
    #[test]
    fn authors_are_said_in_the_readers_language() {
        let said = |who: &str| super::actor_said(who);
        assert_eq!(said("Anne [table 2]").fr, "Anne (table 2, sur le téléphone)");
        assert_eq!(said("Marc [jury]").nl, "Marc (jury, op de telefoon)");
        let device = said("device [table 2]");
        assert_eq!(
            (device.en.as_str(), device.fr.as_str(), device.nl.as_str()),
            ("the device of table 2", "l'appareil de la table 2", "het toestel van tafel 2")
        );
        assert_eq!(said("device [jury]").fr, "l'appareil du jury");
        assert_eq!(said("Jan").fr, "Jan");
    }

    #[test]
    fn ids_are_ordered_as_counted() {
        let mut ids = vec!["p13", "p3", "p1", "p20", "x", "p03", "p2b", "p2a", "12", "3", "p"];
        ids.sort_by(|a, b| id_order(a, b));
        assert_eq!(ids, ["3", "12", "p", "p1", "p2a", "p2b", "p03", "p3", "p13", "p20", "x"]);
        assert_eq!(id_order("p3", "p3"), Equal);
        assert_eq!(id_order("p99999999999999999999999", "p100000000000000000000000"), Less);
    }

    /// A name with a zero-width space is refused, not registered beside the same name seen
    /// without it; a right-to-left mark in a scorer's name or a reason too. Letters of every
    /// script and a no-break space pass.
    #[test]
    fn invisible_characters_are_refused_in_names_and_reasons() {
        let mut app = crate::Atout::open_in_memory().unwrap();
        app.player_add("Anne Peeters", "KC De Troef", "", false).unwrap();
        for name in ["Anne\u{200B} Peeters", "\u{202E}Jan", "Zo\u{200D}ë", "\u{FEFF}Anne", "An\u{AD}ne"] {
            let e = app.player_add(name, "KC De Troef", "", true).unwrap_err();
            assert!(e.texts().en.contains("control or invisible character"), "{name:?}: {}", e.texts().en);
        }
        assert_eq!(app.players_list().unwrap().len(), 1);
        assert!(super::no_control("went home \u{2067}ill", super::field::REASON).is_err());
        for name in ["Zoë Aerts", "Ólafur", "Łukasz", "李雷", "محمد", "Jan\u{A0}Peeters"] {
            app.player_add(name, "", "", true).unwrap_or_else(|e| panic!("{name}: {}", e.texts().en));
        }
    }
}
