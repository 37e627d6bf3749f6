"""Sparse features of a candidate span, hashed into a fixed number of columns.

The features are strings ("head=king", "cut=prep", …); :func:`hashed` maps each to a column with CRC-32,
so training (bench tune) and detection share one vocabulary-free encoding and the weights are a plain
matrix (columns × categories).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from worldstate.data import load_yaml, read_text
from worldstate.extract.hashing import crc32_of
from worldstate.extract.mentions.candidates import Candidate
from worldstate.extract.parsed import ParsedDoc, Token

BITS = 18
COLUMNS = 1 << BITS
_SHAPE = re.compile(r"(.)\1+")


@lru_cache(maxsize=65536)
def shape(text: str) -> str:
    """The word's shape with repeats squeezed: "Darcy" → "Xx", "Mr." → "Xx.", "1820" → "d"."""
    mapped = "".join("X" if c.isupper() else "x" if c.islower() else "d" if c.isdigit() else c for c in text)
    return _SHAPE.sub(r"\1", mapped)[:5]


@lru_cache(maxsize=1)
def noun_classes() -> dict[str, list[str]]:
    """Noun → [lexfile 1, classes 1, lexfile 2, classes 2] from WordNet 3.0 (``data/noun_classes.tsv``)."""
    out = {}
    for line in read_text("extract.mentions", "data/noun_classes.tsv").splitlines():
        if line and not line.startswith("#"):
            lemma, *cells = line.split("\t")
            out[lemma] = cells
    return out


def is_person_noun(lemma: str) -> bool:
    """A noun whose first WordNet sense is a person (noun.person: "guardian", "innkeeper", "abbot")."""
    cells = noun_classes().get(lemma)
    return bool(cells) and cells[0] == "person"


@lru_cache(maxsize=1)
def person_names() -> dict[str, str]:
    """Lower-case given name or surname → its kinds ("female", "male,last" …) from the US Census 1990 lists
    (``data/person_names.tsv``)."""
    out = {}
    for line in read_text("extract.mentions", "data/person_names.tsv").splitlines():
        if line and not line.startswith("#"):
            name, kinds = line.split("\t")
            out[name] = kinds
    return out


def name_list_features(doc: ParsedDoc, cand: Candidate) -> list[str]:
    """Which capitalised words of the span are known given names or surnames: the head's kinds with its
    part of speech, and the kinds of the other words ("Ursula", "Mrs. Gildea")."""
    names = person_names()
    out = []
    for k in range(cand.first, cand.last):
        tok = doc.tokens[k]
        kinds = names.get(tok.low) if tok.text[:1].isupper() else None
        if kinds is None:
            continue
        if k == cand.head:
            out.extend((f"name_head={kinds}", f"name_head_pos={kinds}|{tok.pos}"))
        else:
            out.append(f"name_in={kinds}")
    return out


def wordnet_features(word: str) -> list[str]:
    """The WordNet lexicographer file and key ancestors (person, building, vehicle, city …) of the first two
    noun senses of ``word``."""
    return list(_wordnet_features(word))


@lru_cache(maxsize=65536)
def _wordnet_features(word: str) -> tuple[str, ...]:
    """:func:`wordnet_features`, made once per word (every candidate with that head asks again)."""
    cells = noun_classes().get(word)
    if cells is None:
        return ("wn=unknown",)
    out = []
    for sense, (lex, classes) in enumerate(zip(cells[0::2], cells[1::2], strict=False), 1):
        out.append(f"wn{sense}_lex={lex}")
        out.extend(f"wn{sense}_class={c}" for c in classes.split(",") if c)
    return tuple(out)


def _word(tok: Token) -> str:
    return tok.lemma.lower() if tok.pos in ("NOUN", "VERB", "AUX") else tok.low


LOCATIVE = frozenset(
    {"in", "at", "into", "to", "from", "near", "through", "towards", "toward", "across", "inside", "on"}
)
SPEECH = frozenset({"say", "ask", "reply", "cry", "answer", "tell", "exclaim", "whisper", "think", "know", "feel"})


