//! What the JSON reader says of a text that does not read, in every language. serde's
//! messages are English («missing field `counts`», «unknown variant `Z`, expected one of
//! `A`, `B`», «expected i64»); a French or Dutch refusal quoted them as they were, an
//! English one in the reader's jargon. Their usual shapes are said here in plain words in
//! every language; anything else stays as serde says it.

use crate::Said;

/// `e` in every language, with where it stopped in a text (line and column) when it did.
pub fn unread(e: &serde_json::Error) -> Said {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix).filter(|_| e.line() > 0) {
        Some(body) => {
            let (l, c) = (e.line(), e.column());
            Said {
                en: format!("{} (line {l}, column {c})", said_in(body, &EN)),
                fr: format!("{} (ligne {l}, colonne {c})", said_in(body, &FR)),
                nl: format!("{} (regel {l}, kolom {c})", said_in(body, &NL)),
            }
        }
        None => Said { en: said_in(&text, &EN), fr: said_in(&text, &FR), nl: said_in(&text, &NL) },
    }
}

/// The words a message is said with in one language.
struct Words {
    missing: &'static str,
    twice: &'static str,
    unknown_field: &'static str,
    unknown_value: &'static str,
    allowed: &'static str,
    /// An object that takes no field, a name that has no value allowed.
    no_field: &'static str,
    no_value: &'static str,
    /// More values than a list holds (`{x}`, how many were given).
    too_many: &'static str,
    /// Between what was wrong and what is allowed.
    then: &'static str,
    /// A value of the wrong kind (`{x}`) where another (`{y}`) is needed; a value out of range.
    wrong: &'static str,
    wrong_length: &'static str,
    or: &'static str,
    /// serde's names of kinds and what it expected, and how this language says them.
    kinds: &'static [(&'static str, &'static str)],
    /// The JSON reader's own messages on a text that is no JSON.
    syntax: &'static [(&'static str, &'static str)],
}

