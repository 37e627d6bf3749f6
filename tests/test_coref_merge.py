"""The ranker's entity-level steps (``consolidate.py``): clusters whose names agree are merged, as are
descriptions met again, the narrator's own I/we chains, an unnamed he/she chain and its one character,
and a he/she with the one person its sentence names; the narrator's "I" and a third-person he/she stay
apart, and a "we" chain stays one group."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from worldstate.config import Settings
from worldstate.extract.coref.descriptions import merge_descriptions
from worldstate.extract.coref.features import FEATURE_NAMES, NAME, NARRATOR, NOMINAL, PRON3, QUOTE_I, WE
from worldstate.extract.coref.first_person import merge_first_person
from worldstate.extract.coref.merge import merge_name_clusters, name_parts
from worldstate.extract.coref.pronoun_chains import join_pronoun_chains
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions
from worldstate.extract.coref.sole_antecedent import attach_to_sole_antecedent


def _table(rows: list[tuple[int, int, str, str]]) -> SimpleNamespace:
    """A stand-in mention table: (type, gender, name words, title gender) per mention."""
    keys: dict[str, int] = {}

    def key(text: str) -> int:
        return keys.setdefault(text, len(keys)) if text else -1

    words = [frozenset(w.split()) for _, _, w, _ in rows]
    full = [sorted(w) if len(w) >= 2 else [] for w in words]
    infos = [SimpleNamespace(mention=SimpleNamespace(text=w.title())) for _, _, w, _ in rows]
    return SimpleNamespace(
        infos=infos,
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


def test_a_name_is_read_without_ranks_epithets_and_middle_names() -> None:
    assert name_parts("Sergeant Bibot").words == {"bibot"}
    assert name_parts("Old Matthew Maule") == name_parts("Matthew Maule")
    assert (name_parts("FARMER OAK").given, name_parts("Gabriel Oak").given) == ("", "gabriel")
    assert name_parts("BIDDY Mrs Gildea").words == name_parts("Mrs Gildea 's London").words == {"gildea"}
    assert "amory" not in name_parts("Beatrice Amory Blaine").words  # a middle name is not the name
    assert name_parts("Emily St. Aubert").given == "emily" and name_parts("St. Aubert").given == ""


def test_ranks_and_epithets_do_not_keep_one_character_apart() -> None:
    """Issue 15's splits: "Sergeant Bibot" / "Citoyen Bibot", "Farmer Oak" / "Gabriel Oak"."""
    bibot = _table([(NAME, 1, "sergeant bibot", ""), (PRON3, 1, "", ""), (NAME, 1, "citoyen bibot", "")])
    assert merge_name_clusters(bibot, [0, 0, 2]) == [0, 0, 0]  # type: ignore[arg-type]
    oak = _table([(NAME, 1, "farmer oak", ""), (NAME, 1, "gabriel oak", ""), (PRON3, 1, "", "")])
    assert merge_name_clusters(oak, [0, 1, 1]) == [0, 0, 0]  # type: ignore[arg-type]
    mother = _table([(NAME, 2, "beatrice amory blaine", ""), (NAME, 1, "amory", ""), (PRON3, 1, "", "")])
    assert merge_name_clusters(mother, [0, 1, 1]) == [0, 1, 1]  # type: ignore[arg-type]


def test_one_stray_pronoun_does_not_give_a_cluster_its_gender() -> None:
    stray = _table([(NAME, 0, "montraville", ""), (PRON3, 1, "", ""), (PRON3, 1, "", ""), (NAME, 0, "montraville", "")])
    assert merge_name_clusters(stray, [0, 0, 0, 3]) == [0, 0, 0, 0]  # type: ignore[arg-type]
    stray.gender = np.array([0, 1, 1, 2])  # one "she" in the second cluster: no gender of its own
    assert merge_name_clusters(stray, [0, 0, 0, 3]) == [0, 0, 0, 0]  # type: ignore[arg-type]
    two = _table([(NAME, 1, "sam", ""), (PRON3, 1, "", ""), (NAME, 2, "sam", ""), (PRON3, 2, "", "")])
    assert merge_name_clusters(two, [0, 0, 2, 2]) == [0, 0, 2, 2]  # type: ignore[arg-type]


def _described(rows: list[tuple[int, int, str, int]]) -> SimpleNamespace:
    """A stand-in mention table for the description and pronoun passes: (type, gender, text, sentence)."""
    keys: dict[str, int] = {}
    heads = [t.split()[-1].lower() if m == NOMINAL else "" for m, _, t, _ in rows]
    return SimpleNamespace(
        infos=[
            SimpleNamespace(mention=SimpleNamespace(text=t, category=""), lemma=h, person_hint=False)
            for (_, _, t, _), h in zip(rows, heads, strict=True)
        ],
        mtype=np.array([r[0] for r in rows]),
        gender=np.array([r[1] for r in rows]),
        plural=np.zeros(len(rows), dtype=bool),
        sentence=np.array([r[3] for r in rows]),
        head_key=np.array([keys.setdefault(h, len(keys)) if h else -1 for h in heads]),
    )


