"""Reads of the Grocy API through pygrocy2's and grocy-py's own methods, checked against what the `pantry` device
booked: system, the due-soon setting, stock, volatile stock, product details by id and barcode, and `objects/*`."""

import datetime
import time
from decimal import Decimal

from conftest import api, today
from grocy.data_models.generic import EntityType as GPEntity
from pygrocy2.data_models.generic import EntityType as P2Entity


def day(value):
    """The `YYYY-MM-DD` of a client's datetime or date."""
    return value.date().isoformat() if isinstance(value, datetime.datetime) else value.isoformat()


def test_system_info_config_and_time_describe_a_grocy_4_5_with_stock_and_shopping_on(p2, gp):
    for info in (p2.get_system_info(), gp.system.info()):
        assert info.grocy_version == "4.5.0"
    config = p2.get_system_config()
    assert config.username
    features = set(gp.system.config().enabled_features)
    assert {"FEATURE_FLAG_STOCK", "FEATURE_FLAG_SHOPPINGLIST", "FEATURE_FLAG_STOCK_LOCATION_TRACKING",
            "FEATURE_FLAG_STOCK_BEST_BEFORE_DATE_TRACKING"} <= features
    assert not features & {"FEATURE_FLAG_CHORES", "FEATURE_FLAG_TASKS", "FEATURE_FLAG_BATTERIES",
                           "FEATURE_FLAG_RECIPES", "FEATURE_FLAG_EQUIPMENT", "FEATURE_FLAG_CALENDAR"}
    for now in (p2.get_system_time(), gp.system.time()):
        assert now.timezone
        assert abs(now.timestamp - time.time()) < 120
        assert abs((now.time_utc - datetime.datetime.utcnow()).total_seconds()) < 120


def test_db_changed_time_moves_when_the_device_books(p2, gp, household, pantry):
    product, _, _ = household.product("Changed-time probe", stock=1)
    before = p2.get_last_db_changed()
    assert before == gp.system.db_changed_time()
    time.sleep(1.2)
    pantry.run("stock", "add", product, "1")
    pantry.sync()
    after = gp.system.db_changed_time()
    assert after > before, f"db-changed-time stayed {before} after the device booked (now {after})"


def test_due_soon_setting_is_five_days_as_home_assistant_reads_it(gp):
    assert gp.users.get_setting("STOCK_DUE_SOON_DAYS") == {"value": 5}


def test_stock_shows_the_devices_lots_as_one_line_with_amount_opened_part_and_first_due_day(p2, gp, household, pantry):
    product, grocy_id, _ = household.product("Yoghurt", stock=3, due=today(10))
    pantry.run("stock", "add", product, "2", "--location", "Cellar", "--due", today(4))
    pantry.run("stock", "open", product)
    pantry.sync()
    lots = pantry.lots(product)
    assert sorted((lot["due"], lot["amount"], lot["opened"]) for lot in lots) == [
        (today(4), Decimal(1), False), (today(4), Decimal(1), True), (today(10), Decimal(3), False)]
    p2_line = next(line for line in p2.stock() if line.id == grocy_id)
    gp_line = next(line for line in gp.stock.current() if line.id == grocy_id)
    for line in (p2_line, gp_line):
        assert line.name == "Yoghurt"
        assert line.available_amount == 5
        assert line.amount_opened == 1
        assert day(line.best_before_date) == today(4)
    assert not gp_line.is_aggregated_amount


def test_volatile_lists_due_soon_overdue_and_expired_lots_and_products_below_their_minimum(p2, gp, household, pantry):
    soon, soon_id, _ = household.product("Cream", stock=1, due=today(2))
    _, late_id, _ = household.product("Old bread", stock=1, due=today(-3))
    _, short_id, _ = household.product("Butter", stock=1, settings=("--minimum", "4"))
    assert pantry.lots(soon)[0]["due"] == today(2)
    due_p2 = {product.id for product in p2.due_products()}
    due_gp = {product.id: product for product in gp.stock.due_products(get_details=True)}
    assert soon_id in due_p2 and soon_id in due_gp and late_id not in due_gp
    assert due_gp[soon_id].name == "Cream" and due_gp[soon_id].barcodes
    overdue = {product.id for product in gp.stock.overdue_products()}
    assert late_id in overdue and soon_id not in overdue
    assert late_id in {product.id for product in p2.overdue_products()}
    # A past best-before day is overdue, not expired: expired is Grocy's expiry-date kind only.
    assert late_id not in {product.id for product in gp.stock.expired_products()}
    assert late_id not in {product.id for product in p2.expired_products()}
    # A product whose due kind is expiry (due_type 2): its past day is expired, and overdue too, as on Grocy.
    _, gone_id, _ = household.product("Minced meat", stock=1, due=today(-1), settings=("--due-kind", "expiry"))
    assert gone_id in {product.id for product in gp.stock.expired_products()}
    assert gone_id in {product.id for product in p2.expired_products()}
    assert gone_id in {product.id for product in gp.stock.overdue_products()}
    assert api("GET", f"objects/products/{gone_id}").json()["due_type"] == 2
    missing = {product.id: product for product in gp.stock.missing_products()}
    assert missing[short_id].amount_missing == 3 and missing[short_id].is_partly_in_stock
    assert short_id in {product.id for product in p2.missing_products(get_details=True)}
    # grocy-py asks for a window: a day of warning leaves out the lot due in two.
    narrow = api("GET", "stock/volatile", params={"due_soon_days": 1}).json()
    assert soon_id not in {line["product_id"] for line in narrow["due_products"]}


