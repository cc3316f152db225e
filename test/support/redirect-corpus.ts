/**
 * Redirect payloads every redirect point is tested with: the probe's corpus (the open redirect of the first
 * wave) and the classic traps. Each must end on the portal's own origin or an allowlisted one, judged on
 * the URL a browser would follow, never on the raw string.
 */
export const REDIRECT_CORPUS: readonly string[] = [
  // the probe's findings: normalised to '//evil.example' by the old check
  '/..//evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/home/..//evil.example',
  '/..%2F/evil.example',
  '/./..//evil.example/',
  '/home/../..//evil.example',
  // protocol-relative and slash tricks
  '//evil.example',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/%5cevil.example',
  '/%2f%2fevil.example',
  '/%09/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  '\t//evil.example',
  // absolute and scheme tricks
  'https://evil.example/',
  'http://evil.example',
  'HTTPS://EVIL.EXAMPLE',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  // credentials and look-alikes
  'https://www.provider.example@evil.example/',
  'http://user@evil.example',
  'http://user:pass@localhost/',
  'https://www.provider.example.evil.example/',
  'https://evil.example/www.provider.example',
  'https://evil.example#@www.provider.example',
  'https://evil.example?@www.provider.example',
  // unicode and encodings
  'https://evil。example/',
  '/%E3%80%82evil.example',
  '/\u2215\u2215evil.example',
  '%2F%2Fevil.example',
];
