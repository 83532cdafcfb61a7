use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::{Hash, Hasher};

/// The languages Atout speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Fr,
    Nl,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Fr, Lang::Nl];

    /// `en`, `fr` or `nl` (any case, a region suffix such as `fr-BE` allowed); English otherwise.
    pub fn parse(code: &str) -> Lang {
        match code.get(..2).map(str::to_ascii_lowercase).as_deref() {
            Some("fr") => Lang::Fr,
            Some("nl") => Lang::Nl,
            _ => Lang::En,
        }
    }

    /// What stands between a name and what follows it: French spaces its colon («motif : …»).
    pub fn colon(self) -> &'static str {
        match self {
            Lang::Fr => " : ",
            Lang::En | Lang::Nl => ": ",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::Nl => "nl",
        }
    }
}

/// One text in the three languages. Every word a game shows comes from one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tr {
    pub en: &'static str,
    pub fr: &'static str,
    pub nl: &'static str,
}

impl Tr {
    pub const fn new(en: &'static str, fr: &'static str, nl: &'static str) -> Tr {
        Tr { en, fr, nl }
    }

    pub fn get(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Fr => self.fr,
            Lang::Nl => self.nl,
        }
    }

    /// The words after a count of `n`, singular or plural as each language says that count
    /// (French keeps the singular up to 1: «0 jeton posé», «1 jeton posé»; English and Dutch
    /// for 1 alone): «1 tiles laid» read wrong in all three.
    pub const fn after(n: i64, one: Tr, many: Tr) -> Tr {
        Tr { en: if n == 1 { one.en } else { many.en }, fr: if n >= -1 && n <= 1 { one.fr } else { many.fr }, nl: if n == 1 { one.nl } else { many.nl } }
    }

    /// `{"en": …, "fr": …, "nl": …}`
    pub fn all(&self) -> serde_json::Value {
        serde_json::json!({"en": self.en, "fr": self.fr, "nl": self.nl})
    }
}

/// The definition of a rule: its stable code and its statement in each language.
#[derive(Debug)]
pub struct RuleDef {
    pub code: &'static str,
    pub text: Tr,
}

/// A rule a sheet, a ruling, a draw or a document can break, named by its code.
///
/// The code is stable: tests, fixtures and the window key on it. The rules every
/// game shares are constants here; each game module declares its own
/// (`double_king::GAME_TWICE`, `king::PHASE_DUE`, …) with [`Rule::define`].
#[derive(Clone, Copy)]
pub struct Rule(&'static RuleDef);

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.0.code == other.0.code
    }
}
impl Eq for Rule {}
impl Hash for Rule {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.code.hash(state)
    }
}

impl Rule {
    pub const fn define(def: &'static RuleDef) -> Rule {
        Rule(def)
    }

    pub fn code(self) -> &'static str {
        self.0.code
    }

    /// The rule, stated in English.
    pub fn text(self) -> &'static str {
        self.0.text.en
    }

    pub fn texts(self) -> Tr {
        self.0.text
    }
}

macro_rules! rule {
    ($name:ident, $code:literal, $en:literal, $fr:literal, $nl:literal) => {
        pub const $name: Rule = Rule::define(&RuleDef { code: $code, text: Tr::new($en, $fr, $nl) });
    };
}
pub(crate) use rule;

