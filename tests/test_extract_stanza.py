"""The Stanza adapter on a Stanza Document read from CoNLL-U (no models, no downloads)."""

from __future__ import annotations

import pytest
from stanza.utils.conll import CoNLL

from worldstate.config import Settings
from worldstate.errors import ConfigError
from worldstate.extract.builder import build_world_state
from worldstate.extract.parsed import ParsedDoc, assign_sentences
from worldstate.extract.stanza_backend import append_stanza_document, load_pipeline
from worldstate.state import Story

TEXT = "The king gave Anna a golden key in the castle. She was not happy."

CONLLU = """# text = The king gave Anna a golden key in the castle.
1	The	the	DET	DT	Definite=Def|PronType=Art	2	det	_	_
2	king	king	NOUN	NN	Number=Sing	3	nsubj	_	_
3	gave	give	VERB	VBD	Mood=Ind|Tense=Past|VerbForm=Fin	0	root	_	_
4	Anna	Anna	PROPN	NNP	Number=Sing	3	iobj	_	_
5	a	a	DET	DT	Definite=Ind|PronType=Art	7	det	_	_
6	golden	golden	ADJ	JJ	Degree=Pos	7	amod	_	_
7	key	key	NOUN	NN	Number=Sing	3	obj	_	_
8	in	in	ADP	IN	_	10	case	_	_
9	the	the	DET	DT	Definite=Def|PronType=Art	10	det	_	_
10	castle	castle	NOUN	NN	Number=Sing	3	obl	_	SpaceAfter=No
11	.	.	PUNCT	.	_	3	punct	_	_

# text = She was not happy.
1	She	she	PRON	PRP	Case=Nom|Gender=Fem|Number=Sing|Person=3|PronType=Prs	4	nsubj	_	_
2	was	be	AUX	VBD	Mood=Ind|Tense=Past|VerbForm=Fin	4	cop	_	_
3	not	not	PART	RB	Polarity=Neg	4	advmod	_	_
4	happy	happy	ADJ	JJ	Degree=Pos	0	root	_	SpaceAfter=No
5	.	.	PUNCT	.	_	4	punct	_	_

"""


@pytest.fixture(scope="module")
def parsed() -> tuple[Story, ParsedDoc]:
    story = Story.from_text(TEXT)
    sdoc = CoNLL.conll2doc(input_str=CONLLU)
    doc = ParsedDoc()
    spans: list[tuple[int, int]] = []
    append_stanza_document(doc, sdoc, story.text, 0, spans)
    doc.finish()
    story.resegment(spans)
    assign_sentences(doc, [(s.span.start, s.span.end) for s in story.sentences])
    return story, doc


def test_tokens_offsets_and_mapped_labels(parsed: tuple[Story, ParsedDoc]) -> None:
    story, doc = parsed
    assert len(story.sentences) == 2
    for tok in doc.tokens:
        assert story.text[tok.start : tok.end] == tok.text
    by_text = {t.text: t for t in doc.tokens}
    assert by_text["key"].dep == "dobj" and by_text["Anna"].dep == "dative"
    assert by_text["in"].dep == "prep" and doc.tokens[by_text["in"].head].text == "gave"
    assert by_text["castle"].dep == "pobj" and by_text["not"].dep == "neg"
    assert by_text["gave"].dep == "ROOT" and by_text["gave"].lemma == "give"


def test_world_state_from_stanza_parse(parsed: tuple[Story, ParsedDoc]) -> None:
    story, doc = parsed
    ws = build_world_state(story, doc, Settings(backend="stanza"), "stanza-conllu")
    give = next(ev for ev in ws.events if ev.predicate == "give")
    assert ws.display_name(give.agent) == "the king"  # a description is named with its article in lower case
    assert ws.display_name(give.patient) == "the golden key"
    assert ws.display_name(give.arguments["recipient"]) == "Anna"
    assert ws.display_name(give.arguments["location"]) == "the castle"
    happy = next(p for p in ws.propositions if p.value == "happy")
    assert happy.polarity is False and ws.display_name(happy.subject) == "Anna"
    assert any(p.predicate == "has" and ws.display_name(p.subject) == "Anna" for p in ws.propositions)


def test_missing_models_give_config_error(tmp_path) -> None:
    with pytest.raises(ConfigError):
        load_pipeline(Settings(backend="stanza", stanza_dir=str(tmp_path / "nowhere")))
    with pytest.raises(ConfigError):
        load_pipeline(Settings(backend="stanza", stanza_dir=str(tmp_path)))
