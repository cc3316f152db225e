/**
 * Where a page's main-thread time goes, from a Chrome DevTools Protocol CPU profile (`Profiler.stop`) and the
 * build's source maps (docs/decisions/038-bench-cpu-profile-and-long-tasks.md): each sample's time goes to
 * the original source of the function it was in, grouped by package (react-dom, mobx, ...: the folder under
 * node_modules) or by the portal's folder (src/engine, src/stores, src/features/<x>, ...). A native function
 * (JSON.parse, a builtin) counts for the script that called it; the browser's own work (parsing, style, layout,
 * paint: V8's '(program)') and the garbage collector are groups of their own; idle time counts nowhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { TraceMap, decodedMappings, eachMapping, originalPositionFor } from '@jridgewell/trace-mapping';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
  /** Samples per line of the script (1-based), where V8 reports them. */
  positionTicks?: Array<{ line: number; ticks: number }>;
}

/** The Profiler domain's Profile: times in microseconds of the browser's monotonic clock. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** A stretch of the profile's clock (µs): start included, end not. */
export interface Window {
  start: number;
  end: number;
}

/** The source map of a script address, or null (not one of the build's scripts, or no map). */
export type MapLookup = (scriptUrl: string) => TraceMap | null;

export const BROWSER_WORK = '(browser: parse, style, layout, paint)';
export const GARBAGE_COLLECTOR = '(garbage collector)';

export type GroupKind = 'package' | 'portal' | 'other';

/** A source file's group: the package it belongs to, or the portal's folder. */
export function groupOf(source: string): { kind: GroupKind; name: string } {
  const packages = [...source.matchAll(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  if (packages.length) return { kind: 'package', name: packages[packages.length - 1]![1]! };
  const feature = /(?:^|\/)src\/features\/([^/]+)\//.exec(source);
  if (feature) return { kind: 'portal', name: `src/features/${feature[1]}` };
  const src = /(?:^|\/)src\/([^/]+)/.exec(source);
  if (src) return { kind: 'portal', name: `src/${src[1]}` };
  const top = /(?:^|\/)(machines|rules|config)\//.exec(source);
  if (top) return { kind: 'portal', name: top[1]! };
  if (/vite|rolldown|^\0/.test(source)) return { kind: 'other', name: '(bundler runtime)' };
  return { kind: 'other', name: source };
}

/** The source path from the portal's root (or from node_modules/), for the function labels. */
function shortSource(source: string): string {
  const i = source.lastIndexOf('node_modules/');
  if (i >= 0) return source.slice(i + 'node_modules/'.length);
  const src = /(?:^|\/)((?:src|machines|rules|config)\/.*)$/.exec(source);
  return src ? src[1]! : source;
}

/** How far (columns) the first mapped code may follow a bundler-written function's start to be its body. */
const WRAPPER_COLUMNS = 16;

/**
 * The original source of a function starting at a generated position: the segment at or before it, or, for a
 * function the bundler wrote around a module (a CommonJS module's wrapper), the segment right after its start:
 * its body's. Null for the bundler's own code (its preload helper, its runtime).
 */
function sourceAt(map: TraceMap, line: number, column: number) {
  const before = originalPositionFor(map, { line, column });
  if (before.source) return before;
  const next = decodedMappings(map)[line - 1]?.find((seg) => seg[0] >= column && seg.length >= 4);
  return next && next[0] - column <= WRAPPER_COLUMNS
    ? originalPositionFor(map, { line, column: next[0] })
    : null;
}

/** For a chunk's top level: its busiest line (V8's ticks) and the groups most of that line's code is from. */
function busiestLine(map: TraceMap, ticks: ProfileNode['positionTicks']): string {
  const perLine = new Map<number, number>();
  for (const t of ticks ?? []) perLine.set(t.line, (perLine.get(t.line) ?? 0) + t.ticks);
  const total = [...perLine.values()].reduce((a, b) => a + b, 0);
  const [line, count] = [...perLine].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (line === undefined || !total) return '';
  const groups = new Map<string, number>();
  eachMapping(map, (m) => {
    if (m.generatedLine === line && m.source) {
      const g = groupOf(m.source).name;
      groups.set(g, (groups.get(g) ?? 0) + 1);
    }
  });
  const names = [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([g]) => g);
  return `, ${Math.round((100 * count!) / total)}% on line ${line}, code of ${names.join(', ')}`;
}

interface Place {
  group: string;
  kind: GroupKind | 'browser';
  fn: string;
}

/** Where each profile node's self time goes (null: idle or the profile's root, counted nowhere). */
function placesOf(profile: CpuProfile, lookup: MapLookup): Map<number, Place | null> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const places = new Map<number, Place | null>();
  const place = (id: number): Place | null => {
    if (places.has(id)) return places.get(id)!;
    const node = byId.get(id)!;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    let result: Place | null;
    if (!url) {
      if (functionName === '(program)') result = { group: BROWSER_WORK, kind: 'browser', fn: functionName };
      else if (functionName === '(garbage collector)')
        result = { group: GARBAGE_COLLECTOR, kind: 'browser', fn: functionName };
      else if (functionName === '(idle)' || functionName === '(root)') result = null;
      else {
        // A native or builtin function: its caller's.
        const up = parent.get(id);
        const caller = up === undefined ? null : place(up);
        result = caller ?? { group: '(native)', kind: 'other', fn: functionName || '(native)' };
      }
    } else {
      const map = lookup(url);
      const file = posix.basename(new URL(url, 'http://x/').pathname) || url;
      const topLevel = lineNumber === 0 && columnNumber === 0 && !functionName;
      const pos = map && !topLevel ? sourceAt(map, lineNumber + 1, columnNumber) : null;
      if (pos?.source) {
        const { kind, name } = groupOf(pos.source);
        // The minifier's names mean nothing: the original name where the map has one, and the line.
        const at = `${shortSource(pos.source)}:${pos.line}`;
        result = { group: name, kind, fn: pos.name ? `${pos.name} (${at})` : at };
      } else if (map && topLevel) {
        // A chunk's top level: its modules' top-level statements, bundled into one function, no one source.
        const group = `(top level of ${file})`;
        result = { group, kind: 'other', fn: `${group}${busiestLine(map, node.positionTicks)}` };
      } else if (map) {
        const group = `(bundler code in ${file})`;
        result = { group, kind: 'other', fn: `${functionName || '(anonymous)'} (${file}:${lineNumber + 1})` };
      } else {
        const group = /\.m?js$/.test(file) ? `(no source map) ${file}` : `(page) ${file}`;
        result = { group, kind: 'other', fn: `${functionName || '(anonymous)'} (${file}:${lineNumber + 1})` };
      }
    }
    places.set(id, result);
    return result;
  };
  for (const n of profile.nodes) place(n.id);
  return places;
}

/** Each sample's start time (µs) and the node it was in; a sample lasts until the next one. */
export function sampleTimes(profile: CpuProfile): Array<{ node: number; start: number; end: number }> {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const out: Array<{ node: number; start: number; end: number }> = [];
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    out.push({ node: samples[i]!, start: t, end: t });
  }
  for (let i = 0; i < out.length; i++)
    out[i]!.end = out[i + 1]?.start ?? Math.max(profile.endTime, out[i]!.start);
  return out;
}

