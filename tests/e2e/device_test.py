#!/usr/bin/env python3
"""End-to-end test of a table's device page in a real browser (Debian's chromium, driven by
chromedriver) against a running `atout serve`, on a phone-sized screen.

A club evening at the tables: table 1 of a Double King tournament enters its whole sheet
on a phone (a refused line shown with its rule, then mended); mid-sheet the server is
stopped, two lines are typed meanwhile and wait in the outbox, the page is reloaded (and
fails to load while the server is down, then loads again), the server is started again,
and the lines arrive once each. A Rikken table of five enters its sheet by the keyboard,
each line confirmed by an opponent on the same device. The jury's code records a ruling.
A tablet-sized screenshot too. Every screen is saved in tests/artifacts/ (device-*.png).
"""
import json, os, shutil, signal, socket, subprocess, sys, tempfile, time, urllib.error, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver  # noqa: E402
from webdriver import ROOT, Window, at_seats, check, checks, choose, end_session, enter_counts, enter_line, failed, http, moved, press, seat_names, wait_listening, wait_rule, WORKED  # noqa: E402

ATOUT = os.path.join(ROOT, "target", "debug", "atout")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER_PORT = 9515
PHONE = (390, 844)  # a common phone's viewport in CSS pixels
TABLET = (800, 1280)


