"""Replicas of Rust and crate behaviour the areas share: what the releases get from their dependencies.

Each module replicates one crate (or one corner of the standard library) at
the version the releases build with, and says which in its docstring:

- ``strings``: ``str`` and ``char`` (trim, lines, ``{:?}``, UTF-8 lengths,
  cut points and errors, the panic of a byte slice off a char boundary);
- ``floats``: ``f32`` casts and rounding; ``f32_digits``: the shortest
  digits of an ``f32`` (as ryu finds them, and numpy printed them);
- ``sha1``: the ``sha1`` crate's hex digest;
- ``serde_json``: ``serde_json::from_str``'s errors (category, line, column)
  into a typed target; ``serde_json_write``: what ``serde_json::to_string``
  writes for strings and floats;
- ``image_*``: the image codecs of ``image`` 0.25.9 and the crates under it
  (gif, png and fdeflate, zune-jpeg, the JPEG encoder, the triangle resize)
  and the allocation limit its decoders run under (``image_limits``);
  ``image_bits`` packs the codes the encoders emit into bytes, and
  ``int_lanes`` computes on every sample of an image at once in the lanes
  of one Python integer (the codecs need no numpy: issue #32).

Only crate behaviour lives here, never a release's own rule.  So
``dispatch/image_prompt.py``, what ``view_image`` does with a file's bytes
(sniff the format, pass small PNG/JPEG/WebP through, re-encode GIFs, fit
large images into 2048x2048), stays in ``dispatch``: it is Codex's own rule
(DISPATCH-IMAGE-1), built from these codecs, and ``dynamic`` imports it from
there because the release sends a dynamic tool's images through that same
loader (DYN-OUT-IMAGE-1).
"""
