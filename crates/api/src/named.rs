//! What a user names by its id or its name (a tournament, a season, a player): found the
//! same way everywhere.

use atout_store::Id;

/// What a name or an id found among the candidates.
pub(crate) enum Named<'a, T> {
    One(&'a T),
    Missing,
    /// Several share the name: the user gives the id.
    Several(Vec<&'a T>),
}

/// The candidate whose id is `asked`, else the ones whose name `same` finds equal to it:
/// one is found, none is missing, more than one must be told apart by the id.
pub(crate) fn by_id_or_name<'a, T>(all: &'a [T], asked: &str, id: impl Fn(&T) -> Id, same: impl Fn(&T, &str) -> bool) -> Named<'a, T> {
    let asked = asked.trim();
    if let Some(one) = asked.parse::<Id>().ok().and_then(|n| all.iter().find(|t| id(t) == n)) {
        return Named::One(one);
    }
    let mut named: Vec<&T> = all.iter().filter(|t| same(t, asked)).collect();
    match named.len() {
        0 => Named::Missing,
        1 => Named::One(named.remove(0)),
        _ => Named::Several(named),
    }
}

/// A person named as people name them: by id, by their whole name, else by their first name
/// or their surname alone when only one person has it («Anne» for Anne Peeters) — case,
/// accents and spacing aside.
pub(crate) fn person<'a, T>(all: &'a [T], asked: &str, id: impl Fn(&T) -> Id, name: impl Fn(&T) -> &str) -> Named<'a, T> {
    let folded = atout_report::folded;
    let whole = by_id_or_name(all, asked, &id, |t, a| folded(name(t)) == folded(a));
    if !matches!(whole, Named::Missing) {
        return whole;
    }
    let asked = folded(asked);
    if asked.is_empty() {
        return Named::Missing;
    }
    let (first, last) = (format!("{asked} "), format!(" {asked}"));
    by_id_or_name(all, "", &id, |t, _| {
        let n = folded(name(t));
        n.starts_with(&first) || n.ends_with(&last)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find(all: &[(Id, &'static str)], asked: &str) -> Result<Id, Vec<Id>> {
        match by_id_or_name(all, asked, |t| t.0, |t, a| t.1 == a) {
            Named::One(t) => Ok(t.0),
            Named::Missing => Err(vec![]),
            Named::Several(ts) => Err(ts.iter().map(|t| t.0).collect()),
        }
    }

    #[test]
    fn an_id_first_then_a_name_only_one_has() {
        let all = [(1, "Friday"), (2, "Winter"), (3, "Winter"), (4, "2")];
        assert_eq!(find(&all, " Friday "), Ok(1));
        assert_eq!(find(&all, "2"), Ok(2), "an id before a name that reads as one");
        assert_eq!(find(&all, "Winter"), Err(vec![2, 3]), "a shared name is told apart, not missing");
        assert_eq!(find(&all, "Summer"), Err(vec![]));
        assert_eq!(find(&all, "9"), Err(vec![]));
    }

    /// A person by their whole name, else by a first name or a surname only one person has
    /// («--player Anne» found nobody, as the README writes it, with one Anne in the club).
    #[test]
    fn a_person_by_a_first_name_or_a_surname_only_one_has() {
        let all = [(1, "Anne Peeters"), (2, "Bart Maes"), (3, "Marie Maes"), (4, "Émile Dubois"), (5, "Anne")];
        let person = |asked: &str| match person(&all, asked, |t| t.0, |t| t.1) {
            Named::One(t) => Ok(t.0),
            Named::Missing => Err(vec![]),
            Named::Several(ts) => Err(ts.iter().map(|t| t.0).collect()),
        };
        assert_eq!(person("anne peeters"), Ok(1));
        assert_eq!(person("Anne"), Ok(5), "a whole name before a first name");
        assert_eq!(person("Bart"), Ok(2));
        assert_eq!(person("emile"), Ok(4), "accents aside");
        assert_eq!(person("Peeters"), Ok(1));
        assert_eq!(person("Maes"), Err(vec![2, 3]), "a surname two share is told apart by the id");
        assert_eq!(person("Ann"), Err(vec![]), "a part of a name is no name");
        assert_eq!(person("3"), Ok(3));
    }
}