def atout(db, *args):
    out = subprocess.run([ATOUT, "--db", db, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise AssertionError(f"atout {args}: {out.stderr}")
    return out.stdout


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """`atout serve` on the loopback, on a port kept across a stop and a start (the page's address)."""

    def __init__(self, db):
        self.db, self.port, self.proc = db, free_port(), None

    def start(self):
        self.proc = subprocess.Popen([ATOUT, "--db", self.db, "serve", "--bind", "127.0.0.1", "--port", str(self.port)],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline().strip()
        check(line == f"http://127.0.0.1:{self.port}", f"atout serve says its address: {line!r}")

    def stop(self):
        """Killed as a power cut would: no goodbye."""
        if self.proc:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self.proc = None

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"


def setup(work):
    """Two tournaments at the secretary's: Double King (8 players, 2 tables) and Rikken (5
    players, a table of five, each line confirmed by an opponent); round 1 drawn; the codes."""
    db = os.path.join(work, "club.db")
    players = os.path.join(work, "players.csv")
    with open(players, "w", encoding="utf-8") as f:
        f.write("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo Vandenbroucke-Lambrechts\n")
    dk = atout(db, "tournament", "create", "--name", "Phones DK", "--game", "double-king", "--rounds", "2").strip()
    atout(db, "players", "import", players, "--tournament", dk)
    atout(db, "round", "draw", "--tournament", dk, "--round", "1", "--seed", "1")
    for table in ("1", "2"):
        atout(db, "table", "dealer", "--tournament", dk, "--round", "1", "--table", table, "--seat", "3", "--reason", "cards drawn")

    def one_round(name, game, players, seed, *settings):
        """A tournament of one round of `game` for `players`, drawn with `seed`."""
        t = atout(db, "tournament", "create", "--name", name, "--game", game, "--rounds", "1", *settings).strip()
        listed = os.path.join(work, f"{game}.csv")
        with open(listed, "w", encoding="utf-8") as f:
            f.write("name\n" + "".join(f"{p}\n" for p in players))
        atout(db, "players", "import", listed, "--tournament", t)
        atout(db, "round", "draw", "--tournament", t, "--round", "1", "--seed", str(seed))
        return t

    rik = one_round("Phones Rikken", "rikken", ["Irma", "Jan", "Koen", "Lies", "Marc"], 3, "--settings", '{"device_confirm": true}')
    crib = one_round("Phones Crib", "kings-cribbage", ["Nina", "Otto", "Pia", "Quinten"], 2)
    king = one_round("Phones King", "king", ["Rita", "Sam", "Tine", "Ulla"], 4)
    codes = {}
    for t in (dk, rik, crib, king):
        codes[t] = json.loads(atout(db, "devices", "--tournament", t, "--round", "1", "--format", "json"))
    return db, dk, rik, crib, king, codes


def history(db, t, table):
    return json.loads(atout(db, "sheet", "--tournament", t, "--round", "1", "--table", str(table), "--history", "--format", "json"))


def emulate(w, width, height):
    """The page's viewport set to a device's size in CSS pixels, as a phone or tablet shows it
    (a desktop browser's window cannot be made that narrow)."""
    http("POST", w.s("/goog/cdp/execute"), {"cmd": "Emulation.setDeviceMetricsOverride",
                                            "params": {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}})


def shot(w, name, expected):
    w.shot(f"device-{name}", expected)


def scorer_name(w, name):
    w.find("#scorer-form")
    w.type("#scorer-name", name)
    w.click("#scorer-save")
    w.find("#sheet")


def wait_outbox_empty(w, timeout=20):
    end = time.time() + timeout
    while w.js("return !!document.getElementById('outbox')") and time.time() < end:
        time.sleep(0.2)
    check(not w.js("return !!document.getElementById('outbox')"), "the outbox emptied by itself once the server answered")


def double_king_on_a_phone(w, server, db, dk, codes):
    """Table 1's whole sheet on a phone: a refusal, the network lost mid-sheet, a reload."""
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    scorer_name(w, "Anne")
    shot(w, "01-phone-sheet", ["Table 1", "Round 1", "Double King"])
    check(w.js("return document.documentElement.scrollWidth <= window.innerWidth + 1"), "the page fits the phone's width (the sheet scrolls in its own box)")
    for i, (game, figures) in enumerate(WORKED[:2], 1):
        enter_line(w, game, figures, 3, i)
    # A refused line: the figures of a D do not add up to 8 hearts; the rule is named, the typing kept.
    choose(w, "#game-D")
    for i, c in enumerate([1, 7, 0, 1], 1):
        w.type(f"#fig-{i}", str(c))
    wait_rule(w, "deal-total", "#preview")
    w.click("#enter-line")
    wait_rule(w, "deal-total", "#error")
    shot(w, "02-phone-refused", ["Refused"])
    check(w.value("#fig-4") == "1", "the refused line is still typed")
    w.type("#fig-4", "0")
    w.type("#fig-4", "\ue007", clear=False)
    w.find("#line-3")
    # Another phone at the table writes line 4 while Anne types it: hers is refused as written
    # meanwhile, and the refusal stays said (her figures, checked again as line 5's, passed and
    # took it away; tapped again, they were written as deal 5's), her typing dropped.
    code = codes[dk]["tables"][0]["code"]
    # (A deal of A, which the next deal's dealer may play too: checked again as line 5's, it passes.)
    choose(w, "#game-A")
    for i, c in enumerate([4, 3, 3], 1):
        w.type(f"#fig-{i}", str(c))
    w.wait_text("Anne", "#preview")
    time.sleep(1)
    bart = {"key": "bart-4", "line": 4, "entry": {"contract": "C", "counts": [1, 2, 1, 0]}, "scorer": "Bart"}
    request = urllib.request.Request(server.url("/api/v1/lines"), data=json.dumps(bart).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {code}", "Content-Type": "application/json"})
    check(urllib.request.urlopen(request).status == 201, "the other phone's line 4 is stored")
    w.click("#enter-line")
    w.wait_text("written meanwhile", "#error")
    time.sleep(1.5)
    said = w.js("const e = document.getElementById('error'); return e ? e.textContent : ''")
    check("written meanwhile" in said and "Bart" in said, f"the line written meanwhile stays said, with who wrote it: {said!r}")
    typed = w.js("const f = document.getElementById('fig-1'); return f ? f.value : ''")
    check(typed == "" and not w.js("return !!document.querySelector('#games button.chosen')"), f"the figures typed for deal 4 are not kept for deal 5: {typed!r}")
    deals = [r for r in history(db, dk, 1) if r["kind"] == "deal"]
    check(len(deals) == 4 and deals[-1]["by"] == "Bart [table 1]", f"line 4 is Bart's, and nothing more was written: {[(r['line'], r['by']) for r in deals]}")
    shot(w, "02b-phone-written-meanwhile", ["written meanwhile", "Bart"])
    for i, (game, figures) in enumerate(WORKED[4:10], 5):
        enter_line(w, game, figures, 3, i)
    # Line 11's answer lost (stored, the answer never came back): it waits on the phone to be
    # sent again, and the panel counts it once — deal 12 next (it said deal 13, and closed the
    # game line 11 is to the deal after).
    w.js("""const real = window.fetch; window.__loseLine = 1;
      window.fetch = async (u, o) => { if (String(u).includes('/api/v1/lines') && window.__loseLine) { await real(u, o); throw new TypeError('answer lost'); } return real(u, o); };""")
    game, figures = WORKED[10]
    enter_line(w, game, figures, 3, 11, shown="#outbox-11")
    w.find("#line-11")
    w.wait_text("Deal 12", "#next-dealer", timeout=10)
    check("Deal 12" in w.text("#next-dealer"), f"the line stored and waiting counted once: {w.text('#next-dealer')!r}")
    w.js("window.__loseLine = 0")
    wait_outbox_empty(w, timeout=30)
    # The network goes (the server stopped): the phone says so before anything is sent (it
    # said "connected" until a line was), and lines 12 and 13 wait on it.
    server.stop()
    w.wait_text("no connection", "#outbox-status", timeout=15)
    for line, (game, (suit, counts)) in ((12, WORKED[11]), (13, WORKED[12])):
        choose(w, f"#game-{game}")
        choose(w, f"#suit-{suit}")
        for i, c in enumerate(counts, 1):
            w.type(f"#fig-{i}", str(c))
        w.click("#enter-line")
        w.find(f"#outbox-{line}.waiting")
        if line == 12:
            # What may follow a line still waiting is not known without the server: every game
            # can be pressed (the games open to line 12's dealer stayed, so the right one for
            # line 13's could be greyed out), checked when the lines arrive.
            closed = w.js("return [...document.querySelectorAll('#games button')].filter(b => b.disabled).map(b => b.id)")
            check(closed == [], f"every game open after a line waiting offline: {closed} were not")
    w.wait_text("kept on this device", "#flash")
    w.wait_text("checked when the lines waiting arrive", "#next-dealer")
    seen = w.js("const r = document.getElementById('outbox').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight")
    check(seen, "the lines waiting are in sight, above the line being typed")
    shot(w, "03-phone-offline-outbox", ["Lines not yet stored: 2", "No connection"])
    waiting = w.text("#outbox-12")
    print(f"  line 12 waiting, said without the server: {waiting}")
    # The game's own words for its fields and suits (the format's keys would read "counts 7/4/2/0 · trump clubs").
    check(waiting.startswith("Line 12: trump · ♣ clubs · counts by seat 7/4/2/0"), f"a line waiting reads in the game's words, no key of the format: {waiting}")
    check(len(history(db, dk, 1)) == 11, "nothing of lines 12 and 13 reached the database while the server was down")
    # Reloaded while the server is down: the browser cannot load the page…
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    time.sleep(0.5)
    # … the server comes back, the page is loaded again: the outbox kept both lines, and sends them.
    server.start()
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    w.find("#sheet")
    wait_outbox_empty(w)
    w.find("#line-13")
    lines = [h["line"] for h in history(db, dk, 1)]
    check(lines == list(range(1, 14)), f"lines 12 and 13 arrived once each: {lines}")
    # Without a reload this time: line 14 waits, the server comes back, the line goes by
    # itself, and «kept on this device» goes with it (it stayed, red, over what came next).
    server.stop()
    w.wait_text("no connection", "#outbox-status", timeout=15)
    game, counts = WORKED[13]
    choose(w, f"#game-{game}")
    enter_counts(w, at_seats(counts, 3))
    w.find("#outbox-14.waiting")
    w.wait_text("kept on this device", "#flash")
    server.start()
    wait_outbox_empty(w, timeout=30)
    w.find("#line-14")
    end = time.time() + 5
    while "kept on this device" in w.text("#flash") and time.time() < end:
        time.sleep(0.2)
    check("kept on this device" not in w.text("#flash"), f"sent, the line no longer says it waits: {w.text('#flash')!r}")
    for i, (game, figures) in enumerate(WORKED[14:], 15):
        enter_line(w, game, figures, 3, i)
    w.find("#sheet-complete")
    got = w.wait_cells("#round-scores", ["14", "3", "3", "-20"])
    check(got == ["14", "3", "3", "-20"], f"the worked example's round scores: {got}")
    shot(w, "04-phone-complete", ["complete"])
    rows = history(db, dk, 1)
    check(len(rows) == 20 and all(r["by"] == ("Bart [table 1]" if r["line"] == 4 else "Anne [table 1]") for r in rows), f"twenty lines, each once, each by Anne at table 1 but Bart's line 4: {len(rows)}")
    # The last line taken back by a tap, with why (only Ctrl+Z did, on a keyboard), then
    # written again. Its answer is lost (the request went, the answer never came back): the
    # page says it was not sent, and is loaded again (its sheet, 19 lines, as it now stands);
    # the undo tapped again goes as first sent, under its key, and takes back line 20 alone
    # (rebuilt from the sheet as it then stood, it took back line 19 too).
    w.js("""const real = window.fetch; window.__lose = 1;
      window.fetch = async (u, o) => { if (String(u).includes('/api/v1/fix') && window.__lose) { window.__lose = 0; await real(u, o); throw new TypeError('answer lost'); } return real(u, o); };""")
    w.type("#undo-reason", "typed too soon")
    w.click("#undo-last")
    w.wait_text("not sent", "#error", timeout=15)
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    w.find("#line-19")
    check(not w.js("return !!document.getElementById('line-20')"), "the undo whose answer was lost was made")
    w.type("#undo-reason", "typed too soon")
    w.click("#undo-last")
    time.sleep(2)
    rows = history(db, dk, 1)
    undone = [r for r in rows if r["action"] == "deal.undo"]
    check(len(undone) == 1 and undone[0]["line"] == 20 and undone[0].get("reason") == "typed too soon" and w.js("return !!document.getElementById('line-19')"),
          f"the undo sent again took back line 20 alone: {[(r['line'], r['action']) for r in rows[-3:]]}")
    game, figures = WORKED[19]
    enter_line(w, game, figures, 3, 20)
    w.find("#sheet-complete")
    # A ruling given at the club's computer while the phone lies idle: the phone shows it by
    # itself (it showed the old totals until the scorer did something).
    atout(db, "ruling", "add", "--tournament", dk, "--round", "1", "--table", "1",
          json.dumps({"seat": 2, "points": [1, -3, 1, 1], "reason": "slow play", "by": "Jury"}))
    end = time.time() + 45
    while not w.js("return !!document.getElementById('sheet-ruling-1')") and time.time() < end:
        time.sleep(0.5)
    check(w.js("return !!document.getElementById('sheet-ruling-1')"), "the ruling given at the club's computer shown on the idle phone by itself")
    # The same sheet on a 10" tablet.
    emulate(w, *TABLET)
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    w.find("#sheet-complete")
    shot(w, "05-tablet-complete", ["complete"])
    emulate(w, *PHONE)


def a_screen_drawn_late_does_not_cover_a_later_one(w, server, codes, dk):
    """Two drawings of the screen overlap: the first waits on a slow answer, the second (another
    screen) is drawn meanwhile. The later stays: the first, finished late, drew its screen over
    it (the window, its language chosen while it started, showed the Tournaments screen under
    «Say who you are», and the form asking who works there was gone)."""
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    w.find("#sheet")
    shown = w.js_async("""
      const done = arguments[arguments.length - 1];
      (async () => {
        const shell = await import("/ui/shell.js");
        const pause = (ms) => new Promise((r) => setTimeout(r, ms));
        // Two screens: one whose answer comes late, one drawn at once (the page is loaded
        // again after, with its own).
        // What a view sets on its way (the scorer's keys): the slow one's must not stand last.
        let quick = 0;
        shell.setScreens({ slow: { view: () => pause(1000).then(() => { window.setBy = "slow"; return "slow"; }) },
          quick: { view: () => { quick += 1; window.setBy = "quick"; return "quick"; } } });
        shell.state.view = "slow";
        const first = shell.render();
        await pause(100);
        shell.state.view = "quick";
        await shell.render();
        await first;
        return [document.querySelector("#view > div").textContent, window.setBy, quick];
      })().then(done, (e) => done(`failed: ${e}`));""")
    # (The page's own polls may draw it once more.)
    check(shown[:2] == ["quick", "quick"] and shown[2] >= 2, f"the screen drawn last is the one shown, drawn again once the slow one is done: {shown!r}")
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    w.find("#sheet")


def rikken_table_of_five(w, server, db, rik, codes):
    """A Rikken table of five by the keyboard, each line confirmed by an opponent on the device."""
    w.go(server.url(f"/t/{codes[rik]['tables'][0]['code']}"))
    # Another code on the same phone: it asks who keeps this table's score (not Anne's name from table 1).
    scorer_name(w, "Nora")
    names = seat_names(w)
    check(len(names) == 5, f"a table of five: {names}")
    # The jury's fines are not offered on a table's phone (offered, they were refused once sent).
    w.find("#games")
    check(not w.js("return !!document.getElementById('fines')"), "a table's phone offers no fines")
    n = 0
    while not w.js("return !!document.getElementById('sheet-complete')"):
        out = int(w.text("#sits-out").split(".")[0])
        playing = [s for s in sorted(names) if s != out]
        w.js("document.activeElement && document.activeElement.blur()")
        press(w, ["r", str(playing[n % 4]), str(playing[(n + 1) % 4]), "9"])
        w.wait_text(names[playing[n % 4]], "#preview")
        press(w, ["\ue007"])
        # The opponent reads the line and taps their own name.
        w.find("#confirm-line")
        if n == 0:
            shot(w, "06-rikken-confirm", ["Another player at the table confirms this line", names[playing[n % 4]]])
            # Back: the line is not sent, and still typed.
            w.click("#confirm-back")
            w.find("#error")
            press(w, ["\ue007"])
            w.find("#confirm-line")
            # The focus is on going back, not on an opponent's name (Enter confirmed in their
            # name); Escape goes back too, and leaves no question whose names still send.
            check(w.js("return document.activeElement && document.activeElement.id") == "confirm-back", "the focus is on going back")
            press(w, ["\ue00c"])
            check(w.js("return document.getElementById('confirm').hidden") is True, "Escape closes the question")
            check(history(db, rik, 1) == [], "nothing sent")
            w.wait_text(names[playing[n % 4]], "#preview")
            w.js("document.activeElement && document.activeElement.blur()")
            press(w, ["\ue007"])
            w.find("#confirm-line")
        opponent = playing[(n + 2) % 4]
        if n == 0:
            first_pair = (names[playing[0]], names[playing[1]])
        w.click(f"#confirm-seat-{opponent}")
        n += 1
        w.find(f"#line-{n}")
        check(n <= 40, "the sheet ends")
    # The phone's sheet says who played each line, by name: the first rik's declarer and partner.
    first = w.text("#line-1")
    check(all(name in first for name in first_pair) and "partner" in first, f"the phone's sheet names the rik's declarer and partner: {first!r}")
    shot(w, "07-rikken-complete", ["complete"])
    rows = history(db, rik, 1)
    check(len(rows) == n and all(r["reason"].startswith("✓ ") for r in rows), f"every Rikken line is stored once, with its confirmation: {[r['reason'] for r in rows][:3]}")
    check(all(r["by"] == "Nora [table 1]" for r in rows), f"the log names who wrote with this code, not the last table's scorer: {sorted({r['by'] for r in rows})}")
    print(f"  Rikken table of five: {n} lines, each confirmed by an opponent")


def cribbage_move_offline(w, server, db, crib, codes):
    """A Kings Cribbage move typed on a phone without its network: the bonuses the application
    counts cannot be asked, so the page lists them by the rules' own conditions (the first
    move), the line waits in the outbox, and arrives once with them: 12 + 10."""
    w.go(server.url(f"/t/{codes[crib]['tables'][0]['code']}"))
    scorer_name(w, "Nina")
    w.find("#tiles-1")
    server.stop()
    w.type("#tiles-1", "4 5 5 6\ue007", clear=False)
    w.find("#outbox-1.waiting")
    shot(w, "07b-cribbage-offline-outbox", ["Lines not yet stored: 1", "No connection"])
    waiting = w.text("#outbox-1")
    check("bonuses first move ·" in waiting or "bonuses first move —" in waiting, f"the move waiting names its bonus in words, not its code: {waiting!r}")
    server.start()
    w.go(server.url(f"/t/{codes[crib]['tables'][0]['code']}"))
    w.find("#sheet")
    wait_outbox_empty(w)
    w.find("#line-1")
    rows = history(db, crib, 1)
    got = rows[0]["entry"] if rows else None
    check(len(rows) == 1 and got.get("bonuses") == ["first"] and got.get("placed") == 4, f"the move typed offline arrived once, with its first-move bonus: {got}")
    scores = w.js("return [...document.querySelectorAll('#line-1 td span')].map(e => e.textContent)")
    check("22" in scores, f"the first move scores 12 + 10: {scores}")


def king_figures_after_a_stored_line(w, server, db, king, codes):
    """A King line stored from the last seat's figure: the next line's game is known (the
    fixed order), its fields drawn at once, and the focus is in the first of them, as when a
    game is chosen (it stayed in the last seat's field, as after a refusal, and the next
    line's figures went to the last seat)."""
    w.go(server.url(f"/t/{codes[king]['tables'][0]['code']}"))
    scorer_name(w, "Rita")
    w.find("#fig-1")
    enter_counts(w, [4, 3, 3, 3])
    w.find("#line-1")
    w.find("#fig-1")
    focused = w.js("return document.activeElement ? document.activeElement.id : ''")
    first = w.js("const f = document.querySelector('#entry-body .figures input, #entry-body .figures button, #entry-body #suits button'); return f ? f.id : ''")
    check(first and focused == first and focused != "fig-4", f"after a stored line the focus is in the next line's first field ({first!r}): {focused!r}")
    rows = history(db, king, 1)
    check(len(rows) == 1 and rows[0]["entry"].get("counts") == [4, 3, 3, 3], f"King's line 1 stored once: {[r['entry'] for r in rows]}")


def jury_on_a_phone(w, server, db, dk, codes):
    """The jury's code: a ruling at table 2 from a phone, recorded with the jury member's name."""
    w.go(server.url(f"/t/{codes[dk]['jury']['code']}"))
    w.find("#scorer-form")
    w.type("#scorer-name", "Marc")
    w.click("#scorer-save")
    w.find("#sheet-round")
    w.js("const e = document.getElementById('sheet-table'); e.value = '2'; e.dispatchEvent(new Event('change', {bubbles: true}))")
    w.find("#free-ruling")
    w.select("#free-ruling select[name=seat]", "1")
    for seat, points in ((1, "-3"), (2, "1"), (3, "1"), (4, "1")):
        w.type(f"#free-ruling input[name=p{seat}]", points)
    w.type("#free-ruling input[name=reason]", "revoke")
    w.type("#free-ruling input[name=by]", "Marc")
    # Tapped while the server is out of reach: the screen and the ruling typed stay, and the
    # refusal says so (the whole screen went, the ruling with it, until a reload).
    server.stop()
    w.click("#record-ruling")
    w.wait_text("what you typed stays here", "#view", timeout=20)
    kept = [w.value(f"#free-ruling input[name={n}]") for n in ("p1", "reason")]
    check(kept == ["-3", "revoke"], f"the ruling typed stays on the jury's phone while the server is out of reach: {kept}")
    server.start()
    w.click("#record-ruling")
    try:
        w.wait_text("revoke", "#rulings-table")
    except AssertionError:
        print("  errors shown:", w.js("return [...document.querySelectorAll('.error, #flash')].map(e => e.textContent)"))
        raise
    shot(w, "08-jury-phone", ["Jury", "revoke"])
    rulings = [r for r in history(db, dk, 2) if r["kind"] == "ruling"]
    check(len(rulings) == 1 and rulings[0]["by"] == "Marc [jury]", f"the ruling is recorded once, from the jury's device: {rulings}")
    # Table 1's sheet is complete: a fault goes as a free ruling — the jury's phone has no
    # Correct on a line (it was pointed to one).
    w.js("const e = document.getElementById('sheet-table'); e.value = '1'; e.dispatchEvent(new Event('change', {bubbles: true}))")
    said = w.text("#fault-complete")
    check("free ruling below" in said and "by the secretary" in said, f"the jury's phone is pointed to what it has: {said!r}")
    jury_replays_on_a_phone(w, db, dk)


def jury_replays_on_a_phone(w, db, dk):
    """The jury replays table 1's line 4 (C, Bart dealing: seat 3 leads) on the phone, as on
    the window's Jury screen: the cards typed, a claim judged within trick 1 and "could it
    have been made?" on the finished deal, over the devices' protocol, then the line corrected
    with the cards. One suit a seat: nobody else holds seat 3's diamonds, so it takes every
    trick."""
    w.js("const e = document.getElementById('sheet-table'); e.value = '1'; e.dispatchEvent(new Event('change', {bubbles: true}))")
    w.find("#replay-line-pick")
    w.select("#replay-line-pick", 4)
    w.find("#hand-seat-1")
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for seat, suit in enumerate("SHDC", 1):
        set_field(w, f"#hand-seat-{seat}", " ".join(r + suit for r in ranks))
    set_field(w, "#replay-play", "QD")
    w.find("#replay-next")
    names = w.js("return [...document.querySelectorAll('#replay-hands label')].map(l => l.firstChild.textContent.replace(/^\\d+\\. /, ''))")
    w.find("#replay-claim")
    w.select("#claim-seat", "3")
    w.select("#claim-kind", "at_least")
    w.type("#claim-n", "13")
    w.click("#claim-judge")
    w.wait_text("The claim holds", "#claim-answer", timeout=60)
    said = w.text("#claim-answer")
    check(f"{names[2]} takes at least 13" in said and "device" not in said.lower(), f"the claim judged on the jury's phone, by name: {said!r}")
    w.js("document.getElementById('replay-claim').scrollIntoView({block: 'center'})")
    shot(w, "08b-jury-phone-claim", ["The claim holds"])
    # The others discard their queens (C stops there): "could it have been made?".
    set_field(w, "#replay-play", "QD QC QS QH")
    w.find("#replay-solve")
    w.select("#solve-seat", "3")
    w.click("#solve-ask")
    w.wait_text("From the first card", "#solve-answer", timeout=60)
    said = w.text("#solve-answer")
    check(f"From the first card (13 tricks) — {names[2]}: at least 13 for sure playing for tricks" in said, f"could it have been made, on the jury's phone: {said!r}")
    w.js("document.getElementById('replay-solve').scrollIntoView({block: 'center'})")
    shot(w, "08c-jury-phone-could-it-have-been-made", ["From the first card"])
    # "Use these figures": the jury's code corrects the line with the cards it replayed.
    w.click("#use-figures")
    w.wait_text("Pick the disputed line", "#screen-jury")
    line = [x for x in history(db, dk, 1) if x.get("line") == 4][-1]
    check(line["by"] == "Marc [jury]" and line["entry"]["counts"] == [0, 0, 4, 0] and line["entry"]["hand"]["play"][:1] == ["QD"],
          f"line 4 corrected from the jury's phone with its cards: {line}")


def set_field(w, css, value):
    """Put `value` in a field as if typed at once (one input event)."""
    w.js("const f = document.querySelector(arguments[0]); f.value = arguments[1]; f.dispatchEvent(new Event('input', {bubbles: true}))", css, value)
    w.settle()


def type_waiting(w, line, game, figures, first=3):
    """A line typed while the server is down: it waits in the page's outbox."""
    choose(w, f"#game-{game}")
    if game == "F":
        choose(w, f"#seventh-{moved(figures['seventh'], first)}")
        choose(w, f"#last-{moved(figures['last'], first)}")
    elif game == "T":
        choose(w, f"#suit-{figures[0]}")
        enter_counts(w, at_seats(figures[1], first), submit=False)
    else:
        enter_counts(w, at_seats(figures, first), submit=False)
    w.click("#enter-line")
    w.find(f"#outbox-{line}.waiting")


def new_phone(work, name):
    """A second phone: a browser of its own (its own storage, its own outbox)."""
    args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
            f"--user-data-dir={os.path.join(work, name)}", "--lang=en-US"]
    session = http("POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": args}}}})
    phone = Window(session["sessionId"])
    emulate(phone, *PHONE)
    return phone


