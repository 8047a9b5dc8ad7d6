"""The web companion's HTML: the start page and the game, built from what the table may see.

Every piece of content text goes through :func:`e` (HTML-escaped, quotes too): campaigns come from
third parties. Only revealed cards are shown: cards in play, and the titles of cards done with; an
unrevealed card's words are never read here.

The page's own labels are huntkit's words (:func:`_`), in the language the hub speaks (the server
sets it around every request); the card texts are already in it (the index is localised).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from toolkit.core.model import text_in
from toolkit.core.strings.catalogue import N_, _
from toolkit.games.board.companion import render
from toolkit.games.board.interpreter.book import CampaignBook, CampaignNotFound, book_from_index, card_title
from toolkit.games.board.interpreter.machine import MissionInterpreter
from toolkit.games.board.mission.deck import local_id
from toolkit.games.board.web.hub import GameHub

TITLE = N_("huntkit companion")


def e(text: object) -> str:
    return escape(str(text), quote=True)


def document(body: str, *, live: bool, language: str | None = None) -> str:
    """A whole page: our own stylesheet and script, nothing from another host."""
    script = '<script src="/static/app.js" defer></script>' if live else ""
    return (
        f'<!doctype html><html lang="{e(language or "en")}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(_(TITLE))}</title>"
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
    title, campaign, chapter = e(_(TITLE)), e(_("Campaign")), e(_("Chapter"))
    at_table, begin = e(_("Hunters at the table")), e(_("Begin the hunt"))
    body = (
        f"<main><h1>{title}</h1>{notice(problem)}"
        '<form method="post" action="/start" class="panel">'
        f'<label for="campaign">{campaign}</label>'
        f'<select id="campaign" name="campaign">{options}</select>'
        f'<label for="chapter">{chapter}</label>'
        f'<select id="chapter" name="chapter">{chapters}</select>'
        f"<fieldset><legend>{at_table}</legend>{hunters}</fieldset>"
        f'<button type="submit" name="action" value="start">{begin}</button></form></main>'
    )
    return document(body, live=False, language=hub.language)


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
        f'<main id="game" data-version="{hub.version}">{game_fragment(hub, problem)}</main>',
        live=True,
        language=hub.language,
    )


def game_fragment(hub: GameHub, problem: str | None = None) -> str:
    """The inside of ``<main>``, sent again to every page after each change."""
    session = hub.session
    if session is None:
        return notice(_("No game yet."))
    interpreter = session.interpreter
    parts = [
        _header(interpreter),
        notice(problem),
        notice(_("Not saved: {problem}").format(problem=hub.save_problem) if hub.save_problem else None),
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
    final_round = e(_("Final round"))
    final = f'<p class="final" role="status">{final_round}</p>' if chapter.final_round else ""
    status = _CHAPTER_OVER.get(chapter.status)
    over = f'<p class="over" role="status">{e(_(status))}</p>' if status else ""
    where = _("Chapter {number} · round {round}").format(number=chapter.number, round=chapter.round)
    count = campaign.hunters
    hunters = _("1 hunter") if count == 1 else _("{count} hunters").format(count=count)
    insight = _("insight {count}").format(count=len(campaign.insight))
    track_name = e(_("Hunt Track"))
    return (
        f'<header><h1>{e(name)}</h1><p class="where">{e(where)} · {e(hunters)} · {e(insight)}</p>'
        f"{final}{over}"
        f'<section aria-label="{track_name}"><h2>{track_name} {chapter.hunt_track}/{track.length}</h2>'
        f'<ol class="track">{spaces}</ol></section></header>'
    )


_CHAPTER_OVER = {"won": N_("Chapter won."), "lost": N_("Chapter lost."), "untold": N_("Chapter over.")}


def _track_space(number: int, here: bool, reset: bool) -> str:
    classes = " ".join(name for name, on in (("on", here), ("reset", reset)) if on)
    current = ' aria-current="step"' if here else ""
    label = (
        _("space {number}").format(number=number)
        + (_(", the token is here") if here else "")
        + (_(", a reset space") if reset else "")
    )
    return f'<li class="{classes}"{current} aria-label="{e(label)}">{number}</li>'


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
    choice, choose = e(_("Choice")), e(_("Choose"))
    buttons = "".join(_button("choose", label, option=str(n)) for n, label in enumerate(pending.options, 1))
    return (
        f'<section class="panel choice" aria-label="{choice}"><h2>{choose}</h2>'
        f"<p>{e(pending.prompt)}</p>"
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
        following = e(_("Next"))
        if interpreter.state.campaign.complete:
            won = e(_("The campaign is won. Well hunted."))
            return f'<section class="panel" aria-label="{following}"><p>{won}</p></section>'
        if chapter.status == "untold":
            stops = e(_("The campaign stops here."))
            return f'<section class="panel" aria-label="{following}"><p>{stops}</p></section>'
        label = _("Next chapter") if chapter.status == "won" else _("Start again from chapter 1")
        return f'<section class="panel" aria-label="{following}">{_button("next", label)}</section>'
    tiles = sorted(((tile, name) for tile, name in book.tiles.items()), key=lambda item: item[1])
    space = (
        '<label for="{0}">' + e(_("Space (if not the named one)")) + "</label>"
        '<input id="{0}" name="space" autocomplete="off">'
    )
    forms = [
        _form(
            "move",
            _("End a move"),
            _select("tile", _("Tile or space"), tiles, "move-tile", blank=True) + space.format("move-space"),
        ),
        _form(
            "slay",
            _("Slay"),
            _select("target", _("Enemy"), _targets(interpreter), "slay-target", blank=True)
            + '<label for="slay-count">'
            + e(_("How many"))
            + "</label>"
            + '<input id="slay-count" name="count" type="number" min="1" value="1">',
        ),
    ]
    if chapter.tokens:
        tokens = [(name, _token_name(name, token.label)) for name, token in chapter.tokens.items()]
        forms.append(
            _form(
                "interact", _("Interact"), _select("token", _("Token"), tokens, "interact-token", blank=True)
            )
        )
        forms.append(
            _form(
                "token",
                _("Token moved"),
                _select("token", _("Token"), tokens, "moved-token", blank=True)
                + _select("tile", _("To"), tiles, "moved-tile", blank=True)
                + space.format("moved-space"),
            )
        )
    forms.append(
        _form(
            "tile",
            _("Tile revealed"),
            _select("tile", _("Tile"), [*tiles, ("random", _("a random tile"))], "revealed-tile", blank=True),
        )
    )
    simple = (
        _button("dream", _("Hunter's Dream trip"))
        + _button("end", _("End of round"))
        + _button("undo", _("Undo"))
    )
    heading = e(_("Report"))
    return (
        f'<section class="panel" aria-label="{heading}"><h2>{heading}</h2>{"".join(forms)}'
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
    nothing = "<li>" + e(_("Nothing to say.")) + "</li>"
    for entry in hub.log:
        lines = "".join(f"<li>{e(line)}</li>" for line in entry.lines) or nothing
        why = "".join(f"<li>{e(line)}</li>" for line in entry.why)
        summary = e(_("Why"))
        because = f'<details><summary>{summary}</summary><ul class="why">{why}</ul></details>' if why else ""
        entries.append(f'<li><p class="said">{e(entry.said)}</p><ul>{lines}</ul>{because}</li>')
    heading = e(_("What happened"))
    return (
        f'<section class="panel" aria-label="{heading}"><h2>{heading}</h2>'
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
        goals_label = e(_("Open goals"))
        goal_list = f'<ul class="goals" aria-label="{goals_label}">{open_goals}</ul>' if open_goals else ""
        faces.append(
            f'<article class="card {e(model.type)}"><h3>{card.number}. {e(text_in(model.title))}</h3>'
            f'<p class="type">{e(_(model.type))}</p>{detail}{goal_list}</article>'
        )
    done = [book.card(n) for n in chapter.completed]
    finished = ", ".join(
        f"{entry.model.number}. {e(card_title(entry))}" for entry in done if entry is not None
    )
    insight = [book.insight(n) for n in state.campaign.insight]
    held = ", ".join(
        f"{entry.model.number}. {e(card_title(entry))}" for entry in insight if entry is not None
    )
    heading = e(_("Cards in play"))
    # The card titles are escaped already; the words around them are ours.
    return (
        f'<section class="panel" aria-label="{heading}"><h2>{heading}</h2>'
        + ("".join(faces) or "<p>" + e(_("None.")) + "</p>")
        + (
            '<p class="done">' + e(_("Done with: {cards}")).format(cards=finished) + "</p>"
            if finished
            else ""
        )
        + ('<p class="done">' + e(_("Insight held: {cards}")).format(cards=held) + "</p>" if held else "")
        + "</section>"
    )


def _table(interpreter: MissionInterpreter) -> str:
    book, chapter = interpreter.book, interpreter.state.chapter
    rows: list[str] = []
    for name, token in chapter.tokens.items():
        where = _(" on {tile}").format(tile=book.tiles.get(token.tile, token.tile)) if token.tile else ""
        line = _("Token {name}: {type} ×{count}").format(
            name=_token_name(name, token.label), type=token.type, count=token.count
        )
        rows.append(f"<li>{e(line + where)}</li>")
    for tag, group in chapter.enemies.items():
        standing = _("{name} ({tag}): {alive}/{count} standing").format(
            name=book.name_of(group.enemy), tag=tag, alive=group.alive, count=group.count
        )
        rows.append(f"<li>{e(standing)}</li>")
    rows += [
        "<li>" + e(_("Counter {name}: {value}").format(name=k, value=v)) + "</li>"
        for k, v in chapter.counters.items()
    ]
    rows += ["<li>" + e(_("Fog gate: {gate}").format(gate=gate)) + "</li>" for gate in chapter.fog_gates]
    rows += [
        "<li>" + e(_("In force: {text}").format(text=modifier.text)) + "</li>"
        for modifier in chapter.modifiers
    ]
    heading = e(_("On the table"))
    nothing = "<li>" + e(_("Nothing yet.")) + "</li>"
    return (
        f'<section class="panel" aria-label="{heading}"><h2>{heading}</h2>'
        f"<ul>{''.join(rows) or nothing}</ul></section>"
    )


def _keeping(hub: GameHub) -> str:
    session = hub.session
    assert session is not None
    points = "".join(
        "<li>"
        + e(
            _("{name} (chapter {number}, round {round})").format(
                name=name, number=p.chapter.number, round=p.chapter.round
            )
        )
        + " "
        + _button("back", _("Go back"), name=name)
        + "</li>"
        for name, p in sorted(session.points.items())
    )
    saved = (
        _("Saved after every change to {path}.").format(path=hub.save_path)
        if hub.save_path
        else _("Not saved to a file (start with --save FILE).")
    )
    heading = e(_("Save points"))
    name_label, make = e(_("Name")), e(_("Make a save point"))
    return (
        f'<section class="panel" aria-label="{heading}"><h2>{heading}</h2>'
        f'<p class="saved">{e(saved)}</p><ul>{points}</ul>'
        f'<form method="post" action="/report" class="report"><label for="point-name">{name_label}</label>'
        '<input id="point-name" name="name" required maxlength="60" autocomplete="off">'
        f'<button type="submit" name="action" value="save">{make}</button></form></section>'
    )


def _setup(interpreter: MissionInterpreter) -> str:
    state = interpreter.state
    lines = _checklist(interpreter.book, state.chapter.number, state.campaign.hunters, state.campaign.insight)
    items = "".join(f"<li>{e(line.strip().removeprefix('[ ] '))}</li>" for line in lines)
    summary = e(_("Setup checklist"))
    return f'<details class="panel"><summary>{summary}</summary><ul>{items}</ul></details>'


def _checklist(book: CampaignBook, chapter: int, hunters: int, insight: list[int]) -> list[str]:
    try:
        return render.setup_checklist(book, chapter, hunters, insight)
    except CampaignNotFound as error:
        return [str(error)]
