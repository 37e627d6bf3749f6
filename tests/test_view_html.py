"""The viewer page without a browser: payload, escaping, caps, evidence checks, the ``view`` command."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from click.testing import CliRunner

import worldstate.state as st
from worldstate.cli.main import cli
from worldstate.errors import InputError
from worldstate.state.text import split_paragraphs, split_sentences
from worldstate.view import Limits, build_html, build_payload, json_for_script
from worldstate.view.findings import load_findings_file, run_detectors, verify_evidence

STORY = (
    "Randall checks his permit. Maggie scolds him on the walkway.\n\n"
    "In the woods, Randall meets two bears. The key does nothing and the truck smashes into an oak.\n\n"
    'Later Maggie says, "Your truck smashed into that oak."'
)


def viewer_world(text: str = STORY, raw: bool = False) -> st.WorldState:
    """A small hand-built world: Maggie knows of a crash she did not see (one knowledge finding).

    ``raw`` keeps ``text`` exactly as given (no HTML normalisation), to test escaping.
    """
    if raw:
        paragraphs = split_paragraphs(text)
        story = st.Story(text=text, paragraphs=paragraphs, sentences=split_sentences(text, paragraphs), title="raw")
    else:
        story = st.Story.from_text(text, source="bears.txt")
    s = [x.span for x in story.sentences]
    randall = st.Entity("e1", "Randall", st.EntityKind.CHARACTER, mentions=["m1", "m2"], gender="male")
    maggie = st.Entity(
        "e2", "Maggie", st.EntityKind.CHARACTER, aliases=["Maggie Cassidy"], mentions=["m3"], first_sentence=1
    )
    oak = st.Entity("e3", "the oak", st.EntityKind.OBJECT, mentions=["m4"], first_sentence=3)
    woods = st.Entity("e4", "the woods", st.EntityKind.PLACE, mentions=["m5"], first_sentence=2)
    last = len(s) - 1
    events = [
        st.Event("v1", "check", 0, 0, s[0], agent="e1", present=["e1"]),
        st.Event("v2", "scold", 1, 1, s[1], agent="e2", patient="e1", present=["e1", "e2"], scene=0),
        st.Event("v3", "smash", 3, 3, s[min(3, last)], agent="e1", patient="e3", present=["e1"], scene=1),
        st.Event("v4", "say", last, last, s[last], agent="e2", present=["e2"], scene=2),
    ]
    props = [
        st.Proposition("p1", "e1", "crashed_into", "e3", s[min(3, last)], min(3, last), event="v3"),
        st.Proposition("p2", "e1", "location", "e4", s[min(2, last)], min(2, last)),
        st.Proposition("p3", "e1", "crashed_into", "e3", s[last], last, source=st.Source.SPEECH, holder="e2"),
    ]
    knowledge = [
        st.Knowledge("e1", "p1", st.Channel.WITNESSED, min(3, last), evidence=s[min(3, last)]),
        st.Knowledge("e2", "p3", st.Channel.THOUGHT, last, evidence=s[last]),
    ]
    finding = st.Finding(
        "knowledge",
        0.8,
        "Maggie speaks of the crash, but she was not in the woods and nobody told her.",
        [
            st.Evidence(s[last], story.span_text(s[last]), "error", last),
            st.Evidence(s[min(3, last)], story.span_text(s[min(3, last)]), "support", min(3, last)),
        ],
        character="Maggie",
    )
    return st.WorldState(
        story=story,
        entities=[randall, maggie, oak, woods],
        events=events,
        propositions=props,
        knowledge=knowledge,
        findings=[finding],
    )


def embedded_data(html: str) -> dict:
    match = re.search(r'<script type="application/json" id="ws-data">(.*?)</script>', html, re.S)
    assert match, "data block missing"
    return json.loads(match.group(1))


def test_page_is_self_contained_and_carries_the_world():
    html = build_html(viewer_world())
    assert html.startswith("<!DOCTYPE html>")
    assert "worldstateLayout" in html and "Content-Security-Policy" in html  # the graph layout is inlined
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:""", html), "page must not load anything from the network"
    data = embedded_data(html)
    assert [c["name"] for c in data["characters"]] == ["Randall", "Maggie"]
    assert data["knowledge"]["e1"][0]["channel"] == "witnessed"
    assert data["knowledge"]["e2"][0]["label"] == "Randall crashed_into the oak"
    finding = data["findings"][0]
    assert finding["character_id"] == "e2"
    start, end = finding["evidence"][0]["span"]
    assert (
        data["text"][start:end]
        == finding["evidence"][0]["text"]
        == 'Later Maggie says, "Your truck smashed into that oak."'
    )
    assert finding["evidence"][0]["sentence"] == 4
    # Maggie does not know the narrated crash (p1) nor where Randall was (p2).
    assert {u["proposition"] for u in data["unknown"]["e2"]} == {"p1", "p2"}


