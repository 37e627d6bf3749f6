"""The schema of ``reason/timeline/rules.yaml`` (``schema: worldstate/timeline-rules``), checked by
``worldstate rules validate``: every error names the file, the rule and the field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from worldstate.errors import ConfigError
from worldstate.files import read_yaml_file

SCHEMA = "worldstate/timeline-rules"
VERSIONS = (1,)
COMMON = {"id", "check", "confidence", "enabled", "explanation", "disabled_reason", "description", "measured"}
# Options each check reads (beyond the common fields), with the type each must have.
OPTIONS: dict[str, dict[str, type]] = {
    "dead_stays_dead": {"named_subjects_only": bool, "acts": list},
    "ages_over_time": {"named_subjects_only": bool},
    "trait_permanence": {"keys": list},
    "count_stable": {},
    "one_spouse": {},
    "description_stable": {"key": str, "no_revert": bool, "earlier_introduced": bool},
    "name_stable": {"max_single_names": int, "min_mentions": int},
    "place_stable": {"min_shared": int, "max_gap": int, "min_uses": int, "kinds": list},
    "role_stable": {"min_uses": int, "max_gap": int, "epithet": bool},
    "still_stable": {},
    "lost_part_used": {},
    "known_all_along": {},
    "day_stable": {},
    "place_retold": {"max_gap": int},
    "weekday_stable": {},
    "giver_stable": {},
    "predicate_stable": {},
    "season_stable": {"lexicon": str, "slot": str},
    "none": {},
}


def _fail(where: str, problem: str) -> ConfigError:
    return ConfigError(f"{where}: {problem}")


def validate_timeline_rules(data: Any, where: str) -> list[dict[str, Any]]:
    """Check a parsed timeline-rules file; return its rules. Raises ConfigError naming file, rule and field."""
    from worldstate.reason.timeline import CHECKS
    from worldstate.state.timeline import Predicate

    if not isinstance(data, dict):
        raise _fail(where, "a timeline rules file must be a YAML mapping")
    if data.get("schema") != SCHEMA:
        raise _fail(f"{where}: field schema", f"must be {SCHEMA!r}, got {data.get('schema')!r}")
    if data.get("version") not in VERSIONS:
        raise _fail(f"{where}: field version", f"version {data.get('version')!r} is not supported ({VERSIONS})")
    unknown = set(data) - {"schema", "version", "rules"}
    if unknown:
        raise _fail(where, f"unknown field(s) {', '.join(sorted(unknown))}")
    rules = data.get("rules")
    if not isinstance(rules, list) or not rules:
        raise _fail(f"{where}: field rules", "must be a non-empty list")
    seen: set[str] = set()
    for index, raw in enumerate(rules):
        if not isinstance(raw, dict):
            raise _fail(f"{where}: rules[{index}]", "must be a mapping")
        rule_id = raw.get("id")
        if not isinstance(rule_id, str) or not rule_id.startswith("timeline.") or len(rule_id) <= len("timeline."):
            raise _fail(f"{where}: rules[{index}]: field id", f"must be a string 'timeline.<name>', got {rule_id!r}")
        if rule_id in seen:
            raise _fail(f"{where}: rule {rule_id}", "id used twice")
        seen.add(rule_id)
        _validate_rule(raw, f"{where}: rule {rule_id}", set(CHECKS) | {"none"}, {p.value for p in Predicate})
    return rules


def _validate_rule(raw: dict[str, Any], here: str, checks: set[str], predicates: set[str]) -> None:
    check = raw.get("check")
    if check not in checks:
        raise _fail(f"{here}: field check", f"must be one of {', '.join(sorted(checks))}, got {check!r}")
    confidence = raw.get("confidence")
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0 <= confidence <= 1:
        raise _fail(f"{here}: field confidence", f"must be a number from 0 to 1, got {confidence!r}")
    if not isinstance(raw.get("enabled"), bool):
        raise _fail(f"{here}: field enabled", "must be true or false")
    for name in ("explanation", "description", "disabled_reason"):
        if name in raw and not isinstance(raw[name], str):
            raise _fail(f"{here}: field {name}", "must be a string")
    if raw["enabled"] and check == "none":
        raise _fail(f"{here}: field enabled", "a rule without a check cannot be enabled")
    if raw["enabled"] and not str(raw.get("explanation", "")).strip():
        raise _fail(f"{here}: field explanation", "an enabled rule needs the text of its finding")
    if not raw["enabled"] and not str(raw.get("disabled_reason", "")).strip():
        raise _fail(f"{here}: field disabled_reason", "a disabled rule must say why it is disabled")
    if "measured" in raw and not isinstance(raw["measured"], dict):
        raise _fail(f"{here}: field measured", "must be a mapping")
    options = OPTIONS.get(check, {})
    unknown = set(raw) - COMMON - set(options)
    if unknown:
        raise _fail(here, f"unknown field(s) {', '.join(sorted(unknown))} for check {check}")
    for name, kind in options.items():
        if name in raw and not isinstance(raw[name], kind):
            raise _fail(f"{here}: field {name}", f"must be a {kind.__name__}")
    bad = [a for a in raw.get("acts", []) if a not in predicates]
    if bad:
        raise _fail(f"{here}: field acts", f"unknown state kind(s) {', '.join(map(str, bad))}")


def is_timeline_rules(path: str | Path) -> bool:
    """True when ``path`` is a YAML file declaring the timeline-rules schema."""
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and data.get("schema") == SCHEMA


def builtin_timeline_rules_file() -> Path:
    """The shipped ``reason/timeline/rules.yaml``."""
    return Path(__file__).with_name("rules.yaml")


def load_timeline_rules_file(path: str | Path) -> list[dict[str, Any]]:
    """Read and validate one timeline-rules file."""
    return validate_timeline_rules(read_yaml_file(path, "timeline rules"), str(path))
