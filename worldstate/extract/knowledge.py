"""Per-character knowledge: the perceptions and knowledge records the extraction stages write.

Channels, for a proposition stated in sentence *s*:

* narration → WITNESSED for every character present at *s* (see ``scenes``) or explicitly
  perceiving an event of *s* ("she saw …"); NARRATOR_ONLY for the main characters when nobody was there;
* speech → THOUGHT for the speaker (their own assertion), TOLD (source = speaker) for the
  addressees and everyone else present;
* a mental verb's clause ("she thought that …", "he decided to …") → THOUGHT for its holder only:
  private, so nobody else knows it.

The questions asked of these records (``accessible``, ``accessibility``, ``find_character``) live in
:mod:`worldstate.query` (:mod:`~worldstate.query.access`, :mod:`~worldstate.query.entities`).
"""

from __future__ import annotations

from collections import defaultdict

from worldstate.state import Channel, Event, Knowledge, Perception, Proposition, Source, Speech

NARRATOR_ONLY_CAST = 25  # NARRATOR_ONLY records go to this many most-mentioned characters


def perceptions_for(events: list[Event], explicit: dict[str, set[str]]) -> list[Perception]:
    """Presence perceptions for every event, plus explicit ones (perception verbs)."""
    out = []
    for ev in events:
        seen = set(explicit.get(ev.id, set()))
        for ch in ev.present:
            out.append(Perception(ch, ev.id, ev.time, explicit=ch in seen))
            seen.discard(ch)
        out.extend(Perception(ch, ev.id, ev.time, explicit=True) for ch in sorted(seen))
    return out


def derive_knowledge(
    props: list[Proposition],
    present: list[list[str]],
    perceivers: dict[int, set[str]],
    speeches: list[Speech],
    main_cast: list[str],
) -> list[Knowledge]:
    """Knowledge records for every proposition (near-linear: one pass, per-sentence lookups)."""
    speech_by_sentence: dict[int, list[Speech]] = defaultdict(list)
    for sp in speeches:
        for s in range(sp.sentence, sp.sentence + 1):
            speech_by_sentence[s].append(sp)
    out: list[Knowledge] = []
    for prop in props:
        s = prop.sentence
        here = set(present[s]) if s < len(present) else set()
        here |= perceivers.get(s, set())
        if prop.source == Source.THOUGHT and prop.holder:
            out.append(Knowledge(prop.holder, prop.id, Channel.THOUGHT, s, evidence=prop.span))
        elif prop.source == Source.SPEECH:
            speech = next((sp for sp in speech_by_sentence.get(s, []) if sp.span.contains(prop.span)), None)
            speaker = prop.holder
            if speaker:
                out.append(Knowledge(speaker, prop.id, Channel.THOUGHT, s, evidence=prop.span))
            hearers = list(dict.fromkeys([*(speech.addressees if speech else []), *sorted(here)]))
            for ch in hearers:
                if ch != speaker:
                    out.append(Knowledge(ch, prop.id, Channel.TOLD, s, source_character=speaker, evidence=prop.span))
        elif here:
            out.extend(Knowledge(ch, prop.id, Channel.WITNESSED, s, evidence=prop.span) for ch in sorted(here))
        else:
            out.extend(Knowledge(ch, prop.id, Channel.NARRATOR_ONLY, s, evidence=prop.span) for ch in main_cast)
    return out
