"""The strategy engine: which move is best, and why (pure Python and numpy, no UI).

Built on the rules core and never changing it:

- ``view``: what one seat can see of a hand (``view_of(start, moves, seat)``,
  ``view_of_state(state, seat)``), with the hidden tiles kept out.
- ``inference``: what the seat can infer (passes and draws show numbers a
  seat lacks; in a first hand the lead shows which tile decided it and that
  nobody was dealt an earlier one).
- ``sampler``: uniform deals of the unseen tiles that agree with all of it,
  by exact counting (no rejection), and the exact chance of every tile's
  whereabouts.
- ``kernel``, ``playout`` (with ``policy``, ``outcome``, ``tables``,
  ``dealing``): the numpy playout kernel, thousands of hands at once, move
  for move the rules core's rules.
- ``analysis``: ``analyse(view)`` ranks the legal moves by win share and net
  points, with intervals that say what the engine does not know: played out,
  or, once few tiles are left, every sampled deal solved exactly
  (``exact_deals``, with the fast line search of ``exact_line``);
  ``analyse_open(state)`` with every hand known, solved exactly by ``exact``
  where small enough.
- ``opponents``: the bots' reading of the others' choices.
- ``explain``: ``why_best(analysis, state)``, one sentence in en and ru.
- ``knowledge``: ``what_we_know(view)``, the "What we know" panel.
- ``review``: ``review_hand(start, moves, seat)``, every decision marked.
- ``bots``: the easy, medium, strong and expert bots (and greedy) shared by
  the simulator, the command line, the lessons and the app; their names live
  in ``rules.bot_names``.
"""
