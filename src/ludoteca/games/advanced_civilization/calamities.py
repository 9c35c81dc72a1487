"""Phase 11: resolve calamities (AC §29), the machinery every calamity card uses.

§29 in the digest: the holder of a calamity card when trading ends is its primary victim; nobody is primary
victim of more than two a turn (§29.5: two drawn at random, the rest go back); calamities resolve in
ascending stack order, the non-tradable before the tradable of a stack (§29.6); the player who traded a
calamity to its victim is never a secondary victim of it (§29.61); the primary victim must direct the losses
the card tells him to (§29.64); every victim chooses his own units, meeting a loss exactly if he can, else
with the least overshoot (§29.63), a token counting 1 and a city 5 — a city lost this way is reduced and its
replacement tokens do not count (§29.62); barbarians and pirate cities are never touched (§29.65). Cards go
to the bottom of their stacks (§29.7), Monotheism converts, and city support is checked again (§29.8).

A card's resolution is a function registered with :func:`calamity` under the card's name in
``data/cards.toml``; it reads its figures from the card's table and pushes the frames below
(``lose``, ``direct``, ``pick_city``), so a variant adds a card with one table and one function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.advanced_civilization import cards, content, hand_knowledge, pieces, surplus
from ludoteca.games.advanced_civilization.machine import RULES, Frame
from ludoteca.games.advanced_civilization.state import CivState

Resolution = Callable[[CivState, Frame], None]
RESOLUTIONS: dict[str, Resolution] = {}


def calamity(name: str) -> Callable[[Resolution], Resolution]:
    """Register the resolution of the calamity card ``name`` (frame: ``name``, ``victim``, ``trader``)."""

    def register(function: Resolution) -> Resolution:
        if name in RESOLUTIONS:
            raise ValueError(f"calamity {name!r} has two resolutions")
        RESOLUTIONS[name] = function
        return function

    return register


def params(name: str) -> dict[str, object]:
    """The figures of calamity ``name`` (standard or variant) from its table in the card data."""
    return content.calamity_card(name).params


def figures(name: str) -> content.Calamity:
    """Calamity ``name``'s card, whose figures are read typed: ``number``, ``flag``, ``names``, ``table``."""
    return content.calamity_card(name)


def modifier(state: CivState, seat: int, table: Mapping[str, int]) -> int:
    """The sum of a card's advance modifiers (``{"Medicine": -8, ...}``) that ``seat`` holds."""
    return sum(int(n) for advance, n in table.items() if state.has(seat, advance))


def unit_points(state: CivState, seat: int) -> int:
    """Tokens on the board count 1, cities 5 (§29.62)."""
    return pieces.on_board(state, seat) + 5 * len(pieces.cities_of(state, seat))


# ----------------------------------------------------------------------------- the phase
@RULES.auto("calamities")
def calamities(state: CivState, frame: Frame) -> None:
    data = state.data
    spec = state.cards
    due: list[tuple[tuple[int, int], str, int]] = []
    for seat in state.ast_order():
        hand = data["players"][seat]["hand"]
        held = cards.calamities_in(state, hand)
        for card in held:
            hand.remove(card)
        hand_knowledge.shown_and_gone(state, seat, held)
        limit = spec.trade["victim_limit"]
        if len(held) > limit:  # §29.5: two drawn at random, the others go back to their stacks
            held.sort()
            state.rng.shuffle(held)
            for card in held[limit:]:
                cards.to_bottom(state, card)
                state.emit("calamity", f"{card} is returned unresolved: {state.who(seat)} already suffers two.")
            held = held[:limit]
        due += [(spec.calamities[card].order, card, seat) for card in held]
    frames: list[Frame] = []
    for _, card, seat in sorted(due):  # §29.6
        trader = data["calamity_from"].get(card)
        frames.append({"step": "calamity", "name": card, "victim": seat, "trader": trader})
    data["calamity_from"] = {}
    frames.append({"step": "monotheism"})
    frames += [{"step": "city_support", "seat": seat} for seat in state.ast_order()]  # §29.8
    frames.append({"step": "calamities_end"})
    RULES.push_sequence(state, frames)


