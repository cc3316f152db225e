// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeHomeStore, renderHome, sections } from '../../../test/features/home/home-harness';

afterEach(cleanup);

describe('network status', () => {
  it('the network status image shows trouble while an outage alert is decided', async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ outage: { alert: 'eta-unknown' }, sections: sections('network-status') }),
    });
    await renderHome(store);
    expect(screen.getByText('We are working on an outage in your area.')).toBeInTheDocument();
  });
});
