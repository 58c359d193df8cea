// SHELL PAGE: a heading with the route's title, and nothing else. Phase-2 pages replace it
// route by route (see ../routes.ts).
import { useMatches } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { Container } from '@otc/ui';
import { isRouteHandle } from '../route-handle';

export function Component() {
  const { t } = useLingui();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  return (
    <Container className="py-10">
      <h1 className="text-3xl font-bold">{handle?.title ? t(handle.title) : null}</h1>
    </Container>
  );
}
