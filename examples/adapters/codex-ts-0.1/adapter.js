#!/usr/bin/env node
/**
 * Adapter protocol v1 (spec/adapter-protocol.md) for the patch applier of the
 * TypeScript Codex CLI, 0.1.x line (`@openai/codex@0.1.2505291658` from the
 * npm registry), over the subprocess transport.
 *
 * Nothing of the CLI is copied here.  At start-up the adapter reads the
 * installed package's own bundle (`dist/cli.js`) and its source map
 * (`dist/cli.js.map`), uses the map to find, in the minified bundle, the code
 * that was compiled from
 *
 *   src/parse-apply-patch.ts       the patch markers (PATCH_PREFIX, ...)
 *   src/utils/agent/apply-patch.ts the parser and applier (process_patch)
 *   src/approvals.ts               resolvePathAgainstWorkdir
 *   src/utils/agent/exec.ts        execApplyPatch(patchText, workdir)
 *
 * and evaluates exactly that code.  `execApplyPatch` is what the CLI runs when
 * the model calls `apply_patch` (handle-exec-command.ts): it strips a heredoc
 * wrapper, appends a missing `*** End Patch`, runs `process_patch` with the
 * real file system and returns `{stdout, stderr, exitCode}`.
 *
 * Mapping to `apply_patch.apply` (spec/apply_patch.md):
 *   - `patch` is passed unchanged as `patchText` (the CLI hands the second
 *     element of `["apply_patch", patch]` over the same way);
 *   - `files` are written into a fresh temporary sandbox; `cwd` is mapped to a
 *     directory four levels deep in it (so `..` stays inside) and given as
 *     `workdir`; the logical `cwd` in the patch is replaced by the real one,
 *     and the real one by the logical one in what comes back (as the kit does
 *     for the real releases);
 *   - `exit_code`, `stdout`, `stderr` are `execApplyPatch`'s `exitCode`,
 *     `stdout`, `stderr` as they are: the CLI's success text is `Done!`
 *     (no newline) and its error text is the exception's message (no newline);
 *     nothing is rewritten to look like a Rust release's output;
 *   - `files` is every regular file of the sandbox afterwards.
 *   - The file system handed to the CLI's code refuses any path outside the
 *     sandbox; a patch that reaches one is answered `unsupported` (never
 *     written).  A patch holding a NUL character is `invalid-args`, as in
 *     the reference (it cannot be a process argument).
 *
 * The CLI has one behaviour; the adapter declares both editions so that the
 * report shows which one it follows.
 *
 * `chat.request` (spec/chat.md; edition 0.25.0 only, the one edition with a
 * chat wire): the CLI's Responses-over-Chat bridge, `src/utils/responses.ts`,
 * which the CLI uses for every provider but OpenAI
 * (`responsesCreateViaChatCompletions(openai, input)`).  The adapter loads,
 * the same way, the module's code from `conversationHistories` through
 * `createCompletion(openai, input)` (convertInputItemToMessage,
 * getFullMessages, convertTools), and calls `createCompletion` with
 *   - `input`: a Responses create request `{model, instructions, input,
 *     tools, stream: true}`: the op's model, items and tools as held, and
 *     0.25.0's built-in instructions, which the release sends as
 *     `instructions` (REQ-TEXT-1; read from the kit's reference model data,
 *     `reference/codex_reference/request/data/instructions-0.25.0.md`, or
 *     $CODEX_CONFORMANCE_INSTRUCTIONS);
 *   - `openai`: a client whose `chat.completions.create(params)` keeps the
 *     params.  The bundled openai client posts `JSON.stringify(params)`, so
 *     the body is that serialization, parsed again (undefined members drop
 *     out as they do on the wire).
 * A function the bridge throws from (it throws on item types it does not
 * know, such as `function_call`) is an `error` of kind `library-error` with
 * the thrown message.
 *
 * Package location: $CODEX_TS_PACKAGE, else `@openai/codex` resolved from the
 * current directory or this file's directory.  Node.js >= 18, no dependencies.
 */
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { createRequire } = require('node:module');

const PROTOCOL = 1;
const OP = 'apply_patch.apply';
const EDITIONS = ['0.25.0', '0.169.0'];
const CHAT_OP = 'chat.request';
const CHAT_EDITIONS = ['0.25.0'];
const SANDBOX_DEPTH = 4;

