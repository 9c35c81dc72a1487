"""The generic checks every game must pass.

The test suite runs :func:`check_game` for every registered game at every player count. A
failure raises :class:`ConformanceError` naming the game, seed, step and what went wrong, with the
record so far so it can be replayed.

Hidden information (:func:`check_hidden_information`, and a lighter form in every probe): whatever a seat
is shown or offered must be a function of what it may see. ``resample(seat)`` redraws everything the seat
cannot see, so the seat's view, the log it reads, its legal actions (texts, in order) and who must decide
(``to_act``) must all come out the same; and, looking a few actions ahead with the same dice, two worlds
the seat cannot tell apart must keep asking the same seats the same decisions for as long as the seat
still cannot tell them apart (a rule that silently decides for a player because of his hidden cards tells
the table about them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca.core.errors import IllegalAction
from ludoteca.core.game import Action, Game, State
from ludoteca.core.record import replay
from ludoteca.core.registry import load_game
from ludoteca.core.rng import Rng


class ConformanceError(AssertionError):
    """A game broke the core contract."""


@dataclass
class Report:
    """What a conformance run covered."""

    games: int = 0
    actions: int = 0
    probes: int = 0


def _fail(state: State, message: str) -> ConformanceError:
    record = json.dumps(state.record())
    return ConformanceError(f"{state.game.id} ({state.players} players, seed {state.seed}): {message}\n{record}")


def _snapshot(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    views = [state.view(None)] + [state.view(seat) for seat in range(state.players)]
    return json.dumps({"record": state.record(), "views": views, "log": state.log}, sort_keys=True)


def _check_json(state: State, value: Any, what: str) -> None:
    try:
        again = json.loads(json.dumps(value))
    except (TypeError, ValueError) as error:
        raise _fail(state, f"{what} is not JSON-serialisable: {error}") from error
    if again != value:
        raise _fail(state, f"{what} does not survive a JSON round-trip")


def _probe(state: State, pick: Rng) -> None:
    """Clone independence, view/record JSON, resample keeping the view, illegal input rejected."""
    waiting = state.to_act()
    for seat in [None, *range(state.players)]:
        _check_json(state, state.view(seat), f"view({seat})")
    _check_json(state, state.record(), "record()")

    before = _snapshot(state)
    twin = state.clone()
    seat = waiting[0]
    twin.apply(seat, pick.pick(twin.legal_actions(seat)))
    if _snapshot(state) != before:
        raise _fail(state, "applying an action to a clone changed the original")

    for seat in range(state.players):
        check_resample_hides(state, seat, random.Random(pick.next64()))

    bad_inputs: list[tuple[int, str]] = [(seat, "~ no such action ~") for seat in waiting]
    someone_elses = state.legal_actions(waiting[0])[0].text
    bad_inputs += [(seat, someone_elses) for seat in range(state.players) if seat not in waiting]
    bad_inputs.append((state.players, "~ no such seat ~"))
    for seat, text in bad_inputs:
        try:
            state.apply(seat, text)
        except IllegalAction as error:
            if not str(error):
                raise _fail(state, f"IllegalAction for seat {seat} {text!r} gives no reason") from error
        else:
            raise _fail(state, f"seat {seat} was allowed to play {text!r}")
        if _snapshot(state) != before:
            raise _fail(state, f"a rejected action (seat {seat}: {text!r}) changed the state")


def _seen(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` observes now, part by part: its view, the log it reads, its options and who decides."""
    return {
        "view": state.view(seat),
        "visible_log": state.visible_log(seat),
        "legal_actions": [action.text for action in state.legal_actions(seat)],
        "to_act": state.to_act(),
    }


def _differences(before: dict[str, Any], after: dict[str, Any]) -> str:
    changed = [part for part in before if before[part] != after[part]]
    shown = {
        part: (json.dumps(before[part], sort_keys=True), json.dumps(after[part], sort_keys=True)) for part in changed
    }
    return "; ".join(f"{part}: {old[:300]} -> {new[:300]}" for part, (old, new) in shown.items())


def check_resample_hides(state: State, seat: int, rng: random.Random) -> None:
    """Redrawing what ``seat`` cannot see (``resample`` on a clone) changes nothing it observes: its view, the
    log it reads, its legal actions (texts, in order) and ``to_act()``."""
    twin = state.clone()
    before = _seen(state, seat)
    twin.resample(seat, rng)
    after = _seen(twin, seat)
    if after != before:
        raise _fail(state, f"resample({seat}) changed what seat {seat} observes: {_differences(before, after)}")


