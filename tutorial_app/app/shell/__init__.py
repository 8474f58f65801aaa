"""What every page stands on: the tab's language and learner, the database handles, the guard, the rules picker.

``session`` (language, learner, the progress store of this tab), ``stores``
(the two database handles), ``guard`` (an unforeseen error becomes one
sentence), ``markdown`` (other people's text shown as plain text), ``links``
and ``uploads`` (input from strangers), ``rules_picker`` and
``house_rules`` (which rules? the presets and the club's own sets),
``charts`` (the Compare page's and the class tally's figures),
``shortcuts`` (keyboard shortcuts for a page's buttons). The lowest room of
``app``: it imports no other folder of it.
"""
