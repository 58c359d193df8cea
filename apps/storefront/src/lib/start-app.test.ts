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

function appReady(): void {
  document.dispatchEvent(new Event('app-ready'));
}

/** The held presses are done one per task: lets them all run. */
async function replayed(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('public/start-app.js', () => {
  afterEach(() => {
    // Each run adds listeners to the one document: the app is ready for the next test's script.
    appReady();
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

  it('holds presses until the app is ready, then does them in order, one task each', async () => {
    drawnPage('<button type="button" id="more">+</button><button type="button" id="add">Add to cart</button>');
    const more = document.getElementById('more') as HTMLButtonElement;
    const add = document.getElementById('add') as HTMLButtonElement;
    more.click();
    more.click();
    add.click();
    expect(document.documentElement.classList.contains('app-starting')).toBe(true);
    // The app's handlers, as React's on its root, see nothing before the app is ready.
    const order: string[] = [];
    let sameTask = false;
    more.addEventListener('click', () => {
      order.push('+');
      sameTask = true;
      setTimeout(() => (sameTask = false), 0);
    });
    add.addEventListener('click', () => order.push(sameTask ? 'add (same task)' : 'add'));
    expect(order).toEqual([]);
    appReady();
    await replayed();
    expect(order).toEqual(['+', '+', 'add']);
    expect(document.documentElement.classList.contains('app-starting')).toBe(false);
    add.click();
    expect(order).toEqual(['+', '+', 'add', 'add']);
  });

  it('does not press a button the app disabled meanwhile (a second tap while it works)', async () => {
    drawnPage('<button type="button" id="send">Send</button>');
    const send = document.getElementById('send') as HTMLButtonElement;
    send.click();
    send.click();
    const sent = vi.fn(() => (send.disabled = true));
    send.addEventListener('click', sent);
    appReady();
    await replayed();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('presses the control the app drew again in its place (same id), and none it cannot tell apart', async () => {
    drawnPage('<div id="card"><button type="button" id="plan">Choose</button><button type="button">Add to cart</button></div>');
    (document.getElementById('plan') as HTMLButtonElement).click();
    (document.querySelector('#card button:not([id])') as HTMLButtonElement).click();
    const card = document.getElementById('card') as HTMLDivElement;
    card.innerHTML = '<button type="button" id="plan">Choose</button><button type="button">Add to cart</button>';
    const chosen = vi.fn();
    const added = vi.fn();
    document.getElementById('plan')?.addEventListener('click', chosen);
    card.querySelector('button:not([id])')?.addEventListener('click', added);
    appReady();
    await replayed();
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(added).not.toHaveBeenCalled();
  });

  it('holds a tap on a link that needs the app, lets other links go, and does nothing after the link', async () => {
    drawnPage('<a href="/es" data-needs-app="">Español</a><a href="#top" id="plain">Top</a><button type="button" id="after">Add</button>');
    const switchLink = document.querySelector('a[data-needs-app]') as HTMLAnchorElement;
    const followed = vi.fn((event: Event) => event.defaultPrevented);
    document.addEventListener('click', followed);
    switchLink.click();
    (document.getElementById('plain') as HTMLAnchorElement).click();
    (document.getElementById('after') as HTMLButtonElement).click();
    // Held: the document's own listener never saw the first tap; the plain link went through.
    expect(followed).toHaveBeenCalledTimes(1);
    expect(followed.mock.results[0]?.value).toBe(false);
    appReady();
    await replayed();
    // The link again; the button pressed after it belonged to the page the link left.
    expect(followed).toHaveBeenCalledTimes(2);
    expect((followed.mock.calls[1]?.[0] as Event).target).toBe(switchLink);
    document.removeEventListener('click', followed);
  });

  it('lets a radio button tick at once, then puts the group as drawn and ticks it again for the app', async () => {
    drawnPage(
      '<form><input type="radio" name="card" value="network" id="network" checked><input type="radio" name="card" value="s3" id="s3"></form>',
    );
    const network = document.getElementById('network') as HTMLInputElement;
    const s3 = document.getElementById('s3') as HTMLInputElement;
    s3.click();
    // The shopper sees the choice before the app starts.
    expect(s3.checked).toBe(true);
    expect(network.checked).toBe(false);
    const told = vi.fn(() => [network.checked, s3.checked]);
    s3.addEventListener('click', told);
    appReady();
    await replayed();
    // The app was told with a real click from the state it drew: network was ticked before it.
    expect(told).toHaveBeenCalledTimes(1);
    expect(s3.checked).toBe(true);
    expect(network.checked).toBe(false);
  });

  it("tells the app again of a choice made in a list before it was ready", async () => {
    drawnPage('<select id="category"><option value="">All</option><option value="3">Vitamins</option></select>');
    const select = document.getElementById('category') as HTMLSelectElement;
    select.value = '3';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    const changed = vi.fn((event: Event) => (event.target as HTMLSelectElement).value);
    select.addEventListener('change', changed);
    // Hydration draws a list the app controls with the value it had (the sort order, say).
    select.value = '';
    appReady();
    await replayed();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(changed.mock.results[0]?.value).toBe('3');
  });

  it('holds a form submission and submits it again once the app is ready', async () => {
    drawnPage('<form id="f"><input name="q" value="x"></form>');
    const form = document.getElementById('f') as HTMLFormElement;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.requestSubmit();
    form.addEventListener('submit', submitted);
    expect(submitted).not.toHaveBeenCalled();
    appReady();
    await replayed();
    expect(submitted).toHaveBeenCalledTimes(1);
  });
});
