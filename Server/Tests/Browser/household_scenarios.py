"""The browser scenarios of the pages that run the household and of hostile text at phone and desktop width,
run in order by `test_web_app.py`'s `Scenarios` (each takes it as `s`: its devices, the member's browser, the pages
met so far). Kept apart so each file stays readable; the machinery is in webapp.py."""

import urllib.parse

from selenium.webdriver.common.by import By

from webapp import HOUSEHOLD_A, changes, cli_invite, entries_of_submission, expect, hidden, post_form


def hostile_text_is_isolated_and_wraps_at_phone_and_desktop_width(s):
    """A member named with U+202E and a 100-character word opens the invitation (it names the household and
    the member, and looking does not use it), signs in and adds 12 pieces of a note holding U+202E → at 375 px
    and at desktop width every page fits the window, names the household, says in plain words how fresh it
    is, and the quantity after the note still reads 12 pieces, drawn left to right."""
    override = "\u202e"
    word = "N" * 100
    name = f"{override}neB {'N' * 95}"  # 100 characters, the longest name the server allows
    note = f"{override}sggE {word}"
    _, link = cli_invite(HOUSEHOLD_A, name)
    browser = s.browser("hostile-member")
    expect(s.member.get(s.pages["stock"]) == 200, "the stock page did not open")
    household = s.member.one("#household-name").text  # the name the household's pages show
    for width in [375, 1280]:
        browser.at_width(width)
        expect(browser.get(link) == 200, f"the invitation page did not open at {width} px")
        browser.no_script_ran()
        shown = browser.one("#invitation-for .household")
        expect(shown.text == household, f"the invitation names the household {shown.text!r}, not {household!r}")
        member = browser.one("#invitation-for .member")
        expect(member.text == name and browser.isolated(member), f"the invitation names {member.text!r}")
        browser.expect_fits(f"the invitation at {width} px")
        browser.axe(f"invitation of a hostile name ({width} px)", s.report)
    browser.at_width(375)
    expect(browser.sign_in(link) == 200 and browser.redirects == [303], "looking at the invitation used it")

    expect(browser.get(s.pages["shopping"]) == 200, "the shopping page did not open")
    form = browser.one("form#add-item")
    form.find_element(By.NAME, "note").send_keys(note)
    form.find_element(By.NAME, "amount").send_keys("12")
    form.find_element(By.NAME, "unit").send_keys("pieces")
    expect(browser.submit(form) == 200 and browser.redirects == [303], "adding the hostile note failed")
    plain = str.maketrans("", "", "\u2068\u2069")
    for width in [375, 1280]:
        browser.at_width(width)
        browser.get(s.pages["shopping"])
        items = [item for item in browser.all("[data-item]") if browser.one(".note", item).text.translate(plain) == note]
        expect(len(items) == 1, f"the hostile note is on the list {len(items)} times at {width} px")
        expect(browser.isolated(browser.one(".note", items[0])), "the note is not isolated")
        quantity = browser.one(".quantity", items[0])
        expect(quantity.text.translate(plain) == "12 pieces", f"the quantity reads {quantity.text!r}")
        ordered, lefts = browser.drawn_left_to_right(quantity)
        expect(ordered, f"12 pieces after the note is drawn out of order at {width} px: {lefts}")
        for page in ["stock", "shopping", "product"]:
            expect(browser.get(s.pages[page]) == 200, f"{page} did not open")
            browser.no_script_ran()
            browser.expect_fits(f"{page} at {width} px, signed in as a 100-character name")
            expect(browser.one("#household-name").text and browser.isolated(browser.one("#household-name")),
                   f"{page} does not name the household")
            expect(browser.freshness_seq() >= 0, "the footer's freshness is unreadable")
            expect("Folded" not in browser.one("#freshness").text, "the footer uses internal words")
        for path in [f"/households/{HOUSEHOLD_A}/due", f"/households/{HOUSEHOLD_A}/calendar"]:
            expect(browser.get(path) == 200, f"{path} did not open")
            browser.expect_fits(f"{path} at {width} px")
    browser.at_width(375)
    browser.get(s.pages["shopping"])
    browser.axe("shopping with a hostile note and member (375 px)", s.report)
    browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def locations_units_and_an_undo_from_the_web_reach_a_device(s):
    """The member adds a location whose name holds U+202E and a 100-character word, renames it, adds a unit
    with such a plural and a conversion to pieces, and undoes a device's purchase from the history → each is one journal entry of the
    member, the device pulls the undo, and at 375 px and desktop width the pages fit and pass axe."""
    browser = s.member
    override = "\u202e"
    word = "L" * 100
    name = f"{override}tellaC {word}"
    plural = f"{override}setarc {word}"
    setup = f"/households/{HOUSEHOLD_A}/setup"
    history = f"/households/{HOUSEHOLD_A}/history"
    s.pages["setup"], s.pages["history"] = setup, history
    browser.at_width(375)
    expect(browser.get(setup) == 200, "the setup page did not open")
    form = browser.one("form#add-location")
    submission = hidden(form, "submission")
    form.find_element(By.NAME, "name").send_keys(name)
    expect(browser.submit(form) == 200 and browser.redirects == [303], "adding a location failed")
    expect(entries_of_submission(HOUSEHOLD_A, submission) == (1, 1, f"web:{s.member_id}"),
           "adding a location wrote another entry than the member's one")
    rows = [row for row in browser.all("[data-location]") if browser.one(".name", row).text == name]
    expect(len(rows) == 1 and browser.isolated(browser.one(".name", rows[0])), "the new location is not listed once")
    browser.no_script_ran()
    browser.expect_fits("the setup page with a hostile location at 375 px")
    rename = browser.one("form.rename", rows[0])
    rename.find_element(By.NAME, "name").send_keys("Cellar")
    expect(browser.submit(rename) == 200 and browser.redirects == [303], "renaming the location failed")
    names = [browser.one(".name", row).text for row in browser.all("[data-location]")]
    expect("Cellar" in names and name not in names, f"after renaming the locations are {names}")
    form = browser.one("form#add-unit")
    form.find_element(By.NAME, "name").send_keys("crate")
    form.find_element(By.NAME, "plural").send_keys(plural)
    expect(browser.submit(form) == 200 and browser.redirects == [303], "adding a unit failed")
    shown = [browser.one(".plural", row).text for row in browser.all("[data-unit]") if browser.all(".plural", row)]
    expect(plural in shown, f"the units' plurals are {shown}")
    form = browser.one("form#add-conversion")
    [option for option in form.find_elements(By.CSS_SELECTOR, "#conversion-from option") if option.text == "crate"][0].click()
    form.find_element(By.NAME, "factor").send_keys("12")
    [option for option in form.find_elements(By.CSS_SELECTOR, "#conversion-to option") if option.text == "piece"][0].click()
    expect(browser.submit(form) == 200 and browser.redirects == [303], "adding a conversion failed")
    conversions = [element.text for element in browser.all(".conversion")]
    expect("1 crate is 12 pieces" in conversions, f"the conversions are {conversions}")
    # A name the kit refuses: its message, nothing written, the typed name kept.
    before = changes(HOUSEHOLD_A)
    form = browser.one("form#add-location")
    browser.driver.execute_script("arguments[0].removeAttribute('maxlength')", form.find_element(By.NAME, "name"))
    form.find_element(By.NAME, "name").send_keys("X" * 300)
    expect(browser.submit(form) == 422, "a location name of 300 bytes was not refused")
    expect("256 bytes" in browser.error_text(), f"the refusal says {browser.error_text()!r}")
    expect(changes(HOUSEHOLD_A) == before, "a refused location wrote to the log")
    for width in [375, 1280]:
        browser.at_width(width)
        browser.get(setup)
        browser.expect_fits(f"setup at {width} px")
        browser.axe(f"setup with hostile names ({width} px)", s.report)

    rice = s.kitchen.add_product("Rice")
    s.kitchen.run("stock", "add", rice, "1", "--location", "Pantry")
    s.kitchen.sync()
    expect(browser.get(history) == 200, "the history page did not open")
    bought = [row for row in browser.all("[data-transaction]")
              if "Rice" in [element.text for element in browser.all(".product", row)]]
    expect(len(bought) == 1 and browser.one(".what", bought[0]).text == "Bought",
           "the history does not list the purchase of Rice once")
    transaction = bought[0].get_attribute("data-transaction")
    expect(browser.submit(browser.one("form.undo", bought[0])) == 200 and browser.redirects == [303],
           "the undo failed")
    expect(not browser.all(f'[data-transaction="{transaction}"]'), "the undone purchase is still listed")
    for width in [375, 1280]:
        browser.at_width(width)
        browser.get(history)
        browser.expect_fits(f"history at {width} px")
        browser.axe(f"history ({width} px)", s.report)
    browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    s.kitchen.sync()
    expect(not [lot for lot in s.kitchen.stock() if lot["productId"] == rice],
           "the device still holds the undone purchase")


