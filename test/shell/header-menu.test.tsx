// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { NavLinkProps } from 'react-router-dom';
import { Header } from '../../src/shell/Header';
import { makeStore, renderAt } from '../features/harness';

/** Each render of a navigation link (the menu's heaviest part: each one matches the address). */
const linkRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('react-router-dom', async (original) => {
  const actual = await original<typeof import('react-router-dom')>();
  function CountedNavLink(props: NavLinkProps) {
    linkRenders.count++;
    return <actual.NavLink {...props} />;
  }
  return { ...actual, NavLink: CountedNavLink };
});

describe("the header's menu", () => {
  it('opens and closes by one class on its wrapper, rendering its links no more (issue 30: the tap)', async () => {
    const store = await makeStore();
    expect(await store.session.checkAuth()).toBe('authenticated');
    renderAt(store, '/home', <Header />);
    const button = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById('main-menu')!;
    const links = screen.getAllByRole('link');
    expect(links.length, 'the menu lists the navigation').toBeGreaterThan(2);
    const before = linkRenders.count;

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.className).toContain('header__menu--open');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.className).not.toContain('header__menu--open');
    expect(linkRenders.count, 'opening and closing render no link again').toBe(before);

    // What the menu lists still follows the decisions.
    act(() => store.ui.setMobileMenu(true));
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(
      links.map((a) => a.getAttribute('href')),
    );
  });
});