def test_a_description_met_again_joins_its_cluster() -> None:
    """ "the drummer" after "a little drummer", "the wizard" after "the reputed wizard"."""
    table = _described([(NOMINAL, 1, "a little drummer", 0), (PRON3, 1, "he", 1), (NOMINAL, 0, "the drummer", 5)])
    assert merge_descriptions(table, [0, 0, 2]) == [0, 0, 0]  # type: ignore[arg-type]
    table = _described([(NOMINAL, 0, "the reputed wizard", 0), (NOMINAL, 0, "the wizard", 9)])
    assert merge_descriptions(table, [0, 1]) == [0, 0]  # type: ignore[arg-type]


def test_descriptions_that_disagree_or_follow_another_stay_apart() -> None:
    table = _described([(NOMINAL, 0, "the old woman", 0), (NOMINAL, 0, "the young woman", 3)])
    assert merge_descriptions(table, [0, 1]) == [0, 1]  # type: ignore[arg-type]
    witch = _described([(NOMINAL, 2, "the woman", 0), (NOMINAL, 2, "the old woman", 8)])  # Hansel and Gretel
    assert merge_descriptions(witch, [0, 1]) == [0, 1]  # type: ignore[arg-type]
    table = _described([(NOMINAL, 0, "a woman", 0), (NOMINAL, 0, "the woman", 3)])
    assert merge_descriptions(table, [0, 1]) == [0, 0]  # type: ignore[arg-type]
    # two women met before: "the woman" could be either, so it is left alone (never merged at random)
    table = _described([(NOMINAL, 0, "a woman", 0), (NOMINAL, 0, "a woman", 2), (NOMINAL, 0, "the woman", 3)])
    assert merge_descriptions(table, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]
    nurses = _described(
        [(NOMINAL, 2, "his nurse", 0), (NOMINAL, 2, "the monthly nurse", 4), (NOMINAL, 2, "the nurse", 6)]
    )
    nurses.quote = np.full(3, -1)
    assert merge_descriptions(nurses, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]
    boy_girl = [(NOMINAL, 0, "a child", 0), (PRON3, 1, "he", 0), (PRON3, 1, "his", 1)]
    boy_girl += [(NOMINAL, 0, "the child", 4), (PRON3, 2, "she", 4), (PRON3, 2, "her", 5)]
    assert merge_descriptions(_described(boy_girl), [0, 0, 0, 3, 3, 3]) == [0, 0, 0, 3, 3, 3]  # type: ignore[arg-type]
    named = _described([(NOMINAL, 0, "the guide", 0), (NAME, 1, "Terry", 3), (NOMINAL, 0, "the guide", 3)])
    assert merge_descriptions(named, [0, 1, 1]) == [0, 1, 1]  # type: ignore[arg-type]  # a named cluster keeps it


def test_a_possessed_description_repeated_word_for_word_joins_its_cluster() -> None:
    table = _described([(NOMINAL, 2, "my wife", 0), (NOMINAL, 2, "my wife", 7), (NOMINAL, 1, "his wife", 9)])
    table.quote = np.full(3, -1)
    assert merge_descriptions(table, [0, 1, 2]) == [0, 0, 2]  # type: ignore[arg-type]  # not "his wife"
    table.quote = np.array([-1, 0, -1])  # a quoted "my wife" is a speaker's
    assert merge_descriptions(table, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]


def test_a_he_chain_joins_the_one_man_just_before_it() -> None:
    table = _described([(NAME, 1, "Carl", 0), (NAME, 2, "Anna", 0), (PRON3, 1, "he", 1), (PRON3, 1, "his", 1)])
    assert join_pronoun_chains(table, [0, 1, 2, 2]) == [0, 1, 0, 0]  # type: ignore[arg-type]
    two_men = _described([(NAME, 1, "Carl", 0), (NAME, 1, "Hans", 0), (PRON3, 1, "he", 1)])
    assert join_pronoun_chains(two_men, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]
    far = _described([(NAME, 1, "Carl", 0), (PRON3, 1, "he", 9)])
    assert join_pronoun_chains(far, [0, 1]) == [0, 1]  # type: ignore[arg-type]


