"""Dialogue kin: a kin or service noun called out in a quote tells how the speaker and the one addressed
are related ("'Father,' said the girl": the one called is her father; "'No, wife,' said the man"; "'Yes, my
lord,' said the servant": the one called is the servant's master).

The called-out noun is found as coreference's kin facts find it (:func:`..coref.kin_facts.is_called_out`, a
capitalised "Father" too), the speaker is the quote's, and the one addressed is the quote's one addressee
when the speech layer found one ("said the servant to the king"), else the entity of the called-out noun
itself. Only the unique kin nouns (father, mother, husband, wife …) and the terms of address of
``data/kin_readings.yaml`` are read: "my son", "child", "brother" and "sister" are said fondly to strangers
as often as to kin. Each reading is a RELATION change both ways, a fact of the story (a kin word in a quote
is one: :mod:`.relations`), with the called-out noun for its evidence.

A unique kin noun with neither determiner nor possessor that a speaker uses as a name, not calling it out
("'when father was out hunting, she would boil you'", said by Lina), names the speaker's own kin, as "my
father" would: the one coreference put the noun on is that relative of the speaker (:func:`bare_kin`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.data import load_yaml
from worldstate.extract.coref.kin_facts import is_called_out, other_kin_words
from worldstate.extract.coref.links import unique_kin
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.extract.parsed import ParsedDoc


@lru_cache(maxsize=1)
def _data() -> tuple[dict[str, str], frozenset[str]]:
    raw = load_yaml("extract.timeline", "data/kin_readings.yaml")
    return dict(raw["address_terms"]), frozenset(raw["courtesy_words"])


def dialogue_kin(world: World, views: list[SentenceView]) -> list[Change]:
    """Every relation a called-out kin or service noun tells in the story's quotes."""
    doc = world.parsed
    if doc is None:
        return []
    at = {t.start: t.i for t in doc.tokens}
    out: list[Change] = []
    for view in views:
        for tok in view.doc:
            i = at.get(view.offset + tok.idx)
            if i is not None and tok.pos_ in ("NOUN", "PROPN"):
                out += called_kin(view, tok, doc, i) or bare_kin(view, tok, doc, i)
    return out


def called_kin(view: SentenceView, tok: Token, doc: ParsedDoc, i: int) -> list[Change]:
    """The relation of the one ``tok`` calls out to the quote's speaker, both ways (none when it is no kin
    or service noun, not called out, or either party is unknown)."""
    kind = _kind(view, tok)
    if kind is None or not is_called_out(doc, i, capitalised=True):
        return []
    quote = view.story.quote_at(view.offset + tok.idx)
    speaker = quote.speaker if quote is not None else None
    if not speaker or view.kind(speaker) != "character":
        return []
    addressed = [a for a in quote.addressees if a != speaker and view.kind(a) == "character"]
    called = addressed[0] if len(addressed) == 1 else view.ent(tok)
    if not called or called == speaker or view.kind(called) != "character":
        return []
    return list(both_ways(view, tok, called, kind, speaker, None, presupposed=True))


def bare_kin(view: SentenceView, tok: Token, doc: ParsedDoc, i: int) -> list[Change]:
    """'when father was out hunting' in Lina's quote: the one the bare unique kin noun names is that relative
    of the speaker, both ways (none for a noun called out, with a determiner or possessor, or a plural)."""
    if tok.lower_ not in unique_kin() or tok.tag_ not in ("NN", "NNP") or is_called_out(doc, i, capitalised=True):
        return []
    if tok.dep_ in ("compound", "conj") or any(c.dep_ in ("det", "poss", "compound") for c in tok.children):
        return []
    kind = _kind(view, tok)
    quote = view.story.quote_at(view.offset + tok.idx)
    speaker = quote.speaker if quote is not None else None
    called = view.ent(tok)
    if kind is None or not speaker or not called or called == speaker:
        return []
    if view.kind(speaker) != "character" or view.kind(called) != "character":
        return []
    return list(both_ways(view, tok, called, kind, speaker, None, presupposed=True))


def _kind(view: SentenceView, tok: Token) -> str | None:
    """The relation of the one called to the speaker that the noun names, None for no kin or service noun
    (or one set apart: "second wife", "good mother")."""
    word = tok.lower_
    address_terms, courtesy = _data()
    if word in address_terms:
        kind: str | None = address_terms[word]
    elif word in unique_kin():
        kind = view.w.relation_nouns.get(word)
    else:
        return None
    if any(c.lower_ in courtesy or c.lower_ in other_kin_words() for c in tok.children):
        return None
    return kind
