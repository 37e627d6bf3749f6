"""Presence and perception: who is in the scene at each sentence, awake, and who perceives what it tells.

Built once per World (the declared layer ``timeline.presence``) from the parse, the mentions, the quotes and the World's scenes:

* **On stage** at a sentence: a character named there outside quotes (not only as a possessor, "their
  parents"; nor only as what is thought of, waited or asked for: "thought of her children", "watched for
  Mr. McGregor", "missed her mother"), the speaker and addressees of a quote there. A group counts as its
  members: the characters named inside its mentions ("Hansel and Gretel"), or, for a group of no named
  members, the characters the next sentence names one by one ("The two children had heard ... Gretel wept
  and said to Hansel").
* A character stays on stage between two sentences that show them there (at most ``GAP`` apart in one
  scene) and for ``STAY`` sentences after the last one; never across a scene break.
* **Gone** after leaving ("went away", "ran off", "went to the kitchen", "left"), and for a sentence that
  says so ("while he was gone"); only a mention of the character alone brings them back (a group's
  mention does not: a group of both parents names a man who is away).
* **Asleep** from "fell asleep", "was asleep", "went to sleep", "slept" till "woke", "awoke", "awakened
  the children", a quote of theirs, or the scene's end: on stage, but perceiving nothing.
* **Kept from the others**: a sentence the narration marks as secret ("secretly", "unseen", "no one was to
  know", "without his knowing") or as a deception ("pretended", "lied", "established himself as a
  merchant") is perceived by its agents only: the others present see a show, not the fact.
* **Overheard**: "had heard what their stepmother had said" hears that speaker's quotes of the scene
  before; "heard Henrietta's voice", "heard her say", "listened" hears the quotes that follow.

Queries: :func:`present_at`, :func:`asleep_at`, :func:`perceivers_at`, :func:`overheard`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from worldstate.data import load_yaml
from worldstate.extract.timeline.group_membership import memberships
from worldstate.resources.lexicon import lexicon
from worldstate.state import EntityKind
from worldstate.state.timeline import Modality

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.extract.timeline.clause import SentenceView

Token = Any  # a spaCy Token

GAP = 6  # a character shown on stage at two sentences at most this far apart (one scene) is there between
STAY = 2  # and stays this many sentences after the last one
HEARD_REACH = 8  # "heard her voice" / "heard what she said" reach this many sentences forward / back
_ARRIVING = {"come", "arrive", "return", "enter", "reach", "get"}  # motion into a scene, not out of it


@dataclass(frozen=True)
class PerceptionWords:
    """The word classes of ``data/perception.yaml``."""

    sleep_lemmas: frozenset[str]
    wake_lemmas: frozenset[str]
    away_words: frozenset[str]
    leave_particles: frozenset[str]
    secrecy_words: frozenset[str]
    nobody_words: frozenset[str]
    knowing_lemmas: frozenset[str]
    absent_object_preps: frozenset[str]
    hearing_lemmas: frozenset[str]
    voice_nouns: frozenset[str]


@lru_cache(maxsize=1)
def perception_words() -> PerceptionWords:
    raw = load_yaml("extract.timeline", "data/perception.yaml")
    return PerceptionWords(**{k: frozenset(str(w) for w in v) for k, v in raw.items()})


@dataclass
class Presence:
    """Per sentence: who is on stage, who of them is asleep, who acts, and who alone perceives it when the
    narration keeps it from the others (None: everyone on stage and awake)."""

    present: list[frozenset[str]] = field(default_factory=list)
    asleep: list[frozenset[str]] = field(default_factory=list)
    agents: list[frozenset[str]] = field(default_factory=list)
    insiders: list[frozenset[str] | None] = field(default_factory=list)
    # (sentence heard, hearer, sentence where the hearing is told, speaker)
    overheard: list[tuple[int, str, int, str | None]] = field(default_factory=list)


@dataclass
class _Cues:
    """What each sentence's parse says, before the walk through the scenes."""

    alone: list[set[str]]  # characters shown on stage by a mention of their own
    grouped: list[set[str]]  # characters shown on stage only through a group's mention
    agents: list[set[str]]
    leave: list[set[str]]  # gone after this sentence
    away: list[set[str]]  # gone during this sentence ("while he was gone")
    sleep: list[set[str]]
    wake: list[set[str]]
    insiders: list[set[str] | None]

    @classmethod
    def empty(cls, n: int) -> _Cues:
        def sets() -> list[set[str]]:
            return [set() for _ in range(n)]

        return cls(sets(), sets(), sets(), sets(), sets(), sets(), sets(), [None] * n)


