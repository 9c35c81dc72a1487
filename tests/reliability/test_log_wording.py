"""Every game's log and action texts read as English: the check of issue #22, "The log and the prompts".

Random and heuristic bots play short games of every game, every variant and board option, at two and
at three or more players; every log line (public and private), every legal action text offered on the
way and every prompt a seat's view shows is held to the rules below, and each offence is reported with
its game, seed and line:

- a count and its noun agree ("1 pieces", "2 piece", "1 unit points" fail) for the games' own nouns;
- no "(s)" hedging, no Python reprs: no "[", "{", and no "None", "True" or "False" as a word;
- "a" and "an" follow the next word's sound (``ludoteca.core.wording.article``): "a Ottoman piece" fails;
- nothing said twice: no sentence twice in one line, no word twice in a row ("seat 2 2 against"), no
  line twice in a row from the same action;
- no internal names: no snake_case words, no build kind's key ("choose what to build (military)").

The games write their sentences with :mod:`ludoteca.core.wording`, which these rules mirror.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import pytest

from ludoteca.agents import make_agent
from ludoteca.core import State, game_class, list_games, load_game
from ludoteca.core.wording import article

# --------------------------------------------------------------------------- the rules

_NOUNS: dict[str, str] = {
    "action": "actions",
    "advance": "advances",
    "area": "areas",
    "army": "armies",
    "attack": "attacks",
    "build": "builds",
    "calamity": "calamities",
    "card": "cards",
    "catastrophe": "catastrophes",
    "city": "cities",
    "commodity": "commodities",
    "conflict": "conflicts",
    "conquest": "conquests",
    "die": "dice",
    "faction": "factions",
    "horde": "hordes",
    "kingdom": "kingdoms",
    "leader": "leaders",
    "loss": "losses",
    "monument": "monuments",
    "move": "moves",
    "piece": "pieces",
    "player": "players",
    "point": "points",
    "region": "regions",
    "ship": "ships",
    "space": "spaces",
    "step": "steps",
    "supporter": "supporters",
    "tile": "tiles",
    "time": "times",
    "token": "tokens",
    "trade": "trades",
    "treasure": "treasures",
    "turn": "turns",
    "unit": "units",
    "wonder": "wonders",
}
"""The nouns the four games count, singular to plural: a figure before one of them must agree with it."""

_SINGULAR = set(_NOUNS)
_PLURAL = {plural: singular for singular, plural in _NOUNS.items()}

# A figure that is a label, not a count: "seat 2", "turn 3", "roll 5", "era 1"; so is a card's "#12".
_LABELS = {"seat", "turn", "roll", "round", "era", "step", "player", "level"}

# Words that may stand between a figure and its noun: "1 more piece", "2 Ottoman pieces".
_BETWEEN = {"more", "extra", "free", "new", "other", "fewer", "additional", "unit", "city", "victory"}

_NUMBER_THEN_WORDS = re.compile(r"(?<![\w.+\-#])([+\-]?\d+(?:\.\d+)?)(?![\w]|\.\d)((?: [A-Za-z][\w&'’]*){1,4})")
_WORD = re.compile(r"[A-Za-z][\w'’]*")
_ARTICLE = re.compile(r"(?:(?<![\w'’\-])(a|an)|(?:^|(?<=[.:;!?—] ))(A|An)) ([^\s]+)")
_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
_REPR_WORD = re.compile(r"\b(?:None(?! of)|True|False)\b")
_DOUBLED_WORD = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

_INTERNAL: dict[str, re.Pattern[str]] = {
    # Mankind's build kinds go by their names ("Military Unit"); the key in lower case is the code's.
    "mankind": re.compile(
        r"\((?:infrastructure|military|leader|wonder|technology|government)\)|\bmilitary\b(?! units?\b)"
    ),
}
"""Per game, internal keys that must not reach a player."""


def _agreement(text: str) -> list[str]:
    """Counts that disagree with their noun: "1 pieces", "2 piece", "1 unit points"."""
    found: list[str] = []
    for match in _NUMBER_THEN_WORDS.finditer(text):
        before = text[: match.start()].rstrip().rsplit(" ", 1)[-1].lower()
        if before in _LABELS:
            continue
        figure = match.group(1)
        if figure[0] in "+-":
            continue  # a modifier, "+1 card" (one from the card), not a count
        words = _WORD.findall(match.group(2))
        head: str | None = None
        for word in words:
            lower = word.lower()
            if lower in _SINGULAR or lower in _PLURAL:
                head = lower  # a noun; a following noun makes it a modifier ("unit points")
                continue
            if head is not None:
                break
            if lower in _BETWEEN or word[:1].isupper():
                continue
            break
        if head is None:
            continue
        one = figure.lstrip("+-") == "1"
        agrees = head in _SINGULAR if one else head in _PLURAL
        if not agrees:
            found.append(f"number-noun disagreement: {figure} {head}")
    return found


def _articles(text: str) -> list[str]:
    """An "a" or "an" that does not fit the sound of the next word."""
    found: list[str] = []
    for match in _ARTICLE.finditer(text):
        written = (match.group(1) or match.group(2)).lower()
        word = match.group(3)
        if not re.match(r"[\"'“‘(]?[A-Za-z0-9]", word):
            continue
        try:
            wanted = article(word)
        except ValueError:
            continue
        if wanted != written:
            found.append(f'"{written}" before "{word}" (wants "{wanted}")')
    return found


def _doubled(text: str) -> list[str]:
    """A sentence said twice in one line, or a word twice in a row."""
    found: list[str] = []
    sentences = [s.strip().rstrip(".;!?").strip().lower() for s in _SENTENCE_END.split(text)]
    seen: set[str] = set()
    for sentence in sentences:
        if len(sentence.split()) >= 2 and sentence in seen:
            found.append(f'sentence said twice: "{sentence}"')
        seen.add(sentence)
    for match in _DOUBLED_WORD.finditer(text):
        found.append(f'"{match.group(1)}" twice in a row')
    return found


def offences(game_id: str, text: str) -> list[str]:
    """Every rule of this module that ``text`` breaks, as short reasons ([] when it reads well)."""
    found = _agreement(text)
    if re.search(r"\w\((?:s|es)\)", text):
        found.append('"(s)"')
    if "[" in text or "{" in text:
        found.append("a bracket (a Python repr?)")
    found += [f'the word "{m.group(0)}" (a Python repr?)' for m in _REPR_WORD.finditer(text)]
    found += _articles(text)
    found += _doubled(text)
    found += [f'internal name "{m.group(0)}"' for m in _SNAKE.finditer(text)]
    internal = _INTERNAL.get(game_id)
    if internal is not None:
        found += [f'internal name "{m.group(0)}"' for m in internal.finditer(text)]
    return found


# --------------------------------------------------------------------------- the games played


@dataclass(frozen=True)
class Case:
    """One game to play: which, how many seats, with what options, by which bots, for how long."""

    game_id: str
    players: int
    agent: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    max_steps: int = 3000

    @property
    def name(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game_id}-{self.players}p-{self.agent}-s{self.seed}" + (f"-{options}" if options else "")


def batch_reports(where: str, game_id: str, events: list[dict[str, Any]]) -> list[str]:
    """The offences in the log lines one action wrote: each line's own, and a line twice in a row as some reader
    sees them (a private line goes to its ``seats`` only: two seats each told "You draw red." read it once)."""
    reports: list[str] = []
    for event in events:
        text = str(event.get("text", ""))
        reports.extend(f"{where}: log: {reason}: {text!r}" for reason in offences(game_id, text))
    readers: set[int | None] = {None} | {seat for event in events for seat in event.get("seats", ())}
    doubled: dict[str, None] = {}
    for reader in readers:
        seen = [e for e in events if "seats" not in e or (reader is not None and reader in e["seats"])]
        for previous, event in pairwise(seen):
            if previous.get("type") == event.get("type") and previous.get("text") == event.get("text"):
                doubled[str(event.get("text"))] = None
    reports += [f"{where}: log: the same line twice in a row from one action: {text!r}" for text in doubled]
    return reports


def prompts(view: Any) -> list[str]:
    """Every prompt in a view (a ``"prompt"`` text anywhere in it): the sentence that asks a seat to decide."""
    if isinstance(view, dict):
        found = [view["prompt"]] if isinstance(view.get("prompt"), str) else []
        return found + [text for value in view.values() for text in prompts(value)]
    if isinstance(view, list):
        return [text for value in view for text in prompts(value)]
    return []


def play_and_check(case: Case) -> list[str]:
    """Play ``case`` to its end (or ``max_steps``) and report every offending log line and action text."""
    state: State = load_game(case.game_id, case.players, case.options or None).new_state(seed=case.seed)
    agents = [make_agent(case.agent, case.seed * 31 + seat) for seat in range(case.players)]
    where = f"{case.name} (seed {case.seed})"
    reports = batch_reports(where, case.game_id, state.log)
    checked: set[tuple[str, str]] = set()
    for _ in range(case.max_steps):
        if state.is_over():
            break
        seat = state.to_act()[0]
        texts = [("action", str(action)) for action in state.legal_actions(seat)]
        texts += [("prompt", text) for text in prompts(state.view(seat))]
        for kind, text in texts:
            if (kind, text) not in checked:
                checked.add((kind, text))
                reports.extend(f"{where}: {kind}: {reason}: {text!r}" for reason in offences(case.game_id, text))
        before = len(state.log)
        state.apply_legal(seat, agents[seat].choose(state, seat))
        reports += batch_reports(where, case.game_id, state.log[before:])
    return reports


_AC_SHORT = {"turn_limit": 12}
CASES: list[Any] = [
    pytest.param(Case("mankind", 2, "random", 1), id="mankind-2p-random"),
    pytest.param(Case("mankind", 5, "random", 2), id="mankind-5p-random"),
    pytest.param(Case("mankind", 3, "heuristic", 3), id="mankind-3p-heuristic"),
    *[
        pytest.param(
            Case("arabian-struggle", players, agent, seed, {"variant": variant}), id=f"as-{variant}-{players}p-{agent}"
        )
        for variant in ("standard", "historical", "draft")
        for players, agent, seed in ((2, "heuristic", 1), (3, "random", 2))
    ],
    *[
        pytest.param(
            Case("tigris-euphrates", players, "random", seed, {"board": board, "scoring": scoring}),
            id=f"te-{board}-{scoring}-{players}p-random",
        )
        for board in ("standard", "advanced")
        for scoring in ("hidden", "open")
        for players, seed in ((2, 1), (4, 2))
    ],
    # T&E's heuristic bot is slow (about 0.2 s a move on two cores): the opening is enough for its choices.
    pytest.param(Case("tigris-euphrates", 3, "heuristic", 3, max_steps=25), id="te-standard-3p-heuristic"),
    pytest.param(Case("advanced-civilization", 3, "heuristic", 1, _AC_SHORT), id="ac-main-3p-heuristic"),
    pytest.param(
        Case(
            "advanced-civilization", 4, "heuristic", 2, {**_AC_SHORT, "map": "main+western", "calamities": "additional"}
        ),
        id="ac-western-additional-4p-heuristic",
    ),
    pytest.param(
        Case("advanced-civilization", 2, "random", 3, {**_AC_SHORT, "nations": "random"}),
        id="ac-main-random-nations-2p-random",
    ),
]


_BASE_OPTIONS: dict[str, dict[str, Any]] = {"advanced-civilization": _AC_SHORT}


def _option_cases() -> list[Any]:
    """A short random game for every option value no case above plays: a new option is checked as it lands."""
    covered = {
        (case.game_id, name, value) for param in CASES for case in param.values for name, value in _options(case)
    }
    extra = []
    for game_id in (g for g in list_games() if g != "blind-draw"):
        for spec in game_class(game_id).option_specs:
            for value in spec.choices or ():
                if (game_id, spec.name, value) not in covered:
                    case = Case(game_id, 2, "random", 4, {**_BASE_OPTIONS.get(game_id, {}), spec.name: value})
                    extra.append(pytest.param(case, id=f"{game_id}-{spec.name}={value}-2p-random"))
    return extra


def _options(case: Case) -> list[tuple[str, Any]]:
    """Every option's value in ``case``, the defaults included."""
    return [(spec.name, case.options.get(spec.name, spec.default)) for spec in game_class(case.game_id).option_specs]


