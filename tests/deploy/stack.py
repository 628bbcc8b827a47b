"""template.yaml's resources, routes and schedules, as the deploy tests read them."""

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "events"

Template = dict[str, Any]


def resources(template: Template, kind: str) -> dict[str, dict[str, Any]]:
    """Every resource of one type, by logical id."""
    return {name: r for name, r in template["Resources"].items() if r["Type"] == kind}


def functions(template: Template) -> dict[str, dict[str, Any]]:
    """Every SAM function, by logical id."""
    return resources(template, "AWS::Serverless::Function")


def events_of(template: Template, kind: str) -> dict[tuple[str, str], dict[str, Any]]:
    """Every function event of one type, by (function, event name): its Properties."""
    return {
        (name, event_name): event["Properties"]
        for name, function in functions(template).items()
        for event_name, event in function["Properties"].get("Events", {}).items()
        if event["Type"] == kind
    }


def routes(template: Template) -> dict[str, str]:
    """Every HTTP API route as its route key (`GET /check`), and the function that serves it."""
    return {
        p["Path"] if p["Path"] == "$default" else f"{p['Method']} {p['Path']}": name
        for (name, _), p in events_of(template, "HttpApi").items()
    }


def event_file(name: str) -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / name).read_text())
    return event
