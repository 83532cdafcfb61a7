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
}