def _observed(state: State, seat: int, start: int) -> list[Any]:
    """What ``seat`` has learnt since the log held ``start`` events: its view (less ``decision``, the view's copy
    of who must decide, compared on its own) and the new log events it reads."""
    view = dict(state.view(seat))
    view.pop("decision", None)
    return [view, [e for e in state.log[start:] if "seats" not in e or seat in e["seats"]]]


def _asked(state: State, seat: int) -> dict[str, Any]:
    """Who must decide what, as ``seat`` sees it: ``to_act()``, the view's ``decision`` and, if it is to act,
    its own options."""
    waiting = state.to_act()
    return {
        "to_act": waiting,
        "decision": state.view(seat).get("decision"),
        "legal_actions": [a.text for a in state.legal_actions(seat)] if seat in waiting else [],
    }


def _made_for(waiting: State, seat: int, start: int, events: list[Any], events_on: list[Any]) -> str | None:
    """The answer the other world gave, unasked, to the decision ``waiting`` asks, if it did: ``waiting``'s log
    (``events``, as ``seat`` reads it since ``start``) is all at the start of the other world's (``events_on``),
    and one of the waiting seat's options, taken, logs next what the other world logged next (what follows
    may differ: it may reveal the hidden cards, as "Trading ends." is followed by the calamities held)."""
    if waiting.is_over() or len(events) >= len(events_on) or events_on[: len(events)] != events:
        return None
    actor = waiting.to_act()[0]
    for action in waiting.legal_actions(actor):
        twin = waiting.clone()
        twin.apply(actor, action.text)
        after = _observed(twin, seat, start)[1]
        if len(after) > len(events) and after[len(events)] == events_on[len(events)]:
            return action.text
    return None


def check_lockstep(state: State, seat: int, rng: random.Random, horizon: int = 4) -> int:
    """Two worlds ``seat`` cannot tell apart keep asking the same seats the same decisions.

    One world is a clone of ``state``, the other a clone resampled for ``seat`` with the same dice to come
    (only the hidden cards differ). Both play the same actions (each a random one of the acting seat's
    options in both worlds) for up to ``horizon`` actions, while ``seat`` has learnt the same in both (view
    and readable log). As long as it has, who must decide, the decision shown and ``seat``'s own options
    must be the same: a difference tells ``seat`` something about the hidden cards the rules did not show.

    Once ``seat`` has learnt different things the worlds may part, as the rules reveal cards; but not when
    one world still waits for a player's decision while the other has gone on, logging what that player
    could have answered (``_made_for``): the rules then decided for a player, because of his hidden cards,
    what they let him decide in the other world, and everybody saw it. Returns the number of actions played.
    """
    same = state.clone()
    other = state.clone()
    other.resample(seat, rng)
    other.rng = state.rng.clone()
    start = len(state.log)
    played: list[tuple[int, str]] = []
    for _ in range(horizon + 1):
        seen, seen_other = _observed(same, seat, start), _observed(other, seat, start)
        if seen != seen_other:
            for waiting, events, events_on in (
                (same, seen[1], seen_other[1]),
                (other, seen_other[1], seen[1]),
            ):
                made = _made_for(waiting, seat, start, events, events_on)
                if made is not None:
                    raise _fail(
                        state,
                        f"with hidden cards redrawn for seat {seat} and the same dice, after {played} one world asks"
                        f" seat(s) {waiting.to_act()} to decide {json.dumps(waiting.view(seat).get('decision'))}"
                        f" while the other decided it for them ({made!r}) and went on: {events_on[len(events) :][:3]}",
                    )
            break
        if same.is_over() and other.is_over():
            break
        asked, asked_other = _asked(same, seat), _asked(other, seat)
        if asked != asked_other:
            raise _fail(
                state,
                f"with hidden cards redrawn for seat {seat} and the same dice, after {played} seat {seat} saw the"
                f" same but was shown different decisions: {_differences(asked, asked_other)}",
            )
        if len(played) == horizon:
            break
        actor = same.to_act()[0]
        theirs = {action.text for action in other.legal_actions(actor)}
        common = [action for action in same.legal_actions(actor) if action.text in theirs]
        if not common:
            break
        action = common[rng.randrange(len(common))]
        same.apply(actor, action.text)
        other.apply(actor, action.text)
        played.append((actor, action.text))
    return len(played)


