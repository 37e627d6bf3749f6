"""The speed-ups change no output: spaCy's lemmas with the lemma sets and cache, pair features against a
plain per-column reference, feature hashes against zlib, typed word lists, and the task registry read
from its YAML file."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from worldstate.analysis import analyze
from worldstate.extract.hashing import crc32_of

STORY = (
    "Hard by a great forest dwelt a poor wood-cutter with his wife and his two children. The boy was called "
    "Hansel and the girl Gretel. He had little to bite and to break, and once when great dearth fell on the "
    'land, he could no longer procure even daily bread. "What is to become of us?" said the woman. The '
    "children had not been able to sleep for hunger, and had heard what their stepmother had said to their "
    'father. Gretel wept bitter tears, and said to Hansel: "Now all is over with us." The mill wheels were '
    "turning, the geese were flying, and the kings' daughters were dancing in the castles."
)


def test_lemmas_are_those_of_an_unpatched_lemmatizer() -> None:
    import importlib

    from worldstate.resources.models import default_spacy_model, load_spacy

    patched = load_spacy()
    plain = importlib.import_module(default_spacy_model()).load()  # a second copy, as spaCy ships it
    assert getattr(patched.get_pipe("lemmatizer"), "_caches_base_forms", False)
    assert not getattr(plain.get_pipe("lemmatizer"), "_caches_base_forms", False)
    for _ in range(2):  # the second pass reads every lemma from the cache
        assert [t.lemma_ for t in patched(STORY)] == [t.lemma_ for t in plain(STORY)]


def _reference_rows(t, i: int, cands: np.ndarray, far: np.ndarray) -> np.ndarray:
    """Pair features column by column, written plainly (what ``pair_features`` must equal)."""
    from worldstate.extract.coref.features import FEATURE_NAMES, PRODUCT_SCALE

    out = np.zeros((len(cands), len(FEATURE_NAMES)))
    for r, j in enumerate(int(c) for c in cands):
        row = {}
        for prefix, values, width in (
            ("type", t.mtype, 8),
            ("kind", t.kind, 6),
            ("role", t.role, 4),
            ("ner", t.ner, 3),
        ):
            row[f"{prefix}_i_{int(values[i]) % width}"] = 1.0
            row[f"{prefix}_j_{int(values[j]) % width}"] = 1.0
        gi, gj = int(t.gender[i]), int(t.gender[j])
        pi, pj = bool(t.plural[i]), bool(t.plural[j])
        sdist = int(t.sentence[i] - t.sentence[j])
        row |= {
            "gender_i_known": gi > 0,
            "gender_j_known": gj > 0,
            "gender_agree": gi > 0 and gj == gi,
            "gender_clash": gi > 0 and gj > 0 and gj != gi,
            "plural_i": pi,
            "plural_j": pj,
            "number_clash": pi != pj,
            "exact": t.exact_key[i] >= 0 and t.exact_key[j] == t.exact_key[i],
            "head_match": t.head_key[i] >= 0 and t.head_key[j] == t.head_key[i],
            "name_key_match": t.name_key[i] >= 0 and t.name_key[j] == t.name_key[i],
            "name_word_overlap": bool(t.name_words[i] & t.name_words[j]),
            "title_clash": t.title_key[i] >= 0 and t.title_key[j] >= 0 and t.title_key[i] != t.title_key[j],
            "title_gender_clash": t.title_gender[i] > 0
            and t.title_gender[j] > 0
            and t.title_gender[i] != t.title_gender[j],
            "sent_dist_log": np.log1p(sdist),
            "sent_dist_0": sdist == 0,
            "ment_dist_log": np.log1p(i - j),
            "quote_i": t.quote[i] >= 0,
            "quote_j": t.quote[j] >= 0,
            "same_quote": t.quote[i] >= 0 and t.quote[j] == t.quote[i],
            "rule_same": t.rule_entity[i] >= 0 and t.rule_entity[j] == t.rule_entity[i],
            "clause_blocked": t.governor[j] == t.governor[i]
            and t.role[j] == 0
            and t.role[i] == 1
            and t.sentence[j] == t.sentence[i],
            "nested": t.first[j] <= t.first[i] and t.last[j] >= t.last[i],
            "definite_i": bool(t.definite[i]),
            "far_representative": far[r],
            "same_rule_kind": t.kind[j] == t.kind[i],
        }
        for name, value in row.items():
            out[r, FEATURE_NAMES.index(name)] = float(value)
    compatible = [
        k
        for k, j in enumerate(int(c) for c in cands)
        if (t.gender[j] in (0, t.gender[i]) or t.gender[i] == 0) and bool(t.plural[j]) == bool(t.plural[i])
    ]
    if compatible:
        latest = max(compatible, key=lambda k: int(cands[k]))
        out[latest, FEATURE_NAMES.index("j_is_latest_compatible")] = 1.0
    for r, j in enumerate(int(c) for c in cands):  # contextual columns, where the feature set has them
        for name, value in (
            ("ctx_head_cos", float(np.dot(t.head_vec[i], t.head_vec[j]))),
            ("ctx_span_cos", float(np.dot(t.span_vec[i], t.span_vec[j]))),
        ):
            if name in FEATURE_NAMES:
                out[r, FEATURE_NAMES.index(name)] = value
        for k in range(t.head_vec.shape[1]):
            if f"ctx_prod_{k}" in FEATURE_NAMES:
                out[r, FEATURE_NAMES.index(f"ctx_prod_{k}")] = t.head_vec[i, k] * t.head_vec[j, k] * PRODUCT_SCALE
    return out


def test_pair_features_equal_the_plain_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    from worldstate.extract.coref import resolver
    from worldstate.extract.coref.features import FEATURE_NAMES, pair_features

    tables = []
    cluster = resolver.cluster_mentions
    monkeypatch.setattr(
        resolver, "cluster_mentions", lambda table, model: tables.append(table) or cluster(table, model)
    )
    analyze(STORY)
    assert tables, "the ranker ran"
    table = tables[0]
    rng = np.random.default_rng(0)
    for i in range(1, len(table.infos)):
        cands = np.arange(max(0, i - 30), i)
        far = (rng.random(len(cands)) < 0.3).astype(float)
        got, want = pair_features(table, i, cands, far), _reference_rows(table, i, cands, far)
        plain = [k for k, name in enumerate(FEATURE_NAMES) if not name.startswith("ctx_")]
        assert np.array_equal(got[:, plain], want[:, plain]), i
        assert np.allclose(got, want, atol=1e-5), i  # contextual columns: float32 sums in another order
        some = np.flatnonzero(rng.random(len(cands)) < 0.5)  # the ranker's allowed rows: the same rows, and the
        assert np.array_equal(pair_features(table, i, cands, far, some), got[some]), i  # latest of all cands
    assert np.abs(table.head_vec).sum() > 0, "the parse's contextual vectors reached the table"


def test_feature_hashes_are_zlib_crc32() -> None:
    names = ["bias", "head=king", "head=king", "wn1_class=person", "ünïcode"]
    assert crc32_of(names) == [zlib.crc32(n.encode("utf-8")) for n in names]
    assert crc32_of([]) == []


def test_task_registry_reads_every_declared_field() -> None:
    from worldstate.bench.items import Item
    from worldstate.bench.tasks import TASKS

    assert TASKS["story-cloze"].needs_context and TASKS["constory"].extras is not None
    assert TASKS["knp"].tune == "worldstate.bench.tune.knowledge:tune_knp"
    senpos = Item(id="x", inputs={"story": "a [MASK] b [MASK] c [MASK]"}, gold={"label": 1})
    draws = TASKS["lot-senpos"].baselines([senpos] * 50)["random"]
    assert {d[0]["choice"] for d in draws} == {0, 1, 2}
    knp_item = Item(id="k", inputs={}, gold={"correct": 0})
    assert TASKS["knp"].score([knp_item, knp_item], [{"choice": 0}, {"choice": 1}]) == {"accuracy": 0.5}
    coin = TASKS["ikd"].baselines([Item(id="y", inputs={"story": "One. Two."}, gold={})])
    assert set(coin) == {"random", "always error", "always consistent"}


def test_matmul_layers_parse_as_thinc_blis_does() -> None:
    """spaCy's layers on numpy matmul (one BLAS thread) tag, parse, lemmatise and label entities as thinc's own
    blis products do."""
    import importlib

    from worldstate.resources.models import default_spacy_model, load_spacy
    from worldstate.resources.spacy_ops import MatmulOps

    fast = load_spacy()
    plain = importlib.import_module(default_spacy_model()).load()
    assert any(isinstance(layer.ops, MatmulOps) for layer in fast.get_pipe("parser").model.walk())
    assert not any(isinstance(layer.ops, MatmulOps) for layer in plain.get_pipe("parser").model.walk())

    def signature(doc: object) -> list[tuple[object, ...]]:
        return [(t.tag_, t.dep_, t.head.i, t.lemma_, t.ent_iob_, t.ent_type_, t.is_sent_start) for t in doc]

    assert signature(fast(STORY)) == signature(plain(STORY))


def test_matmul_gemm_equals_numpy_products() -> None:
    from worldstate.resources.spacy_ops import MatmulOps

    rng = np.random.default_rng(0)
    x, y = rng.random((5, 3), dtype=np.float32), rng.random((4, 3), dtype=np.float32)
    ops = MatmulOps()
    assert np.allclose(ops.gemm(x, y, trans2=True), x @ y.T)
    assert np.allclose(ops.gemm(x.T, y.T, trans1=True), x @ y.T)
    out = np.zeros((5, 4), dtype=np.float32)
    assert ops.gemm(x, y.T, out=out) is out and np.allclose(out, x @ y.T)


def test_sentence_docs_are_cut_from_the_chunks_with_their_text() -> None:
    world = analyze(STORY)
    docs = world.sentence_docs
    assert len(docs) == len(world.sentences)
    assert [doc.text.strip() for doc in docs] == [s.strip() for s in world.sentences]


def test_heads_and_lazy_layers_run_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cyclic collector is off while a head runs and while a lazy layer is built, and on again after."""
    import gc

    from worldstate.detect import heads
    from worldstate.detect.answers import Answer

    seen: list[bool] = []

    def head_function(world: object) -> Answer:
        seen.append(gc.isenabled())
        return Answer()

    fake = heads.Head("fake", "unused:unused", "records the collector's state")
    monkeypatch.setattr(heads, "get_head", lambda name: fake)
    monkeypatch.setattr(heads.Head, "load", lambda self: head_function)
    world = analyze("Anna found a key. She hid it.")
    assert gc.isenabled()
    heads.run_head(world, "fake")
    from worldstate.detect import storyview

    monkeypatch.setattr(storyview, "sentence_lemmas", lambda world: seen.append(gc.isenabled()))
    world.layer("view.lemmas")
    assert seen == [False, False] and gc.isenabled()
