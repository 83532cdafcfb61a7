//! The table devices' server: each table's phone and the jury's speak FORMAT.md's
//! "Table devices" protocol to it over the club's network, and load the window's own
//! pages from it. A third front over `atout-api`, as thin as the CLI and the window:
//! every handler reads its request, runs one api call, and answers.
//!
//! Bounds: bodies over 64 KiB are refused (413) before they are read whole; an address
//! that sends ten unknown codes in a minute is refused (429, with `Retry-After`) until the
//! minute is over — except for a code already served by this server, so that a table's
//! phone at work is never locked out by another device's typing mistakes at its address;
//! pages are served from a fixed table of names built from `ui/` (no path leaves it); an
//! address holds at most 64 connections, and one silent both ways for two minutes is
//! closed (guard.rs).
#![forbid(unsafe_code)]

use atout_api::rules::{said, Lang, Said};
use atout_api::{ApiError, Atout, Device};
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod guard;

mod pages {
    include!(concat!(env!("OUT_DIR"), "/pages.rs"));
}

/// The largest request body read (FORMAT.md).
pub const BODY_MAX: usize = 64 * 1024;
/// How long a request's body may take to arrive once its headers have.
const BODY_WAIT: Duration = Duration::from_secs(10);
/// The port the server listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8777;
/// Unknown codes one address may send in [`FAILS_WINDOW`] before it is refused.
pub const FAILS_MAX: u32 = 10;
pub const FAILS_WINDOW: Duration = Duration::from_secs(60);
/// A device seen within this time counts as connected.
pub const CONNECTED: Duration = Duration::from_secs(90);
/// The most lines one group commit writes (those waiting beyond wait for the next).
pub const BATCH_MOST: usize = 256;

/// How the server reaches the application: runs a call on the one `Atout` it shares
/// (with the window, inside the app; alone, behind `atout serve`).
pub type Run = Arc<dyn Fn(&mut dyn FnMut(&mut Atout)) + Send + Sync>;

/// A `Run` over an `Atout` of the server's own.
pub fn run_alone(atout: Atout) -> Run {
    let app = Mutex::new(atout);
    Arc::new(move |f| f(&mut app.lock().unwrap_or_else(|p| p.into_inner())))
}

/// One api call through `run`. A panic (a bug) answers as an internal error; nothing
/// of the call is kept in memory (the store's transaction was not committed).
fn call<T>(run: &Run, f: impl FnOnce(&mut Atout) -> Result<T, ApiError>) -> Result<T, ApiError> {
    let mut f = Some(f);
    let mut out = None;
    run(&mut |a: &mut Atout| {
        if let Some(f) = f.take() {
            out = Some(guarded(a, f));
        }
    });
    out.unwrap_or_else(|| Err(ApiError::Fault(said!("the database is not open", "la base de données n'est pas ouverte", "de databank is niet geopend"))))
}

/// `f` on the application; a panic (a bug) answers as an internal error and drops what
/// `f` left in memory (the store kept nothing of it: its transaction or savepoint is gone).
fn guarded<T>(a: &mut Atout, f: impl FnOnce(&mut Atout) -> Result<T, ApiError>) -> Result<T, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut *a))).unwrap_or_else(|_| {
        a.forget_cache();
        Err(ApiError::Fault(said!(
            "Atout met an unexpected error and stored nothing of this request",
            "Atout a rencontré une erreur inattendue et n'a rien enregistré de cette demande",
            "Atout stuitte op een onverwachte fout en sloeg niets van dit verzoek op"
        )))
    })
}

/// When each code's device was last heard from, how many unknown codes each address
/// sent lately, and the codes this server has served (each still checked on every request).
#[derive(Default)]
struct Watch {
    seen: HashMap<(String, i64, Option<i64>), Instant>,
    fails: HashMap<IpAddr, (Instant, u32)>,
    served: HashSet<String>,
}

/// What the server shares between requests.
pub struct Room {
    run: Run,
    watch: Arc<Mutex<Watch>>,
    /// The lines' writer (group commit): a line sent here is answered once it is durable.
    lines: std::sync::mpsc::Sender<LineJob>,
    /// The jury's searches (claims, "could it have been made?"), one at a time: each may
    /// take a core for seconds.
    searching: tokio::sync::Semaphore,
    /// Listening on every network of this machine (not only its own loopback): a phone
    /// reaches it by the machine's network address.
    everywhere: bool,
}

/// A table's line waiting for the lines' writer, and where its answer goes.
struct LineJob {
    code: String,
    line: NewLine,
    answer: tokio::sync::oneshot::Sender<Result<atout_api::LineStored, ApiError>>,
}

/// A device heard from: its table (none: the jury), how long ago.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Seen {
    pub table: Option<i64>,
    pub seconds: u64,
    pub connected: bool,
}

impl Room {
    pub fn new(run: Run) -> Room {
        let watch = Arc::new(Mutex::new(Watch::default()));
        let (lines, waiting) = std::sync::mpsc::channel();
        let (r, w) = (run.clone(), watch.clone());
        // The writer ends when the room does (its sender dropped).
        std::thread::Builder::new().name("atout-lines".into()).spawn(move || write_lines(&r, &w, &waiting)).expect("the lines' writer starts");
        Room { run, watch, lines, searching: tokio::sync::Semaphore::new(1), everywhere: false }
    }

    fn watch(&self) -> std::sync::MutexGuard<'_, Watch> {
        self.watch.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The devices of a round heard from since the server started.
    pub fn seen(&self, tournament: &str, round: i64) -> Vec<Seen> {
        let mut out: Vec<Seen> = self
            .watch()
            .seen
            .iter()
            .filter(|((t, r, _), _)| t == tournament && *r == round)
            .map(|((_, _, table), at)| Seen { table: *table, seconds: at.elapsed().as_secs(), connected: at.elapsed() < CONNECTED })
            .collect();
        out.sort_by_key(|s| s.table);
        out
    }