def two_phones_one_table(w, work, server, db, dk, codes):
    """Two phones on table 2 while the server is down: A types lines 3 and 4, B a different
    line 3. B's arrives first; A's line 3 is refused as written meanwhile, shown beside the
    line stored, and A drops it: A's line 4 goes on. Then A's line 5 meets B's line 5 again,
    and A sends its own after theirs, as line 6. Every line ends stored once, or dropped by
    its scorer; no page is left without a way on."""
    url = server.url(f"/t/{codes[dk]['tables'][1]['code']}")
    b = new_phone(work, "phone-b")
    try:
        w.go(url)
        # A phone that served table 1 asks again who keeps the score for this code.
        scorer_name(w, "Chloé")
        enter_line(w, *WORKED[0], 3, 1)
        enter_line(w, *WORKED[1], 3, 2)
        b.go(url)
        scorer_name(b, "Bart")
        b.find("#line-2")
        server.stop()
        type_waiting(w, 3, "D", [1, 7, 0, 0])
        type_waiting(w, 4, "C", [1, 2, 1, 0])
        type_waiting(b, 3, "D", [2, 6, 0, 0])
        # B's page sends first (A's page is closed meanwhile; its outbox is kept on the phone).
        w.go("about:blank")
        server.start()
        end = time.time() + 20
        while b.js("return !!document.getElementById('outbox')") and time.time() < end:
            time.sleep(0.2)
        check(not b.js("return !!document.getElementById('outbox')"), "phone B's line 3 was sent once the server answered")
        w.go(url)
        w.find("#outbox-3.refused")
        w.find("#outbox-4.waiting")
        # Line 4 waits behind the refused line 3, not for the network: said so (it read «being
        # sent»), and no «kept until the connection returns» stands over the page.
        hint = w.text("#outbox-hint")
        check("Line 3 was refused" in hint and "wait for it" in hint, f"the outbox says what holds the lines back: {hint!r}")
        flash = w.js("const f = document.getElementById('flash'); return f && !f.hidden ? f.textContent : ''")
        check("connection returns" not in flash, f"no notice that a line waits for the connection, which is back: {flash!r}")
        stored = w.text("#outbox-stored-3")
        check("Bart" in stored and "fewest kings and jacks" in stored, f"the conflict shows the line stored meanwhile and who wrote it: {stored!r}")
        # Who wrote it, in the page's words (the server's record «Bart [table 1]» was shown as it is).
        check("Bart (scorer table " in stored and ", on the phone)" in stored and "[table" not in stored, f"who wrote it, said in words: {stored!r}")
        ways = w.js("return [...document.querySelectorAll('#outbox-3 button')].map(b => b.id)")
        check("outbox-drop-3" in ways and "outbox-after-3" in ways and "outbox-retry-3" not in ways,
              f"a conflict offers to drop the line or send it after theirs, not to send it again as it is: {ways}")
        # The refusal reads on its own, under the line it is about, not drawn over it.
        apart = w.js("const l = document.querySelector('#outbox-3 .outbox-line').getBoundingClientRect(), e = document.querySelector('#outbox-3 .error').getBoundingClientRect();"
                     " return e.top >= l.bottom - 0.5")
        check(apart, "the refusal is drawn under the waiting line, not over it")
        check(w.js("return document.documentElement.scrollWidth <= window.innerWidth + 1"), "the conflict fits the phone's width")
        shot(w, "11-phone-conflict", ["written meanwhile", "Bart"])
        w.click("#outbox-drop-3")
        wait_outbox_empty(w)
        w.find("#line-4")
        rows = history(db, dk, 2)
        lines = [(r["line"], r["by"]) for r in rows if r["kind"] == "deal"]
        check(lines == [(1, "Chloé [table 2]"), (2, "Chloé [table 2]"), (3, "Bart [table 2]"), (4, "Chloé [table 2]")],
              f"line 3 is Bart's, stored once; A's line 3 dropped by its scorer; A's line 4 sent: {lines}")
        # Again, and this time A keeps its line, after theirs.
        b.go(url)
        b.find("#line-4")
        server.stop()
        type_waiting(w, 5, "F", {"seventh": 3, "last": 3})
        waiting = w.text("#outbox-5")
        check("7th trick Greet" in waiting and "13th trick Greet" in waiting, f"a waiting line names the player, not the seat's number: {waiting!r}")
        type_waiting(b, 5, "T", ("spades", [10, 0, 3, 0]))
        w.go("about:blank")
        server.start()
        end = time.time() + 20
        while b.js("return !!document.getElementById('outbox')") and time.time() < end:
            time.sleep(0.2)
        w.go(url)
        w.find("#outbox-5.refused")
        check("line 6" in w.text("#outbox-after-5").lower(), f"the button says the line it will become: {w.text('#outbox-after-5')!r}")
        w.click("#outbox-after-5")
        wait_outbox_empty(w)
        w.find("#line-6")
        lines = [(r["line"], r["by"], r["entry"].get("contract") if r["entry"] else None) for r in history(db, dk, 2) if r["kind"] == "deal"]
        check(lines[4:] == [(5, "Bart [table 2]", "T"), (6, "Chloé [table 2]", "F")], f"B's line 5 and A's, sent after it as line 6, each once: {lines}")
    finally:
        end_session(b.sid)


