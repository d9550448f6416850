"""Stock writes through pygrocy2's and grocy-py's own methods — add, consume (also spoiled), open, inventory, by id
and by barcode — and undo in both directions, each checked on the `pantry` device after `pantry sync`: its lots,
exact amounts, due days, opened state and locations."""

import datetime
from decimal import Decimal

import pytest
from conftest import api, today
from grocy.grocy_api_client import TransactionType
from grocy.errors import GrocyError as GPError
from pygrocy2.errors import GrocyError


def on(day_text):
    """A client's datetime for a `YYYY-MM-DD` day."""
    return datetime.datetime.fromisoformat(day_text)


def location_id(name):
    return api("GET", "objects/locations", params={"query[]": f"name={name}"}).json()[0]["id"]


def test_add_through_each_client_books_lots_at_the_default_location_with_the_days_given(p2, gp, household, pantry):
    product, grocy_id, _ = household.product("Apples", settings=("--location", "Cellar", "--due-days", "5"))
    answer = p2.add_product(grocy_id, 2, None, best_before_date=on(today(9)))
    assert answer[0]["transaction_type"] == "purchase" and answer[0]["amount"] == 2
    gp.stock.add(grocy_id, 1.5, 0.0)
    lots = pantry.lots(product)
    assert [(lot["amount"], lot["due"], lot["location"]) for lot in lots] == [
        (Decimal("1.5"), today(5), "Cellar"), (Decimal(2), today(9), "Cellar")]
    assert gp.stock.product(grocy_id).available_amount == 3.5


def test_three_adds_of_a_tenth_are_exactly_three_tenths_on_the_device(p2, gp, household, pantry):
    product, grocy_id, _ = household.product("Saffron")
    p2.add_product(grocy_id, 0.1, None, best_before_date=on(today(30)))
    gp.stock.add(grocy_id, 0.1, 0.0, best_before_date=on(today(30)))
    p2.add_product(grocy_id, 0.1, 0.5, best_before_date=on(today(30)))
    assert pantry.total(product) == Decimal("0.3")
    assert api("GET", f"stock/products/{grocy_id}").text.count('"stock_amount":0.3') == 1


def test_add_by_barcode_books_the_product_the_barcode_names_with_its_day(p2, gp, household, pantry):
    product, grocy_id, barcode = household.product("Oat milk", settings=("--location", "Fridge"))
    added = p2.add_product_by_barcode(barcode, 4, 1.25, best_before_date=on(today(12)))
    assert added.id == grocy_id and added.available_amount == 4
    assert gp.stock.add_by_barcode(barcode, 1, 0.0, best_before_date=on(today(3))).id == grocy_id
    assert [(lot["amount"], lot["due"], lot["location"]) for lot in pantry.lots(product)] == [
        (Decimal(1), today(3), "Fridge"), (Decimal(4), today(12), "Fridge")]
    # A second purchase like the first merges into its lot on the kit; pygrocy2 still reads the row it needs.
    assert p2.add_product_by_barcode(barcode, 2, 1.25, best_before_date=on(today(12))).id == grocy_id
    assert [(lot["amount"], lot["due"]) for lot in pantry.lots(product)] == [
        (Decimal(1), today(3)), (Decimal(6), today(12))]


def test_consume_takes_the_opened_lot_first_then_the_first_due(p2, gp, household, pantry):
    product, grocy_id, _ = household.product("Cheese", stock=2, due=today(20))
    pantry.run("stock", "add", product, "2", "--due", today(8))
    pantry.run("stock", "add", product, "2", "--due", today(14))
    pantry.run("stock", "open", product, "1")
    assert [(lot["amount"], lot["due"], lot["opened"]) for lot in pantry.lots(product) if lot["opened"]] == [
        (Decimal(1), today(8), True)]
    p2.consume_product(grocy_id, 1)
    assert not any(lot["opened"] for lot in pantry.lots(product))
    gp.stock.consume(grocy_id, 0.5)
    assert [(lot["amount"], lot["due"]) for lot in pantry.lots(product)] == [
        (Decimal("0.5"), today(8)), (Decimal(2), today(14)), (Decimal(2), today(20))]


def test_consume_spoiled_is_booked_as_spoiled_and_by_barcode_too(p2, gp, household, pantry):
    product, grocy_id, barcode = household.product("Spinach", stock=5, due=today(2))
    gp.stock.consume(grocy_id, 1, spoiled=True, transaction_type=TransactionType.CONSUME)
    transaction = pantry.history(limit=1)[0]
    # The device sees the booking as the Grocy key's replica, and as thrown away.
    assert transaction["author"].startswith("grocy:") and "spoiled" in transaction["did"]
    rows = gp.stock.transaction(transaction["transactionId"])
    assert [(row.amount, row.spoiled, row.transaction_type.value) for row in rows] == [(-1, True, "consume")]
    consumed = p2.consume_product_by_barcode(barcode, 1.5)
    assert consumed.id == grocy_id and consumed.available_amount == 2.5
    assert pantry.total(product) == Decimal("2.5")


