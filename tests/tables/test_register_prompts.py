"""`dicetable register` at the terminal: a refused answer is explained and asked again, and
after three refusals, or with no input at all, nothing is kept and the message says why."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.cli.commands.table import TableCommandError, _ask_numbers


def _answers(monkeypatch: pytest.MonkeyPatch, texts: list[str]) -> None:
    given: Iterator[str] = iter(texts)

    def answer(prompt: str) -> str:
        try:
            return next(given)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", answer)


@pytest.mark.parametrize(
    ("texts", "kept"),
    [
        ([""], frozenset()),
        (["2"], frozenset({1})),
        (["nine", "1 3"], frozenset({0, 2})),
        (["0", "7", "2"], frozenset({1})),
    ],
)
def test_a_refused_answer_is_asked_again(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    texts: list[str],
    kept: frozenset[int],
) -> None:
    _answers(monkeypatch, texts)
    assert _ask_numbers(3) == kept
    refusals = capsys.readouterr().err.splitlines()
    assert len(refusals) == len(texts) - 1


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        (["x", "y", "z"], "3 answers were not die numbers: nothing was kept"),
        ([], "no answer came (input closed): nothing was kept"),
    ],
)
def test_no_good_answer_keeps_nothing(
    monkeypatch: pytest.MonkeyPatch, texts: list[str], message: str
) -> None:
    _answers(monkeypatch, texts)
    with pytest.raises(TableCommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _ask_numbers(3)
