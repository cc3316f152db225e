import { makeObservable, observable, reaction, runInAction, type IReactionDisposer } from 'mobx';
import { HISTORY_ACTIONS } from '../engine/names';
import type { HomeDecisions, ItemDecisions } from '../engine/types';
import { pendingOrderOf } from '../facts/derive';
import { historyOrders, historyTickets } from '../facts/history';
import { deriveOrderFacts, deriveTicketFacts } from '../facts/order';
import type { OrderFacts } from '../facts/vocabulary';
import type { HistoryOrder, TroubleReport } from '../generated/types';

/** Evaluates the per-item rules (appointment-messages, history-actions) for one order or ticket. */
export type DecideItem = (
  facts: OrderFacts,
  decisions: Pick<HomeDecisions, 'toggles' | 'orderActions'>,
) => Promise<ItemDecisions>;

/** What an item offers before its rules have run, or when they cannot: nothing. */
export const NO_ITEM_DECISIONS: ItemDecisions = {
  appointmentMessages: false,
  actions: Object.fromEntries(HISTORY_ACTIONS.map((a) => [a, false])) as ItemDecisions['actions'],
};

/** The items of the order & ticket history whose rules are evaluated, with their facts. */
export interface ItemFacts {
  key: string;
  facts: OrderFacts;
}

export const orderKey = (o: Pick<HistoryOrder, 'orderNumber'>): string => `order-${o.orderNumber}`;
export const ticketKey = (t: Pick<TroubleReport, 'nativeTroubleReportIdentifier'>): string =>
  `ticket-${t.nativeTroubleReportIdentifier}`;

/** The facts of every order and ticket the account has loaded (pure: data and clock in, facts out). */
export function itemFactsOf(
  data: {
    orderHistory?: Parameters<typeof historyOrders>[0] | null;
    tickets?: Parameters<typeof historyTickets>[0] | null;
    profile?: Parameters<typeof pendingOrderOf>[0];
  },
  today: Date,
): ItemFacts[] {
  const pendingOrderNumber = pendingOrderOf(data.profile)?.orderNumber ?? null;
  const orders = data.orderHistory ? (historyOrders(data.orderHistory) ?? []) : [];
  const tickets = data.tickets ? historyTickets(data.tickets) : [];
  return [
    ...orders.map((o) => ({ key: orderKey(o), facts: deriveOrderFacts(o, { today, pendingOrderNumber }) })),
    ...tickets.map((t) => ({ key: ticketKey(t), facts: deriveTicketFacts(t, { today }) })),
  ];
}

/**
 * Keeps the per-item decisions current: whenever an item's facts or the account decisions they read change
 * (an order cancelled, a ticket rescheduled, the tech tracker toggle), the item rules run again.
 */
export class ItemDecisionStore {
  byKey: ReadonlyMap<string, ItemDecisions> = new Map();
  private run = 0;
  private dispose: IReactionDisposer | null = null;
  /** The input the server's render decided on, while the browser has not decided anything itself. */
  private hydratedInput: string | null = null;

  constructor(
    private readonly read: () => {
      items: ItemFacts[];
      decisions: Pick<HomeDecisions, 'toggles' | 'orderActions'> | null;
    },
    private readonly decide: DecideItem | undefined,
    private readonly onError: (message: string) => void,
  ) {
    makeObservable(this, { byKey: observable.ref });
  }

  /** The decisions of one item (nothing offered until its rules have run). */
  of(key: string): ItemDecisions {
    return this.byKey.get(key) ?? NO_ITEM_DECISIONS;
  }

  start(): void {
    this.dispose ??= reaction(
      this.read,
      (input) => {
        // Decided by the server's render on this very input (src/stores/hydration.ts): not decided again.
        if (this.hydratedInput !== null && JSON.stringify(input) === this.hydratedInput) return;
        this.hydratedInput = null;
        void this.evaluate(input);
      },
      { fireImmediately: true, equals: (a, b) => JSON.stringify(a) === JSON.stringify(b) },
    );
  }

  /** Decides every item now (the server's render, before it renders the history). */
  evaluateNow(): Promise<void> {
    return this.evaluate(this.read());
  }

  /** The item decisions the server's render made: the browser's first render shows them. */
  hydrate(byKey: ReadonlyArray<readonly [string, ItemDecisions]>): void {
    this.hydratedInput = JSON.stringify(this.read());
    runInAction(() => (this.byKey = new Map(byKey)));
  }

  /** What the browser takes over from the server's render. */
  dehydrate(): Array<[string, ItemDecisions]> {
    return [...this.byKey];
  }

  stop(): void {
    this.dispose?.();
    this.dispose = null;
  }

  private async evaluate({ items, decisions }: ReturnType<typeof this.read>): Promise<void> {
    const decide = this.decide;
    if (!decide || !decisions) return;
    const run = ++this.run;
    try {
      const results = await Promise.all(
        items.map(async (i) => [i.key, await decide(i.facts, decisions)] as const),
      );
      if (run !== this.run) return;
      runInAction(() => {
        this.byKey = new Map(results);
      });
    } catch (e) {
      // The runtime survives bad rules itself; should it still fail, items offer nothing and it is logged.
      this.onError(e instanceof Error ? e.message : String(e));
    }
  }
}
