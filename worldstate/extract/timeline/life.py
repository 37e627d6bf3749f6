"""Life and death in one sentence: dying, killing, coming back to life, and death told by a description.

The verb classes come from WordNet 3.0 (``data/life_classes.yaml``, built by
``scripts/build_life_classes.py``); the hand lists of ``patterns.yaml`` (``alive``: die_verbs, kill_verbs,
dead_adjectives) are seeds on top. The syntax decides between a verb's senses: "the child drowned" dies,
"he drowned the kittens" kills, "it was suffocated" is killed. Constructions read from the parse:

- a result phrase of death: "beat him to death", "starved to death" (the object, else the subject, dies);
- a return to life: "came to life", "brought him back to life", "rose from the dead";
- a description of a dead being: "the dead man", "the murdered traveller", "a corpse", "the dead body of
  Tippoo", "the ghost of his father", "he was a dried-up corpse" (dead from that mention).

A denied death is life ("he was not dead after all", "she did not die"); a progressive one ("was dying")
is no death yet. Whoever a death is told of is read with :func:`death_referent`, which mends two
coreference slips that a death makes costly.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from worldstate.data import load_yaml
from worldstate.extract.timeline.clause import SentenceView, Token, direct_object, is_reflexive
from worldstate.resources.words import words
from worldstate.state import EntityKind, MentionKind
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change

DIE, KILL, REVIVE = "die", "kill", "revive"
_LIVING = ("character", "group")
_SIMILE = {"like", "as", "than"}  # "lay like a dead man": a likeness, no death
_GENDERED = {"he": "male", "she": "female", "him": "male", "her": "female"}


@dataclass(frozen=True)
class LifeWords:
    """The life and death classes: WordNet's, with the hand lists of ``patterns.yaml`` on top."""

    verbs: dict[str, frozenset[str]]  # single-word lemma → its classes (die, kill, revive)
    phrases: dict[str, tuple[tuple[tuple[str, ...], str], ...]]  # first word → (the other words, class)
    dead_nouns: frozenset[str]  # a dead being: corpse, ghost, phantom, the dead
    dead_adjectives: frozenset[str]  # dead, deceased, slain, late
    alive_adjectives: frozenset[str]
    verdict_verbs: frozenset[str] = frozenset()  # "sentenced to death": a death to come
    feeling_verbs: frozenset[str] = frozenset()  # "frightened to death": no death


@lru_cache(maxsize=1)
def life_words() -> LifeWords:
    """The classes of ``data/life_classes.yaml`` joined with the seeds of ``patterns.yaml``."""
    raw = load_yaml("extract.timeline", "data/life_classes.yaml")
    w = words()
    lists = {
        DIE: set(raw["die_verbs"]) | w.die_verbs,
        KILL: set(raw["kill_verbs"]) | w.kill_verbs,
        REVIVE: set(raw["revive_verbs"]),
    }
    verbs: dict[str, set[str]] = {}
    phrases: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for kind, lemmas in lists.items():
        for lemma in lemmas:
            parts = lemma.replace("-", "_").split("_")
            if len(parts) == 1:
                verbs.setdefault(lemma, set()).add(kind)
            else:
                phrases.setdefault(parts[0], []).append((tuple(parts[1:]), kind))
    return LifeWords(
        {k: frozenset(v) for k, v in verbs.items()},
        {k: tuple(v) for k, v in phrases.items()},
        frozenset(n for n in raw["dead_nouns"] if "_" not in n),
        frozenset(raw["dead_adjectives"]) | w.dead_adjectives,
        w.alive_adjectives,
        frozenset(raw["verdict_verbs"]),
        frozenset(raw["feeling_verbs"]),
    )


def verb_classes(verb: Token) -> frozenset[str]:
    """The life classes of a verb token: its lemma's, or a particle verb's read with its particles
    ("passed away", "put him to death", "gave up the ghost")."""
    lw = life_words()
    lemma = verb.lemma_.lower()
    found = set(lw.verbs.get(lemma, ()))
    for rest, kind in lw.phrases.get(lemma, ()):
        if _has_words(verb, rest):
            found.add(kind)
    return frozenset(found)


def _has_words(verb: Token, rest: tuple[str, ...]) -> bool:
    """True when the words ``rest`` follow the verb in order, each hanging under it (at most two words
    of an object between: "put the traitor to death")."""
    doc, at = verb.doc, verb.i + 1
    for word in rest:
        window = doc[at : at + 4]
        hit = next((t for t in window if t.lower_ == word and _under(t, verb)), None)
        if hit is None:
            return False
        at = hit.i + 1
    return True


