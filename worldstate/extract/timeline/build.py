"""Build a World's timeline: the sentence patterns, plus the name propositions, assembled."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.timeline.acquired_counts import acquired_counts
from worldstate.extract.timeline.assemble import assemble
from worldstate.extract.timeline.born import births
from worldstate.extract.timeline.claimed_deaths import claimed_deaths
from worldstate.extract.timeline.clause import SentenceView, sentence_views
from worldstate.extract.timeline.company_place import company_places, keep_fresh
from worldstate.extract.timeline.conjoined import conjoined_holdings
from worldstate.extract.timeline.contents import contents_follow
from worldstate.extract.timeline.death_senses import deaths_by_sense
from worldstate.extract.timeline.deeds import deed_tallies
from worldstate.extract.timeline.dialogue_kin import dialogue_kin
from worldstate.extract.timeline.done_there import done_there
from worldstate.extract.timeline.flashback_deaths import backdated_deaths
from worldstate.extract.timeline.group_kin import group_kin
from worldstate.extract.timeline.group_membership import memberships
from worldstate.extract.timeline.handling import handled_things
from worldstate.extract.timeline.hold_and_place import hold_and_place
from worldstate.extract.timeline.in_service import services
from worldstate.extract.timeline.inferred import read_inferred, settle
from worldstate.extract.timeline.kin_closure import kin_closure
from worldstate.extract.timeline.life_implied import bereaved
from worldstate.extract.timeline.marriage_gift import marriage_gifts
from worldstate.extract.timeline.measured import containers_held
from worldstate.extract.timeline.owned_losses import owned_losses
from worldstate.extract.timeline.patterns import Change, read_sentence
from worldstate.extract.timeline.possessed_kin import possessed_kin
from worldstate.extract.timeline.possessed_role import possessed_roles
from worldstate.extract.timeline.presentative import presented_things
from worldstate.extract.timeline.returning import dwellings, gone_back, resolve_returns
from worldstate.extract.timeline.role_change import role_changes
from worldstate.extract.timeline.scene import scene_members
from worldstate.extract.timeline.scene_presence import scene_presence
from worldstate.extract.timeline.story_time import story_time
from worldstate.extract.timeline.tally import tally_changes
from worldstate.extract.timeline.wedding import weddings
from worldstate.state import EntityKind, Source, Span
from worldstate.state.timeline import Modality, Predicate, Timeline

if TYPE_CHECKING:
    from worldstate.analysis import World


def build_timeline(world: World) -> Timeline:
    """Per-entity timelines of ``world`` (location, holdings, alive, traits, relations, counts, titles, names)."""
    changes: list[Change] = []
    all_views = sentence_views(world)
    views = [v for v in all_views if v is not None]
    for view in views:
        found = read_sentence(view) + handled_things(view) + presented_things(view)
        found += hold_and_place(view)  # fallen away or into a lap, put oneself, went into, fastened at
        changes += found + conjoined_holdings(view, found) + containers_held(view, found)  # a sack of flour
        changes += read_inferred(view) + done_there(view)  # places a reader infers (led along, resting at, did there)
        changes += company_places(view) + gone_back(view)  # followed, spoken to; went back
    changes += dialogue_kin(world, views)  # 'Father,' said the girl: kin called out in a quote
    changes += possessed_kin(views)  # 'his queen', 'the miller's boy': kin a possessor picks
    changes += possessed_roles(views)  # 'his gardener', 'the king's huntsman': in the possessor's service
    changes += services(views)  # 'was in the service of the king', 'in his service': his servant
    changes += births(views)  # 'gave birth to a daughter', 'a son was born to the king': parent and child
    changes += marriage_gifts(views)  # 'gave him his daughter to wife': married to the one she is given to
    changes += weddings(views, changes)  # 'the wedding was celebrated': the betrothed couple married
    changes += group_kin(views, changes)  # 'three sons … the youngest son': one of the group, its kin
    changes += role_changes(views, changes)  # 'the shadow became the master': a relation turned round
    changes += tally_changes(views)  # event arithmetic: group sizes, transfer tallies, debts
    changes += deed_tallies(views)  # 'broke off a little branch': things a character did something to
    changes += acquired_counts(views, changes)  # 'picked three apples': what one gets, an owned count
    changes += owned_losses(views, changes)  # 'had three sons … one of them died': two left
    changes += deaths_by_sense(views)  # 'they hanged him', 'hanging on the gallows': a later sense kills
    changes += bereaved(views, changes)  # "she was a widow": her husband is dead
    changes = claimed_deaths(views, changes)  # "'the witch is hanging on the gallows,' said he": a fact
    changes = backdated_deaths(views, changes)  # "for they had deprived him of life": from his last act on
    if _told_in_past(views):  # "witches have a keen scent": a general truth, not a state in story time
        changes = [c for c in changes if not (c.present_tense and c.modality == Modality.ASSERTED)]
    changes += _names(world)
    members = group_members(world)  # group entity → its members, read by the four readings below
    changes += _members_go_along(members, changes)
    changes += scene_members(world, changes, members)
    changes = resolve_returns(keep_fresh(changes), dwellings(views, members))  # back, home
    changes += contents_follow(changes, {e.id for e in world.state.entities if e.kind == EntityKind.OBJECT})
    changes = settle(changes)
    timeline = assemble(changes + scene_presence(world, views, changes, members))  # acts in a scene
    timeline.states += kin_closure(timeline.states, _gender(world), _named(world))  # parents of a child married …
    timeline.states.sort(key=lambda s: (s.start, s.evidence.start))
    timeline.story_time = story_time(all_views)  # the story clock, a layer the timeline reads
    return timeline


def _gender(world: World) -> Callable[[str], str]:
    """An entity's gender ('' when unknown or no entity of the World)."""
    genders = {e.id: e.gender or "" for e in world.state.entities}
    return lambda entity: genders.get(entity, "")