@RULES.auto("calamity")
def resolve_calamity(state: CivState, frame: Frame) -> None:
    name, victim, trader = frame["name"], frame["victim"], frame["trader"]
    by = f" (traded by {state.who(trader)})" if trader is not None else ""
    state.emit("calamity", f"{name} strikes {state.who(victim)}{by}.", calamity=name, victim=victim, trader=trader)
    before = [unit_points(state, seat) for seat in range(state.players)]
    RULES.push(state, "calamity_done", name=name, before=before, victim=victim, trader=trader)
    RESOLUTIONS[name](state, frame)


@RULES.auto("calamity_done")
def calamity_done(state: CivState, frame: Frame) -> None:
    """Log what the calamity cost everyone, and send its card to the bottom of its stack (§29.7)."""
    changes = []
    for seat, was in enumerate(frame["before"]):
        delta = was - unit_points(state, seat)
        if delta > 0:
            changes.append(f"{state.who(seat)} loses {_points(delta)}")
        elif delta < 0:
            changes.append(f"{state.who(seat)} gains {_points(-delta)}")
    # The total per seat in §29.62 unit points (each unit was logged as it went), or that it cost nothing.
    outcome = "; ".join(changes) if changes else "no unit points lost"
    state.emit("calamity", f"{frame['name']} is over: {outcome}.", calamity=frame["name"])
    cards.to_bottom(state, frame["name"])


@RULES.auto("calamities_end")
def calamities_end(state: CivState, frame: Frame) -> None:
    state.data["support_penalty"] = [0] * state.players


# ----------------------------------------------------------------------------- losing unit points
def _best(need: int, tokens: int, cities: int, per: int = 5) -> int:
    """§29.63: the smallest loss of at least ``need`` points from these units (all of them if too few), a city
    counting ``per`` (5, §29.62; at most 4 in an Epidemic, §30.612)."""
    if need <= 0:
        return 0
    if tokens + per * cities < need:
        return tokens + per * cities
    return min(per * c + max(0, need - per * c) for c in range(cities + 1) if max(0, need - per * c) <= tokens)


def _loss_units(state: CivState, frame: Frame) -> tuple[dict[str, int], list[str]]:
    """Tokens the victim may take per area, and cities he may reduce, under the frame's limits."""
    seat, areas = frame["seat"], frame.get("areas")
    spared = frame.get("spared", {})
    keep = 1 if frame.get("keep_one") else 0
    tokens: dict[str, int] = {}
    for area, row in state.data["tokens"].items():
        if row[seat] and (areas is None or area in areas):
            n = row[seat] - spared.get(area, 0) - keep
            if n > 0:
                tokens[area] = n
    city_areas = frame.get("city_areas", areas)
    cities = [
        a
        for a in pieces.cities_of(state, seat)
        if frame.get("cities", True) and (city_areas is None or a in city_areas)
    ]
    return tokens, cities


def lose(state: CivState, seat: int, points: int, calamity_name: str, **limits: object) -> None:
    """Schedule ``seat`` losing ``points`` unit points of its choice (limits: areas, city_areas, cities, keep_one,
    city_points: what a city reduced pays, 5 unless the card says less)."""
    if points > 0:
        RULES.push(state, "lose", seat=seat, points=points, calamity=calamity_name, spared={}, **limits)


def _lose_options(state: CivState, frame: Frame) -> list[Action]:
    need = frame["points"]
    tokens, cities = _loss_units(state, frame)
    t, c = sum(tokens.values()), len(cities)
    per = int(frame.get("city_points", 5))
    best = _best(need, t, c, per)
    if need <= 0 or best == 0:
        return []
    options: list[Action] = []
    if t and 1 + _best(need - 1, t - 1, c, per) == best:
        options += [Action(f"lose a token in {area}", ["token", area]) for area in sorted(tokens)]
    if c and per + _best(need - per, t, c - 1, per) == best:
        options += [Action(f"reduce your city in {area}", ["city", area]) for area in cities]
    return options


