"""Fixtures of the Grocy compatibility suite (run by `Server/scripts/grocy-compat`): the server it starts and can
restart, the `pantry` device of the household, the two real Grocy clients (pygrocy2 2.7.1 and grocy-py 0.0.7) with
the household's Grocy API key, and a raw HTTP helper for what the clients do not show (status codes, bodies,
headers).

Everything is bounded: each subprocess has a timeout, every HTTP call (the clients' too: `requests` gets a default
timeout here) has one, and only 127.0.0.1 is ever contacted.
"""

import datetime
import itertools
import json
import os
import subprocess
import time
import urllib.parse
from decimal import Decimal

import grocy
import pygrocy2
import pytest
import requests

ENV = os.environ
WORK = ENV["GROCY_WORK"]
HOUSEHOLD = ENV["IK_HOUSEHOLD"]
PANTRY_TOKEN = ENV["IK_TOKEN_PANTRY"]
GROCY_KEY = ENV["IK_TOKEN_GROCY"]
PORT = int(ENV["IK_PORT"])
BASE = f"http://127.0.0.1:{PORT}"
COMMAND_TIMEOUT = 60
HTTP_TIMEOUT = 30


# MARK: - Bounded, loopback-only HTTP (the clients call requests without a timeout)

_request = requests.sessions.Session.request


def _bounded_request(self, method, url, *arguments, **options):
    host = urllib.parse.urlsplit(url).hostname
    if host != "127.0.0.1":
        raise AssertionError(f"the suite talks to 127.0.0.1 only, not {url}")
    options.setdefault("timeout", HTTP_TIMEOUT)
    return _request(self, method, url, *arguments, **options)


requests.sessions.Session.request = _bounded_request


def api(method, path, key=GROCY_KEY, **options):
    """A raw call of `/api/<path>` with the Grocy key (`key=None` sends none)."""
    headers = dict(options.pop("headers", {}))
    if key is not None:
        headers["GROCY-API-KEY"] = key
    return requests.request(method, f"{BASE}/api/{path}", headers=headers, **options)


def today(offset_days=0):
    """The household's calendar day `offset_days` from now, `YYYY-MM-DD` (its clock is `system/time`'s)."""
    local = datetime.date.fromisoformat(api("GET", "system/time").json()["time_local"][:10])
    return (local + datetime.timedelta(days=offset_days)).isoformat()


# MARK: - The server


