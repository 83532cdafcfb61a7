"""A W3C WebDriver client for Atout's end-to-end tests: the real window (tauri-driver and
WebKitWebDriver) and a table's device page in a real browser (chromium and chromedriver)
speak the same protocol. `use_driver(port)` says where the driver listens; `checks` counts
what passed and failed; `Window` is one session's page. Also the worked example's lines and
how a Double King line is entered, shared by both tests.
"""
import base64, http.client as http_client, json, os, socket, subprocess, time, traceback, urllib.request, urllib.error, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ART = os.path.join(ROOT, "tests", "artifacts")


def artifact(name):
    """The path of a screenshot in tests/artifacts/, the folder made if a fresh clone lacks it
    (any test may be the first to save one: the window's, the device's, the package's)."""
    os.makedirs(ART, exist_ok=True)
    return os.path.join(ART, name)
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
PORT = 4444
checks = {"passed": 0, "failed": 0}


def wait_listening(port, what, seconds=20):
    """Wait until something listens on `port` of the loopback (a driver just started)."""
    end = time.time() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.time() > end:
                raise AssertionError(f"{what} did not start")
            time.sleep(0.2)


def failed(sid, e, shot="failure"):
    """Count a failure, print it, and keep the screen at that moment (tests/artifacts/<shot>.png)."""
    checks["failed"] += 1
    traceback.print_exc()
    print(f"FAILED: {e}")
    if not sid:
        return
    try:
        with open(artifact(f"{shot}.png"), "wb") as f:
            f.write(base64.b64decode(http("GET", f"/session/{sid}/screenshot")))
        print(f"  the screen at the failure (tests/artifacts/{shot}.png) reads:\n" + Window(sid).text()[:1500])
    except Exception as e2:
        print(f"  (no screenshot: {e2})")


def end_session(sid):
    """Close the session, if one was opened (whatever state the driver is in)."""
    if sid:
        try:
            http("DELETE", f"/session/{sid}")
        except Exception:
            pass


def use_driver(port):
    """The driver every following call speaks to."""
    global PORT
    PORT = port


def check(cond, what):
    if cond:
        checks["passed"] += 1
    else:
        checks["failed"] += 1
        raise AssertionError(what)


def http(method, path, body=None, tries=4):
    data = None if body is None else json.dumps(body).encode()
    for attempt in range(tries):
        req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.code} {e.read()[:400]!r}")
        except (ConnectionError, http_client.RemoteDisconnected) as e:
            # tauri-driver now and then closes a connection without answering: ask again.
            if attempt == tries - 1:
                raise
            time.sleep(0.3)


# The messages #flash says, journaled from the user's last click, key, typing or choice on (run
# before each): a passing message ("0 players entered") was gone by the time a loaded CI machine
# looked for it.
SAID = """
window.__said = [];
const said = document.getElementById('flash');
if (said && !said.__journal) {
  said.__journal = new MutationObserver(() => { if (said.textContent) window.__said.push(said.textContent); });
  said.__journal.observe(said, {childList: true, characterData: true, subtree: true});
}
"""


