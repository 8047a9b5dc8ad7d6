"""`huntkit test` for Blood Hunt: run a pack's `bh-scenario` documents against its rules.

A scenario arranges a table, plays named actions and chance outcomes, and checks expectations;
a failure points at the expectation's line with what was expected and what happened.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from toolkit.core.document import LoadedDocument
from toolkit.core.index import ContentIndex, Pack
from toolkit.core.model import text_in
from toolkit.core.scenario.results import Failure, ScenarioResult
from toolkit.games.blood_hunt.engine.actions import Op, encode
from toolkit.games.blood_hunt.engine.arrange import (
    ArrangeError,
    arrange,
    card_index,
    token_name,
    token_number,
)
from toolkit.games.blood_hunt.engine.constants import NO_CARD
from toolkit.games.blood_hunt.engine.loading import rules_from_index
from toolkit.games.blood_hunt.engine.rules import Rules, RulesError
from toolkit.games.blood_hunt.engine.state import BloodHuntState
from toolkit.games.blood_hunt.model.documents import BhExpect, BhScenario, BhTable


def run_scenarios(index: ContentIndex, pack: Pack) -> list[ScenarioResult]:
    """Every `bh-scenario` of ``pack``, run against the rules the pack sees."""
    scenarios = list(index.models_of("bh-scenario", BhScenario, [pack.id]))
    if not scenarios:
        return []
    try:
        rules: Rules | None = rules_from_index(index, pack.id)
        problem = ""
    except RulesError as error:
        rules, problem = None, str(error)
    results = []
    for document, scenario in scenarios:
        result = ScenarioResult(scenario.id, text_in(scenario.name), document.locate())
        if rules is None:
            result.error = f"the pack's rules cannot be played: {problem}"
        else:
            _run(rules, document, scenario, result)
        results.append(result)
    return results


def _run(rules: Rules, document: LoadedDocument, scenario: BhScenario, result: ScenarioResult) -> None:
    try:
        state = _arrange(rules, scenario.players, scenario.table)
    except ArrangeError as error:
        result.failures.append(Failure(str(error), document.locate(("table",))))
        return
    for number, step in enumerate(scenario.steps):
        result.steps = number + 1
        where = ("steps", number)
        try:
            if step.expect is not None:
                failures = _check(state, step.expect, document, where)
                if failures:
                    result.failures.extend(failures)
                    return
            elif step.do is not None:
                _do(state, step.do)
            elif step.deal is not None:
                state.apply_action(encode(Op.CHANCE_CARD, card_index(rules, step.deal)))
            elif step.bag is not None:
                kind = token_number(rules, step.bag) // 2
                state.apply_action(encode(Op.CHANCE_TOKEN, kind))
            else:
                raise ArrangeError("a step needs one of do, deal, bag or expect")
        except (ArrangeError, ValueError, IndexError) as error:
            result.failures.append(Failure(str(error), document.locate(where)))
            return


def _seat(name: str) -> int:
    return int(name[1:]) - 1


def _district(rules: Rules, district_id: str) -> int:
    if district_id not in rules.districts:
        raise ArrangeError(f"no district {district_id!r} in the set-up")
    return rules.districts.index(district_id)


def _arrange(rules: Rules, players: int, table: BhTable) -> BloodHuntState:
    state = arrange(
        rules,
        players,
        drawn=table.drawn,
        holders={
            (_seat(p), _district(rules, d)): label
            for p, slots in table.holders.items()
            for d, label in slots.items()
        },
        discards={_district(rules, d): cards for d, cards in table.discards.items()},
        tokens={_district(rules, d): names for d, names in table.tokens.items()},
        collected={_seat(p): names for p, names in table.collected.items()},
        trump=table.trump,
        first=_seat(table.first_player),
        turn=_seat(table.turn),
        closed=[_district(rules, d.split(":")[-1]) for d in table.closed],
        round_number=table.round,
    )
    for player, districts in table.revealed.items():
        for district_id in districts:
            state.revealed[_seat(player)][_district(rules, district_id)] = True
    return state


def _do(state: BloodHuntState, name: str) -> None:
    for action in state.legal_actions():
        if state.action_to_string(action) == name:
            state.apply_action(action)
            return
    legal = "; ".join(state.action_to_string(a) for a in state.legal_actions())
    raise ArrangeError(f"{name!r} is not legal here; legal: {legal}")


def _observed(state: BloodHuntState, expect: BhExpect) -> dict[str, tuple[Any, Any]]:
    """(expected, actual) for every key the expectation gives."""
    rules = state.rules
    pairs: dict[str, tuple[Any, Any]] = {}
    player = state.current_player()
    actual_actor = "nobody" if player == -4 else "chance" if player == -1 else f"P{player + 1}"
    simple: dict[str, Any] = {
        "winners": [f"P{p + 1}" for p in state.winners],
        "end": state.stats.end or None,
        "round": state.round,
        "trump": rules.suits[state.trump],
        "first_player": f"P{state.first_player + 1}",
        "to_act": actual_actor,
        "legal": [state.action_to_string(a) for a in state.legal_actions()],
    }
    for key, actual in simple.items():
        wanted = getattr(expect, key)
        if wanted is not None:
            pairs[key] = (wanted, actual)
    for district_id, is_open in (expect.open or {}).items():
        pairs[f"open.{district_id}"] = (is_open, state.open[_district(rules, district_id)])
    for p, slots in (expect.holders or {}).items():
        for district_id, label in slots.items():
            card = state.holders[_seat(p)][_district(rules, district_id)]
            shown = None if card == NO_CARD else state.card_label(card)
            pairs[f"holders.{p}.{district_id}"] = (label, shown)
    for p, districts in (expect.revealed or {}).items():
        actual_revealed = [d for i, d in enumerate(rules.districts) if state.revealed[_seat(p)][i]]
        pairs[f"revealed.{p}"] = (sorted(districts), sorted(actual_revealed))
    for district_id, names in (expect.tokens or {}).items():
        lying = [token_name(rules, t) for t in state.tokens[_district(rules, district_id)]]
        pairs[f"tokens.{district_id}"] = (sorted(names), sorted(lying))
    for p, counts in (expect.collected or {}).items():
        have = Counter({token_name(rules, t): n for t, n in enumerate(state.collected[_seat(p)]) if n})
        pairs[f"collected.{p}"] = (dict(sorted(counts.items())), dict(sorted(have.items())))
    for p, score in (expect.scores or {}).items():
        pairs[f"scores.{p}"] = (score, state.score(_seat(p)))
    return pairs


def _check(
    state: BloodHuntState, expect: BhExpect, document: LoadedDocument, where: tuple[str | int, ...]
) -> list[Failure]:
    failures = []
    for key, (wanted, actual) in _observed(state, expect).items():
        if wanted != actual:
            path = (*where, "expect", *(int(k) if k.isdigit() else k for k in key.split(".")))
            failures.append(Failure(f"{key} differs", document.locate(path), str(wanted), str(actual)))
    return failures
