"""Candidate mention spans from the dependency parse.

For every noun or proper-noun head: its maximal noun phrase (the head's whole subtree, titles and
relative clauses included: "Mr. Darcy", "a hall inlaid with precious stones") and the shorter phrases
that stop after each right-hand modifier ("a hall"), plus the bare name run of a compound ("Kellynch
Hall" inside "the Kellynch Hall estate"). Nested phrases come from the nested heads ("the king of
France" holds "France"). Personal pronouns are candidates of their own. A classifier picks among them.
"""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.extract.parsed import ParsedDoc, Token

HEAD_POS = frozenset({"NOUN", "PROPN"})
# pronouns that head a phrase like a noun ("those who came", "everyone in the room", "one of them")
NOMINAL_PRONOUNS = frozenset(
    {"one", "ones", "those", "these", "others", "another", "someone", "somebody", "anyone", "anybody", "everyone",
     "everybody", "nobody", "none", "all", "both", "each", "either", "neither", "many", "few", "whoever"}
)  # fmt: skip
PERSONAL_PRONOUNS = frozenset(
    {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "you", "your", "yours",
     "yourself", "yourselves", "thou", "thee", "thy", "thine", "thyself", "ye", "he", "him", "his", "himself",
     "she", "her", "hers", "herself", "it", "its", "itself", "they", "them", "their", "theirs", "themselves"}
)  # fmt: skip
PLACE_ADVERBS = frozenset({"here", "there", "home", "abroad", "upstairs", "downstairs", "ashore"})
NAME_NER = frozenset({"PERSON", "GPE", "LOC", "FAC", "ORG", "NORP"})
EDGE_PUNCT = frozenset({"PUNCT", "CCONJ", "SPACE"})
MAX_LEN = 40  # tokens: longer phrases are cut to their shorter forms


@dataclass(frozen=True)
class Candidate:
    """A candidate span ``[first, last)`` of ParsedDoc tokens with its head token."""

    first: int
    last: int
    head: int
    pronoun: bool = False
    full: bool = False  # the head's whole subtree
    right_deps: tuple[str, ...] = ()  # the dependency labels of the right modifiers kept
    cut_dep: str = ""  # the first right modifier left out ("" when none is)


def _trim(doc: ParsedDoc, first: int, last: int, head: int) -> tuple[int, int]:
    """Drop punctuation and conjunctions at either edge (never the head)."""
    toks = doc.tokens
    while first < head and (toks[first].pos in EDGE_PUNCT or not toks[first].text.strip()):
        first += 1
    while last - 1 > head and (toks[last - 1].pos in EDGE_PUNCT or not toks[last - 1].text.strip()):
        last -= 1
    return first, last


def _extent(doc: ParsedDoc, i: int) -> tuple[int, int]:
    """[min, max+1) of the subtree of token ``i``, within its sentence."""
    sub = doc.subtree(i)
    sent = doc.sentences[doc.tokens[i].sent] if doc.sentences else None
    lo, hi = sub[0], sub[-1] + 1
    if sent is not None and sent.last > sent.first:
        lo, hi = max(lo, sent.first), min(hi, sent.last)
    return lo, hi


def is_head(doc: ParsedDoc, tok: Token) -> bool:
    """A token that heads a candidate phrase: a noun, a proper noun, a noun-like pronoun, a place adverb
    ("here", "there"), an adjective used as a noun ("the stranger") or a named-entity or all-capitals word."""
    if not tok.text[:1].isalnum():
        return False
    if tok.pos in HEAD_POS or tok.ent_type in NAME_NER or (tok.text.isupper() and len(tok.text) > 1):
        return True
    if tok.pos == "PRON":
        return tok.low in NOMINAL_PRONOUNS
    if tok.pos == "ADV":
        return tok.low in PLACE_ADVERBS
    return tok.pos == "ADJ" and any(doc.tokens[k].dep == "det" for k in doc.children[tok.i])


def _name_run(doc: ParsedDoc, i: int) -> int:
    """The first token of the run of compounds and flat-name parts directly left of ``i``."""
    first = i
    for kid in sorted(doc.children[i], reverse=True):
        tok = doc.tokens[kid]
        if kid == first - 1 and tok.dep in ("compound", "flat", "nmod") and tok.pos in ("PROPN", "NOUN", "ADJ"):
            first = _extent(doc, kid)[0]
        elif kid < i:
            break
    return first


def head_candidates(doc: ParsedDoc, i: int) -> list[Candidate]:
    """The candidate spans headed by token ``i``: the maximal phrase and its right-cut forms."""
    lo, hi = _extent(doc, i)
    left_kids = [k for k in doc.children[i] if k < i]
    right_kids = sorted(k for k in doc.children[i] if k > i)
    firsts = {lo, i, _name_run(doc, i)} | {_extent(doc, k)[0] for k in left_kids}
    ends: list[tuple[int, tuple[str, ...], str]] = []
    kept: list[str] = []
    end = i + 1
    for pos, kid in enumerate(right_kids):
        ends.append((end, tuple(kept), doc.tokens[kid].dep))
        kept.append(doc.tokens[kid].dep)
        end = max(end, _extent(doc, kid)[1])
        if pos == len(right_kids) - 1:
            ends.append((end, tuple(kept), ""))
    if not right_kids:
        ends.append((i + 1, (), ""))
    out: dict[tuple[int, int], Candidate] = {}
    for first in sorted(firsts):
        for last, deps, cut in ends:
            f, la = _trim(doc, first, last, i)
            if la - f > MAX_LEN or (f, la) in out:
                continue
            out[(f, la)] = Candidate(f, la, i, False, first == lo and last >= hi, deps, cut)
    return list(out.values())


def candidates(doc: ParsedDoc) -> list[Candidate]:
    """Every candidate span of the document, in text order (several per head; pronouns alone)."""
    out: list[Candidate] = []
    for tok in doc.tokens:
        if tok.pos == "PRON" and tok.low in PERSONAL_PRONOUNS:
            out.append(Candidate(tok.i, tok.i + 1, tok.i, pronoun=True, full=True))
        elif is_head(doc, tok):
            out.extend(head_candidates(doc, tok.i))
    out.sort(key=lambda c: (c.first, -c.last, c.head))
    return out
