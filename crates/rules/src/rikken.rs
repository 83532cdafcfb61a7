//! Rikken (RULES.md §3, FORMAT.md "Rikken deals"): 4 players per deal, every
//! deal and fine zero-sum, amounts from the tournament's own points table
//! (data, never constants: a house default ships in `templates/`). Tables of
//! five: the dealer sits each deal out, and the table plays a quarter more deals.

use crate::cards::Suit;
use crate::error::rule;
use crate::play::{self, Card, Conduct, Deck};
use crate::settings::RankingMethod;
use crate::{
    form_option, said, seat_after, seat_index, setting, Field, Game, GameId, Lang, Line, Rule, RuleDef, Said, Seat, Sheet, SheetError, Table, TablePlan, Tr,
    Violation,
};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The house-default points table (data), copied into each new tournament's settings.
pub const DEFAULT_POINTS: &str = include_str!("../../../templates/rikken-points.json");
pub const TRICKS: i64 = 13;
/// A figure of the points table stays within this bound.
pub const POINTS_MAX: i64 = 1000;

rule!(
    PLAYS_DEAL,
    "plays-deal",
    "a declarer or partner is a player of the deal (at a table of five the dealer sits it out)",
    "un déclarant ou partenaire joue la donne (à une table de cinq, le donneur ne la joue pas)",
    "een speler of partner speelt het spel mee (aan een tafel van vijf speelt de gever niet mee)"
);
rule!(
    PARTNER,
    "partner",
    "the partner is another player than the declarer",
    "le partenaire est un autre joueur que le déclarant",
    "de partner is een andere speler dan de speler die het spel aangaat"
);
rule!(TRICKS_RANGE, "tricks-range", "tricks lie between 0 and 13", "les plis vont de 0 à 13", "slagen liggen tussen 0 en 13");
rule!(
    MISERE_TRICKS,
    "misere-tricks",
    "the misère declarers' tricks add up to at most 13, and to all 13 when every player declares it",
    "les plis des joueurs en misère font 13 au plus ensemble, et les 13 quand tous la jouent",
    "de slagen van de misèrespelers zijn samen hoogstens 13, en alle 13 als iedereen ze speelt"
);
rule!(
    JURY_CALL,
    "jury-call",
    "open misère and the chelems, and a third solo after two lost, are played only with the jury's consent",
    "la misère sur table, les chelems, et un troisième solo après deux perdus, se jouent seulement avec l'accord du jury",
    "open misère en de slemmen, en een derde solo na twee verloren, worden enkel met toestemming van de jury gespeeld"
);

/// The contracts, lowest to highest, and a passed deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contract {
    Rik,
    RikBeter,
    #[serde(rename = "abondance-9")]
    Abondance9,
    #[serde(rename = "abondance-10")]
    Abondance10,
    #[serde(rename = "abondance-11")]
    Abondance11,
    #[serde(rename = "abondance-12")]
    Abondance12,
    Misere,
    Trou,
    Troela,
    OpenMisere,
    PetitChelem,
    GrandChelem,
    Pass,
}

/// How a contract is played and scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Partner,
    Solo,
    Misere,
    Pass,
}

impl Contract {
    /// In bidding order, lowest first; `pass` last.
    pub const ALL: [Contract; 13] = [
        Contract::Rik,
        Contract::RikBeter,
        Contract::Abondance9,
        Contract::Abondance10,
        Contract::Abondance11,
        Contract::Abondance12,
        Contract::Misere,
        Contract::Trou,
        Contract::Troela,
        Contract::OpenMisere,
        Contract::PetitChelem,
        Contract::GrandChelem,
        Contract::Pass,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Contract::Rik => "rik",
            Contract::RikBeter => "rik-beter",
            Contract::Abondance9 => "abondance-9",
            Contract::Abondance10 => "abondance-10",
            Contract::Abondance11 => "abondance-11",
            Contract::Abondance12 => "abondance-12",
            Contract::Misere => "misere",
            Contract::Trou => "trou",
            Contract::Troela => "troela",
            Contract::OpenMisere => "open-misere",
            Contract::PetitChelem => "petit-chelem",
            Contract::GrandChelem => "grand-chelem",
            Contract::Pass => "pass",
        }
    }

    pub fn kind(self) -> Kind {
        match self {
            Contract::Rik | Contract::RikBeter | Contract::Trou | Contract::Troela => Kind::Partner,
            Contract::Misere | Contract::OpenMisere => Kind::Misere,
            Contract::Pass => Kind::Pass,
            _ => Kind::Solo,
        }
    }

    /// The figures of the points table this contract's row has (the settings' keys of
    /// [`Amounts`]): a misère is made or failed, whatever the tricks; a pass has none.
    pub fn points_figures(self) -> &'static [&'static str] {
        match self.kind() {
            Kind::Pass => &[],
            Kind::Misere => &["made", "failed"],
            Kind::Partner | Kind::Solo => &POINTS_COLUMNS,
        }
    }

    /// Tricks to make (for a misère: none).
    pub fn target(self) -> i64 {
        match self {
            Contract::Abondance9 => 9,
            Contract::Abondance10 => 10,
            Contract::Abondance11 => 11,
            Contract::Abondance12 => 12,
            Contract::PetitChelem | Contract::GrandChelem => 13,
            Contract::Misere | Contract::OpenMisere | Contract::Pass => 0,
            _ => 8,
        }
    }

    /// A "solo" for the jury-call count (RULES.md §3's decision).
    pub fn is_solo(self) -> bool {
        matches!(self.kind(), Kind::Solo | Kind::Misere)
    }

    /// Always played with the jury's consent.
    pub fn needs_jury(self) -> bool {
        matches!(self, Contract::OpenMisere | Contract::PetitChelem | Contract::GrandChelem)
    }

    pub fn names(self) -> Tr {
        match self {
            Contract::Rik => Tr::new("rik", "rik", "rik"),
            Contract::RikBeter => Tr::new("rik in trump (beter)", "rik en atout (beter)", "rik beter"),
            Contract::Abondance9 => Tr::new("abondance 9", "abondance 9", "abondance 9"),
            Contract::Abondance10 => Tr::new("abondance 10", "abondance 10", "abondance 10"),
            Contract::Abondance11 => Tr::new("abondance 11", "abondance 11", "abondance 11"),
            Contract::Abondance12 => Tr::new("abondance 12", "abondance 12", "abondance 12"),
            Contract::Misere => Tr::new("misère", "misère", "misère"),
            Contract::Trou => Tr::new("trou (three aces)", "trou (trois as)", "troel (drie azen)"),
            Contract::Troela => Tr::new("troela (four aces)", "troela (quatre as)", "troela (vier azen)"),
            Contract::OpenMisere => Tr::new("open misère", "misère sur table", "open misère"),
            Contract::PetitChelem => Tr::new("petit chelem", "petit chelem", "kleine slem"),
            Contract::GrandChelem => Tr::new("grand chelem", "grand chelem", "grote slem"),
            Contract::Pass => Tr::new("all passed", "tous passent", "iedereen past"),
        }
    }

    fn key(self) -> &'static str {
        match self {
            Contract::Rik => "r",
            Contract::RikBeter => "b",
            Contract::Abondance9 => "i",
            Contract::Abondance10 => "j",
            Contract::Abondance11 => "k",
            Contract::Abondance12 => "l",
            Contract::Misere => "m",
            Contract::Trou => "t",
            Contract::Troela => "a",
            Contract::OpenMisere => "o",
            Contract::PetitChelem => "c",
            Contract::GrandChelem => "g",
            Contract::Pass => "p",
        }
    }
}

