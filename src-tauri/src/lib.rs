//! The desktop shell. Each command forwards, in one line, to `atout-api`;
//! commands are `async`, so database and file work runs off the main thread.
#![forbid(unsafe_code)]

use atout_api::{ApiError, Atout, TableRef};
use serde_json::Value;
use std::sync::{Arc, Mutex};
use tauri::State;

/// The application's one connection to its database — or, when the file could not
/// be opened (damaged, or from a newer Atout), why, so that the window can offer a backup.
#[derive(Clone)]
pub struct App(Arc<Mutex<Opened>>);

enum Opened {
    Ready(Box<Atout>),
    Refused { path: std::path::PathBuf, error: atout_api::rules::Said },
}

use atout_api::backups::Recovery;

impl App {
    pub fn new(atout: Atout) -> App {
        App(Arc::new(Mutex::new(Opened::Ready(Box::new(atout)))))
    }

    /// The database at `path` could not be opened: the window starts on its recovery screen.
    pub fn refused(path: std::path::PathBuf, error: atout_api::rules::Said) -> App {
        App(Arc::new(Mutex::new(Opened::Refused { path, error })))
    }

    fn recovery(&self) -> Recovery {
        let guard = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match &*guard {
            Opened::Ready(a) => {
                a.path().map(|p| Recovery::of(p, None)).unwrap_or(Recovery { path: String::new(), error: None, dir: String::new(), backups: vec![] })
            }
            Opened::Refused { path, error } => Recovery::of(path, Some(error.clone())),
        }
    }

    /// Put a backup in place of a database that could not be opened, and open it.
    fn recover(&self, backup: &str) -> Result<Recovery, ApiError> {
        {
            let mut guard = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Opened::Refused { path, .. } = &*guard {
                // A file that opens now (another program held it and let go) is opened, nothing
                // restored: a healthy database was set aside as damaged and an older backup put
                // in its place.
                let atout = match atout_api::Atout::open(path) {
                    Ok(atout) => atout,
                    Err(_) => atout_api::backups::restore_file(path, std::path::Path::new(backup))?,
                };
                *guard = Opened::Ready(Box::new(atout));
            }
        }
        Ok(self.recovery())
    }

    /// Run one api call. A panic (a bug: user data is meant never to cause one)
    /// comes back as an error the window shows, instead of a call that never answers.
    fn with<T>(&self, f: impl FnOnce(&mut Atout) -> Result<T, ApiError>) -> Result<T, ApiError> {
        let mut opened = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let guard = match &mut *opened {
            Opened::Ready(a) => a,
            // Said in every language (it was English alone).
            Opened::Refused { error, .. } => return Err(ApiError::Integrity(error.clone())),
        };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut *guard))).unwrap_or_else(|panic| {
            let what = panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned()).unwrap_or_default();
            guard.forget_cache();
            Err(ApiError::Fault(atout_api::rules::said!(
                "Atout met an unexpected error and stored nothing of this action ({what})",
                "Atout a rencontré une erreur inattendue et n'a rien enregistré de cette action ({what})",
                "Atout stuitte op een onverwachte fout en sloeg niets van deze handeling op ({what})"
            )))
        })
    }
}

impl App {
    /// How the table devices' server reaches this window's one connection.
    fn runner(&self) -> atout_serve::Run {
        let app = self.clone();
        Arc::new(move |f| {
            let _ = app.with(|a| {
                f(a);
                Ok(())
            });
        })
    }
}

type Reply<T> = Result<T, ApiError>;
type S<'a> = State<'a, App>;