    /// How long an address is still refused for its unknown codes (none: it is not).
    fn throttled(&self, ip: IpAddr) -> Option<Duration> {
        let w = self.watch();
        let (since, n) = w.fails.get(&ip)?;
        (*n >= FAILS_MAX).then(|| FAILS_WINDOW.checked_sub(since.elapsed())).flatten().filter(|left| !left.is_zero())
    }

    fn failed(&self, ip: IpAddr) {
        let mut w = self.watch();
        forget_passed(&mut w.fails, Instant::now());
        let entry = w.fails.entry(ip).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= FAILS_WINDOW {
            *entry = (Instant::now(), 0);
        }
        entry.1 += 1;
    }
}

/// The addresses whose failures are older than the window let go: they count for nothing
/// more (their next failure starts a new window), and a network's passing addresses (a
/// phone's, renewed) do not pile up for as long as the server runs.
fn forget_passed(fails: &mut HashMap<IpAddr, (Instant, u32)>, now: Instant) {
    fails.retain(|_, (since, _)| now.saturating_duration_since(*since) < FAILS_WINDOW);
}

/// The language of a request's `Accept-Language`: of fr, nl and en, the one it prefers most
/// (its `q`, 1 when not given; the first named on a tie; none with `q=0`).
fn lang(headers: &HeaderMap) -> Lang {
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let mut best: Option<(f32, &str)> = None;
    for part in accept.split(',') {
        let mut fields = part.split(';').map(str::trim);
        let tag = fields.next().unwrap_or("");
        if !["fr", "nl", "en"].iter().any(|l| tag.get(..2).is_some_and(|x| x.eq_ignore_ascii_case(l))) {
            continue;
        }
        let q = fields.find_map(|f| f.strip_prefix("q=").or_else(|| f.strip_prefix("Q="))).map_or(Some(1.0), |q| q.trim().parse::<f32>().ok()).unwrap_or(0.0);
        if q > 0.0 && best.is_none_or(|(b, _)| q > b) {
            best = Some((q, tag));
        }
    }
    best.map(|(_, tag)| Lang::parse(tag)).unwrap_or_default()
}

/// An answer that is not a success: FORMAT.md's `{kind, message}`, the message in the
/// request's language.
struct Failure {
    status: StatusCode,
    body: Value,
    /// Seconds before trying again (`Retry-After`), for a refusal that passes with time.
    retry_after: Option<u64>,
}

impl Failure {
    fn said(status: StatusCode, kind: &str, said: Said, lang: Lang) -> Failure {
        Failure { status, body: json!({"kind": kind, "message": said.get(lang), "message_texts": said}), retry_after: None }
    }