class Window:
    def __init__(self, sid):
        self.sid = sid

    def s(self, path):
        return f"/session/{self.sid}{path}"

    def settle(self, timeout=10):
        """Wait until the page is not re-rendering."""
        end = time.time() + timeout
        while self.js("return document.body.dataset.busy || ''") and time.time() < end:
            time.sleep(0.05)

    def find(self, css, timeout=10):
        end = time.time() + timeout
        while True:
            try:
                self.settle()
                return http("POST", self.s("/element"), {"using": "css selector", "value": css})[ELEMENT]
            except RuntimeError:
                if time.time() > end:
                    raise AssertionError(f"no element {css}")
                time.sleep(0.1)

    def retry(self, action, timeout=10):
        """Run `action`, again if the page re-rendered under it: the element replaced (stale), or
        moved while WebKit scrolled to it (not interactable for that moment, as the Rounds screen
        redraws itself while the table devices run)."""
        end = time.time() + timeout
        while True:
            try:
                return action()
            except RuntimeError as e:
                if not ("stale element" in str(e) or "not interactable" in str(e)) or time.time() > end:
                    raise
                time.sleep(0.2)

    def go(self, url):
        """Open `url` (a page that cannot be loaded is no error: the browser shows why)."""
        try:
            http("POST", self.s("/url"), {"url": url})
        except RuntimeError:
            pass

    def size(self, width, height):
        http("POST", self.s("/window/rect"), {"width": width, "height": height})

    def js(self, script, *args):
        return http("POST", self.s("/execute/sync"), {"script": script, "args": list(args)})

    def click(self, css):
        def act():
            el = self.find(css)
            # Brought into sight inside its own scrolling box first (the menu scrolls sideways on
            # a narrow window), as a user would: WebDriver scrolls only the page.
            http("POST", self.s("/execute/sync"), {"script": SAID + "arguments[0].scrollIntoView({block: 'nearest', inline: 'nearest'})", "args": [{ELEMENT: el}]})
            http("POST", self.s(f"/element/{el}/click"), {})
        self.retry(act)

    def type(self, css, text, clear=True):
        # Typing acts too (a file chosen, Enter typed): the messages from here on.
        self.js(SAID)

        def act():
            el = self.find(css)
            if clear:
                http("POST", self.s(f"/element/{el}/clear"), {})
            http("POST", self.s(f"/element/{el}/value"), {"text": text})
        self.retry(act)

    def text(self, css="body"):
        return self.retry(lambda: http("GET", self.s(f"/element/{self.find(css)}/text")))

    def value(self, css):
        return self.retry(lambda: http("GET", self.s(f"/element/{self.find(css)}/property/value")))

    def cells(self, css):
        """The texts of the cells of the first element matching `css`, first cell left out."""
        self.find(css)
        return self.js("return [...document.querySelector(arguments[0]).children].slice(1).map(e => e.textContent.trim()).filter(x => x)", css)

    def wait_cells(self, css, expected, timeout=10):
        end = time.time() + timeout
        while True:
            got = self.retry(lambda: self.cells(css))
            if got == expected or time.time() > end:
                return got
            time.sleep(0.1)

    def js_async(self, script, *args):
        """Run `script` with a callback as its last argument; returns what it passes to the callback."""
        return http("POST", self.s("/execute/async"), {"script": script, "args": list(args)})

    def keys(self, *chords):
        """Press keys on the real keyboard (W3C actions); each chord is a list of key values held together."""
        self.js(SAID)
        acts = []
        for chord in chords:
            acts += [{"type": "keyDown", "value": k} for k in chord] + [{"type": "keyUp", "value": k} for k in reversed(chord)]
        http("POST", self.s("/actions"), {"actions": [{"type": "key", "id": "keyboard", "actions": acts}]})

    def select(self, css, value):
        self.find(css)
        self.js(SAID + "const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change', {bubbles: true}));", css, str(value))

    def wait_text(self, text, css="body", timeout=10):
        end = time.time() + timeout
        while True:
            try:
                if text in self.text(css):
                    return
                # A passing message is gone after 4 s, sooner than a loaded machine may look: any
                # said since the last click or key counts.
                if css == "#flash" and any(text in said for said in self.js("return window.__said || []")):
                    return
            except (RuntimeError, AssertionError):
                pass
            if time.time() > end:
                raise AssertionError(f"«{text}» not shown in {css}")
            time.sleep(0.1)

    def shot(self, name, expected):
        # Let the window paint what it shows before the picture is taken (two frames).
        self.js_async("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(1)))")
        png = base64.b64decode(http("GET", self.s("/screenshot")))
        with open(artifact(f"{name}.png"), "wb") as f:
            f.write(png)
        check(not blank(png), f"screenshot {name} is blank")
        body = self.text()
        for e in expected:
            check(e in body, f"screen {name} does not show «{e}»")
        print(f"  screen {name}: saved, not blank, shows {expected}")


def wait_rule(w, code, css, timeout=10):
    """Wait until the refusal shown in `css` is for the rule `code` (carried in `data-rule`,
    not in the words), and that its words show no rule code or key."""
    end = time.time() + timeout
    while True:
        got = w.js("const e = document.querySelector(arguments[0]); return e ? e.dataset.rule || '' : ''", css)
        if got == code:
            words = w.text(css)
            check(code not in words and "`" not in words, f"the refusal in {css} reads in words, no code or key: {words}")
            return
        if time.time() > end:
            raise AssertionError(f"no refusal for {code} in {css} (got «{got}»)")
        time.sleep(0.1)