/// The rules every game shares.
impl Rule {
    rule!(
        DEAL_SHAPE,
        "deal-shape",
        "a line gives exactly the figures its game needs",
        "une ligne donne exactement les chiffres de son jeu",
        "een lijn geeft precies de cijfers die het spel vraagt"
    );
    rule!(COUNT_NEGATIVE, "count-negative", "a count is never negative", "un chiffre n'est jamais négatif", "een cijfer is nooit negatief");
    rule!(
        DEAL_TOTAL,
        "deal-total",
        "the counts of a deal add up to the deal total",
        "les chiffres d'une donne font le total de la donne",
        "de cijfers van een spel tellen op tot het totaal van het spel"
    );
    rule!(
        SEAT_RANGE,
        "seat-range",
        "a seat is a number from 1 to the table size",
        "une place est un numéro de 1 au nombre de joueurs de la table",
        "een plaats is een getal van 1 tot het aantal spelers aan tafel"
    );
    rule!(
        SHEET_FULL,
        "sheet-full",
        "a sheet has a fixed number of deals; nothing follows the last",
        "une feuille compte un nombre fixe de donnes ; rien ne suit la dernière",
        "een blad telt een vast aantal spelen; niets volgt op het laatste"
    );
    rule!(
        FIRST_DEALER,
        "first-dealer",
        "the first dealer is a seat of the table",
        "le premier donneur est une place de la table",
        "de eerste gever is een plaats aan de tafel"
    );
    rule!(
        RULING_ZERO_SUM,
        "ruling-zero-sum",
        "a ruling's points add up to 0 unless it is a sanction",
        "les points d'une décision font 0, sauf sanction",
        "de punten van een beslissing tellen op tot 0, tenzij het een sanctie is"
    );
    rule!(
        RULING_SHAPE,
        "ruling-shape",
        "a ruling gives one figure per seat (at most 1000 each), a reason and the jury member",
        "une décision donne un chiffre par place (1000 au plus), un motif et le membre du jury",
        "een beslissing geeft één cijfer per plaats (hoogstens 1000), een reden en het jurylid"
    );
    rule!(
        GAME_UNSUPPORTED,
        "game-unsupported",
        "only games this version scores can be played",
        "seuls les jeux que cette version compte peuvent être joués",
        "enkel spelen die deze versie telt kunnen gespeeld worden"
    );
    rule!(
        SETTINGS,
        "settings",
        "tournament settings must be consistent",
        "les paramètres du tournoi doivent être cohérents",
        "de instellingen van het toernooi moeten kloppen"
    );
    rule!(
        TABLE_SIZE,
        "table-size",
        "every table seats a number of players the game allows",
        "chaque table compte un nombre de joueurs que le jeu permet",
        "elke tafel telt een aantal spelers dat het spel toelaat"
    );
    rule!(
        UNKNOWN_PLAYER,
        "unknown-player",
        "every seated player is a player of the tournament",
        "chaque joueur placé est un joueur du tournoi",
        "elke geplaatste speler is een speler van het toernooi"
    );
    rule!(
        PLAYER_TWICE,
        "player-twice",
        "a player is entered once and sits at one table per round",
        "un joueur est inscrit une fois et n'est qu'à une table par manche",
        "een speler is één keer ingeschreven en zit aan één tafel per ronde"
    );
    rule!(
        ROUND_ORDER,
        "round-order",
        "rounds are numbered 1, 2, 3… within the tournament's rounds",
        "les manches sont numérotées 1, 2, 3… dans les manches du tournoi",
        "ronden zijn genummerd 1, 2, 3… binnen de ronden van het toernooi"
    );
    rule!(
        ROUND_REDRAW,
        "round-redraw",
        "a round is drawn again only while it is the last drawn and no line is written at its tables",
        "une manche n'est tirée à nouveau que tant qu'elle est la dernière tirée et qu'aucune ligne n'est écrite à ses tables",
        "een ronde wordt enkel opnieuw geloot zolang ze de laatst gelote is en er aan haar tafels geen lijn geschreven is"
    );
    rule!(
        TABLE_ORDER,
        "table-order",
        "tables are numbered 1, 2, 3… within a round",
        "les tables sont numérotées 1, 2, 3… dans une manche",
        "tafels zijn genummerd 1, 2, 3… binnen een ronde"
    );
    rule!(
        SEASON_SETTINGS,
        "season-settings",
        "a season's settings (what an evening brings, the evenings that count, the fewest evenings, a club's players counted) stay within their bounds",
        "les paramètres d'une saison (ce que rapporte une soirée, les soirées qui comptent, le minimum de soirées, les joueurs comptés par club) restent dans leurs bornes",
        "de instellingen van een seizoen (wat een avond oplevert, de avonden die tellen, het minimum aan avonden, de spelers per club) blijven binnen hun grenzen"
    );
    rule!(
        SEASON_EVENING_TWICE,
        "season-evening-twice",
        "an evening counts once in a season",
        "une soirée ne compte qu'une fois dans une saison",
        "een avond telt maar één keer in een seizoen"
    );
    rule!(
        SEASON_ONE_GAME,
        "season-one-game",
        "a season that counts each evening's own result counts evenings of one game ranked one way; points by place count any",
        "une saison qui compte le résultat de chaque soirée compte des soirées d'un même jeu classées de la même façon ; des points par place les comptent toutes",
        "een seizoen dat het eigen resultaat van elke avond telt, telt avonden van één spel, op één manier gerangschikt; punten per plaats tellen ze allemaal"
    );
    rule!(FORMAT, "format", "the document follows atout-tournament/1", "le document suit atout-tournament/1", "het document volgt atout-tournament/1");
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rule({})", self.code())
    }
}

