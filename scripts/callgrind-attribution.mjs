/**
 * Where a Node process's instructions went: a callgrind profile written with --dump-instr=yes,
 * read against the perf map V8 wrote for the same process (node --perf-basic-prof:
 * /tmp/perf-<pid>.map, one line per piece of generated code: start, size, name). Callgrind names
 * the functions of Node's binary and libraries itself, but sees V8's generated code only as
 * addresses; the map gives them their JavaScript function. Code a function inlined counts as the
 * function's. Used by instruction-count.mjs (--by-function).
 * @example attributeCallgrind(readFileSync('cg.out', 'utf8'), readFileSync('/tmp/perf-123.map', 'utf8'))
 */

/**
 * The self instructions of a profile (calls' inclusive costs left out) by category and by
 * function: { categories: Map<category, n>, functions: Map<name, n> }. JavaScript functions are
 * named `js <tier> <name> <file:line>`, the tier being V8's (optimized, Maglev, baseline,
 * interpreted); others by their symbol.
 */
export function attributeCallgrind(profile, perfMap) {
  const code = parsePerfMap(perfMap);
  const functions = new Map();
  const add = (name, n) => functions.set(name, (functions.get(name) ?? 0) + n);
  const names = { ob: new Map(), fn: new Map() };
  // "(id) name" defines a compressed name, "(id)" refers to it.
  const named = (table, rest) => {
    const m = /^\((\d+)\)(?: (.*))?$/.exec(rest);
    if (m === null) return rest;
    if (m[2] !== undefined) table.set(m[1], m[2]);
    return table.get(m[1]) ?? '?';
  };
  let object = '';
  let fn = '';
  let address = 0;
  let callCost = false;
  for (const line of profile.split('\n')) {
    const c = line.charCodeAt(0);
    // A cost line: position (absolute 0x…, relative +n/−n, or * for the same), line, cost.
    if (c === 0x30 || c === 0x2b || c === 0x2d || c === 0x2a) {
      const parts = line.split(' ');
      if (parts.length < 3) continue;
      const p = parts[0];
      if (p[0] === '+' || p[0] === '-') address += Number(p);
      else if (p !== '*') address = parseInt(p, 16);
      // The line after calls= is the call's inclusive cost, not the caller's own.
      if (callCost) {
        callCost = false;
        continue;
      }
      const n = Number(parts[2]);
      if (object.includes('???') || fn.startsWith('0x')) add(code.nameAt(address), n);
      else add(fn, n);
    } else if (line.startsWith('ob=')) object = named(names.ob, line.slice(3));
    else if (line.startsWith('fn=')) fn = named(names.fn, line.slice(3));
    else if (line.startsWith('cfn=')) named(names.fn, line.slice(4));
    else if (line.startsWith('cob=')) named(names.ob, line.slice(4));
    else if (line.startsWith('calls=')) callCost = true;
  }
  const categories = new Map();
  for (const [name, n] of functions) {
    const k = categoryOf(name);
    categories.set(k, (categories.get(k) ?? 0) + n);
  }
  return { categories, functions };
}

/** The category of a function name (see attributeCallgrind). */
function categoryOf(name) {
  if (name.startsWith('js optimized') || name.startsWith('js maglev')) return 'JavaScript, optimized';
  if (name.startsWith('js ')) return 'JavaScript, baseline or interpreted';
  if (/^Builtins_(Interpreter|.*Handler|.*Bytecode|Baseline)/.test(name)) return 'interpreter and baseline builtins';
  if (/^Builtins_.*IC/.test(name)) return 'inline caches (property look-ups missed)';
  if (name.startsWith('Builtins_')) return 'other builtins';
  if (/v8::internal::(compiler|maglev)::|Turbofan|OptimizedCompilationJob|PipelineCompilationJob/.test(name)) return 'optimizing compiler';
  if (/v8::internal::(Scavenger|MarkCompact|Sweeper|Heap|Marking|Evacuat|MinorMarkCompact|ConcurrentMarking)|heap::base::|cppgc::/.test(name)) return 'garbage collector';
  if (name === 'unmapped generated code') return name;
  return 'other (Node, V8 runtime, parser, C libraries)';
}

const TIERS = { '*': 'optimized', '+': 'maglev', '^': 'baseline', '~': 'interpreted' };

/** The perf map's code ranges, searched by address. */
function parsePerfMap(text) {
  const starts = [];
  const ends = [];
  const labels = [];
  const rows = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const [a, s, ...rest] = l.split(' ');
      return { start: parseInt(a, 16), size: parseInt(s, 16), name: rest.join(' ') };
    })
    .sort((x, y) => x.start - y.start);
  for (const r of rows) {
    starts.push(r.start);
    ends.push(r.start + r.size);
    labels.push(label(r.name));
  }
  return {
    nameAt(address) {
      let lo = 0;
      let hi = starts.length - 1;
      if (hi < 0 || address < starts[0]) return 'unmapped generated code';
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= address) lo = mid;
        else hi = mid - 1;
      }
      return address < ends[lo] ? labels[lo] : 'unmapped generated code';
    },
  };
}

/** "JS:*runEvents file:///…/run-events.js:40:26" → "js optimized runEvents run-events.js:40". */
function label(name) {
  const m = /^JS:([*+^~])(\S*) (?:file:\/\/)?(\S*?)(?::\d+)?$/.exec(name);
  if (m === null) return name.startsWith('Builtin:') ? `Builtins_${name.slice(8)}` : name;
  const file = m[3].split('/').pop();
  return `js ${TIERS[m[1]]} ${m[2] || '(anonymous)'} ${file}`;
}
