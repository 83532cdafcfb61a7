//! The hand checker for the jury (RULES.md §7, FORMAT.md "Hand records"): a deal replayed
//! card by card, without a tournament. What is legal is the rules' (`atout_rules::play`
//! and each game's module); this reads the record, bounds it and says the verdict.

use crate::text::sentence;
use crate::{ApiError, Place, Result};
use atout_rules::cards::NOT_A_CARD;
use atout_rules::play::{Card, Deck};
use atout_rules::{said, GameId, Lang, Said, Tr};
use serde::Serialize;
use serde_json::{Map, Value};

/// The longest hand record read (a 57-card deal typed in full is about 2 KB).
const MOST_BYTES: usize = 256 * 1024;

/// A trick as played: who led, each card with its seat, who won (0: not finished).
#[derive(Clone, Debug, Serialize)]
pub struct TrickView {
    /// The trick's number in the deal (1 the first): a claim's line starts where the claim was made.
    pub number: usize,
    pub leader: usize,
    /// Each card with the seat that played it, in order.
    pub plays: Vec<(usize, String)>,
    pub winner: usize,
    /// How many of `plays` were on the table already (a claim's line made within a trick: its
    /// first trick shows the cards played before the claim, then the line's).
    #[serde(skip_serializing_if = "is_zero")]
    pub before: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The checker's answer: FORMAT.md's verdict, the broken rule in the three languages,
/// the tricks as played, and whether the record stands (every card legal, and the
/// line's figures, if it gives any, those the cards give: `atout hand check` exits 0).
#[derive(Clone, Debug, Serialize)]
pub struct HandVerdict {
    pub verdict: Value,
    /// The rule the first illegal card breaks: `{en, fr, nl}`.
    pub rule: Option<Value>,
    pub tricks: Vec<TrickView>,
    pub settled: bool,
    /// After the last card, while every card was legal and cards remain: the seat to play,
    /// the cards it holds and those it may play.
    pub next: Option<NextCard>,
    /// The cards the deal gives each seat (0: sits it out), seat 1 first.
    pub expected: Vec<usize>,
    /// The verdict in words, line by line, in the language asked (`atout hand check`):
    /// cards in the jury's words (docs/cards.md), the rule said, not coded.
    pub said: Vec<String>,
}

/// The seat to play next, what it holds, what it may play.
#[derive(Clone, Debug, Serialize)]
pub struct NextCard {
    pub seat: usize,
    pub hand: Vec<String>,
    pub legal: Vec<String>,
}

/// Check a hand record given as JSON text; its words in English.
pub fn hand_check(text: &str) -> Result<HandVerdict> {
    hand_check_in(text, Lang::En)
}

/// Check a hand record given as JSON text, its words (`said`) in `lang`.
pub fn hand_check_in(text: &str, lang: Lang) -> Result<HandVerdict> {
    let (checked, record, rules) = replayed(text)?;
    let said = said_lines(&checked, &record, &rules.describe(lang)["fields"], lang);
    let verdict = checked.verdict;
    let deck = checked.deck;
    let rule = checked.replay.illegal.as_ref().map(|i| i.rule_texts().all());
    let tricks = trick_views(&checked.replay, deck);
    let names = |cards: Vec<atout_rules::play::Card>| cards.into_iter().map(|c| deck.name(c)).collect::<Vec<_>>();
    let next = match (&checked.state, &checked.replay.illegal) {
        (Some(state), None) => state.to_play().map(|seat| NextCard { seat, hand: names(state.hand(seat)), legal: names(state.legal()) }),
        _ => None,
    };
    let carries = checked.carries;
    let settled = verdict["legal"] == true && (!carries || verdict["line"] == "matches");
    Ok(HandVerdict { verdict, rule, tricks, settled, next, expected: checked.expected, said })
}

/// A hand record that cannot be read as one (too large, not JSON, no game Atout plays):
/// refused under the hand checker's rule for records, as a record with wrong fields is.
fn record_refused(said: Said) -> ApiError {
    ApiError::Refused { place: Place::default(), violation: atout_rules::Violation::said(atout_rules::play::HAND_RECORD, said) }
}

/// A hand record given as JSON text, read, bounded and replayed by its game's rules (the
/// hand checker's and the claim checker's one way in): the replay, the record, the game.
fn replayed(text: &str) -> Result<(atout_rules::play::Checked, Value, Box<dyn atout_rules::Rules>)> {
    if text.len() > MOST_BYTES {
        let most = MOST_BYTES / 1024;
        return Err(record_refused(said!(
            "a hand record is at most {most} KB",
            "un relevé de donne fait au plus {most} Ko",
            "een spelverslag is hoogstens {most} kB"
        )));
    }
    let record: Value = atout_rules::unique_json(text.strip_prefix('\u{feff}').unwrap_or(text).as_bytes()).map_err(|e| {
        let atout_rules::Said { en, fr, nl } = atout_rules::unread(&e);
        record_refused(said!("the hand record is not JSON: {en}", "le relevé de donne n'est pas du JSON : {fr}", "het spelverslag is geen JSON: {nl}"))
    })?;
    // Whole numbers written as decimals (`"seats": 4.0`, another tool's way) read as the whole
    // numbers they are, as a document's do: they were refused, «the table seats 4 to 4».
    let record = atout_rules::whole_numbers(&record);
    let code = record.get("game").and_then(Value::as_str).unwrap_or_default().to_string();
    let game = GameId::parse(&code).ok_or_else(|| {
        record_refused(said!("game «{code}»: not a game Atout plays", "jeu «{code}» : pas un jeu qu'Atout connaît", "spel «{code}»: geen spel dat Atout kent"))
    })?;
    // The tournament's own settings of the game, where the record carries them (Atout's
    // field: Double King's `cannot_overruff` changes what may be played).
    let settings = match record.get("settings") {
        None | Some(Value::Null) => serde_json::Map::new(),
        Some(Value::Object(map)) => map.clone(),
        Some(_) => {
            return Err(record_refused(said!(
                "`settings`: the game's settings, as an object",
                "`settings` : les paramètres du jeu, en objet",
                "`settings`: de instellingen van het spel, als object"
            )))
        }
    };
    let rules = game.rules(&settings).map_err(|v| ApiError::Refused { place: Place::default(), violation: v })?;
    let checked = rules.hand_replay(&record).map_err(|v| ApiError::Refused { place: Place::default(), violation: v })?;
    Ok((checked, record, rules))
}

/// A card of FORMAT.md's notation in the jury's words; a token that is no card, as it is.
pub(crate) fn shown(deck: Deck, card: &str, lang: Lang) -> String {
    deck.parse(card).map_or_else(|| card.to_string(), |c| deck.name_in(c, lang))
}

/// Why the cards dealt do not stand yet (trick 0), in every language: a token that is no
/// card, a card dealt twice, or a seat with more or fewer cards than the deal gives it.
pub(crate) fn dealing_said(checked: &atout_rules::play::Checked, record: &Value) -> Option<Said> {
    let bad = checked.replay.illegal.as_ref().filter(|b| b.trick == 0)?;
    let seat = bad.seat;
    let card = shown(checked.deck, &bad.card, Lang::En);
    let (fr_card, nl_card) = (shown(checked.deck, &bad.card, Lang::Fr), shown(checked.deck, &bad.card, Lang::Nl));
    if bad.no_card {
        return Some(said!("seat {seat}: «{card}» is not a card", "place {seat} : «{card}» n'est pas une carte", "plaats {seat}: «{card}» is geen kaart"));
    }
    if !bad.card.is_empty() {
        return Some(said!(
            "seat {seat}: {card} is dealt twice",
            "place {seat} : {fr_card} est donnée deux fois",
            "plaats {seat}: {nl_card} is twee keer gegeven"
        ));
    }
    let dealt = atout_rules::play::dealt_as_written(record);
    let held = dealt.get(seat - 1).map_or(0, Vec::len);
    let Some(&due) = checked.expected.get(seat - 1) else {
        let seats = checked.expected.len();
        return Some(said!(
            "cards are given for {held} seats: the table has {seats}",
            "des cartes sont données à plus de places que les {seats} de la table",
            "er zijn kaarten voor meer plaatsen dan de {seats} van de tafel"
        ));
    };
    Some(if held > due {
        if held == 1 {
            said!(
                "seat {seat} has 1 card: the deal gives it {due}",
                "la place {seat} a 1 carte : la donne lui en donne {due}",
                "plaats {seat} heeft 1 kaart: het spel geeft er {due}"
            )
        } else {
            said!(
                "seat {seat} has {held} cards: the deal gives it {due}",
                "la place {seat} a {held} cartes : la donne lui en donne {due}",
                "plaats {seat} heeft {held} kaarten: het spel geeft er {due}"
            )
        }
    } else {
        let left: usize = checked.expected.iter().sum::<usize>().saturating_sub(dealt.iter().map(Vec::len).sum());
        said!(
            "seat {seat} has {held} of its {due} cards; {left} still to deal",
            "la place {seat} a {held} de ses {due} cartes ; {left} encore à donner",
            "plaats {seat} heeft {held} van zijn {due} kaarten; nog {left} te geven"
        )
    })
}

/// The checker's answer in words, in `lang` (`atout hand check`'s text): each trick, then
/// the first illegal card with its rule said and the cards allowed, or the figures.
fn said_lines(checked: &atout_rules::play::Checked, record: &Value, fields: &Value, lang: Lang) -> Vec<String> {
    let deck = checked.deck;
    let name = |c: &Card| deck.name_in(*c, lang);
    let mut out = vec![];
    for (i, t) in checked.replay.tricks.iter().enumerate() {
        let cards: Vec<String> = t.cards.iter().map(|(s, c)| format!("{s}:{}", name(c))).collect();
        let (n, cards, w) = (i + 1, cards.join(" "), t.winner);
        let line = match (lang, w) {
            (Lang::En, 0) => format!("trick {n:>2}  {cards:<40} not finished"),
            (Lang::En, _) => format!("trick {n:>2}  {cards:<40} won by seat {w}"),
            (Lang::Fr, 0) => format!("pli {n:>2}  {cards:<40} pas fini"),
            (Lang::Fr, _) => format!("pli {n:>2}  {cards:<40} pris par la place {w}"),
            (Lang::Nl, 0) => format!("slag {n:>2}  {cards:<40} niet af"),
            (Lang::Nl, _) => format!("slag {n:>2}  {cards:<40} genomen door plaats {w}"),
        };
        out.push(line);
    }
    if let Some(said) = dealing_said(checked, record) {
        let rule = checked.replay.illegal.as_ref().map(|i| i.rule_texts().get(lang)).unwrap_or_default();
        out.push(match lang {
            Lang::En => format!("the cards dealt are wrong: {} ({rule})", said.get(lang)),
            Lang::Fr => format!("les cartes données sont fausses : {} ({rule})", said.get(lang)),
            Lang::Nl => format!("de gegeven kaarten kloppen niet: {} ({rule})", said.get(lang)),
        });
        return out;
    }
    if let Some(bad) = &checked.replay.illegal {
        // A token that is no card is said so, with how a card is written.
        let rule = if bad.no_card { NOT_A_CARD.texts().get(lang) } else { bad.rule_texts().get(lang) };
        let (trick, seat, card) = (bad.trick, bad.seat, shown(deck, &bad.card, lang));
        let allowed: Vec<String> = bad.legal_cards.iter().map(|c| shown(deck, c, lang)).collect();
        let allowed = if allowed.is_empty() { "-".to_string() } else { allowed.join(" ") };
        let not_a_card = bad.no_card;
        out.extend(match (lang, not_a_card) {
            (Lang::En, true) => [format!("trick {trick}, seat {seat}: «{card}» is not a card ({rule})"), format!("allowed: {allowed}")],
            (Lang::En, false) => [format!("illegal: trick {trick}, seat {seat} played {card}: {rule}"), format!("allowed: {allowed}")],
            (Lang::Fr, true) => [format!("pli {trick}, place {seat} : «{card}» n'est pas une carte ({rule})"), format!("permises : {allowed}")],
            (Lang::Fr, false) => [format!("interdite : pli {trick}, la place {seat} a joué {card} : {rule}"), format!("permises : {allowed}")],
            (Lang::Nl, true) => [format!("slag {trick}, plaats {seat}: «{card}» is geen kaart ({rule})"), format!("toegelaten: {allowed}")],
            (Lang::Nl, false) => [format!("verboden: slag {trick}, plaats {seat} speelde {card}: {rule}"), format!("toegelaten: {allowed}")],
        });
        return out;
    }
    let v = &checked.verdict;
    if v["complete"] != true {
        out.push(
            Tr::new(
                "every card is legal so far; the deal is not played to its end",
                "jusqu'ici toutes les cartes sont permises ; la donne n'est pas jouée jusqu'au bout",
                "tot nu toe is elke kaart toegelaten; het spel is niet uitgespeeld",
            )
            .get(lang)
            .to_string(),
        );
        return out;
    }
    out.push(
        Tr::new(
            "every card is legal; the deal is complete",
            "toutes les cartes sont permises ; la donne est complète",
            "elke kaart is toegelaten; het spel is volledig",
        )
        .get(lang)
        .to_string(),
    );
    if let Some(figures) = figures_said(&v["figures"], fields) {
        let head = Tr::new("the cards give: ", "les cartes donnent : ", "de kaarten geven: ").get(lang);
        out.push(format!("{head}{figures}"));
    }
    match v["line"].as_str() {
        Some("matches") => {
            out.push(Tr::new("the line gives the same figures", "la ligne donne les mêmes chiffres", "de lijn geeft dezelfde cijfers").get(lang).to_string())
        }
        Some(_) => out.push(Tr::new("the line gives other figures", "la ligne donne d'autres chiffres", "de lijn geeft andere cijfers").get(lang).to_string()),
        None => {}
    }
    out
}

/// The figures the cards give, each by the name its game gives the field (`fields`, from the
/// game's description in the reader's language), a list's values joined by " · " as the
/// window shows them: "counts by seat 4 · 0 · 0 · 0". None when the cards give none.
pub(crate) fn figures_said(figures: &Value, fields: &Value) -> Option<String> {
    fn shown(x: &Value) -> String {
        match x {
            Value::Null => "—".to_string(),
            Value::String(s) => s.clone(),
            Value::Array(xs) => xs.iter().map(shown).collect::<Vec<_>>().join(" · "),
            other => other.to_string(),
        }
    }
    let f = figures.as_object().filter(|f| !f.is_empty())?;
    Some(f.iter().map(|(k, x)| format!("{} {}", fields[k]["name"].as_str().unwrap_or(k), shown(x))).collect::<Vec<_>>().join(", "))
}

/// The cards a jury typed in its language (docs/cards.md), for a game's deck, in
/// FORMAT.md's notation; refused (`not-a-card`) at the first token that is no card.
pub fn hand_cards(game: &str, typed: &str, lang: Lang) -> Result<Vec<String>> {
    const MOST: usize = 4096;
    let deck = GameId::parse(game).and_then(|g| g.rules(&serde_json::Map::new()).ok()).and_then(|r| r.deck()).ok_or_else(|| {
        ApiError::invalid(said!(
            "game «{game}»: not a game played in tricks",
            "jeu «{game}» : pas un jeu qui se joue en plis",
            "spel «{game}»: geen spel dat in slagen gespeeld wordt"
        ))
    })?;
    if typed.len() > MOST {
        return Err(ApiError::invalid(said!(
            "at most {MOST} characters of cards",
            "{MOST} caractères de cartes au plus",
            "hoogstens {MOST} tekens aan kaarten"
        )));
    }
    match deck.read_typed(typed, lang) {
        Ok(cards) => Ok(cards.into_iter().map(|c| deck.name(c)).collect()),
        Err(token) => {
            let (en, fr, nl) = (deck.typing(Lang::En), deck.typing(Lang::Fr), deck.typing(Lang::Nl));
            let said = match lang {
                Lang::En => said!(
                    "«{token}» is not a card ({en})",
                    "«{token}» n'est pas une carte (en anglais : {en})",
                    "«{token}» is geen kaart (in het Engels: {en})"
                ),
                Lang::Fr => {
                    said!("«{token}» is not a card (in French: {fr})", "«{token}» n'est pas une carte ({fr})", "«{token}» is geen kaart (in het Frans: {fr})")
                }
                Lang::Nl => {
                    said!("«{token}» is not a card (in Dutch: {nl})", "«{token}» n'est pas une carte (en néerlandais : {nl})", "«{token}» is geen kaart ({nl})")
                }
            };
            Err(ApiError::refused_said(Place::default(), NOT_A_CARD, said))
        }
    }
}

/// The tricks of a replay as played, cards by their names.
pub(crate) fn trick_views(replay: &atout_rules::play::Replay, deck: atout_rules::play::Deck) -> Vec<TrickView> {
    replay
        .tricks
        .iter()
        .enumerate()
        .map(|(i, t)| TrickView {
            number: i + 1,
            leader: t.leader,
            plays: t.cards.iter().map(|(s, c)| (*s, deck.name(*c))).collect(),
            winner: t.winner,
            before: 0,
        })
        .collect()
}

/// A claim as the jury hears it (FORMAT.md "Claims"): the claimer's side takes at least, or
/// at most, so many of the tricks still to play.
pub use atout_rules::solve::Claim;

/// A card of a line, by the seat that plays it.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    pub seat: usize,
    pub card: String,
}