def test_a_we_chain_stays_one_group() -> None:
    """ "We … our … us" with no one named: one plural entity, not three unresolved pronouns."""
    from worldstate.extract.builder import parse
    from worldstate.extract.coref.resolver import resolve
    from worldstate.state import Story

    story = Story.from_text("We walked to the river at dawn. We were tired. Our boots were wet. The rain soaked us.")
    doc, _ = parse(story, Settings())
    coref = resolve(doc, story.text)
    by_id = {m.id: m for m in coref.mentions}
    groups = [e for e in coref.entities if {by_id[m].text.lower() for m in e.mentions} >= {"we", "our"}]
    assert len(groups) == 1, [(e.name, [by_id[m].text for m in e.mentions]) for e in coref.entities]


def test_the_narrators_own_i_and_we_chains_are_one_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Narrative "I" split over three clusters becomes one; "we" over two stays two (a story's "we" is not
    one party all through), or becomes one with ``WE_CHAINS``; a quoted "I" (a speaker's) and an "I" chain
    holding a name stay where they are."""
    from worldstate.extract.coref import first_person

    rows = [(NARRATOR, 0, "", ""), (NAME, 0, "tom", ""), (NARRATOR, 0, "", ""), (WE, 0, "", ""), (NARRATOR, 0, "", "")]
    rows += [(WE, 0, "", ""), (QUOTE_I, 0, "", ""), (NARRATOR, 0, "", "")]
    table = _table(rows)
    table.quote = np.array([-1, -1, -1, -1, -1, -1, 0, -1])
    out = merge_first_person(table, [0, 1, 0, 3, 4, 5, 6, 7])  # type: ignore[arg-type]
    assert out == [0, 1, 0, 3, 0, 5, 6, 0]
    monkeypatch.setattr(first_person, "WE_CHAINS", True)
    out = merge_first_person(table, [0, 1, 0, 3, 4, 5, 6, 7])  # type: ignore[arg-type]
    assert out == [0, 1, 0, 3, 0, 3, 6, 0]
    # "I … Tom" is not narrator-only; the narrator-only chain joins the cluster with most narrative "I"s
    named = merge_first_person(table, [0, 0, 2, 3, 2, 5, 6, 7])  # type: ignore[arg-type]
    assert named == [0, 0, 2, 3, 2, 3, 6, 2]


def test_a_he_goes_to_the_one_man_its_sentence_names_as_subject() -> None:
    """ "The king came in the morning, and, finding all he wanted, was forced to keep his word": the
    ranker gave he/his to the little man met before; they belong to the king."""
    rows = [(NOMINAL, 1, "the little man", 0), (PRON3, 1, "he", 0), (NOMINAL, 1, "The king", 1)]
    rows += [(PRON3, 1, "he", 1), (PRON3, 1, "his", 1), (NOMINAL, 2, "the daughter", 1)]
    table = _described(rows)
    table.quote = np.full(len(rows), -1)
    table.role = np.array([0, 0, 0, 0, 2, 1])
    table.kind = np.zeros(len(rows), dtype=int)  # all characters
    assert attach_to_sole_antecedent(table, [0, 0, 2, 0, 0, 5]) == [0, 0, 2, 2, 2, 5]  # type: ignore[arg-type]
    table.role = np.array([0, 0, 1, 0, 2, 1])  # the king as object: nothing moves
    assert attach_to_sole_antecedent(table, [0, 0, 2, 0, 0, 5]) == [0, 0, 2, 0, 0, 5]  # type: ignore[arg-type]
    rivals = _described([(NOMINAL, 1, "The king", 0), (NOMINAL, 1, "the miller", 0), (PRON3, 1, "he", 0)])
    rivals.quote, rivals.role, rivals.kind = np.full(3, -1), np.array([0, 1, 0]), np.zeros(3, dtype=int)
    assert attach_to_sole_antecedent(rivals, [0, 1, 2]) == [0, 1, 2]  # type: ignore[arg-type]  # two men: open


def test_a_diminutive_and_its_full_name_are_one_character() -> None:
    """ "Beth" … "Elizabeth", "Jo March" … "Josephine March" merge (``data/nicknames.yaml``); "Meg" and "Amy" do not."""
    table = _table([(NAME, 2, "beth", ""), (PRON3, 2, "", ""), (NAME, 2, "elizabeth", ""), (PRON3, 2, "", "")])
    assert merge_name_clusters(table, [0, 0, 2, 2]) == [0, 0, 0, 0]  # type: ignore[arg-type]
    table = _table([(NAME, 2, "jo march", ""), (NAME, 2, "josephine march", "")])
    assert merge_name_clusters(table, [0, 1]) == [0, 0]  # type: ignore[arg-type]
    table = _table([(NAME, 2, "meg", ""), (PRON3, 2, "", ""), (NAME, 2, "amy", ""), (PRON3, 2, "", "")])
    assert merge_name_clusters(table, [0, 0, 2, 2]) == [0, 0, 2, 2]  # type: ignore[arg-type]
