"""Rules over entity timelines, proved in Z3: each state a tracked constraint, each finding the
minimal unsat core's two states mapped back to their sentences.

``check_timeline(world)`` runs the enabled rules of ``rules.yaml`` (``all_rules=True`` runs every
rule with a check, for measuring false alarms before a rule is enabled).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from worldstate.data import load_yaml
from worldstate.resources.values import DESCRIBED, MARRIED
from worldstate.state import Evidence, Finding
from worldstate.state.timeline import Predicate, StateInterval, Timeline

if TYPE_CHECKING:
    from worldstate.analysis import World


@dataclass(frozen=True)
class TimelineRule:
    id: str
    check: str
    confidence: float
    enabled: bool
    explanation: str
    disabled_reason: str = ""
    options: dict[str, Any] = field(default_factory=dict)


def load_rules() -> list[TimelineRule]:
    """The timeline rules shipped in ``rules.yaml``."""
    raw = load_yaml("reason.timeline", "rules.yaml")
    known = {"id", "check", "confidence", "enabled", "explanation", "disabled_reason", "description"}
    return [
        TimelineRule(
            r["id"],
            r["check"],
            float(r["confidence"]),
            bool(r["enabled"]),
            r.get("explanation", ""),
            r.get("disabled_reason", ""),
            {k: v for k, v in r.items() if k not in known},
        )
        for r in raw["rules"]
    ]


@dataclass
class Clash:
    """Two states a rule cannot have both of (the unsat core), earlier first."""

    rule: TimelineRule
    subject: str
    earlier: StateInterval
    later: StateInterval
    fields: dict[str, str]


def check_timeline(world: World, *, all_rules: bool = False) -> list[Finding]:
    """Findings of the enabled timeline rules (every rule with a check when ``all_rules``)."""
    timeline = world.timeline
    findings = []
    for rule in load_rules():
        if rule.check == "none" or not (rule.enabled or all_rules):
            continue
        for clash in CHECKS[rule.check](rule, world, timeline):
            findings.append(_finding(world, clash))
    return findings


def _finding(world: World, clash: Clash) -> Finding:
    ws = world.state
    fields = {
        "subject": ws.display_name(clash.subject),
        "earlier": str(clash.earlier.start + 1),
        "later": str(clash.later.start + 1),
        **clash.fields,
    }
    evidence = [
        Evidence(s.evidence, world.text[s.evidence.start : s.evidence.end], role, s.start)
        for s, role in ((clash.later, "error"), (clash.earlier, "contradicted"))
    ]
    return Finding(
        category="continuity",
        confidence=clash.rule.confidence,
        explanation=clash.rule.explanation.format_map(defaultdict(str, fields)),
        evidence=evidence,
        rule=clash.rule.id,
        character=clash.subject,
        source="reasoner",
    )


def _core_pairs(
    tracked: list[tuple[Any, StateInterval]], base: list[Any] | None = None
) -> Iterator[tuple[StateInterval, ...]]:
    """Add tracked constraints in story order; at each unsat, yield the core's states and drop the last."""
    import z3

    solver = z3.Solver()
    for constraint in base or []:
        solver.add(constraint)
    names: dict[str, StateInterval] = {}
    for n, (constraint, state) in enumerate(tracked):
        name = f"s{n}"
        names[name] = state
        solver.push()
        solver.assert_and_track(constraint, z3.Bool(name))
        if solver.check() == z3.unsat:
            core = sorted((names[str(c)] for c in solver.unsat_core()), key=lambda s: (s.start, s.evidence.start))
            solver.pop()
            yield tuple(core)
        # keep satisfiable prefixes: the solver stays pushed


def _one_value(
    rule: TimelineRule,
    subject: str,
    slot: str,
    states: Iterable[StateInterval],
    fields: dict[str, Any] | Callable[[tuple[StateInterval, ...]], dict[str, Any]],
    value: Callable[[StateInterval], str] = lambda s: s.value,
) -> Iterator[Clash]:
    """The string slot ``slot`` has one value: each state asserts its ``value``; every pair Z3 finds unsat
    together is a clash, described by ``fields`` (or by ``fields(core)`` when it depends on the pair)."""
    import z3

    var = z3.String(slot)
    for core in _core_pairs([(var == z3.StringVal(value(s)), s) for s in states]):
        if len(core) == 2:
            yield Clash(rule, subject, core[0], core[1], fields(core) if callable(fields) else fields)