class Server:
    """`inventorykit-server serve` on 127.0.0.1:PORT against the throwaway cluster, logging to WORK/server.log."""

    def __init__(self):
        self.process = None
        self.log_path = os.path.join(WORK, "server.log")

    def start(self):
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [ENV["IK_SERVER_BIN"], "serve", "--host", "127.0.0.1", "--port", str(PORT),
             "--database-url", ENV["IK_DATABASE_URL"], "--drain-seconds", "0", "--open-food-facts-url", "off"],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        with open(os.path.join(WORK, "server.pid"), "w") as pid:
            pid.write(str(self.process.pid))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"inventorykit-server exited with {self.process.returncode}; see {self.log_path}")
            try:
                if requests.get(f"{BASE}/v1/ready", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise AssertionError("inventorykit-server was not ready within 60 s")

    def stop(self):
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None
        # The script stops a server whose pid is still here (a run cut short); a stopped one's pid may be reused.
        os.remove(os.path.join(WORK, "server.pid"))

    def restart(self):
        self.stop()
        self.start()


# MARK: - The pantry device


class Pantry:
    """The household's `pantry` device: its own SQLite store in WORK/pantry, joined to the household."""

    def __init__(self):
        self.path = os.path.join(WORK, "pantry")

    def run(self, *arguments, check=True):
        environment = {key: value for key, value in ENV.items() if not key.startswith("PANTRY_")}
        done = subprocess.run([ENV["PANTRY_BIN"], *arguments, "--path", self.path], capture_output=True, text=True,
                              timeout=COMMAND_TIMEOUT, env=environment, cwd=WORK, check=False)
        if check and done.returncode != 0:
            raise AssertionError(f"pantry {' '.join(arguments)} exited {done.returncode}: {done.stderr.strip()}")
        return done

    def json(self, *arguments):
        return json.loads(self.run(*arguments, "--json").stdout)

    def join(self):
        self.run("household", "join", "--server", BASE, "--token", PANTRY_TOKEN, "--household", HOUSEHOLD)

    def sync(self):
        report = self.json("sync")
        assert report.get("complete") is True, f"pantry sync did not complete: {report}"
        return report

    def lots(self, product):
        """After a sync: the lots of `product` (its pantry product id) in `stock list --json` (the household's
        StockView), each with `amount` as an exact Decimal, `due` (day or None), `opened`, `location` (name),
        `unit` (name) and `id`."""
        self.sync()
        lots = []
        for entry in self.json("stock", "list")["locations"]:
            for line in entry["products"]:
                for lot in line["lots"]:
                    if lot["productId"] == product:
                        lots.append({"id": lot["lotId"], "amount": Decimal(lot["amount"]), "due": lot.get("dueDate"),
                                     "opened": lot["status"] == "opened", "location": lot["location"]["name"],
                                     "unit": lot["unit"]["name"]})
        return sorted(lots, key=lambda lot: (lot["due"] or "9999", lot["id"]))

    def total(self, product):
        """After a sync: the exact amount of `product` the device holds, all lots together."""
        return sum((lot["amount"] for lot in self.lots(product)), Decimal(0))

    def shopping(self):
        """After a sync: the manual items of the device's shopping list, as (productId or note, exact amount)."""
        self.sync()
        return sorted(((entry.get("productId") or entry["note"],
                        Decimal(entry["amount"]) if "amount" in entry else None)
                       for entry in self.json("shopping-list")["entries"] if entry["source"] == "manual"),
                      key=lambda item: item[0])

    def history(self, limit=20):
        """After a sync: the latest transactions of `history --json`, newest first."""
        self.sync()
        return self.json("history", "--limit", str(limit))["transactions"]


# MARK: - The household


_barcode_serial = itertools.count(1)


def fresh_barcode():
    """A new valid EAN-13 in the in-store range (prefix 200), unique in this run."""
    body = f"200{os.getpid() % 10000:04d}{next(_barcode_serial):05d}"
    total = sum(int(digit) * (3 if index % 2 else 1) for index, digit in enumerate(body))
    return body + str((10 - total % 10) % 10)


class Household:
    """The household as the suite set it up, with a way to make a product of one's own for a test."""

    def __init__(self, pantry, gp):
        self.pantry = pantry
        self.gp = gp

    def grocy_id(self, title):
        """The Grocy id of the product titled `title`, found with a `query[]=name=` filter of objects/products."""
        rows = api("GET", "objects/products", params={"query[]": f"name={title}"}).json()
        assert len(rows) == 1, f"objects/products?query[]=name={title} answered {rows}"
        return rows[0]["id"]

    def product(self, title, barcode=True, stock=None, location=None, due=None, settings=(), default_location="Pantry"):
        """A new product made on the device (a fresh barcode unless `barcode` is False), its settings — a default
        location (`default_location`, unless `settings` names one: Grocy's add names none) —, optionally a first lot
        (`stock` pieces), synced; returns (pantry product id, Grocy id, barcode)."""
        code = fresh_barcode() if barcode else None
        arguments = ["product", "add", "--title", title] + (["--barcode", code] if code else [])
        product = self.pantry.json(*arguments)["products"][0]["productId"]
        if default_location and "--location" not in settings:
            settings = ("--location", default_location, *settings)
        if settings:
            self.pantry.run("product", "settings", product, *settings)
        if stock is not None:
            extra = (["--location", location] if location else []) + (["--due", due] if due else [])
            self.pantry.run("stock", "add", product, str(stock), *extra)
        self.pantry.sync()
        return product, self.grocy_id(title), code


# MARK: - Fixtures


@pytest.fixture(scope="session")
def server():
    running = Server()
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def pantry(server):
    device = Pantry()
    device.join()
    # The household's places and unit, as a household sets them up on its device.
    device.run("location", "add", "Cellar")
    device.run("unit", "add", "kg")
    device.sync()
    return device


@pytest.fixture(scope="session")
def p2(server):
    """pygrocy2 2.7.1, as the older Home Assistant integration and scripts use it."""
    return pygrocy2.Grocy("http://127.0.0.1", GROCY_KEY, port=PORT)


@pytest.fixture(scope="session")
def gp(server):
    """grocy-py 0.0.7, the version Home Assistant's Grocy integration pins."""
    return grocy.Grocy("http://127.0.0.1", GROCY_KEY, port=PORT)


@pytest.fixture(scope="session")
def household(pantry, gp):
    return Household(pantry, gp)
