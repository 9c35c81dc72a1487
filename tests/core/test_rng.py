"""The generator must give the same numbers on every machine and Python version."""

from __future__ import annotations

import pytest

from ludoteca.core import FAST, KEYED, KeyedRng, Rng, ScriptError, derive_seed, keyed_seed, make_rng


def test_known_sequence_never_changes() -> None:
    # Golden values: if these change, every stored record stops replaying.
    rng = Rng(0)
    assert [rng.roll(6) for _ in range(10)] == [2, 1, 2, 5, 2, 1, 6, 3, 6, 3]
    rng = Rng(12345)
    assert [rng.next64() for _ in range(2)] == [4288489924094600425, 15822656340845146212]


def test_same_seed_same_rolls_and_clone_continues_identically() -> None:
    a, b = Rng(99), Rng(99)
    assert a.roll_many(50, 10) == b.roll_many(50, 10)
    twin = a.clone()
    assert [a.roll(8) for _ in range(20)] == [twin.roll(8) for _ in range(20)]


def test_rolls_cover_every_face_and_stay_in_range() -> None:
    rng = Rng(3)
    faces = [rng.roll(6) for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_scripted_dice_come_first_then_the_generator() -> None:
    rng = Rng(5, script=[6, 1, 4])
    plain = Rng(5)
    assert rng.roll_many(3, 6) == [6, 1, 4]
    assert rng.roll(6) == plain.roll(6)


def test_scripted_pick_is_a_roll_of_an_n_sided_die() -> None:
    assert Rng(0, script=[3]).pick(["a", "b", "c"]) == "c"


def test_a_scripted_pick_among_one_takes_no_die() -> None:
    """The only candidate needs no die: a scenario's script is not spent on it (it once took a "d1" from it)."""
    rng = Rng(0, script=[3])
    assert rng.pick(["only"]) == "only" and rng.script == [3]
    assert rng.pick(["a", "b", "c"]) == "c" and rng.script == []
    unscripted, twin = Rng(5), Rng(5)
    unscripted.pick(["only"])
    twin.roll(1)
    assert unscripted.state == twin.state  # without a script, still a roll: unscripted games are unchanged


def test_scripted_die_out_of_range_is_a_clear_error() -> None:
    with pytest.raises(ScriptError, match="scripted die 9 cannot be the result of a d6"):
        Rng(0, script=[9]).roll(6)


def test_shuffle_is_deterministic() -> None:
    first, second = list(range(20)), list(range(20))
    Rng(8).shuffle(first)
    Rng(8).shuffle(second)
    assert first == second and sorted(first) == list(range(20)) and first != list(range(20))


def test_derived_seeds_are_distinct_and_stable() -> None:
    seeds = [derive_seed(42, i) for i in range(100)]
    assert len(set(seeds)) == 100
    assert seeds == [derive_seed(42, i) for i in range(100)]


def test_a_clone_keeps_its_own_copy_of_the_script() -> None:
    rng = Rng(1, [3, 4])
    twin = rng.clone()
    assert rng.roll(6) == 3 and twin.script == [3, 4]
    assert twin.roll(6) == 3 and twin.roll(6) == 4 and rng.script == [4]
    empty = Rng(2).clone()
    empty.script.append(5)  # a clone of an unscripted generator still has a list of its own
    assert Rng(2).script == [] and empty.roll(6) == 5


# ---------------------------------------------------------------- the keyed generator (server games)
def test_keyed_generator_known_sequence_never_changes() -> None:
    # Golden values: a finished server game's record names "blake2b"; if these change it stops replaying.
    rng = KeyedRng(2**127 + 3)
    assert [rng.roll(6) for _ in range(10)] == [6, 6, 4, 3, 1, 2, 1, 3, 2, 5]
    assert [KeyedRng(0).next64(), KeyedRng(0).next64()] == [11540845878689882883, 11540845878689882883]
    rng = KeyedRng(0)
    assert [rng.next64() for _ in range(2)] == [11540845878689882883, 9384280603477711296]
    assert keyed_seed(2**127 + 3, "seat 1") == 7374595972665321425


def test_keyed_generator_clones_scripts_and_counts_its_draws() -> None:
    rng = KeyedRng(2**200, script=[3])
    assert rng.roll(6) == 3 and rng.state == 0  # a scripted die draws nothing
    twin = rng.clone()
    assert [rng.roll(20) for _ in range(30)] == [twin.roll(20) for _ in range(30)]
    assert rng.state == twin.state >= 30
    assert KeyedRng(1).roll_many(20, 6) != KeyedRng(2).roll_many(20, 6)
    assert sorted(set(KeyedRng(5).roll_many(600, 6))) == [1, 2, 3, 4, 5, 6]


def test_keyed_seeds_are_not_the_invertible_derivation() -> None:
    # derive_seed is SplitMix mixing, which can be run backwards; a bot seeded from a secret master
    # must not lead back to it, so the server derives bots' seeds by hashing.
    master = 2**128 - 159
    assert keyed_seed(master, "seat 0") != keyed_seed(master, "seat 1")
    assert keyed_seed(master, "seat 0") != derive_seed(master, 0)
    assert 0 <= keyed_seed(master, "seat 0") < 2**63


def test_make_rng_names_its_generators() -> None:
    assert type(make_rng(FAST, 1)) is Rng and type(make_rng(KEYED, 1)) is KeyedRng
    with pytest.raises(ValueError, match="unknown generator 'mt'"):
        make_rng("mt", 1)
