import { Trans, useLingui } from '@lingui/react/macro';
import { TTY_PHONE, formatPhone } from '@otc/sdk';
import { AppLink } from '../../../components/app-link';
import { useGetSettingsQuery } from '../../../kernel/settings-api';
import { Article, Bullets, Section } from '../components/article';

const STATEMENT_UPDATED = '2026-11-26';
const link = 'font-semibold text-primary underline underline-offset-4';

/**
 * The accessibility statement: the standard aimed at, what is tested and how (so a reader can
 * judge it), what is known not to be covered, and how to report a problem (the contact page, the
 * support phone and TTY 711). Every promise of "What we test, and how" names a suite that shows
 * it: e2e/specs/accessibility-statement.spec.ts fails when one has none.
 */
export function Component() {
  const { t } = useLingui();
  const { data: settings } = useGetSettingsQuery();
  const phone = settings ? formatPhone(settings.supportPhone) : null;
  const tty = settings?.ttyPhone ?? TTY_PHONE;
  return (
    <Article
      title={t`Accessibility`}
      updated={STATEMENT_UPDATED}
      lead={
        <Trans>
          We want everyone to be able to shop for their health products here, in English or in Spanish, with a
          keyboard, a screen reader, a magnifier or a small phone.
        </Trans>
      }
    >
      <Section title={t`Our goal`}>
        <p>
          <Trans>
            We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. We believe the shop
            meets most of it, but we have not had it audited by an outside expert, so we do not claim full
            conformance.
          </Trans>
        </p>
      </Section>
      <Section title={t`What we test, and how`}>
        <p>
          <Trans>Every change to the shop is checked automatically:</Trans>
        </p>
        <Bullets>
          <li>
            <Trans>
              every page, in English and in Spanish, in light and in dark mode, signed out and signed in, is
              scanned with the axe tool for the WCAG A and AA rules it can check;
            </Trans>
          </li>
          <li>
            <Trans>
              a complete purchase, from the home page to the order confirmation, is made with the keyboard alone,
              checking that the focus is always visible and that it moves into and out of every window;
            </Trans>
          </li>
          <li>
            <Trans>
              after each change of page the focus moves to the page's main heading and the new page title is
              announced;
            </Trans>
          </li>
          <li>
            <Trans>
              the public pages are checked on a screen 320 pixels wide, as wide as a page zoomed to 400 % on a
              laptop, for content that would need sideways scrolling, and the checkout steps for words broken
              in the middle;
            </Trans>
          </li>
          <li>
            <Trans>
              the same pages are checked with a second tool, HTML_CodeSniffer (through pa11y), for WCAG level
              AA errors;
            </Trans>
          </li>
          <li>
            <Trans>
              the focus never falls back to the top of the page: not when a quantity reaches its limit, not
              when a product is removed from the cart (which is also announced), not when a window is closed
              by tapping outside it, not when more products are shown (it moves to the first new one, and how
              many came is announced);
            </Trans>
          </li>
          <li>
            <Trans>
              a form sent with a mistake, with a click or with the Enter key, moves the focus to the first
              field with a problem, which is read with it; when that field already has the focus, the problem
              is announced once, in the page's language;
            </Trans>
          </li>
          <li>
            <Trans>
              removing a product asks you to press again, and waits as long as you need;
            </Trans>
          </li>
          <li>
            <Trans>
              the borders of form fields are measured against the page, in light and in dark mode, for a
              contrast of at least 3 to 1;
            </Trans>
          </li>
          <li>
            <Trans>
              with Windows high contrast (forced colors), the focus on product cards and the shape of the
              buttons stay visible.
            </Trans>
          </li>
        </Bullets>
        <p>
          <Trans>
            Automated tests find many problems but not all of them. We have not yet tested the shop by hand with
            every screen reader, and we welcome your help.
          </Trans>
        </p>
      </Section>
      <Section title={t`Known limitations`}>
        <Bullets>
          <li>
            <Trans>Product pictures come from their makers and some have short or generic descriptions.</Trans>
          </li>
          <li>
            <Trans>
              Short notices that appear over the page close by themselves after a few seconds; you can keep one
              open by moving the pointer or the keyboard focus onto it, or close it with its close button.
            </Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`Report a problem`}>
        <p>
          {phone ? (
            <Trans>
              If something on this site is hard to use, please tell us which page and what happened: write to us
              with the <AppLink to="/contacts" className={link}>contact form</AppLink>, or call{' '}
              <span className="font-semibold whitespace-nowrap">{phone}</span> (TTY {tty}).
            </Trans>
          ) : (
            <Trans>
              If something on this site is hard to use, please tell us which page and what happened: write to us
              with the <AppLink to="/contacts" className={link}>contact form</AppLink> (TTY {tty}).
            </Trans>
          )}
        </p>
        <p>
          <Trans>We read every report and use it to decide what to fix first.</Trans>
        </p>
      </Section>
    </Article>
  );
}
