//! The invariants of ARCHITECTURE.md, kept by a test (rust-analyzer's tidy tests are
//! the model): the source tree is read as text and every place that breaks a rule of
//! the house is named.
//!
//! - Every crate of the workspace is under them: its members are read from Cargo.toml, so a
//!   crate added later is checked without anyone adding it here.
//! - SQL lives only in `crates/store` (and `schema/`).
//! - A game's code and its entry's keys live only in `crates/rules` and `ui/games/`.
//! - A rule's text lives only in `crates/rules`.
//! - The rules do no IO, read no clock and draw no randomness of their own.
//! - Every crate forbids `unsafe`.
//! - Only `ui/api.js` touches Tauri; the window's shell imports no screen.
//! - The Tauri commands decide nothing: each forwards to the api; nor does the CLI (it
//!   compares no answer's text, picks no backup, writes no file of its own).
//!
//! Tests, fixtures and the window test are not the product: they may name anything.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every file under `dir` (relative to the root) with one of `exts`.
fn files(dir: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = vec![];
    let mut todo = vec![root().join(dir)];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())).flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().and_then(|x| x.to_str()).is_some_and(|x| exts.contains(&x)) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The quoted strings of the line of `toml` that starts with `key = [`.
fn toml_list(toml: &str, key: &str) -> Vec<String> {
    let line = toml.lines().find(|l| l.trim_start().starts_with(&format!("{key} = ["))).unwrap_or_else(|| panic!("no `{key} = [` line"));
    line.split('"').skip(1).step_by(2).map(String::from).collect()
}

/// The workspace's crates, as its Cargo.toml lists them.
fn members() -> Vec<String> {
    let members = toml_list(&std::fs::read_to_string(root().join("Cargo.toml")).unwrap(), "members");
    assert!(members.len() >= 8, "the workspace's members, read from Cargo.toml: {members:?}");
    members
}

/// The crates that ship (every member but the tests' own).
fn product() -> Vec<String> {
    members().into_iter().filter(|m| m != "tests").collect()
}

/// A member's crate roots, relative to the root: its `[lib]` and `[[bin]]` paths as its
/// Cargo.toml gives them, and `src/lib.rs`, `src/main.rs`, `src/bin/*.rs` as cargo finds them.
fn crate_roots(member: &str) -> Vec<String> {
    let manifest = std::fs::read_to_string(root().join(member).join("Cargo.toml")).unwrap();
    let mut roots = vec![];
    let mut section = String::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.trim_matches(|c| c == '[' || c == ']').to_string();
        } else if (section == "lib" || section == "bin") && line.starts_with("path") {
            if let Some(path) = line.split('"').nth(1) {
                roots.push(format!("{member}/{path}"));
            }
        }
    }
    for default in ["src/lib.rs", "src/main.rs"] {
        roots.push(format!("{member}/{default}"));
    }
    if root().join(member).join("src/bin").is_dir() {
        roots.extend(files(&format!("{member}/src/bin"), &["rs"]).iter().map(|p| relative(p)));
    }
    roots.sort();
    roots.dedup();
    roots.retain(|r| root().join(r).is_file());
    roots
}

/// The product's source outside the rules: what must not hold rule knowledge.
fn outside_rules() -> Vec<PathBuf> {
    let mut all = vec![];
    for member in product().iter().filter(|m| m.as_str() != "crates/rules") {
        all.extend(files(&format!("{member}/src"), &["rs", "sql"]));
    }
    all.extend(files("ui", &["js", "html"]).into_iter().filter(|p| !p.starts_with(root().join("ui/games"))));
    all
}

fn relative(p: &Path) -> String {
    p.strip_prefix(root()).unwrap_or(p).display().to_string()
}