/// A search that ran out of its budget (`solve::NODE_BUDGET`, about ten seconds): the
/// nodes it visited and the bounds it proved on the side's tricks still to play.
#[derive(Clone, Debug, Serialize)]
pub struct Stopped {
    pub nodes: u64,
    pub at_least: usize,
    pub at_most: usize,
}

impl From<atout_rules::solve::Stopped> for Stopped {
    fn from(s: atout_rules::solve::Stopped) -> Self {
        Stopped { nodes: s.nodes, at_least: s.at_least, at_most: s.at_most }
    }
}

/// A claim judged (FORMAT.md "Claims"): `remaining`, `side`, `claim`, `holds`, `best`,
/// `line`; besides, `line_tricks`, the line trick by trick with each trick's winner (the
/// first one as it stands from the claim on), and `stopped` when the search ran out of its
/// budget (`holds` then `null` unless the bounds it proved decide it, `best` `null`).
#[derive(Clone, Debug, Serialize)]
pub struct ClaimAnswer {
    pub remaining: usize,
    pub side: Vec<usize>,
    pub claim: Value,
    pub holds: Option<bool>,
    pub best: Option<usize>,
    pub line: Option<Vec<Played>>,
    pub line_tricks: Option<Vec<TrickView>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<Stopped>,
}

