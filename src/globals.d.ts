/** Defined by vite.config.ts at build time: the fingerprint of each rules/*.json built into the app. */
declare const __BUNDLED_RULE_HASHES__: Readonly<Record<string, string>>;