@lru_cache(maxsize=1)
def person_cues() -> tuple[frozenset[str], frozenset[str]]:
    """Title words that precede a person's name ("miss", "uncle", "colonel") and relative-clause openers,
    from ``data/person_cues.yaml``."""
    raw = load_yaml("extract.mentions", "data/person_cues.yaml")
    return frozenset(raw["titles"]), frozenset(raw["relativizers"])


ROLES = ("n", "subj", "speaker", "place", "poss", "titled", "lower", "ner_person", "ner_place", "who", "lower_any")


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2-3" if n <= 3 else "4+"


def document_roles(doc: ParsedDoc) -> dict[str, dict[str, int]]:
    """How each noun or name (lower-case lemma) is used across the whole document: how often it occurs
    (``n``), as a subject (``subj``), the subject of a speech or thought verb (``speaker``), the object of
    a locative preposition (``place``), a possessor (``poss``), right after a title word ("Miss", "Uncle":
    ``titled``), written in lower case (``lower``), tagged a person or a place by the parser's named-entity
    recogniser (``ner_person``, ``ner_place``), followed by "who"/"whom"/"whose" (``who``), and how often its
    word form is written in lower case anywhere, as any part of speech (``lower_any``: "Reckon" opening a
    sentence, "reckon" elsewhere)."""
    roles: dict[str, dict[str, int]] = {}
    title_words = person_cues()[0]
    toks = doc.tokens
    lower_forms = Counter(tok.text for tok in toks if tok.text.islower())
    for tok in toks:
        if tok.pos not in ("NOUN", "PROPN"):
            continue
        r = roles.setdefault(tok.lemma.lower(), dict.fromkeys(ROLES, 0))
        r["n"] += 1
        r["lower"] += tok.text.islower()
        r["lower_any"] = max(r["lower_any"], lower_forms[tok.low])
        r["ner_person"] += tok.ent_type == "PERSON"
        r["ner_place"] += tok.ent_type in ("GPE", "LOC", "FAC")
        r["who"] += tok.i + 1 < len(toks) and toks[tok.i + 1].low in ("who", "whom", "whose")
        if tok.i > 0 and toks[tok.i - 1].sent == tok.sent and toks[tok.i - 1].low.rstrip(".") in title_words:
            r["titled"] += 1
        gov = doc.tokens[tok.head]
        if tok.dep in ("nsubj", "nsubjpass"):
            r["subj"] += 1
            r["speaker"] += gov.lemma in SPEECH
        elif tok.dep == "pobj" and gov.low in LOCATIVE:
            r["place"] += 1
        elif tok.dep == "poss":
            r["poss"] += 1
    return roles