def display_png():
    """The X display the window runs on (xvfb-run's), as a PNG: `xwd` reads the root window
    (what is painted, whatever WebDriver can do), read here and written again as PNG."""
    xwd = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    head = [int.from_bytes(xwd[i:i + 4], "big") for i in range(0, 100, 4)]
    header_size, width, height, byte_order, bpp, per_line, ncolors = head[0], head[4], head[5], head[7], head[11], head[12], head[19]
    if bpp != 32:
        raise AssertionError(f"xwd gave {bpp} bits a pixel; 32 expected (a 24-bit Xvfb screen)")
    pixels = xwd[header_size + 12 * ncolors:]
    order = "little" if byte_order == 0 else "big"
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        line = pixels[y * per_line:y * per_line + 4 * width]
        for x in range(0, 4 * width, 4):
            v = int.from_bytes(line[x:x + 4], order)
            rows += bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255))

    def chunk(kind, data):
        return len(data).to_bytes(4, "big") + kind + data + zlib.crc32(kind + data).to_bytes(4, "big")
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes((8, 2, 0, 0, 0))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")


def blank(png):
    """True when every pixel of the PNG is the same (a window that did not render)."""
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(png):
        length = int.from_bytes(png[pos:pos + 4], "big")
        kind = png[pos + 4:pos + 8]
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height = int.from_bytes(data[0:4], "big"), int.from_bytes(data[4:8], "big")
        elif kind == b"IDAT":
            idat += data
        pos += 12 + length
    raw = zlib.decompress(idat)
    # Count distinct byte values over a sample of the filtered rows: a blank image has very few.
    return len(set(raw[:: max(1, len(raw) // 50000)])) < 8


WORKED = [  # RULES.md §1's worked example (first dealer seat 3)
    ("E", {"taker": 3}), ("E", {"taker": 1}), ("D", [1, 7, 0, 0]), ("C", [1, 2, 1, 0]), ("F", {"seventh": 3, "last": 3}),
    ("T", ("spades", [10, 0, 3, 0])), ("B", [1, 5, 2, 5]), ("F", {"seventh": 4, "last": 4}), ("T", ("hearts", [11, 0, 2, 0])),
    ("T", ("clubs", [2, 8, 3, 0])), ("A", [8, 2, 1, 2]), ("T", ("clubs", [7, 4, 2, 0])), ("T", ("spades", [1, 9, 3, 0])),
    ("C", [2, 1, 1, 0]), ("T", ("spades", [4, 4, 5, 0])), ("B", [7, 4, 1, 1]), ("D", [3, 1, 2, 2]), ("A", [0, 0, 2, 11]),
    ("T", ("spades", [3, 2, 3, 5])), ("T", ("hearts", [7, 1, 4, 1])),
]


def moved(seat, first):
    return (seat - 1 + first - 3) % 4 + 1


def at_seats(values, first):
    out = [0] * 4
    for i, v in enumerate(values):
        out[moved(i + 1, first) - 1] = v
    return out


def enter_counts(w, counts, submit=True):
    for i, c in enumerate(counts, 1):
        w.type(f"#fig-{i}", str(c))
    if submit:
        # Enter on the last figure enters the line.
        w.type("#fig-4", "\ue007", clear=False)


def choose(w, css):
    """Press a choice button and wait until the page shows it chosen (it re-renders after a click)."""
    w.click(css)
    w.find(f"{css}.chosen")


def enter_line(w, game, figures, first, line, shown=None):
    choose(w, f"#game-{game}")
    if game == "E":
        choose(w, f"#taker-{moved(figures['taker'], first)}")
        w.click("#enter-line")
    elif game == "F":
        choose(w, f"#seventh-{moved(figures['seventh'], first)}")
        choose(w, f"#last-{moved(figures['last'], first)}")
        w.click("#enter-line")
    elif game == "T":
        suit, counts = figures
        choose(w, f"#suit-{suit}")
        enter_counts(w, at_seats(counts, first))
    else:
        enter_counts(w, at_seats(figures, first))
    w.find(shown or f"#line-{line}")


def press(w, keys):
    """Press `keys` one after the other, each on its own (no field focused), the page settled between; their count."""
    for k in keys:
        w.keys([k])
        w.settle()
    return len(keys)


def seat_names(w):
    """The sheet's seat headers: {seat: name}."""
    heads = w.js("return [...document.querySelectorAll('#sheet tr:first-child th')].map(e => e.textContent)")
    return {int(x.split(".")[0]): x.split(". ", 1)[1] for x in heads if x[:1].isdigit() and ". " in x}