#[tauri::command]
async fn players_list(app: S<'_>) -> Reply<Vec<atout_api::Player>> {
    app.with(|a| a.players_list())
}
#[tauri::command]
async fn players_import(app: S<'_>, bytes: Vec<u8>, tournament: Option<String>) -> Reply<atout_api::ImportedPlayers> {
    app.with(|a| a.players_import_bytes(&bytes, tournament.as_deref()))
}
#[tauri::command]
async fn player_add(app: S<'_>, name: String, club: String, member: String, anyway: Option<bool>) -> Reply<atout_api::Player> {
    app.with(|a| a.player_add(&name, &club, &member, anyway.unwrap_or(false)))
}
#[tauri::command]
async fn player_publishing(app: S<'_>, id: i64, published: bool) -> Reply<Vec<i64>> {
    app.with(|a| a.player_publishing(id, published))
}
#[tauri::command]
async fn unpublished_players(app: S<'_>) -> Reply<Vec<i64>> {
    app.with(|a| a.unpublished_players())
}
#[tauri::command]
async fn player_edit(app: S<'_>, id: i64, name: String, club: String, member: String, reason: String) -> Reply<atout_api::Player> {
    app.with(|a| a.player_edit(id, &name, &club, &member, &reason))
}
#[tauri::command]
async fn tournament_list(app: S<'_>) -> Reply<Vec<atout_api::TournamentInfo>> {
    app.with(|a| a.tournament_list())
}
#[tauri::command]
async fn tournament_create(app: S<'_>, request: atout_api::NewTournament) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.tournament_create(&request))
}
#[tauri::command]
async fn tournament_enter(app: S<'_>, tournament: String, players: Vec<i64>) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.tournament_enter(&tournament, &players))
}
#[tauri::command]
async fn round_draw(app: S<'_>, tournament: String, round: i64, seed: Option<String>, seating: Option<atout_api::Seating>) -> Reply<atout_api::DrawnRound> {
    app.with(|a| a.round_draw(&tournament, &atout_api::DrawRequest { round, seed, seating: seating.unwrap_or_default() }))
}
#[tauri::command]
async fn hand_check(record: String) -> Reply<atout_api::hands::HandVerdict> {
    atout_api::hands::hand_check(&record)
}
/// The jury's claim judged, double dummy, from where the replay stands (FORMAT.md "Claims").
#[tauri::command]
async fn hand_claim(
    record: String,
    seat: usize,
    at_least: Option<usize>,
    at_most: Option<usize>,
    lang: String,
    names: Vec<String>,
) -> Reply<atout_api::hands::ClaimSaid> {
    atout_api::hands::hand_claim_said(&record, seat, at_least, at_most, atout_api::rules::Lang::parse(&lang), &names)
}
/// "Could it have been made?": the side's most and fewest tricks from the first card, and
/// each card played judged, in the jury's words (FORMAT.md "Claims", `atout hand solve`).
#[tauri::command]
async fn hand_solve(record: String, seat: usize, lang: String, names: Vec<String>) -> Reply<atout_api::hands::SolveSaid> {
    atout_api::hands::hand_solve_said(&record, seat, atout_api::rules::Lang::parse(&lang), &names)
}
#[tauri::command]
async fn hand_cards(game: String, typed: String, lang: String) -> Reply<Vec<String>> {
    atout_api::hands::hand_cards(&game, &typed, atout_api::rules::Lang::parse(&lang))
}
#[tauri::command]
async fn hand_record(app: S<'_>, tournament: String, round: i64, table: i64, line: usize) -> Reply<Value> {
    app.with(|a| a.hand_record(&TableRef::new(tournament, round, table), line))
}
#[tauri::command]
async fn round_plan(app: S<'_>, tournament: String, round: i64, seed: Option<String>) -> Reply<atout_api::PlannedRounds> {
    app.with(|a| a.round_plan(&tournament, &atout_api::DrawRequest { round, seed, seating: atout_api::Seating::Planned }))
}
#[tauri::command]
async fn round_view(app: S<'_>, tournament: String, round: i64) -> Reply<atout_api::DrawnRound> {
    app.with(|a| a.round_view(&tournament, round))
}
#[tauri::command]
async fn sheet(app: S<'_>, tournament: String, round: i64, table: i64) -> Reply<atout_api::SheetView> {
    app.with(|a| a.sheet(&TableRef::new(tournament, round, table)))
}
#[tauri::command]
async fn sheet_history(app: S<'_>, tournament: String, round: i64, table: i64) -> Reply<Vec<atout_api::HistoryEntry>> {
    app.with(|a| a.sheet_history(&TableRef::new(tournament, round, table)))
}
#[tauri::command]
async fn deal_add(app: S<'_>, tournament: String, round: i64, table: i64, line: Option<usize>, entry: Value) -> Reply<atout_api::LineWritten> {
    app.with(|a| a.deal_add(&TableRef::new(tournament, round, table), line, entry))
}
#[tauri::command]
async fn deal_undo(app: S<'_>, tournament: String, round: i64, table: i64, line: usize, before: Option<Value>, reason: String) -> Reply<atout_api::SheetView> {
    app.with(|a| a.deal_undo(&TableRef::new(tournament, round, table), line, before, &reason))
}
#[tauri::command]
async fn sheet_replace(app: S<'_>, tournament: String, round: i64, table: i64, lines: Vec<Value>, reason: String) -> Reply<atout_api::SheetView> {
    app.with(|a| a.sheet_replace(&TableRef::new(tournament, round, table), lines, &reason))
}
#[tauri::command]
async fn table_dealer(app: S<'_>, tournament: String, round: i64, table: i64, seat: i64, reason: String) -> Reply<atout_api::SheetView> {
    app.with(|a| a.table_dealer(&TableRef::new(tournament, round, table), seat, &reason))
}
#[tauri::command]
async fn ruling_withdraw(app: S<'_>, tournament: String, ruling: i64, reason: String) -> Reply<Vec<atout_api::RulingView>> {
    app.with(|a| a.ruling_withdraw(&tournament, ruling, &reason))
}
#[tauri::command]
async fn player_withdraw(app: S<'_>, tournament: String, player: String, from_round: Option<i64>, reason: String) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.player_withdraw(&tournament, &player, from_round, &reason))
}
#[tauri::command]
async fn player_return(app: S<'_>, tournament: String, player: String, reason: String) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.player_return(&tournament, &player, &reason))
}
#[tauri::command]
async fn set_actor(app: S<'_>, actor: String) -> Reply<String> {
    app.with(|a| a.set_actor(&actor))
}
#[tauri::command]
async fn deal_check(app: S<'_>, tournament: String, round: i64, table: i64, line: Option<usize>, entry: Value) -> Reply<atout_api::LinePreview> {
    app.with(|a| a.deal_check(&TableRef::new(tournament, round, table), line, entry))
}
#[tauri::command]
async fn tournament_players(app: S<'_>, tournament: String) -> Reply<Vec<atout_api::EntrantView>> {
    app.with(|a| a.tournament_players(&tournament))
}
#[tauri::command]
async fn tournament_settings(app: S<'_>, tournament: String, patch: Value, reason: String) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.tournament_settings(&tournament, &patch, &reason))
}
#[tauri::command]
async fn print_path(app: S<'_>, request: atout_api::print::PrintRequest) -> Reply<String> {
    app.with(|a| a.default_print_path(&request))
}
#[tauri::command]
async fn publish_dir() -> Reply<String> {
    Ok(atout_api::publish::default_site_dir())
}
#[tauri::command]
async fn publish(app: S<'_>, dir: String, lang: String, initials: bool) -> Reply<atout_api::publish::Published> {
    app.with(|a| a.publish(std::path::Path::new(&dir), &lang, atout_api::publish::Privacy { initials }))
}
#[tauri::command]
async fn print(app: S<'_>, request: atout_api::print::PrintRequest) -> Reply<String> {
    app.with(|a| a.save_print(&request))
}
/// The program that opens a file with the program the desktop associates with it: Explorer
/// on Windows (a window program: no console flashes up), `open` on macOS, `xdg-open` elsewhere.
#[cfg(windows)]
const FILE_OPENER: &str = "explorer";
#[cfg(target_os = "macos")]
const FILE_OPENER: &str = "open";
#[cfg(not(any(windows, target_os = "macos")))]
const FILE_OPENER: &str = "xdg-open";
/// Open a printed file with the desktop's viewer.
#[tauri::command]
async fn open_file(path: String) -> Reply<()> {
    std::process::Command::new(FILE_OPENER)
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| ())
        .map_err(|source| ApiError::File { path, source })
}
#[tauri::command]
async fn recovery(app: S<'_>) -> Reply<Recovery> {
    Ok(app.recovery())
}
#[tauri::command]
async fn recover(app: S<'_>, backup: String) -> Reply<Recovery> {
    app.recover(&backup)
}
#[tauri::command]
async fn backup_now(app: S<'_>) -> Reply<atout_api::backups::BackupInfo> {
    app.with(|a| a.backup(None))
}
#[tauri::command]
async fn backup_restore(app: S<'_>, backup: String) -> Reply<atout_api::backups::BackupInfo> {
    app.with(|a| a.restore(std::path::Path::new(&backup)))
}
#[tauri::command]
async fn audit(app: S<'_>, tournament: String) -> Reply<Vec<atout_api::AuditEntry>> {
    app.with(|a| a.audit(&tournament))
}
#[tauri::command]
async fn system_lang() -> Reply<String> {
    Ok(atout_api::system_lang())
}
#[tauri::command]
async fn games(lang: String) -> Reply<Vec<atout_api::GameChoice>> {
    Ok(atout_api::games(&lang))
}
#[tauri::command]
async fn hand_score(game: String, tiles: Vec<String>) -> Reply<Value> {
    atout_api::hand_score(&game, &tiles)
}
#[tauri::command]
async fn game_view(app: S<'_>, tournament: String, lang: String) -> Reply<Value> {
    app.with(|a| a.game_view(&tournament, &lang))
}
#[tauri::command]
#[allow(clippy::too_many_arguments)]
async fn deal_correct(
    app: S<'_>,
    tournament: String,
    round: i64,
    table: i64,
    line: usize,
    entry: Value,
    before: Option<Value>,
    reason: String,
) -> Reply<atout_api::SheetView> {
    app.with(|a| a.deal_correct(&TableRef::new(tournament, round, table), line, entry, before, &reason))
}
#[tauri::command]
async fn ruling_add(app: S<'_>, tournament: String, round: i64, table: i64, ruling: Value) -> Reply<atout_api::SheetView> {
    app.with(|a| a.ruling_add(&TableRef::new(tournament, round, table), ruling))
}
#[tauri::command]
async fn rulings_list(app: S<'_>, tournament: String) -> Reply<Vec<atout_api::RulingView>> {
    app.with(|a| a.rulings_list(&tournament))
}
#[tauri::command]
async fn round_status(app: S<'_>, tournament: String) -> Reply<Vec<atout_api::RoundStatus>> {
    app.with(|a| a.round_status(&tournament))
}
/// What the season form starts from: the default settings and the place scale offered.
#[tauri::command]
async fn season_defaults() -> Reply<Value> {
    Ok(atout_api::season_defaults())
}
/// The live standings with what placed each player (the projector).
#[tauri::command]
async fn standings_board(app: S<'_>, tournament: String) -> Reply<atout_api::StandingsBoard> {
    app.with(|a| a.standings_board(&tournament))
}
#[tauri::command]
async fn standings(app: S<'_>, tournament: String, after_round: Option<i64>) -> Reply<atout_api::Standings> {
    app.with(|a| a.standings(&tournament, after_round))
}

