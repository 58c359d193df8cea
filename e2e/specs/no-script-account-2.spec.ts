// The account's other forms without the scripts (issue 29, item 5): the payment methods (add a
// benefit card, make one the active one, change the health plan) and the phones (add one, the
// code step: a wrong code is drawn as an error with the phone kept, then the right one). Each
// posts to its page's action, which the server runs for the visitor of the session cookie and
// draws the page again with the answer. JavaScript off, each in one language by turns (walkedIn; the purchase journey of no-script.spec.ts stays in both); no <noscript> notice left.
// Issue 33, item 15: a first phone verified does not ask to be made the sign-in one.
import { expect, test, type Page, type Request } from '@playwright/test';
import { localized, type LocaleCode, type ShopLocale, walkedIn } from '../fixtures/locales';
import { outboxCode, registerCustomer, uniqueEmail, useSession } from '../fixtures/account';

interface Words {
  cardAdded: string;
  cardNotAdded: string;
  changesSaved: string;
  activeChanged: string;
  active: string;
  endingIn: (last4: string) => string;
  phoneVerified: string;
  invalidCode: string;
  primaryPhone: string;
  removePhone: string;
  yesRemove: string;
  phoneRemoved: string;
}

const words: Record<LocaleCode, Words> = {
  en: {
    cardAdded: 'Card is added',
    cardNotAdded: 'The card was not added',
    changesSaved: 'Changes are saved',
    activeChanged: 'The active card is changed.',
    active: 'Active',
    endingIn: (last4) => `ending in ${last4}`,
    phoneVerified: 'Phone is verified',
    invalidCode: 'The code is not correct or has expired.',
    primaryPhone: 'Make this your primary phone',
    removePhone: 'Remove this phone?',
    yesRemove: 'Yes, remove it',
    phoneRemoved: 'Phone is removed',
  },
  es: {
    cardAdded: 'La tarjeta fue agregada',
    cardNotAdded: 'La tarjeta no fue agregada',
    changesSaved: 'Los cambios se guardaron',
    activeChanged: 'Se cambió la tarjeta activa.',
    active: 'Activa',
    endingIn: (last4) => `que termina en ${last4}`,
    phoneVerified: 'El teléfono fue verificado',
    invalidCode: 'El código no es correcto o ha vencido.',
    primaryPhone: 'Hacer este su teléfono principal',
    removePhone: '¿Eliminar este teléfono?',
    yesRemove: 'Sí, eliminarlo',
    phoneRemoved: 'El teléfono fue eliminado',
  },
};

/**
 * Sandbox cards (apps/api/README.md) no other suite adds: a card belongs to one account. The
 * first added is the active one; the second is then made active.
 */
const cards: Record<LocaleCode, { type: string; number: string; code: string; last4: string }[]> = {
  en: [
    { type: 'national', number: '6036 0000 0000 0003', code: '456', last4: '0003' },
    { type: 's3', number: '6037 0000 0000 0002', code: '789', last4: '0002' },
  ],
  es: [
    { type: 's3', number: '6037 0000 0000 0003', code: '789', last4: '0003' },
    { type: 'national', number: '6036 0000 0000 0209', code: '456', last4: '0209' },
  ],
};

test.use({ javaScriptEnabled: false });

/** The page's form that posts `intent` (several forms share a page). */
function formOf(page: Page, intent: string) {
  return page.locator(`main form[method="post"]:has(input[name="intent"][value="${intent}"])`);
}

/** Waits for the post to `path` the next action sends, and answers its status. */
async function posted(page: Page, locale: ShopLocale, path: string, act: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === localized(locale, path),
  );
  await act();
  return (await answer).status();
}

/** A phone number no other test uses (the 555-01xx block is for fiction; ten digits). */
function uniquePhone(): string {
  return `20255501${Math.floor(Math.random() * 90 + 10)}`.slice(0, 10);
}

