import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/app-link';
import { Article, Bullets, Section } from '../components/article';
import { useCompanyName } from '../components/company';

const TERMS_UPDATED = '2024-11-01';
const link = 'font-semibold text-primary underline underline-offset-4';

export function Component() {
  const { t } = useLingui();
  const company = useCompanyName('Benefit Shop');
  return (
    <Article
      title={t`Terms of use`}
      updated={TERMS_UPDATED}
      lead={
        <Trans>
          These terms explain the rules for using Benefit Shop, operated by {company}. By using the shop or
          placing an order, you agree to them. Please read them carefully.
        </Trans>
      }
    >
      <Section title={t`1. Who may use the shop`}>
        <p>
          <Trans>
            Anyone may browse the catalog and check a card balance. To place an order you need an account and
            a benefit card issued by a participating health plan. You must be at least 18 years old, or the
            legal representative of the plan member you are ordering for.
          </Trans>
        </p>
      </Section>
      <Section title={t`2. Your account`}>
        <Bullets>
          <li>
            <Trans>Give us true and complete information, and keep your phone number, e-mail and address up to date.</Trans>
          </li>
          <li>
            <Trans>Keep your one-time codes and password private. Never share a sign-in code with anyone, including callers who say they work for us.</Trans>
          </li>
          <li>
            <Trans>Tell us right away if you think someone else has used your account.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`3. Your benefit allowance`}>
        <p>
          <Trans>
            Your health plan, not Benefit Shop, decides how much allowance you receive, which items it covers
            and when the allowance period ends. Unused allowance usually does not carry over to the next
            period. Orders are charged to your benefit card when they are placed. If your plan changes its
            rules, some items may stop being eligible.
          </Trans>
        </p>
      </Section>
      <Section title={t`4. Orders, prices and availability`}>
        <Bullets>
          <li>
            <Trans>Prices are shown in US dollars. Orders must reach the minimum order amount shown in the cart.</Trans>
          </li>
          <li>
            <Trans>One promo code may be used per order.</Trans>
          </li>
          <li>
            <Trans>We deliver only to the states listed at checkout.</Trans>
          </li>
          <li>
            <Trans>Stock is limited. If an item becomes unavailable after you order, we will tell you and refund its price to your card.</Trans>
          </li>
          <li>
            <Trans>We may cancel an order that shows signs of fraud or misuse of a benefit card.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`5. Health information`}>
        <p>
          <Trans>
            Product descriptions are for general information only and are not medical advice. Read the label
            before use and ask your doctor or pharmacist if you are unsure whether a product is right for you.
            In an emergency, call 911.
          </Trans>
        </p>
      </Section>
      <Section title={t`6. Returns`}>
        <p>
          <Trans>
            Returns and refunds follow our <AppLink to="/return-policy" className={link}>return policy</AppLink>.
          </Trans>
        </p>
      </Section>
      <Section title={t`7. Acceptable use`}>
        <p>
          <Trans>
            Do not misuse the shop: no automated ordering, no attempts to get around plan rules or daily limits,
            and no resale of items bought with a benefit card. We may limit or close accounts that break these
            rules.
          </Trans>
        </p>
      </Section>
      <Section title={t`8. Our responsibility`}>
        <p>
          <Trans>
            We work to keep the shop available and accurate, but we cannot promise it will always be free of
            errors or interruptions. To the extent the law allows, our responsibility for any order is limited
            to the amount charged for it. Nothing in these terms limits rights you have under consumer
            protection law.
          </Trans>
        </p>
      </Section>
      <Section title={t`9. Changes and contact`}>
        <p>
          <Trans>
            We may update these terms. The date at the top shows the latest version, and important changes will
            be announced in the shop. Questions? <AppLink to="/contacts" className={link}>Contact us</AppLink>.
          </Trans>
        </p>
      </Section>
    </Article>
  );
}
