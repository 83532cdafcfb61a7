// The room's display on any device of the club's network (/room/<tournament>): the
// window's own projector screen, read-only, fed by the server's room view (standings,
// round status, the last round's tables) instead of the window's transport.
import { setTransport } from "./api.js";
import { currentLang, t } from "./i18n.js";
import { state, setScreens, listen, render } from "./shell.js";
import * as projector from "./screens/projector.js";

const tournament = decodeURIComponent((/^\/room\/([^/?#]+)/.exec(location.pathname) || [])[1] || "");

/** The room view, asked once for the calls of one drawing (the projector asks three things at once). */
let asked = null;
function room() {
  if (!asked) {
    asked = fetch(`/api/v1/room/${encodeURIComponent(tournament)}`, { cache: "no-store", headers: { "Accept-Language": currentLang() } })
      .then(async (r) => { const body = await r.json(); if (!r.ok) throw body; return body; })
      .finally(() => setTimeout(() => { asked = null; }, 500));
  }
  return asked;
}

setTransport(async (command) => {
  const r = await room();
  switch (command) {
    case "standings": return r.standings;
    case "standings_board": return r.board;
    case "round_status": return r.status;
    case "tournament_list": return r.tournament ? [r.tournament] : [];
    case "round_view": return r.tables;
    case "standings_progress": return r.progress;
    default: throw { kind: "read-only", message: "The room's display only shows." };
  }
});
setScreens({ projector });
listen({ calculator: () => {}, undo: () => {} });
state.view = "projector";
// On a projector or a screen in the room, the whole width from the start (it kept the page's
// 1200 px, names cut, until someone tapped "Room display" on it — and again at every reload);
// a phone keeps the page, with its header.
if (window.innerWidth >= 1000) document.body.classList.add("room");
/** The QR code of the players' own page, in a corner of the room's display: each player follows their evening on their phone. */
function playersCorner(r) {
  if (!r.players_qr || document.getElementById("room-qr")) return;
  const box = document.createElement("div");
  box.className = "room-qr";
  box.id = "room-qr";
  // The SVG is the server's own drawing of its own address.
  box.innerHTML = r.players_qr;
  const caption = document.createElement("div");
  // Said again in the page's language at each drawing (it stayed in the language it loaded in).
  caption.dataset.t = "live_follow";
  caption.textContent = t("live_follow");
  box.appendChild(caption);
  box.dataset.url = r.players_url;
  document.body.appendChild(box);
}

room().then((r) => { state.tournament = r.tournament ? String(r.tournament.id) : tournament; playersCorner(r); }).catch(() => { state.tournament = tournament; }).finally(() => {
  projector.watch();
  render();
});
