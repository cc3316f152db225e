import { TraceMap } from '@jridgewell/trace-mapping';
import { describe, expect, it } from 'vitest';
import { taskWindows, tasksAfterFirstPaint, type HomeLoad } from '../../lib/bench-home-load';
import {
  BROWSER_WORK,
  GARBAGE_COLLECTOR,
  attribute,
  groupOf,
  type CpuProfile,
  type MapLookup,
} from '../../lib/bench-profile';

describe('groupOf: a source file to its package or portal folder', () => {
  it.each([
    ['/repo/node_modules/react-dom/cjs/react-dom-client.production.js', 'package', 'react-dom'],
    ['../../node_modules/@xstate/react/dist/xstate-react.esm.js', 'package', '@xstate/react'],
    ['/repo/node_modules/a/node_modules/mobx/dist/mobx.esm.js', 'package', 'mobx'],
    ['/repo/src/features/home/HomePage.tsx', 'portal', 'src/features/home'],
    ['/repo/src/engine/runtime.ts', 'portal', 'src/engine'],
    ['/repo/src/main.tsx', 'portal', 'src/main.tsx'],
    ['/repo/machines/billing.ts', 'portal', 'machines'],
    ['\0vite/preload-helper.js', 'other', '(bundler runtime)'],
  ])('%s is %s %s', (source, kind, name) => {
    expect(groupOf(source)).toEqual({ kind, name });
  });
});

// a.js, line 1: columns 0-9 the bundler's own code (no source), 10-19 Panel.tsx's `render`, 20 on mobx;
// line 2 the bundler's own code.
const map = new TraceMap(
  {
    version: 3,
    file: 'a.js',
    sources: ['../../node_modules/mobx/dist/mobx.esm.js', '../../src/features/billing/Panel.tsx'],
    names: ['render'],
    mappings: 'A,UCAAA,UDKA;A',
  },
  '/repo/dist/assets/a.js.map',
);
const lookup: MapLookup = (url) => (url.endsWith('/assets/a.js') ? map : null);
const A = 'http://localhost/assets/a.js';
const frame = (functionName: string, url = '', column = -1, line = column < 0 ? -1 : 0) => ({
  functionName,
  url,
  lineNumber: line,
  columnNumber: column,
});

/** Ten samples of 1 ms each, one per node 5, 6, 2, 3, 4, 8, 9, 10, 11, 12. */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 3, 4, 5, 8, 9, 12] },
    { id: 2, callFrame: frame('(program)') },
    { id: 3, callFrame: frame('(idle)') },
    { id: 4, callFrame: frame('(garbage collector)') },
    { id: 5, callFrame: frame('Ab', A, 10), children: [6, 10, 11] },
    { id: 6, callFrame: frame('parse') },
    { id: 8, callFrame: frame('', A, 0), positionTicks: [{ line: 1, ticks: 3 }] },
    { id: 9, callFrame: frame('x', 'http://localhost/assets/b.js', 5, 3) },
    { id: 10, callFrame: frame('Cd', A, 25) },
    { id: 11, callFrame: frame('', A, 5) },
    { id: 12, callFrame: frame('P', A, 3, 1) },
  ],
  startTime: 1_000_000,
  endTime: 1_010_000,
  samples: [5, 6, 2, 3, 4, 8, 9, 10, 11, 12],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

describe('attribute: a CPU profile by package and portal folder', () => {
  it('gives each sample to its original source, natives to their caller, idle to nothing', () => {
    const a = attribute(profile, lookup);
    expect(Object.fromEntries(a.groups)).toEqual({
      // the function, the native it called, and a bundler-written wrapper whose body is Panel.tsx's
      'src/features/billing': 3,
      mobx: 1,
      [BROWSER_WORK]: 1,
      [GARBAGE_COLLECTOR]: 1,
      '(top level of a.js)': 1,
      '(no source map) b.js': 1,
      '(bundler code in a.js)': 1,
    });
    expect(a.kinds.get('src/features/billing')).toBe('portal');
    expect(a.kinds.get('mobx')).toBe('package');
    expect(a.busyMs).toBe(9);
    expect(a.windowMs).toBe(10);
    // the wrapper's body starts with `render`'s segment: all three under its name and line
    expect(a.functions.get('render (src/features/billing/Panel.tsx:1)')).toBe(3);
    expect(a.functions.get('mobx/dist/mobx.esm.js:6')).toBe(1);
    expect([...a.functions.keys()]).toContain(
      '(top level of a.js), 100% on line 1, code of src/features/billing, mobx',
    );
  });

  it('counts only what falls inside the windows, a straddling sample for its part inside', () => {
    const a = attribute(profile, lookup, [{ start: 1_000_500, end: 1_002_500 }]);
    expect(Object.fromEntries(a.groups)).toEqual({ 'src/features/billing': 1.5, [BROWSER_WORK]: 0.5 });
    expect(a.windowMs).toBe(2);
    expect(a.busyMs).toBe(2);
  });
});

describe('long tasks after the first paint', () => {
  const load: HomeLoad = {
    profile,
    firstPaintMs: 100,
    fcpMs: 100,
    firstByteMs: 20,
    longTasks: [
      { start: 10, duration: 60 }, // ends before the first paint
      { start: 80, duration: 70 }, // under way at the first paint: its last 50 ms are after it
      { start: 300, duration: 55 },
    ],
    originUs: 5_000_000,
  };

  it('keeps what the tasks ran after the first paint', () => {
    expect(tasksAfterFirstPaint(load)).toEqual([
      { start: 100, duration: 50 },
      { start: 300, duration: 55 },
    ]);
  });

  it("places them on the profile's clock", () => {
    expect(taskWindows(load, tasksAfterFirstPaint(load))).toEqual([
      { start: 5_100_000, end: 5_150_000 },
      { start: 5_300_000, end: 5_355_000 },
    ]);
    expect(taskWindows({ ...load, originUs: null }, load.longTasks)).toEqual([]);
  });
});
