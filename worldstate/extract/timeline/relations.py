"""Relations read from the parse: whose daughter, wife, servant or friend a character is.

Two families of readings, each with its evidence span:

- a relation noun (``resources/data/relation_nouns.yaml`` from WordNet, with the hand seeds of ``patterns.yaml``)
  and its owner: "the miller's daughter", "his wife", "my brother" (in a quote: the speaker's), "the
  daughter of Count Rutger", "Margaret, daughter of X" (apposition), "She was the daughter of X", "X
  became his wife". A possessive or of-phrase presupposes the relation: it holds whatever the clause
  around it says ("if my father knew …"); a predicate ("she was his wife") keeps its clause's modality.
- a verb of marriage or service: "X married Y", "married his daughter to X", "was married to X", "took
  her to wife", "took her into service", "entered the service of X", "X served Y".

A speaker's plain statement of a relation ("She is married to the river-god") is taken for a fact of
the story world, as a kin word in a quote is: characters do not lie about kinship unless the narration
says so. A standing relation (kin, friendship: ``standing`` in ``patterns.yaml``) told by a noun or a
"be" predicate held before it was told: it starts where both parties are first mentioned.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.timeline.clause import SentenceView, Token, is_personal_pronoun
from worldstate.extract.timeline.scan import characters_before
from worldstate.resources.values import MARRIED
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change

_BE = ("be", "become", "remain", "seem")
_PREDICATIVE = ("attr", "oprd")
_POSSESSIVE_PRONOUNS = {"his": "male", "her": "female"}


# -- relation nouns ------------------------------------------------------------------------------------
def relation_by_noun(view: SentenceView, noun: Token, kind: str | None = None) -> Iterator[Change]:
    """'the miller's daughter', 'the daughter of Count Rutger', 'Margaret, daughter of X', 'she was
    the daughter of X', 'his father' (with a possessive coreference left unresolved: the nearest
    character before it of the pronoun's gender). ``kind``: the relation the caller reads the noun as
    (:mod:`.possessed_kin`), else the relation noun's own."""
    kind = kind or view.w.relation_nouns.get(noun.lemma_.lower())
    if kind is None:
        return
    yield from _each_others(view, noun, kind)
    owners = _owners(view, noun)
    had_by = None if owners else _had_by(view, noun)
    if had_by is not None:
        owners, predicate = had_by[0], had_by[1]
    if not owners:
        return
    bearer, told_by = _bearer(view, noun)
    predicate = told_by if had_by is None else predicate
    bearers = [b for b in [bearer, *_named_after(view, noun)] if b and view.kind(b) in ("character", "group")]
    vocative = _vocative(view, noun)
    for one in bearers:
        for owner, owner_tok in owners:
            if owner == one:
                continue
            anchor = predicate or noun
            presupposed = predicate is None and not vocative
            yield from both_ways(view, anchor, one, kind, owner, owner_tok, presupposed=presupposed, said=not vocative)


def _each_others(view: SentenceView, noun: Token, kind: str) -> Iterator[Change]:
    """'John and William had been friends', 'Anne and Maria were sisters': a plural relation noun said of
    conjoined subjects, for a relation that is its own inverse (friends, siblings, cousins, spouses)."""
    head = noun.head
    if noun.tag_ != "NNS" or noun.dep_ != "attr" or head.lemma_ not in _BE or view.w.inverse.get(kind) != kind:
        return
    subj = view.subject(head)
    parties = [view.who(t) for t in ([subj, *subj.conjuncts] if subj is not None else [])]
    parties = [p for p in dict.fromkeys(parties) if p and view.kind(p) == "character"]
    for i, a in enumerate(parties):
        for b in parties[i + 1 :]:
            yield from both_ways(view, head, a, kind, b, None)


