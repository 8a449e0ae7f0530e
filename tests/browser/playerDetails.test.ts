import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, screenshot, startSession, whenReady, type Session } from './harness';
import { decodeSave } from '../../src/save/saveFile';

interface Handle {
  store: { getState(): { player: { id: string } | null; select(id: string | null): void } };
  saves: { exportCurrent(): Promise<{ bytes: Uint8Array }> };
}

/** "More about you…" on the start screen: the character editor's fields for your resident, carried into the town. */
describe("the player's resident in full, from the start screen", () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    await page.goto(server.url);
    await page.waitForSelector('.start-screen:not([hidden])', { timeout: 90_000 });
  });

  afterAll(() => closeAll(ctx, server));

  it('the short form is the default; More about you… opens the editor’s form seeded from it', async () => {
    expect(await page.isVisible('input[name=player-name]')).toBe(true);
    expect(await page.locator('.start-you-full input[name=age]').count()).toBe(0);
    await page.fill('input[name=player-name]', 'Marisol Quint');
    await page.fill('textarea[name=player-about]', 'a potter who talks to her kiln');
    await page.click('button[name=look-jess-turner]');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => document.querySelector('button[name=player-more]')?.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'player-short-390x844');
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.click('button[name=player-more]');
    await page.waitForSelector('.start-you-full input[name=age]');
    expect(await page.isHidden('input[name=player-name]')).toBe(true);
    expect(await page.inputValue('.start-you-full input[name=name]')).toBe('Marisol Quint');
    expect(await page.inputValue('.start-you-full input[name=innate]')).toBe('a potter who talks to her kiln');
    expect(await page.inputValue('.start-you-full select[name=look]')).toBe('jess-turner');
    // The same fields as the editor's, but no relationships for a newcomer.
    expect(await page.locator('.start-you-full button[name=add-relationship]').count()).toBe(0);
  }, 120_000);

  it('a bad field is refused by the editor’s check; the edited fields reach the town', async () => {
    await page.fill('.start-you-full input[name=age]', '500');
    await page.click('button[name=new-town]');
    await page.waitForFunction(() => /age/.test(document.querySelector('.start-error')?.textContent ?? ''));
    expect(await page.textContent('.start-error')).toMatch(/problem with your resident/);
    expect(await page.isVisible('.start-screen')).toBe(true);
    await page.fill('.start-you-full input[name=age]', '58');
    await page.fill('.start-you-full input[name=innate]', 'patient, wry, stubborn');
    await page.fill('.start-you-full textarea[name=currently]', 'Marisol is firing a kiln of blue jugs for the market.');
    const home = await page.locator('.start-you-full select[name=home] option').nth(1).getAttribute('value');
    await page.selectOption('.start-you-full select[name=home]', home!);
    await page.selectOption('.start-you-full select[name=workplace]', 'Crumb & Crust Bakery:bakehouse');
    await page.fill('.start-you-full input[name=job-title]', 'baker');
    await page.fill('.start-you-full input[name=work-start]', '05:00');
    await page.check('.start-you-full input[name="haunt-Bramble Café"]');
    const toTop = () => page.evaluate(() => document.querySelector('button[name=player-more]')?.scrollIntoView({ block: 'start' }));
    await toTop();
    await screenshot(page, 'player-details-1400x850');
    await page.setViewportSize({ width: 390, height: 844 });
    await toTop();
    await screenshot(page, 'player-details-390x844');
    await page.setViewportSize({ width: 1400, height: 850 });
    await page.click('button[name=new-town]');
    await whenReady(page);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().player !== null);
    // The resident as the town (in its worker) holds it: the town saved as a file, read back here.
    const bytes = await page.evaluate(async () => [...(await (window as unknown as { hamlet: Handle }).hamlet.saves.exportCurrent()).bytes]);
    const spec = (await decodeSave(new Uint8Array(bytes))).game.player!;
    expect(spec).toMatchObject({ name: 'Marisol Quint', age: 58, innate: 'patient, wry, stubborn', livingArea: home, sprite: 'jess-turner', occupation: { title: 'baker', workplace: 'Crumb & Crust Bakery', arena: 'bakehouse', start: '05:00' } });
    expect(spec.haunts).toEqual(['Bramble Café']);
    // The inspector shows the player's resident as filled in.
    await page.evaluate((id) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().select(id), spec.id);
    await page.waitForFunction(() => document.body.innerText.includes('Marisol is firing a kiln of blue jugs for the market.'), null, { timeout: 30_000 });
    await screenshot(page, 'player-details-inspector-1400x850');
    expect(errors.filter((e) => !/favicon|404/.test(e))).toEqual([]);
  }, 120_000);
});