    fn api(e: &ApiError, lang: Lang) -> Failure {
        let status = match e.kind() {
            "refused" => StatusCode::UNPROCESSABLE_ENTITY,
            "conflict" => StatusCode::CONFLICT,
            "not-found" => StatusCode::NOT_FOUND,
            "invalid" => StatusCode::BAD_REQUEST,
            "unauthorized" => StatusCode::UNAUTHORIZED,
            "forbidden" => StatusCode::FORBIDDEN,
            "busy" => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let mut body = serde_json::to_value(e).unwrap_or_else(|_| json!({}));
        body["message"] = Value::String(e.texts().get(lang).to_string());
        // FORMAT.md names a rule's refusal `rule`.
        if e.kind() == "refused" {
            body["kind"] = Value::String("rule".into());
        }
        // FORMAT.md's conflict always says who wrote the line and when: none where no line is
        // there (a line number past the next one).
        if let Some(b) = body.as_object_mut().filter(|_| status == StatusCode::CONFLICT) {
            for key in ["line", "by", "at", "at_local"] {
                b.entry(key).or_insert(Value::Null);
            }
        }
        Failure { status, body, retry_after: None }
    }

    /// A request that does not read: what the reader said of it, in every language.
    fn malformed(detail: Said, lang: Lang) -> Failure {
        let Said { en, fr, nl } = detail;
        Failure::said(
            StatusCode::BAD_REQUEST,
            "malformed",
            said!("the request cannot be read: {en}", "la requête est illisible : {fr}", "het verzoek is onleesbaar: {nl}"),
            lang,
        )
    }

    /// A request whose address does not read: axum's words in English, the parameter it names
    /// in French and Dutch (axum's English stood inside the French and the Dutch).
    fn malformed_address(detail: String, lang: Lang) -> Failure {
        // «Failed to deserialize query string: table: invalid digit found in string».
        let named = detail.split(": ").nth(1).filter(|f| !f.is_empty() && f.len() <= 40 && f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
        let (fr, nl) = match named {
            Some(field) => (format!("le paramètre `{field}` de l'adresse ne se lit pas"), format!("de parameter `{field}` van het adres is onleesbaar")),
            None => ("l'adresse ne se lit pas".to_string(), "het adres is onleesbaar".to_string()),
        };
        Failure::malformed(Said { en: detail, fr, nl }, lang)
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(self.body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response
    }
}

type Answer = Result<Response, Failure>;

fn ok<T: serde::Serialize>(status: StatusCode, value: &T) -> Answer {
    Ok((status, axum::Json(value)).into_response())
}

/// Run one api call off the server's threads (SQLite blocks).
async fn blocking<T: Send + 'static>(room: &Arc<Room>, lang: Lang, f: impl FnOnce(&mut Atout) -> Result<T, ApiError> + Send + 'static) -> Result<T, Failure> {
    let room = room.clone();
    match tokio::task::spawn_blocking(move || call(&room.run, f)).await {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(Failure::api(&e, lang)),
        Err(e) => Err(Failure::api(&ApiError::Internal(e.to_string()), lang)),
    }
}

/// A request's JSON body, at most [`BODY_MAX`] bytes.
async fn body<T: DeserializeOwned>(body: Body, lang: Lang) -> Result<T, Failure> {
    let too_large = || {
        let max = BODY_MAX / 1024;
        Failure::said(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too-large",
            said!("a request holds at most {max} KiB", "une requête fait au plus {max} Kio", "een verzoek is hoogstens {max} KiB groot"),
            lang,
        )
    };
    // A body announced larger than allowed (its Content-Length) is refused before a byte of it
    // is awaited: it was awaited until the wait below ran out, and answered 408, not 413.
    if axum::body::HttpBody::size_hint(&body).lower() > BODY_MAX as u64 {
        return Err(too_large());
    }
    // A body announced and never sent (or sent a byte a minute) holds no connection for long.
    let read = tokio::time::timeout(BODY_WAIT, axum::body::to_bytes(body, BODY_MAX)).await.map_err(|_| {
        let wait = BODY_WAIT.as_secs();
        Failure::said(
            StatusCode::REQUEST_TIMEOUT,
            "timeout",
            said!(
                "the request's body did not arrive within {wait} seconds: send it again",
                "le corps de la requête n'est pas arrivé en {wait} secondes : envoyez-la à nouveau",
                "de inhoud van het verzoek kwam niet binnen {wait} seconden aan: stuur het opnieuw"
            ),
            lang,
        )
    })?;
    let bytes = read.map_err(|_| too_large())?;
    // A key given twice anywhere in the body is refused (a line's last `contract` was stored,
    // the first dropped without a word).
    atout_api::rules::unique_json(&bytes).map_err(|e| Failure::malformed(atout_api::rules::unread(&e), lang))?;
    serde_json::from_slice(&bytes).map_err(|e| Failure::malformed(atout_api::rules::unread(&e), lang))
}

/// The code a request carries (`Authorization: Bearer CODE`), or "".
fn bearer(headers: &HeaderMap) -> String {
    // The scheme's name is case-insensitive (RFC 9110): "bearer CODE" is the same.
    let value = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or("").trim_start();
    match value.split_once(' ') {
        Some((scheme, code)) if scheme.eq_ignore_ascii_case("bearer") => code.trim().to_string(),
        _ => String::new(),
    }
}

/// Refused before anything is read when the address sent too many unknown codes — unless
/// the request's code is one this server has served (it is checked again all the same) —, or
/// when it carries no code.
fn throttle(room: &Room, headers: &HeaderMap, ip: IpAddr, lang: Lang) -> Result<(), Failure> {
    if room.throttled(ip).is_none() {
        return coded(headers, lang);
    }
    // The code as issued, however typed (a dashed or lower-case code was refused here).
    let code = bearer(headers);
    let code = atout_api::devices::normalize(&code).unwrap_or(code);
    if room.watch().served.contains(&code) {
        return Ok(());
    }
    throttle_address(room, ip, lang)?;
    coded(headers, lang)
}

/// A request that carries no code at all is refused before its body is read (its body's
/// faults were answered first, 400, and the missing code only once they were mended).
fn coded(headers: &HeaderMap, lang: Lang) -> Result<(), Failure> {
    if !bearer(headers).is_empty() {
        return Ok(());
    }
    Err(Failure::said(
        StatusCode::UNAUTHORIZED,
        "unauthorized",
        said!(
            "this request carries no code (Authorization: Bearer CODE): scan the table's code",
            "cette requête ne porte aucun code (Authorization: Bearer CODE) : scannez le code de la table",
            "dit verzoek draagt geen code (Authorization: Bearer CODE): scan de code van de tafel"
        ),
        lang,
    ))
}

/// Refused before anything is read when the address sent too many unknown codes or asked
/// for too many unknown players, whatever code it carries: for what takes no code.
fn throttle_address(room: &Room, ip: IpAddr, lang: Lang) -> Result<(), Failure> {
    let Some(left) = room.throttled(ip) else { return Ok(()) };
    let seconds = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    let mut refused = Failure::said(
        StatusCode::TOO_MANY_REQUESTS,
        "throttled",
        said!(
            "too many wrong codes from this address: wait {seconds} s before trying a code again",
            "trop de codes erronés depuis cette adresse : attendez {seconds} s avant d'essayer à nouveau un code",
            "te veel foute codes van dit adres: wacht {seconds} s voor u opnieuw een code probeert"
        ),
        lang,
    );
    refused.body["retry_after"] = json!(seconds);
    refused.retry_after = Some(seconds);
    Err(refused)
}

/// Run `f` for the device a request's code names (`Authorization: Bearer CODE`), in one
/// call to the application: the code read, the device marked as heard from, the action
/// done. An unknown or revoked code counts against the address.
async fn as_device<T: Send + 'static>(
    room: &Arc<Room>,
    headers: &HeaderMap,
    ip: IpAddr,
    lang: Lang,
    f: impl FnOnce(&mut Atout, &Device) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, Failure> {
    throttle(room, headers, ip, lang)?;
    let code = bearer(headers);
    let watch = room.watch.clone();
    let done = blocking(room, lang, move |a| {
        let d = heard(&watch, a, code)?;
        f(a, &d)
    })
    .await;
    if done.as_ref().err().is_some_and(|f| f.status == StatusCode::UNAUTHORIZED) {
        room.failed(ip);
    }
    done
}

/// The device a code names, marked as heard from (and its code as served).
fn heard(watch: &Mutex<Watch>, a: &mut Atout, code: String) -> Result<Device, ApiError> {
    let d = a.device(&code)?;
    let mut w = watch.lock().unwrap_or_else(|p| p.into_inner());
    w.seen.insert((d.tournament.clone(), d.round, d.table), Instant::now());
    let code = atout_api::devices::normalize(&code).unwrap_or(code);
    if !w.served.contains(&code) {
        w.served.insert(code);
    }
    Ok(d)
}

/// The lines' writer: the lines waiting when it is free are written together — each
/// checked against the sheet as the lines before it left it and refused alone, all made
/// durable by one commit (one fsync) — and each answered only once that commit is done.
fn write_lines(run: &Run, watch: &Mutex<Watch>, waiting: &std::sync::mpsc::Receiver<LineJob>) {
    while let Ok(first) = waiting.recv() {
        let mut jobs = vec![first];
        while jobs.len() < BATCH_MOST {
            match waiting.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let (lines, answers): (Vec<_>, Vec<_>) = jobs.into_iter().map(|j| ((j.code, j.line), j.answer)).unzip();
        let written = call(run, move |a| {
            a.batch(|a| {
                lines
                    .into_iter()
                    .map(|(code, n)| {
                        guarded(a, |a| {
                            // A retry of a line stored before is told so first, whatever became
                            // of its code since (revoked, its round over).
                            if let Some(stored) = a.device_stored(&code, &n.key, &n.entry)? {
                                return Ok(stored);
                            }
                            let d = heard(watch, a, code)?;
                            a.device_line(&d, &scorer(&n.scorer), &n.key, n.line, n.entry, n.confirmed_by.as_deref())
                        })
                    })
                    .collect::<Vec<_>>()
            })
        });
        match written {
            Ok(each) => {
                for (answer, one) in answers.into_iter().zip(each) {
                    let _ = answer.send(one);
                }
            }
            // The commit failed: none of the batch is stored, each device is told so.
            Err(e) => {
                for answer in answers {
                    let _ = answer.send(Err(e.told_again()));
                }
            }
        }
    }
}

/// The name a device gives for who writes, or `device` when it gives none.
fn scorer(given: &Option<String>) -> String {
    given.as_deref().map(str::trim).filter(|s| !s.is_empty()).unwrap_or("device").to_string()
}

type Ctx = (State<Arc<Room>>, ConnectInfo<SocketAddr>, HeaderMap);

/// A request's query (`?round=1&table=2`), refused as FORMAT.md says (400, `{kind, message}`
/// in the request's language) when it cannot be read — not with the framework's plain text.
struct Q<T>(T);

impl<T: DeserializeOwned, S: Send + Sync> axum::extract::FromRequestParts<S> for Q<T> {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(q)) => Ok(Q(q)),
            Err(e) => Err(Failure::malformed_address(e.body_text(), lang(&parts.headers))),
        }
    }
}

