import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/app-link';
import { Article, Bullets, Section } from '../components/article';
import { useCompanyName } from '../components/company';

const PRIVACY_UPDATED = '2024-11-01';
const link = 'font-semibold text-primary underline underline-offset-4';

export function Component() {
  const { t } = useLingui();
  const company = useCompanyName('Benefit Shop');
  return (
    <Article
      title={t`Privacy policy`}
      updated={PRIVACY_UPDATED}
      lead={
        <Trans>
          This policy explains what personal information {company} collects when you use Benefit Shop, why we
          need it, and the choices you have. We never sell your personal information.
        </Trans>
      }
    >
      <Section title={t`Information we collect`}>
        <Bullets>
          <li>
            <Trans>Account details: your name, date of birth, phone numbers, e-mail addresses and preferred language.</Trans>
          </li>
          <li>
            <Trans>Delivery details: the addresses you ship orders to.</Trans>
          </li>
          <li>
            <Trans>Plan and card details: your health plan, the type of your benefit card and its last four digits. We never store full card numbers or security codes.</Trans>
          </li>
          <li>
            <Trans>Orders: the items you buy, your favorites and your product requests.</Trans>
          </li>
          <li>
            <Trans>Messages: what you write to us through the contact form or by phone.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`How we use it`}>
        <Bullets>
          <li>
            <Trans>To sign you in with one-time codes and keep your account secure.</Trans>
          </li>
          <li>
            <Trans>To check which items your plan covers, charge your benefit card and deliver your orders.</Trans>
          </li>
          <li>
            <Trans>To answer your questions and tell you about your orders.</Trans>
          </li>
          <li>
            <Trans>To prevent fraud and misuse of benefit cards.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`Who we share it with`}>
        <p>
          <Trans>
            We share only what is needed: with your health plan and its card administrator to confirm your
            allowance and charge your card, with delivery companies to ship your orders, and with service
            providers who host the shop and send our messages under contract. We disclose information when
            the law requires it.
          </Trans>
        </p>
      </Section>
      <Section title={t`Health information`}>
        <p>
          <Trans>
            When we handle information on behalf of your health plan, we protect it as your plan requires,
            including under the federal HIPAA rules where they apply.
          </Trans>
        </p>
      </Section>
      <Section title={t`Cookies and storage in your browser`}>
        <p>
          <Trans>
            We keep a small number of items in your browser: your language choice (for one year), your colour
            mode, your cart before you sign in, and your sign-in session. We do not use advertising cookies.
          </Trans>
        </p>
      </Section>
      <Section title={t`How long we keep it`}>
        <p>
          <Trans>
            We keep account and order records for as long as your account is open and afterwards for the time
            that tax, health-plan and consumer-protection rules require. Contact messages are kept for two
            years.
          </Trans>
        </p>
      </Section>
      <Section title={t`Your choices and rights`}>
        <p>
          <Trans>
            You can see and correct most of your information in your account. You may also ask us for a copy
            of your information, or ask us to delete it when we no longer need to keep it. To make a request,{' '}
            <AppLink to="/contacts" className={link}>contact us</AppLink>; we answer within 30 days.
          </Trans>
        </p>
      </Section>
      <Section title={t`Security`}>
        <p>
          <Trans>
            Your information travels over encrypted connections, sign-in codes expire after a few minutes,
            and card numbers are kept only as their last four digits. No system is perfectly secure, so
            please keep your sign-in codes private.
          </Trans>
        </p>
      </Section>
    </Article>
  );
}