/// A card of a played deal judged (`atout hand solve` on a finished deal): the side's
/// tricks over the whole deal, with best play from there, before and after it — the most it
/// is sure of, or the fewest it can be held to when its contract asks it to take at most so
/// many (a misère); whether it cost its own camp a trick (`gave_away`: the side's card, the
/// side's value worse after it; the others' card, better). `null` values past the search's
/// budget.
#[derive(Clone, Debug, Serialize)]
pub struct CardValue {
    pub trick: usize,
    pub seat: usize,
    pub card: String,
    pub before: Option<usize>,
    pub after: Option<usize>,
    pub gave_away: bool,
}

/// The side's most and fewest tricks from the position the record reaches (FORMAT.md
/// "Claims": `remaining`, `side`, `most`, `fewest`). Besides, for a finished deal: `dealt`,
/// the same from the first card (could the contract have been made?), and `cards`, each card
/// played judged; `stopped`, per aim, when a search ran out of its budget.
#[derive(Clone, Debug, Serialize)]
pub struct SolveAnswer {
    pub remaining: usize,
    pub side: Vec<usize>,
    pub most: Option<usize>,
    pub fewest: Option<usize>,
    /// On a finished deal whose contract asks the side a count of tricks (Rikken's
    /// declarers): what it asks over the whole deal, and whether best play from the first
    /// card makes it (`null` when the search stopped short of deciding).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demand: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub made: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dealt: Option<Box<SolveAnswer>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardValue>>,
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub stopped: Map<String, Value>,
}

/// A record ready for the claim checker: refused as `hand check` finds it (an illegal card
/// so far, cards dealt wrong: the rule that card breaks), else the deal where it stands and
/// the claimer's side.
fn claim_position(text: &str, seat: usize) -> Result<(atout_rules::play::Checked, atout_rules::play::Deal, Vec<usize>)> {
    let (checked, _, _) = replayed(text)?;
    let refuse = |violation| ApiError::Refused { place: Place::default(), violation };
    if let Some(bad) = &checked.replay.illegal {
        let rule = atout_rules::play::RULES.iter().copied().find(|r| r.code() == bad.rule).unwrap_or(atout_rules::play::DEAL_CARDS);
        let (trick, at) = (bad.trick, bad.seat);
        // The card as each language names it (3♦), not in the record's notation (3D).
        let card = |lang| if bad.card.is_empty() { "—".to_string() } else { card_in(checked.deck, &bad.card, lang) };
        let (ce, cf, cn) = (card(Lang::En), card(Lang::Fr), card(Lang::Nl));
        let said = if trick == 0 {
            said!(
                "the cards dealt are wrong at seat {at} ({ce}): no claim is judged on them",
                "les cartes données sont fausses à la place {at} ({cf}) : aucune revendication ne se juge sur elles",
                "de gegeven kaarten kloppen niet bij plaats {at} ({cn}): geen claim wordt erop beoordeeld"
            )
        } else {
            said!(
                "trick {trick}: seat {at} plays {ce}, which the rules of play forbid; a claim is judged on legal play",
                "pli {trick} : la place {at} joue {cf}, ce que les règles du jeu interdisent ; une revendication se juge sur un jeu régulier",
                "slag {trick}: plaats {at} speelt {cn}, wat de spelregels verbieden; een claim wordt beoordeeld op regelmatig spel"
            )
        };
        return Err(refuse(atout_rules::Violation::said(rule, said)));
    }
    let state = checked.state.clone().ok_or_else(|| ApiError::Internal("a legal record without its deal".into()))?;
    let side = atout_rules::solve::side_of(&state, checked.pair, seat).map_err(refuse)?;
    Ok((checked, state, side))
}

