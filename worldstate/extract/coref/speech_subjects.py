"""Mentions that say a quote: the subject of a verb of speaking next to quoted text ("… , " said the
old man", "The miller cried, " …"), or a mention a few words after such a verb with no punctuation
between ("said the miller"). The entity-level passes leave the clusters of such mentions as they are: the speech
layer reads quote speakers from them."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from worldstate.data import load_yaml
from worldstate.extract.coref.mentions import MentionInfo
from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import lexicon

SUBJECT_DEPS = ("nsubj", "nsubjpass")
INVERTED_REACH = 5  # tokens after a speech verb in which its inverted subject is met (as the speech layer reads it)
QUOTE_REACH = 1  # sentences either side of the verb's in which a quote must stand


@lru_cache(maxsize=1)
def attribution_verbs() -> frozenset[str]:
    """Lemmas whose subject speaks an adjacent quote (the speech layer's list)."""
    extra = load_yaml("extract", "data/speech.yaml")["attribution_verbs"]
    return lexicon().speech_verbs | frozenset(str(v) for v in extra)


def _quoted_sentences(doc: ParsedDoc) -> set[int]:
    return {tok.sent for tok in doc.tokens if tok.in_quote}


def _near_quote(sent: int, quoted: set[int]) -> bool:
    return any(s in quoted for s in range(sent - QUOTE_REACH, sent + QUOTE_REACH + 1))


def _is_speech_verb(doc: ParsedDoc, i: int, verbs: frozenset[str]) -> bool:
    tok = doc.tokens[i]
    return not tok.in_quote and tok.lemma in verbs and tok.pos in ("VERB", "AUX")


def speech_subjects(doc: ParsedDoc, infos: list[MentionInfo]) -> np.ndarray:
    """A flag per mention of ``infos``: it is the speaker of a nearby quote by the parse."""
    verbs = attribution_verbs()
    quoted = _quoted_sentences(doc)
    out = np.zeros(len(infos), dtype=bool)
    if not quoted:
        return out
    for n, info in enumerate(infos):
        tok = doc.tokens[info.head]
        if tok.in_quote or not _near_quote(tok.sent, quoted):
            continue
        if tok.dep in SUBJECT_DEPS and tok.head != tok.i and _is_speech_verb(doc, tok.head, verbs):
            out[n] = True
            continue
        for back in range(info.first - 1, max(-1, info.first - 1 - INVERTED_REACH), -1):
            prev = doc.tokens[back]
            if prev.pos == "PUNCT" or prev.in_quote:
                break
            if _is_speech_verb(doc, back, verbs):
                out[n] = True
                break
    return out
