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
    ) -> None:
        self.memory = memory
        self._embedding, self._stack = embedding, stack
        self._features, self._settings = features, settings

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
        memory = self.memory
        if memory is None or memory.faces is None or self._features is None:
            return None
        return memory.faces.weigh(self._features, self._settings)

    def recall(
        self, memory: mem.TableMemory, rows: Rows, settings: mem.MemorySettings
    ) -> mem.Recall:
        """What `memory` (this look's) says of the candidates `rows` (`vision.memory.recall`)."""
        return mem.recall(memory, self.signatures[rows], settings, self._near[rows])

    def nearest(self, memory: mem.TableMemory, rows: Rows) -> tuple[Floats, Floats]:
        """`vision.memory.nearest` of `memory` (this look's) for the candidates `rows`."""
        return mem.nearest(memory, self.signatures[rows], self._near[rows])

    def face_nearness(self, rows: Rows) -> Floats:
        """How alike each candidate's face is to the nearest confirmed one (0 without faces)."""
        return np.zeros(rows.size, np.float32) if self._faces is None else self._faces[0][rows]

    def face_evidence(self, rows: Rows) -> Floats | None:
        """The face memory's log-odds for the candidates `rows` (None without a face head)."""
        return None if self._faces is None else self._faces[2][rows]

    def face_not_a_die(self, rows: Rows) -> Floats | None:
        """The "not a die" log-odds the removed faces give the candidates `rows` (None without a
        face head; `vision.faces.FaceHead.weigh`)."""
        return None if self._faces is None else self._faces[1][rows]

    @property
    def has_faces(self) -> bool:
        """Whether the memory has a face head and the reader's file gives pip features."""
        return (
            self._features is not None
            and self.memory is not None
            and (self.memory.faces is not None)
        )
