"""The web client's modules joined per entry (api/bundles.py).

The browser tests run the client's joined files (every game's screens among them); these
check how modules are joined, run a small joined tree in Node (when it is installed, as for
the card page's module), and check that a form the joiner does not handle stops it.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from flipside.api.bundles import SHARED, BundleError, bundles, variable

SOURCES = {
    "app.js": 'import { h } from "./ui/dom.js";\nimport { t } from "./i18n.js";\nh(t("x"));\n',
    "ui/dom.js": "// makes elements\nexport function h(tag) {\n  return tag;\n}\n",
    "i18n.js": (
        'import { h as make } from "./ui/dom.js";\n'
        "export const { t, texts: words } = { t: make, texts: {} };\n"
        "export const LANG = `ja\n// not a comment: inside a template\n`;\n"
    ),
    "games/a/screen.js": (
        'import { h } from "../../ui/dom.js";\n'
        'import { rows } from "./ui/rows.js";\n'
        'export const stylesheet = new URL("style.css", import.meta.url).href;\n'
        "export function render() {\n  return h(rows());\n}\n"
    ),
    "games/a/ui/rows.js": (
        "export async function later() {}\n"
        'export const here = import.meta.url;\nexport function rows() {\n  return "r";\n}\n'
    ),
}


def joined(sources: dict[str, str] = SOURCES) -> dict[str, str]:
    return bundles(sources, "app.js", ["app.js", "games/a/screen.js"])


def test_the_shell_modules_are_joined_once_in_run_order_and_exported() -> None:
    shared = joined()[SHARED]
    assert shared.index("// ui/dom.js") < shared.index("// i18n.js"), "imports run first"
    assert "// app.js" not in shared
    assert "const { h : make } = __ui_dom_js;" in shared
    assert "return { t, words, LANG };" in shared, "destructured names, renamed ones too"
    assert shared.rstrip().endswith(f"export {{ {variable('ui/dom.js')}, {variable('i18n.js')} }};")


def test_an_entry_takes_the_shell_modules_from_the_shared_file() -> None:
    files = joined()
    app = files["app.js"]
    assert app.startswith('import { __i18n_js, __ui_dom_js } from "./shell.js";')
    assert app.rstrip().endswith('const { h } = __ui_dom_js;\nconst { t } = __i18n_js;\nh(t("x"));')
    screen = files["games/a/screen.js"]
    assert screen.startswith('import { __ui_dom_js } from "../../shell.js";')
    assert "// games/a/ui/rows.js" in screen and "// ui/dom.js" not in screen
    assert "export function render()" in screen, "the entry's exports are the file's"
    assert "return { later, here, rows };" in screen


def test_import_meta_names_the_module_not_the_joined_file() -> None:
    screen = joined()["games/a/screen.js"]
    assert 'new URL("style.css", import.meta.url)' in screen, "the entry is served at its path"
    assert 'const here = new URL("./ui/rows.js", import.meta.url).href;' in screen


def test_comment_lines_go_but_not_inside_a_template() -> None:
    files = joined()
    assert "makes elements" not in files[SHARED]
    assert "// not a comment: inside a template" in files[SHARED]


@pytest.mark.parametrize(
    ("module", "message"),
    [
        ("export let n = 1;\n", "copies"),
        ('import * as all from "./ui/dom.js";\n', "not handled"),
        ('import { x } from "lib";\n', "only the client's own modules"),
        ('import { x } from "./nowhere.js";\n', "no such module"),
        ('import { h } from "./app.js";\n', "cycle"),
        ("export const { a: { b } } = {};\n", "nested destructuring"),
        ("const a = 1;\nexport { a };\n", "not handled"),
    ],
)
def test_a_form_the_joiner_does_not_handle_stops_it(module: str, message: str) -> None:
    sources = {**SOURCES, "extra.js": module}
    sources["ui/dom.js"] = 'import { x } from "../extra.js";\n' + sources["ui/dom.js"]
    with pytest.raises(BundleError, match=re.escape(message)):
        joined(sources)


def test_a_run_time_import_resolves_only_from_the_joined_files_folder() -> None:
    sources = {**SOURCES, "ui/dom.js": SOURCES["ui/dom.js"] + 'import("./x.js");\n'}
    with pytest.raises(BundleError, match="at run time"):
        joined(sources)
    sources = {**SOURCES, "i18n.js": SOURCES["i18n.js"] + 'import("./x.js");\n'}
    assert 'import("./x.js")' in joined(sources)[SHARED]


RUNNABLE = {
    "app.js": 'import { choose } from "./lang.js";\nchoose("en");\nexport const booted = true;\n',
    "lang.js": (
        'const chosen = { lang: "ja" };\n'
        "export function choose(lang) {\n  chosen.lang = lang;\n}\n"
        "export function lang() {\n  return chosen.lang;\n}\n"
    ),
    "games/a/screen.js": (
        'import { lang } from "../../lang.js";\nimport { where } from "./ui/where.js";\n'
        "export const seen = () => ({ lang: lang(), where });\n"
    ),
    "games/a/ui/where.js": "export const where = import.meta.url;\n",
}


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js runs the joined modules")
def test_joined_modules_run_sharing_the_shells_instances(tmp_path: Path) -> None:
    for name, text in bundles(RUNNABLE, "app.js", ["app.js", "games/a/screen.js"]).items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    script = (
        'await import("./app.js");'
        'const screen = await import("./games/a/screen.js");'
        "console.log(JSON.stringify(screen.seen()));"
    )
    run = subprocess.run(
        [str(shutil.which("node")), "--input-type=module", "-e", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert seen["lang"] == "en", "the game's screens see the language the shell chose"
    assert seen["where"] == (tmp_path / "games/a/ui/where.js").as_uri()
