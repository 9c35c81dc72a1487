"""What each option of a turn's action is worth, without playing it: the evaluation after the action, exactly.

Search judges hundreds of options at a time (ISMCTS seeds a node's children with the evaluation of the
position each leads to), and playing an option on a clone of the state, with the rules machine, the board's
analysis and the log, costs ten times what the evaluation itself costs. The evaluation reads only counters —
points, hands, leaders on the board, catastrophes in reserve (``evaluation.FEATURES``) — and most options
change them in a way the rules say plainly: a tile scores one point for one seat (T&E: Tile placement,
§1.6), a catastrophe on an empty square spends one catastrophe (§1.7), a leader from the supply stands on
the board (§1.5), and the turn's second action refills the hands from the bag's front and scores the
monuments (§1.4, §1.9). :func:`after_values` works those out from the current position's analysis.

A conflict (§1.8) is known too: the rules stop at its first commitment (``always_ask``) or at the order of
the wars, so the position judged is the one the leader or tile made. Where more could follow — a 2×2 that
offers a monument (§1.9), a kingdom left owing treasures (§1.10), a bag that a turn's end would run out of
or draw by chance (explicit chance) — the option is played on a clone instead, as before. So each value is
the one ``clone``, ``apply_legal`` and ``evaluate`` give, to the bit (the same evaluation code reads the
changed counters), and a search makes the same choices, only sooner; tests/games/tigris_euphrates/
test_judging.py checks every option of many positions against the played value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core import lead_estimates
from ludoteca.core.rng import KeyedRng, Rng
from ludoteca.games.tigris_euphrates import evaluation
from ludoteca.games.tigris_euphrates.board import Analysis, flood, mask_of
from ludoteca.games.tigris_euphrates.machine import RULES
from ludoteca.games.tigris_euphrates.monuments import squares_completed_by

if TYPE_CHECKING:
    from ludoteca.core import Action
    from ludoteca.games.tigris_euphrates.state import TigrisState

# Generators whose ``draw_from`` takes the bag's front without drawing (the bag was shuffled at the set-up):
# with them the refill at the turn's end is known from the bag as it lies.
_FRONT_DRAWING = (Rng, KeyedRng)


def after_values(state: TigrisState, seat: int, actions: list[Action]) -> list[float]:
    """``seat``'s evaluation after each of ``actions`` (legal options of ``seat`` now), as
    ``clone().apply_legal(seat, action)`` then ``evaluate(seat)`` would give it, worked out without playing
    the options the rules resolve plainly (the module's docstring) and played on a clone for the others."""
    shortcut = _Shortcut.of(state, seat)
    values = []
    for action in actions:
        value = shortcut.value(action) if shortcut is not None else None
        if value is None:
            twin = state.clone()
            twin.apply_legal(seat, action)
            value = twin.evaluate(seat)
        values.append(value)
    return values


class _Shortcut:
    """One position's facts that every option's value is worked out from."""

    __slots__ = ("analysis", "data", "ends_turn", "laid", "seat", "state", "strengths", "weights")

    def __init__(self, state: TigrisState, seat: int, ends_turn: bool) -> None:
        self.state, self.seat, self.ends_turn = state, seat, ends_turn
        self.data = state.data
        self.analysis: Analysis = state.analysis()
        self.laid = mask_of(self.data["treasures"])
        # The evaluation's weights (``State.evaluate``'s: the default set), and each seat's strength now: an
        # option leaves most seats' counters as they are, and their strengths with them.
        self.weights = evaluation.weight_sets().get(None)
        self.strengths = [evaluation.strength_of(self.data, other, self.weights) for other in range(state.players)]

    @classmethod
    def of(cls, state: TigrisState, seat: int) -> _Shortcut | None:
        """The shortcut for ``seat``'s turn action in ``state``, or None when the position is not one it knows:
        another decision (a conflict, a monument, a treasure), a game already ending, a kingdom already owing
        treasures, or a bag that a turn's end would draw from by chance (explicit chance) or exhaust."""
        data = state.data
        frame = RULES.pending(state)
        if data["over"] or frame is None or frame["step"] != "action" or frame["seat"] != seat:
            return None
        ends_turn = data["actions_left"] == 1
        if ends_turn and (
            type(state.rng) not in _FRONT_DRAWING
            or len(data["treasures"]) <= state.components.treasures_left  # T&E: Game end, §1.11
        ):
            return None
        shortcut = cls(state, seat, ends_turn)
        if any(shortcut.owes(kingdom.mask, kingdom.leaders) for kingdom in shortcut.analysis.kingdoms):
            return None  # treasures are due already (never at a turn's action; kept exact all the same)
        return shortcut

    def owes(self, region: int, leaders: Any) -> bool:
        """Whether a kingdom of squares ``region`` with ``leaders`` must give up treasures (T&E: Treasures, §1.10)."""
        return (region & self.laid).bit_count() >= 2 and any(colour == "g" for _, colour, _ in leaders)

    def value(self, action: Action) -> float | None:
        """The evaluation after ``action``, or None if the rules could do more than this shortcut follows."""
        kind = action.payload[0]
        if kind == "tile":
            return self._tile(action.payload[1], action.payload[2])
        if kind == "catastrophe":
            return self._catastrophe(action.payload[1])
        if kind == "leader":
            return self._leader(action.payload[1], action.payload[2])
        if kind == "swap":
            return self._swap(action.payload[1])
        if kind == "withdraw":
            return self._withdraw(action.payload[1])
        if kind == "pass":
            data = self.data
            return self._finish(data["hands"], data["scores"], data["leaders"], data["catastrophes"], 0, ())
        return None

    # -------------------------------------------------------------------------------------------- options
    def _tile(self, code: str, square: int) -> float | None:
        """T&E: Tile placement (§1.6): one point of the tile's colour for its leader's owner, else the king's; a
        tile that unites two kingdoms scores nothing, and if a colour has a leader on both sides the wars begin
        (§1.8): the rules stop at the first war's commitment (or the order of the wars), before anything else."""
        kingdoms = self.analysis.kingdoms_next_to(square)
        seat = self.seat
        hands = _changed(self.data["hands"], seat)
        hands[seat][code] -= 1
        if len(kingdoms) == 2:
            return self._unite(hands, code, square, kingdoms)
        if squares_completed_by(self.data["cells"], square, code):
            return None  # a monument to offer (§1.9)
        scores: list[dict[str, int]] = self.data["scores"]
        leaders: tuple[tuple[int, str, int], ...] = ()
        region = 0
        if kingdoms:
            leaders = kingdoms[0].leaders
            region = flood(1 << square, self.analysis.occupied | 1 << square)
            if self.owes(region, leaders):
                return None
            scorer = next((s for s, c, _ in leaders if c == code), None)
            if scorer is None:
                scorer = next((s for s, c, _ in leaders if c == "k"), None)
            if scorer is not None:
                scores = _changed(scores, scorer)
                scores[scorer][code] += 1
        return self._finish(hands, scores, self.data["leaders"], self.data["catastrophes"], region, leaders)

    def _unite(self, hands: list[dict[str, int]], code: str, square: int, kingdoms: Any) -> float | None:
        """A tile between two kingdoms: the sides ``conflicts.conflict_colours`` compares (with the tile left out,
        the regions beside it are the two kingdoms beside it now)."""
        data = self.data
        first = {colour for _, colour, _ in kingdoms[0].leaders}
        if any(colour in first for _, colour, _ in kingdoms[1].leaders):  # a war: the rules wait for a seat
            return self._finish(hands, data["scores"], data["leaders"], data["catastrophes"], 0, (), stops=True)
        # No war: one kingdom of both, the tile scoring nothing; then the monument check and the treasures.
        if squares_completed_by(data["cells"], square, code):
            return None
        leaders = kingdoms[0].leaders + kingdoms[1].leaders
        region = flood(1 << square, self.analysis.occupied | 1 << square)
        if self.owes(region, leaders):
            return None
        return self._finish(hands, data["scores"], data["leaders"], data["catastrophes"], region, leaders)

    def _catastrophe(self, square: int) -> float | None:
        """T&E: Catastrophe (§1.7): one catastrophe spent; on a tile, the tile is gone, which may split a kingdom
        (pieces of a kingdom that owed nothing owe nothing) and, if it was a temple, sends home every leader
        left without a face-up temple beside it (seed note 2)."""
        data = self.data
        catastrophes = list(data["catastrophes"])
        catastrophes[self.seat] -= 1
        removed = data["cells"][square]
        if not removed:  # an empty square: no region changes
            return self._finish(data["hands"], data["scores"], data["leaders"], catastrophes, 0, ())
        leaders = data["leaders"]
        leader_at = self.analysis.leader_at
        if removed == "r":
            neighbours = self.state.board.neighbours
            cells = data["cells"]
            for at, (owner, colour) in leader_at.items():
                if not any(cells[n] == "r" and n != square for n in neighbours[at]):
                    if leaders is data["leaders"] or leaders[owner] is data["leaders"][owner]:
                        leaders = _changed(leaders, owner)
                    leaders[owner][colour] = -1
            if leaders is not data["leaders"]:
                leader_at = {at: who for at, who in leader_at.items() if leaders[who[0]][who[1]] == at}
        occupied = (self.analysis.tiles & ~(1 << square)) | mask_of(leader_at)
        return self._finish(data["hands"], data["scores"], leaders, catastrophes, 0, (), (occupied, leader_at))

    def _leader(self, colour: str, square: int) -> float | None:
        """T&E: Leader placement (§1.5) from the supply, into at most one kingdom; beside a rival leader of its
        colour a revolt begins (§1.8)."""
        seat = self.seat
        if self.data["leaders"][seat][colour] >= 0:
            return self._move(colour, square)
        kingdoms = self.analysis.kingdoms_next_to(square)
        if len(kingdoms) > 1:
            return None  # never legal (§1.5); played out all the same
        joined = kingdoms[0].leaders if kingdoms else ()
        leaders = _changed(self.data["leaders"], seat)
        leaders[seat][colour] = square
        data = self.data
        if any(c == colour and s != seat for s, c, _ in joined):  # a revolt: the rules wait for the attacker
            return self._finish(data["hands"], data["scores"], leaders, data["catastrophes"], 0, (), stops=True)
        leaders_now = (*joined, (seat, colour, square))
        region = flood(1 << square, self.analysis.occupied | 1 << square)
        if self.owes(region, leaders_now):
            return None
        return self._finish(data["hands"], data["scores"], leaders, data["catastrophes"], region, leaders_now)

    def _move(self, colour: str, square: int) -> float | None:
        """T&E: Leader placement (§1.5), a leader moved: taken off its square (what is left of its kingdom owes
        nothing, being part of one that owed nothing), then placed, beside a rival of its colour starting a
        revolt (§1.8), else leaving no kingdom owing treasures (§1.10). The leaders on the board stay as many."""
        seat = self.seat
        old = self.data["leaders"][seat][colour]
        leader_at = dict(self.analysis.leader_at)
        del leader_at[old]
        leader_at[square] = (seat, colour)
        occupied = self.analysis.tiles | mask_of(leader_at)
        region = flood(1 << square, occupied)
        joined = [(s, c, at) for at, (s, c) in leader_at.items() if region >> at & 1]
        leaders = _changed(self.data["leaders"], seat)
        leaders[seat][colour] = square
        data = self.data
        if any(c == colour and s != seat for s, c, _ in joined):  # a revolt: the rules wait for the attacker
            return self._finish(data["hands"], data["scores"], leaders, data["catastrophes"], 0, (), stops=True)
        if self.owes(region, joined):
            return None
        return self._finish(data["hands"], data["scores"], leaders, data["catastrophes"], 0, (), (occupied, leader_at))

    def _swap(self, tiles: tuple[str, ...]) -> float | None:
        """T&E: Swap tiles (§1.4): the tiles leave the game and as many come from the bag's front."""
        if type(self.state.rng) not in _FRONT_DRAWING:
            return None  # drawn by chance (explicit chance): played out
        data, seat = self.data, self.seat
        bag = data["bag"]
        if len(tiles) > len(bag):
            return None  # the bag cannot supply them: the game ends (§1.11)
        hands = _changed(data["hands"], seat)
        hand = hands[seat]
        for code in tiles:
            hand[code] -= 1
        for code in bag[: len(tiles)]:
            hand[code] += 1
        return self._finish(hands, data["scores"], data["leaders"], data["catastrophes"], 0, (), drawn=len(tiles))

    def _withdraw(self, colour: str) -> float | None:
        """T&E: Leader placement (§1.5), a leader withdrawn to the supply: what is left of its kingdom owes nothing."""
        seat, data = self.seat, self.data
        leader_at = dict(self.analysis.leader_at)
        del leader_at[data["leaders"][seat][colour]]
        leaders = _changed(data["leaders"], seat)
        leaders[seat][colour] = -1
        occupied = self.analysis.tiles | mask_of(leader_at)
        return self._finish(data["hands"], data["scores"], leaders, data["catastrophes"], 0, (), (occupied, leader_at))

    # ------------------------------------------------------------------------------------ the turn's end
    def _finish(
        self,
        hands: list[dict[str, int]],
        scores: list[dict[str, int]],
        leaders: list[dict[str, int]],
        catastrophes: list[int],
        region: int,
        region_leaders: Any,
        board: tuple[int, dict[int, tuple[int, str]]] | None = None,
        drawn: int = 0,
        stops: bool = False,
    ) -> float | None:
        """The evaluation of the position with these counters, after the turn's end if the action ends it.

        The monuments' kingdoms at the turn's end are the current ones except the one the action joined
        (``region``, with ``region_leaders``); or, after an action that may have split kingdoms, ``board``:
        the occupied squares and the leaders by square, to find each monument's kingdom afresh. ``drawn``: the
        tiles the action took off the bag's front (a swap). ``stops``: the rules wait for a seat's commitment to a
        conflict (``always_ask``) before the action's end, so the turn does not end yet."""
        if self.ends_turn and not stops:
            ended = self._end_turn(hands, scores, region, region_leaders, board, drawn)
            if ended is None:
                return None
            hands, scores = ended
        position = dict(self.data)
        position["hands"], position["scores"] = hands, scores
        position["leaders"], position["catastrophes"] = leaders, catastrophes
        data = self.data
        strengths = [
            self.strengths[other]
            if hands[other] is data["hands"][other]
            and scores[other] is data["scores"][other]
            and leaders[other] is data["leaders"][other]
            and catastrophes[other] == data["catastrophes"][other]
            else evaluation.strength_of(position, other, self.weights)
            for other in range(self.state.players)
        ]
        return lead_estimates(strengths, self.weights.scale)[self.seat]

    def _end_turn(
        self,
        hands: list[dict[str, int]],
        scores: list[dict[str, int]],
        region: int,
        region_leaders: Any,
        board: tuple[int, dict[int, tuple[int, str]]] | None,
        drawn: int,
    ) -> tuple[list[dict[str, int]], list[dict[str, int]]] | None:
        """The monuments' points and the refill (``turn.end_turn``), or None if the game would end there."""
        seat = self.seat
        for monument, corner in self.data["monuments"].items():
            if corner < 0:
                continue
            # T&E: Monuments (§1.9): the kingdom the monument stands in, as the action left it.
            if board is not None:
                occupied, leader_at = board
                around = flood(1 << corner, occupied)
                owners = {who for at, who in leader_at.items() if around >> at & 1}
            elif region >> corner & 1:
                owners = {(s, c) for s, c, _ in region_leaders}
            else:
                kingdom = self.analysis.kingdom_of(corner)
                owners = {(s, c) for s, c, _ in kingdom.leaders} if kingdom is not None else set()
            for colour in monument:
                if (seat, colour) in owners:
                    if scores is self.data["scores"] or scores[seat] is self.data["scores"][seat]:
                        scores = _changed(scores, seat)
                    scores[seat][colour] += 1
        bag = self.data["bag"]
        taken = drawn
        players = self.state.players
        size = self.state.components.hand
        for offset in range(players):  # T&E: Turn structure, refill (§1.4), the active player first
            other = (seat + offset) % players
            missing = size - sum(hands[other].values())
            if missing <= 0:
                continue
            if taken + missing > len(bag):
                return None  # the bag runs out: the game ends (§1.11)
            if hands is self.data["hands"] or hands[other] is self.data["hands"][other]:
                hands = _changed(hands, other)
            for code in bag[taken : taken + missing]:
                hands[other][code] += 1
            taken += missing
        if taken >= len(bag):
            return None  # the bag is empty: the game ends (TE-R13)
        return hands, scores


def _changed(rows: list[dict[str, int]], index: int) -> list[dict[str, int]]:
    """A copy of ``rows`` (a list of per-seat dicts) whose entry ``index`` is a copy too, free to change."""
    copied = list(rows)
    copied[index] = dict(rows[index])
    return copied
