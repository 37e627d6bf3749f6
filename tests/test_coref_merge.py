"""The ranker's entity-level steps: clusters whose names agree are merged, the narrator's "I" and a
third-person he/she stay apart, and quoted I/you follow the speaker the speech layer found."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from worldstate.config import Settings
from worldstate.extract.coref.features import FEATURE_NAMES, NAME, NARRATOR, PRON3
from worldstate.extract.coref.merge import merge_name_clusters
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions


def _table(rows: list[tuple[int, int, str, str]]) -> SimpleNamespace:
    """A stand-in mention table: (type, gender, name words, title gender) per mention."""
    keys: dict[str, int] = {}

    def key(text: str) -> int:
        return keys.setdefault(text, len(keys)) if text else -1

    words = [frozenset(w.split()) for _, _, w, _ in rows]
    full = [sorted(w) if len(w) >= 2 else [] for w in words]
    return SimpleNamespace(
        mtype=np.array([r[0] for r in rows]),
        gender=np.array([r[1] for r in rows]),
        plural=np.zeros(len(rows), dtype=bool),
        name_words=words,
        name_key=np.array([key(" ".join(sorted(w))) if w else -1 for w in words]),
        given_key=np.array([key("g:" + w.split()[0]) if len(w.split()) >= 2 else -1 for _, _, w, _ in rows]),
        family_key=np.array([key("f:" + w.split()[-1]) if len(w.split()) >= 2 else -1 for _, _, w, _ in rows]),
        title_gender=np.array([{"m": 1, "f": 2}.get(r[3], 0) for r in rows]),
        full=full,
    )


def test_a_name_met_again_joins_its_earlier_cluster() -> None:
    table = _table([(NAME, 1, "gabriel oak", ""), (PRON3, 1, "", ""), (NAME, 1, "oak", ""), (PRON3, 1, "", "")])
    assert merge_name_clusters(table, [0, 0, 2, 2]) == [0, 0, 0, 0]  # type: ignore[arg-type]


def test_clashing_names_titles_and_genders_stay_apart() -> None:
    other_given = _table([(NAME, 2, "jane bennet", ""), (NAME, 2, "elizabeth bennet", "")])
    assert merge_name_clusters(other_given, [0, 1]) == [0, 1]  # type: ignore[arg-type]
    titles = _table([(NAME, 0, "hall", "m"), (NAME, 0, "hall", "f")])
    assert merge_name_clusters(titles, [0, 1]) == [0, 1]  # type: ignore[arg-type]
    genders = _table([(NAME, 1, "sam", ""), (PRON3, 1, "", ""), (NAME, 2, "sam", ""), (PRON3, 2, "", "")])
    assert merge_name_clusters(genders, [0, 0, 2, 2]) == [0, 0, 2, 2]  # type: ignore[arg-type]


def test_an_ambiguous_name_joins_only_the_cluster_with_the_same_name() -> None:
    table = _table([(NAME, 0, "bennet", "m"), (NAME, 0, "bennet", "f"), (NAME, 0, "bennet", "")])
    assert merge_name_clusters(table, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]
    table = _table([(NAME, 0, "john smith", ""), (NAME, 0, "mary smith", ""), (NAME, 0, "john smith", "")])
    assert merge_name_clusters(table, [0, 1, 2]) == [0, 1, 0]  # type: ignore[arg-type]


def _always_link() -> RankerModel:
    """A scorer that would link every allowed pair."""
    n = len(FEATURE_NAMES)
    return RankerModel(np.zeros((n, 1)), np.zeros(1), np.zeros(1), 10.0, 0.5, {})


def test_narrator_i_never_shares_a_cluster_with_he_outside_quotes() -> None:
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.state import Story

    text = "I walked to the old mill at dawn. He was already there. I waved to him. He nodded. I sat down."
    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    table = mention_table(rule_pass(doc, story.text))
    cluster_of = cluster_mentions(table, _always_link())
    kinds: dict[int, set[int]] = {}
    for i, c in enumerate(cluster_of):
        kinds.setdefault(c, set()).add(int(table.mtype[i]))
    assert any(NARRATOR in k for k in kinds.values()) and any(PRON3 in k for k in kinds.values())
    assert not any({NARRATOR, PRON3} <= k for k in kinds.values())


def test_the_father_stays_out_of_a_named_childs_cluster() -> None:
    """Even a scorer that links everything may not put "the father" in Hansel's cluster (issue 15's Grimm
    error): a parent noun joins a named cluster only when the rule pass linked it to that name."""
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.features import NOMINAL
    from worldstate.extract.coref.resolver import mention_table, rule_pass
    from worldstate.state import Story

    text = "Hansel walked into the wood. The father followed the boy. The father was sad."
    story = Story.from_text(text)
    doc, _ = parse(story, Settings())
    table = mention_table(rule_pass(doc, story.text))
    cluster_of = cluster_mentions(table, _always_link())
    texts = [info.mention.text for info in table.infos]
    hansel = cluster_of[texts.index("Hansel")]
    fathers = [i for i, info in enumerate(table.infos) if info.lemma == "father" and int(table.mtype[i]) == NOMINAL]
    assert fathers, texts
    assert all(cluster_of[i] != hansel for i in fathers)
    assert len({cluster_of[i] for i in fathers}) == 1  # the two mentions of the father stay together
