import { IDLE_SLICE_MS, afterPageSettled, createPrefetchQueue, setPageSettledGate, whenIdle } from './prefetch';
import { buildRoutes, createRoutePrefetcher } from '../app/router';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('route prefetch queue', () => {
  it('runs at most 4 at a time and each key once', async () => {
    const queue = createPrefetchQueue();
    const gates = Array.from({ length: 6 }, deferred);
    const started: number[] = [];
    gates.forEach((gate, index) =>
      queue.enqueue(`r${index}`, () => {
        started.push(index);
        return gate.promise;
      }),
    );
    queue.enqueue('r0', () => Promise.resolve());
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.active).toBe(4);
    expect(queue.waiting).toBe(2);
    gates[0]!.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2, 3, 4]);
    gates.forEach((gate) => gate.resolve());
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.active).toBe(0);
  });

  it('warms the lazy module of a matched path', async () => {
    const routes = buildRoutes();
    const prefetch = createRoutePrefetcher(routes);
    const esCatalog = routes[1]?.children?.[0]?.children?.[0]?.children?.find((r) => r.id === 'es:catalog');
    expect(esCatalog).toBeDefined();
    const lazy = vi.fn(esCatalog!.lazy as () => Promise<unknown>);
    esCatalog!.lazy = lazy as never;
    prefetch('/es/catalog');
    prefetch('/es/catalog');
    await new Promise((r) => setTimeout(r, 0));
    expect(lazy).toHaveBeenCalledTimes(1);
  });

  it("waits for the page's own work before fetching a linked page's module", async () => {
    const routes = buildRoutes();
    let pageIsReady = () => {};
    const settled = new Promise<void>((resolve) => (pageIsReady = resolve));
    setPageSettledGate(() => settled);
    const prefetch = createRoutePrefetcher(routes);
    const esCatalog = routes[1]?.children?.[0]?.children?.[0]?.children?.find((r) => r.id === 'es:catalog');
    const lazy = vi.fn(esCatalog!.lazy as () => Promise<unknown>);
    esCatalog!.lazy = lazy as never;
    prefetch('/es/catalog');
    await new Promise((r) => setTimeout(r, 0));
    expect(lazy).not.toHaveBeenCalled();
    pageIsReady();
    await new Promise((r) => setTimeout(r, 0));
    expect(lazy).toHaveBeenCalledTimes(1);
    setPageSettledGate(() => Promise.resolve());
  });
});

describe('whenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the task later, never during the current work, and not once cancelled', async () => {
    vi.useFakeTimers();
    expect(document.readyState).toBe('complete');
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    await vi.advanceTimersByTimeAsync(10);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits for the page to load', async () => {
    vi.useFakeTimers();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const task = vi.fn();
    whenIdle(task);
    await vi.advanceTimersByTimeAsync(100);
    expect(task).not.toHaveBeenCalled();
    readyState.mockRestore();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs many tasks in short slices, each slice in an idle period of its own', async () => {
    vi.useFakeTimers();
    const slices: number[][] = [];
    let slice: number[] = [];
    const ran: number[] = [];
    // Each task takes 3 ms of the main thread.
    for (let index = 0; index < 10; index += 1) {
      whenIdle(() => {
        vi.advanceTimersByTime(3);
        ran.push(index);
        slice.push(index);
      });
    }
    for (let step = 0; step < 20 && ran.length < 10; step += 1) {
      await vi.advanceTimersByTimeAsync(1);
      if (slice.length > 0) {
        slices.push(slice);
        slice = [];
      }
    }
    expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // 3 ms each: at most three fit in an 8 ms slice.
    expect(slices.length).toBeGreaterThanOrEqual(4);
    for (const one of slices) expect(one.length).toBeLessThanOrEqual(Math.ceil(IDLE_SLICE_MS / 3));
  });
});

describe('afterPageSettled', () => {
  afterEach(() => setPageSettledGate(() => Promise.resolve()));

  it('runs the task once the gate opens, and not once cancelled', async () => {
    let open = () => {};
    const settled = new Promise<void>((resolve) => (open = resolve));
    setPageSettledGate(() => settled);
    const task = vi.fn();
    const cancelled = vi.fn();
    afterPageSettled(task);
    afterPageSettled(cancelled)();
    await new Promise((r) => setTimeout(r, 0));
    expect(task).not.toHaveBeenCalled();
    open();
    await new Promise((r) => setTimeout(r, 0));
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
