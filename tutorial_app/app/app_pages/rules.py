"""Rules: a printable rule sheet for any preset (with overrides), and the glossary."""

from __future__ import annotations

import streamlit as st

from tutorial_app.app.shell.house_rules import house_heading
from tutorial_app.app.shell.markdown import plain
from tutorial_app.app.shell.rules_picker import game_picker, preset_title
from tutorial_app.app.shell.session import lang, tr
from tutorial_app.lessons.check.vocabulary import glossary

# Printing: only the sheet and the glossary, black on white, no app chrome.
PRINT_CSS = """
<style>
@media print {
  [data-testid="stSidebar"], [data-testid="stHeader"], [data-testid="stToolbar"],
  [data-testid="stExpander"], [data-testid="stSelectbox"], [data-testid="stButtonGroup"],
  [data-testid="stDownloadButton"], [data-testid="stCheckbox"], .no-print { display: none !important; }
  [data-testid="stMain"] { margin: 0 !important; padding: 0 !important; }
  [data-testid="stMainBlockContainer"] { max-width: 100% !important; padding: 0 1cm !important; }
  * { color: #000 !important; background: #fff !important; box-shadow: none !important; }
  h2, h3 { page-break-after: avoid; }
}
</style>
"""

current = lang()
st.markdown(PRINT_CSS, unsafe_allow_html=True)
st.title(tr("rules.title"))
choice = game_picker("sheet", "block")
if choice is None:
    st.stop()
st.markdown(
    f'<p class="no-print" style="color: grey; font-size: 0.85rem">{tr("rules.print_hint")}</p>', unsafe_allow_html=True
)
house = house_heading(choice.house)  # the club's rule set heads the sheet
st.header(plain(house, 200) if house else preset_title(choice.preset))
st.caption(" · ".join([preset_title(choice.preset)] * bool(house) + [tr("rules.n_players", n=choice.players)]))
game = choice.game  # each game writes its own sheet (the line games' options, Tien Gow's tricks and chips)
sections = game.sheet_sections(choice.rules, current, choice.preset)
text = game.rule_sheet(choice.rules, current, choice.preset)
if house:
    text = f"{house}\n\n{text}"
for section in sections:
    if not section.lines:
        continue
    st.subheader(section.heading)
    st.markdown(
        "\n".join(
            f"- {line.text}" + (f" **({tr('rules.house_rule')})**" if line.house_rule else "") for line in section.lines
        )
    )
st.download_button(tr("rules.download"), text, file_name=f"{choice.preset}-{current}.txt", mime="text/plain")
st.header(tr("rules.glossary"))
st.markdown("\n".join(f"- **{term}** — {meaning}" for term, meaning in glossary(current)))
