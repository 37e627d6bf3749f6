"""``state_at(world, sentence)``: what holds at one point of the story, per character."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from worldstate.extract.timeline.clause import view_tokens
from worldstate.extract.timeline.story_time import age_at
from worldstate.state import Channel, EntityKind, Span, Speech
from worldstate.state.story_time import AgeStatement, StoryMoment
from worldstate.state.timeline import Predicate, StateInterval, Timeline

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.extract.timeline.clause import StoryIndex

_DENY = ("know", "see", "notice", "hear", "suspect", "dream", "guess", "perceive", "realise", "realize")


@dataclass
class KnownFact:
    """One thing a character knows at the asked point: where it is told, since when, how."""

    sentence: int
    text: str
    since: int
    channel: str
    source: str | None = None
    evidence: Span | None = None


@dataclass
class CharacterState:
    """Everything that holds for one entity at one sentence."""

    entity: str
    name: str
    location: StateInterval | None = None
    location_with: str | None = None  # no place told: the place of this character, on stage with it (presence)
    holds: list[StateInterval] = field(default_factory=list)
    alive: bool | None = True  # None for things (not characters)
    alive_told: StateInterval | None = None  # None: the story never said otherwise
    traits: list[StateInterval] = field(default_factory=list)
    relations: list[StateInterval] = field(default_factory=list)
    counts: list[StateInterval] = field(default_factory=list)
    titles: list[StateInterval] = field(default_factory=list)
    names: list[StateInterval] = field(default_factory=list)
    scoped: list[StateInterval] = field(default_factory=list)  # beliefs, wishes, words of this character
    knows: list[KnownFact] = field(default_factory=list)
    age: tuple[float, AgeStatement] | None = None  # least age by then, and the statement it grows from


@dataclass
class StateReport:
    sentence: int
    characters: list[CharacterState]
    time: StoryMoment | None = None  # where the sentence sits on the story clock


def find_entities(world: World, name: str, _depth: int = 0) -> list[str]:
    """Entity ids whose name or an alias contains ``name`` as whole words (case-insensitive); first those
    named exactly so, by the World or by the story ("she was called Snowdrop": the timeline's names).
    When none does: the narrator, the entities related so to another ("the narrator's father", "the
    daughter of the miller"), else those whose name shares the head word (:mod:`.who`)."""
    found = _named(world, name) or _by_role(world, name)
    if found:
        return found
    from worldstate.extract.timeline import who

    return (
        who.narrator(world, name)
        or who.related(world, name, lambda w, n: find_entities(w, n, _depth + 1), _depth)
        or (who.by_head_word(world, name) if _depth == 0 else [])
    )


def _named(world: World, name: str) -> list[str]:
    """The entities ``name`` names (see :func:`find_entities`)."""
    wanted = name.strip().lower()
    pattern = re.compile(rf"(?<![\w-]){re.escape(wanted)}(?![\w-])")
    exact = [e.id for e in world.state.entities if wanted in (e.name.lower(), *(a.lower() for a in e.aliases))]
    exact += [i for i in _told_names(world).get(wanted, []) if i not in exact]
    loose = [
        e.id
        for e in world.state.entities
        if e.id not in exact and any(pattern.search(n.lower()) for n in (e.name, *e.aliases))
    ]
    literal = [s for s in world.timeline.subjects() if s == wanted and s not in exact + loose]
    return exact + loose + literal


def _by_role(world: World, name: str) -> list[str]:
    """The characters the story says are what ``name`` names ("she was a proud queen" for "the queen")."""
    wanted = re.sub(r"^(?:the|a|an)\s+", "", name.strip().lower())
    roles = [s for s in world.timeline.states if s.predicate == Predicate.TRAIT and s.key == "role"]
    return list(dict.fromkeys(s.subject for s in roles if s.value.split("=", 1)[1] == wanted))


def state_at(world: World, sentence: int, entity: str | None = None, *, knowledge: bool = True) -> StateReport:
    """What holds at the end of ``sentence`` (0-based) for every character mentioned by then, or for
    the entities named ``entity``."""
    ws = world.state
    if entity:
        ids = _preferred(world, _introduced(world, find_entities(world, entity), sentence), entity)
    else:
        mentioned = {m.entity for m in ws.mentions if m.entity and m.sentence <= sentence}
        ids = [e.id for e in ws.entities if e.kind in (EntityKind.CHARACTER, EntityKind.GROUP) and e.id in mentioned]
    out = states_of(world, ids, sentence, knowledge=knowledge)
    return StateReport(sentence, out, world.timeline.story_time.at(sentence))


def states_of(world: World, ids: list[str], sentence: int, *, knowledge: bool = True) -> list[CharacterState]:
    """What holds at the end of ``sentence`` for each entity of ``ids`` (an entity id, or a literal
    subject of the timeline such as an unresolved "the butcher")."""
    ws = world.state
    timeline = world.timeline
    by_subject = timeline.by_subject()
    scoped_by_holder: dict[str, list[StateInterval]] = {}
    for s in timeline.states:
        if not s.modality.factual and s.holder and s.start <= sentence:
            scoped_by_holder.setdefault(s.holder, []).append(s)
    out = []
    for eid in ids:
        cs = CharacterState(eid, ws.display_name(eid))
        if not _is_creature(world, eid):
            cs.alive = None
        for s in by_subject.get(eid, []):
            if not s.modality.factual or not s.holds_at(sentence) or _past_place(timeline, s, sentence):
                continue
            _place(cs, s)
        if cs.location is None and cs.alive is not None:
            _place_by_company(world, cs, sentence, by_subject)
        elif cs.location is None:
            _place_by_holder(world, cs, sentence, by_subject)
        cs.scoped = scoped_by_holder.get(eid, [])
        cs.age = age_at(timeline.story_time, eid, sentence)
        if knowledge:
            cs.knows = knows(world, eid, sentence)
        out.append(cs)
    return out


def _place_by_company(
    world: World, cs: CharacterState, sentence: int, by_subject: dict[str, list[StateInterval]]
) -> None:
    """A character whose place the story never told is where the company it is on stage with is: the latest
    told place, at ``sentence``, of another character present there (the presence layer), kept with
    ``location_with`` naming that character."""
    from worldstate.extract.timeline.presence import present_at

    here = present_at(world, sentence)
    if cs.entity not in here:
        return
    told = [
        (s, other)
        for other in here - {cs.entity}
        for s in by_subject.get(other, [])
        if s.predicate == Predicate.LOCATION
        and s.modality.factual
        and s.value
        and s.holds_at(sentence)
        and not _past_place(world.timeline, s, sentence)
    ]
    if told:
        state, other = max(told, key=lambda t: (t[0].start, t[0].evidence.start))
        cs.location, cs.location_with = state, other


def _place_by_holder(
    world: World, cs: CharacterState, sentence: int, by_subject: dict[str, list[StateInterval]]
) -> None:
    """A thing whose own place is not told is where the one who holds it is ("the deity, bearing the
    Yellow Diamond, was transported to Benares"): the holder's latest told place, kept with ``location_with``
    naming the holder."""
    held_by = [
        s
        for s in world.timeline.states
        if s.predicate == Predicate.HOLDS and s.value == cs.entity and s.subject and s.modality.factual
    ]
    held_by = [s for s in held_by if s.holds_at(sentence)]
    if not held_by:
        return
    holder = max(held_by, key=lambda s: (s.start, s.evidence.start)).subject
    places = [
        s
        for s in by_subject.get(holder, [])
        if s.predicate == Predicate.LOCATION and s.modality.factual and s.value and s.holds_at(sentence)
    ]
    if places:
        cs.location = max(places, key=lambda s: (s.start, s.evidence.start))
        cs.location_with = holder


def _introduced(world: World, ids: list[str], sentence: int) -> list[str]:
    """The entities of ``ids`` mentioned by the end of ``sentence`` (all of ``ids`` when none is): 'the
    fisherman' of sentence 0 is not the same-named entity coreference split off from sentence 1 on."""
    seen = {m.entity for m in world.state.mentions if m.entity in ids and m.sentence <= sentence}
    told = {s.subject for s in world.timeline.states if s.subject in ids and s.start <= sentence}
    early = [i for i in ids if i in seen or i in told]
    return early or ids


def _past_place(timeline: Timeline, s: StateInterval, sentence: int) -> bool:
    """A place told inside a flashback segment ("years before, Hans had lived in the mountains") is
    where the entity was then, not where it is once the story is back in its main narrative."""
    if s.predicate != Predicate.LOCATION:
        return False
    then, now = timeline.story_time.at(s.start), timeline.story_time.at(sentence)
    if then is None or now is None or not then.flashback:
        return False
    return not (now.flashback and now.told_at == then.told_at)


def _is_creature(world: World, entity: str) -> bool:
    try:
        return world.state.entity(entity).kind in (EntityKind.CHARACTER, EntityKind.GROUP)
    except KeyError:
        return True  # a literal creature noun ("the butcher") from the timeline


def _preferred(world: World, ids: list[str], name: str) -> list[str]:
    """The exact name matches when there are any; else the characters among the loose ones; else all."""
    wanted = name.strip().lower()
    exact = [
        i
        for i in ids
        if i == wanted or (i in {e.id for e in world.state.entities} and wanted in entity_names(world, i))
    ]
    if exact:
        return exact
    creatures = [i for i in ids if _is_creature(world, i)]
    return creatures or ids


def entity_names(world: World, entity: str) -> set[str]:
    """Every name of ``entity`` in lower case: its name, its aliases and the names the story tells it bears
    (a literal subject of the timeline is its own name)."""
    try:
        ent = world.state.entity(entity)
    except KeyError:
        return {entity.lower()}
    told = {name for name, ids in _told_names(world).items() if entity in ids}
    return {ent.name.lower(), *(a.lower() for a in ent.aliases)} | told


def _told_names(world: World) -> dict[str, list[str]]:
    """Lower-cased name → the entities the story says bear it ("she was called Snowdrop": the timeline's
    NAME states, which coreference may have left apart from the name's own entity)."""
    out: dict[str, list[str]] = {}
    for s in world.timeline.states:
        if s.predicate == Predicate.NAME and s.modality.factual and s.value:
            ids = out.setdefault(s.value.strip().lower(), [])
            if s.subject not in ids:
                ids.append(s.subject)
    return out


def _place(cs: CharacterState, s: StateInterval) -> None:
    if s.predicate == Predicate.LOCATION:
        cs.location = s
    elif s.predicate == Predicate.HOLDS:
        cs.holds.append(s)
    elif s.predicate == Predicate.ALIVE:
        cs.alive, cs.alive_told = s.value == "true", s
    elif s.predicate == Predicate.TRAIT:
        cs.traits.append(s)
    elif s.predicate == Predicate.RELATION:
        cs.relations.append(s)
    elif s.predicate == Predicate.COUNT:
        cs.counts.append(s)
    elif s.predicate == Predicate.TITLE:
        cs.titles.append(s)
    elif s.predicate == Predicate.NAME:
        cs.names.append(s)


def knows(world: World, entity: str, sentence: int, _depth: int = 0) -> list[KnownFact]:
    """What ``entity`` knows by the end of ``sentence`` (one fact per sentence told, earliest channel): what
    it perceived, on stage and awake (:mod:`.presence`; not what is kept secret from it nor another's
    private thought), its own thoughts and words, what it was told or overheard; less the sentences where
    the text says it did not know or see."""
    ws = world.state
    first: dict[int, KnownFact] = {}

    def add(fact: KnownFact) -> None:  # the earliest; at once, a telling rather than a witnessing of it
        known = first.get(fact.sentence)
        told = fact.channel == Channel.TOLD.value and known is not None and known.channel == Channel.WITNESSED.value
        if known is None or fact.since < known.since or (fact.since == known.since and told):
            first[fact.sentence] = fact

    for k in ws.knowledge_of(entity):
        if k.since > sentence or k.channel != Channel.THOUGHT:
            continue
        try:
            prop = ws.proposition(k.proposition)
        except KeyError:
            continue
        text = world.sentences[prop.sentence] if prop.sentence < len(world) else ""
        add(KnownFact(prop.sentence, text, k.since, k.channel.value, k.source_character, prop.span))
    for fact in _perceived_here(world, entity, sentence):
        add(fact)
    for fact in _spoken(world, entity, sentence):
        add(fact)
    for fact in _passed_on(world, entity, sentence, _depth):
        add(fact)
    denied = {s for s in first if _denies_knowing(world, s, entity)}
    return [f for s, f in sorted(first.items()) if s not in denied]


def _perceived_here(world: World, entity: str, sentence: int) -> list[KnownFact]:
    """The sentences ``entity`` perceives where they happen (:func:`.presence.perceivers_at`) or by a
    perception verb of the knowledge layer ("she saw the wolf"); a quote heard there is told by its speaker."""
    from worldstate.extract.knowledge import private_holders
    from worldstate.extract.timeline.presence import quote_speakers

    private = private_holders(world.state)
    spoken_by = quote_speakers(world)
    last = min(sentence, len(world) - 1)
    perceived = [s for s in world.layer("timeline.perceiving").get(entity, []) if s <= last]
    seen = world.layer("timeline.seen_by").get(entity, set())
    out = []
    for s in sorted(set(perceived) | {s for s in seen if 0 <= s <= last}):
        if s in private and entity not in private[s]:
            continue
        speaker = spoken_by.get(s)
        if speaker and speaker != entity:
            out.append(KnownFact(s, world.sentences[s], s, Channel.TOLD.value, speaker, world.spans[s]))
        else:
            out.append(KnownFact(s, world.sentences[s], s, Channel.WITNESSED.value, None, world.spans[s]))
    return out


def find_perceiving(world: World) -> dict[str, list[int]]:
    """The ``timeline.perceiving`` layer: entity → the sentences it perceives where they happen
    (:func:`.presence.perceivers_at`), in order."""
    from worldstate.extract.timeline.presence import perceivers_at

    out: dict[str, list[int]] = {}
    for s in range(len(world)):
        for entity in perceivers_at(world, s):
            out.setdefault(entity, []).append(s)
    return out


def find_seen_by(world: World) -> dict[str, set[int]]:
    """The ``timeline.seen_by`` layer: perceiver → the sentences of the events the knowledge layer says it
    perceived explicitly."""
    by_event = {ev.id: ev.sentence for ev in world.state.events}
    out: dict[str, set[int]] = {}
    for p in world.state.perceptions:
        if p.explicit and p.event in by_event:
            out.setdefault(p.perceiver, set()).add(by_event[p.event])
    return out


def _spoken(world: World, entity: str, sentence: int) -> list[KnownFact]:
    """What ``entity`` said or thought (its own words), and what it was told, quoted ('said to her')
    or reported ('it told her that ...'), or overheard, by the end of ``sentence``."""
    out = []
    for sp, first, end in world.layer("timeline.speeches_of").get(entity, []):
        if sp.sentence > sentence:
            continue
        last = min(end, sentence)
        for k in range(min(first, sp.sentence), last + 1):  # a quote may run over several sentences
            if sp.speaker == entity:
                out.append(KnownFact(k, world.sentences[k], k, Channel.THOUGHT.value, None, sp.content_span))
            elif entity in sp.addressees:
                out.append(KnownFact(k, world.sentences[k], k, Channel.TOLD.value, sp.speaker, sp.content_span))
    for k, hearer in _heard(world):
        if k <= sentence and hearer == entity:  # "when the queen heard this": the words just quoted
            for first, last, speaker in _just_said(world, k, entity):
                for told in range(first, last + 1):
                    out.append(KnownFact(told, world.sentences[told], k, Channel.TOLD.value, speaker))
    for told, _, k, speaker in world.layer("timeline.overheard_by").get(entity, []):  # "had heard what … had said"
        if k <= sentence:
            out.append(KnownFact(told, world.sentences[told], k, Channel.TOLD.value, speaker))
    for k, seer in _perceived(world):
        if k <= sentence and seer == entity:
            out.append(KnownFact(k, world.sentences[k], k, Channel.WITNESSED.value))
    for k, teller, hearer in _reported(world):
        if k <= sentence and entity in (teller, hearer):
            channel = Channel.THOUGHT if entity == teller else Channel.TOLD
            out.append(KnownFact(k, world.sentences[k], k, channel.value, None if entity == teller else teller))
    return out


RETOLD_REACH = 5  # "the wife told her sister": what the teller learnt this many sentences before (hand-set)
_MAX_RETELLING = 2  # a chain of retellings followed this deep


def _passed_on(world: World, entity: str, sentence: int, depth: int) -> list[KnownFact]:
    """What ``entity`` learnt from a letter it read, or from a teller who passed on the news
    (:mod:`.passing`)."""
    from worldstate.extract.timeline.passing import letters_read, retold

    out = []
    for told, k, reader in letters_read(world):
        if k <= sentence and reader == entity:
            out.append(KnownFact(told, world.sentences[told], k, Channel.TOLD.value, None, world.spans[told]))
    if depth >= _MAX_RETELLING:
        return out
    for k, teller, hearer in retold(world):
        if k > sentence or hearer != entity or not teller or teller == entity:
            continue
        for fact in knows(world, teller, k, depth + 1):
            if fact.since >= k - RETOLD_REACH:
                out.append(KnownFact(fact.sentence, fact.text, k, Channel.TOLD.value, teller, fact.evidence))
    return out


def find_speech_sentences(world: World) -> dict[str, list[tuple[Speech, int, int]]]:
    """The ``timeline.speeches_of`` layer: speaker or addressee → the speeches they speak or hear, in story
    order, each with the sentences its words begin and end in."""
    story = world.story
    out: dict[str, list[tuple[Speech, int, int]]] = {}
    for sp in world.state.speeches:
        first = story.sentence_at(sp.content_span.start)
        end = story.sentence_at(max(sp.content_span.end - 1, sp.content_span.start))
        for entity in dict.fromkeys([sp.speaker, *sp.addressees]):
            if entity:
                out.setdefault(entity, []).append((sp, first, end))
    return out


def find_overheard_by(world: World) -> dict[str, list[tuple[int, str, int, str | None]]]:
    """The ``timeline.overheard_by`` layer: the presence layer's overhearings grouped by hearer, in their order."""
    from worldstate.extract.timeline.presence import overheard

    out: dict[str, list[tuple[int, str, int, str | None]]] = {}
    for row in overheard(world):
        out.setdefault(row[1], []).append(row)
    return out


_HEARD_REACH = 8  # "heard this" reaches back at most this many sentences to the words it hears


def _just_said(world: World, k: int, hearer: str) -> list[tuple[int, int, str | None]]:
    """(first, last, speaker) of what 'heard this' in sentence ``k`` hears: the quotes that end one or
    two sentences before; else, from the latest quote begun shortly before, every sentence up to ``k``
    (a song or a letter quoted inside a quote that the speech layer ends early)."""
    ending, begun = [], []
    for sp in world.state.speeches:
        if sp.speaker == hearer:
            continue
        first = world.story.sentence_at(sp.content_span.start)
        last = world.story.sentence_at(max(sp.content_span.end - 1, sp.content_span.start))
        if last in (k - 1, k - 2):
            ending.append((first, last, sp.speaker))
        elif k - _HEARD_REACH <= first < k:
            begun.append((first, k - 1, sp.speaker))
    if ending or not begun:
        return ending
    return [max(begun, key=lambda b: b[0])]


def _heard(world: World) -> list[tuple[int, str]]:
    """(sentence, hearer) for 'X heard this/that/it/these words': the hearer learns what was just said."""
    return world.layer("timeline.heard")  # type: ignore[no-any-return]


def find_heard(world: World) -> list[tuple[int, str]]:
    """The ``timeline.heard`` layer (see :func:`_heard`)."""
    out = []
    for view, tok in view_tokens(world):
        if tok.lemma_ not in ("hear", "overhear") or view.story.speaker_at(view.offset + tok.idx)[0]:
            continue
        obj = next((c for c in tok.children if c.dep_ == "dobj"), None)
        if obj is not None and obj.lower_ in ("this", "that", "it", "these", "words", "all"):
            hearer = view.agent(tok)
            if hearer:
                out.append((view.index, hearer))
    return out


def _reported(world: World) -> list[tuple[int, str | None, str]]:
    """(sentence, teller, hearer) for reported telling: 'it told her that the wolf had come'."""
    return world.layer("timeline.reported_speech")  # type: ignore[no-any-return]


def find_reported(world: World) -> list[tuple[int, str | None, str]]:
    """The ``timeline.reported_speech`` layer (see :func:`_reported`)."""
    out = []
    for view, tok in view_tokens(world):
        if tok.lemma_ not in ("tell", "inform", "warn", "relate", "explain") or not any(
            c.dep_ == "ccomp" for c in tok.children
        ):
            continue
        hearer = next((c for c in tok.children if c.dep_ in ("dative", "dobj")), None)
        who = view.ent(hearer)
        if who and not view.story.speaker_at(view.offset + tok.idx)[0]:
            out.append((view.index, view.agent(tok), who))
    return out


_PERCEIVE = ("see", "hear", "notice", "perceive", "observe", "discover", "find", "learn", "realise", "realize")


def _perceived(world: World) -> list[tuple[int, str]]:
    """(sentence, perceiver) for a told perception of a fact: 'he saw that the wolf was lying in it'
    (narration, a that-clause, neither negated nor hypothetical)."""
    return world.layer("timeline.perceived")  # type: ignore[no-any-return]


def find_perceived(world: World) -> list[tuple[int, str]]:
    """The ``timeline.perceived`` layer (see :func:`_perceived`)."""
    from worldstate.state.timeline import Modality

    out = []
    for view, tok in view_tokens(world):
        if tok.lemma_ not in _PERCEIVE or not any(
            c.dep_ == "ccomp" and any(m.dep_ == "mark" and m.lower_ == "that" for m in c.children) for c in tok.children
        ):
            continue
        seer = view.agent(tok)
        if seer and view.modality(tok)[0] == Modality.ASSERTED:
            out.append((view.index, seer))
    return out


def _denies_knowing(world: World, sentence: int, entity: str) -> bool:
    """True when ``sentence`` says ``entity`` did not know/see (its subject of a negated knowing verb)."""
    return entity in world.layer("timeline.denials").get(sentence, ())


def find_denials(world: World) -> dict[int, set[str]]:
    """The ``timeline.denials`` layer: sentence → the entities it says did not know or see (subjects of a
    negated knowing verb)."""
    index = world.layer("timeline.story_index")
    out: dict[int, set[str]] = {}
    for sentence, doc in enumerate(world.sentence_docs):
        if doc is None:
            continue
        start = world.spans[sentence].start
        found = world.text.find(doc.text[:40], max(0, start - 20))
        offset = found if found != -1 else start
        for tok in doc:
            if tok.lemma_ in _DENY and any(c.dep_ == "neg" for c in tok.children):
                subj = next((c for c in tok.children if c.dep_ in ("nsubj",)), None)
                who = None if subj is None else index.entity_at(offset + subj.idx, offset + subj.idx + len(subj.text))
                if who:
                    out.setdefault(sentence, set()).add(who)
    return out


def report_dict(world: World, report: StateReport) -> dict[str, Any]:
    """A JSON-ready view of a report (0-based sentences, story char offsets)."""

    def state(s: StateInterval | None) -> dict[str, Any] | None:
        if s is None:
            return None
        return {
            "predicate": s.predicate.value,
            "value": s.value,
            "value_text": s.value_text or world.state.display_name(s.value),
            "since": s.start,
            "until": s.end,
            "modality": s.modality.value,
            "holder": s.holder,
            "evidence": [s.evidence.start, s.evidence.end],
            "story_time": moment(s.start),
        }

    def moment(sentence: int) -> dict[str, Any] | None:
        m = world.timeline.story_time.at(sentence)
        return m.as_dict() if m is not None else None

    chars = []
    for cs in report.characters:
        chars.append(
            {
                "entity": cs.entity,
                "name": cs.name,
                "location": state(cs.location),
                "location_with": cs.location_with,
                "holds": [state(s) for s in cs.holds],
                "alive": cs.alive,
                "alive_evidence": state(cs.alive_told),
                "traits": [state(s) for s in cs.traits],
                "relations": [state(s) for s in cs.relations],
                "counts": [state(s) for s in cs.counts],
                "titles": [state(s) for s in cs.titles],
                "names": [state(s) for s in cs.names],
                "scoped": [state(s) for s in cs.scoped],
                "age": None
                if cs.age is None
                else {
                    "years_at_least": cs.age[0],
                    "stated": cs.age[1].years,
                    "stated_at": cs.age[1].sentence,
                    "evidence": [cs.age[1].span.start, cs.age[1].span.end],
                },
                "knows": [
                    {
                        "sentence": f.sentence,
                        "since": f.since,
                        "channel": f.channel,
                        "source": f.source,
                        "text": f.text,
                    }
                    for f in cs.knows
                ],
            }
        )
    return {"sentence": report.sentence, "story_time": moment(report.sentence), "characters": chars}


def story_index(world: World) -> StoryIndex:
    """The ``timeline.story_index`` layer: mention offsets → entity ids."""
    from worldstate.extract.timeline.clause import StoryIndex

    return StoryIndex.of(world.state)
