"""The test examples the seed documents print, reproduced exactly."""

from fairdice.dice import keyed_mac
from fairdice.schemes import bg, narde
from fairdice.seal import seal_of

KEY = bytes(range(32))


def test_seal_of_the_shared_key_is_the_documents_fingerprint() -> None:
    assert seal_of(KEY) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"


def test_bg_dice_v1_examples() -> None:
    mac = keyed_mac(KEY)
    assert bg.dice_for(mac, "bg-dice-v1:opening:0") == (4, 6)
    assert bg.dice_for(mac, "bg-dice-v1:turn:1") == (5, 4)
    assert bg.dice_for(mac, "bg-dice-v1:turn:2") == (1, 3)


def test_narde_v1_examples() -> None:
    mac = keyed_mac(KEY)
    assert [narde.roll(mac, "test", i).dice for i in range(3)] == [(1, 5), (4, 6), (3, 4)]