/// The fines of RULES.md §3: the offender pays `amount` to every other seat of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fine {
    TrumpNotTurned,
    TrouNotAnnounced,
    JuryNotCalled,
}

impl Fine {
    pub const ALL: [Fine; 3] = [Fine::TrumpNotTurned, Fine::TrouNotAnnounced, Fine::JuryNotCalled];

    pub fn amount(self) -> i64 {
        match self {
            Fine::TrumpNotTurned => 1,
            Fine::TrouNotAnnounced | Fine::JuryNotCalled => 5,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Fine::TrumpNotTurned => "trump-not-turned",
            Fine::TrouNotAnnounced => "trou-not-announced",
            Fine::JuryNotCalled => "jury-not-called",
        }
    }

    fn names(self) -> Tr {
        match self {
            Fine::TrumpNotTurned => Tr::new("trump card not turned", "atout non retourné", "troefkaart niet gekeerd"),
            Fine::TrouNotAnnounced => Tr::new("trou not announced (dealt again)", "trou non annoncé (redonné)", "troel niet aangekondigd (opnieuw gegeven)"),
            Fine::JuryNotCalled => Tr::new("jury not called", "jury non appelé", "jury niet geroepen"),
        }
    }
}

/// Tricks: one count (partner contracts, solos), or one per misère declarer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Tricks {
    One(i64),
    Each(Vec<i64>),
}

/// One entry of a Rikken sheet: a deal or a fine (FORMAT.md's shapes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contract: Option<Contract>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partner: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarers: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tricks: Option<Tricks>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jury: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fine: Option<Fine>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offender: Option<i64>,
}

impl Entry {
    pub fn partner(contract: Contract, declarer: Seat, partner: Seat, tricks: i64) -> Entry {
        Entry {
            contract: Some(contract),
            declarer: Some(declarer as i64),
            partner: Some(partner as i64),
            tricks: Some(Tricks::One(tricks)),
            ..Entry::default()
        }
    }
    pub fn solo(contract: Contract, declarer: Seat, tricks: i64) -> Entry {
        Entry { contract: Some(contract), declarer: Some(declarer as i64), tricks: Some(Tricks::One(tricks)), ..Entry::default() }
    }
    pub fn misere(contract: Contract, declarers: &[Seat], tricks: &[i64]) -> Entry {
        Entry {
            contract: Some(contract),
            declarers: Some(declarers.iter().map(|s| *s as i64).collect()),
            tricks: Some(Tricks::Each(tricks.to_vec())),
            ..Entry::default()
        }
    }
    pub fn pass() -> Entry {
        Entry { contract: Some(Contract::Pass), ..Entry::default() }
    }
    pub fn fine(fine: Fine, offender: Seat) -> Entry {
        Entry { fine: Some(fine), offender: Some(offender as i64), ..Entry::default() }
    }
    pub fn with_jury(self, name: &str) -> Entry {
        Entry { jury: Some(name.into()), ..self }
    }
}

/// The points table's columns, in the order the secretary reads them ([`Amounts`]'s keys).
pub const POINTS_COLUMNS: [&str; 5] = ["made", "over", "all", "failed", "under"];

/// The points table's columns in words, as the window heads them.
const POINTS_HEADINGS: [Tr; 5] = [
    Tr::new("made", "réussi", "gehaald"),
    Tr::new("per overtrick", "par pli en plus", "per overslag"),
    Tr::new("all 13", "les 13", "alle 13"),
    Tr::new("failed", "chuté", "mislukt"),
    Tr::new("per trick short", "par pli manquant", "per slag te kort"),
];

/// One row of the points table: the amount x per opponent. Another tool's fields in a row
/// are no error (the settings are kept as written, so they survive a round trip), and an
/// optional figure written `null` is left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amounts {
    pub made: i64,
    #[serde(default, deserialize_with = "zero_if_null")]
    pub over: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all: Option<i64>,
    pub failed: i64,
    #[serde(default, deserialize_with = "zero_if_null")]
    pub under: i64,
}

fn zero_if_null<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(Option::<i64>::deserialize(d)?.unwrap_or(0))
}

impl Amounts {
    /// x for `tricks` taken against `target`, and whether the contract was made.
    pub fn amount(&self, target: i64, tricks: i64) -> (i64, bool) {
        if tricks >= target {
            let x = match self.all {
                Some(all) if tricks == TRICKS => all,
                _ => self.made + self.over * (tricks - target),
            };
            (x, true)
        } else {
            (self.failed + self.under * (target - 1 - tricks), false)
        }
    }
}

/// Rikken under a tournament's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rikken {
    /// Deals at a table of four.
    pub deals: usize,
    pub points: BTreeMap<Contract, Amounts>,
}

/// What the next entry may be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choices {
    #[serde(flatten)]
    pub turn: crate::Turn,
    /// The dealer at a table of five, who sits the deal out.
    pub sits_out: Option<Seat>,
    pub deals_needed: usize,
    /// Players who have lost two solos on this sheet: any solo of theirs needs the jury.
    pub jury_due_for: Vec<Seat>,
    /// Contracts that always need the jury.
    pub jury_always: Vec<Contract>,
    /// Solos lost so far, per seat.
    pub solos_lost: Vec<usize>,
}

