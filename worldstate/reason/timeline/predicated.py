"""What a thing is said to be: a thing told one way ("the goose was white", "the man was old") is not later
said or called the opposite ("the goose was grey", "the young man") unless a change is told between.

``description-stable`` reads two noun phrases ("a huge log" … "the tiny log"); this reading adds the
adjective said of a noun by a copula ("the goose was white", "the soldier looked old and tired"), so a trait
told in either form clashes with its opposite told in either form, at least one of the two said by a copula.
Both are read in narration (speech may be wrong, lie or wish); the noun is matched by its lemma (coreference
keeps "the old man" and "the young man" apart, so it cannot join them); the adjectives are opposed in the
reason packs' exclusive groups of lasting traits (colour, size, age) or the pairs of ``predicated.yaml``
(height, girth, looks): a copula tells passing states too ("the room was dark" … "the room was light"). The later noun
phrase points back (a definite determiner), the later adjective was never used of that noun before, the
earlier one is never used of it again after (A … B … A tells two things), and no change (a change verb whose
clause names the noun, or magic) is told between. Only things that keep their traits are read (a person,
an animal, a plant, a body part or a made thing by WordNet's first sense: the sea changes colour untold), and
a sentence that says both poles of a noun ("very small, but still quite large") is no saying of either.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.reason.timeline.sides import TwoSides
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from worldstate.analysis import World

COPULAS = frozenset(["be", "look", "seem", "appear"])  # "became", "grew", "turned" tell a change, not a trait
MODALS = frozenset(["would", "will", "shall", "should", "must", "could", "might", "may", "can"])
CHANGE_ADVERBS = frozenset(["now", "soon", "gradually", "presently", "suddenly", "again", "already", "no", "longer"])
SUBSET_WORDS = frozenset(
    ["other", "others", "remaining", "rest", "eldest", "elder", "oldest", "youngest", "younger", "last", "first"]
)


@dataclass(frozen=True)
class Said:
    """Adjective ``adj`` of the noun ``noun`` in sentence ``sentence``: by a copula (``copula``) or as a
    modifier of a noun phrase whose first word is ``first``; ``span`` covers the adjective and the noun."""

    noun: str
    adj: str
    sentence: int
    span: Span
    copula: bool
    first: str
    phrase: str


@dataclass(frozen=True)
class OpposedSaying(TwoSides):
    """``noun`` told ``earlier_adj`` and later ``later_adj`` (opposed), no change told between."""

    noun: str
    earlier_adj: str
    later_adj: str
    earlier_phrase: str
    later_phrase: str


@lru_cache(maxsize=1)
def _lasting() -> tuple[frozenset[str], tuple[tuple[frozenset[str], frozenset[str]], ...]]:
    """The exclusive groups and the antonym pairs of lasting traits (``predicated.yaml``)."""
    from worldstate.data import load_yaml

    raw = load_yaml("reason.timeline", "predicated.yaml")
    pairs = tuple((frozenset(a), frozenset(b)) for a, b in raw["pairs"])
    return frozenset(raw["groups"]), pairs


@lru_cache(maxsize=1)
def _noun_classes() -> dict[str, str]:
    """Noun → its first WordNet sense's class (the table the mention extractor reads, shared package data)."""
    from worldstate.data import read_text

    out = {}
    for line in read_text("extract.mentions", "data/noun_classes.tsv").splitlines():
        if line and not line.startswith("#"):
            lemma, first, *_ = line.split("\t")
            out[lemma] = first
    return out


def keeps_traits(lemma: str) -> bool:
    """A person, animal, plant, body part or made thing (``lasting_nouns``), or a noun WordNet lacks."""
    from worldstate.data import load_yaml

    kind = _noun_classes().get(lemma)
    return kind is None or kind in load_yaml("reason.timeline", "predicated.yaml")["lasting_nouns"]


