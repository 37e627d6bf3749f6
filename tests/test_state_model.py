import json

import pytest

import worldstate.state as st
from worldstate.state.graphs import build_view, graph_to_text


def small_world() -> st.WorldState:
    story = st.Story.from_text('<p>The old king died.</p><p>Anna told Tom, "The king is dead."</p>')
    king = st.Entity("e1", "the old king", st.EntityKind.CHARACTER, aliases=["king"], mentions=["m1"], gender="male")
    anna = st.Entity("e2", "Anna", st.EntityKind.CHARACTER, mentions=["m2"], gender="female", first_sentence=1)
    tom = st.Entity("e3", "Tom", st.EntityKind.CHARACTER, mentions=["m3"], gender="male", first_sentence=1)
    s0, s1 = story.sentences[0].span, story.sentences[1].span
    ev = st.Event("v1", "die", 0, 0, s0, agent="e1", present=["e1"])
    ev2 = st.Event("v2", "tell", 1, 1, s1, agent="e2", patient="e3", present=["e2", "e3"], causes=["v1"])
    prop = st.Proposition("p1", "e1", "alive", "false", s0, 0, event="v1")
    quote = story.find('"The king is dead."')
    speech = st.Speech("q1", "e2", ["e3"], quote, st.Span(quote.start + 1, quote.end - 1), 1, 1)
    prop2 = st.Proposition("p2", "e1", "alive", "false", quote, 1, source=st.Source.SPEECH, holder="e2")
    return st.WorldState(
        story=story,
        entities=[king, anna, tom],
        mentions=[st.Mention("m1", story.find("The old king"), "The old king", 0, st.MentionKind.NOMINAL, "e1")],
        events=[ev, ev2],
        propositions=[prop, prop2],
        speeches=[speech],
        perceptions=[st.Perception("e3", "v2", 1)],
        knowledge=[st.Knowledge("e3", "p2", st.Channel.TOLD, 1, source_character="e2", evidence=quote)],
        scenes=[(0, 1)],
        findings=[
            st.Finding("continuity", 0.9, "x", [st.Evidence(s0, story.span_text(s0), "contradicted", 0)], rule="life")
        ],
        unresolved=["pronoun 'it' in sentence 2"],
        metadata={"backend": "test"},
    )


def test_json_round_trip_is_exact():
    ws = small_world()
    text = st.to_json(ws)
    back = st.from_json(text)
    assert back == ws
    assert st.to_json(back) == text
    data = json.loads(text)
    assert data["schema"] == "worldstate/world-state" and data["version"] == 1


def test_bad_json_is_a_schema_error():
    with pytest.raises(st.SchemaError):
        st.from_json("{}")
    with pytest.raises(st.SchemaError):
        st.from_json("not json")
    data = json.loads(st.to_json(small_world()))
    data["version"] = 99
    with pytest.raises(st.SchemaError, match="version 99"):
        st.from_json(json.dumps(data))


def test_lookups():
    ws = small_world()
    assert ws.entity_by_name("KING").id == "e1"
    assert ws.entity_by_name("Anna").id == "e2"
    assert [e.id for e in ws.characters()] == ["e1", "e2", "e3"]
    assert ws.knowledge_of("e3")[0].channel is st.Channel.TOLD


@pytest.mark.parametrize("view", ["events", "entities", "knowledge"])
@pytest.mark.parametrize("fmt", ["json", "graphml", "gexf", "dot"])
def test_graph_exports(view, fmt):
    ws = small_world()
    g = build_view(ws, view, "e3" if view == "knowledge" else None)
    assert g.number_of_nodes() >= 2
    text = graph_to_text(g, fmt)
    if fmt == "json":
        data = json.loads(text)
        assert len(data["nodes"]) == g.number_of_nodes() and len(data["links"]) == g.number_of_edges()
    elif fmt == "gexf":
        import io

        import networkx as nx

        back = nx.read_gexf(io.BytesIO(text.encode("utf-8")))
        assert back.number_of_nodes() == g.number_of_nodes() and back.number_of_edges() == g.number_of_edges()
    elif fmt == "graphml":
        assert text.startswith("<graphml") or "<graphml" in text[:300]
        import networkx as nx

        assert nx.parse_graphml(text).number_of_nodes() == g.number_of_nodes()
    else:
        assert "digraph" in text
        import pydot

        assert pydot.graph_from_dot_data(text)


def test_event_graph_has_order_and_cause():
    g = build_view(small_world(), "events")
    assert g.edges["v1", "v2"]["relation"] in {"next", "causes"}