/// A claim as the window asks it: at least or at most N tricks of those left, exactly one of the two.
pub fn hand_claim_asked(text: &str, seat: usize, at_least: Option<usize>, at_most: Option<usize>) -> Result<ClaimAnswer> {
    let claim = match (at_least, at_most) {
        (Some(n), None) => Claim::AtLeast(n),
        (None, Some(n)) => Claim::AtMost(n),
        _ => {
            return Err(ApiError::invalid(said!(
                "a claim is of at least N tricks, or of at most N",
                "une revendication porte sur au moins N plis, ou au plus N",
                "een claim gaat over minstens N slagen, of hoogstens N"
            )))
        }
    };
    hand_claim(text, seat, claim)
}

/// Judge a claim on a hand record given as JSON text (FORMAT.md "Claims"): the record's
/// play stops where the claim was made; `seat` claims.
pub fn hand_claim(text: &str, seat: usize, claim: Claim) -> Result<ClaimAnswer> {
    hand_claim_within(text, seat, claim, atout_rules::solve::NODE_BUDGET)
}

/// [`hand_claim`] with a search budget of `nodes` (the tests' way to a search that stops).
pub fn hand_claim_within(text: &str, seat: usize, claim: Claim, nodes: u64) -> Result<ClaimAnswer> {
    let (checked, state, side) = claim_position(text, seat)?;
    atout_rules::solve::claimable(&checked.replay).map_err(|violation| ApiError::Refused { place: Place::default(), violation })?;
    // A claim of more tricks than are left is judged as FORMAT.md has it (`holds`: best ≥ N,
    // best ≤ N): at least 5 of 4 fails, with a line; at most 99 of 13 holds. The search bounds
    // the count by the tricks left.
    let judged = atout_rules::solve::judge(&state, &side, claim, nodes);
    let deck = checked.deck;
    let line = judged.line.as_ref().map(|l| l.iter().map(|(seat, card)| Played { seat: *seat, card: deck.name(*card) }).collect());
    let line_tricks = judged.line.as_ref().map(|l| line_tricks(&state, l, deck));
    let claim = claim_json(claim);
    Ok(ClaimAnswer {
        remaining: judged.remaining,
        side,
        claim,
        holds: judged.holds,
        best: judged.best,
        line,
        line_tricks,
        stopped: judged.stopped.map(Stopped::from),
    })
}

/// A line played out from `state` through the hand checker's own deal, trick by trick.
fn line_tricks(state: &atout_rules::play::Deal, line: &[(usize, atout_rules::play::Card)], deck: atout_rules::play::Deck) -> Vec<TrickView> {
    let mut deal = state.clone();
    let mut out = vec![];
    // The trick the claim was made in starts with the cards on the table.
    let mut plays: Vec<(usize, String)> = state.trick().iter().map(|(s, c)| (*s, deck.name(*c))).collect();
    let mut before = plays.len();
    for (seat, card) in line {
        let (done, number) = (deal.tricks.len(), deal.finished() + 1);
        deal.play(*card);
        plays.push((*seat, deck.name(*card)));
        if let Some(t) = deal.tricks.get(done) {
            out.push(TrickView { number, leader: t.leader, plays: std::mem::take(&mut plays), winner: t.winner, before });
            before = 0;
        }
    }
    if !plays.is_empty() {
        out.push(TrickView { number: deal.finished() + 1, leader: plays[0].0, plays, winner: 0, before });
    }
    out
}

/// The side's most and fewest tricks from where a hand record stands (FORMAT.md "Claims",
/// `atout hand solve`); for a finished deal, from the first card too, and card by card.
pub fn hand_solve(text: &str, seat: usize) -> Result<SolveAnswer> {
    hand_solve_within(text, seat, atout_rules::solve::NODE_BUDGET)
}

/// The share of the budget the aim the contract does not ask about gets, on a finished deal
/// whose contract asks the side a count of tricks: the figure is there for context, and the
/// jury waits for the contract's own (a misère searched for the most, a `rik` for the
/// fewest, can take the whole budget: docs/performance.md "Claims").
const CONTEXT_SHARE: u64 = 8;

/// [`hand_solve`] with a search budget of `nodes`.
pub fn hand_solve_within(text: &str, seat: usize, nodes: u64) -> Result<SolveAnswer> {
    use atout_rules::solve::{self, Aim};
    let (checked, state, side) = claim_position(text, seat)?;
    let demand = checked.demands.iter().find(|(s, _)| *s == seat).map(|(_, d)| *d);
    let answer = |deal: &atout_rules::play::Deal, claim: Option<Claim>, other: Option<u64>| {
        let both = solve::most_and_fewest(deal, &side, claim, nodes, other);
        let mut stopped = Map::new();
        for (aim, value) in [("most", &both.most), ("fewest", &both.fewest)] {
            if let Err(s) = value {
                stopped.insert(aim.into(), serde_json::to_value(Stopped::from(*s)).unwrap_or(Value::Null));
            }
        }
        let (remaining, most, fewest) = (both.remaining, both.most.ok(), both.fewest.ok());
        (SolveAnswer { remaining, side: side.clone(), most, fewest, demand: None, made: None, dealt: None, cards: None, stopped }, both.holds)
    };
    let (mut out, _) = answer(&state, None, None);
    if checked.replay.complete {
        let start = solve::as_dealt(&state, &checked.replay);
        let played: Vec<atout_rules::play::Card> = checked.replay.tricks.iter().flat_map(|t| t.cards.iter().map(|(_, c)| *c)).collect();
        let deck = checked.deck;
        // The contract's own question first, with the whole budget.
        let aim = demand.map_or(Aim::Most, |d| d.aim());
        let (dealt, made) = answer(&start, demand, demand.map(|_| nodes / CONTEXT_SHARE));
        // Each card is judged from the value at the first card: where that search stopped, a
        // second would too (the same position, the same budget), and judge nothing.
        let first = if aim == Aim::Most { dealt.most } else { dealt.fewest };
        let cards = solve::card_by_card(&start, &side, &played, aim, if first.is_some() { nodes } else { 0 })
            .into_iter()
            .map(|c| {
                let ours = side.contains(&c.seat);
                // A card that cost its own camp a trick: the side's tricks after it fewer (more
                // where it plays to lose them) when the side played it, the other way round
                // when the others did.
                let gave_away = match (c.before, c.after) {
                    (Some(b), Some(a)) => (ours == (aim == Aim::Most) && a < b) || (ours != (aim == Aim::Most) && a > b),
                    _ => false,
                };
                CardValue { trick: c.trick, seat: c.seat, card: deck.name(c.card), before: c.before, after: c.after, gave_away }
            })
            .collect();
        out.dealt = Some(Box::new(dealt));
        out.demand = demand.map(claim_json);
        out.made = made;
        out.cards = Some(cards);
    }
    Ok(out)
}

