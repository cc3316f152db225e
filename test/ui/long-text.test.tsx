// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LongText } from '../../src/ui/LongText';

describe('a long value in a table cell', () => {
  it('is shown whole when it is of a plausible length', () => {
    render(<LongText text="CNF-100001" />);
    expect(screen.getByText('CNF-100001')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('is cut with "Show all", which reveals the full value in place, and "Show less"', async () => {
    const value = 'W'.repeat(20_000);
    const { container } = render(<LongText text={value} />);
    expect(container.textContent).toContain(`${'W'.repeat(80)}…`);
    expect(container.textContent).not.toContain('W'.repeat(81));
    const toggle = screen.getByRole('button', { name: 'Show all (20,000 characters)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(container.textContent).toContain(value);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('never cuts between the halves of a surrogate pair', () => {
    const { container } = render(<LongText text={`${'a'.repeat(79)}${'😀'.repeat(10)}`} />);
    expect(container.textContent?.startsWith(`${'a'.repeat(79)}😀…`)).toBe(true);
  });
});