/// The longest name of the jury member a line names as consenting (a person's name).
const JURY_NAME_MOST: usize = 100;

fn shape(said: Said) -> Violation {
    Violation::said(Rule::DEAL_SHAPE, said)
}

/// A contract's code (as the sheet writes it, for English) and its name in French and Dutch.
/// A contract's code (the points table's key) and its name in each language.
fn called(contract: Contract) -> (&'static str, &'static str, &'static str, &'static str) {
    let Tr { en, fr, nl } = contract.names();
    (contract.code(), en, fr, nl)
}

const DECLARER: Tr = Tr::new("the declarer", "le déclarant", "de speler");
const PARTNER_OF: Tr = Tr::new("the partner", "le partenaire", "de partner");
const A_DECLARER: Tr = Tr::new("a declarer", "un déclarant", "een speler");

/// The house default, parsed (it ships with the program and is checked by a test).
pub fn default_points() -> Value {
    serde_json::from_str::<Value>(DEFAULT_POINTS).ok().and_then(|v| v.get("points").cloned()).unwrap_or(Value::Null)
}

fn parse_points(value: &Value) -> Result<BTreeMap<Contract, Amounts>, Violation> {
    let bad = |said: Said| Violation::said(Rule::SETTINGS, said);
    let read = |e: serde_json::Error| {
        let Said { en, fr, nl } = crate::unread(&e);
        bad(said!("points: {en}", "table des points (points) : {fr}", "puntentabel (points): {nl}"))
    };
    let rows: Map<String, Value> = serde_json::from_value(value.clone()).map_err(read)?;
    // A row of a contract Atout does not play (another tool's) is kept as written, and read
    // by nobody: FORMAT.md keeps unknown fields.
    let mut map = BTreeMap::new();
    for (key, row) in rows {
        if let Ok(c) = serde_json::from_value::<Contract>(Value::String(key.clone())) {
            let amounts = serde_json::from_value::<Amounts>(row.clone()).map_err(|e| {
                // Said as the window shows the table: the contract's name and the column's heading
                // (an emptied cell was refused as «ligne « rik-beter » : le champ `made` manque»).
                let names = c.names();
                let (ce, cf, cn) = (names.en, names.fr, names.nl);
                // Made and failed are needed; the others may be left out or empty.
                let needed = |k: &str| k == "made" || k == "failed";
                let wrong = POINTS_COLUMNS.iter().position(|k| match row.get(*k) {
                    None | Some(Value::Null) => needed(k),
                    Some(v) => !v.is_i64(),
                });
                match wrong {
                    Some(i) => {
                        let Tr { en, fr, nl } = POINTS_HEADINGS[i];
                        bad(said!(
                            "points table, row «{ce}», column «{en}»: a whole number is needed",
                            "table des points, ligne « {cf} », colonne « {fr} » : un nombre entier est attendu",
                            "puntentabel, rij '{cn}', kolom '{nl}': een geheel getal is nodig"
                        ))
                    }
                    None => {
                        let Said { en, fr, nl } = crate::unread(&e);
                        bad(said!("points table, row «{ce}»: {en}", "table des points, ligne « {cf} » : {fr}", "puntentabel, rij '{cn}': {nl}"))
                    }
                }
            })?;
            map.insert(c, amounts);
        }
    }
    for c in Contract::ALL.into_iter().filter(|c| *c != Contract::Pass) {
        let (code, _, fr, nl) = called(c);
        let a = map
            .get(&c)
            .ok_or_else(|| bad(said!("points: no row for {code}", "table des points : pas de ligne pour « {fr} »", "puntentabel: geen rij voor '{nl}'")))?;
        let figures = [a.made, a.over, a.all.unwrap_or(0), a.failed, a.under];
        if figures.iter().any(|f| !(0..=POINTS_MAX).contains(f)) {
            return Err(bad(said!(
                "points for {code}: each figure lies within 0..{POINTS_MAX}",
                "points de « {fr} » : chaque chiffre va de 0 à {POINTS_MAX}",
                "punten voor '{nl}': elk cijfer ligt tussen 0 en {POINTS_MAX}"
            )));
        }
    }
    if map.contains_key(&Contract::Pass) {
        return Err(bad(said!(
            "points: a passed deal scores 0 and has no row",
            "table des points : une donne passée vaut 0 et n'a pas de ligne",
            "puntentabel: een gepast spel telt 0 en heeft geen rij"
        )));
    }
    Ok(map)
}

/// A fine: every other seat gets its amount, the offender pays it to each.
fn fined(entry: &Entry, fine: Fine, n: usize) -> Result<Vec<i64>, Violation> {
    if entry.contract.is_some() || entry.declarer.is_some() || entry.partner.is_some() || entry.declarers.is_some() || entry.tricks.is_some() {
        return Err(shape(said!(
            "a fine gives only `fine` and `offender`",
            "une amende ne donne que `fine` et `offender`",
            "een boete geeft enkel `fine` en `offender`"
        )));
    }
    let offender = entry
        .offender
        .ok_or_else(|| shape(said!("a fine names its `offender`", "une amende nomme le fautif (`offender`)", "een boete noemt de overtreder (`offender`)")))?;
    let offender = seat_index(offender, n, Tr::new("the offender", "le fautif", "de overtreder"))?;
    let k = fine.amount();
    let mut points = vec![k; n];
    points[offender] = -k * (n as i64 - 1);
    Ok(points)
}

/// The jury's consent: always for some contracts, and for a solo of anyone who lost two.
fn consent(contract: Contract, entry: &Entry, declarers: &[(usize, bool)], lost: &[usize]) -> Result<(), Violation> {
    if entry.jury.as_deref().is_some_and(|j| !j.trim().is_empty()) {
        return Ok(());
    }
    let (_, en, fr, nl) = called(contract);
    if contract.needs_jury() {
        return Err(Violation::said(
            JURY_CALL,
            said!(
                "«{en}» is played only with the jury's consent (`jury`)",
                "« {fr} » se joue seulement avec l'accord du jury (`jury`)",
                "'{nl}' wordt enkel met toestemming van de jury gespeeld (`jury`)"
            ),
        ));
    }
    if let Some((d, _)) = declarers.iter().find(|(d, _)| contract.is_solo() && lost[*d] >= 2) {
        let (s, solos) = (d + 1, lost[*d]);
        return Err(Violation::said(
            JURY_CALL,
            said!(
                "seat {s} has lost {solos} solos on this sheet: another needs the jury's consent (`jury`)",
                "la place {s} a perdu {solos} solos sur cette feuille : un autre demande l'accord du jury (`jury`)",
                "plaats {s} verloor {solos} solo's op dit blad: nog een solo vraagt de toestemming van de jury (`jury`)"
            ),
        ));
    }
    Ok(())
}