/// What broke a rule, in every language: the words around the figures of the case.
/// Written with [`said!`](crate::said), which formats the three texts with the same figures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Said {
    pub en: String,
    pub fr: String,
    pub nl: String,
}

impl Said {
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Fr => &self.fr,
            Lang::Nl => &self.nl,
        }
    }
}

/// A [`Said`]: three format strings (English, French, Dutch) over the same figures,
/// e.g. `said!("seat {s} bids {b}", "la place {s} mise {b}", "plaats {s} biedt {b}")`.
#[macro_export]
macro_rules! said {
    ($en:literal, $fr:literal, $nl:literal $(,)?) => {
        $crate::Said { en: format!($en), fr: format!($fr), nl: format!($nl) }
    };
}

/// A broken rule and what broke it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rule {rule} ({text}): {detail}", text = rule.text())]
pub struct Violation {
    pub rule: Rule,
    /// The case, in English.
    pub detail: String,
    /// The case in every language, when the rule's check wrote it so.
    pub said: Option<Box<Said>>,
}

impl Violation {
    /// A violation described in English only (a parser's message, say).
    pub fn new(rule: Rule, detail: impl Into<String>) -> Self {
        Violation { rule, detail: detail.into(), said: None }
    }

    /// A violation described in every language.
    pub fn said(rule: Rule, said: Said) -> Self {
        Violation { rule, detail: said.en.clone(), said: Some(Box::new(said)) }
    }

    /// The case in `lang` (English when it was written in English only).
    pub fn detail_in(&self, lang: Lang) -> &str {
        self.said.as_ref().map_or(&self.detail, |s| s.get(lang))
    }

    /// The case in every language (the English text thrice when written in English only).
    pub fn details(&self) -> Said {
        self.said.as_deref().cloned().unwrap_or_else(|| Said { en: self.detail.clone(), fr: self.detail.clone(), nl: self.detail.clone() })
    }

    /// The same violation with a context put before the case in each language
    /// (`said!("line 2: ", "ligne 2 : ", "lijn 2: ")`).
    pub fn after(self, context: Said) -> Violation {
        let d = self.details();
        Violation::said(self.rule, Said { en: format!("{}{}", context.en, d.en), fr: format!("{}{}", context.fr, d.fr), nl: format!("{}{}", context.nl, d.nl) })
    }
}

/// A violation on a given line of a sheet (`line` is `None` for the sheet as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SheetError {
    pub line: Option<usize>,
    pub violation: Violation,
}

impl SheetError {
    pub fn at(line: usize, violation: Violation) -> Self {
        SheetError { line: Some(line), violation }
    }
    pub fn sheet(violation: Violation) -> Self {
        SheetError { line: None, violation }
    }
    pub fn rule(&self) -> Rule {
        self.violation.rule
    }
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "deal line {line}: {}", self.violation),
            None => write!(f, "{}", self.violation),
        }
    }
}
