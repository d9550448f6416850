"""The household web app in a real headless Chromium, with two `pantry` devices and the server's CLI.

Run by pytest from `Server/scripts/browser-tests`, which starts a throwaway PostgreSQL cluster and
`inventorykit-server serve` on a loopback port, makes the households and devices, and hands them over in environment
variables:

    IK_BASE_URL          http://127.0.0.1:PORT
    IK_DATABASE_URL      the cluster, for the server's CLI
    IK_PG_BIN, IK_PG_ROOT  psql and the cluster's socket folder (the SQL checks)
    IK_SERVER_BIN        inventorykit-server
    PANTRY_BIN           the built pantry
    IK_HOUSEHOLD_A, IK_TOKEN_A1, IK_TOKEN_A2   household A and its two devices' tokens
    IK_HOUSEHOLD_B, IK_TOKEN_B1                household B and its device's token
    IK_HOUSEHOLD_C, IK_TOKEN_C1                household C, a plain household for the screenshots
    BROWSER_WORK         a folder for the pantries' stores and the screenshots
    BROWSER_SCREENSHOTS  1: screenshots go to docs/images/web-<page>-<phone|desktop>.png instead

Each scenario asserts what a person would see (elements, texts, the HTTP status of the page Chromium shows, read
from its performance log) and what the server stored (SQL through psql): a refused action must write nothing to
`changes`. Every wait is bounded. The scenarios run in file order and share one `Scenarios` (the first joins the
devices and signs the member in; when it fails the others are skipped). A failing scenario leaves a screenshot of
each browser in BROWSER_WORK; the run ends with what it counted (axe's rules, the double click's POSTs).
"""

# One file of scenarios (over 400 lines): they run in order and share one household, its devices and the member's
# browser, so they read as one story; the machinery they use is in webapp.py.

import datetime
import os
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

import household_scenarios
import week_scenario
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from webapp import (
    BASE,
    Browser,
    ENV,
    HOSTILE_ATTRIBUTE,
    HOSTILE_IMAGE,
    HOSTILE_SCRIPT,
    HOUSEHOLD_A,
    HOUSEHOLD_B,
    HOUSEHOLD_C,
    Pantry,
    WORK,
    changes,
    cli_invite,
    entries_of_submission,
    expect,
    head,
    hidden,
    post_form,
    server_cli,
    sql,
    transaction_of_submission,
)