#[tauri::command]
async fn standings_progress(app: S<'_>, tournament: String, limit: Option<usize>) -> Reply<atout_api::Progress> {
    app.with(|a| a.standings_progress(&tournament, limit))
}
#[tauri::command]
async fn import_document(app: S<'_>, text: String) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.import_document(&text))
}
#[tauri::command]
async fn sample_load(app: S<'_>) -> Reply<atout_api::TournamentInfo> {
    app.with(|a| a.sample_load())
}
#[tauri::command]
async fn export_document(app: S<'_>, tournament: String) -> Reply<atout_api::Document> {
    app.with(|a| a.export_document(&tournament))
}

// Seasons: the championship over many evenings, and other clubs' archives.
#[tauri::command]
async fn seasons(app: S<'_>) -> Reply<Vec<atout_api::SeasonInfo>> {
    app.with(|a| a.seasons())
}
#[tauri::command]
async fn season_create(app: S<'_>, name: String, settings: Option<Value>) -> Reply<atout_api::SeasonInfo> {
    app.with(|a| a.season_create(&name, settings.as_ref()))
}
#[tauri::command]
async fn season_settings(app: S<'_>, season: String, settings: Value, reason: String) -> Reply<atout_api::SeasonInfo> {
    app.with(|a| a.season_settings(&season, &settings, &reason))
}
#[tauri::command]
async fn season_add(app: S<'_>, season: String, tournament: String) -> Reply<atout_api::SeasonInfo> {
    app.with(|a| a.season_add(&season, &tournament))
}
#[tauri::command]
async fn season_remove(app: S<'_>, season: String, tournament: String, reason: String) -> Reply<atout_api::SeasonInfo> {
    app.with(|a| a.season_remove(&season, &tournament, &reason))
}
#[tauri::command]
async fn season_standings(app: S<'_>, season: String) -> Reply<atout_api::SeasonStandings> {
    app.with(|a| a.season_standings(&season))
}
#[tauri::command]
async fn season_player(app: S<'_>, season: String, player: String) -> Reply<atout_api::PlayerSeason> {
    app.with(|a| a.season_player(&season, &player))
}
#[tauri::command]
async fn season_import(app: S<'_>, season: String, text: String) -> Reply<atout_api::ArchiveImported> {
    app.with(|a| a.season_import(&season, &text))
}
#[tauri::command]
async fn player_doubts(app: S<'_>) -> Reply<Vec<atout_api::Doubt>> {
    app.with(|a| a.player_doubts())
}
#[tauri::command]
async fn player_settle(app: S<'_>, player: i64, other: i64, same: bool, reason: String) -> Reply<Vec<atout_api::Doubt>> {
    app.with(|a| a.player_settle(player, other, same, &reason))
}

