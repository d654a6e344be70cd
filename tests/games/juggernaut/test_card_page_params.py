"""The page `/card/` reads the seven parameters from its address the forgiving way of J6:
JE6 and every edge case of J6, through the page's own module (``params.js``) run by Node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

MODULE = Path(__file__).resolve().parents[3] / "api/static/games/juggernaut/params.js"
DEFAULTS = {
    "initialSilver": 10,
    "reward1": 15,
    "reward2": 7,
    "reward3": 6,
    "reward4": 5,
    "winGold": 3,
    "goldExchangeSilver": 10,
}
CASES = [
    # JE6
    (
        "?initialSilver=20&reward1=30&reward2=12&reward3=8&reward4=1&winGold=5&goldExchangeSilver=7",
        {
            "initialSilver": 20,
            "reward1": 30,
            "reward2": 12,
            "reward3": 8,
            "reward4": 1,
            "winGold": 5,
            "goldExchangeSilver": 7,
        },
    ),
    ("?initialSilver=020", {"initialSilver": 20}),  # leading zeros
    ("?reward1=007", {"reward1": 7}),
    ("?initialSilver=100", {}),  # out of range
    ("?initialSilver=0", {"initialSilver": 0}),
    ("?initialSilver=99", {"initialSilver": 99}),
    ("?winGold=0", {}),
    ("?goldExchangeSilver=0", {}),
    ("?winGold=1&goldExchangeSilver=99", {"winGold": 1, "goldExchangeSilver": 99}),
    ("?reward1=%31%30", {"reward1": 10}),  # decoded first
    ("?reward1=10.0", {}),  # a decimal
    ("?reward1=1e1", {}),  # an exponent
    ("?reward1=0x10", {}),  # hexadecimal
    ("?reward1=+5", {}),  # "+" decodes to a space
    ("?reward1=%2B5", {}),  # a sign
    ("?reward1=-1", {}),
    ("?reward1=-0", {}),
    ("?reward1=%2010", {}),  # a leading space
    ("?reward1=10%20", {}),  # a trailing space
    ("?reward1=10%0A", {}),  # a trailing newline
    ("?reward1=%EF%BC%91%EF%BC%90", {}),  # full-width digits
    ("?reward1=\uff11\uff10", {}),
    ("?reward1=", {}),  # empty
    ("?reward1", {}),  # no value
    ("?reward1=ten", {}),
    ("?reward1=99999999999999999999", {}),  # compared exactly: out of range
    ("?reward1=7&reward1=9", {"reward1": 7}),  # the first of a repeated name
    ("?reward1=x&reward1=9", {}),  # the first, even when it is bad
    ("?Reward1=7", {}),  # names are case-sensitive
    ("?initialsilver=20", {}),
    ("?bonus=3&reward2=8", {"reward2": 8}),  # unknown names are ignored
    ("?reward4=30&reward1=2", {"reward4": 30, "reward1": 2}),  # no check across them
    ("", {}),  # no query
    ("?", {}),
]

node = shutil.which("node")
pytestmark = pytest.mark.skipif(node is None, reason="Node.js runs the page's module")


def read_all(queries: list[str]) -> list[dict]:
    """`fromQuery` of each query, in a Node process importing the page's module."""
    script = (
        f"import {{ fromQuery }} from {json.dumps(MODULE.as_uri())};\n"
        f"const queries = {json.dumps(queries)};\n"
        "console.log(JSON.stringify(queries.map((search) => fromQuery(search))));"
    )
    done = subprocess.run(
        [node, "--input-type=module", "-e", script],  # type: ignore[list-item]
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def test_je6_and_every_edge_case_of_j6() -> None:
    results = read_all([query for query, _ in CASES])
    for (query, changed), found in zip(CASES, results, strict=True):
        assert found["values"] == DEFAULTS | changed, query
        assert {name for name, given in found["given"].items() if given} == set(changed), query
