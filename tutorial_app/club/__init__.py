"""The club room: a class that follows the teacher on its own phones, a shared table, the club's own rules.

Why a package of its own, without Streamlit: the class's state machine, the
tally of answers, the table's seating, the projection of a hand onto what one
seat may see, the club's rule-set files and the database behind them are
pure logic, tested on their own; the pages in ``tutorial_app.app`` only show
them. Data flows one way: ``rules`` <- ``lessons`` <- ``club`` <- ``app``.
"""
