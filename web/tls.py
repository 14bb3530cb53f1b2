"""https for the dashboard on a home network (docs/phone-camera.md): a browser gives the camera
only to a secure page, and a phone reaches the dashboard at a LAN address, not localhost.

`serve --https` makes a self-signed certificate once and keeps it in the data folder
(`tls/cert.pem`, `tls/key.pem`, the key readable by its owner alone); its subject alternative
names list this machine's names and LAN addresses, so each phone accepts it once. When the
machine's address changes (a new network, another lease), a new one is made, since a phone
refuses a certificate that does not name the address it opened. `--cert`/`--key` take the
user's own (from a local CA, say) and are used as they are.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
import ssl
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

TLS_FOLDER = "tls"
CERT_FILE = "cert.pem"
KEY_FILE = "key.pem"
VALID_DAYS = 825  # the longest a certificate may live on Apple's devices
LOCAL_NAMES = ("localhost",)
LOCAL_IPS = ("127.0.0.1", "::1")


class TlsError(ValueError):
    """A certificate or key that cannot be made or used; the message names the file."""


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path
    fingerprint_sha256: str  # colon-separated hex, as browsers show it
    names: tuple[str, ...]  # the DNS names and addresses it is good for
    made: bool = False  # made just now (else found in the data folder, or the user's own)
    why: str = ""  # why a new one was made

    def context(self) -> ssl.SSLContext:
        """A server-side TLS context over the certificate and its key."""
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        try:
            context.load_cert_chain(self.cert, self.key)
        except (OSError, ssl.SSLError) as exc:
            raise TlsError(
                f"cannot use the certificate {self.cert} with the key {self.key}: {exc}"
            ) from None
        return context


def machine_names(addresses: Iterable[str]) -> tuple[str, ...]:
    """What a self-signed certificate names: localhost, this machine's host names and every
    address given (the LAN ones), without repeats."""
    host = socket.gethostname().strip().lower()
    names = [*LOCAL_NAMES, *LOCAL_IPS]
    if host and host != "localhost":
        names += [host, f"{host}.local"] if "." not in host else [host]
    names += list(addresses)
    return tuple(dict.fromkeys(names))


def own_certificate(cert: Path, key: Path) -> Certificate:
    """The user's certificate and key (`--cert`, `--key`), checked by loading them."""
    for what, path in (("certificate", cert), ("key", key)):
        if not path.is_file():
            raise TlsError(f"no {what} file at {path}")
    found = _read(cert)
    made = Certificate(cert, key, _fingerprint(found), _names(found))
    made.context()
    return made


def kept_certificate(data_dir: Path, addresses: Iterable[str]) -> Certificate:
    """The data folder's self-signed certificate, made when missing, expiring within a month,
    or not naming one of `addresses` (this machine's LAN addresses now)."""
    folder = Path(data_dir) / TLS_FOLDER
    cert, key = folder / CERT_FILE, folder / KEY_FILE
    wanted = machine_names(addresses)
    why = "none was kept yet"
    if cert.is_file() and key.is_file():
        found = _read(cert)
        names = _names(found)
        missing = [n for n in wanted if n not in names]
        soon = dt.datetime.now(dt.UTC) + dt.timedelta(days=30)
        if not missing and found.not_valid_after_utc > soon:
            return Certificate(cert, key, _fingerprint(found), names)
        why = f"the kept one does not name {', '.join(missing)}" if missing else "it expires soon"
    return _make(folder, wanted, why)


def _make(folder: Path, names: tuple[str, ...], why: str) -> Certificate:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Dicetable on this network")])
    alt: list[x509.GeneralName] = []
    for name in names:
        try:
            alt.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt.append(x509.DNSName(name))
    now = dt.datetime.now(dt.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    key_path, cert_path = folder / KEY_FILE, folder / CERT_FILE
    key_bytes = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    _write_private(key_path, key_bytes)
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    return Certificate(cert_path, key_path, _fingerprint(certificate), names, True, why)


def _write_private(path: Path, data: bytes) -> None:
    temp = path.with_suffix(".tmp")
    temp.unlink(missing_ok=True)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    temp.replace(path)


def _read(path: Path) -> x509.Certificate:
    try:
        return x509.load_pem_x509_certificate(path.read_bytes())
    except (OSError, ValueError) as exc:
        raise TlsError(f"{path} is not a PEM certificate: {exc}") from None


def _names(certificate: x509.Certificate) -> tuple[str, ...]:
    try:
        alt = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return ()
    dns = alt.get_values_for_type(x509.DNSName)
    ips = [str(ip) for ip in alt.get_values_for_type(x509.IPAddress)]
    return (*dns, *ips)


def _fingerprint(certificate: x509.Certificate) -> str:
    return certificate.fingerprint(hashes.SHA256()).hex(":").upper()
