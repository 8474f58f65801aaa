"""Domino Tutor app entry point (placeholder until the app issue lands)."""

import streamlit as st

st.set_page_config(page_title="Domino Tutor", page_icon="🁫")
st.title("Domino Tutor")
st.write("The rules engine is here; lessons, the board and the pages are on their way.")