def test_json_for_script_escapes_everything_that_could_break_out():
    data = {"t": "</script><script>alert(1)</script> &amp; \u2028\u2029 <!--"}
    text = json_for_script(data)
    assert not re.search("[<>&\u2028\u2029]", text)
    assert json.loads(text) == data


def test_hostile_story_text_stays_data():
    hostile = (
        "Eve wrote </script><script>window.__pwned = 1</script> on the wall. "
        'She added <img src=x onerror="window.__pwned=2"> and &amp; &lt;b&gt; too.\n\n'
        "Then Eve left.\u2028The end."
    )
    ws = viewer_world(hostile, raw=True)
    assert ws.story.text == hostile
    html = build_html(ws)
    assert html.count("<script") == 3  # data block, library, viewer: nothing from the story
    assert "window.__pwned" not in html.split('id="ws-data">', 1)[0]
    assert embedded_data(html)["text"] == hostile


def test_payload_caps_graph_and_pages_long_stories():
    paragraphs = [f"Paragraph {i} tells of Anna and the sea. " * 20 for i in range(300)]
    ws = viewer_world("\n\n".join(paragraphs))
    extra = [st.Entity(f"x{i}", f"thing {i}", st.EntityKind.OBJECT, mentions=["m"] * (i % 5)) for i in range(200)]
    ws.entities.extend(extra)
    span = ws.story.sentences[0].span
    ws.propositions.extend(st.Proposition(f"q{i}", "e1", "owns", f"x{i}", span, 0) for i in range(0, 200, 2))
    data = build_payload(ws, ws.findings, limits=Limits(graph_nodes=25, page_chars=10_000))
    graph = data["graph"]
    assert len(graph["nodes"]) == 25 and graph["total_nodes"] == 204
    kept = {n["id"] for n in graph["nodes"]}
    assert kept >= {"e1", "e2"}  # characters first
    assert all(int(x[1:]) % 2 == 0 for x in kept if x.startswith("x"))  # unrelated things are left out
    assert all(e["source"] in kept and e["target"] in kept for e in graph["edges"])
    pages = data["pages"]
    assert pages[0][0] == 0 and pages[-1][1] == len(ws.story.paragraphs) - 1
    assert all(b[0] == a[1] + 1 for a, b in itertools.pairwise(pages))
    assert len(pages) > 10


def test_evidence_is_verified_moved_or_dropped():
    ws = viewer_world()
    story = ws.story
    quote = "The key does nothing"
    good = st.Finding("continuity", 0.5, "ok", [st.Evidence(story.find(quote), quote)])
    shifted = st.Finding("continuity", 0.5, "off by 3", [st.Evidence(st.Span(3, 3 + len(quote)), quote)])
    missing = st.Finding("continuity", 0.5, "gone", [st.Evidence(st.Span(0, 5), "not in the story")])
    checked, notes = verify_evidence([good, shifted, missing], story)
    assert checked[0].evidence[0].span == story.find(quote)
    assert checked[1].evidence[0].span == story.find(quote)
    assert checked[2].evidence == [] and len(notes) == 1
    for f in checked:
        for ev in f.evidence:
            assert story.span_text(ev.span) == ev.text


def test_findings_file_formats(tmp_path):
    ws = viewer_world()
    finding = ws.findings[0]
    as_answer = {"confidence": 0.8, "findings": [json.loads(st.to_json(ws))["findings"][0]], "has_error": True}
    path = tmp_path / "answer.json"
    path.write_text(json.dumps(as_answer))
    loaded = load_findings_file(path)
    assert loaded == [finding]
    (tmp_path / "list.json").write_text(json.dumps([as_answer, as_answer]))
    assert len(load_findings_file(tmp_path / "list.json")) == 2
    (tmp_path / "bad.json").write_text('{"findings": [{"explanation": "no category"}]}')
    with pytest.raises(InputError, match="finding 0"):
        load_findings_file(tmp_path / "bad.json")
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(InputError, match="not JSON"):
        load_findings_file(tmp_path / "broken.json")


