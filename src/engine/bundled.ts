/**
 * The rule files bundled at build time (last known good), keyed by file name ('home-view.json'). Browser
 * only: import.meta.glob is Vite's; node scripts read rules/ from disk and pass their own copy.
 */
const modules = import.meta.glob<unknown>('../../rules/*.json', { eager: true, import: 'default' });

export const bundledRules: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.entries(modules).map(([path, json]) => [path.slice(path.lastIndexOf('/') + 1), json]),
);
