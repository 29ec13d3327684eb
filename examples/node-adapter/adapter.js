#!/usr/bin/env node
/**
 * A port of Codex 0.25.0's MCP tool layer to Node.js, certified by
 * codex-conformance through adapter protocol v1 (spec/adapter-protocol.md).
 *
 * Transport: one JSON request per line on stdin, one JSON response per line
 * on stdout, in request order, each carrying the request's `id`.  Logs and
 * diagnostics go to stderr only.
 *
 * Ops (edition 0.25.0 only; see spec/mcp.md and spec/schema.md):
 *   hello                   what this adapter declares
 *   mcp.tools_to_responses  MCP servers' tools/list -> Responses `tools`
 *   schema.sanitize         an MCP inputSchema -> the `parameters` sent
 *
 * Key order is part of the wire.  JavaScript objects put integer-like keys
 * ("1", "42") before all others, in numeric order, whatever the insertion
 * order, so every object this adapter *writes* is a Map, serialized by
 * `encode` in insertion order.  Plain objects only ever hold parsed input.
 *
 * No dependencies: Node.js >= 18.
 */
'use strict';

const crypto = require('node:crypto');
const readline = require('node:readline');

const PROTOCOL = 1;
const EDITION = '0.25.0';
const OPS = ['mcp.tools_to_responses', 'schema.sanitize'];

/**
 * The naming limits of MCP-NAME-2 and MCP-NAME-3.  Exported (and mutable) so
 * that the kit's own tests can build a deliberately broken variant of this
 * adapter and check that certification catches it; nothing else changes them.
 */
const limits = {
  /** A qualified name longer than this many UTF-8 bytes is hashed. */
  maxNameBytes: 64,
  /** A hashed name keeps this many leading bytes before the sha1 hex. */
  hashPrefixBytes: 24,
};

/** Server names 0.25.0 starts (MCP-NAME-6); others contribute no tools. */
const SERVER_NAME = /^[a-zA-Z0-9_-]+$/;

/** The `type` names of the 0.25.0 schema subset ("integer" is sent as "number"). */
const SUBSET_TYPES = new Set(['boolean', 'string', 'number', 'integer', 'array', 'object']);

/** Type names a `type` array may contribute, in no particular order (SCHEMA-TYPE-2). */
const UNION_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean']);

/** An error the release itself would show, reported as `{"error": {kind, message}}`. */
class OpError extends Error {
  /**
   * @param {string} kind the protocol error kind, e.g. "schema-rejected"
   * @param {string} message for people; never compared
   */
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
}

// ---------------------------------------------------------------------------
// JSON helpers
// ---------------------------------------------------------------------------

/**
 * Whether `value` is a JSON object (not null, not an array).
 * @param {unknown} value
 * @returns {boolean}
 */
function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Whether the parsed JSON object `object` has the member `key`.  Own
 * properties only, so keys like "constructor" or "__proto__" behave as data.
 * @param {object} object
 * @param {string} key
 * @returns {boolean}
 */
function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * Whether `value` is a list of strings.
 * @param {unknown} value
 * @returns {boolean}
 */
