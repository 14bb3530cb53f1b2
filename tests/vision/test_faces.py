"""The face memory's arithmetic (`vision.faces`) on made-up features: what it may say and what it
must leave alone."""

from __future__ import annotations

import numpy as np
import pytest

from vision.faces import MAP_SIDE, FaceHead, FaceSettings, combine_faces, looks, pack

D = 16
PLAIN = FaceSettings(turned=False)  # made-up features are no feature maps


def _look(k: int, noise: float = 0.05, seed: int = 0) -> np.ndarray:
    """Feature rows of look k: one hot direction plus a little noise, all positive as ReLUs are."""
    rng = np.random.default_rng(seed)
    base = np.full(D, 0.05, np.float32)
    base[k] = 1.0
    return np.abs(base + rng.normal(0, noise, D)).astype(np.float32)


def _network(value: int, sure: float = 0.98) -> np.ndarray:
    p = np.full(6, (1 - sure) / 5, np.float32)
    p[value - 1] = sure
    return p


def _packed(rows: list[tuple[int, int]]) -> np.ndarray:
    """(look, value the network reads) pairs as packed rows."""
    feats = np.stack([_look(k, seed=i) for i, (k, _) in enumerate(rows)])
    return pack(feats, np.stack([_network(v) for _, v in rows]))


def test_one_value_alone_fits_no_head() -> None:
    assert FaceHead.fit(_packed([(0, 2), (0, 2)]), [2, 2], PLAIN) is None


def test_a_logo_read_as_3_is_read_as_the_6_the_players_said() -> None:
    # Looks 0..2 are ordinary 1, 2, 3 faces; look 5 is a logo the network reads as 3.
    rows = [(0, 1), (1, 2), (2, 3), (5, 3), (5, 3)]
    head = FaceHead.fit(_packed(rows), [1, 2, 3, 6, 6], PLAIN)
    assert head is not None and head.values == (1, 2, 3, 6)
    logo = _packed([(5, 3)])
    pips_p = np.concatenate([[0.0], _network(3)])[None, :].astype(np.float32)
    told = combine_faces(pips_p, head.evidence(logo, PLAIN))
    assert int(told[0, 1:].argmax()) + 1 == 6
    plain_three = _packed([(2, 3)])
    kept = combine_faces(pips_p, head.evidence(plain_three, PLAIN))
    assert int(kept[0, 1:].argmax()) + 1 == 3


def test_values_never_shown_get_no_evidence_and_are_never_outranked() -> None:
    head = FaceHead.fit(_packed([(0, 1), (1, 2), (2, 3)]), [1, 2, 3], PLAIN)
    assert head is not None
    evidence = head.evidence(_packed([(3, 5), (0, 1)]), PLAIN)
    assert np.all(evidence[:, 3:] == 0)  # 4, 5 and 6 were never shown
    assert np.allclose(evidence.sum(axis=1), 0, atol=1e-5)  # moved between shown values


def test_a_face_unlike_every_confirmed_one_gets_no_evidence() -> None:
    head = FaceHead.fit(_packed([(0, 1), (1, 2)]), [1, 2], PLAIN)
    assert head is not None
    assert np.all(head.evidence(_packed([(9, 4)]), FaceSettings(far=0.6, turned=False)) == 0)


@pytest.mark.parametrize(
    ("network", "evidence", "kept"),
    [
        ([0.0, 0.1, 0.9, 0, 0, 0, 0], [-1.0, 0, 0, 0, 0, 0], False),  # surer: taken
        ([0.0, 0.1, 0.9, 0, 0, 0, 0], [0, -1.0, 0, 0, 0, 0], True),  # less sure, same face: kept
        ([0.0, 0.4, 0.6, 0, 0, 0, 0], [0, -2.0, 0, 0, 0, 0], False),  # overturned: taken
        ([0.0, 0.1, 0.9, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], True),  # no evidence: kept exactly
    ],
)
def test_the_table_overturns_or_confirms_but_never_merely_doubts(
    network: list[float], evidence: list[float], kept: bool
) -> None:
    pips_p = np.asarray([network], np.float32)
    out = combine_faces(pips_p, np.asarray([evidence], np.float32))
    assert np.array_equal(out, pips_p) is kept
    assert out[0, 0] == pips_p[0, 0]  # "not a die" is never touched
    assert out.sum() == pytest.approx(1.0, abs=1e-5)


