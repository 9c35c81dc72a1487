"""A decision's options described once, then either listed in full or drawn at random.

Random playouts and search rollouts draw one action per decision, and listing every option builds an
``Action`` (a sentence) for each. A step whose options are "some fixed actions, then one per item" (a
piece per area, a destination per reachable area, a play per card and mode) describes them as
:class:`Choices`: cheap items plus the function that turns one item into its action. The options list is
``actions()``; ``ArabianStruggleState.random_action`` calls ``draw()``, which builds only the action drawn.
Both come from the same description, so the draw is uniform over exactly the legal list, in its order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ludoteca.core import Action
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

T = TypeVar("T")


class Chooser(Protocol):
    def randrange(self, n: int) -> int: ...


class Choices(Generic[T]):
    """The options ``head + [make(item) for item in items]``, without building them until asked.

    (A plain class with slots: one is made per decision listed, twice per move in a playout.)
    """

    __slots__ = ("head", "items", "make")

    def __init__(self, head: list[Action], items: Sequence[T], make: Callable[[T], Action]) -> None:
        self.head = head
        self.items = items
        self.make = make

    def actions(self) -> list[Action]:
        make = self.make
        return [*self.head, *map(make, self.items)]

    def __len__(self) -> int:
        return len(self.head) + len(self.items)

    def draw(self, rng: Chooser) -> Action:
        """``actions()[rng.randrange(len(self))]``, building one action."""
        index = rng.randrange(len(self))
        if index < len(self.head):
            return self.head[index]
        return self.make(self.items[index - len(self.head)])


class ActionTable(dict[Any, Action]):
    """Actions by item (an area, a destination with its cost...), each built the first time it is asked for and
    then shared: ``table[item]``.

    An action is immutable, and a table is made for a kind of action whose text and payload depend on the item
    alone, so the same option listed again (most decisions are listed twice on the generic path: once by the
    machine to see whether it is forced, once for the seat) is a lookup, not a sentence formatted and an
    ``Action`` built. A table holds at most one action per item (areas, destinations, cards), so it stays
    small. Use ``table.__getitem__`` as a ``Choices`` maker.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, item: Any) -> Action:
        action = self[item] = self.make(item)
        return action


Describe = Callable[["ArabianStruggleState", Frame], Choices[Any]]

# The steps whose options are described as Choices, for ``random_action``.
DESCRIBED: dict[str, Describe] = {}


def described_decision(
    name: str, describe: Describe, always_ask: bool = False
) -> Callable[[Callable[[ArabianStruggleState, Frame, Action], None]], Callable[..., None]]:
    """Register the decision ``name`` (as ``RULES.decision`` does) with its options described by ``describe``::

        @described_decision("recruit", recruit_choices)
        def recruit(state, frame, action): ...

    ``always_ask``: the seat is asked even when only one option is left, for a decision whose options depend
    on a hidden hand, so the table never sees the rules answer for a player whose cards left one choice.
    """
    DESCRIBED[name] = describe

    def options(state: ArabianStruggleState, frame: Frame) -> list[Action]:
        return describe(state, frame).actions()

    return RULES.decision(name, options, always_ask)
