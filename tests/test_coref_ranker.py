"""The learned mention ranker and the character list: weights, naming, and bad input (no names,
second person, an unnamed narrator, a thousand-name cast, dialogue without said-verbs)."""

from __future__ import annotations

import numpy as np
import pytest

from worldstate.analysis import analyze
from worldstate.config import Settings
from worldstate.extract.coref.characters import ordered_aliases, pick_name
from worldstate.extract.coref.features import FEATURE_NAMES
from worldstate.extract.coref.ranker import RankerModel, load_ranker
from worldstate.state import EntityKind, MentionKind, WorldState


def _mention_entity(ws: WorldState, text: str, nth: int = 0) -> str | None:
    found = [m for m in ws.mentions if m.text == text]
    return found[nth].entity


def test_shipped_weights_load_and_score_probabilities() -> None:
    model = load_ranker()
    assert model is not None, "the package ships ranker weights"
    assert model.w1.shape == (len(FEATURE_NAMES), model.b1.shape[0])
    rows = np.zeros((3, len(FEATURE_NAMES)))
    rows[1, FEATURE_NAMES.index("exact")] = 1.0
    probs = model.score(rows)
    assert probs.shape == (3,) and np.all((probs > 0) & (probs < 1))
    assert 0.0 < model.threshold < 1.0
    assert model.provenance.get("command", "").startswith("worldstate bench tune litbank-coref")


def test_weights_round_trip_and_reject_other_features() -> None:
    model = load_ranker()
    assert model is not None
    again = RankerModel.from_dict(model.to_dict())
    rows = np.random.default_rng(0).random((4, len(FEATURE_NAMES)))
    assert np.allclose(again.score(rows), model.score(rows), atol=1e-5)
    bad = {**model.to_dict(), "features": FEATURE_NAMES[:-1]}
    with pytest.raises(ValueError):
        RankerModel.from_dict(bad)


def test_pick_name_prefers_frequent_proper_name_with_its_title() -> None:
    assert pick_name(["Mr. Hall", "Hall", "Mr. Hall"], ["the landlord"], "x") == "Mr. Hall"
    assert pick_name([], ["the little man", "the man", "the little man"], "x") == "the little man"
    assert pick_name(["GRETEL", "Gretel"], [], "x") == "Gretel"
    assert pick_name([], [], "fallback") == "fallback"
    assert ordered_aliases(["b", "a", "b", "c"], "c") == ["b", "a"]


def test_titles_keep_mr_and_mrs_apart() -> None:
    text = (
        "Mr. Hall came into the parlour. Mrs. Hall was cooking in the kitchen. "
        "Mr. Hall sat down by the fire. Mrs. Hall brought him some tea. She smiled at him."
    )
    ws = analyze(text, Settings()).state
    mr, mrs = _mention_entity(ws, "Mr. Hall"), _mention_entity(ws, "Mrs. Hall")
    assert mr and mrs and mr != mrs
    assert _mention_entity(ws, "Mr. Hall", 1) == mr
    assert _mention_entity(ws, "Mrs. Hall", 1) == mrs
    names = {c.name for c in analyze(text, Settings()).characters()}
    assert {"Mr. Hall", "Mrs. Hall"} <= names


def test_story_without_names_keeps_the_woman_and_the_boy_apart() -> None:
    text = (
        "The woman walked to the market. The boy followed the woman. "
        "The woman bought bread, and the boy carried the basket. The boy was tired."
    )
    world = analyze(text, Settings())
    woman, boy = _mention_entity(world.state, "The woman"), _mention_entity(world.state, "The boy")
    assert woman and boy and woman != boy
    chars = {c.id: c for c in world.characters()}
    assert woman in chars and boy in chars
    assert chars[woman].mentions >= 2 and chars[boy].mentions >= 2


