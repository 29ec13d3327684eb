"""Area ``http``: what a release does with a reply that comes before or instead of a stream (spec/http.md)."""