def move_count_and_settings_from_the_product_page_reach_a_device(s):
    """The member moves 1 of 2 oats to the cellar (the location made in the scenario before), counts 3 in the
    fridge and sets a minimum of 4 kept in the cellar → device 2 holds 4 oats; at 375 px and desktop width the
    product page fits and passes axe; a move without a destination is refused and writes nothing."""
    browser = s.member
    oats = s.kitchen.add_product(f"\u202eOats {'O' * 100}")
    s.kitchen.run("stock", "add", oats, "2", "--location", "Fridge")
    s.kitchen.sync()
    product = f"/households/{HOUSEHOLD_A}/products/{urllib.parse.quote(oats, safe='')}"
    browser.at_width(375)
    expect(browser.get(product) == 200, "the oats' page did not open")
    lot = browser.all("[data-lot]")[0]
    # A move without a destination (the browser's own check skipped): refused, nothing written.
    before = changes(HOUSEHOLD_A)
    move = browser.one("form.move", lot)
    fields = {"csrf": hidden(move, "csrf"), "submission": hidden(move, "submission"), "amount": "1", "to": ""}
    refused = post_form(browser.session_cookie()["value"], urllib.parse.urlsplit(move.get_attribute("action")).path, fields)
    expect(refused == 422 and changes(HOUSEHOLD_A) == before, f"a move without a destination answered {refused}")
    lot = browser.all("[data-lot]")[0]
    move = browser.one("form.move", lot)
    amount = move.find_element(By.NAME, "amount")
    amount.clear()
    amount.send_keys("1")
    cellar = [option for option in move.find_elements(By.CSS_SELECTOR, "option") if option.text == "Cellar"]
    expect(len(cellar) == 1, "the move form does not offer the cellar once")
    cellar[0].click()
    expect(browser.submit(move) == 200 and browser.redirects == [303], "moving failed")
    places = sorted(browser.one(".location", section).text for section in browser.all("section[data-lot]"))
    expect(places == ["Cellar", "Fridge"], f"after moving the lots are in {places}")
    fridge = [section for section in browser.all("section[data-lot]") if browser.one(".location", section).text == "Fridge"]
    count = browser.one("form.correct", fridge[0])
    count.find_element(By.NAME, "amount").send_keys("3")
    expect(browser.submit(count) == 200 and browser.redirects == [303], "counting failed")
    settings = browser.one("form#product-settings")
    minimum = settings.find_element(By.NAME, "minimum")
    minimum.clear()
    minimum.send_keys("4")
    [option for option in settings.find_elements(By.CSS_SELECTOR, "#default-location option")
     if option.text == "Cellar"][0].click()
    expect(browser.submit(settings) == 200 and browser.redirects == [303], "saving the settings failed")
    expect(browser.one("#minimum").get_attribute("value") == "4", "the minimum was not saved")
    for width in [375, 1280]:
        browser.at_width(width)
        browser.get(product)
        browser.no_script_ran()
        browser.expect_fits(f"the product page at {width} px")
        browser.axe(f"product with move, count and settings ({width} px)", s.report)
    browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    s.phone.sync()
    held = sum(lot["quantity"] for lot in s.phone.stock() if lot["productId"] == oats)
    expect(held == 4, f"device 2 holds {held} oats, not 3 in the fridge and 1 in the cellar")


