"""The text of the files `huntkit new` writes, as templates filled with the pack's names.

The campaign skeleton is deliberately small but complete: each chapter has a two-card hunt mission
that ends the hunt and a one-card insight mission that earns an insight card, so the new pack
validates clean and every graph check (reachability, dead ends, insight) has something to check.
"""

from __future__ import annotations

PACK = """\
{modeline_pack}
id: {pack_id}
game: bloodborne-board
name: {title}
version: 0.1.0
requires: [core]
description: A custom campaign for Bloodborne - The Board Game, made with huntkit.
languages: [en]
status: draft
"""

PACK_ONLY = """\
{modeline_pack}
id: {pack_id}
game: {game}
name: {title}
version: 0.1.0
requires: [{core}]
description: A content pack made with huntkit.
status: draft
"""

CAMPAIGN = """\
{modeline}
# The campaign's introduction card. Chapters, mission cards and insight cards name it by its id.
kind: campaign
id: {pack_id}
name: {title}
source: house
introduction: >-
  Write the introduction card here: what has happened in Yharnam, and why the hunters are out
  tonight. It is read once, before the first chapter.
description: One line for the campaign list of the reference site.
"""

CHAPTER = """\
{modeline}
# Chapter {number}: the chapter card, then its mission cards. Each chapter is one game.
kind: chapter
campaign: {pack_id}
number: {number}
title: Chapter {number}
source: house
story: Flavour text for the chapter card.
setup:
  enemies: [{enemies}]
  tiles: [{tiles}]
  random_tiles: 2 * hunters
triggers:
  - when: {{start_of_hunt: true}}
    reveal: {first}
  - when: {{end_move_on: {insight_tile}}}
    reveal: {insight_card}
---
kind: mission-card
campaign: {pack_id}
chapter: {number}
number: {first}
type: hunt
title: The Hunt Begins
source: house
story: The first step of the chapter's hunt mission. Tell the hunters where to go.
goals:
  - goal: {{end_move_on: {{space: {goal_tile}}}}}
    then:
      - reveal: {second}
---
kind: mission-card
campaign: {pack_id}
chapter: {number}
number: {second}
type: hunt
title: The Quarry
source: house
story: The last step of the hunt. Finding its quarry ends the chapter in victory.
on_reveal:
  - spawn_boss: {{boss: {boss}, at: {{space: {goal_tile}}}}}
goals:
  - goal: {{slay: {{boss: {boss}}}}}
    then:
      - complete_hunt: true
---
kind: mission-card
campaign: {pack_id}
chapter: {number}
number: {insight_card}
type: insight
title: A Side Errand
source: house
story: An insight mission, found by exploring. Completing it earns insight card {insight}.
goals:
  - goal: {{slay: {{enemy: {insight_enemy}}}}}
    then:
      - complete_mission: {{insight: {insight}}}
"""

INSIGHT_CARDS = """\
{modeline}
# Insight cards: each one is earned by an insight mission and kept for the whole campaign.
kind: insight-card
campaign: {pack_id}
number: 31
title: First Insight
source: house
story: What the hunters learned in chapter 1.
rewards:
  - blood_echoes: {{amount: 1}}
---
kind: insight-card
campaign: {pack_id}
number: 32
title: Second Insight
source: house
story: What the hunters learned in chapter 2.
rewards:
  - draw_consumables: {{amount: 1}}
---
kind: insight-card
campaign: {pack_id}
number: 33
title: Third Insight
source: house
story: What the hunters learned in chapter 3.
rewards:
  - upgrades: {{amount: 1}}
"""

README = """\
# {title}

A content pack for huntkit ({game_title}). This folder is meant to be the root of its own git
repository: `git init` here, and the CI workflow in `.github/workflows/huntkit.yml` checks every
push and pull request.

## Files

{file_list}

## Every day

```sh
huntkit validate .            # every error with its file, line and column
huntkit validate . --watch    # re-check each time you save a file
huntkit fmt .                 # canonical key order and indentation (keeps your comments)
{test_line}```

Each YAML file starts with a `# yaml-language-server: $schema=...` line, so VS Code (with the YAML
extension) and other yaml-language-server editors complete keys and show their descriptions as you
type. If you move the folder, run `huntkit schema path` and fix that line, or set `yaml.schemas` in
your editor as the huntkit documentation shows.

## Before you commit

`.pre-commit-config.yaml` runs `huntkit validate` and `huntkit fmt --check` on each commit once you
run `pre-commit install`.
"""

