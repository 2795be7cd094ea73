"""Every ```python block of the README runs, in order, against the real server."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run(api):
    blocks = re.findall(r"^```python\n(.*?)^```", README.read_text("utf-8"), flags=re.S | re.M)
    assert len(blocks) >= 3
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
