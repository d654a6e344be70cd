"""The audit's comparison of a projection's stored rows with a fresh fold
(`records.audit.compare_rows`): only the stored columns count, and the first row that
differs is named with its columns."""

from __future__ import annotations

from typing import Any

import pytest

from flipside.records.audit import compare_rows

STORED = [{"round": 1, "dealt": "AK QJ", "life": 4}, {"round": 2, "dealt": "T9", "life": 3}]


def _findings(stored: list[dict[str, Any]], fresh: list[dict[str, Any]]) -> list[str]:
    return [finding.message for finding in compare_rows("m", "round_facts", stored, fresh)]


def test_equal_rows_or_a_fold_that_knows_more_are_no_finding() -> None:
    assert _findings(STORED, [dict(row) for row in STORED]) == []
    assert _findings(STORED, [row | {"only_folded": [1]} for row in STORED]) == []


def test_a_column_stored_empty_and_unknown_to_the_fold_is_no_finding() -> None:
    assert _findings([{"round": 1, "note": None}], [{"round": 1}]) == []


@pytest.mark.parametrize(
    ("fresh", "message"),
    [
        (
            [STORED[0], {"round": 2, "dealt": "T8", "life": 2}],
            "round_facts row 2 differs from a fresh fold in dealt, life",
        ),
        (
            [STORED[0], {"round": 2, "dealt": "T9"}],
            "round_facts row 2 differs from a fresh fold in life",
        ),
        (
            [STORED[0] | {"extra": 1}, {**STORED[1], "round": 3, "extra": 1}],
            "round_facts row 2 differs from a fresh fold in round",
        ),
        ([STORED[0]], "round_facts has 2 rows, a fresh fold gives 1"),
    ],
)
def test_the_first_row_that_differs_is_named_with_its_columns(
    fresh: list[dict[str, Any]], message: str
) -> None:
    assert _findings(STORED, fresh) == [message]
