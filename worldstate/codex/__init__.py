"""A story bible from an analysed World, the way writers keep one (Novelcrafter's codex, Sudowrite's story
bible): one Markdown page per character, a page of groups, of places and of objects, an index page, and
``codex.csv`` with one row per entry (``worldstate analyze STORY --format codex --out DIR``).

:mod:`.entries` reads the entries from the World; :mod:`.pages` writes them as Markdown; :mod:`.write` puts
the pages and the CSV in a folder.
"""

from worldstate.codex.entries import Codex, Entry, Fact, build_codex
from worldstate.codex.write import write_codex

__all__ = ["Codex", "Entry", "Fact", "build_codex", "write_codex"]
