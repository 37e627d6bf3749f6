"""How many children a parent has, across the kin nouns: a parent told to have "no children" has no "three
elder daughters" later, and one with "two children" has no "three sons"; in Z3 each parent's children are
their sons plus their daughters.

Read from the parse: a count is a kin noun (``kin.yaml``) with a number ("three sons", "their three elder
daughters": a part mark makes it a least count), with "no" as the object of "have" ("had no children"), "only"
("their only child"), or the parent's adjective "childless"; told, not negated, not a modal. The parent is
the possessive or the subject of "have"; two counts are of one parent when coreference gives their parent
one entity, or both parents are third-person pronouns of one number ("they had no children" … "their three
daughters"). A sentence telling a birth or an adoption between two counts starts them afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from worldstate.analysis import World

MODALS = frozenset(["would", "will", "shall", "should", "must", "could", "might", "may", "can"])
PRONOUN_GROUPS = {
    "they": "plural",
    "them": "plural",
    "their": "plural",
    "he": "he",
    "him": "he",
    "his": "he",
    "she": "she",
    "her": "she",
}


@dataclass(frozen=True)
class KinCount:
    """One told count: ``group`` (children, sons, daughters) of ``parent`` is ``number`` (at least, when
    ``least``), in sentence ``sentence`` (``span``, worded ``phrase``)."""

    parent: str
    group: str
    number: int
    least: bool
    sentence: int
    span: Span
    phrase: str


@dataclass(frozen=True)
class KinClash(TwoSides):
    """Two counts of one parent's children that no number of sons and daughters meets."""

    parent: str
    earlier_count: KinCount
    later_count: KinCount


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, Any]:
    from worldstate.data import load_yaml

    return load_yaml("reason.timeline", "kin.yaml")


def kin_clashes(world: World) -> Iterator[KinClash]:
    """Every pair of counts of one parent's children that cannot both hold (checked in Z3), the later one
    first found against the counts told since the last birth."""
    docs = world.sentence_docs
    counts = [c for i, doc in enumerate(docs) if doc is not None for c in _counts(world, i, doc)]
    births = {i for i, doc in enumerate(docs) if doc is not None and _tells_birth(doc)}
    for n, later in enumerate(counts):
        for earlier in reversed(counts[:n]):
            if any(earlier.sentence < b < later.sentence for b in births) or earlier.sentence == later.sentence:
                continue
            if earlier.parent != later.parent or (earlier.group == later.group and earlier.number and later.number):
                continue  # the same noun counted twice is the count-stable rule's
            if not _joinable(earlier, later):
                yield KinClash(
                    later.parent,
                    earlier,
                    later,
                    earlier_sentence=earlier.sentence,
                    earlier=earlier.span,
                    later_sentence=later.sentence,
                    later=later.span,
                )
                break


def _joinable(a: KinCount, b: KinCount) -> bool:
    """Some numbers of sons and daughters meet both counts (Z3, asked once per pair of counts)."""
    return _meet((a.group, a.number, a.least), (b.group, b.number, b.least))


@lru_cache(maxsize=1024)
def _meet(*counts: tuple[str, int, bool]) -> bool:
    import z3

    group = {g: z3.Int(g) for g in ("children", "sons", "daughters")}
    solver = z3.Solver()
    solver.add(group["children"] == group["sons"] + group["daughters"], group["sons"] >= 0, group["daughters"] >= 0)
    for name, number, least in counts:
        solver.add(group[name] >= number if least else group[name] == number)
    return solver.check() == z3.sat


def _counts(world: World, i: int, doc: Doc) -> Iterator[KinCount]:
    lexicon = _lexicon()
    for tok in doc:
        group = lexicon["kin"].get(tok.lemma_.lower()) if tok.pos_ == "NOUN" else None
        if group is None:
            continue
        number, least = _number(tok)
        if number is None or _untold(tok):
            continue
        parent = _parent(world, i, tok)
        if parent is not None:
            yield KinCount(parent, group, number, least, i, _span(world, i, tok), _phrase(tok))
    for tok in doc:
        if tok.lemma_.lower() in lexicon["childless"] and tok.dep_ == "acomp" and not _untold(tok):
            subject = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
            parent = _key(world, i, subject) if subject is not None else None
            if parent is not None:
                yield KinCount(parent, "children", 0, False, i, _span(world, i, tok), tok.text)


def _number(tok: Token) -> tuple[int | None, bool]:
    """The count a kin noun tells and whether it is a least count: (None, False) when it tells none."""
    from worldstate.resources.words import words

    children = list(tok.children)
    least = any(c.lower_ in _lexicon()["part_marks"] for c in children if c.dep_ == "amod")
    for c in children:
        if c.dep_ == "det" and c.lower_ == "no" and tok.head.lemma_.lower() == "have" and tok.dep_ == "dobj":
            return 0, False
        if c.dep_ == "nummod":
            value = words().numbers.get(c.lower_)
            if value is None and c.text.isdigit():
                value = int(c.text)
            if value is not None and value >= 2:
                return int(value), least
        if c.dep_ == "amod" and c.lower_ == "only" and tok.lemma_.lower() != "child":
            return None, False  # "an only son" says nothing of daughters
        if c.dep_ == "amod" and c.lower_ == "only":
            return 1, False
    return None, False


def _untold(tok: Token) -> bool:
    """Not told as a fact: negated, under a modal, or in a question or wish ("if they had two sons")."""
    verb = tok.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:  # spaCy makes a new Token per access
        verb = verb.head
    return any(
        c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in MODALS) or (c.dep_ == "mark" and c.lower_ == "if")
        for c in verb.children
    )


def _parent(world: World, i: int, tok: Token) -> str | None:
    """The parent's key: the kin noun's possessive, else the subject of its "have"."""
    poss = next((c for c in tok.children if c.dep_ == "poss"), None)
    if poss is not None:
        return _key(world, i, poss)
    if tok.dep_ == "dobj" and tok.head.lemma_.lower() == "have":
        subject = next((c for c in tok.head.children if c.dep_ == "nsubj"), None)
        return _key(world, i, subject) if subject is not None else None
    return None


def _key(world: World, i: int, tok: Token) -> str | None:
    """A third-person pronoun's group ("pronoun:plural"), else the entity of the mention at ``tok``."""
    group = PRONOUN_GROUPS.get(tok.lower_)
    if group is not None and tok.pos_ == "PRON":
        return f"pronoun:{group}"
    span = _span(world, i, tok)
    for m in world.state.mentions:
        if m.entity and m.span.start <= span.start and span.end <= m.span.end:
            return m.entity
    return None


def _tells_birth(doc: Doc) -> bool:
    """A child born or taken in: "was born", "gave birth", "bore him a son", "adopted" (``kin.yaml``)."""
    lexicon = _lexicon()
    for tok in doc:
        lemma = tok.lemma_.lower()
        if tok.lower_ == "born" or (lemma in lexicon["taking_in"] and tok.pos_ == "VERB"):
            return True
        if lemma == "birth" and tok.head.lemma_.lower() == "give":
            return True
        if lemma == "bear" and any(c.dep_ == "dobj" and c.lemma_.lower() in lexicon["kin"] for c in tok.children):
            return True
    return False


def _phrase(tok: Token) -> str:
    return " ".join(t.text for t in tok.subtree if t.dep_ != "relcl" and t.i <= tok.i)


def _span(world: World, index: int, tok: Token) -> Span:
    offset = world.state.story.sentences[index].span.start
    return Span(offset + tok.idx, offset + tok.idx + len(tok.text))
