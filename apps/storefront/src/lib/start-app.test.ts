import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const source = readFileSync(resolve(__dirname, '../../public/start-app.js'), 'utf8');

/** A page as the server drew it, then public/start-app.js run as the browser runs it. */
function drawnPage(body: string): void {
  document.head.innerHTML = '';
  document.body.innerHTML = `${body}<script type="application/json" id="app-scripts">{"entry":"/assets/index.js","preload":["/assets/vendor.js"]}</script>`;
  new Function(source)();
}


describe('public/start-app.js', () => {
  afterEach(() => {
    document.documentElement.className = '';
    vi.useRealTimers();
  });

  it('starts the app after the first paint: preloads and the entry, once', async () => {
    vi.useFakeTimers();
    drawnPage('<main>hello</main>');
    // jsdom paints nothing: the script falls back to the next frame, or to the page's load.
    await vi.advanceTimersByTimeAsync(5000);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5000);
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    const entries = [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src'));
    expect(preloads).toEqual(['/assets/vendor.js']);
    expect(entries).toEqual(['/assets/index.js']);
  });


  it('holds nothing before the app runs: a form posts to the server as HTML does (issue 29)', () => {
    // The script's own start (a frame, or 3 s after load) never runs: with real timers it fired
    // after the test file's page was gone (CI: "document is not defined").
    vi.useFakeTimers();
    drawnPage('<form id="f" method="post" action="/cart"><button id="b" type="submit">Add</button></form>');
    const form = document.getElementById('f') as HTMLFormElement;
    let prevented: boolean | null = null;
    // Last in line, after anything start-app.js might have added: the browser would now post it.
    form.addEventListener('submit', (event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    });
    (document.getElementById('b') as HTMLButtonElement).click();
    expect(prevented).toBe(false);
    expect(document.documentElement.classList.contains('app-starting')).toBe(false);
  });

  it('a post button is busy from the press on, and a second press before the next page posts nothing (issue 33)', () => {
    vi.useFakeTimers();
    drawnPage('<form id="f" method="post" action="/cart"><button id="b" type="submit">Add</button></form>');
    const posts: boolean[] = [];
    // Last in line, after start-app.js: whether the browser would now post (then held here).
    const browser = (event: Event) => {
      posts.push(!event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener('submit', browser);
    onTestFinished(() => window.removeEventListener('submit', browser));
    const button = document.getElementById('b') as HTMLButtonElement;
    // The region that says it is in the page before the press (its text changes, it is not added).
    const spoken = document.querySelector('[data-posting-status]');
    expect(spoken).toHaveAttribute('aria-live', 'polite');
    expect(spoken).toHaveTextContent('');
    button.click();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(document.querySelectorAll('[data-posting-status]')).toHaveLength(1);
    expect(spoken).toHaveTextContent('Sending…');
    button.click();
    expect(posts).toEqual([true, false]);
    // An answer that never became a page: the form can be sent again.
    vi.advanceTimersByTime(20_000);
    expect(button).not.toHaveAttribute('aria-busy');
    expect(spoken).toHaveTextContent('');
    button.click();
    expect(posts).toEqual([true, false, true]);
  });

  it('says the press in the page’s language (Spanish pages say “Enviando…”)', () => {
    vi.useFakeTimers();
    document.documentElement.lang = 'es-US';
    onTestFinished(() => {
      document.documentElement.lang = '';
    });
    drawnPage('<form id="f" method="post" action="/es/cart"><button id="b" type="submit">Añadir</button></form>');
    const browser = (event: Event) => event.preventDefault();
    window.addEventListener('submit', browser);
    onTestFinished(() => window.removeEventListener('submit', browser));
    (document.getElementById('b') as HTMLButtonElement).click();
    expect(document.querySelector('[data-posting-status]')).toHaveTextContent('Enviando…');
    vi.advanceTimersByTime(20_000);
  });

  it('leaves a form the app sends itself alone (it prevented the browser’s post)', () => {
    vi.useFakeTimers();
    drawnPage('<form id="f" method="post" action="/cart"><button id="b" type="submit">Add</button></form>');
    const form = document.getElementById('f') as HTMLFormElement;
    form.addEventListener('submit', (event) => event.preventDefault());
    const button = document.getElementById('b') as HTMLButtonElement;
    button.click();
    button.click();
    expect(form).not.toHaveAttribute('data-posting');
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
