import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

/** Sets the document title and description (React 19 hoists both into <head>). */
export function PageTitle({ title, description }: { title: MessageDescriptor | string; description?: string }) {
  const { t } = useLingui();
  const text = typeof title === 'string' ? title : t(title);
  return (
    <>
      <title>{t`${text} | Benefit Shop`}</title>
      <meta
        name="description"
        content={description ?? t`Over-the-counter health products paid with your health plan benefit card.`}
      />
    </>
  );
}