def test_product_details_by_id_and_by_barcode_name_the_same_product(p2, gp, household, pantry):
    product, grocy_id, barcode = household.product("Tomatoes", stock=4, due=today(6), settings=("--location", "Cellar"))
    for details in (p2.product(grocy_id), gp.stock.product(grocy_id)):
        assert details.id == grocy_id and details.name == "Tomatoes"
        assert details.available_amount == 4
        assert barcode in details.barcodes
        assert day(details.best_before_date) == today(6)
    assert gp.stock.product(grocy_id).default_quantity_unit_purchase.name == "piece"
    assert p2.product_by_barcode(barcode).id == grocy_id
    assert gp.stock.product_by_barcode(barcode).id == grocy_id
    raw = api("GET", f"stock/products/by-barcode/{barcode}").json()
    assert raw["location"]["name"] == "Cellar" and raw["stock_amount"] == 4
    assert raw["product_barcodes"][0]["barcode"] == barcode


def test_a_product_without_a_barcode_has_an_empty_barcode_list_the_clients_accept(p2, gp, household):
    _, grocy_id, _ = household.product("Loose tea", barcode=False, stock=2)
    assert api("GET", f"stock/products/{grocy_id}").json()["product_barcodes"] == []
    assert p2.product(grocy_id).name == "Loose tea"
    assert gp.stock.product(grocy_id).barcodes == []


def test_product_settings_set_on_the_device_show_as_grocy_product_fields(p2, household, pantry):
    product, grocy_id, _ = household.product(
        "Milk", settings=("--minimum", "2", "--location", "Fridge", "--due-days", "7"))
    fridge = api("GET", "objects/locations", params={"query[]": "name=Fridge"}).json()[0]
    row = p2.get_generic(P2Entity.PRODUCTS, grocy_id)
    assert row["min_stock_amount"] == 2 and row["location_id"] == fridge["id"]
    assert row["default_best_before_days"] == 7
    # A purchase naming no location or day goes where and when the settings say.
    p2.add_product(grocy_id, 1, None)
    [lot] = pantry.lots(product)
    assert lot["location"] == "Fridge" and lot["due"] == today(7)


def test_objects_list_products_locations_units_and_barcodes_and_filter_them(p2, gp, household):
    _, grocy_id, barcode = household.product("Lentils")
    assert grocy_id in {product.id for product in p2.all_products()}
    assert "Lentils" in {product.name for product in gp.stock.all_products()}
    locations = {row["name"]: row for row in gp.generic.list(GPEntity.LOCATIONS)}
    assert {"Cellar", "Fridge", "Freezer", "Pantry"} <= set(locations)
    assert locations["Freezer"]["is_freezer"] == 1 and locations["Cellar"]["is_freezer"] == 0
    units = {row["name"] for row in p2.get_generic_objects_for_type(P2Entity.QUANTITY_UNITS)}
    assert {"kg", "piece"} <= units
    barcodes = gp.generic.list(GPEntity.PRODUCT_BARCODES, query_filters=[f"barcode={barcode}"])
    assert [(row["product_id"], row["barcode"]) for row in barcodes] == [(grocy_id, barcode)]
    cellar = p2.get_generic_objects_for_type(P2Entity.LOCATIONS, query_filters=["name=Cellar"])
    assert [row["name"] for row in cellar] == ["Cellar"]
    assert gp.generic.get(GPEntity.LOCATIONS, cellar[0]["id"])["name"] == "Cellar"
    assert gp.generic.list(GPEntity.PRODUCTS, query_filters=[f"id={grocy_id}"])[0]["name"] == "Lentils"
    assert gp.generic.list(GPEntity.PRODUCTS, query_filters=["name=No such product"]) == []
