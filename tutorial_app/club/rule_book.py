"""The club's rule book in the database: its name and its named rule sets, read by every page.

Why in the database: the Play, Compare and Rules pages of every app instance
offer the club's rules, so they live where every instance reads them.

Why an admin: a rule set's title is shown on every table screen and the
club's name in every rules picker, so not every phone may change them. Only
the club's admin edits the book: by default whoever sits at the server's own
computer; once an admin PIN is set (on that computer, or by
``DOMINO_TUTOR_CLUB_ADMIN_PIN``), anyone who types it. Wrong PINs count per
address like wrong join codes (``limits``). A successful ``admit`` returns an
``Admission``, the only thing the editing methods accept.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets

import sqlalchemy as sa

from tutorial_app.club.errors import ClubError
from tutorial_app.club.limits import Visitor, check_guesses, count_failure
from tutorial_app.club.rulesets import ClubRules, clean_title, make_rule_set
from tutorial_app.club.tables import rule_sets_table, settings_table
from tutorial_app.rules.text import msg, msgn

__all__ = ["RuleBook", "Admission", "MAX_RULE_SETS", "MIN_PIN"]

MAX_RULE_SETS = 50
MIN_PIN = 8
"""Characters of an admin PIN: with ten wrong tries an hour per address, 10^8 PINs hold for decades."""
_PIN_SETTING = "admin_pin"
_NOT_ADMIN = msg(
    "only the club's admin changes the rule book and the club's name: at the server's computer, or with the admin PIN"
)


class Admission:
    """Proof that this session's visitor is the club's admin (made only by ``RuleBook.admit``)."""

    def __init__(self, book: RuleBook, pin_hash: str | None) -> None:
        self._book, self._pin_hash = book, pin_hash

    def valid_for(self, book: RuleBook) -> bool:
        """Whether it was made by this book and the PIN has not changed since."""
        return self._book is book and self._pin_hash == book._pin_hash()


def _hash_pin(pin: str, salt: bytes) -> str:
    digest = hashlib.scrypt(pin.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return f"scrypt${salt.hex()}${digest.hex()}"


def _pin_matches(pin: str, stored: str) -> bool:
    _kind, salt, _digest = stored.split("$", 2)
    return hmac.compare_digest(_hash_pin(pin, bytes.fromhex(salt)), stored)


class RuleBook:
    """The club's name and rule sets (``ClubStore.book``)."""

    def __init__(self, reader: sa.Engine, writer: sa.Engine, fixed_pin: str | None = None) -> None:
        self._reader, self._writer = reader, writer
        self._fixed = _hash_pin(fixed_pin, secrets.token_bytes(16)) if fixed_pin else None

    # -- the admin ---------------------------------------------------------------------------------

    def _pin_hash(self) -> str | None:
        if self._fixed is not None:
            return self._fixed
        with self._reader.connect() as conn:
            found = conn.execute(
                sa.select(settings_table.c.value).where(settings_table.c.name == _PIN_SETTING)
            ).scalar()
        return str(found) if found else None

    def has_pin(self) -> bool:
        """Whether an admin PIN is set (then the admin may edit from any device)."""
        return self._pin_hash() is not None

    @property
    def pin_fixed(self) -> bool:
        """Whether the PIN comes from the server's settings (it cannot be changed on a page then)."""
        return self._fixed is not None

    def admit(self, who: Visitor, pin: str | None, now: float) -> Admission:
        """The admin's admission: the server's own computer, or the right PIN (ClubError otherwise)."""
        stored = self._pin_hash()
        if who.local and not pin:
            return Admission(self, stored)
        if stored is None or not pin:
            raise ClubError(_NOT_ADMIN)
        with self._writer.begin() as conn:
            check_guesses(conn, "pin", who.address, now)
            if _pin_matches(pin, stored):
                return Admission(self, stored)
            count_failure(conn, "pin", who.address, now)
        raise ClubError(msg("wrong admin PIN"))

    def _check(self, admission: Admission | None) -> None:
        if admission is None or not admission.valid_for(self):
            raise ClubError(_NOT_ADMIN)

    def set_pin(self, admission: Admission | None, pin: str) -> Admission:
        """Set or change the admin PIN (at least ``MIN_PIN`` characters); the admission that goes with it."""
        self._check(admission)
        if self._fixed is not None:
            raise ClubError(msg("the PIN is set in the server's settings"))
        if len(pin.strip()) < MIN_PIN or len(set(pin)) < 3:
            raise ClubError(msg("an admin PIN has at least {MIN_PIN} characters, not all alike", MIN_PIN=MIN_PIN))
        stored = _hash_pin(pin.strip(), secrets.token_bytes(16))
        with self._writer.begin() as conn:
            conn.execute(settings_table.delete().where(settings_table.c.name == _PIN_SETTING))
            conn.execute(settings_table.insert().values(name=_PIN_SETTING, value=stored))
        return Admission(self, stored)

    # -- the book ----------------------------------------------------------------------------------

    def club_name(self) -> str | None:
        """The club's name, or None when nobody has named it yet."""
        with self._reader.connect() as conn:
            found = conn.execute(sa.select(settings_table.c.value).where(settings_table.c.name == "club_name")).scalar()
        return str(found) if found else None

    def name_club(self, name: str, admission: Admission | None) -> str:
        """Name the club (an empty name forgets it); the name as kept. The admin only."""
        self._check(admission)
        with self._writer.begin() as conn:
            conn.execute(settings_table.delete().where(settings_table.c.name == "club_name"))
            if not name.strip():
                return ""
            kept = clean_title(name, "club")
            conn.execute(settings_table.insert().values(name="club_name", value=kept))
            return kept

    def rule_sets(self) -> list[ClubRules]:
        """The club's rule sets, by English title (or the title shown in English)."""
        with self._reader.connect() as conn:
            rows = conn.execute(sa.select(rule_sets_table))
            found = []
            for row in rows:
                titles = {"en": row.title_en, "ru": row.title_ru, "uk": row.title_uk, "es": row.title_es}
                try:
                    found.append(
                        make_rule_set(titles, row.preset, row.players, json.loads(row.overrides), slug=row.slug)
                    )
                except ClubError:  # a row the rules core no longer accepts is left out, not shown broken
                    continue
        return sorted(found, key=lambda rule_set: (rule_set.title.en.casefold(), rule_set.slug))

    def find(self, slug: str) -> ClubRules | None:
        """One rule set by its key."""
        return next((rule_set for rule_set in self.rule_sets() if rule_set.slug == slug), None)

    def save(self, rule_set: ClubRules, now: float, admission: Admission | None, replace: bool = False) -> ClubRules:
        """Keep a rule set; a new one whose key is taken gets a free key ("kozel-2"), unless ``replace``.
        The admin only."""
        self._check(admission)
        with self._writer.begin() as conn:
            taken = set(conn.execute(sa.select(rule_sets_table.c.slug)).scalars())
            if not replace and len(taken) >= MAX_RULE_SETS:
                raise ClubError(
                    msgn(
                        "the club keeps at most {n} rule set: delete it first",
                        "the club keeps at most {n} rule sets: delete one first",
                        MAX_RULE_SETS,
                    )
                )
            slug = rule_set.slug
            if not replace:
                number = 2
                while slug in taken:
                    slug = f"{rule_set.slug[:36]}-{number}"
                    number += 1
            conn.execute(rule_sets_table.delete().where(rule_sets_table.c.slug == slug))
            written = dict(rule_set.titles)
            conn.execute(
                rule_sets_table.insert().values(
                    slug=slug,
                    title_en=written.get("en", ""),
                    title_ru=written.get("ru", ""),
                    title_uk=written.get("uk"),
                    title_es=written.get("es"),
                    preset=rule_set.preset,
                    players=rule_set.players,
                    overrides=json.dumps(dict(rule_set.overrides)),
                    updated=now,
                )
            )
        return rule_set._replace(slug=slug)

    def delete(self, slug: str, admission: Admission | None) -> None:
        """Forget a rule set. The admin only."""
        self._check(admission)
        with self._writer.begin() as conn:
            conn.execute(rule_sets_table.delete().where(rule_sets_table.c.slug == slug))