def features(
    doc: ParsedDoc, cand: Candidate, titles: frozenset[str], roles: dict[str, dict[str, int]] | None = None
) -> list[str]:
    """The feature strings of ``cand`` in ``doc`` (``titles``: title words such as "mr.", "sir"; ``roles``:
    :func:`document_roles` of ``doc``, computed here when not given)."""
    toks = doc.tokens
    head, first, last = toks[cand.head], toks[cand.first], toks[cand.last - 1]
    gov = toks[head.head]
    span = toks[cand.first : cand.last]
    length = cand.last - cand.first
    before = toks[cand.first - 1] if cand.first > 0 else None
    after = toks[cand.last] if cand.last < len(toks) else None
    lemma = head.lemma.lower()
    out = [
        "bias",
        f"head={lemma}",
        f"head_low={head.low}",
        f"head_shape={shape(head.text)}",
        f"head_pos={head.pos}",
        f"head_tag={head.tag}",
        f"head_dep={head.dep}",
        f"head_ner={head.ent_type}",
        f"head_suffix={head.low[-3:]}",
        f"head_dep_lemma={head.dep}|{lemma}",
        f"gov={_word(gov)}",
        f"gov_dep={head.dep}|{_word(gov)}",
        f"first={first.low}",
        f"first_pos={first.pos}",
        f"first_shape={shape(first.text)}",
        f"last={last.low}",
        f"last_pos={last.pos}",
        f"first_head={first.low}|{lemma}",
        f"first_dep={first.dep}|{first.pos}|{'in' if first.head in range(cand.first, cand.last) else 'out'}",
        f"last_dep={last.dep}|{last.pos}",
        f"edges_pos={before.pos if before else '<s>'}|{first.pos}|{last.pos}|{after.pos if after else '</s>'}",
        f"len={min(length, 8)}",
        f"left={min(cand.head - cand.first, 4)}",
        f"right={min(cand.last - 1 - cand.head, 6)}",
        f"full={cand.full}",
        f"full_head={cand.full}|{lemma}",
        f"cut_head={cand.cut_dep}|{lemma}",
        f"pronoun={cand.pronoun}",
        f"cut={cand.cut_dep}",
        f"extended={cand.extended}",
        f"kept={'|'.join(cand.right_deps[-3:])}",
        f"prev={before.low if before else '<s>'}",
        f"prev_pos={before.pos if before else '<s>'}",
        f"next={after.low if after else '</s>'}",
        f"next_pos={after.pos if after else '</s>'}",
        f"quote={head.in_quote}",
        f"plural={head.tag in ('NNS', 'NNPS')}",
    ]
    leaks = sum(not cand.first <= t.head < cand.last for t in span if t.i != cand.head)
    out.append(f"leaks={min(leaks, 3)}")
    out.append(f"dangling={min(_dangling(doc, cand), 3)}")
    if after is not None and after.text == "," and cand.last + 1 < len(toks):
        beyond = toks[cand.last + 1]  # what the comma opens: "[a woman] , who …", "[Jo] , the eldest"
        out.append(f"after_comma={beyond.low if beyond.pos in ('PRON', 'ADP', 'DET') else beyond.pos}")
    if after is not None:
        out.append(f"after_attached={'in' if cand.first <= after.head < cand.last else 'out'}|{after.pos}")
    if before is not None and before.sent == head.sent:
        out.append(f"prev_in_sent={before.pos}|{before.dep}")
    for tok in span:
        if tok.low in titles or tok.low.rstrip(".") in titles:
            out.append(f"title={tok.low.rstrip('.')}")
        if tok.ent_type:
            out.append(f"ner_in={tok.ent_type}|{tok.ent_iob if tok.i == cand.first else 'in'}")
        if tok.i < cand.head and tok.dep in ("det", "poss", "amod", "compound", "nummod", "predet"):
            out.append(f"mod={tok.dep}|{_word(tok)}")
    if head.dep == "pobj":
        out.append(f"prep={gov.low}|{_word(toks[gov.head])}")
    if length > 1:
        out.append(f"bigram_head={toks[cand.head - 1].low}|{lemma}" if cand.head > cand.first else "bigram_head=-")
    if after is not None and after.low in ("'s", "’s"):
        out.append("possessed")
    out.extend(_inside(doc, cand))
    out.extend(name_list_features(doc, cand))
    if not cand.pronoun:
        used = (roles if roles is not None else document_roles(doc)).get(lemma)
        if used:
            kind = "name" if head.pos == "PROPN" else "noun"
            out.extend(f"doc_{role}={kind}|{_bucket(n)}" for role, n in used.items())
        wordnet = wordnet_features(lemma if lemma in noun_classes() else head.low)
        out.extend(wordnet)
        sense1 = [f for f in wordnet if f.startswith("wn1_")] or wordnet[:1]
        for f in sense1:  # which phrase shape a class takes, and where
            out.extend((f"{f}|cut={cand.cut_dep}", f"{f}|dep={head.dep}", f"{f}|pos={head.pos}"))
            out.extend((f"{f}|plural={head.tag in ('NNS', 'NNPS')}", f"{f}|first={first.pos}|{first.dep}"))
        out.extend(_of_object(doc, cand))
        out.extend(person_evidence(doc, cand, used))
    out.extend(title_alone(doc, cand, titles))
    if not cand.pronoun and head.text[:1].isupper() and _opens_sentence(doc, cand.head):
        seen = (roles or {}).get(lemma, {}).get("lower_any", 0)
        out.extend((f"initial_cap|lower={_bucket(seen)}", f"initial_cap|lower={_bucket(seen)}|{head.pos}"))
    return out


