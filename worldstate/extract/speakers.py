"""A learned speaker ranker over the rules of :mod:`worldstate.extract.speech` (as BookNLP ranks speakers).

For every quote, the candidates are the characters and groups with a mention outside quotes within a
window around it, plus the rules' choice and the speakers of the two turns before. Each candidate is
described by named binary features (its distance before and after the quote, whether it is the subject
of a speech verb beside the quote, in the quote's paragraph, the previous turns' speaker or addressee,
called inside the quote, its mention count, the rule that chose it …), each also joined with the rule
that attributed the quote. A logistic regression (``bench tune litbank-quotes``) scores them; the best
candidate speaks. Weights are a ``{feature: weight}`` map in ``data/speaker_model.json``.

A turn's ``confidence`` is the softmax probability of its speaker, then recalibrated by the group of the turn
(:func:`calibration_group`): a speech verb's subject the ranker kept is right about as often at a softmax
probability of 0.6 as at 0.9 (LitBank dev, out-of-fold), so each group has its own Platt scaling
(``calibration`` in the model file, fitted by ``bench tune`` on the cross-validation predictions).
"""

from __future__ import annotations

import bisect
import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldstate.extract.speakers_exchange import exchange_features
from worldstate.extract.speakers_roles import role_features
from worldstate.state import Entity, EntityKind

if TYPE_CHECKING:
    from worldstate.extract.speech_turns import Turn, TurnReader

TASK = "litbank-quotes"
SHIPPED = "speaker_model.json"
BEFORE_TOKENS = 80  # tokens before a quote searched for candidate speakers
AFTER_TOKENS = 40  # tokens after it
PASSES = 2  # decoding passes (see :func:`rerank`; 5-fold CV: 1 → .650, 2 → .666, 3 → .654)
MIN_SCORE = 0.0  # the score a candidate needs to speak a quote the rules left unattributed (CV: no loss)
CONJOIN = 1  # how many context features (rule, adjacency, candidates) each feature is also joined with (5-fold CV, seeds 0/1/2: 0 → .749/.742/.745, 1 → .752/.745/.755)
# features whose meaning depends on a story's lines being sentences (LitBank) or paragraphs: the turns
# around a quote are other speakers' in paragraphs, often the same speaker's next sentence in lines
LINE_SENSITIVE = ("turn", "both_neighbours", "prev_", "in_prev_turn", "in_next_turn", "subject_prev_turn",
                  "subject_next_turn", "speech_subject_prev_turn", "speech_subject_next_turn", "object_prev_turn",
                  "object_next_turn")  # fmt: skip
SPEAKER_KINDS = (EntityKind.CHARACTER, EntityKind.GROUP)
VOCATIVE_NOT_SPEAKER = False  # a character called inside a quote does not speak it while another candidate is there (5-fold CV speakers: on .7454-.7415, off .7598)
EXCHANGE = True  # turn-taking counts through long exchanges as features (:mod:`.speakers_exchange`)
ROLES = True  # the listener and the hearer the quote's own attribution names, as features (:mod:`.speakers_roles`; 5-fold CV speakers: on .7715, off .7689)
CALIBRATION_GROUPS = ("verb_kept", "other")  # see :func:`calibration_group`


@dataclass
class SpeakerModel:
    """Feature weights and bias of the candidate scorer."""

    weights: dict[str, float]
    bias: float = 0.0
    calibration: dict[str, list[float]] = field(default_factory=dict)  # group → Platt [slope, intercept]

    def score(self, features: list[str]) -> float:
        return self.bias + sum(self.weights.get(f, 0.0) for f in features)

    def calibrate(self, probability: float | None, group: str) -> float | None:
        """``probability`` (a softmax probability) through the Platt scaling of ``group``; as it is when the
        model has none for the group."""
        if probability is None or group not in self.calibration:
            return probability
        slope, intercept = self.calibration[group]
        return round(1.0 / (1.0 + math.exp(-(slope * logit(probability) + intercept))), 4)

    def save(self, path: Path, provenance: dict[str, Any] | None = None) -> Path:
        from worldstate.files import atomic_write_text

        path.parent.mkdir(parents=True, exist_ok=True)
        weights = {k: round(v, 5) for k, v in sorted(self.weights.items()) if abs(v) >= 1e-5}
        doc: dict[str, Any] = {"bias": round(self.bias, 5), "weights": weights, "provenance": provenance or {}}
        if self.calibration:
            doc["calibration"] = {g: [round(x, 5) for x in ab] for g, ab in sorted(self.calibration.items())}
        atomic_write_text(path, json.dumps(doc, indent=0, sort_keys=True) + "\n")
        return path

    @classmethod
    def load(cls, path: Path) -> SpeakerModel:
        doc = json.loads(path.read_text("utf-8"))
        calibration = {g: [float(x) for x in ab] for g, ab in doc.get("calibration", {}).items()}
        return cls({k: float(v) for k, v in doc["weights"].items()}, float(doc.get("bias", 0.0)), calibration)