/// The code of a file without its comments (`//`, `///`, `//!`, `/* */` lines, `--` in SQL)
/// and without its unit tests (from `#[cfg(test)]` on, which ends a file by convention).
fn code_lines(p: &Path) -> Vec<(usize, String)> {
    let text = std::fs::read_to_string(p).unwrap();
    text.lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !(t.starts_with("//") || t.starts_with("/*") || t.starts_with('*') || t.starts_with("--"))
        })
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Every line of `paths` holding one of `needles`, as `file:line: needle`.
fn hits(paths: &[PathBuf], needles: &[String]) -> Vec<String> {
    let mut out = vec![];
    for p in paths {
        for (n, line) in code_lines(p) {
            for needle in needles.iter().filter(|x| line.contains(x.as_str())) {
                out.push(format!("{}:{n}: {needle}", relative(p)));
            }
        }
    }
    out
}

#[test]
fn sql_lives_only_in_the_store() {
    let outside: Vec<PathBuf> =
        outside_rules().into_iter().filter(|p| !p.starts_with(root().join("crates/store"))).chain(files("crates/rules/src", &["rs"])).collect();
    let sql: Vec<String> = ["SELECT ", "INSERT INTO", "UPDATE ", "DELETE FROM", "CREATE TABLE", "PRAGMA ", "execute(", "prepare("].map(String::from).to_vec();
    let found = hits(&outside, &sql);
    assert!(found.is_empty(), "SQL outside crates/store:\n{}", found.join("\n"));
}

#[test]
fn game_codes_and_entry_keys_live_only_in_the_rules_and_the_game_views() {
    use atout_api::rules::{GameId, Lang};
    let mut needles = vec![];
    for game in GameId::ALL {
        // A game's code, as a string in Rust or in JavaScript.
        needles.push(format!("\"{}\"", game.code()));
        needles.push(format!("'{}'", game.code()));
        // Its entry's keys (FORMAT.md's), as strings: no front reads a game's figures by name.
        let rules = game.rules(&Default::default()).unwrap();
        for key in rules.describe(Lang::En)["fields"].as_object().unwrap().keys() {
            // Words that are the house's own vocabulary too: `seat`, `points`, `reason` and
            // `by` are every ruling's fields (a fault on a line states them as a ruling
            // does), `lines` the sheet's, `from` the printed form's, `jury` a role, `last`
            // a column of a player list, `at` when a change was made, `tiles` the hand
            // calculator's answer (the CLI prints what the rules computed).
            if !["seat", "points", "reason", "by", "lines", "from", "jury", "last", "at", "tiles"].contains(&key.as_str()) {
                needles.push(format!("\"{key}\""));
            }
        }
    }
    for lead in ["contract", "fine"] {
        needles.push(format!("\"{lead}\""));
    }
    needles.sort();
    needles.dedup();
    let found = hits(&outside_rules(), &needles);
    assert!(found.is_empty(), "a game's code or entry key outside crates/rules and ui/games:\n{}", found.join("\n"));
}

/// The statements of every rule (`rule!(NAME, "code", "en", "fr", "nl")`), read from the
/// rules' source.
fn rule_texts() -> Vec<String> {
    let mut out = vec![];
    for p in files("crates/rules/src", &["rs"]) {
        let text = std::fs::read_to_string(&p).unwrap();
        for part in text.split("rule!(").skip(1) {
            // The literals of one invocation: up to its closing `);`.
            let call = &part[..part.find(");").unwrap_or(part.len())];
            let literals: Vec<&str> = call.split('"').skip(1).step_by(2).collect();
            if literals.len() == 4 {
                out.extend(literals[1..].iter().filter(|t| t.len() > 12).map(|t| t.to_string()));
            }
        }
    }
    out
}

#[test]
fn rule_texts_live_only_in_the_rules() {
    let texts = rule_texts();
    assert!(texts.len() > 100, "found {} rule texts: the reader of rule! is broken", texts.len());
    let mut paths = outside_rules();
    paths.extend(files("templates", &["json"]));
    let found = hits(&paths, &texts);
    assert!(found.is_empty(), "a rule's text outside crates/rules:\n{}", found.join("\n"));
}