CASES += _option_cases()


def test_every_game_every_option_value_and_both_kinds_of_player_count_are_played() -> None:
    for game_id in (g for g in list_games() if g != "blind-draw"):
        cls = game_class(game_id)
        counts = {case.players for param in CASES for case in param.values if case.game_id == game_id}
        assert min(counts) == 2 and max(counts) >= min(3, cls.max_players), (game_id, counts)
        agents = {case.agent for param in CASES for case in param.values if case.game_id == game_id}
        assert agents == {"random", "heuristic"}, (game_id, agents)
        for spec in cls.option_specs:
            played = {
                dict(_options(case))[spec.name] for param in CASES for case in param.values if case.game_id == game_id
            }
            assert played >= set(spec.choices or ()), (game_id, spec.name, played)


@pytest.mark.parametrize("case", CASES)
def test_log_and_action_texts_read_as_english(case: Case) -> None:
    reports = play_and_check(case)
    assert not reports, f"{len(reports)} wording offences:\n" + "\n".join(dict.fromkeys(reports))


# --------------------------------------------------------------------------- the rules can fail


@pytest.mark.parametrize(
    "bad",
    [
        "Seat 0 may recruit up to 1 pieces.",
        "recruit up to 1 Ottoman pieces",
        "Seat 1 has 2 piece left.",
        "1 pieces lost",
        "Seat 2 loses 1 unit points.",
        "Seat 2 expands by 1 tokens.",
        "Seat 0 places 3 tile",
        "Seat 0 draws 2 tile(s).",
        "Seat 1 then rolls [1].",
        "options {'a': 1}",
        "the winner is None",
        "remove a Ottoman piece",
        "return a Ochre card",
        "an unit is lost",
        "A Ottoman piece is lost.",
        "Seat 0 wins. Seat 0 wins.",
        "Revolt: seat 2 2 against seat 0 1",
        "choose what to build (military)",
        "Seat 1 has no military to lose.",
        "the city_site is taken",
    ],
)
def test_each_rule_catches_its_offence(bad: str) -> None:
    assert offences("mankind", bad), bad