def logit(probability: float, floor: float = 1e-4) -> float:
    """log(p / (1 - p)), with p kept ``floor`` away from 0 and 1."""
    p = min(max(probability, floor), 1.0 - floor)
    return math.log(p / (1.0 - p))


def calibration_group(rule: str, kept: bool) -> str:
    """``verb_kept`` for a turn whose speech verb's subject the ranker kept, else ``other``."""
    return "verb_kept" if rule == "verb" and kept else "other"


def shipped_path() -> Path:
    return Path(__file__).parent / "data" / SHIPPED


@lru_cache(maxsize=4)
def load_model(path: str = "") -> SpeakerModel | None:
    """The model at ``path`` (default: the shipped one); None when the file is missing."""
    file = Path(path) if path else shipped_path()
    return SpeakerModel.load(file) if file.is_file() else None


def model_for(settings: Any) -> SpeakerModel | None:
    """``bench tune litbank-quotes``'s model in the cache dir of ``settings``, else the shipped one
    (None when ``settings.speaker_ranker`` is off)."""
    if not getattr(settings, "speaker_ranker", True):
        return None
    from worldstate.detect.tuned import tuned_file

    tuned = tuned_file(settings, TASK, SHIPPED)
    return load_model(str(tuned) if tuned else "")


def _bucket(n: int) -> str:
    """Distances and counts on a log scale: 0, 1, 2-3, 4-7, 8-15, …"""
    return "0" if n <= 0 else str(2 ** int(math.log2(n)))


@dataclass
class Candidate:
    entity: str
    features: list[str]


class MentionRanks:
    """The speaker-kind entities' mention counts, sorted once: the rank of a count among them (0: the most
    mentioned) is a bisection. Build it again when entities gain or lose mentions."""

    def __init__(self, entities: dict[str, Entity]) -> None:
        self.negated = sorted(-len(e.mentions) for e in entities.values() if e.kind in SPEAKER_KINDS)

    def rank(self, n: int) -> int:
        """How many of the entities have more than ``n`` mentions."""
        return bisect.bisect_left(self.negated, -n)


