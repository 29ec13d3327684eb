"""The wire timeline: named probes run on every stable Codex release (spec/timeline.md).

``releases`` knows the stable releases and how to fetch each (package and
digest, recorded in ``fixtures/timeline/releases.json``); ``probes`` names the
scenarios, each one an area's captured scenario; ``sweep`` runs them and
pins every change to the first release that shows it; ``page`` renders
``spec/timeline.md`` from the data.
"""