/** An answer for the kit that is not a result (`error` or `unsupported`). */
class Answer extends Error {
  /** @param {object} response the whole response object */
  constructor(response) {
    super(JSON.stringify(response));
    this.response = response;
  }
}

/** @returns {string} the installed `@openai/codex` package directory */
function packageDir() {
  if (process.env.CODEX_TS_PACKAGE) return process.env.CODEX_TS_PACKAGE;
  for (const base of [process.cwd(), __dirname]) {
    try {
      const req = createRequire(path.join(base, 'noop.js'));
      return path.dirname(req.resolve('@openai/codex/package.json'));
    } catch {
      // try the next base
    }
  }
  throw new Error('@openai/codex not found: set CODEX_TS_PACKAGE to its directory');
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Decode a source map's `mappings` into segments.
 * @param {object} map the parsed source map
 * @returns {Array<{gl:number,gc:number,src:number,ol:number,oc:number}>} mapped segments
 */
function decodeMappings(map) {
  const segments = [];
  let src = 0;
  let ol = 0;
  let oc = 0;
  let name = 0;
  map.mappings.split(';').forEach((line, gl) => {
    let gc = 0;
    if (!line) return;
    for (const seg of line.split(',')) {
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      gc += fields[0];
      if (fields.length > 1) {
        src += fields[1];
        ol += fields[2];
        oc += fields[3];
        if (fields.length > 4) name += fields[4];
        segments.push({ gl, gc, src, ol, oc });
      }
    }
  });
  return segments;
}

/** The bundle, its source map, and lookups between them. */
class Bundle {
  /** @param {string} dir the package directory */
  constructor(dir) {
    this.dir = dir;
    this.version = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
    this.lines = fs.readFileSync(path.join(dir, 'dist', 'cli.js'), 'utf8').split('\n');
    this.map = JSON.parse(fs.readFileSync(path.join(dir, 'dist', 'cli.js.map'), 'utf8'));
    this.segments = decodeMappings(this.map);
    this.lineStarts = [];
    let offset = 0;
    for (const line of this.lines) {
      this.lineStarts.push(offset);
      offset += line.length + 1;
    }
    this.text = this.lines.join('\n');
  }

  /** @param {string} name a `sources` entry, e.g. `../src/approvals.ts` */
  sourceIndex(name) {
    const index = this.map.sources.indexOf(name);
    if (index < 0) throw new Error(`source map has no ${name}`);
    return index;
  }

  /** @returns {number} offset in the bundle text of a segment */
  offset(seg) {
    return this.lineStarts[seg.gl] + seg.gc;
  }

  /**
   * Offset in the bundle of the code compiled from the original text `needle`
   * (its first occurrence in the original source).
   */
  generatedOffset(source, needle) {
    const src = this.sourceIndex(source);
    const original = this.map.sourcesContent[src];
    const at = original.indexOf(needle);
    if (at < 0) throw new Error(`${source} has no ${JSON.stringify(needle)}`);
    const before = original.slice(0, at).split('\n');
    const ol = before.length - 1;
    const oc = before[before.length - 1].length;
    const hit = this.segments.find((seg) => seg.src === src && seg.ol === ol && seg.oc === oc);
    if (!hit) throw new Error(`no mapping for ${JSON.stringify(needle)} in ${source}`);
    return this.offset(hit);
  }

  /**
   * The whole top-level declaration that starts at `start`: the shortest
   * slice ending in `}` that compiles (a cut at an inner brace does not).
   */
  declarationAt(start) {
    for (let end = this.text.indexOf('}', start); end >= 0; end = this.text.indexOf('}', end + 1)) {
      const slice = this.text.slice(start, end + 1);
      try {
        // eslint-disable-next-line no-new-func
        new Function(slice);
        return slice;
      } catch {
        // not complete yet
      }
    }
    throw new Error(`no complete declaration at ${start}`);
  }

  /** First and last bundle offsets mapped to a source. */
  range(source) {
    const src = this.sourceIndex(source);
    const mine = this.segments.filter((seg) => seg.src === src).map((seg) => this.offset(seg));
    return [Math.min(...mine), Math.max(...mine)];
  }

  /** The minified identifier the bundle uses for original `needle`+`skip` in `source`. */
  identifier(source, needle, skip) {
    const src = this.sourceIndex(source);
    const original = this.map.sourcesContent[src];
    const at = original.indexOf(needle);
    if (at < 0) throw new Error(`${source} has no ${JSON.stringify(needle)}`);
    const before = original.slice(0, at + skip).split('\n');
    const ol = before.length - 1;
    const oc = before[before.length - 1].length;
    const hit = this.segments.find((seg) => seg.src === src && seg.ol === ol && seg.oc === oc);
    if (!hit) throw new Error(`no mapping for the identifier in ${JSON.stringify(needle)}`);
    const match = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.offset(hit)));
    if (!match) throw new Error(`no identifier at the mapping of ${JSON.stringify(needle)}`);
    return match[0];
  }
}