def eight_phones(db, work, name, rounds):
    """A Double King tournament of `rounds` rounds for Rik, Sara, … Yves (eight players)."""
    players = os.path.join(work, f"{name}.csv")
    with open(players, "w", encoding="utf-8") as f:
        f.write("name\nRik\nSara\nTom\nUrsula\nVera\nWim\nXander\nYves\n")
    t = atout(db, "tournament", "create", "--name", name, "--game", "double-king", "--rounds", str(rounds)).strip()
    atout(db, "players", "import", players, "--tournament", t)
    return t


def open_sheet_as(w, server, code, scorer):
    """The table's page of `code`, its scorer named if it asks."""
    w.go(server.url(f"/t/{code}"))
    w.find("#sheet, #scorer-form")
    if w.js("return !!document.getElementById('scorer-form')"):
        scorer_name(w, scorer)
    w.find("#sheet")


def gone_kept(w):
    """On the code screen of a refused code, nothing says a line waits to be sent: it is listed
    as never sent (the red «kept on this device, sent as soon as the connection returns» and
    «1 waiting» stayed over it, the connection back)."""
    said = w.text("#flash") + " | " + w.text("#outbox-status")
    check("kept on this device" not in said and "waiting" not in said and "connected" in said,
          f"no line is said to wait under a refused code: {said!r}")


