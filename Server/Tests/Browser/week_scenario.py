"""The Examples README's "A week of a household with pantry", done a second time only in the browser, and both
households compared through their views (StockView and ShoppingListView).

One file past 400 lines on purpose: the week is one scenario whose days must run in order, and splitting it would
scatter one walkthrough over several files.

The pantry week runs line by line as the README writes it (as PantryHouseholdWeekTests does) in a temporary
PANTRY_HOME. The browser week uses a household of its own: a `pantry` device adds the catalog (Milk, Eggs, Flour;
products are made by devices, the catalog is no web feature), then every household step is a form of the web app,
with hostile text (U+202E, a 100-character word) in each free-text field whose value does not stay in the compared
state (a location's first name before its rename, shopping notes and units that are checked off, a search, the
member's name). A device of that household then syncs and prints the same two views; both sides are normalized
(ids that differ per household and instants dropped, units, locations and parents by name, due dates as days after
today) and must be equal.

Where the web cannot do what a README line does, the browser does the closest web equivalent and the difference is
named here and in the report (`WEB_GAPS`):
- a location's parent: the setup page has no parent field, so "Chest freezer" is a freezer without a parent (the
  comparison checks the pantry side has the parent Cellar and the browser side none, then leaves parents out);
- a shopping item for a product with an amount: the web list adds notes, so "Milk" 3 pieces is a note (checked
  off in both weeks, so the compared lists agree);
- consume in another unit: the lot's form takes the lot's unit, so 250 g of flour is 0.25 kg;
- consume by product (oldest first): the web uses a lot, so Sunday's 2 milk are 1 from the opened lot, then 1 from
  the other, as pantry's consume takes them;
- (a fallback kept for older servers) product settings of a product without stock refused as "Unknown product":
  then Monday's settings are saved right after Tuesday's purchases, which choose unit, location and due date;
- the history may name no product for a use of a lot's unopened rest: the newest row ("Used") is undone then.
pantry's `stock correct` of eggs takes from one of two lots alike (no due date, bought together) and which one
varies between runs: the pantry week runs first and the browser counts the lot it counted.
"""

import datetime
import difflib
import json
import os
import shlex
import subprocess
import tempfile
import urllib.parse

from selenium.webdriver.common.by import By

from webapp import COMMAND_TIMEOUT, ENV, REPOSITORY, Pantry, changes, cli_invite, expect, server_cli

MILK, EGGS, FLOUR = "4006381333931", "5012345670003", "3045320094008"
OVERRIDE = "\u202e"
WEB_GAPS = [
    "the setup page cannot give a location a parent: Chest freezer is a freezer without the parent Cellar",
    "the web shopping list adds notes, not products: 'Milk' 3 pieces is a note (checked off in both weeks)",
    "a lot's consume form takes the lot's unit only: 250 g of flour is consumed as 0.25 kg",
    "consume is per lot on the web: Sunday's 2 milk are 1 from the opened lot and 1 from the other",
]


# MARK: - The pantry week


