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
CLOSING_QUOTES = frozenset({"”", '"'})
# words that open a phrase which may modify the noun before it
RELATIVIZERS = frozenset({"who", "whom", "whose", "which", "that"})
EXTENDERS = RELATIVIZERS | {"with", "without", "of", "on", "in", "from", "at", "like"}
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
    extended: str = ""  # the dependency label of a following phrase the parse hung elsewhere but the span takes


def _trim(doc: ParsedDoc, first: int, last: int, head: int) -> tuple[int, int]:
    """Drop punctuation and conjunctions at either edge (never the head), but close a quotation the span
    opens (:func:`_close_quote`)."""
    toks = doc.tokens
    while first < head and (toks[first].pos in EDGE_PUNCT or not toks[first].text.strip()):
        first += 1
    while last - 1 > head and (toks[last - 1].pos in EDGE_PUNCT or not toks[last - 1].text.strip()):
        last -= 1
    return first, _close_quote(doc, first, last)


def _close_quote(doc: ParsedDoc, first: int, last: int) -> int:
    """The end of span ``[first, last)`` taking in the closing double quote (and a comma before it) that
    follows it when the span holds an opening quote left open ("the “ girl ”", "a “ prominent resident , ”")."""
    toks = doc.tokens
    words = [toks[k].text for k in range(first, last)]
    left_open = words.count("“") > words.count("”") or words.count('"') % 2 == 1
    if not left_open:
        return last
    for end in (last, last + 1):  # the quote right after the span, or after a comma
        if end >= len(toks) or toks[end].text not in CLOSING_QUOTES or toks[end].sent != toks[first].sent:
            continue
        if end == last or toks[last].text == ",":
            return end + 1
    return last


def _extent(doc: ParsedDoc, i: int) -> tuple[int, int]:
    """[min, max+1) of the subtree of token ``i``, within its sentence."""
    sub = doc.subtree(i)
    sent = doc.sentences[doc.tokens[i].sent] if doc.sentences else None
    lo, hi = sub[0], sub[-1] + 1
    if sent is not None and sent.last > sent.first:
        lo, hi = max(lo, sent.first), min(hi, sent.last)
    return lo, hi


def _has_of(doc: ParsedDoc, tok: Token) -> bool:
    """``tok`` governs an "of" phrase with an object."""
    return any(
        doc.tokens[k].low == "of" and any(doc.tokens[o].dep == "pobj" for o in doc.children[k])
        for k in doc.children[tok.i]
        if k > tok.i
    )


def is_head(doc: ParsedDoc, tok: Token) -> bool:
    """A token that heads a candidate phrase: a noun, a proper noun, a noun-like pronoun, a place adverb
    ("here", "there"), an adjective used as a noun ("the stranger"), a quantity with an "of" phrase ("most
    of the women") or a named-entity or all-capitals word."""
    if not tok.text[:1].isalnum():
        return False
    if tok.pos in HEAD_POS or tok.ent_type in NAME_NER or (tok.text.isupper() and len(tok.text) > 1):
        return True
    if tok.pos in ("ADJ", "NUM", "PRON", "DET") and _has_of(doc, tok):  # "most of the women", "thousands of men"
        return True
    if tok.pos == "PRON":
        return tok.low in NOMINAL_PRONOUNS
    if tok.pos == "ADV":
        return tok.low in PLACE_ADVERBS
    return tok.pos == "ADJ" and any(doc.tokens[k].dep == "det" for k in doc.children[tok.i])


def _following(doc: ParsedDoc, j: int, head: int) -> tuple[int, str] | None:
    """The end and root label of the phrase opening at token ``j`` (after one comma) when it reads as a
    modifier of the noun before it ("children who had got burnt", "a trooper, whose head …", "a figure on
    horseback") though the parse hung it elsewhere: a relative clause, a participle or a prepositional phrase."""
    toks = doc.tokens
    if j < len(toks) and toks[j].text == ",":
        j += 1
    if j >= len(toks) or toks[j].sent != toks[head].sent:
        return None
    if toks[j].low not in EXTENDERS and toks[j].tag not in ("VBN", "VBG"):
        return None
    root = j
    while True:  # climb while the ancestor's phrase still opens at j and leaves the head out
        up = toks[root].head
        if up in (root, head):
            break
        lo, hi = _extent(doc, up)
        if lo < j or hi <= head:
            break
        root = up
    lo, hi = _extent(doc, root)
    clause = toks[j].low in RELATIVIZERS or toks[j].tag in ("VBN", "VBG")
    if lo != j or (toks[root].pos in ("VERB", "AUX") and not clause):
        return None
    return hi, toks[root].dep


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


def _cut_label(doc: ParsedDoc, left_out: list[int]) -> str:
    """The dependency label of the first right modifier a span leaves out; after a comma or other
    punctuation, also the label of the modifier it opens ("punct>relcl" for "[a woman] , who …")."""
    toks = doc.tokens
    label = toks[left_out[0]].dep
    if label == "punct" and len(left_out) > 1:
        return f"punct>{toks[left_out[1]].dep}"
    return label


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
        ends.append((end, tuple(kept), _cut_label(doc, right_kids[pos:])))
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
    if doc.tokens[i].pos in HEAD_POS:
        end = hi
        for _ in range(2):  # a following modifier the parse attached elsewhere, then one more
            follow = _following(doc, end, i)
            if follow is None:
                break
            end, dep = follow
            for first in {lo, _name_run(doc, i)}:
                f, la = _trim(doc, first, end, i)
                if la - f <= MAX_LEN and (f, la) not in out:
                    out[(f, la)] = Candidate(f, la, i, False, first == lo, (), "", dep)
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