const EN: Words = Words {
    missing: "the field {x} is missing",
    twice: "the field {x} is given twice",
    unknown_field: "unknown field {x}",
    unknown_value: "{x} is not an allowed value",
    allowed: "allowed: {x}",
    no_field: "no field is allowed",
    no_value: "no value is allowed",
    too_many: "too many values ({x})",
    then: "; ",
    wrong: "{y} is needed, not {x}",
    wrong_length: "{y} values are needed, not {x}",
    or: "or",
    kinds: &[
        ("string", "the text"),
        ("integer", "the number"),
        ("floating point", "the number"),
        ("boolean", "the value"),
        ("null", "null"),
        ("sequence", "a list"),
        ("map", "an object"),
        ("unit value", "an empty value"),
        ("a sequence", "a list"),
        ("a map", "an object"),
        ("a string", "a text"),
        ("a boolean", "true or false"),
        ("a borrowed string", "a text"),
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number from 0 to 4294967295"),
        ("u64", "a whole number from 0 up"),
        ("usize", "a whole number from 0 up"),
        ("i8", "a whole number from -128 to 127"),
        ("i16", "a whole number from -32768 to 32767"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
        ("f32", "a number"),
        ("f64", "a number"),
        ("struct", "an object"),
        ("enum", "a name"),
        ("a tuple of size", "a list of {n} values"),
        ("an array of length", "a list of {n} values"),
        ("an empty array", "an empty list"),
    ],
    syntax: &[
        ("EOF while parsing", "the text stops before its end"),
        ("expected value", "a value is missing"),
        ("expected ident", "an unknown word"),
        ("trailing characters", "text follows the end"),
        ("trailing comma", "a comma too many"),
        ("key must be a string", "a key must be a text in quotes"),
        ("expected `,` or `]`", "`,` or `]` is missing"),
        ("expected `,` or `}`", "`,` or `}` is missing"),
        ("expected `:`", "`:` is missing"),
        ("invalid number", "a number that does not read"),
        ("number out of range", "a number too large"),
        ("invalid escape", "an escape that does not read"),
        ("control character", "a control character in a text"),
        ("invalid unicode code point", "a character that does not read"),
        ("recursion limit exceeded", "too many levels nested"),
    ],
};

const FR: Words = Words {
    missing: "le champ {x} manque",
    twice: "le champ {x} est donné deux fois",
    unknown_field: "champ {x} inconnu",
    unknown_value: "{x} n'est pas une valeur permise",
    allowed: "au choix : {x}",
    no_field: "aucun champ n'est permis",
    no_value: "aucune valeur n'est permise",
    too_many: "trop de valeurs ({x})",
    then: " ; ",
    wrong: "il faut {y}, pas {x}",
    wrong_length: "il faut {y} valeurs, pas {x}",
    or: "ou",
    kinds: &[
        ("string", "le texte"),
        ("integer", "le nombre"),
        ("floating point", "le nombre"),
        ("boolean", "la valeur"),
        ("null", "null"),
        ("sequence", "une liste"),
        ("map", "un objet"),
        ("unit value", "une valeur vide"),
        ("a sequence", "une liste"),
        ("a map", "un objet"),
        ("a string", "un texte"),
        ("a boolean", "vrai ou faux"),
        ("a borrowed string", "un texte"),
        ("u8", "un nombre entier de 0 à 255"),
        ("u16", "un nombre entier de 0 à 65535"),
        ("u32", "un nombre entier de 0 à 4294967295"),
        ("u64", "un nombre entier positif"),
        ("usize", "un nombre entier positif"),
        ("i8", "un nombre entier de -128 à 127"),
        ("i16", "un nombre entier de -32768 à 32767"),
        ("i32", "un nombre entier"),
        ("i64", "un nombre entier"),
        ("f32", "un nombre"),
        ("f64", "un nombre"),
        ("struct", "un objet"),
        ("enum", "un nom"),
        ("a tuple of size", "une liste de {n} valeurs"),
        ("an array of length", "une liste de {n} valeurs"),
        ("an empty array", "une liste vide"),
    ],
    syntax: &[
        ("EOF while parsing", "le texte s'arrête avant sa fin"),
        ("expected value", "une valeur manque"),
        ("expected ident", "un mot inconnu"),
        ("trailing characters", "du texte suit la fin"),
        ("trailing comma", "une virgule de trop"),
        ("key must be a string", "une clé doit être un texte entre guillemets"),
        ("expected `,` or `]`", "il manque `,` ou `]`"),
        ("expected `,` or `}`", "il manque `,` ou `}`"),
        ("expected `:`", "il manque `:`"),
        ("invalid number", "un nombre illisible"),
        ("number out of range", "un nombre trop grand"),
        ("invalid escape", "un échappement illisible"),
        ("control character", "un caractère de contrôle dans un texte"),
        ("invalid unicode code point", "un caractère illisible"),
        ("recursion limit exceeded", "trop de niveaux imbriqués"),
    ],
};

const NL: Words = Words {
    missing: "het veld {x} ontbreekt",
    twice: "het veld {x} staat er twee keer",
    unknown_field: "onbekend veld {x}",
    unknown_value: "{x} is geen toegestane waarde",
    allowed: "mogelijk: {x}",
    no_field: "er is geen veld toegestaan",
    no_value: "er is geen waarde toegestaan",
    too_many: "te veel waarden ({x})",
    then: "; ",
    wrong: "er moet {y} staan, niet {x}",
    wrong_length: "er moeten {y} waarden staan, niet {x}",
    or: "of",
    kinds: &[
        ("string", "de tekst"),
        ("integer", "het getal"),
        ("floating point", "het getal"),
        ("boolean", "de waarde"),
        ("null", "null"),
        ("sequence", "een lijst"),
        ("map", "een object"),
        ("unit value", "een lege waarde"),
        ("a sequence", "een lijst"),
        ("a map", "een object"),
        ("a string", "een tekst"),
        ("a boolean", "waar of onwaar"),
        ("a borrowed string", "een tekst"),
        ("u8", "een geheel getal van 0 tot 255"),
        ("u16", "een geheel getal van 0 tot 65535"),
        ("u32", "een geheel getal van 0 tot 4294967295"),
        ("u64", "een positief geheel getal"),
        ("usize", "een positief geheel getal"),
        ("i8", "een geheel getal van -128 tot 127"),
        ("i16", "een geheel getal van -32768 tot 32767"),
        ("i32", "een geheel getal"),
        ("i64", "een geheel getal"),
        ("f32", "een getal"),
        ("f64", "een getal"),
        ("struct", "een object"),
        ("enum", "een naam"),
        ("a tuple of size", "een lijst van {n} waarden"),
        ("an array of length", "een lijst van {n} waarden"),
        ("an empty array", "een lege lijst"),
    ],
    syntax: &[
        ("EOF while parsing", "de tekst houdt op voor zijn einde"),
        ("expected value", "er ontbreekt een waarde"),
        ("expected ident", "een onbekend woord"),
        ("trailing characters", "er volgt tekst na het einde"),
        ("trailing comma", "een komma te veel"),
        ("key must be a string", "een sleutel moet een tekst tussen aanhalingstekens zijn"),
        ("expected `,` or `]`", "er ontbreekt `,` of `]`"),
        ("expected `,` or `}`", "er ontbreekt `,` of `}`"),
        ("expected `:`", "er ontbreekt `:`"),
        ("invalid number", "een onleesbaar getal"),
        ("number out of range", "een te groot getal"),
        ("invalid escape", "een onleesbare escape"),
        ("control character", "een stuurteken in een tekst"),
        ("invalid unicode code point", "een onleesbaar teken"),
        ("recursion limit exceeded", "te veel geneste niveaus"),
    ],
};

fn said_in(message: &str, w: &Words) -> String {
    let put = |pattern: &str, x: &str, y: &str| pattern.replace("{x}", x).replace("{y}", y);
    if let Some(field) = message.strip_prefix("missing field ") {
        return put(w.missing, field, "");
    }
    if let Some(field) = message.strip_prefix("duplicate field ") {
        return put(w.twice, field, "");
    }
    for (prefix, pattern) in [("unknown field ", w.unknown_field), ("unknown variant ", w.unknown_value)] {
        if let Some(rest) = message.strip_prefix(prefix) {
            // The name as written, between its backticks (a «, » typed inside it stays in it).
            let (name, expected) = match rest.strip_prefix('`').and_then(|r| r.find("`, ")) {
                Some(end) => (&rest[..end + 2], &rest[end + 4..]),
                None => (rest, ""),
            };
            let allowed = match expected {
                "" => String::new(),
                "there are no fields" => format!("{}{}", w.then, w.no_field),
                "there are no variants" => format!("{}{}", w.then, w.no_value),
                e => format!("{}{}", w.then, put(w.allowed, &choices(e, w), "")),
            };
            return format!("{}{allowed}", put(pattern, name, ""));
        }
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some((got, expected)) = message.strip_prefix(prefix).and_then(|rest| rest.rsplit_once(", expected ")) {
            return put(w.wrong, &kind(got, w), &kind(expected, w));
        }
    }
    if let Some((n, expected)) = message.strip_prefix("invalid length ").and_then(|rest| rest.split_once(", expected ")) {
        if expected == "fewer elements in array" {
            return put(w.too_many, n, "");
        }
        if let Some(wanted) = expected.split_whitespace().find(|x| x.parse::<u64>().is_ok()) {
            return put(w.wrong_length, n, wanted);
        }
    }
    if let Some((_, said)) = w.syntax.iter().find(|(en, _)| message.starts_with(en)) {
        return (*said).to_string();
    }
    message.to_string()
}

/// serde's list of what it expected (`one of `A`, `B``, `` `A` or `B` ``), in `w`'s words.
fn choices(expected: &str, w: &Words) -> String {
    let list = expected.strip_prefix("expected ").unwrap_or(expected);
    let list = list.strip_prefix("one of ").unwrap_or(list);
    list.replace(" or ", &format!(" {} ", w.or))
}

/// A kind serde names (`string "x"`, `integer `5``, `a sequence`, `u8`, `struct Ruling`), in
/// `w`'s words: the value given kept as it was written.
fn kind(said: &str, w: &Words) -> String {
    // The longest of serde's names that the text starts with: «a sequence» before «a».
    let found = w.kinds.iter().filter(|(en, _)| said == *en || said.strip_prefix(en).is_some_and(|rest| rest.starts_with(' '))).max_by_key(|(en, _)| en.len());
    match found {
        Some((en, ours)) => {
            let rest = said[en.len()..].trim();
            if ours.contains("{n}") {
                ours.replace("{n}", rest)
            } else if en.starts_with("struct") || en.starts_with("enum") || rest.is_empty() {
                (*ours).to_string()
            } else {
                format!("{ours} {rest}")
            }
        }
        None => said.to_string(),
    }
}

/// A JSON text read as a value, a key given twice in any object refused as serde refuses a
/// field given twice in a document («the field `contract` is given twice», at its line and
/// column): a line `{"contract": "A", …, "contract": "B"}` was stored as B, the first one
/// dropped without a word, where the same twice in a document was refused.
pub fn unique_json(text: &[u8]) -> Result<serde_json::Value, serde_json::Error> {
    use serde::de::DeserializeSeed;
    let mut reader = serde_json::Deserializer::from_slice(text);
    let value = Unique.deserialize(&mut reader)?;
    reader.end()?;
    Ok(value)
}

/// Reads a value as serde_json's own `Value` does, refusing a key given twice.
#[derive(Clone, Copy)]
struct Unique;

impl<'de> serde::de::DeserializeSeed<'de> for Unique {
    type Value = serde_json::Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<serde_json::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Unique {
    type Value = serde_json::Value;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<serde_json::Value, E> {
        Ok(v.into())
    }
    fn visit_i64<E>(self, v: i64) -> Result<serde_json::Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<serde_json::Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E>(self, v: f64) -> Result<serde_json::Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, serde_json::Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<serde_json::Value, E> {
        Ok(v.into())
    }
    fn visit_string<E>(self, v: String) -> Result<serde_json::Value, E> {
        Ok(v.into())
    }
    fn visit_unit<E>(self) -> Result<serde_json::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<serde_json::Value, A::Error> {
        let mut out = vec![];
        while let Some(x) = seq.next_element_seed(self)? {
            out.push(x);
        }
        Ok(out.into())
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<serde_json::Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            let value = map.next_value_seed(self)?;
            out.insert(key, value);
        }
        Ok(out.into())
    }
}

#[cfg(test)]
mod tests {
    use super::unread;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Line {
        contract: Contract,
        counts: Vec<u8>,
        pair: Option<(u8, u8)>,
        at: Option<[u8; 2]>,
    }

    #[derive(Debug, Deserialize)]
    enum Contract {
        A,
        B,
    }

    fn said(json: &str) -> crate::Said {
        unread(&serde_json::from_str::<Line>(json).unwrap_err())
    }

    /// Each of serde's usual messages in plain words in every language, the value written
    /// kept.
    #[test]
    fn the_readers_messages_in_every_language() {
        let s = said(r#"{"contract": "Z", "counts": []}"#);
        assert_eq!(s.en, "`Z` is not an allowed value; allowed: `A` or `B` (line 1, column 16)");
        assert_eq!(s.fr, "`Z` n'est pas une valeur permise ; au choix : `A` ou `B` (ligne 1, colonne 16)");
        assert_eq!(s.nl, "`Z` is geen toegestane waarde; mogelijk: `A` of `B` (regel 1, kolom 16)");
        // A name typed with «, » in it is said whole.
        let s = said(r#"{"contract": "X, Y", "counts": []}"#);
        assert!(s.fr.starts_with("`X, Y` n'est pas une valeur permise ; au choix : `A` ou `B`"), "{}", s.fr);
        let s = said(r#"{"contract": "A"}"#);
        assert_eq!(s.fr, "le champ `counts` manque (ligne 1, colonne 17)");
        assert_eq!(s.nl, "het veld `counts` ontbreekt (regel 1, kolom 17)");
        let s = said(r#"{"contract": "A", "counts": "x"}"#);
        assert_eq!(s.fr, "il faut une liste, pas le texte \"x\" (ligne 1, colonne 31)");
        assert_eq!(s.en, "a list is needed, not the text \"x\" (line 1, column 31)");
        let s = said(r#"{"contract": "A", "counts": [300]}"#);
        assert_eq!(s.fr, "il faut un nombre entier de 0 à 255, pas le nombre `300` (ligne 1, colonne 32)");
        assert_eq!(s.nl, "er moet een geheel getal van 0 tot 255 staan, niet het getal `300` (regel 1, kolom 32)");
        assert_eq!(s.en, "a whole number from 0 to 255 is needed, not the number `300` (line 1, column 32)");
        let s = said(r#"{"contract": "A", "counts": [], "pair": [1]}"#);
        assert_eq!(s.fr, "il faut 2 valeurs, pas 1 (ligne 1, colonne 43)");
        let s = said(r#"{"contract": "A", "counts": [], "seat": 1}"#);
        assert!(s.fr.starts_with("champ `seat` inconnu ; au choix : `contract`, `counts`, `pair`"), "{}", s.fr);
        // Too many values for a pair, a number where a pair is needed.
        let e = serde_json::from_value::<Line>(serde_json::json!({"contract": "A", "counts": [], "at": [1, 2, 3]})).unwrap_err();
        let s = unread(&e);
        assert!(s.fr == "trop de valeurs (3)" && s.en == "too many values (3)", "{} / {}", s.fr, s.en);
        let s = said(r#"{"contract": "A", "counts": [], "at": 5}"#);
        assert!(s.fr.starts_with("il faut une liste de 2 valeurs, pas le nombre `5`"), "{}", s.fr);
        let s = said(r#"{"contract": "A", "counts": [], "pair": 5}"#);
        assert!(s.nl.starts_with("er moet een lijst van 2 waarden staan, niet het getal `5`"), "{}", s.nl);
        let s = said(r#"{"contract": "A", "contract": "B", "counts": []}"#);
        assert!(s.nl.starts_with("het veld `contract` staat er twee keer"), "{}", s.nl);
        let s = said(r#"{"contract": "A", "counts": [1,"#);
        assert_eq!(s.fr, "le texte s'arrête avant sa fin (ligne 1, colonne 31)");
        // From a value, not a text: no line nor column.
        let e = serde_json::from_value::<Line>(serde_json::json!({"contract": "A", "counts": true})).unwrap_err();
        assert_eq!(unread(&e).fr, "il faut une liste, pas la valeur `true`");
    }

    /// A key given twice is refused where it stands, in every language; keys once each read
    /// as serde_json reads them.
    #[test]
    fn a_key_given_twice_is_refused() {
        let e = super::unique_json(br#"{"contract": "A", "counts": [5, 5, 1, 2], "contract": "B"}"#).unwrap_err();
        let said = super::unread(&e);
        assert_eq!(said.en, "the field `contract` is given twice (line 1, column 52)");
        assert!(said.fr.starts_with("le champ `contract` est donné deux fois"), "{}", said.fr);
        assert!(super::unique_json(br#"{"a": {"b": 1, "b": 2}}"#).is_err());
        assert!(super::unique_json(br#"[{"b": 1}, {"b": 2}]"#).is_ok());
        let text = r#"{"x": [1, -2, 3.5, true, null, "é"], "y": {"z": 18446744073709551615}}"#.as_bytes();
        assert_eq!(super::unique_json(text).unwrap(), serde_json::from_slice::<serde_json::Value>(text).unwrap());
        assert!(super::unique_json(b"{} x").is_err());
    }
}
