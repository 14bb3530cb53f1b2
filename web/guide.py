"""`/guide`: the short "your first game" guide (docs/first-game.md) as a page, with its pictures
(docs/images/), so the start page can link to it with no internet.

Only that one file is shown, through a small reader of the Markdown it uses (headings,
paragraphs, lists, pictures, links, `code` and **bold**); everything is escaped first.
"""

from __future__ import annotations

import re
from pathlib import Path

from flask import Blueprint, Response, abort, render_template, send_from_directory
from markupsafe import Markup, escape

bp = Blueprint("guide", __name__)

DOCS = Path(__file__).resolve().parent.parent / "docs"
GUIDE = DOCS / "first-game.md"
IMAGES = DOCS / "images"
_IMAGE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,60}\.png")

_PICTURE = re.compile(r"!\[([^\]]*)\]\(images/([a-z0-9-]+\.png)\)")
_INLINE = (
    (_PICTURE, r'<img src="/guide/images/\2" alt="\1">'),
    (re.compile(r"\[([^\]]+)\]\((/[^)\s]*)\)"), r'<a href="\2">\1</a>'),
    (re.compile(r"\[([^\]]+)\]\(([a-z0-9-]+\.md)\)"), r"\1"),  # other docs: not served here
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<b>\1</b>"),
)


def _inline(text: str) -> str:
    out = str(escape(text))
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def to_html(markdown: str) -> Markup:
    """The guide's Markdown as HTML: blocks are separated by blank lines."""
    parts: list[str] = []
    for block in re.split(r"\n\s*\n", markdown.strip()):
        lines = [line.strip() for line in block.splitlines()]
        heading = re.fullmatch(r"(#{1,3}) (.+)", lines[0])
        if heading and len(lines) == 1:
            level = max(2, len(heading.group(1)))  # the page's own title is its one h1
            parts.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
        elif all(re.match(r"(\d+\.|-) ", line) for line in lines[:1]):
            items: list[str] = []
            for line in lines:
                if re.match(r"(\d+\.|-) ", line):
                    items.append(line.split(" ", 1)[1])
                else:
                    items[-1] += " " + line
            tag = "ol" if lines[0][0].isdigit() else "ul"
            body = "".join(f"<li>{_inline(item)}</li>" for item in items)
            parts.append(f"<{tag}>{body}</{tag}>")
        else:
            parts.append(f"<p>{_inline(' '.join(lines))}</p>")
    return Markup("\n".join(parts))


@bp.get("/guide")
def guide() -> Response:
    try:
        text = GUIDE.read_text(encoding="utf-8")
    except OSError:
        abort(404)
    title, _, rest = text.partition("\n")
    html = render_template("guide.html", title=title.lstrip("# ").strip(), body=to_html(rest))
    return Response(html, mimetype="text/html")


@bp.get("/guide/images/<name>")
def image(name: str) -> Response:
    if not _IMAGE_NAME.fullmatch(name):
        abort(404)
    return send_from_directory(IMAGES, name, mimetype="image/png", max_age=3600)