def _under(tok: Token, verb: Token) -> bool:
    cur = tok
    for _ in range(4):
        if cur.i == verb.i:
            return True
        if cur.head.i == cur.i:
            return False
        cur = cur.head
    return False


# -- who a death is told of ----------------------------------------------------------------------------
def death_referent(view: SentenceView, tok: Token | None) -> str | None:
    """The entity ``tok`` names when a death or life is told of it: coreference's reading (:meth:`who`),
    mended where it is least sure:

    - a definite description ("the woman") that coreference put on an entity never called so before
      goes to the entity the story has called so most often ("the woman, however, was dead": the
      stepmother, not Gretel);
    - a subject pronoun whose entity is not named earlier in the sentence goes to the nearest earlier
      character of its gender there ("the Ayah had been taken ill, and ... she had just died").
    """
    if tok is None:
        return None
    ent = view.who(tok)
    if tok.pos_ == "NOUN" and _bare_definite(tok):
        better = _usual_bearer(view, tok, ent)
        if better:
            return better
    gender = _GENDERED.get(tok.lower_)
    rebound = ent != view.coref_entity(tok)  # the binding constraints moved it already
    if gender and ent and tok.dep_ in ("nsubj", "nsubjpass") and not rebound:
        better = _sentence_antecedent(view, tok, ent, gender)
        if better:
            return better
    return ent


def _bare_definite(noun: Token) -> bool:
    """'the woman' (points back to one the story knows), not 'the dead man' or 'the woman in white'
    (which may bring in someone new)."""
    deps = {c.dep_ for c in noun.children}
    return any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children) and deps <= {"det", "punct"}


def _mentions_before(view: SentenceView, tok: Token) -> list:
    """The World's mentions (with an entity) that start before ``tok``'s phrase."""
    story = view.story
    k = bisect.bisect_left(story.starts, view.offset + tok.left_edge.idx)
    return story.mentions[:k]


def _head_word(text: str) -> str:
    """The last word of a mention's text before any comma or relative clause ("the old woman, who ..." → woman)."""
    core = text.split(",")[0].split(" who ")[0].split(" that ")[0]
    parts = core.lower().split()
    return parts[-1] if parts else ""


def _usual_bearer(view: SentenceView, noun: Token, ent: str | None) -> str | None:
    """For "the <noun>" on ``ent``: the character the story has called <noun> most often before, when
    ``ent`` was never called so (None when coreference's entity was, or none other was)."""
    word = noun.lower_
    counts: dict[str, int] = {}
    for m in _mentions_before(view, noun):
        if m.kind != MentionKind.PRONOUN and _head_word(m.text) == word:
            counts[m.entity] = counts.get(m.entity, 0) + 1
    if not counts or (ent and counts.get(ent)):
        return None
    best = max(counts, key=lambda e: counts[e])
    return best if _is_character(view, best) else None


def _sentence_antecedent(view: SentenceView, pron: Token, ent: str, gender: str) -> str | None:
    """The nearest character of ``gender`` named as the subject of an earlier clause of ``pron``'s
    sentence, when ``ent`` is not named there at all."""
    start = view.offset
    before = [m for m in _mentions_before(view, pron) if m.span.start >= start]
    if any(m.entity == ent for m in before):
        return None
    subjects = {view.offset + t.idx for t in view.doc[: pron.i] if t.dep_ in ("nsubj", "nsubjpass")}
    for m in reversed(before):
        compatible = _is_character(view, m.entity) and view.gender(m.entity) in ("", gender)
        heads = {m.span.start + k for k in range(len(m.text))}
        if compatible and m.kind != MentionKind.PRONOUN and heads & subjects:
            return m.entity
    return None


def _living(view: SentenceView, ent: str) -> bool:
    """A character or group, or a thing named by a creature noun ("the goat", which coreference may
    type as an object)."""
    if view.kind(ent) in _LIVING:
        return True
    try:
        name = view.story.ws.entity(ent).name
    except KeyError:
        return False
    return bool(name) and name.split()[-1].lower() in view.w.animate


def _is_character(view: SentenceView, ent: str) -> bool:
    try:
        e = view.story.ws.entity(ent)
    except KeyError:
        return False
    return e.kind == EntityKind.CHARACTER and e.number != "plural"


