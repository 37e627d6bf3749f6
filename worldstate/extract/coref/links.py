"""Entity-level links the mention ranker leaves apart, each from one piece of evidence in the text.

Owned kinship (:func:`merge_owned_kin`): two clusters that each hold "his father" (or "her husband", "my
mother" in the narration …) whose owners are one cluster are one person: a person has one father, one
mother, one husband, one wife at a time (``data/links.yaml``; never brother, sister, son, daughter, friend).
The owner is the mention that opens the description ("his" in "his father", "Emma 's" in "Emma 's
father"); an owner the speech layer has still to resolve ("my" or "your" inside a quote) decides nothing.

Vocatives (:func:`link_vocatives`): a noun called out inside a quote ("Yes, sir." / "Come up, you fearful
jesuit!") is the one the quote is said to. The quotes are grouped into turns, each with the mentions the
parse says speak it ("…," said the convict); the one called is the one cluster that speaks the turn
before or after its own in the exchange and not its own turn. Two such clusters, none, or the called
cluster speaking the turn itself: nothing is linked. A called-out name joins only a character without a
name ("Henry" … "the youth"). Off in the pipeline (``consolidate.VOCATIVES``): it mends split characters
but costs speaker accuracy.

Not built: LitBank's gold does not link predicate nominals to their subject ("he was a tall man": 8 of
228 on the development half) nor, mostly, appositives (40 of 233, most of them "he himself"), so neither
is linked here. Numbers by CV: see ``consolidate.py``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.coref.features import NAME, NOMINAL, QUOTE_I, YOU, MentionTable
from worldstate.extract.coref.merge import clusters_agree, summarize_clusters
from worldstate.extract.parsed import ParsedDoc

UNRESOLVED_OWNERS = (QUOTE_I, YOU)  # a quoted "my"/"your": its person is the speaker's or listener's, not known yet


@lru_cache(maxsize=1)
def unique_kin() -> frozenset[str]:
    """Kinship nouns a person has only one of at a time."""
    return frozenset(str(w) for w in load_yaml("extract", "coref/data/links.yaml")["unique_kin"])


def _owner(table: MentionTable, i: int) -> int | None:
    """The mention that owns description ``i``: the longest mention opening ``i`` and ending before its
    head ("his" of "his father", "Emma 's" of "Emma 's father")."""
    info = table.infos[i]
    best = None
    for j in range(max(0, i - 4), min(len(table.infos), i + 4)):
        if j == i or int(table.first[j]) != info.first or int(table.last[j]) > info.head:
            continue
        if best is None or int(table.last[j]) > int(table.last[best]):
            best = j
    return best


def merge_owned_kin(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with the clusters of one owner's father (mother, husband, wife) merged into one."""
    out = list(cluster_of)
    info = summarize_clusters(table, out)
    kin = unique_kin()
    first_of: dict[tuple[int, str], int] = {}  # (owner cluster, kin noun) → the cluster that holds it first
    for i in range(len(out)):
        if int(table.mtype[i]) != NOMINAL or bool(table.plural[i]) or table.infos[i].lemma.lower() not in kin:
            continue
        o = _owner(table, i)
        if o is None or int(table.mtype[o]) in UNRESOLVED_OWNERS:
            continue
        c, owner = out[i], out[o]
        if c == owner:
            continue
        key = (owner, table.infos[i].lemma.lower())
        a = first_of.setdefault(key, c)
        if a in (c, owner) or not clusters_agree(table, info[a], info[c]):
            continue
        out = [a if x == c else x for x in out]
        info[a].absorb(info.pop(c))
        first_of = {(a if o == c else o, noun): (a if v == c else v) for (o, noun), v in first_of.items()}
    return out


# -- vocatives: a noun called out in a quote names the one the quote is said to -----------------------------

TURN_REACH = 3  # sentences between two quotes that are consecutive turns of one exchange
NAMED_VOCATIVES = True  # a called-out name may join an unnamed character (its names joined the named ones already)
SPEAKER_REACH = 7  # tokens between a quote and the mention that says it (", " said the old man)


@dataclass(frozen=True)
class VocativeWords:
    """The word lists of ``data/links.yaml`` that find a vocative."""

    calling: frozenset[str]  # may stand between the vocative and its mark: "Oh, my dear sir"
    marks: frozenset[str]  # punctuation that sets a vocative off
    not_deps: frozenset[str]  # dependency labels a vocative never has (subject, object, possessor)
    not_first: frozenset[str]  # words a called-out noun never starts with ("the", "his")


@lru_cache(maxsize=1)
def vocative_words() -> VocativeWords:
    data = load_yaml("extract", "coref/data/links.yaml")
    lists = [frozenset(str(w) for w in data[k]) for k in ("calling_words", "vocative_marks")]
    lists += [frozenset(str(w) for w in data[k]) for k in ("not_vocative_deps", "not_vocative_first")]
    return VocativeWords(*lists)


