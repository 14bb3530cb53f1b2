"""The model reader: find dice with one network, read each crop's pips and colour with another."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt

from vision import box_sets, colour_face, crops, die_odds, finder, offers, still_dice
from vision import memory as mem
from vision.dice_checks import drop_contained, drop_crowded, drop_tiny
from vision.empty_table import EmptyTable
from vision.errors import ModelError
from vision.faces import combine_faces
from vision.faces import pack as pack_faces
from vision.finding import find_dice, small_dice
from vision.marks import MARKS_FILE, MARKS_SIZE, Marker
from vision.onnx_model import MODELS_DIR, OnnxModel, recorded_hashes
from vision.palette import pick_colour
from vision.reader_config import ReaderConfig as ReaderConfig
from vision.reader_config import StageTimes as StageTimes
from vision.table_look import TableLook
from vision.types import DiceReading, Die, box_side

FINDER_FILE = "dice_finder.onnx"
# The finder a table of small dice uses (`vision.finding.small_dice`), where the models folder has
# one: trained on dice shown as it is run there, up-scaled to `table_die_px` across, among a
# board's tokens (model card, run 51).
SMALL_FINDER_FILE = "dice_finder_small.onnx"
# The finder a table that reads colour-face dice uses, where the models folder has one: taught
# colour-face dice as well, it finds more of them, at a small cost on grey photos of pip dice
# that no flyer table holds (model card, run 38).
FLYER_FINDER_FILE = "dice_finder_flyer.onnx"
CLASSIFIER_FILE = "dice_reader.onnx"
# The flyer table's own reader, where the models folder has one: a reader retrained for pip dice
# (run 41) read colour faces a little worse than the one whose features its face head was fit on.
FLYER_CLASSIFIER_FILE = "dice_reader_flyer.onnx"
# The reader's optional face head (colour-face dice): where the file has it, it decides which
# candidates are colour-face dice instead of the classical face check.
FACE_OUTPUT = "face"
# The pip head's input, where the file exports it (`models.training.face_features`): what a
# table's face memory (`vision.faces`) reads a face by.
FACE_FEATURES = "pips_features"
FACE_FEATURES_SIZE = 32 * 6 * 6


@dataclass(frozen=True)
class _Turns:
    """The network's answers for some candidates' crops turned a quarter, a half and three
    quarters round, read with the first look: (3, n, ...) each, for the candidates `index`."""

    index: npt.NDArray[np.intp]
    pips: npt.NDArray[np.float32]
    colour: npt.NDArray[np.float32]


def _turned(batch: npt.NDArray[np.float32], index: npt.NDArray[np.intp]) -> npt.NDArray[np.float32]:
    """The crops `index` at a quarter, a half and three quarters turn, in that order."""
    turns = [np.rot90(batch[index], k, axes=(2, 3)) for k in (1, 2, 3)]
    return np.ascontiguousarray(np.concatenate(turns))


@dataclass(frozen=True)
class _Remembered:
    """Each die's signature, its pip features and how far the table's memory was trusted for
    it (None where the reader's file gives no such output)."""

    signatures: npt.NDArray[np.float32] | None
    trust: npt.NDArray[np.float32] | None
    face_features: npt.NDArray[np.float32] | None = None
    marks: npt.NDArray[np.float32] | None = None  # where the table signs marks (`vision.marks`)


@dataclass(frozen=True)
class _Vouching:
    """What the table's vouching reads of one frame: its memory's view of the candidates, the
    candidates, the frame's height and width, and their crops as the networks take them."""

    look: TableLook
    memory: mem.TableMemory
    found: list[finder.Candidate]
    frame_hw: tuple[int, ...]
    batch: npt.NDArray[np.float32]

    @classmethod
    def of(
        cls,
        look: TableLook | None,
        memory: mem.TableMemory | None,
        found: list[finder.Candidate],
        frame_hw: tuple[int, ...],
        batch: npt.NDArray[np.float32],
    ) -> _Vouching | None:
        """None where the table cannot vouch: no memory, a file that signs no dice, or no die
        size known yet."""
        if look is None or memory is None or memory.die_size_px is None:
            return None
        return cls(look, memory, found, frame_hw, batch)


# A box this near the frame's edge meets it (`_in_view`).
_EDGE_PX = 1.0


class ModelReader:
    name = "model"
    FEATURES = FACE_FEATURES  # the output a table's face memory reads a face by

    def __init__(
        self,
        finder_model: OnnxModel,
        classifier: OnnxModel,
        config: ReaderConfig,
        memory: mem.TableMemory | None = None,
        empty: EmptyTable | None = None,
        small_finder: OnnxModel | None = None,
        marker: Marker | None = None,
    ) -> None:
        self._finder = finder_model
        self._small_finder = small_finder
        self.marker = marker
        self._classifier = classifier
        self.config = config
        self.memory = memory
        # The table with no dice on it (`vision.empty_table`): candidates that are part of it
        # are the table's own and are dropped before they are read.
        self.empty = empty

    def with_memory(self, memory: mem.TableMemory | None) -> ModelReader:
        """The same networks reading with a table's memory (None: without one)."""
        return ModelReader(
            self._finder,
            self._classifier,
            self.config,
            memory,
            self.empty,
            self._small_finder,
            self.marker,
        )

    def with_empty(self, empty: EmptyTable | None) -> ModelReader:
        """The same networks reading against a picture of the empty table (None: without)."""
        return ModelReader(
            self._finder,
            self._classifier,
            self.config,
            self.memory,
            empty,
            self._small_finder,
            self.marker,
        )

    @property
    def signs_dice(self) -> bool:
        """Whether this reader's file exports the embedding a table's memory needs."""
        return len(self._classifier.output_names) > 2

    @property
    def has_face_head(self) -> bool:
        """Whether this reader's file carries the face head for colour-face dice."""
        return FACE_OUTPUT in self._classifier.output_names

    def read(self, frame_bgr: npt.NDArray[np.uint8]) -> DiceReading:
        return self.read_timed(frame_bgr, StageTimes())

    def candidates(self, frame_bgr: npt.NDArray[np.uint8]) -> list[finder.Candidate]:
        """What the finder proposes in a frame, best first: where `read` starts."""
        return find_dice(self._finder, frame_bgr, self.config)

    def read_timed(self, frame_bgr: npt.NDArray[np.uint8], times: StageTimes) -> DiceReading:
        memory = self.memory  # one read of the attribute: a desk may swap it meanwhile
        found = self._found(frame_bgr, memory, times)
        if not found:
            return DiceReading.empty()
        each, _ = self._read_each(frame_bgr, found, memory, times)
        dice = [d for read in each for d in read]
        return times.timed("assemble", lambda: self._finish(dice, memory))

    def passed_over(self, frame_bgr: npt.NDArray[np.uint8], dice: Sequence[Die]) -> tuple[Die, ...]:
        """What the finder proposed and the reading `dice` of this frame left out, each read
        as a die (`vision.offers.passed_over`): for players to say which of them are dice."""
        return offers.passed_over_in(self, frame_bgr, dice)

    def read_at(
        self, frame_bgr: npt.NDArray[np.uint8], point: tuple[float, float], dice: Sequence[Die]
    ) -> Die | None:
        """The die a player points at in `frame_bgr` where the reading `dice` missed it
        (`vision.offers.read_at`); None where the file signs no dice."""
        return offers.read_at(self, frame_bgr, point, dice)

    @property
    def finder_model(self) -> OnnxModel:
        return self._finder

    def finder_for(self, frame_hw: tuple[int, ...], die_px: float | None) -> OnnxModel:
        """The finder for a frame at a table whose dice are `die_px` across: the small-dice
        tables' own where they are small and the models folder has one."""
        if self._small_finder is not None and small_dice(self.config, frame_hw, die_px):
            return self._small_finder
        return self._finder

    @property
    def classifier(self) -> OnnxModel:
        return self._classifier

    def output(
        self, outputs: list[npt.NDArray[np.float32]], name: str
    ) -> npt.NDArray[np.float32] | None:
        """The classifier's output `name` among `outputs`, where its file has one."""
        names = self._classifier.output_names
        return outputs[names.index(name)] if name in names else None

    def read_changed(
        self, frame_bgr: npt.NDArray[np.uint8], before: still_dice.Unchanged | None
    ) -> tuple[DiceReading, still_dice.Unchanged]:
        """As `read`, frame after frame of one camera: a die lying as it lay when last read
        keeps that reading (`vision.still_dice`); `before` is what the last call returned."""
        memory = self.memory
        times = StageTimes()
        found = self._found(frame_bgr, memory, times)

        def read_some(
            some: Sequence[finder.Candidate],
            held: Sequence[npt.NDArray[np.uint8]],
            doubted: Sequence[bool],
        ) -> tuple[list[tuple[Die, ...]], npt.NDArray[np.uint8]]:
            return self._read_each(frame_bgr, list(some), memory, times, held, doubted)

        dice, after = still_dice.read_changed(frame_bgr, found, before, memory, read_some)
        return self._finish(dice, memory), after

    def _found(
        self,
        frame_bgr: npt.NDArray[np.uint8],
        memory: mem.TableMemory | None,
        times: StageTimes,
    ) -> list[finder.Candidate]:
        """The finder's candidates (at the table's die size, down to the bar its memory
        vouches from), less those that are part of the empty table."""
        floor = self.config.find_threshold
        if memory is not None and memory.die_size_px is not None:
            floor = min(floor, self.config.vouch_find)
        return self.found(frame_bgr, memory, floor, times)

    def found(
        self,
        frame_bgr: npt.NDArray[np.uint8],
        memory: mem.TableMemory | None,
        floor: float,
        times: StageTimes,
    ) -> list[finder.Candidate]:
        """The finder's candidates down to `floor`, at the die size `memory` knows (by the
        small-dice finder where its dice are small), less those part of the empty table."""
        die_px = None if memory is None else memory.die_size_px
        finder_model = self.finder_for(frame_bgr.shape[:2], die_px)
        found = find_dice(finder_model, frame_bgr, self.config, times, die_px, floor)
        empty = self.empty  # one read of the attribute: a desk may swap it meanwhile
        if empty is not None and found:
            found = times.timed("empty", lambda: empty.others(frame_bgr, found))
        return found

    def _read_each(
        self,
        frame_bgr: npt.NDArray[np.uint8],
        found: list[finder.Candidate],
        memory: mem.TableMemory | None,
        times: StageTimes,
        held: Sequence[npt.NDArray[np.uint8]] = (),
        doubted: Sequence[bool] = (),
    ) -> tuple[list[tuple[Die, ...]], npt.NDArray[np.uint8]]:
        """Each candidate's dice (none where it is not a die), before the checks that weigh
        dice against each other, and the crops read. `held`: crops of dice read before, still
        in view, that the light cue weighs with these (`vision.still_dice`); `doubted`: the
        candidates likely in doubt, whose second look is read in one batch with the first."""
        stack, batch, cast = times.timed(
            "crop", lambda: crops.crop_batch(frame_bgr, [c.box_xyxy for c in found], held)
        )
        ahead = np.flatnonzero(np.asarray(doubted, np.bool_) & self.config.second_look)
        outputs, turns = times.timed("classify", lambda: self._first_look(batch, cast, ahead))
        pips_p, colour_p = outputs[0], outputs[1]
        bars = _not_a_die_bars(found, self.config)
        look = self.look(memory, stack, outputs)
        vouched = np.zeros(len(found), bool)
        at = _Vouching.of(look, memory, found, frame_bgr.shape[:2], batch)
        if at is not None:
            vouched, bars = times.timed("memory", lambda: self._vouched(at, pips_p, bars))
        if self.config.second_look:
            first = pips_p
            pips_p, colour_p = times.timed(
                "recheck", lambda: self._look_again(batch, cast, pips_p, colour_p, bars, turns)
            )
            if at is not None:
                looks = (first, pips_p)
                vouched = times.timed(
                    "memory", lambda: self._vouched_again(at, looks, bars, vouched)
                )
        pips_p = die_odds.a_die(pips_p, vouched)
        remembered = _Remembered(None, None)
        if look is not None:
            # Signed for the dice kept alone, once vouched: only their values are read and
            # only they teach (vouching signs the few it asks of where the table reads by marks).
            kept = np.flatnonzero(pips_p[:, 0] <= bars)
            marks = times.timed("marks", lambda: self.marks_for(memory, batch, kept))
            times.timed("memory", lambda: look.sign(marks))
            features = self.output(outputs, FACE_FEATURES)
            if features is not None:
                features = pack_faces(features, die_odds.given_a_die(pips_p))
            pips_p, colour_p, remembered = times.timed(
                "memory", lambda: self._remember(look, features, pips_p, colour_p, bars)
            )
            remembered = replace(remembered, marks=marks)
        faces = self._face_output(outputs)
        each = times.timed(
            "assemble",
            lambda: self._each(frame_bgr, found, pips_p, colour_p, bars, remembered, faces),
        )
        return each, stack

    def _face_output(
        self, outputs: list[npt.NDArray[np.float32]]
    ) -> npt.NDArray[np.float32] | None:
        """The face head's probabilities, where colour faces are read and the file has one."""
        if not self.config.colour_faces or not self.has_face_head:
            return None
        return self.output(outputs, FACE_OUTPUT)

    def marks_for(
        self,
        memory: mem.TableMemory | None,
        batch: npt.NDArray[np.float32],
        rows: npt.NDArray[np.intp] | None = None,
    ) -> npt.NDArray[np.float32] | None:
        """The crops' marks where this table signs them (`vision.marks`): at a table (not a
        cold read) while it learns, where the models folder has the marks network; with `rows`,
        of those crops alone (the others' rows 0)."""
        if self.marker is None or memory is None or not memory.marks_wanted:
            return None
        if rows is None:
            return self.marker.marks(batch)
        out = np.zeros((len(batch), MARKS_SIZE), np.float32)
        out[rows] = self.marker.marks(batch[rows])
        return out

    def look(
        self,
        memory: mem.TableMemory | None,
        stack: npt.NDArray[np.uint8],
        outputs: list[npt.NDArray[np.float32]],
    ) -> TableLook | None:
        """The memory's view of this frame's candidates (None: the file signs no dice)."""
        if len(outputs) <= 2:
            return None
        features = self.output(outputs, FACE_FEATURES)
        cfg = self.config
        return TableLook(memory, outputs[2], stack, features, cfg.face_memory, cfg.marks)

    def _remember(
        self,
        look: TableLook,
        features: npt.NDArray[np.float32] | None,
        pips_p: npt.NDArray[np.float32],
        colour_p: npt.NDArray[np.float32],
        bars: npt.NDArray[np.float32],
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], _Remembered]:
        # Only the candidates the network keeps as dice: the memory can only raise "not a die"
        # (`vision.memory.combine`), so it never brings back one the network dropped, and no
        # dropped candidate's signature reaches a reading.
        kept = np.flatnonzero(pips_p[:, 0] <= bars)
        if kept.size == 0:
            return pips_p, colour_p, _Remembered(None, None)
        sigs = look.signatures_of(kept)
        every = np.zeros((len(pips_p), sigs.shape[1]), np.float32)
        every[kept] = sigs
        memory = look.memory
        if memory is None or len(memory) == 0:
            return pips_p, colour_p, _Remembered(every, None, features)
        told = look.recall(memory, kept, self.config.memory)
        pips_p, colour_p, trust = pips_p.copy(), colour_p.copy(), np.zeros(len(pips_p), np.float32)
        pips_p[kept], colour_p[kept] = mem.combine(pips_p[kept], colour_p[kept], told)
        evidence = look.face_evidence(kept)
        if evidence is not None and features is not None:
            pips_p[kept] = combine_faces(pips_p[kept], evidence, look.known)
            gone = look.face_not_a_die(kept)
            if gone is not None and gone.any():
                pips_p[kept] = die_odds.less_a_die(pips_p[kept], gone)
        trust[kept] = told.trust
        return pips_p, colour_p, _Remembered(every, trust, features)

    def _vouched(
        self, at: _Vouching, pips_p: npt.NDArray[np.float32], bars: npt.NDArray[np.float32]
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.float32]]:
        """Which candidates the table vouches for (`_vouch`), and `bars` once it has: a
        candidate the network would drop, a faint find or one it calls "not a die" (a numeral
        or a logo face has no pips to find). A faint find the table does not vouch for is
        dropped."""
        cfg = self.config
        faint = np.asarray([c.score < cfg.find_threshold for c in at.found])
        asked = faint | (pips_p[:, 0] > bars)
        bars = np.where(faint, -1.0, bars).astype(np.float32)
        vouched = self._vouch(at, asked, ~asked, pips_p)
        bars[vouched] = cfg.not_a_die
        return vouched, bars

    def _vouched_again(
        self,
        at: _Vouching,
        looks: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]],
        bars: npt.NDArray[np.float32],
        vouched: npt.NDArray[np.bool_],
    ) -> npt.NDArray[np.bool_]:
        """`vouched` and the candidates the network kept at its first look (`looks`: its
        pips probabilities then and after the second) but drops at the second, where the table
        vouches for them (`_vouch`): a numeral turned a quarter round looks less like a die to
        the network than it did upright, and the table knows the face."""
        first, second = looks
        dropped = (first[:, 0] <= bars) & (second[:, 0] > bars) & ~vouched
        if not dropped.any():
            return vouched
        own = ((second[:, 0] <= bars) | vouched) & ~dropped
        return vouched | self._vouch(at, dropped, own, second)

    def _vouch(
        self,
        at: _Vouching,
        asked: npt.NDArray[np.bool_],
        own: npt.NDArray[np.bool_],
        pips_p: npt.NDArray[np.float32],
    ) -> npt.NDArray[np.bool_]:
        """Which of the candidates `asked` the table vouches for.

        One is kept where it looks like this table's confirmed dice in colour and face alike
        and is nearer a die than anything the players removed (`ReaderConfig.vouch_alike`,
        `vouch_face`; a faint find the network reads as a die of the table's size needs no
        face, `vouch_size`; at a table that reads its faces by their marks, marks as like a
        confirmed face's as `vouch_marks` will do for the face), lies in view
        (`vouch_in_view`, `_in_view`) and shares little of a box with the dice the network
        keeps on its own (`own`): its "not a die" goes (`_a_die`), and the face memory reads
        it."""
        cfg, found, memory = self.config, at.found, at.memory
        rows = np.flatnonzero(asked)
        vouched, by_marks = np.zeros(len(found), bool), np.zeros(len(found), bool)
        if rows.size == 0 or not at.look.has_faces:
            return vouched
        die, not_die = at.look.nearest(memory, rows)
        alike = rows[(die >= cfg.vouch_alike) & (die > not_die)]  # in colour: now the face
        if alike.size:
            sized = _near_size(found, alike, memory.die_size_px or 0.0, cfg.vouch_size)
            known = sized & (pips_p[alike, 0] <= cfg.faint_not_a_die)
            in_view = _in_view(found, alike, at.frame_hw, memory.die_size_px) >= cfg.vouch_in_view
            faced, marked = self._faced(at, alike)
            vouched[alike] = (faced | known | marked) & in_view
            by_marks[alike] = marked & ~(faced | known)
        if vouched.any():
            shared = _crowding(found, own)
            vouched &= shared <= np.where(by_marks, cfg.vouch_marks_shared, cfg.max_shared)
        return vouched

    def _faced(
        self, at: _Vouching, rows: npt.NDArray[np.intp]
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Whether the candidates `rows` show a face like a confirmed one by their pip
        features, and by their marks at a table that reads its faces by them. The marks are
        asked only there: elsewhere a red blob on a cloth beside a red die is as like a plain
        face by its marks as a die is (model card, "Sixth session")."""
        cfg = self.config
        faced = at.look.face_nearness(rows) >= cfg.vouch_face
        head = at.memory.marks_head
        if head is None or self.marker is None or faced.all():
            return faced, np.zeros(rows.size, bool)
        nearness, _ = head.weigh(self.marker.marks(at.batch[rows]), cfg.marks)
        return faced, nearness >= cfg.vouch_marks

    def _first_look(
        self,
        batch: npt.NDArray[np.float32],
        cast: npt.NDArray[np.float32],
        ahead: npt.NDArray[np.intp],
    ) -> tuple[list[npt.NDArray[np.float32]], _Turns | None]:
        """The network's answers for the crops, and in the same batch for the candidates
        `ahead` (likely in doubt: they were last frame) their crops at three more turns."""
        if ahead.size == 0:
            return self._classifier.run(batch, cast), None
        n, m = len(batch), ahead.size
        out = self._classifier.run(
            np.concatenate([batch, _turned(batch, ahead)]),
            np.concatenate([cast, np.tile(cast[ahead], (3, 1))]),
        )
        turns = _Turns(ahead, out[0][n:].reshape(3, m, -1), out[1][n:].reshape(3, m, -1))
        return [o[:n] for o in out], turns

    def _look_again(
        self,
        batch: npt.NDArray[np.float32],
        cast: npt.NDArray[np.float32],
        pips_p: npt.NDArray[np.float32],
        colour_p: npt.NDArray[np.float32],
        bars: npt.NDArray[np.float32],
        turns: _Turns | None = None,
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Average each doubtful die's answers over its crop at four turns (`bars`: each
        candidate's bar for "not a die", `_not_a_die_bars`; `turns`: those already read)."""
        cfg = self.config
        doubt = die_odds.given_a_die(pips_p).max(axis=1) < cfg.unsure_below
        doubt |= colour_p.max(axis=1) < cfg.colour_unsure_below
        doubt &= pips_p[:, 0] <= bars
        index = np.flatnonzero(doubt)
        if index.size == 0:
            return pips_p, colour_p
        known = {} if turns is None else {int(c): k for k, c in enumerate(turns.index)}
        need = np.asarray([c for c in index.tolist() if c not in known], np.intp)
        more_pips = np.zeros((3, index.size, pips_p.shape[1]), np.float32)
        more_colour = np.zeros((3, index.size, colour_p.shape[1]), np.float32)
        if need.size:
            fresh = self._classifier.run(_turned(batch, need), np.tile(cast[need], (3, 1)))
            rows = np.searchsorted(index, need)
            more_pips[:, rows] = fresh[0].reshape(3, need.size, -1)
            more_colour[:, rows] = fresh[1].reshape(3, need.size, -1)
        if turns is not None:
            for row, c in enumerate(index.tolist()):
                if c in known:
                    more_pips[:, row] = turns.pips[:, known[c]]
                    more_colour[:, row] = turns.colour[:, known[c]]
        pips_p, colour_p = pips_p.copy(), colour_p.copy()
        pips_p[index] = (pips_p[index] + more_pips.sum(axis=0)) / 4
        colour_p[index] = (colour_p[index] + more_colour.sum(axis=0)) / 4
        return pips_p, colour_p

    def _each(
        self,
        frame_bgr: npt.NDArray[np.uint8],
        found: list[finder.Candidate],
        pips_p: npt.NDArray[np.float32],
        colour_p: npt.NDArray[np.float32],
        bars: npt.NDArray[np.float32],
        remembered: _Remembered,
        faces: npt.NDArray[np.float32] | None,
    ) -> list[tuple[Die, ...]]:
        """Per candidate, the dice it is read as."""
        h, w = frame_bgr.shape[:2]
        return [
            self._dice_of(
                frame_bgr,
                k,
                cand,
                crops.clip_box(cand.box_xyxy, w, h),
                pips_p[k],
                colour_p[k],
                bars[k],
                remembered,
                faces,
            )
            for k, cand in enumerate(found)
        ]

    def _dice_of(
        self,
        frame_bgr: npt.NDArray[np.uint8],
        k: int,
        cand: finder.Candidate,
        box: tuple[int, int, int, int] | None,
        pp: npt.NDArray[np.float32],
        cp: npt.NDArray[np.float32],
        bar: float,
        remembered: _Remembered,
        faces: npt.NDArray[np.float32] | None,
    ) -> tuple[Die, ...]:
        if faces is not None and box is not None:
            painted = colour_face.face_head_die(faces[k], box, cand.score, self.config)
            if painted is not None:
                return (painted,)
        if pp[0] > bar:
            if box is not None and self.config.colour_faces and faces is None:
                return tuple(colour_face.colour_face_die(frame_bgr, box, cand.score, self.config))
            return ()
        if box is None:
            return ()
        face = die_odds.given_a_die(pp)
        pips = int(np.argmax(face)) + 1
        trusted = remembered.trust is not None and remembered.trust[k] >= (
            self.config.not_game_trust
        )
        colour = pick_colour(cp, self.config.palette, not_game=trusted)
        conf = float(min(face[pips - 1], colour.probability, cand.score + 0.5, 1.0))
        unsure = (
            colour.doubtful
            or float(face[pips - 1]) < self.config.unsure_below
            or colour.probability < self.config.colour_unsure_below
        )
        sig, feats = remembered.signatures, remembered.face_features
        signature = None if sig is None else tuple(sig[k].tolist())
        learnt = None if feats is None else feats[k].tobytes()
        marks = None if remembered.marks is None else remembered.marks[k].tobytes()
        return (
            Die(
                colour.colour,
                pips,
                conf,
                box,
                unsure,
                signature,
                face_features=learnt,
                face_marks=marks,
            ),
        )

    def _assemble(
        self,
        frame_bgr: npt.NDArray[np.uint8],
        found: list[finder.Candidate],
        pips_p: npt.NDArray[np.float32],
        colour_p: npt.NDArray[np.float32],
        bars: npt.NDArray[np.float32],
        remembered: _Remembered | None = None,
        faces: npt.NDArray[np.float32] | None = None,
    ) -> DiceReading:
        """The reading of these candidates, from the networks' answers for them."""
        remembered = remembered or _Remembered(None, None)
        each = self._each(frame_bgr, found, pips_p, colour_p, bars, remembered, faces)
        return self._finish([d for dice in each for d in dice], self.memory)

    def _finish(self, dice: list[Die], memory: mem.TableMemory | None) -> DiceReading:
        """The checks that weigh the dice read against each other."""
        kept = drop_crowded(drop_contained(dice), self.config.max_shared)
        cfg = self.config
        table_px = None if memory is None else memory.die_size_px
        small_px = None if memory is None else memory.small_die_px
        size_rule = (cfg.min_size_share, cfg.size_quorum, table_px, small_px)
        return DiceReading.of(drop_tiny(kept, *size_rule))


def _crowding(found: list[finder.Candidate], own: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """The most of each candidate's box it shares with one the network keeps on its own
    (`own`; 0 without one): the table vouches only where the network found nothing, so a
    vouched box never pushes out the network's die (`drop_crowded` keeps the surer of two)."""
    if not own.any():
        return np.zeros(len(found), np.float64)
    share = box_sets.shares(box_sets.as_array([c.box_xyxy for c in found]))
    return np.asarray(share[:, own].max(axis=1), np.float64)


def _in_view(
    found: list[finder.Candidate],
    index: npt.NDArray[np.intp],
    frame_hw: tuple[int, ...],
    die_px: float | None = None,
) -> npt.NDArray[np.float64]:
    """The share of each candidate `index`'s die that lies inside the frame: of its box, and
    where the box meets the frame's edge, of the table's die size (`die_px`) across that edge
    (the finder's box stops at the edge, so a die cut by it shows a whole box)."""
    boxes = box_sets.as_array([found[k].box_xyxy for k in index.tolist()])
    height, width = frame_hw[0], frame_hw[1]
    inner = np.clip(boxes, 0, [width, height, width, height])
    share = box_sets.areas(inner) / np.maximum(box_sets.areas(boxes), 1e-9)
    if not die_px:
        return np.asarray(share, np.float64)
    far_edges = np.asarray([width, height, width, height], np.float64) - _EDGE_PX
    touching = (inner <= _EDGE_PX) | (inner >= far_edges)
    across = np.stack([inner[:, 2] - inner[:, 0], inner[:, 3] - inner[:, 1]] * 2, axis=1)
    cut = np.where(touching, np.minimum(across / die_px, 1.0), 1.0).min(axis=1)
    return np.asarray(np.minimum(share, cut), np.float64)


def _near_size(
    found: list[finder.Candidate], index: npt.NDArray[np.intp], die_px: float, factor: float
) -> npt.NDArray[np.bool_]:
    """Whether each candidate `index` is within `factor` of the table's die size."""
    sides = np.asarray([box_side(found[k].box_xyxy) for k in index.tolist()], np.float64)
    return (sides * factor >= die_px) & (sides <= die_px * factor)


def _not_a_die_bars(found: list[finder.Candidate], config: ReaderConfig) -> npt.NDArray[np.float32]:
    """Each candidate's bar for "not a die": the usual one, or the faint finds' stricter one."""
    scores = np.asarray([c.score for c in found], np.float32)
    return np.where(scores < config.faint_find, config.faint_not_a_die, config.not_a_die)


def load_reader(
    models_dir: Path = MODELS_DIR,
    config: ReaderConfig | None = None,
    threads: int = 2,
    check_hashes: bool = True,
) -> ModelReader:
    hashes = recorded_hashes(models_dir / "models.sha256") if check_hashes else {}

    def model(name: str) -> OnnxModel:
        if check_hashes and name not in hashes:
            raise ModelError(f"{name} has no recorded sha256 in {models_dir / 'models.sha256'}")
        return OnnxModel(models_dir / name, hashes.get(name), threads)

    config = config or ReaderConfig()
    files = hashes if check_hashes else {p.name for p in models_dir.glob("*.onnx")}
    classifier = model(classifier_file(config, files))
    check_classifier_inputs(classifier.input_shapes, classifier.path.name)
    small = model(SMALL_FINDER_FILE) if SMALL_FINDER_FILE in files else None
    marker = Marker(model(MARKS_FILE)) if MARKS_FILE in files else None
    return ModelReader(
        model(finder_file(config, files)), classifier, config, small_finder=small, marker=marker
    )


def finder_file(config: ReaderConfig, files: Collection[str]) -> str:
    """The flyer finder at a table that reads colour-face dice, where `files` (the models
    folder's, as its hash list names them) hold one; else the finder."""
    return FLYER_FINDER_FILE if config.colour_faces and FLYER_FINDER_FILE in files else FINDER_FILE


def classifier_file(config: ReaderConfig, files: Collection[str]) -> str:
    """The flyer reader at a table that reads colour-face dice, where `files` hold one; else the
    reader."""
    if config.colour_faces and FLYER_CLASSIFIER_FILE in files:
        return FLYER_CLASSIFIER_FILE
    return CLASSIFIER_FILE


def check_classifier_inputs(shapes: dict[str, tuple[int | str, ...]], name: str) -> None:
    """Refuse a reader file made for other inputs than this code gives it (an older model with
    a 3-value light cue, say), naming what it expects, instead of failing at the first die."""
    want: dict[str, tuple[int | None, ...]] = {
        "crops": (None, 3, crops.CROP_SIZE, crops.CROP_SIZE),
        "cast": (None, crops.CAST_SIZE),
    }
    if sorted(shapes) != sorted(want):
        raise ModelError(f"{name} takes inputs {sorted(shapes)}; this reader gives {sorted(want)}")
    for key, dims in want.items():
        got = shapes[key]
        fixed_ok = all(w is None or g == w for g, w in zip(got, dims, strict=False))
        if len(got) != len(dims) or not fixed_ok:
            expected = tuple("N" if w is None else w for w in dims)
            raise ModelError(f"{name} input {key!r} has shape {got}; this reader gives {expected}")


def load_default_reader(config: ReaderConfig | None = None, threads: int = 2) -> ModelReader:
    """The shipped models, their hashes checked against `models/models.sha256`."""
    return load_reader(MODELS_DIR, config, threads, check_hashes=True)
