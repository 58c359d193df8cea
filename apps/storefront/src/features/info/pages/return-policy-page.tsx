import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/app-link';
import { Article, Bullets, Section } from '../components/article';

const RETURNS_UPDATED = '2024-11-01';
const link = 'font-semibold text-primary underline underline-offset-4';

export function Component() {
  const { t } = useLingui();
  return (
    <Article
      title={t`Return policy`}
      updated={RETURNS_UPDATED}
      lead={
        <Trans>
          If something is wrong with your order, we will make it right. This page explains what can be
          returned, how to do it and how refunds reach your benefit card.
        </Trans>
      }
    >
      <Section title={t`Damaged, wrong or missing items`}>
        <p>
          <Trans>
            Tell us within 30 days of delivery if an item arrived damaged, if you received the wrong item or if
            something is missing. We will send a replacement or refund it at no cost to you. You do not need to
            send back damaged items unless we ask.
          </Trans>
        </p>
      </Section>
      <Section title={t`Returning an item you no longer want`}>
        <p>
          <Trans>
            You may return unopened items in their original packaging within 30 days of delivery. For your
            safety and the safety of other members, we cannot accept:
          </Trans>
        </p>
        <Bullets>
          <li>
            <Trans>opened medicines, vitamins or supplements;</Trans>
          </li>
          <li>
            <Trans>personal care and hygiene items whose seal is broken, such as toothbrushes and incontinence supplies;</Trans>
          </li>
          <li>
            <Trans>thermometers, blood pressure monitors and other devices that have been used.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`How to return`}>
        <Bullets>
          <li>
            <Trans>Call member services or use the contact form and give us your order number.</Trans>
          </li>
          <li>
            <Trans>We will send you a prepaid return label by mail or e-mail.</Trans>
          </li>
          <li>
            <Trans>Pack the items securely, attach the label and drop the package at any post office.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`Refunds to your benefit card`}>
        <p>
          <Trans>
            Refunds go back to the benefit card used for the order within 5 to 10 business days after we
            receive the return. If the allowance period of that order has already ended, your plan may not
            restore the amount; in that case we will offer a replacement item instead when we can.
          </Trans>
        </p>
      </Section>
      <Section title={t`Questions`}>
        <p>
          <Trans>
            We are happy to help. <AppLink to="/contacts" className={link}>Contact us</AppLink> and have your order
            number ready.
          </Trans>
        </p>
      </Section>
    </Article>
  );
}
