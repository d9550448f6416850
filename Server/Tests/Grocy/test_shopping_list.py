"""The shopping list through pygrocy2's and grocy-py's own methods — add-product, remove-product, clear,
add-missing-products, PUT done and DELETE of objects/shopping_list/{id}, a `query[]=` filter — each checked on the
`pantry` device's shopping list after `pantry sync`, and the device's own items read through the clients."""

from decimal import Decimal

import pytest
from conftest import api
from grocy.data_models.generic import EntityType as GPEntity
from pygrocy2.errors import GrocyError
from pygrocy2.data_models.generic import EntityType as P2Entity


@pytest.fixture
def empty_list(p2, pantry):
    """The household's shopping list emptied through the API (Grocy's clear), as the device then sees it."""
    p2.clear_shopping_list()
    assert pantry.shopping() == []
    return pantry


def items_of(gp, grocy_id):
    return gp.shopping_list.items(query_filters=[f"product_id={grocy_id}"])


def test_add_product_puts_an_item_on_the_devices_list_and_the_clients_read_it_back(p2, gp, household, empty_list):
    product, grocy_id, _ = household.product("Bananas")
    other, other_id, _ = household.product("Coffee")
    p2.add_product_to_shopping_list(grocy_id, 1, 3)
    gp.shopping_list.add_product(other_id, amount=2)
    assert empty_list.shopping() == sorted([(product, Decimal(3)), (other, Decimal(2))])
    detailed = {item.product_id: item for item in p2.shopping_list(get_details=True)}
    assert detailed[grocy_id].amount == 3 and detailed[grocy_id].product.name == "Bananas"
    [coffee] = items_of(gp, other_id)
    assert coffee.amount == 2 and coffee.done is False


def test_an_item_the_device_adds_reads_through_the_clients_with_its_note(p2, gp, empty_list):
    empty_list.run("shopping-list", "add", "birthday candles")
    empty_list.sync()
    rows = gp.generic.list(GPEntity.SHOPPING_LIST, query_filters=["note=birthday candles"])
    assert len(rows) == 1 and rows[0]["product_id"] is None and rows[0]["shopping_list_id"] == 1
    assert [item.note for item in p2.shopping_list()] == ["birthday candles"]


def test_remove_product_takes_the_amount_off_and_the_rest_stays(p2, gp, household, empty_list):
    product, grocy_id, _ = household.product("Lemons")
    gp.shopping_list.add_product(grocy_id, amount=3)
    p2.remove_product_in_shopping_list(grocy_id, amount=1)
    assert empty_list.shopping() == [(product, Decimal(2))]
    gp.shopping_list.remove_product(grocy_id, amount=2)
    assert empty_list.shopping() == []


def test_put_done_checks_an_item_off_and_not_done_leaves_it(p2, gp, household, empty_list):
    product, grocy_id, _ = household.product("Pasta")
    gp.shopping_list.add_product(grocy_id, amount=1)
    [item] = items_of(gp, grocy_id)
    row = gp.generic.get(GPEntity.SHOPPING_LIST, item.id)
    assert (row["product_id"], row["amount"], row["done"]) == (grocy_id, 1, 0)
    gp.shopping_list.mark_item_done(item.id, False)
    assert empty_list.shopping() == [(product, Decimal(1))]
    gp.shopping_list.mark_item_done(item.id, True)
    assert empty_list.shopping() == []
    assert api("PUT", f"objects/shopping_list/{item.id}", json={"done": 1}).status_code == 400


def test_delete_removes_the_item_from_the_devices_list(p2, gp, household, empty_list):
    product, grocy_id, _ = household.product("Flour")
    other, other_id, _ = household.product("Sugar")
    p2.add_product_to_shopping_list(grocy_id, amount=1)
    p2.add_product_to_shopping_list(other_id, amount=1)
    [flour] = items_of(gp, grocy_id)
    [sugar] = items_of(gp, other_id)
    answer = api("DELETE", f"objects/shopping_list/{flour.id}")
    assert answer.status_code == 204
    gp.generic.delete(GPEntity.SHOPPING_LIST, sugar.id)
    assert empty_list.shopping() == []
    with pytest.raises(GrocyError) as refused:
        p2.delete_generic(P2Entity.SHOPPING_LIST, sugar.id)
    assert refused.value.status_code == 400 and refused.value.message


def test_add_missing_products_lists_what_is_below_minimum_once(p2, gp, household, empty_list):
    product, grocy_id, _ = household.product("Toilet paper", stock=1, settings=("--minimum", "4"))
    gp.shopping_list.add_missing_products()
    listed = [(key, amount) for key, amount in empty_list.shopping() if key == product]
    assert listed == [(product, Decimal(3))]
    p2.add_missing_product_to_shopping_list()
    assert [entry for entry in empty_list.shopping() if entry[0] == product] == listed
    assert [item.amount for item in items_of(gp, grocy_id)] == [3]


def test_clear_empties_the_devices_list(p2, gp, household, empty_list):
    product, grocy_id, _ = household.product("Soap")
    gp.shopping_list.add_product(grocy_id, amount=2)
    empty_list.run("shopping-list", "add", "matches")
    empty_list.sync()
    assert len(empty_list.shopping()) == 2
    gp.shopping_list.clear()
    assert empty_list.shopping() == []
    assert p2.shopping_list() == []


def test_another_shopping_list_than_the_one_is_refused(p2, household):
    _, grocy_id, _ = household.product("Candles")
    with pytest.raises(GrocyError) as refused:
        p2.add_product_to_shopping_list(grocy_id, shopping_list_id=2, amount=1)
    assert refused.value.status_code == 400 and "shopping list" in refused.value.message
