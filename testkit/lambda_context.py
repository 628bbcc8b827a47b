"""The one stand-in for Lambda's context object that the handler tests pass."""

from dataclasses import dataclass


@dataclass
class FakeLambdaContext:
    """The attributes and method of Lambda's context that Powertools reads."""

    function_name: str = "fairdice-test"
    function_version: str = "$LATEST"
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:eu-west-1:123456789012:function:fairdice-test"
    aws_request_id: str = "52fdfc07-2182-154f-163f-5f0f9a621d72"

    def get_remaining_time_in_millis(self) -> int:
        """The template's verify timeout; nothing here enforces it."""
        return 10_000