/// Each seat's points, and each declarer (0-based) with whether their contract was made.
type Scored = (Vec<i64>, Vec<(usize, bool)>);

/// A deal played under a contract: the entry that writes it, the table, the dealer who sits
/// it out at a table of five.
struct Played<'a> {
    rikken: &'a Rikken,
    entry: &'a Entry,
    contract: Contract,
    n: usize,
    out: Option<usize>,
}

impl Played<'_> {
    /// The seats that play the deal (all but the dealer at a table of five).
    fn players(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(move |s| Some(*s) != self.out)
    }

    /// Seat `s` (0-based) as `who`, refused when it sits the deal out.
    fn plays(&self, s: usize, who: Tr) -> Result<usize, Violation> {
        if Some(s) != self.out {
            return Ok(s);
        }
        let (seat, Tr { en, fr, nl }) = (s + 1, who);
        Err(Violation::said(
            PLAYS_DEAL,
            said!(
                "{en} is seat {seat}, the dealer, who sits this deal out",
                "{fr} : place {seat}, le donneur, qui ne joue pas cette donne",
                "{nl}: plaats {seat}, de gever, die dit spel niet meespeelt"
            ),
        ))
    }

    /// The entry's seat `seat` (1-based, as written) as `who`, at the table and in the deal.
    fn seat(&self, seat: i64, who: Tr) -> Result<usize, Violation> {
        self.plays(seat_index(seat, self.n, who)?, who)
    }

    /// The one count of tricks a partner contract or a solo gives (its range checked where
    /// it is scored).
    fn one_count(&self) -> Result<i64, Violation> {
        let (_, en, fr, nl) = called(self.contract);
        match &self.entry.tricks {
            Some(Tricks::One(t)) => Ok(*t),
            Some(Tricks::Each(_)) => Err(shape(said!(
                "«{en}» gives one count of `tricks`",
                "« {fr} » donne un seul nombre de plis (`tricks`)",
                "'{nl}' geeft één aantal slagen (`tricks`)"
            ))),
            None => Err(shape(said!("«{en}» gives its `tricks`", "« {fr} » donne ses plis (`tricks`)", "'{nl}' geeft zijn slagen (`tricks`)"))),
        }
    }

    /// The contract's row of the points table.
    fn row(&self) -> Result<&Amounts, Violation> {
        self.rikken.points.get(&self.contract).ok_or_else(|| {
            let (code, _, fr, nl) = called(self.contract);
            Violation::said(
                Rule::SETTINGS,
                said!(
                    "the points table has no row for {code}",
                    "la table des points n'a pas de ligne pour « {fr} »",
                    "de puntentabel heeft geen rij voor '{nl}'"
                ),
            )
        })
    }

    /// A passed deal: no figures, no points.
    fn passed(&self) -> Result<Vec<i64>, Violation> {
        let e = self.entry;
        if e.declarer.is_some() || e.partner.is_some() || e.declarers.is_some() || e.tricks.is_some() {
            return Err(shape(said!("a passed deal gives no figures", "une donne passée ne donne aucun chiffre", "een gepast spel geeft geen cijfers")));
        }
        Ok(vec![0; self.n])
    }

    /// A partner contract: the declarer and the partner against the other two.
    fn with_partner(&self) -> Result<Vec<i64>, Violation> {
        let (_, en, fr, nl) = called(self.contract);
        if self.entry.declarers.is_some() {
            return Err(shape(said!(
                "«{en}» names one `declarer` and a `partner`",
                "« {fr} » nomme un seul déclarant (`declarer`) et un partenaire (`partner`)",
                "'{nl}' noemt één speler (`declarer`) en een partner (`partner`)"
            )));
        }
        let (Some(d), Some(p)) = (self.entry.declarer, self.entry.partner) else {
            return Err(shape(said!(
                "«{en}» names its `declarer` and `partner`",
                "« {fr} » nomme son déclarant (`declarer`) et son partenaire (`partner`)",
                "'{nl}' noemt zijn speler (`declarer`) en partner (`partner`)"
            )));
        };
        let t = self.one_count()?;
        let (d, p) = (seat_index(d, self.n, DECLARER)?, seat_index(p, self.n, PARTNER_OF)?);
        let (d, p) = (self.plays(d, DECLARER)?, self.plays(p, PARTNER_OF)?);
        if d == p {
            let s = d + 1;
            return Err(Violation::said(
                PARTNER,
                said!(
                    "seat {s} cannot partner themself",
                    "la place {s} ne peut pas être son propre partenaire",
                    "plaats {s} kan niet met zichzelf samenspelen"
                ),
            ));
        }
        let (x, made) = self.row()?.amount(self.contract.target(), in_range(t)?);
        let mut points = vec![0; self.n];
        for s in self.players() {
            points[s] = match (s == d, s == p, made) {
                (true, _, true) | (_, true, true) => x,
                (false, false, true) => -x,
                (true, _, false) => -2 * x,
                (_, true, false) => 0,
                (false, false, false) => x,
            };
        }
        Ok(points)
    }

    /// A solo: the declarer against the three others; the declarer and whether it was made.
    fn solo(&self) -> Result<Scored, Violation> {
        let (_, en, fr, nl) = called(self.contract);
        if self.entry.partner.is_some() || self.entry.declarers.is_some() {
            return Err(shape(said!(
                "«{en}» is played alone: one `declarer`",
                "« {fr} » se joue seul : un seul déclarant (`declarer`)",
                "'{nl}' wordt alleen gespeeld: één speler (`declarer`)"
            )));
        }
        let d = self
            .entry
            .declarer
            .ok_or_else(|| shape(said!("«{en}» names its `declarer`", "« {fr} » nomme son déclarant (`declarer`)", "'{nl}' noemt zijn speler (`declarer`)")))?;
        let t = self.one_count()?;
        let d = self.seat(d, DECLARER)?;
        let (x, made) = self.row()?.amount(self.contract.target(), in_range(t)?);
        let s = if made { 1 } else { -1 };
        let mut points = vec![0; self.n];
        for p in self.players() {
            points[p] = if p == d { 3 * s * x } else { -s * x };
        }
        Ok((points, vec![(d, made)]))
    }

    /// A misère: each declarer alone against the others, made with no trick taken.
    fn misere(&self) -> Result<Scored, Violation> {
        let (_, en, fr, nl) = called(self.contract);
        if self.entry.declarer.is_some() || self.entry.partner.is_some() {
            return Err(shape(said!(
                "«{en}» names its `declarers` (one or more)",
                "« {fr} » nomme ses déclarants (`declarers`, un ou plusieurs)",
                "'{nl}' noemt zijn spelers (`declarers`, een of meer)"
            )));
        }
        let ds = self.entry.declarers.as_deref().filter(|d| !d.is_empty()).ok_or_else(|| {
            shape(said!("a misère names its `declarers`", "une misère nomme ses déclarants (`declarers`)", "een misère noemt haar spelers (`declarers`)"))
        })?;
        let ts = match &self.entry.tricks {
            Some(Tricks::Each(ts)) if ts.len() == ds.len() => ts,
            _ => {
                return Err(shape(said!(
                    "a misère gives `tricks`, one count per declarer",
                    "une misère donne les plis (`tricks`), un nombre par déclarant",
                    "een misère geeft de slagen (`tricks`), één aantal per speler"
                )))
            }
        };
        if let Some(twice) = ds.iter().enumerate().find(|(i, d)| ds[..*i].contains(d)).map(|(_, d)| d) {
            return Err(shape(said!(
                "seat {twice} is named twice among the declarers",
                "la place {twice} est nommée deux fois parmi les déclarants",
                "plaats {twice} wordt twee keer genoemd bij de spelers"
            )));
        }
        let seats = ds.iter().map(|d| self.seat(*d, A_DECLARER)).collect::<Result<Vec<_>, _>>()?;
        for t in ts {
            in_range(*t)?;
        }
        let together = ts.iter().sum::<i64>();
        if together > TRICKS {
            return Err(Violation::said(
                MISERE_TRICKS,
                said!(
                    "the declarers take {together} tricks together",
                    "les déclarants font {together} plis ensemble",
                    "de spelers halen samen {together} slagen"
                ),
            ));
        }
        // Every player of the deal a declarer: every trick is a declarer's, all thirteen.
        if seats.len() == self.players().count() && together != TRICKS {
            return Err(Violation::said(
                MISERE_TRICKS,
                said!(
                    "every player declares the misère, so they take all {TRICKS} tricks together, not {together}",
                    "tous les joueurs jouent la misère : ils font donc les {TRICKS} plis ensemble, pas {together}",
                    "alle spelers spelen de misère: samen halen ze dus alle {TRICKS} slagen, niet {together}"
                ),
            ));
        }
        let amounts = self.row()?;
        let mut points = vec![0; self.n];
        let mut declarers = vec![];
        for (d, t) in seats.iter().zip(ts) {
            let made = *t == 0;
            let (x, s) = if made { (amounts.made, 1) } else { (amounts.failed, -1) };
            for p in self.players() {
                points[p] += if p == *d { 3 * s * x } else { -s * x };
            }
            declarers.push((*d, made));
        }
        Ok((points, declarers))
    }
}