@RULES.decision("lose", _lose_options)
def lose_units(state: CivState, frame: Frame, action: Action) -> None:
    seat, (kind, area) = frame["seat"], action.payload
    spared = dict(frame["spared"])
    if kind == "token":
        pieces.remove(state, area, seat, 1)
        state.emit("loss", f"{frame['calamity']}: {state.who(seat)} loses a token in {area}.", seat=seat, area=area)
        paid = 1
    else:
        spared[area] = spared.get(area, 0) + reduce_city(state, area, frame["calamity"])
        paid = int(frame.get("city_points", 5))
    RULES.repush(state, frame, points=frame["points"] - paid, spared=spared)


def reduce_city(state: CivState, area: str, calamity_name: str) -> int:
    """Reduce the city in ``area`` (§26.41); returns the tokens put in its place."""
    seat = pieces.owner(state, area)
    assert seat is not None
    stock = state.data["players"][seat]["stock"]
    surplus.reduce(state, area)
    placed = int(stock - state.data["players"][seat]["stock"])
    state.emit("loss", f"{calamity_name}: {state.who(seat)}'s city in {area} is reduced.", seat=seat, area=area)
    return placed


def destroy_city(state: CivState, area: str, calamity_name: str) -> None:
    seat = pieces.owner(state, area)
    del state.data["cities"][area]
    state.emit("loss", f"{calamity_name}: the city of {state.who(seat or 0)} in {area} is destroyed.", area=area)


# ----------------------------------------------------------------------------- directing losses at others
def direct(state: CivState, victim: int, total: int, each: int, calamity_name: str, **limits: object) -> None:
    """§29.64: the primary victim must share ``total`` points among the others, at most ``each`` apiece.

    The trader of the card is never chosen (§29.61, ``exempt``). The victim divides the points as he likes
    within each player's maximum (AC-R23): he names a player, then how many points that player takes, and again
    until all are placed or nobody can take more (a remainder nobody can take lapses). ``limits`` go on to each
    secondary victim's loss (``areas``, ``keep_one``; ``modifiers`` by advance; ``engineering_cap``; a ``hook``
    of LOSS_HOOKS).
    """
    state.data["directed"] = {}
    RULES.push(state, "direct_done", calamity=calamity_name, limits=dict(limits))
    RULES.push(state, "direct", seat=victim, left=total, each=each, calamity=calamity_name, limits=dict(limits))


def _loss_limits(limits: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in limits.items() if k in ("areas", "keep_one", "city_areas", "cities", "city_points")}


def _room(state: CivState, frame: Frame, other: int) -> int:
    """What ``other`` can still be directed: the card's maximum (Engineering's cap for Flood, §30.5) less what it
    was given, and no more than the unit points it has where the loss falls."""
    tokens, cities = _loss_units(state, {"seat": other, **_loss_limits(frame["limits"])})
    have = sum(tokens.values()) + int(frame["limits"].get("city_points", 5)) * len(cities)
    cap = int(frame["each"])
    engineering = frame["limits"].get("engineering_cap")
    if engineering is not None and state.has(other, "Engineering"):
        cap = min(cap, int(engineering))
    given = int(state.data["directed"].get(str(other), 0))
    return max(0, min(cap, have) - given)


def _direct_options(state: CivState, frame: Frame) -> list[Action]:
    """Whom the next points go to: every other player who can still take some (not the trader, §29.61)."""
    if frame["left"] <= 0:
        return []
    exempt = set(frame["limits"].get("exempt", []))
    options = []
    for other in state.ast_order():
        room = _room(state, frame, other) if other != frame["seat"] and other not in exempt else 0
        if room > 0:
            most = min(frame["left"], room)
            options.append(Action(f"direct losses at {state.who(other)}, up to {_points(most)}", other))
    return options


def _points(n: int) -> str:
    return count(n, "unit point", zero="0")


