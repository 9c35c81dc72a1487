"""The README's "API in ten lines" runs as written: a newcomer's first code must not raise (it once applied an action
that was not legal at its seed)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_api_in_ten_lines_runs_as_written() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## The API in ten lines", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block is not None, "the README's API section lost its code block"
    namespace: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), namespace)  # our own README, run on purpose
    state, again = namespace["state"], namespace["again"]
    assert again.log == state.log  # type: ignore[attr-defined]
