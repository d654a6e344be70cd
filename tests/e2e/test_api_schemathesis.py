"""Schema-driven fuzzing of the running server with schemathesis: for every operation of
``/openapi.json``, a bounded number of generated requests, valid and invalid, get no 5xx and
no response that breaks the document (status, media type, headers, body schema).

The operations are driven through hypothesis directly (schemathesis's pytest plugin does not
yet work with this pytest), `EXAMPLES` cases per operation and generation mode.
"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from .live_server import Server

EXAMPLES = 10
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_every_operation_keeps_its_documented_contract(
    server: Server, mode: GenerationMode
) -> None:
    schema = schemathesis.openapi.from_url(f"{server.base_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12

    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
        def conforms(case: schemathesis.Case) -> None:
            case.call_and_validate(base_url=server.base_url, checks=CHECKS, timeout=10)

        try:
            conforms()
        except Unsatisfiable:
            # Nothing in the request can be made invalid (e.g. /healthz, or a path whose only
            # parameter is any string); positive cases still cover the operation.
            assert mode is GenerationMode.NEGATIVE, operation.label
