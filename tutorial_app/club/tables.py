"""The club room's tables in the progress database (beside ``lesson_progress``).

Why plain columns and small JSON texts: SQLite and PostgreSQL read them the
same way; a class's or a table's setup is written once and read whole.
"""

from __future__ import annotations

import sqlalchemy as sa

__all__ = [
    "metadata",
    "rooms_table",
    "members_table",
    "answers_table",
    "moves_table",
    "rule_sets_table",
    "settings_table",
    "attempts_table",
    "upgrade",
]

metadata = sa.MetaData()
_CODE = 12
_ID = 64  # a SHA-256 in hex


def _room_code() -> sa.Column[str]:
    """The room's join code: the key of a room and the first part of the key of each row about one room."""
    return sa.Column("code", sa.String(_CODE), primary_key=True)


rooms_table = sa.Table(
    "club_rooms",
    metadata,
    _room_code(),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("phase", sa.String(12), nullable=False),
    sa.Column("first_hand", sa.Integer, nullable=False),
    sa.Column("to_move", sa.Integer, nullable=False),
    # Added with the room limits (``upgrade`` adds them to an older database): when a device of the room was
    # last heard from, whether the host let nobody else in, and who opened it (hashes, for the quotas).
    sa.Column("active", sa.Float, nullable=False, server_default="0"),
    sa.Column("locked", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("opened_by", sa.String(_ID), nullable=False, server_default=""),
    sa.Column("client", sa.String(_ID), nullable=False, server_default=""),
)

members_table = sa.Table(
    "club_members",
    metadata,
    _room_code(),
    sa.Column("id", sa.String(_ID), primary_key=True),
    sa.Column("name", sa.String(240), nullable=False),
    sa.Column("name_key", sa.String(240), nullable=False),
    sa.Column("role", sa.String(10), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("host", sa.Boolean, nullable=False),
    sa.Column("joined", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
    sa.Column("hint", sa.Text, nullable=True),
    sa.Column("hint_at", sa.Integer, nullable=False),
    # Why constraints as well as checks: two instances joining at once must not give one seat or name twice.
    sa.UniqueConstraint("code", "name_key", name="club_members_name"),
    sa.UniqueConstraint("code", "seat", name="club_members_seat"),
)

answers_table = sa.Table(
    "club_answers",
    metadata,
    _room_code(),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("member", sa.String(_ID), primary_key=True),
    sa.Column("key", sa.Text, nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

moves_table = sa.Table(
    "club_moves",
    metadata,
    _room_code(),
    sa.Column("hand", sa.Integer, primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("by_bot", sa.Boolean, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

rule_sets_table = sa.Table(
    "club_rule_sets",
    metadata,
    sa.Column("slug", sa.String(60), primary_key=True),
    # The title as written in each language; "" (en, ru) or NULL (uk, es): not written, shown in another
    # language (``rulesets.ClubRules.title``). Why en and ru NOT NULL: both were required before uk and es
    # were added (``upgrade`` adds those two, empty, to an older database).
    sa.Column("title_en", sa.String(400), nullable=False),
    sa.Column("title_ru", sa.String(400), nullable=False),
    sa.Column("title_uk", sa.String(400), nullable=True),
    sa.Column("title_es", sa.String(400), nullable=True),
    sa.Column("preset", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("overrides", sa.Text, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)

settings_table = sa.Table(
    "club_settings",
    metadata,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

attempts_table = sa.Table(
    "club_attempts",
    metadata,
    sa.Column("kind", sa.String(8), primary_key=True),
    sa.Column("address", sa.String(_ID), primary_key=True),
    sa.Column("hour", sa.Integer, primary_key=True),
    sa.Column("count", sa.Integer, nullable=False),
)
"""Failed guesses (a wrong join code, a wrong admin PIN) per hashed client address and clock hour."""

_ADDED = {
    "club_rooms": ("active", "locked", "opened_by", "client"),
    "club_rule_sets": ("title_uk", "title_es"),
}


def _declared(column: sa.Column[object], dialect: sa.Dialect) -> str:
    """How ``ALTER TABLE ... ADD COLUMN`` declares an added column: nullable, or NOT NULL with its default."""
    kind = column.type.compile(dialect=dialect)
    if column.nullable:
        return kind
    default = column.server_default.arg if column.server_default is not None else None  # type: ignore[attr-defined]
    shown = default.compile(dialect=dialect) if isinstance(default, sa.ClauseElement) else f"'{default}'"
    return f"{kind} NOT NULL DEFAULT {shown}"


def upgrade(engine: sa.Engine) -> None:
    """Create the club's tables, and add the columns a database made by an older version lacks (its rows kept:
    an added column is empty or holds its default)."""
    metadata.create_all(engine)
    inspector = sa.inspect(engine)
    for name, columns in _ADDED.items():
        have = {column["name"] for column in inspector.get_columns(name)}
        table = metadata.tables[name]
        with engine.begin() as conn:
            for column_name in columns:
                if column_name not in have:
                    declared = _declared(table.c[column_name], engine.dialect)
                    conn.exec_driver_sql(f"ALTER TABLE {name} ADD COLUMN {column_name} {declared}")
