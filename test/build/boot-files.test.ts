import { describe, expect, it } from 'vitest';
import { bootFilesLeftOut } from '../../lib/vite-first-load';

/**
 * The start-up's files are left out of the preload lists of the imports made after it (lib/vite-first-load.ts,
 * docs/decisions/051): every other chunk runs once the entry has imported all its pieces.
 */
type Piece = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
};
const chunk = (
  fileName: string,
  imports: string[] = [],
  dynamicImports: string[] = [],
  isEntry = false,
): Piece => ({
  type: 'chunk',
  fileName,
  isEntry,
  imports,
  dynamicImports,
});

function bundle(): Record<string, Piece | { type: 'asset'; fileName: string }> {
  const pieces = [
    chunk('assets/index.js', [], ['assets/react.js', 'assets/start.js'], true),
    chunk('assets/react.js', ['assets/runtime.js']),
    chunk('assets/start.js', ['assets/runtime.js', 'assets/react.js', 'assets/parseISO.js']),
    chunk('assets/runtime.js'),
    chunk('assets/parseISO.js'),
    chunk('assets/home-deps.js', ['assets/page-deps.js', 'assets/start.js'], ['assets/Card.js']),
    chunk('assets/page-deps.js', ['assets/react.js']),
    chunk('assets/Card.js', ['assets/page-deps.js', 'assets/react.js', 'assets/addDays.js']),
    chunk('assets/addDays.js'),
  ];
  return {
    ...Object.fromEntries(pieces.map((p) => [p.fileName, p])),
    'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
  };
}

function made() {
  const boot = bootFilesLeftOut();
  const hook = boot.plugin.generateBundle as unknown as (
    options: unknown,
    b: ReturnType<typeof bundle>,
  ) => void;
  hook({}, bundle());
  return boot.resolveDependencies;
}

const cardDeps = [
  'assets/Card.js',
  'assets/page-deps.js',
  'assets/react.js',
  'assets/runtime.js',
  'assets/start.js',
  'assets/parseISO.js',
  'assets/addDays.js',
];

describe('bootFilesLeftOut', () => {
  it("leaves the entry, its pieces and their imports out of a later import's list", () => {
    const resolve = made();
    expect(resolve('assets/Card.js', cardDeps, { hostId: 'assets/home-deps.js', hostType: 'js' })).toEqual([
      'assets/Card.js',
      'assets/page-deps.js',
      'assets/addDays.js',
    ]);
  });

  it("keeps the entry's own imports whole: they are what brings the pieces in", () => {
    const resolve = made();
    const deps = ['assets/start.js', 'assets/runtime.js', 'assets/react.js', 'assets/parseISO.js'];
    expect(resolve('assets/start.js', deps, { hostId: 'assets/index.js', hostType: 'js' })).toEqual(deps);
  });

  it("keeps index.html's list whole", () => {
    const resolve = made();
    expect(resolve('assets/index.js', cardDeps, { hostId: 'index.html', hostType: 'html' })).toEqual(
      cardDeps,
    );
  });

  it('leaves every list as it is before the bundle is complete', () => {
    const resolve = bootFilesLeftOut().resolveDependencies;
    expect(resolve('assets/Card.js', cardDeps, { hostId: 'assets/home-deps.js', hostType: 'js' })).toEqual(
      cardDeps,
    );
  });
});
