"""Arabian Struggle's Game and State: set-up, scenarios, hidden hands, view, render and result.

Seats play Factions in the Pre-War turn order (docs/rulings.md AS-R4): 3 players — seat 0 Hashemite,
seat 1 Rasheedi, seat 2 Saudi; 2 players — seat 0 Hashemite, seat 1 Saudi (the Rasheedi are a non-player
element). Hands and the order of the draw piles are hidden; everything else (map, Tribal Conference,
discard and removed piles, lasting events, the face-up Rasheedi display) is public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.core import Action, BadOptions, Game, OptionSpec, State, copy_plain
from ludoteca.core.machine import MachineState
from ludoteca.games.arabian_struggle import board, variants
from ludoteca.games.arabian_struggle.choices import DESCRIBED
from ludoteca.games.arabian_struggle.end_of_era import era_frames
from ludoteca.games.arabian_struggle.machine import RULES

PHASES = ("deal", "round", "overpopulation", "nomad_phase", "scoring", "cleanup")
SCENARIO_KEYS = (
    "era",
    "pieces",
    "nomads",
    "vp",
    "tc",
    "hands",
    "deck",
    "discard",
    "removed",
    "lasting",
    "tc_attempted",
    "turn_order",
    "rasheedi_display",
    "phase",
)

PROMPTS = {
    "play_card": "{faction}: play a card (Tribal Conference, event, OP{rasheedi}).",
    "event_order": "{faction}: you played a {opponent} card for OP; choose when {opponent} may execute its event.",
    "event_offer": "{faction}: execute the event of the card {played_by} played for OP, or decline it.",
    "op_use": "{faction}: spend {op} OP on recruitment, movement or attacking Empire pieces.",
    "recruit": "{faction}: recruit a piece ({left} left) or stop.",
    "move_piece": "{faction}: choose a piece to move ({left} left, 3 movement points each) or stop.",
    "move_to": "{faction}: choose where the piece from {area} goes.",
    "attack_select": "{faction}: choose an area to attack Empire pieces ({left} OP left) or stop.",
    "combat_choose": "{attacker}: choose the next combat to resolve.",
    "retreat": "{side} must retreat from {area}: choose where.",
    "effect": "{faction}: event effect.",
    "event_place": "{faction}: place pieces for the event ({left} left) or stop.",
    "event_remove": "{faction}: remove pieces for the event ({left} left) or stop.",
    "event_conference": "{faction}: add pieces to the Tribal Conference for the event ({left} left) or stop.",
    "event_lasting": "{faction}: put the event's lasting effect in play, or leave it out.",
    "conference_place": "{faction}: the Tribal Conference attempt succeeded; place a piece in it.",
    "nomad_move": "{faction}: move Nomads ({left} left), each to an adjacent area, or stop.",
    "turn_order_pick": "{faction}: choose your place in the turn order.",
    "draft_pick": "{faction}: keep a card from your draft pool.",
    "rasheedi_reinforce": "{faction}: add a Rasheedi piece ({left} left) to a Rasheedi area or an adjacent empty one.",
}


def prompt(state: ArabianStruggleState, frame: dict[str, Any]) -> str:
    fields = {k: v for k, v in frame.items() if isinstance(v, str | int)}
    fields["rasheedi"] = ", Rasheedi event" if state.players == 2 else ""
    # Who played the card: "your opponent" at 2 players; at 3 there are two (multi-player QA pass, session 26).
    fields["played_by"] = "your opponent" if state.players == 2 else str(state.data["active"])
    template = str(PROMPTS.get(frame["step"], frame["step"]))
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return template


# The shape of ``data``, for ``_copy_data``: fields that are flat lists (of card numbers, factions, areas), flat
# dicts (faction -> number), immutable values (a number, a string, a bool or None), and the nested fields that
# ``_copy_data`` copies by a rule of its own.
_FLAT_LISTS = (
    "players",
    "nomads",
    "turn_order",
    "deck",
    "deck_runs",
    "discard",
    "removed",
    "tc_cards",
    "tc_attempted",
    "rasheedi_deck",
    "rasheedi_display",
    "attacks",
)
_FLAT_DICTS = ("out_of_game", "tc", "vp")
_SCALARS = ("era", "round", "active", "over", "winner", "how", "quality")
_OWN_RULES = ("pieces", "hands", "lasting", "turn", "draft", "stack", "era_vp")
_KNOWN = frozenset((*_FLAT_LISTS, *_FLAT_DICTS, *_SCALARS, *_OWN_RULES))


def _card_line(number: int) -> str:
    """A card as the terminal lists it: its faction, OP, modifiers and eras, then its event's text."""
    card = board.card(number)
    mods = "/".join(str(card.modifiers[o]) for o in (*board.FACTIONS, *board.EMPIRES))
    eras = ", ".join(board.ERA_NAMES[board.ERA_KEYS.index(e)] for e in card.eras)
    return f"  {card.label} [{card.faction}, {card.op} OP, mods H/R/S/O/B {mods}, {eras}]: {card.text}"


