/**
 * A short fingerprint of a rule file's JSON, so the browser can tell whether a served file is the copy built
 * into the app without downloading that copy: the build computes the fingerprints of rules/*.json
 * (vite.config.ts), the browser those of the served files. Equal fingerprints skip the browser-side
 * validation of a file rules:check already validated; a collision could only skip a check the server
 * already made. cyrb53 (53-bit, public domain): not for security, only for equality.
 */
export function ruleHash(json: unknown): string {
  const text = JSON.stringify(json) ?? 'undefined';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
