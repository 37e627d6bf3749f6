"""Given in marriage: a person handed over "to wife" (or "to husband") is married to the one it is given to.

"The king gave him his kingdom for his own, and his daughter to wife", "he gave her to the shepherd to
wife", "promised him his daughter to wife": a transfer verb (the tally's ``transfers``, ``data/tally.yaml``:
give, grant, bestow, promise, offer …) whose "to" phrase is a bare spouse noun (a relation noun of kind
``married_to`` with no determiner or possessor: "to wife", not "to his wife") marries the one given to the
one it is given to. A promise or an offer (``promising_verbs`` of ``data/kin_readings.yaml``) only betroths
them. The one given is the verb's object, or the subject the parse hung on the "to" ("his daughter to
wife" taken for a clause of its own); the one it is given to is the verb's indirect object ("gave him"), else
the character of another "to" phrase ("to the shepherd"). "Took her to wife" is read by
:func:`.relations.relation_by_verb`.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.data import word_set
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.relations import both_ways
from worldstate.extract.timeline.scan import characters_before, each_token
from worldstate.extract.timeline.tally import tally_words
from worldstate.resources.values import MARRIED

_SPOUSE = "married_to"
_OBJECT_GENDER = {"him": "male", "her": "female"}
_UP = 3  # heads climbed from the "to" to its verb ("and his daughter to wife" hung on a conjunct)


def _promising() -> frozenset[str]:
    return word_set("extract.timeline", "data/kin_readings.yaml", "promising_verbs")


def marriage_gifts(views: list[SentenceView]) -> list[Change]:
    """Every marriage or betrothal told by a person given "to wife" in the story's sentences."""
    return each_token(views, given_to_wife)


def given_to_wife(view: SentenceView, to: Token) -> Iterator[Change]:
    """The marriage (or betrothal) ``to`` tells when it is the "to" of "to wife" under a transfer verb."""
    spouse = _bare_spouse(view, to)
    verb = _transfer_verb(to) if spouse is not None else None
    if verb is None:
        return
    given_tok = next((c for c in to.children if c.dep_ in ("nsubj", "nsubjpass")), None) or next(
        (c for c in verb.children if c.dep_ == "dobj"), None
    )
    taker_tok = next((c for c in verb.children if c.dep_ == "dative" and c.lower_ != "to"), None)
    if taker_tok is None:
        taker_tok = next((o for o in _to_objects(verb) if o is not spouse), None)
    given, taker = view.ent(given_tok), view.ent(taker_tok)
    if taker and taker == view.agent(verb) and taker_tok is not None and taker_tok.lower_ in _OBJECT_GENDER:
        taker = _antecedent_besides(view, taker_tok, taker)  # "the king gave him": "him" is not the king
    if not given or not taker or given == taker or not all(view.kind(e) == "character" for e in (given, taker)):
        return
    promised = verb.lemma_.lower() in _promising()
    kind = "betrothed_to" if promised else _SPOUSE
    yield from both_ways(view, verb, given, kind, taker, taker_tok, value_text="" if promised else MARRIED)


def _bare_spouse(view: SentenceView, to: Token) -> Token | None:
    """The spouse noun of a "to wife" phrase ("to wife", "to husband"; not "to his wife", "to the wife")."""
    if to.lower_ != "to" or to.pos_ != "ADP":
        return None
    noun = next((c for c in to.children if c.dep_ == "pobj"), None)
    if noun is None or noun.tag_ != "NN" or view.w.relation_nouns.get(noun.lemma_.lower()) != _SPOUSE:
        return None
    if any(c.dep_ in ("det", "poss") for c in noun.children):
        return None
    return noun


def _transfer_verb(to: Token) -> Token | None:
    """The transfer verb the "to" phrase hangs on (through a conjunct or two), else None."""
    cur = to
    for _ in range(_UP):
        cur = cur.head
        if cur.pos_ in ("VERB", "AUX") and cur.lemma_.lower() in tally_words().transfers:
            return cur
        if cur.head.i == cur.i:
            return None
    return None


def _antecedent_besides(view: SentenceView, pron: Token, not_this: str) -> str | None:
    """An object pronoun that coreference put on its own clause's subject (a binding slip: the same one
    would be "himself"): the nearest character named before it in the narration, this sentence or the two
    before, of the pronoun's gender or none known, other than the subject."""
    gender = _OBJECT_GENDER[pron.lower_]
    return next((e for e in characters_before(view, pron, not_this) if view.gender(e) in ("", gender)), None)


def _to_objects(verb: Token) -> list[Token]:
    """The objects of the verb's own "to" phrases."""
    return [
        o
        for p in verb.children
        if p.dep_ in ("prep", "dative") and p.lower_ == "to"
        for o in p.children
        if o.dep_ == "pobj"
    ]
