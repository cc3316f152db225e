// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { afterEach, describe, expect, it } from 'vitest';
import { bundledRules } from '../../engine/bundled';
import { DECISIONS, ruleFileOf } from '../../engine/decisions';
import { createRuntime } from '../../engine/runtime';
import type { Rulesets } from '../../engine/types';
import type { MyServices, Profile, RepairTickets } from '../../generated/types';
import type { IssueEntry } from '../../stores/api-port';
import { RootStore } from '../../stores/root-store';
import { baseProfile, fakeApi, fakeEnv, fakeOrch, type OrchRoute } from '../../../test/features/harness';
import { renderHome } from '../../../test/features/home/home-harness';

afterEach(cleanup);

// The shipped rules decide, as in the browser: these tests check the cards render what the rules offer.
const shipped = Object.fromEntries(DECISIONS.map((d) => [d.id, bundledRules[ruleFileOf(d.id)]])) as Rulesets;
const runtime = createRuntime(shipped);
// The same rules with the tech tracker toggle on (the shipped toggle stays off).
const trackerOn = createRuntime({
  ...shipped,
  toggles: {
    ...shipped.toggles,
    rules: shipped.toggles.rules.map((r) =>
      r.event.params.toggle === 'techTracker'
        ? { ...r, event: { ...r.event, params: { ...r.event.params, on: true } } }
        : r,
    ),
  },
});

const techInstall: Profile = {
  ...baseProfile,
  currentlyManagedAccount: '501400221',
  c2e: true,
  earlyAccessProductOrderResponse: {
    orderStatus: 'IN PROGRESS',
    orderActivityType: 'INSTALL',
    jobStatus: 'scheduled',
    earlyAccessProductOrderResponse: {
      orderStatus: 'IN PROGRESS',
      orderActivityType: 'INSTALL',
      techInstall: 1,
      orderNumber: 'N1',
      orderCreatedDate: '2026-03-01',
      apptDate: '2026-03-12',
      apptStartTime: '2026-03-12T08:00:00',
      apptEndTime: '2026-03-12T12:00:00',
      statusInfo: { status: 'SUCCESS' },
    },
  },
};

const services: MyServices = {
  statusInfo: { status: 'SUCCESS' },
  dioProductEligibility: {
    hasHsi: true,
    ecFlowsAvailable: ['CHANGE_DUE_DATE', 'PENDING_ORDER_CANCEL'],
    hasPendingOrder: true,
    ponrStatus: false,
  },
};

const tickets: RepairTickets = {
  statusInfo: { status: 'SUCCESS' },
  wtn: '3035550100',
  troubleReports: [
    {
      nativeTroubleReportIdentifier: 'TR-ACTIVE',
      troubleReportStatus: 'OPN',
      commitmentDateTime: '2026-03-11T17:00:00',
      completionDateTime: '2026-03-11T17:00:00',
      canCancel: true,
      canReschedule: true,
      sourceSystem: 'RX',
      productName: 'VOICE',
      appointmentInfo: { startDateTime: '2026-03-11T13:00:00', endDateTime: '2026-03-11T17:00:00' },
    },
    {
      nativeTroubleReportIdentifier: 'TR-MISSED',
      troubleReportStatus: 'OPN',
      commitmentDateTime: '2026-03-09T12:00:00',
      completionDateTime: '2026-03-09T12:00:00',
      canCancel: true,
      canReschedule: true,
      sourceSystem: 'RX',
      productName: 'HSI',
    },
  ],
};

async function home(
  profile: Profile,
  data: Record<string, unknown>,
  routes: Record<string, OrchRoute> = {},
  rules = runtime,
) {
  const issues: IssueEntry[] = [];
  const opened: string[] = [];
  const orch = fakeOrch(routes);
  const store = new RootStore(
    { ...fakeEnv(), openTab: (url) => void opened.push(url) },
    { ...fakeApi(profile), logIssue: (e) => void issues.push(e) },
    (facts) => rules.decisions(facts),
    orch,
    (facts, decisions) => rules.itemDecisions(facts, decisions),
  );
  await Promise.all([store.profile.load(), store.accounts.load(), store.session.loadProfileId()]);
  runInAction(() => {
    store.accountData.data = { ...data };
  });
  store.start();
  await store.decisions.evaluateNow();
  await renderHome(store);
  return { store, orch, issues, opened };
}

