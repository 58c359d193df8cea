import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

/** Sets the document title (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title: MessageDescriptor | string }) {
  const { t } = useLingui();
  const text = typeof title === 'string' ? title : t(title);
  return <title>{t`${text} | Benefit Shop`}</title>;
}
