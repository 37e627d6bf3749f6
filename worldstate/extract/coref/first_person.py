"""Entity-level pass for the narrator's own words: chains of narrative "I" or "we" split from their own.

Outside quotation marks "I" is the narrator and "we" the narrator's party all through a story opening,
so the ranker's clusters made only of them are one entity each: (``WE_CHAINS``, off) every cluster of
narrative "we"/"our"/"us" alone joins the first such cluster, and (``NARRATOR_CHAINS``) every cluster of narrative "I"/"me"/"my"
alone joins the cluster holding most of the narrative "I"s. Quoted I/we belong to their speakers and
are left to the speech layer.

A narrator who names himself is one character with that name (``join_self_named``): "Call me Ishmael",
"I called myself Pip", "my name is X", "I was called X", "I, Sallie McBride, the head of …", or a letter's
signature ("Yours as ever, … SALLIE McBRIDE.") in a first-person story. Each join keeps its evidence (the
words that give the name, ``SelfNaming``). Two narrators' names that disagree (two letter writers) join
neither: what cannot be resolved is left unresolved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldstate.extract.coref.characters import SELF_NAMING, is_proper
from worldstate.extract.coref.features import KINDS, NAME, NARRATOR, PRON3, WE, MentionTable
from worldstate.extract.coref.mentions import MentionInfo
from worldstate.state import Span

# LitBank dev, document-level 5-fold CV (ranker per fold, all passes on): both on conll 0.684, clusters per
# character 4.13; "we" chains off 0.685 / 4.17; "I" chains off 0.677 / 4.22.
NARRATOR_CHAINS = True
# Narrative "we" chains joined: off since 2026-11-27. LitBank dev (document-level 5-fold CV, seed 0, with
# ``persons_apart`` and ``plural_chains``): CoNLL F1 0.6969 on, 0.6979 off. A story's "we" is not one party all
# through: "our planet" (mankind) and, pages later, "we lit the lantern" (the narrator and Ogilvy) are two
# entities in LitBank, and joining every "we" chain to the first made them one.
WE_CHAINS = False


def merge_first_person(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` with the narrative-"we" chains joined together, and the narrative-"I" chains
    joined to the narrator's main cluster."""
    members: dict[int, list[int]] = {}
    for i, c in enumerate(cluster_of):
        members.setdefault(c, []).append(i)
    target: dict[int, int] = {}
    for mtype, on in ((WE, WE_CHAINS), (NARRATOR, NARRATOR_CHAINS)):
        if not on:
            continue
        alone = [
            c
            for c, idxs in members.items()
            if all(int(table.mtype[i]) == mtype and int(table.quote[i]) < 0 for i in idxs)
        ]
        if not alone:
            continue
        counts = {
            c: sum(1 for i in idxs if int(table.mtype[i]) == mtype and int(table.quote[i]) < 0)
            for c, idxs in members.items()
        }
        main = min(alone) if mtype == WE else max(counts, key=lambda c: (counts[c], -c))
        for c in alone:
            if c != main:
                target[c] = main
    return [target.get(c, c) for c in cluster_of]


# LitBank dev, document-level 5-fold CV (``bench tune litbank-coref``): main before these joins conll 0.6940,
# 4.136 clusters per character; self-naming in the narration 0.6943 / 4.134; with the PERSON names called in
# quotes and a quote that is only a name 0.6951 / 4.123 (merged documents 0.667 throughout).
SELF_NAMED = True
ADDRESSED = True  # the name others call the narrator by (``addressed_narrator``)
MIN_CALLED = 2
MIN_NARRATIVE_I = 10  # a story told in the first person, for names read from quotes
PERSON = 1  # ``MentionTable.ner`` of a PERSON name
_NOT_PEOPLE = frozenset({KINDS.index("place"), KINDS.index("object")})
_APPOSED_I = re.compile(r"\bI\s?,\s*$")  # "I, Sallie McBride, the head of …"
_CLOSING = re.compile(  # a letter's closing formula, on the signature's line or the line before it
    r"\b(?:[Yy]ours|[Ff]aithfully|[Ss]incerely|[Aa]ffectionately|[Tt]ruly|[Rr]espectfully|[Oo]bediently)\b"
)


@dataclass(frozen=True)
class SelfNaming:
    """A name the narration gives the narrator: the name mention's index in the table, the words that
    give it (``evidence``, character offsets) and the rule that read them."""

    name: int
    evidence: Span
    rule: str


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    return lo, len(text) if hi < 0 else hi


