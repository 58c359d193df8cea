import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { deferredModule, useDeferredModule, type DeferredModule } from './deferred-module';
import { setPageSettledGate } from './prefetch';

interface Shown {
  text: string;
}

function Probe({ module, needed }: { module: DeferredModule<Shown>; needed: boolean }) {
  const loaded = useDeferredModule(module, needed);
  return <p>{loaded ? loaded.text : 'not yet'}</p>;
}

/** A module whose load the test resolves, counting the loads. */
function controlled() {
  const calls: Array<{ resolve: (m: Shown) => void; reject: (e: Error) => void }> = [];
  const module = deferredModule<Shown>(
    () => new Promise<Shown>((resolve, reject) => void calls.push({ resolve, reject })),
  );
  return { module, calls };
}

describe('useDeferredModule', () => {
  let settle: () => void = () => {};
  beforeEach(() => {
    setPageSettledGate(() => new Promise<void>((resolve) => (settle = resolve)));
  });
  afterEach(() => setPageSettledGate(() => Promise.resolve()));

  it('is not loaded on the server or at the first render, and comes once the page has settled', async () => {
    const { module, calls } = controlled();
    expect(renderToString(<Probe module={module} needed={false} />)).toContain('not yet');
    render(<Probe module={module} needed={false} />);
    expect(screen.getByText('not yet')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await act(async () => settle());
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.resolve({ text: 'here' }));
    expect(screen.getByText('here')).toBeInTheDocument();
  });

  it('loads at once when needed before the page has settled, once', async () => {
    const { module, calls } = controlled();
    const { rerender } = render(<Probe module={module} needed={false} />);
    rerender(<Probe module={module} needed />);
    expect(calls).toHaveLength(1);
    await act(async () => settle());
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.resolve({ text: 'here' }));
    expect(screen.getByText('here')).toBeInTheDocument();
  });

  it('a page drawn after the load has it from its first render', async () => {
    const { module, calls } = controlled();
    const loading = module.load();
    calls[0]?.resolve({ text: 'here' });
    await loading;
    render(<Probe module={module} needed={false} />);
    expect(screen.getByText('here')).toBeInTheDocument();
  });

  it('a failed load is tried again at the next use', async () => {
    const { module, calls } = controlled();
    const first = module.load();
    calls[0]?.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    const second = module.load();
    expect(calls).toHaveLength(2);
    calls[1]?.resolve({ text: 'here' });
    await expect(second).resolves.toEqual({ text: 'here' });
    expect(module.current).toEqual({ text: 'here' });
  });
});
