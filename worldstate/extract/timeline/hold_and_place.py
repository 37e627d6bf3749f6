"""Readings of holding and place for constructions the clause patterns leave out, run after them on each
sentence: things that fall away or into a lap (:mod:`.falling`), one who puts oneself somewhere
(:mod:`.self_placed`), going into a place by a later motion sense (:mod:`.entering`), things fastened at a
place (:mod:`.fastened`), one pulled or pushed into a place (:mod:`.drawn_into`), a gift made by saying "I give you" (:mod:`.performative`), a child carried
(:mod:`.carried_child`), a thing left behind or let fall (:mod:`.left_behind`), a thing in someone's hand
(:mod:`.in_hand`), a thing broken to pieces (:mod:`.shattered`), a person "with" a thing (:mod:`.person_with`)."""

from __future__ import annotations

from worldstate.extract.timeline.carried_child import carried_children
from worldstate.extract.timeline.change import Change
from worldstate.extract.timeline.clause import SentenceView
from worldstate.extract.timeline.drawn_into import drawn_into
from worldstate.extract.timeline.entering import entered
from worldstate.extract.timeline.falling import fallen_things
from worldstate.extract.timeline.fastened import fastened_things
from worldstate.extract.timeline.in_hand import things_in_hand
from worldstate.extract.timeline.left_behind import left_things
from worldstate.extract.timeline.performative import performed_gifts
from worldstate.extract.timeline.person_with import people_with_things
from worldstate.extract.timeline.self_placed import self_placed
from worldstate.extract.timeline.shattered import shattered_things


def hold_and_place(view: SentenceView) -> list[Change]:
    """Every change these readings find in one sentence."""
    found = fallen_things(view) + self_placed(view) + entered(view) + fastened_things(view)
    found += drawn_into(view) + performed_gifts(view) + carried_children(view)
    return found + left_things(view) + things_in_hand(view) + shattered_things(view) + people_with_things(view)
