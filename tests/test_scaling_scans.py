"""What a long book costs grows with the book, not with its square: the scans that used to read every mention,
name or word once per item now read an index. Each test counts the work done (calls, passes over the text),
never the wall clock, on inputs large enough that the old whole-list scan would be far over the bound."""

from __future__ import annotations

import bisect
import re
from types import SimpleNamespace

import numpy as np
import pytest

from worldstate.extract import speakers
from worldstate.extract.coref import resolver
from worldstate.extract.coref.features import KINDS
from worldstate.reason.timeline import roles, word_counts
from worldstate.state import Entity, EntityKind, Mention, MentionKind, Span

N = 300  # entities (each with one name and one description): an all-pairs scan would make N * N checks


class _CountedMention(Mention):
    """A mention that counts how often its entity is read (each read is one mention examined)."""

    reads = 0

    def __getattribute__(self, name: str) -> object:
        if name == "entity":
            type(self).reads += 1
        return super().__getattribute__(name)


def _named_and_described(n: int) -> SimpleNamespace:
    """A stand-in mention table: per entity, its name ("Anna3") and then a description of it, far apart."""
    infos, text = [], ""
    for e in range(n):
        for kind, word in ((MentionKind.NAME, f"Anna{e}"), (MentionKind.NOMINAL, "the maid")):
            start = len(text)
            text += f"{word}. "
            span = Span(start, start + len(word))
            infos.append(
                SimpleNamespace(mention=_CountedMention(f"m{len(infos)}", span, word, len(infos), kind, f"e{e}"))
            )
    return SimpleNamespace(infos=infos, kind=np.full(len(infos), KINDS.index("character")), text=text)


def test_keep_rule_links_reads_only_each_descriptions_own_names() -> None:
    table = _named_and_described(N)
    _CountedMention.reads = 0
    out = resolver.keep_rule_links(table, list(range(len(table.infos))), table.text)  # type: ignore[arg-type]
    assert _CountedMention.reads < 10 * N  # each mention's entity read a few times, not every name's per description
    assert out == list(range(len(table.infos)))  # "Anna0. the maid": a sentence apart, so not a name in place


def test_word_uses_read_the_text_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting N trade nouns reads the text once (it was one regex pass over the whole text per noun)."""
    trades = [f"trade{k}" for k in range(N)]
    text = " ".join(f"The {t} came. The {t}s went." for t in trades)
    passes = []
    real_findall, real_pattern = re.findall, word_counts.WORD

    def counted(pattern: str, string: str, flags: int = 0) -> list[str]:
        passes.append(len(string))
        return real_findall(pattern, string, flags)

    counting = SimpleNamespace(findall=lambda s: counted(real_pattern.pattern, s), fullmatch=real_pattern.fullmatch)
    monkeypatch.setattr(re, "findall", counted)
    monkeypatch.setattr(word_counts, "WORD", counting)
    mentions = [roles.TradeMention(t, k, Span(0, 1), "the") for k, t in enumerate(trades)]
    monkeypatch.setattr(roles, "trade_mentions", lambda world: mentions)
    world = SimpleNamespace(state=SimpleNamespace(story=SimpleNamespace(text=text)))
    assert list(roles.role_switches(world)) == []  # type: ignore[arg-type]
    assert passes.count(len(text)) == 1
    counts = word_counts.word_counts(text)
    assert word_counts.count_uses(counts, text, "trade7", ("", "s", "es")) == 2
    assert word_counts.count_uses(counts, text, "came. the", ("",)) == N  # not one word: the regex pass


def test_speaker_ranks_are_sorted_once_per_rerank(monkeypatch: pytest.MonkeyPatch) -> None:
    """The entities' mention ranks are sorted once for all quotes (they were sorted again for every quote and
    every candidate), and rank as the per-quote sort did."""
    entities = {f"e{k}": Entity(f"e{k}", f"E{k}", EntityKind.CHARACTER, mentions=["m"] * (k % 7)) for k in range(N)}
    built, seen = [], []

    class Counted(speakers.MentionRanks):
        def __init__(self, ents: dict[str, Entity]) -> None:
            built.append(1)
            super().__init__(ents)

    monkeypatch.setattr(speakers, "MentionRanks", Counted)
    monkeypatch.setattr(speakers, "candidates", lambda ex, turns, k, said, ranks=None: seen.append(ranks) or [])
    turns = [SimpleNamespace(speaker=None, confidence=None, rule=None) for _ in range(N)]
    ex = SimpleNamespace(entities=entities, called=lambda turns, k: set())
    model = SimpleNamespace(calibrate=lambda probability, group: probability)  # no candidates: nothing to score
    speakers.rerank(ex, turns, model=model, passes=2)  # type: ignore[arg-type]
    assert len(built) == 1 and len(seen) == 2 * N and all(r is seen[0] for r in seen)
    sizes = sorted((len(e.mentions) for e in entities.values()), reverse=True)
    for n in range(8):  # as the per-quote sort ranked them
        assert seen[0].rank(n) == bisect.bisect_left([-s for s in sizes], -n)


def test_far_representatives_are_read_by_bisection() -> None:
    """The ranker's far candidates (every earlier cluster's latest name before the window, less the clusters
    in the window) equal the scan over every cluster they replace."""
    from worldstate.extract.coref.features import NAME, PRON3
    from worldstate.extract.coref.representatives import Representatives

    rng = np.random.default_rng(0)
    mtype = np.where(rng.random(2000) < 0.5, NAME, PRON3)
    cluster_of = [int(c) for c in rng.integers(0, N, size=len(mtype))]
    table = SimpleNamespace(mtype=mtype)
    reps, scanned = Representatives(), {}
    for i, c in enumerate(cluster_of):
        start = max(0, i - 30)
        seen = set(cluster_of[start:i])
        want = sorted(r for k, r in scanned.items() if k not in seen and r < start)
        assert reps.before(start, seen) == want, i
        reps.update(table, i, c)  # type: ignore[arg-type]
        if mtype[i] == NAME:
            scanned[c] = i


def test_name_merge_compares_only_clusters_that_share_a_name_word(monkeypatch: pytest.MonkeyPatch) -> None:
    """N named characters, each named twice far apart: each second naming is compared with its own first one
    only (it was compared with every earlier named cluster, name mention by name mention)."""
    from worldstate.extract.coref import merge
    from worldstate.extract.coref.features import NAME

    tag = [chr(97 + e // 26) + chr(97 + e % 26) for e in range(N)]  # names are letters only: "annaab"
    names = [f"anna{t} smith{t}" for t in tag] + [f"anna{t}" for t in tag]
    keys = {w: k for k, w in enumerate(dict.fromkeys(names))}
    table = SimpleNamespace(
        infos=[SimpleNamespace(mention=SimpleNamespace(text=w.title())) for w in names],
        mtype=np.full(len(names), NAME),
        gender=np.zeros(len(names), dtype=int),
        plural=np.zeros(len(names), dtype=bool),
        name_key=np.array([keys[w] for w in names]),
        title_gender=np.zeros(len(names), dtype=int),
    )
    compared = []
    agree = merge._names_agree
    monkeypatch.setattr(merge, "_names_agree", lambda a, b: compared.append(1) or agree(a, b))
    out = merge.merge_name_clusters(table, list(range(len(names))))  # type: ignore[arg-type]
    assert out == list(range(N)) * 2  # each "AnnaK" joins "AnnaK SmithK"
    assert len(compared) <= 2 * N