function isStringList(value) {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Compare two strings as UTF-8 byte strings (Rust's `str` order), not as
 * UTF-16 code units (JavaScript's default), which differs above U+FFFF.
 * @param {string} a
 * @param {string} b
 * @returns {number}
 */
function compareUtf8(a, b) {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Serialize `value` as compact JSON.  Maps are written in insertion order,
 * which is how every output object of this adapter keeps its wire key order.
 * @param {unknown} value
 * @returns {string}
 */
function encode(value) {
  if (value instanceof Map) {
    const members = [];
    for (const [key, member] of value) {
      members.push(`${JSON.stringify(String(key))}:${encode(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  if (Array.isArray(value)) {
    return `[${value.map(encode).join(',')}]`;
  }
  if (isObject(value)) {
    // Only parsed input reaches here, and only where its engine order is fine.
    return encode(new Map(Object.entries(value)));
  }
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : text;
}

// ---------------------------------------------------------------------------
// schema.sanitize, edition 0.25.0 (spec/schema.md)
// ---------------------------------------------------------------------------

/**
 * The error for a schema the release drops the tool for (SCHEMA-REJECT-1).
 * @param {string} why
 * @returns {OpError}
 */
function rejected(why) {
  return new OpError('schema-rejected', `release ${EDITION} drops an MCP tool with this input schema: ${why}`);
}

/**
 * The type a schema object gets before it is decoded (SCHEMA-TYPE-1 and
 * SCHEMA-TYPE-2): its string `type`, else the first subset name in a `type`
 * array, else inferred from the keywords present.
 * @param {object} schema a parsed schema object
 * @returns {string}
 */
function schemaType(schema) {
  const declared = schema.type;
  if (typeof declared === 'string') {
    return declared;
  }
  if (Array.isArray(declared)) {
    const first = declared.find((name) => typeof name === 'string' && UNION_TYPES.has(name));
    if (first !== undefined) {
      return first;
    }
  }
  const hint = (...keys) => keys.some((key) => has(schema, key));
  if (hint('properties', 'required', 'additionalProperties')) return 'object';
  if (hint('items', 'prefixItems')) return 'array';
  if (hint('enum', 'const', 'format')) return 'string';
  if (hint('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return 'number';
  return 'string';
}

/**
 * Add the `description` of a boolean, string, number or array schema to
 * `out`: kept when a string, omitted when absent or null, rejected otherwise.
 * @param {object} schema
 * @param {Map<string, unknown>} out
 */
function addDescription(schema, out) {
  const description = schema.description;
  if (description === undefined || description === null) {
    return;
  }
  if (typeof description !== 'string') {
    throw rejected('a description that is not a string');
  }
  out.set('description', description);
}

/**
 * Convert one value in a schema position to the 0.25.0 subset: a boolean
 * becomes {"type":"string"} (SCHEMA-BOOL-1); an object keeps only the
 * keywords of its type, in the subset's key order (SCHEMA-KEEP-1,
 * SCHEMA-ORDER-1); anything that does not fit rejects the tool.
 * @param {unknown} schema
 * @returns {Map<string, unknown>}
 */
function convertSchema(schema) {
  if (typeof schema === 'boolean') {
    return new Map([['type', 'string']]);
  }
  if (!isObject(schema)) {
    throw rejected('a sub-schema that is not an object');
  }
  const type = schemaType(schema);
  if (!SUBSET_TYPES.has(type)) {
    throw rejected(`type ${JSON.stringify(type)} is not in the subset`);
  }
  const out = new Map();
  switch (type) {
    case 'object':
      out.set('type', 'object');
      out.set('properties', convertProperties(schema));
      if (schema.required !== undefined && schema.required !== null) {
        if (!isStringList(schema.required)) {
          throw rejected('required is not a list of strings');
        }
        out.set('required', schema.required.slice());
      }
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== null) {
        if (typeof schema.additionalProperties !== 'boolean') {
          throw rejected('additionalProperties is not a boolean');
        }
        out.set('additionalProperties', schema.additionalProperties);
      }
      return out;
    case 'array':
      out.set('type', 'array');
      out.set('items', has(schema, 'items') ? convertSchema(schema.items) : new Map([['type', 'string']]));
      addDescription(schema, out);
      return out;
    default:
      out.set('type', type === 'integer' ? 'number' : type);
      addDescription(schema, out);
      return out;
  }
}

/**
 * The `properties` of an object schema: {} when absent, each value
 * converted, keys sorted by UTF-8 bytes (SCHEMA-OBJ-1, SCHEMA-ORDER-1).
 * Integer-like names such as "10" and "9" sort as bytes ("10" < "9") and
 * keep that order on the wire because the result is a Map.
 * @param {object} schema
 * @returns {Map<string, unknown>}
 */
function convertProperties(schema) {
  if (!has(schema, 'properties')) {
    return new Map();
  }
  const properties = schema.properties;
  if (!isObject(properties)) {
    throw rejected('properties is not an object');
  }
  const names = Object.keys(properties).sort(compareUtf8);
  return new Map(names.map((name) => [name, convertSchema(properties[name])]));
}

/**
 * Check what 0.25.0 requires of an input schema when it decodes a
 * `tools/list` result (SCHEMA-TOP-1, MCP-DROP-1 stage 1).
 * @param {unknown} inputSchema
 * @returns {string | null} why it does not decode, or null when it does
 */
function inputSchemaProblem(inputSchema) {
  if (!isObject(inputSchema)) return 'inputSchema is missing or not an object';
  if (typeof inputSchema.type !== 'string') return 'inputSchema.type is missing or not a string';
  if (inputSchema.required !== undefined && inputSchema.required !== null && !isStringList(inputSchema.required)) {
    return 'inputSchema.required is not a list of strings';
  }
  return null;
}

/**
 * The `parameters` 0.25.0 sends for an input schema (SCHEMA-TOP-1): only
 * `type`, `properties` (missing or null becomes {}) and `required` are read
 * from the top level, then converted like any schema object.
 * @param {unknown} inputSchema
 * @returns {Map<string, unknown>}
 */
function sanitizeInputSchema(inputSchema) {
  const problem = inputSchemaProblem(inputSchema);
  if (problem !== null) {
    throw rejected(problem);
  }
  const view = { type: inputSchema.type, properties: {} };
  if (inputSchema.properties !== undefined && inputSchema.properties !== null) {
    view.properties = inputSchema.properties;
  }
  if (inputSchema.required !== undefined && inputSchema.required !== null) {
    view.required = inputSchema.required;
  }
  return convertSchema(view);
}

// ---------------------------------------------------------------------------
// mcp.tools_to_responses, edition 0.25.0 (spec/mcp.md)
// ---------------------------------------------------------------------------

/**
 * Whether an optional field holds a value (serde reads null as absent).
 * @param {unknown} value
 * @returns {boolean}
 */
function present(value) {
  return value !== undefined && value !== null;
}

/**
 * Why one `tools/list` entry does not decode into the release's `Tool` type
 * (MCP-DROP-1 stage 1), or null when it does.
 * @param {unknown} tool
 * @returns {string | null}
 */
function toolProblem(tool) {
  if (!isObject(tool)) return 'a tool that is not an object';
  if (typeof tool.name !== 'string') return 'a tool name that is not a string';
  for (const key of ['description', 'title']) {
    if (tool[key] !== undefined && tool[key] !== null && typeof tool[key] !== 'string') {
      return `a tool ${key} that is not a string`;
    }
  }
  const annotations = tool.annotations;
  if (annotations !== undefined && annotations !== null) {
    if (!isObject(annotations)) return 'tool annotations that are not an object';
    if (present(annotations.title) && typeof annotations.title !== 'string') {
      return 'an annotations title that is not a string';
    }
    for (const hint of ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint']) {
      if (present(annotations[hint]) && typeof annotations[hint] !== 'boolean') {
        return `an annotations ${hint} that is not a boolean`;
      }
    }
  }
  const inputProblem = inputSchemaProblem(has(tool, 'inputSchema') ? tool.inputSchema : undefined);
  if (inputProblem !== null) return inputProblem;
  const output = tool.outputSchema;
  if (output !== undefined && output !== null) {
    if (!isObject(output) || typeof output.type !== 'string') return 'outputSchema without a string type';
    if (output.required !== undefined && output.required !== null && !isStringList(output.required)) {
      return 'outputSchema.required is not a list of strings';
    }
  }
  return null;
}

/**
 * The `release-crash` error for cutting a name inside a multi-byte character:
 * 0.25.0 slices the string at a byte index and panics (MCP-NAME-3).
 * @param {string} name the qualified name
 * @param {Buffer} bytes its UTF-8 bytes
 * @param {number} cut the byte index
 * @returns {OpError}
 */
function cutPanic(name, bytes, cut) {
  let start = cut;
  while (start > 0 && (bytes[start] & 0xc0) === 0x80) start -= 1;
  const char = String.fromCodePoint(bytes.subarray(start).toString('utf8').codePointAt(0));
  const end = start + Buffer.byteLength(char, 'utf8');
  return new OpError(
    'release-crash',
    `byte index ${cut} is not a char boundary; it is inside '${char}' (bytes ${start}..${end}) of \`${name}\``,
  );
}

/**
 * The function tool name of `tool` on `server` (MCP-NAME-1..3): the
 * qualified name `server__tool`, or, when longer than 64 UTF-8 bytes, its
 * first 24 bytes followed by the sha1 hex of the whole qualified name.
 * @param {string} server
 * @param {string} tool
 * @returns {string}
 */
function functionName(server, tool) {
  const name = `${server}__${tool}`;
  const bytes = Buffer.from(name, 'utf8');
  if (bytes.length <= limits.maxNameBytes) {
    return name;
  }
  const cut = limits.hashPrefixBytes;
  if ((bytes[cut] & 0xc0) === 0x80) {
    throw cutPanic(name, bytes, cut);
  }
  const digest = crypto.createHash('sha1').update(bytes).digest('hex');
  return bytes.subarray(0, cut).toString('utf8') + digest;
}

/**
 * Check the op's `servers` argument: a list of {name: string, tools: list}.
 * @param {unknown} servers
 * @returns {Array<{name: string, tools: unknown[]}>}
 */
function checkServers(servers) {
  if (!Array.isArray(servers)) {
    throw new OpError('invalid-args', '`servers` must be a list');
  }
  servers.forEach((server, index) => {
    if (!isObject(server) || typeof server.name !== 'string' || !Array.isArray(server.tools)) {
      throw new OpError('invalid-args', `servers[${index}] must be {"name": string, "tools": list}`);
    }
  });
  return servers;
}

/**
 * The `tools` entries 0.25.0 adds to the Responses request for these MCP
 * servers, in the order it sends them.
 * @param {Array<{name: string, tools: unknown[]}>} servers
 * @returns {Array<Map<string, unknown>>}
 */
function toolsToResponses(servers) {
  // MCP-NAME-6: refused servers are never started.
  const started = servers.filter((server) => {
    if (SERVER_NAME.test(server.name)) return true;
    log(`invalid server name '${server.name}': must match pattern ^[a-zA-Z0-9_-]+$`);
    return false;
  });
  // MCP-DROP-1 stage 1: one undecodable entry fails every server's tools.
  for (const server of started) {
    for (const tool of server.tools) {
      const problem = toolProblem(tool);
      if (problem !== null) {
        log(`tools/list of '${server.name}' does not decode (${problem}); no MCP tools`);
        return [];
      }
    }
  }
  // MCP-NAME-5: names in listing order; a name already taken is skipped.
  const named = new Map();
  for (const server of started) {
    for (const tool of server.tools) {
      const name = functionName(server.name, tool.name);
      if (named.has(name)) {
        log(`skipping duplicated tool ${name}`);
        continue;
      }
      named.set(name, tool);
    }
  }
  // MCP-DROP-1 stage 2 and MCP-TOOL-1: convert, dropping unconvertible tools.
  const entries = [];
  for (const [name, tool] of named) {
    let parameters;
    try {
      parameters = sanitizeInputSchema(tool.inputSchema);
    } catch (error) {
      if (!(error instanceof OpError) || error.kind !== 'schema-rejected') throw error;
      log(`dropping tool ${name}: ${error.message}`);
      continue;
    }
    entries.push(
      new Map([
        ['type', 'function'],
        ['name', name],
        ['description', typeof tool.description === 'string' ? tool.description : ''],
        ['strict', false],
        ['parameters', parameters],
      ]),
    );
  }
  // MCP-ORDER-1: sorted by final name, in byte order.
  return entries.sort((a, b) => compareUtf8(a.get('name'), b.get('name')));
}

// ---------------------------------------------------------------------------
// Adapter protocol v1
// ---------------------------------------------------------------------------

/**
 * Write a diagnostic line to stderr (never stdout, which carries responses).
 * @param {string} message
 */
function log(message) {
  process.stderr.write(`node-adapter: ${message}\n`);
}

/**
 * Check the `edition` argument of an edition op.
 * @param {object} args
 * @returns {string | null} why this adapter declines, or null for 0.25.0
 */
function declineEdition(args) {
  if (typeof args.edition !== 'string') {
    throw new OpError('invalid-args', '`edition` must be a string');
  }
  return args.edition === EDITION ? null : `edition ${args.edition} is not implemented (only ${EDITION})`;
}

/** @type {Record<string, (args: object) => Map<string, unknown>>} */
const HANDLERS = {
  hello: () =>
    new Map([
      ['protocol', PROTOCOL],
      [
        'implementation',
        new Map([
          ['name', 'codex-conformance-node-example'],
          ['version', '0.1.0'],
          ['language', 'javascript'],
          ['homepage', 'examples/node-adapter/README.md'],
        ]),
      ],
      ['editions', [EDITION]],
      ['ops', OPS.slice()],
    ]),
  'mcp.tools_to_responses': (args) => {
    if (!has(args, 'servers')) throw new OpError('invalid-args', 'missing `servers`');
    return new Map([['tools', toolsToResponses(checkServers(args.servers))]]);
  },
  'schema.sanitize': (args) => {
    if (!has(args, 'schema')) throw new OpError('invalid-args', 'missing `schema`');
    return new Map([['schema', sanitizeInputSchema(args.schema)]]);
  },
};

/**
 * Answer one parsed request with exactly one of result, error, unsupported.
 * Never throws.
 * @param {unknown} request
 * @returns {Map<string, unknown>} the response without its `id`
 */
function handle(request) {
  const error = (kind, message) => new Map([['error', new Map([['kind', kind], ['message', message]])]]);
  if (!isObject(request) || typeof request.op !== 'string') {
    return error('invalid-args', 'a request is an object with a string `op`');
  }
  const op = request.op;
  if (!has(HANDLERS, op)) {
    return new Map([['unsupported', `op ${JSON.stringify(op)} is not implemented by this adapter`]]);
  }
  const args = has(request, 'args') ? request.args : {};
  if (!isObject(args)) {
    return error('invalid-args', '`args` must be an object');
  }
  try {
    if (op !== 'hello') {
      const reason = declineEdition(args);
      if (reason !== null) return new Map([['unsupported', reason]]);
    }
    return new Map([['result', HANDLERS[op](args)]]);
  } catch (caught) {
    if (caught instanceof OpError) {
      return error(caught.kind, caught.message);
    }
    if (caught instanceof RangeError) {
      return error('invalid-args', `input nested too deeply (${caught.message})`);
    }
    log(`bug: ${caught && caught.stack ? caught.stack : caught}`);
    return error('internal', String(caught));
  }
}

/**
 * Turn one input line into one output line (without the newline).
 * @param {string} line
 * @returns {string}
 */
function respond(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (caught) {
    log(`not a JSON line: ${caught.message}`);
    return encode(new Map([['id', null], ['error', new Map([['kind', 'invalid-args'], ['message', 'not JSON']])]]));
  }
  const id = isObject(request) && Number.isInteger(request.id) ? request.id : null;
  let response;
  try {
    response = new Map([['id', id], ...handle(request)]);
    return encode(response);
  } catch (caught) {
    // Only an output too deep for `encode` gets here.
    log(`cannot encode the response: ${caught.message}`);
    return encode(new Map([['id', id], ['error', new Map([['kind', 'internal'], ['message', String(caught)]])]]));
  }
}

/** Serve the JSON-lines transport on stdin/stdout until stdin closes. */
function main() {
  process.stdout.on('error', (caught) => {
    log(`stdout closed (${caught.code}); exiting`);
    process.exit(0);
  });
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    process.stdout.write(`${respond(line)}\n`);
  });
}

module.exports = { limits, handle, respond, encode, functionName, sanitizeInputSchema, toolsToResponses, main };

if (require.main === module) {
  main();
}
