/** Stage 0: the feature toggles and the business constants, which every later decision may read. */
import { CONSTANT_NAMES, TOGGLE_NAMES } from '../../facts/names';
import { declare, fed, lookup, type JsonSchema } from '../declare';

const str = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });

export const toggles = declare({
  id: 'toggles',
  key: 'toggles',
  kind: 'lookup',
  eventType: 'toggle',
  lookupKey: 'toggle',
  lookupEntries: TOGGLE_NAMES,
  stage: 0,
  params: {
    type: 'object',
    required: ['toggle', 'on'],
    additionalProperties: false,
    properties: { toggle: str(TOGGLE_NAMES), on: { type: 'boolean' } },
  },
  description: 'Feature toggles (section 9 of both documents). Each becomes the fact toggle.<name>.',
  unseen: true,
  outcome: lookup('toggle', TOGGLE_NAMES, 'on', false),
  feeds: TOGGLE_NAMES.map((t) =>
    fed(`toggle.${t}` as const, 'boolean', (d: Record<string, boolean>) => d[t], {
      description: `Feature toggle ${t}, decided by rules/toggles.json.`,
      items: true,
    }),
  ),
});

export const constants = declare({
  id: 'constants',
  key: 'constants',
  kind: 'lookup',
  eventType: 'constant',
  lookupKey: 'name',
  lookupEntries: CONSTANT_NAMES,
  stage: 0,
  params: {
    type: 'object',
    required: ['name', 'value'],
    additionalProperties: false,
    properties: { name: str(CONSTANT_NAMES), value: { type: 'number' } },
  },
  description:
    'Business constants shown to the customer. A rule whose threshold must match one compares with it: "value": {"fact": "constant.<name>"}.',
  unseen: true,
  outcome: lookup('name', CONSTANT_NAMES, 'value', null as number | null),
  feeds: CONSTANT_NAMES.map((c) =>
    fed(`constant.${c}` as const, 'number', (d: Record<string, number | null>) => d[c], {
      description: `The constant ${c} of rules/constants.json. Compare with it as a value, so the threshold and the text customers read stay one number: "value": {"fact": "constant.${c}"}.`,
    }),
  ),
});
