"""Who is in a group at a sentence: its named members, or the persons just named acting together.

A group whose mentions name its members ("Hansel and Gretel", "he and his wife") has them for the whole
story (:func:`.build.group_members`). A plural of no named members ("the children", "the two
children", "they all") is, at a sentence, the latest set of persons named together in that sentence or the
``REACH`` sentences before it: a named group's mention, or single characters joined by "and" ("Tom and Anna
went to the market … The children fell asleep"), when the size its mentions give ("the two children",
"both") agrees. Otherwise it has no members there: what cannot be told is left open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.state import EntityKind, MentionKind

if TYPE_CHECKING:
    from worldstate.analysis import World

REACH = 3  # sentences before a plural's own in which the named group it stands for was mentioned (hand-set)
OWNERS = frozenset({"their", "his", "her", "my", "our", "your", "its"})  # a plural of someone's ("their parents")
SIZES = {"two": 2, "both": 2, "pair": 2, "couple": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


class Rosters:
    """The members of each plural entity of a World, sentence by sentence."""

    def __init__(self, world: World, named: dict[str, set[str]]) -> None:
        """``named``: the groups whose mentions name their members (:func:`.build.group_members`)."""
        self.named = named
        ents = {e.id: e for e in world.state.entities}
        self.plural = {e for e, ent in ents.items() if ent.kind == EntityKind.GROUP or ent.number == "plural"}
        self.sizes: dict[str, int] = {}  # plural → the size its mentions give, when they agree on one
        self.seen: list[tuple[int, int, frozenset[str]]] = []  # (sentence, offset, persons named together)
        self.owned: list[tuple[int, str, bool]] = []  # (sentence, plural, whether its description has an owner)
        for m in world.state.mentions:
            if not m.entity:
                continue
            if m.entity in named:
                self.seen.append((m.sentence, m.span.start, frozenset(named[m.entity])))
            elif m.entity in self.plural:
                words = m.text.lower().split()
                if m.kind != MentionKind.PRONOUN:
                    self.owned.append((m.sentence, m.entity, bool(words) and (words[0] in OWNERS or "'s" in m.text)))
                size = next((SIZES[w] for w in words if w in SIZES), 0)
                if size:
                    self.sizes[m.entity] = size if self.sizes.get(m.entity, size) == size else -1
        persons = {e for e, ent in ents.items() if ent.kind == EntityKind.CHARACTER and e not in self.plural}
        self.seen += _joined(world, persons)
        self.seen.sort(key=lambda x: (x[0], x[1]))

    def members_at(self, group: str, sentence: int) -> set[str]:
        """The members of ``group`` at ``sentence`` (empty when not known)."""
        if group in self.named:
            return set(self.named[group])
        if group not in self.plural:
            return set()
        last = [owned for s, g, owned in self.owned if g == group and s <= sentence]
        if last and last[-1]:  # described last as "their parents", "the king's sons": not the ones just named
            return set()
        latest = [g for s, _, g in self.seen if sentence - REACH <= s <= sentence]
        if not latest:
            return set()
        members = set(latest[-1])
        size = self.sizes.get(group, 0)
        return members if size in (0, len(members)) else set()


JOINERS = ("and", ",", ", and")  # what stands between two persons named together ("Tom and Anna")


def _joined(world: World, persons: set[str]) -> list[tuple[int, int, frozenset[str]]]:
    """(sentence, offset, members) for each run of two or more single characters of ``persons`` joined by
    "and" or a comma in one sentence ("Tom and Anna", "he and his wife", "the miller, his wife and the boy")."""
    by_sentence: dict[int, list] = {}
    for m in world.state.mentions:
        if m.entity in persons:
            by_sentence.setdefault(m.sentence, []).append(m)
    out: list[tuple[int, int, frozenset[str]]] = []
    for k, ms in by_sentence.items():
        ms.sort(key=lambda m: (m.span.start, -m.span.end))
        run = [ms[0]]
        for m in ms[1:]:
            if m.span.start < run[-1].span.end:  # inside the last one ("his wife": his)
                continue
            if " ".join(world.text[run[-1].span.end : m.span.start].split()) in JOINERS:
                run.append(m)
                continue
            out += _run(k, run)
            run = [m]
        out += _run(k, run)
    return out


def _run(sentence: int, run: list) -> list[tuple[int, int, frozenset[str]]]:
    """The run as a set of persons, when it names two or more."""
    members = frozenset(str(m.entity) for m in run)
    return [(sentence, run[0].span.start, members)] if len(members) >= 2 else []