CAMPAIGN_FILES = """\
- `pack.yaml`: the pack's id, version and the packs it requires (`core`: the base game's enemies,
  bosses and tiles).
- `campaign.yaml`: the campaign and its introduction card.
- `chapter-1.yaml` ... `chapter-3.yaml`: each chapter card with its mission cards. Each chapter has
  a hunt mission (cards 1-2, 11-12, 21-22) that ends the hunt and an insight mission (cards 3, 13,
  23) found by exploring.
- `insight-cards.yaml`: insight cards 31-33, earned by the insight missions.
- `tests/campaign.yaml`: scenario tests (`kind: scenario`), run by `huntkit test .`: each reports
  events as at the table (`end_move`, `slain`, ...) and `expect`s the cards revealed, the insight
  held and how the hunt stands. Keep them passing as the campaign grows.\
"""

PACK_FILES = """\
- `pack.yaml`: the pack's id, version and the packs it requires. Add YAML files next to it; each
  document names its `kind` (`huntkit schema path` shows where the schemas of every kind are).\
"""

WORKFLOW = """\
# Checks the content on every push and pull request (huntkit's GitHub Actions recipe).
name: huntkit
on:
  push:
  pull_request:
permissions:
  contents: read
  security-events: write  # to upload the SARIF report to code scanning
jobs:
  validate:
    runs-on: ubuntu-latest
    env:
      # What pip installs: the one place that says which huntkit checks this pack.
      # {spec_comment}
      # Pin a release (huntkit==0.2.0), a git revision (huntkit @ git+https://HOST/OWNER/huntkit@COMMIT)
      # or a wheel's URL; raise it deliberately.
      HUNTKIT: "{spec}"
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - run: pip install "$HUNTKIT"
      - name: Validate (annotations on the pull request)
        run: huntkit validate . --format github
      - name: Validate (SARIF for code scanning)
        if: always()
        run: huntkit validate . --format sarif --output huntkit.sarif
      - name: Upload the SARIF report
        if: always()
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: huntkit.sarif
          category: huntkit
      - name: Formatting
        if: always()
        run: huntkit fmt --check .
{test_step}"""

WORKFLOW_TEST_STEP = """\
      - name: Scenario tests
        if: always()
        run: huntkit test .
"""

PRE_COMMIT_CONFIG = """\
# Runs huntkit on each commit: `pip install pre-commit && pre-commit install`.
repos:
  - repo: local
    hooks:
      - id: huntkit-validate
        name: huntkit validate
        entry: huntkit validate
        language: system
        files: \\.ya?ml$
        pass_filenames: false
        args: ["."]
      - id: huntkit-fmt
        name: huntkit fmt
        entry: huntkit fmt
        language: system
        files: \\.ya?ml$
"""

SCENARIO_TEST = """\
{modeline}
# Scenario tests, run by `huntkit test`: events reported as at the table, and what must follow.
kind: scenario
id: chapter-1-hunt
name: Chapter 1 is won by reaching Oedon Chapel and slaying Father Gascoigne
campaign: {pack_id}
chapter: 1
hunters: 2
steps:
  - expect: {{revealed: [1], not_revealed: [2, 3], in_play: [1], hunt: playing}}
  - end_move: oedon-chapel
  - expect: {{revealed: [2], completed: [1]}}
  - slain: father-gascoigne
  - expect: {{hunt: won}}
---
kind: scenario
id: chapter-1-insight
name: Exploring the alleyway reveals the insight mission; slaying a hunter mob earns insight card 31
campaign: {pack_id}
chapter: 1
steps:
  - end_move: alleyway
  - expect: {{revealed: [3]}}
  - slain: hunter-mob
  - expect: {{missions_completed: [3], insight: 1, holds_insight: [31]}}
---
kind: scenario
id: campaign-run
name: The whole campaign, three chapters won one after another
campaign: {pack_id}
steps:
  - end_move: alleyway
  - slain: hunter-mob
  - end_move: oedon-chapel
  - slain: father-gascoigne
  - expect: {{insight: 1, hunt: won}}
  - next_chapter: true
  - expect: {{revealed: [11], chapter: 2}}
  - end_move: iosefkas-clinic
  - slain: blood-starved-beast
  - expect: {{hunt: won}}
  - next_chapter: true
  - expect: {{revealed: [21], chapter: 3}}
  - end_move: the-great-bridge
  - slain: church-giant
  - end_move: grand-cathedral
  - slain: vicar-amelia
  - expect: {{holds_insight: [31, 33], hunt: won}}
  - next_chapter: true
  - expect: {{rejected: campaign is complete}}
"""

GITIGNORE = """\
# Reports written by the CI workflow and local runs.
huntkit.sarif
"""
