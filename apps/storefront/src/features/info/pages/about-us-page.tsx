import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClasses } from '@otc/ui';
import { AppLink } from '../../../components/app-link';
import { Article, Bullets, Section } from '../components/article';

export function Component() {
  const { t } = useLingui();
  return (
    <Article
      title={t`About us`}
      lead={
        <Trans>
          Benefit Shop helps health-plan members spend their over-the-counter (OTC) allowance on the everyday
          health items they need, delivered to their door at no extra cost.
        </Trans>
      }
    >
      <Section title={t`What we do`}>
        <p>
          <Trans>
            Many Medicare Advantage and Medicaid plans include a benefit card with a monthly or quarterly
            allowance for over-the-counter products. We work with those plans to offer a catalog of approved
            items, from vitamins and pain relief to first aid, dental care and incontinence supplies, and we
            charge your purchases directly to your benefit card.
          </Trans>
        </p>
      </Section>
      <Section title={t`How it works`}>
        <Bullets>
          <li>
            <Trans>Browse the catalog. Choose your health plan to see only the items your plan covers.</Trans>
          </li>
          <li>
            <Trans>Sign in with your phone number or e-mail. We send you a one-time code; no password is needed.</Trans>
          </li>
          <li>
            <Trans>Pay with your benefit card. The total is taken from your allowance, so there is nothing to pay out of pocket.</Trans>
          </li>
          <li>
            <Trans>We ship your order to your home and you can follow it in your account until it arrives.</Trans>
          </li>
        </Bullets>
      </Section>
      <Section title={t`Made for everyone`}>
        <p>
          <Trans>
            The whole shop is available in English and Spanish. We use large, clear text, strong contrast and
            pages that work with a keyboard and screen readers. If something is hard to use, please tell us:
            we read every message.
          </Trans>
        </p>
      </Section>
      <Section title={t`Talk to a person`}>
        <p>
          <Trans>
            Our member services team can help you find products, check your balance or place an order by
            phone. TTY users can dial 711.
          </Trans>
        </p>
        <p className="flex flex-wrap gap-3">
          <AppLink to="/contacts" className={buttonClasses({ variant: 'primary', size: 'lg' })}>
            <Trans>Contact us</Trans>
          </AppLink>
          <AppLink to="/catalog" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            <Trans>Browse the catalog</Trans>
          </AppLink>
        </p>
      </Section>
    </Article>
  );
}
