import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/app-link';
import { Article, Bullets, Section } from '../components/article';

const link = 'font-semibold text-primary underline underline-offset-4';

export function Component() {
  const { t } = useLingui();
  return (
    <Article
      title={t`Why are some items not eligible`}
      lead={
        <Trans>
          Sometimes an item in your cart is marked as not eligible and the order cannot be placed until you
          remove it. Here is what each reason means and what you can do.
        </Trans>
      }
    >
      <Section title={t`Out of stock`}>
        <p>
          <Trans>
            We have sold all the units we had, or fewer units than you asked for are left. Lower the quantity
            or remove the item, and check again in a few days: most items are restocked every week.
          </Trans>
        </p>
      </Section>
      <Section title={t`Not supported by your health plan`}>
        <p>
          <Trans>
            Your plan does not cover this item with your benefit allowance. Each plan publishes its own list of
            approved over-the-counter products, and the list can differ between plans, and even between members
            of the same plan.
          </Trans>
        </p>
      </Section>
      <Section title={t`Not available`}>
        <p>
          <Trans>
            The item is no longer sold, or it is paused for a while, for example when a manufacturer recalls or
            changes a product. It may come back later, often under a new product page.
          </Trans>
        </p>
      </Section>
      <Section title={t`How plans decide what is covered`}>
        <p>
          <Trans>
            Health plans base their OTC lists on Medicare and state rules for over-the-counter benefits. Items
            are usually covered when they treat or prevent a health condition (for example pain relievers,
            allergy medicine, first aid and dental care) and are not covered when they are mainly cosmetic or
            general household products. Plans review their lists each year, usually in January, so an item
            that was covered last year may not be covered now.
          </Trans>
        </p>
      </Section>
      <Section title={t`What you can do`}>
        <Bullets>
          <li>
            <Trans>Remove the item from your cart to place the rest of your order.</Trans>
          </li>
          <li>
            <Trans>
              Choose your health plan in the <AppLink to="/catalog" className={link}>catalog</AppLink> filters to
              see only items your plan covers.
            </Trans>
          </li>
          <li>
            <Trans>Look for a similar covered product: the product page lists similar items.</Trans>
          </li>
          <li>
            <Trans>
              Cannot find what you need? <AppLink to="/request-new-product" className={link}>Ask us to add the product</AppLink>.
            </Trans>
          </li>
          <li>
            <Trans>
              For questions about your coverage, call the member services number on the back of your benefit
              card, or <AppLink to="/contacts" className={link}>contact us</AppLink>.
            </Trans>
          </li>
        </Bullets>
      </Section>
    </Article>
  );
}
