"""Group members read from the text: who "the children", "they", "the two" are when the group's name does not say.

Coreference leaves a story's plural people in many clusters ("the children", "they", "the two children"),
most of them with no member named. Each plural cluster of people (a group, or a plural character that is
not a speaker's "we" or an addressed "you") gets its members from the first reading that fits:

* **name**: its name joins characters' names ("Hansel and Gretel");
* **apposition**: a mention set beside a conjunction of characters ("the children, Hansel and Gretel");
* **described**: a definite plural noun phrase ("the children", "his two children"; not "some women")
  whose noun covers characters of the story: the same noun ("the robbers" → "a robber"), or a relation
  noun of a kind it covers (WordNet's ``relation_nouns``: children → son, daughter, boy, girl,
  brother, sister); each mentioned in the ``recent`` sentences, of the noun's gender, as many as its number;
* **antecedent**: a group whose first mention is a plural pronoun ("they", "them both") takes the
  members of the nearest plural before it, at most ``reach`` sentences back: a conjunction of characters
  ("Hansel and Gretel were frightened that they …") or a mention of a group whose members are known;
* **together**: else, the characters named or described as subjects side by side in one sentence just
  before ("Hansel reached up …, and Gretel leant against the window … they").

Each :class:`Membership` keeps its evidence (the spans read) and its reading's confidence
(``data/group_membership.yaml``). Built once per World: the layer ``timeline.groups``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from worldstate.data import load_yaml
from worldstate.extract.mentions.features import is_person_noun
from worldstate.extract.timeline.clause import SentenceView, sentence_views
from worldstate.extract.timeline.numbers import number_value
from worldstate.extract.timeline.possessed_kin import possessed_nouns
from worldstate.resources.lexicon import lexicon
from worldstate.resources.words import words
from worldstate.state import EntityKind, Mention, MentionKind, Span

if TYPE_CHECKING:
    from worldstate.analysis import World

Token = Any  # a spaCy Token

_SUBJECTS = ("nsubj", "nsubjpass")
_DEFINITE = frozenset({"the", "these", "those", "both", "you"})  # determiners of people already told of


@dataclass(frozen=True)
class Membership:
    """A group's members, the reading that found them, its confidence and the spans it read."""

    members: frozenset[str]
    reading: str
    confidence: float
    evidence: tuple[Span, ...]


@dataclass(frozen=True)
class _Config:
    confidence: dict[str, float]
    covers: dict[str, frozenset[str]]
    recent: int
    reach: int


@lru_cache(maxsize=1)
def _config() -> _Config:
    raw = load_yaml("extract.timeline", "data/group_membership.yaml")
    return _Config(
        {str(k): float(v) for k, v in raw["confidence"].items()},
        {str(k): frozenset(str(x) for x in v) for k, v in raw["covers"].items()},
        int(raw["recent"]),
        int(raw["reach"]),
    )


def memberships(world: World) -> dict[str, Membership]:
    """Group id → its :class:`Membership` (the layer ``timeline.groups``, built once)."""
    return world.layer("timeline.groups")  # type: ignore[no-any-return]


def with_members(world: World, entity: str) -> list[str]:
    """The entity, and after it its members when it is a group of known members."""
    found = memberships(world).get(entity)
    return [entity, *sorted(found.members)] if found is not None else [entity]


def build_memberships(world: World) -> dict[str, Membership]:
    """Every plural cluster of people whose members the text tells, by the first reading that fits."""
    return _Reader(world).read()