@RULES.decision("direct", _direct_options)
def direct_losses(state: CivState, frame: Frame, action: Action) -> None:
    """§29.64: the victim names the next player to take some of the points; how many is asked next."""
    rest = {k: v for k, v in frame.items() if k != "step"}
    RULES.push(state, "direct_amount", **rest, at=int(action.payload))


def _amount_options(state: CivState, frame: Frame) -> list[Action]:
    """Any number from what the named player can still take down to one point (AC-R23: 7/7/6 as well as 8/8/4)."""
    most = min(frame["left"], _room(state, frame, frame["at"]))
    who = state.who(frame["at"])
    return [Action(f"direct {_points(n)} at {who}", n) for n in range(most, 0, -1)]


@RULES.decision("direct_amount", _amount_options)
def direct_amount(state: CivState, frame: Frame, action: Action) -> None:
    other, amount = frame["at"], int(action.payload)
    directed = state.data["directed"]
    directed[str(other)] = directed.get(str(other), 0) + amount
    state.emit(
        "calamity",
        f"{frame['calamity']}: {state.who(frame['seat'])} directs {_points(amount)} at {state.who(other)}.",
        seat=frame["seat"],
        victim=other,
        points=amount,
    )
    rest = {k: v for k, v in frame.items() if k not in ("step", "at")}
    RULES.push(state, "direct", **{**rest, "left": frame["left"] - amount})


@RULES.auto("direct_done")
def direct_done(state: CivState, frame: Frame) -> None:
    """Each secondary victim then chooses its own losses, adjusted by its advances."""
    directed = state.data.pop("directed", {})
    for other in sorted((int(s) for s in directed), key=state.ast_rank, reverse=True):
        points = directed[str(other)] + modifier(state, other, frame["limits"].get("modifiers", {}))
        hook = frame["limits"].get("hook")
        limits = _loss_limits(frame["limits"])
        if hook:
            LOSS_HOOKS[str(hook)](state, other, points, frame["calamity"], limits)
        else:
            lose(state, other, points, frame["calamity"], **limits)


LOSS_HOOKS: dict[str, Callable[[CivState, int, int, str, dict[str, object]], None]] = {}
"""A card's own way of scheduling a victim's loss (Famine: the Pottery holder first says how many Grain cards he
shows), by name: called with the seat, the points, the calamity and the loss's limits instead of ``lose``."""


# ----------------------------------------------------------------------------- choosing cities
CITY_EFFECTS = ("reduce", "destroy", "pirate", "treachery")


def pick_cities(
    state: CivState, chooser: int, owners: list[int], n: int, effect: str, calamity_name: str, **more: object
) -> None:
    """``chooser`` picks ``n`` cities of ``owners`` (``coastal``, ``near`` an area, ``taker``, ``cap`` per owner)."""
    if n > 0:
        RULES.push(
            state,
            "pick_city",
            seat=chooser,
            owners=owners,
            n=n,
            effect=effect,
            calamity=calamity_name,
            taken={},
            **more,
        )


def _pick_options(state: CivState, frame: Frame) -> list[Action]:
    board = state.board
    caps = frame.get("cap", {})
    near = frame.get("near")
    options = []
    for area, city in sorted(state.data["cities"].items()):
        owner = city["owner"]
        if owner not in frame["owners"] or (frame.get("coastal") and area not in board.coastal):
            continue
        if near is not None and area not in board.borders.get(near, ()):
            continue
        if str(owner) in caps and frame["taken"].get(str(owner), 0) >= caps[str(owner)]:
            continue
        options.append(Action(f"{frame['effect']} the city of {state.who(owner)} in {area}", area))
    return options


