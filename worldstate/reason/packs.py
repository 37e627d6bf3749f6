"""Rule packs: versioned YAML data files of commonsense rules, validated on load.

A pack file looks like::

    schema: worldstate/rule-pack
    version: 1
    id: life
    description: ...
    rules:
      - id: life.death-is-final        # unique, "<pack id>.<name>"
        kind: irreversible              # one of KINDS: the reasoner code that interprets it
        category: continuity            # or knowledge
        confidence: 0.85                # 0..1, the confidence of findings it produces
        description: ...
        parameters: {predicate: alive, from: "false", to: "true"}
        licensed_by: [resurrection]     # genre switches that relax it
        explanation: "{subject} is dead from sentence {earlier} ..."   # fields: TEMPLATE_FIELDS
        example: "The old king died ..."

The built-in packs live next to this module in ``packs/`` (opt-in ones in ``packs/optional/``);
users add their own with ``--rules FILE``. A user rule of kind functional, irreversible or
age_arithmetic for a predicate a built-in rule already covers replaces it (later packs win);
opposition rules add to the lexicon. Every problem is a ``ConfigError`` naming the file, the rule
and the field.
"""

from __future__ import annotations

import functools
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldstate.data import load_yaml
from worldstate.errors import ConfigError
from worldstate.files import read_yaml_file

SCHEMA = "worldstate/rule-pack"
SUPPORTED_VERSIONS = (1,)
BUILTIN_DIR = Path(__file__).resolve().parent / "packs"

_PARAMETER_TYPES: dict[str, type] = {"str": str, "list": list, "dict": dict, "bool": bool, "int": int}


def _rule_kinds() -> tuple[dict[str, dict[str, tuple[type, bool]]], dict[str, str]]:
    """The kinds declared in ``data/rule_kinds.yaml``: kind → {parameter: (type, required)}, and kind → help."""
    raw = load_yaml("reason", "data/rule_kinds.yaml")
    kinds = {
        kind: {
            name: (_PARAMETER_TYPES[spec.split()[0]], spec.endswith(" required"))
            for name, spec in (entry.get("parameters") or {}).items()
        }
        for kind, entry in raw.items()
    }
    return kinds, {kind: str(entry["help"]) for kind, entry in raw.items()}


# kind → {parameter: (type, required)} (the reasoner code that interprets each kind), and what each kind means
KINDS, KIND_HELP = _rule_kinds()

TEMPLATE_FIELDS = frozenset(
    {
        "subject",
        "character",
        "holder",
        "predicate",
        "noun",
        "attribute",
        "earlier",
        "later",
        "earlier_value",
        "later_value",
        "earlier_fact",
        "later_fact",
        "elapsed",
    }
)
CATEGORIES = ("continuity", "knowledge")


@dataclass(frozen=True)
class Rule:
    id: str
    kind: str
    pack: str
    description: str
    explanation: str
    category: str = "continuity"
    confidence: float = 0.7
    parameters: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    licensed_by: tuple[str, ...] = ()
    example: str = ""

    def param(self, name: str, default: Any = None) -> Any:
        return self.parameters.get(name, default)

    def explain(self, **fields: object) -> str:
        """The explanation template filled with ``fields`` (missing fields become '?')."""
        return string.Formatter().vformat(self.explanation, (), _Defaulting(fields))


