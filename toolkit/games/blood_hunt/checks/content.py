"""Blood Hunt checks: the deck, the token bag and the set-up table agree for every player count.

Each check reports on the documents of one pack and resolves references into the packs it requires.
Unknown ids in references are the core reference checker's job (BB0305); these checks skip them.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from toolkit.core.diagnostics import Diagnostic, Related
from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.plugin import Check
from toolkit.core.validation import did_you_mean
from toolkit.games.blood_hunt import codes
from toolkit.games.blood_hunt.model.documents import BhCitizen, BhDeck, BhSetup
from toolkit.games.blood_hunt.model.effects import verb_of


def check_decks(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """Every (suit, value) once, suits known, and a trump change only where suits can change."""
    for document, deck in index.models_of("bh-deck", BhDeck, [pack.id]):
        suit_ids = [s.id for s in deck.suits]
        first_seen: dict[tuple[str, int], tuple[int, int]] = {}
        for i, line in enumerate(deck.cards):
            for j, suit in enumerate(line.suits or suit_ids):
                if suit not in suit_ids:
                    yield codes.UNKNOWN_SUIT.at(
                        document.locate(("cards", i, "suits", j)),
                        f"card {line.value} is printed in suit {suit!r}, which deck "
                        f"{deck.id!r} does not have",
                        hint=did_you_mean(suit, suit_ids) or f"the deck's suits are {', '.join(suit_ids)}",
                    )
                    continue
                earlier = first_seen.setdefault((suit, line.value), (i, j))
                if earlier != (i, j):
                    yield codes.DUPLICATE_CARD.at(
                        document.locate(("cards", i, "value")),
                        f"{suit} {line.value} is already in deck {deck.id!r}",
                        hint="give this line `suits:` that leaves the duplicate out, or remove it",
                        related=(Related(document.locate(("cards", earlier[0])), "first listed here"),),
                    )
            changes_trump = line.effect is not None and verb_of(line.effect) == "change_trump"
            if changes_trump and len(suit_ids) < 2:
                yield codes.TRUMP_CANNOT_CHANGE.at(
                    document.locate(("cards", i, "effect")),
                    f"card {line.value} changes the trump, but the deck has only one suit",
                    hint="add a suit or give this card another effect",
                )


def check_setups(index: ContentIndex, pack: Pack) -> Iterator[Diagnostic]:
    """One set-up per pack; districts once; token table, bag and deck enough for every count."""
    setups = list(index.models_of("bh-setup", BhSetup, [pack.id]))
    for document, setup in setups[1:]:
        yield codes.SETUP_COUNT.at(
            document.locate(("id",)),
            f"set-up {setup.id!r} is the pack's second; the engine plays exactly one",
            hint="move the variant into a pack of its own that requires this one",
            related=(Related(setups[0][0].locate(("id",)), "the first set-up"),),
        )
    visible = index.visible_packs(pack.id)
    citizens = [model for _, model in index.models_of("bh-citizen", BhCitizen, visible)]
    for document, setup in setups:
        yield from _districts_once(document, setup)
        table = yield from _token_table(document, setup)
        yield from _sets_reachable(document, setup, citizens)
        bag = sum(c.count for c in citizens)
        for position, (players, counts) in enumerate(table.items()):
            yield from _bag_suffices(document, setup, position, players, counts, bag)
        deck = index.resolve(["bh-deck"], setup.deck, pack.id)
        if deck is not None and isinstance(deck.model, BhDeck):
            size = _deck_size(deck.model)
            for position, players in enumerate(table):
                yield from _deck_suffices(document, setup, position, players, size)


def _districts_once(document: LoadedDocument, setup: BhSetup) -> Iterator[Diagnostic]:
    first: dict[str, int] = {}
    for i, entry in enumerate(setup.districts):
        earlier = first.setdefault(entry.district, i)
        if earlier != i:
            yield codes.DUPLICATE_DISTRICT.at(
                document.locate(("districts", i, "district")),
                f"district {entry.district!r} is already slot {earlier + 1} of the card holder",
                related=(Related(document.locate(("districts", earlier)), "first listed here"),),
            )


def _token_table(
    document: LoadedDocument, setup: BhSetup
) -> Generator[Diagnostic, None, dict[int, list[int]]]:
    """Evaluate every district's tokens for every supported count; return the good rows."""
    table: dict[int, list[int]] = {}
    for players in setup.players:
        row: list[int] = []
        for i, entry in enumerate(setup.districts):
            try:
                count = entry.tokens.evaluate(players=players)
            except (KeyError, ZeroDivisionError):
                yield codes.TOKEN_TABLE.at(
                    document.locate(("districts", i, "tokens")),
                    f"{entry.district} has no token count for {players} players",
                    hint=f"add `{players}: N` to the table, or use an expression of `players`",
                )
                break
            if count < 0:
                yield codes.TOKEN_TABLE.at(
                    document.locate(("districts", i, "tokens")),
                    f"{entry.district} gets {count} tokens at {players} players",
                )
                break
            row.append(count)
        else:
            table[players] = row
    return table


