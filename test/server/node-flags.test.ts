import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../server/node-flags';

const root = join(__dirname, '..', '..');

describe('the flags node runs the portal with', () => {
  it('are the ones npm run serve passes, in front of the server', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.serve).toBe(`exec node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });

  it('are the ones docs/deploy.md tells an operator npm run serve runs', () => {
    const deploy = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8');
    expect(deploy).toContain(`exec node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`);
  });

  it('are flags node accepts: a server started with them runs', () => {
    const out = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("up")'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(out).toBe('up');
  });
});