@pytest.mark.parametrize(
    "good",
    [
        "Seat 0 may recruit up to 1 piece.",
        "Seat 0 may recruit up to 2 Ottoman pieces.",
        "Seat 2 loses 1 unit point.",
        "Seat 2 loses 20 unit points.",
        "no pieces lost",
        "Seat 1 then rolls 1.",
        "Seat 1 then rolls 4 and 6: 10.",
        "remove an Ottoman piece",
        "return an Ochre card",
        "a unit is lost",
        "An Ottoman piece is lost. A European piece is not.",
        "Turn 2 (Ancient era): seat 1 plays.",
        "Build roll 1: Technology.",
        "Seat 1 has no Military Unit to lose.",
        "choose what to build (Military Unit)",
        "Seat 3 gains 1D6 points.",
        "None of the pieces moves.",
        "Seat 0 rolls 2 dice, seat 1 rolls 1 die.",
        "an RP and a VP",
        "The plan A wins.",
        "Seat 0 pays 1 IP for another Build roll.",
    ],
)
def test_good_texts_pass(good: str) -> None:
    assert offences("mankind", good) == []


def test_the_same_line_twice_from_one_action_is_caught() -> None:
    line = {"type": "loss", "text": "Seat 0 loses Warriors."}
    assert batch_reports("here", "mankind", [line, dict(line)]) == [
        "here: log: the same line twice in a row from one action: 'Seat 0 loses Warriors.'"
    ]
    other = {"type": "loss", "text": "Seat 0 loses Archers."}
    assert batch_reports("here", "mankind", [line, other, line]) == []
    assert batch_reports("here", "mankind", [line]) + batch_reports("here", "mankind", [line]) == []


def test_a_private_line_is_doubled_only_for_a_reader_who_sees_it_twice() -> None:
    mine = {"type": "draw_private", "text": "You draw red.", "seats": [0]}
    theirs = {"type": "draw_private", "text": "You draw red.", "seats": [1]}
    assert batch_reports("here", "tigris-euphrates", [mine, theirs]) == []
    assert batch_reports("here", "tigris-euphrates", [mine, dict(mine)]) == [
        "here: log: the same line twice in a row from one action: 'You draw red.'"
    ]