def presence(world: World) -> Presence:
    """The presence layer of ``world`` (built once)."""
    return world.layer("timeline.presence")  # type: ignore[no-any-return]


def present_at(world: World, k: int) -> set[str]:
    """Entity ids on stage at sentence ``k`` (awake or asleep)."""
    layer = presence(world)
    return set(layer.present[k]) if 0 <= k < len(layer.present) else set()


def asleep_at(world: World, k: int) -> set[str]:
    """Entity ids on stage but asleep at sentence ``k``."""
    layer = presence(world)
    return set(layer.asleep[k]) if 0 <= k < len(layer.asleep) else set()


def perceivers_at(world: World, k: int) -> set[str]:
    """Who perceives what sentence ``k`` tells: on stage and awake; only its agents when the narration
    keeps it secret or tells a deception."""
    layer = presence(world)
    if not 0 <= k < len(layer.present):
        return set()
    awake = set(layer.present[k] - layer.asleep[k])
    insiders = layer.insiders[k]
    return awake if insiders is None else awake & insiders


def overheard(world: World) -> list[tuple[int, str, int, str | None]]:
    """(sentence heard, hearer, sentence where the hearing is told, speaker) for every overhearing."""
    return presence(world).overheard


# -- building -----------------------------------------------------------------------------------------
def build_presence(world: World) -> Presence:
    from worldstate.extract.timeline.clause import sentence_views

    n = len(world.sentences)
    views = sentence_views(world)
    kinds = {e.id: e.kind for e in world.state.entities}
    members = _group_members(world, views, kinds)
    cues = _Cues.empty(n)
    unpack: list[tuple[int, str, int | None]] = []  # (sentence, group, its number) of groups of no named members
    for view in views:
        if view is not None:
            _read_sentence(view, kinds, members, cues, unpack)
    _read_quotes(world, kinds, members, cues)
    unpacked: dict[tuple[int, str], set[str]] = {}
    for s, group, number in unpack:  # "The two children had heard ... Gretel wept and said to Hansel"
        if s + 1 < n and _same_scene(world, s, s + 1):
            named = {c for c in cues.alone[s + 1] if kinds.get(c) == EntityKind.CHARACTER} - cues.alone[s]
            if len(named) >= 2 and number in (None, len(named)):
                unpacked[(s, group)] = named
                cues.grouped[s] |= named
                if group in cues.agents[s]:
                    cues.agents[s] |= named
    layer = _walk(world, cues)
    layer.overheard = _overheard(world, views, members, unpacked)
    return layer


def _same_scene(world: World, a: int, b: int) -> bool:
    if not world.state.scenes:
        return True
    return any(first <= a <= last and first <= b <= last for first, last in world.state.scenes)


