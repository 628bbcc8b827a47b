"""Run a function's handler as Lambda's python3.13 runtime does, for tests/functions/test_built_functions.py.

Standard library only. The test starts it with `python -I -S`, so sys.path holds the interpreter's
standard library and nothing else; the folders named on the command line (a function's build
folder, then the layer's python/) go in front, as Lambda puts /var/task and /opt/python. The handler
module is imported once (Lambda's INIT), then called with each event of the JSON list read from
stdin, each call with its own context and trace header. Handlers print their logs and metrics on
stdout, so the answers (or each error as Lambda reports it) go to the results file instead.

    python -I -S emulated_lambda.py app.lambda_handler RESULTS.json BUILD_DIR LAYER_DIR < events.json
"""

import importlib
import json
import os
import sys
import time
import uuid
from typing import Any


class Context:
    """The context object Lambda passes: what handlers and Powertools read of it."""

    def __init__(self, request_id: str, timeout_ms: int) -> None:
        self.function_name = os.environ["AWS_LAMBDA_FUNCTION_NAME"]
        self.function_version = os.environ["AWS_LAMBDA_FUNCTION_VERSION"]
        self.memory_limit_in_mb = int(os.environ["AWS_LAMBDA_FUNCTION_MEMORY_SIZE"])
        self.invoked_function_arn = (
            f"arn:aws:lambda:{os.environ['AWS_REGION']}:123456789012:function:{self.function_name}"
        )
        self.aws_request_id = request_id
        self.log_group_name = os.environ["AWS_LAMBDA_LOG_GROUP_NAME"]
        self.log_stream_name = os.environ["AWS_LAMBDA_LOG_STREAM_NAME"]
        self.identity = None
        self.client_context = None
        self._deadline = time.monotonic() + timeout_ms / 1000

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - time.monotonic()) * 1000))


def main() -> None:
    handler, results, *folders = sys.argv[1:]
    sys.path[:0] = folders
    module_name, _, function_name = handler.rpartition(".")
    events = json.load(sys.stdin)
    handle = getattr(importlib.import_module(module_name), function_name)
    timeout_ms = int(os.environ.get("FAIRDICE_EMULATED_TIMEOUT_MS", "10000"))
    answers: list[dict[str, Any]] = []
    for event in events:
        request_id = str(uuid.uuid4())
        # Lambda sets the trace header per invocation; not sampled, so nothing is sent anywhere.
        os.environ["_X_AMZN_TRACE_ID"] = (
            f"Root=1-{int(time.time()):08x}-{uuid.uuid4().hex[:24]};Parent={uuid.uuid4().hex[:16]};Sampled=0"
        )
        try:
            answers.append({"result": handle(event, Context(request_id, timeout_ms))})
        except Exception as exc:  # what Lambda reports for a failed invocation
            answers.append({"errorType": type(exc).__name__, "errorMessage": str(exc)})
    with open(results, "w", encoding="utf-8") as out:
        json.dump(answers, out, default=str)


if __name__ == "__main__":
    main()
