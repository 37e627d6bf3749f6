"""``knows(world, entity, sentence)``: what a character knows by a sentence, one fact per sentence told,
with since when and through which channel (witnessed, thought, told, overheard, read, retold). Reads the
knowledge records of the world state and the ``timeline.*`` lookup layers
(:mod:`worldstate.extract.timeline.knowing` builds them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldstate.query.access import private_holders
from worldstate.state import Channel, Span

if TYPE_CHECKING:
    from worldstate.analysis import World


@dataclass
class KnownFact:
    """One thing a character knows at the asked point: where it is told, since when, how."""

    sentence: int
    text: str
    since: int
    channel: str
    source: str | None = None
    evidence: Span | None = None


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


def _reported(world: World) -> list[tuple[int, str | None, str]]:
    """(sentence, teller, hearer) for reported telling: 'it told her that the wolf had come'."""
    return world.layer("timeline.reported_speech")  # type: ignore[no-any-return]


def _perceived(world: World) -> list[tuple[int, str]]:
    """(sentence, perceiver) for a told perception of a fact: 'he saw that the wolf was lying in it'
    (narration, a that-clause, neither negated nor hypothetical)."""
    return world.layer("timeline.perceived")  # type: ignore[no-any-return]


def _denies_knowing(world: World, sentence: int, entity: str) -> bool:
    """True when ``sentence`` says ``entity`` did not know/see (its subject of a negated knowing verb)."""
    return entity in world.layer("timeline.denials").get(sentence, ())