/// A path's parts, read as [`Q`] reads a query: a part that is no text (`%FF`) is a
/// malformed request, said in JSON like every refusal.
struct P<T>(T);

impl<T: DeserializeOwned + Send, S: Send + Sync> axum::extract::FromRequestParts<S> for P<T> {
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(p)) => Ok(P(p)),
            Err(e) => Err(Failure::malformed_address(e.body_text(), lang(&parts.headers))),
        }
    }
}

#[derive(Deserialize)]
struct Where {
    round: Option<i64>,
    table: Option<i64>,
}

async fn whoami((State(room), ConnectInfo(addr), headers): Ctx) -> Answer {
    let lang = lang(&headers);
    let view = as_device(&room, &headers, addr.ip(), lang, |a, d| {
        let info = a.tournament_list()?.into_iter().find(|t| t.id.to_string() == d.tournament);
        Ok(json!({"device": d, "tournament": info}))
    })
    .await?;
    ok(StatusCode::OK, &view)
}

async fn sheet(State(room): State<Arc<Room>>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, Q(w): Q<Where>) -> Answer {
    let lang = lang(&headers);
    ok(StatusCode::OK, &as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_sheet(d, w.round, w.table)).await?)
}

async fn history(State(room): State<Arc<Room>>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, Q(w): Q<Where>) -> Answer {
    let lang = lang(&headers);
    ok(
        StatusCode::OK,
        &as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_read_table(d, w.round, w.table).and_then(|at| a.sheet_history(&at))).await?,
    )
}

#[derive(Deserialize)]
struct Lang_ {
    lang: Option<String>,
}