@pytest.mark.parametrize(
    ("network", "known", "kept"),
    [
        # The network reads a 5 (0.5) over a 4 (0.4); the table, shown only 2s, 3s and 4s and
        # never a die the network read as 5, leans to 4: it cannot say this is no 5.
        ([0.0, 0, 0.05, 0.05, 0.4, 0.5, 0], (2, 3, 4), True),
        ([0.0, 0, 0.05, 0.05, 0.4, 0.5, 0], (2, 3, 4, 5), False),  # known: overturned
        ([0.0, 0, 0.05, 0.05, 0.4, 0.5, 0], None, False),  # (as before values were asked)
    ],
)
def test_the_table_is_silent_where_the_network_reads_a_value_it_knows_nothing_of(
    network: list[float], known: tuple[int, ...] | None, kept: bool
) -> None:
    pips_p = np.asarray([network], np.float32)
    evidence = np.asarray([[0, -1.0, -1.0, 2.0, 0, 0]], np.float32)
    out = combine_faces(pips_p, evidence, known)
    assert np.array_equal(out, pips_p) is kept
    assert int(out[0, 1:].argmax()) + 1 == (5 if kept else 4)


def test_a_value_the_network_read_a_confirmed_die_as_is_known() -> None:
    """A logo 6 the network reads as a 1, confirmed as a 6 before any real 1 shows: the head
    knows what the network's 1s may be, so it may speak where the network reads a 1."""
    head = FaceHead.fit(_packed([(0, 1), (1, 2)]), [6, 2], PLAIN)
    assert head is not None and head.values == (2, 6) and head.known == (1, 2, 6)


def test_a_face_looks_the_same_at_every_turn() -> None:
    maps = np.random.default_rng(3).random((1, 32, MAP_SIDE, MAP_SIDE)).astype(np.float32)
    turned = np.rot90(maps, 1, (2, 3))
    same = looks(np.ascontiguousarray(turned).reshape(1, -1))
    assert np.allclose(looks(maps.reshape(1, -1)), same, atol=1e-6)


@pytest.mark.parametrize(
    ("look", "odds"),
    [
        (7, PLAIN.gone_cap),  # the face of a token the players removed: "not a die", capped
        (1, 0.0),  # a confirmed die's face: nothing
        (9, 0.0),  # unlike both: nothing
    ],
)
def test_a_face_nearer_a_removed_thing_than_any_die_says_not_a_die(look: int, odds: float) -> None:
    gone = _packed([(7, 2), (7, 2)])
    head = FaceHead.fit(_packed([(0, 1), (1, 2), (2, 3)]), [1, 2, 3], PLAIN, gone)
    assert head is not None and head.gone.shape == (D, 2)
    nearness, said, _ = head.weigh(_packed([(look, 2)])[:, :-6], PLAIN)
    assert said[0] == pytest.approx(odds, abs=1e-4)
    assert head.judge(_packed([(look, 2)])[:, :-6], PLAIN)[0] == pytest.approx(nearness)


def test_no_removed_faces_say_nothing_and_only_the_newest_are_kept() -> None:
    head = FaceHead.fit(_packed([(0, 1), (1, 2)]), [1, 2], PLAIN)
    assert head is not None and head.gone.shape[1] == 0
    assert not head.weigh(_packed([(7, 2)])[:, :-6], PLAIN)[1].any()
    many = _packed([(7, 2)] * 10)
    kept = FaceSettings(turned=False, gone_kept=3)
    head = FaceHead.fit(_packed([(0, 1), (1, 2)]), [1, 2], kept, many)
    assert head is not None and head.gone.shape == (D, 3)