def test_second_person_narration_does_not_crash_or_link_you_to_things() -> None:
    text = "You wake up in a dark room. You reach for the door. It is locked. You call out, but nobody answers."
    ws = analyze(text, Settings()).state
    kinds = {e.id: e.kind for e in ws.entities}
    for m in ws.mentions:
        if m.text.lower() == "you" and m.entity:
            assert kinds[m.entity] in (EntityKind.CHARACTER, EntityKind.GROUP)


def test_unnamed_narrator_does_not_take_third_person_pronouns() -> None:
    text = (
        "I was born in a small town by the sea. My father was a fisherman. "
        "He went out every morning before dawn. I waited for him on the beach. "
        "My mother said that he would come back."
    )
    ws = analyze(text, Settings()).state
    narrator = {m.entity for m in ws.mentions if m.text in ("I", "My")}
    assert len(narrator) == 1 and None not in narrator
    for m in ws.mentions:
        if m.text in ("He", "he", "him"):
            assert m.entity not in narrator


def test_thousand_name_cast_list_stays_apart() -> None:
    firsts = ["Alice", "Bruno", "Clara", "Dmitri", "Elena", "Felix", "Greta", "Hugo", "Ingrid", "Jonas"]
    lasts = [f"Zel{chr(97 + a)}{chr(97 + b)}ov" for a in range(10) for b in range(10)]
    cast = [f"{f} {surname}" for surname in lasts for f in firsts]
    text = "The cast of the play was long. " + " ".join(f"{name} played a part." for name in cast)
    ws = analyze(text, Settings()).state
    by_name = {}
    for m in ws.mentions:
        if m.kind == MentionKind.NAME and m.entity:
            by_name.setdefault(m.text, set()).add(m.entity)
    ents = {e for ids in by_name.values() for e in ids}
    assert len(by_name) >= 900
    assert len(ents) >= 0.9 * len(by_name), "distinct full names are not merged at random"


def test_dialogue_without_said_verbs_leaves_quote_pronouns_unmerged() -> None:
    text = (
        '"Where are you going?"\n\n"To the mill."\n\n"Take me with you."\n\n"No. I go alone."\n\n'
        "The rain began to fall."
    )
    world = analyze(text, Settings())
    ws = world.state
    assert ws.speeches, "the quotes are still speech"
    quote_pronouns = [m for m in ws.mentions if m.text in ("you", "me", "I")]
    assert quote_pronouns
    linked = {m.entity for m in quote_pronouns if m.entity}
    kinds = {e.id: e.kind for e in ws.entities}
    assert all(kinds[e] in (EntityKind.CHARACTER, EntityKind.GROUP) for e in linked)
    assert not any(e.name == "the rain" and e.kind == EntityKind.CHARACTER for e in ws.entities)


def test_the_trace_records_every_link_the_ranker_makes() -> None:
    """``cluster_mentions(..., trace)`` tells, per mention, the antecedent it joined (or -1) and its score:
    the links and the clusters agree (what the merge diagnostics of issue 15 read)."""
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.ranker import MERGE_NAMED, cluster_mentions
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.state import Story

    model = load_ranker()
    assert model is not None
    story = Story.from_text("Tom met Mary at the mill. He smiled at her. Tom left, and she stayed.")
    doc, _ = parse(story, Settings())
    table = mention_table(rule_pass(doc, story.text))
    trace: list[tuple[int, int, float]] = []
    cluster_of = cluster_mentions(table, model, trace)
    assert [t[0] for t in trace] == list(range(len(table.infos)))
    assert MERGE_NAMED  # clusters may merge after the links, never split: a linked pair shares a cluster
    for i, j, score in trace:
        if j >= 0:
            assert j < i and cluster_of[j] == cluster_of[i]
            lowest = min(model.threshold, model.pronoun_threshold or model.threshold)
            assert score == -1.0 or score >= lowest  # -1: the "X said he" rule
    assert any(j >= 0 for _, j, _ in trace), "the pronouns link"
