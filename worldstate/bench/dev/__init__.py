"""Development measurements that are not benchmark tasks (``worldstate bench made-set``, ``bench extraction``).

- ``made_continuity``: the continuity head on a set made by ``worldstate make-flawed`` (seeded tuning and
  held-out halves by story, recall per edit kind, reasoner candidates dumped for calibration);
- ``made_constory``: recall and precision per ConStory subtype on errors planted by ``make-flawed --mode constory``;
- ``extraction``: a hand-check sample of the extractor's entities, pronoun links and knowledge records, its
  score, and how often KNP's implausible-knowledge sentence is inaccessible to the asked character.
"""