def _named(world: World) -> Callable[[str], bool]:
    """Whether an entity has a proper name ("Gretel"), not a role ("the sister", "the old woman")."""
    from worldstate.resources.words import words

    animate = words().animate
    names = {}
    for e in world.state.entities:
        head = e.name.split()[-1].lower() if e.name.split() else ""
        role = head in animate or head.removesuffix("s") in animate
        names[e.id] = e.name[:1].isupper() and not e.name.lower().startswith(("the ", "a ", "an ")) and not role
    return lambda entity: names.get(entity, False)


def _told_in_past(views: list[SentenceView]) -> bool:
    """True when most narrated main verbs are in the past tense."""
    past = present = 0
    for view in views:
        for tok in view.doc:
            if tok.dep_ != "ROOT" or view.story.speaker_at(view.offset + tok.idx)[0]:
                continue
            tags = {tok.tag_} | {c.tag_ for c in tok.children if c.dep_ in ("aux", "auxpass")}
            past += bool(tags & {"VBD"})
            present += bool(tags & {"VBZ", "VBP"})
    return past > 2 * present


def _names(world: World) -> list[Change]:
    """Names the propositions layer reads ('his name was Hans', 'she was called Snowdrop'), narration only."""
    known = {e.id for e in world.state.entities}
    return [
        Change(p.subject, Predicate.NAME, p.value.strip("'\"‘’“” "), p.sentence, p.span, Modality.ASSERTED, None)
        for p in world.state.propositions
        if p.predicate == "name" and p.polarity and p.source == Source.NARRATION and p.subject in known and p.value
    ]


def group_members(world: World) -> dict[str, set[str]]:
    """Group entity → its members: the characters named inside its mentions, or named by the parts of its
    name ("Hansel and Gretel" → Hansel, Gretel), else those the text tells (:mod:`.group_membership`: "the
    children", "they"). Only groups with two members or more."""
    ws = world.state
    kinds = {e.id: e.kind for e in ws.entities}
    names: dict[str, str] = {}
    for e in ws.entities:
        if e.kind == EntityKind.CHARACTER:
            for name in (e.name, *e.aliases):
                names.setdefault(name.lower(), e.id)
    # indexes, so that each group reads only its own mentions and the character mentions inside them
    inner = sorted(
        (m for m in ws.mentions if m.entity and kinds.get(m.entity) == EntityKind.CHARACTER), key=lambda m: m.span.start
    )
    inner_starts = [m.span.start for m in inner]
    spans_of: dict[str, list[Span]] = {}
    for m in ws.mentions:
        if m.entity:
            spans_of.setdefault(m.entity, []).append(m.span)
    members: dict[str, set[str]] = {}
    for group in (e for e in ws.entities if e.kind == EntityKind.GROUP):
        parts = [p.strip() for p in re.split(r",|\band\b", group.name) if p.strip()]
        found = {names[p.lower()] for p in parts if p.lower() in names}
        if len(found) < len(parts) or len(parts) < 2:
            found = {
                str(m.entity)
                for g in spans_of.get(group.id, [])
                for m in inner[bisect_left(inner_starts, g.start) : bisect_right(inner_starts, g.end)]
                if m.span.end <= g.end
            }
        if len(found) >= 2:
            members[group.id] = found
    for group_id, membership in memberships(world).items():  # "the children", "they": read from the text
        members.setdefault(group_id, set(membership.members))
    return members


def _members_go_along(members: dict[str, set[str]], changes: list[Change]) -> list[Change]:
    """Where a group goes, each of its members goes ("Hansel and Gretel … they went into the forest")."""
    return [
        replace(c, subject=member)
        for c in changes
        if c.predicate == Predicate.LOCATION and c.subject in members
        for member in sorted(members[c.subject])
    ]