#[test]
fn every_crate_forbids_unsafe_code() {
    let mut missing = vec![];
    for member in members() {
        let roots = crate_roots(&member);
        assert!(!roots.is_empty(), "{member} has no crate root this test can find");
        missing.extend(roots.into_iter().filter(|r| !std::fs::read_to_string(root().join(r)).unwrap().contains("#![forbid(unsafe_code)]")));
    }
    assert!(missing.is_empty(), "crate roots without #![forbid(unsafe_code)]: {missing:?}");
}

#[test]
fn the_rules_do_no_io_read_no_clock_and_draw_no_randomness_of_their_own() {
    let io = [
        "std::fs",
        "std::net",
        "std::env",
        "std::process",
        "std::io",
        "std::thread",
        "File::",
        "SystemTime",
        "Instant::",
        "::now(",
        "println!",
        "eprintln!",
        "print!(",
        "dbg!(",
        "thread_rng",
        "rand::rng(",
        "from_entropy",
        "from_os_rng",
        "OsRng",
    ]
    .map(String::from);
    let found = hits(&files("crates/rules/src", &["rs"]), &io);
    assert!(found.is_empty(), "IO, a clock or an unseeded randomness in crates/rules:\n{}", found.join("\n"));
}

#[test]
fn only_the_windows_transport_touches_tauri() {
    let outside: Vec<PathBuf> = files("ui", &["js", "html"]).into_iter().filter(|p| *p != root().join("ui/api.js")).collect();
    let found = hits(&outside, &["__TAURI__", "@tauri-apps", ".invoke("].map(String::from));
    assert!(found.is_empty(), "Tauri outside ui/api.js:\n{}", found.join("\n"));
}

#[test]
fn the_windows_shell_imports_no_screen() {
    let shell = root().join("ui/shell.js");
    let imports: Vec<String> = code_lines(&shell).into_iter().filter(|(_, l)| l.starts_with("import ")).map(|(_, l)| l).collect();
    assert!(!imports.is_empty(), "the shell's imports, read: none found");
    let screens: Vec<&String> = imports.iter().filter(|l| l.contains("screens/") || l.contains("games/") || l.contains("./app.js")).collect();
    assert!(screens.is_empty(), "ui/shell.js imports a screen: {screens:?}");
}