def _group_members(world: World, views: list[SentenceView | None], kinds: dict[str, EntityKind]) -> dict[str, set[str]]:
    """Group id → its characters: those its name joins ("Hansel and Gretel", coreference's name for a group
    made of its members) and those named inside its mentions (conjuncts, not possessors), else those the
    text tells (:mod:`.group_membership`: "the children", "they")."""
    out: dict[str, set[str]] = defaultdict(set)
    named: dict[str, str] = {}
    for e in world.state.entities:
        if e.kind == EntityKind.CHARACTER:
            for name in (e.name, *e.aliases):
                named.setdefault(name.lower(), e.id)
    for e in world.state.entities:
        if e.kind == EntityKind.GROUP:
            parts = [p.strip().lower() for p in re.split(r",|\band\b", e.name)]
            found = {named[p] for p in parts if p in named}
            if len(parts) >= 2 and len(found) == len(parts):
                out[e.id] |= found
    by_sentence: dict[int, list[Any]] = defaultdict(list)
    for m in world.state.mentions:
        if m.entity and kinds.get(m.entity) == EntityKind.GROUP:
            by_sentence[m.sentence].append(m)
    for s, groups in by_sentence.items():
        view = views[s] if s < len(views) else None
        if view is None:
            continue
        for tok in view.doc:
            if tok.dep_ == "poss" or tok.pos_ not in ("PROPN", "NOUN"):
                continue
            start = view.offset + tok.idx
            for m in groups:
                if m.span.start <= start < m.span.end:
                    who = view.ent(tok)
                    if who and who != m.entity and kinds.get(who) == EntityKind.CHARACTER:
                        out[m.entity].add(who)
    for group, membership in memberships(world).items():  # "the children", "they": read from the text
        if not out.get(group):
            out[group] |= membership.members
    return out


def _people(entity: str | None, kinds: dict[str, EntityKind], members: dict[str, set[str]]) -> set[str]:
    """A character itself; a group itself and its members; nothing for things and places."""
    if not entity:
        return set()
    kind = kinds.get(entity)
    if kind == EntityKind.CHARACTER:
        return {entity}
    if kind == EntityKind.GROUP:
        return {entity, *members.get(entity, ())}
    return set()


def _narrated(view: SentenceView, tok: Token) -> bool:
    return not view.story.speaker_at(view.offset + tok.idx)[0]


def _asserted(view: SentenceView, verb: Token) -> bool:
    """The verb's clause tells what happens: factual, and not negated on its way up ("had not been able
    to sleep")."""
    if not view.modality(verb)[0].factual:
        return False
    cur = verb
    for _ in range(4):
        if any(c.dep_ == "neg" for c in cur.children):
            return False
        if cur.dep_ not in ("xcomp", "acomp") or cur.head.i == cur.i:
            return True
        cur = cur.head
    return True


def _read_sentence(
    view: SentenceView,
    kinds: dict[str, EntityKind],
    members: dict[str, set[str]],
    cues: _Cues,
    unpack: list[tuple[int, str, int | None]],
) -> None:
    """The cues of one sentence's narration (quotes are read by :func:`_read_quotes`)."""
    s, pw, lex = view.index, perception_words(), lexicon()
    for tok in view.doc:
        if not _narrated(view, tok):
            continue
        if tok.pos_ in ("PROPN", "NOUN", "PRON") and _on_stage_mention(tok, pw, lex) and _told_as_fact(view, tok):
            who = view.ent(tok)
            kind = kinds.get(who or "")
            if kind == EntityKind.CHARACTER:
                cues.alone[s].add(who or "")
            elif kind == EntityKind.GROUP and who:
                cues.grouped[s] |= _people(who, kinds, members)
                if not members.get(who) and tok.dep_ in ("nsubj", "nsubjpass") and tok.tag_ == "NNS":
                    unpack.append((s, who, _number(tok, view)))
            if who and tok.dep_ in ("nsubj", "nsubjpass"):
                cues.agents[s] |= _people(who, kinds, members)
        if tok.pos_ in ("VERB", "AUX", "ADJ", "NOUN"):
            _read_verb(view, tok, kinds, members, cues, pw, lex)
    cues.insiders[s] = _kept_from_others(view, pw, kinds, members)


def _number(noun: Token, view: SentenceView) -> int | None:
    """The number a noun phrase gives ("the two children": 2), else None."""
    for c in noun.children:
        if c.dep_ == "nummod":
            value = view.w.numbers.get(c.lower_)
            if value is None and c.text.isdigit():
                value = int(c.text)
            return int(value) if value is not None else None
    return None


def _told_as_fact(view: SentenceView, tok: Token) -> bool:
    """A mention in a clause that tells what happens or does not ("had not been able to sleep"): not one only
    feared, wished, supposed or imagined ("for fear of killing somebody", "she thought the wolf was in the
    house")."""
    verb = _clause_verb(tok.head)
    return verb.pos_ not in ("VERB", "AUX") or view.modality(verb)[0] in (Modality.ASSERTED, Modality.NEGATED)


