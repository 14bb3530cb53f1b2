"""The two networks: a CenterNet-style die finder and a crop classifier.

Both are small on purpose: a whole 1280x720 read must run at 30 frames per second on two CPU
cores through onnxruntime, and both must train from scratch on a 2-core CPU in about an hour.
"""

from __future__ import annotations

import torch
from torch import Tensor, nn
from torch.nn import functional as F  # noqa: N812

from vision.colour_face import FACE_COLOURS
from vision.crops import CAST_SIZE

PIP_CLASSES = 7  # 0 = not a die, 1..6 = pips
COLOUR_CLASSES = 9  # order of vision.types.Colour
# 0 = no colour face (a pip die, or not a die), then each of the flyer game's face colours
FACE_CLASSES = 1 + len(FACE_COLOURS)
READER_FEATURES = 128  # channels of the reader's last features, at width 1


def conv_bn(c_in: int, c_out: int, k: int = 3, stride: int = 1, groups: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, k, stride, k // 2, groups=groups, bias=False),
        nn.BatchNorm2d(c_out),
        nn.ReLU(inplace=True),
    )


class DwBlock(nn.Module):
    """Depthwise 3x3 then pointwise 1x1, with a residual when shapes allow."""

    def __init__(self, c_in: int, c_out: int, stride: int = 1) -> None:
        super().__init__()
        self.dw = conv_bn(c_in, c_in, 3, stride, groups=c_in)
        self.pw = conv_bn(c_in, c_out, 1)
        self.residual = stride == 1 and c_in == c_out

    def forward(self, x: Tensor) -> Tensor:
        y = self.pw(self.dw(x))
        return x + y if self.residual else y