/// A count of tricks, refused outside 0 to 13.
fn in_range(t: i64) -> Result<i64, Violation> {
    if (0..=TRICKS).contains(&t) {
        Ok(t)
    } else {
        Err(Violation::said(
            TRICKS_RANGE,
            said!("{t} tricks, where a deal has 13", "{t} plis, quand une donne en compte 13", "{t} slagen, waar een spel er 13 telt"),
        ))
    }
}

/// The state of a sheet between two entries.
struct Progress {
    deals: usize,
    lost: Vec<usize>,
}

impl Rikken {
    pub fn needed(&self, seats: usize) -> usize {
        self.deals * seats / 4
    }

    /// Points of one entry at `table`, given who deals and the solos lost so far; the seats
    /// whose solo it lost.
    fn score(&self, table: Table, dealer: Seat, entry: &Entry, lost: &[usize]) -> Result<(Vec<i64>, Vec<Seat>), Violation> {
        let n = table.seats;
        // The jury member who consented is named as a person is, at most 100 characters (the
        // api bounds a line's other words at a reason's length).
        if entry.jury.as_deref().is_some_and(|j| j.trim().chars().count() > JURY_NAME_MOST) {
            return Err(shape(said!(
                "the jury member who consented (`jury`) is named in at most {JURY_NAME_MOST} characters",
                "le membre du jury qui a consenti (`jury`) se nomme en {JURY_NAME_MOST} caractères au plus",
                "het jurylid dat toestemde (`jury`) wordt in hoogstens {JURY_NAME_MOST} tekens genoemd"
            )));
        }
        if let Some(fine) = entry.fine {
            return Ok((fined(entry, fine, n)?, vec![]));
        }
        if entry.offender.is_some() {
            return Err(shape(said!(
                "only a fine names an `offender`",
                "seule une amende nomme un fautif (`offender`)",
                "enkel een boete noemt een overtreder (`offender`)"
            )));
        }
        let contract = entry.contract.ok_or_else(|| {
            shape(said!(
                "an entry names its `contract` (or is a `fine`)",
                "une ligne nomme son contrat (`contract`), ou est une amende (`fine`)",
                "een lijn noemt haar contract (`contract`), of is een boete (`fine`)"
            ))
        })?;
        let deal = Played { rikken: self, entry, contract, n, out: (n == 5).then_some(dealer - 1) };
        let (points, declarers) = match contract.kind() {
            Kind::Pass => (deal.passed()?, vec![]),
            Kind::Partner => (deal.with_partner()?, vec![]),
            Kind::Solo => deal.solo()?,
            Kind::Misere => deal.misere()?,
        };
        consent(contract, entry, &declarers, lost)?;
        let lost_now = declarers.iter().filter(|(_, made)| !made).map(|(d, _)| d + 1).collect();
        Ok((points, lost_now))
    }

