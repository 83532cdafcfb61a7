// The table devices on the Rounds screen: the server started or stopped on the club's
// network, the address, each table's QR code and code with what its phone did last, the
// jury's code and the room's display; a code revoked (a lost phone), a table locked.
import { call } from "../api.js";
import { t, currentLang } from "../i18n.js";
import { h } from "../dom.js";
import { state, render, act, flash, busy } from "../shell.js";

/** An SVG the application drew (a QR code of an address), as an element. */
function picture(svg, id) {
  const box = h("div", { class: "qr", id });
  box.innerHTML = svg;
  return box;
}

/** How a device was last heard from, in words. */
function seenText(seen) {
  if (!seen) return t("devices_not_seen");
  return seen.connected ? `● ${t("devices_connected")}` : t("devices_seen", { s: seen.seconds });
}

/** What the panel shows but the ages of the last requests (which grow every second: a
 * redraw for them lost what was being typed on the screen). */
function signature(status, codes) {
  const seen = status.seen.map((x) => [x.table, x.connected]);
  return JSON.stringify([{ ...status, seen }, codes.tables.map((x) => [x.lines, x.locked, x.code, x.last])]);
}

/** Each table's line of what its phone did last, as `status` and `codes` say. */
function stateText(status, x) {
  const seen = status.seen.find((s) => s.table === x.table);
  return `${seenText(seen)} · ${x.progress[currentLang()]}${x.locked ? ` · ${t("devices_locked")}` : ""}`;
}

/** The panel, for round `r` of tournament `tid` (its codes are issued when first shown). */
export async function devicesPanel(tid, r) {
  const open = state.devicesOpen;
  const status = await call("devices_status", { tournament: tid, round: r });
  state.devicesBase = status.running ? status.base : null;
  const summary = h("summary", {}, `${t("devices")}${status.running ? ` — ${status.base}` : ""}`);
  if (!open) return h("details", { class: "card devices", id: "devices-panel", ontoggle: (e) => { if (e.target.open) { state.devicesOpen = true; render(); } } }, summary);
  const codes = await call("devices", { tournament: tid, round: r });
  state.devicesSeen = signature(status, codes);
  const seenOf = (table) => status.seen.find((s) => s.table === table);
  const lang = currentLang();
  const where = { tournament: tid, round: r };
  return h("details", { class: "card devices", id: "devices-panel", open: true, ontoggle: (e) => { if (!e.target.open) { state.devicesOpen = false; } } },
    summary,
    h("div", { class: "row" },
      status.running
        ? h("button", { id: "devices-stop", onclick: () => act(() => call("devices_stop"), () => flash(t("saved"))) }, t("devices_stop"))
        : h("button", { class: "primary", id: "devices-start", onclick: () => act(() => call("devices_start", { port: null }), () => flash(t("saved"))) }, t("devices_start")),
      status.running ? h("span", { id: "devices-address" }, `${t("devices_address")} `, h("strong", {}, status.base)) : null,
      status.running ? h("span", { id: "devices-room" }, `${t("devices_room")}${t("colon")}`, h("strong", {}, `${status.base}/room/${tid}`)) : null),
    h("p", { class: "hint" }, t("devices_hint")),
    h("div", { class: "tables devices-tables" },
      codes.tables.map((x) => h("div", { class: `card device${x.locked ? " locked" : ""}`, id: `device-${x.table}` },
        h("h3", {}, `${t("table")} ${x.table}`),
        picture(x.qr, `device-qr-${x.table}`),
        h("p", { class: "code", id: `device-code-${x.table}` }, x.code.match(/.{1,4}/g).join("-")),
        h("p", { class: "hint", id: `device-state-${x.table}` }, stateText(status, x)),
        x.last ? h("p", { class: "hint last" }, x.last[lang]) : null,
        h("div", { class: "row" },
          h("button", { id: `device-lock-${x.table}`, onclick: () => act(() => call("table_lock", { ...where, table: x.table, locked: !x.locked, reason: "" }), () => flash(t("saved"))) },
            x.locked ? t("devices_unlock") : t("devices_lock"))),
        h("form", { class: "row", id: `device-revoke-${x.table}`, "data-keep": "1", onsubmit: (e) => {
          e.preventDefault();
          act(() => call("device_revoke", { ...where, table: x.table, reason: e.target.reason.value }), () => flash(t("saved")));
        } }, h("input", { name: "reason", required: true, maxlength: 500, placeholder: t("devices_revoke_reason"), "aria-label": t("devices_revoke_reason") }), h("button", {}, t("devices_revoke"))))),
      h("div", { class: "card device", id: "device-jury" },
        h("h3", {}, t("devices_jury")),
        picture(codes.jury.qr, "device-qr-jury"),
        h("p", { class: "code", id: "device-code-jury" }, codes.jury.code.match(/.{1,4}/g).join("-")),
        h("p", { class: "hint", id: "device-state-jury" }, seenText(seenOf(null))),
        // A lost jury phone writes at every table: its code is revoked here too (only the
        // command line could), the new one shown in its place.
        h("form", { class: "row", id: "device-revoke-jury", "data-keep": "1", onsubmit: (e) => {
          e.preventDefault();
          act(() => call("device_revoke", { ...where, table: null, reason: e.target.reason.value }), () => flash(t("saved")));
        } }, h("input", { name: "reason", required: true, maxlength: 500, placeholder: t("devices_revoke_reason"), "aria-label": t("devices_revoke_reason") }), h("button", {}, t("devices_revoke"))))));
}

/** While the panel is open on the Rounds screen, what the phones did shows within seconds. */
export function watchDevices() {
  setInterval(async () => {
    if (state.view !== "rounds" || !state.devicesOpen || !state.tournament || busy() || !document.getElementById("devices-panel")) return;
    try {
      const r = Number(document.getElementById("round-pick")?.value || 1);
      const [status, codes] = await Promise.all([call("devices_status", { tournament: state.tournament, round: r }), call("devices", { tournament: state.tournament, round: r })]);
      if (state.view !== "rounds") return;
      if (signature(status, codes) !== state.devicesSeen) return render();
      // Only the ages changed: said in place, nothing typed or focused is touched.
      for (const x of codes.tables) {
        const line = document.getElementById(`device-state-${x.table}`);
        if (line) line.textContent = stateText(status, x);
      }
      const jury = document.getElementById("device-state-jury");
      if (jury) jury.textContent = seenText(status.seen.find((s) => s.table === null));
    } catch (_) { /* the next look will tell */ }
  }, 3000);
}
