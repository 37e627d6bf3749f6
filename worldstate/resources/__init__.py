"""Story-independent resources that extraction, the heads and the reasoner share.

- :mod:`~worldstate.resources.models`: the cached model loaders (spaCy pipelines, the sentence embedder),
  with :mod:`~worldstate.resources.spacy_lemmas` and :mod:`~worldstate.resources.spacy_ops`, the speed-ups
  applied to a loaded pipeline;
- :mod:`~worldstate.resources.lexicon`: the English word lists (``data/lexicon.yaml``);
- :mod:`~worldstate.resources.words`: the timeline's word tables (``data/patterns.yaml``,
  ``data/relation_nouns.yaml``);
- :mod:`~worldstate.resources.values`: the timeline's value vocabulary (the prefixes and value texts its
  states are written with) and the antonym lexicon its descriptions are compared by.

Nothing here reads a story or imports :mod:`worldstate.extract`: a rule or a head that names the same words
as extraction reads the same table.
"""