def _signature(text: str, start: int, end: int) -> int | None:
    """Where the closing formula of a signature ending at ``end`` begins ("Yours in command, SALLIE
    McBRIDE."): the name ends its line, and its line (or the line before, ending with a comma) opens with
    a closing formula; None when the name is no signature."""
    lo, hi = _line(text, start, end)
    if text[end:hi].strip(" .,!") or text[lo:start].count(".") or text[lo:start].count('"'):
        return None
    before = text[lo:start]
    if _CLOSING.search(before) and before.rstrip().endswith(","):
        return lo + _CLOSING.search(before).start()
    if not before.strip() and lo > 0:
        plo, _ = _line(text, lo - 1, lo - 1)
        prev = text[plo : lo - 1]
        found = _CLOSING.search(prev)
        if found and prev.rstrip().endswith(","):
            return plo + found.start()
    return None


_I_SAID_BEFORE = re.compile(r"\bI (?:said|answered|replied)\s?,?\s*$")
_I_SAID_AFTER = re.compile(r"^\s?,?\s*(?:I (?:said|answered|replied)|said I)\b")
_SIR = re.compile(r"^(?:\s?,\s*(?:sir|madam|ma'am))?\s*[.!]?\s*$", re.I)


def _said_name(text: str, start: int, end: int) -> Span | None:
    """The evidence of a quote that is only a name, spoken by the narrator ('"Yes," I said, "Jonathan
    Harker."'): from the "I said" to the name's end; None otherwise."""
    before = text[max(0, start - 25) : start]
    if not before.rstrip() or before.rstrip()[-1] not in _QUOTE_MARKS:
        return None
    opening = before.rstrip()[:-1]
    close = next((k for k in range(end, min(len(text), end + 15)) if text[k] in _QUOTE_MARKS), None)
    if close is None or not _SIR.match(text[end:close]):
        return None
    said_before = _I_SAID_BEFORE.search(opening)
    if said_before:
        return Span(start - len(before) + said_before.start(), end)
    if _I_SAID_AFTER.match(text[close + 1 : close + 20]):
        return Span(start, close + 1 + _I_SAID_AFTER.match(text[close + 1 : close + 20]).end())
    return None


def self_namings(table: MentionTable, text: str) -> list[SelfNaming]:
    """The names the narration gives its narrator (see the module docstring), in text order; names inside
    quotes (but a quote of the narrator's that is only a name: '"Yes," I said, "Jonathan Harker."'), owners
    ("I am Tom's cousin") and places are never read as the narrator's."""
    out = []
    for i, info in enumerate(table.infos):
        if int(table.mtype[i]) != NAME or int(table.kind[i]) in _NOT_PEOPLE:
            continue
        if int(table.quote[i]) >= 0:
            said = _said_name(text, info.mention.span.start, info.mention.span.end)
            if said is not None:
                out.append(SelfNaming(i, said, "says his name"))
            continue
        span = info.mention.span
        name = text[span.start : span.end]
        if not is_proper(name) or text[span.end : span.end + 2] in ("'s", "\u2019s", " '"):
            continue
        before = text[max(0, span.start - 30) : span.start]
        cue = SELF_NAMING.search(before)
        if cue:
            out.append(SelfNaming(i, Span(span.start - len(before) + cue.start(), span.end), "names himself"))
            continue
        apposed = _APPOSED_I.search(before)
        if apposed and text[span.end : span.end + 3].lstrip()[:1] == ",":
            out.append(SelfNaming(i, Span(span.start - len(before) + apposed.start(), span.end), "I, name,"))
            continue
        closing = _signature(text, span.start, span.end)
        if closing is not None:
            out.append(SelfNaming(i, Span(closing, span.end), "signature"))
    return out


_CALLING = re.compile(r"(?:\s*\b(?:my|dear|oh|o|ah|poor|good|old|little))+$", re.I)  # "No, my dear Watson, …"
_LISTED_BEFORE = re.compile(r"(?:^|[^\"'\u201c\u2018\s]\s*|\w\s+)\b[A-Z][\w.'-]*\s?,$")
_LISTED_AFTER = re.compile(r"^,\s*[A-Z][\w.'-]*(?:\s[A-Z][\w.'-]*)*\s?,")
_QUOTE_MARKS = "\"'\u201c\u201d\u2018\u2019"