def _named_after(view: SentenceView, noun: Token) -> list[str]:
    """Other characters the noun names: those an apposition lists after the first ("two sons, Robert and
    Henry" → Henry), the one a "be" clause says it is ("Gerda's best friend was a little boy named Kay",
    which coreference may keep apart), and the conjoined subjects a plural one is said of ("Hansel and
    Gretel were the children of a woodcutter" → Gretel)."""
    appos = next((c for c in noun.children if c.dep_ == "appos"), None)
    found = [view.ent(c) for c in appos.conjuncts] if appos is not None else []
    if noun.dep_ == "nsubj" and noun.head.lemma_ in _BE:
        found.append(view.ent(next((c for c in noun.head.children if c.dep_ == "attr"), None)))
    if (
        noun.dep_ == "attr" and noun.tag_ == "NNS" and noun.head.lemma_ in _BE
    ):  # "Hansel and Gretel were the children of X"
        subj = view.subject(noun.head)
        found += [view.who(c) for c in subj.conjuncts] if subj is not None else []
    own = view.ent(noun)
    return [f for f in dict.fromkeys(found) if f and f != own and view.kind(f) == "character"]


def _had_by(view: SentenceView, noun: Token) -> tuple[list[tuple[str, Token]], Token] | None:
    """([(owner, owner token)], the verb) for a relation noun that is the object of "have": "a miller who
    had a beautiful daughter", "Hans had a brother called Peter", "had two sons and a daughter", "the
    king and queen had a daughter" (each conjoined subject); not "had no children"."""
    first = noun
    while first.dep_ == "conj" and first.head.i != first.i:
        first = first.head
    verb = first.head
    if first.dep_ != "dobj" or verb.lemma_ != "have" or any(c.lower_ == "no" for c in noun.children):
        return None
    subj = view.subject(verb)
    owners: list[tuple[str, Token]] = []
    for tok in [subj, *subj.conjuncts] if subj is not None else []:
        owner = view.who(tok)
        if owner and view.kind(owner) in ("character", "group") and owner not in (o for o, _ in owners):
            owners.append((owner, tok))
    return (owners, verb) if owners else None


def _vocative(view: SentenceView, noun: Token) -> bool:
    """A quoted noun phrase that stands alone between punctuation ('"My poor child," said Miss Watkin'):
    a term of address, often a fond one, not a statement of kinship."""
    if not view.story.speaker_at(view.offset + noun.idx)[0]:
        return False
    left, right = noun.left_edge.i, noun.right_edge.i
    before = view.doc[left - 1] if left > 0 else None
    after = view.doc[right + 1] if right + 1 < len(view.doc) else None
    return (before is None or before.is_punct) and (after is None or after.is_punct)


def _owners(view: SentenceView, noun: Token) -> list[tuple[str, Token]]:
    """Whose relative the noun names: its possessor ("the miller's", "his", "my" = the speaker), else
    the object of its "of" ("the daughter of the captain and governor Count Rutger": each conjunct)."""
    from worldstate.extract.timeline.company import comitative_owner

    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    if poss is not None and poss.lower_ == "whose":
        return _relative_antecedent(view, noun)
    if poss is not None:
        companion = comitative_owner(view, poss)  # "a wood-cutter with his wife": whatever coreference kinded him
        if companion:
            return [(companion, poss)]
        owner = _own_owner(view, noun) or view.who(poss)
        if owner and owner == view.ent(noun) and any(c.lower_ == "own" for c in noun.children):
            return []  # "her own child" in the mother's chain: the noun's chain, not the owner, is wrong
        if (not owner or owner == view.ent(noun)) and poss.lower_ in _POSSESSIVE_PRONOUNS:
            owner = _nearest_before(view, poss, view.ent(noun))
        if owner and view.kind(owner) in ("character", "group"):
            return [(owner, poss)]
        return []
    of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    out: list[tuple[str, Token]] = []
    for tok in [pobj, *(c for c in pobj.children if c.dep_ == "conj")] if pobj is not None else []:
        owner = view.who(tok)
        if owner == view.ent(noun) or tok.lower_ == "own":
            continue  # "a daughter of her own": no other party
        if owner and view.kind(owner) in ("character", "group") and owner not in (o for o, _ in out):
            out.append((owner, tok))
    if not out and pobj is None and _bare_conjunct(noun):
        return _owners(view, noun.head)  # "the king's son and daughter", "the son and daughter of the king"
    return out