    fn walk(&self, table: Table, entries: &[Entry]) -> Result<(Sheet, Progress), SheetError> {
        let n = table.seats;
        if !(1..=n).contains(&table.first_dealer) {
            let first = table.first_dealer;
            return Err(SheetError::sheet(Violation::said(
                Rule::FIRST_DEALER,
                said!("the first dealer is seat {first}", "le premier donneur est la place {first}", "de eerste gever is plaats {first}"),
            )));
        }
        let needed = self.needed(n);
        let mut progress = Progress { deals: 0, lost: vec![0; n] };
        let mut lines = vec![];
        for (i, entry) in entries.iter().enumerate() {
            let at = |v: Violation| SheetError::at(i + 1, v);
            // A fine is not a deal (FORMAT.md): it may follow the last one.
            if progress.deals >= needed && entry.fine.is_none() {
                return Err(at(Violation::said(
                    Rule::SHEET_FULL,
                    said!(
                        "all {needed} deals are already on the sheet",
                        "les {needed} donnes sont déjà sur la feuille",
                        "alle {needed} spelen staan al op het blad"
                    ),
                )));
            }
            let dealer = seat_after(table.first_dealer, progress.deals, n);
            let (points, lost) = self.score(table, dealer, entry, &progress.lost).map_err(at)?;
            for s in lost {
                progress.lost[s - 1] += 1;
            }
            let is_deal = entry.fine.is_none();
            let label = match (entry.fine, entry.contract) {
                (Some(f), _) => f.code().to_string(),
                (None, Some(c)) => c.code().to_string(),
                _ => "?".into(),
            };
            lines.push(Line {
                line: i + 1,
                deal: progress.deals + 1,
                dealer: Some(dealer),
                label,
                points,
                counts: true,
                chooser: entry.declarer.and_then(|d| usize::try_from(d).ok()),
                fault: entry.fine.and(entry.offender).and_then(|o| usize::try_from(o).ok()),
                sits_out: (n == 5 && is_deal).then_some(dealer),
            });
            if is_deal {
                progress.deals += 1;
            }
        }
        let played = progress.deals;
        Ok((Sheet::of_lines(n, lines, played, needed), progress))
    }
}

impl Game for Rikken {
    type Entry = Entry;
    type Choices = Choices;