@dataclass
class Turn:
    """One turn of speech: the quoted stretches one speaker says at once, and the mentions that say it."""

    first: int  # first token of its first stretch
    last: int  # last token of its last stretch
    first_sentence: int
    last_sentence: int
    speakers: list[int] = field(default_factory=list)  # mention indices


def quote_stretches(doc: ParsedDoc) -> list[tuple[int, int]]:
    """Token ranges [first, last] of the runs of quoted tokens."""
    out: list[tuple[int, int]] = []
    for tok in doc.tokens:
        if not tok.in_quote:
            continue
        if out and out[-1][1] == tok.i - 1:
            out[-1] = (out[-1][0], tok.i)
        else:
            out.append((tok.i, tok.i))
    return out


def speech_turns(table: MentionTable, doc: ParsedDoc) -> list[Turn]:
    """The quoted stretches grouped into turns, each with the mentions the parse says speak it: two stretches
    are one turn when only narration of one sentence stands between them ("Come," said he, "quick!"); two
    quotes that touch ("Yes, sir." "And you?") are two turns."""
    stretches = quote_stretches(doc)
    speaking = [i for i in range(len(table.infos)) if table.speaker is not None and bool(table.speaker[i])]
    turns: list[Turn] = []
    for a, b in stretches:
        sa, sb = doc.tokens[a].sent, doc.tokens[b].sent
        prev = turns[-1] if turns else None
        if prev is not None and prev.last + 1 < a and doc.tokens[prev.last].sent == sa and a - prev.last <= 12:
            prev.last, prev.last_sentence = b, sb
        else:
            turns.append(Turn(a, b, sa, sb))
    for i in speaking:
        first, last = int(table.first[i]), int(table.last[i]) - 1
        for turn in turns:
            after = 0 < first - turn.last <= SPEAKER_REACH
            before = 0 < turn.first - last <= SPEAKER_REACH
            between = range(turn.last + 1, first) if after else range(last + 1, turn.first)
            if (after or before) and not any(doc.tokens[k].in_quote for k in between):
                turn.speakers.append(i)
                break
    return turns


def is_vocative(table: MentionTable, doc: ParsedDoc, i: int) -> bool:
    """A name or bare noun inside a quote, set off by punctuation or the quote's edges ("Yes, sir." /
    "Come up, you fearful jesuit!"), that is no subject, object or possessor of the sentence."""
    words = vocative_words()
    info = table.infos[i]
    if int(table.quote[i]) < 0 or int(table.mtype[i]) not in (NAME, NOMINAL) or bool(table.plural[i]):
        return False
    if doc.tokens[info.first].low in words.not_first or doc.tokens[info.head].dep in words.not_deps:
        return False
    k = info.first - 1
    while k >= 0 and doc.tokens[k].low in words.calling:
        k -= 1
    m = info.last
    while m < len(doc.tokens) and doc.tokens[m].low in words.calling:
        m += 1
    opens = k < 0 or doc.tokens[k].text in words.marks
    closes = m >= len(doc.tokens) or doc.tokens[m].text in words.marks
    return opens and closes


def _addressee(turns: list[Turn], t: int, cluster_of: list[int], called: int) -> int | None:
    """The one cluster that speaks the turn before or after turn ``t`` of its exchange and not turn ``t``
    itself (two people talking: the one called is the one who answers or who spoke last); none when the
    cluster ``called`` speaks turn ``t`` (one never calls oneself)."""
    own = {cluster_of[i] for i in turns[t].speakers}
    if called in own:
        return None
    near: set[int] = set()
    for u in (t - 1, t + 1):
        if not 0 <= u < len(turns):
            continue
        a, b = (turns[u], turns[t]) if u < t else (turns[t], turns[u])
        if b.first_sentence - a.last_sentence <= TURN_REACH:
            near |= {cluster_of[i] for i in turns[u].speakers}
    options = near - own
    return options.pop() if len(options) == 1 else None


def link_vocatives(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with the cluster of each vocative without a name ("sir", "my dear") merged into the
    cluster of the one person its exchange says it to."""
    doc = table.doc
    if doc is None:
        return cluster_of
    out = list(cluster_of)
    info = summarize_clusters(table, out)
    turns = speech_turns(table, doc)
    starts = [turn.first for turn in turns]
    for i in range(len(out)):
        if not is_vocative(table, doc, i):
            continue
        t = bisect.bisect_right(starts, table.infos[i].first) - 1
        if t < 0 or table.infos[i].first > turns[t].last:
            continue
        c = out[i]
        target = _addressee(turns, t, out, c)
        if target is None or target == c or not clusters_agree(table, info[target], info[c]):
            continue
        if info[c].names and (info[target].names or not NAMED_VOCATIVES):
            continue  # a name called out joins only a character without a name ("Henry" … "the youth")
        g = int(table.gender[i])
        if g and info[target].gender() and info[target].gender() != g:
            continue
        out = [target if x == c else x for x in out]
        info[target].absorb(info.pop(c))
    return out
