"""The learned mention detector: spans and categories on hand-written sentences, the shipped model, the
world state's ``Mention.category``, and ``bench tune litbank-entities`` on a three-document subset."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from worldstate.analysis import analyze
from worldstate.extract.mentions import CATEGORIES, DetectedMention, MentionModel, detect_mentions, load_model
from worldstate.extract.mentions.attach import category_kind
from worldstate.extract.mentions.features import COLUMNS
from worldstate.extract.mentions.model import LABELS, shipped_path
from worldstate.state import EntityKind, Mention, MentionKind, Span
from worldstate.state.serialize import from_json, to_json


def _detect(text: str) -> list[tuple[str, str, str]]:
    doc = analyze(text, layers="parse").parsed
    assert doc is not None
    found = detect_mentions(doc)
    return [(" ".join(t.text for t in doc.tokens[m.first : m.last]), m.category, m.kind) for m in found]


def test_titles_are_kept_and_names_are_people() -> None:
    found = _detect("Mr. Darcy bowed to Mrs. Hall.")
    assert ("Mr. Darcy", "PER", "name") in found
    assert ("Mrs. Hall", "PER", "name") in found


def test_full_noun_phrase_and_nested_place() -> None:
    found = _detect("She entered a hall inlaid with precious stones. The king of France sailed to London.")
    assert ("a hall inlaid with precious stones", "FAC", "nominal") in found
    assert ("The king of France", "PER", "nominal") in found
    assert ("France", "GPE", "name") in found
    assert ("London", "GPE", "name") in found


def test_a_relative_clause_hung_elsewhere_still_gives_a_full_phrase() -> None:
    from worldstate.extract.mentions.candidates import candidates

    text = "She had read about children who had got burnt."
    doc = analyze(text, layers="parse").parsed
    assert doc is not None
    spans = {" ".join(t.text for t in doc.tokens[c.first : c.last]) for c in candidates(doc) if not c.pronoun}
    assert "children who had got burnt" in spans
    assert "children" in spans


def test_document_roles_count_names_after_titles() -> None:
    from worldstate.extract.mentions.features import document_roles

    doc = analyze("Miss Bates smiled. Uncle Bates laughed. Then Bates came in with the boy.", layers="parse").parsed
    assert doc is not None
    roles = document_roles(doc)
    assert roles["bates"]["n"] == 3
    assert roles["bates"]["titled"] == 2
    assert roles["bates"]["lower"] == 0
    assert roles["boy"] == {**roles["boy"], "n": 1, "titled": 0, "lower": 1}


def test_census_names_and_span_edges_become_features() -> None:
    from worldstate.extract.mentions.candidates import Candidate
    from worldstate.extract.mentions.features import features, name_list_features, person_names

    assert "female" in person_names()["ursula"]
    assert "last" in person_names()["hall"]
    doc = analyze("Ursula saw that a man with no hat stood near the gate.", layers="parse").parsed
    assert doc is not None
    low = [t.low for t in doc.tokens]
    ursula = Candidate(0, 1, 0)
    assert "name_head=female" in name_list_features(doc, ursula)
    man = low.index("man")
    short, full = Candidate(man - 1, man + 1, man), Candidate(man - 1, low.index("hat") + 1, man)
    assert "dangling=0" not in features(doc, short, frozenset())  # "with no hat" hangs on "man", left out
    assert "dangling=0" in features(doc, full, frozenset())
    gate = Candidate(low.index("the"), low.index("gate") + 1, low.index("gate"))
    assert "name_head=female" not in features(doc, gate, frozenset())


def test_document_roles_count_person_names_and_who() -> None:
    from worldstate.extract.mentions.features import document_roles

    doc = analyze("The stranger who came was kind. The stranger smiled.", layers="parse").parsed
    assert doc is not None
    assert document_roles(doc)["stranger"]["who"] == 1


def test_pronouns_are_mentions_with_person_category_or_none() -> None:
    found = _detect("He gave it to her.")
    assert ("He", "PER", "pronoun") in found
    assert ("her", "PER", "pronoun") in found
    assert ("it", "", "pronoun") in found
    doc = analyze("He gave it to her.", layers="parse").parsed
    assert doc is not None
    assert not any(m.kind == "pronoun" for m in detect_mentions(doc, pronouns=False))


def test_detected_mentions_are_ordered_and_well_formed() -> None:
    doc = analyze("The old woman lived in a cottage near the forest with her two sons.", layers="parse").parsed
    assert doc is not None
    found = detect_mentions(doc)
    assert found == sorted(found, key=lambda m: (m.first, -m.last, m.head))
    for m in found:
        assert isinstance(m, DetectedMention)
        assert m.first <= m.head < m.last <= len(doc.tokens)
        assert m.category in (*CATEGORIES, "")
        assert 0.0 < m.probability <= 1.0


def test_shipped_model_loads_with_its_provenance() -> None:
    model = load_model()
    assert model is not None
    assert model.labels == LABELS
    assert model.weights.shape == (COLUMNS, len(LABELS))
    assert 0.0 < model.threshold < 1.0
    prov = json.loads(shipped_path().with_name("mention_model.provenance.json").read_text())
    assert prov["task"] == "litbank-entities"
    assert prov["score"]["cv"]["f1"] > 0.5
    assert shipped_path().stat().st_size < 4_000_000


def test_model_round_trips_and_scores_rows(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    model = MentionModel(rng.normal(size=(1 << 17, len(LABELS))).astype(np.float32), np.zeros(len(LABELS)), LABELS, 0.4)
    back = MentionModel.load(model.save(tmp_path / "m.npz"))
    probs = back.probabilities([[1, 2, 3], [7]])
    assert probs.shape == (2, len(LABELS))
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5)
    assert back.threshold == pytest.approx(0.4)
    expected = model.weights[[1, 2, 3]].astype(np.float16).astype(np.float32).sum(axis=0)
    assert np.argmax(probs[0]) == np.argmax(expected)


def test_category_gives_the_entity_kind() -> None:
    assert category_kind("PER") == EntityKind.CHARACTER
    assert category_kind("PER", plural=True) == EntityKind.GROUP
    assert category_kind("GPE") == category_kind("FAC") == category_kind("LOC") == EntityKind.PLACE
    assert category_kind("VEH") == EntityKind.OBJECT
    assert category_kind("") is None


def test_world_state_mentions_carry_categories_and_full_phrases() -> None:
    ws = analyze("Mr. Darcy entered a hall inlaid with precious stones. He sat down.").state
    by_text = {m.text: m for m in ws.mentions}
    assert by_text["a hall inlaid with precious stones"].category == "FAC"
    assert by_text["He"].category == "PER"
    darcy = next(m for m in ws.mentions if "Darcy" in m.text and m.entity)
    assert darcy.category == "PER"
    kinds = {e.id: e.kind for e in ws.entities}
    assert kinds[darcy.entity] == EntityKind.CHARACTER
    assert kinds[by_text["a hall inlaid with precious stones"].entity] == EntityKind.PLACE
    back = from_json(to_json(ws))
    assert [m.category for m in back.mentions] == [m.category for m in ws.mentions]


def test_old_json_without_category_still_reads() -> None:
    ws = analyze("Anna walked home.").state
    doc = json.loads(to_json(ws))
    for m in doc["mentions"]:
        m.pop("category")
    back = from_json(json.dumps(doc))
    assert all(m.category == "" for m in back.mentions)
    assert Mention("m1", Span(0, 4), "Anna", 0, MentionKind.NAME).category == ""


def _subset(litbank: Path, dest: Path, n: int = 3) -> Path:
    names = sorted(p.name[: -len("_brat.txt")] for p in (litbank / "coref" / "brat").glob("*_brat.txt"))[:n]
    for name in names:
        for sub, suffix in (("coref/brat", "_brat.txt"), ("coref/brat", "_brat.ann"), ("entities/tsv", "_brat.tsv")):
            (dest / sub).mkdir(parents=True, exist_ok=True)
            shutil.copy(litbank / sub / f"{name}{suffix}", dest / sub / f"{name}{suffix}")
    return dest


@pytest.mark.slow
def test_bench_tune_on_three_documents_writes_model_and_provenance(shared_data: Path, tmp_path: Path) -> None:
    from worldstate.bench.tune import TuneOptions, parameters_in_use, tuner
    from worldstate.config import Settings

    litbank = shared_data / "litbank"
    if not (litbank / "entities" / "tsv").is_dir():
        pytest.skip(f"LitBank entities not found at {litbank}")
    data = _subset(litbank, tmp_path / "litbank")
    settings = Settings.from_env().with_overrides(cache_dir=str(tmp_path / "cache"))
    prov = tuner("litbank-entities")(data, settings, TuneOptions(progress=False))
    assert prov["items"] == 3
    assert prov["parameters"]["folds"] == 3
    assert 0.0 < prov["score"]["cv"]["f1"] <= prov["score"]["in_sample"]["f1"] <= 1.0
    written = tmp_path / "cache" / "tuned" / "litbank-entities"
    assert (written / "provenance.json").is_file()
    assert MentionModel.load(written / "mention_model.npz").weights.shape[1] == len(LABELS)
    used = parameters_in_use("litbank-entities", settings, data)
    assert used is not None and used["source"] == "tuned" and used["in_sample"]


def test_a_first_name_is_no_person_of_its_own_inside_the_full_name_but_a_title_is() -> None:
    from worldstate.extract.mentions.candidates import Candidate
    from worldstate.extract.mentions.detect import drop_name_parts

    doc = analyze("Mrs. Rachel Lynde watched him.", layers="parse").parsed
    assert doc is not None
    words = [t.text for t in doc.tokens]
    mrs, rachel, lynde = words.index("Mrs."), words.index("Rachel"), words.index("Lynde")
    chosen = [
        (Candidate(mrs, lynde + 1, lynde), "PER", 0.9),
        (Candidate(mrs, mrs + 1, mrs), "PER", 0.8),
        (Candidate(rachel, rachel + 1, rachel), "PER", 0.6),
    ]
    kept = [" ".join(words[c.first : c.last]) for c, _, _ in drop_name_parts(doc, chosen)]
    assert kept == ["Mrs. Rachel Lynde", "Mrs."]


def test_esquire_joins_the_name_before_it() -> None:
    from worldstate.extract.mentions.candidates import Candidate
    from worldstate.extract.mentions.detect import with_esquires

    doc = analyze("He wrote to John Graves, Esq. at once.", layers="parse").parsed
    assert doc is not None
    words = [t.text for t in doc.tokens]
    john, esq = words.index("John"), words.index("Esq")
    chosen = [(Candidate(john, john + 2, john + 1), "PER", 0.9), (Candidate(esq, esq + 1, esq), "PER", 0.5)]
    out = with_esquires(doc, chosen)
    assert [(" ".join(words[c.first : c.last]), label) for c, label, _ in out] == [("John Graves , Esq", "PER")]


def _candidate_spans(text: str) -> set[str]:
    from worldstate.extract.mentions.candidates import candidates

    doc = analyze(text, layers="parse").parsed
    assert doc is not None
    return {" ".join(t.text for t in doc.tokens[c.first : c.last]) for c in candidates(doc) if not c.pronoun}


def test_a_quotation_the_phrase_opens_is_closed_in_its_span() -> None:
    spans = _candidate_spans("The “ girl ” and the cook quarrelled. She married a “ prominent resident , ” they said.")
    assert "The “ girl ”" in spans
    assert "The “ girl" not in spans
    assert "a “ prominent resident , ”" in spans
    assert not any(s.startswith("“") or s.endswith("“") for s in spans)  # a phrase never opens or ends on one


def test_a_phrase_cut_before_a_comma_names_what_the_comma_opens() -> None:
    from worldstate.extract.mentions.candidates import candidates
    from worldstate.extract.mentions.features import features

    doc = analyze("He married a disagreeable woman, whose fortune saved the house.", layers="parse").parsed
    assert doc is not None
    words = [t.text for t in doc.tokens]
    woman = words.index("woman")
    short = [c for c in candidates(doc) if c.head == woman and c.last == woman + 1]
    assert short and short[0].cut_dep == "punct>relcl"
    assert "after_comma=whose" in features(doc, short[0], frozenset())
    full = [c for c in candidates(doc) if c.head == woman and c.last == words.index("house") + 1]
    assert full and full[0].cut_dep == ""


def _feature_sets(text: str) -> dict[str, set[str]]:
    """Each non-pronoun candidate's text → its feature strings (later candidates with the same text add)."""
    from worldstate.extract.mentions.candidates import candidates
    from worldstate.extract.mentions.detect import _titles
    from worldstate.extract.mentions.features import document_roles, features

    doc = analyze(text, layers="parse").parsed
    assert doc is not None
    roles = document_roles(doc)
    out: dict[str, set[str]] = {}
    for c in candidates(doc):
        if not c.pronoun:
            words = " ".join(t.text for t in doc.tokens[c.first : c.last])
            out.setdefault(words, set()).update(features(doc, c, _titles(), roles))
    return out