@RULES.decision("pick_city", _pick_options)
def pick_city(state: CivState, frame: Frame, action: Action) -> None:
    from ludoteca.games.advanced_civilization import barbarians

    area, name, effect = action.payload, frame["calamity"], frame["effect"]
    owner = pieces.owner(state, area)
    assert owner is not None
    if effect == "reduce":
        reduce_city(state, area, name)
    elif effect == "destroy":
        destroy_city(state, area, name)
    elif effect == "pirate":
        del state.data["cities"][area]
        barbarians.add_pirate_city(state, area)
        state.emit("loss", f"{name}: the city of {state.who(owner)} in {area} becomes a pirate city.", area=area)
    else:  # treachery: the trader takes the city over if it has a city piece to spare
        taker = frame["taker"]
        if pieces.spare_cities(state, taker):
            state.data["cities"][area]["owner"] = taker
            state.emit("loss", f"{name}: {state.who(taker)} takes over the city in {area}.", area=area, seat=taker)
        else:
            destroy_city(state, area, name)
    taken = dict(frame["taken"])
    taken[str(owner)] = taken.get(str(owner), 0) + 1
    if frame["n"] > 1:
        RULES.repush(state, frame, n=frame["n"] - 1, taken=taken)


# ----------------------------------------------------------------------------- what the page shows
_LOSS_STEPS = {"lose": "loses", "direct": "directs", "direct_amount": "directs", "pick_city": "picks cities"}


def pending(state: CivState) -> dict[str, object] | None:
    """Phase 11 under way: the calamity resolving now (name, primary victim, trader), the ones still due in
    §29.6 order, the losses the rules have set and are waiting to be taken (read from the very frames that take
    them, so the page and the outcome agree), and the advances that change the current card, with their holders.

    All public: calamities are revealed when trading ends (§29), a card's trader when it strikes, and every figure
    here follows from the board, the advances held and the choices already made. None outside phase 11.
    """
    stack = state.data["stack"]
    # Who traded a calamity is told only when it strikes (the trade itself was private to its two traders).
    due = [{"name": f["name"], "victim": f["victim"]} for f in reversed(stack) if f["step"] == "calamity"]
    index = next((k for k in range(len(stack) - 1, -1, -1) if stack[k]["step"] == "calamity_done"), None)
    if index is None and not due:
        return None
    current: Frame | None = None
    losses: list[dict[str, object]] = []
    modifiers: list[dict[str, object]] = []
    if index is not None:
        current = stack[index]
        for frame in reversed(stack[index + 1 :]):
            if frame["step"] in ("lose", "pottery"):
                losses.append({"seat": frame["seat"], "kind": "lose", "points": frame["points"]})
            elif frame["step"] in ("direct", "direct_amount"):
                losses.append({"seat": frame["seat"], "kind": "direct", "points": frame["left"], "each": frame["each"]})
            elif frame["step"] == "pick_city":
                losses.append(
                    {"seat": frame["seat"], "kind": "pick_city", "cities": frame["n"], "effect": frame["effect"],
                     "owners": list(frame["owners"])}
                )  # fmt: skip
        modifiers = advance_modifiers(state, current["name"])
    return {
        "current": None
        if current is None
        else {"name": current["name"], "victim": current.get("victim"), "trader": current.get("trader")},
        "due": due,
        "losses": losses,
        "modifiers": modifiers,
    }


def advance_modifiers(state: CivState, name: str) -> list[dict[str, object]]:
    """The advances calamity ``name``'s figures mention (``{"Medicine": -8}`` tables, immunity lists), each with
    the figure it changes, its amount when it has one, and the seats holding it."""
    known = content.advances()
    found: list[dict[str, object]] = []
    for key, value in params(name).items():
        entries: list[tuple[str, object]] = []
        if isinstance(value, dict):
            entries = [(advance, amount) for advance, amount in value.items() if advance in known]
        elif isinstance(value, list):
            entries = [(advance, None) for advance in value if advance in known]
        for advance, amount in entries:
            holders = [seat for seat in range(state.players) if state.has(seat, advance)]
            found.append({"advance": advance, "figure": key.replace("_", " "), "amount": amount, "holders": holders})
    return found


__all__ = [
    "RESOLUTIONS",
    "calamity",
    "destroy_city",
    "direct",
    "figures",
    "lose",
    "modifier",
    "params",
    "pick_cities",
]
