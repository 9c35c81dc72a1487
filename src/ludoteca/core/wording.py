"""Counts, plurals, articles and lists for the texts every game writes into its log and its actions.

A player reads the log to follow the game, so "1 pieces", "a Ottoman piece" or "tile(s)" read as
bugs. Each game builds its sentences with these few helpers instead of formatting numbers and nouns
by hand, and ``tests/reliability/test_log_wording.py`` holds every game to them.

The choice of "a" or "an" follows the *sound* of the next word, not its letter: "an hour",
"a unit", "a European", "an Ottoman", "an 8", "a one-off". Abbreviations in capitals are read
letter by letter, so "an RP", "an MP", "a VP" ("ar-pee", "em-pee", "vee-pee"); the few capital
words spoken as words are listed in ``_SPOKEN_CAPITALS``.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["a", "article", "count", "join", "plural_of"]

# Plurals English does not form with -s/-es/-ies. A game with another irregular noun passes the
# plural explicitly (``count(n, "Wonder of the World", "Wonders of the World")``).
_IRREGULAR: dict[str, str] = {
    "child": "children",
    "die": "dice",
    "foot": "feet",
    "man": "men",
    "mouse": "mice",
    "person": "people",
    "tooth": "teeth",
    "woman": "women",
}

# Letters whose spoken name starts with a vowel sound: "an F" ("eff"), "an R" ("ar"), but "a U" ("you").
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")

# Words starting with a vowel letter but a consonant sound: "you" (unit, European, usual) or "w" (one).
_CONSONANT_SOUND_PREFIXES = (
    "eu",
    "ewe",
    "once",
    "ubiq",
    "uga",
    "ukr",
    "ukulele",
    "unanim",
    "unic",
    "unif",
    "unilateral",
    "union",
    "uniq",
    "unis",
    "unit",
    "univ",
    "ura",
    "ure",
    "uri",
    "uro",
    "uru",
    "usa",
    "use",
    "usu",
    "uta",
    "ute",
    "uti",
    "uto",
)
# Words starting with "uni" that keep the "un" sound: "an unimportant", "an uninhabited".
_UN_SOUND_PREFIXES = ("unim", "unin", "unid")

# Words starting with a silent h: "an hour", "an honest", "an heir".
_SILENT_H_PREFIXES = ("heir", "honest", "honor", "honour", "hour")

# Capital words spoken as words, not letter by letter: their article follows the spoken word.
_SPOKEN_CAPITALS: dict[str, str] = {"NATO": "a", "UNESCO": "a", "UFO": "a", "OK": "an"}

_OPENING_PUNCTUATION = "\"'“‘([«"


def plural_of(noun: str, plural: str | None = None) -> str:
    """The plural of ``noun``: ``plural`` if given, else English's regular rules on its last word.

    Only the last word changes, so a phrase works ("unit point" -> "unit points"). Capital
    abbreviations take a bare "s" ("RP" -> "RPs"). Irregular nouns outside ``_IRREGULAR`` are the
    caller's to give: guessing them wrong would put a new error into the log.
    """
    if plural is not None:
        return plural
    if not noun:
        raise ValueError("plural_of() needs a noun")
    head, sep, last = noun.rpartition(" ")
    return f"{head}{sep}{_plural_word(last)}"


def _plural_word(word: str) -> str:
    """The regular plural of one word (its case kept)."""
    lower = word.lower()
    if lower in _IRREGULAR:
        irregular = _IRREGULAR[lower]
        return irregular.capitalize() if word[:1].isupper() else irregular
    if len(word) > 1 and word.isupper():
        return word + "s"
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def count(n: int, noun: str, plural: str | None = None, *, zero: str = "no") -> str:
    """``n`` and ``noun`` agreeing in number: "1 piece", "2 pieces", "no pieces".

    ``plural`` gives an irregular plural ("1 die", "3 dice" need nothing; "2 Wonders of the
    World" does). ``zero`` is what stands for nought: "no" by default because "no pieces" reads better
    in a sentence than "0 pieces", and ``zero="0"`` (or any word) where a figure is wanted, as in a
    tally. Only exactly one (or minus one) takes the singular: "0 pieces", "1.5 points" are plural.
    """
    if n == 0:
        return f"{zero} {plural_of(noun, plural)}"
    if abs(n) == 1:
        return f"{n} {noun}"
    return f"{n} {plural_of(noun, plural)}"


def article(word: str) -> str:
    """ "a" or "an" for ``word`` (or the first word of a phrase), by the sound it starts with.

    Raises ``ValueError`` on an empty word or bare punctuation, for which no article is right.
    """
    text = word.lstrip(_OPENING_PUNCTUATION).strip()
    first = text.split(maxsplit=1)[0] if text else ""
    first = first.split("-", 1)[0] or first
    if not first:
        raise ValueError("article() needs a word")
    if first[0] in "+-−" and first[1:2].isdigit():
        return "a"  # "a minus one", "a plus two"
    if first[0].isdigit():
        return "an" if _number_starts_with_vowel(first) else "a"
    letters = "".join(ch for ch in first if ch.isalpha())
    if not letters:
        raise ValueError(f"article() needs a word, not {word!r}")
    if letters in _SPOKEN_CAPITALS:
        return _SPOKEN_CAPITALS[letters]
    if letters.endswith("s") and len(letters) > 2 and letters[:-1].isupper():
        letters = letters[:-1]  # a plural abbreviation, "RPs", is read as its letters too
    if len(letters) == 1 or letters.isupper():
        # Read letter by letter: "an RP", "a VP", "an X".
        return "an" if letters[0].upper() in _VOWEL_SOUND_LETTERS else "a"
    lower = letters.lower()
    if lower.startswith(_SILENT_H_PREFIXES):
        return "an"
    if lower.startswith(_UN_SOUND_PREFIXES):
        return "an"
    if lower in ("one", "ones") or lower.startswith(_CONSONANT_SOUND_PREFIXES):
        return "a"
    return "an" if lower[0] in "aeiou" else "a"


def _number_starts_with_vowel(token: str) -> bool:
    """Whether a number written in figures is spoken starting with a vowel: 8, 11, 18, 80, 800, 11000...

    "Eight" and its tens and hundreds begin with a vowel; so do "eleven" and "eighteen" when they lead
    the number, which is when its count of digits leaves 2 after dividing by 3 (11, 18, 11 000, 18 000).
    """
    digits = "".join(ch for ch in token.split(".", 1)[0] if ch.isdigit())
    if not digits:
        return False
    if digits[0] == "8":
        return True
    return digits[:2] in ("11", "18") and len(digits) % 3 == 2


def a(word: str, *, capital: bool = False) -> str:
    """``word`` with its article: "a unit", "an Ottoman piece"; ``capital`` to open a sentence."""
    art = article(word)
    if capital:
        art = art.capitalize()
    return f"{art} {word}"


def join(items: Iterable[str], conjunction: str = "and") -> str:
    """A list the way a sentence writes it: "a", "a and b", "a, b and c" (no comma before "and").

    An empty list gives "" so the caller decides what nothing reads as ("nobody", "nothing").
    """
    words = [str(item) for item in items]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"