    const DECK: Option<Deck> = Some(Deck::French);
    const FIGURE_KEYS: &'static [&'static str] = &["tricks", "partner"];
    const HAND_FIELDS: &'static [&'static str] = &["trump", "called"];

    fn play(&self, context: &play::Context, deal: &Entry) -> Result<play::DealPlay, Violation> {
        deal_play(context, deal)
    }

    fn figures(&self, context: &play::Context, deal: &Entry, replay: &play::Replay) -> Map<String, Value> {
        deal_figures(context, deal, replay)
    }

    /// The declarer and the partner the cards make, in `rik`, `rik-beter`, `trou`, `troela`.
    fn pair(&self, context: &play::Context, deal: &Entry) -> Option<(usize, usize)> {
        let contract = deal.contract.filter(|c| c.kind() == Kind::Partner)?;
        let declarer = declarer_of(deal, context.seats).ok()?;
        partner_of(context, contract, declarer).map(|(partner, _)| (declarer, partner))
    }

    /// The tricks the contract's declarers must make (the pair's together in a partner
    /// contract), or for each misère declarer none to take.
    fn demand(&self, context: &play::Context, deal: &Entry, seat: usize) -> Option<crate::solve::Claim> {
        let contract = deal.contract?;
        let target = usize::try_from(contract.target()).ok()?;
        match contract.kind() {
            Kind::Misere => deal.declarers.as_ref()?.iter().any(|d| usize::try_from(*d) == Ok(seat)).then_some(crate::solve::Claim::AtMost(0)),
            Kind::Partner => {
                let declarer = declarer_of(deal, context.seats).ok()?;
                let partner = self.pair(context, deal).map_or(declarer, |(_, partner)| partner);
                (seat == declarer || seat == partner).then_some(crate::solve::Claim::AtLeast(target))
            }
            Kind::Solo => (declarer_of(deal, context.seats).ok()? == seat).then_some(crate::solve::Claim::AtLeast(target)),
            Kind::Pass => None,
        }
    }

    const ID: GameId = GameId::Rikken;
    const NAME: Tr = Tr::new("Rikken", "Rikken", "Rikken");
    const SEATS: std::ops::RangeInclusive<usize> = 4..=5;
    const RANKING: RankingMethod = RankingMethod::TotalScore;
    const KEYS: &'static [&'static str] = &["deals", "points"];
    const FIELDS: &'static [Field] = &[
        Field::new("declarer", Tr::new("declarer", "déclarant", "speler"), true),
        Field::new("partner", Tr::new("partner", "partenaire", "partner"), true),
        Field::seats("declarers", Tr::new("declarers", "déclarants", "spelers"), Tr::new("declarer", "déclarant", "speler")),
        Field::new("tricks", Tr::new("tricks", "plis", "slagen"), false).on_line(),
        Field::new("jury", Tr::new("jury member", "membre du jury", "jurylid"), false).person(),
        Field::new("offender", Tr::new("offender", "fautif", "overtreder"), true),
        Field::new("reason", Tr::new("reason", "motif", "reden"), false),
        Field::new("by", Tr::new("jury member", "membre du jury", "jurylid"), false).person(),
    ];

    fn from_settings(settings: &Map<String, Value>) -> Result<Rikken, Violation> {
        let deals: usize = setting(settings, "deals", 16)?;
        if deals == 0 || !deals.is_multiple_of(4) || deals > 40 {
            return Err(Violation::said(
                Rule::SETTINGS,
                said!(
                    "deals: {deals}; a multiple of 4 from 4 to 40 (a table of five plays a quarter more)",
                    "donnes : {deals} ; un multiple de 4 de 4 à 40 (une table de cinq en joue un quart de plus)",
                    "spelen: {deals}; een veelvoud van 4 van 4 tot 40 (een tafel van vijf speelt er een vierde meer)"
                ),
            ));
        }
        let points = parse_points(settings.get("points").filter(|p| !p.is_null()).unwrap_or(&default_points()))?;
        Ok(Rikken { deals, points })
    }

    fn settings_defaults() -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("points".into(), default_points());
        m
    }

    fn settings_form(lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        json!([{"key": "deals", "label": t("Deals at a table of four", "Donnes à une table de quatre", "Spelen aan een tafel van vier"), "options": [
            form_option(t("16 (20 at a table of five)", "16 (20 à une table de cinq)", "16 (20 aan een tafel van vijf)"), json!({"deals": 16})),
            form_option(t("12 (15 at a table of five)", "12 (15 à une table de cinq)", "12 (15 aan een tafel van vijf)"), json!({"deals": 12})),
            form_option(t("20 (25 at a table of five)", "20 (25 à une table de cinq)", "20 (25 aan een tafel van vijf)"), json!({"deals": 20})),
        ]}])
    }

    fn replay(&self, table: Table, entries: &[Entry]) -> Result<Sheet, SheetError> {
        self.walk(table, entries).map(|(sheet, _)| sheet)
    }

    fn next_choices(&self, table: Table, entries: &[Entry]) -> Result<Option<Choices>, SheetError> {
        let (sheet, progress) = self.walk(table, entries)?;
        if sheet.complete {
            return Ok(None);
        }
        let dealer = seat_after(table.first_dealer, progress.deals, table.seats);
        Ok(Some(Choices {
            turn: crate::Turn { line: entries.len() + 1, deal: progress.deals + 1, dealer },
            sits_out: (table.seats == 5).then_some(dealer),
            deals_needed: sheet.deals_needed,
            jury_due_for: (1..=table.seats).filter(|s| progress.lost[s - 1] >= 2).collect(),
            jury_always: Contract::ALL.into_iter().filter(|c| c.needs_jury()).collect(),
            solos_lost: progress.lost,
        }))
    }

    fn describe(&self, lang: Lang) -> Value {
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        let contracts: Vec<Value> = Contract::ALL
            .into_iter()
            .map(|c| {
                json!({"code": c.code(), "key": c.key(), "name": c.names().get(lang), "kind": c.kind(), "target": c.target(),
                       "jury": c.needs_jury(), "solo": c.is_solo(), "points": self.points.get(&c), "figures": c.points_figures()})
            })
            .collect();
        let fines: Vec<Value> = Fine::ALL.into_iter().map(|f| json!({"code": f.code(), "name": f.names().get(lang), "amount": f.amount()})).collect();
        let mut described = json!({
            "game": Self::ID.code(),
            "name": Self::NAME.get(lang),
            "points_columns": POINTS_COLUMNS,
            "deals": self.deals,
            // The tricks of a deal (the entry's counts go from 0 to it).
            "tricks": TRICKS,
            "contracts": contracts,
            "fines": fines,
            "labels": {
                "declarer": t("declarer", "déclarant", "speler"),
                "partner": t("partner", "partenaire", "partner"),
                "declarers": t("declarers (one or more)", "déclarants (un ou plusieurs)", "spelers (een of meer)"),
                "tricks": t("tricks taken", "plis faits", "gehaalde slagen"),
                "pair_tricks": t("tricks of the pair", "plis de la paire", "slagen van het paar"),
                "jury": t("jury member who consented", "membre du jury qui a accepté", "jurylid dat toestemde"),
                "jury_due": t("the jury must consent before play", "le jury doit accepter avant le jeu", "de jury moet toestemmen voor het spel"),
                "jury_due_for": t("has lost two solos: a solo needs the jury", "a perdu deux solos : un solo demande le jury", "verloor twee solo's: een solo vraagt de jury"),
                "sits_out": t("sits out", "ne joue pas", "speelt niet mee"),
                "circled": t("declared the contract", "a déclaré le contrat", "ging het spel aan"),
                "own_partner": t("is the declarer: the partner is another player", "est le déclarant : le partenaire est un autre joueur", "is de speler: de partner is een andere speler"),
                "fine": t("fine", "amende", "boete"),
                "offender": t("offender", "fautif", "overtreder"),
                "jury_call": t("Jury call (before play)", "Appel au jury (avant le jeu)", "Juryoproep (voor het spel)"),
                "consent": t("decision", "décision", "beslissing"),
                "consent_yes": t("consent", "accord", "toestemming"),
                "consent_no": t("refusal", "refus", "weigering"),
                "jury_refused": t("the jury refused this contract to this declarer", "le jury a refusé ce contrat à ce déclarant", "de jury weigerde dit contract aan deze speler"),
                "points_table": t("Points table (amount per opponent)", "Table des points (montant par adversaire)", "Puntentabel (bedrag per tegenspeler)"),
                "made": POINTS_HEADINGS[0].get(lang),
                "over": POINTS_HEADINGS[1].get(lang),
                "all": POINTS_HEADINGS[2].get(lang),
                "failed": POINTS_HEADINGS[3].get(lang),
                "under": POINTS_HEADINGS[4].get(lang),
            },
        });
        // The keys its settings hold, in words (the log says the points table with them): a
        // row by its contract's name, a column by its label.
        let mut words = Map::new();
        for c in Contract::ALL {
            words.insert(c.code().to_string(), c.names().get(lang).into());
        }
        for k in POINTS_COLUMNS {
            words.insert(k.to_string(), described["labels"][k].clone());
        }
        described["setting_words"] = Value::Object(words);
        described
    }

    /// One row per deal (the dealer, who sits out at a table of five), with the
    /// contract, who played it (declarer and partner, declarers, a fine's offender), and
    /// tricks; fines are written on the next free row.
    fn print_form(&self, table: Table, lang: Lang) -> Value {
        let rows = (0..self.needed(table.seats))
            .map(|d| {
                let dealer = seat_after(table.first_dealer, d, table.seats);
                crate::print_row((d + 1).to_string(), dealer, (table.seats == 5).then_some(dealer), false)
            })
            .collect();
        let t = |en, fr, nl| Tr::new(en, fr, nl).get(lang);
        crate::print_form(
            json!([
                {"title": t("Contract", "Contrat", "Contract"), "width": 2.4, "from": "label"},
                {"title": t("Decl./partner", "Décl./part.", "Speler/partner"), "width": 3.2, "from": "who"},
                {"title": t("Tricks", "Plis", "Slagen"), "width": 1.0, "from": "tricks"}
            ]),
            json!([{"title": t("pts", "pts", "ptn"), "from": "points"}]),
            rows,
        )
    }

    /// Tables of four; the players left over make tables of five (as many as there are
    /// tables), and only those still left over sit out.
    fn plan(&self, players: usize) -> Option<TablePlan> {
        let tables = players / 4;
        if tables == 0 {
            return None;
        }
        let fives = (players - 4 * tables).min(tables);
        let sizes = (0..tables).map(|i| if i < fives { 5 } else { 4 }).collect();
        Some(TablePlan { sizes, byes: players - 4 * tables - fives })
    }
}

