// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeHomeStore, renderHome, sections } from '../../../test/features/home/home-harness';

afterEach(cleanup);

describe('rewards section', () => {
  it('the rewards link label mentions rewards up to $100', async () => {
    const { store } = await makeHomeStore({ decide: () => ({ sections: sections('rewards') }) });
    await renderHome(store);
    expect(screen.getByRole('link', { name: /rewards up to \$100/ })).toHaveAttribute(
      'href',
      'https://www.provider.example/refer-a-friend',
    );
  });
});
