"""Turn-taking in long exchanges, as features of the speaker ranker (:mod:`worldstate.extract.speakers`).

In an exchange of two people the unattributed turns alternate: counting utterances (quotes of one
sentence, or one paragraph, are one utterance) back to the nearest turn whose speaker a speech verb
gave, an even count points at that speaker and an odd one at the other participant (the exchange's other
verb-attributed speaker, else the anchor turn's listener or vocative). The same count runs forward to
the next verb-attributed turn. Each guess is a feature of the candidate it points at, with the count's
parity and size, so the ranker learns how far the count can be trusted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from worldstate.extract.speech_turns import Turn, TurnReader

MAX_STEPS = 8  # utterances counted to the anchor turn at most
RUN_REACH = 12  # turns each side of a quote searched for the exchange's participants


def _linked(ex: TurnReader, turns: list[Turn], a: int, b: int) -> bool:
    return ex.adjacent(turns[a], turns[b]) or ex.same_turn(turns[a], turns[b])


def _anchor(ex: TurnReader, turns: list[Turn], k: int, step: int) -> tuple[int, int] | None:
    """(turn index, utterances between) of the nearest verb-attributed turn before (``step`` -1) or after
    (+1) quote ``k`` in its exchange, or None."""
    j, count = k, 0
    while 0 <= j + step < len(turns):
        a, b = (j + step, j) if step < 0 else (j, j + step)
        if not _linked(ex, turns, a, b):
            return None
        if not ex.same_turn(turns[a], turns[b]):
            count += 1
        j += step
        if count > MAX_STEPS:
            return None
        if turns[j].rule == "verb" and turns[j].speaker:
            return j, count
    return None


def _other_participant(ex: TurnReader, turns: list[Turn], k: int, anchor: int) -> str | None:
    """The exchange's participant other than the anchor turn's speaker: the nearest other verb-attributed
    speaker in the linked run around quote ``k``, else the anchor turn's single listener or vocative."""
    speaker = turns[anchor].speaker
    for step in (-1, 1):
        j = k
        while 0 <= j + step < len(turns) and abs(j + step - k) <= RUN_REACH:
            a, b = (j + step, j) if step < 0 else (j, j + step)
            if not _linked(ex, turns, a, b):
                break
            j += step
            if turns[j].rule == "verb" and turns[j].speaker and turns[j].speaker != speaker:
                return turns[j].speaker
    called = [e for e in (*turns[anchor].addressees, *turns[anchor].vocatives) if e != speaker]
    return called[0] if len(set(called)) == 1 else None


def exchange_features(ex: TurnReader, turns: list[Turn], k: int) -> dict[str, set[str]]:
    """{entity: features} of the turn-taking guesses for quote ``k`` (none for a verb-attributed quote)."""
    out: dict[str, set[str]] = {}
    if turns[k].rule == "verb":
        return out
    guesses: dict[str, list[str]] = {}
    for step, side in ((-1, "back"), (1, "fwd")):
        found = _anchor(ex, turns, k, step)
        if found is None:
            continue
        anchor, count = found
        same = count % 2 == 0
        ent = turns[anchor].speaker if same else _other_participant(ex, turns, k, anchor)
        if not ent:
            continue
        parity = "same" if same else "other"
        out.setdefault(ent, set()).update(
            (f"parity_{side}", f"parity_{side}_{parity}", f"parity_{side}_{parity}={min(count, 4)}")
        )
        guesses.setdefault(ent, []).append(side)
    for ent, sides in guesses.items():
        if len(sides) == 2:
            out[ent].add("parity_agree")
    if len(guesses) == 2:
        for ent in guesses:
            out[ent].add("parity_disagree")
    return out