async fn game((State(room), ConnectInfo(addr), headers): Ctx, Q(q): Q<Lang_>) -> Answer {
    let lang = lang(&headers);
    let want = q.lang.unwrap_or_else(|| lang.code().to_string());
    ok(StatusCode::OK, &as_device(&room, &headers, addr.ip(), lang, move |a, d| a.game_view(&d.tournament, &want)).await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Check {
    line: Option<usize>,
    entry: Value,
    /// The lines the device holds waiting, in order: a new line is checked as following them.
    #[serde(default)]
    after: Vec<Value>,
}

#[derive(Deserialize)]
struct Waiting {
    #[serde(default)]
    after: Vec<Value>,
}

/// What the next line may be once the lines a device holds waiting are written: `{"next":
/// choices | null, "known": bool}` (`known` false when they do not replay).
async fn next((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let w: Waiting = body(b, lang).await?;
    let next = as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_next(d, &w.after)).await?;
    ok(StatusCode::OK, &json!({"known": next.is_some(), "next": next.flatten()}))
}

async fn check((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let c: Check = body(b, lang).await?;
    let preview = as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_check_after(d, c.line, c.entry, &c.after)).await?;
    let mut answer = serde_json::to_value(&preview).unwrap_or_else(|_| json!({}));
    // Its refusal's message in the request's language, as every refusal's (it was English).
    if let (Some(refused), Some(said)) = (preview.refused.as_ref(), answer.get_mut("refused").filter(|r| r.is_object())) {
        said["message"] = Value::String(refused.texts().get(lang).to_string());
    }
    ok(StatusCode::OK, &answer)
}

#[derive(Deserialize)]
struct NewLine {
    key: String,
    line: usize,
    entry: Value,
    /// Who scores at the table (recorded with the line), and the opponent who confirmed it.
    scorer: Option<String>,
    confirmed_by: Option<String>,
}

/// FORMAT.md's `POST /api/v1/lines`: 201 written now, 200 written before under this key.
async fn lines((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let line: NewLine = body(b, lang).await?;
    let (answer, answered) = tokio::sync::oneshot::channel();
    let lost = || {
        Failure::api(
            &ApiError::Fault(said!(
                "the lines' writer stopped; nothing of this line was stored",
                "l'écriture des lignes s'est arrêtée ; rien de cette ligne n'a été enregistré",
                "het schrijven van de lijnen is gestopt; niets van deze lijn werd opgeslagen"
            )),
            lang,
        )
    };
    room.lines.send(LineJob { code: bearer(&headers), line, answer }).map_err(|_| lost())?;
    match answered.await.map_err(|_| lost())? {
        Ok(stored) => ok(if stored.stored { StatusCode::CREATED } else { StatusCode::OK }, &stored),
        Err(e) => {
            if e.kind() == "unauthorized" {
                room.failed(addr.ip());
            }
            Err(Failure::api(&e, lang))
        }
    }
}

#[derive(Deserialize)]
struct Fix {
    /// The jury's correction: the table's round and number (a table's code: its own).
    round: Option<i64>,
    table: Option<i64>,
    line: usize,
    /// The corrected entry; none takes the last line back.
    entry: Option<Value>,
    before: Option<Value>,
    reason: String,
    scorer: Option<String>,
    /// Chosen by the device, sent again unchanged when it retries after a lost answer: the
    /// change is made once (an undo retried took back a second line).
    key: Option<String>,
}

async fn fix((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let f: Fix = body(b, lang).await?;
    let (key, entry) = (f.key.clone(), f.entry.clone());
    let made = as_device(&room, &headers, addr.ip(), lang, move |a, d| {
        let fix =
            atout_api::devices::DeviceFix { round: f.round, table: f.table, line: f.line, entry: f.entry, before: f.before, reason: f.reason, key: f.key };
        a.device_fix(d, &scorer(&f.scorer), fix)
    })
    .await;
    match (made, key) {
        (Ok(sheet), _) => ok(StatusCode::OK, &sheet),
        // Refused for its code (revoked, its round over): a change made under its key before is
        // told it was made, as a table's line is.
        (Err(refused), Some(key)) => {
            let code = bearer(&headers);
            match blocking(&room, lang, move |a| a.fix_stored(&code, &key, entry.as_ref())).await {
                Ok(true) => ok(StatusCode::OK, &serde_json::json!({"stored": false})),
                _ => Err(refused),
            }
        }
        (Err(refused), None) => Err(refused),
    }
}

#[derive(Deserialize)]
struct JuryWrite {
    round: i64,
    table: i64,
    /// A ruling (`/rulings`) or a fault line (`/faults`).
    entry: Value,
    scorer: Option<String>,
    /// Chosen by the device, sent again unchanged when it retries after a lost answer; a
    /// write without one would be stored again by its retry (400).
    key: String,
}

/// What the jury's device wrote: `201` and the table's sheet when written now, `200` and the
/// sheet when its key was written before (a retry: nothing new).
fn jury_written(w: atout_api::devices::JuryWritten) -> Answer {
    ok(if w.stored { StatusCode::CREATED } else { StatusCode::OK }, &w.sheet)
}

async fn rulings_add((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let j: JuryWrite = body(b, lang).await?;
    if let Some(stored) = jury_stored(&room, &headers, lang, &j, true).await? {
        return stored;
    }
    jury_written(as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_ruling(d, &scorer(&j.scorer), j.round, j.table, j.entry, &j.key)).await?)
}

async fn faults_add((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let j: JuryWrite = body(b, lang).await?;
    if let Some(stored) = jury_stored(&room, &headers, lang, &j, false).await? {
        return stored;
    }
    jury_written(as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_fault(d, &scorer(&j.scorer), j.round, j.table, j.entry, &j.key)).await?)
}

/// A retry of the jury's fault or ruling stored before, told so first whatever became of its
/// code since (revoked, its round over), as a table's line is.
async fn jury_stored(room: &Arc<Room>, headers: &HeaderMap, lang: Lang, j: &JuryWrite, ruling: bool) -> Result<Option<Answer>, Failure> {
    let (code, round, table, key, entry) = (bearer(headers), j.round, j.table, j.key.clone(), j.entry.clone());
    let found = blocking(room, lang, move |a| a.jury_stored(&code, round, table, &key, &entry, ruling)).await?;
    Ok(found.map(|f| match f {
        atout_api::devices::JuryStored::Live(w) => jury_written(*w),
        // A code revoked (a lost phone) or of a round over is told it is stored, no more.
        atout_api::devices::JuryStored::Gone => ok(StatusCode::OK, &serde_json::json!({"stored": false})),
    }))
}

/// The jury's view of the tournament: every ruling.
async fn rulings_list((State(room), ConnectInfo(addr), headers): Ctx) -> Answer {
    let lang = lang(&headers);
    ok(
        StatusCode::OK,
        &as_device(&room, &headers, addr.ip(), lang, |a, d| atout_api::devices::device_jury(d).and_then(|()| a.rulings_list(&d.tournament))).await?,
    )
}

/// A round's tables (the jury's table chooser; a table's code only its own round).
async fn round(State(room): State<Arc<Room>>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, Q(w): Q<Where>) -> Answer {
    let lang = lang(&headers);
    ok(
        StatusCode::OK,
        &as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_table(d, w.round, d.table).and_then(|at| a.round_view(&at.tournament, at.round)))
            .await?,
    )
}

#[derive(Deserialize)]
struct LineAt {
    round: i64,
    table: i64,
    line: usize,
}

/// A line's hand record for the jury's device to replay (`crate::hands` frame).
async fn hand_record(State(room): State<Arc<Room>>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, Q(w): Q<LineAt>) -> Answer {
    let lang = lang(&headers);
    ok(StatusCode::OK, &as_device(&room, &headers, addr.ip(), lang, move |a, d| a.device_hand_record(d, w.round, w.table, w.line)).await?)
}

/// A question of the jury's device to the hand checker or the claim checker: the code read
/// (the jury's), then `f` away from the application — nothing of the database, and a search
/// of some seconds holds up no table's line —, one search at a time.
async fn replaying<B: DeserializeOwned + Send + 'static, T: Serialize + Send + 'static>(
    (State(room), ConnectInfo(addr), headers): Ctx,
    b: Body,
    f: impl FnOnce(B, Lang) -> Result<T, ApiError> + Send + 'static,
) -> Answer {
    let lang = lang(&headers);
    // The code first, the body after: a wrong code with a body that does not read was told
    // about its body (400), and learnt only once it was mended that the code is refused.
    as_device(&room, &headers, addr.ip(), lang, |_, d| atout_api::devices::device_replaying(d)).await?;
    let asked: B = body(b, lang).await?;
    let _turn = room.searching.acquire().await.map_err(|e| Failure::api(&ApiError::Internal(e.to_string()), lang))?;
    let done = tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || f(asked, lang))).unwrap_or_else(|_| {
            Err(ApiError::Fault(said!(
                "Atout met an unexpected error while searching",
                "Atout a rencontré une erreur inattendue pendant la recherche",
                "Atout stuitte op een onverwachte fout tijdens het zoeken"
            )))
        })
    })
    .await;
    match done {
        Ok(Ok(v)) => ok(StatusCode::OK, &v),
        Ok(Err(e)) => Err(Failure::api(&e, lang)),
        Err(e) => Err(Failure::api(&ApiError::Internal(e.to_string()), lang)),
    }
}