def test_a_title_alone_before_a_name_is_marked_whichever_title_it_is() -> None:
    found = _feature_sets("Aunt Lyddy came in. Count Dracula smiled at the count of sheep.")
    assert "title_alone" in found["Aunt"]
    assert "title_alone" in found["Count"]
    assert "title_alone" not in found["Lyddy"]
    assert "title_alone" not in found["Aunt Lyddy"]
    assert not any(f.startswith("title_alone") for f in found.get("count", set()))


def test_person_evidence_of_the_document_leans_to_person_or_place() -> None:
    found = _feature_sets("Florence said that she was tired. Florence smiled. They went to Paris, and Paris slept.")
    assert any(f.startswith("ev_lean=person|") for f in found["Florence"])
    assert any(f.startswith("ev_lean=place|") for f in found["Paris"])
    assert "ev_person=1|nsubj" in found["Florence"]


def test_a_capitalised_word_opening_a_quotation_knows_its_lower_case_uses() -> None:
    from worldstate.extract.mentions.features import _opens_sentence, document_roles

    text = "“ Reckon this is the deal , ” said Snake . I reckon not ."
    doc = analyze(text, layers="parse").parsed
    assert doc is not None
    reckon = next(t for t in doc.tokens if t.text == "Reckon")
    snake = next(t for t in doc.tokens if t.text == "Snake")
    assert _opens_sentence(doc, reckon.i)
    assert not _opens_sentence(doc, snake.i)
    roles = document_roles(doc)
    if reckon.pos in ("NOUN", "PROPN"):  # the parser's tag decides whether it is a candidate head
        assert roles[reckon.lemma.lower()]["lower_any"] == 1
        assert "initial_cap|lower=1" in _feature_sets(text)["Reckon"]
    assert not any(f.startswith("initial_cap") for f in _feature_sets(text)["Snake"])