def a_new_code_takes_the_lines_waiting(w, server, db, dk, codes):
    """Table 2's phone types a line while the server is down; meanwhile the secretary revokes
    the table's code (the phone was swapped, say) and the table gets a new one. The old code's
    page, refused, still shows the line it could not send and says what to do; the new code,
    opened on the same phone, takes the line and sends it, by its scorer: stored once. The old
    code's page, left open, turns to that screen by itself."""
    old = codes[dk]['tables'][1]['code']
    w.go(server.url(f"/t/{old}"))
    w.find("#sheet")
    before = [(r["line"], r["by"]) for r in history(db, dk, 2) if r["kind"] == "deal"]
    line = len(before) + 1
    server.stop()
    # A trump deal, which the dealer of line 9 may still choose.
    type_waiting(w, line, "T", ("spades", [4, 4, 5, 0]))
    atout(db, "devices", "--tournament", dk, "--round", "1", "--revoke", "2", "--reason", "phone swapped")
    new = json.loads(atout(db, "devices", "--tournament", dk, "--round", "1", "--format", "json"))["tables"][1]["code"]
    check(new != old, "the table has a new code")
    server.start()
    # The page open all along turns to the code screen by itself once the server answers (it
    # stayed on the refusal, a dead end, until loaded again by hand).
    w.find("#code-form", timeout=20)
    check(not w.js("return !!document.getElementById('screen-error')"), "no dead-end refusal in place of the code screen")
    stranded = w.text("#outbox-stranded")
    check("never sent: 1" in stranded and f"Line {line}: trump" in stranded and "new code" in stranded,
          f"the revoked code's page shows the line it could not send, and what to do: {stranded!r}")
    gone_kept(w)
    shot(w, "16-phone-code-revoked-waiting", ["never sent", f"Line {line}"])
    # The refusal is announced and tied to the field, the field ready to type in; the language
    # changed, the form is said again in it (it was thrown away: an error took the page).
    check(w.js("return document.getElementById('code-error').getAttribute('role')") == "alert"
          and w.js("return document.getElementById('code').getAttribute('aria-describedby')") == "code-error"
          and w.js("return document.activeElement && document.activeElement.id") == "code",
          "the code's refusal is announced, tied to its field, the field in focus")
    w.select("#lang", "nl")
    w.wait_text("Het blad van een tafel openen", "#code-form")
    check(w.js("return !!document.getElementById('outbox-stranded') && !document.getElementById('screen-error')"), "the form is said again in Dutch, what was never sent with it")
    w.select("#lang", "en")
    w.wait_text("Open a table's sheet", "#code-form")
    check(len([r for r in history(db, dk, 2) if r["kind"] == "deal"]) == line - 1, f"line {line} has not reached the database")
    w.go(server.url(f"/t/{new}"))
    # The same table's scorer on the same phone: not asked again.
    w.find("#sheet")
    wait_outbox_empty(w)
    w.find(f"#line-{line}")
    after = [(r["line"], r["by"]) for r in history(db, dk, 2) if r["kind"] == "deal"]
    check(after == before + [(line, "Chloé [table 2]")], f"the line typed under the old code went with the new one, once, by its scorer: {after}")
    check(not w.js("return !!document.getElementById('stranded')"), "nothing is left stranded on the phone")
    codes[dk]['tables'][1]['code'] = new


def a_round_drawn_again_strands_the_lines_typed_for_its_old_seating(w, server, db, work):
    """A table's phone types line 1 while the server is down; meanwhile the secretary draws
    the round again (other players at table 1). The old code is revoked with the old draw: its
    page says the line was never sent, and the new code of table 1, opened on the same phone,
    does not send it (it was typed for another seating): it is left for the secretary, and
    the new draw's sheet stays empty."""
    t = eight_phones(db, work, "Phones redrawn", 1)

    def draw(seed):
        atout(db, "round", "draw", "--tournament", t, "--round", "1", "--seed", seed)
        for table in ("1", "2"):
            atout(db, "table", "dealer", "--tournament", t, "--round", "1", "--table", table, "--seat", "3", "--reason", "cards drawn")
        return json.loads(atout(db, "devices", "--tournament", t, "--round", "1", "--format", "json"))["tables"][0]["code"]

    old = draw("11")
    open_sheet_as(w, server, old, "Rik")
    server.stop()
    type_waiting(w, 1, "T", ("spades", [4, 4, 5, 0]))
    new = draw("12")
    check(new != old, "the round drawn again has a new code for table 1")
    server.start()
    # The page open all along turns to the code screen by itself once the server answers (it
    # stayed on the refusal, a dead end, until loaded again by hand).
    w.find("#code-form", timeout=20)
    check(not w.js("return !!document.getElementById('screen-error')"), "no dead-end refusal in place of the code screen")
    stranded = w.text("#outbox-stranded")
    check("never sent: 1" in stranded, f"the old draw's code is refused, and its page keeps the line it could not send: {stranded!r}")
    w.go(server.url(f"/t/{new}"))
    w.find("#sheet, #scorer-form")
    if w.js("return !!document.getElementById('scorer-form')"):
        scorer_name(w, "Rik")
    w.find("#sheet")
    w.find("#stranded")
    time.sleep(4)
    left = w.text("#stranded")
    check("Line 1: trump" in left, f"the line typed for the old seating is shown for the secretary, not sent: {left!r}")
    lines = [r for r in json.loads(atout(db, "sheet", "--tournament", t, "--round", "1", "--table", "1", "--history", "--format", "json")) if r["kind"] == "deal"]
    check(lines == [], f"the new draw's table 1 has no line: {lines}")
    shot(w, "17-phone-round-drawn-again", ["Line 1: trump"])
    # The entry panel stays at the foot of the screen: the page scrolled to its end shows the card whole.
    w.js("window.scrollTo(0, document.body.scrollHeight)")
    w.click(f"#stranded-drop-{old}")
    end = time.time() + 10
    while w.js("return !!document.getElementById('stranded')") and time.time() < end:
        time.sleep(0.2)
    check(not w.js("return !!document.getElementById('stranded')"), "dropped by its scorer, the line is gone from the phone")


