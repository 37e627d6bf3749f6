"""Split the facts into small independent problems: by subject, predicate and stretch of time.

A functional or opposition state can only conflict within one stretch between change points, so
each stretch is its own partition; irreversible and arithmetic predicates (alive, age) keep the
subject's whole timeline. Partitions that cannot conflict are dropped before Z3 ever sees them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from worldstate.reason.context import StoryContext
from worldstate.reason.facts import Fact
from worldstate.reason.lexicon import Lexicon
from worldstate.reason.packs import Rule, RulePacks


@dataclass
class Partition:
    key: str  # readable: "functional|hans|location|2"
    kind: str  # functional | opposition | irreversible | age | polarity
    facts: list[Fact]
    rule: Rule | None = None
    extra: list[Fact] = field(default_factory=list)  # durations for ages


def _opposition_segment(ctx: StoryContext, rules: list[Rule], subject: str, time: int) -> str:
    """The stretch of a subject's adjectives: cut by the change points of every opposition rule."""
    return str([ctx.segment(r, subject, time) for r in rules])


def build_partitions(facts: list[Fact], ctx: StoryContext, packs: RulePacks) -> list[Partition]:
    functional = {r.param("predicate"): r for r in packs.of_kind("functional")}
    irreversible = {r.param("predicate"): r for r in packs.of_kind("irreversible")}
    ages = {r.param("predicate"): r for r in packs.of_kind("age_arithmetic")}
    oppositions = [r for r in packs.of_kind("opposition")]
    opposition_predicates = {r.param("predicate") for r in oppositions}
    duration_predicates = {r.param("duration_predicate") for r in ages.values()}

    facts = [f for f in facts if _source_ok(f, functional.get(f.base) or irreversible.get(f.base))]
    groups: dict[tuple[str, ...], list[Fact]] = defaultdict(list)
    kinds: dict[tuple[str, ...], tuple[str, Rule | None]] = {}
    for fact in facts:
        base = fact.base
        if base in duration_predicates:
            continue
        if base in irreversible:
            key: tuple[str, ...] = ("irreversible", fact.subject, fact.predicate)
            kinds[key] = ("irreversible", irreversible[base])
        elif base in ages:
            key = ("age", fact.subject, fact.predicate)
            kinds[key] = ("age", ages[base])
        elif base in functional:
            rule = functional[base]
            seg = ctx.segment(rule, fact.subject, fact.time)
            key = ("functional", fact.subject, fact.predicate, str(seg))
            kinds[key] = ("functional", rule)
        elif base in opposition_predicates:
            seg = _opposition_segment(ctx, oppositions, fact.subject, fact.time)
            key = ("opposition", fact.subject, fact.predicate, seg)
            kinds[key] = ("opposition", None)
        else:  # no rule: only p and not-p at the same time point conflict
            key = ("polarity", fact.subject, fact.predicate, fact.value, str(fact.time))
            kinds[key] = ("polarity", None)
        groups[key].append(fact)

    durations = [f for f in facts if f.base in duration_predicates and f.source != "thought"]
    parts = []
    for key in sorted(groups):
        kind, rule = kinds[key]
        part = Partition("|".join(key), kind, groups[key], rule)
        if kind == "irreversible" and rule is not None:
            part.facts = _after_first_change(part.facts, str(rule.param("to")).lower())
        if kind == "age":
            part.extra = durations
        parts.append(part)
    return parts


def _source_ok(fact: Fact, rule: Rule | None) -> bool:
    """Derived facts always count; extracted ones only from the rule's ``sources`` (when given)."""
    sources = rule.param("sources") if rule is not None else None
    return not sources or fact.source == "derived" or fact.source in sources


def _after_first_change(facts: list[Fact], to_value: str) -> list[Fact]:
    """Facts from the first time the irreversible change is stated on (nothing earlier can clash)."""
    first = min((f.time for f in facts if (f.value == to_value) != f.polarity), default=None)
    return facts if first is None else [f for f in facts if f.time >= first]


def might_conflict(part: Partition, lexicon: Lexicon) -> bool:
    """A cheap necessary condition for a conflict; False means Z3 is not needed."""
    facts = part.facts
    if len(facts) < 2:
        return False
    both = {f.value for f in facts if f.polarity} & {f.value for f in facts if not f.polarity}
    if both:
        return True
    positives = sorted({f.value for f in facts if f.polarity})
    if part.kind == "functional":
        return len(positives) > 1
    if part.kind == "opposition":
        return len({f.sentence for f in facts}) > 1 and any(
            lexicon.opposed(a, b) for i, a in enumerate(positives) for b in positives[i + 1 :]
        )
    if part.kind == "irreversible" and part.rule is not None:
        to_value = str(part.rule.param("to")).lower()
        first_from = min(((f.time for f in facts if (f.value == to_value) != f.polarity)), default=None)
        return first_from is not None and any(
            (f.value == to_value) == f.polarity and f.time >= first_from for f in facts
        )
    if part.kind == "age":
        return len(positives) > 1
    return False
