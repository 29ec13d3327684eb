"""Responses SSE: raw stream bytes → the items a release records and how the stream ends."""
