"""What each scheme takes, read off the request models' JSON schema so it cannot drift from them.

GET /schemes serves this; a field's type, limits and wording are whatever the model says.
"""

from functools import cache
from typing import Any

from pydantic import BaseModel, Field, JsonValue

from fairdice import schemes
from fairdice.fields import DEFAULT_ROLLS, MAX_ROLLS
from fairdice.schemes.base import Scheme

# JSON-schema keywords that bound a value, reported as the field's limits.
_LIMITS = ("const", "minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems", "pattern", "format")


class FieldSpec(BaseModel):
    """One field of a verify request."""

    name: str = Field(description="the field's name; a nested field is written parent.child")
    required: bool
    type: str = Field(description="JSON type(s), such as 'string', 'array of string' or 'integer | null'")
    description: str | None = None
    default: JsonValue = Field(default=None, description="the value used when the field is left out")
    limits: dict[str, int | str] = Field(
        default_factory=dict, description="JSON-schema bounds; items.<bound> applies to each list entry"
    )


class SchemeSpec(BaseModel):
    """One scheme: its id, the game it is, what it is, the dice of one roll and its fields."""

    id: str
    title: str = Field(
        description="the game by a title from its seed document, as a verdict names it first in identified_by"
    )
    description: str
    dice: list[int] = Field(description="the sides of each die in one roll, in order")
    secret_field: str = Field(description="the field holding the revealed secret")
    seal_field: str = Field(description="the field holding the seal shown before the game")
    game: str = Field(description="where a game starts and what follows what: only a whole game can be fair")
    fields: list[FieldSpec]


class SchemeCatalog(BaseModel):
    """Every scheme fairdice verifies, and the limits all requests share."""

    schemes: list[SchemeSpec]
    max_rolls: int = Field(description="the most rolls one request may recompute or compare")
    default_rolls: int = Field(
        description="how many rolls are listed from the game's start when neither count nor recorded rolls are given;"
        " nothing is compared, so such a verdict is at most incomplete"
    )


def scheme_catalog() -> SchemeCatalog:
    """Every registered scheme, generated from its request model (computed once, then shared)."""
    return _catalog(tuple(schemes.all_schemes()))


@cache
def _catalog(rooms: tuple[Scheme[Any], ...]) -> SchemeCatalog:
    return SchemeCatalog(
        schemes=[_scheme(scheme) for scheme in rooms], max_rolls=MAX_ROLLS, default_rolls=DEFAULT_ROLLS
    )


def _scheme(scheme: Scheme[Any]) -> SchemeSpec:
    model = scheme.request
    schema = model.model_json_schema()
    return SchemeSpec(
        id=scheme.id,
        title=scheme.title,
        description=(model.__doc__ or "").strip().split("\n\n")[0],
        dice=list(scheme.sides),
        secret_field=model.REVEALED_FIELD,
        seal_field=model.SEAL_FIELD,
        game=scheme.game,
        fields=[
            # The tag every request carries, which its type alone says (review: GET /schemes gave it no description)
            field.model_copy(update={"description": f"{scheme.id}: the scheme"}) if field.name == "scheme" else field
            for field in _fields(schema, schema.get("$defs", {}), prefix="", required_here=True)
        ],
    )


def _fields(schema: dict[str, Any], defs: dict[str, Any], *, prefix: str, required_here: bool) -> list[FieldSpec]:
    required = set(schema.get("required", ()))
    fields: list[FieldSpec] = []
    for name, prop in schema.get("properties", {}).items():
        is_required = required_here and name in required
        nested = _nested_model(prop, defs)
        if nested is not None:
            # A nested object (three-dice's client_seeds) is listed by its leaves: client_seeds.white, ...
            fields.extend(_fields(nested, defs, prefix=f"{prefix}{name}.", required_here=is_required))
            continue
        branches = [b for b in prop.get("anyOf", [prop]) if b.get("type") != "null"]
        fields.append(
            FieldSpec(
                name=prefix + name,
                required=is_required,
                type=_type(prop),
                description=prop.get("description")
                or next((b["description"] for b in branches if "description" in b), None),
                default=prop.get("default"),
                limits=_limits(branches),
            )
        )
    return fields


def _nested_model(prop: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any] | None:
    for branch in prop.get("anyOf", [prop]):
        if "$ref" in branch:
            nested: dict[str, Any] = defs[branch["$ref"].rsplit("/", 1)[-1]]
            return nested
    return None


def _type(schema: dict[str, Any]) -> str:
    if "anyOf" in schema:
        return " | ".join(_type(branch) for branch in schema["anyOf"])
    kind = str(schema.get("type", "any"))
    if kind == "array":
        return f"array of {_type(schema.get('items', {}))}"
    return kind


def _limits(branches: list[dict[str, Any]]) -> dict[str, int | str]:
    limits: dict[str, int | str] = {}
    for branch in branches:
        limits.update({key: branch[key] for key in _LIMITS if key in branch})
        items = branch.get("items", {})
        limits.update({f"items.{key}": items[key] for key in _LIMITS if key in items})
    return limits