def relative_owners(view: SentenceView, noun: Token) -> list[tuple[str, Token]]:
    """(owner, owner token) of each one whose relative, servant or service ``noun`` names: its possessor,
    else its "of" objects (see :func:`relation_by_noun`)."""
    return _owners(view, noun)


def _own_owner(view: SentenceView, noun: Token) -> str | None:
    """The owner "own" binds to: the subject of the clause whose object the noun is ("she struck her own
    child": she), else None."""
    if not any(c.lower_ == "own" for c in noun.children) or noun.dep_ not in ("dobj", "pobj"):
        return None
    verb = noun.head.head if noun.dep_ == "pobj" else noun.head
    return view.agent(verb) if verb.pos_ in ("VERB", "AUX") else None


def _bare_conjunct(noun: Token) -> bool:
    """A noun conjoined to a noun before it with no determiner or possessor of its own ("son and
    daughter"): it shares the first one's owner."""
    return (
        noun.dep_ == "conj"
        and noun.head.i < noun.i
        and noun.head.pos_ == "NOUN"
        and not any(c.dep_ in ("det", "poss") for c in noun.children)
    )


def _relative_antecedent(view: SentenceView, noun: Token) -> list[tuple[str, Token]]:
    """The owner a "whose" names: the noun its relative clause hangs on ("a girl whose father was a
    miller": the girl)."""
    tok = noun
    while tok.dep_ != "relcl" and tok.head.i != tok.i:
        tok = tok.head
    antecedent = tok.head if tok.dep_ == "relcl" else None
    owner = view.who(antecedent)
    if antecedent is None or not owner or owner == view.ent(noun) or view.kind(owner) not in ("character", "group"):
        return []
    return [(owner, antecedent)]


def _bearer(view: SentenceView, noun: Token) -> tuple[str | None, Token | None]:
    """(who bears the relation, the predicate verb when a clause says it, else None): the noun's
    apposition ("my cousin, John Herncastle"; "Margaret, daughter of X"), the subject of a "be"
    predicate ("She was the daughter of X, and the wife of Y"), else the noun's own entity."""
    if noun.dep_ == "appos":
        ent = view.ent(noun.head)
        if ent:
            return ent, None
    taken_as = _taken_as_bearer(view, noun)
    if taken_as is not None:
        return taken_as
    for c in noun.children:
        if c.dep_ == "appos" and view.ent(c):
            return view.ent(c), None
    head = noun.head
    if noun.dep_ == "conj" and head.pos_ in ("VERB", "AUX") and head.lemma_ in _BE:  # "…, and the wife of Y"
        noun_dep = "attr"
    else:
        noun_dep = noun.dep_
        while noun.dep_ == "conj" and head.dep_ == "conj":
            head = head.head
        if noun.dep_ == "conj" and head.dep_ in _PREDICATIVE:  # "was his sister and his friend"
            noun_dep, head = head.dep_, head.head
    if noun_dep in _PREDICATIVE and head.lemma_ in _BE:
        subject = view.agent(head)
        if subject:
            return subject, head
    if noun_dep == "oprd" and head.lemma_ == "make":  # "he made her his wife"
        made = view.ent(next((c for c in head.children if c.dep_ == "dobj"), None))
        if made:
            return made, head
    return view.ent(noun), None


