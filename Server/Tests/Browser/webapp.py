"""The machinery of the web app's browser tests: the environment `browser-tests` hands over, SQL through psql,
the server's CLI, `pantry` devices, and a headless Chromium with its waits, axe-core and screenshots."""

import base64
import datetime
import json
import os
import re
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ENV = os.environ
BASE = ENV["IK_BASE_URL"].rstrip("/")
HOUSEHOLD_A = ENV["IK_HOUSEHOLD_A"]
HOUSEHOLD_B = ENV["IK_HOUSEHOLD_B"]
HOUSEHOLD_C = ENV["IK_HOUSEHOLD_C"]
WORK = ENV["BROWSER_WORK"]
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
WAIT = 15  # seconds any one wait for the browser may take
COMMAND_TIMEOUT = 120  # seconds one pantry or CLI run may take

HOSTILE_SCRIPT = "<script>alert(1)</script>"
HOSTILE_ATTRIBUTE = '" onmouseover="alert(1)'
HOSTILE_IMAGE = "<img src=x onerror=alert(1)>"


class Check(AssertionError):
    """A scenario's expectation that did not hold."""


def expect(condition, message):
    if not condition:
        raise Check(message)


# MARK: - The database, the server's CLI, the pantries


def sql(query, **variables):
    """Runs one query with psql against the throwaway cluster; values are psql variables (`:'name'`), never text
    pasted into the query. Returns the unaligned, tuples-only output."""
    command = [os.path.join(ENV["IK_PG_BIN"], "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1",
               "-h", ENV["IK_PG_ROOT"], "-U", "postgres", "-d", "postgres"]
    for name, value in variables.items():
        command += ["-v", f"{name}={value}"]
    if os.geteuid() == 0:
        command = ["/usr/sbin/runuser", "-u", "postgres", "--"] + command
    done = subprocess.run(command, input=query, capture_output=True, text=True, timeout=60, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"psql failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout.strip()


def changes(household):
    """How many rows of the log the household has: a refused action must leave it as it was."""
    return int(sql("SELECT count(*) FROM changes WHERE household_id = :'household'", household=household))


def head(household):
    return int(sql("SELECT coalesce(max(seq), 0) FROM changes WHERE household_id = :'household'", household=household))


def entries_of_submission(household, submission):
    """The journal entries a web form's submission wrote: (count, distinct transactions, replica ids)."""
    row = sql(
        "SELECT count(*), count(DISTINCT payload->>'transactionId'), string_agg(DISTINCT payload->>'replicaID', ',') "
        "FROM changes WHERE household_id = :'household' AND kind = 'journal' "
        "AND payload->>'idempotencyKey' = :'submission'",
        household=household, submission=submission)
    count, transactions, replicas = row.split("|")
    return int(count), int(transactions), replicas


def transaction_of_submission(household, submission):
    return sql(
        "SELECT DISTINCT payload->>'transactionId' FROM changes WHERE household_id = :'household' "
        "AND kind = 'journal' AND payload->>'idempotencyKey' = :'submission'",
        household=household, submission=submission)


def server_cli(*arguments):
    done = subprocess.run([ENV["IK_SERVER_BIN"], *arguments, "--database-url", ENV["IK_DATABASE_URL"]],
                          capture_output=True, text=True, timeout=COMMAND_TIMEOUT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"inventorykit-server {' '.join(arguments)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def lines_of(text):
    """`key: value` lines as a dictionary."""
    found = {}
    for line in text.splitlines():
        key, colon, value = line.partition(":")
        if colon and key.strip() not in found:
            found[key.strip()] = value.strip()
    return found


def cli_invite(household, name, expires_in_seconds=None):
    """`inventorykit-server member invite`: (member id, invitation link)."""
    arguments = ["member", "invite", household, "--name", name, "--base-url", BASE]
    if expires_in_seconds is not None:
        arguments += ["--expires-in-seconds", str(expires_in_seconds)]
    printed = lines_of(server_cli(*arguments))
    expect(printed.get("invitation", "").startswith(BASE + "/invite/"), f"member invite printed {printed}")
    return printed["member"], printed["invitation"]


class Pantry:
    """One `pantry` device: its own SQLite store, joined to a household on the server."""

    def __init__(self, name, household, token):
        self.name = name
        self.path = os.path.join(WORK, f"pantry-{name}")
        self.household = household
        self.token = token

    def run(self, *arguments, check=True):
        environment = {key: value for key, value in ENV.items() if not key.startswith("PANTRY_")}
        done = subprocess.run([ENV["PANTRY_BIN"], *arguments, "--path", self.path], capture_output=True, text=True,
                              timeout=COMMAND_TIMEOUT, env=environment, cwd=WORK, check=False)
        if check and done.returncode != 0:
            raise Check(f"pantry {' '.join(arguments)} ({self.name}) exited {done.returncode}: {done.stderr.strip()}")
        return done

    def json(self, *arguments):
        return json.loads(self.run(*arguments, "--json").stdout)

    def join(self):
        self.run("household", "join", "--server", BASE, "--token", self.token, "--household", self.household)

    def sync(self):
        report = self.json("sync")
        expect(report.get("complete") is True, f"pantry sync ({self.name}) did not complete: {report}")
        return report

    def add_product(self, title, barcode=None):
        arguments = ["product", "add", "--title", title] + (["--barcode", barcode] if barcode else [])
        return self.json(*arguments)["products"][0]["productId"]

    def stock(self):
        """The lots of `stock list --json` (the household's StockView), each flattened: its `id`, `productId`,
        `quantity` as a number, `unit` (the unit's id), `location` (its name) and `status`."""
        lots = []
        for entry in self.json("stock", "list")["locations"]:
            for product in entry["products"]:
                for lot in product["lots"]:
                    amount = float(lot["amount"])
                    lots.append({"id": lot["lotId"], "productId": lot["productId"],
                                 "quantity": int(amount) if amount.is_integer() else amount,
                                 "unit": lot["unit"]["id"], "location": lot["location"]["name"],
                                 "status": lot["status"]})
        return lots

    def lot_of(self, product):
        lots = [lot for lot in self.stock() if lot["productId"] == product]
        expect(len(lots) == 1, f"{self.name} has {len(lots)} lots of {product}: {lots}")
        return lots[0]

    def shopping_rows(self):
        """The entries of `shopping-list --json` (the household's ShoppingListView), each with `item`: its note,
        else its product's title."""
        return [dict(entry, item=entry.get("note") or entry.get("title"))
                for entry in self.json("shopping-list")["entries"]]

    def shopping_notes(self):
        return [row["item"] for row in self.shopping_rows()]


# MARK: - The browser


class Browser:
    """A headless Chromium through chromedriver, with the statuses of the documents it loads."""

    def __init__(self, label):
        self.label = label
        # Of the last document loaded (_document_status): its headers, the POSTs sent and the headers of the last.
        self.headers, self.posts, self.redirects, self.post_headers = {}, [], [], {}
        options = webdriver.ChromeOptions()
        options.binary_location = ENV.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--window-size=1280,900", "--no-first-run", "--disable-extensions",
                         "--disable-background-networking", "--disable-component-update", "--disable-sync",
                         "--disable-default-apps", "--metrics-recording-only", "--no-default-browser-check",
                         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                         f"--user-data-dir={os.path.join(WORK, 'chromium-' + label + '-' + uuid.uuid4().hex[:8])}"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        service = Service(ENV.get("CHROMEDRIVER", "/usr/bin/chromedriver"),
                          log_output=os.path.join(WORK, f"chromedriver-{label}.log"))
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_page_load_timeout(30)
        self.driver.set_script_timeout(30)

    def quit(self):
        try:
            self.driver.quit()
        except Exception:  # noqa: BLE001 - a browser that is gone already is quit
            pass

    # Navigation and what it answered

    def _drain(self):
        """Forgets what the logs hold: what they say next is about the next document."""
        self.driver.get_log("performance")
        self.driver.get_log("browser")

    def _document_status(self):
        """The HTTP status of the last document loaded since the log was drained (after any redirects); the POSTs
        sent meanwhile are kept in `posts`, the statuses of the redirects followed in `redirects`."""
        status = None
        self.posts = []
        self.redirects = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.responseReceived" and message["params"].get("type") == "Document":
                status = message["params"]["response"]["status"]
                self.headers = {name.lower(): value for name, value in message["params"]["response"]["headers"].items()}
            if message.get("method") == "Network.requestWillBeSent" and message["params"].get("type") == "Document":
                if message["params"]["request"]["method"] == "POST":
                    self.posts.append(message["params"]["request"]["url"])
                    self.post_headers = message["params"]["request"]["headers"]
                if "redirectResponse" in message["params"]:
                    self.redirects.append(message["params"]["redirectResponse"]["status"])
        return status

    def get(self, path):
        """Opens a path of the server; returns the status of the document shown."""
        self._drain()
        self.driver.get(BASE + path if path.startswith("/") else path)
        self._loaded()
        return self._document_status()

    @staticmethod
    def _replaced(element):
        """Whether the element's document is gone. While Chromium swaps documents, asking about an element of the
        old one can fail with another error than a stale reference ("Node with given id does not belong to the
        document"): that too means the document was replaced."""
        try:
            element.is_enabled()
            return False
        except WebDriverException:
            return True

    def _loaded(self):
        WebDriverWait(self.driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def submit(self, form, double=False):
        """Clicks the form's submit button (twice at once when `double`) and waits for the next document; returns
        its status."""
        self._drain()
        page = self.driver.find_element(By.TAG_NAME, "html")
        button = form.find_element(By.CSS_SELECTOR, "button[type=submit], button:not([type])")
        if double:
            # A person's double click: the second click lands while the first POST is on its way.
            self.driver.execute_script("const b = arguments[0]; b.click(); setTimeout(() => b.click(), 5);", button)
        else:
            button.click()
        WebDriverWait(self.driver, WAIT).until(lambda _: self._replaced(page))
        self._loaded()
        if double:
            # The second POST may answer after the first page loaded: let its page load too.
            time.sleep(0.5)
            self._loaded()
        return self._document_status()

    def path(self):
        return urllib.parse.urlsplit(self.driver.current_url).path

    def one(self, selector, within=None):
        found = (within or self.driver).find_elements(By.CSS_SELECTOR, selector)
        expect(len(found) == 1, f"{len(found)} elements match {selector} on {self.driver.current_url}")
        return found[0]

    def all(self, selector, within=None):
        return (within or self.driver).find_elements(By.CSS_SELECTOR, selector)

    def error_text(self):
        alert = self.one("#error")
        expect(alert.get_attribute("role") == "alert", "#error is not role=alert")
        return alert.text

    def session_cookie(self):
        for cookie in self.driver.get_cookies():
            if cookie["name"] == "ik_session":
                return cookie
        return None

    def freshness_seq(self):
        """The last change the page's state holds (the footer's `data-seq`); the footer itself says in words how
        fresh the page is."""
        footer = self.one("#freshness")
        expect(footer.text.startswith("Up to date as of "), f"#freshness says {footer.text!r}")
        return int(footer.get_attribute("data-seq"))

    # Widths and directions

    def at_width(self, width, height=900):
        """Shows pages `width` CSS pixels wide (375: a small phone) until the next call, or the desktop's 1280."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 800})

    def overflow(self):
        """What is wider than the window: (document width, window width, elements whose content spills out)."""
        return self.driver.execute_script("""
            const wide = Array.from(document.querySelectorAll('body *')).filter(e => e.scrollWidth > e.clientWidth + 1
              && getComputedStyle(e).overflowX === 'visible' && e.clientWidth > 0).map(e => e.tagName + '.' + e.className);
            return [document.documentElement.scrollWidth, window.innerWidth, wide];""")

    def expect_fits(self, page):
        widths = self.overflow()
        expect(widths[0] <= widths[1] and not widths[2], f"{page} overflows the window's width: {widths}")

    def drawn_left_to_right(self, element):
        """Whether the characters of the element's first text node are drawn left to right, one after another
        (the isolate controls U+2068 and U+2069, which draw nothing, left out); and where each is drawn."""
        lefts = self.driver.execute_script("""
            const node = arguments[0].firstChild, lefts = [];
            for (let i = 0; i < node.length; i++) {
              if (node.data[i] === '\\u2068' || node.data[i] === '\\u2069') continue;  // isolates draw nothing
              const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
              lefts.push(range.getBoundingClientRect().left);
            }
            return lefts;""", element)
        return all(a < b for a, b in zip(lefts, lefts[1:])), lefts

    def isolated(self, element):
        """Whether the element is a bidirectional isolate (`<bdi>`, `dir`)."""
        return self.driver.execute_script("return getComputedStyle(arguments[0]).unicodeBidi", element) == "isolate"

    def expect_guarded(self, page):
        """The page came with the headers that keep scripts, frames and caches out."""
        policy = self.headers.get("content-security-policy", "")
        for directive in ["default-src 'none'", "form-action 'self'", "frame-ancestors 'none'"]:
            expect(directive in policy, f"{page}'s Content-Security-Policy lacks {directive}: {policy!r}")
        expect("script-src" not in policy and "unsafe" not in policy, f"{page} allows scripts: {policy!r}")
        expect(self.headers.get("cache-control") == "no-store", f"{page} may be cached: {self.headers}")
        expect(self.headers.get("x-content-type-options") == "nosniff", f"{page} may be sniffed: {self.headers}")

    def no_script_ran(self):
        """No alert is open, no element carries an event-handler attribute, no script element is on the page."""
        try:
            alert = self.driver.switch_to.alert
            raise Check(f"an alert is open: {alert.text!r}")
        except NoAlertPresentException:
            pass
        for attribute in ["onmouseover", "onerror", "onload", "onclick"]:
            expect(not self.all(f"[{attribute}]"), f"an element has an {attribute} attribute on {self.path()}")
        expect(not self.all("script"), f"a script element is on {self.path()}")
        expect(not self.all("img"), f"an img element is on {self.path()}")

    # Accessibility and screenshots

    def axe(self, page, report):
        """axe-core on the page shown: no serious or critical violation; the others are printed."""
        checker = Axe(self.driver)
        checker.inject()
        results = checker.run()
        serious = []
        for violation in results["violations"]:
            line = f"{violation['impact']}: {violation['id']} ({len(violation['nodes'])} nodes) — {violation['help']}"
            if violation["impact"] in ("serious", "critical"):
                serious.append(line + " — " + "; ".join(node["html"][:120] for node in violation["nodes"][:3]))
            else:
                report.append(f"axe on {page}: {line}")
        expect(not serious, f"axe on {page}: " + " | ".join(serious))
        expect(results["passes"], f"axe on {page} checked nothing")
        report.append(f"axe on {page}: {len(results['passes'])} rules passed, {len(results['violations'])} violations")
        return len(results["passes"])

    def screenshots(self, page):
        """The page at phone (390×844) and desktop (1280×900) width, the whole page long."""
        folder = os.path.join(REPOSITORY, "docs", "images") if ENV.get("BROWSER_SCREENSHOTS") == "1" \
            else os.path.join(WORK, "screenshots")
        os.makedirs(folder, exist_ok=True)
        saved = []
        for kind, width, height, mobile in [("phone", 390, 844, True), ("desktop", 1280, 900, False)]:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            full = self.driver.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
            shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
                "format": "png", "captureBeyondViewport": True,
                "clip": {"x": 0, "y": 0, "width": width, "height": max(height, min(full, 4000)), "scale": 1}})
            path = os.path.join(folder, f"web-{page}-{kind}.png")
            with open(path, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
            saved.append(path)
        self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        return saved

    # Signing in

    def sign_in(self, link):
        """Opens an invitation link and presses Sign in; returns the status of the page that follows."""
        status = self.get(link)
        expect(status == 200, f"the invitation page answered {status}")
        form = self.one("form#accept-invitation")
        expect(form.get_attribute("method").lower() == "post", "the invitation form does not POST")
        return self.submit(form)


def post_form(cookie, path, fields):
    """POSTs form fields as the browser would, with its session cookie, without following a redirect; returns the
    status."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *arguments, **keywords):
            return None

    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if cookie is not None:
        headers["Cookie"] = f"ik_session={cookie}"
    request = urllib.request.Request(
        BASE + path, data=urllib.parse.urlencode(fields).encode(), method="POST", headers=headers)
    opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def hidden(form, name):
    return form.find_element(By.CSS_SELECTOR, f"input[type=hidden][name={name}]").get_attribute("value")


# MARK: - Scenarios