/// The language a body names (`lang`), else the request's.
fn asked_lang(given: Option<&str>, request: Lang) -> Lang {
    given.map_or(request, Lang::parse)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HandCards {
    game: String,
    typed: String,
    lang: Option<String>,
}

async fn hand_cards(ctx: Ctx, b: Body) -> Answer {
    replaying(ctx, b, |c: HandCards, lang| atout_api::hands::hand_cards(&c.game, &c.typed, asked_lang(c.lang.as_deref(), lang))).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HandCheck {
    /// The hand record, as JSON text (FORMAT.md "Hand records").
    record: String,
}

async fn hand_check(ctx: Ctx, b: Body) -> Answer {
    // Said in the device's language (it was English on every phone).
    replaying(ctx, b, |c: HandCheck, lang| atout_api::hands::hand_check_in(&c.record, lang)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimAsked {
    record: String,
    seat: usize,
    at_least: Option<usize>,
    at_most: Option<usize>,
    lang: Option<String>,
    /// The players by seat, seat 1 first, for the words.
    #[serde(default)]
    names: Vec<String>,
}

async fn claim(ctx: Ctx, b: Body) -> Answer {
    replaying(ctx, b, |c: ClaimAsked, lang| {
        atout_api::hands::hand_claim_said(&c.record, c.seat, c.at_least, c.at_most, asked_lang(c.lang.as_deref(), lang), &c.names)
    })
    .await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveAsked {
    record: String,
    seat: usize,
    lang: Option<String>,
    #[serde(default)]
    names: Vec<String>,
}

async fn solve(ctx: Ctx, b: Body) -> Answer {
    replaying(ctx, b, |c: SolveAsked, lang| atout_api::hands::hand_solve_said(&c.record, c.seat, asked_lang(c.lang.as_deref(), lang), &c.names)).await
}

#[derive(Deserialize)]
struct Hand {
    game: String,
    tiles: Vec<String>,
}

async fn hand((State(room), ConnectInfo(addr), headers): Ctx, b: Body) -> Answer {
    let lang = lang(&headers);
    throttle(&room, &headers, addr.ip(), lang)?;
    let h: Hand = body(b, lang).await?;
    ok(StatusCode::OK, &as_device(&room, &headers, addr.ip(), lang, move |_, _| atout_api::hand_score(&h.game, &h.tiles)).await?)
}

/// The address a request was made to (`http://HOST`), for links back to this server.
fn base_of(headers: &HeaderMap) -> String {
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok()).filter(|h| h.bytes().all(|b| b.is_ascii_graphic())).unwrap_or("localhost");
    format!("http://{host}")
}

/// A player's evening on their own phone: read-only, no code; throttled by address like the
/// codes (an unknown player counts as a wrong code), so that no one walks the list.
async fn player_live(State(room): State<Arc<Room>>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, P((t, p)): P<(String, String)>) -> Answer {
    let lang = lang(&headers);
    // It takes no code: a table's code carried along lets no one walk the players' list.
    throttle_address(&room, addr.ip(), lang)?;
    let live = blocking(&room, lang, move |a| a.player_live(&t, &p)).await;
    if live.as_ref().err().is_some_and(|f| f.status == StatusCode::NOT_FOUND) {
        room.failed(addr.ip());
    }
    ok(StatusCode::OK, &live?)
}

/// Where the players' phones reach this server: the address the room's display was loaded
/// from, but this machine's address on the club's network (`lan`: the server listens there)
/// when that was this machine itself (`localhost`, 127.0.0.1: a phone scanning it reached
/// nothing), the port kept.
fn phones_base(headers: &HeaderMap, lan: Option<IpAddr>) -> String {
    let base = base_of(headers);
    let host = &base["http://".len()..];
    let (name, port) = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) && !name.ends_with(':') => (name, Some(port)),
        _ => (host, None),
    };
    let bare = name.trim_start_matches('[').trim_end_matches(']');
    let loopback = bare.eq_ignore_ascii_case("localhost") || bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
    match lan.filter(|_| loopback) {
        Some(ip) => base_url(SocketAddr::new(ip, port.and_then(|p| p.parse().ok()).unwrap_or(80))),
        None => base,
    }
}

/// The room's display: standings and the last round's tables, read-only, no code.
async fn room_view(State(room): State<Arc<Room>>, headers: HeaderMap, P(t): P<String>) -> Answer {
    let lang = lang(&headers);
    let base = phones_base(&headers, if room.everywhere { lan_address() } else { None });
    let view = blocking(&room, lang, move |a| {
        let board = a.standings_board(&t)?;
        let standings = &board.standings;
        let status = a.round_status(&t)?;
        let last = status.iter().map(|s| s.round).max();
        let tables = match last {
            Some(r) => Some(a.round_view(&t, r)?),
            None => None,
        };
        let info = a.tournament_list()?.into_iter().find(|x| x.id.to_string() == t || x.name == t);
        // The leaders the projector's chart draws (it shows eight), and the ninth: the chart
        // leaves out a shared place the eighth would cut in two.
        let progress = a.standings_progress(&t, Some(9))?;
        // Where the players follow their own evening (the room's display shows its QR code).
        let (players_url, players_qr) = atout_api::live::players_link(&base, &info.as_ref().map_or(t.clone(), |i| i.id.to_string()));
        Ok(json!({"tournament": info, "standings": standings, "board": board, "status": status, "tables": tables, "progress": progress,
                  "players_url": players_url, "players_qr": players_qr}))
    })
    .await?;
    ok(StatusCode::OK, &view)
}

/// A page of the app, by its path under `ui/` (the fixed table; nothing else).
fn page(path: &str, lang: Lang) -> Response {
    match pages::PAGES.iter().find(|(name, _)| *name == path) {
        Some((name, bytes)) => {
            let kind = match name.rsplit('.').next() {
                Some("html") => "text/html; charset=utf-8",
                Some("js") => "text/javascript; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("svg") => "image/svg+xml",
                Some("png") => "image/png",
                _ => "application/octet-stream",
            };
            ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], *bytes).into_response()
        }
        None => not_found(lang).into_response(),
    }
}

