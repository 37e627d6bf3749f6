"""Precise clause patterns that read one sentence into state changes.

Each pattern asks for a resolved subject (an entity of the World) and a clear construction; what it
cannot be sure of it leaves out. Modality comes from :meth:`SentenceView.modality` of the clause.
"""

from __future__ import annotations

from collections.abc import Iterator

from worldstate.extract.mentions.features import is_person_noun
from worldstate.extract.timeline.change import RELEASE as RELEASE
from worldstate.extract.timeline.change import Change as Change
from worldstate.extract.timeline.change import make_change as _change
from worldstate.extract.timeline.clause import (
    SentenceView,
    Token,
    direct_object,
    is_personal_pronoun,
    is_reflexive,
)
from worldstate.extract.timeline.company import comitative_owner
from worldstate.extract.timeline.life_implied import implied_by_noun, implied_by_verb
from worldstate.extract.timeline.numbers import number_before
from worldstate.extract.timeline.object_noun import object_noun
from worldstate.extract.timeline.places import is_gathering_noun, is_place_noun, is_plant_noun, vessel_boarded
from worldstate.extract.timeline.readers import NOUN_TAGS, VERB_TAGS, Reader, read_tokens
from worldstate.extract.timeline.relations import relation_by_noun, relation_by_verb
from worldstate.extract.timeline.second_object import split_double_object
from worldstate.extract.timeline.self_report import as_fact
from worldstate.extract.timeline.severed import is_severed
from worldstate.extract.timeline.taken_away import taken_from_holder
from worldstate.extract.timeline.tally import added_to_others
from worldstate.extract.timeline.things import (
    coref_thing_is_wrong,
    held_in_body,
    is_thing_pronoun,
    placed_things,
    thing_antecedent,
)
from worldstate.extract.timeline.verbs import (
    ACQUIRE,
    CARRY,
    GIVE,
    LOSE,
    MOTION,
    PARTICLES,
    PUT,
    carried_only,
    class_of,
    is_bare_verb,
    is_thing_noun,
)
from worldstate.resources.values import DESCRIBED, description_lexicon
from worldstate.resources.words import words
from worldstate.state import Span
from worldstate.state.timeline import Predicate

# prepositions that place a place further: "the drawing-room at Miss Watkin's house in Onslow gardens"
PLACING_PREPS = frozenset({"of", "at", "in", "on", "beside", "near", "by", "under", "behind"})
GOAL_PREPS = frozenset({"to", "into", "onto", "unto"})  # a motion's goal before any other phrase of place
THERE_GOALS = GOAL_PREPS | {"for", "towards", "toward"}  # "set out for Rome … arrived there"


def read_sentence(view: SentenceView) -> list[Change]:
    """Every change the patterns find in one sentence."""
    return read_tokens(view, _readers)


def _readers(view: SentenceView, tok: Token) -> list[Reader]:
    """The patterns that read ``tok``, in the order their changes are listed."""
    readers: list[Reader] = []
    if tok.pos_ in VERB_TAGS:
        readers += [location, possession, alive_by_verb, implied_by_verb, title, marriage]
    elif is_bare_verb(tok, view.w):  # "let the band drop into it": a verb the tagger took for a noun
        readers += [location, possession]
    if tok.pos_ == "ADJ":  # "she is married to the river-god"
        readers += [marriage, alive_by_adjective, trait_by_adjective]
    if tok.pos_ in NOUN_TAGS:
        readers += [coloured_part, relation, count, description, alive_by_description, implied_by_noun, role]
    return readers


# -- location ---------------------------------------------------------------------------------------
def place_of(view: SentenceView, noun: Token, static: bool = False) -> tuple[str, str] | None:
    """(value, text) for a noun that names a place ("the side of a river" → the river; "on board a ship" →
    the ship; "the recess of the window" → the window); with a static verb a plant too ("hid under a bush")."""
    w = view.w
    vessel = vessel_boarded(noun)
    if vessel is not None:
        return place_of(view, vessel)
    if noun.lemma_.lower() in w.place_parts:
        inner = _of_object(noun)
        found = place_of(view, inner) if inner is not None else None
        if found is None and inner is not None and is_gathering_noun(inner.lemma_.lower()):
            return inner.lemma_.lower(), place_phrase(view, noun)  # "in the midst of the procession"
        return found
    ent = view.ent(noun)
    lemma = noun.lemma_.lower()
    if lemma in w.place_nouns or noun.lower_ in w.place_nouns or view.kind(ent) == "place":
        return ent or lemma, place_phrase(view, noun)
    if ent and view.kind(ent) in ("character", "group"):
        return None
    inner = _of_object(noun)
    if inner is not None and inner.pos_ == "NOUN":  # "the recess of the window": the window is the place
        found = place_of(view, inner)
        if found is not None:
            return found
    if noun.pos_ == "NOUN" and (is_place_noun(lemma, noun.lower_) or (static and is_plant_noun(lemma, noun.lower_))):
        return ent or lemma, place_phrase(view, noun)
    return None


