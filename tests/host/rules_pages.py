"""The rule sentences of docs/rules/<game>.md, which Learn to play must teach every one of: each
paragraph, list item and table row of a section, split into sentences."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Sections that say how the app writes or draws the game, not how it is played.
NOT_RULES = ("Notation", "11. Notation of moves", "On a small screen")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*(`\"'])")


def plain(text):
    """`text` without markdown marks, lower case, one space between words."""
    return " ".join(re.sub(r"[*`_]", "", text).lower().split())


def blocks(lines):
    """The paragraphs, list items and table rows of a section's lines, each one string."""
    out, current, fenced = [], [], False
    for line in lines + [""]:
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        starts_item = re.match(r"([*-]|\d+\.) ", stripped) or stripped.startswith("|")
        if not stripped or starts_item:
            if current:
                out.append(" ".join(current))
            current = []
        if stripped.startswith("|"):
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                out.append(" | ".join(cells))
            continue
        if stripped:
            current.append(re.sub(r"^([*-]|\d+\.) ", "", stripped))
    return out


def rule_sentences(name):
    """[(heading, sentence), ...] of game `name`'s rules page, in page order; a table's header
    row is left out."""
    with open(os.path.join(ROOT, "docs", "rules", name + ".md"), encoding="utf-8") as f:
        text = f.read()
    out = []
    for section in re.split(r"^(?=#{2,3} )", text, flags=re.M)[1:]:
        lines = section.split("\n")
        heading = lines[0].lstrip("#").strip()
        if heading in NOT_RULES:
            continue
        rows = 0
        for block in blocks(lines[1:]):
            if " | " in block:
                rows += 1
                if rows == 1:
                    continue
                out.append((heading, block))
                continue
            rows = 0
            for sentence in SENTENCE_END.split(block):
                out.append((heading, sentence))
    return out