def _on_stage_mention(tok: Token, pw: PerceptionWords, lex: Any) -> bool:
    """A mention's head (not its name parts or determiner), not a possessor, not what is thought of /
    waited for / missed."""
    if tok.dep_ in ("poss", "compound", "det", "amod", "nummod", "case", "punct"):
        return False
    if tok.dep_ == "pobj" and tok.head.lower_ in pw.absent_object_preps:
        return False
    return not (tok.dep_ == "dobj" and tok.head.lemma_ in lex.mental_verbs)


def _read_verb(
    view: SentenceView,
    tok: Token,
    kinds: dict[str, EntityKind],
    members: dict[str, set[str]],
    cues: _Cues,
    pw: PerceptionWords,
    lex: Any,
) -> None:
    """Leaving, being away, falling asleep and waking told by ``tok``."""
    s, lemma = view.index, tok.lemma_.lower()
    kids = list(tok.children)
    if tok.pos_ == "VERB" and lemma in lex.departure_verbs | lex.motion_verbs and lemma not in _ARRIVING:
        away = any(k.dep_ in ("advmod", "prt") and k.lower_ in pw.leave_particles for k in kids)
        destination = any(k.dep_ == "prep" and k.lower_ in ("to", "into", "toward", "towards") for k in kids)
        destination = destination or (lemma == "go" and any(k.dep_ == "xcomp" for k in kids))  # "went to fetch"
        if ((lemma in lex.departure_verbs and lemma != "go") or away or destination) and _asserted(view, tok):
            cues.leave[s] |= _people(view.agent(tok), kinds, members)
    if lemma == "be" and any(k.dep_ in ("acomp", "advmod", "prt") and k.lower_ in pw.away_words for k in kids):
        gone = _people(view.agent(tok), kinds, members)
        if not any(k.dep_ == "neg" for k in kids):  # "while he was gone", "she was away"
            cues.away[s] |= gone
            cues.leave[s] |= gone
    if lemma in pw.sleep_lemmas:
        verb = tok.head if tok.pos_ == "ADJ" else tok
        if tok.pos_ == "NOUN":  # "went to sleep"
            if not (tok.dep_ == "pobj" and tok.head.lower_ == "to" and tok.head.head.lemma_ in ("go", "fall")):
                return
            verb = tok.head.head
        if _asserted(view, verb):
            cues.sleep[s] |= _people(view.agent(verb), kinds, members)
    elif lemma in pw.wake_lemmas and tok.pos_ in ("VERB", "ADJ"):
        verb = tok.head if tok.pos_ == "ADJ" else tok
        if not any(c.dep_ == "neg" for c in verb.children):
            cues.wake[s] |= _people(view.agent(verb), kinds, members)
            for obj in (c for c in tok.children if c.dep_ == "dobj"):
                cues.wake[s] |= _people(view.ent(obj), kinds, members)


def _kept_from_others(
    view: SentenceView, pw: PerceptionWords, kinds: dict[str, EntityKind], members: dict[str, set[str]]
) -> set[str] | None:
    """Who alone perceives the sentence when the narration keeps it from the others, else None: the agent
    of a deception ("pretended", "lied", "established himself as a merchant") or of a secret act
    ("secretly called"); the agents of the rest of a sentence that says nobody knew ("no one was to know",
    "without his knowing")."""
    deceit = view.w.deceit_words
    insiders: set[str] | None = None
    for tok in view.doc:
        if not _narrated(view, tok):
            continue
        low = tok.lower_
        if low in pw.secrecy_words or low in deceit or (tok.pos_ == "VERB" and _assumes_guise(tok)):
            verb = _clause_verb(tok)
            insiders = (insiders or set()) | _people(view.agent(verb), kinds, members)
        elif tok.lemma_ in pw.knowing_lemmas and (_nobody(view.subject(tok), pw) or tok.head.lower_ == "without"):
            others = {
                who
                for verb in view.doc
                if verb.pos_ in ("VERB", "AUX")
                and tok.i not in (verb.i, verb.head.i)
                and _narrated(view, verb)
                and not _nobody(view.subject(verb), pw)
                for who in _people(view.agent(verb), kinds, members)
            }
            insiders = (insiders or set()) | others
    return insiders