def place_phrase(view: SentenceView, noun: Token) -> str:
    """The place's noun phrase with the phrases that place it further ("the drawing-room at Miss Watkin's
    house in Onslow gardens", "the house of the guardian of the pass", "the bench beside the tailors")."""
    return view.doc[noun.left_edge.i : _place_end(noun) + 1].text


def _place_end(noun: Token) -> int:
    """The last token of ``noun`` and its chain of placing prepositional phrases right after it."""
    end = noun.i
    for prep in sorted((c for c in noun.children if c.dep_ == "prep" and c.i > noun.i), key=lambda c: c.i):
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if prep.i != end + 1 or prep.lower_ not in PLACING_PREPS or pobj is None or pobj.pos_ not in ("NOUN", "PROPN"):
            break
        end = _place_end(pobj)
    return end


def _of_object(noun: Token) -> Token | None:
    """The object of the noun's "of" complement ("the side of a river" → river), else None."""
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            return next((c for c in prep.children if c.dep_ == "pobj"), None)
    return None


def _movers(view: SentenceView, verb: Token) -> list[str]:
    """Who moves with a verb: its subject; for 'lead/take/bring/carry/drag X to' also X; a reflexive
    object ('dragged himself') is the subject."""
    subj = view.agent(verb)
    movers = [subj] if subj else []
    subj_tok = view.subject(verb)
    for conj in subj_tok.conjuncts if subj_tok is not None else ():  # "the king and his daughter rode"
        ent = view.who(conj)
        if ent and ent not in movers and view.kind(ent) in ("character", "group"):
            movers.append(ent)
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    cls = class_of(verb, view.w)
    if obj is not None and not is_reflexive(obj) and verb.lemma_.lower() in view.w.self_moving_release:
        thing = view.ent(obj)  # "dropped her ball into the well": the ball falls, not the one who drops it
        return [thing] if thing else []
    if obj is not None and not is_reflexive(obj) and verb.lemma_.lower() in view.w.leave_behind_verbs:
        ent = view.ent(obj)  # "left the children in the forest": they stay there, the one who leaves does not
        return [ent] if ent else []
    if (
        obj is not None
        and not is_reflexive(obj)
        and (
            verb.lemma_ in ("lead", "take", "bring", "carry", "drag", "put", "throw", "lay", "send")
            or cls == PUT
            or _causative_static(view, verb, obj)
        )
    ):
        ent = view.ent(obj)
        if ent:
            along = verb.lemma_ in ("lead", "take", "bring", "carry", "drag") or cls == CARRY
            movers = (movers if along else []) + [ent]
    return movers


def _causative_static(view: SentenceView, verb: Token, obj: Token) -> bool:
    """A static verb with an object ("sat him down on the bench", "stood the child in the corner"): the
    object is put there; not when the object is the place itself ("waited up a tree")."""
    lemma = verb.lemma_.lower()
    return lemma in view.w.static_verbs and lemma != "be" and place_of(view, obj, static=True) is None


def location(view: SentenceView, verb: Token) -> Iterator[Change]:
    w = view.w
    lemma = verb.lemma_.lower()
    static = lemma in w.static_verbs or found_oneself(verb)  # "found herself in a long, low hall"
    cls = class_of(verb, w)
    listed = lemma in w.motion_verbs or lemma in w.self_moving_release or found_oneself(verb)
    listed = listed or lemma in ("lead", "take", "bring", "carry", "put", "throw", "send")
    if not listed and cls not in (MOTION, CARRY, PUT):
        return
    if lemma == "be" and verb.dep_ not in ("ROOT", "relcl", "conj", "ccomp", "advcl"):
        return
    movers = _movers(view, verb)
    if not movers and lemma not in w.self_moving_release:  # a thing nobody resolved may still roll away
        return
    dest: tuple[str, str, Token] | None = None
    if lemma in w.arrival_verbs:
        obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
        place = place_of(view, obj) if obj is not None else None
        if place is not None and obj is not None:
            dest = (*place, obj)
    preps = [c for c in verb.children if c.dep_ == "prep" or (c.dep_ == "dative" and c.lower_ == "to")]
    preps += [p for a in verb.children if a.dep_ in ("advmod", "prt") for p in a.children if p.dep_ == "prep"]
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if obj is not None and view.ent(obj) in movers:  # "sent her daughter to the shop": the parser hung it on her
        preps += [p for p in obj.children if p.dep_ == "prep" and p.lower_ in GOAL_PREPS]
    preps += [p for a in _manner_conjuncts(view, verb) for p in a.children if p.dep_ == "prep"]
    allowed = w.static_preps if static else w.destination_preps
    if not static:  # "In the spring she travelled to London": the goal, not a fronted setting
        preps.sort(key=lambda p: (p.lower_ not in GOAL_PREPS, p.i < verb.i))
    for prep in preps if dest is None else []:
        if prep.lower_ not in allowed:
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        on_it = static and prep.lower_ in ("on", "upon")  # "sat him down on the bench": on it is a place
        if pobj is not None and prep.lower_ in w.approach_preps and pobj.lemma_.lower() in w.furniture and not on_it:
            continue  # "came to the bed": beside it, not in another place
        place = place_of(view, pobj, static) if pobj is not None else None
        if place is None and pobj is not None and _things_only(view, movers):
            place = _container(view, pobj)  # "the band dropped into the beaker"
        if place is not None and pobj is not None:
            dest = (*place, pobj)
            break
    if dest is None and static:
        dest = _particle_place(view, verb) or _where_clause_place(view, verb)
    if dest is None and not static:
        dest = _there(view, verb)
    if dest is None and lemma != "be":
        home = next((c for c in verb.children if c.lower_ == "home" and c.dep_ in ("advmod", "npadvmod", "dobj")), None)
        if home is not None:
            dest = ("home", "home", home)
    if dest is not None:
        actor = view.agent(verb)
        for mover in movers:
            acted = mover == actor and lemma not in w.self_moving_release  # a body falls; it does not act
            change = _change(view, verb, mover, Predicate.LOCATION, dest[0], dest[2], value_text=dest[1], active=acted)
            yield as_fact(view, verb, change)  # "'I am in the clock-case,' cried the kid": a sure speaker's own place
        if lemma in w.self_moving_release:  # "down it rolled into the stream": nobody holds it now
            thing = holdable(view, view.subject(verb))
            if thing is not None:
                yield _change(
                    view, verb, RELEASE, Predicate.HOLDS, thing[0], value_text=thing[1], object_lemma=thing[2]
                )
        return
    if lemma in ("go", "run", "ride", "drive", "fly", "set", "jog", "hurry", "walk", "make", "depart", "leave"):
        gone = any(c.dep_ in ("prt", "advmod") and c.lower_ in w.leave_particles for c in verb.children)
        gone = gone or any(c.dep_ == "dobj" and c.lemma_ == "way" for c in verb.children)
        if gone and movers and movers[0]:
            yield _change(view, verb, movers[0], Predicate.LOCATION, "", verb, value_text="")