#[tauri::command]
async fn about(app: S<'_>) -> Reply<atout_api::About> {
    app.with(|a| Ok(a.about()))
}

#[tauri::command]
async fn backup_failure(app: S<'_>) -> Reply<Option<atout_api::rules::Said>> {
    app.with(|a| Ok(a.backup_failure()))
}

#[tauri::command]
async fn read_only(app: S<'_>) -> Reply<Option<atout_api::rules::Said>> {
    app.with(|a| Ok(a.read_only()))
}

// The table devices: the server started and stopped from the Rounds screen.
type D<'a> = State<'a, atout_serve::Switch>;
#[tauri::command]
async fn devices_start(app: S<'_>, devices: D<'_>, port: Option<u16>) -> Reply<atout_serve::Status> {
    devices.start(app.runner(), port)
}
#[tauri::command]
async fn devices_stop(devices: D<'_>) -> Reply<atout_serve::Status> {
    Ok(devices.stop())
}
#[tauri::command]
async fn devices_status(devices: D<'_>, tournament: String, round: i64) -> Reply<atout_serve::Status> {
    Ok(devices.status(&tournament, round))
}
#[tauri::command]
async fn devices(app: S<'_>, devices: D<'_>, tournament: String, round: i64) -> Reply<atout_api::DeviceRound> {
    app.with(|a| a.devices(&tournament, round, &devices.base()))
}
#[tauri::command]
async fn device_revoke(app: S<'_>, devices: D<'_>, tournament: String, round: i64, table: Option<i64>, reason: String) -> Reply<atout_api::DeviceRound> {
    app.with(|a| a.device_revoke(&tournament, round, table, &reason, &devices.base()))
}
#[tauri::command]
async fn table_lock(app: S<'_>, devices: D<'_>, tournament: String, round: i64, table: i64, locked: bool, reason: String) -> Reply<atout_api::DeviceRound> {
    app.with(|a| a.table_lock(&TableRef::new(tournament, round, table), locked, &reason, &devices.base()))
}

