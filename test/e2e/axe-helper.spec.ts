import { test, expect, axe, ready } from './fixtures';

/**
 * The suite's accessibility checks all go through `axe` (fixtures.ts), which asks axe for a brief report:
 * the violations in full, the other results cut to one node each. A check that passed because the helper
 * no longer ran the WCAG rules, or dropped a violation's nodes, would make every "axe clean" test say
 * nothing: here the helper must find what is broken on a real page, every node of it.
 */
test('the axe helper reports every node of every WCAG violation, and nothing of best practice', async ({
  guarded: page,
}) => {
  await page.goto('/login');
  await ready(page);
  expect((await axe(page)).violations, 'the sign-in help page as it ships').toEqual([]);

  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    for (const name of ['one.png', 'two.png']) {
      const img = document.createElement('img');
      img.src = `/assets/${name}`;
      main.append(img);
    }
    main.append(document.createElement('button'));
    // A heading level skipped is a best-practice finding (heading-order), not a WCAG one: not reported.
    const h5 = document.createElement('h5');
    h5.textContent = 'Skipped levels';
    main.append(h5);
  });
  const found = (await axe(page)).violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(found).toEqual([
    { id: 'button-name', nodes: [expect.stringContaining('button')] },
    { id: 'image-alt', nodes: ['img[src$="one.png"]', 'img[src$="two.png"]'] },
  ]);
});
