"""The Grocy API's integer ids across a server restart, and its writes under concurrency: parallel consumes book no
more than the household holds, and a retry storm with one request id books once — checked on the `pantry` device."""

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal

from conftest import api
from grocy.errors import GrocyError as GPError


def ids_by_name():
    """Every object's id the API answers, keyed by what it names (stable across restarts)."""
    ids = {}
    for row in api("GET", "objects/products").json():
        ids[("product", row["name"])] = row["id"]
    for row in api("GET", "objects/locations").json():
        ids[("location", row["name"])] = row["id"]
    for row in api("GET", "objects/quantity_units").json():
        ids[("unit", row["name"])] = row["id"]
    for row in api("GET", "objects/product_barcodes").json():
        ids[("barcode", row["barcode"])] = row["id"]
    for row in api("GET", "objects/shopping_list").json():
        ids[("shopping item", row["note"] or row["product_id"], row["row_created_timestamp"])] = row["id"]
    return ids


def test_ids_are_the_same_after_a_server_restart_and_new_ones_are_never_reused(gp, household, pantry, server):
    _, grocy_id, _ = household.product("Restart probe", stock=1)
    gp.shopping_list.add_product(grocy_id, amount=1)
    pantry.run("shopping-list", "add", "restart note")
    pantry.sync()
    before = ids_by_name()
    kinds = {key[0] for key in before}
    assert kinds == {"product", "location", "unit", "barcode", "shopping item"}, kinds
    server.restart()
    assert ids_by_name() == before
    _, new_id, _ = household.product("After restart")
    assert new_id not in before.values()
    assert gp.stock.product(grocy_id).name == "Restart probe"


def test_twenty_parallel_consumes_of_a_tenth_from_one_piece_book_exactly_ten(gp, household, pantry):
    product, grocy_id, _ = household.product("Chocolate", stock=1)
    assert pantry.total(product) == Decimal(1)
    start = threading.Barrier(20, timeout=30)

    def consume(_):
        start.wait()
        try:
            gp.stock.consume(grocy_id, 0.1)
            return 200, None
        except GPError as error:
            return error.status_code, error.message

    with ThreadPoolExecutor(max_workers=20) as pool:
        outcomes = list(pool.map(consume, range(20), timeout=120))
    booked = [outcome for outcome in outcomes if outcome[0] == 200]
    refused = [outcome for outcome in outcomes if outcome[0] != 200]
    assert len(booked) == 10, outcomes
    assert all(status == 400 and message for status, message in refused), refused
    assert pantry.total(product) == 0
    assert grocy_id not in {line.id for line in gp.stock.current()}


def test_twenty_parallel_retries_of_one_add_with_one_request_id_book_one_lot(gp, household, pantry):
    product, grocy_id, _ = household.product("Retry storm")
    request_id = str(uuid.uuid4())
    start = threading.Barrier(20, timeout=30)

    def add(_):
        start.wait()
        answer = api("POST", f"stock/products/{grocy_id}/add", headers={"X-Request-ID": request_id},
                     json={"amount": 1, "transaction_type": "purchase", "price": None})
        return answer.status_code, answer.json()

    with ThreadPoolExecutor(max_workers=20) as pool:
        outcomes = list(pool.map(add, range(20), timeout=120))
    assert {status for status, _ in outcomes} == {200}, outcomes
    transactions = {rows[0]["transaction_id"] for _, rows in outcomes if rows}
    assert len(transactions) == 1, outcomes
    assert [lot["amount"] for lot in pantry.lots(product)] == [Decimal(1)]
    # The same key on Idempotency-Key books once more nothing; a new key books again.
    again = api("POST", f"stock/products/{grocy_id}/add", headers={"Idempotency-Key": request_id},
                json={"amount": 1, "price": None})
    assert again.status_code == 200 and again.json()[0]["transaction_id"] in transactions
    api("POST", f"stock/products/{grocy_id}/add", headers={"X-Request-ID": str(uuid.uuid4())}, json={"amount": 1})
    assert pantry.total(product) == 2