/// A builder with the application state and every command (tests pass the mock runtime's).
pub fn with_commands<R: tauri::Runtime>(builder: tauri::Builder<R>, app: App) -> tauri::Builder<R> {
    builder.plugin(tauri_plugin_dialog::init()).manage(app).manage(atout_serve::Switch::default()).invoke_handler(tauri::generate_handler![
        about,
        backup_failure,
        read_only,
        system_lang,
        seasons,
        season_create,
        season_settings,
        season_add,
        season_remove,
        season_standings,
        season_player,
        season_import,
        player_doubts,
        player_settle,
        devices_start,
        devices_stop,
        devices_status,
        devices,
        device_revoke,
        table_lock,
        hand_score,
        round_status,
        players_list,
        players_import,
        player_add,
        player_edit,
        tournament_list,
        tournament_create,
        tournament_enter,
        round_draw,
        round_plan,
        hand_check,
        hand_cards,
        hand_record,
        round_view,
        sheet,
        sheet_history,
        deal_add,
        deal_undo,
        sheet_replace,
        table_dealer,
        ruling_withdraw,
        player_withdraw,
        player_return,
        set_actor,
        deal_check,
        deal_correct,
        games,
        game_view,
        audit,
        tournament_players,
        tournament_settings,
        recovery,
        recover,
        print_path,
        print,
        open_file,
        publish,
        publish_dir,
        hand_claim,
        hand_solve,
        player_publishing,
        unpublished_players,
        backup_now,
        backup_restore,
        ruling_add,
        rulings_list,
        standings,
        standings_board,
        season_defaults,
        standings_progress,
        import_document,
        sample_load,
        export_document
    ])
}

