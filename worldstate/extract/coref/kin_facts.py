"""Entity-level links from kinship told once and used again: a person has one husband or wife, one father
and one mother at a time, so two clusters that are the same relative of one person are one person.

Kin facts, each "the cluster of mention ``kin`` is the ``relation`` of the cluster of mention ``owner``":

* an owned kin noun ("a wood-cutter with his wife": his wife is his), the owner read as
  ``links.merge_owned_kin`` reads it;
* a kin noun called out in a quote ("'No, wife,' said the man": the one called is the man's wife; "'Ah,
  father,' said Hansel": Hansel's father), the owner the one cluster whose mentions say the quote (the
  speaking verb's subject next to it: ``table.speaker``); a called-out noun is read from its place, set off
  by punctuation or the quote's edges, not from the parse's label (the parser makes "No, wife, …" a subject);
* marriage both ways (``SPOUSE_BOTH_WAYS``): "his wife" also tells that she has him for her husband.

Husband and wife are one relation, spouse, for either gender; the other unique kin nouns of ``data/links.yaml``
(father, mother, …) are a relation each. A kin noun with a modifier that sets it apart from the relative the
story had before ("his second wife", "her late husband"; ``data/links.yaml`` ``other_kin``) tells nothing.
The facts are kept as mention pairs, so they follow every merge; merging repeats until nothing changes. Two
clusters merge only when they agree (gender, number, names: ``merge.clusters_agree``), neither is the owner,
and neither is already told to be the other's relative.

In Hansel and Gretel: the wood-cutter's "his wife", "'I'll tell you what, husband,' answered the woman" and
"'No, wife,' said the man" make one father (the wood-cutter, the man) and one stepmother (his wife, the woman).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.coref.features import NOMINAL, MentionTable
from worldstate.extract.coref.links import (
    SPEAKER_REACH,
    UNRESOLVED_OWNERS,
    _owner,
    quote_stretches,
    unique_kin,
    vocative_words,
)
from worldstate.extract.coref.merge import ClusterSummary, clusters_agree, summarize_clusters
from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import lexicon

OWNED = True  # facts from owned kin nouns ("his wife")
CALLED = True  # facts from kin nouns called out in a quote ("'No, wife,' said the man")
SPOUSE_BOTH_WAYS = True  # "his wife": he is her husband too
SPOUSE = "spouse"
NOT_SPEAKER_DEPS = frozenset({"pobj", "poss"})  # "said to his wife": neither "his wife" nor "his" says the quote
CALLED_DETS = frozenset({"my", "dear", "poor", "good", "old", "little"})  # may stand before a called-out noun


@dataclass(frozen=True)
class KinFact:
    """The cluster of mention ``kin`` is the ``relation`` of the cluster of mention ``owner``; ``called``: read
    from a called-out noun (else an owned one)."""

    owner: int
    kin: int
    relation: str
    called: bool = False


@lru_cache(maxsize=1)
def other_kin_words() -> frozenset[str]:
    """Modifiers of a kin noun that set it apart from the relative told before ("his first wife")."""
    return frozenset(str(w) for w in load_yaml("extract", "coref/data/links.yaml")["other_kin"])


def relation_of(noun: str) -> str:
    """The relation a unique kin noun names: "spouse" for husband and wife, else the noun; "" for other nouns."""
    noun = noun.lower()
    if noun not in unique_kin():
        return ""
    return SPOUSE if lexicon().kinship.get(noun) == "married_to" else noun


def _set_apart(doc: ParsedDoc, head: int) -> bool:
    """The kin noun has a modifier that makes it another relative ("second", "late", "former")."""
    return any(k.low in other_kin_words() for k in doc.kids(head, "amod", "compound", "advmod", "nummod"))


def is_called_out(doc: ParsedDoc, head: int, *, capitalised: bool = False) -> bool:
    """A bare singular noun inside a quote, set off by punctuation or the quote's edges, with nothing but
    calling words before it ("No, wife, …", "Ah, father", "my dear husband!"); the parse's label is not read.
    ``capitalised``: a noun the tagger took for a name because it is capitalised ("'Father,' said the girl")
    counts too."""
    tok = doc.tokens[head]
    singular = (tok.tag, tok.pos) == ("NN", "NOUN") or (capitalised and (tok.tag, tok.pos) == ("NNP", "PROPN"))
    if not tok.in_quote or not singular or tok.dep == "conj" or doc.kids(head, "conj"):
        return False  # not one of a list ("house, wife and child")
    marks = vocative_words().marks
    k = head - 1
    while k >= 0 and doc.tokens[k].in_quote and doc.tokens[k].low in CALLED_DETS:
        k -= 1
    m = head + 1
    opens = k < 0 or not doc.tokens[k].in_quote or doc.tokens[k].text in marks
    closes = m >= len(doc.tokens) or not doc.tokens[m].in_quote or doc.tokens[m].text in marks
    return opens and closes


def owned_facts(table: MentionTable) -> list[KinFact]:
    """A fact per owned unique kin noun whose owner is known ("his wife"; a quoted "my" is not yet)."""
    doc = table.doc
    out = []
    for i, info in enumerate(table.infos):
        relation = relation_of(info.lemma)
        if not relation or int(table.mtype[i]) != NOMINAL or bool(table.plural[i]):
            continue
        if doc is not None and _set_apart(doc, info.head):
            continue
        o = _owner(table, i)
        if o is not None and int(table.mtype[o]) not in UNRESOLVED_OWNERS and not bool(table.plural[o]):
            out.append(KinFact(o, i, relation))
    return out


def quotes_apart(doc: ParsedDoc) -> list[tuple[int, int]]:
    """Token ranges [first, last] of the quoted stretches, two quotes that touch ("… pieces.' 'No, wife, …'")
    split at their marks (a closing mark, then an opening one)."""
    out: list[tuple[int, int]] = []
    for a, b in quote_stretches(doc):
        start = a
        for k in range(a, b):
            if doc.tokens[k].tag == "''" and doc.tokens[k + 1].tag == "``":
                out.append((start, k))
                start = k + 1
        out.append((start, b))
    return out


def flagged_speakers(table: MentionTable, doc: ParsedDoc) -> list[int]:
    """The mentions ``table.speaker`` flags, less those in a prepositional phrase or a possessor."""
    if table.speaker is None:
        return []
    return [
        i
        for i in range(len(table.infos))
        if bool(table.speaker[i]) and doc.tokens[table.infos[i].head].dep not in NOT_SPEAKER_DEPS
    ]


def stretch_speakers(
    table: MentionTable, doc: ParsedDoc, first: int, last: int, flagged: list[int] | None = None
) -> list[int]:
    """The mentions that say the quoted stretch of tokens [first, last]: those ``table.speaker`` flags (the
    subject of a speaking verb, or the mention just after one: "answered the woman"; not one in a prepositional
    phrase or a possessor: "said to his wife") within ``SPEAKER_REACH`` tokens after it ("…,' said the man"),
    else before it, with no quoted token between. ``flagged``: :func:`flagged_speakers`, when read already."""
    if table.speaker is None:
        return []
    flagged = flagged_speakers(table, doc) if flagged is None else flagged
    after = [i for i in flagged if 0 < int(table.first[i]) - last <= SPEAKER_REACH]
    before = [i for i in flagged if 0 < first - (int(table.last[i]) - 1) <= SPEAKER_REACH]
    for found, between in (
        (after, lambda i: range(last + 1, int(table.first[i]))),
        (before, lambda i: range(int(table.last[i]), first)),
    ):
        found = [i for i in found if not any(doc.tokens[k].in_quote for k in between(i))]
        if found:
            return found
    return []


def called_facts(table: MentionTable, cluster_of: list[int]) -> list[KinFact]:
    """A fact per unique kin noun called out in a quote that one cluster says: it is that cluster's."""
    doc = table.doc
    if doc is None:
        return []
    stretches = quotes_apart(doc)
    starts = [a for a, _ in stretches]
    flagged = flagged_speakers(table, doc)  # read once, not once per kin noun called out
    out = []
    for i, info in enumerate(table.infos):
        relation = relation_of(info.lemma)
        if not relation or int(table.mtype[i]) != NOMINAL or not is_called_out(doc, info.head):
            continue
        t = bisect.bisect_right(starts, info.head) - 1
        if t < 0 or info.head > stretches[t][1]:
            continue
        speakers = stretch_speakers(table, doc, *stretches[t], flagged)
        if len({cluster_of[s] for s in speakers}) == 1 and cluster_of[i] != cluster_of[speakers[0]]:
            out.append(KinFact(speakers[0], i, relation, called=True))
    return out


