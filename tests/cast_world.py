"""A synthetic story with a large cast (50 characters by default), hard-wrapped as Gutenberg texts are.

Every character has a paragraph: where they go, whom they meet, what they give to whom. The world state is
built by hand from that plan (no extractor), with a timeline of where each is, what each holds, whom each
met (a friend_of relation) and the trait an "Old" name tells, so the
pictures (entity graph, lanes, reflowed paragraphs) can be tested on a big cast quickly.
"""

from __future__ import annotations

from worldstate.state import (
    Channel,
    Entity,
    EntityKind,
    Event,
    Knowledge,
    Proposition,
    Span,
    Story,
    WorldState,
)
from worldstate.state.timeline import Predicate, StateInterval, Timeline

FIRST = [
    "Anna", "Bertram", "Clara", "Dietrich", "Elsa", "Friedrich", "Gretel", "Hans", "Ilse", "Jakob",
    "Katharina", "Ludwig", "Margarethe", "Nikolaus", "Ottilie", "Peter", "Rosamund", "Sebastian", "Theresia",
    "Ulrich", "Veronika", "Wilhelm", "Xaver", "Yvonne", "Zacharias",
]  # fmt: skip
TITLES = ["", "Old ", "Princess ", "the Miller ", "Little ", "Brother ", "Queen ", "the Huntsman "]
SURNAMES = ["", " of the Glass Mountain", " Rumpel", "", " the Bold", "", " from Beyond the Seven Hills", ""]
PLACES = ["the mill", "the forest", "the castle", "the well", "the village", "the glass mountain"]
OBJECTS = ["the golden key", "a silver ring", "the magic table", "a loaf of bread", "the spindle", "a feather"]
WRAP = 70


def cast_names(n: int) -> list[str]:
    """``n`` distinct names of varied length (short first names up to long titled ones)."""
    names = []
    for i in range(n):
        first = FIRST[i % len(FIRST)]
        names.append(f"{TITLES[i % len(TITLES)]}{first}{SURNAMES[(i // 2) % len(SURNAMES)]}".strip())
        if i >= len(FIRST):
            names[-1] += " the Younger"
    assert len(set(names)) == n
    return names


def _wrap(paragraph: str, width: int = WRAP) -> str:
    """Hard-wrap by turning spaces into newlines (same length, so offsets do not move)."""
    chars = list(paragraph)
    line_start, last_space = 0, -1
    for i, ch in enumerate(chars):
        if ch == " ":
            last_space = i
        if i - line_start >= width and last_space > line_start:
            chars[last_space] = "\n"
            line_start = last_space + 1
    return "".join(chars)


def cast_world(n: int = 50) -> tuple[WorldState, Timeline]:
    """The world state and timeline of a story about ``n`` characters (sentence plan in the module doc)."""
    names = cast_names(n)
    plan: list[tuple[str, dict]] = []  # (sentence text, facts)
    paragraphs: list[list[int]] = []
    for i, name in enumerate(names):
        friend, other = (i + 1) % n, (i * 7 + 3) % n
        place, thing = PLACES[i % len(PLACES)], OBJECTS[i % len(OBJECTS)]
        first = len(plan)
        plan.append(
            (f"Early one morning {name} walked down the long road to {place} and sat there.", {"go": (i, place)})
        )
        plan.append(
            (f"There {name} met {names[friend]} and spoke with {names[other]} for a long while.", {"meet": (i, friend)})
        )
        plan.append((f"{name} gave {thing} to {names[friend]}, who thanked them kindly.", {"give": (i, friend, thing)}))
        plan.append((f"Then {names[other]} told {name} a secret about {place}.", {"tell": (other, i)}))
        paragraphs.append(list(range(first, len(plan))))
    texts, spans = [], []
    pos = 0
    for para in paragraphs:
        body = " ".join(plan[k][0] for k in para)
        local = 0
        for k in para:
            spans.append(Span(pos + local, pos + local + len(plan[k][0])))
            local += len(plan[k][0]) + 1
        texts.append(_wrap(body))
        pos += len(body) + 2
    text = "\n\n".join(texts) + "\n"
    story = Story.from_text(text, source="cast.txt", title=f"A tale of {n} characters")
    story.resegment([(span.start, span.end) for span in spans])  # the plan's split, as a parser would give it
    assert story.layout == "blank-lines" and len(story.paragraphs) == n
    for sentence, span in zip(story.sentences, spans, strict=True):
        assert sentence.span == span

    ids = [f"c{i}" for i in range(n)]
    entities = [
        Entity(ids[i], name, EntityKind.CHARACTER, mentions=[f"m{i}-{k}" for k in range(4 + (n - i) // 5)])
        for i, name in enumerate(names)
    ]
    place_ids = {p: f"p{k}" for k, p in enumerate(PLACES)}
    thing_ids = {o: f"o{k}" for k, o in enumerate(OBJECTS)}
    entities += [Entity(pid, p, EntityKind.PLACE, mentions=["mp"]) for p, pid in place_ids.items()]
    entities += [Entity(oid, o, EntityKind.OBJECT, mentions=["mo"]) for o, oid in thing_ids.items()]
    events, props, knowledge, states = [], [], [], []
    holder: dict[str, int] = {}
    for k, (_sentence, facts) in enumerate(plan):
        span = spans[k]
        if "go" in facts:
            i, place = facts["go"]
            props.append(Proposition(f"q{k}", ids[i], "location", place_ids[place], span, k))
            knowledge.append(Knowledge(ids[i], f"q{k}", Channel.WITNESSED, k, evidence=span))
            states.append(StateInterval(ids[i], Predicate.LOCATION, place_ids[place], k, span, value_text=place))
            if names[i].startswith("Old "):  # "Old Bertram": a trait the name tells
                states.append(StateInterval(ids[i], Predicate.TRAIT, "age=old", k, span, value_text="old"))
        if "meet" in facts:
            i, friend = facts["meet"]
            events.append(Event(f"v{k}", "meet", k, k, span, agent=ids[i], patient=ids[friend], present=[ids[i]]))
            states.append(StateInterval(ids[i], Predicate.RELATION, f"friend_of={ids[friend]}", k, span))
        if "give" in facts:
            i, friend, thing = facts["give"]
            events.append(Event(f"v{k}", "give", k, k, span, agent=ids[i], patient=ids[friend], present=[ids[i]]))
            props.append(Proposition(f"q{k}", ids[friend], "holds", thing_ids[thing], span, k))
            knowledge.append(Knowledge(ids[friend], f"q{k}", Channel.WITNESSED, k, evidence=span))
            if thing in holder:
                states[holder[thing]].end = k
            holder[thing] = len(states)
            states.append(StateInterval(ids[friend], Predicate.HOLDS, thing_ids[thing], k, span, value_text=thing))
        if "tell" in facts:
            other, i = facts["tell"]
            events.append(Event(f"v{k}", "tell", k, k, span, agent=ids[other], patient=ids[i], present=[ids[i]]))
            knowledge.append(
                Knowledge(ids[i], f"q{k - 3}", Channel.TOLD, k, source_character=ids[other], evidence=span)
            )
    for s in states:  # a character stays at a place until they go to the next one
        later = [t.start for t in states if t.subject == s.subject and t.predicate == s.predicate and t.start > s.start]
        if s.predicate == Predicate.LOCATION and later:
            s.end = min(later)
    ws = WorldState(story=story, entities=entities, events=events, propositions=props, knowledge=knowledge)
    return ws, Timeline(sorted(states, key=lambda s: s.start))
