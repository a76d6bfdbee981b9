"""``python -m render.gallery``'s command line: help is help, not a folder to write 115 images into."""

from __future__ import annotations

from pathlib import Path

import pytest

from render import gallery


def test_help_prints_help_and_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        gallery.main(["--help"])
    assert done.value.code == 0
    assert "OUTDIR" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []  # before: a folder named "--help" full of images


def test_a_wrong_language_or_no_folder_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], [str(tmp_path / "out"), "--lang", "fr"]):
        with pytest.raises(SystemExit) as done:
            gallery.main(argv)
        assert done.value.code == 2
    assert "usage: python -m render.gallery" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
