"""Helpers for Blood Hunt tests: loading the built-in rules and steering a game into a scenario."""

from __future__ import annotations

from pathlib import Path

import yaml

from toolkit.core.model import Document
from toolkit.games.blood_hunt.loading import rules_from_models
from toolkit.games.blood_hunt.model import BLOOD_HUNT_KINDS
from toolkit.games.blood_hunt.rules import Rules

CONTENT = Path(__file__).resolve().parents[2] / "content" / "blood-hunt"


def load_models(root: Path = CONTENT) -> list[Document]:
    models: list[Document] = []
    for path in sorted(root.glob("*.yaml")):
        if path.name == "pack.yaml":
            continue
        for data in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            models.append(BLOOD_HUNT_KINDS[data["kind"]].model_validate(data))
    return models


def load_builtin_rules() -> Rules:
    return rules_from_models(load_models())
