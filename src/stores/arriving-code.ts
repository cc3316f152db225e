import { observable, runInAction } from 'mobx';

/**
 * The home cards (section ids) whose code is still on its way: the cards that load beside the home's calls
 * (src/ui/lazy-section.tsx), registered by the home's registry when its code runs. The home waits for the code
 * of the cards the rules decided as it waits for the account's calls (RootStore.isLoadingFor), for at most
 * `waitMs`: a card whose code came after the sections below it had rendered pushed them down (issue 12, CLS;
 * docs/decisions/022-stable-layout.md). Module state, like the code it tracks: a chunk loads once per page.
 */
export const arrivingCode = observable.set<string>();

/**
 * The cards the server's page showed, when it says (src/start.tsx, before the home's code runs): their code is
 * fetched at once, every other card's when the browser is idle (issue 30: importing every card's chunk at once
 * was one long task of a hydrating home). Null: every card's code at once, as for a home the browser renders.
 */
let shownFirst: ReadonlySet<string> | null = null;

/** The other cards' code waits for the customer's first input (see cardsShownFirst). */
let othersAtFirstInput = false;

/**
 * `settled`: the server decided the home on every call's answer, so only something the customer does (an
 * account switch, a flow's outcome) can decide a card it did not show. The other cards' code then waits for
 * the customer's first input (issue 30: fetched and evaluated when idle, card after card, it cost every load
 * about a tenth of Chromium's CPU and a phone's main thread tasks after hydration, and most loads never show
 * one; docs/decisions/057). Otherwise (the server gave up on a call, or decided nothing) a late answer may
 * decide one at any moment: their code comes when idle, as before.
 */
export function cardsShownFirst(sections: readonly string[], settled = false): void {
  shownFirst = new Set(sections);
  othersAtFirstInput = settled;
}

/** Whether the code of the cards the server's page did not show waits for the customer's first input. */
export function otherCardsAtFirstInput(): boolean {
  return othersAtFirstInput;
}

/** Whether a card's code is wanted now (see cardsShownFirst). */
export function cardWantedNow(id: string): boolean {
  return shownFirst === null || shownFirst.has(id);
}

/** Set once by the server's rendering module (src/entry-server.tsx): it waits for no code. */
let onServer = false;

/**
 * The server renders the cards it decided, waiting for their code (React's lazy): nothing arrives there, and a
 * set shared by every request must not hold one customer's cards.
 */
export function renderingOnServer(): void {
  onServer = true;
}

export function codeArriving(id: string, code: Promise<unknown>, waitMs: number): void {
  if (onServer) return;
  runInAction(() => arrivingCode.add(id));
  const arrived = () => runInAction(() => arrivingCode.delete(id));
  setTimeout(arrived, waitMs);
  // Loaded or failed alike: a card whose code failed shows its part's error, it does not hold the home.
  void code.then(arrived, arrived);
}

/**
 * The home has shown: the wait was for its first showing. A card decided after that (a flow's outcome, data
 * past homeCompleteMs) appears when its code arrives; the page is never taken away again for it.
 */
export function homeShown(): void {
  runInAction(() => arrivingCode.clear());
}
