"""A name phrase read as a reader writes it: its head noun, its modifiers and its possessor.

"Laotsze's servant" → head ``servant``, possessor "Laotsze"; "the narrator's eldest brother" → head ``brother``,
modifier ``eldest``, possessor "the narrator"; "the golden star of tinsel" → head ``star``, modifiers
``golden``, ``tinsel``; "the servant of the guardian" → head ``servant``, possessor "the guardian" (an
of-phrase is the possessor of a person noun, a modifier of anything else); "the pair of sandals" → head
``sandals`` (a measure noun gives way to what it measures); "my father" → possessor "narrator".

The phrase is parsed with the analysis' spaCy pipeline (:func:`worldstate.resources.models.load_spacy`);
a phrase the parser cannot read as a noun phrase falls back on its last word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Span, Token

_MODIFIER_DEPS = {"amod", "compound", "nmod", "nummod", "npadvmod", "advmod", "acl"}
_NARRATOR_OWNERS = {"my", "our", "mine", "me", "i"}
_PRONOUN_OWNERS = {"his", "her", "its", "their", "thy", "your", "whose"}
_WORD = re.compile(r"[\w-]+")


@dataclass(frozen=True)
class NamePhrase:
    """What a name phrase says of the entity it names."""

    text: str
    head: str  # the head noun's lemma, lower case ("" for an empty phrase)
    modifiers: tuple[str, ...] = ()  # the lemmas of the words that narrow the head ("eldest", "golden", "tinsel")
    possessor: str | None = None  # whose the thing is, as written ("Laotsze", "the guardian"; "narrator" for "my")
    pronoun_possessor: bool = False  # "his servant": a possessor no lookup can name
    proper: bool = False  # the head is a proper noun ("Laotsze", "Mary Lennox")

    @property
    def words(self) -> frozenset[str]:
        """The head and its modifiers."""
        return frozenset({self.head, *self.modifiers} - {""})


@lru_cache(maxsize=8192)
def parse_name(phrase: str) -> NamePhrase:
    """The :class:`NamePhrase` of ``phrase`` (cached: a story's entity names are read once)."""
    text = " ".join(phrase.replace("’", "'").split())
    if not _WORD.search(text):
        return NamePhrase(text, "")
    from worldstate.resources.models import load_spacy

    doc = _parsed(load_spacy(), text)
    root = _head_noun(doc[:])
    if root is None:
        last = _WORD.findall(text.lower())[-1]
        return NamePhrase(text, last)
    root = _measured(root)
    possessor, pronoun = _possessor(root)
    modifiers = [_word(t) for t in root.children if t.dep_ in _MODIFIER_DEPS and _is_word(t)]
    if root.pos_ == "PROPN":
        modifiers += [t.lemma_.lower() for t in root.lefts if t.pos_ == "PROPN" and t.dep_ != "poss"]
    for prep in (c for c in root.children if c.dep_ == "prep" and c.lower_ == "of"):
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            if possessor is None and _of_is_owner(root, obj):
                possessor = _subtree_text(obj)
            else:
                modifiers += [_word(t) for t in obj.subtree if t.pos_ in ("NOUN", "ADJ", "PROPN")]
    return NamePhrase(
        text,
        _lemma(root),
        tuple(dict.fromkeys(m for m in modifiers if m and m != _lemma(root))),
        possessor,
        pronoun,
        root.pos_ == "PROPN",
    )


_GROUP_POSSESSIVE = re.compile(r"^(?P<owner>.+\sof\s.+?)\s?'s\s+(?P<thing>[^']+)$", re.I)


def readings(phrase: str) -> list[NamePhrase]:
    """The phrase's readings, the parser's first: "the Lord of the Great Mountain's daughter" is also read
    as the daughter of "the Lord of the Great Mountain" (the parser may take the Lord as the head), and
    "the daughter of the guardian's servant" also as the servant of "the daughter of the guardian"."""
    first = parse_name(phrase)
    found = _GROUP_POSSESSIVE.match(" ".join(phrase.replace("’", "'").split()))
    if not found:
        return [first]
    thing = parse_name(found["thing"])
    other = replace(thing, text=first.text, possessor=found["owner"], pronoun_possessor=False)
    return [first, other] if other != first else [first]


def _parsed(nlp: Language, text: str) -> Doc:
    """``text`` parsed with hyphenated words kept whole ("Hu-Wu-Bau's father", "the curly-haired spaniel")."""
    doc = nlp.make_doc(text)
    runs: list[list[int]] = []  # token index runs joined by hyphens without spaces
    for t in doc:
        if t.text == "-" and 0 < t.i < len(doc) - 1 and not doc[t.i - 1].whitespace_ and not t.whitespace_:
            if runs and runs[-1][1] == t.i - 1:
                runs[-1][1] = t.i + 1
            else:
                runs.append([t.i - 1, t.i + 1])
    with doc.retokenize() as retokenizer:
        for start, end in runs:
            retokenizer.merge(doc[start : end + 1])
    for _name, component in nlp.pipeline:
        doc = component(doc)
    return doc


def _head_noun(span: Span) -> Token | None:
    """The phrase's head noun: the root when it is a noun, else the root of the first noun chunk."""
    root = span.root
    if root.pos_ in ("NOUN", "PROPN", "PRON"):
        return root
    nouns = [t for t in span if t.pos_ in ("NOUN", "PROPN")]
    return nouns[0] if nouns else None


def _measured(root: Token) -> Token:
    """ "the pair of sandals": the sandals (a measure noun's of-object), else ``root``."""
    from worldstate.resources.words import words

    if root.lemma_.lower() not in words().measure_nouns:
        return root
    for prep in (c for c in root.children if c.dep_ == "prep" and c.lower_ == "of"):
        for obj in (c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "NOUN"):
            return obj
    return root


def _possessor(root: Token) -> tuple[str | None, bool]:
    """(the possessor as written, whether it is a pronoun no lookup names)."""
    for child in root.children:
        if child.dep_ != "poss":
            continue
        low = child.lower_
        if low in _NARRATOR_OWNERS:
            return "narrator", False
        if low in _PRONOUN_OWNERS:
            return None, True
        return _subtree_text(child), False
    return None, False


def _of_is_owner(root: Token, obj: Token) -> bool:
    """ "the servant of the guardian": an of-object owns a person or kin noun; "a band of gold" is material."""
    from worldstate.resources.words import words

    head = _lemma(root)
    person = head in words().relation_nouns or head in words().people
    return person and obj.pos_ in ("NOUN", "PROPN", "PRON")


def _subtree_text(token: Token) -> str:
    """The words of ``token``'s subtree, less a closing possessive mark."""
    text = token.doc[token.left_edge.i : token.right_edge.i + 1].text
    return re.sub(r"\s*'s?$", "", text).strip()


def _lemma(token: Token) -> str:
    return (token.lemma_ if token.pos_ != "PROPN" else token.text).lower()


def _word(token: Token) -> str:
    """A modifier as compared: a noun's lemma ("thieves" → thief), else the word ("eldest", not "eld")."""
    return token.lemma_.lower() if token.pos_ == "NOUN" else token.lower_


def _is_word(token: Token) -> bool:
    return bool(_WORD.fullmatch(token.text)) and token.pos_ not in ("DET", "PRON", "PART", "PUNCT")
