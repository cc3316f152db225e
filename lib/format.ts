import * as prettier from 'prettier';

/** Formats a file's text the way `prettier --write` would, so generated files stay stable. */
export async function formatLikePrettier(path: string, text: string): Promise<string> {
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}