def _sides(
    subject: str, predicate: Predicate, key: str, found: Any, values: tuple[str, str], shown: str | None = None
) -> list[StateInterval]:
    """The earlier and the later side of ``found`` (a ``sides.TwoSides``) as states ``key=value`` of ``subject``,
    each showing ``shown`` (default: its own value)."""
    sides = ((found.earlier_sentence, found.earlier), (found.later_sentence, found.later))
    return [
        StateInterval(subject, predicate, f"{key}={value}", sentence, span, value_text=shown or value)
        for value, (sentence, span) in zip(values, sides, strict=True)
    ]


def _after_equals(state: StateInterval) -> str:
    """The value after ``key=`` (``"finger=lost"`` -> ``"lost"``)."""
    return state.value.split("=", 1)[1]


def _shown_pair(core: tuple[StateInterval, ...]) -> dict[str, Any]:
    """The two values of a clash as the text shows them."""
    return {"earlier_value": _shown(core[0]), "later_value": _shown(core[1])}


def _factual(timeline: Timeline, predicate: Predicate) -> dict[str, list[StateInterval]]:
    out: dict[str, list[StateInterval]] = defaultdict(list)
    for s in timeline.states:
        if s.predicate == predicate and s.modality.factual and s.subject:
            out[s.subject].append(s)
    return out


def _named(world: World, subject: str) -> bool:
    """True for a character with a proper name ("Hans"), not a role that coreference may merge across
    characters ("the queen" who dies and the new queen)."""
    from worldstate.resources.words import words

    try:
        name = world.state.entity(subject).name
    except KeyError:
        return False
    head = name.split()[-1].lower() if name.split() else ""
    singular = {head, head.removesuffix("s"), head.removesuffix("es")}  # "Witches" opening a sentence
    role = bool(singular & words().animate)
    return name[:1].isupper() and not name.lower().startswith(("the ", "a ", "an ")) and not role


