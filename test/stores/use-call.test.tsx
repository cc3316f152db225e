// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { Result } from '../../src/api/client';
import type { IssueEntry } from '../../src/stores/api-port';
import { StoreProvider } from '../../src/stores/context';
import { useCall } from '../../src/stores/use-call';
import { failed, fakeOrch, makeStore } from '../features/harness';

function Page() {
  useCall('getInvoiceHistory', () => answer, 'paymentHistory');
  return <p>page</p>;
}

let settle: (r: Result<unknown>) => void = () => {};
const answer = new Promise<Result<unknown>>((resolve) => (settle = resolve));

describe('a page call (useCall)', () => {
  it('is logged when it fails, with its page and account, even after the customer left the page', async () => {
    const issues: Array<IssueEntry & { accountNumber?: string }> = [];
    const store = await makeStore({ orch: fakeOrch(), api: { logIssue: (e) => void issues.push(e) } });
    const view = render(
      <StoreProvider store={store}>
        <Page />
      </StoreProvider>,
    );
    view.unmount();
    settle(failed('HTTP 500 from /Orch/dssh/aos/getInvoiceHistory'));
    await vi.waitFor(() => expect(issues.map((i) => i.operation)).toContain('getInvoiceHistory'));
    expect(issues.find((i) => i.operation === 'getInvoiceHistory')).toMatchObject({
      page: 'paymentHistory',
      accountNumber: '310111222',
      message: 'HTTP 500 from /Orch/dssh/aos/getInvoiceHistory',
    });
  });
});