def candidates(
    ex: TurnReader,
    turns: list[Turn],
    k: int,
    speakers: list[str | None] | None = None,
    ranks: MentionRanks | None = None,
) -> list[Candidate]:
    """The candidate speakers of quote ``k`` and their features (``turns`` hold the rules' speakers;
    ``speakers``, when given, are the turns' speakers the neighbour features read, else the rules';
    ``ranks``, when given, the entities' mention ranks as they are now, else they are counted here)."""
    said = speakers if speakers is not None else [t.speaker for t in turns]
    turn, doc = turns[k], ex.doc
    q = turn.quote
    t_start = ex._token_at(q.start)
    t_end = ex._token_at(max(q.start, q.end - 1)) + 1
    before: dict[str, int] = {}  # entity → distance (tokens) of its nearest mention before the quote
    after: dict[str, int] = {}
    before_kind: dict[str, str] = {}
    after_kind: dict[str, str] = {}
    count: dict[str, int] = {}
    facts: dict[str, set[str]] = {}
    block = ex.block_span(turn.block)
    end_block = ex.block_span(ex.block_of(max(q.start, q.end - 1)))
    # a mention between the quotes but in another paragraph (another line, when a line is a sentence):
    # named by layout, since LitBank (the training data) has lines only and a paragraph break means more
    other_block = "other_line" if ex.lines else "other_paragraph"
    prev_end = turns[k - 1].quote.end if k > 0 else -1
    next_start = turns[k + 1].quote.start if k + 1 < len(turns) else len(ex.story.text)
    lo_tok, hi_tok = max(0, t_start - BEFORE_TOKENS), min(len(doc.tokens), t_end + AFTER_TOKENS)
    lo = bisect.bisect_left(ex.info_starts, doc.tokens[lo_tok].start) if doc.tokens else 0
    hi = bisect.bisect_left(ex.info_starts, doc.tokens[hi_tok - 1].end) if doc.tokens else 0
    in_quote_ents: set[str] = set()
    pulled: list[str] = []  # the nearest other characters a pronoun speech subject may mean
    for info in ex.infos[lo:hi]:
        m = info.mention
        ent = m.entity
        if not ent or ex.entities[ent].kind not in SPEAKER_KINDS:
            continue
        head = doc.tokens[info.head]
        if q.start <= m.span.start < q.end:
            in_quote_ents.add(ent)
            continue
        if head.in_quote:
            continue
        kind = str(m.kind)
        f = facts.setdefault(ent, set())
        count[ent] = count.get(ent, 0) + 1
        near = ex.lines or block.start <= m.span.start < end_block.end  # distances: its own paragraph only
        if m.span.start < q.start:
            dist = t_start - info.last
            if near and (ent not in before or dist < before[ent]):
                before[ent], before_kind[ent] = dist, kind
            side = "before" if m.span.start >= prev_end else "prev_turn"  # beyond the previous quote
            if side == "before" and m.span.start < block.start:
                side = other_block
        else:
            dist = info.first - t_end
            if near and (ent not in after or dist < after[ent]):
                after[ent], after_kind[ent] = dist, kind
            side = "after" if m.span.start < next_start else "next_turn"
            if side == "after" and m.span.start >= end_block.end:
                side = other_block
        f.add(f"in_{side}")
        if block.start <= m.span.start < block.end:
            f.add(f"same_block_{side}")
        if head.dep in ("nsubj", "nsubjpass"):
            gov = doc.tokens[head.head]
            f.add(f"subject_{side}")
            if gov.lemma in ex.verbs:
                f.add(f"speech_subject_{side}")
                f.add(f"speech_subject_{side}_{'near' if dist < 8 else 'far'}")
                if kind == "pronoun" and side in ("before", "after"):
                    own, other, gap = pronoun_antecedent(ex, info)
                    f.add(f"pronoun_named={_bucket(own)}")  # tokens back to its own cluster's last naming
                    if other and other != ent:
                        facts.setdefault(other, set()).update(
                            (f"pronoun_antecedent_{side}", f"pronoun_antecedent={_bucket(gap)}")
                        )
                        pulled.append(other)
                        if gap < own:  # named since the pronoun's own cluster was last named
                            f.add("pronoun_named_before_other")
                            facts[other].add("pronoun_antecedent_closer")
        elif head.dep in ("pobj", "dobj", "dative"):
            f.add(f"object_{side}")
        if head.sent == doc.tokens[t_start if m.span.start < q.start else t_end - 1].sent:
            f.add(f"same_sentence_{side}")
    ents = list(dict.fromkeys([*before, *after]))
    exchange = exchange_features(ex, turns, k) if EXCHANGE else {}
    roles = role_features(ex, turns, k) if ROLES else {}
    extra = [turn.speaker, *pulled, *exchange] + [said[j] for j in (k - 1, k - 2, k + 1, k + 2) if 0 <= j < len(turns)]
    for ent in extra:
        if ent and ent not in ents and ex.entities[ent].kind in SPEAKER_KINDS:
            ents.append(ent)
    if not ents:
        return []
    ranks = ranks or MentionRanks(ex.entities)
    prev = turns[k - 1] if k > 0 else None
    adjacent = bool(prev and ex.adjacent(prev, turn))
    neighbours = _neighbours(ex, turns, k)
    rule = turn.rule or "none"
    context = [f"rule={rule}", f"adjacent={adjacent}", f"ncand={min(len(ents), 5)}"]
    out = []
    for ent in ents:
        f = set(facts.get(ent, ()))
        f.update(exchange.get(ent, ()))
        f.update(roles.get(ent, ()))
        f.add(f"before={_bucket(before[ent])}" if ent in before else "no_before")
        f.add(f"after={_bucket(after[ent])}" if ent in after else "no_after")
        if ent in before_kind:
            f.add(f"before_kind={before_kind[ent]}")
        if ent in after_kind:
            f.add(f"after_kind={after_kind[ent]}")
        f.add(f"window_count={_bucket(count.get(ent, 0))}")
        if ent == turn.speaker:
            f.update(("rule_choice", f"rule_choice|{rule}"))
        for offset, (other, linked) in neighbours.items():
            if linked and ent in other.vocatives:
                f.add(f"vocative{offset:+d}")  # called by the turn before or after: answers it or spoke to it
            if ent == said[k + offset]:
                verb = "verb" if other.rule == "verb" else "other"
                f.update((f"turn{offset:+d}", f"turn{offset:+d}_{verb}", f"turn{offset:+d}_{verb}_{linked}"))
        if all(o in neighbours and ent == said[k + o] and neighbours[o][1] for o in (-1, 1)):
            f.add("both_neighbours")  # the turns before and after are this candidate's: rarely this one too
        if prev and ent in prev.addressees:
            f.add("prev_addressee")
        if prev and ent in prev.vocatives:
            f.add("prev_vocative")
        if ent in turn.vocatives:
            f.add("vocative_here")
        if ent in in_quote_ents:
            f.add("named_in_quote")
        entity = ex.entities[ent]
        n = len(entity.mentions)
        rank = ranks.rank(n)
        f.add(f"mentions={_bucket(n)}")
        f.add(f"rank={min(rank, 3)}")
        if entity.kind == EntityKind.GROUP:
            f.add("group")
        if not ex.lines:  # LitBank has lines only: these mean other things across paragraphs (untrained there)
            f = {x + "@paragraphs" if x.startswith(LINE_SENSITIVE) else x for x in f}
        base = sorted(f)
        feats = [*base, *(f"{b}|{c}" for b in base for c in context[:CONJOIN])]
        out.append(Candidate(ent, feats))
    return out


