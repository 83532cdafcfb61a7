#!/usr/bin/env python3
"""The installed window (scripts/package-test): /usr/bin/atout-desktop, opened under Xvfb
through tauri-driver on a fresh data folder, shows its first screen; then, on the same
folder, the tournament the installed `atout` command wrote. The screenshots are kept in
tests/artifacts/ (package-*.png)."""
import os, sys, time

os.environ.setdefault("ATOUT_APP", "/usr/bin/atout-desktop")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import window_test as W  # noqa: E402
from webdriver import check, checks  # noqa: E402


def first_screen(w):
    w.find("#who-form")
    w.select("#lang", "en")
    w.shot("package-01-first-screen", ["Who is working"])
    w.select("#who-role", "secretary")
    w.type("#who-name", "Marie")
    w.click("#who-start")
    w.find("#nav")
    w.click("#nav-backups")
    w.click("#about-open")
    w.find("#about-version")
    version = w.text("#about-version")
    check(version == os.environ["ATOUT_VERSION"], f"the installed window's version is the package's: {version}")
    database = w.text("#about-database")
    check(database.startswith(os.environ["XDG_DATA_HOME"]), f"the default database is in the user's data folder: {database}")
    w.shot("package-02-about", ["Version", os.environ["ATOUT_VERSION"]])
    w.select("#current-tournament", w.js("return [...document.querySelectorAll('#current-tournament option')].map(o => o.value).filter(Boolean)[0] || ''"))
    w.click("#nav-standings")
    w.wait_text("Packaged Friday", "#view")
    w.shot("package-03-standings", ["Packaged Friday"])


def at_rest(w):
    """The installed window as it ships (compositing off): the time from the session's start
    to its first screen, and its memory at rest (the least of eight readings a second apart)."""
    w.find("#nav")
    print(f"  the installed window's first screen: {time.time() - opened[0]:.1f} s from starting tauri-driver (which starts the window)")
    readings = []
    for _ in range(8):
        time.sleep(1)
        readings.append(W.memory_mb())
    total, parts = min(readings, key=lambda r: r[0])
    print(f"  the installed window at rest: {total:.0f} MB (PSS: {parts})")
    check(total < 250, f"the installed window holds under 250 MB at rest: {total:.0f} MB")


opened = [0.0]


def main():
    env = dict(os.environ, WEBKIT_DISABLE_COMPOSITING_MODE="0")
    W.with_window(env, first_screen)
    if checks["failed"] == 0:
        opened[0] = time.time()
        W.with_window({k: v for k, v in os.environ.items() if k != "WEBKIT_DISABLE_COMPOSITING_MODE"}, at_rest)
    print(f"package window: {checks['passed']} passed, {checks['failed']} failed")
    sys.exit(1 if checks["failed"] else 0)


if __name__ == "__main__":
    main()
