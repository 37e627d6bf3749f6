"""Two speed-ups of spaCy's rule lemmatizer that change no lemma.

- Its word index per part of speech (``lemma_index``: 57,528 nouns, 20,993 adjectives …) is a list, and
  every candidate form of every new word is looked up in it (``form in index``): a linear scan. The same
  words as a frozenset answer the same membership test at once.
- ``Lemmatizer.rule_lemmatize`` caches its lemmas per (word, POS, morphology), except when the token is a
  base form (a singular noun, an infinitive …): then it returns the lower-cased word without caching, and
  checks ``is_base_form`` again for every later occurrence. The result depends only on the same key, so
  it is cached too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Token


def cache_every_lemma(nlp: Language) -> None:
    """Make ``nlp``'s rule lemmatizer (if it has one) look words up in sets and cache base forms too."""
    if "lemmatizer" not in nlp.pipe_names:
        return
    lemmatizer: Any = nlp.get_pipe("lemmatizer")
    if getattr(lemmatizer, "mode", "") != "rule" or getattr(lemmatizer, "_caches_base_forms", False):
        return
    index = lemmatizer.lookups.get_table("lemma_index", {})
    for pos in list(index.keys()) if hasattr(index, "keys") else []:
        words = index.get(pos)
        if isinstance(words, list):
            index[pos] = frozenset(words)
    rule_lemmatize: Callable[[Token], list[str]] = lemmatizer.rule_lemmatize
    cache: dict[tuple[int, int, int], list[str]] = lemmatizer.cache

    def lemmatize(token: Token) -> list[str]:
        key = (token.orth, token.pos, token.morph.key)
        forms = cache.get(key)
        if forms is None:
            forms = cache[key] = rule_lemmatize(token)
        return forms

    lemmatizer.lemmatize = lemmatize
    lemmatizer._caches_base_forms = True


def word_index(nlp: Language, parts: tuple[str, ...] = ("verb", "adv", "adj")) -> frozenset[str]:
    """The lower-case words of ``parts`` of speech in ``nlp``'s rule-lemmatizer index ("arise", "forthwith");
    empty when the pipeline has no such index."""
    if "lemmatizer" not in nlp.pipe_names:
        return frozenset()
    index = getattr(nlp.get_pipe("lemmatizer"), "lookups", None)
    table = index.get_table("lemma_index", {}) if index is not None else {}
    return frozenset(w for part in parts for w in (table.get(part) or ()))