class ArabianStruggleState(MachineState):
    """One game of Arabian Struggle; every datum is plain data in ``self.data``."""

    machine = RULES

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        content = board.content()
        setup = content.setup
        players = list(setup["players"][str(self.players)]["factions"])
        self.data = {
            "players": players,
            "era": 1,
            "round": 0,
            "pieces": {},
            "nomads": [],
            "out_of_game": {},
            "tc": {},
            "vp": dict.fromkeys(board.FACTIONS, 0),
            # the VP each Faction gained in each Era (board.gain_vp), for the end-of-game breakdown
            "era_vp": [dict.fromkeys(board.FACTIONS, 0) for _ in board.ERA_NAMES],
            "turn_order": list(setup["players"][str(self.players)]["turn_order"]),
            "hands": {f: [] for f in players},
            "deck": [],
            # the draw pile's piles from the top, each shuffled on its own (board.stack_deck)
            "deck_runs": [],
            "discard": [],
            "removed": [],
            "tc_cards": [],
            "lasting": [],
            "tc_attempted": [],
            "rasheedi_deck": [],
            "rasheedi_display": [],
            "draft": None,
            "turn": None,
            "attacks": [],
            "active": None,
            "stack": [],
            "over": False,
            "winner": None,
            "how": None,
            "quality": None,
        }
        # AS: Setup A — pieces by the Region Placement chart, 1 piece per flag.
        for area, owner in content.placements:
            board.add(self, area, owner)
        cards = sorted(content.cards)
        if self.players == 2:
            # AS: Setup, 2 Players — the Rasheedi cards form their own deck; #27 and #34 are removed.
            rasheedi = [n for n in cards if content.cards[n].faction == "Rasheedi"]
            removed = list(setup["players"]["2"]["rasheedi_removed"])
            self.data["removed"] = removed
            pile = [n for n in rasheedi if n not in removed]
            # The display is dealt off the shuffled Rasheedi deck (rng.shuffle_bag / draw_from: under explicit
            # chance each card shown is a chance node, and the rest stay in the deck in an unknown order).
            self.rng.shuffle_bag(pile)
            shown = int(setup["players"]["2"]["rasheedi_display"])
            self.data["rasheedi_display"] = self.rng.draw_from(pile, shown)
            self.data["rasheedi_deck"] = pile
            cards = [n for n in cards if n not in rasheedi]
        self.data["deck"] = cards
        variants.form_deck(self)
        phase = self._apply_scenario(self.scenario or {})
        if phase == "deal":
            RULES.push_sequence(self, [{"step": "era_begin"}])
        else:
            self.data["tc_attempted"] = list((self.scenario or {}).get("tc_attempted", []))
            RULES.push_sequence(self, era_frames(phase))
        RULES.advance(self)

    def _apply_scenario(self, scenario: dict[str, Any]) -> str:
        """A fixed position for rulings and tests (docs/arabian-struggle.md, "Scenarios")."""
        unknown = sorted(set(scenario) - set(SCENARIO_KEYS))
        if unknown:
            raise BadOptions(
                f"an Arabian Struggle scenario has no key {unknown[0]!r} (keys: {', '.join(SCENARIO_KEYS)})"
            )
        content = board.content()
        data = self.data
        era = scenario.get("era", 1)
        if era not in (1, 2, 3):
            raise BadOptions(f"scenario era must be 1, 2 or 3, not {era!r}")
        data["era"] = era
        owners = (*board.FACTIONS, *board.EMPIRES)
        if "pieces" in scenario:
            data["pieces"] = {}
            for area, cell in scenario["pieces"].items():
                if area not in content.areas:
                    raise BadOptions(f"scenario pieces: no area {area!r}")
                for owner, n in cell.items():
                    if owner not in owners or not isinstance(n, int) or n < 0:
                        raise BadOptions(f"scenario pieces in {area!r}: bad entry {owner!r}: {n!r}")
                    if n:
                        board.add(self, area, owner, n)
        if "nomads" in scenario:
            nomads = list(scenario["nomads"])
            if any(a not in content.areas for a in nomads) or len(set(nomads)) != len(nomads):
                raise BadOptions(f"scenario nomads must be distinct areas, not {nomads!r}")
            data["nomads"] = nomads
        for key in ("vp", "tc"):
            for faction, n in scenario.get(key, {}).items():
                if faction not in board.FACTIONS or not isinstance(n, int):
                    raise BadOptions(f"scenario {key}: bad entry {faction!r}: {n!r}")
                data[key][faction] = n
        for faction in scenario.get("tc_attempted", []):
            if faction not in board.FACTIONS:
                raise BadOptions(f"scenario tc_attempted: no faction {faction!r}")
        if "turn_order" in scenario:
            if sorted(scenario["turn_order"]) != sorted(data["players"]):
                raise BadOptions(f"scenario turn_order must order {data['players']}")
            data["turn_order"] = list(scenario["turn_order"])
        # Cards: pull each named card from wherever set-up put it, then place it where the scenario says.
        for key in ("hands", "deck", "discard", "removed", "lasting", "rasheedi_display"):
            if key not in scenario:
                continue
            value = scenario[key]
            if key == "hands":
                for faction, numbers in value.items():
                    if faction not in data["hands"]:
                        raise BadOptions(f"scenario hands: {faction!r} is not a player in this game")
                    data["hands"][faction] = [self._pull(n) for n in numbers]
            elif key == "lasting":
                for entry in value:
                    if entry.get("owner") not in board.FACTIONS:
                        raise BadOptions(f"scenario lasting: bad owner in {entry!r}")
                    number = self._pull(entry.get("card"))
                    data["lasting"].append(
                        {"card": number, "owner": entry["owner"], "duration": content.cards[number].duration}
                    )
            elif key == "rasheedi_display":
                data["rasheedi_deck"] += data["rasheedi_display"]
                data["rasheedi_display"] = []
                data["rasheedi_display"] = [self._pull(n) for n in value]
            elif key == "deck":
                board.put_on_top(self, [self._pull(n) for n in value])
            else:
                data[key] = data[key] + [self._pull(n) for n in value]
        phase = scenario.get("phase", "round" if "hands" in scenario else "deal")
        if phase not in PHASES:
            raise BadOptions(f"scenario phase must be one of {', '.join(PHASES)}, not {phase!r}")
        return str(phase)

    def _pull(self, number: Any) -> int:
        data = self.data
        if number not in board.content().cards:
            raise BadOptions(f"scenario: there is no card {number!r}")
        for pile in ("deck", "discard", "removed", "rasheedi_deck", "rasheedi_display"):
            if number in data[pile]:
                if pile == "deck":
                    board.pull_from_deck(self, number)
                else:
                    data[pile].remove(number)
                return int(number)
        raise BadOptions(f"scenario: card {number} is named twice")

    # ------------------------------------------------------------------ the contract
    def _result(self) -> dict[str, Any]:
        from ludoteca.games.arabian_struggle.victory import breakdown, standings

        data = self.data
        order = standings(self)
        winner = data["winner"]
        order.remove(winner)
        order.insert(0, winner)
        seats = [board.seat_of(self, f) for f in order]
        return {
            "scores": [data["vp"][f] for f in data["players"]],
            "ranking": [[seat] for seat in seats],
            "winners": [board.seat_of(self, winner)],
            "winner": winner,
            "how": data["how"],
            "quality": data["quality"],
            "factions": list(data["players"]),
            "breakdown": breakdown(self, order),
        }

    def _invariants(self) -> list[str]:
        """Card places, piece limits and VP bounds (``invariants.py``), for debug mode."""
        from ludoteca.games.arabian_struggle import invariants

        return invariants.check(self)

    def _copy_data(self) -> dict[str, Any]:
        """Field by field (search clones thousands of times): the immutable values are shared, the flat
        containers copied with one call each, the nested ones by their known shape.

        The frames of the rule stack are copied one level deep: the rules never change a frame's lists and
        dicts (``moved``, ``start_areas``) in place but push a new frame with new ones, so those are shared.
        Any field this method does not know is copied the safe, generic way.
        """
        data = self.data
        copied = dict(data)  # the scalars, shared; every container is replaced below
        for key in _FLAT_LISTS:
            copied[key] = data[key][:]
        for key in _FLAT_DICTS:
            copied[key] = data[key].copy()
        copied["pieces"] = {area: owners.copy() for area, owners in data["pieces"].items()}
        copied["hands"] = {faction: cards[:] for faction, cards in data["hands"].items()}
        copied["lasting"] = [entry.copy() for entry in data["lasting"]]
        copied["era_vp"] = [gains.copy() for gains in data["era_vp"]]
        turn = data["turn"]
        copied["turn"] = None if turn is None else turn.copy()
        copied["draft"] = copy_plain(data["draft"])
        copied["stack"] = [frame.copy() for frame in data["stack"]]
        for key in data.keys() - _KNOWN:  # fields added later, until this method learns them
            copied[key] = copy_plain(data[key])
        return copied

    def random_action(self, seat: int, rng: Any) -> Action:
        """A uniform draw from ``legal_actions(seat)``; for the steps whose options are described as ``Choices``
        (the long lists: cards to play, areas to recruit in or move to) only the action drawn is built."""
        self._check_seat(seat)
        frame = RULES.pending(self)
        if frame is not None and frame["seat"] == seat and not self.data["over"]:
            describe = DESCRIBED.get(frame["step"])
            if describe is not None:
                choices = describe(self, frame)
                if len(choices):
                    return choices.draw(rng)
        return super().random_action(seat, rng)  # the plain way, with its checks and errors

    def _evaluate(self, seat: int) -> float:
        return self._evaluate_all()[seat]

    def _evaluate_all(self) -> list[float]:
        from ludoteca.games.arabian_struggle.evaluation import evaluate_all

        return evaluate_all(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        data = self.data
        frame = RULES.pending(self)
        mine = data["players"][seat] if seat is not None else None
        draft = None
        if data["draft"] is not None and mine is not None:
            draft = {"pool": list(data["draft"]["pools"][mine]), "kept": list(data["draft"]["kept"][mine])}
        return {
            "factions": list(data["players"]),
            "you": mine,
            "era": data["era"],
            "era_name": board.ERA_NAMES[data["era"] - 1],
            "round": data["round"],
            "turn_order": list(data["turn_order"]),
            "active": data["active"],
            "vp": dict(data["vp"]),
            "pieces": {area: dict(cell) for area, cell in data["pieces"].items()},
            "nomads": list(data["nomads"]),
            "stock": {o: board.stock(self, o) for o in (*board.FACTIONS, *board.EMPIRES, "Nomad")},
            "out_of_game": dict(data["out_of_game"]),
            "tribal_conference": dict(data["tc"]),
            "tribal_conference_cards": list(data["tc_cards"]),
            "tc_attempted": list(data["tc_attempted"]),
            "hand": list(data["hands"][mine]) if mine is not None else None,
            "hand_sizes": {f: len(h) for f, h in data["hands"].items()},
            "draft": draft,
            "draft_sizes": (
                None
                if data["draft"] is None
                else {f: len(data["draft"]["pools"][f]) + len(data["draft"]["kept"][f]) for f in data["players"]}
            ),
            "deck_size": len(data["deck"]),
            "discard": list(data["discard"]),
            "removed": list(data["removed"]),
            "lasting": [dict(e) for e in data["lasting"]],
            "rasheedi_display": list(data["rasheedi_display"]),
            "rasheedi_deck_size": len(data["rasheedi_deck"]),
            "card_in_play": None if data["turn"] is None else dict(data["turn"]),
            "decision": None
            if frame is None
            else {"seat": frame["seat"], "step": frame["step"], "prompt": prompt(self, frame)},
            "conflicts": self._conflicts(seat, frame),
            "over": data["over"],
            "winner": data["winner"],
            "quality": data["quality"],
        }

    def _conflicts(self, seat: int | None, frame: dict[str, Any] | None) -> dict[str, Any]:
        """What the open decision may lead to, before any card or die decides it (public, but for the
        Tribal Conference targets of the seat's own hand).

        ``combats``: the combats the acting Faction's turn ends with as things stand, and the Empire attacks it
        may still choose, each from ``combat.preview`` (the figures the combat will use). ``conference``: the
        pieces each Faction has in the Tribal Conference (1 VP at Scoring to the single most: AS: Phase 6), who
        tried this Era, and, when this seat is to play a card and may still try, the target of each card in
        its hand (``conference_target``, the number the attempt rolls against).
        """
        from ludoteca.games.arabian_struggle import combat
        from ludoteca.games.arabian_struggle.conference import conference_target

        data = self.data
        tc = {f: n for f, n in data["tc"].items() if n}
        best = max(tc.values(), default=0)
        leaders = [f for f, n in tc.items() if n == best]
        targets = None
        if (
            seat is not None
            and frame is not None
            and frame["step"] == "play_card"
            and frame["seat"] == seat
            and frame["faction"] not in data["tc_attempted"]
        ):
            faction = frame["faction"]
            targets = {str(n): conference_target(self, n, faction) for n in data["hands"][faction]}
        return {
            "combats": [] if data["over"] else combat.previews(self),
            "conference": {
                "pieces": tc,
                "leader": leaders[0] if len(leaders) == 1 else None,
                "attempted": list(data["tc_attempted"]),
                "may_attempt": [f for f in data["players"] if f not in data["tc_attempted"]],
                "targets": targets,
            },
        }

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        """Redraw the other players' hands (and draft cards) and the draw pile from the cards ``seat`` has not
        seen, keeping every size.

        The draw pile may be piles (``deck_runs``; the Historical variant stacks this Era's events on the other
        cards and the future events under them, AS: Annex): everyone knows which cards lie in the lower piles,
        so only the top pile's cards are redrawn with the hands (every card a hand holds came off a pile that
        was on top), each lower pile is shuffled within itself, and a scenario's scripted top cards stay."""
        data = self.data
        mine = data["players"][seat]
        deck, runs = data["deck"], data["deck_runs"]
        if sum(map(abs, runs)) != len(deck):  # a pile set by hand: one unknown pile (as board.take_cards reads it)
            runs = [len(deck)] if deck else []
        top = runs[0] if runs and runs[0] > 0 else 0
        if data["draft"] is not None:
            unseen = self._redraw_draft(mine, deck[:top], rng)
        else:
            slots = [(data["hands"], faction) for faction in data["players"] if faction != mine]
            unseen = [number for holder, key in slots for number in holder[key]] + deck[:top]
            rng.shuffle(unseen)
            for holder, key in slots:
                size = len(holder[key])
                holder[key], unseen = unseen[:size], unseen[size:]
        start = top
        lower = []
        for run in runs[1 if top else 0 :]:
            pile = deck[start : start + abs(run)]
            if run > 0:
                rng.shuffle(pile)
            lower += pile
            start += abs(run)
        data["deck"] = unseen + lower
        rng.shuffle(data["rasheedi_deck"])

    def _redraw_draft(self, mine: str, top: list[int], rng: Any) -> list[int]:
        """The other factions' draft cards redrawn as ``mine`` may think them, during a Draft (hands are empty
        then); returns the cards left for the draw pile's top.

        A faction knows the pool it last passed on: its receiver's pool and this round's picks are those cards,
        in an order it cannot tell. Every other card it has held in a pool is still in the draft, with the others
        (never in the draw pile). The rest is drawn from the cards it has never seen. (Not the exact odds of
        each world, which would weigh what every pick revealed; but never a world the faction can rule out.)"""
        draft = self.data["draft"]
        players = self.data["players"]
        fixed: list[int] = []
        slots: list[tuple[list[int], int, int]] = []  # (cards, from, to): the parts of the draft left to redraw
        receiver = players[(players.index(mine) + draft["direction"]) % len(players)]
        passed = draft["passed"].get(mine)
        for faction in players:
            if faction == mine:
                continue
            kept = draft["kept"][faction]
            if faction == receiver and passed is not None:
                start = draft["round_start"]
                fixed = list(passed)
                rng.shuffle(fixed)
                picked = len(kept) - start
                kept[start:], draft["pools"][faction] = fixed[:picked], fixed[picked:]
                slots.append((kept, 0, start))
            else:
                slots.append((kept, 0, len(kept)))
                slots.append((draft["pools"][faction], 0, len(draft["pools"][faction])))
        held = [number for cards, low, high in slots for number in cards[low:high]]
        own = set(draft["pools"][mine]) | set(draft["kept"][mine]) | set(fixed)
        seen = [number for number in draft["seen"][mine] if number not in own]  # in ``held``, wherever it is
        known = set(seen)
        rest = [number for number in held + top if number not in known]
        rng.shuffle(rest)
        chosen = seen + rest[: len(held) - len(seen)]
        rng.shuffle(chosen)
        for cards, low, high in slots:
            cards[low:high], chosen = chosen[: high - low], chosen[high - low :]
        return rest[len(held) - len(seen) :]

    # ------------------------------------------------------------------ text
    def render(self, seat: int | None) -> str:
        """The map as a table of areas with their pieces, then scores, turn order, hand, events, decision."""
        data = self.data
        content = board.content()
        lines = [
            f"Arabian Struggle — {board.ERA_NAMES[data['era'] - 1]} Era, "
            + (f"round {data['round']}" if data["round"] else "before round 1")
            + (f", {data['active']} to play" if data["active"] else "")
        ]
        columns = ("Hash", "Rash", "Saud", "Otto", "Brit", "Nom")
        header = f"{'region':<17} {'area':<24} {'sup':>3} {'pop':>3}  " + " ".join(f"{c:>4}" for c in columns)
        lines += [header, "-" * len(header)]
        for region, names in content.regions.items():
            for name in names:
                area = content.areas[name]
                cell = data["pieces"].get(name, {})
                counts = [cell.get(o, 0) for o in (*board.FACTIONS, *board.EMPIRES)]
                counts.append(board.count(self, name, "Nomad"))
                if not any(counts):
                    continue
                shown = " ".join(f"{c if c else '.':>4}" for c in counts)
                label = name + ("*" if area.key_city else "")
                lines.append(f"{region:<17} {label:<24} {area.supply:>3} {area.population:>3}  {shown}")
        lines.append("(areas without pieces are not listed; * = key city)")
        scores = ", ".join(f"{f} {data['vp'][f]} VP" for f in data["players"])
        lines.append(f"Scores: {scores}")
        tc = ", ".join(f"{f} {n}" for f, n in data["tc"].items() if n) or "empty"
        lines.append(f"Tribal Conference: {tc}; attempted this Era: {', '.join(data['tc_attempted']) or 'nobody'}")
        lines.append("Turn order: " + ", ".join(str(f) for f in data["turn_order"]))
        lines.append(
            "Hands: "
            + ", ".join(f"{f} {len(h)}" for f, h in data["hands"].items())
            + f"; draw pile {len(data['deck'])}, discard {len(data['discard'])}, removed {len(data['removed'])}"
        )
        if seat is not None:
            mine = data["players"][seat]
            lines.append(f"Your hand ({mine}):" + ("" if data["hands"][mine] else " -"))
            lines += [_card_line(number) for number in data["hands"][mine]]
            if data["draft"] is not None:
                # A pick is made on what the cards do, as the browser shows them: not on their names alone.
                pool, kept = data["draft"]["pools"][mine], data["draft"]["kept"][mine]
                lines.append("Draft pool:" + ("" if pool else " -"))
                lines += [_card_line(number) for number in pool]
                lines.append("Kept in the draft:" + ("" if kept else " -"))
                lines += [_card_line(number) for number in kept]
        if data["rasheedi_display"]:  # face up for all (2 Players): its events are the Rasheedi's choices
            lines.append("Rasheedi display:")
            lines += [_card_line(number) for number in data["rasheedi_display"]]
        for entry in data["lasting"]:
            card = board.card(entry["card"])
            # Whose it is comes first: a Neutral card's "your" is the faction that played it (AS-R24), and "In play
            # before Saudi: ... your combat strength" read to another faction as its own.
            lines.append(f"{entry['owner']}'s lasting event {card.label} — {card.lasting_text}")
        frame = RULES.pending(self)
        if data["over"]:
            lines.append(f"Game over: {data['winner']} wins ({data['how']}) — {data['quality']}.")
        elif frame is not None:
            lines.append(f"Seat {frame['seat']} decides — {prompt(self, frame)}")
        return "\n".join(lines)


class ArabianStruggleGame(Game):
    """Arabian Struggle: three Factions (two in the 2-player game) fight for Arabia, 1902-1925."""

    id = "arabian-struggle"
    title = "Arabian Struggle"
    # 2: a forced card play is asked (AS-R30), so older records no longer replay. 3: action texts count and
    # use articles ("recruit up to 1 piece", "an Ottoman piece") and the Ottoman stock leaves at Post-War (AS-R32).
    version = "3"
    min_players = 2
    max_players = 3
    default_players = 3
    option_specs = (
        OptionSpec(
            "variant",
            "standard",
            choices=("standard", "historical", "draft"),
            help="standard shuffle, the Historical Game Variant, or the Draft Variant",
        ),
    )

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        # Read and check the content now, with the game, not inside the first ``new_state``: a broken data file
        # fails here, and no game's set-up (or a benchmark's timed playouts) pays the one-off ~30 ms load.
        board.content()

    def _make_state(self) -> State:
        return ArabianStruggleState()