def found_oneself(verb: Token) -> bool:
    """'found himself in a hall', 'woke to find herself in the loft': the subject is where it finds itself."""
    return verb.lemma_.lower() == "find" and any(c.dep_ == "dobj" and is_reflexive(c) for c in verb.children)


def _particle_place(view: SentenceView, verb: Token) -> tuple[str, str, Token] | None:
    """A static verb's place the parser made an object after a particle ("waited up a tree")."""
    if not any(c.dep_ == "prt" and c.lower_ in view.w.static_preps for c in verb.children):
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    place = place_of(view, obj, static=True) if obj is not None else None
    return (*place, obj) if place is not None and obj is not None else None


def _there(view: SentenceView, verb: Token) -> tuple[str, str, Token] | None:
    """'set out for Rome … arrived there': a motion's "there" is the last goal named before it ("to", "for",
    "towards" a place), in this sentence or the two before it. (A static "was there" tells no new place.)"""
    there = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ == "there"), None)
    if there is None:
        return None
    where: SentenceView | None = view
    for _ in range(3):
        if where is None:
            return None
        before = where.doc[: there.i] if where is view else where.doc
        for tok in reversed(list(before)):
            if tok.dep_ == "pobj" and tok.head.lower_ in THERE_GOALS and tok.pos_ in ("NOUN", "PROPN"):
                place = place_of(where, tok)
                if place is not None:
                    return (*place, there)
        where = where.previous
    return None


def _where_clause_place(view: SentenceView, verb: Token) -> tuple[str, str, Token] | None:
    """The place a "where" clause hangs on ("went back to the river, where the dog was waiting"): the
    subject of a static verb in the clause is there."""
    if verb.dep_ != "relcl" or not any(c.dep_ == "advmod" and c.lower_ == "where" for c in verb.children):
        return None
    place = place_of(view, verb.head, static=True)
    return (*place, verb.head) if place is not None else None


def _things_only(view: SentenceView, movers: list[str]) -> bool:
    """True when every mover is a thing (no character or group): it can be put in another thing."""
    return bool(movers) and all(view.kind(m) not in ("character", "group", "") for m in movers)


def _manner_conjuncts(view: SentenceView, verb: Token) -> list[Token]:
    """Conjoined words with no subject of their own that are no motion verb ("down it rolled, plump into
    the stream"): the parser's verbs for a manner word; their phrase of place belongs to ``verb``."""
    return [
        c
        for c in verb.children
        if c.dep_ == "conj"
        and c.lemma_.lower() not in view.w.motion_verbs
        and not any(g.dep_ in ("nsubj", "nsubjpass", "dobj") for g in c.children)
    ]