def _sets_reachable(
    document: LoadedDocument, setup: BhSetup, citizens: list[BhCitizen]
) -> Iterator[Diagnostic]:
    counts = {c.id: c.count for c in citizens}
    for i, win in enumerate(setup.instant_wins):
        have = counts.get(win.citizen.split(":")[-1])
        if have is not None and win.count > have:
            yield codes.UNREACHABLE_SET.at(
                document.locate(("instant_wins", i, "count")),
                f"a set of {win.count} {win.citizen} tokens can never be collected: the bag holds {have}",
                hint=f"use a count of at most {have}",
            )


def _bag_suffices(
    document: LoadedDocument,
    setup: BhSetup,
    position: int,
    players: int,
    counts: list[int],
    bag: int,
) -> Iterator[Diagnostic]:
    """Set-up plus a refill after every round but the last, leaving open the districts with the
    fewest tokens (the worst case for the bag)."""
    keep_open = sorted(counts)[: setup.open_districts_to_end_round]
    refill = sum(counts) - sum(keep_open)
    needed = sum(counts) + (setup.rounds - 1) * refill
    if needed > bag:
        yield codes.BAG_TOO_SMALL.at(
            document.locate(("players", position)),
            f"at {players} players the districts may need {needed} tokens over "
            f"{setup.rounds} rounds ({sum(counts)} at set-up, up to {refill} per refill), "
            f"but the bag holds {bag}",
            hint="lower the district token counts or add tokens to the citizen kinds",
        )


def _deck_size(deck: BhDeck) -> int:
    suit_ids = [s.id for s in deck.suits]
    return len({(s, line.value) for line in deck.cards for s in (line.suits or suit_ids)})


def _deck_suffices(
    document: LoadedDocument, setup: BhSetup, position: int, players: int, size: int
) -> Iterator[Diagnostic]:
    slots = len(setup.districts)
    in_holders = players * slots
    keep_open = setup.open_districts_to_end_round
    most_draws = (slots - keep_open) * setup.cards_to_close + keep_open * (setup.cards_to_close - 1)
    where = document.locate(("players", position))
    if size < in_holders:
        yield codes.DECK_TOO_SMALL.at(
            where,
            f"at {players} players the holders need {in_holders} cards but the deck has {size}",
            hint="add cards or drop this player count",
        )
    elif size - in_holders < most_draws:
        yield codes.DECK_TOO_SMALL.at(
            where,
            f"at {players} players {size - in_holders} cards are left to draw but a round can "
            f"take {most_draws} turns; the round ends early when the deck runs out "
            "(ruling deck-exhausted)",
            hint="add cards, or lower cards_to_close",
        )


BLOOD_HUNT_CHECKS: tuple[Check, ...] = (check_decks, check_setups)
"""Every Blood Hunt check, in the order they run."""