for (const locale of walkedIn('en')) {
  const word = words[locale.code];

  test(`without scripts (${locale.code}): a card added (a refusal keeps the number, never the code), made active; the health plan changed`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await useSession(page, await registerCustomer(request, uniqueEmail(`noscript-cards-${locale.code}`)));
    await page.goto(localized(locale, '/account/payment-methods'));
    // No part of the page says it needs the scripts any more.
    await expect(page.locator('main noscript')).toHaveCount(0);

    // "Add a card" is a GET form that draws the card form in the page.
    await page.locator('main form[method="get"]:has(input[name="step"][value="add-card"]) button[type="submit"]').first().click();
    await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'add-card');
    const [first, second] = cards[locale.code];
    const add = formOf(page, 'add-card');

    // A number too short for its type: refused by the contract's schema, drawn again with the
    // type and the number as typed, the number marked; the security code is typed again.
    await add.locator(`input[name="type"][value="${first!.type}"]`).check();
    await add.locator('input[name="number"]').fill('6036 0000 0000');
    await add.locator('input[name="code"]').fill(first!.code);
    expect(await posted(page, locale, '/account/payment-methods', () => add.locator('button[type="submit"]').click())).toBe(422);
    await expect(add.locator('input[name="number"]')).toHaveValue('6036 0000 0000');
    await expect(add.locator('input[name="number"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(add.locator(`input[name="type"][value="${first!.type}"]`)).toBeChecked();
    await expect(add.locator('input[name="code"]')).toHaveValue('');

    // Added: said in the page, the form gone, the card listed as the active one.
    for (const card of [first!, second!]) {
      if (card === second) {
        await page.locator('main form[method="get"]:has(input[name="step"][value="add-card"]) button[type="submit"]').first().click();
      }
      await add.locator(`input[name="type"][value="${card.type}"]`).check();
      await add.locator('input[name="number"]').fill(card.number);
      await add.locator('input[name="code"]').fill(card.code);
      // A redirect to the page saying it (?done=add-card): a reload does not post the card again.
      expect(await posted(page, locale, '/account/payment-methods', () => add.locator('button[type="submit"]').click())).toBe(303);
      await expect(page).toHaveURL((url) => url.search === '?done=add-card');
      await expect(page.getByText(word.cardAdded, { exact: true })).toBeVisible();
      await expect(formOf(page, 'add-card')).toHaveCount(0);
    }
    await page.reload();
    await expect(page.getByText(word.cardAdded, { exact: true })).toBeVisible();
    await expect(page.locator('main [role="alert"]')).toHaveCount(0);
    const cardOf = (last4: string) => page.locator('main li').filter({ hasText: word.endingIn(last4) });
    await expect(cardOf(first!.last4).getByText(word.active, { exact: true })).toBeVisible();
    await expect(cardOf(second!.last4).getByText(word.active, { exact: true })).toHaveCount(0);

    // The second made the active one.
    const makeActive = cardOf(second!.last4).locator('form:has(input[name="intent"][value="make-card-active"]) button[type="submit"]');
    expect(await posted(page, locale, '/account/payment-methods', () => makeActive.click())).toBe(303);
    await expect(page.getByText(word.activeChanged)).toBeVisible();
    await expect(cardOf(second!.last4).getByText(word.active, { exact: true })).toBeVisible();
    await expect(cardOf(first!.last4).getByText(word.active, { exact: true })).toHaveCount(0);

    // The health plan: chosen and saved, drawn as the member's plan.
    await page.goto(localized(locale, '/account/payment-methods'));
    const plan = formOf(page, 'health-plan');
    const options = await plan.locator('select[name="code"] option[value]:not([value=""])').evaluateAll((all) =>
      all.map((option) => (option as HTMLOptionElement).value),
    );
    const current = await plan.locator('select[name="code"]').inputValue();
    const next = options.find((code) => code !== current);
    expect(next, 'another plan to choose').toBeDefined();
    await plan.locator('select[name="code"]').selectOption(next!);
    expect(await posted(page, locale, '/account/payment-methods', () => plan.locator('button[type="submit"]').click())).toBe(303);
    await expect(page).toHaveURL((url) => url.search === '?done=health-plan');
    await expect(page.getByText(word.changesSaved, { exact: true })).toBeVisible();
    await expect(formOf(page, 'health-plan').locator('select[name="code"]')).toHaveValue(next!);
    const me = await page.context().request.get('/api/auth/me');
    expect(((await me.json()) as { insurancePlan: { code: string } | null }).insurancePlan?.code).toBe(next);
  });

  test(`without scripts (${locale.code}): a first phone added and verified with its code (a wrong code keeps the phone), not asked to be primary`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await useSession(page, await registerCustomer(request, uniqueEmail(`noscript-phone-${locale.code}`)));
    await page.goto(localized(locale, '/account'));
    await expect(page.locator('main noscript')).toHaveCount(0);

    // "Add phone" is a GET form that draws the add form in the page.
    await page.locator('main form[method="get"]:has(input[name="step"][value="add-phone"]) button[type="submit"]').click();
    await expect(page).toHaveURL((url) => url.searchParams.get('step') === 'add-phone');
    const phone = uniquePhone();
    const typed = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const add = page.locator('main form[method="post"]:has(input[name="intent"][value="add-contact"]):has(input[name="kind"][value="phone"])');
    // An e-mail is not a phone: refused, drawn again with what was typed.
    await add.locator('input[name="value"]').fill('not-a-phone@example.com');
    expect(await posted(page, locale, '/account', () => add.locator('button[type="submit"]').click())).toBe(422);
    await expect(add.locator('input[name="value"]')).toHaveValue('not-a-phone@example.com');
    await expect(add.locator('input[name="value"]')).toHaveAttribute('aria-invalid', 'true');
    await add.locator('input[name="value"]').fill(typed);
    // Added: a redirect to the code step of that phone (?step=verify-phone-<id>), drawn in the
    // page; a reload draws it again and posts nothing (the phone is not added twice).
    expect(await posted(page, locale, '/account', () => add.locator('button[type="submit"]').click())).toBe(303);
    await expect(page).toHaveURL((url) => /^verify-phone-\d+$/.test(url.searchParams.get('step') ?? ''));
    const verify = page.locator('main form[method="post"]:has(input[name="intent"][value="verify-contact"])');
    await expect(verify).toContainText(typed.replace(/^\(/, '+1 ('));
    const posts: string[] = [];
    const countPosts = (r: Request) => {
      if (r.method() === 'POST') posts.push(r.url());
    };
    page.on('request', countPosts);
    await page.reload();
    await expect(verify).toContainText(typed.replace(/^\(/, '+1 ('));
    expect(posts).toEqual([]);
    page.off('request', countPosts);
    const code = await outboxCode(request, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await verify.locator('input[name="code"]').fill(wrong);
    expect(await posted(page, locale, '/account', () => verify.locator('button[type="submit"]').click())).toBe(422);
    // Drawn again: the error under the code box, the same phone.
    await expect(verify.locator('input[name="code"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(verify.getByText(word.invalidCode)).toBeVisible();
    await expect(verify).toContainText(typed.replace(/^\(/, '+1 ('));
    await verify.locator('input[name="code"]').fill(code);
    expect(await posted(page, locale, '/account', () => verify.locator('button[type="submit"]').click())).toBe(303);
    await expect(page).toHaveURL((url) => /^verified-phone:\d+$/.test(url.searchParams.get('done') ?? ''));
    await expect(page.getByText(word.phoneVerified, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: word.phoneVerified })).toContainText(typed.replace(/^\(/, '+1 ('));
    await expect(formOf(page, 'verify-contact')).toHaveCount(0);

    // Issue 33, item 15: a first phone has no primary to replace: not asked.
    await expect(page.getByText(word.primaryPhone)).toHaveCount(0);
    await expect(formOf(page, 'make-contact-primary')).toHaveCount(0);
    const me = (await (await page.context().request.get('/api/auth/me')).json()) as {
      phones: { number: string; verified: boolean; reg: boolean }[];
    };
    expect(me.phones).toEqual([expect.objectContaining({ number: phone, verified: true, reg: false })]);

    // Remove: asked in the page first (?remove=phone-<id>, at the section), then removed and said.
    await page.locator('main form[method="get"]:has(input[name="remove"]) button[type="submit"]').click();
    await expect(page).toHaveURL((url) => /^phone-\d+$/.test(url.searchParams.get('remove') ?? '') && url.hash === '#account-phones');
    const step = page.getByRole('main').getByRole('group', { name: word.removePhone });
    await expect(step).toContainText(typed.replace(/^\(/, '+1 ('));
    expect(await posted(page, locale, '/account', () => step.getByRole('button', { name: word.yesRemove }).click())).toBe(303);
    await expect(page).toHaveURL((url) => url.searchParams.get('done') === 'removed-phone');
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: word.phoneRemoved })).toBeVisible();
    const after = (await (await page.context().request.get('/api/auth/me')).json()) as { phones: unknown[] };
    expect(after.phones).toEqual([]);
  });
}
