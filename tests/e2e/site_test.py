#!/usr/bin/env python3
"""The club's results website (`atout publish`) in a real browser (Debian's chromium through
chromedriver): built from the fixtures (the sample evening and a season of five evenings),
every kind of page is checked against WCAG 2.1 AA by axe-core run inside the page (no
violation allowed), looked at on a phone (390×844: the page fits, the name column stays in
view while a wide table scrolls) and on a laptop (1280×800), with screenshots in
tests/artifacts/site-*.png. The Atom feed and the calendar are parsed; with --initials no
surname is left anywhere.
"""
import json, os, shutil, signal, subprocess, sys, tempfile, xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver  # noqa: E402
from webdriver import ROOT, Window, check, checks, end_session, failed, http, wait_listening  # noqa: E402

ATOUT = os.path.join(ROOT, "target", "debug", "atout")
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
AXE = os.path.join(ROOT, "tests", "e2e", "node_modules", "axe-core", "axe.min.js")
DRIVER_PORT = 9517


def atout(db, *args):
    out = subprocess.run([ATOUT, "--db", db, *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise AssertionError(f"atout {args}: {out.stderr}")
    return out.stdout


def club(work):
    """The sample evening and a season of the five fixture evenings."""
    db = os.path.join(work, "club.db")
    atout(db, "sample")
    season = atout(db, "season", "create", "--name", "Winter 2026", "--settings", '{"count":{"best":3},"min_evenings":2}').strip()
    for f in sorted(os.listdir(os.path.join(ROOT, "fixtures", "season"))):
        if f.startswith(("home-", "archive-")):
            atout(db, "season", "import", "--season", season, os.path.join(ROOT, "fixtures", "season", f))
    return db


def emulate(w, width, height, mobile):
    http("POST", w.s("/goog/cdp/execute"), {"cmd": "Emulation.setDeviceMetricsOverride",
                                            "params": {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}})


def axe(w, axe_source):
    """axe-core's WCAG 2.1 A and AA rules, run inside the page: the violations."""
    w.js(axe_source + "\nwindow.__axe = axe;")
    result = w.js_async("const done = arguments[arguments.length - 1];"
                        " window.__axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})"
                        ".then(r => done({passes: r.passes.length, violations: r.violations.map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.html)}))}), e => done({passes: 0, violations: [{id: 'axe-failed', nodes: [String(e)]}]}))")
    # A run that checked nothing proves nothing.
    check(result["passes"] > 5, f"axe-core ran its rules on the page ({result['passes']} passed)")
    return result["violations"]


def main():
    for f in (ATOUT, CHROMEDRIVER, CHROMIUM, AXE):
        if not os.path.exists(f):
            sys.exit(f"missing: {f}")
    work = tempfile.mkdtemp(prefix="atout-site-")
    db = club(work)
    site = os.path.join(work, "site")
    said = atout(db, "publish", "--out", site, "--lang", "fr")
    print(f"  {said.strip()}")
    axe_source = open(AXE, encoding="utf-8").read()
    webdriver.use_driver(DRIVER_PORT)
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={DRIVER_PORT}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    sid = None
    try:
        wait_listening(DRIVER_PORT, "chromedriver")
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800", "--allow-file-access-from-files",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={os.path.join(work, 'chromium')}"]
        session = http("POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": args}}}})
        sid = session["sessionId"]
        w = Window(sid)
        evening = sorted(d for d in os.listdir(site) if d.startswith("evening-"))[0]
        season = sorted(d for d in os.listdir(site) if d.startswith("season-"))[0]
        player = sorted(d for d in os.listdir(site) if d.startswith("player-"))[0]
        pages = ["index.html", "index.nl.html", "index.en.html", f"{evening}/index.html", f"{evening}/index.nl.html", f"{season}/index.en.html", f"{player}/index.html"]
        for page in pages:
            w.go("file://" + os.path.join(site, page))
            w.find("main")
            violations = axe(w, axe_source)
            check(not violations, f"{page}: no WCAG 2.1 AA violation (axe-core): {json.dumps(violations)[:600]}")
        # The Dutch evening too: its «Plaats» ran out of the place's column at 390 px.
        for name, page in (("evening", f"{evening}/index.html"), ("evening-nl", f"{evening}/index.nl.html"), ("season", f"{season}/index.en.html"), ("player", f"{player}/index.nl.html")):
            for width, height, mobile in ((390, 844, True), (1280, 800, False)):
                emulate(w, width, height, mobile)
                w.go("file://" + os.path.join(site, page))
                w.find("main")
                check(w.js("return document.documentElement.scrollWidth <= innerWidth + 1"), f"{page} at {width}: the page fits the width (wide tables scroll in their box)")
                # Nothing spills out of its cell (a season's "not yet qualified" was cut in the place's column).
                spilled = w.js("return [...document.querySelectorAll('td, th')].filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent.trim()).slice(0, 5)")
                check(not spilled, f"{page} at {width}: no cell's text runs out of its cell: {spilled}")
                if mobile and name != "player":
                    # The first wide table scrolled sideways: its name column stays in view.
                    kept = w.js("const box = [...document.querySelectorAll('.scroll')].find(b => b.scrollWidth > b.clientWidth + 1); if (!box) return 'no wide table';"
                                " box.scrollLeft = box.scrollWidth; const name = box.querySelector('tbody .sticky');"
                                " const r = name.getBoundingClientRect(), b = box.getBoundingClientRect(); return r.left >= b.left - 1 && r.right <= b.right + 1")
                    check(kept is True or kept == "no wide table", f"{page} at 390: the name column stays in view while the table scrolls ({kept})")
                    w.js("document.querySelectorAll('.scroll').forEach(b => b.scrollLeft = 0)")
                if name.startswith("evening") and mobile:
                    # On a phone the club goes under the name and the first figures are in sight
                    # without swiping (the Dutch page showed none: the club's column took the room).
                    seen = w.js("const th = document.querySelector('table thead th.num:not(.pl)'); const club = document.querySelector('tbody .club-in');"
                                " return [th.getBoundingClientRect().right <= innerWidth, !!club && getComputedStyle(club).display !== 'none']")
                    check(seen == [True, True], f"{page} at 390: the first figures in sight, the club under the name: {seen}")
                if name == "evening" and not mobile:
                    # A voided deal: its game struck through, the points a fault costs on it not
                    # (they count: struck, the column seemed not to add up).
                    struck = w.js("const r = document.querySelector('tr.void'); if (!r) return null;"
                                  " return [getComputedStyle(r.querySelector('th')).textDecorationLine, ...[...r.querySelectorAll('td.num:not(.pl)')].map(c => getComputedStyle(c).textDecorationLine)]")
                    check(struck is not None and struck[0] == "line-through" and all(x == "none" for x in struck[1:]), f"a voided deal's game is struck through, its counted points are not: {struck}")
                w.shot(f"site-{name}-{width}", ["2026"] if name != "player" else [])
        # The feed and the calendar parse.
        feed = ET.parse(os.path.join(site, "feed.xml")).getroot()
        entries = feed.findall("{http://www.w3.org/2005/Atom}entry")
        check(len(entries) == len([d for d in os.listdir(site) if d.startswith("evening-")]), f"the feed has an entry per evening: {len(entries)}")
        ics = open(os.path.join(site, "calendar.ics"), "rb").read().decode("utf-8")
        check(ics.startswith("BEGIN:VCALENDAR\r\n") and ics.endswith("END:VCALENDAR\r\n") and ics.count("BEGIN:VEVENT") == ics.count("END:VEVENT"), "the calendar is iCalendar text")
        # With initials: no player's surname anywhere.
        initials = os.path.join(work, "initials")
        atout(db, "publish", "--out", initials, "--initials")
        names = [p["name"] for p in json.loads(atout(db, "players", "list", "--format", "json")) if len(p["name"].split()) > 1]
        leaks = []
        for root, _, files in os.walk(initials):
            for f in files:
                text = open(os.path.join(root, f), encoding="utf-8", errors="replace").read()
                leaks += [f"{f}: {n}" for n in names if n in text]
        check(not leaks, f"with --initials no full name is published: {leaks[:5]}")
    except Exception as e:
        failed(sid, e, "site-failure")
    finally:
        end_session(sid)
        os.killpg(driver.pid, signal.SIGTERM)
        shutil.rmtree(work, ignore_errors=True)
    print(f"site: {checks['passed']} passed, {checks['failed']} failed")
    sys.exit(1 if checks["failed"] else 0)


if __name__ == "__main__":
    main()
