/**
 * The preview's text (test/golden/rules-preview.md) and its diff. One line per persona and decision, and
 * one per rule of the order and threshold lists, each `- key: value` under a heading naming the decision:
 * no table, so no column width moves when one value changes, and a changed decision is one changed line.
 * `npm run rules:preview -- --diff` compares the current rules' preview with the reviewed golden copy,
 * line by key, and prints only what changed.
 */
import { constantValues } from '../src/engine/analyze';
import { DECISIONS } from '../src/engine/decisions';
import { ruleRef } from '../src/engine/rule-ref';
import type { HomeDecisions, RuleCondition, Rulesets } from '../src/engine/types';
import type { ToggleName } from '../src/facts/vocabulary';

export interface PreviewRow {
  label: string;
  /** Profile status: 223 and 222 never reach the home page (the shell redirects). */
  profileStatus: string | null;
  decisions: HomeDecisions;
}

const cell = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '—');

function flags(record: Record<string, boolean>): string[] {
  return Object.entries(record)
    .filter(([, on]) => on)
    .map(([name]) => name);
}

function sectionsValue(d: HomeDecisions): string {
  if (d.homeView.view !== 'full') return '(not the full home)';
  return cell(d.sections.map((s) => (s.params.variant ? `${s.section} (${s.params.variant})` : s.section)));
}

/** The per-persona decisions of the preview: heading, and the value of one persona's decision. */
const PERSONA_DECISIONS: { heading: string; value: (d: HomeDecisions) => string }[] = [
  {
    heading: 'Home view (rules/home-view.json)',
    value: (d) =>
      d.homeView.params.messageKind
        ? `${d.homeView.view} (${d.homeView.params.messageKind})`
        : d.homeView.view,
  },
  { heading: 'Banner (rules/account-banners.json)', value: (d) => d.banner?.banner ?? '—' },
  {
    heading: 'Navigation (rules/navigation.json)',
    value: (d) =>
      `${d.navigation.emptyItem ? 'empty item' : cell(d.navigation.items)}${d.navigation.search ? '' : ', no search'}`,
  },
  { heading: 'Brand (rules/brand.json)', value: (d) => d.brand.brand },
  {
    heading: 'Calls made after the profile (rules/data-loading.json)',
    value: (d) => cell(d.dataLoading.calls),
  },
  { heading: 'Full home sections in order (rules/home-sections.json)', value: sectionsValue },
  { heading: 'Walled garden (rules/walled-garden.json)', value: (d) => d.walledGarden.state },
  { heading: 'Prepaid card status (rules/prepaid-card.json)', value: (d) => String(d.prepaidCard.status) },
  { heading: 'Payment flags (rules/payment.json)', value: (d) => cell(flags(d.payment)) },
  { heading: 'Billing offers (rules/billing-actions.json)', value: (d) => cell(flags(d.billingActions)) },
  { heading: 'Billing panel state (rules/billing-panel.json)', value: (d) => d.billingPanel.state },
  { heading: 'Paperless update call (rules/paperless.json)', value: (d) => d.paperless.call },
  { heading: 'Credit offer (rules/credit-offer.json)', value: (d) => (d.creditOffer.show ? 'shown' : '—') },
  { heading: 'Outage alert (rules/outage.json)', value: (d) => d.outage.alert },
  { heading: 'Appointment timing (rules/appointment-timing.json)', value: (d) => d.appointmentTiming.timing },
  {
    heading: 'Pending-order alert offers (rules/order-actions.json)',
    value: (d) => cell(flags(d.orderActions)),
  },
  { heading: 'Upgrade offer indicator (rules/upgrade-offer.json)', value: (d) => d.upgradeOffer.offer },
  { heading: 'Upgrade path (rules/upgrade-path.json)', value: (d) => d.upgradePath.path },
  { heading: 'Modem upgrade (rules/modem-upgrade.json)', value: (d) => d.modemUpgrade.offer },
  { heading: 'WiFi panel (rules/wifi-panel.json)', value: (d) => d.wifiPanel.variant },
  { heading: 'Pages closed (rules/page-access.json)', value: (d) => cell(d.pageAccess.closed) },
];

const isConstantRef = (v: unknown): v is { fact: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { fact?: unknown }).fact === 'string' &&
  (v as { fact: string }).fact.startsWith('constant.');

/** The order the section rules define, whoever sees them: a reorder shows here even if no persona has both. */
function sectionOrderLines(rulesets: Rulesets): string[] {
  const rules = rulesets['home-sections'].rules.map((rule, i) => ({ rule, ref: ruleRef(i + 1, rule.name) }));
  rules.sort(
    (a, b) =>
      Number(a.rule.event.params.order) - Number(b.rule.event.params.order) ||
      b.rule.priority - a.rule.priority,
  );
  return rules.map(({ rule, ref }) => {
    const p = rule.event.params;
    const variant = typeof p.variant === 'string' ? ` (${p.variant})` : '';
    return `- ${ref}: order ${String(p.order)}, section ${String(p.section)}${variant}`;
  });
}

/** Every number a rule compares a fact with: a threshold edit shows here even if no persona crosses it. */
function thresholdLines(rulesets: Rulesets): string[] {
  const constants = constantValues(rulesets);
  const walk = (c: RuleCondition, out: string[]): void => {
    if ('all' in c) c.all.forEach((x) => walk(x, out));
    else if ('any' in c) c.any.forEach((x) => walk(x, out));
    else if ('not' in c) walk(c.not, out);
    else if (typeof c.value === 'number') out.push(`${c.fact} ${c.operator} ${c.value}`);
    else if (isConstantRef(c.value)) {
      const name = c.value.fact.slice('constant.'.length);
      out.push(`${c.fact} ${c.operator} ${c.value.fact} (${String(constants.get(name))})`);
    }
  };
  const lines: string[] = [];
  for (const d of DECISIONS) {
    rulesets[d.id].rules.forEach((rule, i) => {
      const found: string[] = [];
      walk(rule.conditions, found);
      if (found.length > 0) lines.push(`- ${d.id} ${ruleRef(i + 1, rule.name)}: ${found.join(' and ')}`);
    });
  }
  return lines;
}

