import { withEarlyAnswers, type EarlyAnswer } from './early-answers';

function answer(body: string): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
}

describe('withEarlyAnswers', () => {
  const product = '/api/catalog/products/61';
  let early: Record<string, EarlyAnswer>;
  let send: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    early = { [product]: { lang: 'es', answer: Promise.resolve(answer('{"early":true}')) } };
    send = vi.fn(async () => answer('{"early":false}'));
  });

  it('hands the early answer to the same request, once', async () => {
    const fetch = withEarlyAnswers(send as never, early);
    const first = await fetch(product, { method: 'GET', headers: { 'Accept-Language': 'es' } });
    expect(await first.json()).toEqual({ early: true });
    const second = await fetch(product, { method: 'GET', headers: { 'Accept-Language': 'es' } });
    expect(await second.json()).toEqual({ early: false });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('matches an absolute address of the same origin', async () => {
    const fetch = withEarlyAnswers(send as never, early);
    const res = await fetch(`${location.origin}${product}`, { headers: { 'Accept-Language': 'es' } });
    expect(await res.json()).toEqual({ early: true });
  });

  it('asks the network when the language, the session or the method differ', async () => {
    const fetch = withEarlyAnswers(send as never, early);
    await fetch(product, { headers: { 'Accept-Language': 'en' } });
    await fetch(product, { headers: { 'Accept-Language': 'es', Authorization: 'Bearer t' } });
    await fetch(product, { method: 'POST', headers: { 'Accept-Language': 'es' } });
    await fetch('/api/catalog/products/62', { headers: { 'Accept-Language': 'es' } });
    expect(send).toHaveBeenCalledTimes(4);
    expect(early[product]).toBeDefined();
  });

  it('makes the request again when the early one failed', async () => {
    early[product] = { lang: 'es', answer: Promise.reject(new TypeError('offline')) };
    const fetch = withEarlyAnswers(send as never, early);
    const res = await fetch(product, { headers: { 'Accept-Language': 'es' } });
    expect(await res.json()).toEqual({ early: false });
  });

  it('is plain fetch when nothing was asked early', async () => {
    const fetch = withEarlyAnswers(send as never, undefined);
    await fetch(product, { headers: { 'Accept-Language': 'es' } });
    expect(send).toHaveBeenCalledTimes(1);
  });
});