def a_round_over_turns_the_page_to_the_code_screen(w, server, db, work):
    """Table 1's phone of round 1 types line 1 while the server is down; meanwhile the
    secretary draws round 2. The code of a round that is over is refused (403), and the page
    turns to the code screen by itself once the server answers, saying why, with the line
    listed as never sent. It showed the refusal in the sheet's panel, a dead end until loaded
    again by hand."""
    t = eight_phones(db, work, "Phones two rounds", 2)
    atout(db, "round", "draw", "--tournament", t, "--round", "1", "--seed", "5")
    atout(db, "table", "dealer", "--tournament", t, "--round", "1", "--table", "1", "--seat", "3", "--reason", "cards drawn")
    code = json.loads(atout(db, "devices", "--tournament", t, "--round", "1", "--format", "json"))["tables"][0]["code"]
    open_sheet_as(w, server, code, "Rik")
    server.stop()
    type_waiting(w, 1, "T", ("spades", [4, 4, 5, 0]))
    atout(db, "round", "draw", "--tournament", t, "--round", "2", "--seed", "6")
    server.start()
    w.find("#code-form", timeout=20)
    why = w.text("#code-error")
    check("round 1" in why and "round 2 is being played" in why, f"the code screen says the code's round is over: {why!r}")
    stranded = w.text("#outbox-stranded")
    check("never sent: 1" in stranded and "Line 1: trump" in stranded, f"the line typed as the round ended is listed as never sent: {stranded!r}")
    check(not w.js("return !!document.getElementById('screen-error')"), "no dead-end refusal in place of the code screen")
    gone_kept(w)
    shot(w, "18-phone-round-over", ["never sent", "Line 1"])
    lines = [r for r in json.loads(atout(db, "sheet", "--tournament", t, "--round", "1", "--table", "1", "--history", "--format", "json")) if r["kind"] == "deal"]
    check(lines == [], f"nothing reached round 1's sheet: {lines}")