def lasting_opposed(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are opposite values of a lasting trait (colour, size, age, height …)."""
    from worldstate.resources.values import description_lexicon

    groups, pairs = _lasting()
    lexicon = description_lexicon()
    sides_b = dict(lexicon.index.get(b, ()))
    for k, side in lexicon.index.get(a, ()) if a != b else ():
        if k in sides_b and sides_b[k] != side and lexicon.oppositions[k].attribute in groups:
            return True
    return any((a in x and b in y) or (a in y and b in x) for x, y in pairs)


def sayings(world: World) -> list[Said]:
    """Every adjective said of a singular noun in narration, by a copula or as a modifier, in story order."""
    from worldstate.resources.words import words

    w = words()
    groups, pairs = _lasting()
    known = {word for pair in pairs for side in pair for word in side}
    ws = world.state
    spoken = [sp.content_span for sp in ws.speeches]
    out: list[Said] = []
    for index, doc in enumerate(world.sentence_docs):
        offset = ws.story.sentences[index].span.start
        for adj in doc if doc is not None else ():
            low = adj.lower_
            if adj.tag_ != "JJ" or low in w.skip_adjectives or not (low in known or _in_groups(low, groups)):
                continue
            found = _said_of(adj, w)
            if found is None:
                continue
            noun, copula = found
            if any(s.start <= offset + noun.idx < s.end for s in spoken):
                continue
            det = next((c for c in noun.children if c.dep_ in ("det", "poss") and c.i < noun.i), None)
            start = min(t.idx for t in (det or noun, adj))
            end = max(t.idx + len(t.text) for t in (noun, adj))
            phrase = doc.text[start:end] if copula else doc[(det.i if det is not None else noun.i) : noun.i + 1].text
            out.append(
                Said(
                    noun.lemma_.lower(),
                    low,
                    index,
                    Span(offset + start, offset + end),
                    copula,
                    det.lower_ if det is not None else "",
                    phrase,
                )
            )
    return out


def _in_groups(low: str, groups: frozenset[str]) -> bool:
    from worldstate.resources.values import description_lexicon

    lexicon = description_lexicon()
    return any(lexicon.oppositions[k].attribute in groups for k, _ in lexicon.index.get(low, ()))


def _said_of(adj: Token, w: object) -> tuple[Token, bool] | None:
    """The singular common noun ``adj`` is said of and whether by a copula; None when it says nothing of one
    thing (negated, compared, wished, a plural kind, a coordinated "bad or good")."""
    if any(c.dep_ == "neg" or c.lower_ in ("not", "no", "less", "more", "too", "so") for c in adj.children):
        return None
    if adj.dep_ == "amod" and adj.head.pos_ == "NOUN":
        noun = adj.head
        if any(c.dep_ in ("cc", "conj") for c in adj.children):
            return None  # "bad or good luck"
        return (noun, False) if _one_thing(noun, w) else None
    head = adj.head
    if adj.dep_ == "conj" and head.dep_ == "acomp":  # "was old and lame": "lame" said too
        head = head.head
    elif adj.dep_ != "acomp":
        return None
    if head.lemma_.lower() not in COPULAS or head.pos_ not in ("VERB", "AUX"):
        return None
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in MODALS) for c in head.children):
        return None
    if any(c.lower_ in CHANGE_ADVERBS for c in (*head.children, *adj.children)):
        return None  # "the sky was now dark": a change told in the saying itself
    if any(c.dep_ == "mark" and c.lower_ in ("if", "as", "though", "whether") for c in head.children):
        return None  # "as if it were white", "if it was cold": no saying of the thing
    noun = next((c for c in head.children if c.dep_ == "nsubj"), None)
    if noun is None or noun.pos_ != "NOUN" or not _one_thing(noun, w):
        return None
    if not any(c.dep_ in ("det", "poss") for c in noun.children):
        return None  # "water was cold": a kind, not one thing
    return noun, True


def _one_thing(noun: Token, w: object) -> bool:
    lemma = noun.lemma_.lower()
    if noun.tag_ != "NN" or not lemma.isalpha() or lemma in w.skip_nouns:  # type: ignore[attr-defined]
        return False
    return not any(c.lower_ in SUBSET_WORDS for c in noun.children)


def _one_pole_per_sentence(said: list[Said]) -> list[Said]:
    """The sayings less those of a sentence that says both poles of the noun ("very small, but still quite
    large"): a comparison or a change, not a trait."""
    mixed = {a.sentence for a in said for b in said if a.sentence == b.sentence and lasting_opposed(a.adj, b.adj)}
    return [s for s in said if s.sentence not in mixed]


def opposed_sayings(world: World) -> Iterator[OpposedSaying]:
    """Each later saying opposed to an earlier one of the same noun, one at least by a copula, with the
    conditions of the module docstring."""
    from worldstate.reason.timeline import told_change
    from worldstate.resources.words import words

    definite = words().definite
    by_noun: dict[str, list[Said]] = defaultdict(list)
    for said in sayings(world):
        by_noun[said.noun].append(said)
    for noun, all_said in by_noun.items():
        if not keeps_traits(noun):
            continue
        said = _one_pole_per_sentence(all_said)
        reported: set[str] = set()
        for n, later in enumerate(said):
            if later.adj in reported or later.first not in definite:
                continue
            if any(s.adj == later.adj for s in said[:n] if s.sentence < later.sentence):
                continue  # said before: two things, or no change
            earlier = [
                s
                for s in said[:n]
                if s.sentence < later.sentence and (s.copula or later.copula) and lasting_opposed(s.adj, later.adj)
            ]
            if not earlier:
                continue
            first = earlier[-1]
            if any(s.adj == first.adj for s in said[n + 1 :]):
                continue  # A … B … A: the story goes on saying A, so B is of another one
            if told_change(world.sentence_docs, first.sentence, later.sentence, {noun}):
                continue
            reported.add(later.adj)
            yield OpposedSaying(
                noun,
                first.adj,
                later.adj,
                first.phrase,
                later.phrase,
                earlier_sentence=first.sentence,
                earlier=first.span,
                later_sentence=later.sentence,
                later=later.span,
            )