fn not_found(lang: Lang) -> Failure {
    Failure::said(StatusCode::NOT_FOUND, "not-found", said!("nothing is served here", "rien n'est servi ici", "hier wordt niets geserveerd"), lang)
}

fn not_allowed(lang: Lang) -> Failure {
    Failure::said(
        StatusCode::METHOD_NOT_ALLOWED,
        "method",
        said!(
            "this address does not take that kind of request",
            "cette adresse n'accepte pas ce genre de requête",
            "dit adres neemt dat soort verzoek niet aan"
        ),
        lang,
    )
}

/// Every route of the server.
pub fn router(room: Arc<Room>) -> Router {
    Router::new()
        .route("/", get(|| async { page("device.html", Lang::En) }))
        .route("/t/{code}", get(|| async { page("device.html", Lang::En) }))
        .route("/room/{tournament}", get(|| async { page("room.html", Lang::En) }))
        .route("/p/{tournament}", get(|| async { page("player.html", Lang::En) }))
        .route("/ui/{*path}", get(|P(p): P<String>, headers: HeaderMap| async move { page(&p, lang(&headers)) }))
        .route("/api/v1/device", get(whoami))
        .route("/api/v1/sheet", get(sheet))
        .route("/api/v1/history", get(history))
        .route("/api/v1/game", get(game))
        .route("/api/v1/check", post(check))
        .route("/api/v1/next", post(next))
        .route("/api/v1/lines", post(lines))
        .route("/api/v1/fix", post(fix))
        .route("/api/v1/rulings", post(rulings_add).get(rulings_list))
        .route("/api/v1/faults", post(faults_add))
        .route("/api/v1/round", get(round))
        .route("/api/v1/hand", post(hand))
        .route("/api/v1/hand-record", get(hand_record))
        .route("/api/v1/hand-cards", post(hand_cards))
        .route("/api/v1/hand-check", post(hand_check))
        .route("/api/v1/claim", post(claim))
        .route("/api/v1/solve", post(solve))
        .route("/api/v1/room/{tournament}", get(room_view))
        .route("/api/v1/room/{tournament}/player/{player}", get(player_live))
        .fallback(|headers: HeaderMap| async move { not_found(lang(&headers)) })
        // A path served under another method (a POST to the room's display): FORMAT.md's body too.
        .method_not_allowed_fallback(|headers: HeaderMap| async move { not_allowed(lang(&headers)) })
        .with_state(room)
}

/// A server running on its own thread until stopped (or dropped).
pub struct Running {
    pub addr: SocketAddr,
    room: Arc<Room>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Running {
    pub fn room(&self) -> &Room {
        &self.room
    }

    /// Stop listening; requests under way are answered first.
    pub fn stop(mut self) {
        self.halt();
    }

    /// Serve until the process ends (`atout serve`).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Listen on `bind` (port 0: any free port) and serve on a thread of its own. The
/// address is taken before this returns, so a port in use is said at once.
pub fn start(run: Run, bind: SocketAddr) -> std::io::Result<Running> {
    let listener = std::net::TcpListener::bind(bind)?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let room = Arc::new(Room { everywhere: addr.ip().is_unspecified(), ..Room::new(run) });
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = room.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).thread_name("atout-serve").enable_all().build()?;
    let thread = std::thread::Builder::new().name("atout-serve".into()).spawn(move || {
        runtime.block_on(async move {
            let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
            // So many connections an address, none held silent (guard.rs).
            let listener = axum::serve::ListenerExt::tap_io(guard::Guarded::new(listener, guard::PER_ADDRESS, guard::IDLE), |_| {});
            let app = router(serving).into_make_service_with_connect_info::<SocketAddr>();
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
        });
    })?;
    Ok(Running { addr, room, stop: Some(stop), thread: Some(thread) })
}

/// This machine's address on the club's network (the one its default route leaves
/// from; no packet is sent), or none when it has no network.
pub fn lan_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    socket.local_addr().ok().map(|a| a.ip()).filter(|ip| !ip.is_unspecified())
}

/// Every network of this machine, on the default port: where `atout serve` listens unless
/// told otherwise.
pub fn default_addr() -> SocketAddr {
    SocketAddr::new(IpAddr::from([0, 0, 0, 0]), DEFAULT_PORT)
}

