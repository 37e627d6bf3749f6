"""Z3 encodings of one partition: every fact and every rule axiom is a tracked constraint.

Each encoder returns ``Tracked`` items: a Z3 constraint plus what it stands for (a fact, or a rule
axiom). The solver asserts ``literal → constraint`` and checks under assumptions, so an
unsatisfiable core names facts (hence sentences) and the rules that fired.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import z3

from worldstate.reason.facts import Fact
from worldstate.reason.lexicon import Lexicon
from worldstate.reason.packs import Rule


@dataclass(frozen=True)
class Tracked:
    name: str  # unique literal name
    constraint: z3.BoolRef
    fact: Fact | None = None  # the fact it encodes, or None for a rule axiom
    rule: str = ""  # rule id of an axiom
    attribute: str = ""  # opposition attribute, for explanations


def _fact_item(fact: Fact, constraint: z3.BoolRef) -> Tracked:
    return Tracked(f"f:{fact.id}", constraint, fact=fact)


def encode_functional(facts: list[Fact], rule: Rule | None) -> list[Tracked]:
    """One Boolean per value; a fact fixes it; the rule allows at most one true value.

    With ``moves_within_sentence`` two values named only in the same sentence ("came to the castle
    and went into a room") do not exclude each other; any value stated in another sentence does."""
    values = sorted({f.value for f in facts})
    var = {v: z3.Bool(f"v:{v}") for v in values}
    items = [_fact_item(f, var[f.value] == z3.BoolVal(f.polarity)) for f in facts]
    positives = sorted({f.value for f in facts if f.polarity})
    if rule is None or len(positives) < 2:
        return items
    if not rule.param("moves_within_sentence", False):
        items.append(Tracked(f"r:{rule.id}", z3.AtMost(*[var[v] for v in positives], 1), rule=rule.id))
        return items
    sentences = {v: {f.sentence for f in facts if f.polarity and f.value == v} for v in positives}
    for i, a in enumerate(positives):
        for b in positives[i + 1 :]:
            if len(sentences[a] | sentences[b]) > 1:  # stated in two different sentences
                items.append(Tracked(f"r:{rule.id}:{a}|{b}", z3.Not(z3.And(var[a], var[b])), rule=rule.id))
    return items


def encode_opposition(facts: list[Fact], lexicon: Lexicon) -> list[Tracked]:
    """One Boolean per adjective; opposed adjectives exclude each other (one axiom per pair).

    Two opposed adjectives stated only in one and the same sentence ("all that is male and female",
    "the male saints … the female saints") describe two things, so they do not exclude each other."""
    values = sorted({f.value for f in facts})
    var = {v: z3.Bool(f"is:{v}") for v in values}
    items = [_fact_item(f, var[f.value] == z3.BoolVal(f.polarity)) for f in facts]
    positives = sorted({f.value for f in facts if f.polarity})
    sentences = {v: {f.sentence for f in facts if f.polarity and f.value == v} for v in positives}
    for i, a in enumerate(positives):
        for b in positives[i + 1 :]:
            opp = lexicon.opposed(a, b)
            if opp is not None and len(sentences[a] | sentences[b]) > 1:
                items.append(
                    Tracked(
                        f"r:{opp.rule}:{a}|{b}", z3.Not(z3.And(var[a], var[b])), rule=opp.rule, attribute=opp.attribute
                    )
                )
    return items


def encode_irreversible(facts: list[Fact], rule: Rule) -> list[Tracked]:
    """X_t = "value is `to` at time t". One integer C is the time `from` sets in for good; an axiom
    per time point says X_t ⇔ t < C, so a core names just the two time points that clash.
    Within one sentence a derived fact (an action) comes before a stated one ("he ran and fell dead")."""
    to_value = str(rule.param("to")).lower()

    def point(f: Fact) -> int:
        return 2 * f.time - (1 if f.source == "derived" else 0)

    times = sorted({point(f) for f in facts})
    var = {t: z3.Bool(f"x:{t}") for t in times}
    change = z3.Int("change")
    items = [_fact_item(f, var[point(f)] == z3.BoolVal((f.value == to_value) == f.polarity)) for f in facts]
    items += [Tracked(f"r:{rule.id}:{t}", var[t] == (t < change), rule=rule.id) for t in times]
    return items


def _number(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None


def encode_age(ages: list[Fact], durations: list[Fact], rule: Rule) -> list[Tracked]:
    """Ages never shrink; between two ages with stated durations in between, the difference
    equals the elapsed years within ``slack_years``. Duration facts are tracked too."""
    per_year = float(rule.param("days_per_year", 365))
    slack = float(rule.param("slack_years", 1))
    times = sorted({f.time for f in ages})
    age = {t: z3.Real(f"age:{t}") for t in times}
    items: list[Tracked] = []
    for f in ages:
        n = _number(f.value)
        if n is not None:
            items.append(_fact_item(f, (age[f.time] == n) if f.polarity else (age[f.time] != n)))
    dur_var: dict[str, z3.ArithRef] = {}
    for d in durations:
        n = _number(d.value)
        if n is not None and d.polarity and times and times[0] < d.time <= times[-1]:
            dur_var[d.id] = z3.Real(f"dur:{d.id}")
            items.append(_fact_item(d, dur_var[d.id] == n))
    for earlier, later in itertools.pairwise(times):
        diff = age[later] - age[earlier]
        items.append(Tracked(f"r:{rule.id}:grow:{earlier}", diff >= 0, rule=rule.id))
        between = [dur_var[d.id] for d in durations if d.id in dur_var and earlier < d.time <= later]
        if between:
            years = z3.Sum(*between) / per_year
            items.append(
                Tracked(
                    f"r:{rule.id}:elapsed:{earlier}", z3.And(diff <= years + slack, diff >= years - slack), rule=rule.id
                )
            )
    return items
