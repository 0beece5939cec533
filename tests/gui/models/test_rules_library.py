"""The data folder's rules files: found, skipped when damaged, kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from spoker.engine.rules import RuleSet, RulesFile
from spoker.errors import StorageError
from spoker.gui.models import rules_library
from spoker.records.rules_file import dumps_rules_file, read_rules_file
from tests.support.strategies import any_rule_sets


@settings(max_examples=40, deadline=None)
@given(any_rule_sets())
def test_a_rules_file_written_reads_back_as_the_same_rule_set(tmp_path_factory: pytest.TempPathFactory, rules: RuleSet) -> None:
    found = RulesFile("mine-1", 'A "quoted" summary with \\ and é', rules)
    path = tmp_path_factory.mktemp("r") / "mine.toml"
    path.write_text(dumps_rules_file(found), encoding="utf-8")
    assert read_rules_file(path) == found


def test_saved_files_are_found_by_name_and_damaged_ones_are_told_not_moved(tmp_path: Path) -> None:
    tied = RulesFile("zero-ties", "Ties score nothing", RuleSet(tie="none"))
    level = RulesFile("level", "Lines stay in one level", RuleSet(lines="in-level"))
    assert rules_library.save(tied, tmp_path) == tmp_path / "rules" / "zero-ties.toml"
    rules_library.save(level, tmp_path)
    broken = tmp_path / "rules" / "broken.toml"
    broken.write_text('name = "broken"\nsummary = "x"\nbag = [30, 1, 0]\n', encoding="utf-8")
    (tmp_path / "rules" / "notes.txt").write_text("not a rules file", encoding="utf-8")
    scan = rules_library.scan(tmp_path)
    assert [f.rules_file for f in scan.found] == [level, tied]  # by name
    assert len(scan.notices) == 1 and "broken.toml" in scan.notices[0].line and "bag" in scan.notices[0].line
    assert broken.exists()  # the person's file, left as it is


def test_no_folder_is_an_empty_scan_and_no_data_folder_refuses_to_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert rules_library.scan(tmp_path) == rules_library.Scan((), ())
    for name in ("SPOKER_HOME", "XDG_DATA_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    assert rules_library.rules_folder() is None
    with pytest.raises(StorageError, match="no data folder"):
        rules_library.save(RulesFile("a", "b", RuleSet()))


@pytest.mark.parametrize("name", ["../escape", "a/b", "Upper", "", "two words"])
def test_a_name_that_is_not_a_word_is_refused_and_nothing_is_written(tmp_path: Path, name: str) -> None:
    from spoker.errors import NotationError

    with pytest.raises(NotationError, match="lower-case word"):
        rules_library.save(RulesFile(name, "x", RuleSet()), tmp_path)
    assert not (tmp_path / "rules").exists() and not (tmp_path / "escape.toml").exists()