Chooser = Callable[[State, int], Action]
"""Picks an action for a seat (an agent's ``choose``): the policy that makes the positions checked."""


def check_hidden_information(
    game_id: str | Game,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seeds: range | list[int] = range(2),
    choose: Chooser | None = None,
    probe_every: int = 10,
    max_actions: int = 2_000,
    horizon: int = 4,
    probe_from: int = 0,
) -> Report:
    """Play games (random, or by ``choose``) and, every ``probe_every`` actions from action ``probe_from`` on,
    check for every seat that resampling hides everything it cannot see (:func:`check_resample_hides`), and
    for one seat in turn that the next ``horizon`` actions ask nothing that depends on it
    (:func:`check_lockstep`). Seeded and deterministic."""
    game = game_id if isinstance(game_id, Game) else load_game(game_id, players, options)
    total = Report()
    for seed in seeds:
        state = game.new_state(seed=seed)
        chooser = Rng(seed + 2_000_003)
        total.games += 1
        for step in range(max_actions):
            if state.is_over():
                break
            if step >= probe_from and step % probe_every == 0:
                for seat in range(state.players):
                    check_resample_hides(state, seat, random.Random(chooser.next64()))
                check_lockstep(state, total.probes % state.players, random.Random(chooser.next64()), horizon)
                total.probes += 1
            seat = chooser.pick(state.to_act())
            if choose is None:
                state.apply(seat, chooser.pick(state.legal_actions(seat)))
            else:
                state.apply(seat, choose(state, seat))
            total.actions += 1
    return total


def play_random(state: State, seed: int, max_actions: int, probe_every: int = 0) -> Report:
    """Play ``state`` to the end with uniformly random legal actions, checking as it goes."""
    report = Report(games=1)
    chooser = Rng(seed)
    while not state.is_over():
        waiting = state.to_act()
        if not waiting:
            raise _fail(state, "nobody is to act but the game is not over")
        if report.actions >= max_actions:
            raise _fail(state, f"the game did not end within {max_actions} actions")
        if probe_every and report.actions % probe_every == 0:
            _probe(state, chooser)
            report.probes += 1
        seat = chooser.pick(waiting)
        legal = state.legal_actions(seat)
        if not legal:
            raise _fail(state, f"seat {seat} must act but has no legal action")
        texts = [action.text for action in legal]
        if len(set(texts)) != len(texts):
            raise _fail(state, f"seat {seat} has two legal actions with the same text: {texts}")
        action = chooser.pick(legal)
        if state.parse_action(seat, action.text) != action:
            raise _fail(state, f"parse_action does not read back {action.text!r}")
        state.apply(seat, action)
        report.actions += 1
    if state.to_act():
        raise _fail(state, "the game is over but to_act() is not empty")
    return report


def check_result(state: State) -> None:
    """The result has scores per seat, a ranking covering every seat once, and winners ranked first."""
    result = state.result()
    _check_json(state, result, "result()")
    if len(result.get("scores", [])) != state.players:
        raise _fail(state, f"result scores {result.get('scores')} do not have one entry per seat")
    ranked = sorted(seat for group in result["ranking"] for seat in group)
    if ranked != list(range(state.players)):
        raise _fail(state, f"result ranking {result['ranking']} does not list every seat exactly once")
    if sorted(result["winners"]) != sorted(result["ranking"][0]):
        raise _fail(state, f"winners {result['winners']} are not the first rank {result['ranking'][0]}")


def check_replay(state: State) -> None:
    """Replaying the record gives identical views, log and result."""
    again = replay(json.loads(json.dumps(state.record())))
    if _snapshot(again) != _snapshot(state):
        raise _fail(state, "replaying the record does not rebuild the same state")
    if state.is_over() and again.result() != state.result():
        raise _fail(state, "replaying the record gives a different result")


def check_game(
    game_id: str | Game,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    seeds: range | list[int] = range(3),
    max_actions: int = 20_000,
    probe_every: int = 50,
) -> Report:
    """Run every generic check on ``game_id`` for the given seeds; return what was covered."""
    game = game_id if isinstance(game_id, Game) else load_game(game_id, players, options)
    total = Report()
    for seed in seeds:
        state = game.new_state(seed=seed)
        report = play_random(state, seed=seed + 1_000_003, max_actions=max_actions, probe_every=probe_every)
        check_result(state)
        check_replay(state)
        total.games += report.games
        total.actions += report.actions
        total.probes += report.probes
    return total
