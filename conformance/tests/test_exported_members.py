"""The public surface is pinned: a name added to or removed from it is a deliberate change."""

from __future__ import annotations

import importlib

import pytest

# Each module's exported names, in one line each (a name added or removed is a deliberate change).
PUBLIC = {
    "codex_conformance": "__version__",
    "codex_conformance.areas": (
        "Area PARTS area_of_op discover facets_of find_part known_facet_names property_sets select_properties"
    ),
    "codex_conformance.chat_loopback": "Loopback Recorder codex_instructions shared_loopback",
    "codex_conformance.editions": (
        "APP_SERVER_DYNAMIC_TOOLS CHAT_WIRE CLOUD_SKILLS EDITIONS Edition FEATURES FILE_TOOLS "
        "UnknownEditionError V0_169_0 V0_25_0 V0_94_0 editions_of_area get_edition"
    ),
    "codex_conformance.readiness": (
        "CASES_SHOWN REASONS_SHOWN UNTESTED_NAMED ClauseFailure EditionReadiness Judged Verdict judged_case "
        "readiness"
    ),
    "codex_conformance.site.build": "Built build_site",
    "codex_conformance.tiers": "TIERS_FILE Tier Tiered Tiers load_tiers milder tier_problems tiers_path",
    "codex_conformance.port": (
        "FileTreeError Handle PortOp decode_content encode_content make_handle read_tree "
        "safe_relative write_tree"
    ),
    "codex_conformance.strategies": "",
    "codex_conformance.strategies.apply_patch": (
        "apply_patch_args explored_apply_patch_args file_states grammar_patch_texts grammar_patches "
        "line_texts patches_for"
    ),
    "codex_conformance.strategies.mcp": (
        "explored_mcp_args explored_schema_args input_schemas mcp_servers mcp_tools server_names tool_names"
    ),
    "codex_reference": "SEAMS SURFACE __version__",
    "codex_reference.adapter": "Handler handle make_handler",
}


def check_exported(module: str, pinned: str) -> None:
    """``module``'s ``__all__`` is ``pinned`` (names separated by spaces), and it defines each."""
    imported = importlib.import_module(module)
    exported = list(getattr(imported, "__all__", []))
    assert sorted(exported) == sorted(pinned.split())
    for name in exported:
        assert hasattr(imported, name), f"{module}.__all__ names {name}, which it does not define"


@pytest.mark.parametrize("module", sorted(PUBLIC))
def test_exported_members(module: str) -> None:
    check_exported(module, PUBLIC[module])


@pytest.mark.parametrize("package", ["codex_conformance", "codex_reference"])
def test_packages_ship_type_information(package: str) -> None:
    from importlib.resources import files

    assert files(package).joinpath("py.typed").is_file()
