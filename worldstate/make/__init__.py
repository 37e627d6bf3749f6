"""FlawedFictionsMaker: synthesise continuity errors into stories (seed 000 §3), offline.

Stages, one module each: ``corpus`` (read stories), ``acts`` (three-act split), ``facts`` (Act-1
facts from the parse), ``scoring`` (how much of Acts 2–3 depends on a fact), ``edits`` (typed
counterfactual edits), ``patch`` (Act 1 + edited Acts 2–3), ``judge`` (filters), ``writer``
(FlawedFictions records and provenance), ``constory`` (ConStory-style error injection).
``maker`` runs the stages in order.
"""
