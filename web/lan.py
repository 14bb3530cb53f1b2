"""Where a tablet on the same network finds the dashboard: the machine's own network addresses
when it serves every interface (`--host 0.0.0.0`), and that address as a QR code to scan."""

from __future__ import annotations

import io
import ipaddress
import socket
from functools import lru_cache

WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
# A documentation address (RFC 5737): connecting a UDP socket to it sends nothing, but tells which
# of this machine's addresses would reach the network.
_PROBE = ("192.0.2.1", 9)


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses another device on the network can open, best first."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found.extend(str(info[4][0]) for info in infos)
    except OSError:
        pass
    return list(dict.fromkeys(a for a in found if _usable(a)))


def network_urls(host: str, port: int, scheme: str = "http") -> list[str]:
    """The dashboard's addresses for other devices: every LAN address when serving all
    interfaces, the host itself when it is a network address, none on loopback."""
    if host in WILDCARD_HOSTS:
        return [f"{scheme}://{address}:{port}/" for address in lan_addresses()]
    name = host.strip("[]")
    try:
        if ipaddress.ip_address(name).is_loopback:
            return []
    except ValueError:
        if name == "localhost":
            return []
    shown = f"[{name}]" if ":" in name else name
    return [f"{scheme}://{shown}:{port}/"]


@lru_cache(maxsize=64)
def qr_svg(text: str) -> str:
    """`text` as an inline SVG QR code (black modules, no text inside)."""
    import qrcode
    import qrcode.image.svg

    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    out = io.BytesIO()
    image.save(out)
    svg = out.getvalue().decode("utf-8")
    return svg[svg.index("<svg") :]
