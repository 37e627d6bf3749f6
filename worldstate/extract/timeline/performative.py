"""A gift made by saying it: "'I give you a ring as a remembrance of me,' he said to his beloved".

Inside a quote every holding is the speaker's claim (``Modality.SPEECH``). A first-person, simple-present
statement of giving ("I give you", "I leave you my cow") is no claim about the world but the act itself: the
words hand the thing over. Such a holding is taken for a fact of the story when the speech layer is sure of
the speaker (:func:`sure_speaker`), the clause puts it plainly within the quote (not negated, not under a
modal, a condition or a question) and the narration of the sentence calls nothing a lie. Its evidence is the
quote. (As :mod:`.self_report` does for a speaker's own "I am in the clock-case".)
"""

from __future__ import annotations

from dataclasses import replace

from worldstate.extract.coref.quoted import sure_speaker
from worldstate.extract.timeline.change import RELEASE, Change
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.extract.timeline.patterns import possession
from worldstate.extract.timeline.verbs import GIVE, class_of
from worldstate.state.timeline import Modality, Predicate


def performed_gifts(view: SentenceView) -> list[Change]:
    """The holdings a speaker's "I give you …" makes, as facts, in one sentence."""
    out: list[Change] = []
    for verb in view.doc:
        if (
            verb.pos_ == "VERB"
            and verb.tag_ == "VBP"
            and class_of(verb, view.w) == GIVE
            and _spoken_plainly(view, verb)
        ):
            quote = view.story.quote_at(view.offset + verb.idx)
            assert quote is not None  # _spoken_plainly found it
            out += [
                replace(c, modality=Modality.ASSERTED, holder=None, evidence=quote.content_span, present_tense=False)
                for c in possession(view, verb)
                if c.predicate == Predicate.HOLDS and c.modality == Modality.SPEECH and c.subject != RELEASE
            ]
    return out


def _spoken_plainly(view: SentenceView, verb: Token) -> bool:
    """``verb`` has the subject "I", stands in a quote whose speaker is sure, is asserted within the quote,
    asks nothing and is not called a lie by the narration."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None or subject.lower_ != "i":
        return False
    quote = view.story.quote_at(view.offset + verb.idx)
    if quote is None or not quote.speaker or not sure_speaker(quote):
        return False
    if view.narrated_modality(verb, within=quote.content_span)[0] != Modality.ASSERTED:
        return False
    if any(t.text == "?" for t in view.doc[verb.i :]):
        return False
    deceit = view.w.deceit_words
    return not any(t.lower_ in deceit and not view.story.speaker_at(view.offset + t.idx)[0] for t in view.doc)