/// The seat a deal's figures name as the declarer.
fn declarer_of(deal: &Entry, seats: usize) -> Result<usize, Violation> {
    deal.declarer.and_then(|d| usize::try_from(d).ok()).filter(|d| (1..=seats).contains(d)).ok_or_else(|| {
        play::record_fault(said!(
            "the deal names no declarer (`deal.declarer`)",
            "la donne ne nomme pas de déclarant (`deal.declarer`)",
            "het spel noemt geen speler (`deal.declarer`)"
        ))
    })
}

/// The partner the cards make (RULES.md §7): the holder of the called ace (`rik`, `rik
/// beter`), of the fourth ace (`trou`), of the highest heart the declarer does not hold
/// (`troela`); and the trump these contracts set (`trou`: the fourth ace's suit; `troela`:
/// hearts).
fn partner_of(context: &play::Context, contract: Contract, declarer: usize) -> Option<(usize, Option<Suit>)> {
    let ace = |suit| Card::Plain { suit, rank: play::ACE };
    let held = |card| context.holder(card);
    match contract {
        Contract::Rik | Contract::RikBeter => context.called.and_then(|suit| held(ace(suit)).map(|p| (p, None))),
        Contract::Trou => {
            let fourth = Suit::ALL.into_iter().find(|s| held(ace(*s)) != Some(declarer))?;
            held(ace(fourth)).map(|p| (p, Some(fourth)))
        }
        Contract::Troela => (2..=play::ACE)
            .rev()
            .map(|rank| Card::Plain { suit: Suit::Hearts, rank })
            .find_map(|card| held(card).filter(|p| *p != declarer))
            .map(|p| (p, Some(Suit::Hearts))),
        _ => None,
    }
}

/// How a deal of Rikken is played (RULES.md §3 and §7): follow suit and nothing else,
/// but that the called ace is not led while its holder holds another card; always played
/// out. The seat left of the dealer leads (the dealer sits out at a table of five), the
/// declarer in an abondance or a chelem. The trump is the record's, but in `trou` and
/// `troela`, whose contract sets it.
fn deal_play(context: &play::Context, deal: &Entry) -> Result<play::DealPlay, Violation> {
    let contract = deal.contract.ok_or_else(play::no_contract)?;
    let seats = context.seats;
    let out = (seats == 5).then_some(context.dealer);
    let mut expected = vec![13; seats];
    if let Some(o) = out {
        expected[o - 1] = 0;
    }
    let given_trump = || {
        context.trump.ok_or_else(|| {
            play::record_fault(said!(
                "choose the trump: the turned card's suit, or no trump (`hand.trump`)",
                "choisissez l'atout : la couleur de la carte retournée, ou sans atout (`hand.trump`)",
                "kies de troef: de kleur van de omgedraaide kaart, of zonder troef (`hand.trump`)"
            ))
        })
    };
    let mut leader = context.left_of_dealer(out);
    let mut called_ace = None;
    let trump = match contract.kind() {
        Kind::Partner => {
            let declarer = declarer_of(deal, seats)?;
            if matches!(contract, Contract::Rik | Contract::RikBeter) {
                let suit = context.called.ok_or_else(|| {
                    play::record_fault(said!(
                        "choose the called ace's suit (`hand.called`)",
                        "choisissez la couleur de l'as appelé (`hand.called`)",
                        "kies de kleur van de gevraagde aas (`hand.called`)"
                    ))
                })?;
                called_ace = Some(Card::Plain { suit, rank: play::ACE });
                given_trump()?
            } else {
                // A trou is declared on three aces, a troela on four (RULES.md §3): cards that
                // say otherwise make no partner, and are refused as the record's fault.
                // Only when each ace is dealt once: cards dealt wrong are the `deal-cards`
                // answer's, which the replay gives.
                let ace = |suit| Card::Plain { suit, rank: play::ACE };
                let once = Suit::ALL.into_iter().all(|suit| context.dealt.iter().filter(|h| h.contains(&ace(suit))).count() == 1);
                let held = Suit::ALL.into_iter().filter(|suit| context.holder(ace(*suit)) == Some(declarer)).count();
                let asked = if contract == Contract::Trou { 3 } else { 4 };
                if once && held != asked {
                    let code = contract.code();
                    return Err(play::contract_fault(said!(
                        "a {code} is declared on {asked} aces; the declarer (seat {declarer}) holds {held}",
                        "un {code} se déclare avec {asked} as ; le déclarant (place {declarer}) en a {held}",
                        "een {code} wordt gespeeld met {asked} azen; de speler (plaats {declarer}) heeft er {held}"
                    )));
                }
                match partner_of(context, contract, declarer) {
                    Some((_, set)) => set,
                    None => given_trump()?,
                }
            }
        }
        Kind::Solo => {
            if context.leader.is_none() {
                leader = declarer_of(deal, seats)?;
            }
            given_trump()?
        }
        Kind::Misere | Kind::Pass => given_trump()?,
    };
    Ok(play::DealPlay { conduct: Conduct { called_ace, ..Conduct::plain(Deck::French, trump, 13) }, leader, expected })
}

/// The figures of the sheet line: the pair's tricks and the partner the cards make
/// (partner contracts), the declarer's tricks (solos), each declarer's (misère).
fn deal_figures(context: &play::Context, deal: &Entry, replay: &play::Replay) -> Map<String, Value> {
    let mut out = Map::new();
    let Some(contract) = deal.contract else { return out };
    let won = replay.tricks_won(context.seats);
    let of = |seat: usize| won.get(seat.wrapping_sub(1)).copied().unwrap_or(0);
    match contract.kind() {
        Kind::Partner => {
            if let Ok(declarer) = declarer_of(deal, context.seats) {
                if let Some((partner, _)) = partner_of(context, contract, declarer) {
                    let pair = if partner == declarer { of(declarer) } else { of(declarer) + of(partner) };
                    out.insert("partner".into(), json!(partner));
                    out.insert("tricks".into(), json!(pair));
                }
            }
        }
        Kind::Solo => {
            if let Ok(declarer) = declarer_of(deal, context.seats) {
                out.insert("tricks".into(), json!(of(declarer)));
            }
        }
        Kind::Misere => {
            let declarers: Vec<i64> = deal.declarers.clone().unwrap_or_default();
            out.insert("tricks".into(), json!(declarers.iter().map(|d| usize::try_from(*d).map_or(0, of)).collect::<Vec<_>>()));
        }
        Kind::Pass => {}
    }
    out
}
