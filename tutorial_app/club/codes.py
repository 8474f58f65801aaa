"""Join codes, device tokens and deal secrets: short to type where a person types them, impossible to guess.

Why ``secrets`` and an alphabet without look-alikes: a code is read off a
wall and typed on a phone, so it has no 0/O or 1/I/L; it is drawn by the
operating system's random source, never counted up, so knowing one code says
nothing about the next. A device's token is longer (it is never typed: it
rides in a cookie) and only its SHA-256 is stored, so the database alone
cannot act for a seat. A table's deal secret has 128 bits, so nobody can try
them all against their own hand (``shared_hand``).

Why 8 characters: guesses are counted per address on the server
(``limits``), at most ``GUESSES_PER_HOUR`` wrong codes an hour, and at most
``MAX_OPEN_ROOMS`` rooms are open at once, so one address guessing for a day
hits some open room with a chance of at most
``(25 hours touched by a day) x GUESSES_PER_HOUR x MAX_OPEN_ROOMS / 31^8``
(``guess_chance_per_day``), below one in a million.
"""

from __future__ import annotations

import hashlib
import secrets
import string

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "CODE_SPACE",
    "SECRET_BITS",
    "new_code",
    "read_code",
    "new_token",
    "token_hash",
    "read_token",
    "new_secret",
    "read_secret",
    "guess_chance_per_day",
]

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""31 characters: capitals and digits without 0, O, 1, I and L."""
CODE_LENGTH = 8
CODE_SPACE: int = len(ALPHABET) ** CODE_LENGTH
"""31^8, about 852 billion codes."""
TOKEN_BYTES = 18
SECRET_BITS = 128
_TOKEN_CHARS = frozenset(string.ascii_letters + string.digits + "-_")
_TOKEN_LENGTH = 24  # base64 of 18 bytes
_HEX = frozenset("0123456789abcdef")


def new_code() -> str:
    """A fresh join code such as ``K7M2QX9P``."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: object) -> str | None:
    """A code as a person may type it (``k7m2 qx9p``, ``K7M2-QX9P``), or None when it cannot be one."""
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
    """A token from a cookie or a link, or None when it cannot be one (checked before hashing anything)."""
    if not isinstance(text, str) or len(text) != _TOKEN_LENGTH or not set(text) <= _TOKEN_CHARS:
        return None
    return text


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def new_secret() -> str:
    """A deal secret: 128 random bits as 32 hex digits (kept in the database, never sent to a page)."""
    return secrets.token_hex(SECRET_BITS // 8)


def read_secret(text: object) -> str | None:
    """A deal secret as stored, or None when it is not one (too short to be safe, or not hex)."""
    if not isinstance(text, str) or len(text) != SECRET_BITS // 4 or not set(text) <= _HEX:
        return None
    return text


def guess_chance_per_day(guesses_per_hour: int, open_rooms: int) -> float:
    """The chance that one address, guessing as fast as it is let, hits any of ``open_rooms`` rooms in a day.

    Why 25 hours: counts are kept per clock hour, and a day's window touches 25 of them.
    Each guess hits one of ``open_rooms`` codes among ``CODE_SPACE``; the union bound adds them up.
    """
    return float(25 * guesses_per_hour * open_rooms) / CODE_SPACE
