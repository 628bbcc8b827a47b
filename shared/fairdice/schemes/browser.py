"""Each scheme's roll function for the browser: JavaScript files beside the scheme modules.

The offline page (`fairdice.offline`) loads them in this order, each file once; a file others
build on (labelled.js, seed 001's labelled rolls) is listed before theirs. Each file registers its
scheme with the page script's registry itself, so this table is the one place that pairs a scheme
with its files.
"""

SCRIPTS: dict[str, tuple[str, ...]] = {
    "pair36": ("pair36.js",),
    "bg-dice-v1": ("labelled.js", "bg_dice.js"),
    "bg-online-v1": ("labelled.js", "bg_online.js"),
    "narde-v1": ("narde.js",),
    "three-dice": ("three_dice.js",),
    "daily": ("daily.js",),
}