# -- possession -------------------------------------------------------------------------------------
def holdable(view: SentenceView, obj: Token | None, resolve_it: bool = True) -> tuple[str, str, str] | None:
    """(value, text, lemma) for an object that can be held: not a person, body part or abstraction
    (``resolve_it``: look back for what an unresolved 'it' names; "one of the cups", "which" of a relative
    clause: the noun they stand for, :func:`.object_noun.object_noun`)."""
    obj = object_noun(obj)
    if obj is None or obj.pos_ not in ("NOUN", "PROPN", "PRON") or is_reflexive(obj):
        return None
    if is_personal_pronoun(obj) and not is_thing_pronoun(obj):  # 'them' may be things
        return None
    if obj.lemma_.lower() in view.w.measure_nouns:  # "a lump of silver": the silver
        of = next((c for c in obj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        inner = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
        if inner is not None:
            obj = inner
    if any(c.dep_ == "nummod" for c in obj.children):
        return None
    ent = view.ent(obj)
    lemma = obj.lemma_.lower()
    if is_thing_pronoun(obj) and (not ent or coref_thing_is_wrong(view, obj, ent)):
        return _pronoun_thing(view, obj) if resolve_it else None
    if obj.pos_ == "PRON":
        if not is_thing_pronoun(obj) or not ent:
            return None
        try:
            lemma = view.story.ws.entity(ent).name.split()[-1].lower()
        except KeyError:
            return None
    w = view.w
    if lemma in w.pelts and any(c.dep_ == "poss" and c.pos_ in ("NOUN", "PROPN") for c in obj.children):
        pass  # "the wolf's skin", drawn off: a thing now
    elif lemma in w.not_holdable and obj.pos_ == "NOUN" and is_severed(view, obj):
        pass  # "cut off the finger; the finger fell": a thing now
    elif lemma in w.not_holdable or lemma in w.people or obj.ent_type_ == "PERSON":
        return None
    beast = lemma in ("horse", "cow", "pig", "goose", "ox", "ass", "dog", "cat")
    if view.kind(ent) in ("character", "group") and not beast:
        return None
    if lemma in w.place_nouns and lemma not in ("coffin", "wheelbarrow", "boat"):
        return None
    return ent or lemma, view.phrase(obj), lemma


def _pronoun_thing(view: SentenceView, pronoun: Token) -> tuple[str, str, str] | None:
    """What an 'it'/'them' for an object stands for (:func:`.things.thing_antecedent`), as :func:`holdable`
    gives it ("taking the pig off the barrow, drove it away" → the pig); None when unresolved."""
    found = thing_antecedent(view, pronoun)
    return holdable(found.view, found.noun, resolve_it=False) if found is not None else None


def possession(view: SentenceView, verb: Token) -> Iterator[Change]:
    """Who holds a thing after a verb of its class (:mod:`.verbs`): acquire and carry give it to the subject
    (or to the passive's agent), give to the recipient, lose to nobody; put (and give, lose with a place)
    puts it at the place."""
    w = view.w
    lemma = verb.lemma_.lower()
    cls = class_of(verb, w)
    if lemma in w.motion_verbs or cls == MOTION:
        yield from _carried(view, verb)
    if lemma in w.mount_verbs:
        yield from _mounted(view, verb)
    yield from _took_hold(view, verb)
    yield from _let_go(view, verb)
    obj, recipient = _object_and_recipient(verb)
    if lemma in w.leave_behind_verbs and view.kind(view.who(recipient)) in ("character", "group"):
        cls = GIVE  # "left the mill to his eldest son": a bequest
    if cls is None or cls == MOTION:
        return
    yield from _person_held(view, verb, obj)
    thing = holdable(view, obj)
    if thing is None or obj is None:
        return
    value, text, obj_lemma = thing
    passive = obj.dep_ == "nsubjpass"
    to_patient = recipient is not None and recipient.dep_ == "nsubjpass"  # "he was given a ring by the queen"
    subj = _passive_agent(view, verb) if passive or to_patient else view.agent(verb)

    def held_by(holder: str, *toks: Token, active: bool = True) -> Change:
        return _change(
            view,
            verb,
            holder,
            Predicate.HOLDS,
            value,
            obj,
            *toks,
            value_text=text,
            object_lemma=obj_lemma,
            active=active,
        )

    particles = {c.lower_ for c in verb.children if c.dep_ in ("prt", "advmod")}
    if cls == CARRY and view.kind(view.who(recipient)) in ("character", "group"):
        cls = GIVE  # "brought back the ring to the king": carried to someone is given to them
    exchanged = list(_in_exchange(view, verb, subj, obj, recipient)) if cls == GIVE and subj and not passive else []
    yield from exchanged
    if cls == GIVE:
        target = view.who(recipient)
        if target and target != subj and view.kind(target) in ("character", "group", "other", "object"):
            yield held_by(target, recipient, active=False)
        elif ("away" in particles or exchanged) and (subj or passive):
            yield held_by(RELEASE)  # "gave the goose for a grindstone": the goose is gone
        elif subj and not passive and carried_only(verb) and not any(placed_things(view, verb)):
            yield held_by(subj)  # "brought the ball up": brought to nobody, the bringer has it
        else:  # "threw the ring into the well"
            yield from _put(view, verb, obj, thing)
        return
    if cls == LOSE:
        if subj or passive:
            yield held_by(RELEASE)
            yield from _put(view, verb, obj, thing, release=False)
        return
    if cls == PUT:
        yield from _put(view, verb, obj, thing)
        return
    if subj:
        if lemma in ("have", "bear") and obj.dep_ != "dobj":
            return
        if lemma == "find" and not _found_thing(verb, obj_lemma):
            return
        if lemma == "drive" and obj_lemma not in ("horse", "cow", "pig", "goose", "ox", "ass", "sheep", "goat"):
            return
        if lemma == "take" and particles & {"off", "out"} and obj_lemma in ("coat", "hat"):
            return
        yield held_by(subj)
        if cls == CARRY:
            yield from _put(view, verb, obj, thing, release=False)
    elif passive and cls == ACQUIRE and taken_from_holder(view, verb):
        yield held_by(RELEASE)  # "the purse was stolen": its holder has it no more


def _let_go(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'let it go', 'let the bird go', 'let go of the rope': nobody holds it now."""
    if verb.lemma_.lower() != "let":
        return
    go = next((c for c in verb.children if c.dep_ in ("ccomp", "xcomp") and c.lemma_ == "go"), None)
    if go is not None:
        thing = holdable(view, next((c for c in go.children if c.dep_ == "nsubj"), None))
    else:
        go = next((c for c in verb.children if c.lemma_ == "go" and c.dep_ in ("prt", "advmod", "dobj")), None)
        of = next((c for c in go.children if c.dep_ == "prep" and c.lower_ == "of"), None) if go else None
        thing = holdable(view, next((c for c in of.children if c.dep_ == "pobj"), None)) if of is not None else None
    if thing is not None and go is not None and view.agent(verb):
        value, text, lemma = thing
        yield _change(view, verb, RELEASE, Predicate.HOLDS, value, go, value_text=text, object_lemma=lemma)


def _in_exchange(
    view: SentenceView, verb: Token, subj: str, obj: Token | None, recipient: Token | None
) -> Iterator[Change]:
    """'sold his cow to the butcher for a horse', 'gave the goose for a grindstone': the one who gives
    has what was given for it."""
    hosts = [verb, *(t for part in (obj, recipient) if part is not None for t in part.subtree)]
    for prep in (c for h in hosts for c in h.children):
        if prep.dep_ != "prep" or prep.lower_ != "for":
            continue
        pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        thing = holdable(view, pobj)
        if thing is not None and pobj is not None and is_thing_noun(thing[2]):
            value, text, lemma = thing
            yield _change(view, verb, subj, Predicate.HOLDS, value, pobj, value_text=text, object_lemma=lemma)


def _found_thing(verb: Token, obj_lemma: str) -> bool:
    """'found a silver key': the finder has a thing now; not 'found the door open', 'found it strange'."""
    return is_thing_noun(obj_lemma) and not any(c.dep_ in ("ccomp", "xcomp", "oprd", "acomp") for c in verb.children)


def _person_held(view: SentenceView, verb: Token, obj: Token | None) -> Iterator[Change]:
    """A person taken into someone's arms or onto their back ("took Torre Jeppe on her back", "the surgeon
    deposited it in her arms"): that one holds the person."""
    held = held_in_body(view, verb)
    if obj is None or held is None:
        return
    person, noun = view.ent(obj), obj
    if person is None and is_thing_pronoun(obj):
        found = thing_antecedent(view, obj, persons=True)
        person, noun = (found.view.ent(found.noun), found.noun) if found is not None else (None, obj)
    holder, part = held
    if person and person != holder and view.kind(person) in ("character", "group"):
        name = noun.lemma_.lower() if noun.pos_ == "NOUN" else noun.lower_
        text = noun.doc[noun.left_edge.i : noun.i + 1].text
        yield _change(view, verb, holder, Predicate.HOLDS, person, obj, part, value_text=text, object_lemma=name)


def _object_and_recipient(verb: Token) -> tuple[Token | None, Token | None]:
    """The thing a verb acts on and the one it goes to: "gave the ring to her", "handed Hans the letter"
    (two objects: the first is the recipient), "the ring was given to her", "he was handed the letter"."""
    dobjs = [c for c in verb.children if c.dep_ == "dobj"]
    obj = dobjs[-1] if dobjs else direct_object(verb)
    recipient = next((c for c in verb.children if c.dep_ == "dative" and c.pos_ != "ADP"), None)
    if recipient is None:
        to = next((c for c in verb.children if c.dep_ in ("dative", "prep") and c.lower_ == "to"), None)
        recipient = next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None
    if recipient is None and len(dobjs) >= 2:
        recipient = dobjs[0]
    split = split_double_object(verb) if recipient is None else None
    if split is not None:  # "handed the soldier the cup", parsed as an object and an adverbial noun
        recipient, obj = split
    if recipient is None:  # the parser hung "to her" on the object ("the key to the gardener") or a particle
        hosts = list(obj.subtree) if obj is not None else []  # "the keys of the fort to the enemy"
        hosts += [c for c in verb.children if c.dep_ in ("advmod", "prt") and c.lower_ in PARTICLES]
        to = next((c for h in hosts for c in h.children if c.dep_ == "prep" and c.lower_ == "to"), None)
        recipient = next((c for c in to.children if c.dep_ == "pobj"), None) if to is not None else None
    patient = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    if patient is not None and obj is None:
        obj = patient
    elif patient is not None and recipient is None:
        recipient = patient
    return obj, recipient


def _passive_agent(view: SentenceView, verb: Token) -> str | None:
    """The entity of a passive's "by" phrase ("the ring was found by the girl")."""
    by = next((c for c in verb.children if c.dep_ == "agent"), None)
    return view.who(next((c for c in by.children if c.dep_ == "pobj"), None)) if by is not None else None


def _took_hold(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'took hold of the sack', 'caught hold of the rope': the subject holds the thing."""
    grip = next((c for c in verb.children if c.dep_ == "dobj" and c.lemma_.lower() == "hold"), None)
    of = next((c for c in grip.children if c.dep_ == "prep" and c.lower_ == "of"), None) if grip is not None else None
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    thing = holdable(view, pobj)
    subj = view.agent(verb)
    if thing is not None and pobj is not None and subj:
        value, text, lemma = thing
        yield _change(view, verb, subj, Predicate.HOLDS, value, pobj, value_text=text, object_lemma=lemma)


def _put(
    view: SentenceView, verb: Token, obj: Token, thing: tuple[str, str, str], release: bool = True
) -> Iterator[Change]:
    """'laid it on the wound', 'let it drop into the beaker': the thing is at the place (and nobody holds
    it); into someone's hands, arms or pocket ('deposited it in her arms'): that one holds it."""
    value, text, obj_lemma = thing
    if any(c.dep_ == "advmod" and c.lower_ in view.w.habitual_words for c in verb.children):
        return  # "was always tossing it up into the air": a habit moves nothing for good
    for _, where in placed_things(view, verb):
        owner = view.who(next((c for c in where.children if c.dep_ == "poss"), None))
        if owner and view.kind(owner) in ("character", "group") and owner != value:
            yield _change(
                view, verb, owner, Predicate.HOLDS, value, obj, where, value_text=text, object_lemma=obj_lemma
            )
            return
        place = place_of(view, where) or _container(view, where)
        if place is None:
            return
        if release:
            yield _change(view, verb, RELEASE, Predicate.HOLDS, value, obj, value_text=text, object_lemma=obj_lemma)
        yield _change(view, verb, value, Predicate.LOCATION, place[0], where, value_text=place[1], active=False)
        return


def _container(view: SentenceView, noun: Token) -> tuple[str, str] | None:
    """(value, text) of a thing another thing can be put in or on ("into the beaker", "into it")."""
    found = holdable(view, noun)
    return (found[0], found[1]) if found is not None else None


def _carried(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'went home with it', 'came up with the ball in his mouth': the mover holds what goes with them."""
    subj = view.agent(verb)
    if not subj or view.kind(subj) not in ("character", "group") or verb.lemma_ in view.w.static_verbs:
        return
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ == "with":
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            thing = holdable(view, pobj)
            if thing is not None and pobj is not None and thing[2] not in view.w.animate:
                value, text, lemma = thing
                yield _change(view, verb, subj, Predicate.HOLDS, value, pobj, value_text=text, object_lemma=lemma)


def _mounted(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'jumped upon the horse', 'mounted the ass': the rider has the beast (and the one who had it
    does not)."""
    subj = view.agent(verb)
    if not subj or view.kind(subj) not in ("character", "group"):
        return
    beasts = [c for c in verb.children if c.dep_ == "dobj" and verb.lemma_ == "mount"]
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ in ("on", "upon", "onto", "on to"):
            beasts += [c for c in prep.children if c.dep_ == "pobj"]
    for beast in beasts:
        if beast.lemma_.lower() not in view.w.ridden_animals:
            continue
        thing = holdable(view, beast)
        if thing is not None and thing[0] != subj:
            value, text, lemma = thing
            yield _change(view, verb, subj, Predicate.HOLDS, value, beast, value_text=text, object_lemma=lemma)


# -- alive / dead (the classes and constructions live in :mod:`.life`) ---------------------------------
def alive_by_verb(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'he died', 'they killed the dragon', 'beat him to death', 'came to life' (:func:`.life.life_by_verb`)."""
    from worldstate.extract.timeline.life import life_by_verb

    return life_by_verb(view, verb)


def alive_by_adjective(view: SentenceView, adj: Token) -> Iterator[Change]:
    """'fell dead', 'was dead', 'came out alive', 'found him dead' (:func:`.life.life_by_adjective`)."""
    from worldstate.extract.timeline.life import life_by_adjective

    return life_by_adjective(view, adj)


def alive_by_description(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'the dead man', 'a corpse', 'the dead body of Tippoo' (:func:`.life.life_by_description`)."""
    from worldstate.extract.timeline.life import life_by_description

    return life_by_description(view, noun)


# -- traits ------------------------------------------------------------------------------------------
_LINKING = ("be", "become", "grow", "look", "seem", "appear", "remain")  # verbs that link a trait to the subject


def trait_by_adjective(view: SentenceView, adj: Token) -> Iterator[Change]:
    """'a little man' (size=little), 'she was blind' (wound=blind), 'an old goat' (age=old); a wound also
    with any verb ('he wandered quite blind', 'she fell sick')."""
    low = adj.lower_
    key = view.w.trait_words.get(low)
    if key is None:
        return
    if adj.dep_ == "amod" and adj.head.pos_ in ("NOUN", "PROPN"):
        ent = _described(view, adj.head)
        if ent and view.kind(ent) == "character" and adj.head.lemma_.lower() not in ("one",):
            yield _change(view, adj.head, ent, Predicate.TRAIT, f"{key}={low}", adj, value_text=low)
    elif adj.dep_ == "acomp" and (adj.head.lemma_ in _LINKING or (key == "wound" and adj.head.pos_ == "VERB")):
        ent = view.agent(adj.head)
        if (
            ent
            and view.kind(ent) == "character"
            and not any(c.dep_ == "advmod" and c.lower_ in ("too", "so") for c in adj.children)
        ):
            yield _change(view, adj.head, ent, Predicate.TRAIT, f"{key}={low}", adj, value_text=low)


def coloured_part(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'her hair as black as ebony', 'his blue eyes', 'her eyes were blue'."""
    part = view.w.coloured_parts.get(noun.lower_)
    if part is None:
        return
    owner_tok = next((c for c in noun.children if c.dep_ == "poss"), None)
    owner = view.ent(owner_tok)
    if owner_tok is None and noun.dep_ == "dobj" and noun.head.lemma_ == "have":  # "Anna had black hair"
        owner_tok = view.subject(noun.head)
        owner = view.agent(noun.head)
    with_ = noun.head if noun.dep_ == "pobj" and noun.head.lower_ == "with" else None
    if owner_tok is None and with_ is not None and with_.head.pos_ in ("NOUN", "PROPN"):  # "a man with black hair"
        owner_tok = with_.head
        owner = _described(view, owner_tok)
    if not owner or view.kind(owner) != "character":
        return
    colour = next((c for c in noun.children if c.dep_ == "amod" and c.lower_ in view.w.colours), None)
    if colour is None:  # "her hair was black" / "her hair as black as ebony": the next few words
        for tok in view.doc[noun.i + 1 : noun.i + 5]:
            if tok.lower_ in view.w.colours:
                colour = tok
                break
            if tok.is_punct or tok.lower_ in ("and", "but"):
                break
    if colour is not None:
        yield _change(
            view, noun, owner, Predicate.TRAIT, f"{part}={colour.lower_}", owner_tok, colour, value_text=colour.lower_
        )


def _described(view: SentenceView, noun: Token) -> str | None:
    """Whom a noun describes: the subject for a predicate noun ("Hans was a tall man" → Hans), else the
    noun's own entity."""
    if noun.dep_ == "attr" and noun.head.lemma_ in ("be", "become", "remain"):
        subject = view.agent(noun.head)
        if subject and view.kind(subject) == "character":
            return subject
    return view.ent(noun)


# -- relations, counts, titles -------------------------------------------------------------------------
def relation(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'the miller's daughter', 'the king, her father', 'the daughter of Count Rutger' (:mod:`.relations`)."""
    yield from relation_by_noun(view, noun)


def marriage(view: SentenceView, verb: Token) -> Iterator[Change]:
    """Marriage and service told by a verb: 'married', 'took her to wife', 'took her into service'
    (:mod:`.relations`)."""
    yield from relation_by_verb(view, verb)


def _number(view: SentenceView, tok: Token) -> float | None:
    low = tok.lower_.replace(",", "")
    if low.isdigit():
        return float(low)
    return view.w.numbers.get(low)


def count(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'had seven little kids', 'a coach with eight horses', 'they were seven little dwarfs'."""
    num = next((c for c in noun.children if c.dep_ == "nummod"), None)
    n = _number(view, num) if num is not None else None
    if n is None or n < 2 or noun.pos_ != "NOUN" or noun.lemma_.lower() in view.w.not_holdable:
        return
    if added_to_others(noun):  # "with four other Mice": those who join, counted by the tally
        return
    found = number_before(noun)
    n = float(found[0]) if found is not None else n  # "seven thousand two hundred sheep"
    if noun.lemma_.lower() in ("year", "day", "week", "month", "hour", "minute", "night", "time", "league", "mile"):
        return
    owner: str | None = None
    head = noun.head
    if noun.dep_ == "dobj" and head.lemma_ == "have":
        owner = view.agent(head)
    elif noun.dep_ == "pobj" and head.lower_ == "with" and head.head.pos_ == "NOUN":
        owner = view.who(head.head)
    elif noun.dep_ == "pobj" and head.lower_ == "with" and head.head.lemma_.lower() in view.w.motion_verbs:
        owner = _company_of(view, head.head, noun)  # "a coach drove up, with eight horses"
    elif noun.dep_ == "attr" and head.lemma_ == "be":
        subj = view.subject(head)
        owner = "story" if subj is None or subj.lower_ in ("they", "there") else None
    else:
        poss = next((c for c in noun.children if c.dep_ == "poss"), None)
        owner = comitative_owner(view, poss) or view.ent(poss)
    if owner:
        value = f"{noun.lemma_.lower()}={int(n) if float(n).is_integer() else n}"
        yield _change(view, head if head.pos_ in ("VERB", "AUX") else noun, owner, Predicate.COUNT, value, num, noun)


def _company_of(view: SentenceView, verb: Token, noun: Token) -> str | None:
    """Who goes with the counted ``noun`` of a verb of motion or rest ("a coach drove up, with eight
    horses", "the king lived with his three daughters"): the verb's subject, unless it names the same
    kind of thing ("they got into the coach with eight horses", 'they' taken for the horses)."""
    owner = view.agent(verb)
    if not owner or owner == view.ent(noun):
        return None
    try:
        head_word = view.story.ws.entity(owner).name.split()[-1].lower()
    except KeyError:
        head_word = owner
    lemma = noun.lemma_.lower()
    return None if head_word in (lemma, noun.lower_) else owner


def title(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'she became queen', 'he was made king'."""
    if verb.lemma_ not in ("become", "make", "crown", "proclaim", "be"):
        return
    for c in verb.children:
        if c.dep_ in ("attr", "oprd", "acomp") and c.lemma_.lower() in view.w.titles:
            described = verb.lemma_ == "be" and not any(d.dep_ == "advmod" and d.lower_ == "now" for d in verb.children)
            if described and any(d.dep_ == "det" for d in c.children):
                continue  # "he was a king" describes; "she was queen" names the title
            subj = view.agent(verb) or view.ent(next((d for d in verb.children if d.dep_ == "nsubjpass"), None))
            if subj and view.kind(subj) in ("character", "group"):
                yield _change(view, verb, subj, Predicate.TITLE, c.lemma_.lower(), c, value_text=c.lower_)


def role(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'Snow White's stepmother was a proud queen', 'the man became a soldier': a person noun said of a
    character (trait ``role=<noun>``), by which a reader may name them later."""
    head = noun.head
    if noun.dep_ != "attr" or head.lemma_ not in ("be", "become", "remain") or not names_a_person(noun):
        return
    if noun.lemma_.lower() in view.w.generic_people:
        return
    subj = view.agent(head)
    if not subj or view.kind(subj) != "character" or any(c.dep_ == "neg" for c in head.children):
        return
    change = _change(view, head, subj, Predicate.TRAIT, f"role={noun.lemma_.lower()}", noun, value_text=noun.text)
    if change.modality.factual:
        yield change


def names_a_person(noun: Token) -> bool:
    """A common noun for a person: the story words' people, or a first WordNet sense in noun.person."""
    lemma = noun.lemma_.lower()
    return noun.pos_ == "NOUN" and (lemma in words().people or is_person_noun(lemma))


MAX_COUNTED = 12  # "three brothers", "seven kids"; larger numbers in stories are round or approximate


# -- descriptions ------------------------------------------------------------------------------------------
def description(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'the tiny log' (desc=tiny), 'the three brothers' (number=3): what a noun phrase presupposes of the
    thing it names, on the noun's lemma as a literal subject ``described:<lemma>`` (coreference is not asked: it may merge
    "the old woman" with "the young woman", or split them). ``value_text`` keeps the phrase's first word
    (its determiner) and the phrase: "the|the tiny log"."""
    w = view.w
    lemma = noun.lemma_.lower()
    if noun.pos_ != "NOUN" or lemma in w.skip_nouns or not lemma.isalpha():
        return
    det = next((c for c in noun.children if c.dep_ in ("det", "poss") and c.i < noun.i), None)
    first = det.lower_ if det is not None else ""
    phrase = view.doc[(det.i if det is not None else noun.i) : noun.i + 1].text

    def described(value: str, span: Span) -> Change:
        """The noun phrase's thing described by ``value`` ("desc=huge", "number=4")."""
        return Change(DESCRIBED + lemma, Predicate.TRAIT, value, view.index, span, value_text=f"{first}|{phrase}")

    lexicon = description_lexicon()
    for adj in noun.children if noun.tag_ == "NN" else ():  # "the red leaves", "the hot lands": kinds, not one thing
        low = adj.lower_
        known = lexicon.knows(low) or any(low in a or low in b for a, b in w.extra_oppositions)
        if adj.dep_ != "amod" or adj.tag_ != "JJ" or low in w.skip_adjectives or not known:
            continue
        if any(c.dep_ in ("neg", "cc", "conj") or c.lower_ in ("not", "no", "less", "more") for c in adj.children):
            continue  # "not old", "bad or good luck": no description of the thing
        yield described(f"desc={low}", view.span(adj, noun))
    num = next((c for c in noun.children if c.dep_ == "nummod" and c.i < noun.i), None)
    n = _number(view, num) if num is not None else None
    approximate = (
        any(c.dep_ in ("cc", "conj", "advmod", "quantmod") for c in num.children) if num is not None else False
    )
    if n is not None and 2 <= n <= MAX_COUNTED and float(n).is_integer() and noun.tag_ == "NNS" and not approximate:
        yield described(f"number={int(n)}", view.span(num, noun))
