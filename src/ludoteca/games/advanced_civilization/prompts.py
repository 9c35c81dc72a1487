"""One sentence per decision step, telling the deciding player what is being asked, in the rulebook's words.

The page's status line and the terminal showed the machine's step names ("civil war keep", "direct amount");
a player needs the phase, what to choose and the section that says how. The sentence is part of the public
view (``decision.prompt``), so it is filled only from what every seat may see: whose decision it is, the
calamity being resolved and its public figures, the revolt's numbers. Never the cards in a purchase or an
offer, nor the area a player has clicked but not yet moved from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.wording import count

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState

PROMPTS: dict[str, str] = {
    # Set-up (§4, §14)
    "choose_nation": "Set-up (§4): choose your nation.",
    "choose_start": "Set-up (§4.4): place your first token in one of your nation's start areas.",
    # Phase 1, taxation (§19)
    "tax_rate": "Taxation (§19.1, Coinage): choose how many tokens each of your cities pays.",
    "revolt_take": "Tax revolt (§19.3): take over a revolting city of {victim}; {left} to take.",
    "revolt_lose": "Tax revolt (§19.3): choose a revolting city to eliminate; {left} to go.",
    # Phase 2, population expansion (§20)
    "expand": "Population expansion (§20.2): your stock is short; choose where your tokens grow.",
    # Phase 4, ships (§22)
    "ship_upkeep": "Ships (§22.2): pay to keep your ship in {area}, or let it go.",
    "ship_build": "Ships (§22.1): build a ship, or finish building.",
    # Phase 5, movement (§22.3, §23)
    "move_from": "Movement (§23): choose an area to move tokens from, or end your movement.",
    "move_to": "Movement (§23): choose where the tokens go.",
    "move_count": "Movement (§23): choose how many tokens move.",
    "sail_to": "Naval transport (§22.3): choose where the ship sails.",
    "sail_count": "Naval transport (§22.3): choose how many tokens the ship carries.",
    # Phase 7, city construction (§25)
    "build_city": "City construction (§25): choose where to build a city, or build no more.",
    # Phase 8, surplus population and city support (§26)
    "reduce_city": "City support (§26.31, §26.4): too few tokens support your cities; choose a city to reduce.",
    # Phase 9, trade card acquisition (§27)
    "buy_stack9": "Trade card acquisition (§27): buy a stack-9 card for 18 treasury tokens, or stop.",
    # Phase 10, trade (§28)
    "trade_turn": "Trade (§28): propose a trade to another player, or pass.",
    "trade_open": "Trade (§28): propose trades to anyone, answer offers, or say you are done.",
    "build_offer": "Trade (§28): choose the cards of your side of the trade.",
    "trade_answer": "Trade (§28): answer the trade offered to you.",
    "trade_accept": "Trade (§28): accept or refuse the answer to your offer.",
    # Phase 11, calamities (§29, §30)
    "lose": "{calamity} (§29.6): choose the units you lose ({points} to lose).",
    "direct": "{calamity} (§29.64): name a player to take some of the losses you direct ({left} left).",
    "direct_amount": "{calamity} (§29.64): choose how many points that player takes ({left} left).",
    "pick_city": "{calamity} (§30): choose a city to {effect}.",
    "earthquake": "{name} (§30): choose your city that the earthquake reduces or destroys.",
    "pottery": "{calamity} (§30.3, Pottery): choose how many Grain cards you show to lessen the loss.",
    "faction": "{name} (§29.63): select the units of a faction of {victim}, one at a time.",
    "civil_war_keep": "{name} (§30.415): choose the faction you continue with.",
    "piracy_victims": "{name} (§30): name a player who loses a coastal city to the pirates ({left} to name).",
    "convert": "Monotheism (AC-R26): convert another player's units in an area next to yours, or none.",
    # Phase 12, civilization cards (§31)
    "choose_advance": "Civilization cards (§31): choose a card to buy, or finish buying.",
    "pay": "Civilization cards (§31): pay for your cards with trade card sets and treasury tokens, no change given.",
    "trim_hand": "Hand limit (§31.71): return a trade card of your choice.",
}

_PICK_VERBS = {"reduce": "reduce", "destroy": "destroy", "pirate": "turn pirate", "treachery": "take over"}


def prompt(state: CivState, frame: dict[str, Any]) -> str:
    """The sentence for a waiting decision, filled in from the public fields of its frame."""
    template = PROMPTS.get(frame["step"])
    if template is None:  # a step with no sentence yet still names itself in words
        return str(frame["step"]).replace("_", " ").capitalize() + "."
    fields: dict[str, str] = {}
    for key in ("calamity", "name", "area"):
        if isinstance(frame.get(key), str):
            fields[key] = frame[key]
    if isinstance(frame.get("victim"), int):
        fields["victim"] = state.who(frame["victim"])
    if "effect" in frame:
        fields["effect"] = _PICK_VERBS.get(str(frame["effect"]), str(frame["effect"]))
    if frame["step"] == "lose":
        fields["points"] = count(int(frame["points"]), "unit point")
    if frame["step"] in ("direct", "direct_amount"):
        fields["left"] = count(int(frame["left"]), "point")
    elif frame["step"] in ("revolt_take", "revolt_lose"):
        fields["left"] = count(int(frame["left"]), "city")
    elif frame["step"] == "piracy_victims":
        fields["left"] = count(int(frame["left"]), "player")
    return template.format_map(fields)


__all__ = ["PROMPTS", "prompt"]