/// A claim as FORMAT.md writes it: `{"at_least": n}` or `{"at_most": n}`.
fn claim_json(claim: Claim) -> Value {
    match claim {
        Claim::AtLeast(n) => serde_json::json!({"at_least": n}),
        Claim::AtMost(n) => serde_json::json!({"at_most": n}),
    }
}

/// [`hand_solve`]'s answer with its words in the jury's language, as the window shows it
/// ("Could it have been made?" on a finished deal): the figures, and [`solve_words`] said.
#[derive(Clone, Debug, Serialize)]
pub struct SolveSaid {
    #[serde(flatten)]
    pub answer: SolveAnswer,
    pub words: Vec<String>,
}

/// The side's most and fewest tricks, and for a finished deal from the first card and card
/// by card, with the words that say them in `lang`.
pub fn hand_solve_said(text: &str, seat: usize, lang: Lang, names: &[String]) -> Result<SolveSaid> {
    let answer = hand_solve(text, seat)?;
    let words = solve_words(text, &answer, lang, names)?;
    Ok(SolveSaid { answer, words })
}

/// [`hand_claim_asked`]'s answer with its words in the jury's language, as the window shows
/// it: the figures (the line trick by trick for the replay), and [`claim_words`] said.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimSaid {
    #[serde(flatten)]
    pub answer: ClaimAnswer,
    pub words: Vec<String>,
}

/// A claim as the window asks it, judged and said in `lang` with the players' `names`.
pub fn hand_claim_said(text: &str, seat: usize, at_least: Option<usize>, at_most: Option<usize>, lang: Lang, names: &[String]) -> Result<ClaimSaid> {
    let answer = hand_claim_asked(text, seat, at_least, at_most)?;
    let words = claim_words(text, &answer, lang, names)?;
    Ok(ClaimSaid { answer, words })
}

/// The seats of a record in the jury's words: by their players' names when the deal is a
/// tournament's (`names`, seat 1 first), else by number ("seat 2", « la place 2 »).
pub struct Who<'a> {
    names: &'a [String],
    lang: Lang,
}

impl<'a> Who<'a> {
    pub fn new(names: &'a [String], lang: Lang) -> Self {
        Who { names, lang }
    }

    /// One seat: its player, or "seat 3".
    pub fn one(&self, seat: usize) -> String {
        match self.names.get(seat.wrapping_sub(1)).map(|n| n.trim()).filter(|n| !n.is_empty()) {
            Some(name) => name.to_string(),
            None => match self.lang {
                Lang::Fr => format!("la place {seat}"),
                Lang::Nl => format!("plaats {seat}"),
                _ => format!("seat {seat}"),
            },
        }
    }

    /// Several seats: "Anne and Chloé", "seats 1 and 3" (players, or seats by number when
    /// any of them has no name).
    pub fn all(&self, seats: &[usize]) -> String {
        let named = seats.iter().all(|&s| self.names.get(s.wrapping_sub(1)).is_some_and(|n| !n.trim().is_empty()));
        if seats.len() == 1 || named {
            let all: Vec<String> = seats.iter().map(|&s| self.one(s)).collect();
            return match (all.split_last(), self.lang) {
                (Some((one, [])), _) => one.clone(),
                (Some((last, rest)), Lang::Fr) => format!("{} et {last}", rest.join(", ")),
                (Some((last, rest)), Lang::Nl) => format!("{} en {last}", rest.join(", ")),
                (Some((last, rest)), _) => format!("{} and {last}", rest.join(", ")),
                (None, _) => String::new(),
            };
        }
        let all: Vec<String> = seats.iter().map(usize::to_string).collect();
        match (all.split_last(), self.lang) {
            (Some((last, rest)), Lang::Fr) => format!("les places {} et {last}", rest.join(", ")),
            (Some((last, rest)), Lang::Nl) => format!("plaatsen {} en {last}", rest.join(", ")),
            (Some((last, rest)), _) => format!("seats {} and {last}", rest.join(", ")),
            (None, _) => String::new(),
        }
    }
}

/// The seats of a record that hold cards and are not of `side`: those who play against it.
fn others_of(record: &Value, side: &[usize]) -> Vec<usize> {
    let cards = record.pointer("/hand/cards").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    (1..=cards.len()).filter(|s| !side.contains(s) && cards[s - 1].as_array().is_some_and(|c| !c.is_empty())).collect()
}

/// French joins «à» to the article after it: «à les places 1 et 3» is written «aux places
/// 1 et 3» (a side named by its seats, in a sentence written for any side).
fn contracted(s: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => s.replace(" à les ", " aux ").replace(" à le ", " au "),
        _ => s.to_string(),
    }
}

/// A card of FORMAT.md's notation named in the jury's language (R♦, H♦, K♦).
fn card_in(deck: Deck, card: &str, lang: Lang) -> String {
    deck.parse(card).map_or_else(|| card.to_string(), |c| deck.name_in(c, lang))
}

