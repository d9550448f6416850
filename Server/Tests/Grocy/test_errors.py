"""Errors in Grocy's dialect, as the clients read them: a bad key is a 401 with an empty body (a GrocyError, not a
KeyError), a refused request is a 400 with `error_message`, and calls outside the subset say so instead of
answering an empty 200."""

import grocy
import pygrocy2
import pytest
from conftest import PORT, api
from grocy.errors import GrocyError as GPError
from pygrocy2.errors import GrocyError


def test_a_bad_key_is_401_with_an_empty_body_and_a_grocy_error_in_both_clients(server):
    for key in ("not-a-token", None):
        answer = api("GET", "stock", key=key)
        assert answer.status_code == 401 and answer.content == b""
    with pytest.raises(GrocyError) as refused:
        pygrocy2.Grocy("http://127.0.0.1", "not-a-token", port=PORT).stock()
    assert refused.value.status_code == 401 and refused.value.message is None
    with pytest.raises(GPError) as refused:
        grocy.Grocy("http://127.0.0.1", "not-a-token", port=PORT).shopping_list.add_product(1, amount=1)
    assert refused.value.status_code == 401


def test_an_unknown_product_id_or_barcode_is_400_with_an_error_message(p2, gp):
    with pytest.raises(GrocyError) as refused:
        p2.product(2_000_000_000)
    assert refused.value.status_code == 400 and "2000000000" in refused.value.message
    with pytest.raises(GPError) as refused:
        gp.stock.product_by_barcode("4000000000006")
    assert refused.value.status_code == 400 and refused.value.message
    answer = api("POST", "stock/products/2000000000/add", json={"amount": 1})
    assert answer.status_code == 400 and answer.json()["error_message"]


def test_calls_outside_the_subset_are_400_not_supported_never_an_empty_200(p2, gp):
    with pytest.raises(GrocyError) as refused:
        p2.chores()
    assert (refused.value.status_code, refused.value.message) == (400, "not supported by InventoryKit")
    with pytest.raises(GPError) as refused:
        gp.batteries.list()
    assert (refused.value.status_code, refused.value.message) == (400, "not supported by InventoryKit")
    for method, path in (("GET", "batteries"), ("GET", "tasks"), ("POST", "objects/products"),
                         ("GET", "objects/recipes"), ("PUT", "objects/locations/1")):
        answer = api(method, path, json={})
        assert answer.status_code == 400, (method, path, answer.status_code)
        assert answer.json() == {"error_message": "not supported by InventoryKit"}, (method, path)


def test_a_malformed_write_is_400_with_an_error_message(household):
    _, grocy_id, _ = household.product("Malformed probe", stock=1)
    for body in ({"amount": "a lot"}, {}):
        answer = api("POST", f"stock/products/{grocy_id}/consume", json=body)
        assert answer.status_code == 400 and answer.json()["error_message"], body
    answer = api("POST", f"stock/products/{grocy_id}/consume", data="[1, 2", headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error_message"]


def test_an_add_that_names_no_location_for_a_product_without_a_default_one_is_refused(p2, household, pantry):
    # Grocy's product always has a location; the kit's may not, and the household has several to choose from.
    product, grocy_id, _ = household.product("Nowhere", default_location=None)
    with pytest.raises(GrocyError) as refused:
        p2.add_product(grocy_id, 1, None)
    assert refused.value.status_code == 400 and "location_id" in refused.value.message
    cellar = api("GET", "objects/locations", params={"query[]": "name=Cellar"}).json()[0]["id"]
    answer = api("POST", f"stock/products/{grocy_id}/add", json={"amount": 1, "location_id": cellar})
    assert answer.status_code == 200 and answer.json()[0]["location_id"] == cellar
    assert [lot["location"] for lot in pantry.lots(product)] == ["Cellar"]
