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
import json, os, shutil, signal, socket, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver  # noqa: E402
from webdriver import ROOT, Window, check, checks, choose, end_session, enter_line, failed, http, press, seat_names, wait_listening, wait_rule, WORKED  # noqa: E402

ATOUT = os.path.join(ROOT, "target", "debug", "atout")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER_PORT = 9515
PHONE = (412, 915)
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
        f.write("name\nAnne\nBart\nChloé\nDirk\nEls\nFons\nGreet\nHugo\n")
    dk = atout(db, "tournament", "create", "--name", "Phones DK", "--game", "double-king", "--rounds", "2").strip()
    atout(db, "players", "import", players, "--tournament", dk)
    atout(db, "round", "draw", "--tournament", dk, "--round", "1", "--seed", "1")
    for table in ("1", "2"):
        atout(db, "table", "dealer", "--tournament", dk, "--round", "1", "--table", table, "--seat", "3", "--reason", "cards drawn")
    rik = atout(db, "tournament", "create", "--name", "Phones Rikken", "--game", "rikken", "--rounds", "1", "--settings", '{"device_confirm": true}').strip()
    five = os.path.join(work, "five.csv")
    with open(five, "w", encoding="utf-8") as f:
        f.write("name\nIrma\nJan\nKoen\nLies\nMarc\n")
    atout(db, "players", "import", five, "--tournament", rik)
    atout(db, "round", "draw", "--tournament", rik, "--round", "1", "--seed", "3")
    codes = {}
    for t in (dk, rik):
        codes[t] = json.loads(atout(db, "devices", "--tournament", t, "--round", "1", "--format", "json"))
    return db, dk, rik, codes


def history(db, t, table):
    return json.loads(atout(db, "sheet", "--tournament", t, "--round", "1", "--table", str(table), "--history", "--format", "json"))


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
    for i, (game, figures) in enumerate(WORKED[3:11], 4):
        enter_line(w, game, figures, 3, i)
    # The network goes (the server stopped): lines 12 and 13 wait on the phone.
    server.stop()
    for line, (game, (suit, counts)) in ((12, WORKED[11]), (13, WORKED[12])):
        choose(w, f"#game-{game}")
        choose(w, f"#suit-{suit}")
        for i, c in enumerate(counts, 1):
            w.type(f"#fig-{i}", str(c))
        w.click("#enter-line")
        w.find(f"#outbox-{line}.waiting")
    w.wait_text("kept on this device", "#flash")
    w.wait_text("checked when the lines waiting arrive", "#next-dealer")
    seen = w.js("const r = document.getElementById('outbox').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight")
    check(seen, "the lines waiting are in sight, above the line being typed")
    shot(w, "03-phone-offline-outbox", ["Lines not yet stored: 2", "No connection"])
    waiting = w.text("#outbox-12")
    print(f"  line 12 waiting, said without the server: {waiting}")
    # The game's own words for its fields and suits (the format's keys would read "counts 7/4/2/0 · trump clubs").
    check("counts by seat 7/4/2/0" in waiting and "♣ clubs" in waiting, f"a line waiting reads in the game's words, no key of the format: {waiting}")
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
    for i, (game, figures) in enumerate(WORKED[13:], 14):
        enter_line(w, game, figures, 3, i)
    w.find("#sheet-complete")
    got = w.wait_cells("#round-scores", ["14", "3", "3", "-20"])
    check(got == ["14", "3", "3", "-20"], f"the worked example's round scores: {got}")
    shot(w, "04-phone-complete", ["complete"])
    rows = history(db, dk, 1)
    check(len(rows) == 20 and all(r["by"] == "Anne [table 1]" for r in rows), f"twenty lines, each once, each by Anne at table 1: {len(rows)}")
    # The same sheet on a 10" tablet.
    w.size(*TABLET)
    w.go(server.url(f"/t/{codes[dk]['tables'][0]['code']}"))
    w.find("#sheet-complete")
    shot(w, "05-tablet-complete", ["complete"])
    w.size(*PHONE)