class _Defaulting(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "?"


@dataclass(frozen=True)
class Pack:
    id: str
    version: int
    description: str
    path: str
    rules: tuple[Rule, ...]


@dataclass
class RulePacks:
    """All loaded packs; rules by id and kind, genre switches relaxing rules."""

    packs: list[Pack]

    def __post_init__(self) -> None:
        self.rules: dict[str, Rule] = {}
        for pack in self.packs:
            for rule in pack.rules:
                if rule.id in self.rules:
                    raise ConfigError(
                        f"{pack.path}: rule {rule.id}: id already defined by pack {self.rules[rule.id].pack}"
                    )
                self.rules[rule.id] = rule

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise ConfigError(f"no rule {rule_id!r} (see `worldstate rules list`)") from None

    def of_kind(self, kind: str) -> list[Rule]:
        return [r for r in self.rules.values() if r.kind == kind]

    def pack_dir(self, rule: Rule) -> Path:
        for pack in self.packs:
            if pack.id == rule.pack:
                return Path(pack.path).parent
        return BUILTIN_DIR


def _fail(where: str, problem: str) -> ConfigError:
    return ConfigError(f"{where}: {problem}")


def _check_strings(value: Any, where: str) -> None:
    if not all(isinstance(x, str) for x in value):
        raise _fail(where, "must be a list of strings")


def _check_sides(sides: Any, where: str) -> None:
    """An opposition: a list of at least two sides, each a non-empty list of words."""
    if not isinstance(sides, list) or len(sides) < 2:
        raise _fail(where, "must be a list of at least two sides (lists of words)")
    for side in sides:
        if not isinstance(side, list) or not side or not all(isinstance(w, str) for w in side):
            raise _fail(where, "each side must be a non-empty list of words")


def validate_rule(raw: Any, pack_id: str, where: str, index: int) -> Rule:
    """Check one rule mapping and build a ``Rule``; errors name file, rule and field."""
    if not isinstance(raw, dict):
        raise _fail(f"{where}: rules[{index}]", "must be a mapping")
    rule_id = raw.get("id")
    if not isinstance(rule_id, str) or not rule_id.startswith(f"{pack_id}.") or len(rule_id) <= len(pack_id) + 1:
        raise _fail(f"{where}: rules[{index}]: field id", f"must be a string '{pack_id}.<name>', got {rule_id!r}")
    here = f"{where}: rule {rule_id}"
    unknown = set(raw) - {
        "id",
        "kind",
        "category",
        "confidence",
        "description",
        "parameters",
        "licensed_by",
        "explanation",
        "example",
    }
    if unknown:
        raise _fail(here, f"unknown field(s) {', '.join(sorted(unknown))}")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _fail(f"{here}: field kind", f"must be one of {', '.join(sorted(KINDS))}, got {kind!r}")
    for name in ("description", "explanation"):
        if not isinstance(raw.get(name), str) or not raw[name].strip():
            raise _fail(f"{here}: field {name}", "must be a non-empty string")
    try:
        names = {f for _, f, _, _ in string.Formatter().parse(raw["explanation"]) if f}
    except ValueError as exc:
        raise _fail(f"{here}: field explanation", f"bad template: {exc}") from None
    if names - TEMPLATE_FIELDS:
        raise _fail(
            f"{here}: field explanation",
            f"unknown placeholder(s) {', '.join(sorted(names - TEMPLATE_FIELDS))}; allowed: {', '.join(sorted(TEMPLATE_FIELDS))}",
        )
    category = raw.get("category", "continuity")
    if category not in CATEGORIES:
        raise _fail(f"{here}: field category", f"must be one of {', '.join(CATEGORIES)}")
    confidence = raw.get("confidence", 0.7)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) or not 0 <= confidence <= 1:
        raise _fail(f"{here}: field confidence", "must be a number between 0 and 1")
    licensed = raw.get("licensed_by", [])
    if not isinstance(licensed, list):
        raise _fail(f"{here}: field licensed_by", "must be a list of genre switch names")
    _check_strings(licensed, f"{here}: field licensed_by")
    params = raw.get("parameters", {}) or {}
    if not isinstance(params, dict):
        raise _fail(f"{here}: field parameters", "must be a mapping")
    spec = KINDS[kind]
    for name, value in params.items():
        if name not in spec:
            raise _fail(
                f"{here}: field parameters.{name}",
                f"not a parameter of kind {kind}; known: {', '.join(spec) or 'none'}",
            )
        typ = spec[name][0]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise _fail(f"{here}: field parameters.{name}", f"must be of type {typ.__name__}")
        if typ is list and name != "pairs":
            _check_strings(value, f"{here}: field parameters.{name}")
    for name, (_typ, required) in spec.items():
        if required and name not in params:
            raise _fail(f"{here}: field parameters.{name}", f"required by kind {kind}")
    for j, sides in enumerate(params.get("pairs", [])):
        _check_sides(sides, f"{here}: field parameters.pairs[{j}]")
    for name, sides in params.get("groups", {}).items():
        _check_sides(sides, f"{here}: field parameters.groups.{name}")
    if "change_scope" in params and params["change_scope"] not in ("subject", "any"):
        raise _fail(f"{here}: field parameters.change_scope", "must be 'subject' or 'any'")
    return Rule(
        id=rule_id,
        kind=kind,
        pack=pack_id,
        description=raw["description"].strip(),
        explanation=raw["explanation"].strip(),
        category=category,
        confidence=float(confidence),
        parameters=params,
        licensed_by=tuple(licensed),
        example=str(raw.get("example", "")).strip(),
    )


def validate_pack(data: Any, where: str) -> Pack:
    """Check a parsed pack file and build a ``Pack``."""
    if not isinstance(data, dict):
        raise _fail(where, "a rule pack must be a YAML mapping")
    if data.get("schema") != SCHEMA:
        raise _fail(f"{where}: field schema", f"must be {SCHEMA!r}, got {data.get('schema')!r}")
    version = data.get("version")
    if version not in SUPPORTED_VERSIONS:
        raise _fail(
            f"{where}: field version", f"version {version!r} is not supported (supported: {SUPPORTED_VERSIONS})"
        )
    pack_id = data.get("id")
    if not isinstance(pack_id, str) or not pack_id or "." in pack_id:
        raise _fail(f"{where}: field id", "must be a non-empty string without dots")
    rules_raw = data.get("rules")
    if not isinstance(rules_raw, list) or not rules_raw:
        raise _fail(f"{where}: field rules", "must be a non-empty list")
    unknown = set(data) - {"schema", "version", "id", "description", "rules"}
    if unknown:
        raise _fail(where, f"unknown field(s) {', '.join(sorted(unknown))}")
    rules = tuple(validate_rule(raw, pack_id, where, i) for i, raw in enumerate(rules_raw))
    seen: set[str] = set()
    for rule in rules:
        if rule.id in seen:
            raise _fail(f"{where}: rule {rule.id}", "id used twice")
        seen.add(rule.id)
    return Pack(pack_id, version, str(data.get("description", "")).strip(), where, rules)


def load_pack_file(path: str | Path) -> Pack:
    """Read and validate one pack file."""
    return validate_pack(read_yaml_file(path, "rule pack"), str(path))


def builtin_pack_files() -> list[Path]:
    return sorted(BUILTIN_DIR.glob("*.yaml"))


def optional_pack_files() -> list[Path]:
    """Packs shipped but off by default (add them with ``--rules``)."""
    return sorted((BUILTIN_DIR / "optional").glob("*.yaml"))


@functools.lru_cache(maxsize=16)
def _load(files: tuple[str, ...]) -> RulePacks:
    return RulePacks([load_pack_file(f) for f in files])


def load_packs(extra_files: tuple[str, ...] | list[str] = ()) -> RulePacks:
    """The built-in packs plus ``extra_files`` (user packs), validated; cached per file list."""
    files = tuple(str(p) for p in builtin_pack_files()) + tuple(str(Path(f).resolve()) for f in extra_files)
    return _load(files)