class _Reader:
    """The story's mentions and parses, indexed for the readings."""

    def __init__(self, world: World) -> None:
        ws = world.state
        self.text = world.text
        self.views = sentence_views(world)
        self.entities = {e.id: e for e in ws.entities}
        self.singles = {
            e.id for e in ws.entities if e.kind == EntityKind.CHARACTER and e.number != "plural" and e.mentions
        }
        self.mentions = sorted((m for m in ws.mentions if m.entity), key=lambda m: m.span.start)
        self.of: dict[str, list[Mention]] = {}
        for m in self.mentions:
            self.of.setdefault(str(m.entity), []).append(m)
        lex = lexicon()
        self.plural_pronouns = lex.plural
        self.persons = lex.first_plural | lex.second
        self.noun_gender: dict[str, str] = lex.person_nouns
        self.relation_kinds = {**possessed_nouns(), **words().relation_nouns}
        self._heads: dict[str, str] = {}  # mention id → its head noun's lemma

    # -- the readings ---------------------------------------------------------------------------------
    def read(self) -> dict[str, Membership]:
        conf = _config().confidence
        found: dict[str, Membership] = {}
        groups = self._groups()
        for g in groups:
            for reading, read in (("name", self._named), ("apposition", self._apposed), ("described", self._described)):
                got = read(g)
                if got is not None:
                    found[g] = Membership(frozenset(got[0]), reading, conf.get(reading, 1.0), tuple(got[1]))
                    break
        for g in sorted(groups, key=lambda g: self.of[g][0].span.start):  # antecedents first
            if g in found:
                continue
            for reading, read in (("antecedent", self._antecedent), ("together", self._together)):
                got = read(g, found)
                if got is not None:
                    found[g] = Membership(frozenset(got[0]), reading, conf[reading], tuple(got[1]))
                    break
        return found

    def _groups(self) -> list[str]:
        """Plural clusters of people, less a speaker's "we" and an addressed "you"."""
        out = []
        for e in self.entities.values():
            if not (e.kind == EntityKind.GROUP or (e.kind == EntityKind.CHARACTER and e.number == "plural")):
                continue
            texts = {m.text.lower() for m in self.of.get(e.id, [])}
            if texts and not texts <= self.persons:
                out.append(e.id)
        return out

    def _named(self, group: str) -> tuple[set[str], list[Span]] | None:
        """Every part of the group's name is a character's name ("Hansel and Gretel")."""
        parts = [p.strip().lower() for p in re.split(r",|\band\b", self.entities[group].name) if p.strip()]
        names: dict[str, str] = {}
        for c in (e for e in self.entities if e in self.singles):  # the World's order: the main one first
            for n in (self.entities[c].name, *self.entities[c].aliases):
                names.setdefault(n.lower(), c)
        found = {names[p] for p in parts if p in names}
        if len(parts) >= 2 and len(found) == len(parts):
            return found, [self.of[group][0].span]
        return None

    def _apposed(self, group: str) -> tuple[set[str], list[Span]] | None:
        """A conjunction of characters in apposition to a mention ("the children, Hansel and Gretel")."""
        for m in self.of[group]:
            view, head = self._head(m)
            if head is None:
                continue
            near = [c for c in head.children if c.dep_ == "appos"] + ([head.head] if head.dep_ == "appos" else [])
            for tok in near:
                got = self._conjoined(view, tok)
                if got:
                    return got[0], [m.span, got[1]]
            got = self._listed(view, head)
            if got and _fits(got[0], _count(head)):
                return got[0], [m.span, got[1]]
        return None

    def _listed(self, view: SentenceView, head: Token) -> tuple[set[str], Span] | None:
        """An apposition the parser read as a list after a comma ("children, Hans and Grete"): the group's
        plural noun its first item, two characters or more the others."""
        rest = [c for c in head.conjuncts if c.i > head.i]
        after = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
        if head.tag_ != "NNS" or len(rest) < 2 or after is None or after.text != ",":
            return None
        who = [view.ent(t) for t in rest]
        if any(w not in self.singles for w in who) or len(set(who)) != len(who):
            return None
        return {str(w) for w in who}, view.span(*rest)

    def _described(self, group: str) -> tuple[set[str], list[Span]] | None:
        """The characters a plural noun covers, mentioned lately ("the children", "his two children")."""
        new_since = -1  # "some women", "had two children": people new to the story from here on
        for m in self.of[group]:
            if m.kind != MentionKind.NOMINAL:
                continue
            _, head = self._head(m)
            if head is None or head.tag_ != "NNS":
                continue
            if not _determined(head):
                if new_since < 0 and any(c.dep_ in ("det", "nummod") for c in head.children):
                    new_since = m.span.start
                continue
            got = self._covered(m, head.lemma_.lower(), _count(head))
            if got is None:
                got = self._conjoined_before(m, head.lemma_.lower(), _count(head))
            if got is not None and all(self.of[c][0].span.start >= new_since for c in got[0]):
                return got  # new people are none of those told of before them ("some women … the women")
        return None

    def _conjoined_before(self, m: Mention, noun: str, count: int | None) -> tuple[set[str], list[Span]] | None:
        """The nearest conjunction of characters before the mention ("Hans and Grete were hungry. Then the
        two children …"), none of them called by a person noun the group's noun does not cover."""
        kinds = self._kinds(noun)
        gender = self.noun_gender.get(noun, "")
        best: tuple[set[str], Span] | None = None
        for s in range(max(0, m.sentence - _config().reach), m.sentence + 1):
            view = self.views[s]
            for tok in view.doc if view is not None else ():
                got = self._conjoined(view, tok) if tok.dep_ != "conj" else None
                if got and got[1].end <= m.span.start and (best is None or got[1].end > best[1].end):
                    best = got
        if best is None or not _fits(best[0], count):
            return None
        for c in best[0]:
            if gender and self.entities[c].gender and self.entities[c].gender != gender:
                return None
            called = {self._lemma(x) for x in self.of[c] if x.kind == MentionKind.NOMINAL} - {"", noun}
            if any(
                (is_person_noun(h) or h in self.relation_kinds) and self.relation_kinds.get(h) not in kinds
                for h in called
            ):
                return None  # "the king and the queen … the children": not children
        return best[0], [m.span, best[1]]

    def _kinds(self, noun: str) -> frozenset[str]:
        """The relation kinds a plural noun covers (children: child_of and sibling_of)."""
        kind = self.relation_kinds.get(noun)
        return _config().covers.get(kind, frozenset({kind})) if kind else frozenset()

    def _covered(self, m: Mention, noun: str, count: int | None) -> tuple[set[str], list[Span]] | None:
        cfg = _config()
        kinds = self._kinds(noun)
        gender = self.noun_gender.get(noun, "")
        found: dict[str, Span] = {}
        for c in sorted(self.singles):
            if gender and self.entities[c].gender and self.entities[c].gender != gender:
                continue
            seen = [x for x in self.of[c] if m.sentence - cfg.recent <= x.sentence <= m.sentence + 1]
            if not seen or not self._lasting(c):
                continue
            for x in self.of[c]:
                if x.sentence > m.sentence + 1 or x.kind != MentionKind.NOMINAL:
                    continue
                head = self._lemma(x)
                if head == noun or (head and self.relation_kinds.get(head) in kinds):
                    found[c] = x.span
                    break
        if len(found) < 2 or (count is not None and len(found) != count):
            return None
        return set(found), [m.span, *found.values()]

    def _antecedent(self, group: str, known: dict[str, Membership]) -> tuple[set[str], list[Span]] | None:
        """The nearest plural before a pronoun group ("Hansel and Gretel were frightened that they …")."""
        first = self.of[group][0]
        if first.text.lower() not in self.plural_pronouns:
            return None
        best: tuple[int, set[str], Span] | None = None
        for s in range(max(0, first.sentence - _config().reach), first.sentence + 1):
            view = self.views[s]
            if view is None:
                continue
            for tok in view.doc:
                got = self._conjoined(view, tok) if tok.dep_ != "conj" else None
                if got and got[1].end <= first.span.start and (best is None or got[1].end > best[0]):
                    best = (got[1].end, got[0], got[1])
        for m in self.mentions:
            if m.sentence < first.sentence - _config().reach or m.span.end > first.span.start or m.entity == group:
                continue
            plural = m.entity in known or (m.entity not in self.singles and m.text.lower() not in self.persons)
            if plural and self._people(str(m.entity)) and (best is None or m.span.end > best[0]):
                members = set(known[str(m.entity)].members) if m.entity in known else set()
                best = (m.span.end, members, m.span)
        if best is None or len(best[1]) < 2 or not _fits(best[1], self._pronoun_count(first) or self._size(group)):
            return None
        return best[1], [first.span, best[2]]

    def _together(self, group: str, known: dict[str, Membership]) -> tuple[set[str], list[Span]] | None:
        """Characters that are subjects side by side just before ("Hansel reached up …, and Gretel leant …")."""
        first = self.of[group][0]
        if first.text.lower() not in self.plural_pronouns:
            return None
        view, head = self._head(first)
        own = set()
        if view is not None and head is not None:  # "she took them": not the one who acts on them
            verb = head.head
            own = {view.ent(c) for c in verb.children if c.dep_ in _SUBJECTS}
        for s in range(first.sentence, max(-1, first.sentence - _config().reach - 1), -1):
            here = self.views[s]
            if here is None:
                continue
            subjects: dict[str, Span] = {}
            for tok in here.doc:
                if tok.dep_ not in _SUBJECTS or (s == first.sentence and here.offset + tok.idx >= first.span.start):
                    continue
                if tok.pos_ == "PRON":  # named or described side by side, not a pronoun coreference may misread
                    continue
                if here.story.speaker_at(here.offset + tok.idx)[0]:
                    continue
                who = here.ent(tok)
                if who in self.singles and who not in own:
                    subjects.setdefault(str(who), here.span(tok))
            if len(subjects) >= 2:
                if not _fits(set(subjects), self._pronoun_count(first) or self._size(group)):
                    return None
                return set(subjects), [first.span, *subjects.values()]
        return None

    # -- helpers --------------------------------------------------------------------------------------
    def _lasting(self, character: str) -> bool:
        """A character of the story: named, or mentioned in two sentences or more (not "a child" once)."""
        said = self.of[character]
        return any(m.kind == MentionKind.NAME for m in said) or len({m.sentence for m in said}) >= 2

    def _people(self, entity: str) -> bool:
        e = self.entities.get(entity)
        return e is not None and e.kind in (EntityKind.GROUP, EntityKind.CHARACTER)

    def _conjoined(self, view: SentenceView, tok: Token) -> tuple[set[str], Span] | None:
        """The characters of a conjunction headed by ``tok`` ("Hansel and Gretel"), each a character of its
        own, two or more."""
        chain = [tok, *(c for c in tok.conjuncts if c.i > tok.i)]
        if len(chain) < 2 or any(t.pos_ not in ("PROPN", "NOUN", "PRON") for t in chain):
            return None
        who = [view.ent(t) for t in chain]
        if any(w not in self.singles for w in who) or len(set(who)) != len(who):
            return None
        return {str(w) for w in who}, view.span(*chain)

    def _head(self, m: Mention) -> tuple[SentenceView | None, Token | None]:
        """The mention's sentence view and its head token (the one whose head lies outside the mention)."""
        view = self.views[m.sentence] if 0 <= m.sentence < len(self.views) else None
        if view is None:
            return None, None
        toks = [t for t in view.doc if m.span.start <= view.offset + t.idx < m.span.end]
        inside = {t.i for t in toks}
        head = next((t for t in toks if t.head.i not in inside or t.head.i == t.i), None)
        return view, head

    def _lemma(self, m: Mention) -> str:
        if m.id not in self._heads:
            _, head = self._head(m)
            self._heads[m.id] = head.lemma_.lower() if head is not None and head.pos_ == "NOUN" else ""
        return self._heads[m.id]

    def _size(self, group: str) -> int | None:
        """The number the group's name gives ("the twelve sisters": 12), else None."""
        return next((n for w in self.entities[group].name.split() if (n := number_value([w])) is not None), None)

    def _pronoun_count(self, m: Mention) -> int | None:
        """The number a pronoun carries ("them both": 2), else None."""
        _, head = self._head(m)
        return _count(head) if head is not None else None


def _determined(noun: Token) -> bool:
    """A definite plural, which points back to people already told of ("the children", "his two children",
    "you children"); not an indefinite one, which brings in new people ("some women", "two men"), nor a
    bare generic one ("lay in wait for children")."""
    if any(c.dep_ == "poss" or c.lower_ in _DEFINITE for c in noun.children):
        return True
    before = noun.doc[noun.left_edge.i - 1] if noun.left_edge.i > 0 else None
    return before is not None and before.lower_ == "you"


def _count(tok: Token) -> int | None:
    """The number a noun phrase gives its people: "two children" 2, "them both" 2, else None."""
    for c in tok.children:
        if c.dep_ == "nummod":
            return number_value([c.text])
        if c.lower_ == "both" and c.dep_ in ("det", "predet", "appos", "advmod", "dep"):
            return 2
    return None


def _fits(members: set[str], count: int | None) -> bool:
    return count is None or len(members) == count
