"""A campaign's documents as the interpreter reads them: cards by number, bosses, the hunt track."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex
from toolkit.core.model import text_in
from toolkit.games.board.mission.deck import CampaignDeck, Entry, gather_decks, local_id
from toolkit.games.board.mission.documents import Campaign, Chapter, InsightCard, MissionCard
from toolkit.games.board.mission.effects import SpawnBossParams, SpawnParams
from toolkit.games.board.model.track import HuntTrack


class CampaignNotFound(LookupError):
    """The pack has no campaign of that id, or it lacks the chapters to play."""


@dataclass(frozen=True, slots=True)
class TrackRules:
    """The Hunt Track's shape (from the core pack's `hunt-track` document)."""

    length: int = 16
    reset_spaces: tuple[int, ...] = (4, 8, 12, 15)
    final_space_resets: bool = True


@dataclass(slots=True)
class CampaignBook:
    """Everything the interpreter looks up while playing one campaign."""

    deck: CampaignDeck
    track: TrackRules = TrackRules()
    bosses: frozenset[str] = frozenset()
    enemies: frozenset[str] = frozenset()
    tiles: dict[str, str] = field(default_factory=dict)
    """Tile ids and their names (for completion and the setup checklist)."""

    names: dict[str, str] = field(default_factory=dict)
    """Display names of enemies, bosses and other components by id."""

    tag_names: dict[str, str] = field(default_factory=dict)
    """The enemy's name for each tag the cards spawn under (`bell-warden`: The Hair-Rope Warden), so
    a goal on a tag says whom the table is to slay; a tag spawned as two kinds of enemy has none."""

    @property
    def campaign_id(self) -> str:
        return self.deck.campaign_id

    @property
    def campaign(self) -> Campaign | None:
        return self.deck.campaign.model if self.deck.campaign else None

    def chapter(self, number: int) -> Entry[Chapter]:
        entry = self.deck.chapter(number)
        if entry is None:
            raise CampaignNotFound(f"campaign {self.campaign_id!r} has no chapter {number}")
        return entry

    _cards: dict[int, Entry[MissionCard] | None] = field(default_factory=dict)
    _insights: dict[int, Entry[InsightCard] | None] = field(default_factory=dict)
    lookup: object = None
    """What each chapter's and card's triggers, rules and goals react to (an
    ``interpreter.lookup.BookLookup``, made on first use)."""
    nested: dict[int, list[BaseModel]] = field(default_factory=dict)
    """Every model nested in each chapter's documents (the chapter and its cards), walked once
    (``interpreter.relevance.nested_models``)."""
    digests: dict[int, str] = field(default_factory=dict)
    """A hash of what each chapter's exploration reads of the book (``checks.flow_cache``)."""

    def card(self, number: int) -> Entry[MissionCard] | None:
        """The mission card with this number (looked up once, then remembered)."""
        if number not in self._cards:
            self._cards[number] = self.deck.card(number)
        return self._cards[number]

    def insight(self, number: int) -> Entry[InsightCard] | None:
        if number not in self._insights:
            self._insights[number] = self.deck.insight(number)
        return self._insights[number]

    def last_chapter(self) -> int:
        numbers = self.deck.chapter_numbers()
        return numbers[-1] if numbers else 1

    def name_of(self, reference: str) -> str:
        key = local_id(reference)
        return self.names.get(key, key)


def book_from_index(index: ContentIndex, pack_id: str, campaign_id: str | None) -> CampaignBook:
    """The campaign ``campaign_id`` of pack ``pack_id`` (the pack's only campaign if None)."""
    pack = index.packs.get(pack_id)
    if pack is None:
        raise CampaignNotFound(f"no pack {pack_id!r}")
    decks = gather_decks(d for d in pack.documents if d.model is not None)
    decks = {key: deck for key, deck in decks.items() if deck.chapters}
    if not decks:
        raise CampaignNotFound(f"pack {pack_id!r} has no campaign with chapters to play")
    if campaign_id is None:
        if len(decks) != 1:
            found = ", ".join(sorted(decks))
            raise CampaignNotFound(f"name the campaign with --campaign (campaigns in the pack: {found})")
        campaign_id = next(iter(decks))
    deck = decks.get(local_id(campaign_id))
    if deck is None:
        found = ", ".join(sorted(decks)) or "none"
        raise CampaignNotFound(f"no campaign {campaign_id!r} in pack {pack_id!r} (campaigns: {found})")
    return _book(index, pack_id, deck)


def _book(index: ContentIndex, pack_id: str, deck: CampaignDeck) -> CampaignBook:
    visible = index.visible_packs(pack_id)
    names: dict[str, str] = {}
    tiles: dict[str, str] = {}
    bosses: set[str] = set()
    enemies: set[str] = set()
    for kind, bucket in (("boss", bosses), ("enemy", enemies), ("npc-enemy", enemies), ("tile", None)):
        for document in index.documents_of(kind, visible):
            key = document.model.document_key() if document.model else None
            if key is None or document.model is None:
                continue
            names.setdefault(key, document.model.display_name())
            if bucket is not None:
                bucket.add(key)
            else:
                tiles.setdefault(key, document.model.display_name())
    track = TrackRules()
    for _, model in index.models_of("hunt-track", HuntTrack, visible):
        track = TrackRules(model.length, tuple(model.reset_spaces), model.final_space_resets)
        break
    tag_names = {tag: names.get(enemy, enemy) for tag, enemy in _spawned_tags(deck).items()}
    return CampaignBook(deck, track, frozenset(bosses), frozenset(enemies), tiles, names, tag_names)


def _spawned_tags(deck: CampaignDeck) -> dict[str, str]:
    """Each tag the deck's cards spawn under and the one enemy or boss spawned under it."""
    found: dict[str, set[str]] = {}
    stack: list[object] = [entry.model for entry in deck.cards]
    while stack:
        value = stack.pop()
        if isinstance(value, SpawnParams | SpawnBossParams) and value.tag is not None:
            enemy = value.enemy if isinstance(value, SpawnParams) else value.boss
            found.setdefault(value.tag, set()).add(local_id(enemy))
        if isinstance(value, BaseModel):
            stack.extend(getattr(value, name) for name in type(value).model_fields)
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return {tag: next(iter(enemies)) for tag, enemies in found.items() if len(enemies) == 1}


def card_title(entry: Entry[MissionCard] | Entry[InsightCard]) -> str:
    return text_in(entry.model.title)


def document_of(entry: Entry[MissionCard] | Entry[InsightCard] | Entry[Chapter]) -> LoadedDocument:
    return entry.document