def _taken_as_bearer(view: SentenceView, noun: Token) -> tuple[str, Token] | None:
    """(who the noun is said of, the verb) when it is the object of an "as" or "for" phrase on a verb: its
    object ("took the shepherdess as his wife", "chose her for his bride"), else, for "as", its subject
    ("served as the king's gardener"); not "loved her as his own child" (a likeness) nor "such as"."""
    prep = noun.head
    verb = prep.head
    if noun.dep_ != "pobj" or prep.lower_ not in ("as", "for") or verb.pos_ not in ("VERB", "AUX"):
        return None
    if any(c.lower_ == "own" for c in noun.children) or any(c.dep_ == "amod" for c in prep.children):
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    said_of = view.ent(obj) if obj is not None else (view.agent(verb) if prep.lower_ == "as" else None)
    if not said_of or view.kind(said_of) != "character":
        return None
    return said_of, verb


def _nearest_before(view: SentenceView, poss: Token, not_this: str | None) -> str | None:
    """For a 'his'/'her' that coreference left inside its noun's own mention ("exclaimed his father"):
    the nearest character named before it in the narration (this sentence or the two before) if its
    gender is the pronoun's or unknown."""
    ent = next(characters_before(view, poss, not_this), None)
    return ent if ent and view.gender(ent) in ("", _POSSESSIVE_PRONOUNS[poss.lower_]) else None


def both_ways(
    view: SentenceView,
    anchor: Token,
    bearer: str,
    kind: str,
    owner: str,
    owner_tok: Token | None,
    *,
    presupposed: bool = False,
    said: bool = True,
    value_text: str = "",
) -> Iterator[Change]:
    """``bearer`` is ``kind`` of ``owner``, and the owner the inverse of the bearer; told where ``anchor``
    (a noun or a verb) is, with the modality of a presupposition or of its clause (``said``: a plain
    statement in a quote is a fact)."""
    from worldstate.extract.timeline.change import make_change as _change

    inverse = view.w.inverse.get(kind)
    pairs = [(bearer, kind, owner)] + ([(owner, inverse, bearer)] if inverse else [])
    for subject, rel, other in pairs:
        change = _change(view, anchor, subject, Predicate.RELATION, f"{rel}={other}", owner_tok, value_text=value_text)
        yield _as_told(view, anchor, change, presupposed, said, (bearer, owner))


def _as_told(
    view: SentenceView, anchor: Token, change: Change, presupposed: bool, said: bool, parties: tuple[str, str]
) -> Change:
    """The change as a fact where its words make it one (a presupposition; a speaker's plain statement),
    and started where both parties are first mentioned when the relation is a standing one."""
    said = said and change.modality == Modality.SPEECH and _plainly_said(view, anchor)
    if (presupposed and change.modality != Modality.ASSERTED) or said:
        # a speaker's present ("I am your father") is the story's now, no general truth of the narration
        change = replace(change, modality=Modality.ASSERTED, holder=None, present_tense=False)
    rel = change.value.split("=", 1)[0]
    standing = rel in view.w.standing_relations and change.modality == Modality.ASSERTED
    if standing and (presupposed or anchor.lemma_ == "be"):
        first = _first_mentions(view)
        since = max(first.get(parties[0], change.sentence), first.get(parties[1], change.sentence))
        change = replace(change, sentence=min(since, change.sentence))
    return change


def _plainly_said(view: SentenceView, anchor: Token) -> bool:
    """A speaker's own plain clause (not negated, not under a modal or a belief, not marked a lie)."""
    quote = view.story.quote_at(view.offset + anchor.idx)
    if quote is None:
        return False
    if view.narrated_modality(anchor, within=quote.content_span)[0] != Modality.ASSERTED:
        return False
    deceit = view.w.deceit_words
    return not any(t.lower_ in deceit and not view.story.speaker_at(view.offset + t.idx)[0] for t in view.doc)