def _it_creature(view: SentenceView, it: Token) -> str | None:
    """For an 'it' that coreference left unresolved: the nearest earlier creature named in this sentence
    or the one before ("carried off the goat, ... it was suffocated" → the goat)."""
    scope = [(view, t) for t in reversed(view.doc[: it.i])]
    if view.previous is not None:
        scope += [(view.previous, t) for t in reversed(view.previous.doc)]
    for where, noun in scope:
        if noun.pos_ != "NOUN" or not any(c.dep_ in ("det", "poss") and c.lower_ != "a" for c in noun.children):
            continue  # a specific creature ("the goat"), not any ("when a child fell into her power")
        ent = where.ent(noun)
        creature = noun.lemma_.lower() in where.w.animate or where.kind(ent) == "character"
        if ent and creature and where.gender(ent) not in ("male", "female"):
            return ent
    return None


def _target(view: SentenceView, tok: Token | None) -> str | None:
    """The entity a kill or death falls on, an unresolved 'it' read back to a creature."""
    if tok is None:
        return None
    ent = death_referent(view, tok)
    if ent is None and tok.lower_ == "it":
        return _it_creature(view, tok)
    return ent


# -- verbs -----------------------------------------------------------------------------------------------
def _passive(verb: Token) -> bool:
    return any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children)


def _progressive(verb: Token) -> bool:
    """'was dying', 'the dying Indian', 'were dying like flies': no death yet."""
    if verb.tag_ != "VBG":
        return False
    return not (verb.dep_ == "pcomp" and verb.head.lower_ in ("after", "by", "on", "upon"))  # "after killing": done


def _pp(verb: Token, prep: str, lemmas: tuple[str, ...]) -> Token | None:
    """The object of a phrase ``prep`` + one of ``lemmas`` under the verb ("to death", "back to life")."""
    for p in verb.children:
        heads = [p] + [g for g in p.children if g.dep_ == "prep"] if p.dep_ in ("advmod", "prt") else [p]
        for h in heads:
            if h.dep_ == "prep" and h.lower_ == prep:
                pobj = next((g for g in h.children if g.dep_ == "pobj" and g.lemma_.lower() in lemmas), None)
                if pobj is not None:
                    return pobj
    return None


def _undergoer(view: SentenceView, verb: Token) -> tuple[str | None, Token | None]:
    """Who a transitive life verb acts on: the passive subject (inherited through coordination:
    "had lain there and had been murdered"), else the object, a reflexive one meaning the subject."""
    if _passive(verb):
        subj = next((c for c in verb.children if c.dep_ == "nsubjpass"), None) or view.subject(verb)
        return _target(view, subj), subj
    obj = direct_object(verb)
    if obj is not None and is_reflexive(obj):
        subj = view.subject(verb)
        return _target(view, subj), obj
    return _target(view, obj), obj