/// The window opens at 1200 × 800, or smaller on a smaller screen (a 10" tablet is
/// 1024 × 768): never larger than the screen it opens on, less a margin.
fn fit_to_screen<R: tauri::Runtime>(window: &tauri::WebviewWindow<R>) {
    let monitor = match window.current_monitor() {
        Ok(Some(m)) => m,
        _ => match window.primary_monitor() {
            Ok(Some(m)) => m,
            _ => return,
        },
    };
    let scale = monitor.scale_factor().max(0.5);
    let (w, h) = (f64::from(monitor.size().width) / scale, f64::from(monitor.size().height) / scale);
    // Never larger than the screen, even a very small one (the window's minimum gives way).
    let (want_w, want_h) = (1200f64.min(w - 24.0).max(w.min(800.0)), 800f64.min(h - 48.0).max(h.min(600.0)));
    if want_w < 800.0 || want_h < 600.0 {
        let _ = window.set_min_size(Some(tauri::LogicalSize::new(want_w, want_h)));
    }
    if want_w < 1200.0 || want_h < 800.0 {
        let _ = window.set_size(tauri::LogicalSize::new(want_w, want_h));
        // Centred by its new size: the window's own `center` reads the size it has before it
        // is first shown (none, under X without a window manager: it opened at the middle of
        // the screen, half off it).
        let origin = monitor.position().to_logical::<f64>(scale);
        let _ = window.set_position(tauri::LogicalPosition::new(origin.x + ((w - want_w) / 2.0).max(0.0), origin.y + ((h - want_h) / 2.0).max(0.0)));
    }
}