def _first_mentions(view: SentenceView) -> dict[str, int]:
    """Entity → the first sentence it is in: mentioned, or speaking or spoken to in a quote (computed
    once per story)."""
    story = view.story
    found: dict[str, int] | None = getattr(story, "_first_mention", None)
    if found is None:
        found = {}
        present = [(m.entity, m.sentence) for m in story.mentions]
        present += [(who, sp.sentence) for sp in story.speeches for who in (sp.speaker, *sp.addressees)]
        for entity, sentence in present:
            if entity and sentence < found.get(entity, sentence + 1):
                found[entity] = sentence
        story._first_mention = found  # type: ignore[attr-defined]
    return found


# -- verbs of marriage and service ------------------------------------------------------------------------
def relation_by_verb(view: SentenceView, verb: Token) -> Iterator[Change]:
    """Marriage and service told by a verb (see the module docstring)."""
    lemma = verb.lemma_.lower()
    if lemma in view.w.marriage_verbs:
        yield from _married(view, verb)
    elif _in_marriage(verb):
        yield from _given_in_marriage(view, verb)
    elif lemma == "take":
        yield from _taken_as(view, verb)
    elif lemma == "enter":
        yield from _entered_service(view, verb)
    elif lemma == "serve":
        yield from _served(view, verb)
    elif lemma in ("hire", "employ"):
        yield from _hired(view, verb)
    elif lemma == "belong":
        yield from _belongs(view, verb)


def _married(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'X married Y', 'X wed Y', 'X and Y were married', 'X was married to Y' (an adjective too), 'he
    married his daughter to X' (the object to the to-phrase, not the subject), 'X was betrothed to Y'."""
    kind = "betrothed_to" if verb.lemma_.lower() in view.w.betrothal_verbs else "married_to"
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    to = next((c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("to", "with")), None)
    to_obj = next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None
    passive = verb.tag_ == "VBN" and (
        any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children) or verb.dep_ in ("acomp", "amod")
    )
    if verb.pos_ == "ADJ" or (passive and obj is None):  # "she is married to the river-god"
        subject_tok = view.subject(verb) if verb.pos_ != "ADJ" else view.subject(verb.head)
        a, b, other_tok = view.who(subject_tok), view.ent(to_obj), to_obj
    elif obj is not None and to_obj is not None:  # "married him to his daughter"
        a, b, other_tok = view.ent(obj), view.ent(to_obj), to_obj
    else:
        a, b, other_tok = view.agent(verb), view.ent(obj), obj
    if not b and to_obj is None and obj is None:  # "the prince and the princess were married": each other
        a, b, other_tok = _each_other(view, verb)
    if not a or not b or a == b or not _marriageable(view, a) or not _marriageable(view, b):
        return
    if is_personal_pronoun(other_tok) and other_tok.lower_ in ("it", "them"):
        return
    yield from both_ways(view, verb, a, kind, b, other_tok, value_text=MARRIED if kind == "married_to" else "")


def _each_other(view: SentenceView, verb: Token) -> tuple[str | None, str | None, Token | None]:
    """The two conjoined subjects of a verb with no object ("X and Y were married", "X and Y wed")."""
    subj = view.subject(verb.head if verb.pos_ == "ADJ" or verb.dep_ == "acomp" else verb)
    conj = next((c for c in subj.children if c.dep_ == "conj"), None) if subj is not None else None
    if conj is None:
        return None, None, None
    return view.who(subj), view.who(conj), conj


def _in_marriage(verb: Token) -> bool:
    """The verb has "in marriage" ("gave his daughter in marriage to the shepherd")."""
    return any(
        c.dep_ == "prep" and c.lower_ == "in" and any(g.dep_ == "pobj" and g.lemma_ == "marriage" for g in c.children)
        for c in verb.children
    )