/// A claim's answer in words, line by line, cards and all in the jury's language (`atout
/// hand claim` without `--format json`, the window's claim box, the printed hands); `text`
/// is the record the answer is about, `names` its players (seat 1 first; none for a record
/// of its own: seats by number).
pub fn claim_words(text: &str, a: &ClaimAnswer, lang: Lang, names: &[String]) -> Result<Vec<String>> {
    let (checked, record, _) = replayed(text)?;
    let deck = checked.deck;
    let who = Who::new(names, lang);
    let side = who.all(&a.side);
    let others_seats = others_of(&record, &a.side);
    let others = who.all(&others_seats);
    let (takes, fait, haalt) = if a.side.len() == 1 { ("takes", "fait", "haalt") } else { ("take", "font", "halen") };
    let (play, joue, spelen, can, peut, kan) =
        if others_seats.len() == 1 { ("plays", "joue", "speelt", "can", "peut", "kan") } else { ("play", "jouent", "spelen", "can", "peuvent", "kunnen") };
    let left = a.remaining;
    let (tricks, plis, slagen) = tricks_after(left);
    let restants = if left < 2 { "restant" } else { "restants" };
    let (most, n) = match (a.claim.get("at_least").and_then(Value::as_u64), a.claim.get("at_most").and_then(Value::as_u64)) {
        (Some(n), _) => (false, n),
        (_, Some(n)) => (true, n),
        _ => (false, 0),
    };
    let said = |s: Said| sentence(contracted(s.get(lang), lang));
    // One trick left: «the last trick», not «1 of the 1 trick left» («1 des 1 pli restant»).
    let (dont, ne_font, niet) = if a.side.len() == 1 { ("does not take", "ne fait pas", "haalt niet") } else { ("do not take", "ne font pas", "halen niet") };
    let (n_tricks, n_plis, n_slagen) = tricks_after(n as usize);
    let mut out = vec![said(if left == 1 {
        match (most, n) {
            (false, 1) => {
                said!("claim: {side} {takes} the last trick", "revendication : {side} {fait} le dernier pli", "claim: {side} {haalt} de laatste slag")
            }
            (true, 0) => {
                said!("claim: {side} {dont} the last trick", "revendication : {side} {ne_font} le dernier pli", "claim: {side} {niet} de laatste slag")
            }
            (true, _) => said!(
                "claim: {side} {takes} at most {n} {n_tricks}, with 1 trick left",
                "revendication : {side} {fait} au plus {n} {n_plis}, avec 1 pli restant",
                "claim: {side} {haalt} hoogstens {n} {n_slagen}, met 1 resterende slag"
            ),
            (false, _) => said!(
                "claim: {side} {takes} at least {n} {n_tricks}, with 1 trick left",
                "revendication : {side} {fait} au moins {n} {n_plis}, avec 1 pli restant",
                "claim: {side} {haalt} minstens {n} {n_slagen}, met 1 resterende slag"
            ),
        }
    } else if most {
        said!(
            "claim: {side} {takes} at most {n} of the {left} {tricks} left",
            "revendication : {side} {fait} au plus {n} des {left} {plis} {restants}",
            "claim: {side} {haalt} hoogstens {n} van de {left} resterende {slagen}"
        )
    } else {
        said!(
            "claim: {side} {takes} at least {n} of the {left} {tricks} left",
            "revendication : {side} {fait} au moins {n} des {left} {plis} {restants}",
            "claim: {side} {haalt} minstens {n} van de {left} resterende {slagen}"
        )
    })];
    match (a.holds, a.best, most) {
        (Some(true), Some(best), false) => out.push(said(said!(
            "the claim holds: whatever {others} {play}, {side} {takes} at least {best}",
            "la revendication tient : quoi que {joue} {others}, {side} {fait} au moins {best}",
            "de claim klopt: wat {others} ook {spelen}, {side} {haalt} minstens {best}"
        ))),
        (Some(true), Some(0), true) => out.push(said(said!(
            "the claim holds: whatever {others} {play}, {side} {takes} no trick",
            "la revendication tient : quoi que {joue} {others}, {side} ne {fait} aucun pli",
            "de claim klopt: wat {others} ook {spelen}, {side} {haalt} geen enkele slag"
        ))),
        (Some(true), Some(best), true) => out.push(said(said!(
            "the claim holds: whatever {others} {play}, {side} {takes} no more than {best}",
            "la revendication tient : quoi que {joue} {others}, {side} ne {fait} pas plus de {best}",
            "de claim klopt: wat {others} ook {spelen}, {side} {haalt} niet meer dan {best}"
        ))),
        (Some(false), Some(best), false) => out.push(said(said!(
            "the claim fails: {others} {can} hold {side} to {best}",
            "la revendication ne tient pas : {others} {peut} limiter {side} à {best}",
            "de claim klopt niet: {others} {kan} {side} op {best} houden"
        ))),
        (Some(false), Some(best), true) => {
            let (tricks, plis, slagen) = tricks_after(best);
            out.push(said(said!(
                "the claim fails: {others} {can} make {side} take {best} {tricks}",
                "la revendication ne tient pas : {others} {peut} imposer {best} {plis} à {side}",
                "de claim klopt niet: {others} {kan} {side} dwingen {best} {slagen} te halen"
            )))
        }
        (holds, _, _) => {
            if let Some(s) = &a.stopped {
                let (nodes, lo, hi) = (s.nodes, s.at_least, s.at_most);
                out.push(said(said!(
                    "the search stopped after {nodes} positions: {side} {takes} between {lo} and {hi} of the tricks left",
                    "la recherche s'est arrêtée après {nodes} positions : {side} {fait} entre {lo} et {hi} des plis restants",
                    "het zoeken stopte na {nodes} posities: {side} {haalt} tussen {lo} en {hi} van de resterende slagen"
                )));
            }
            out.push(said(match holds {
                Some(true) => said!(
                    "that is enough to say the claim holds",
                    "cela suffit pour dire que la revendication tient",
                    "dat volstaat om te zeggen dat de claim klopt"
                ),
                Some(false) => said!(
                    "that is enough to say the claim fails",
                    "cela suffit pour dire que la revendication ne tient pas",
                    "dat volstaat om te zeggen dat de claim niet klopt"
                ),
                None => said!("the claim is not decided", "la revendication n'est pas tranchée", "de claim is niet beslist"),
            }));
        }
    }
    for t in a.line_tricks.iter().flatten() {
        let cards: Vec<String> = t
            .plays
            .iter()
            .enumerate()
            .map(|(k, (s, c))| {
                let (c, s) = (card_in(deck, c, lang), who.one(*s));
                // The cards on the table when the claim was made: played already.
                if k < t.before {
                    said!("{s} played {c}", "{s} a joué {c}", "{s} speelde {c}")
                } else {
                    said!("{s} plays {c}", "{s} joue {c}", "{s} speelt {c}")
                }
                .get(lang)
                .to_string()
            })
            .collect();
        let w = who.one(t.winner);
        let won = if t.winner == 0 { String::new() } else { said!(" — won by {w}", " — pris par {w}", " — genomen door {w}").get(lang).to_string() };
        // Numbered as in the deal (the replay above numbers its tricks so): a claim made with
        // three tricks left opens its line at trick 11, not 1.
        out.push(format!("{:>2}. {}{won}", t.number, sentence(cards.join(", "))));
    }
    Ok(out)
}

/// The word for tricks after a count, in English, French and Dutch: "1 trick", "2 tricks";
/// French counts 0 and 1 in the singular ("0 pli", "1 pli", "2 plis"); "1 slag", "2 slagen".
fn tricks_after(n: usize) -> (String, &'static str, &'static str) {
    (format!("trick{}", if n == 1 { "" } else { "s" }), if n < 2 { "pli" } else { "plis" }, if n == 1 { "slag" } else { "slagen" })
}