def _vocative(text: str, start: int, end: int) -> bool:
    """Whether the name at ``start:end`` (inside a quote) is called out: set off by commas, "!" or the
    quote's edges ("Well, Watson, what do you make of it?", "Ralph," he said), and not one item of a list
    of names ("Grimpen, Dartmoor, Devon")."""
    before = _CALLING.sub("", text[max(0, start - 40) : start].rstrip()).rstrip()
    after = text[end : end + 40].lstrip()
    opens = not before or before[-1] in ",;!?.:" or before[-1] in _QUOTE_MARKS
    closes = not after or after[0] in ",!?.;:" or after[0] in _QUOTE_MARKS
    if not (opens and closes):
        return False
    listed_before = _LISTED_BEFORE.search(before)  # "…, Dartmoor, [Devon]" but not "“Well, [Watson]"
    return not listed_before and not _LISTED_AFTER.match(after)


def _ends(info: MentionInfo) -> tuple[int, int]:
    return info.mention.span.start, info.mention.span.end


def addressed_narrator(table: MentionTable, text: str) -> list[SelfNaming]:
    """The name others call the narrator by: a person's name (by the parser's NER: not "Ma", not "Thalatta")
    called out in quotes at least ``MIN_CALLED`` times that the narration never writes ("Well, Watson, what do you make of it?" … "Really, Watson, …" in a story
    Watson tells); two such names, or none, give nothing."""
    called: dict[frozenset[str], list[int]] = {}
    outside: set[str] = set()
    for i, info in enumerate(table.infos):
        if int(table.mtype[i]) != NAME or int(table.kind[i]) in _NOT_PEOPLE:
            continue
        if int(table.quote[i]) < 0:
            outside |= table.name_words[i]
        elif int(table.ner[i]) == PERSON and table.name_words[i] and _vocative(text, *_ends(info)):
            called.setdefault(table.name_words[i], []).append(i)
    names: dict[str, list[int]] = {}
    for words, idxs in called.items():
        if not words & outside:
            key = min(words)
            names.setdefault(key, []).extend(idxs)
    found = [idxs for idxs in names.values() if len(idxs) >= MIN_CALLED]
    if len(found) != 1:
        return []
    spans = [table.infos[i].mention.span for i in found[0]]
    return [SelfNaming(i, span, "called in quotes") for i, span in zip(found[0], spans, strict=True)]


def _agree(table: MentionTable, namings: list[SelfNaming]) -> bool:
    """Whether every self-given name shares a word with the first ("Sallie McBride" … "SALLIE McBRIDE")."""
    first = {w.lower() for w in table.name_words[namings[0].name]}
    return all(first & {w.lower() for w in table.name_words[n.name]} for n in namings[1:])


def narrator_cluster(table: MentionTable, cluster_of: list[int]) -> int | None:
    """The narrator's cluster: the one holding most narrative "I"s (ties: the first); None without any."""
    counts: dict[int, int] = {}
    for i, c in enumerate(cluster_of):
        if int(table.mtype[i]) == NARRATOR and int(table.quote[i]) < 0:
            counts[c] = counts.get(c, 0) + 1
    return max(counts, key=lambda c: (counts[c], -c)) if counts else None


def join_self_named(table: MentionTable, cluster_of: list[int], text: str) -> list[int]:
    """``cluster_of`` with the cluster of each name the narration gives its narrator (``self_namings``)
    joined to the narrator's cluster (the one holding most narrative "I"s). A name cluster that also holds
    a narrative he/she gives only the mentions of that name. Signatures count only in a story told in the
    first person (three narrative "I"s at least)."""
    narrative = [i for i in range(len(cluster_of)) if int(table.mtype[i]) == NARRATOR and int(table.quote[i]) < 0]
    if not SELF_NAMED or not narrative:
        return list(cluster_of)
    namings = [n for n in self_namings(table, text) if n.rule != "signature" or len(narrative) >= 3]
    if namings and not _agree(table, namings):
        return list(cluster_of)
    if ADDRESSED and len(narrative) >= MIN_NARRATIVE_I:
        called = addressed_narrator(table, text)
        if called and (not namings or _agree(table, [namings[0], called[0]])):
            namings += called
    if not namings:
        return list(cluster_of)
    main = narrator_cluster(table, cluster_of)
    if main is None:
        return list(cluster_of)
    out = list(cluster_of)
    words = {w.lower() for n in namings for w in table.name_words[n.name]}
    for n in namings:
        c = cluster_of[n.name]
        if c == main:
            continue
        idxs = [i for i, ci in enumerate(cluster_of) if ci == c]
        third = any(int(table.mtype[i]) == PRON3 and int(table.quote[i]) < 0 for i in idxs)
        for i in idxs:
            same_name = int(table.mtype[i]) == NAME and {w.lower() for w in table.name_words[i]} <= words
            if not third or same_name:
                out[i] = main
    return out
