"""Events: one per verb, with agent, patient, instrument/location/recipient, negation, trigger and realis.

Every verb is an event (the heads read irrealis ones too); the realis tagger (:mod:`worldstate.extract.realis`)
says which are asserted, specific and happening, and adds the nouns and adjectives it marks as realis
events ("the death", "a sound") as events without roles.
"""

from __future__ import annotations

from typing import Any

from worldstate.extract.coref import Coreference
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.extract.realis import realis_model
from worldstate.resources.lexicon import lexicon
from worldstate.state import EntityKind, Event, Span

PRIVATE_ROLE = "private_to"  # Event.arguments role: the thinker whose private mental content this event is


def entity_of(doc: ParsedDoc, coref: Coreference, tok: Token | None) -> str | None:
    """Entity id of the mention headed by ``tok`` (following 'of'-less compounds and conjunct heads)."""
    if tok is None:
        return None
    info = coref.by_token.get(tok.i)
    return info.mention.entity if info else None


def subject_of(doc: ParsedDoc, verb: Token) -> Token | None:
    """The verb's subject, inherited from a coordinated or controlling verb when it has none."""
    seen = 0
    while seen < 5:
        subj = next(iter(doc.kids(verb.i, "nsubj")), None)
        if subj is not None and subj.tag in ("WP", "WDT") and verb.dep == "relcl":
            return doc.tokens[verb.head]  # "a king who had …" → the king
        if subj is not None:
            return subj
        if verb.dep in ("conj", "xcomp", "advcl") and verb.head != verb.i:
            verb = doc.tokens[verb.head]
            seen += 1
            continue
        return None
    return None


def thinker_of(doc: ParsedDoc, coref: Coreference, verb: Token) -> str | None:
    """The holder when ``verb`` is a mental verb or lies inside one's complement clause."""
    lex = lexicon()
    cur, hops = verb, 0
    while hops < 6:
        if cur.lemma in lex.mental_verbs and cur.pos in ("VERB", "AUX"):
            return entity_of(doc, coref, subject_of(doc, cur))
        if cur.head == cur.i or cur.dep not in ("ccomp", "xcomp", "conj", "advcl", "relcl", "pcomp", "pobj", "prep"):
            return None
        cur = doc.tokens[cur.head]
        hops += 1
    return None


def realis_decisions(doc: ParsedDoc, settings: Any = None) -> dict[int, bool] | None:
    """Token index → realis for every candidate trigger; None when no tagger parameters are available."""
    model = realis_model(settings)
    return model.realis(doc) if model is not None else None


def _word_event(tok: Token, number: int) -> Event:
    """A realis noun or adjective trigger ("the death", "a sound") as an event without roles."""
    span = Span(tok.start, tok.end)
    return Event(
        id=f"ev{number}", predicate=tok.lemma, sentence=tok.sent, time=tok.sent, span=span, trigger=span, realis=True
    )


def extract_events(
    doc: ParsedDoc, coref: Coreference, kinds: dict[str, EntityKind], settings: Any = None
) -> tuple[list[Event], dict[int, str]]:
    """All verb events and the realis noun/adjective events in narrative order (time = sentence index),
    and verb token → event id."""
    lex = lexicon()
    events: list[Event] = []
    by_verb: dict[int, str] = {}
    realis = realis_decisions(doc, settings)
    for tok in doc.tokens:
        if tok.pos != "VERB" or tok.dep in ("amod", "compound"):
            if realis is not None and realis.get(tok.i):
                events.append(_word_event(tok, len(events) + 1))
            continue
        subj = subject_of(doc, tok)
        agent = entity_of(doc, coref, subj)
        patient_tok = next(iter(doc.kids(tok.i, "dobj", "nsubjpass")), None)
        patient = entity_of(doc, coref, patient_tok)
        args: dict[str, str] = {}
        for by in doc.kids(tok.i, "agent"):  # passive "by X"
            pobj = next(iter(doc.kids(by.i, "pobj")), None)
            if entity_of(doc, coref, pobj):
                if patient is None and subj is not None and subj.dep == "nsubjpass":
                    patient = agent
                agent = entity_of(doc, coref, pobj)
        for kid in doc.kids(tok.i, "dative"):
            if entity_of(doc, coref, kid):
                args["recipient"] = entity_of(doc, coref, kid) or ""
        for prep in doc.kids(tok.i, "prep"):
            pobj = next(iter(doc.kids(prep.i, "pobj")), None)
            ent = entity_of(doc, coref, pobj)
            if pobj is None or ent is None:
                continue
            kind = kinds.get(ent)
            if prep.low == "with" and kind == EntityKind.OBJECT:
                args["instrument"] = ent
            elif prep.low in lex.location_preps and kind == EntityKind.PLACE:
                args["location"] = ent
            elif prep.low in ("to", "for") and kind == EntityKind.CHARACTER:
                args.setdefault("recipient", ent)
            elif prep.low == "with" and kind == EntityKind.CHARACTER:
                args["companion"] = ent
        thinker = thinker_of(doc, coref, tok)
        if thinker:
            args[PRIVATE_ROLE] = thinker
        edges = [t for t in (subj, patient_tok) if t is not None and t.sent == tok.sent]
        start = min([tok.start] + [t.start for t in edges])
        end = max([tok.end] + [t.end for t in edges])
        negated = bool(doc.kids(tok.i, "neg")) or any(doc.kids(a.i, "neg") for a in doc.kids(tok.i, "aux"))
        by_verb[tok.i] = f"ev{len(events) + 1}"
        events.append(
            Event(
                id=f"ev{len(events) + 1}",
                predicate=tok.lemma,
                sentence=tok.sent,
                time=tok.sent,
                span=Span(start, end),
                agent=agent,
                patient=patient,
                arguments=args,
                negated=negated,
                trigger=Span(tok.start, tok.end),
                realis=realis.get(tok.i, False) if realis is not None else not negated,
            )
        )
    return events, by_verb
