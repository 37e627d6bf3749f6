"""Features of a candidate event trigger for the realis tagger: the word, its parse, and what governs it.

LitBank marks a verb, noun or adjective as an event when it is asserted as having happened, specifically
(not negated, not modal/future/conditional/wished, not generic or habitual). The features read that off
the parse: the word and lemma, the fine tag (VBD vs VB/VBG/VBN), the dependency, auxiliaries and modals,
negation, marks ("if", "unless"), the lemmas and auxiliaries of the verbs that govern it (want, hope,
would …), adverbs such as "always", quotation, questions and imperatives. Each feature is a string,
hashed into a fixed-size weight vector (:mod:`worldstate.extract.realis`).
"""

from __future__ import annotations

from worldstate.extract.parsed import ParsedDoc, Token

CANDIDATE_POS = frozenset({"VERB", "NOUN", "ADJ"})
ANCESTOR_HOPS = 4
_CLAUSE_DEPS = frozenset({"ccomp", "xcomp", "advcl", "conj", "relcl", "acl", "pcomp", "csubj", "prep", "pobj"})


def is_candidate(tok: Token) -> bool:
    """Verbs, nouns and adjectives (LitBank's triggers are almost only these)."""
    return tok.pos in CANDIDATE_POS and tok.text[:1].isalpha()


def sentence_flags(doc: ParsedDoc) -> list[tuple[bool, bool]]:
    """Per sentence: (ends with a question mark, holds a quotation)."""
    out = []
    for sent in doc.sentences:
        toks = doc.tokens[sent.first : sent.last]
        question = any(t.text == "?" for t in toks[-3:])
        out.append((question, any(t.in_quote for t in toks)))
    return out


def narrative_tense(doc: ParsedDoc) -> str:
    """ "past" or "present": the tense most finite verbs outside quotations take (present-tense stories
    narrate their events in VBZ/VBP)."""
    past = present = 0
    for tok in doc.tokens:
        if not tok.in_quote and tok.pos in ("VERB", "AUX"):
            if tok.tag == "VBD":
                past += 1
            elif tok.tag in ("VBZ", "VBP"):
                present += 1
    return "present" if present > past else "past"


def _own(doc: ParsedDoc, tok: Token, prefix: str, feats: list[str]) -> None:
    """What hangs off ``tok``: auxiliaries, negation, marks, adverbs, subject, determiners."""
    for kid in doc.kids(tok.i):
        dep = kid.dep
        if dep in ("aux", "auxpass"):
            feats.append(f"{prefix}aux={kid.low}")
        elif dep == "neg":
            feats.append(f"{prefix}neg")
        elif dep == "mark":
            feats.append(f"{prefix}mark={kid.low}")
        elif dep == "advmod":
            feats.append(f"{prefix}adv={kid.lemma.lower()}")
        elif dep in ("nsubj", "nsubjpass", "expl"):
            feats.append(f"{prefix}subj={kid.pos}")
            if kid.pos == "PRON":
                feats.append(f"{prefix}subj={kid.low}")
        elif dep in ("det", "poss") and not prefix:
            feats.append(f"det={kid.low}" if dep == "det" else "poss")
        elif dep == "prep" and not prefix:
            feats.append(f"prep={kid.low}")
        if not prefix:
            feats.append(f"kid={dep}")


def token_features(doc: ParsedDoc, tok: Token, question: bool, narrative: str = "past") -> list[str]:
    """The feature strings of candidate ``tok``."""
    low, lemma, tag, dep = tok.low, tok.lemma.lower(), tok.tag, tok.dep
    quote = "q" if tok.in_quote else "n"
    feats = [
        f"w={low}",
        f"l={lemma}",
        f"t={tag}",
        f"d={dep}",
        f"t|d={tag}|{dep}",
        f"l|t={lemma}|{tag}",
        f"suf={low[-3:]}",
        f"q={quote}",
        f"t|q={tag}|{quote}",
        f"l|q={lemma}|{quote}",
        f"t|narr={tag}|{narrative}|{quote}",
        f"l|d={lemma}|{dep}",
    ]
    if question:
        feats += ["qm", f"t|qm={tag}"]
    for key in ("Tense", "VerbForm", "Mood", "Number"):
        if key in tok.morph:
            feats.append(f"m.{key}={tok.morph[key]}")
    prev_tok = doc.tokens[tok.i - 1] if tok.i > 0 else None
    next_tok = doc.tokens[tok.i + 1] if tok.i + 1 < len(doc.tokens) else None
    feats.append(f"pw={prev_tok.low if prev_tok and prev_tok.sent == tok.sent else '<s>'}")
    feats.append(f"pt={prev_tok.tag if prev_tok and prev_tok.sent == tok.sent else '<s>'}")
    feats.append(f"nw={next_tok.low if next_tok and next_tok.sent == tok.sent else '</s>'}")
    feats.append(f"nt={next_tok.tag if next_tok and next_tok.sent == tok.sent else '</s>'}")
    _own(doc, tok, "", feats)
    kids = doc.kids(tok.i)
    if tag == "VB" and dep == "ROOT" and not any(k.dep in ("nsubj", "aux", "nsubjpass") for k in kids):
        feats.append(f"imperative|{quote}")
    modal = any(k.tag == "MD" for k in kids if k.dep == "aux")
    feats.append(f"t|modal={tag}|{modal}")
    cur, hops = tok, 0
    while cur.head != cur.i and hops < ANCESTOR_HOPS:
        via = cur.dep
        head = doc.tokens[cur.head]
        hops += 1
        prefix = "h." if hops == 1 else "a."
        feats += [f"{prefix}l={head.lemma.lower()}", f"{prefix}via={via}", f"{prefix}p={head.pos}"]
        if hops == 1:
            feats += [f"d|h.l={dep}|{head.lemma.lower()}", f"d|h.t={dep}|{head.tag}", f"t|h.t={tag}|{head.tag}"]
        if head.pos in ("VERB", "AUX"):
            feats.append(f"{prefix}t={head.tag}")
            _own(doc, head, prefix, feats)
        if via not in _CLAUSE_DEPS and hops > 1:
            break
        cur = head
    return feats


def doc_features(doc: ParsedDoc) -> list[tuple[int, list[str]]]:
    """(token index, features) of every candidate trigger of ``doc``."""
    flags = sentence_flags(doc)
    narrative = narrative_tense(doc)
    out = []
    for tok in doc.tokens:
        if is_candidate(tok):
            question = flags[tok.sent][0] if tok.sent < len(flags) else False
            out.append((tok.i, token_features(doc, tok, question, narrative)))
    return out
