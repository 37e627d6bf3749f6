"""A speaker presenting a thing holds it: "'Well, here is a gold ring,' replied he", "'Here are the keys.'"

Inside a quote every state is the speaker's claim (``Modality.SPEECH``). A presentative ("here is X",
"here are X", "here it is") in the speaker's own quote shows a thing the speaker has at hand; it is read
as a fact of the story world on the same terms as a speaker's own place (:mod:`.self_report`): a speaker
the speech layer is sure of, a plain clause of the quote (not negated, not a question, not under a modal
or a condition), and no word of the narration marking the words as a lie. The thing is one the
possession patterns call holdable and a portable physical thing (:func:`.handling.is_portable`), and the
clause places it nowhere ("here is the ring on the floor" is not at hand). Its evidence is the quote.
"""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.coref.quoted import sure_speaker
from worldstate.extract.timeline.change import Change, make_change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.handling import is_portable
from worldstate.extract.timeline.patterns import holdable
from worldstate.extract.timeline.self_report import _asked, _marked_untrue
from worldstate.state.timeline import Modality, Predicate

HERE = "here"
PRESENTED_DEPS = ("attr", "nsubj")  # "here is a ring" (the parser makes the noun either)
PLACING_PREPS = frozenset({"in", "on", "at", "under", "upon", "inside", "beside", "by", "near"})


def presented_things(view: SentenceView) -> list[Change]:
    """Every thing a speaker presents in one sentence, held by the speaker."""
    out: list[Change] = []
    for verb in view.doc:
        if verb.lemma_.lower() == "be" and verb.tag_ in ("VBZ", "VBP"):
            change = presented(view, verb)
            if change is not None:
                out.append(change)
    return out


def presented(view: SentenceView, verb: Token) -> Change | None:
    """The speaker holds what "here is/are" presents in their sure, plain quote; else None."""
    here = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ == HERE), None)
    if here is None or here.i > verb.i or any(c.dep_ == "neg" for c in verb.children):
        return None
    quote = view.story.quote_at(view.offset + verb.idx)
    speaker = quote.speaker if quote is not None else None
    if quote is None or not speaker or not sure_speaker(quote) or view.kind(speaker) not in ("character", "group"):
        return None
    if view.narrated_modality(verb, within=quote.content_span)[0] != Modality.ASSERTED:
        return None
    if _asked(view, verb) or _marked_untrue(view):
        return None
    obj = next((c for c in verb.children if c.dep_ in PRESENTED_DEPS and c.i != here.i), None)
    if _placed(verb) or (obj is not None and _placed(obj)):
        return None
    thing = holdable(view, obj)
    if thing is None or obj is None or thing[0] == speaker or not is_portable(thing[2]):
        return None
    value, text, lemma = thing
    change = make_change(view, verb, speaker, Predicate.HOLDS, value, obj, value_text=text, object_lemma=lemma)
    return replace(change, modality=Modality.ASSERTED, holder=None, evidence=quote.content_span, present_tense=False)


def _placed(tok: Token) -> bool:
    """A phrase of place on the verb or the thing ("here is the ring on the floor")."""
    return any(c.dep_ == "prep" and c.lower_ in PLACING_PREPS for c in tok.children)
