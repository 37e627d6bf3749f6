"""Summary claims checked against the story's timelines: who dies, and who did what to whom.

The summary is read at its parse layer; its proper names are aligned to the story's entities by
name or alias (exact, whole name). Two kinds of claim are checked, precision first:
- a death: the summary says a named character dies, is killed or is dead, and the story's timeline
  never has that character dead (nor the story a death word on any of its mentions' sentences);
- a swap: the summary says "A <verb> B" (both named), and the story tells "B <verb> A" with the
  same verb but never "A <verb> B".
Each contradiction is a :class:`Contradiction` with a span in the summary and one in the story.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from worldstate.resources.words import words
from worldstate.state import Span
from worldstate.state.timeline import Predicate

if TYPE_CHECKING:
    from worldstate.analysis import World

Token = Any


@dataclass(frozen=True)
class Contradiction:
    """One summary claim the story's timeline contradicts."""

    sentence: int  # summary sentence index
    kind: str  # "death" or "swap"
    summary_span: Span
    story_span: Span | None  # the story evidence (a swap: the clause told the other way; a death: the last mention)
    explanation: str


def _name_ids(story: World, name: str) -> list[str]:
    """Story entity ids named exactly ``name`` (or with it as an alias)."""
    wanted = name.strip().lower()
    return [e.id for e in story.state.entities if wanted in (e.name.lower(), *(a.lower() for a in e.aliases))]


def _proper_name(tok: Token) -> str | None:
    """The whole proper name a token belongs to ('Kristen Santos'), or None for a common noun."""
    if tok is None or tok.pos_ != "PROPN" or not tok.text[:1].isupper():
        return None
    parts = [c for c in tok.children if c.dep_ == "compound" and c.pos_ == "PROPN"] + [tok]
    return " ".join(t.text for t in sorted(parts, key=lambda t: t.i))


def _subject(verb: Token) -> Token | None:
    cur = verb
    for _ in range(4):
        subj = next((c for c in cur.children if c.dep_ == "nsubj"), None)
        if subj is not None:
            return subj
        if cur.dep_ not in ("conj", "xcomp") or cur.head.i == cur.i:
            return None
        cur = cur.head
    return None


def _dies_in_story(story: World, ids: list[str]) -> bool:
    alive = story.timeline.states
    return any(s.subject in ids and s.predicate == Predicate.ALIVE and s.value == "false" for s in alive)


def _death_claims(doc: Token) -> list[tuple[Token, Token]]:
    """(name token, death word) for 'X died', 'X was killed', 'X is dead' in a summary sentence."""
    w = words()
    out = []
    for tok in doc:
        lemma = tok.lemma_.lower()
        if any(c.dep_ == "neg" for c in tok.children):
            continue
        if lemma in w.die_verbs:
            subj = _subject(tok)
        elif lemma in w.kill_verbs and any(c.dep_ == "auxpass" for c in tok.children):
            subj = next((c for c in tok.children if c.dep_ == "nsubjpass"), None)
        elif lemma in w.kill_verbs:
            subj = next((c for c in tok.children if c.dep_ == "dobj"), None)
        elif lemma in w.dead_adjectives and tok.dep_ == "acomp":
            subj = _subject(tok.head)
        else:
            continue
        if subj is not None and _proper_name(subj):
            out.append((subj, tok))
    return out


def story_actions(story: World) -> dict[tuple[str, str, str], Span]:
    """(agent id, verb lemma, patient id) → its first evidence span, for every narrated transitive
    clause of the story whose subject and object are both entities (the ``timeline.actions`` layer)."""
    return story.layer("timeline.actions")  # type: ignore[no-any-return]


def contradictions(story: World, summary: World) -> list[Contradiction]:
    """The summary's claims that the story's timelines contradict, per summary sentence."""
    out: list[Contradiction] = []
    for i, doc in enumerate(summary.sentence_docs):
        if doc is None:
            continue
        offset = summary.spans[i].start
        out += _deaths(story, summary, i, doc, offset)
        out += _swaps(story, i, doc, offset)
    return out


def _span(doc: Token, offset: int, *toks: Token) -> Span:
    return Span(offset + min(t.idx for t in toks), offset + max(t.idx + len(t.text) for t in toks))


def _deaths(story: World, summary: World, i: int, doc: Token, offset: int) -> list[Contradiction]:
    out = []
    for name_tok, word in _death_claims(doc):
        name = _proper_name(name_tok) or ""
        ids = _name_ids(story, name)
        if ids and not _dies_in_story(story, ids) and not _death_near_mentions(story, ids):
            last = max((m for m in story.state.mentions if m.entity in ids), key=lambda m: m.span.start, default=None)
            out.append(
                Contradiction(
                    i,
                    "death",
                    _span(doc, offset, name_tok, word),
                    last.span if last is not None else None,  # alive at its last mention
                    f"the summary says {name} {word.text}, but {name} never dies in the story",
                )
            )
    return out


def _death_near_mentions(story: World, ids: list[str]) -> bool:
    """A death word in any sentence that mentions the entity (the timeline may miss an idiom)."""
    w = words()
    death = w.die_verbs | w.kill_verbs | w.dead_adjectives | {"death", "corpse", "body", "funeral", "grave"}
    sentences = {m.sentence for m in story.state.mentions if m.entity in ids}
    for k in sentences:
        doc = story.sentence_docs[k] if k < len(story.sentence_docs) else None
        if doc is not None and any(t.lemma_.lower() in death for t in doc):
            return True
    return False


def _swaps(story: World, i: int, doc: Token, offset: int) -> list[Contradiction]:
    actions = story_actions(story)
    out = []
    for tok in doc:
        if tok.pos_ != "VERB" or any(c.dep_ == "neg" for c in tok.children):
            continue
        subj, obj = _subject(tok), next((c for c in tok.children if c.dep_ == "dobj"), None)
        a_name, b_name = _proper_name(subj), _proper_name(obj)
        if not a_name or not b_name:
            continue
        a_ids, b_ids, lemma = _name_ids(story, a_name), _name_ids(story, b_name), tok.lemma_.lower()
        if not a_ids or not b_ids or set(a_ids) & set(b_ids):
            continue
        told = any((a, lemma, b) in actions for a in a_ids for b in b_ids)
        swapped = [actions[(b, lemma, a)] for a in a_ids for b in b_ids if (b, lemma, a) in actions]
        if swapped and not told:
            out.append(
                Contradiction(
                    i,
                    "swap",
                    _span(doc, offset, subj, tok, obj),
                    swapped[0],
                    f"the summary says {a_name} {tok.text} {b_name}; the story tells it the other way round",
                )
            )
    return out
