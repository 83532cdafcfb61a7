// The one way the window reaches the application: one command per user action.
// Inside the Atout window that is Tauri's `invoke`; in a plain browser, HTTP
// (`POST /api/<command>` with the arguments as JSON). `setTransport` picks one
// explicitly: a page that wants another sets it from a module script placed before
// app.js's, which runs first. No other module touches `window.__TAURI__`.

/** The Atout window's own transport (Tauri), or null in a plain browser. */
function tauri() {
  const t = window.__TAURI__;
  return t && t.core ? t : null;
}

/** Tauri's `invoke`: a refusal comes back as the application's error object. */
export function tauriTransport(command, args) {
  const t = tauri();
  if (!t) throw { kind: "no-backend", message: "This page runs inside the Atout window." };
  return t.core.invoke(command, args);
}

/**
 * A transport over HTTP: `POST <base><command>` with `{...args}` as JSON; the reply is JSON.
 * A refusal (any status but 2xx) carries the same `{kind, message, rule, ...}` as Tauri's
 * and is thrown as it is, so the screens read it the same way.
 */
export function httpTransport(base = "/api/") {
  return async (command, args) => {
    let reply;
    try {
      reply = await fetch(`${base}${command}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...args }) });
    } catch (e) {
      throw { kind: "no-backend", message: `The application cannot be reached (${e && e.message ? e.message : e}).` };
    }
    const text = await reply.text();
    let body = null;
    try { body = text ? JSON.parse(text) : null; } catch (_) { body = null; }
    if (!reply.ok) throw body && typeof body === "object" ? body : { kind: "http", message: `${reply.status} ${reply.statusText} ${text}`.trim() };
    return body;
  };
}

let transport = null;
let http = null;

/** Send every call through `fn(command, args)` from now on (null: back to the default). */
export function setTransport(fn) {
  transport = fn;
}

/** Every call to the application goes through here: one command per user action. */
export async function call(command, args = {}) {
  if (transport) return transport(command, args);
  if (tauri()) return tauriTransport(command, args);
  http = http || httpTransport();
  return http(command, args);
}

/** The desktop's save dialog (GTK) opened on `defaultPath`: the path chosen, or null. */
export async function saveDialog(options) {
  const t = tauri();
  if (!t || !t.dialog) throw { kind: "no-backend", message: "The save dialog is offered inside the Atout window; type the path instead." };
  return t.dialog.save(options);
}
