"""Option values: every bad one is a :class:`BadOptions` naming the option, the value and what would do.

Issue #20: a lobby sent ``turn_limit`` values the game could not use. The core is the last gate before a
game (``load_game``, the server, the CLI and replays all pass through ``OptionSpec.check``), so whatever
the client does, a value that is not the option's type must be refused here with a readable reason, never
converted into something else (``2.5`` into ``2``, ``True`` into ``1``) nor let through to fail later with
another exception (an ``OverflowError`` for infinity, a ``TypeError`` for a list of options).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

import ludoteca
from ludoteca.core import BadOptions, OptionSpec, list_games
from ludoteca.core.registry import game_class

NOT_WHOLE_NUMBERS: list[Any] = ["abc", "", "  ", "2.5", "1e3", "ten", 2.5, -0.5, True, False, math.inf, -math.inf,
                                math.nan, [10], {"turns": 10}]


@pytest.mark.parametrize("value", NOT_WHOLE_NUMBERS, ids=repr)
def test_an_int_option_refuses_what_is_not_a_whole_number(value: Any) -> None:
    with pytest.raises(BadOptions) as caught:
        ludoteca.load_game("advanced-civilization", 2, {"turn_limit": value})
    message = str(caught.value)
    assert "'turn_limit'" in message and repr(value) in message
    assert "whole number" in message and "null for none" in message  # what would do, including "no limit"


@pytest.mark.parametrize(("value", "expected"), [(12, 12), ("12", 12), (" 7 ", 7), (12.0, 12), (None, None)])
def test_an_int_option_takes_whole_numbers_and_none_when_allowed(value: Any, expected: int | None) -> None:
    game = ludoteca.load_game("advanced-civilization", 2, {"turn_limit": value})
    assert game.options["turn_limit"] == expected
    assert type(game.options["turn_limit"]) is type(expected)


def test_an_int_option_without_none_needs_a_value() -> None:
    with pytest.raises(BadOptions, match=r"option 'limit' needs a value \(a whole number such as 21\)"):
        ludoteca.load_game("blind-draw", 2, {"limit": None})


def test_the_game_adds_its_own_bounds_as_bad_options() -> None:
    with pytest.raises(BadOptions, match="turn_limit must be at least 1, not 0"):
        ludoteca.load_game("advanced-civilization", 2, {"turn_limit": 0})


@pytest.mark.parametrize("value", ["Main", "western", "", None, 1, True, ["main"], {"map": "main"}], ids=repr)
def test_a_choice_option_names_its_choices(value: Any) -> None:
    with pytest.raises(BadOptions, match=r"option 'map' .*choose one of 'main', 'main\+western'"):
        ludoteca.load_game("advanced-civilization", 2, {"map": value})


def test_a_choice_must_have_the_choices_type_too() -> None:
    spec = OptionSpec("size", 1, choices=(1, 2))
    assert spec.check(2) == 2
    for lookalike in (True, 1.0, "1"):  # equal to 1, or printed like it, but not the choice 1
        with pytest.raises(BadOptions, match="choose one of 1, 2"):
            spec.check(lookalike)


def test_a_text_option_refuses_what_is_not_text() -> None:
    spec = OptionSpec("name", "x")
    assert spec.check("y") == "y"
    for value in (1, ["y"], {"y": 1}, False):
        with pytest.raises(BadOptions, match="option 'name' must be a str"):
            spec.check(value)


def test_a_float_option_refuses_what_is_not_a_finite_number() -> None:
    spec = OptionSpec("pace", 1.5, kind=float)
    assert spec.check("2.25") == 2.25 and spec.check(3) == 3.0
    for value in ("fast", "", math.inf, math.nan, True, [1.0]):
        with pytest.raises(BadOptions, match="option 'pace' must be a float"):
            spec.check(value)


@pytest.mark.parametrize("options", [["turn_limit", 5], "turn_limit=5", 5, {5: "main"}], ids=repr)
def test_options_that_are_not_a_mapping_of_names_are_bad_options(options: Any) -> None:
    with pytest.raises(BadOptions, match="option"):
        ludoteca.load_game("advanced-civilization", 2, options)


@pytest.mark.parametrize("game_id", [g for g in list_games() if g != "blind-draw"])
def test_every_option_of_every_game_refuses_wrong_values_with_bad_options(game_id: str) -> None:
    """Only BadOptions ever comes out, whatever the value: the server turns it into a 400 with the reason."""
    cls = game_class(game_id)
    for spec in cls.option_specs:
        for value in [*NOT_WHOLE_NUMBERS, None, 10**30, "x" * 200]:
            try:
                game = ludoteca.load_game(game_id, None, {spec.name: value})
            except BadOptions as error:
                assert repr(spec.name) in str(error) or spec.name in str(error)
                continue
            accepted = game.options[spec.name]  # accepted: then it is a value the option allows, unchanged
            if spec.choices is not None:
                assert accepted in spec.choices
            elif accepted is None:
                assert spec.allow_none and value is None
            else:
                assert isinstance(accepted, spec.kind) and accepted == value
        for good in spec.choices or (spec.default,):
            assert ludoteca.load_game(game_id, None, {spec.name: good}).options[spec.name] == good