def _clause_verb(tok: Token) -> Token:
    """The verb whose clause ``tok`` belongs to (itself when a verb), looked for up to five heads up; else
    the head six up."""
    from worldstate.extract.timeline.clause import clause_verb

    return clause_verb(tok, 6) or list(tok.ancestors)[5]


def _nobody(tok: Token | None, pw: PerceptionWords) -> bool:
    if tok is None:
        return False
    phrase = " ".join(t.lower_ for t in tok.subtree)
    return tok.lower_ in pw.nobody_words or phrase in pw.nobody_words


def _assumes_guise(verb: Token) -> bool:
    """'established himself as a merchant', 'disguised herself as an old woman': a reflexive object and an
    'as' role."""
    from worldstate.extract.timeline.clause import is_reflexive

    kids = list(verb.children)
    return any(c.dep_ == "dobj" and is_reflexive(c) for c in kids) and any(
        c.dep_ == "prep" and c.lower_ == "as" for c in kids
    )


def _read_quotes(world: World, kinds: dict[str, EntityKind], members: dict[str, set[str]], cues: _Cues) -> None:
    """A quote's speaker and addressees are on stage at every sentence it runs over; the speaker is awake."""
    story = world.story
    for sp in world.state.speeches:
        first = min(sp.sentence, story.sentence_at(sp.content_span.start))
        last = story.sentence_at(max(sp.content_span.end - 1, sp.content_span.start))
        for s in range(first, min(last, len(cues.alone) - 1) + 1):
            speaker = _people(sp.speaker, kinds, members)
            cues.alone[s] |= speaker
            cues.agents[s] |= speaker
            cues.wake[s] |= speaker
            for who in sp.addressees:
                cues.alone[s] |= _people(who, kinds, members)


def _walk(world: World, cues: _Cues) -> Presence:
    """Presence per sentence: scene by scene, each character from their cues."""
    n = len(cues.alone)
    present: list[set[str]] = [set() for _ in range(n)]
    asleep: list[set[str]] = [set() for _ in range(n)]
    scenes = world.state.scenes or [(0, n - 1)]
    gone: set[str] = set()  # left and not seen alone since: a scene break does not bring them back
    for first, last in scenes:
        last = min(last, n - 1)
        cast = set().union(*(cues.alone[s] | cues.grouped[s] for s in range(first, last + 1)))
        for who in cast:
            if _walk_one(who, first, last, cues, present, asleep, who in gone):
                gone.add(who)
            else:
                gone.discard(who)
    return Presence(
        present=[frozenset(p) for p in present],
        asleep=[frozenset(a & p) for a, p in zip(asleep, present, strict=True)],
        agents=[frozenset(a) for a in cues.agents],
        insiders=[None if i is None else frozenset(i) for i in cues.insiders],
    )


def _walk_one(
    who: str, first: int, last: int, cues: _Cues, present: list[set[str]], asleep: list[set[str]], gone: bool
) -> bool:
    """One character through one scene: shown, gone, asleep; the gaps between showings filled. ``gone``:
    whether they left before the scene (and are gone at its end: the answer)."""
    shown: list[int] = []  # sentences showing the character on stage
    for s in range(first, last + 1):
        if who in cues.alone[s] or (who in cues.grouped[s] and not gone):
            gone = False
            if who not in cues.away[s]:
                shown.append(s)
        if who in cues.leave[s]:
            gone = True
            shown.append(-s - 1)  # a departure after s: no gap is filled across it
    on: set[int] = set()
    for i, s in enumerate(shown):
        if s < 0:
            continue
        on.add(s)
        nxt = shown[i + 1] if i + 1 < len(shown) else None
        if nxt is not None and nxt < 0:
            reach = min(-nxt - 1, s + GAP)  # there till they leave
        elif nxt is not None and nxt - s <= GAP:
            reach = nxt - 1
        else:
            reach = min(s + STAY, last)
        on.update(range(s + 1, reach + 1))
    sleeping = False
    for s in range(first, last + 1):
        if who in cues.wake[s]:
            sleeping = False
        if who in cues.sleep[s]:
            sleeping = True
        if s in on and who not in cues.away[s]:
            present[s].add(who)
            if sleeping:
                asleep[s].add(who)
    return gone


