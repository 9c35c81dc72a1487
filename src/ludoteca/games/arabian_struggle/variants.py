"""Annex: The Historical Game Variant and the Draft Variant (and the standard shuffle they replace).

AS: The Historical Game Variant — at the start of each Era (game start, and the Reset Draw Decks step) sort
the available cards into Pile 1 (events playable in this Era), Pile 2 (events for future Eras) and Pile 3 (all
remaining cards); shuffle each; stack Pile 1 on top of Pile 3 on top of Pile 2. "Event cards" here are the
era-restricted events (docs/rulings.md AS-R20).

AS: Draft Variant — keep 2 cards face down, pass the rest (to the left in the Pre-War and Post-War Eras, to
the right in the Great War), repeat until the hand is complete. 2 Players: only 3 passes of 2 cards — the
7th card is not passed (docs/rulings.md AS-R21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def form_deck(state: ArabianStruggleState) -> None:
    """Shuffle the draw pile (standard and draft games) or stack it (historical variant): ``board.stack_deck``,
    so that under explicit chance each card drawn is a chance event over its own pile."""
    data = state.data
    deck = data["deck"]
    if state.game.options["variant"] != "historical":
        board.stack_deck(state, [deck])  # AS: Setup — the cards are shuffled into one draw pile
        return
    era = board.era_key(state)
    later = board.ERA_KEYS[data["era"] :]
    now_, future, rest = [], [], []
    for number in deck:
        card = board.card(number)
        if card.era_restricted and era in card.eras:
            now_.append(number)
        elif card.era_restricted and any(e in later for e in card.eras):
            future.append(number)
        else:
            rest.append(number)
    # AS: The Historical Game Variant — shuffle each pile; Pile 1 on top of Pile 3 on top of Pile 2.
    board.stack_deck(state, [now_, rest, future])
    state.emit(
        "historical_deck",
        f"Historical deck: {len(now_)} events of this Era on top, {len(rest)} other cards, "
        f"{len(future)} future events.",
    )


def start_draft(state: ArabianStruggleState) -> None:
    data = state.data
    # Left = the next seat; the Great War drafts to the right (docs/rulings.md AS-R21).
    direction = -1 if data["era"] == 2 else 1
    data["draft"] = {
        "pools": {f: data["hands"][f] for f in data["players"]},
        "kept": {f: [] for f in data["players"]},
        "direction": direction,
        # What each faction has learnt, for redraws of hidden cards (``ArabianStruggleState._redraw_draft``): every
        # card it has held in a pool (they stay in the draft), and the pool it last passed on.
        "seen": {f: list(data["hands"][f]) for f in data["players"]},
        "passed": {},
        "round_start": 0,  # each faction's kept cards when this round's picks began
    }
    for f in data["players"]:
        data["hands"][f] = []
    RULES.push(state, "draft_round")


@RULES.auto("draft_round")
def draft_round(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    draft = data["draft"]
    if all(len(pool) <= 2 for pool in draft["pools"].values()):
        for f in data["players"]:
            data["hands"][f] = draft["kept"][f] + draft["pools"][f]
        data["draft"] = None
        state.emit("draft_done", "The draft is over.")
        return
    draft["round_start"] = len(draft["kept"][data["players"][0]])  # every faction keeps 2 a round
    frames: list[dict[str, object]] = []
    for seat, f in enumerate(data["players"]):
        frames += [{"step": "draft_pick", "seat": seat, "faction": f}] * 2
    frames += [{"step": "draft_pass"}, {"step": "draft_round"}]
    RULES.push_sequence(state, frames)


def draft_options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
    pool = state.data["draft"]["pools"][frame["faction"]]
    return [Action(f"keep {board.card(n).label}", payload=n) for n in pool]


@RULES.decision("draft_pick", draft_options)
def draft_pick(state: ArabianStruggleState, frame: Frame, action: Action) -> None:
    draft = state.data["draft"]
    draft["pools"][frame["faction"]].remove(action.payload)
    draft["kept"][frame["faction"]].append(action.payload)


@RULES.auto("draft_pass")
def draft_pass(state: ArabianStruggleState, frame: Frame) -> None:
    data = state.data
    draft = data["draft"]
    players = data["players"]
    if len(players) == 2 and all(len(pool) <= 1 for pool in draft["pools"].values()):
        draft["passed"] = {}  # nothing went round this time
        return  # 2 Players: the 7th card is not passed; it stays with its holder
    n = len(players)
    pools = {players[(i + draft["direction"]) % n]: draft["pools"][f] for i, f in enumerate(players)}
    draft["passed"] = {f: list(draft["pools"][f]) for f in players}
    for f, pool in pools.items():
        draft["seen"][f] += [number for number in pool if number not in draft["seen"][f]]
    draft["pools"] = pools
    word = "right" if draft["direction"] < 0 else "left"
    left = len(next(iter(pools.values())))
    state.emit("draft_pass", f"The remaining draft cards ({left} each) are passed to the {word}.", cards_each=left)
