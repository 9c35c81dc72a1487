"""Phase 7 – End of Era Cleanup (Steps 1–4) and the start of each Era.

AS: Phase 7 — Step 1 early win (victory.py); Step 2 after the Post-War Era the highest score wins; Step 3
add the Tribal Conference cards and the discard pile to the draw pile and shuffle (2 Players: the face-up
Rasheedi cards leave the game and 3 new ones are dealt); Step 4 Great War: one British piece in each
British-flag area (Baghdad, Hit, Um Qasr, Amman, Yemen) and the Ottoman pieces there leave the game;
Post-War: all Ottoman pieces leave the game. 2 Players: each player, Saudi first, adds 2 Rasheedi pieces
(docs/rulings.md AS-R22). End-of-Era lasting events expire here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board, variants, victory
from ludoteca.games.arabian_struggle.choices import ActionTable, Choices, described_decision
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

ERA_PHASES = ("deal", "turn_order", "round", "overpopulation", "nomad_phase", "scoring", "cleanup")


def era_frames(start: str = "deal") -> list[dict[str, object]]:
    """The phases of an Era from ``start`` on (AS: Sequence of Play)."""
    return [{"step": step} for step in ERA_PHASES[ERA_PHASES.index(start) :]]


@RULES.auto("era_begin")
def era_begin(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    data["round"] = 0
    data["tc_attempted"] = []
    state.emit("era", f"The {board.ERA_NAMES[data['era'] - 1]} Era begins.", era=data["era"])
    RULES.push_sequence(state, era_frames())


@RULES.auto("cleanup")
def cleanup(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    # Step 1: End-of-Era early win.
    if victory.early_win(state):
        return
    # Step 2: Post-War Era completed?
    if data["era"] == 3:
        best = victory.standings(state)[0]
        victory.finish(state, best, "the highest score after the Post-War Era")
        return
    # Step 3: Reset Draw Decks (End-of-Era lasting events expire to the removed pile).
    for entry in [e for e in data["lasting"] if e["duration"] == "era"]:
        data["lasting"].remove(entry)
        data["removed"].append(entry["card"])
        state.emit("expire", f"{board.card(entry['card']).label} expires.")
    data["deck"] = data["deck"] + data["tc_cards"] + data["discard"]
    data["tc_cards"], data["discard"] = [], []
    data["era"] += 1
    variants.form_deck(state)
    if state.players == 2:
        data["removed"] += data["rasheedi_display"]
        count = int(board.content().setup["players"]["2"]["rasheedi_display"])
        # AS: End of Era, 2 Players — the new display comes off the Rasheedi deck (a chance node a card).
        data["rasheedi_display"] = state.rng.draw_from(data["rasheedi_deck"], count)
        shown = ", ".join(board.card(n).label for n in data["rasheedi_display"]) or "none"
        state.emit("rasheedi_display", f"New Rasheedi display: {shown}.")
    # Step 4: Reset Pieces.
    reset_pieces(state)
    frames: list[dict[str, object]] = []
    if state.players == 2:
        for faction in ("Saudi", "Hashemite"):
            frames.append(
                {
                    "step": "rasheedi_reinforce",
                    "seat": board.seat_of(state, faction),
                    "faction": faction,
                    "left": int(board.content().setup["players"]["2"]["rasheedi_reinforcements"]),
                }
            )
    frames.append({"step": "era_begin"})
    RULES.push_sequence(state, frames)


def reset_pieces(state: ArabianStruggleState) -> None:
    data = state.data
    out = data["out_of_game"]
    if data["era"] == 2:
        for area in (a.name for a in board.content().areas.values() if a.british_flag):
            gone = board.take(state, area, "Ottoman", board.count(state, area, "Ottoman"))
            out["Ottoman"] = out.get("Ottoman", 0) + gone
            if board.stock(state, "British") > 0:
                board.add(state, area, "British")
        state.emit("reset", "Great War: a British piece in each British-flag area; the Ottomans there leave the game.")
    elif data["era"] == 3:
        # AS: Step 4, "Starting the Post-War era: Remove all Ottoman pieces" — those in stock too, so no later
        # event can bring the Empire back (docs/rulings.md AS-R32).
        for area in board.areas_of(state, "Ottoman"):
            board.take(state, area, "Ottoman", 99)
        out["Ottoman"] = int(board.content().setup["empire_pieces"]["Ottoman"])
        state.emit("reset", "Post-War: every Ottoman piece leaves the game.")


def reinforce_areas(state: ArabianStruggleState) -> list[str]:
    """Rasheedi-controlled areas or adjacent empty areas, within the supply left after the Empires;
    with no Rasheedi on the map, any empty area of the Rub' Al-Khali or Najd."""
    content = board.content()
    areas = content.areas
    pieces = state.data["pieces"]
    rasheedi = board.areas_of(state, "Rasheedi")
    if not rasheedi:  # no Rasheedi piece on the map
        candidates = [a for a in areas if areas[a].region in ("Rub' Al-Khali", "Najd") and not pieces.get(a)]
    else:
        held = [a for a in rasheedi if board.controller(state, a) == "Rasheedi"]
        near = set(held)
        for area in held:
            near.update(a for a in areas[area].adjacent if not pieces.get(a))  # board.is_empty
        candidates = sorted(near, key=content.area_order.__getitem__)  # in map order
    return [
        area
        for area in candidates
        if board.count(state, area, "Rasheedi") + 1 <= areas[area].supply - board.empire_count(state, area)
    ]


def reinforce_choices(state: ArabianStruggleState, frame: Frame) -> Choices[str]:
    """A Rasheedi piece in each area with room for it; none once the player's pieces or the stock run out."""
    if frame["left"] <= 0 or board.stock(state, "Rasheedi") <= 0:
        return Choices([], (), _REINFORCE_IN.__getitem__)
    return Choices([], reinforce_areas(state), _REINFORCE_IN.__getitem__)


def _reinforce_in(area: str) -> Action:
    return Action(f"add a Rasheedi piece in {area}", payload=area)


_REINFORCE_IN = ActionTable(_reinforce_in)


@described_decision("rasheedi_reinforce", reinforce_choices)
def rasheedi_reinforce(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    board.add(state, action.payload, "Rasheedi")
    state.emit(
        "reinforce",
        f"{frame['faction']} adds a Rasheedi piece in {action.payload}.",
        area=action.payload,
        seat=frame["seat"],
    )
    RULES.repush(state, frame, left=frame["left"] - 1)