def kin_facts(table: MentionTable, cluster_of: list[int]) -> list[KinFact]:
    """Every kin fact of the switched-on sources, marriage read both ways with ``SPOUSE_BOTH_WAYS``."""
    facts = (owned_facts(table) if OWNED else []) + (called_facts(table, cluster_of) if CALLED else [])
    if SPOUSE_BOTH_WAYS:
        facts += [KinFact(f.kin, f.owner, SPOUSE, f.called) for f in facts if f.relation == SPOUSE]
    return facts


def merge_kin_facts(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with the clusters that are one relative of one cluster merged (into the earliest)."""
    out = list(cluster_of)
    facts = kin_facts(table, out)
    info = summarize_clusters(table, out)
    while facts:
        pair = _next_merge(table, facts, out, info)
        if pair is None:
            break
        a, c = pair
        out = [a if x == c else x for x in out]
        info[a].absorb(info.pop(c))
    return out


def _next_merge(
    table: MentionTable, facts: list[KinFact], out: list[int], info: dict[int, ClusterSummary]
) -> tuple[int, int] | None:
    """Two clusters that are one relative of one cluster and may be one person (they agree, and neither is
    told to be the other's relative): (the earlier, the later); None when there are none."""
    told = {(out[f.owner], out[f.kin]) for f in facts}
    kin_of: dict[tuple[int, str], list[int]] = {}
    for f in facts:
        owner, kin = out[f.owner], out[f.kin]
        kins = kin_of.setdefault((owner, f.relation), [])
        if owner != kin and kin not in kins:
            kins.append(kin)
    for kins in kin_of.values():
        if len(kins) < 2:
            continue
        a, *rest = sorted(kins, key=lambda c: info[c].first)
        for c in rest:
            if (a, c) not in told and (c, a) not in told and clusters_agree(table, info[a], info[c]):
                return a, c
    return None
