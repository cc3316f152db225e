import { describe, expect, it } from 'vitest';
import { accountBanners } from './banners/AccountBanner';
import { RENDERED_BANNERS, RENDERED_VIEWS } from './rendered';
import { homeViews } from './views';

const sorted = (ids: readonly string[]): string[] => [...ids].sort();

describe('what rules:check reads the home renders', () => {
  it('RENDERED_VIEWS are exactly the views of the home view registry', () => {
    expect(sorted(RENDERED_VIEWS)).toEqual(sorted(Object.keys(homeViews)));
  });

  it('RENDERED_BANNERS are exactly the banners of the account banner registry', () => {
    expect(sorted(RENDERED_BANNERS)).toEqual(sorted(Object.keys(accountBanners)));
  });
});