def rikken_table_of_five(w, server, db, rik, codes):
    """A Rikken table of five by the keyboard, each line confirmed by an opponent on the device."""
    w.go(server.url(f"/t/{codes[rik]['tables'][0]['code']}"))
    w.find("#sheet")
    names = seat_names(w)
    check(len(names) == 5, f"a table of five: {names}")
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
            shot(w, "06-rikken-confirm", ["An opponent confirms this line", names[playing[n % 4]]])
            # Back: the line is not sent, and still typed.
            w.click("#confirm-back")
            w.find("#error")
            press(w, ["\ue007"])
            w.find("#confirm-line")
        opponent = playing[(n + 2) % 4]
        w.click(f"#confirm-seat-{opponent}")
        n += 1
        w.find(f"#line-{n}")
        check(n <= 40, "the sheet ends")
    shot(w, "07-rikken-complete", ["complete"])
    rows = history(db, rik, 1)
    check(len(rows) == n and all(r["reason"].startswith("✓ ") for r in rows), f"every Rikken line is stored once, with its confirmation: {[r['reason'] for r in rows][:3]}")
    print(f"  Rikken table of five: {n} lines, each confirmed by an opponent")


def jury_on_a_phone(w, server, db, dk, codes):
    """The jury's code: a ruling at table 2 from a phone, recorded with the jury member's name."""
    w.go(server.url(f"/t/{codes[dk]['jury']['code']}"))
    w.find("#sheet-round")
    w.js("const e = document.getElementById('sheet-table'); e.value = '2'; e.dispatchEvent(new Event('change', {bubbles: true}))")
    w.find("#free-ruling")
    w.select("#free-ruling select[name=seat]", "1")
    for seat, points in ((1, "-3"), (2, "1"), (3, "1"), (4, "1")):
        w.type(f"#free-ruling input[name=p{seat}]", points)
    w.type("#free-ruling input[name=reason]", "revoke")
    w.type("#free-ruling input[name=by]", "Marc")
    w.click("#record-ruling")
    w.wait_text("revoke", "#rulings-table")
    shot(w, "08-jury-phone", ["Jury", "revoke"])
    rulings = [r for r in history(db, dk, 2) if r["kind"] == "ruling"]
    check(len(rulings) == 1 and rulings[0]["by"] == "Anne [jury]", f"the ruling is recorded once, from the jury's device: {rulings}")


def room_and_languages(w, server, dk, codes):
    """The room's display, read-only, from any device; a table's page in French and Dutch."""
    w.go(server.url(f"/room/{dk}"))
    w.find(".projector-title")
    w.wait_text("Phones DK", ".projector-title")
    w.wait_text("Anne", "#view")
    shot(w, "09-room", ["Phones DK", "Round 1"])
    w.go(server.url(f"/t/{codes[dk]['tables'][1]['code']}"))
    w.find("#sheet")
    w.select("#lang", "fr")
    w.wait_text("Manche 1", "h2")
    w.wait_text("Inscrire la ligne", "#entry")
    w.wait_text("connecté", "#outbox-status")
    shot(w, "10-phone-fr", ["Table 2", "Manche 1"])
    w.select("#lang", "nl")
    w.wait_text("Ronde 1", "h2")
    w.select("#lang", "en")
    w.wait_text("Round 1", "h2")


def main():
    for f in (ATOUT, CHROMEDRIVER, CHROMIUM):
        if not os.path.exists(f):
            sys.exit(f"missing: {f}")
    work = tempfile.mkdtemp(prefix="atout-device-")
    db, dk, rik, codes = setup(work)
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
        double_king_on_a_phone(w, server, db, dk, codes)
        rikken_table_of_five(w, server, db, rik, codes)
        jury_on_a_phone(w, server, db, dk, codes)
        room_and_languages(w, server, dk, codes)
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