/** The preview as markdown: one line per persona account and decision, so a diff names whose screen changes. */
export function renderPreview(rows: readonly PreviewRow[], date: string, rulesets?: Rulesets): string {
  const lines = [
    '# Rules preview',
    '',
    `Every persona of \`sandbox/personas/\` against every decision of \`rules/\`, on ${date} (persona dates are`,
    'relative to it). Generated by `npm run rules:preview`; after a deliberate rule change,',
    '`npm run rules:preview -- --diff` lists what changed and `npm run rules:preview -- --update` records it.',
    'One line per persona and decision: each changed line is a customer whose screen changes.',
  ];
  const redirected = (r: PreviewRow): boolean => r.profileStatus === '223' || r.profileStatus === '222';
  const home = rows.filter((r) => !redirected(r));
  for (const [i, { heading, value }] of PERSONA_DECISIONS.entries()) {
    lines.push('', `## ${heading}`, '');
    if (i === 0) {
      for (const row of rows.filter(redirected))
        lines.push(
          `- ${row.label}: (profile status ${row.profileStatus ?? ''}: the shell redirects, no home)`,
        );
    }
    for (const { label, decisions } of home) lines.push(`- ${label}: ${value(decisions)}`);
  }
  if (rulesets) {
    lines.push('', '## Order of the full home sections (rules/home-sections.json, smallest first)', '');
    lines.push(...sectionOrderLines(rulesets));
    lines.push('', '## Thresholds (every number a rule compares a fact with)', '');
    lines.push(...thresholdLines(rulesets));
  }
  const first = rows[0]?.decisions;
  if (first) {
    lines.push('', '## Toggles and constants (the same for every persona unless a rule narrows them)', '');
    lines.push(`- toggles on: ${cell(flags(first.toggles))}`);
    lines.push(
      `- toggles off: ${cell(Object.keys(first.toggles).filter((t) => !first.toggles[t as ToggleName]))}`,
    );
    lines.push(
      `- constants: ${Object.entries(first.constants)
        .map(([k, v]) => `${k} ${String(v)}`)
        .join(', ')}`,
    );
    const differing = rows.filter(
      (r) => JSON.stringify(r.decisions.toggles) !== JSON.stringify(first.toggles),
    );
    if (differing.length > 0) lines.push(`- toggles differ for: ${differing.map((r) => r.label).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

// ------------------------------------------------------------------------------------ diff

/** A preview read back: per heading, its `- key: value` lines in order. */
export type ParsedPreview = Map<string, Map<string, string>>;

export function parsePreview(text: string): ParsedPreview {
  const parsed: ParsedPreview = new Map();
  let section: Map<string, string> | undefined;
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = new Map();
      parsed.set(heading[1]!.trim(), section);
      continue;
    }
    const item = /^- (.+?): (.*)$/.exec(line);
    if (item && section) section.set(item[1]!, item[2]!);
  }
  return parsed;
}

export interface PreviewChange {
  /** The heading: the decision, or the order, thresholds, toggles lists. */
  decision: string;
  /** The persona (or the rule, or the toggles/constants line). */
  key: string;
  /** null when the line is new or gone. */
  before: string | null;
  after: string | null;
}

/** What differs between two previews, heading by heading, key by key (in the order of the current one). */
export function diffPreviews(golden: string, current: string): PreviewChange[] {
  const before = parsePreview(golden);
  const after = parsePreview(current);
  const changes: PreviewChange[] = [];
  const headings = [...after.keys(), ...[...before.keys()].filter((h) => !after.has(h))];
  for (const decision of headings) {
    const b = before.get(decision) ?? new Map<string, string>();
    const a = after.get(decision) ?? new Map<string, string>();
    const keys = [...a.keys(), ...[...b.keys()].filter((k) => !a.has(k))];
    for (const key of keys) {
      const was = b.get(key) ?? null;
      const is = a.get(key) ?? null;
      if (was !== is) changes.push({ decision, key, before: was, after: is });
    }
  }
  return changes;
}

const PERSONA_HEADINGS = new Set(PERSONA_DECISIONS.map((d) => d.heading));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The changes, one line each (`persona | decision | before: ... | after: ...`), then the counts. */
export function formatPreviewDiff(changes: readonly PreviewChange[], goldenName: string): string {
  if (changes.length === 0) return `no change against ${goldenName}\n`;
  const lines = changes.map(
    (c) => `${c.key} | ${c.decision} | before: ${c.before ?? '(none)'} | after: ${c.after ?? '(none)'}`,
  );
  const persona = changes.filter((c) => PERSONA_HEADINGS.has(c.decision));
  const personas = new Set(persona.map((c) => c.key.replace(/ #\d+$/, '')));
  const decisions = new Set(persona.map((c) => c.decision.replace(/ \(.*$/, '')));
  const other = changes.length - persona.length;
  const counts = [
    `${plural(changes.length, 'change')} against ${goldenName}`,
    `${plural(personas.size, 'persona')} (${[...personas].join(', ') || '—'})`,
    `${plural(decisions.size, 'decision')} (${[...decisions].join(', ') || '—'})`,
    ...(other > 0 ? [`${plural(other, 'rule and constant line')}`] : []),
  ];
  return `${lines.join('\n')}\n\n${counts.join('; ')}\n`;
}