class DieFinder(nn.Module):
    """Input BGR 0..1 (N,3,H,W), H and W multiples of 32. Outputs at stride 4:
    heat (N,1) sigmoid centre heat, size (N,2) box w,h in input pixels / 64 (log-free, relu'd),
    offset (N,2) sub-cell centre offset in cells."""

    def __init__(self, width: int = 1) -> None:
        super().__init__()
        c = [16 * width, 32 * width, 48 * width, 64 * width, 96 * width]
        self.stem = nn.Sequential(conv_bn(3, c[0], 3, 2), conv_bn(c[0], c[1], 3, 2))
        self.s8 = nn.Sequential(DwBlock(c[1], c[2], 2), DwBlock(c[2], c[2]))
        self.s16 = nn.Sequential(DwBlock(c[2], c[3], 2), DwBlock(c[3], c[3]), DwBlock(c[3], c[3]))
        self.s32 = nn.Sequential(DwBlock(c[3], c[4], 2), DwBlock(c[4], c[4]))
        self.lat16 = conv_bn(c[4], c[3], 1)
        self.lat8 = conv_bn(c[3], c[2], 1)
        self.lat4 = conv_bn(c[2], c[1], 1)
        self.fuse16 = DwBlock(c[3], c[3])
        self.fuse8 = DwBlock(c[2], c[2])
        self.fuse4 = conv_bn(c[1], c[1], 3)
        self.heat = nn.Conv2d(c[1], 1, 1)
        self.size = nn.Conv2d(c[1], 2, 1)
        self.offset = nn.Conv2d(c[1], 2, 1)
        nn.init.constant_(self.heat.bias, -4.0)  # type: ignore[arg-type]

    def forward(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        f4 = self.stem(x)
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        f32 = self.s32(f16)
        p16 = self.fuse16(f16 + F.interpolate(self.lat16(f32), scale_factor=2.0, mode="nearest"))
        p8 = self.fuse8(f8 + F.interpolate(self.lat8(p16), scale_factor=2.0, mode="nearest"))
        p4 = self.fuse4(f4 + F.interpolate(self.lat4(p8), scale_factor=2.0, mode="nearest"))
        return torch.sigmoid(self.heat(p4)), F.relu(self.size(p4)), torch.sigmoid(self.offset(p4))


class DieReader(nn.Module):
    """Input: crops (N,3,48,48) BGR 0..1 and the light cue (N,9): the frame's mean colour, its
    6-norm, and the brightest pixels of the dice' crops (`vision.crops.light_cue`).
    Outputs: pip probabilities (N,7: none,1..6), colour probabilities (N,9) and the colour
    head's hidden layer (N,64), which a table's memory compares dice by
    (`vision.memory`): a die's place in the space the colour is decided in.

    The pip head keeps the 6x6 layout of the last features (where the pips are matters: a 4 and
    a 5 differ by the centre alone); the colour head pools them two ways, the light cue beside:
    the mean says what the crop is mostly, the max what is anywhere in it (a marble's second
    colour, a glint of the light's own colour)."""

    def __init__(self, width: int = 1) -> None:
        super().__init__()
        c = [32 * width, 48 * width, 96 * width, READER_FEATURES * width]
        self.features = nn.Sequential(
            conv_bn(3 + CAST_SIZE, c[0], 3, 1),
            conv_bn(c[0], c[1], 3, 2),
            DwBlock(c[1], c[1]),
            DwBlock(c[1], c[1]),
            DwBlock(c[1], c[2], 2),
            DwBlock(c[2], c[2]),
            DwBlock(c[2], c[2]),
            DwBlock(c[2], c[3], 2),
            DwBlock(c[3], c[3]),
        )
        self.squeeze = conv_bn(c[3], 32, 1)
        self.pips = nn.Sequential(
            nn.Flatten(), nn.Linear(32 * 6 * 6, 128), nn.ReLU(inplace=True), nn.Linear(128, 7)
        )
        self.colour = nn.Sequential(
            nn.Linear(2 * c[3] + CAST_SIZE, 64), nn.ReLU(inplace=True), nn.Linear(64, 9)
        )

    def logits(self, crops: Tensor, cast: Tensor) -> tuple[Tensor, Tensor]:
        pips, colour, _ = self.logits_and_embedding(crops, cast)
        return pips, colour

    def logits_and_embedding(self, crops: Tensor, cast: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        f = self.feature_map(crops, cast)
        hidden = self.colour[1](self.colour[0](self.pool(f, cast)))
        return self.pips(self.squeeze(f)), self.colour[2](hidden), hidden

    def feature_map(self, crops: Tensor, cast: Tensor) -> Tensor:
        n, _, h, w = crops.shape
        cast_map = cast.view(n, CAST_SIZE, 1, 1).expand(n, CAST_SIZE, h, w)
        f: Tensor = self.features(torch.cat([crops, cast_map], dim=1))
        return f

    @staticmethod
    def pool(f: Tensor, cast: Tensor) -> Tensor:
        return torch.cat([f.mean(dim=(2, 3)), f.amax(dim=(2, 3)), cast], dim=1)

    def pooled(self, crops: Tensor, cast: Tensor) -> Tensor:
        """The colour head's input: the features pooled two ways, and the light cue."""
        return self.pool(self.feature_map(crops, cast), cast)

    def forward(self, crops: Tensor, cast: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        pips, colour, hidden = self.logits_and_embedding(crops, cast)
        return torch.softmax(pips, dim=1), torch.softmax(colour, dim=1), hidden


class FaceHead(nn.Module):
    """Whether a crop shows a colour-face die (the flyer game's) and which colour is up, from
    the reader's features: pooled as the colour head pools them (the paint) beside the pip
    head's 6x6 map (a face without pips)."""

    def __init__(self, features: int = READER_FEATURES) -> None:
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(2 * features + CAST_SIZE + 32 * 6 * 6, 128),
            nn.ReLU(inplace=True),
            nn.Linear(128, FACE_CLASSES),
        )

    def forward(self, inputs: Tensor) -> Tensor:
        logits: Tensor = self.net(inputs)
        return logits


def face_inputs_of(pooled: Tensor, squeezed: Tensor) -> Tensor:
    """The face head's input: the colour head's pooled input beside the pip head's 6x6 map."""
    return torch.cat([pooled, squeezed.flatten(1)], 1)


class ReaderWithFace(nn.Module):
    """The reader with the face head beside its own two: what is exported when a face head has
    been fitted. Outputs the reader's three and the face probabilities (N, FACE_CLASSES)."""

    def __init__(self, reader: DieReader, face: FaceHead) -> None:
        super().__init__()
        self.reader = reader
        self.face = face

    def forward(self, crops: Tensor, cast: Tensor) -> tuple[Tensor, Tensor, Tensor, Tensor]:
        r = self.reader
        f = r.feature_map(crops, cast)
        pooled, squeezed = r.pool(f, cast), r.squeeze(f)
        hidden = r.colour[1](r.colour[0](pooled))
        pips = r.pips(squeezed)
        face = self.face(face_inputs_of(pooled, squeezed))
        return (
            torch.softmax(pips, dim=1),
            torch.softmax(r.colour[2](hidden), dim=1),
            hidden,
            torch.softmax(face, dim=1),
        )