class Scenarios:
    __test__ = False  # pytest collects the module-level wrappers below, not these methods

    """The scenarios, run in order; later ones use what earlier ones made (devices, the member's browser)."""

    def __init__(self):
        self.report = []
        self.kitchen = Pantry("kitchen", HOUSEHOLD_A, ENV["IK_TOKEN_A1"])
        self.phone = Pantry("phone", HOUSEHOLD_A, ENV["IK_TOKEN_A2"])
        self.other = Pantry("other-home", HOUSEHOLD_B, ENV["IK_TOKEN_B1"])
        self.browsers = []
        self.member = None  # the browser of household A's member, signed in by pantry household invite
        self.member_id = None
        self.milk = None
        self.milk_lot = None
        self.pages = {}  # page name → path of household A, for later scenarios and the accessibility tour

    def browser(self, label):
        browser = Browser(label)
        self.browsers.append(browser)
        return browser

    def close(self):
        for browser in self.browsers:
            browser.quit()

    # 1

    def test_device_purchase_shows_on_the_stock_page(self):
        """pantry device 1 books 2 pieces of Milk and syncs → the member's stock page shows the lot."""
        for pantry in [self.kitchen, self.phone, self.other]:
            pantry.join()
        self.milk = self.kitchen.add_product("Milk", barcode="4006381333931")
        self.kitchen.run("stock", "add", self.milk, "2", "--location", "Fridge")
        soon = (datetime.date.today() + datetime.timedelta(days=2)).isoformat()
        yoghurt = self.kitchen.add_product("Yoghurt", barcode="4008400402222")
        self.kitchen.run("stock", "add", yoghurt, "4", "--location", "Fridge", "--due", soon)
        self.kitchen.sync()
        self.milk_lot = self.kitchen.lot_of(self.milk)["id"]

        # The invitation comes from the device itself (pantry household invite, the device's bearer token).
        invited = self.kitchen.json("household", "invite", "--name", "Ana")
        expect(invited["link"].startswith(BASE + "/invite/"), f"pantry household invite printed {invited}")
        self.member_id = invited["memberId"]
        self.member = self.browser("member")
        self.pages["invitation"] = urllib.parse.urlsplit(invited["link"]).path
        status = self.member.sign_in(invited["link"])
        expect(status == 200 and self.member.redirects == [303]
               and self.member.path() == f"/households/{HOUSEHOLD_A}/stock",
               f"signing in showed {self.member.redirects} then {status} {self.member.path()} "
               f"(the POST said {self.member.post_headers})")
        cookie = self.member.session_cookie()
        expect(cookie is not None and cookie.get("httpOnly") is True and cookie.get("sameSite") == "Lax"
               and cookie.get("path") == "/" and cookie.get("secure") is False, f"the session cookie is {cookie}")
        self.pages["stock"] = self.member.path()

        lot = self.member.one(f'[data-lot="{self.milk_lot}"]')
        expect(self.member.one(".title", lot).text == "Milk", "the lot's title is not Milk")
        expect(self.member.one(".amount", lot).text == "2", f"the lot shows {self.member.one('.amount', lot).text}")
        # The household's name for the unit, plural for 2.
        unit = self.member.one(".unit", lot).text
        expect(unit == "pieces", f"the lot's unit is {unit!r}")
        link = self.member.one("a.product", lot).get_attribute("href")
        expect(urllib.parse.urlsplit(link).path == f"/households/{HOUSEHOLD_A}/products/{self.milk}",
               f"the product link is {link}")
        expect(self.member.freshness_seq() >= head(HOUSEHOLD_A), "the page is older than the log")
        expect([a.text for a in self.member.all("nav a")]
               == ["Stock", "Record a purchase", "Due", "Shopping list", "History", "Locations and units", "Calendar"],
               f"the navigation is {[a.text for a in self.member.all('nav a')]}")
        expect(self.member.one('nav a[aria-current="page"]').text == "Stock", "the current page is not marked")
        self.pages["product"] = f"/households/{HOUSEHOLD_A}/products/{self.milk}"
        self.pages["shopping"] = f"/households/{HOUSEHOLD_A}/shopping"

    # 2

    def test_member_writes_reach_a_device_and_its_undo_reaches_the_page(self):
        """The member uses half the lot and adds a shopping item → device 2 shows both; device 2 undoes the use →
        the page shows the full lot again."""
        browser = self.member
        expect(browser.get(self.pages["product"]) == 200, "the product page did not open")
        lot = browser.one(f'[data-lot="{self.milk_lot}"]')
        consume = browser.one("form.consume", lot)
        submission = hidden(consume, "submission")
        consume.find_element(By.NAME, "amount").send_keys("1")
        status = browser.submit(consume)
        expect(status == 200 and browser.redirects == [303] and browser.path() == self.pages["product"],
               f"using showed {browser.redirects} then {status} {browser.path()}")
        lot = browser.one(f'[data-lot="{self.milk_lot}"]')
        shown = browser.one(".amount", lot).text, browser.one(".unit", lot).text
        expect(shown == ("1", "piece"), f"after using 1 the lot shows {shown}")
        label = browser.one("form.consume label", lot).text
        expect(label == "Amount to use (piece)", f"the use form's label is {label!r}")
        count, transactions, replicas = entries_of_submission(HOUSEHOLD_A, submission)
        expect(count >= 1 and transactions == 1, f"the use wrote {count} entries in {transactions} transactions")
        expect(replicas == f"web:{self.member_id}", f"the use was authored by {replicas}")

        expect(browser.get(f"/households/{HOUSEHOLD_A}/shopping") == 200, "the shopping page did not open")
        self.pages["shopping"] = browser.path()
        add = browser.one("form#add-item")
        add.find_element(By.NAME, "note").send_keys("Bread")
        status = browser.submit(add)
        expect(status == 200 and browser.redirects == [303] and browser.path() == self.pages["shopping"],
               f"adding showed {browser.redirects} then {status} {browser.path()}")
        notes = [browser.one(".note", item).text for item in browser.all("[data-item]")]
        expect("Bread" in notes, f"the shopping list shows {notes}")

        self.phone.sync()
        expect(self.phone.lot_of(self.milk)["quantity"] == 1, f"device 2 shows {self.phone.lot_of(self.milk)}")
        expect("Bread" in self.phone.shopping_notes(), f"device 2's list is {self.phone.shopping_notes()}")

        transaction = transaction_of_submission(HOUSEHOLD_A, submission)
        self.phone.run("undo", transaction)
        self.phone.sync()
        expect(self.phone.lot_of(self.milk)["quantity"] == 2, "device 2's undo did not restore the lot")
        expect(browser.get(self.pages["product"]) == 200, "the product page did not open again")
        lot = browser.one(f'[data-lot="{self.milk_lot}"]')
        shown = browser.one(".amount", lot).text
        expect(shown == "2", f"after the undo the lot shows {shown}")
        expect(browser.freshness_seq() >= head(HOUSEHOLD_A), "the page is older than the log after the undo")

    # 3

    def test_invitations_work_once_expire_and_die_with_their_member(self):
        """Used twice: the second is refused; expired: refused; revoked member: session and invitation refused."""
        before = changes(HOUSEHOLD_A)
        # Used twice: a second browser (a forwarded link) cannot use the member's invitation again.
        member, link = cli_invite(HOUSEHOLD_A, "Bo")
        first = self.browser("bo")
        expect(first.sign_in(link) == 200 and first.path().endswith("/stock"), "the first use did not sign in")
        second = self.browser("forwarded")
        status = second.sign_in(link)
        expect(status == 410, f"a used invitation answered {status}")
        expect("used already" in second.error_text(), f"the page says {second.error_text()!r}")
        expect(second.session_cookie() is None, "a refused invitation set a session cookie")
        self.pages["error"] = second.path()
        second.axe("refused invitation", self.report)

        # Expired.
        _, short = cli_invite(HOUSEHOLD_A, "Cy", expires_in_seconds=1)
        time.sleep(2.2)
        status = second.sign_in(short)
        expect(status == 410 and "expired" in second.error_text(), f"an expired invitation answered {status}")

        # Revoked: Bo's open session ends; Di's unused invitation stops working.
        di, unused = cli_invite(HOUSEHOLD_A, "Di")
        expect(first.get(f"/households/{HOUSEHOLD_A}/shopping") == 200, "Bo's shopping page did not open")
        form = first.one("form#add-item")
        form.find_element(By.NAME, "note").send_keys("Never written")
        server_cli("member", "revoke", HOUSEHOLD_A, member)
        server_cli("member", "revoke", HOUSEHOLD_A, di)
        status = first.submit(form)
        expect(status == 401, f"a revoked member's POST answered {status}")
        status = first.get(f"/households/{HOUSEHOLD_A}/stock")
        expect(first.path() == "/sign-in" or status == 401, f"a revoked member's GET showed {status} {first.path()}")
        status = second.sign_in(unused)
        expect(status == 410 and "revoked" in second.error_text(), f"a revoked member's invitation answered {status}")
        rows = [line.split("\t") for line in server_cli("member", "list", HOUSEHOLD_A).splitlines()]
        listed = {row[0]: row for row in rows}
        expect(listed[member][2:4] == ["revoked", "sessions=0"], f"member list says {listed[member]}")
        expect(changes(HOUSEHOLD_A) == before, "a refused invitation or session wrote to the log")

    # 4

    def test_a_post_without_the_right_csrf_token_is_refused(self):
        """A form sent without its csrf field, with a wrong one or another session's answers 403 and writes nothing;
        without a session, 401."""
        browser = self.member
        before = changes(HOUSEHOLD_A)
        for case, script in [
            ("missing", "arguments[0].querySelector('input[name=csrf]').remove();"),
            ("wrong", "arguments[0].querySelector('input[name=csrf]').value = 'not-the-token';"),
            ("another session's", None),
        ]:
            expect(browser.get(self.pages["shopping"]) == 200, "the shopping page did not open")
            form = browser.one("form#add-item")
            form.find_element(By.NAME, "note").send_keys(f"CSRF {case}")
            if script is None:
                other = self.browser("csrf-donor")
                _, link = cli_invite(HOUSEHOLD_A, "Eve")
                other.sign_in(link)
                other.get(self.pages["shopping"])
                foreign = hidden(other.one("form#add-item"), "csrf")
                expect(foreign != hidden(form, "csrf"), "two sessions share a CSRF token")
                browser.driver.execute_script(
                    "arguments[0].querySelector('input[name=csrf]').value = arguments[1];", form, foreign)
            else:
                browser.driver.execute_script(script, form)
            status = browser.submit(form)
            expect(status == 403, f"a {case} CSRF token answered {status}")
            expect("security token" in browser.error_text(), f"the page says {browser.error_text()!r}")
        # Sign out without the token is refused too, and the session goes on.
        browser.get(self.pages["stock"])
        sign_out = browser.one("form#sign-out")
        browser.driver.execute_script("arguments[0].querySelector('input[name=csrf]').remove();", sign_out)
        expect(browser.submit(sign_out) == 403, "signing out without the CSRF token was not refused")
        expect(browser.get(self.pages["stock"]) == 200 and browser.path() == self.pages["stock"],
               "a refused sign-out ended the session")
        # Without a session, or with a cookie no session has: pages send to the sign-in help, POSTs answer 401.
        visitor = self.browser("no-session")
        status = visitor.get(self.pages["shopping"])
        expect(status == 200 and visitor.path() == "/sign-in",
               f"a visitor's shopping page showed {status} {visitor.path()}")
        expect("invitation" in visitor.one("main").text, f"the sign-in help says {visitor.one('main').text!r}")
        browser.get(self.pages["shopping"])
        fields = {"csrf": hidden(browser.one("form#add-item"), "csrf"), "submission": str(uuid.uuid4()),
                  "note": "No session"}
        for cookie in [None, "A" * 43]:
            status = post_form(cookie, self.pages["shopping"], fields)
            expect(status == 401, f"a POST with session cookie {cookie!r} answered {status}")
        expect(changes(HOUSEHOLD_A) == before, "a POST without the right CSRF token or session wrote to the log")
        browser.get(self.pages["shopping"])
        notes = [note.text for note in browser.all("[data-item] .note")]
        expect(not any(note.startswith("CSRF") for note in notes), f"the list shows {notes}")

    # 3b (login CSRF)

    def test_forms_another_site_sends_are_refused(self):
        """A page of another origin cannot sign a visitor in with its own invitation (login CSRF), nor sign a member
        out; the invitation stays unused."""
        _, link = cli_invite(HOUSEHOLD_B, "Mallory")
        victim = self.browser("victim")
        for action in [link, BASE + "/sign-out"]:
            page = f'<form method="post" action="{action}"><button type="submit">Win a prize</button></form>'
            victim.get("data:text/html," + urllib.parse.quote(page))
            status = victim.submit(victim.one("form"))
            expect(status == 403 and victim.session_cookie() is None,
                   f"a form of another site posting to {urllib.parse.urlsplit(action).path} answered {status}")
            expect("another site" in victim.error_text(), f"the page says {victim.error_text()!r}")
        expect(victim.sign_in(link) == 200 and victim.path() == f"/households/{HOUSEHOLD_B}/stock",
               f"the invitation the other site posted could not be used on its own page ({victim.redirects} "
               f"{victim.path()})")

    # 5

    def test_a_session_reads_and_writes_only_its_own_household(self):
        """Household A's session on household B's pages: GET and POST answer 403, B's log is unchanged."""
        browser = self.member
        self.other.add_product("Rye bread", barcode="4000000000006")
        self.other.run("shopping-list", "--add", "Other home's item")
        self.other.sync()
        before_a, before_b = changes(HOUSEHOLD_A), changes(HOUSEHOLD_B)
        for page in ["stock", "due", "shopping", "calendar", "products/4000000000006"]:
            status = browser.get(f"/households/{HOUSEHOLD_B}/{page}")
            expect(status == 403, f"household B's {page} answered {status} to household A's member")
            expect("Other home" not in browser.driver.page_source and "Rye bread" not in browser.driver.page_source,
                   f"household B's {page} leaked its content")
        # A household that does not exist looks the same.
        expect(browser.get(f"/households/{uuid.uuid4()}/stock") == 403, "an unknown household did not answer 403")

        browser.get(self.pages["shopping"])
        form = browser.one("form#add-item")
        form.find_element(By.NAME, "note").send_keys("Into the other home")
        browser.driver.execute_script(
            "arguments[0].action = arguments[1];", form, f"/households/{HOUSEHOLD_B}/shopping")
        status = browser.submit(form)
        expect(status == 403, f"a POST to household B answered {status}")
        lot_form = f"/households/{HOUSEHOLD_B}/lots/{uuid.uuid4()}/consume"
        cookie = browser.session_cookie()["value"]
        browser.get(self.pages["shopping"])
        fields = {"csrf": hidden(browser.one("form#add-item"), "csrf"), "submission": str(uuid.uuid4()), "amount": "1"}
        expect(post_form(cookie, lot_form, fields) == 403, "a consume in household B was not refused")
        expect((changes(HOUSEHOLD_A), changes(HOUSEHOLD_B)) == (before_a, before_b), "a refused POST wrote to a log")

    # 6

    def test_hostile_titles_and_notes_are_shown_as_text(self):
        """Titles and notes that look like markup, from pantry and from the web form, are shown as literal text."""
        browser = self.member
        titles = [HOSTILE_SCRIPT, HOSTILE_ATTRIBUTE, HOSTILE_IMAGE]
        products = {}
        for index, title in enumerate(titles):
            products[title] = self.kitchen.add_product(title)
            self.kitchen.run("stock", "add", products[title], str(index + 1), "--location", "Pantry")
        self.kitchen.run("shopping-list", "--add", HOSTILE_ATTRIBUTE)
        self.kitchen.sync()

        expect(browser.get(self.pages["stock"]) == 200, "the stock page did not open")
        browser.no_script_ran()
        shown = [element.text for element in browser.all("[data-lot] .title")]
        for title in titles:
            expect(title in shown, f"the stock page does not show {title!r} as text: {shown}")
        for title, product in products.items():
            status = browser.get(f"/households/{HOUSEHOLD_A}/products/{urllib.parse.quote(product, safe='')}")
            expect(status == 200, f"the product page of {title!r} answered {status}")
            browser.no_script_ran()
            expect(browser.one("h1").text == title, f"the product page's heading is {browser.one('h1').text!r}")
            expect(title in browser.driver.title, f"the window title is {browser.driver.title!r}")

        expect(browser.get(self.pages["shopping"]) == 200, "the shopping page did not open")
        for note in [HOSTILE_SCRIPT, HOSTILE_IMAGE]:
            form = browser.one("form#add-item")
            form.find_element(By.NAME, "note").send_keys(note)
            expect(browser.submit(form) == 200, f"adding {note!r} failed")
        browser.no_script_ran()
        notes = [element.text for element in browser.all("[data-item] .note")]
        for note in [HOSTILE_ATTRIBUTE, HOSTILE_SCRIPT, HOSTILE_IMAGE]:
            expect(note in notes, f"the shopping page does not show {note!r} as text: {notes}")
        # The web's notes reach a device byte for byte.
        self.phone.sync()
        on_phone = self.phone.shopping_notes()
        for note in [HOSTILE_SCRIPT, HOSTILE_IMAGE, HOSTILE_ATTRIBUTE]:
            expect(note in on_phone, f"device 2's list is {on_phone}")
        # A refused form keeps what was typed, escaped in the input's value.
        form = browser.one("form#add-item")
        form.find_element(By.NAME, "note").send_keys(HOSTILE_ATTRIBUTE)
        form.find_element(By.NAME, "amount").send_keys("lots")
        expect(browser.submit(form) == 422, "an amount that is not a number was not refused with 422")
        browser.no_script_ran()
        expect(browser.one("#note").get_attribute("value") == HOSTILE_ATTRIBUTE, "the typed note was not kept as text")
        expect("lots" in browser.error_text(), f"the page says {browser.error_text()!r}")

    # 7

    def test_a_double_submit_books_once(self):
        """The Use button clicked twice at once, then the same form sent again: one transaction, one use."""
        browser = self.member
        butter = self.kitchen.add_product("Butter", barcode="4001686301265")
        self.kitchen.run("stock", "add", butter, "3", "--location", "Fridge")
        self.kitchen.sync()
        lot_id = self.kitchen.lot_of(butter)["id"]
        product_page = f"/households/{HOUSEHOLD_A}/products/{butter}"
        expect(browser.get(product_page) == 200, "the product page did not open")
        form = browser.one("form.consume", browser.one(f'[data-lot="{lot_id}"]'))
        fields = {"csrf": hidden(form, "csrf"), "submission": hidden(form, "submission"), "amount": "1"}
        action = urllib.parse.urlsplit(form.get_attribute("action")).path
        before = changes(HOUSEHOLD_A)
        form.find_element(By.NAME, "amount").send_keys("1")
        status = browser.submit(form, double=True)
        expect(status == 200 and browser.path() == product_page, f"the double click showed {status} {browser.path()}")
        expect(browser.posts, "the double click sent no POST")
        self.report.append(f"the double click sent {len(browser.posts)} POSTs, then the form was sent once more")
        # A browser's retry of the same submission, with the same cookie.
        replay = post_form(browser.session_cookie()["value"], action, fields)
        expect(replay == 303, f"the replayed submission answered {replay}")
        count, transactions, _ = entries_of_submission(HOUSEHOLD_A, fields["submission"])
        expect(transactions == 1, f"the submission wrote {transactions} transactions")
        expect(changes(HOUSEHOLD_A) - before == count, "the double submit wrote more than its own entries")
        browser.get(product_page)
        amount = browser.one(".amount", browser.one(f'[data-lot="{lot_id}"]')).text
        expect(amount == "2", f"3 minus one use shows {amount}")

    # 6b

    def test_a_shopping_item_with_an_amount_reaches_a_device(self):
        """The member adds 1,5 of flour (a decimal comma) and items in the household's unit typed by its name or
        plural → the page and device 2 show them; a unit the household has not is refused and writes nothing."""
        browser = self.member
        expect(browser.get(self.pages["shopping"]) == 200, "the shopping page did not open")
        form = browser.one("form#add-item")
        form.find_element(By.NAME, "note").send_keys("Flour")
        form.find_element(By.NAME, "amount").send_keys("1,5")
        expect(browser.submit(form) == 200 and browser.redirects == [303], "adding flour failed")
        flour = [item for item in browser.all("[data-item]") if browser.one(".note", item).text == "Flour"]
        expect(len(flour) == 1, "Flour is not on the list once")
        quantity = browser.one(".quantity", flour[0]).text
        expect(quantity == "1.5", f"the page shows {quantity!r}")
        self.phone.sync()
        rows = [row for row in self.phone.shopping_rows() if row.get("item") == "Flour"]
        expect(len(rows) == 1 and rows[0].get("amount") == "1.5", f"device 2 lists {rows}")

        # The household's unit, typed by its name or its plural as the label asks; a unit it has not is refused.
        piece = self.phone.lot_of(self.milk)["unit"]  # the unit pantry books pieces in
        for note, amount, unit, shown in [("Sugar", "1", "Piece", "1 piece"), ("Eggs", "6", "pieces", "6 pieces")]:
            form = browser.one("form#add-item")
            submission = hidden(form, "submission")
            form.find_element(By.NAME, "note").send_keys(note)
            form.find_element(By.NAME, "amount").send_keys(amount)
            form.find_element(By.NAME, "unit").send_keys(unit)
            expect(browser.submit(form) == 200 and browser.redirects == [303],
                   f"adding {amount} {unit} of {note} failed")
            item = [item for item in browser.all("[data-item]") if browser.one(".note", item).text == note]
            expect(len(item) == 1 and browser.one(".quantity", item[0]).text == shown,
                   f"the page shows {[browser.one('.quantity', i).text for i in item]} for {note}, not {shown!r}")
            stored = sql(
                "SELECT payload->'operation'->'value'->>'unit' FROM changes WHERE household_id = :'household' "
                "AND payload->>'idempotencyKey' = :'submission'", household=HOUSEHOLD_A, submission=submission)
            expect(stored == piece, f"{note}'s unit was stored as {stored!r}, not as the household's piece ({piece})")
        before = changes(HOUSEHOLD_A)
        form = browser.one("form#add-item")
        form.find_element(By.NAME, "note").send_keys("Flour")
        form.find_element(By.NAME, "amount").send_keys("1")
        form.find_element(By.NAME, "unit").send_keys("kg")
        expect(browser.submit(form) == 422, "a unit the household has not was not refused with 422")
        expect("piece" in browser.error_text(), f"the refusal names no unit: {browser.error_text()!r}")
        expect(browser.one("#unit").get_attribute("value") == "kg", "the typed unit was not kept")
        expect(changes(HOUSEHOLD_A) == before, "a refused item wrote to the log")
        self.phone.sync()
        rows = {row.get("item"): row.get("amount") for row in self.phone.shopping_rows()}
        expect(rows.get("Sugar") == "1" and rows.get("Eggs") == "6", f"device 2 lists {rows}")

    # 7b

    def test_check_off_and_open_reach_a_device(self):
        """The member checks an item off and opens a lot → device 2 no longer lists the item, and shows the lot
        opened."""
        browser = self.member
        expect(browser.get(self.pages["shopping"]) == 200, "the shopping page did not open")
        bread = [item for item in browser.all("[data-item]") if browser.one(".note", item).text == "Bread"]
        expect(len(bread) == 1, "Bread is not on the list once")
        item_id = bread[0].get_attribute("data-item")
        check_off = browser.one("form.check-off", bread[0])
        expect(urllib.parse.urlsplit(check_off.get_attribute("action")).path
               == f"/households/{HOUSEHOLD_A}/shopping/{item_id}/remove", "the check-off form posts elsewhere")
        expect(browser.submit(check_off) == 200 and browser.path() == self.pages["shopping"], "checking off failed")
        expect(not browser.all(f'[data-item="{item_id}"]'), "Bread is still on the list")

        expect(browser.get(self.pages["product"]) == 200, "the product page did not open")
        lot = browser.one(f'[data-lot="{self.milk_lot}"]')
        expect(not [tag for tag in browser.all(".tag", lot) if tag.text == "opened"], "the lot is opened already")
        open_form = browser.one("form.open", lot)
        # Open starts at one piece, not the whole lot (one tap must not open all six eggs); the member opens both.
        amount = open_form.find_element(By.NAME, "amount")
        expect(amount.get_attribute("value") == "1", f"Open offers {amount.get_attribute('value')!r}, not 1")
        amount.clear()
        amount.send_keys("2")
        expect(browser.submit(open_form) == 200, "opening failed")
        lot = browser.one(f'[data-lot="{self.milk_lot}"]')
        expect([tag.text for tag in browser.all(".tag", lot)] == ["opened"], "the lot is not shown opened")
        expect(not browser.all("form.open", lot), "an opened lot still offers Open")

        self.phone.sync()
        expect("Bread" not in self.phone.shopping_notes(), f"device 2's list is {self.phone.shopping_notes()}")
        expect(self.phone.lot_of(self.milk)["status"] == "opened", f"device 2 shows {self.phone.lot_of(self.milk)}")

    def test_a_command_the_rules_refuse_shows_why_and_writes_nothing(self):
        """Using more than a lot holds answers 422 with the kit's message; nothing is written."""
        browser = self.member
        expect(browser.get(self.pages["product"]) == 200, "the product page did not open")
        before = changes(HOUSEHOLD_A)
        form = browser.one("form.consume", browser.one(f'[data-lot="{self.milk_lot}"]'))
        form.find_element(By.NAME, "amount").send_keys("5")
        status = browser.submit(form)
        expect(status == 422, f"using 5 of 2 answered {status}")
        expect(browser.error_text(), "no message on a refused use")
        expect(changes(HOUSEHOLD_A) == before, "a refused use wrote to the log")

    # 8, 9

    def test_an_overdraw_with_hostile_names_shows_a_banner_and_settles(self):
        """A member whose name holds U+202E uses, on the web, the 2 pieces of two products whose titles hold U+202E
        and a 100-character word, while device 2, offline, uses 1.5 of each → at phone width the stock page shows
        a banner per over-draw, names and titles isolated (the amounts after them still read 1.5, 0, 2), nothing
        wider than the screen; Count it and Dismiss each book one entry of the member and remove their banner, and
        device 2 pulls them."""
        override = "\u202e"
        word = "W" * 100
        titles = [f"Milk {override}5.1 {word}", f"Cream {override}5.1 {word}"]
        name = f"{override}anA {'m' * 60}"
        products = []
        for title in titles:
            products.append(self.kitchen.add_product(title))
            self.kitchen.run("stock", "add", products[-1], "2", "--location", "Fridge")
        self.kitchen.sync()
        self.phone.sync()
        lots = [self.kitchen.lot_of(product)["id"] for product in products]
        member_id, link = cli_invite(HOUSEHOLD_A, name)
        browser = self.browser("overdraw-member")
        expect(browser.sign_in(link) == 200, "the member with a hostile name could not sign in")
        for product, lot in zip(products, lots):
            expect(browser.get(f"/households/{HOUSEHOLD_A}/products/{urllib.parse.quote(product, safe='')}") == 200,
                   "the product page did not open")
            form = browser.one("form.consume", browser.one(f'[data-lot="{lot}"]'))
            form.find_element(By.NAME, "amount").send_keys("2")
            expect(browser.submit(form) == 200 and browser.redirects == [303], "the member's use failed")
        # Device 2 never saw the member's uses: it uses 1.5 of each, then syncs.
        for product in products:
            self.phone.run("stock", "consume", product, "1.5")
        self.phone.sync()

        browser.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        stock = f"/households/{HOUSEHOLD_A}/stock"

        def banners():
            found = {}
            for banner in browser.all("section.overdraw"):
                what = browser.all(".story bdi.what", banner)
                if what and what[0].text in titles:
                    found[what[0].text] = banner
            return found

        expect(browser.get(stock) == 200, "the stock page did not open")
        browser.no_script_ran()
        shown = banners()
        expect(sorted(shown) == sorted(titles), f"the banners are for {sorted(shown)}")
        left_to_right = """
            const node = arguments[0].firstChild, lefts = [];
            for (let i = 0; i < node.length; i++) {
              const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
              lefts.push(range.getBoundingClientRect().left);
            }
            return lefts;"""
        for title, banner in shown.items():
            story = browser.one(".story", banner)
            taker = browser.one(".taker bdi.who", story)
            expect(taker.text == name, f"the banner names the taker {taker.text!r}")
            author = browser.one(":scope > bdi.who", story).text
            expect(author.endswith("pantry-phone"), f"the banner names the author {author!r}")
            for selector, amount in [(".asked", "1.5"), (".taken", "0"), (".took", "2")]:
                element = browser.one(selector, story)
                expect(element.text == amount, f"{selector} reads {element.text!r}, not {amount}")
                lefts = browser.driver.execute_script(left_to_right, element)
                expect(all(a < b for a, b in zip(lefts, lefts[1:])), f"{selector} {amount} is drawn out of order: {lefts}")
            isolation = browser.driver.execute_script(
                "return Array.from(arguments[0].querySelectorAll('bdi')).map(e => getComputedStyle(e).unicodeBidi)", banner)
            expect(isolation and all(value == "isolate" for value in isolation), f"the names are isolated as {isolation}")
        widths = browser.driver.execute_script("""
            const wide = Array.from(document.querySelectorAll('main *')).filter(e => e.scrollWidth > e.clientWidth + 1
              && getComputedStyle(e).overflowX === 'visible' && e.clientWidth > 0).map(e => e.tagName + '.' + e.className);
            return [document.documentElement.scrollWidth, window.innerWidth, wide];""")
        expect(widths[0] <= widths[1] and not widths[2], f"the page overflows a phone's width: {widths}")
        browser.axe("stock with over-draws (phone width)", self.report)

        # Count it: 0,5 pieces of the first are there.
        before = changes(HOUSEHOLD_A)
        count = browser.one("form.count", shown[titles[0]])
        submission = hidden(count, "submission")
        count.find_element(By.NAME, "amount").send_keys("0,5")
        status = browser.submit(count)
        expect(status == 200 and browser.redirects == [303] and browser.path() == stock,
               f"counting showed {browser.redirects} then {status} {browser.path()}")
        expect(sorted(banners()) == [titles[1]], f"after counting the banners are for {sorted(banners())}")
        counted = entries_of_submission(HOUSEHOLD_A, submission)
        expect(counted == (1, 1, f"web:{member_id}"), f"the count wrote {counted}")
        # Dismiss the second.
        dismiss = browser.one("form.dismiss", banners()[titles[1]])
        submission = hidden(dismiss, "submission")
        status = browser.submit(dismiss)
        expect(status == 200 and browser.redirects == [303] and browser.path() == stock,
               f"dismissing showed {browser.redirects} then {status} {browser.path()}")
        expect(not banners(), "a banner is left after settling both")
        dismissed = entries_of_submission(HOUSEHOLD_A, submission)
        expect(dismissed == (1, 1, f"web:{member_id}"), f"the dismissal wrote {dismissed}")
        expect(changes(HOUSEHOLD_A) - before == 2, "settling wrote more than its two entries")
        # Device 2 pulls the count: 0.5 of the first product is there.
        self.phone.sync()
        expect(self.phone.lot_of(products[0])["quantity"] == 0.5, f"device 2 shows {self.phone.lot_of(products[0])}")
        browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # 10

    def test_hostile_text_is_isolated_and_wraps_at_phone_and_desktop_width(self):
        """household_scenarios.hostile_text_is_isolated_and_wraps_at_phone_and_desktop_width."""
        household_scenarios.hostile_text_is_isolated_and_wraps_at_phone_and_desktop_width(self)

    # 11

    def test_locations_units_and_an_undo_from_the_web_reach_a_device(self):
        """household_scenarios.locations_units_and_an_undo_from_the_web_reach_a_device."""
        household_scenarios.locations_units_and_an_undo_from_the_web_reach_a_device(self)

    # 12

    def test_move_count_and_settings_from_the_product_page_reach_a_device(self):
        """household_scenarios.move_count_and_settings_from_the_product_page_reach_a_device."""
        household_scenarios.move_count_and_settings_from_the_product_page_reach_a_device(self)

    # 13

    def test_a_purchase_recorded_on_the_web_reaches_a_device(self):
        """household_scenarios.a_purchase_recorded_on_the_web_reaches_a_device."""
        household_scenarios.a_purchase_recorded_on_the_web_reaches_a_device(self)

    # 14

    def test_a_week_of_a_household_in_the_browser(self):
        """week_scenario.week: the Examples README's week done only in the browser, then only with pantry, and
        both households compared through their views."""
        week_scenario.week(self)

    def test_every_page_passes_axe(self):
        """axe-core finds no serious or critical violation on any page, as the scenarios left them (hostile titles,
        an opened lot, a refusal's message)."""
        browser = self.member
        visitor = self.browser("visitor")
        tour = [
            (visitor, "sign-in", "/sign-in", 200),
            (visitor, "invitation", self.pages["invitation"], 200),
            (browser, "stock", self.pages["stock"], 200),
            (browser, "due", f"/households/{HOUSEHOLD_A}/due", 200),
            (browser, "shopping", self.pages["shopping"], 200),
            (browser, "product", self.pages["product"], 200),
            (browser, "calendar", f"/households/{HOUSEHOLD_A}/calendar", 200),
            (browser, "forbidden", f"/households/{HOUSEHOLD_B}/stock", 403),
        ]
        for who, page, path, wanted in tour:
            status = who.get(path)
            expect(status == wanted, f"{page} answered {status}")
            who.expect_guarded(page)
            # Nothing on the console (a policy violation, a failed style sheet) but the missing favicon and the
            # page's own refusal.
            console = [line["message"] for line in who.driver.get_log("browser")
                       if "/favicon.ico " not in line["message"]
                       and not (wanted != 200 and line["message"].startswith(BASE + path + " "))]
            expect(not console, f"the console on {page} says {console}")
            # The first Tab reaches the skip link, which leads to the main content.
            who.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
            focused = who.driver.switch_to.active_element
            expect(focused.get_attribute("class") == "skip" and focused.get_attribute("href").endswith("#content"),
                   f"the first Tab on {page} reaches {focused.get_attribute('outerHTML')[:80]}")
            expect(who.one("main#content").is_displayed(), f"{page} has no main#content")
            if page == "due":
                titles = [element.text for element in who.all("[data-lot] .title")]
                expect("Yoghurt" in titles, f"the due page shows {titles}")
            who.axe(page, self.report)
        # A refused command's page, and an unknown invitation's.
        browser.get(self.pages["product"])
        form = browser.one("form.consume", browser.one(f'[data-lot="{self.milk_lot}"]'))
        form.find_element(By.NAME, "amount").send_keys("none")
        expect(browser.submit(form) == 422, "an amount that is not a number was not refused")
        browser.expect_guarded("refused use")
        browser.axe("refused use", self.report)
        visitor.get("/invite/" + "A" * 43)
        expect(visitor.submit(visitor.one("form#accept-invitation")) == 404, "an unknown invitation was not refused")
        visitor.axe("unknown invitation", self.report)
        # The calendar's Create button shows a new subscription link once, and the link serves the calendar.
        browser.get(f"/households/{HOUSEHOLD_A}/calendar")
        expect(browser.submit(browser.one("form#create-feed")) == 201, "creating a subscription link failed")
        link = browser.one("#new-link").get_attribute("value")
        expect("/calendar.ics?feed=" in link, f"the new link is {link!r}")
        with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(link, timeout=30) as response:
            expect(response.status == 200 and b"BEGIN:VCALENDAR" in response.read(),
                   "the link does not serve a calendar")
        browser.axe("calendar with a new link", self.report)
        # Sign out ends the session.
        browser.get(self.pages["stock"])
        expect(browser.submit(browser.one("form#sign-out")) == 200 and browser.path() == "/signed-out",
               f"signing out showed {browser.path()}")
        browser.axe("signed out", self.report)
        browser.get(self.pages["stock"])
        expect(browser.path() == "/sign-in", f"after signing out the stock page showed {browser.path()}")

    def test_screenshots_of_every_page(self):
        """Every page of a plain household at phone and desktop width (docs/images with BROWSER_SCREENSHOTS=1)."""
        home = Pantry("our-home", HOUSEHOLD_C, ENV["IK_TOKEN_C1"])
        home.join()
        today = datetime.date.today()
        for title, barcode, amount, location, due in [
            ("Whole milk", "4006381333931", "2", "Fridge", 6),
            ("Greek yoghurt", "4008400402222", "4", "Fridge", 2),
            ("Butter", "4001686301265", "1", "Fridge", 20),
            ("Spaghetti", "8076800195057", "3", "Pantry", 400),
            ("Frozen peas", "4001724819905", "1", "Freezer", 180),
        ]:
            product = home.add_product(title, barcode=barcode)
            home.run("stock", "add", product, amount, "--location", location,
                     "--due", (today + datetime.timedelta(days=due)).isoformat())
        home.run("stock", "open", "4001686301265", "1")
        for note in ["Bread", "Coffee beans", "Dish soap"]:
            home.run("shopping-list", "--add", note)
        home.sync()
        invited = home.json("household", "invite", "--name", "Sam")
        visitor = self.browser("showcase-visitor")
        member = self.browser("showcase")
        base = f"/households/{HOUSEHOLD_C}"
        photographed = []
        visitor.get("/sign-in")
        photographed += visitor.screenshots("sign-in")
        visitor.get(invited["link"])
        photographed += visitor.screenshots("invitation")
        expect(member.sign_in(invited["link"]) == 200, "the showcase member could not sign in")
        for page, path in [("stock", f"{base}/stock"), ("due", f"{base}/due"), ("shopping", f"{base}/shopping"),
                           ("product", f"{base}/products/4006381333931"), ("calendar", f"{base}/calendar"),
                           ("purchase", f"{base}/purchase?q=milk"), ("history", f"{base}/history"),
                           ("setup", f"{base}/setup")]:
            expect(member.get(path) == 200, f"the showcase {page} page did not open")
            member.axe(f"{page} (plain household)", self.report)
            photographed += member.screenshots(page)
        member.get(f"{base}/products/4006381333931")
        form = member.one("form.consume")
        form.find_element(By.NAME, "amount").send_keys("5")
        expect(member.submit(form) == 422, "using 5 of 2 was not refused")
        photographed += member.screenshots("refused")
        expect(member.get(f"/households/{HOUSEHOLD_A}/stock") == 403, "another household's page was not refused")
        photographed += member.screenshots("forbidden")
        expect(visitor.sign_in(invited["link"]) == 410, "a used invitation was not refused")
        photographed += visitor.screenshots("invitation-used")
        expect(len(photographed) == 26 and all(os.path.getsize(path) > 1000 for path in photographed),
               "a screenshot is missing or empty")
        self.report.append(f"screenshots: {len(photographed)} in {os.path.dirname(photographed[0])}")


# pytest: one test per scenario, in file order, sharing the module's `Scenarios`.

SCENARIO_NAMES = [name for name in Scenarios.__dict__ if name.startswith("test_")]


@pytest.fixture(scope="module")
def scenarios():
    shared = Scenarios()
    shared.first_failed = False
    yield shared
    shared.close()
    for line in shared.report:
        print(f"  {line}")


def _scenario(name):
    def run(scenarios):
        if name != SCENARIO_NAMES[0] and scenarios.first_failed:
            pytest.skip("the first scenario failed: it joins the devices and signs the member in")
        try:
            getattr(scenarios, name)()
        except BaseException:
            scenarios.first_failed = scenarios.first_failed or name == SCENARIO_NAMES[0]
            for browser in scenarios.browsers:
                try:
                    shot = os.path.join(WORK, f"failure-{name}-{browser.label}.png")
                    browser.driver.save_screenshot(shot)
                    print(f"  {browser.label} was at {browser.driver.current_url} (screenshot {shot})")
                except Exception:  # noqa: BLE001 - the scenario's own failure is the one to report
                    pass
            raise

    run.__name__ = name
    return run


for _name in SCENARIO_NAMES:
    globals()[_name] = _scenario(_name)