def _opens_sentence(doc: ParsedDoc, i: int) -> bool:
    """Token ``i`` is the first word of its sentence, or of a quotation ("“ Reckon you …")."""
    toks = doc.tokens
    k = i - 1
    while k >= 0 and toks[k].sent == toks[i].sent and toks[k].pos == "PUNCT" and not toks[k].text[:1].isalnum():
        if toks[k].text not in ("“", '"', "‘", "'", "—", "--", "(", "["):
            return False
        k -= 1
    return k < 0 or toks[k].sent != toks[i].sent or k < i - 1


def person_evidence(doc: ParsedDoc, cand: Candidate, used: dict[str, int] | None) -> list[str]:
    """The document's evidence that the head word names a person, joined with how this occurrence is used:
    how often the word follows a title, speaks or takes "who" (``person``) against how often it is the
    object of a locative preposition or a place for the named-entity recogniser (``place``), each with the
    head's dependency and entity label ("Florence" the woman, tagged a city here, said "…" elsewhere)."""
    if not used:
        return []
    head = doc.tokens[cand.head]
    person = used["titled"] + used["speaker"] + used["who"]
    place = used["place"] + used["ner_place"]
    lean = "person" if person + used["ner_person"] > place else "place" if place else "none"
    bucket = _bucket(person)
    return [
        f"ev_person={bucket}|{head.dep}",
        f"ev_person={bucket}|ner={head.ent_type}",
        f"ev_lean={lean}|{head.ent_type}|{head.pos}",
    ]


def title_alone(doc: ParsedDoc, cand: Candidate, titles: frozenset[str]) -> list[str]:
    """A one-word span that is a title before a capitalised name ("[Count] Dracula", "[Aunt] Lyddy"), which
    LitBank marks as a person of its own, whichever title word it is."""
    if cand.last - cand.first != 1 or cand.last >= len(doc.tokens):
        return []
    tok, after = doc.tokens[cand.first], doc.tokens[cand.last]
    word = tok.low.rstrip(".")
    if (word not in titles and word not in person_cues()[0]) or not after.text[:1].isupper():
        return []
    return ["title_alone", f"title_alone|{after.pos}|{tok.dep}", f"title_alone|caps={tok.text.isupper()}"]


def _dangling(doc: ParsedDoc, cand: Candidate) -> int:
    """How many tokens after the span, within its sentence, hang on a token inside it (a span cut short
    before its modifiers: "[a man] with no hat")."""
    toks = doc.tokens
    sent = toks[cand.head].sent
    n = 0
    for k in range(cand.last, min(cand.last + 40, len(toks))):
        if toks[k].sent != sent:
            break
        n += cand.first <= toks[k].head < cand.last
    return n


def _inside(doc: ParsedDoc, cand: Candidate) -> list[str]:
    """What the span holds beyond its head: the word opening a kept relative clause ("who", "which"), a
    coordination ("Mr. and Mrs. Smith"), commas, and the classes of the other names in it."""
    toks = doc.tokens
    relativizers = person_cues()[1]
    out = []
    for k in range(cand.head + 1, cand.last):
        if toks[k].low in relativizers:
            out.append(f"rel={toks[k].low}")
            break
    commas = sum(toks[k].text == "," for k in range(cand.first, cand.last))
    if commas:
        out.append(f"commas={min(commas, 3)}")
    if any(toks[k].dep == "cc" and toks[k].head in range(cand.first, cand.last) for k in range(cand.first, cand.last)):
        out.append("coordinated")
    return out


def _of_object(doc: ParsedDoc, cand: Candidate) -> list[str]:
    """The WordNet classes of the object of a kept "of" phrase ("the front of the chateau")."""
    for kid in doc.children[cand.head]:
        tok = doc.tokens[kid]
        if kid > cand.head and kid < cand.last and tok.low == "of":
            objs = [doc.tokens[o] for o in doc.children[kid] if doc.tokens[o].dep == "pobj"]
            if objs:
                obj = objs[0]
                word = obj.lemma.lower() if obj.lemma.lower() in noun_classes() else obj.low
                return [f"of_{f}" for f in wordnet_features(word) if f.startswith("wn1_")] + [f"of_ner={obj.ent_type}"]
    return []


def hashed(names: list[str]) -> list[int]:
    """Each feature's column (CRC-32 of the string modulo :data:`COLUMNS`)."""
    return [value & (COLUMNS - 1) for value in crc32_of(names)]
