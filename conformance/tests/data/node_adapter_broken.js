#!/usr/bin/env node
/**
 * A deliberately broken variant of examples/node-adapter/adapter.js, for
 * conformance/tests/test_node_example.py only: the classic off-by-one of the
 * MCP-NAME-2 length limit (`>=` where the release has `>`), so a qualified
 * name of exactly 64 bytes is hashed instead of kept.  The example itself is
 * untouched; this wrapper patches its exported limit before serving.
 */
'use strict';

const path = require('node:path');

const adapter = require(path.join(__dirname, '..', '..', '..', 'examples', 'node-adapter', 'adapter.js'));

adapter.limits.maxNameBytes -= 1;
adapter.main();
