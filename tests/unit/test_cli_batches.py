"""`flipside.cli.common.in_batches`, which the audit and the export run their batches through:
results in order, with the garbage collector paused only while a batch runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from flipside.cli import common


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "BATCH_MATCHES", 3)


@pytest.fixture
def collector_on() -> Iterator[None]:
    was_enabled = gc.isenabled()
    gc.enable()
    yield
    if not was_enabled:
        gc.disable()


def _batch(url: str, batch: list[str]) -> tuple[str, list[str], bool]:
    return url, batch, gc.isenabled()


IDS = [f"m{n}" for n in range(8)]


def test_one_job_gives_every_batch_in_order_with_the_collector_paused_meanwhile(
    collector_on: None,
) -> None:
    done = list(common.in_batches(_batch, "db", iter(IDS), jobs=1))
    assert [size for size, _ in done] == [3, 3, 2]
    assert [result for _, result in done] == [
        ("db", IDS[0:3], False),
        ("db", IDS[3:6], False),
        ("db", IDS[6:8], False),
    ]
    assert gc.isenabled()


def test_a_single_batch_runs_here_and_the_collector_is_back_on_after(collector_on: None) -> None:
    assert list(common.in_batches(_batch, "db", IDS[:2], jobs=1)) == [(2, ("db", IDS[:2], False))]
    assert gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused(collector_on: None) -> None:
    gc.disable()
    list(common.in_batches(_batch, "db", IDS, jobs=1))
    assert not gc.isenabled()


def test_a_failing_batch_fails_the_run_and_leaves_the_collector_on(collector_on: None) -> None:
    def failing(url: str, batch: list[str]) -> None:
        raise ValueError(f"bad batch {batch[0]}")

    with pytest.raises(ValueError, match="bad batch m0"):
        list(common.in_batches(failing, "db", IDS, jobs=1))
    assert gc.isenabled()