/// The bodies of the functions marked `#[tauri::command]` in `text`, by name.
fn tauri_commands(text: &str) -> Vec<(String, String)> {
    let mut out = vec![];
    for part in text.split("#[tauri::command]").skip(1) {
        let name = part.split("fn ").nth(1).and_then(|s| s.split(['(', '<']).next()).unwrap_or_default().trim().to_string();
        // The body: from the first `{` after the signature's `)` to the brace closing it.
        let open = part.find(")").and_then(|i| part[i..].find('{').map(|j| i + j)).unwrap_or(0);
        let mut depth = 0;
        let mut end = part.len();
        for (i, c) in part[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push((name, part[open + 1..end].to_string()));
    }
    out
}

/// What makes a command decide rather than forward: a branch, a loop, a comparison.
const DECISIONS: [&str; 12] = ["if ", "match ", "for ", "while ", "loop ", "==", "!=", "<=", ">=", "&&", "||", " < "];

fn decisions_in(commands: &[(String, String)]) -> Vec<String> {
    commands.iter().flat_map(|(name, body)| DECISIONS.iter().filter(|d| body.contains(*d)).map(move |d| format!("{name}: «{}»", d.trim()))).collect()
}

#[test]
fn the_tauri_commands_decide_nothing() {
    let commands = tauri_commands(&std::fs::read_to_string(root().join("src-tauri/src/lib.rs")).unwrap());
    assert!(commands.len() > 50, "the Tauri commands, read: {}", commands.len());
    let found = decisions_in(&commands);
    assert!(found.is_empty(), "a Tauri command that decides (the api decides, the command forwards):\n{}", found.join("\n"));
    // The reader sees a planted decision.
    let planted =
        "#[tauri::command]\nasync fn sheet(app: S<'_>, t: String) -> Reply<Sheet> {\n    if t.is_empty() { app.with(|a| a.sheet(&t)) } else { todo!() }\n}\n";
    assert_eq!(decisions_in(&tauri_commands(planted)), ["sheet: «if»"]);
}

#[test]
fn the_command_line_decides_nothing() {
    // The decisions the CLI once made itself, each now the api's: an answer judged by its
    // text (`result != "ok"`), a backup picked among the backups, the game with a
    // calculator looked for, a file written beside the api's save path.
    let decisions = ["== \"", "!= \"", "fs::write", "File::create", "OpenOptions", "backups_of(", ".calculator"].map(String::from);
    let found = hits(&files("crates/cli/src", &["rs"]), &decisions);
    assert!(found.is_empty(), "the command line decides what the api should:\n{}", found.join("\n"));
}

/// The api's modules in layers, lowest first (ARCHITECTURE.md, "The api in layers"): a
/// module uses only the layers below its own. The crate root (`lib.rs`: `Atout`, its store,
/// its cache and its lookups) is every module's, and uses only `API_ROOT_USES`.
const API_LAYERS: &[&[&str]] = &[
    &["error"],
    &["text", "named"],
    &["state", "settings"],
    &["standings", "audit", "backups"],
    &["tournaments", "sheets"],
    &["players", "rulings", "devices", "hands", "document", "live"],
    &["seasons"],
    &["print"],
    &["publish"],
];
const API_ROOT_USES: &[&str] = &["error", "text", "named", "state", "backups"];

/// A module's code as one text: comments and unit tests left out.
fn code_text(p: &Path) -> String {
    code_lines(p).into_iter().map(|(_, l)| l).collect::<Vec<_>>().join("\n")
}

/// Identifiers in `text` that follow `prefix` (`crate::` → the names after it).
fn after<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    text.match_indices(prefix)
        .map(|(i, _)| {
            let rest = &text[i + prefix.len()..];
            &rest[..rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len())]
        })
        .filter(|s| !s.is_empty())
        .collect()
}