def test_missing_detectors_become_notes(monkeypatch):
    from worldstate.analysis import World
    from worldstate.detect.heads import Head

    missing = Head("nothing", "worldstate.detect.no_such_detector:detect", "a head that is not installed")
    monkeypatch.setattr("worldstate.detect.heads.story_only_heads", lambda: [missing])
    found = run_detectors(World.of_state(viewer_world()))
    assert found.findings == []
    assert "worldstate.detect.no_such_detector:detect) is not available" in found.notes[0]


def test_view_command_with_saved_world_and_findings(tmp_path):
    ws = viewer_world()
    world = tmp_path / "world.json"
    world.write_text(st.to_json(ws))
    findings = tmp_path / "findings.json"
    findings.write_text(json.dumps([{"category": "continuity", "confidence": 0.4, "explanation": "extra"}]))
    out = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["view", "--world", str(world), "--findings", str(findings), "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = embedded_data(out.read_text(encoding="utf-8"))
    assert [f["category"] for f in data["findings"]] == ["knowledge", "continuity"]
    assert "2 findings" in result.output


def test_one_count_of_findings_in_the_payload_the_report_and_the_index(tmp_path):
    """Shown by default and unsure findings are counted once, alike in the page, ``view``'s report and
    the calibration fields survive the evidence check."""
    from worldstate.view.counts import FindingCount

    ws = viewer_world()
    world = tmp_path / "world.json"
    world.write_text(st.to_json(ws))
    unsure = {
        "category": "continuity",
        "confidence": 0.3,
        "explanation": "maybe",
        "probability": 0.2,
        "shown_by_default": False,
    }
    sure = {"category": "continuity", "confidence": 0.9, "explanation": "surely", "probability": 0.9}
    findings = tmp_path / "findings.json"
    findings.write_text(json.dumps([unsure, sure]))
    out = tmp_path / "page.html"
    result = CliRunner().invoke(cli, ["view", "--world", str(world), "--findings", str(findings), "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = embedded_data(out.read_text(encoding="utf-8"))
    assert [f["shown_by_default"] for f in data["findings"]] == [True, False, True]
    assert [f["probability"] for f in data["findings"]] == [None, 0.2, 0.9]
    assert data["finding_count"] == {
        "shown": 2,
        "unsure": 1,
        "short": "2 shown, 1 unsure",
        "text": "2 findings shown, 1 unsure",
    }
    assert "2 findings shown, 1 unsure" in result.output
    assert FindingCount(1, 0).text == "1 finding" and FindingCount(0, 0).text == "0 findings"
    assert FindingCount(0, 2).short == "0 shown, 2 unsure"


def test_view_command_bad_input_is_one_clear_line(tmp_path):
    bad = tmp_path / "world.json"
    bad.write_text('{"schema": "something else"}')
    result = CliRunner().invoke(cli, ["view", "--world", str(bad), "--out", str(tmp_path / "x.html")])
    assert result.exit_code == 2
    assert "not a saved world state" in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["view"])
    assert result.exit_code != 0 and "give a STORY file or --world" in result.output


def test_run_story_heads_times_each_head_and_keeps_the_missing_ones(monkeypatch):
    """The one loop over the story-only heads (the viewer and ``bench perf`` call it)."""
    from worldstate.analysis import World
    from worldstate.detect import heads
    from worldstate.detect.answers import Answer
    from worldstate.errors import ConfigError

    installed = heads.Head("fake", "unused:unused", "finds nothing")
    missing = heads.Head("nothing", "worldstate.detect.no_such_detector:detect", "a head that is not installed")
    monkeypatch.setattr(heads, "story_only_heads", lambda: [missing, installed])
    monkeypatch.setattr(heads, "get_head", {"fake": installed, "nothing": missing}.__getitem__)
    real_load = heads.Head.load
    monkeypatch.setattr(
        heads.Head, "load", lambda self: (lambda world: Answer()) if self is installed else real_load(self)
    )
    world = World.of_state(viewer_world())
    skipped: dict[str, ConfigError] = {}
    seconds: dict[str, float] = {}
    answers = heads.run_story_heads(world, missing=skipped, seconds=seconds)
    assert list(answers) == ["fake"] and list(seconds) == ["fake"] and seconds["fake"] >= 0
    assert list(skipped) == ["nothing"] and "is not available" in str(skipped["nothing"])
    with pytest.raises(ConfigError, match="is not available"):  # without ``missing``, a missing head is an error
        heads.run_story_heads(world)