/// `atout hand solve`'s answer in words, line by line, cards and all in the jury's language.
pub fn solve_words(text: &str, a: &SolveAnswer, lang: Lang, names: &[String]) -> Result<Vec<String>> {
    let deck = replayed(text)?.0.deck;
    let who = Who::new(names, lang);
    let side = who.all(&a.side);
    let said = |s: Said| sentence(contracted(s.get(lang), lang));
    // A value, or past the search's budget what it proved and how far it may go («5, perhaps
    // up to 8»: it read «?» in the jury's sentence), the stop said on the line after; in
    // English, French and Dutch.
    let value = |v: Option<usize>, stopped: &Map<String, Value>, aim: &str| -> [String; 3] {
        if let Some(v) = v {
            return [v.to_string(), v.to_string(), v.to_string()];
        }
        let bound = |key: &str| stopped.get(aim).and_then(|s| s[key].as_u64());
        match (bound("at_least"), bound("at_most")) {
            (Some(lo), Some(hi)) if hi > lo => {
                [format!("{lo}, perhaps up to {hi},"), format!("{lo}, peut-être jusqu'à {hi},"), format!("{lo}, misschien tot {hi},")]
            }
            (Some(lo), _) => [lo.to_string(), lo.to_string(), lo.to_string()],
            _ => ["?".into(), "?".into(), "?".into()],
        }
    };
    let mut out = vec![];
    // A search that stopped, with the bounds it proved.
    let stopped = |stopped: &Map<String, Value>| -> Vec<String> {
        stopped
            .iter()
            .map(|(aim, s)| {
                let (lo, hi) = (s["at_least"].clone(), s["at_most"].clone());
                said(if aim == "most" {
                    said!(
                        "the search for the most stopped at its budget: between {lo} and {hi}",
                        "la recherche du plus s'est arrêtée à sa limite : entre {lo} et {hi}",
                        "het zoeken naar het meeste stopte aan zijn grens: tussen {lo} en {hi}"
                    )
                } else {
                    said!(
                        "the search for the fewest stopped at its budget: between {lo} and {hi}",
                        "la recherche du moins s'est arrêtée à sa limite : entre {lo} et {hi}",
                        "het zoeken naar het minste stopte aan zijn grens: tussen {lo} en {hi}"
                    )
                })
            })
            .collect()
    };
    // A finished deal (its last card played, or stopped early as its game allows) is said
    // from the first card alone (below), the side named there: what would be left to play
    // after its end is no question of the deal's.
    if a.dealt.is_none() {
        let left = a.remaining;
        let ([most_en, most_fr, most_nl], [fewest_en, fewest_fr, fewest_nl]) = (value(a.most, &a.stopped, "most"), value(a.fewest, &a.stopped, "fewest"));
        let (tricks, plis, slagen) = tricks_after(left);
        let restants = if left < 2 { "restant" } else { "restants" };
        out.push(said(said!(
            "{left} {tricks} left — {side}: at least {most_en} for sure playing for tricks; never fewer than {fewest_en} playing to lose them",
            "{left} {plis} {restants} — {side} : au moins {most_fr} à coup sûr en jouant pour les plis ; jamais moins de {fewest_fr} en jouant pour les perdre",
            "{left} resterende {slagen} — {side}: minstens {most_nl} zeker bij spelen op slagen; nooit minder dan {fewest_nl} bij spelen om ze te verliezen"
        )));
        out.extend(stopped(&a.stopped));
    }
    if let Some(d) = &a.dealt {
        let n = d.remaining;
        let ([most_en, most_fr, most_nl], [fewest_en, fewest_fr, fewest_nl]) = (value(d.most, &d.stopped, "most"), value(d.fewest, &d.stopped, "fewest"));
        let (tricks, plis, slagen) = tricks_after(n);
        out.push(said(said!(
            "from the first card ({n} {tricks}) — {side}: at least {most_en} for sure playing for tricks; never fewer than {fewest_en} playing to lose them",
            "depuis la première carte ({n} {plis}) — {side} : au moins {most_fr} à coup sûr en jouant pour les plis ; jamais moins de {fewest_fr} en jouant pour les perdre",
            "vanaf de eerste kaart ({n} {slagen}) — {side}: minstens {most_nl} zeker bij spelen op slagen; nooit minder dan {fewest_nl} bij spelen om ze te verliezen"
        )));
        out.extend(stopped(&d.stopped));
    }
    let demand = a.demand.as_ref();
    let (at_least, at_most) = (demand.and_then(|d| d["at_least"].as_u64()), demand.and_then(|d| d["at_most"].as_u64()));
    if let (Some(d), true) = (&a.dealt, at_least.is_some() || at_most.is_some()) {
        let (pouvait, kon) = if a.side.len() > 1 { ("pouvaient", "konden") } else { ("pouvait", "kon") };
        // The side's best for the contract's aim as proved: exact, or the bounds a stopped
        // search reached (the words below hold for either).
        let bounds = |exact: Option<usize>, aim: &str| {
            let proved = |key: &str| d.stopped.get(aim).and_then(|s| s[key].as_u64()).map_or(0, |v| v as usize);
            exact.map_or_else(|| (proved("at_least"), proved("at_most")), |v| (v, v))
        };
        let (lo, hi) = if at_least.is_some() { bounds(d.most, "most") } else { bounds(d.fewest, "fewest") };
        let ((lo_tricks, lo_plis, lo_slagen), (hi_tricks, hi_plis, hi_slagen)) = (tricks_after(lo), tricks_after(hi));
        let line = match (a.made, at_least, at_most) {
            (Some(true), Some(n), _) => said!(
                "could it have been made? Yes: with best play from the first card, {side} could make sure of at least {lo} {lo_tricks}, {n} needed",
                "le contrat pouvait-il être fait ? Oui : en jouant au mieux dès la première carte, {side} {pouvait} s'assurer au moins {lo} {lo_plis}, il en fallait {n}",
                "kon het gehaald worden? Ja: met het beste spel vanaf de eerste kaart {kon} {side} minstens {lo} {lo_slagen} zeker halen, {n} nodig"
            ),
            (Some(false), Some(n), _) => said!(
                "could it have been made? No: against the best defence {side} could make sure of no more than {hi} {hi_tricks}, {n} needed",
                "le contrat pouvait-il être fait ? Non : face à la meilleure défense, {side} ne {pouvait} s'assurer plus de {hi} {hi_plis}, il en fallait {n}",
                "kon het gehaald worden? Nee: tegen de beste verdediging {kon} {side} niet meer dan {hi} {hi_slagen} zeker halen, {n} nodig"
            ),
            // A contract that allows no trick (a misère): said without "0 tricks".
            (Some(true), _, Some(0)) => said!(
                "could it have been made? Yes: whatever the others played, {side} could avoid taking any trick",
                "le contrat pouvait-il être fait ? Oui : quoi que jouent les autres, {side} {pouvait} ne faire aucun pli",
                "kon het gehaald worden? Ja: wat de anderen ook speelden, {side} {kon} elke slag vermijden"
            ),
            (Some(false), _, Some(0)) => said!(
                "could it have been made? No: the others could force tricks on {side} (at least {lo}), and the contract allows none",
                "le contrat pouvait-il être fait ? Non : les autres pouvaient imposer des plis à {side} (au moins {lo}), et le contrat n'en permet aucun",
                "kon het gehaald worden? Nee: de anderen konden {side} slagen opdringen (minstens {lo}), en het contract laat er geen toe"
            ),
            (Some(true), _, Some(n)) => said!(
                "could it have been made? Yes: whatever the others played, {side} could take no more than {hi} {hi_tricks}, at most {n} allowed",
                "le contrat pouvait-il être fait ? Oui : quoi que jouent les autres, {side} {pouvait} ne pas faire plus de {hi} {hi_plis}, au plus {n} permis",
                "kon het gehaald worden? Ja: wat de anderen ook speelden, {side} {kon} op hoogstens {hi} {hi_slagen} blijven, hoogstens {n} toegestaan"
            ),
            (Some(false), _, Some(n)) => said!(
                "could it have been made? No: the others could force at least {lo} {lo_tricks} on {side}, at most {n} allowed",
                "le contrat pouvait-il être fait ? Non : les autres pouvaient imposer au moins {lo} {lo_plis} à {side}, au plus {n} permis",
                "kon het gehaald worden? Nee: de anderen konden {side} minstens {lo} {lo_slagen} opdringen, hoogstens {n} toegestaan"
            ),
            _ => said!(
                "could it have been made? The search stopped before it could tell",
                "le contrat pouvait-il être fait ? La recherche s'est arrêtée avant de pouvoir le dire",
                "kon het gehaald worden? Het zoeken stopte voor het dat kon zeggen"
            ),
        };
        out.push(said(line));
    } else if a.dealt.is_some() && a.cards.is_some() {
        // No count asked (every seat of Double King, King, Double Lucky 7; Rikken's
        // opponents): the cards are judged playing for tricks, which is no loss where the
        // deal's points come from avoiding them.
        out.push(said(said!(
            "the contract asks no count of tricks of {side}: each card is judged by the most tricks {side} could be sure of, playing for them",
            "le contrat ne demande pas de nombre de plis à {side} : chaque carte est jugée sur le plus de plis dont {side} pouvait s'assurer en jouant pour les faire",
            "het contract vraagt {side} geen aantal slagen: elke kaart wordt beoordeeld op de meeste slagen die {side} zeker kon halen door erop te spelen"
        )));
    }
    // The cards judged for a misère say what a card let the others force, or spared the side.
    let fewest = at_most.is_some();
    for c in a.cards.iter().flatten().filter(|c| c.gave_away) {
        // (Cards are judged only once the value is found: a value a card's search did not
        // reach is the rare «?».)
        let plain = |v: Option<usize>| v.map_or_else(|| "?".to_string(), |v| v.to_string());
        let (trick, seat, card, before, after) = (c.trick, who.one(c.seat), card_in(deck, &c.card, lang), plain(c.before), plain(c.after));
        let ours = a.side.contains(&c.seat);
        // How many tricks the card cost (a card may cost two: 8 → 6).
        let n = match (c.before, c.after) {
            (Some(b), Some(a)) => b.abs_diff(a).max(1),
            _ => 1,
        };
        out.push(said(match (fewest, ours) {
            (false, _) if n > 1 => said!(
                "trick {trick}: {seat} played {card}, which gave {n} tricks away ({before} → {after} for {side})",
                "pli {trick} : {seat} a joué {card}, qui a donné {n} plis ({before} → {after} pour {side})",
                "slag {trick}: {seat} speelde {card}, wat {n} slagen weggaf ({before} → {after} voor {side})"
            ),
            (true, true) if n > 1 => said!(
                "trick {trick}: {seat} played {card}, which let the others force {n} tricks more on {side} ({before} → {after})",
                "pli {trick} : {seat} a joué {card}, qui a permis aux autres d'imposer {n} plis de plus à {side} ({before} → {after})",
                "slag {trick}: {seat} speelde {card}, waarmee de anderen {side} {n} slagen meer konden opdringen ({before} → {after})"
            ),
            (true, false) if n > 1 => said!(
                "trick {trick}: {seat} played {card}, which spared {side} {n} tricks ({before} → {after})",
                "pli {trick} : {seat} a joué {card}, qui a épargné {n} plis à {side} ({before} → {after})",
                "slag {trick}: {seat} speelde {card}, wat {side} {n} slagen bespaarde ({before} → {after})"
            ),
            (false, _) => said!(
                "trick {trick}: {seat} played {card}, which gave a trick away ({before} → {after} for {side})",
                "pli {trick} : {seat} a joué {card}, qui a donné un pli ({before} → {after} pour {side})",
                "slag {trick}: {seat} speelde {card}, wat een slag weggaf ({before} → {after} voor {side})"
            ),
            (true, true) => said!(
                "trick {trick}: {seat} played {card}, which let the others force a trick more on {side} ({before} → {after})",
                "pli {trick} : {seat} a joué {card}, qui a permis aux autres d'imposer un pli de plus à {side} ({before} → {after})",
                "slag {trick}: {seat} speelde {card}, waarmee de anderen {side} een slag meer konden opdringen ({before} → {after})"
            ),
            (true, false) => said!(
                "trick {trick}: {seat} played {card}, which spared {side} a trick ({before} → {after})",
                "pli {trick} : {seat} a joué {card}, qui a épargné un pli à {side} ({before} → {after})",
                "slag {trick}: {seat} speelde {card}, wat {side} een slag bespaarde ({before} → {after})"
            ),
        }));
    }
    Ok(out)
}

