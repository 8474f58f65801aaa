"""The club's rule book on screen: the club's name, its rule sets, a new one, files and shared links.

Why every set is checked by the rules core on the way in (``make_rule_set``):
a title typed here, a file from another club and a link from a stranger are
all input; what cannot be played is refused with the rules core's reason.

Why an admin: only the club's admin (at the server's computer, or with the
admin PIN) changes the book; everybody else reads, downloads and shares it.
The store refuses every change without the admin's ``Admission``, which this
tab keeps in its session once the PIN was right.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutorial_app.app.club.room import act, app_address, here, refuse, refuser, say_refused
from tutorial_app.app.shell.house_rules import describe_rule_set
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.rules_picker import RuleChoice, rules_picker
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.app.shell.state import page_state
from tutorial_app.app.shell.stores import rule_book
from tutorial_app.app.shell.uploader import file_box
from tutorial_app.club.errors import ClubError
from tutorial_app.club.rule_book import Admission, RuleBook
from tutorial_app.club.rulesets import (
    MAX_TITLE,
    ClubRules,
    export_text,
    link_value,
    make_rule_set,
    read_link_value,
    read_rules_file,
)
from tutorial_app.club.store import clock
from tutorial_app.language import LANGS, Lang

__all__ = ["rule_book_editor", "shared_rules_offer"]

_TITLE_IN = {"en": "club.title_en", "ru": "club.title_ru", "uk": "club.title_uk", "es": "club.title_es"}
"""The label of the title's box in each language."""


@dataclass
class BookTab:
    """What the rule book keeps on this tab between runs: the tab's admission as the club's admin, whether a new
    PIN was just set, the title of a rule set just saved (each said once), and the rule set being made.

    Why every refusal here is said under its control (``refuse``, ``say_refused``: the control's key): the
    page's top is off a phone's screen when the Save button, the file box, a set's Delete button are pressed.
    """

    admission: Admission | None = None
    pin_saved: bool = False
    saved: str | None = None
    choice: RuleChoice | None = None


def _tab() -> BookTab:
    return page_state("club_book", BookTab)


def _admission(book: RuleBook) -> Admission | None:
    """This tab's admission as the club's admin: kept from a right PIN, or given at the server's computer."""
    kept = _tab().admission
    if kept is not None and kept.valid_for(book):
        return kept
    who = here()
    if not who.local:
        return None
    try:
        admitted = book.admit(who, None, clock())
    except ClubError:
        return None
    _tab().admission = admitted
    return admitted


def _typed_pin(key: str) -> str:
    """The PIN typed in the box ``key``; the box is emptied (a PIN is not left in it)."""
    pin = str(st.session_state.get(key) or "")
    st.session_state[key] = ""
    return pin


def _enter_pin() -> None:
    book = rule_book()
    if book is None:
        return
    pin = _typed_pin("club_admin_pin_field")
    made: list[Admission] = []
    if act(lambda: made.append(book.admit(here(), pin, clock())), say=refuser("club_admin_enter")):
        _tab().admission = made[0]


def _set_pin() -> None:
    book = rule_book()
    if book is None:
        return
    pin = _typed_pin("club_admin_new_pin")
    made: list[Admission] = []
    if act(lambda: made.append(book.set_pin(_admission(book), pin)), say=refuser("club_admin_save_pin")):
        _tab().admission, _tab().pin_saved = made[0], True


def _leave_admin() -> None:
    _tab().admission = None


def _save_new(prefix: str) -> None:
    choice = _tab().choice
    book = rule_book()
    if choice is None or book is None:
        return
    try:
        rule_set = make_rule_set(
            {code: st.session_state.get(f"{prefix}_title_{code}") for code in LANGS},
            choice.preset,
            choice.players,
            dict(choice.overrides),
        )
        saved = book.save(rule_set, clock(), _admission(book))
    except ClubError as exc:
        refuse("club_book_save", exc.reason)
        return
    _tab().saved = saved.title.in_(lang())
    for code in LANGS:
        st.session_state[f"{prefix}_title_{code}"] = ""


def _name_club() -> None:
    book = rule_book()
    if book is not None:
        name = str(st.session_state.get("club_name_field") or "")
        act(book.name_club, name, _admission(book), say=refuser("club_name_field"))


def _delete(slug: str) -> None:
    book = rule_book()
    if book is not None:
        act(book.delete, slug, _admission(book), say=refuser(f"club_delete_{slug}"))


def _import() -> None:
    upload = st.session_state.get("club_rules_upload")
    book = rule_book()
    if upload is None or book is None:
        return
    try:
        rule_set, _club = read_rules_file(upload.getvalue())
        saved = book.save(rule_set, clock(), _admission(book))
    except ClubError as exc:
        refuse("club_rules_upload", exc.reason)
        return
    _tab().saved = saved.title.in_(lang())