def a_stored_line_whose_answer_was_lost_is_not_stranded(w, server, db, dk, codes):
    """A table's phone sends a line; the server stores it but the answer is lost (the line
    stays in the phone's outbox); then the table's code is revoked. Opened again, the old
    code's page finds the line stored (a stored line retried is answered so, whatever became
    of the code) and lists nothing as never sent: it listed it, for the secretary to enter a
    second time."""
    def sheet_of(code):
        return json.loads(urllib.request.urlopen(urllib.request.Request(server.url("/api/v1/sheet"), headers={"Authorization": f"Bearer {code}"})).read())
    # A table whose sheet is not full yet.
    index = next(i for i, t in enumerate(codes[dk]['tables']) if sheet_of(t['code'])["next"])
    old, table = codes[dk]['tables'][index]['code'], index + 1
    sheet = sheet_of(old)
    line = len(sheet["lines"]) + 1
    shapes = {"A": {"counts": [4, 3, 3, 3]}, "B": {"counts": [4, 3, 3, 3]}, "C": {"counts": [1, 1, 1, 1]}, "D": {"counts": [2, 2, 2, 2]},
              "E": {"taker": 1}, "F": {"seventh": 1, "last": 2}, "T": {"counts": [4, 3, 3, 3], "trump": "spades"}}
    # The server answers the line's check 503 (busy): the line waits in the outbox all the same
    # and is sent (it was dropped from the outbox, left only in the panel being typed).
    plain = next(c for c in sheet["next"]["allowed"] if c in "ABCD")
    w.go(server.url(f"/t/{old}"))
    w.find("#sheet")
    w.js("const f = window.fetch; window.fetch = (u, o) => String(u).includes('/api/v1/check')"
         " ? Promise.resolve(new Response(JSON.stringify({kind: 'internal', message: 'busy'}), {status: 503})) : f(u, o);")
    choose(w, f"#game-{plain}")
    enter_counts(w, [2, 2, 2, 2] if plain == "D" else [1, 1, 1, 1] if plain == "C" else [4, 3, 3, 3], submit=False)
    w.click("#enter-line")
    w.find(f"#line-{line}")
    check(len([r for r in history(db, dk, table) if r["kind"] == "deal"]) == line, f"line {line}, checked while the server was busy, is stored")
    # The line's body cut off on the way (408, the server waited 10 s for it): the line waits
    # and is sent again, stored once (it was marked refused and dropped from the outbox).
    sheet = sheet_of(old)
    line += 1
    plain = next(c for c in sheet["next"]["allowed"] if c in "ABCD")
    w.js("let once = true; const f = window.fetch; window.fetch = (u, o) => once && String(u).includes('/api/v1/lines')"
         " ? (once = false, Promise.resolve(new Response(JSON.stringify({kind: 'timeout', message: 'too slow'}), {status: 408}))) : f(u, o);")
    choose(w, f"#game-{plain}")
    enter_counts(w, [2, 2, 2, 2] if plain == "D" else [1, 1, 1, 1] if plain == "C" else [4, 3, 3, 3], submit=False)
    w.click("#enter-line")
    end = time.time() + 20
    while len([r for r in history(db, dk, table) if r["kind"] == "deal"]) < line and time.time() < end:
        time.sleep(0.5)
    check(len([r for r in history(db, dk, table) if r["kind"] == "deal"]) == line, f"line {line}, its first try cut off (408), is stored once")
    w.settle()
    check(w.js("return localStorage.getItem(arguments[0])", f"atout.outbox.{old}") in (None, "[]"), "the outbox let the line go once stored")
    sheet = sheet_of(old)
    line += 1
    contract = next(c for c in sheet["next"]["allowed"] if c in shapes)
    item = {"key": "lost-answer-1", "line": line, "entry": {"contract": contract, **shapes[contract]}, "scorer": "Anne"}
    request = urllib.request.Request(server.url("/api/v1/lines"), data=json.dumps(item).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {old}", "Content-Type": "application/json"})
    check(urllib.request.urlopen(request).status == 201, "the line is stored")
    w.go(server.url(f"/t/{old}"))
    w.find("#sheet")
    w.js("localStorage.setItem(arguments[0], JSON.stringify([arguments[1]]))", f"atout.outbox.{old}", item)
    atout(db, "devices", "--tournament", dk, "--round", "1", "--revoke", str(table), "--reason", "phone lost")
    w.go(server.url(f"/t/{old}"))
    w.find("#code-form")
    w.settle()
    check(not w.js("return !!document.getElementById('outbox-stranded')"), f"nothing said never sent: {w.text('#code-form')!r}")
    check(w.js("return localStorage.getItem(arguments[0])", f"atout.outbox.{old}") in (None, "[]"), "the outbox let the stored line go")
    lines = [r for r in history(db, dk, table) if r["kind"] == "deal"]
    check(len(lines) == line, f"the line is on the sheet once: {len(lines)} lines")
    new = json.loads(atout(db, "devices", "--tournament", dk, "--round", "1", "--format", "json"))["tables"][index]["code"]
    codes[dk]['tables'][index]['code'] = new


def room_display_at_1280(w, server, db, work):
    """The room's display on a 1280 × 800 screen in every language, with long names and two
    tie-breaks: every heading and every name whole (a long name beside «pas commencé» pushed the
    last tie-break out of sight, «Rang», «Points» and «Meilleure manche» were cut), the statuses
    kept to their signs with a note saying what each means, and the players' QR code clear of
    the standings and the chart's legend (it covered the legend's last names)."""
    names = os.path.join(work, "long.csv")
    with open(names, "w", encoding="utf-8") as f:
        f.write("name\nAnne Peeters\nFrançois Lambert-Vandenbroucke\nChloé Dubois\nDirk Claes\n"
                "Marie-Thérèse Van den Bossche\nGert Wouters\nHélène Renard\nBart Maes\n")
    gp = atout(db, "tournament", "create", "--name", "Grand Prix d'hiver", "--game", "double-king", "--rounds", "3",
               "--settings", '{"tie_breaks": ["score-sum", "best-round"]}').strip()
    atout(db, "players", "import", names, "--tournament", gp)
    atout(db, "round", "draw", "--tournament", gp, "--round", "1", "--seed", "5")
    atout(db, "deal", "add", "--tournament", gp, "--round", "1", "--table", "1", '{"contract": "A", "counts": [4, 4, 3, 2]}')
    try:
        # A projector of 1024 × 768 in French too: the chart below the standings, clear of the code.
        for lang, heading, sign, (width, height) in (("fr", "Rang", "pas commencé", (1280, 800)), ("nl", "Plaats", "nog niet begonnen", (1280, 800)),
                                                     ("en", "Rank", "not started", (1280, 800)), ("fr", "Rang", "pas commencé", (1024, 768))):
            http("POST", w.s("/goog/cdp/execute"), {"cmd": "Emulation.setDeviceMetricsOverride",
                                                    "params": {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}})
            w.go(server.url(f"/room/{gp}"))
            w.find(".projector-title")
            # A screen in the room opens as the room's display, the whole width.
            check(w.js("return document.body.classList.contains('room')"), f"at {width}×{height} the room page opens as the room's display")
            # The language is picked in the page's header, out of the room's display.
            w.js("document.body.classList.remove('room')")
            w.select("#lang", lang)
            w.wait_text(heading, "#projector-table")
            w.click("#room-mode")
            w.wait_text(sign, "#projector-signs" if width >= 1100 else "#projector-table")
            w.find("#room-qr svg")
            fit = w.js("""
              const cut = (e) => e.scrollWidth > e.clientWidth + 1;
              const table = document.getElementById('projector-table'), box = table.parentElement.getBoundingClientRect();
              const qr = document.getElementById('room-qr').getBoundingClientRect();
              const meets = (r) => r.width > 0 && r.left < qr.right && r.right > qr.left && r.top < qr.bottom && r.bottom > qr.top;
              const legend = [...document.querySelectorAll('.chart .legend .item')].map(e => e.getBoundingClientRect());
              return {
                headings: [...table.querySelectorAll('th')].filter(cut).map(e => e.textContent),
                // Beside the standings, the chart's legend names too (cut there, «1. Marie-Th…»).
                names: [...table.querySelectorAll('tr:not([hidden]) .nm'), ...document.querySelectorAll('.projector-board.beside .chart .legend .who')].filter(cut).map(e => e.textContent),
                outside: [...table.querySelectorAll('th, tr:not([hidden]) td')].filter(e => e.getBoundingClientRect().right > box.right + 1).map(e => e.textContent),
                covered: meets(table.getBoundingClientRect()) || legend.some(meets) || meets(document.querySelector('.chart .plot').getBoundingClientRect()),
                note: !document.getElementById('projector-signs').hidden,
              };""")
            check(not fit["headings"] and not fit["names"] and not fit["outside"] and not fit["covered"] and (fit["note"] or width < 1100),
                  f"{lang} at {width}×{height}, the room's display: headings and names whole, every column in sight, the QR code clear, the signs said: {fit}")
            # The chart below the standings keeps a plot to read (a legend kept tall squeezed it to a line).
            plot = w.js("return document.querySelector('.chart .plot').getBoundingClientRect().height")
            check(plot >= 80, f"{lang} at {width}×{height}: the chart's plot is {plot} px tall")
            shot(w, f"09b-room-{width}-{lang}", ["François Lambert-Vandenbroucke", "Marie-Thérèse Van den Bossche", sign])
            w.js("document.body.classList.remove('room')")
    finally:
        emulate(w, *PHONE)


def player_follows_the_evening(w, server, db, dk, codes):
    """A player in the room: the room display's QR code opens the players' page, where Bart
    picks his name and sees his place, his table and its lines; a line written by the table's
    phone arrives on his page by itself."""
    w.go(server.url(f"/room/{dk}"))
    w.find("#room-qr svg")
    url = w.js("return document.getElementById('room-qr').dataset.url")
    check(url.endswith(f"/p/{dk}"), f"the room display's QR code opens the players' page: {url}")
    w.go(url)
    w.find("#people-search")
    # Found without the accents on a phone's keyboard («chloe» found nobody).
    w.type("#people-search", "chloe")
    found = w.js("return [...document.querySelectorAll('#people button')].map(b => b.textContent)")
    check(len(found) == 1 and "Chloé" in found[0], f"«chloe» finds Chloé: {found}")
    w.type("#people-search", "bar")
    bart = w.js("return [...document.querySelectorAll('#people button')].map(b => b.id)")
    check(len(bart) == 1, f"the search finds Bart alone: {bart}")
    w.click(f"#{bart[0]}")
    w.find("#live-place")
    before = w.js("return document.querySelectorAll('#live-lines tr').length")
    check("▶ Bart" in w.text("#live-lines"), "his column is marked by name, not by colour alone")
    # Scrolled sideways to his own column and total, the sheet stays there as the page is drawn
    # again (it went back to the left every five seconds).
    # (A narrow phone: the sheet wider than the screen.)
    emulate(w, 300, 640)
    kept = w.js("const b = document.getElementById('live-lines').parentElement; b.scrollLeft = b.scrollWidth; return b.scrollLeft")
    # Table 2's phone writes line 8 (an F: dealer seat 2); the player's page shows it by itself.
    sheet = json.loads(atout(db, "sheet", "--tournament", dk, "--round", "1", "--table", "2", "--format", "json"))
    code = codes[dk]["tables"][1]["code"]
    line = len(sheet["lines"]) + 1
    req = urllib.request.Request(server.url("/api/v1/lines"), method="POST", data=json.dumps({"key": "live-8", "line": line, "entry": {"contract": "F", "seventh": 1, "last": 1}, "scorer": "Chloé"}).encode(),
                                 headers={"Authorization": f"Bearer {code}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        check(r.status == 201, f"the table's phone wrote line {line}")
    end = time.time() + 15
    while w.js("return document.querySelectorAll('#live-lines tr').length") == before and time.time() < end:
        time.sleep(0.3)
    check(w.js("return document.querySelectorAll('#live-lines tr').length") == before + 1, "the new line arrived on the player's page by itself")
    left = w.js("return document.getElementById('live-lines').parentElement.scrollLeft")
    check(kept > 0 and abs(left - kept) <= 2, f"the sheet scrolled to his column stays so when drawn again: {kept} → {left}")
    emulate(w, *PHONE)
    # The jury's ruling at his table (−3 / +1) between the totals and the round's scores, as on
    # the sheet: his page showed the totals alone, which the standings did not match.
    sheet = json.loads(atout(db, "sheet", "--tournament", dk, "--round", "1", "--table", "2", "--format", "json"))
    check(len(sheet["rulings"]) >= 1, f"a ruling at Bart's table: {sheet['rulings']}")
    scores = w.js("return [...document.querySelectorAll('#live-scores th')].slice(1).filter(e => e.textContent.trim()).map(e => Number(e.textContent))")
    check(scores == sheet["scores"], f"the player's page gives the round's scores, the rulings counted: {scores} / {sheet['scores']}")
    check(w.js("return document.documentElement.scrollWidth <= window.innerWidth + 1"), "the player's page fits the phone's width")
    shot(w, "14-player-live", ["Bart", "Place"])
    w.select("#lang", "fr")
    w.wait_text("Manche 1", "#live-round-1")
    place = w.text("#live-place")
    check("Place : " in place and "Points : " in place, f"French spaces its colon, as its other texts do: {place!r}")
    title = w.js("return document.title")
    check(title == "Atout — ma soirée", f"the phone's tab is titled in the page's language: {title!r}")
    shot(w, "15-player-live-fr", ["Mon total"])
    w.select("#lang", "en")
    # Nothing on this page writes: an unknown player is refused, as a wrong code is.
    try:
        urllib.request.urlopen(server.url(f"/api/v1/room/{dk}/player/p999"), timeout=10)
        check(False, "an unknown player is refused")
    except urllib.error.HTTPError as e:
        check(e.code == 404 and json.loads(e.read())["kind"] == "not-found", f"an unknown player: 404 not-found ({e.code})")


def room_and_languages(w, server, dk, codes):
    """The room's display, read-only, from any device; a table's page in French and Dutch."""
    w.go(server.url(f"/room/{dk}"))
    w.find(".projector-title")
    w.wait_text("Phones DK", ".projector-title")
    w.wait_text("Anne", "#view")
    shot(w, "09-room", ["Phones DK", "Round 1"])
    # The club's computer out of reach: the standings stay, said perhaps not the latest (they
    # stayed with no sign); back, the word goes.
    server.stop()
    w.wait_text("No connection", "#projector-offline", timeout=15)
    check("Anne" in w.text("#view"), "the standings shown stay while the server is out of reach")
    server.start()
    end = time.time() + 15
    while w.js("return !!document.getElementById('projector-offline')") and time.time() < end:
        time.sleep(0.3)
    check(not w.js("return !!document.getElementById('projector-offline')"), "the server back, the room display no longer says it is out of reach")
    # Every column within the page's width (the tie-breaks were clipped off a phone's edge).
    out = w.js("const r = document.getElementById('projector-table').parentElement.getBoundingClientRect().right;"
               " return [...document.querySelectorAll('#projector-table th, #projector-table tr:not([hidden]) td')].filter(e => e.getBoundingClientRect().right > r + 1).map(e => e.textContent)")
    check(not out, f"the room display's columns stand within its width: {out}")
    # On a small phone every row is listed, the page scrolling through them (a page of rows
    # that fits the screen held none at 360 × 640), no «page 1/8».
    emulate(w, 360, 640)
    w.go(server.url(f"/room/{dk}"))
    w.wait_text("Anne", "#view")
    time.sleep(0.5)
    listed = w.js("const rows = [...document.querySelectorAll('#projector-table tbody tr')];"
                  " return {rows: rows.length, shown: rows.filter(r => !r.hidden && r.getBoundingClientRect().height > 10).length,"
                  " paged: !document.getElementById('projector-page').hidden, wide: document.documentElement.scrollWidth <= innerWidth + 1}")
    check(listed["rows"] == 8 and listed["shown"] == 8 and not listed["paged"] and listed["wide"], f"360×640: the room display lists every row: {listed}")
    shot(w, "09b-room-360", ["Phones DK"])
    emulate(w, *PHONE)
    w.go(server.url(f"/t/{codes[dk]['tables'][1]['code']}"))
    w.find("#sheet")
    w.select("#lang", "fr")
    w.wait_text("Manche 1", "h2")
    w.wait_text("Inscrire la ligne", "#entry")
    w.wait_text("connecté", "#outbox-status")
    shot(w, "10-phone-fr", ["Table 2", "Manche 1"])
    # At 390 × 844 in each language, mid-sheet: the sheet whole in the phone's width (the
    # correction buttons too), its totals above the entry panel, and what its marks mean.
    for lang, heading, legend in (("fr", "Manche 1", "a choisi le jeu"), ("nl", "Ronde 1", "koos het spel"), ("en", "Round 1", "chose the game")):
        w.select("#lang", lang)
        w.wait_text(heading, "h2")
        w.go(server.url(f"/t/{codes[dk]['tables'][1]['code']}"))
        w.find("#sheet")
        w.wait_text(legend, "#sheet-legend")
        fit = w.js("const box = document.querySelector('.sheet-box'), sheet = document.getElementById('sheet');"
                   " const fixes = [...document.querySelectorAll('#sheet button.correct')].map(b => b.getBoundingClientRect().right);"
                   " const tot = document.getElementById('sheet-totals').getBoundingClientRect(), e = document.getElementById('entry').getBoundingClientRect();"
                   " const foot = [...document.querySelectorAll('#sheet tr')].pop().getBoundingClientRect();"
                   " return {page: document.documentElement.scrollWidth <= innerWidth + 1, sheet: sheet.scrollWidth <= box.clientWidth + 1,"
                   " fixes: fixes.every(r => r <= innerWidth + 0.5), totals: tot.top >= 0 && tot.bottom <= e.top + 1, foot: foot.bottom <= e.top + 1}")
        check(all(fit.values()), f"{lang} at 390×844: the sheet fits, its correction buttons whole, its totals, rulings, scores and table points above the panel: {fit}")
        shot(w, f"12-phone-390-{lang}", [heading, legend])
    # A line waiting reads in the game's words in French: no field key, no game code, « Ligne 7 : ».
    w.select("#lang", "fr")
    w.wait_text("Manche 1", "h2")
    server.stop()
    type_waiting(w, 7, "T", ("hearts", [11, 0, 2, 0]))
    waiting = w.text("#outbox-7")
    check(waiting.startswith("Ligne 7 : atout · ♥ cœur · chiffres par place 11/0/2/0") and "contract" not in waiting and "chiffres par place" in waiting and "♥ cœur" in waiting,
          f"a waiting line in French words: {waiting!r}")
    shot(w, "13-phone-fr-waiting", ["Ligne 7 :"])
    server.start()
    wait_outbox_empty(w)
    w.select("#lang", "en")
    w.wait_text("Round 1", "h2")


def main():
    for f in (ATOUT, CHROMEDRIVER, CHROMIUM):
        if not os.path.exists(f):
            sys.exit(f"missing: {f}")
    work = tempfile.mkdtemp(prefix="atout-device-")
    db, dk, rik, crib, king, codes = setup(work)
    server = Server(db)
    server.start()
    webdriver.use_driver(DRIVER_PORT)
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={DRIVER_PORT}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    sid = None
    try:
        wait_listening(DRIVER_PORT, "chromedriver")
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={PHONE[0]},{PHONE[1]}",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                f"--user-data-dir={os.path.join(work, 'chromium')}", "--lang=en-US"]
        session = http("POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": args}}}})
        sid = session["sessionId"]
        w = Window(sid)
        emulate(w, *PHONE)
        double_king_on_a_phone(w, server, db, dk, codes)
        a_screen_drawn_late_does_not_cover_a_later_one(w, server, codes, dk)
        rikken_table_of_five(w, server, db, rik, codes)
        cribbage_move_offline(w, server, db, crib, codes)
        king_figures_after_a_stored_line(w, server, db, king, codes)
        jury_on_a_phone(w, server, db, dk, codes)
        two_phones_one_table(w, work, server, db, dk, codes)
        room_and_languages(w, server, dk, codes)
        room_display_at_1280(w, server, db, work)
        player_follows_the_evening(w, server, db, dk, codes)
        a_new_code_takes_the_lines_waiting(w, server, db, dk, codes)
        a_stored_line_whose_answer_was_lost_is_not_stranded(w, server, db, dk, codes)
        a_round_drawn_again_strands_the_lines_typed_for_its_old_seating(w, server, db, work)
        a_round_over_turns_the_page_to_the_code_screen(w, server, db, work)
    except Exception as e:
        failed(sid, e, "device-failure")
    finally:
        end_session(sid)
        os.killpg(driver.pid, signal.SIGTERM)
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"device: {checks['passed']} passed, {checks['failed']} failed")
    sys.exit(1 if checks["failed"] else 0)


if __name__ == "__main__":
    main()