/// A game this build scores, as the tournament form shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameChoice {
    pub code: &'static str,
    pub name: &'static str,
    pub seats: [usize; 2],
    /// The ranking method when none is chosen.
    pub ranking: atout_rules::settings::RankingMethod,
    /// The game's own settings: `[{key, label, options: [{label, settings}]}]`, first option the default.
    pub fields: Value,
    /// Whether the game has a hand calculator ([`hand_score`]).
    pub calculator: bool,
    /// The rounds a tournament has when none are given.
    pub rounds: u32,
    /// The place points at the game's smallest table when none are given (16 12 8 4).
    pub places: Vec<i64>,
    /// The table points of a bye when none are given: the game's own (Double King's 10),
    /// or none, the average of a table's places.
    pub bye_points: Option<i64>,
}

/// The games this build scores, named in `lang`, with their settings forms.
pub fn games(lang: &str) -> Vec<GameChoice> {
    let lang = Lang::parse(lang);
    GameId::ALL
        .into_iter()
        .filter_map(GameId::spec)
        .map(|spec| GameChoice {
            code: spec.id.code(),
            name: spec.name.get(lang),
            seats: [*spec.seats.start(), *spec.seats.end()],
            ranking: spec.ranking,
            fields: spec.settings_form(lang),
            calculator: spec.calculator.is_some(),
            rounds: atout_rules::settings::DEFAULT_ROUNDS,
            places: atout_rules::settings::default_places(*spec.seats.start()),
            bye_points: (spec.defaults)().get("bye").and_then(|b| b["table_points"].as_i64()),
        })
        .collect()
}

/// A game's hand calculator, without a tournament (Kings Cribbage: the tiles of a
/// hand, its score part by part). Refused, naming the rule, for a bad hand.
pub fn hand_score(game: &str, tiles: &[String]) -> Result<Value> {
    let calc = GameId::parse(game).and_then(GameId::spec).and_then(|s| s.calculator).ok_or_else(|| {
        ApiError::not_found(said!("no hand calculator for «{game}»", "pas de calculateur de main pour «{game}»", "geen rekenhulp voor een hand van «{game}»"))
    })?;
    calc(tiles).map_err(|v| ApiError::Refused { place: Place::default(), violation: v })
}

/// The hand calculator (`atout cribbage score`): the one of the game that offers one.
pub fn calculator_score(tiles: &[String]) -> Result<Value> {
    let game = GameId::ALL.into_iter().find(|g| g.spec().is_some_and(|s| s.calculator.is_some())).map(GameId::code).unwrap_or_default();
    hand_score(game, tiles)
}