def readme_week():
    """The `pantry` lines of the README's week, each as its arguments (comments and `export` left out)."""
    with open(os.path.join(REPOSITORY, "Examples", "README.md"), encoding="utf-8") as file:
        text = file.read()
    section = text.split("### A week of a household with pantry", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [shlex.split(line.split("#", 1)[0])[1:] for line in block.split("\n") if line.startswith("pantry ")]


def pantry_week():
    """Runs the README's week in a temporary PANTRY_HOME; returns its (stock view, shopping-list view)."""
    home = tempfile.mkdtemp(prefix="pantry-week-", dir=ENV["BROWSER_WORK"])
    environment = {key: value for key, value in ENV.items() if not key.startswith("PANTRY_")}
    environment["PANTRY_HOME"] = home

    def pantry(*arguments):
        done = subprocess.run([ENV["PANTRY_BIN"], *arguments], capture_output=True, text=True, env=environment,
                              cwd=home, timeout=COMMAND_TIMEOUT, check=False)
        expect(done.returncode == 0, f"pantry {' '.join(arguments)} exited {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    commands = readme_week()
    expect(len(commands) > 25, f"the README's week has {len(commands)} pantry lines")
    newest = None
    for arguments in commands:
        pantry(*[newest if word == "TRANSACTION" and newest else word for word in arguments])
        if arguments[0] == "history":
            newest = json.loads(pantry("history", "--limit", "1", "--json"))["transactions"][0]["transactionId"]
    return json.loads(pantry("stock", "list", "--json")), json.loads(pantry("shopping-list", "--json"))


# MARK: - Comparing through the views

DROPPED = {"lotId", "household", "asOf", "seq", "itemId", "purchasedAt", "openedAt", "version", "id"}


def normalized(stock, shopping, today):
    """The views as a household sees them, without what differs per household: names instead of ids, due dates as
    days after `today`, lists sorted."""
    names = {entry["location"]["id"]: entry["location"]["name"] for entry in stock["locations"]}

    def plain(value):
        if isinstance(value, dict):
            if set(value) == {"id", "name"}:
                return value["name"]
            result = {}
            for key, inner in value.items():
                if key in DROPPED:
                    continue
                if key == "parentId":
                    result["parent"] = names.get(inner, inner)
                elif key == "dueDate":
                    result["dueDate"] = f"today+{(datetime.date.fromisoformat(inner) - today).days}"
                else:
                    result[key] = plain(inner)
            return result
        if isinstance(value, list):
            return sorted((plain(inner) for inner in value), key=lambda inner: json.dumps(inner, sort_keys=True))
        return value

    return {"stock": plain(stock), "shopping": plain(shopping)}


def expect_same(pantry_side, browser_side):
    left = json.dumps(pantry_side, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    right = json.dumps(browser_side, indent=1, sort_keys=True, ensure_ascii=False).splitlines()
    diff = "\n".join(difflib.unified_diff(left, right, "the pantry week", "the browser week", lineterm=""))
    expect(not diff, "the two weeks end in different households:\n" + diff)


def parents(view):
    return {entry["location"]: entry.get("parent") for entry in view["stock"]["locations"]}


# MARK: - The browser week


class Week:
    """The member's browser in the week's household, and the pages it met (each checked at 375 px and desktop)."""

    def __init__(self, s, household):
        self.s = s
        self.household = household
        self.browser = None
        self.checked = set()

    def page(self, name):
        return f"/households/{self.household}/{name}"

    def product(self, barcode):
        return self.page(f"products/{urllib.parse.quote(barcode, safe='')}")

    def open(self, path):
        expect(self.browser.get(path) == 200, f"{path} did not open")

    def done(self, form, what):
        status = self.browser.submit(form)
        message = self.browser.all("#error")
        expect(status == 200 and self.browser.redirects == [303],
               f"{what}: {self.browser.redirects} then {status}"
               + (f" ({message[0].text!r})" if message else ""))

    def choose(self, form, select, label):
        options = [option for option in form.find_elements(By.CSS_SELECTOR, f"{select} option") if option.text == label]
        expect(len(options) == 1, f"{select} offers {label!r} {len(options)} times")
        options[0].click()

    @staticmethod
    def type(form, name, text, clear=True):
        field = form.find_element(By.NAME, name)
        if clear:
            field.clear()
        field.send_keys(text)

    def check(self, name, path):
        """The page at 375 px and desktop width: no script, fits the window, axe-clean (once per page kind)."""
        if name in self.checked:
            return
        self.checked.add(name)
        for width in [375, 1280]:
            self.browser.at_width(width)
            self.open(path)
            self.browser.no_script_ran()
            self.browser.expect_fits(f"the week's {name} at {width} px")
            self.browser.axe(f"week: {name} ({width} px)", self.s.report)
        self.browser.at_width(375)

    def lots(self, barcode):
        """The product page's lots: {(location, opened): section}."""
        self.open(self.product(barcode))
        found = {}
        for section in self.browser.all("section[data-lot]"):
            key = (self.browser.one(".location", section).text, bool(self.browser.all(".tag", section)))
            expect(key not in found, f"two lots of {barcode} at {key}")
            found[key] = section
        return found

    def lot(self, barcode, location, opened=False):
        found = self.lots(barcode)
        expect((location, opened) in found, f"no {'opened ' if opened else ''}lot of {barcode} in {location}: "
                                            f"{sorted(found)}")
        return found[(location, opened)]

    def amount_form(self, barcode, location, kind, amount, opened=False, to=None):
        form = self.browser.one(f"form.{kind}", self.lot(barcode, location, opened))
        self.type(form, "amount", amount)
        if to:
            self.choose(form, "select[name=to]", to)
        self.done(form, f"{kind} {amount} of {barcode} in {location}")

    # Monday

    def setup(self):
        setup = self.page("setup")
        self.open(setup)
        word = "W" * 100
        for final, hostile, freezer in [("Cellar", f"{OVERRIDE}ralleC {word}", False),
                                        ("Chest freezer", f"{OVERRIDE}rezeerf tsehC {word}", True)]:
            form = self.browser.one("form#add-location")
            self.type(form, "name", hostile)
            if freezer:
                form.find_element(By.ID, "location-freezer").click()
            self.done(form, f"adding the location {final}")
            rows = [row for row in self.browser.all("[data-location]") if self.browser.one(".name", row).text == hostile]
            expect(len(rows) == 1 and self.browser.isolated(self.browser.one(".name", rows[0])),
                   f"the hostile location for {final} is not listed once, isolated")
            expect(bool(self.browser.all(".tag", rows[0])) == freezer, f"{final}'s freezer tag is wrong")
            self.check("setup with a hostile location", setup)
            rows = [row for row in self.browser.all("[data-location]") if self.browser.one(".name", row).text == hostile]
            rename = self.browser.one("form.rename", rows[0])
            self.type(rename, "name", final)
            self.done(rename, f"renaming the location to {final}")
        names = sorted(self.browser.one(".name", row).text for row in self.browser.all("[data-location]"))
        expect(names == ["Cellar", "Chest freezer", "Freezer", "Fridge", "Pantry"], f"the locations are {names}")
        for name, plural in [("kg", ""), ("g", "g")]:
            form = self.browser.one("form#add-unit")
            self.type(form, "name", name)
            if plural:
                self.type(form, "plural", plural)
            self.done(form, f"adding the unit {name}")
        form = self.browser.one("form#add-conversion")
        self.choose(form, "#conversion-from", "kg")
        self.type(form, "factor", "1000")
        self.choose(form, "#conversion-to", "g")
        self.done(form, "adding the conversion kg → g")
        conversions = [element.text for element in self.browser.all(".conversion")]
        expect("1 kg is 1000 g" in conversions, f"the conversions are {conversions}")
        self.checked.discard("setup")
        self.check("setup", setup)

    def settings(self, barcode, minimum=None, location=None, unit=None, days=None, refusal=None):
        """Saves the product's settings; with `refusal`, a 422 saying it is allowed too: returns whether saved."""
        self.open(self.product(barcode))
        form = self.browser.one("form#product-settings")
        if minimum is not None:
            self.type(form, "minimum", minimum)
        if location:
            self.choose(form, "#default-location", location)
        if unit:
            self.choose(form, "#default-unit", unit)
        if days is not None:
            self.type(form, "days", days)
        if refusal:
            status = self.browser.submit(form)
            if status == 422 and refusal in self.browser.error_text():
                return False
            expect(status == 200 and self.browser.redirects == [303],
                   f"saving the settings of {barcode}: {self.browser.redirects} then {status}")
            return True
        self.done(form, f"saving the settings of {barcode}")
        return True

    # Tuesday

    def shopping_rows(self):
        plain = str.maketrans("", "", "\u2068\u2069")
        return {self.browser.one(".note", row).text.translate(plain): row for row in self.browser.all("li.item")}

    def add_note(self, note, amount="", unit=""):
        self.open(self.page("shopping"))
        form = self.browser.one("form#add-item")
        self.type(form, "note", note)
        if amount:
            self.type(form, "amount", amount)
        if unit:
            self.type(form, "unit", unit)
        self.done(form, f"adding {note!r} to the list")
        expect(note in self.shopping_rows(), f"{note!r} is not on the list: {sorted(self.shopping_rows())}")

    def check_off(self, note):
        self.open(self.page("shopping"))
        rows = self.shopping_rows()
        expect(note in rows, f"{note!r} is not on the list to check off: {sorted(rows)}")
        self.done(self.browser.one("form.check-off", rows[note]), f"checking off {note!r}")
        expect(note not in self.shopping_rows(), f"{note!r} is still on the list")

    def purchase(self, barcode, amount, unit, location, due=None, by_hand=False):
        """Finds the product by its barcode and records the purchase. The unit, location and due date the form
        offers from the product's settings must be those given; `by_hand` (the settings could not be saved yet)
        chooses them instead."""
        search = self.page("purchase")
        self.open(search + "?q=" + barcode)
        record = self.browser.one("form.record", self.browser.one(f'[data-product="{barcode}"]'))
        self.type(record, "amount", amount)
        for select, wanted in [("unit", unit), ("location", location)]:
            chosen = [option.text for option in record.find_elements(By.CSS_SELECTOR, f"select[name={select}] option")
                      if option.is_selected() and option.get_attribute("value")]
            # A setting the product does not have (no stock unit; no default location) offers nothing: chosen by
            # hand, as pantry falls back to pieces and the Pantry. One it has must be what the form offers.
            if by_hand or not chosen:
                self.choose(record, f"select[name={select}]", wanted)
            else:
                expect(chosen == [wanted], f"the purchase form of {barcode} offers the {select} {chosen}, not {wanted}")
        field = record.find_element(By.NAME, "due")
        if by_hand:
            self.browser.driver.execute_script("arguments[0].value = arguments[1]", field, due or "")
        else:
            offered = field.get_attribute("value")
            expect(offered == (due or ""), f"the purchase of {barcode} offers the due date {offered!r}, not {due!r}")
        self.done(record, f"recording {amount} of {barcode}")


def week(s):
    """The README's week in the browser, then the same week with pantry; both end in the same household."""
    household = server_cli("household", "create", "Week home").strip().splitlines()[-1].strip()
    token = server_cli("device", "add", household)
    token = [line.split(":", 1)[1].strip() for line in token.splitlines() if line.startswith("token:")][0]
    device = Pantry("week-kitchen", household, token)
    device.join()
    for barcode, title in [(MILK, "Milk"), (EGGS, "Eggs"), (FLOUR, "Flour")]:
        device.run("product", "add", "--barcode", barcode, "--title", title)
    device.sync()

    today = datetime.date.today()
    gaps = list(WEB_GAPS)
    # The pantry week first: its count of eggs takes from one of two lots alike (no due date, bought together),
    # and which one pantry picks varies between runs, so the browser counts the lot the pantry week counted.
    pantry_side = normalized(*pantry_week(), today)
    pantry_eggs = {lot["location"]: lot["amount"] for entry in pantry_side["stock"]["locations"]
                   for product in entry["products"] if product["productId"] == EGGS for lot in product["lots"]}
    w = Week(s, household)
    _, link = cli_invite(household, f"{OVERRIDE}anA {'A' * 95}")  # 100 characters, the longest name allowed
    w.browser = s.browser("week")
    w.browser.at_width(375)
    expect(w.browser.sign_in(link) == 200 and w.browser.redirects == [303], "the week's member could not sign in")
    w.check("stock, empty", w.page("stock"))

    # Monday: a cellar with a chest freezer, kilograms, and how the household stocks milk and flour.
    w.setup()
    # The web saves settings only of a product the household has stock of (the server's command context knows
    # only those): when Monday's settings are refused so, the purchases choose by hand what the settings would
    # have offered, and the settings are saved right after them (the same state at the week's end).
    deferred = not w.settings(MILK, minimum="2", location="Fridge", days="7", refusal="Unknown product")
    if deferred:
        gaps.append("product settings of a product without stock are refused ('Unknown product'): Monday's "
                        "settings are saved after Tuesday's purchases, which choose unit, location and due by hand")
    else:
        w.settings(FLOUR, location="Cellar", unit="kg")
        w.check("product settings", w.product(MILK))
    # Tuesday: the list, the shop, the list checked off; a note in hostile text added and checked off too.
    hostile_note = f"{OVERRIDE}seldnac {'C' * 100}"
    w.add_note("Milk", "3", "pieces")
    w.add_note("birthday candles")
    # A unit in hostile text the household has not: refused, its name isolated in the message, nothing written.
    hostile_unit = f"{OVERRIDE}{'U' * 99}"
    w.open(w.page("shopping"))
    form = w.browser.one("form#add-item")
    w.type(form, "note", hostile_note)
    w.type(form, "amount", "12")
    w.type(form, "unit", hostile_unit)
    before = changes(household)
    expect(w.browser.submit(form) == 422 and f"\u2068{hostile_unit}\u2069" in w.browser.error_text(),
           "a hostile unit the household has not was not refused with its name isolated")
    expect(changes(household) == before, "a refused shopping item wrote to the log")
    w.browser.no_script_ran()
    w.browser.expect_fits("the refused hostile unit at 375 px")
    w.browser.axe("week: shopping list refusing a hostile unit (375 px)", s.report)
    w.add_note(hostile_note, "12", "pieces")
    rows = w.shopping_rows()
    expect(w.browser.isolated(w.browser.one(".note", rows[hostile_note])), "the hostile note is not isolated")
    w.check("shopping list with a hostile note", w.page("shopping"))
    w.open(w.page("purchase"))
    form = w.browser.one("form#find-product")
    w.type(form, "q", f"{OVERRIDE}{'Q' * 100}")
    expect(w.browser.submit(form) == 200 and w.browser.one("#nothing-found").is_displayed(),
           "a hostile search does not say it found nothing")
    w.check("purchase, nothing found", w.browser.driver.current_url)
    w.purchase(MILK, "3", "piece", "Fridge", due=(today + datetime.timedelta(days=7)).isoformat(), by_hand=deferred)
    w.purchase(EGGS, "10", "piece", "Pantry", by_hand=deferred)
    w.purchase(FLOUR, "1", "kg", "Cellar", by_hand=deferred)
    if deferred:
        w.settings(MILK, minimum="2", location="Fridge", days="7")
        w.settings(FLOUR, location="Cellar", unit="kg")
        w.check("product settings", w.product(MILK))
    w.check("purchase", w.page("purchase") + "?q=" + MILK)
    for note in ["Milk", "birthday candles", hostile_note]:
        w.check_off(note)
    # Wednesday: a cake (250 g of flour is 0.25 kg on the lot's form), the milk opened.
    w.amount_form(FLOUR, "Cellar", "consume", "0.25")
    w.amount_form(EGGS, "Pantry", "consume", "3")
    milk = w.browser.one("form.open", w.lot(MILK, "Fridge"))
    offered = milk.find_element(By.NAME, "amount").get_attribute("value")
    expect(offered == "1", f"opening milk offers {offered!r}, not 1")
    w.done(milk, "opening milk")
    w.check("product with an opened lot", w.product(MILK))
    # Thursday: eggs to the fridge.
    w.amount_form(EGGS, "Pantry", "move", "4", to="Fridge")
    # Friday: milk booked where eggs were meant, found in the history and undone.
    w.amount_form(MILK, "Fridge", "consume", "2")
    history = w.page("history")
    w.open(history)
    newest = w.browser.all("[data-transaction]")[0]
    products = [element.text for element in w.browser.all(".product", newest)]
    what = w.browser.one(".what", newest).text
    expect(what == "Used" and products in (["Milk"], []), "the newest transaction in the history is "
           f"{what} {products}: {[row.text for row in w.browser.all('[data-transaction]')[:4]]}")
    if not products:
        gaps.append("the history names no product for a use of the unopened rest of a lot that was opened in "
                        "part (the row reads only 'Used'); the newest row is undone, and the views compare after")
    transaction = newest.get_attribute("data-transaction")
    w.done(w.browser.one("form.undo", newest), "undoing the mistaken milk")
    expect(not w.browser.all(f'[data-transaction="{transaction}"] form.undo'), "the undone consume can be undone again")
    w.check("history", history)
    # Saturday: a count, 6 eggs in all: 1 fewer in the place the pantry week's count took it from.
    before_count = {"Pantry": "3", "Fridge": "4"}
    counted = [place for place, amount in pantry_eggs.items() if before_count.get(place) != amount]
    expect(len(counted) == 1 and sorted(pantry_eggs) == sorted(before_count),
           f"the pantry week's count left the eggs at {pantry_eggs}, not one lot counted down from {before_count}")
    w.amount_form(EGGS, counted[0], "correct", pantry_eggs[counted[0]])
    s.report.append(f"week: the pantry week's `stock correct` took the egg from the lot in {counted[0]} "
                    f"(eggs {pantry_eggs}); the browser counted that lot")
    # Sunday: 2 milk (the opened one first), and milk below its minimum is on the list by itself.
    w.amount_form(MILK, "Fridge", "consume", "1", opened=True)
    w.amount_form(MILK, "Fridge", "consume", "1")
    w.open(w.page("shopping"))
    suggested = [row for row in w.browser.all("li.item") if w.browser.all(".tag", row)]
    expect(len(suggested) == 1 and "Milk" in suggested[0].text, "milk is not on the list by its minimum")
    w.check("shopping list at the week's end", w.page("shopping"))
    w.check("stock at the week's end", w.page("stock"))
    w.browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # The same household state, compared through the views.
    device.sync()
    browser_side = normalized(device.json("stock", "list"), device.json("shopping-list"), today)
    expect(parents(pantry_side).get("Chest freezer") == "Cellar",
           f"the pantry week's Chest freezer is not inside Cellar: {parents(pantry_side)}")
    expect(parents(browser_side).get("Chest freezer") is None,
           f"the browser week's Chest freezer has a parent (the web can set it now: compare it): {parents(browser_side)}")
    for side in [pantry_side, browser_side]:
        for entry in side["stock"]["locations"]:
            entry.pop("parent", None)
    expect_same(pantry_side, browser_side)
    s.report.append("week: the pantry week and the browser week end in the same stock and shopping-list views "
                    f"({sum(len(entry['products']) for entry in pantry_side['stock']['locations'])} products "
                    f"in {len(pantry_side['stock']['locations'])} locations)")
    for gap in gaps:
        s.report.append(f"week: web gap: {gap}")