/// Which api modules each module uses, read from their source: `crate::module`, an item
/// the crate root re-exports (`crate::Item`, `use crate::{Item, …}`), and — the uses the
/// `impl Atout` blocks hide — `self.method(` or `Atout::method(` where `method` is defined
/// in another module's `impl Atout`.
fn api_uses(sources: &[(String, String)]) -> Vec<(String, String, String)> {
    use std::collections::HashMap;
    let modules: Vec<&str> = sources.iter().map(|(m, _)| m.as_str()).collect();
    let mut methods: HashMap<String, Vec<String>> = HashMap::new();
    let mut items: HashMap<String, Vec<String>> = HashMap::new();
    for (m, text) in sources {
        let mut in_atout = false;
        for line in text.lines() {
            if line.starts_with("impl Atout {") {
                in_atout = true;
            } else if line == "}" {
                in_atout = false;
            }
            let t = line.trim_start();
            let t = t.strip_prefix("pub(crate) ").or_else(|| t.strip_prefix("pub ")).unwrap_or(t);
            let indent = line.len() - line.trim_start().len();
            for kind in ["fn ", "struct ", "enum ", "trait ", "type ", "const "] {
                if let Some(rest) = t.strip_prefix(kind) {
                    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if in_atout && indent == 4 && kind == "fn " {
                        methods.entry(name).or_default().push(m.clone());
                    } else if indent == 0 {
                        items.entry(name).or_default().push(m.clone());
                    }
                }
            }
        }
    }
    let only = |map: &HashMap<String, Vec<String>>, name: &str| map.get(name).filter(|v| v.len() == 1).map(|v| v[0].clone());
    let mut out = vec![];
    for (m, text) in sources {
        let mut named: Vec<(String, String)> = vec![];
        for name in after(text, "crate::") {
            if modules.contains(&name) {
                named.push((name.to_string(), format!("crate::{name}")));
            } else if let Some(owner) = only(&items, name) {
                named.push((owner, format!("crate::{name}")));
            }
        }
        for group in text.split("use crate::{").skip(1) {
            for name in group[..group.find('}').unwrap_or(group.len())].split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if let Some(owner) = only(&items, name).filter(|_| !modules.contains(&name)) {
                    named.push((owner, format!("use crate::{{{name}}}")));
                }
            }
        }
        for prefix in ["self.", "Atout::"] {
            for name in after(text, prefix) {
                if text.contains(&format!("{prefix}{name}(")) {
                    if let Some(owner) = only(&methods, name) {
                        named.push((owner, format!("{prefix}{name}(")));
                    }
                }
            }
        }
        for (used, how) in named {
            if &used != m {
                out.push((m.clone(), used, how));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Every use of a module at the same layer or above, as `module uses other (how)`.
fn layer_breaches(uses: &[(String, String, String)]) -> Vec<String> {
    let layer = |m: &str| API_LAYERS.iter().position(|l| l.contains(&m));
    uses.iter()
        .filter(|(m, used, _)| match m.as_str() {
            "lib" => !API_ROOT_USES.contains(&used.as_str()),
            _ => used != "lib" && layer(used) >= layer(m),
        })
        .map(|(m, used, how)| format!("{m} uses {used} ({how})"))
        .collect()
}

#[test]
fn the_api_is_in_layers() {
    let sources: Vec<(String, String)> =
        files("crates/api/src", &["rs"]).iter().map(|p| (p.file_stem().unwrap().to_string_lossy().to_string(), code_text(p))).collect();
    let unplaced: Vec<&str> = sources.iter().map(|(m, _)| m.as_str()).filter(|m| *m != "lib" && !API_LAYERS.iter().any(|l| l.contains(m))).collect();
    assert!(unplaced.is_empty(), "api modules in no layer (place them in API_LAYERS and ARCHITECTURE.md): {unplaced:?}");
    let uses = api_uses(&sources);
    assert!(uses.len() > 60, "the api's uses, read: {} (the reader is broken)", uses.len());
    let found = layer_breaches(&uses);
    assert!(found.is_empty(), "an api module uses one at its layer or above:\n{}", found.join("\n"));
    // The reader sees a use hidden in an `impl Atout` block, and a path.
    let planted = vec![
        ("sheets".to_string(), "impl Atout {\n    pub fn sheet(&mut self) {\n        self.devices();\n    }\n}".to_string()),
        ("devices".to_string(), "impl Atout {\n    pub fn devices(&mut self) {\n        crate::print::x();\n    }\n}".to_string()),
        ("print".to_string(), "pub fn x() {}".to_string()),
    ];
    assert_eq!(layer_breaches(&api_uses(&planted)), ["devices uses print (crate::print)", "sheets uses devices (self.devices()"]);
}

/// Every change the api records has its words in the log, in every language: an action said by
/// its code was shown so («tournament.settings»). Read from the api's source, as it writes them.
#[test]
fn every_change_the_api_records_is_said_in_words() {
    let mut codes = std::collections::BTreeSet::new();
    for file in files("crates/api/src", &["rs"]) {
        for (_, line) in code_lines(&file).into_iter().filter(|(_, l)| l.contains("action")) {
            for part in line.split('"').skip(1).step_by(2) {
                let (a, b) = part.split_once('.').unwrap_or(("", ""));
                if !a.is_empty() && !b.is_empty() && a.bytes().all(|c| c.is_ascii_lowercase()) && b.bytes().all(|c| c.is_ascii_lowercase() || c == b'_') {
                    codes.insert(part.to_string());
                }
            }
        }
    }
    assert!(codes.contains("table.lock") && codes.contains("tournament.settings") && codes.len() > 15, "{codes:?}");
    let unsaid: Vec<&String> = codes.iter().filter(|c| atout_api::action_said(c).en == **c).collect();
    assert!(unsaid.is_empty(), "said by their codes in the log: {unsaid:?}");
}