def _overheard(
    world: World,
    views: list[SentenceView | None],
    members: dict[str, set[str]],
    unpacked: dict[tuple[int, str], set[str]],
) -> list[tuple[int, str, int, str | None]]:
    """Overhearing: 'heard what X had said' (X's quotes before), 'heard X's voice' / 'heard X say' /
    'listened' (the quotes after, X's where named). ``unpacked``: the members of a group of no named
    members at one sentence."""
    pw = perception_words()
    kinds = {e.id: e.kind for e in world.state.entities}
    speech_verbs = lexicon().speech_verbs
    quotes = _quote_sentences(world)
    out: list[tuple[int, str, int, str | None]] = []
    for view in views:
        if view is None:
            continue
        s = view.index
        for tok in view.doc:
            if tok.lemma_ not in pw.hearing_lemmas or not _narrated(view, tok) or not _asserted(view, tok):
                continue
            agent = view.agent(tok)
            hearers = _people(agent, kinds, members) | unpacked.get((s, agent or ""), set())
            if not hearers:
                continue
            back, speaker = _heard_what_said(view, tok, speech_verbs)
            if back:
                before = [q for q in quotes if s - HEARD_REACH <= q[0] < s and _same_scene(world, q[0], s)]
                told = [q for q in before if q[2] == speaker] or before  # the talk, when its speaker is not found
            else:
                named, speaker = _heard_voice(view, tok, pw, speech_verbs)
                if not named and tok.lemma_ != "listen":
                    continue
                told = [
                    q
                    for q in quotes
                    if s < q[0] <= s + HEARD_REACH and (speaker is None or q[2] == speaker) and q[2] not in hearers
                ]
            for q_first, q_last, q_speaker in told:
                for k in range(q_first, q_last + 1):
                    out.extend((k, h, s, q_speaker) for h in sorted(hearers) if h != q_speaker)
    return out


def _quote_sentences(world: World) -> list[tuple[int, int, str | None]]:
    story = world.story
    return [
        (
            story.sentence_at(sp.content_span.start),
            story.sentence_at(max(sp.content_span.end - 1, sp.content_span.start)),
            sp.speaker,
        )
        for sp in world.state.speeches
    ]


def _heard_what_said(view: SentenceView, hear: Token, speech_verbs: frozenset[str]) -> tuple[bool, str | None]:
    """'heard what their stepmother had said': (True, the stepmother)."""
    for c in hear.children:
        if c.dep_ in ("ccomp", "dobj") and c.lemma_ in speech_verbs and any(w.tag_ == "WP" for w in c.children):
            return True, view.agent(c)
    return False, None


def _heard_voice(
    view: SentenceView, hear: Token, pw: PerceptionWords, speech_verbs: frozenset[str]
) -> tuple[bool, str | None]:
    """'heard Henrietta's voice', 'heard her say', 'heard them talking': (True, the speaker or None)."""
    for c in hear.children:
        if c.dep_ == "dobj" and c.lower_ in pw.voice_nouns:
            owner = next((p for p in c.children if p.dep_ == "poss"), None)
            return True, view.ent(owner) if owner is not None else None
        if c.dep_ in ("ccomp", "xcomp") and (c.lemma_ in speech_verbs or c.lemma_ in ("talk", "speak")):
            return True, view.agent(c)
    return False, None


def quote_speakers(world: World) -> dict[int, str | None]:
    """Sentence → the speaker of the quote it lies in (the latest quote covering it)."""
    return world.layer("timeline.quote_speakers")  # type: ignore[no-any-return]


def find_quote_speakers(world: World) -> dict[int, str | None]:
    out: dict[int, str | None] = {}
    for first, last, speaker in _quote_sentences(world):
        for k in range(first, last + 1):
            out[k] = speaker
    return out
