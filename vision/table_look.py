"""What a table's memory makes of one frame's candidates, each product worked out once.

The reader asks the memory two things a frame: which faint finds it vouches for (before the
second look) and what it says of the dice kept (after). Both rest on the same two products:
each candidate's signature against every confirmed die, and its pip features against every
confirmed face (`vision.faces.FaceHead.judge`). Taken for all of the frame's candidates at the
first question, they answer the second too: a few dozen rows cost one product each instead of
two, and the fixed cost of each call, which rules at this size, is paid once.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np
import numpy.typing as npt

from vision import memory as mem
from vision.faces import FaceSettings
from vision.marks import MarksSettings

Floats = npt.NDArray[np.float32]
Rows = npt.NDArray[np.intp]


class TableLook:
    """One frame's candidates as a table's memory sees them (`memory` None: signatures only)."""

    def __init__(
        self,
        memory: mem.TableMemory | None,
        embedding: Floats,
        stack: npt.NDArray[np.uint8],
        features: Floats | None,
        settings: FaceSettings,
        marks_settings: MarksSettings | None = None,
    ) -> None:
        self.memory = memory
        self._embedding, self._stack = embedding, stack
        self._features, self._settings = features, settings
        self._marks_settings = marks_settings or MarksSettings()
        # The marks head's nearness and evidence, once the candidates' marks are signed.
        self._by_marks: tuple[Floats, Floats] | None = None

    def sign(self, marks: Floats | None) -> None:
        """The kept candidates' marks (`vision.marks`), signed once the table has vouched and
        before the values are read: weighed by the memory's marks head, where it has one."""
        memory = self.memory
        if memory is None or memory.marks_head is None or marks is None:
            self._by_marks = None
        else:
            self._by_marks = memory.marks_head.weigh(marks, self._marks_settings)

    @cached_property
    def signatures(self) -> Floats:
        """(n, d) every candidate's signature (`vision.memory.signatures`)."""
        return mem.signatures(self._embedding, self._stack)

    def signatures_of(self, rows: Rows) -> Floats:
        """The signatures of the candidates `rows`: of those alone where the memory is empty
        (nothing else asks for the others'), else from every candidate's."""
        if self.memory is None or not len(self.memory):
            return mem.signatures(self._embedding[rows], self._stack[rows])
        return self.signatures[rows]

    @cached_property
    def _near(self) -> Floats:
        """(n, kinds) each candidate's nearness to each kind the memory holds
        (`vision.memory.kinds_near`)."""
        assert self.memory is not None  # asked only by recall and nearest, which have one
        return mem.kinds_near(self.memory, self.signatures)

    @cached_property
    def _faces(self) -> tuple[Floats, Floats, Floats] | None:
        """The pip-feature head's nearness, "not a die" odds and evidence for every candidate."""
        memory = self.memory
        if memory is None or memory.faces is None or self._features is None:
            return None
        return memory.faces.weigh(self._features, self._settings)

    @property
    def _reading(self) -> Floats | None:
        """The evidence of what reads the faces' values: the marks head where it speaks, else
        the pip head."""
        if self._by_marks is not None:
            return self._by_marks[1]
        return None if self._faces is None else self._faces[2]

    def recall(
        self, memory: mem.TableMemory, rows: Rows, settings: mem.MemorySettings
    ) -> mem.Recall:
        """What `memory` (this look's) says of the candidates `rows` (`vision.memory.recall`)."""
        return mem.recall(memory, self.signatures[rows], settings, self._near[rows])

    def nearest(self, memory: mem.TableMemory, rows: Rows) -> tuple[Floats, Floats]:
        """`vision.memory.nearest` of `memory` (this look's) for the candidates `rows`."""
        return mem.nearest(memory, self.signatures[rows], self._near[rows])

    def face_nearness(self, rows: Rows) -> Floats:
        """How alike each candidate's pip features are to the nearest confirmed face's (0
        without a face head): what the table vouches for a faint find by, and, only where it
        reads its faces by their marks, by those too (`ModelReader._faced`)."""
        return np.zeros(rows.size, np.float32) if self._faces is None else self._faces[0][rows]

    def face_evidence(self, rows: Rows) -> Floats | None:
        """The face memory's log-odds for the candidates `rows` (None without a face head)."""
        reading = self._reading
        return None if reading is None else reading[rows]

    @property
    def known(self) -> tuple[int, ...] | None:
        """The values the head that gave `face_evidence` knows of (`FaceHead.known`)."""
        memory = self.memory
        if memory is None:
            return None
        head = memory.marks_head if self._by_marks is not None else memory.faces
        return None if head is None else head.known

    def face_not_a_die(self, rows: Rows) -> Floats | None:
        """The "not a die" log-odds the removed faces give the candidates `rows`, by their pip
        features (None without a face head; `vision.faces.FaceHead.weigh`)."""
        return None if self._faces is None else self._faces[1][rows]

    @property
    def has_faces(self) -> bool:
        """Whether the memory has a face head and the reader's file gives pip features."""
        return self._faces is not None