def a_purchase_recorded_on_the_web_reaches_a_device(s):
    """The member finds Milk by its barcode, records 6 pieces in the cellar due on a date → device 2 holds the
    lot; a search holding U+202E and a 100-character word finds nothing and says so; at 375 px and desktop
    width the page fits and passes axe."""
    browser = s.member
    search = f"/households/{HOUSEHOLD_A}/purchase"
    s.pages["purchase"] = search
    browser.at_width(375)
    expect(browser.get(search) == 200, "the purchase page did not open")
    hostile = f"\u202e{'Q' * 100}"
    form = browser.one("form#find-product")
    form.find_element(By.NAME, "q").send_keys(hostile)
    expect(browser.submit(form) == 200, "searching failed")
    expect(browser.one("#nothing-found").is_displayed(), "a search that finds nothing does not say so")
    browser.expect_fits("the purchase page after a hostile search at 375 px")
    browser.axe("purchase, nothing found (375 px)", s.report)
    form = browser.one("form#find-product")
    query = form.find_element(By.NAME, "q")
    query.clear()
    query.send_keys("4006381333931")
    expect(browser.submit(form) == 200, "searching by barcode failed")
    found = browser.one(f'[data-product="{s.milk}"]')
    record = browser.one("form.record", found)
    amount = record.find_element(By.NAME, "amount")
    expect(amount.get_attribute("value") == "1", "the amount does not start at 1")
    amount.clear()
    amount.send_keys("6")
    [option for option in record.find_elements(By.CSS_SELECTOR, "select[name=location] option")
     if option.text == "Cellar"][0].click()
    units = record.find_elements(By.CSS_SELECTOR, "select[name=unit] option")
    if not [option for option in units if option.is_selected() and option.get_attribute("value")]:
        [option for option in units if option.text == "piece"][0].click()
    browser.driver.execute_script("arguments[0].value = '2030-12-24'", record.find_element(By.NAME, "due"))
    submission = hidden(record, "submission")
    expect(browser.submit(record) == 200 and browser.redirects == [303], "recording the purchase failed")
    expect(browser.path() == f"/households/{HOUSEHOLD_A}/products/{s.milk}", f"the purchase led to {browser.path()}")
    expect(entries_of_submission(HOUSEHOLD_A, submission)[0] == 1, "the purchase wrote another than one entry")
    for width in [375, 1280]:
        browser.at_width(width)
        browser.get(search + "?q=Milk")
        browser.expect_fits(f"the purchase page at {width} px")
        browser.axe(f"purchase ({width} px)", s.report)
    browser.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    s.phone.sync()
    sixes = [lot for lot in s.phone.stock() if lot["productId"] == s.milk and lot["quantity"] == 6]
    expect(len(sixes) == 1, f"device 2 holds {[lot for lot in s.phone.stock() if lot['productId'] == s.milk]}")
