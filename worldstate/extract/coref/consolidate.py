"""The entity-level passes after the mention ranker, in order: clusters whose names agree
(``merge``), descriptions met again (``descriptions``), he/she chains without a name
(``pronoun_chains``), the narrator's own "I" and "we" chains (``first_person``), they/them chains without
a name (``plural_chains``), one owner's father,
mother, husband or wife and a vocative's addressee (``links``), one person's one spouse or parent also from
kin nouns called out in quotes and marriage read both ways (``kin_facts``); then, mention by mention, a he/she whose sentence names one person of its gender before it (``sole_antecedent``); then a
small cluster a learned model joins to a larger one (``attach``); last, descriptions met again once more
(two clusters that were rivals for "the old woman" may be one witch by now), and places and things described
again ("the store" … "the store": ``repeated_things``)."""

from __future__ import annotations

from worldstate.extract.coref.attach import attach_small_clusters
from worldstate.extract.coref.descriptions import merge_descriptions
from worldstate.extract.coref.features import MentionTable
from worldstate.extract.coref.first_person import merge_first_person
from worldstate.extract.coref.kin_facts import merge_kin_facts
from worldstate.extract.coref.links import link_vocatives, merge_owned_kin
from worldstate.extract.coref.merge import merge_name_clusters
from worldstate.extract.coref.plural_chains import join_plural_chains
from worldstate.extract.coref.pronoun_chains import join_pronoun_chains
from worldstate.extract.coref.repeated_things import join_repeated_things
from worldstate.extract.coref.roles import merge_role_references
from worldstate.extract.coref.sole_antecedent import attach_to_sole_antecedent

# LitBank dev, document-level 5-fold CV (``bench tune litbank-coref``, threshold 0.3, 2026-11-25): CoNLL F1 /
# clusters per character / merged documents 0.6969 / 3.917 / 0.632 without ``links``; owned kin alone 0.6975 /
# 3.898 / 0.649 (David Copperfield: the two "my mother" clusters are one, and the one they join already held the
# aunt); vocatives alone (unnamed ones) 0.6982 / 3.872 / 0.632; both, and a called-out name joining an unnamed
# character, 0.6996 / 3.837 / 0.649. Speaker accuracy by CV (``bench tune litbank-quotes``): 0.7611 (585/766, as
# without ``links``) with owned kin, 0.7546 with unnamed vocatives too, 0.7507 with named ones: a singleton "sir"
# already gives the scorer its speaker's label, a wrong link takes it away; so vocatives stay off.
OWNED_KIN = True  # "his father" … "his father" with one owner: one person (``links.py``)
VOCATIVES = False  # "Yes, sir": the one the quote is said to (``links.py``)
# One spouse, one father of one person, also from "'No, wife,' said the man" (``kin_facts.py``), with
# ``descriptions.SAME_WORDS_IN_CLUSTER``. LitBank dev, 2026-11-27 (``bench tune litbank-coref``, document-level
# 5-fold CV, seed 0): CoNLL F1 / clusters per character / merged documents 0.6953 / 3.735 / 0.649 against 0.6947 /
# 3.749 / 0.649 without both. State questions (tune split) 0.675 either way (the same answers); the package's own
# 66/72 against 65/72. Hansel and Gretel's codex: one page for the father (three before), one for the stepmother
# (two before).
KIN_FACTS = True
PLURAL_CHAINS = True  # they/them chains without a name join the one group just before them (``plural_chains.py``)
DESCRIPTIONS_AGAIN = True  # descriptions met again, once more at the end (``descriptions.py``: its CV numbers)
# Places and things described again join one chain ("the store" … "the store": ``repeated_things.py``). LitBank
# dev, 2026-11-27 (``bench tune litbank-coref``, document-level 5-fold CV, seed 0): CoNLL F1 0.6996 against 0.6979
# off (fold means 0.6990 / 0.6973; MUC 0.8184 / 0.8164, B3 0.6645 / 0.6637, CEAF-e 0.6160 / 0.6136; clusters per
# character 3.856 and merged documents 0.649 either way). State questions (tune split, shipped ranker weights):
# every answer the same on both sets (first 95/120, second 38/50).
REPEATED_THINGS = True


def consolidate_clusters(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` after the entity-level merge passes."""
    out = join_pronoun_chains(table, merge_descriptions(table, merge_name_clusters(table, cluster_of)))
    out = merge_first_person(table, out)
    if PLURAL_CHAINS:
        out = join_plural_chains(table, out)
    if OWNED_KIN:
        out = merge_owned_kin(table, out)
    if KIN_FACTS:
        out = merge_kin_facts(table, out)
    if VOCATIVES:
        out = link_vocatives(table, out)
    out = attach_to_sole_antecedent(table, out)
    out = attach_small_clusters(table, merge_role_references(table, out))  # roles: "she was a witch" … "the witch"
    if DESCRIPTIONS_AGAIN:  # the passes made one witch of two: "the old woman" met again now has one rival
        out = merge_descriptions(table, out)
    if REPEATED_THINGS:
        out = join_repeated_things(table, out)
    return out
