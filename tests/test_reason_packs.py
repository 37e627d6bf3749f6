"""Rule packs: the built-in packs load; bad packs fail with the file, rule and field; the rules CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from written import rejects_bad_and_missing

from worldstate.cli.main import cli
from worldstate.errors import ConfigError
from worldstate.reason import check, load_pack_file, load_packs
from worldstate.reason.builder import WorldBuilder
from worldstate.reason.lexicon import build_lexicon
from worldstate.reason.packs import BUILTIN_DIR, KIND_HELP, KINDS, RulePacks

GOOD = {
    "schema": "worldstate/rule-pack",
    "version": 1,
    "id": "mine",
    "description": "test pack",
    "rules": [
        {
            "id": "mine.one-mood",
            "kind": "functional",
            "category": "continuity",
            "confidence": 0.5,
            "description": "One mood at a time.",
            "parameters": {"predicate": "mood", "change_verbs": ["cheer"]},
            "explanation": "{subject} is {later_value} in sentence {later} but {earlier_value} in sentence {earlier}.",
            "example": "The prince rode out. The king rode home.",
        }
    ],
}


def write(tmp_path: Path, data: object, name: str = "mine.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_builtin_packs_load_and_cover_every_area():
    packs = load_packs()
    ids = {p.id for p in packs.packs}
    assert {
        "consistency",
        "exclusive",
        "curated-antonyms",
        "life",
        "place",
        "quantity",
        "names",
        "epistemic",
        "genre",
    } <= ids
    assert set(KIND_HELP) == set(KINDS)
    for rule in packs.rules.values():
        assert rule.kind in KINDS and rule.example, rule.id
    switches = {r.param("switch") for r in packs.of_kind("genre_switch")}
    for rule in packs.rules.values():
        assert set(rule.licensed_by) <= switches, rule.id


def test_wordnet_lexicon_is_small_and_has_core_antonyms():
    path = BUILTIN_DIR / "lexicon_wordnet.json"
    assert path.stat().st_size < 1_000_000
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1 and len(data["oppositions"]) > 100
    lexicon = build_lexicon(load_packs())
    for a, b in [
        ("hot", "cold"),
        ("alive", "dead"),
        ("old", "young"),
        ("rich", "poor"),
        ("red", "blue"),
        ("locked", "unlocked"),
    ]:
        assert lexicon.opposed(a, b) is not None, (a, b)
    assert lexicon.opposed("hot", "red") is None and lexicon.opposed("tall", "strong") is None


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(schema="other"), "field schema"),
        (lambda d: d.update(version=7), "field version"),
        (lambda d: d["rules"][0].update(kind="magic"), "rule mine.one-mood: field kind"),
        (lambda d: d["rules"][0].update(id="other.x"), "rules[0]: field id"),
        (lambda d: d["rules"][0].update(confidence=3), "rule mine.one-mood: field confidence"),
        (lambda d: d["rules"][0].update(explanation="{nope}"), "rule mine.one-mood: field explanation"),
        (lambda d: d["rules"][0]["parameters"].pop("predicate"), "field parameters.predicate"),
        (lambda d: d["rules"][0]["parameters"].update(change_verbs="crown"), "field parameters.change_verbs"),
        (lambda d: d["rules"][0]["parameters"].update(colour=1), "field parameters.colour"),
        (lambda d: d["rules"][0].update(category="style"), "field category"),
        (lambda d: d.update(rules=[]), "field rules"),
    ],
)
def test_invalid_pack_names_file_rule_and_field(tmp_path, mutate, message):
    data = json.loads(json.dumps(GOOD))
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(ConfigError) as err:
        load_pack_file(path)
    assert str(path) in str(err.value) and message in str(err.value)


def test_not_yaml_and_missing_file(tmp_path):
    rejects_bad_and_missing(load_pack_file, ConfigError, tmp_path / "bad.yaml", "rules: [unclosed", "not valid YAML")


def test_user_pack_extends_the_reasoner(tmp_path):
    path = write(tmp_path, GOOD)
    b = WorldBuilder("The prince rode out at dawn, merry. At noon the prince rode home, gloomy.")
    b.character("p", "prince")
    first = b.prop("p", "mood", "merry", "merry")
    second = b.prop("p", "mood", "gloomy", "gloomy")
    assert check(b.ws).conflicts == []  # no built-in rule for moods
    result = check(b.ws, packs=load_packs([str(path)]))
    (conflict,) = result.conflicts
    assert conflict.rule == "mine.one-mood" and conflict.facts == (first.id, second.id)
    assert conflict.explanation == "prince is gloomy in sentence 2 but merry in sentence 1."


def test_duplicate_rule_id_is_an_error(tmp_path):
    data = json.loads(json.dumps(GOOD))
    data["id"] = "life"
    data["rules"][0]["id"] = "life.death-is-final"
    path = write(tmp_path, data, "dup.yaml")
    with pytest.raises(ConfigError, match="already defined"):
        load_packs([str(path)])


def test_cli_rules_list_validate_explain(tmp_path):
    runner = CliRunner()
    listed = runner.invoke(cli, ["rules", "list"])
    assert listed.exit_code == 0 and "life.death-is-final" in listed.output and "epistemic.secrets" in listed.output
    good = write(tmp_path, GOOD)
    ok = runner.invoke(cli, ["rules", "validate", str(good)])
    assert ok.exit_code == 0 and ok.output == "ok\n"
    listed = runner.invoke(cli, ["rules", "list", "--rules", str(good)])
    assert "mine.one-mood" in listed.output
    bad = json.loads(json.dumps(GOOD))
    bad["rules"][0]["kind"] = "magic"
    failed = runner.invoke(cli, ["rules", "validate", str(write(tmp_path, bad, "bad.yaml"))])
    assert failed.exit_code == 2 and "rule mine.one-mood: field kind" in failed.output
    explained = runner.invoke(cli, ["rules", "explain", "quantity.age-arithmetic"])
    assert explained.exit_code == 0 and "Example: Anna was ten years old" in explained.output
    missing = runner.invoke(cli, ["rules", "explain", "life.nope"])
    assert missing.exit_code == 2 and "did you mean" in missing.output


def test_optional_entity_access_pack():
    from worldstate.reason.packs import optional_pack_files
    from worldstate.state import MentionKind

    (path,) = [p for p in optional_pack_files() if p.name == "entity_access.yaml"]
    text = "I never told Jules about David; I kept that to myself. Over dinner Jules asked, 'Was it David?'"
    b = WorldBuilder(text)
    b.character("jules", "Jules")
    b.character("david", "David")
    for m in b.ws.mentions:
        assert m.kind == MentionKind.NAME
    b.speech("jules", "Was it David?")
    assert check(b.ws).conflicts == []  # off by default
    (conflict,) = check(b.ws, packs=load_packs([str(path)])).conflicts
    assert conflict.rule == "entity-access.unmet-entity" and conflict.character == "jules"
    assert conflict.error_sentences == (1,) and conflict.contradicted_sentences == (0,)
    assert [b.ws.story.span_text(s) for s in conflict.error] == ["David"]
    listed = CliRunner().invoke(cli, ["rules", "list"])
    assert "Optional packs" in listed.output and "entity_access.yaml" in listed.output


def test_the_opposition_lexicon_is_built_once_per_packs_object() -> None:
    packs = load_packs(())
    first = build_lexicon(packs)
    assert build_lexicon(packs) is first
    other = RulePacks(list(packs.packs))  # equal packs, another object: built afresh, with the same oppositions
    again = build_lexicon(other)
    assert again is not first
    assert again.opposed("hot", "cold") is not None and first.opposed("hot", "cold") is not None