def _rule_set_card(rule_set: ClubRules, club: str | None, admin: bool) -> None:
    current = lang()
    with st.container(border=True):
        st.markdown(
            f"**{plain(rule_set.title.in_(current), 120)}**  \n{plain(describe_rule_set(rule_set, current), 600)}"
        )
        link = f"{app_address()}/club?club_rules={link_value(rule_set, club)}"
        with st.expander(tr("club.share_link")):
            st.code(link, language=None)
        left, right = st.columns(2)
        if admin:
            right.button(
                tr("club.delete_rules"),
                key=f"club_delete_{rule_set.slug}",
                on_click=_delete,
                args=(rule_set.slug,),
                width="stretch",
            )
        left.download_button(
            tr("club.export_rules"),
            export_text(rule_set, club),
            file_name=f"{rule_set.slug}.json",
            mime="application/json",
            key=f"club_export_{rule_set.slug}",
            width="stretch",
        )
        if admin:
            say_refused(f"club_delete_{rule_set.slug}", current)  # in the card, under its buttons


def _admin_panel(book: RuleBook, admission: Admission | None) -> None:
    """Who may edit: the admin's standing on this screen, the PIN form, setting a PIN."""
    current = lang()
    if admission is None:
        st.info(tr("club.admin_only"), icon=":material/lock:")
        if not book.has_pin():
            say_refused(None, current)
            return
        with st.form("club_admin_form", border=False):
            st.text_input(tr("club.admin_pin"), type="password", key="club_admin_pin_field", max_chars=64)
            st.form_submit_button(tr("club.admin_enter"), on_click=_enter_pin, key="club_admin_enter")
            say_refused(None, current)  # a wrong PIN; or what a tab that lost its admission was refused
        return
    with st.expander(tr("club.admin_local") if here().local else tr("club.admin_yes"), icon=":material/shield:"):
        if book.pin_fixed:
            st.caption(tr("club.admin_pin_fixed"))
        else:
            st.text_input(tr("club.admin_set_pin"), type="password", key="club_admin_new_pin", max_chars=64)
            st.button(tr("club.admin_save_pin"), on_click=_set_pin, key="club_admin_save_pin")
            say_refused("club_admin_save_pin", current)
        if _tab().pin_saved:
            _tab().pin_saved = False
            st.success(tr("club.admin_pin_set"))
        if not here().local:
            st.button(tr("club.admin_leave"), on_click=_leave_admin, key="club_admin_leave")


def _title_boxes(prefix: str, current: Lang) -> None:
    """The title's boxes: the page's language first, the other three beside each other, optional."""
    st.text_input(tr(_TITLE_IN[current]), key=f"{prefix}_title_{current}", max_chars=MAX_TITLE)
    others = [code for code in LANGS if code != current]
    for column, code in zip(st.columns(len(others)), others, strict=True):
        column.text_input(
            tr(_TITLE_IN[code]), key=f"{prefix}_title_{code}", max_chars=MAX_TITLE, placeholder=tr("club.optional")
        )
    st.caption(tr("club.title_fallback"))


def rule_book_editor() -> None:
    """The club's name, its rule sets (export, share; the admin also deletes), a new set from a preset, and
    an import (the admin only)."""
    book = rule_book()
    if book is None:
        return
    current = lang()
    admission = _admission(book)
    _admin_panel(book, admission)
    club = book.club_name()
    if admission is not None:
        st.text_input(
            tr("club.club_name"),
            value=club or "",
            key="club_name_field",
            max_chars=80,
            on_change=_name_club,
            placeholder=tr("club.club_name_placeholder"),
        )
        say_refused("club_name_field", current)
    elif club:
        st.subheader(plain(club, 80))
    saved, _tab().saved = _tab().saved, None
    if saved:
        st.success(tr("club.rules_saved", title=plain(str(saved), 120)))
    for rule_set in book.rule_sets():
        _rule_set_card(rule_set, club, admission is not None)
    if admission is None:
        return
    with st.expander(tr("club.new_rules"), expanded=not book.rule_sets()):
        _tab().choice = rules_picker("club_book", "block", house_rules=False)
        _title_boxes("club_book", current)
        st.button(tr("club.save_rules"), type="primary", on_click=_save_new, args=("club_book",), key="club_book_save")
        say_refused("club_book_save", current)
    file_box(tr("club.import_rules"), ["json"], "club_rules_upload", _import)
    say_refused("club_rules_upload", current)


def _save_shared(rule_set: ClubRules) -> None:
    book = rule_book()
    if book is None:
        return
    try:
        saved = book.save(rule_set, clock(), _admission(book))
    except ClubError as exc:
        refuse("club_keep_shared", exc.reason)
        return
    _tab().saved = saved.title.in_(lang())
    st.query_params.pop("club_rules", None)


def shared_rules_offer(value: str) -> None:
    """A rule set that came in a link: what it says, and a button that keeps it for this club."""
    current = lang()
    try:
        rule_set, club = read_link_value(value)
    except ClubError as exc:
        st.warning(tr("club.bad_rules_link", reason=plain(exc.reason.in_(current), 400)))
        return
    with st.container(border=True):
        st.markdown(
            tr(
                "club.shared_rules",
                title=plain(rule_set.title.in_(current), 120),
                club=plain(club, 80) if club else tr("club.another_club"),
            )
        )
        st.caption(plain(describe_rule_set(rule_set, current), 600))
        book = rule_book()
        if book is not None and _admission(book) is not None:
            st.button(
                tr("club.keep_shared"), type="primary", on_click=_save_shared, args=(rule_set,), key="club_keep_shared"
            )
            say_refused("club_keep_shared", current)
        else:
            st.caption(tr("club.admin_only"))
