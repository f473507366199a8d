"""mkdocs hooks of the acp-spec docs site (hand-written; site/mkdocs.yml names this file).

The search appends a wildcard to what is typed, so `initialize` also matches every
`Initialize...` type, and a rarer word scores higher: a method's or type's own page would
lose to pages that merely start with its name. Each page's first section (its title and
the text under it) is boosted in the search index, a method's more than a type's, so a
name finds its own page first; the sections under it (fields, examples) are not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

BOOSTS = {"methods/": 4.0, "types/": 1.5}


def on_post_build(config: Any, **_: Any) -> None:
    index = Path(config["site_dir"]) / "search" / "search_index.json"
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    for doc in data.get("docs", []):
        location = str(doc.get("location", ""))
        for folder, boost in BOOSTS.items():
            if location.startswith(folder) and "#" not in location:
                doc["boost"] = boost
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