def pronoun_antecedent(ex: TurnReader, info: Any, reach: int = 60) -> tuple[int, str | None, int]:
    """For a pronoun speech subject: how many tokens back its own cluster was last named or described,
    and the nearest named or described speaker-kind entity before it in the narration that agrees with it
    in gender and number, with its distance in tokens (a "said he" whose cluster was named long ago more
    likely means the character just named)."""
    low = ex.doc.tokens[info.head].low
    plural = low in ex.lex.plural
    gender = "male" if low in ex.lex.male else "female" if low in ex.lex.female else ""
    at = bisect.bisect_left(ex.info_starts, info.mention.span.start)
    own, other, gap = 999, None, 999
    for prev in reversed(ex.infos[max(0, at - reach) : at]):
        m = prev.mention
        if not m.entity or str(m.kind) == "pronoun" or ex.doc.tokens[prev.head].in_quote:
            continue
        if m.entity == info.mention.entity:
            own = min(own, info.first - prev.last)
            if other:
                break
            continue
        entity = ex.entities[m.entity]
        if other or entity.kind not in SPEAKER_KINDS:
            continue
        if plural != (entity.kind == EntityKind.GROUP or entity.number == "plural"):
            continue
        if gender and entity.gender not in ("", gender):
            continue
        other, gap = m.entity, info.first - prev.last
        if own < 999:
            break
    return own, other, gap


def _neighbours(ex: TurnReader, turns: list[Turn], k: int) -> dict[int, tuple[Turn, bool]]:
    """The turns two before and two after quote ``k`` by offset, each with whether the turns between
    are one exchange (each answers the one before)."""
    out = {}
    for step in (-1, 1):
        linked = True
        for n in (1, 2):
            j = k + step * n
            if not 0 <= j < len(turns):
                break
            a, b = (turns[j], turns[j + 1]) if step < 0 else (turns[j - 1], turns[j])
            linked = linked and ex.adjacent(a, b)
            out[step * n] = (turns[j], linked)
    return out


def rerank(ex: TurnReader, turns: list[Turn], model: SpeakerModel, passes: int = PASSES) -> None:
    """Replace each turn's rule speaker by the model's best candidate. The first pass reads the rules'
    speakers of the neighbouring turns; each further pass reads the previous pass's choices. A candidate
    called inside the quote ("Now, then, Gretel, …") does not speak it while another candidate is there
    (``VOCATIVE_NOT_SPEAKER``). Each turn's ``confidence`` is the softmax probability of its speaker among
    the last pass's candidates, through the model's calibration of its group."""
    said: list[str | None] = [t.speaker for t in turns]
    confidence: list[float | None] = [None] * len(turns)
    ranks = MentionRanks(ex.entities)  # no entity gains or loses a mention while the turns are reranked
    for _ in range(passes):
        choices = []
        for k in range(len(turns)):
            scored = [(model.score(c.features), c.entity) for c in candidates(ex, turns, k, said, ranks)]
            if VOCATIVE_NOT_SPEAKER:
                called = ex.called(turns, k)
                scored = [s for s in scored if s[1] not in called] or scored
            best = max(scored, default=None)
            if best is None or (turns[k].speaker is None and best[0] < MIN_SCORE):
                choices.append(turns[k].speaker)
            else:
                choices.append(best[1])
            group = calibration_group(turns[k].rule, choices[-1] == turns[k].speaker)
            confidence[k] = model.calibrate(_probability(scored, choices[-1]), group)
        said = choices
    for turn, choice, conf in zip(turns, said, confidence, strict=True):
        turn.confidence = conf
        if choice != turn.speaker:
            turn.speaker, turn.rule = choice, "ranker"


def _probability(scored: list[tuple[float, str]], chosen: str | None) -> float | None:
    """The softmax probability of ``chosen`` among the scored candidates (None when it is not one of them)."""
    if not scored or chosen is None:
        return None
    top = max(s for s, _ in scored)
    weights = {}
    for s, ent in scored:
        weights[ent] = max(weights.get(ent, 0.0), math.exp(s - top))
    if chosen not in weights:
        return None
    return round(weights[chosen] / sum(weights.values()), 4)
