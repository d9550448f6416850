"""What Home Assistant's Grocy integration (the `grocy` custom component, which pins grocy-py 0.0.7) asks, through
grocy-py's own methods in the order the integration calls them: its setup, then a few rounds of its 30-second
coordinator poll, with the `pantry` device changing the household between rounds."""

import time
from decimal import Decimal

from conftest import today


def poll(gp):
    """One round of the coordinator: stock, the shopping list with details, and the volatile sensors with details
    (GET stock, GET objects/shopping_list + GET stock/products/{id} per item, GET stock/volatile + GET
    stock/products/{id} per product)."""
    return {
        "stock": {product.id: product for product in gp.stock.current()},
        "shopping": {item.id: item for item in gp.shopping_list.items(get_details=True)},
        "due": {product.id: product for product in gp.stock.due_products(get_details=True)},
        "overdue": {product.id: product for product in gp.stock.overdue_products(get_details=True)},
        "expired": {product.id: product for product in gp.stock.expired_products(get_details=True)},
        "missing": {product.id: product for product in gp.stock.missing_products(get_details=True)},
    }


def test_home_assistant_setup_reads_the_version_features_and_due_soon_days(gp):
    assert gp.system.info().grocy_version == "4.5.0"
    features = gp.system.config().enabled_features
    # The integration makes chore, task, battery and meal plan entities only for the features reported on.
    assert "FEATURE_FLAG_STOCK" in features and "FEATURE_FLAG_SHOPPINGLIST" in features
    assert not [feature for feature in features if "CHORES" in feature or "TASKS" in feature or "BATTERIES" in feature]
    assert gp.users.get_setting("STOCK_DUE_SOON_DAYS")["value"] == 5


def test_home_assistant_poll_rounds_follow_what_the_device_books_between_them(gp, household, pantry):
    soup, soup_id, _ = household.product("Soup", stock=2, due=today(1), settings=("--minimum", "3"))
    pantry.run("shopping-list", "add", soup, "--amount", "2")
    pantry.sync()
    first = poll(gp)
    assert first["stock"][soup_id].available_amount == 2
    assert soup_id in first["due"] and first["due"][soup_id].name == "Soup"
    assert first["missing"][soup_id].amount_missing == 1
    listed = [item for item in first["shopping"].values() if item.product_id == soup_id]
    assert [(item.amount, item.product.name) for item in listed] == [(2, "Soup")]

    # Between rounds: the device buys more (no longer missing) and the list item is checked off in Home Assistant.
    pantry.run("stock", "add", soup, "4", "--due", today(30))
    pantry.sync()
    gp.shopping_list.mark_item_done(listed[0].id, True)
    second = poll(gp)
    assert second["stock"][soup_id].available_amount == 6
    assert soup_id not in second["missing"]
    assert listed[0].id not in second["shopping"]
    assert pantry.total(soup) == Decimal(6)

    # Home Assistant's services: consume the due lot, and the next round no longer lists it as due.
    gp.stock.consume(soup_id, 2)
    rounds = []
    for _ in range(3):
        began = time.monotonic()
        rounds.append(poll(gp))
        assert time.monotonic() - began < 10, "a poll round took longer than 10 s"
    for later in rounds:
        assert later["stock"][soup_id].available_amount == 4
        assert soup_id not in later["due"]
        assert later["stock"].keys() == rounds[0]["stock"].keys()
    assert pantry.total(soup) == Decimal(4)