def _given_in_marriage(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'gave his daughter in marriage to X' (married), 'promised her in marriage to X' (betrothed)."""
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")), None)
    hosts = [verb, *([obj] if obj is not None else [])]
    to = next((c for h in hosts for c in h.children if c.dep_ in ("prep", "dative") and c.lower_ == "to"), None)
    to_obj = next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None
    a, b = view.ent(obj), view.ent(to_obj)
    if not a or not b or a == b or not _marriageable(view, a) or not _marriageable(view, b):
        return
    promised = verb.lemma_.lower() in ("promise", "pledge", "offer")
    kind = "betrothed_to" if promised else "married_to"
    yield from both_ways(view, verb, a, kind, b, to_obj, value_text="" if promised else MARRIED)


def _marriageable(view: SentenceView, entity: str) -> bool:
    """A character, or a name coreference kinded otherwise ("Cousin Flopsy" taken for a place): not a
    group, an object or a time."""
    return view.kind(entity) in ("character", "place", "other", "")


def _taken_as(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'took her to wife' (married), 'took her into service' / 'into his service' (servant)."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    taker = view.agent(verb)
    taken = view.ent(obj)
    if not taker or not taken or taker == taken or view.kind(taken) != "character":
        return
    for prep in verb.children:
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep.dep_ == "prep" else None
        if pobj is None:
            continue
        kind = view.w.relation_nouns.get(pobj.lemma_.lower())
        if (
            prep.lower_ in ("to", "for", "as")
            and kind == "married_to"
            and not any(c.dep_ == "poss" for c in pobj.children)
        ):
            yield from both_ways(view, verb, taken, "married_to", taker, obj, value_text=MARRIED)
        elif prep.lower_ in ("into", "in") and pobj.lemma_.lower() in view.w.service_nouns:
            yield from both_ways(view, verb, taken, "servant_of", taker, obj)


def _entered_service(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'entered the service of the king', 'entered the king's service'."""
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is None or obj.lemma_.lower() not in view.w.service_nouns:
        return
    servant = view.agent(verb)
    owners = _owners(view, obj)
    if servant and owners and view.kind(servant) == "character":
        yield from both_ways(view, verb, servant, "servant_of", owners[0][0], owners[0][1])


def _served(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'X served the king' (a character object and no thing served to it: not 'served him the soup')."""
    if any(c.dep_ == "dative" for c in verb.children):
        return
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    servant = view.agent(verb)
    master = view.ent(objs[0]) if len(objs) == 1 else None
    if (
        servant
        and master
        and servant != master
        and view.kind(master) == "character"
        and view.kind(servant)
        in (
            "character",
            "group",
        )
    ):
        yield from both_ways(view, verb, servant, "servant_of", master, objs[0])


def _hired(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'the miller hired a boy', 'was employed by the count': the one hired serves the one who hires."""
    if _passive(verb):
        by = next((c for c in verb.children if c.dep_ == "agent"), None)
        master_tok = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
        servant, master = view.who(view.subject(verb)), view.who(master_tok)
    else:
        master_tok = next((c for c in verb.children if c.dep_ == "dobj"), None)
        servant, master = view.who(master_tok), view.agent(verb)
    if servant and master and servant != master and view.kind(servant) == view.kind(master) == "character":
        yield from both_ways(view, verb, servant, "servant_of", master, master_tok)


def _belongs(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'the dog belonged to an old hunter': a creature that belongs to someone has them for its master."""
    to = next((c for c in verb.children if c.dep_ == "prep" and c.lower_ == "to"), None)
    owner_tok = next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None
    creature, owner = view.agent(verb), view.who(owner_tok)
    if creature and owner and creature != owner and view.kind(creature) == view.kind(owner) == "character":
        yield from both_ways(view, verb, creature, "servant_of", owner, owner_tok)


def _passive(verb: Token) -> bool:
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children)


def ended_by(value: str) -> list[str]:
    """The relation values a new relation ``value`` ends for its subject ("married_to=anna" ends
    "betrothed_to=anna"; ``ends`` in ``patterns.yaml``)."""
    from worldstate.resources.words import words

    kind, _, other = value.partition("=")
    return [f"{ended}={other}" for ended in words().relation_ends.get(kind, ())]