def life_by_verb(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'he died', 'they killed the dragon', 'it was suffocated', 'beat him to death', 'came to life',
    'brought him back to life', 'the servant revived'."""
    classes = verb_classes(verb)
    to_death = _pp(verb, "to", ("death",))
    to_life = _pp(verb, "to", ("life",)) or _pp(verb, "from", ("dead",))
    if not classes and to_death is None and to_life is None:
        yield from _life_as_object(view, verb)
        return
    if _progressive(verb) or _figurative(view, verb):
        return
    lw = life_words()
    if to_death is not None and verb.lemma_.lower() in lw.feeling_verbs:
        return  # "frightened to death"
    if verb.dep_ == "xcomp" and verb.head.lemma_.lower() in lw.verdict_verbs:
        verdict = verb.head  # "sentenced him to die": the one sentenced
        yield from _to_come(view, verdict, _target(view, direct_object(verdict)) or _undergoer(view, verdict)[0], verb)
        return
    if to_death is not None and verb.lemma_.lower() in lw.verdict_verbs:
        yield from _to_come(view, verb, _undergoer(view, verb)[0], to_death)  # "condemned to death"
        return
    takes_object = classes != {DIE} or to_death is not None  # "died ..., the doves": a parse slip, not an object
    transitive = _passive(verb) or (takes_object and direct_object(verb) is not None)
    if to_life is not None or (REVIVE in classes and verb.lemma_.lower() != "raise"):
        who, tok = _undergoer(view, verb) if transitive else (_target(view, view.subject(verb)), None)
        yield from _told(view, verb, who, "true", tok, to_life)
        return
    if transitive and (KILL in classes or to_death is not None):
        who, tok = _undergoer(view, verb)
        yield from _told(view, verb, who, "false", tok, to_death)
    elif not transitive and (DIE in classes or to_death is not None):
        yield from _told(view, verb, _target(view, view.subject(verb)), "false", None, to_death)


def _life_as_object(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'took his own life', 'deprived him of life' (the owner, the object dies), 'lost his life', 'gave her
    life for him' (the subject dies); 'spared his life', 'saved her life' are no death."""
    w, lemma = view.w, verb.lemma_.lower()
    yield from _struck_off(view, verb)
    if lemma not in w.life_taking_verbs and lemma not in w.life_losing_verbs:
        return
    if _progressive(verb) or _passive(verb):
        return
    obj = direct_object(verb)
    of_life = _pp(verb, "of", ("life",)) or (_pp(obj, "of", ("life",)) if obj is not None else None)
    if lemma in w.life_taking_verbs and of_life is not None and obj is not None:
        yield from _told(view, verb, _target(view, obj), "false", obj, of_life)  # "deprived him of life"
        return
    if obj is None or obj.lemma_.lower() != "life":
        return
    owner = next((c for c in obj.children if c.dep_ == "poss"), None)
    if owner is None:
        return  # "took life easy"
    who = _target(view, view.subject(verb)) if lemma in w.life_losing_verbs else _target(view, owner)
    if lemma in w.life_losing_verbs and _target(view, owner) != who:
        return  # "gave him his life back": not the giver's own
    yield from _told(view, verb, who, "false", obj)


def _struck_off(view: SentenceView, verb: Token) -> Iterator[Change]:
    """'cut off its head', 'struck off the giant's head': the owner of the part dies."""
    obj = direct_object(verb)
    if obj is None or obj.lemma_.lower() not in view.w.fatal_losses or _passive(verb) or _progressive(verb):
        return
    if not any(c.dep_ in ("prt", "advmod") and c.lower_ == "off" for c in verb.children):
        return
    owner = next((c for c in obj.children if c.dep_ == "poss"), None)
    if owner is not None:
        who = _target(view, owner)
        if owner.lower_ == "its" and (who is None or not _living(view, who)):
            who = _it_creature(view, owner)
        yield from _told(view, verb, who, "false", obj)


def _to_come(view: SentenceView, verb: Token, who: str | None, tok: Token) -> Iterator[Change]:
    """A death sentenced, not yet told: a FUTURE state (no fact)."""
    for change in _told(view, verb, who, "false", tok):
        if change.modality.factual:
            change.modality = Modality.FUTURE
        yield change


def _figurative(view: SentenceView, verb: Token) -> bool:
    """The verb's weapon is a look or a word: "stabbed him with a glance", "killed her with kindness"."""
    figurative = view.w.figurative_instruments
    return any(
        prep.dep_ == "prep"
        and prep.lower_ == "with"
        and any(o.dep_ == "pobj" and o.lemma_.lower() in figurative for o in prep.children)
        for prep in verb.children
    )


def _told(
    view: SentenceView, anchor: Token, who: str | None, value: str, *toks: Token | None, kind_ok: bool = False
) -> Iterator[Change]:
    """One ALIVE change of ``who`` anchored on ``anchor`` (a denied death is life: "was not dead")."""
    from worldstate.extract.timeline.change import make_change as _change

    if not who or (not kind_ok and not _living(view, who)):
        return
    change = _change(view, anchor, who, Predicate.ALIVE, value, *[t for t in toks if t is not None])
    if change.modality == Modality.NEGATED and _denied(anchor):  # "he was not dead after all", "she did not die"
        value = "true" if value == "false" else "false"
        change.value, change.modality = value, Modality.ASSERTED
    change.value_text = "alive" if value == "true" else "dead"
    yield change


def _denied(anchor: Token) -> bool:
    """True when the anchor's own clause is negated ("was not dead", "did not die"), not a governing
    one ("was not forced to kill her": no word on her life) nor a plan ("made up his mind not to kill her")."""
    if any(c.dep_ == "aux" and c.tag_ == "TO" for c in anchor.children):
        return False
    return any(c.dep_ == "neg" for c in anchor.children) or any(
        c.dep_ == "neg" for a in anchor.children if a.dep_ in ("aux", "auxpass") for c in a.children
    )


# -- adjectives ------------------------------------------------------------------------------------------
_LINK_LEMMAS = ("be", "fall", "lie", "drop", "come", "remain", "sink", "become", "stay")  # not "seemed dead"
_RESULT_LEMMAS = ("find", "strike", "shoot", "beat", "leave", "knock", "stab", "lay", "think", "believe", "fancy")


def life_by_adjective(view: SentenceView, adj: Token) -> Iterator[Change]:
    """'fell dead', 'was dead', 'came out alive', 'were still alive', 'found him dead', 'struck him dead',
    'thought her dead' (a belief)."""
    lw = life_words()
    low = adj.lower_
    if low not in lw.dead_adjectives and low not in lw.alive_adjectives:
        return
    if adj.dep_ not in ("acomp", "oprd", "advmod", "xcomp", "attr", "npadvmod", "dep", "ccomp", "conj", "advcl"):
        return
    if adj.dep_ == "conj":
        adj = adj.head if adj.head.lower_ in lw.dead_adjectives | lw.alive_adjectives else adj
    head = adj.head
    value = "false" if low in lw.dead_adjectives else "true"
    if head.lemma_ in _RESULT_LEMMAS and (obj := direct_object(head)) is not None and not _passive(head):
        who = _target(view, obj)  # "found him dead": the object
        if head.lemma_ in view.w.belief_verbs:
            yield from _believed(view, head, who, value, adj)
            return
        yield from _told(view, head, who, value, adj)
        return
    if head.lemma_ not in _LINK_LEMMAS + _RESULT_LEMMAS:
        return
    if head.lemma_ in ("come",) and value == "false":
        return
    subj = view.subject(head)
    who = _target(view, subj) if subj is not None else view.agent(head)
    if head.lemma_ in view.w.belief_verbs:  # "he had been thought dead": what people believed
        yield from _believed(view, head, who, value, adj)
        return
    yield from _told(view, head, who, value, adj)


def _believed(view: SentenceView, verb: Token, who: str | None, value: str, adj: Token) -> Iterator[Change]:
    """'thought her dead long since': the thinker's belief, not a fact."""
    for change in _told(view, verb, who, value, adj):
        change.modality, change.holder = Modality.BELIEF, None if _passive(verb) else view.agent(verb)
        yield change


# -- descriptions ----------------------------------------------------------------------------------------
def life_by_description(view: SentenceView, noun: Token) -> Iterator[Change]:
    """'the dead man', 'the murdered traveller', 'his late wife', 'a corpse', 'the dead body of Tippoo',
    'the ghost of his father', 'he was a dried-up corpse': dead from that mention."""
    lw = life_words()
    lemma = noun.lemma_.lower()
    marker = next((a for a in noun.children if a.dep_ == "amod" and _deadly_modifier(a)), None)
    if lemma not in lw.dead_nouns and marker is None:
        return
    if noun.dep_ == "pobj" and noun.head.lower_ in _SIMILE:
        return  # "lay like a dead man"
    if any(c.dep_ in ("neg",) or c.lower_ in ("no", "not") for c in noun.children):
        return
    toks = [t for t in (marker, noun) if t is not None]
    if lemma not in lw.dead_nouns and marker is not None and marker.lower_ in view.w.attributive_dead_adjectives:
        if lemma in view.w.people:  # "her late husband", not "the late hour"
            yield from _told(view, noun, death_referent(view, noun), "false", *toks)
        return
    for who, sure in _described(view, noun, dead_being=lemma in lw.dead_nouns):
        yield from _told(view, noun, who, "false", *toks, kind_ok=sure)


def _deadly_modifier(adj: Token) -> bool:
    """'dead', 'deceased', 'late' or a participle of killing ('murdered', 'slain', 'drowned')."""
    lw = life_words()
    low = adj.lower_
    if low in lw.dead_adjectives or low in words().attributive_dead_adjectives:
        return True
    if adj.tag_ != "VBN":
        return False
    return KILL in lw.verbs.get(adj.lemma_.lower(), frozenset())


def _described(view: SentenceView, noun: Token, dead_being: bool) -> list[tuple[str, bool]]:
    """Whom a dead description is of, each with whether the construction alone makes it a being: the
    subject of "he was a corpse" / "turned into a ghost"; the owner of a dead being or a dead thing ("the
    ghost of his father", "the dead body of Tippoo": any entity but a place or a time); and the noun's
    own character ("the dead man", "the phantom")."""
    out: list[tuple[str, bool]] = []
    head = noun.head
    if noun.dep_ == "attr" and head.lemma_ in ("be", "become", "remain", "seem"):
        out.append((view.agent(head) or "", False))
    if noun.dep_ == "pobj" and head.lower_ == "into" and head.head.lemma_ in ("turn", "change"):
        out.append((view.agent(head.head) or "", False))
    owner_tok = next((c for c in noun.children if c.dep_ == "poss"), None)
    if owner_tok is None:
        of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        owner_tok = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    own = death_referent(view, noun) if noun.pos_ in ("NOUN", "PROPN") else None
    animate = noun.lemma_.lower() in view.w.animate and not dead_being
    if owner_tok is not None and not animate and (dead_being or view.kind(own) not in _LIVING):
        owner = view.ent(owner_tok) or ""  # "the dead body of Tippoo", "his ghost"
        out.append((owner, view.kind(owner) not in ("place", "time", "")))
    if own and (animate or dead_being):
        out.append((own, False))
    return [(o, sure) for o, sure in dict.fromkeys(out) if o]
