"""Join codes and device tokens: short to type, impossible to guess.

Why ``secrets`` and an alphabet without look-alikes: a code is read off a
wall and typed on a phone, so it has no 0/O or 1/I/L; it is drawn by the
operating system's random source, never counted up, so knowing one code says
nothing about the next. A device's token is longer (it is never typed: it
rides in the link) and only its SHA-256 is stored, so the database alone
cannot act for a seat.
"""

from __future__ import annotations

import hashlib
import secrets
import string

__all__ = ["ALPHABET", "CODE_LENGTH", "new_code", "read_code", "new_token", "token_hash", "read_token"]

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""31 characters: capitals and digits without 0, O, 1, I and L."""
CODE_LENGTH = 6
"""31^6, about 887 million codes, for a few rooms open at a time that expire within hours."""
TOKEN_BYTES = 18
_TOKEN_CHARS = frozenset(string.ascii_letters + string.digits + "-_")
_TOKEN_LENGTH = 24  # base64 of 18 bytes


def new_code() -> str:
    """A fresh join code such as ``K7M2QX``."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: object) -> str | None:
    """A code as a person may type it (``k7m 2qx``, ``K7M-2QX``), or None when it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    cleaned = "".join(text.split()).replace("-", "").upper()
    if len(cleaned) != CODE_LENGTH or any(ch not in ALPHABET for ch in cleaned):
        return None
    return cleaned


def new_token() -> str:
    """A device's secret: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def read_token(text: object) -> str | None:
    """A token from a link, or None when it cannot be one (checked before hashing anything)."""
    if not isinstance(text, str) or len(text) != _TOKEN_LENGTH or not set(text) <= _TOKEN_CHARS:
        return None
    return text


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()
