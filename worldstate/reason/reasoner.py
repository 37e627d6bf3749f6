"""``check``: the reasoner's entry point: facts → partitions → Z3 cores → conflicts (+ epistemic)."""

from __future__ import annotations

import time

from worldstate.config import Settings
from worldstate.reason.conflicts import Conflict, ReasonResult
from worldstate.reason.context import StoryContext
from worldstate.reason.epistemic import check_epistemic
from worldstate.reason.facts import (
    SOURCES_DEFAULT,
    Fact,
    collect_facts,
    describe,
    display,
    is_attributive,
    shown_value,
)
from worldstate.reason.lexicon import build_lexicon
from worldstate.reason.packs import RulePacks, load_packs
from worldstate.reason.partition import build_partitions, might_conflict
from worldstate.reason.solve import Core, PartitionTimeout, solve
from worldstate.state import WorldState

POLARITY_RULE = "consistency.polarity"
ATTRIBUTIVE_DISCOUNT = 0.5


def _sentence_label(fact: Fact) -> str:
    return str(fact.sentence + 1)  # explanations count sentences from 1


def _shown(fact: Fact, ws: WorldState) -> str:
    """The fact's value as written (an entity's name for entity ids), negated when false."""
    value = shown_value(fact, ws)
    return value if fact.polarity else f"not {value}"


def core_to_conflict(core: Core, ws: WorldState, packs: RulePacks, ctx: StoryContext) -> Conflict:
    """Turn a minimal core into a Conflict: the error fact is the later side; the rest the earlier."""
    error = core.error.fact
    assert error is not None
    others = sorted((t.fact for t in core.others if t.fact is not None), key=lambda f: (f.sentence, f.span.start))
    rule_id = core.rules[0].rule if core.rules else POLARITY_RULE
    if error.rule and packs.rule(rule_id).kind == "functional":
        rule_id = error.rule  # a derived location clashes: the deriving rule (perception needs presence) explains it
    rule = packs.rule(rule_id)
    earlier = next((f for f in reversed(others) if f.base != "duration"), others[-1] if others else error)
    durations = [f for f in others if f.base == "duration"]
    per_year = float(rule.param("days_per_year", 365))
    elapsed = f" and {sum(float(d.value) for d in durations) / per_year:.4g} years pass in between" if durations else ""
    fields = {
        "subject": display(ws, error.subject),
        "predicate": error.predicate,
        "noun": error.predicate.split(":", 1)[1] if ":" in error.predicate else "",
        "attribute": core.rules[0].attribute if core.rules and core.rules[0].attribute else error.base,
        "earlier": _sentence_label(earlier),
        "later": _sentence_label(error),
        "earlier_value": _shown(earlier, ws),
        "later_value": _shown(error, ws),
        "earlier_fact": describe(earlier, ws),
        "later_fact": describe(error, ws),
        "elapsed": elapsed,
    }
    confidence = rule.confidence
    if rule.kind == "opposition" and all(is_attributive(f, ws) for f in [*others, error]):
        # "the red shoes" … "the black shoes", "the old fairy" … "the young fairy": adjectives that pick
        # things out often tell two of them apart rather than contradict each other.
        confidence *= ATTRIBUTIVE_DISCOUNT
    return Conflict(
        rule=rule_id,
        category=rule.category,
        facts=tuple([*(f.id for f in others), error.id]),
        error=(error.span,),
        contradicted=tuple(f.span for f in others),
        error_sentences=(error.sentence,),
        contradicted_sentences=tuple(f.sentence for f in others),
        explanation=rule.explain(**fields),
        confidence=round(confidence, 3),
        subject=error.subject,
        **ctx.license_fields(rule, error.sentence),
    )


def check(
    ws: WorldState,
    packs: RulePacks | None = None,
    settings: Settings | None = None,
    *,
    timeout_ms: int = 2000,
    sources: tuple[str, ...] = SOURCES_DEFAULT,
    epistemic: bool = True,
    max_conflicts: int = 5,
) -> ReasonResult:
    """Check a world state against the rule packs.

    ``packs`` defaults to the built-in packs plus ``settings.rules`` (user pack files).
    ``sources`` selects which propositions count as facts (narration and speech by default;
    thoughts are beliefs). Each partition gets ``timeout_ms``; a timeout is listed in
    ``result.timeouts`` and the rest of the story is still checked. At most ``max_conflicts``
    conflicts are reported per partition (one subject, predicate and stretch of time).
    """
    started = time.perf_counter()
    if packs is None:
        packs = load_packs((settings or Settings()).rules)
    lexicon = build_lexicon(packs)
    ctx = StoryContext(ws, packs)
    facts = collect_facts(ws, packs, sources)
    parts = build_partitions(facts, ctx, packs)
    result = ReasonResult()
    solved = 0
    for part in parts:
        if not might_conflict(part, lexicon):
            continue
        solved += 1
        # One conflict is enough where the rest would repeat it: a death contradicted again and again
        # (the first action after it tells), or a rule the story licensed before this stretch began.
        first = min(f.sentence for f in part.facts)
        licensed = part.rule is not None and ctx.license(part.rule, first) is not None
        limit = 1 if licensed or part.kind == "irreversible" else max_conflicts
        try:
            cores = solve(part, lexicon, timeout_ms, limit)
        except PartitionTimeout as exc:
            result.timeouts.append(f"{part.key} ({exc})")
            continue
        for core in cores:
            conflict = core_to_conflict(core, ws, packs, ctx)
            (result.licensed if conflict.licensed_by else result.conflicts).append(conflict)
    z3_seconds = time.perf_counter() - started
    if epistemic:
        for conflict in check_epistemic(ws, packs, ctx):
            (result.licensed if conflict.licensed_by else result.conflicts).append(conflict)
    result.conflicts.sort(key=Conflict.key)
    result.licensed.sort(key=Conflict.key)
    result.stats = {
        "facts": float(len(facts)),
        "partitions": float(len(parts)),
        "solved_partitions": float(solved),
        "conflicts": float(len(result.conflicts)),
        "licensed": float(len(result.licensed)),
        "timeouts": float(len(result.timeouts)),
        "seconds_continuity": round(z3_seconds, 4),
        "seconds": round(time.perf_counter() - started, 4),
    }
    return result
