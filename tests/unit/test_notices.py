"""Error pages: each problem named as the person sees it, in words that no caller's text can turn round."""

from fairdice.notices import error_page
from fairdice.problems import Problem


def test_a_link_parameter_holding_a_right_to_left_override_is_named_with_its_code_point() -> None:
    # Given a link whose unknown parameter's name starts with U+202E, which would draw the rest of the line backwards
    page = error_page(422, "bad link", [Problem(field="\u202ex", message="'\u202ex' is not a parameter")], where="link")
    # Then the name is written with the override as its code point, never as the character itself
    assert "\u202e" not in page.html
    assert "The link's <code><span class=cp" in page.html and "⟨U+202E⟩</span>x</code>" in page.html


def test_a_long_name_is_cut_at_40_characters_as_the_message_is() -> None:
    name = "Your account is locked: call 555-0100 now " * 10
    page = error_page(422, "bad link", [Problem(field=name, message=f"{name[:40]!r} is not a parameter")], where="link")
    assert f"<code>{name[:40]}…</code>" in page.html
    assert name[:41] not in page.html