/// WebKitGTK's settings, read from the environment (Linux only: Windows' WebView2 and
/// macOS's WKWebView have their own engines).
#[cfg(target_os = "linux")]
fn tune_webkit() {
    // WebKit's accelerated compositing loads a whole GL stack (Mesa's llvmpipe where there is
    // no GPU) that Atout's pages have no use for: about 80 MB more per window (measured in
    // docs/performance.md). Off, unless the user's environment says otherwise. Set before
    // any thread or web process starts.
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_none() {
        std::env::set_var("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    }
    // Without compositing, nothing in the window draws with OpenGL: GTK need not open a GLX
    // context at start (which maps the same GL driver once more).
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_some_and(|v| v == "1") && std::env::var_os("GDK_GL").is_none() {
        std::env::set_var("GDK_GL", "disable");
    }
    // Without compositing WebKit paints into shared memory, never into GPU buffers: its
    // DMA-BUF renderer would only open the GPU device (and its driver) in the app for nothing,
    // about 4 MB at rest (docs/performance.md).
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_some_and(|v| v == "1") && std::env::var_os("WEBKIT_DISABLE_DMABUF_RENDERER").is_none() {
        std::env::set_var("WEBKIT_DISABLE_DMABUF_RENDERER", "1");
    }
    // To tell the web process which GPU to render on, the app opens an EGL display of its
    // own — Mesa and its llvmpipe, about 20 MB — unless WEBKIT_WEB_RENDER_DEVICE_FILE names
    // the device. Without compositing the web process renders on none: the app names none
    // (`/dev/null`, which no GPU answers to), and never loads Mesa (docs/performance.md).
    if std::env::var_os("WEBKIT_DISABLE_COMPOSITING_MODE").is_some_and(|v| v == "1") && std::env::var_os("WEBKIT_WEB_RENDER_DEVICE_FILE").is_none() {
        std::env::set_var("WEBKIT_WEB_RENDER_DEVICE_FILE", "/dev/null");
    }
    // The window's script is glue between forms and the api (the rules run in Rust): the
    // JavaScript interpreter serves it as fast as a person types, and without the JIT's
    // compiled code and its pools the web process holds about 14 MB less after an evening
    // (docs/performance.md). The web process reads JavaScriptCore's options from the
    // environment it inherits.
    if std::env::var_os("JSC_useJIT").is_none() {
        std::env::set_var("JSC_useJIT", "0");
    }
}

/// Open the database (ATOUT_DB, or the default one) and run the window.
pub fn run() {
    #[cfg(target_os = "linux")]
    tune_webkit();
    let path = std::env::var_os("ATOUT_DB").map(std::path::PathBuf::from).unwrap_or_else(Atout::default_db_path);
    // A file that cannot be opened is not loaded at all: the window opens on its
    // recovery screen, which offers the backups beside it.
    let app = match Atout::open(&path) {
        Ok(a) => App::new(a),
        Err(e) => {
            eprintln!("atout: {e}");
            App::refused(path, e.texts())
        }
    };
    with_commands(tauri::Builder::default(), app)
        .setup(|app| {
            if let Some(window) = tauri::Manager::get_webview_window(app, "main") {
                fit_to_screen(&window);
                // WebKit's "document viewer" cache model: no page cache and small memory
                // caches, as befits an app whose screens are drawn from the api (the web
                // process's memory at rest, docs/performance.md).
                #[cfg(target_os = "linux")]
                let _ = window.with_webview(|view| {
                    use webkit2gtk::{WebContextExt, WebViewExt};
                    if let Some(context) = view.inner().context() {
                        context.set_cache_model(webkit2gtk::CacheModel::DocumentViewer);
                    }
                });
            }
            Ok(())
        })
        .run(tauri::generate_context!())
        .expect("the window runs");
}