describe('pending-order alert (rules/order-actions.json decides its buttons)', () => {
  it('a technician install shows the appointment date and window with Edit Appointment Time and Cancel Order', async () => {
    await home(techInstall, { services });
    const alert = await screen.findByRole('region', { name: 'Pending Service Order' });
    expect(alert).toHaveTextContent(
      'Your technician appointment is on March 12, 2026 between 8:00 AM and 12:00 PM.',
    );
    expect(within(alert).getByRole('link', { name: 'Edit Appointment Time' })).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'Cancel Order' })).toBeVisible();
    expect(within(alert).queryByRole('link', { name: 'Change Date' })).toBeNull();
  });

  it("cancelling posts cancelOrder {ban, siteOrderNumber}; reasonCode '200' shows the cancelled alert", async () => {
    const { orch } = await home(
      techInstall,
      { services },
      {
        '/Orch/dssh/bm/cancelOrder': () => ({ ok: true, data: { data: { reasonCode: '200' } } }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Cancel Order' }));
    const cancelled = await screen.findByRole('region', { name: 'Order Cancelled' });
    expect(cancelled).toHaveTextContent('Your service order has been cancelled.');
    expect(orch.calls.find((c) => c.path === '/Orch/dssh/bm/cancelOrder')?.body).toEqual({
      ban: '501400221',
      siteOrderNumber: 'N1',
    });
    expect(screen.queryByRole('region', { name: 'Pending Service Order' })).toBeNull();
  });

  it("any other reasonCode is a failure: 'Something went wrong. Please try again later.' and an issue-log record", async () => {
    const { store, issues } = await home(
      techInstall,
      { services },
      {
        '/Orch/dssh/bm/cancelOrder': () => ({ ok: true, data: { data: { reasonCode: '500' } } }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, Cancel Order' }));
    await waitFor(() =>
      expect(store.ui.toasts.map((t) => t.text)).toContain('Something went wrong. Please try again later.'),
    );
    expect(issues.map((i) => i.operation)).toContain('cancelOrder');
    expect(screen.getByRole('region', { name: 'Pending Service Order' })).toBeVisible();
  });

  it('an unreadable appointment date never takes the card down: the alert shows without the date', async () => {
    const broken: Profile = {
      ...techInstall,
      earlyAccessProductOrderResponse: {
        ...techInstall.earlyAccessProductOrderResponse,
        earlyAccessProductOrderResponse: {
          ...techInstall.earlyAccessProductOrderResponse!.earlyAccessProductOrderResponse,
          apptDate: 'soon',
          apptStartTime: 'later',
        },
      },
    };
    await home(broken, { services });
    const alert = await screen.findByRole('region', { name: 'Pending Service Order' });
    expect(alert).toHaveTextContent('Order number N1');
    expect(alert).not.toHaveTextContent('Invalid');
  });
});

describe('repair-ticket alerts (rules/history-actions.json decides missed, Reschedule and Cancel)', () => {
  it("lists the missed ticket first as 'Missed Repair Appointment', then 'Repair Appointment'", async () => {
    await home(baseProfile, { tickets });
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: /Repair Appointment$/ })).toHaveLength(2),
    );
    const [first, second] = screen.getAllByRole('region', { name: /Repair Appointment$/ });
    expect(first).toHaveAccessibleName('Missed Repair Appointment');
    expect(first).toHaveTextContent('Ticket TR-MISSED');
    expect(second).toHaveAccessibleName('Repair Appointment');
  });

  it("the reschedule dialog lists only the chosen day's slots, and Save waits for a time", async () => {
    await home(
      baseProfile,
      { tickets },
      {
        '/Orch/dssh/rx/rescheduleAppointmentDetails': () => ({
          ok: true,
          data: {
            apiResponse: { code: 0 },
            appointmentResult: [
              {
                appointmentID: 'A1',
                appointmentDetail: { startTime: '2026-03-12T08:00:00', endTime: '2026-03-12T12:00:00' },
              },
              {
                appointmentID: 'A2',
                appointmentDetail: { startTime: '2026-03-13T13:00:00', endTime: '2026-03-13T17:00:00' },
              },
            ],
          },
        }),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reschedule appointment TR-MISSED' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    // The calendar (react-day-picker) and the slots load when the dialog opens: on a busy machine that
    // takes longer than findByRole's default second.
    await user.click(
      await within(dialog).findByRole('button', { name: 'March 13, 26' }, { timeout: 10_000 }),
    );
    const time = within(dialog).getByLabelText('Select a time');
    expect(
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a time', '1:00 PM - 5:00 PM']);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.selectOptions(time, 'A2');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    // March 11 has no slot: not selectable.
    expect(within(dialog).getByRole('button', { name: /March 11, 26/ })).toBeDisabled();
  });
});

describe("the technician's location (tech tracker toggle on)", () => {
  const enRoute = (created: string | undefined): Profile => ({
    ...techInstall,
    earlyAccessProductOrderResponse: {
      ...techInstall.earlyAccessProductOrderResponse,
      jobStatus: 'enroute',
      earlyAccessProductOrderResponse: {
        ...techInstall.earlyAccessProductOrderResponse!.earlyAccessProductOrderResponse,
        ...(created ? { orderCreatedDate: created } : { orderCreatedDate: undefined }),
      },
    },
  });

  it('is not offered with the shipped toggle off', async () => {
    await home(enRoute('2026-03-01'), { services });
    const alert = await screen.findByRole('region', { name: 'Pending Service Order' });
    expect(within(alert).queryByRole('button', { name: "View technician's location" })).toBeNull();
  });

  it('the click forces status pending, sends the account number and created date, and opens the tracker', async () => {
    const { orch, opened } = await home(
      enRoute('2026-03-01T09:30:00'),
      { services },
      { '/Orch/dssh/techTracker': () => ({ ok: true, data: { techTrackerPresent: true } }) },
      trackerOn,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "View technician's location" }));
    await waitFor(() =>
      expect(opened).toEqual(['/Orch/dssh/redirectEntry/jumpOutTechTracker?accountNumber=501400221']),
    );
    expect(orch.calls.find((c) => c.path === '/Orch/dssh/techTracker')?.body).toEqual({
      accountNumber: '501400221',
      orderStatus: 'PENDING',
      date: '2026-03-01',
    });
  });

  it("no tracker present, or no created date: 'We are unable to find the technician's location.' and a record", async () => {
    const { store, orch, issues, opened } = await home(
      enRoute(undefined),
      { services },
      { '/Orch/dssh/techTracker': () => ({ ok: true, data: { techTrackerPresent: false } }) },
      trackerOn,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "View technician's location" }));
    await waitFor(() =>
      expect(store.ui.toasts.map((t) => t.text)).toContain(
        "We are unable to find the technician's location. Please try again later.",
      ),
    );
    expect(orch.calls.some((c) => c.path === '/Orch/dssh/techTracker')).toBe(false);
    expect(issues.map((i) => i.message)).toContain('no order created date for the tech tracker');
    expect(opened).toEqual([]);
  });
});