export interface Attribution {
  /** Milliseconds per group (package, portal folder, browser work, garbage collector, ...). */
  groups: Map<string, number>;
  kinds: Map<string, GroupKind | 'browser'>;
  /** Milliseconds per function (its original name where the map has one, file and line). */
  functions: Map<string, number>;
  /** Milliseconds the windows lasted, and how much of that the profile saw busy (not idle). */
  windowMs: number;
  busyMs: number;
}

/**
 * The profile's self time by group and by function, over the whole profile or only inside `windows` (a
 * sample straddling a window's edge counts for the part inside).
 */
export function attribute(profile: CpuProfile, lookup: MapLookup, windows?: Window[]): Attribution {
  const places = placesOf(profile, lookup);
  const groups = new Map<string, number>();
  const kinds = new Map<string, GroupKind | 'browser'>();
  const functions = new Map<string, number>();
  const within = (s: { start: number; end: number }): number =>
    windows
      ? windows.reduce((sum, w) => sum + Math.max(0, Math.min(s.end, w.end) - Math.max(s.start, w.start)), 0)
      : s.end - s.start;
  let busy = 0;
  for (const s of sampleTimes(profile)) {
    const place = places.get(s.node);
    if (!place) continue;
    const ms = within(s) / 1000;
    if (ms <= 0) continue;
    busy += ms;
    groups.set(place.group, (groups.get(place.group) ?? 0) + ms);
    kinds.set(place.group, place.kind);
    functions.set(place.fn, (functions.get(place.fn) ?? 0) + ms);
  }
  const windowMs = windows
    ? windows.reduce((sum, w) => sum + (w.end - w.start), 0) / 1000
    : (profile.endTime - profile.startTime) / 1000;
  return { groups, kinds, functions, windowMs, busyMs: busy };
}

/**
 * Source maps of a build's scripts, looked up by the script's path on the server (/assets/x.js) in that
 * build's dist/ (the maps are written beside the scripts, never served: vite.config.ts `sourcemap: 'hidden'`).
 */
export function distMaps(dist: string): MapLookup {
  const cache = new Map<string, TraceMap | null>();
  return (scriptUrl) => {
    let path: string;
    try {
      path = new URL(scriptUrl).pathname;
    } catch {
      return null;
    }
    if (!cache.has(path)) {
      const file = join(dist, `${path}.map`);
      cache.set(path, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8'), file) : null);
    }
    return cache.get(path)!;
  };
}

/** The largest entries of a map of milliseconds, largest first. */
export function largest(entries: Map<string, number>, count: number): Array<[string, number]> {
  return [...entries].sort((a, b) => b[1] - a[1]).slice(0, count);
}
