"""template.yaml read as CloudFormation reads it: short-form tags (`!Ref`, `!Sub`, `!GetAtt`) in their long form."""

from pathlib import Path
from typing import Any

import yaml

TEMPLATE = Path(__file__).resolve().parents[2] / "template.yaml"


class CloudFormationLoader(yaml.SafeLoader):
    """YAML with CloudFormation's short-form intrinsic functions, read as their long form."""


def _intrinsic(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> dict[str, Any]:
    value: Any
    if isinstance(node, yaml.ScalarNode):
        value = loader.construct_scalar(node)
        if suffix == "GetAtt":
            value = str(value).split(".", 1)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    return {"Ref" if suffix == "Ref" else f"Fn::{suffix}": value}


CloudFormationLoader.add_multi_constructor("!", _intrinsic)


def load_template() -> dict[str, Any]:
    """The template as a dict, `!Ref X` as `{"Ref": "X"}`, `!GetAtt A.B` as `{"Fn::GetAtt": ["A", "B"]}`."""
    loaded: dict[str, Any] = yaml.load(TEMPLATE.read_text(), Loader=CloudFormationLoader)
    return loaded


def function_timeout(template: dict[str, Any], name: str) -> float:
    """A function's Timeout, its own or the Globals' one."""
    default = template["Globals"]["Function"]["Timeout"]
    timeout: float = template["Resources"][name]["Properties"].get("Timeout", default)
    return timeout