def dead_stays_dead(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """death_time ≤ t for each death told at t; death_time > t' for each act at t' (no revival since)."""
    import z3

    predicates = {Predicate(p) for p in rule.options.get("acts", ["location", "holds"])}

    alive = _factual(timeline, Predicate.ALIVE)
    named_only = bool(rule.options.get("named_subjects_only"))
    for subject, states in alive.items():
        deaths = [s for s in states if s.value == "false"]
        if not deaths or (named_only and not _named(world, subject)):
            continue
        revivals = [s.start for s in states if s.value == "true"]
        acts = [
            s
            for s in timeline.states
            if s.subject == subject
            and s.modality.factual
            and s.active
            and not s.inferred
            and s.predicate in predicates
            and s.start > deaths[0].start
        ]
        death = z3.Int(f"death_{subject}")
        for act in acts:
            before = [d for d in deaths if d.start < act.start]
            last = max(before, key=lambda d: d.start)
            if any(last.start <= r <= act.start for r in revivals):
                continue
            tracked = [(death <= last.start, last), (death > act.start, act)]
            for core in _core_pairs(tracked):
                if len(core) == 2:
                    what = (
                        f"goes to {act.value_text}"
                        if act.predicate == Predicate.LOCATION
                        else f"takes {act.value_text}"
                    )
                    yield Clash(rule, subject, core[0], core[1], {"what": what})


def _same_value(rule: TimelineRule, groups: dict[tuple[str, str], list[StateInterval]]) -> Iterator[Clash]:
    """Each (subject, key) slot has one value: value == v tracked per state; a core is a clash."""
    import z3

    for (subject, key), states in groups.items():
        if len({s.value for s in states}) < 2:
            continue
        var = z3.String(f"v_{subject}_{key}")
        tracked = [(var == z3.StringVal(s.value), s) for s in states]
        for core in _core_pairs(tracked):
            if len(core) == 2 and core[0].start != core[1].start:  # one sentence with two values tells a change
                fields = {"key": key, "earlier_value": _shown(core[0]), "later_value": _shown(core[1])}
                yield Clash(rule, subject, core[0], core[1], fields)


def _shown(state: StateInterval) -> str:
    key, _, value = state.value.partition("=")
    if state.predicate == Predicate.COUNT:
        return f"{value} {key}(s)"
    if state.predicate == Predicate.RELATION:
        return value
    return state.value_text or value


def told_change(docs: list[Any], start: int, end: int, nouns: set[str]) -> bool:
    """True when sentences ``start``+1 … ``end`` tell a change of one of ``nouns`` ("her hair turned
    golden": a change verb whose clause names it) or tell magic (a wand, a spell): the genre licence
    for a trait or description to differ afterwards."""
    from worldstate.resources.words import words

    w = words()
    for doc in docs[max(0, start + 1) : end + 1]:
        for tok in doc if doc is not None else ():
            if tok.lower_ in w.magic_words or tok.lemma_.lower() in w.magic_words:
                return True
            changes = tok.pos_ in ("VERB", "AUX") and tok.lemma_.lower() in w.change_verbs
            if changes and any(t.lemma_.lower() in nouns or t.lower_ in nouns for t in tok.subtree):
                return True
    return False


def _since_last_change(world: World, states: list[StateInterval], nouns: set[str]) -> list[StateInterval]:
    """The states told after the last told change (a told change starts the trait afresh)."""
    docs = world.sentence_docs
    kept: list[StateInterval] = []
    for s in states:
        if kept and told_change(docs, kept[-1].start, s.start, nouns):
            kept = []
        kept.append(s)
    return kept


def trait_permanence(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    from worldstate.resources.words import words

    keys = set(rule.options.get("keys", []))
    parts = words().coloured_parts
    groups: dict[tuple[str, str], list[StateInterval]] = defaultdict(list)
    for subject, states in _factual(timeline, Predicate.TRAIT).items():
        for s in states:
            if s.key in keys:
                groups[(subject, s.key)].append(s)
    for slot, states in groups.items():
        nouns = {slot[1]} | {noun for noun, key in parts.items() if key == slot[1]}
        groups[slot] = _since_last_change(world, states, nouns)
    yield from _same_value(rule, groups)


def count_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    groups: dict[tuple[str, str], list[StateInterval]] = defaultdict(list)
    for subject, states in _factual(timeline, Predicate.COUNT).items():
        for s in states:
            if not s.value_text.startswith(("=", "+", "-")):  # a count the tally keeps (extract/timeline/tally.py)
                groups[(subject, s.key)].append(s)
    yield from _same_value(rule, groups)


def one_spouse(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A second spouse while the first is alive: the first spouse's death (if told) licenses it."""
    deaths = {s.subject: s.start for s in timeline.states if s.predicate == Predicate.ALIVE and s.value == "false"}
    groups: dict[tuple[str, str], list[StateInterval]] = defaultdict(list)
    for subject, states in _factual(timeline, Predicate.RELATION).items():
        married = [s for s in states if s.key == "married_to" and s.value_text == MARRIED]  # "his wife" is too loose
        kept: list[StateInterval] = []
        for s in married:
            if kept and deaths.get(kept[-1].value.split("=", 1)[1], 10**9) <= s.start:
                kept = []  # widowed: a new marriage is licensed
            kept.append(s)
        groups[(subject, "married_to")] = kept
    yield from _same_value(rule, groups)


def description_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A thing described one way ("the huge log", "the four brothers") is later pointed back to with the
    opposite description ("the tiny log", "the three brothers"): each (noun, opposition) slot has one value
    in Z3. Only a later phrase that points back (a definite determiner), whose description the story never
    used for that noun before, and (``no_revert``) after which the earlier description never comes back."""
    from worldstate.resources.words import words

    key = str(rule.options.get("key", "desc"))
    definite = words().definite
    by_subject: dict[str, list[StateInterval]] = defaultdict(list)
    for s in timeline.states:
        if s.predicate == Predicate.TRAIT and s.key == key:
            by_subject[s.subject].append(s)
    for subject, states in by_subject.items():
        reported: set[str] = set()
        for later in states:
            b = later.value.split("=", 1)[1]
            if b in reported or later.value_text.split("|", 1)[0] not in definite:
                continue
            if any(s.value == later.value and s.start < later.start for s in states):
                continue  # this description was used before: two things, or no change
            earlier = [s for s in states if s.start < later.start and _opposed(key, s.value, later.value)]
            if not earlier:
                continue
            first = earlier[-1]
            if rule.options.get("earlier_introduced") and first.value_text.split("|", 1)[0] in DEMONSTRATIVE:
                continue  # "the young man" … "the old man": neither phrase introduces a thing of its own
            if set(_phrase(later).lower().split()) & SUBSET_WORDS:
                continue  # "the other ninety-five fables", "the two eldest brothers": a part of the group
            if told_change(world.sentence_docs, first.start, later.start, {subject.removeprefix(DESCRIBED)}):
                continue  # "the log shrank", or magic in between
            if rule.options.get("no_revert") and any(s.value == first.value and s.start > later.start for s in states):
                continue  # A … B … A: the story goes on calling it A, so B is another one
            for core in _core_pairs(_slot_constraints(subject, key, first, later)):
                if len(core) == 2:
                    reported.add(b)
                    fields = {
                        "earlier_value": _phrase(core[0]),
                        "later_value": _phrase(core[1]),
                        "subject": subject.removeprefix(DESCRIBED),
                    }
                    yield Clash(rule, subject, core[0], core[1], fields)


# determiners that point back without introducing ("the", "that"); possessives introduce ("my faithful old minister")
DEMONSTRATIVE = frozenset(["the", "this", "that", "these", "those"])
# words that make a later phrase a part of the group, not the group re-described
SUBSET_WORDS = frozenset(
    [
        "other",
        "others",
        "remaining",
        "rest",
        "eldest",
        "elder",
        "oldest",
        "youngest",
        "younger",
        "surviving",
        "last",
        "first",
        "next",
        "two-thirds",
    ]
)


def _opposed(key: str, a: str, b: str) -> bool:
    x, y = a.split("=", 1)[1], b.split("=", 1)[1]
    if key != "desc":
        return x != y
    from worldstate.resources.values import opposed_descriptions

    return opposed_descriptions(x, y)


def _slot_constraints(
    subject: str, key: str, first: StateInterval, later: StateInterval
) -> list[tuple[Any, StateInterval]]:
    """value(subject, key) == each state's value (the opposed pole, or the number), tracked per state."""
    import z3

    var = z3.String(f"d_{subject}_{key}_{first.start}")
    return [(var == z3.StringVal(s.value), s) for s in (first, later)]


def _phrase(state: StateInterval) -> str:
    return state.value_text.split("|", 1)[-1]


def ages_over_time(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """Two ages of one character that the story time told between them cannot join: in Z3, a birth
    moment ``b`` (in years) with ``years ≤ t − b < years + 1`` for each age stated at story time ``t``
    (the least years the story says passed, from ``extract/timeline/story_time.py``); an unsat core of
    the two statements is a clash."""
    import z3

    from worldstate.query.ages import age_conflicts
    from worldstate.state.story_time import DAYS_PER_YEAR

    named_only = bool(rule.options.get("named_subjects_only"))
    for conflict in age_conflicts(timeline.story_time):
        a, b = conflict.earlier, conflict.later
        if named_only and not _named(world, a.entity):
            continue
        earlier, later = _age_state(a), _age_state(b)
        birth = z3.Real(f"born_{a.entity}_{a.sentence}_{b.sentence}")
        tracked = []
        for age, state in ((a, earlier), (b, later)):
            t = z3.RealVal(str(round((age.elapsed or 0.0) / DAYS_PER_YEAR, 6)))
            tracked.append((z3.And(t - birth >= age.years, t - birth < age.years + 1), state))
        for core in _core_pairs(tracked):
            if len(core) == 2:
                fields = {
                    "earlier_value": f"{a.years:g}",
                    "later_value": f"{b.years:g}",
                    "passed": f"{conflict.elapsed_years:.1f}",
                }
                yield Clash(rule, a.entity, core[0], core[1], fields)


def _age_state(age: Any) -> StateInterval:
    """An age statement as a trait state (for the finding's evidence)."""
    return StateInterval(age.entity, Predicate.TRAIT, f"age={age.years:g}", age.sentence, age.span)


def name_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A character's name slot has one value: the established name where it is first told, and the name used
    once in its place (``names.renamings``); Z3 finds the two constraints unsat together."""
    from worldstate.reason.timeline.names import renamings

    found = renamings(
        world,
        max_single_names=int(rule.options.get("max_single_names", 3)),
        min_mentions=int(rule.options.get("min_mentions", 3)),
    )
    for renaming in found:
        subject = _entity_at(world, renaming.old_span) or renaming.old.lower()
        earlier = StateInterval(
            subject, Predicate.NAME, renaming.old, renaming.old_sentence, renaming.old_span, value_text=renaming.old
        )
        later = StateInterval(
            subject, Predicate.NAME, renaming.new, renaming.sentence, renaming.span, value_text=renaming.new
        )
        fields = {"earlier_value": renaming.old, "later_value": renaming.new}
        yield from _one_value(rule, subject, f"name_{subject}_{renaming.sentence}", (earlier, later), fields)


def place_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A place keeps its word: the place a frame ties to ("the dwarfs' …", "awoke in the beautiful …") is one
    of the place words in Z3; the old word's and the new word's mentions cannot both hold (``places``)."""
    from worldstate.reason.timeline.places import place_switches

    gap = rule.options.get("max_gap")
    found = place_switches(
        world,
        min_shared=int(rule.options.get("min_shared", 1)),
        max_gap=int(gap) if gap is not None else None,
        min_uses=int(rule.options.get("min_uses", 1)),
        only_kinds=frozenset(rule.options["kinds"]) if "kinds" in rule.options else None,
    )
    for switch in found:
        subject = "place:" + ("+".join(sorted(switch.shared)) or switch.old)
        states = [
            StateInterval(subject, Predicate.LOCATION, word, m.sentence, m.span, value_text=word)
            for word, m in ((switch.old, switch.earlier), (switch.new, switch.later))
        ]
        fields = {"earlier_value": switch.old, "later_value": switch.new, "frame": ", ".join(sorted(switch.shared))}
        yield from _one_value(rule, subject, f"place_{subject}_{switch.later.sentence}", states, fields)


def role_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A character keeps the trade the story calls them by: the established trade noun where it is first told,
    and the trade noun used once in its place (``roles.role_switches``); Z3 finds the two unsat together."""
    from worldstate.reason.timeline.roles import role_switches

    found = role_switches(
        world,
        min_uses=int(rule.options.get("min_uses", 3)),
        max_gap=int(rule.options.get("max_gap", 5)),
        epithet=bool(rule.options.get("epithet", True)),
    )
    for switch in found:
        subject = _entity_at(world, switch.earlier.span) or switch.old
        states = [
            StateInterval(subject, Predicate.TRAIT, f"role={m.trade}", m.sentence, m.span, value_text=m.trade)
            for m in (switch.earlier, switch.later)
        ]
        fields = {"earlier_value": switch.old, "later_value": switch.new}
        yield from _one_value(rule, subject, f"role_{subject}_{switch.later.sentence}", states, fields)


def still_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A thing taken out of a place is not still there: its place slot cannot be "out of P" and "in P" at once
    (``still.still_there``); Z3 finds the two unsat together."""
    from worldstate.reason.timeline.still import still_there

    for found in still_there(world):
        subject = _entity_at(world, found.later) or found.thing
        out = StateInterval(
            subject,
            Predicate.LOCATION,
            f"out of {found.place}",
            found.earlier_sentence,
            found.earlier,
            value_text=found.place,
        )
        inside = StateInterval(
            subject, Predicate.LOCATION, found.place, found.later_sentence, found.later, value_text=found.place
        )
        fields = {"thing": found.thing, "place": found.place}
        yield from _one_value(rule, subject, f"still_{subject}_{found.later_sentence}", (out, inside), fields)


def lost_part_used(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A part a character lost is not used again: the part slot is "lost" from the loss on and "has" at the use
    (``lost_parts.lost_parts``); Z3 finds the two unsat together."""
    from worldstate.reason.timeline.lost_parts import lost_parts

    for found in lost_parts(world):
        states = _sides(found.owner, Predicate.TRAIT, found.part, found, ("lost", "has"), found.part)
        slot = f"part_{found.owner}_{found.part}_{found.later_sentence}"
        yield from _one_value(rule, found.owner, slot, states, {"part": found.word}, _after_equals)


def known_all_along_rule(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """Nobody knew it, yet someone knew it from the start: the thing's "known" slot is false at the told
    ignorance and true from before it at the claim (``all_along.known_all_along``); Z3 finds the two unsat."""
    from worldstate.reason.timeline.all_along import known_all_along

    for found in known_all_along(world):
        subject = f"known:{found.what}"
        states = _sides(subject, Predicate.TRAIT, "known", found, ("nobody", "from the start"), found.what)
        yield from _one_value(rule, subject, f"known_{found.what}_{found.later_sentence}", states, {"what": found.what})


def day_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """The story's day slot has one value until a day is told passing (``days.day_switches``); Z3 finds the
    two namings unsat together."""
    from worldstate.reason.timeline.days import day_switches

    for switch in day_switches(world):
        states = [
            StateInterval("story:day", Predicate.TRAIT, f"day={n.day}", n.sentence, n.span, value_text=n.phrase)
            for n in (switch.earlier, switch.later)
        ]
        fields = {"earlier_value": switch.earlier.phrase, "later_value": switch.later.phrase}
        yield from _one_value(rule, "story:day", f"day_{switch.later.sentence}", states, fields)


def season_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """The scene's season (or time of day: the rule's ``lexicon`` and ``slot``) has one value until time is told
    passing (``seasons.season_switches``); Z3 finds the two namings unsat together."""
    from worldstate.reason.timeline.seasons import season_switches

    slot = str(rule.options.get("slot", "season"))
    for switch in season_switches(world, str(rule.options.get("lexicon", "seasons.yaml"))):
        states = [
            StateInterval(
                f"story:{slot}", Predicate.TRAIT, f"{slot}={n.season}", n.sentence, n.span, value_text=n.phrase
            )
            for n in (switch.earlier, switch.later)
        ]
        fields = {"earlier_value": switch.earlier.phrase, "later_value": switch.later.phrase}
        yield from _one_value(rule, f"story:{slot}", f"{slot}_{switch.later.sentence}", states, fields)


def place_retold(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A past-perfect place of staying against the place last told of the same entity: its place slot has one
    value over the sentences between (``retold.retold_places``); Z3 finds the two unsat together."""
    from worldstate.reason.timeline.retold import retold_places

    for found in retold_places(world, int(rule.options.get("max_gap", 8))):
        slot = f"retold_{found.subject}_{found.later.start}"
        yield from _one_value(rule, found.subject, slot, (found.earlier, found.later), _shown_pair)


def weekday_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """The weekday after a told night is the one after the weekday named before it: in Z3 the later day is
    (earlier + 1) mod 7 by the earlier naming and the later weekday by the later one (``weekdays``)."""
    import z3

    from worldstate.reason.timeline.weekdays import WEEK, weekday_repeats

    for repeat in weekday_repeats(world):
        day = z3.Int(f"weekday_{repeat.later.sentence}")
        tracked = []
        for naming, shift in ((repeat.earlier, 1), (repeat.later, 0)):
            state = StateInterval(
                "story:weekday", Predicate.TRAIT, f"weekday={naming.day}", naming.sentence, naming.span
            )
            tracked.append((day == (WEEK.index(naming.day) + shift) % len(WEEK), state))
        for core in _core_pairs(tracked):
            if len(core) == 2:
                fields = {
                    "earlier_value": repeat.earlier.day.title(),
                    "later_value": repeat.later.day.title(),
                    "passing": repeat.passing,
                }
                yield Clash(rule, "story:weekday", core[0], core[1], fields)


def giver_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A thing has one giver: its giver slot is the earlier giving's giver and the later one's, unsat together
    when they are two entities (``givers.giver_switches``)."""
    from worldstate.reason.timeline.givers import giver_switches

    for switch in giver_switches(world):
        subject = f"given:{switch.thing}"
        states = _sides(subject, Predicate.RELATION, "given_by", switch, (switch.earlier_giver, switch.later_giver))
        fields = {"thing": switch.thing, "earlier_value": switch.earlier_giver, "later_value": switch.later_giver}
        yield from _one_value(rule, subject, f"giver_{switch.thing}_{switch.later_sentence}", states, fields)


def destroyed_reappears(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A destroyed thing is not there again: its slot is "gone" from the destroying on and "there" at the
    later mention that points back to it (``destroyed.destroyed_reappearing``); Z3 finds the two unsat."""
    from worldstate.reason.timeline.destroyed import destroyed_reappearing

    for found in destroyed_reappearing(world):
        subject = f"thing:{found.thing}"
        states = _sides(subject, Predicate.TRAIT, "exists", found, ("gone", "there"), found.thing)
        slot = f"exists_{found.thing}_{found.later_sentence}"
        yield from _one_value(rule, subject, slot, states, {"thing": found.thing, "verb": found.verb}, _after_equals)


def kin_count(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A parent's children are their sons and daughters: two counts no numbers meet (``kin.kin_clashes``, which
    asks Z3) are reported with their two sentences."""
    from worldstate.reason.timeline.kin import kin_clashes

    for found in kin_clashes(world):
        states = [
            StateInterval(
                found.parent,
                Predicate.COUNT,
                f"{c.group}={c.number}",
                c.sentence,
                c.span,
                value_text=c.phrase,
            )
            for c in (found.earlier_count, found.later_count)
        ]
        fields = {"earlier_value": found.earlier_count.phrase, "later_value": found.later_count.phrase}
        yield Clash(rule, found.parent, states[0], states[1], fields)


def predicate_stable(rule: TimelineRule, world: World, timeline: Timeline) -> Iterator[Clash]:
    """A thing said to be one way is not later said or called the opposite: its description slot takes the
    earlier adjective and the later one, unsat together (``predicated.opposed_sayings``)."""
    from worldstate.reason.timeline.predicated import opposed_sayings

    for found in opposed_sayings(world):
        subject = DESCRIBED + found.noun
        states = _sides(subject, Predicate.TRAIT, "desc", found, (found.earlier_adj, found.later_adj))
        fields = {"earlier_value": found.earlier_phrase, "later_value": found.later_phrase, "subject": found.noun}
        yield from _one_value(rule, subject, f"said_{found.noun}_{found.later_sentence}", states, fields)


def _entity_at(world: World, span: Any) -> str | None:
    """The entity of the mention that covers ``span``."""
    for m in world.state.mentions:
        if m.entity and m.span.start <= span.start and span.end <= m.span.end:
            return m.entity
    return None


CHECKS = {
    "name_stable": name_stable,
    "place_stable": place_stable,
    "role_stable": role_stable,
    "still_stable": still_stable,
    "lost_part_used": lost_part_used,
    "known_all_along": known_all_along_rule,
    "day_stable": day_stable,
    "place_retold": place_retold,
    "weekday_stable": weekday_stable,
    "giver_stable": giver_stable,
    "destroyed_reappears": destroyed_reappears,
    "kin_count": kin_count,
    "predicate_stable": predicate_stable,
    "season_stable": season_stable,
    "ages_over_time": ages_over_time,
    "dead_stays_dead": dead_stays_dead,
    "trait_permanence": trait_permanence,
    "count_stable": count_stable,
    "one_spouse": one_spouse,
    "description_stable": description_stable,
}
