"""The web companion's HTML: the start page and the game, built from what the table may see.

Every piece of content text goes through :func:`e` (HTML-escaped, quotes too): campaigns come from
third parties. Only revealed cards are shown: cards in play, and the titles of cards done with; an
unrevealed card's words are never read here.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from toolkit.core.model import text_in
from toolkit.games.board.companion import render
from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound, book_from_index, card_title
from toolkit.games.board.interpreter.machine import MissionInterpreter
from toolkit.games.board.mission.deck import local_id
from toolkit.games.board.web.hub import GameHub

TITLE = "huntkit companion"


def e(text: object) -> str:
    return escape(str(text), quote=True)


def document(body: str, *, live: bool) -> str:
    """A whole page: our own stylesheet and script, nothing from another host."""
    script = '<script src="/static/app.js" defer></script>' if live else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{TITLE}</title>"
        '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/app.css">'
        f"{script}</head><body>{body}</body></html>"
    )


def notice(message: str | None) -> str:
    return f'<p class="notice" role="alert">{e(message)}</p>' if message else ""


# --- the start page ------------------------------------------------------------------------------


def start_page(hub: GameHub, problem: str | None = None) -> str:
    campaigns = hub.campaigns()
    options = "".join(f'<option value="{e(c)}">{e(c)}</option>' for c in campaigns)
    chapters = _chapter_options(hub, campaigns)
    hunters = "".join(
        f'<label class="pick"><input type="radio" name="hunters" value="{n}" required> {n}</label>'
        for n in range(1, 5)
    )
    body = (
        f"<main><h1>{e(TITLE)}</h1>{notice(problem)}"
        '<form method="post" action="/start" class="panel">'
        f'<label for="campaign">Campaign</label><select id="campaign" name="campaign">{options}</select>'
        f'<label for="chapter">Chapter</label><select id="chapter" name="chapter">{chapters}</select>'
        f"<fieldset><legend>Hunters at the table</legend>{hunters}</fieldset>"
        '<button type="submit" name="action" value="start">Begin the hunt</button></form></main>'
    )
    return document(body, live=False)


def _chapter_options(hub: GameHub, campaigns: list[str]) -> str:
    last = 1
    for campaign in campaigns:
        try:
            last = max(last, book_from_index(hub.index, hub.pack.id, campaign).last_chapter())
        except CampaignNotFound:
            continue
    return "".join(f'<option value="{n}">{n}</option>' for n in range(1, last + 1))


# --- the game --------------------------------------------------------------------------------------


def game_page(hub: GameHub, problem: str | None = None) -> str:
    return document(
        f'<main id="game" data-version="{hub.version}">{game_fragment(hub, problem)}</main>', live=True
    )


def game_fragment(hub: GameHub, problem: str | None = None) -> str:
    """The inside of ``<main>``, sent again to every page after each change."""
    session = hub.session
    if session is None:
        return notice("No game yet.")
    interpreter = session.interpreter
    parts = [
        _header(interpreter),
        notice(problem),
        notice(f"Not saved: {hub.save_problem}" if hub.save_problem else None),
        _choice(interpreter),
        _log(hub),
        _cards(interpreter),
        _reports(interpreter),
        _table(interpreter),
        _keeping(hub),
        _setup(interpreter),
    ]
    return "".join(parts)


def _header(interpreter: MissionInterpreter) -> str:
    book, state = interpreter.book, interpreter.state
    chapter, campaign = state.chapter, state.campaign
    name = book.campaign.display_name() if book.campaign is not None else book.campaign_id
    track = book.track
    spaces = "".join(
        _track_space(n, n == chapter.hunt_track, n in track.reset_spaces) for n in range(1, track.length + 1)
    )
    final = '<p class="final" role="status">Final round</p>' if chapter.final_round else ""
    status = {"won": "won", "lost": "lost", "untold": "over"}.get(chapter.status, "")
    over = f'<p class="over" role="status">Chapter {e(status)}.</p>' if status else ""
    return (
        f'<header><h1>{e(name)}</h1><p class="where">Chapter {chapter.number} · round {chapter.round}'
        f" · {campaign.hunters} hunter{'s' if campaign.hunters != 1 else ''}"
        f" · insight {len(campaign.insight)}</p>{final}{over}"
        f'<section aria-label="Hunt Track"><h2>Hunt Track {chapter.hunt_track}/{track.length}</h2>'
        f'<ol class="track">{spaces}</ol></section></header>'
    )


def _track_space(number: int, here: bool, reset: bool) -> str:
    classes = " ".join(name for name, on in (("on", here), ("reset", reset)) if on)
    current = ' aria-current="step"' if here else ""
    label = f"space {number}" + (", the token is here" if here else "") + (", a reset space" if reset else "")
    return f'<li class="{classes}"{current} aria-label="{label}">{number}</li>'


def _button(action: str, label: str, **fields: str) -> str:
    hidden = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in fields.items())
    return (
        f'<form method="post" action="/report" class="inline">{hidden}'
        f'<button type="submit" id="{e(_button_id(action, fields))}" name="action" value="{e(action)}">'
        f"{e(label)}</button></form>"
    )


def _button_id(action: str, fields: dict[str, str]) -> str:
    """A stable id per button (the script puts the focus back on it after a redraw)."""
    words = [action, *fields.values()]
    return "do-" + "-".join("".join(ch if ch.isalnum() else "_" for ch in word) for word in words)


def _choice(interpreter: MissionInterpreter) -> str:
    pending = interpreter.state.chapter.pending
    if pending is None:
        return ""
    buttons = "".join(_button("choose", label, option=str(n)) for n, label in enumerate(pending.options, 1))
    return (
        f'<section class="panel choice" aria-label="Choice"><h2>Choose</h2><p>{e(pending.prompt)}</p>'
        f"{buttons}</section>"
    )


def _select(name: str, label: str, options: Iterable[tuple[str, str]], ident: str, *, blank: bool) -> str:
    first = '<option value="">—</option>' if blank else ""
    items = "".join(f'<option value="{e(value)}">{e(text)}</option>' for value, text in options)
    return (
        f'<label for="{ident}">{e(label)}</label><select id="{ident}" name="{name}">{first}{items}</select>'
    )


def _form(action: str, title: str, inner: str) -> str:
    return (
        f'<form method="post" action="/report" class="report"><fieldset><legend>{e(title)}</legend>{inner}'
        f'<button type="submit" id="do-{e(action)}" name="action" value="{e(action)}">{e(title)}</button>'
        "</fieldset></form>"
    )


def _reports(interpreter: MissionInterpreter) -> str:
    book, chapter = interpreter.book, interpreter.state.chapter
    if chapter.status != "playing":
        if interpreter.state.campaign.complete:
            return (
                '<section class="panel" aria-label="Next"><p>The campaign is won. Well hunted.</p></section>'
            )
        if chapter.status == "untold":
            return '<section class="panel" aria-label="Next"><p>The campaign stops here.</p></section>'
        label = "Next chapter" if chapter.status == "won" else "Start again from chapter 1"
        return f'<section class="panel" aria-label="Next">{_button("next", label)}</section>'
    tiles = sorted(((tile, name) for tile, name in book.tiles.items()), key=lambda item: item[1])
    space = (
        '<label for="{0}">Space (if not the named one)</label>'
        '<input id="{0}" name="space" autocomplete="off">'
    )
    forms = [
        _form(
            "move",
            "End a move",
            _select("tile", "Tile or space", tiles, "move-tile", blank=True) + space.format("move-space"),
        ),
        _form(
            "slay",
            "Slay",
            _select("target", "Enemy", _targets(interpreter), "slay-target", blank=True)
            + '<label for="slay-count">How many</label>'
            + '<input id="slay-count" name="count" type="number" min="1" value="1">',
        ),
    ]
    if chapter.tokens:
        tokens = [(name, _token_name(name, token.label)) for name, token in chapter.tokens.items()]
        forms.append(
            _form("interact", "Interact", _select("token", "Token", tokens, "interact-token", blank=True))
        )
        forms.append(
            _form(
                "token",
                "Token moved",
                _select("token", "Token", tokens, "moved-token", blank=True)
                + _select("tile", "To", tiles, "moved-tile", blank=True)
                + space.format("moved-space"),
            )
        )
    forms.append(
        _form(
            "tile",
            "Tile revealed",
            _select("tile", "Tile", [*tiles, ("random", "a random tile")], "revealed-tile", blank=True),
        )
    )
    simple = (
        _button("dream", "Hunter's Dream trip") + _button("end", "End of round") + _button("undo", "Undo")
    )
    return (
        f'<section class="panel" aria-label="Report"><h2>Report</h2>{"".join(forms)}'
        f'<div class="row">{simple}</div></section>'
    )


def _token_name(name: str, label: str) -> str:
    return f"{label} ({name})" if label and label != name else name


def _targets(interpreter: MissionInterpreter) -> list[tuple[str, str]]:
    """What may be slain: the chapter's slot enemies, those set aside, and every spawned group.

    A spawned group is offered under its tag (what goals wait for) and shown with its enemy's name.
    """
    book, chapter = interpreter.book, interpreter.state.chapter
    found: dict[str, str] = {}
    for tag, group in chapter.enemies.items():
        if group.alive > 0:
            name = book.name_of(group.enemy)
            found[tag] = f"{name} ({tag})" if local_id(tag) != local_id(group.enemy) else name
    try:
        setup = book.chapter(chapter.number).model.setup
    except CampaignNotFound:
        return sorted(found.items(), key=lambda item: item[1])
    for enemy in [*setup.enemies, *setup.mission_enemies]:
        found.setdefault(local_id(enemy), book.name_of(enemy))
    return sorted(found.items(), key=lambda item: item[1])


def _log(hub: GameHub) -> str:
    entries = []
    for entry in hub.log:
        lines = "".join(f"<li>{e(line)}</li>" for line in entry.lines) or "<li>Nothing to say.</li>"
        why = "".join(f"<li>{e(line)}</li>" for line in entry.why)
        because = f'<details><summary>Why</summary><ul class="why">{why}</ul></details>' if why else ""
        entries.append(f'<li><p class="said">{e(entry.said)}</p><ul>{lines}</ul>{because}</li>')
    return (
        '<section class="panel" aria-label="What happened"><h2>What happened</h2>'
        f'<ol class="log" aria-live="polite">{"".join(entries)}</ol></section>'
    )


def _cards(interpreter: MissionInterpreter) -> str:
    book, state = interpreter.book, interpreter.state
    chapter = state.chapter
    faces = []
    goals = interpreter.open_goals()
    for card in chapter.in_play:
        entry = book.card(card.number)
        if entry is None:
            continue
        model = entry.model
        # The interpreter's own card wording, the same lines the terminal shows on a reveal.
        detail = "".join(f"<p>{e(line)}</p>" for line in interpreter._card_detail(model))
        open_goals = "".join(f"<li>{e(goal)}</li>" for number, goal in goals if number == card.number)
        goal_list = f'<ul class="goals" aria-label="Open goals">{open_goals}</ul>' if open_goals else ""
        faces.append(
            f'<article class="card {e(model.type)}"><h3>{card.number}. {e(text_in(model.title))}</h3>'
            f'<p class="type">{e(model.type)}</p>{detail}{goal_list}</article>'
        )
    done = [book.card(n) for n in chapter.completed]
    finished = ", ".join(
        f"{entry.model.number}. {e(card_title(entry))}" for entry in done if entry is not None
    )
    insight = [book.insight(n) for n in state.campaign.insight]
    held = ", ".join(
        f"{entry.model.number}. {e(card_title(entry))}" for entry in insight if entry is not None
    )
    return (
        '<section class="panel" aria-label="Cards in play"><h2>Cards in play</h2>'
        + ("".join(faces) or "<p>None.</p>")
        + (f'<p class="done">Done with: {finished}</p>' if finished else "")
        + (f'<p class="done">Insight held: {held}</p>' if held else "")
        + "</section>"
    )


def _table(interpreter: MissionInterpreter) -> str:
    book, chapter = interpreter.book, interpreter.state.chapter
    rows: list[str] = []
    for name, token in chapter.tokens.items():
        where = f" on {book.tiles.get(token.tile, token.tile)}" if token.tile else ""
        rows.append(
            f"<li>Token {e(_token_name(name, token.label))}: {e(token.type)} ×{token.count}{e(where)}</li>"
        )
    for tag, group in chapter.enemies.items():
        rows.append(
            f"<li>{e(book.name_of(group.enemy))} ({e(tag)}): {group.alive}/{group.count} standing</li>"
        )
    rows += [f"<li>Counter {e(k)}: {v}</li>" for k, v in chapter.counters.items()]
    rows += [f"<li>Fog gate: {e(gate)}</li>" for gate in chapter.fog_gates]
    rows += [f"<li>In force: {e(modifier.text)}</li>" for modifier in chapter.modifiers]
    return (
        '<section class="panel" aria-label="On the table"><h2>On the table</h2>'
        f"<ul>{''.join(rows) or '<li>Nothing yet.</li>'}</ul></section>"
    )


def _keeping(hub: GameHub) -> str:
    session = hub.session
    assert session is not None
    points = "".join(
        f"<li>{e(name)} (chapter {p.chapter.number}, round {p.chapter.round}) "
        f"{_button('back', 'Go back', name=name)}</li>"
        for name, p in sorted(session.points.items())
    )
    saved = (
        f"Saved after every change to {e(hub.save_path)}."
        if hub.save_path
        else "Not saved to a file (start with --save FILE)."
    )
    return (
        '<section class="panel" aria-label="Save points"><h2>Save points</h2>'
        f'<p class="saved">{saved}</p><ul>{points}</ul>'
        '<form method="post" action="/report" class="report"><label for="point-name">Name</label>'
        '<input id="point-name" name="name" required maxlength="60" autocomplete="off">'
        '<button type="submit" name="action" value="save">Make a save point</button></form></section>'
    )


def _setup(interpreter: MissionInterpreter) -> str:
    state = interpreter.state
    lines = _checklist(interpreter.book, state.chapter.number, state.campaign.hunters, state.campaign.insight)
    items = "".join(f"<li>{e(line.strip().removeprefix('[ ] '))}</li>" for line in lines)
    return f'<details class="panel"><summary>Setup checklist</summary><ul>{items}</ul></details>'


def _checklist(book: CampaignBook, chapter: int, hunters: int, insight: list[int]) -> list[str]:
    try:
        return render.setup_checklist(book, chapter, hunters, insight)
    except CampaignNotFound as error:
        return [str(error)]
