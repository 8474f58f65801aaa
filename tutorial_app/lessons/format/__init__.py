"""The lesson format: the model a YAML lesson is read into, its JSON schema, and what its parts mean on a table.

``model`` (the pydantic model of a lesson and its steps), ``schema`` (the
JSON schema made from it), ``courses`` (the courses' order and titles), and
the readings every other job shares through the rules core: ``scenes`` (a
step's position), ``tien_gow_scene`` (a Tien Gow step's), ``goals`` (a
play step's goal as predicates) and ``capstone`` (a whole hand against
bots). The lowest room of ``lessons``: it imports no other folder of it.
"""
