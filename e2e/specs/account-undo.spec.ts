/**
 * "This was not me" (issue 32, item 6): an access token used within 5 minutes of a sign-in makes
 * another e-mail the sign-in. The notice to the old address (read from the development outbox)
 * carries a link; opened signed out, the page says what it will undo, and its button gives the old
 * sign-in back and ends every session: the thief's browser is signed out, the old e-mail signs in
 * again (by a code: the password is locked until the owner recovers the account), the link works
 * once. Both languages: the notice's link opens the page in the customer's language.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { localized, shopLocales, type LocaleCode } from '../fixtures/locales';
import { registerByApi, uniqueEmail, outboxCode } from '../fixtures/auth';
import { mainHeading } from '../fixtures/shop';
import { webSignIn } from '../fixtures/web-session';

const words: Record<LocaleCode, { heading: string; undo: string; undone: string; myAccount: string; used: string }> = {
  en: {
    heading: 'This was not me',
    undo: 'Undo the change and sign out everywhere',
    undone: 'The change was undone',
    myAccount: 'My account',
    used: 'This link was already used: the change was undone. Recover your account from the sign-in page to set a new password.',
  },
  es: {
    heading: 'No fui yo',
    undo: 'Deshacer el cambio y cerrar todas las sesiones',
    undone: 'Se deshizo el cambio',
    myAccount: 'Mi cuenta',
    used: 'Este enlace ya se usó: el cambio se deshizo. Recupere su cuenta desde la página para iniciar sesión y elija una contraseña nueva.',
  },
};

/** The path of the "This was not me" link in the newest notice to `to`, waiting for it. */
async function undoLinkSentTo(request: APIRequestContext, to: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await answer.json()) as { messages: { text: string; code: string | null }[] };
      const link = messages.map((m) => /https?:\/\/\S+\/account\/undo\?token=[\w-]+/.exec(m.text)?.[0]).find(Boolean);
      path = link ? `${new URL(link).pathname}${new URL(link).search}` : '';
      return path;
    }, { timeout: 10_000 })
    .not.toBe('');
  return path;
}

for (const locale of shopLocales) {
  const w = words[locale.code];

  test(`a stolen session's new sign-in is undone from the old address's notice (${locale.code})`, async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const owner = uniqueEmail(`undo-owner-${locale.code}`);
    const thiefAddress = uniqueEmail(`undo-thief-${locale.code}`);
    await registerByApi(request, owner, 'Owner1234', locale.code);

    // The stolen access token, within 5 minutes of the sign-in: its own e-mail becomes the sign-in.
    const signedIn = await request.post('/api/auth/login', { data: { username: owner, password: 'Owner1234' } });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const stolen = (await signedIn.json()) as { token: string };
    const auth = { authorization: `Bearer ${stolen.token}` };
    // A whole profile: the account page opens without asking to complete it.
    const profile = await request.patch('/api/customer/data', { headers: auth, data: { firstName: 'Ana', lastName: 'Díaz', birthdate: '1950-02-03' } });
    expect(profile.ok(), await profile.text()).toBe(true);
    const added = await request.post('/api/email', { headers: auth, data: { value: thiefAddress } });
    expect(added.ok(), await added.text()).toBe(true);
    const id = ((await added.json()) as { emails: { id: number; address: string }[] }).emails.find((e) => e.address === thiefAddress)!.id;
    const code = await outboxCode(request, thiefAddress);
    expect((await request.post(`/api/email/${id}/verify`, { headers: auth, data: { code } })).ok()).toBe(true);
    expect((await request.post(`/api/email/${id}/make-primary`, { headers: auth })).ok()).toBe(true);

    // The thief signs in again in their own browser with the new sign-in.
    const thiefContext = await browser.newContext();
    const thief = await thiefContext.newPage();
    await webSignIn(thief, thiefAddress);
    await thief.goto(localized(locale, '/account'));
    await expect(mainHeading(thief)).toHaveText(w.myAccount);

    // The owner opens the notice's link, signed out, in the notice's language; in Spanish in a
    // browser without scripts (the page's plain form posts to its route action).
    const link = await undoLinkSentTo(request, owner);
    expect(link.startsWith(localized(locale, '/account/undo?token='))).toBe(true);
    const noScripts = locale.code === 'es' ? await browser.newContext({ javaScriptEnabled: false }) : null;
    const opened = noScripts ? await noScripts.newPage() : page;
    await opened.goto(link);
    await expect(mainHeading(opened)).toHaveText(w.heading);
    await expect(opened.getByRole('main')).toContainText(`e•••@example.com`);
    await opened.getByRole('button', { name: w.undo }).click();
    await expect(opened.getByText(w.undone)).toBeVisible();
    await noScripts?.close();
    const main = page.getByRole('main');

    // Every session ended: the thief's browser is signed out.
    expect((await thiefContext.request.get('/api/auth/me')).status()).toBe(401);
    await thief.goto(localized(locale, '/account'));
    await expect(thief).toHaveURL(new RegExp(`${localized(locale, '/login')}\\?`));
    await thiefContext.close();

    // The old sign-in works again (by a code: the password is locked until the owner recovers).
    expect((await request.post('/api/auth/login', { data: { username: owner, password: 'Owner1234' } })).status()).toBe(401);
    await webSignIn(page, owner);
    await page.goto(localized(locale, '/account'));
    await expect(mainHeading(page)).toHaveText(w.myAccount);
    await expect(main).toContainText(owner);
    await expect(main).not.toContainText(thiefAddress);

    // The link works once.
    await page.goto(link);
    await expect(page.getByText(w.used)).toBeVisible();
    await expect(page.getByRole('button', { name: w.undo })).toHaveCount(0);
  });
}