/// The address devices type or scan: `http://192.168.1.20:8777`. A server listening
/// on every interface is reached by this machine's network address.
pub fn base_url(addr: SocketAddr) -> String {
    let ip = if addr.ip().is_unspecified() { lan_address().unwrap_or(IpAddr::from([127, 0, 0, 1])) } else { addr.ip() };
    match ip {
        IpAddr::V6(v6) => format!("http://[{v6}]:{}", addr.port()),
        IpAddr::V4(v4) => format!("http://{v4}:{}", addr.port()),
    }
}

/// The table devices' server could not listen at `at`, said in every language: the port taken
/// (most often by another Atout serving), or an address this machine does not have.
pub fn cannot_listen(at: SocketAddr, e: &std::io::Error) -> ApiError {
    let (port, ip) = (at.port(), at.ip());
    match e.kind() {
        std::io::ErrorKind::AddrInUse => ApiError::invalid(said!(
            "the table devices cannot listen on port {port}: another program uses it (is another Atout serving?)",
            "les appareils des tables ne peuvent écouter sur le port {port} : un autre programme l'utilise (un autre Atout est-il déjà lancé ?)",
            "de tafeltoestellen kunnen niet luisteren op poort {port}: een ander programma gebruikt ze (draait er al een andere Atout?)"
        )),
        std::io::ErrorKind::AddrNotAvailable => ApiError::invalid(said!(
            "the table devices cannot listen on {ip}: this machine has no such address",
            "les appareils des tables ne peuvent écouter sur {ip} : cette machine n'a pas cette adresse",
            "de tafeltoestellen kunnen niet luisteren op {ip}: deze machine heeft dat adres niet"
        )),
        _ => {
            let e = e.to_string();
            ApiError::invalid(said!(
                "the table devices cannot listen on {at}: {e}",
                "les appareils des tables ne peuvent écouter sur {at} : {e}",
                "de tafeltoestellen kunnen niet luisteren op {at}: {e}"
            ))
        }
    }
}

/// The window's table devices: the server the secretary starts and stops from the Rounds
/// screen. Nothing listens on the network until started, and nothing once stopped.
#[derive(Default)]
pub struct Switch(Mutex<Option<Running>>);

/// Whether the table devices' server runs, where devices reach it, and which devices of a
/// round it heard from.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Status {
    pub running: bool,
    /// The address devices open (`http://192.168.1.20:8777`); where it would be when stopped.
    pub base: String,
    pub seen: Vec<Seen>,
}

impl Switch {
    fn running(&self) -> std::sync::MutexGuard<'_, Option<Running>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Listen on every network of this machine, on `port` (the default one when none).
    pub fn start(&self, run: Run, port: Option<u16>) -> Result<Status, ApiError> {
        let mut running = self.running();
        if running.is_none() {
            let port = port.unwrap_or(DEFAULT_PORT);
            let at = SocketAddr::new(default_addr().ip(), port);
            let started = start(run, at).map_err(|e| cannot_listen(at, &e))?;
            *running = Some(started);
        }
        drop(running);
        Ok(self.status("", 0))
    }

    /// Stop listening (requests under way are answered first).
    pub fn stop(&self) -> Status {
        let stopped = self.running().take();
        if let Some(s) = stopped {
            s.stop();
        }
        self.status("", 0)
    }

    /// The address devices open, running or not.
    pub fn base(&self) -> String {
        let addr = self.running().as_ref().map(|r| r.addr).unwrap_or_else(default_addr);
        base_url(addr)
    }

    pub fn status(&self, tournament: &str, round: i64) -> Status {
        let running = self.running();
        let seen = running.as_ref().map(|r| r.room().seen(tournament, round)).unwrap_or_default();
        let on = running.is_some();
        drop(running);
        Status { running: on, base: self.base(), seen }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The failures of an address whose window has passed are let go; those still counting stay.
    #[test]
    fn failures_older_than_the_window_are_let_go() {
        let now = Instant::now() + FAILS_WINDOW * 3;
        let ip = |n: u8| IpAddr::from([192, 168, 1, n]);
        let mut fails = HashMap::from([(ip(1), (now - FAILS_WINDOW * 2, FAILS_MAX)), (ip(2), (now - FAILS_WINDOW / 2, 3)), (ip(3), (now - FAILS_WINDOW, 1))]);
        forget_passed(&mut fails, now);
        assert_eq!(fails.keys().copied().collect::<Vec<_>>(), vec![ip(2)]);
        assert_eq!(fails[&ip(2)].1, 3);
    }

    /// The players' link on a room display opened on this machine as localhost is this
    /// machine's network address (a phone scanning 127.0.0.1 reached nothing); otherwise the
    /// address the display was loaded from.
    #[test]
    fn the_players_link_is_never_this_machines_loopback() {
        let host = |h: &str| HeaderMap::from_iter([(header::HOST, header::HeaderValue::from_str(h).unwrap())]);
        let lan = Some(IpAddr::from([192, 168, 1, 20]));
        assert_eq!(phones_base(&host("127.0.0.1:8777"), lan), "http://192.168.1.20:8777");
        assert_eq!(phones_base(&host("localhost:18778"), lan), "http://192.168.1.20:18778");
        assert_eq!(phones_base(&host("[::1]:8777"), lan), "http://192.168.1.20:8777");
        assert_eq!(phones_base(&host("localhost"), lan), "http://192.168.1.20:80");
        assert_eq!(phones_base(&host("192.168.1.20:8777"), lan), "http://192.168.1.20:8777");
        assert_eq!(phones_base(&host("atout.club:8777"), lan), "http://atout.club:8777");
        // No network: as loaded (there is no other address to give).
        assert_eq!(phones_base(&host("127.0.0.1:8777"), None), "http://127.0.0.1:8777");
    }
}
