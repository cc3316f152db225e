import { homeSections as account } from '../features/account/home';
import { homeSections as billing } from '../features/billing/home';
import { homeSections as cancel } from '../features/cancel/home';
import { homeSections as contact } from '../features/contact/home';
import { homeSections as devices } from '../features/devices/home';
import { homeSections as internet } from '../features/internet/home';
import { homeSections as orders } from '../features/orders/home';
import { homeSections as outage } from '../features/outage/home';
import { homeSections as paperless } from '../features/paperless/home';
import { homeSections as rateChange } from '../features/rate-change/home';
import { homeSections as rewards } from '../features/rewards/home';
import { homeSections as support } from '../features/support/home';
import type { SectionId } from '../engine/decisions';
import type { SectionComponent } from '../ui/section';
import { codeOnItsWay } from '../ui/lazy-section';
import { cardWantedNow, codeArriving, otherCardsAtFirstInput } from '../stores/arriving-code';
import { config } from '../config';
import { onFirstInput, whenIdle } from '../ui/when-idle';

/** Every feature's home cards, by feature: each section id belongs to exactly one feature. */
export const sectionsByFeature = {
  account,
  billing,
  cancel,
  contact,
  devices,
  orders,
  outage,
  paperless,
  rewards,
  support,
  internet,
  rateChange,
} as const;

type Features = typeof sectionsByFeature;
/** The ids a feature exports that another feature exports too (never, when every id has one owner). */
type SharedIds = {
  [F in keyof Features]: keyof Features[F] &
    { [G in Exclude<keyof Features, F>]: keyof Features[G] }[Exclude<keyof Features, F>];
}[keyof Features];
// A section id exported by two features is a type error here, naming the id (the spread would silently keep
// only the last one).
const _oneOwnerPerId: [SharedIds] extends [never] ? true : SharedIds = true;

/**
 * The home's section registry: section id (rules/home-sections.json) -> component, composed from what each
 * feature declares it renders (its home.ts). The rules decide which show and in what order. It must render
 * every section the home-sections decision may place (SECTIONS, src/engine/declarations/home.ts): a section
 * a rule could show but no feature renders is a type error here, naming the id, so no list of rendered ids
 * is kept anywhere else.
 */
export const homeSections = {
  ...account,
  ...billing,
  ...cancel,
  ...contact,
  ...devices,
  ...orders,
  ...outage,
  ...paperless,
  ...rewards,
  ...support,
  ...internet,
  ...rateChange,
} satisfies Record<SectionId, SectionComponent>;

/**
 * Fetches the code of every lazy card, beside the home's calls; the home waits for the code of the cards the
 * rules decided as long as it waits for their data (src/stores/arriving-code.ts): a card arriving after the
 * sections below it would push them down. Called by the home's route module when it runs, not here: this
 * module shares the home's chunk with code the sign-in pages use, and they must not fetch the home's cards.
 */
export function fetchCardCode(): void {
  const later: SectionComponent[] = [];
  for (const [id, card] of Object.entries(homeSections)) {
    if (!cardWantedNow(id)) {
      later.push(card);
      continue;
    }
    const code = codeOnItsWay(card);
    if (code) codeArriving(id, code, config.timeouts.homeCompleteMs ?? 0);
  }
  // The cards the server's page did not show (shown after a switch of account or a flow's outcome): their code
  // one card per idle moment, never in the hydrating page's tasks; from the customer's first input on when the
  // server's home was settled (cardsShownFirst), as every switch and flow starts with one.
  const next = (): void => {
    const card = later.shift();
    if (!card) return;
    const code = codeOnItsWay(card);
    if (code) void code.then(idle);
    else idle();
  };
  const idle = (): void => {
    if (later.length === 0) return;
    whenIdle(next, 5_000);
  };
  if (later.length === 0) return;
  if (otherCardsAtFirstInput()) onFirstInput(idle);
  else idle();
}