def test_consuming_more_than_the_household_holds_is_refused_with_an_error_message(p2, household, pantry):
    product, grocy_id, _ = household.product("Last egg", stock=1)
    with pytest.raises(GrocyError) as refused:
        p2.consume_product(grocy_id, 2)
    assert refused.value.status_code == 400 and refused.value.message
    assert pantry.total(product) == 1


def test_open_marks_lots_opened_on_the_device(p2, gp, household, pantry):
    product, grocy_id, barcode = household.product("Juice", stock=3, due=today(30))
    gp.stock.open(grocy_id, 1)
    p2.open_product(grocy_id)
    gp.stock.open_by_barcode(barcode, 1)
    lots = pantry.lots(product)
    assert sum(lot["amount"] for lot in lots if lot["opened"]) == 3
    assert sum(lot["amount"] for lot in lots) == 3
    assert gp.stock.current() and next(line for line in gp.stock.current() if line.id == grocy_id).amount_opened == 3


def test_inventory_sets_the_amount_the_device_holds_by_id_and_by_barcode(p2, gp, household, pantry):
    product, grocy_id, barcode = household.product("Rice", stock=3, location="Cellar", due=today(40))
    counted = p2.inventory_product(grocy_id, 7, best_before_date=on(today(60)))
    assert counted.id == grocy_id and counted.available_amount == 7
    assert pantry.total(product) == 7
    gp.stock.inventory_by_barcode(barcode, 2.25, location_id=location_id("Cellar"))
    lots = pantry.lots(product)
    assert sum(lot["amount"] for lot in lots) == Decimal("2.25")
    assert {lot["location"] for lot in lots} == {"Cellar"}
    assert gp.stock.inventory(grocy_id, 3).available_amount == 3
    assert pantry.total(product) == 3
    # As on Grocy, a count that changes nothing is refused rather than answered with no stock log row.
    with pytest.raises(GrocyError) as refused:
        p2.inventory_product(grocy_id, 3)
    assert (refused.value.status_code, refused.value.message) == (400, "The new amount cannot equal the current stock amount")


def test_a_grocy_transaction_undone_through_the_api_is_gone_on_the_device(p2, gp, household, pantry):
    product, grocy_id, _ = household.product("Crackers", stock=1)
    answer = p2.add_product(grocy_id, 4, None)
    # The kit merged the purchase into the identical lot; the answer still names the amount bought.
    assert [(row["amount"], row["transaction_type"]) for row in answer] == [(4, "purchase")]
    assert [lot["amount"] for lot in pantry.lots(product)] == [Decimal(5)]
    gp.stock.undo_transaction(answer[0]["transaction_id"])
    assert pantry.total(product) == 1
    with pytest.raises(GPError) as refused:
        gp.stock.undo_transaction(answer[0]["transaction_id"])
    assert refused.value.status_code == 400 and refused.value.message


def test_a_grocy_write_undone_on_the_device_with_pantry_undo(p2, gp, household, pantry):
    product, grocy_id, _ = household.product("Honey", stock=2)
    answer = p2.add_product(grocy_id, 3, None)
    transaction = answer[0]["transaction_id"]
    pantry.sync()
    booked = {entry["transactionId"]: entry for entry in pantry.history()}
    assert booked[transaction]["author"].startswith("grocy:") and booked[transaction]["undoable"]
    pantry.run("undo", transaction)
    assert pantry.total(product) == 2
    assert gp.stock.product(grocy_id).available_amount == 2
    with pytest.raises(GPError) as refused:
        gp.stock.undo_transaction(transaction)
    assert refused.value.status_code == 400 and refused.value.message


def test_a_device_write_undone_through_the_api(gp, household, pantry):
    product, grocy_id, _ = household.product("Walnuts", stock=1)
    pantry.run("stock", "consume", product, "1")
    pantry.sync()
    transaction = pantry.history(limit=1)[0]["transactionId"]
    assert pantry.total(product) == 0
    # The device's booking reads through Grocy's stock log as a consumption of the lot.
    rows = gp.stock.transaction(transaction)
    assert [(row.product_id, row.amount, row.transaction_type.value) for row in rows] == [(grocy_id, -1, "consume")]
    gp.stock.undo_transaction(transaction)
    assert pantry.total(product) == 1
    assert gp.stock.product(grocy_id).available_amount == 1
