"""Record header keys to RYB options: Players, Edition, Variable, Rules, Draft, Reroll, Cancel."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games import HeaderError
from companion.games.notation import NO, header_flag, header_names, header_value
from companion.games.ryb import tokens as tk
from companion.games.ryb.deck import DeckError, builtin_deck
from companion.games.ryb.state import Edition, Options, Payment, VariableMode, VariableRule


def _choice(key: str, value: str, choices: Mapping[str, str]) -> str:
    word = value.strip().lower().replace(" ", "").replace("-", "").replace("!", "")
    if word not in choices:
        raise HeaderError(
            key, f"{value!r} is not one of {', '.join(dict.fromkeys(choices.values()))}"
        )
    return choices[word]


def players(header: Mapping[str, str]) -> tuple[str, ...]:
    example = 'name the players in seat order, [Players "Al, Bruce"]'
    rule = (
        "a name starts with a letter or an emoji, then letters, digits, emoji and ' . - _, "
        "one space between words"
    )
    return header_names(header, "Players", example, tk.name, rule)


def _variable(value: str) -> tuple[VariableRule, VariableMode | None]:
    choices = {m.value: m.value for m in VariableMode}
    choices.update({"first": "first", "each": "each"})
    word = _choice("Variable", value, choices)
    if word in ("first", "each"):
        return VariableRule(word), None
    return VariableRule.FIXED, VariableMode(word)


def _draft(value: str, names: tuple[str, ...]) -> tuple[bool, int]:
    if value.strip() in names:
        return True, names.index(value.strip())
    return header_flag("Draft", value), 0


def options(header: Mapping[str, str], names: tuple[str, ...]) -> Options:
    edition = _choice("Edition", header.get("Edition", "2000"), {"2000": "2000", "1999": "1999"})
    rules = _choice(
        "Rules", header.get("Rules", "strict"), {"strict": "strict", "lenient": "lenient"}
    )
    rule, mode = _variable(header.get("Variable", "reset"))
    draft, first = _draft(header.get("Draft", "no"), names)
    payments = {p.value: p.value for p in Payment} | dict.fromkeys(NO, "no")
    paid = _choice("Reroll", header.get("Reroll", "no"), payments)
    deck_name = header.get("Deck", "default").strip()
    with header_value("Deck", DeckError):
        builtin_deck(deck_name)
    return Options(
        edition=Edition(edition),
        strict=rules == "strict",
        variable_rule=rule,
        variable_mode=mode,
        draft=draft,
        draft_first=first,
        reroll=None if paid == "no" else Payment(paid),
        cancel=header_flag("Cancel", header.get("Cancel", "no")),
        deck_name=deck_name,
    )
