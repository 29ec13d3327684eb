"""What the model is shown of the skills (SKILLS-NS-1, SKILLS-CATALOG-1).

The ``skills`` namespace entry of the Responses ``tools`` array (sent even
when the snapshot is empty), and the ``<skills_instructions>`` block of the
developer message listing the shown skills in package order, with their
short locators (``cN`` per alias root, numbered in that order).  No block
when no skill is shown.
"""

from __future__ import annotations

from codex_reference.json_types import JSON
from codex_reference.skills.listing import description
from codex_reference.skills.reading import alias_names, shown_by_package
from codex_reference.skills.rules import SkillsRules
from codex_reference.skills.snapshot import Entry

__all__ = ["instructions", "namespace_entry"]


_LIST_DESCRIPTION = (
    "List skills owned by the requested authority. Returns each skill's authority, package, and "
    "main_resource. Pass the package to skills.read, and pass next_cursor back as cursor to continue."
)
_READ_DESCRIPTION = (
    "Read one page from a skill. Pass its provided package directly; root aliases are resolved "
    "automatically. Omit resource to read SKILL.md; to read another file, use the same package and "
    "pass the file's complete skill:// identifier as resource. For executor-backed skills, skill_root "
    "is the skill's absolute directory in the executor filesystem and can be used to locate bundled "
    "scripts. If the package is not provided, use skills.list to find it. Pass next_cursor back as "
    "cursor to continue the same snapshot while it is cached; omit cursor to read again."
)
_STRING = {"type": "string"}
_HEADER = (
    "<skills_instructions>\n## Skills\nA skill is a set of instructions provided through a `SKILL.md` "
    "source. Below is the list of skills that can be used. Each entry includes a name, description, and "
    "source locator. Short locators can be expanded using the skill roots table.\n### Skill roots\n"
)
_HOW_TO_READ = (
    'Read a skill package directly with `skills.read({"package":"<package>"})` to read its `SKILL.md`; '
    "root aliases are resolved automatically. To read another file from that skill, use the same "
    "`package` and pass the file's complete `skill://` identifier as `resource`. If the package is not "
    "provided, use `skills.list` to find it.\n### Available skills\n"
)


def _authority(kind: str) -> dict[str, JSON]:
    return {
        "type": "object",
        "properties": {"kind": {"type": "string", "enum": [kind]}},
        "required": ["kind"],
        "additionalProperties": False,
    }


def namespace_entry(rules: SkillsRules) -> dict[str, JSON]:
    list_parameters = {
        "type": "object",
        "properties": {
            "authority": {"oneOf": [_authority(kind) for kind in rules.authority_kinds]},
            "cursor": _STRING,
        },
        "required": ["authority"],
        "additionalProperties": False,
    }
    read_parameters = {
        "type": "object",
        "properties": {"cursor": _STRING, "package": _STRING, "resource": _STRING},
        "required": ["package"],
    }
    return {
        "type": "namespace",
        "name": "skills",
        "description": "Tools in the skills namespace.",
        "tools": [
            {
                "type": "function",
                "name": name,
                "description": text,
                "strict": False,
                "parameters": parameters,
            }
            for name, text, parameters in (
                ("list", _LIST_DESCRIPTION, list_parameters),
                ("read", _READ_DESCRIPTION, read_parameters),
            )
        ],
    }


def instructions(rules: SkillsRules, entries: tuple[Entry, ...]) -> str | None:
    shown = shown_by_package(entries)
    if not shown:
        return None
    aliases = alias_names(entries)
    roots = "".join(f"- `{short}` = `{root}`\n" for root, short in aliases.items())
    lines = "".join(
        f"- {entry.name}: {description(rules, entry.description)} "
        f"({rules.cloud_kind} package: {aliases[entry.alias_root]}{entry.package[len(entry.alias_root) :]})\n"
        for entry in shown
    )
    return _HEADER + roots + _HOW_TO_READ + lines + "</skills_instructions>"