/** The identifier a slice of the bundle uses where `pattern` (one group) matches. */
function freeName(slice, pattern) {
  const match = pattern.exec(slice);
  if (!match) throw new Error(`bundle layout not recognised: no ${pattern} in ${slice.slice(0, 80)}...`);
  return match[1];
}

/**
 * Load `execApplyPatch` from the package's bundle, with `fs` replaced by the
 * given object.
 * @param {string} dir package directory
 * @param {object} guardedFs the file system the CLI code sees
 */
function loadCli(dir, guardedFs) {
  const b = new Bundle(dir);
  const P = '../src/parse-apply-patch.ts';
  const A = '../src/utils/agent/apply-patch.ts';
  const R = '../src/approvals.ts';
  const E = '../src/utils/agent/exec.ts';

  // parse-apply-patch.ts: one `var` statement of string constants.
  let [start, last] = b.range(P);
  let end = b.text.indexOf(';', last) + 1;
  const constants = b.text.slice(start, end);
  // apply-patch.ts: from its first mapped byte to its open_file (the CLI-only part after it is left out).
  [start] = b.range(A);
  end = b.generatedOffset(A, 'function open_file(');
  let applier = b.text.slice(start, end);
  // approvals.ts: resolvePathAgainstWorkdir only.
  const resolver = b.declarationAt(b.generatedOffset(R, 'function resolvePathAgainstWorkdir('));
  // exec.ts: execApplyPatch only.
  const exec = b.declarationAt(b.generatedOffset(E, 'function execApplyPatch('));

  // Free names of those slices: module imports and helpers of other modules.
  const bindings = new Map();
  applier = applier.replace(/import\s*([\w$]+)\s*from\s*"([\w:/]+)";/g, (_, name, mod) => {
    bindings.set(name, mod === 'fs' ? guardedFs : require(mod));
    return '';
  });
  const noop = () => undefined;
  // The imports of exec.ts and approvals.ts, found by how the slices use them.
  bindings.set(freeName(exec, /([\w$]+)\(`Applying patch/), noop); // log
  bindings.set(freeName(exec, /([\w$]+)\.readFileSync\(/), guardedFs); // fs
  bindings.set(freeName(exec, /([\w$]+)\.dirname\(/), path); // path
  bindings.set(freeName(resolver, /([\w$]+)\.normalize\(/), path); // path
  // esbuild's lazy module initialisers (`f();`) called between statements.
  for (const call of (constants + applier).matchAll(/(?:^|[;}])([\w$]+)\(\);/g)) {
    if (!bindings.has(call[1])) bindings.set(call[1], noop);
  }
  const execApplyPatch = b.identifier(E, 'function execApplyPatch(', 'function '.length);
  const processPatch = b.identifier(A, 'function process_patch(', 'function '.length);
  const body = [
    '"use strict";',
    constants,
    applier,
    resolver,
    exec,
    `return { execApplyPatch: ${execApplyPatch}, processPatch: ${processPatch} };`,
  ].join('\n');
  const names = [...bindings.keys()];
  // eslint-disable-next-line no-new-func
  const factory = new Function(...names, body);
  return { version: b.version, ...factory(...names.map((name) => bindings.get(name))) };
}

/**
 * Load `createCompletion` of src/utils/responses.ts from the package's bundle:
 * the module's declarations from `conversationHistories` to
 * `createCompletion`, evaluated on their own.
 * @param {string} dir package directory
 */
function loadChatBridge(dir) {
  const b = new Bundle(dir);
  const S = '../src/utils/responses.ts';
  const start = b.generatedOffset(S, 'const conversationHistories');
  const last = b.generatedOffset(S, 'const createCompletion =');
  const slice = b.text.slice(start, last) + b.declarationAt(last);
  const createCompletion = b.identifier(S, 'const createCompletion =', 'const '.length);
  // eslint-disable-next-line no-new-func
  const factory = new Function(`"use strict";\n${slice}\nreturn { createCompletion: ${createCompletion} };`);
  return factory();
}

/** @returns {string} 0.25.0's built-in instructions (REQ-TEXT-1) */
function codexInstructions() {
  const file =
    process.env.CODEX_CONFORMANCE_INSTRUCTIONS ||
    path.join(__dirname, '..', '..', '..', 'reference', 'codex_reference', 'request', 'data', 'instructions-0.25.0.md');
  return fs.readFileSync(file, 'utf8');
}

let chatBridge = null;

/** @returns {object} the `chat.request` result */
function chatRequest(args) {
  if (!args || typeof args !== 'object') {
    throw new Answer({ error: { kind: 'invalid-args', message: 'args must be an object' } });
  }
  if (!CHAT_EDITIONS.includes(args.edition)) {
    throw new Answer({ unsupported: `edition ${args.edition} is not declared for ${CHAT_OP}` });
  }
  if (typeof args.model !== 'string' || !Array.isArray(args.input) || !Array.isArray(args.tools)) {
    throw new Answer({ error: { kind: 'invalid-args', message: 'model, input and tools are required' } });
  }
  if (chatBridge === null) chatBridge = loadChatBridge(packageDir());
  const sent = [];
  const client = {
    chat: {
      completions: {
        create: (params) => {
          sent.push(JSON.stringify(params));
          return Promise.resolve({});
        },
      },
    },
  };
  const input = { model: args.model, instructions: codexInstructions(), input: args.input, tools: args.tools, stream: true };
  try {
    chatBridge.createCompletion(client, input);
  } catch (exc) {
    throw new Answer({ error: { kind: 'library-error', message: String((exc && exc.message) || exc) } });
  }
  if (sent.length !== 1) {
    throw new Answer({ error: { kind: 'library-error', message: `${sent.length} chat requests were sent, not 1` } });
  }
  return { body: JSON.parse(sent[0]) };
}

/** A file system path a patch may not touch. */
class OutsideSandbox extends Error {}

/** The sandbox the current request runs in (set per request). */
const sandbox = { root: null, escaped: null };

/** @param {string} p a path the CLI code hands to fs */
function inside(p) {
  const resolved = path.resolve(String(p));
  const root = sandbox.root;
  if (root === null || (resolved !== root && !resolved.startsWith(root + path.sep))) {
    sandbox.escaped = resolved;
    throw new OutsideSandbox(`outside the sandbox: ${resolved}`);
  }
  return p;
}

/** Real `fs` calls, each checked to stay inside the sandbox. */
const guardedFs = {
  readFileSync: (p, ...rest) => fs.readFileSync(inside(p), ...rest),
  writeFileSync: (p, ...rest) => fs.writeFileSync(inside(p), ...rest),
  mkdirSync: (p, ...rest) => fs.mkdirSync(inside(p), ...rest),
  unlinkSync: (p, ...rest) => fs.unlinkSync(inside(p), ...rest),
  existsSync: (p) => fs.existsSync(inside(p)),
};

/** @param {string} name a key of `files` */
function safeRelative(name) {
  if (!name || path.posix.isAbsolute(name) || name.split('/').includes('..') || name.includes('\0')) {
    throw new Answer({ error: { kind: 'invalid-args', message: `files: ${name} is not a plain relative path` } });
  }
  return name;
}

/** @returns {Buffer} the bytes of a `files` value */
function decodeContent(name, content) {
  if (typeof content === 'string') return Buffer.from(content, 'utf8');
  if (content && typeof content === 'object' && typeof content.base64 === 'string') {
    return Buffer.from(content.base64, 'base64');
  }
  throw new Answer({ error: { kind: 'invalid-args', message: `files[${name}]: not a string or {base64}` } });
}

/** @returns {string|object} a file's bytes as the protocol encodes them */
function encodeContent(bytes) {
  const text = new TextDecoder('utf-8', { fatal: true });
  try {
    return text.decode(bytes);
  } catch {
    return { base64: bytes.toString('base64') };
  }
}

/** Every regular file under `top`, keyed relative to `base`, sorted. */
function readTree(top, base) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        found.push([path.relative(base, full).split(path.sep).join('/'), encodeContent(fs.readFileSync(full))]);
      }
    }
  };
  walk(top);
  found.sort((a, b) => (Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0]))));
  return Object.fromEntries(found);
}

/** Replace every occurrence of `from` by `to`. */
function replaceAll(text, from, to) {
  return text.split(from).join(to);
}

let cli = null;

/** @returns {object} the `apply_patch.apply` result */
function apply(args) {
  if (!args || typeof args !== 'object' || typeof args.patch !== 'string') {
    throw new Answer({ error: { kind: 'invalid-args', message: 'args.patch must be a string' } });
  }
  if (!EDITIONS.includes(args.edition)) {
    throw new Answer({ unsupported: `edition ${args.edition} is not declared` });
  }
  if (args.patch.includes('\0')) {
    throw new Answer({ error: { kind: 'invalid-args', message: 'a NUL character cannot be in a process argument' } });
  }
  const files = args.files ?? {};
  const cwd = args.cwd ?? '/workspace';
  if (!path.posix.isAbsolute(cwd) || cwd.split('/').includes('..') || cwd === '/') {
    throw new Answer({ error: { kind: 'invalid-args', message: `cwd must be absolute, below /: ${cwd}` } });
  }
  const scratch = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'codex-ts-adapter-')));
  try {
    const parent = path.join(scratch, ...Array.from({ length: SANDBOX_DEPTH - 1 }, (_, i) => `up${i}`));
    const realCwd = path.join(parent, path.posix.basename(cwd));
    fs.mkdirSync(realCwd, { recursive: true });
    for (const [name, content] of Object.entries(files)) {
      const target = path.join(realCwd, safeRelative(name));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, decodeContent(name, content));
    }
    sandbox.root = scratch;
    sandbox.escaped = null;
    let result;
    try {
      result = cli.execApplyPatch(replaceAll(args.patch, cwd, realCwd), realCwd);
    } finally {
      sandbox.root = null;
    }
    if (sandbox.escaped !== null) {
      throw new Answer({ unsupported: 'the patch names a path outside the adapter sandbox; not run' });
    }
    const logical = (text) => replaceAll(replaceAll(String(text), realCwd, cwd), parent, path.posix.dirname(cwd));
    return {
      exit_code: result.exitCode,
      stdout: logical(result.stdout),
      stderr: logical(result.stderr),
      files: readTree(scratch, realCwd),
    };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** @returns {object} the response to one request */
function handle(request) {
  if (request.op === 'hello') {
    return {
      result: {
        protocol: PROTOCOL,
        implementation: {
          name: '@openai/codex (TypeScript CLI, execApplyPatch)',
          version: cli.version,
          language: 'typescript',
          homepage: 'https://github.com/openai/codex/tree/main/codex-cli',
        },
        editions: EDITIONS,
        ops: [OP, CHAT_OP],
      },
    };
  }
  if (request.op !== OP && request.op !== CHAT_OP) {
    return { unsupported: `op ${request.op} is not implemented by this adapter` };
  }
  try {
    return { result: request.op === CHAT_OP ? chatRequest(request.args) : apply(request.args) };
  } catch (exc) {
    if (exc instanceof Answer) return exc.response;
    return { error: { kind: 'internal', message: String((exc && exc.stack) || exc) } };
  }
}

/** Answer one JSON line. */
function respond(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    return { id: null, error: { kind: 'invalid-args', message: 'not JSON' } };
  }
  return { id: request.id ?? null, ...handle(request) };
}

function main() {
  cli = loadCli(packageDir(), guardedFs);
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim()) process.stdout.write(JSON.stringify(respond(line)) + '\n');
  });
  lines.on('close', () => process.exit(0));
}

if (require.main === module) main();

module.exports = { loadCli, loadChatBridge, Bundle };
