// The Markdown of a bench/run.mjs result.
const kb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / 1024).toFixed(1));
const s = (ms) => (ms === null || ms === undefined ? '–' : (ms / 1000).toFixed(2));
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);
const deltaKb = (now, before) => (before === null || before === undefined ? '–' : `${kb(before)} (${now - before > 0 ? '+' : ''}${kb(now - before)})`);

function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function markdownReport(result) {
  const c = result.conditions;
  const out = [];
  out.push('# Shop benchmark (`pnpm bench`)', '');
  out.push(
    `${c.date}, commit ${c.commit}${c.dirty ? ' (with uncommitted changes)' : ''}, ${c.durationS ?? '?'} s. ` +
      `Lighthouse ${c.lighthouse} (mobile, default simulated throttling), ${c.chromium}, Node ${c.node}.`,
    '',
    `**Load conditions**: ${c.cpus} × ${c.cpuModel}, ${c.memoryGb} GB; load average (1, 5, 15 min) ${c.loadAverageStart.join(' / ')} at the start, ` +
      `${(c.loadAverageEnd ?? []).join(' / ')} at the end. The machine is shared (other builds, tests and a CI run), so Lighthouse ` +
      'scores are noisy: each page is run several times and the median run is reported. Busiest processes at the start:',
    '',
    ...c.busiestProcesses.map((line) => `    ${line}`),
    '',
  );
  if (result.shopDrawsPages === false) {
    out.push('**WARNING**: the shop\'s API did not draw `/catalog` (plain index.html served): the render module is missing or failing.', '');
  }
  const prev = result.previous;
  out.push(
    prev
      ? `**Previous run** (the TBT and first-load JS targets compare with it): ${prev.date}, commit ${prev.commit}, from ${prev.source}.`
      : '**Previous run**: none found (the TBT and first-load JS targets are not checked).',
    '',
  );

  const floor = result.floor;
  out.push('## Floor: the bare page of the required stack', '');
  out.push(
    'React 19, react-router 7 data router, RTK Query with react-redux, Lingui (lazy catalog), zod/mini checking the answer of its one query, two routes ' +
      '(bench/floor), built with the storefront\'s Vite in this run and served under `/floor/` by a second API process of the same build on the same ' +
      'copy of the files with the render off (the shop\'s API draws every address, `/floor/` included, as a storefront page).',
    '',
  );
  const fl = floor.lighthouse;
  out.push(
    table(
      ['page', 'performance (runs)', 'LCP s', 'FCP s', 'TBT ms', 'CLS', 'first-load JS KB gz', 'CSS KB gz'],
      [[
        '/floor/',
        fl ? `${fl.performance} (${fl.performanceRuns.join(', ')})` : '–',
        fl ? s(fl.lcpMs) : '–',
        fl ? s(fl.fcpMs) : '–',
        fl ? fl.tbtMs : '–',
        fl ? fl.cls : '–',
        kb(floor.firstLoad.jsGzip),
        kb(floor.firstLoad.cssGzip),
      ]],
    ),
    '',
  );

  if (result.lighthouse.length > 0) {
    out.push('## Lighthouse (median of the runs by performance score)', '');
    out.push(
      table(
        ['page', 'performance (runs)', '÷ floor', 'LCP s (runs)', 'LCP ÷ floor (target)', 'FCP s', 'TBT ms', 'TBT previous ms', 'CLS', 'first-load JS KB gz', 'JS ÷ floor', 'JS fetched before LCP KB gz', 'LCP element'],
        result.lighthouse.map((r) => [
          `\`${r.path}\``,
          `${r.performance} (${r.performanceRuns.join(', ')})`,
          r.ratio?.performance ?? '–',
          `${s(r.lcpMs)} (${r.lcpRuns.map(s).join(', ')})`,
          `${r.ratio?.lcp ?? '–'} (${result.targets.lcpRatio?.[r.name]?.toFixed(1) ?? '–'})`,
          s(r.fcpMs),
          r.tbtMs,
          r.previousTbtMs === null || r.previousTbtMs === undefined ? '–' : `${r.previousTbtMs} (${signed(r.tbtMs - r.previousTbtMs)})`,
          r.cls,
          kb(r.firstLoadJsGzip),
          r.ratio?.firstLoadJs ?? '–',
          kb(r.observedJsBeforeLcpGzip),
          (r.lcpElement ?? '').replace(/\|/g, '/').slice(0, 40),
        ]),
      ),
      '',
    );
    const notes = result.lighthouse.filter((r) => r.opportunities.length > 0);
    if (notes.length > 0) {
      out.push('Audits still costing LCP/FCP in the median run:', '');
      for (const r of notes) out.push(`- \`${r.path}\`: ${r.opportunities.join(', ')}`);
      out.push('');
    }
  }

  out.push('## First-load JavaScript and CSS per route (gzip -9 of the built files)', '');
  const check = result.firstLoadCheck;
  out.push(
    'What the served HTML of the route loads: index.html\'s scripts and styles (colour-mode.js, the entry, the vendor chunk, the CSS), ' +
      'the route\'s modulepreload chunks and the locale\'s message catalog (the server writes those from the build\'s `#route-preloads` block): ' +
      'what a first visit to that address downloads before the page is hydrated. ' +
      (check
        ? `Checked against the HTML the shop's API served for an address of each route: ${check.checked} of ${check.of} drawn and compared` +
          (check.notes.length === 0 ? ', all the same as the build\'s lists.' : `; ${check.notes.length} note(s) below.`)
        : 'Not checked against served HTML in this run (the shop\'s API was not started): the build\'s lists.') +
      ' "previous": the previous run\'s figure and the difference.',
    '',
  );
  const floorJs = floor.firstLoad.jsGzip;
  const patterns = [...new Set(result.firstLoad.map((r) => r.pattern))];
  out.push(
    table(
      ['route', 'JS KB en', 'previous en', 'JS KB es', 'previous es', 'largest ÷ floor', 'CSS KB', 'files'],
      patterns.map((pattern) => {
        const rows = result.firstLoad.filter((r) => r.pattern === pattern);
        const by = (locale) => rows.find((r) => r.locale === locale);
        const largest = Math.max(...rows.map((r) => r.jsGzip));
        return [
          `\`/${pattern}\``,
          kb(by('en')?.jsGzip),
          deltaKb(by('en')?.jsGzip, by('en')?.previousJsGzip),
          kb(by('es')?.jsGzip),
          deltaKb(by('es')?.jsGzip, by('es')?.previousJsGzip),
          (largest / floorJs).toFixed(2),
          kb(rows[0].cssGzip),
          rows[0].scripts.length,
        ];
      }),
    ),
    '',
  );
  if (check?.notes.length) {
    out.push(...check.notes.map((n) => `- \`${n.route}\` (\`${n.address}\`): ${n.note}`), '');
  }

  if (result.render) out.push(...renderSection(result.render));

  if (result.search) {
    const { fromLastKey: a, fromFirstKey: b, samples } = result.search;
    out.push('## Search as you type (browser, no throttling)', '');
    out.push(
      `${samples.length} queries (${samples.map((x) => x.query).join(', ')}), typed 60 ms apart into the search modal; ` +
        'time from the key press completing the query to the frame with the results painted (500 ms of it is the spec\'s debounce).',
      '',
      table(
        ['measure', 'median ms', 'p90 ms', 'min ms', 'max ms'],
        [
          ['last key → results painted', a.median, a.p90, a.min, a.max],
          ['first key → results painted', b.median, b.p90, b.min, b.max],
        ],
      ),
      '',
    );
  }

  if (result.api) {
    out.push('## API (apps/api/scripts/bench.ts)', '');
    out.push(
      `${result.api.backends} at ${result.api.sizes} products, ${result.api.seconds} s per case with autocannon (10 connections), beside /api/health.`,
      '',
      table(
        ['backend', 'products', 'case', 'p50 ms', 'p95 ms', 'req/s', 'errors'],
        result.api.rows.map((r) => [r.backend, r.products, r.case, r.p50.toFixed(1), r.p95.toFixed(1), Math.round(r.rps), r.errors]),
      ),
      '',
    );
  }

  if (result.searchScale) {
    const s = result.searchScale;
    out.push('## Search relevance and scale (apps/api/scripts/bench-search.ts; details in search.md)', '');
    if (s.relevance) {
      const r = s.relevance;
      out.push(
        `Relevance: ${r.queries} queries (bench/relevance/queries.json), ${(r.top5Share * 100).toFixed(1)} % in the top 5, ` +
          `${(r.top1Share * 100).toFixed(1)} % first; by set: ${Object.entries(r.bySet ?? {}).map(([set, k]) => `${set} ${k.top5}/${k.queries} top 5, ${k.top1} first`).join('; ')}.`,
        '',
      );
    }
    if (s.scale) {
      out.push(
        table(
          ['products', 'case', 'p50 ms', 'p95 ms', 'req/s', 'errors'],
          s.scale.rows.map((r) => [r.products, r.case, r.p50, r.p95, Math.round(r.rps), r.errors]),
        ),
        '',
      );
    }
    out.push(...s.checks.map((c) => `- ${c.ok === null ? 'SKIP' : c.ok ? 'PASS' : 'FAIL'} ${c.label}`), '');
  }

  out.push('## Targets', '');
  const missed = result.verdicts.filter((v) => !v.ok);
  const byTarget = new Map();
  for (const v of result.verdicts) {
    const entry = byTarget.get(v.target) ?? { met: 0, missed: [] };
    if (v.ok) entry.met += 1;
    else entry.missed.push(v);
    byTarget.set(v.target, entry);
  }
  const fmt = (v) => {
    if (v.unit === 'check') return 'see above';
    if (v.unit === 'bytes') return `${kb(v.value)} KB (limit ${kb(v.limit)}, ${kb(-v.by)} KB over)`;
    if (v.unit === 'ms') return `${v.value} ms (limit ${v.limit}, ${-v.by} ms over)`;
    if (v.unit === 'cls') return `${v.value} (limit ${v.limit})`;
    if (v.unit === 'renders') return v.value === null ? 'no page drawn' : `${v.value} renders`;
    return `${v.value} (${-v.by} under)`;
  };
  for (const [target, entry] of byTarget) {
    const total = entry.met + entry.missed.length;
    out.push(`- ${entry.missed.length === 0 ? 'MET' : 'MISSED'} ${target}: ${entry.met}/${total}` + (entry.missed.length ? `; missed: ${entry.missed.map((v) => `\`${v.subject}\` ${fmt(v)}`).join('; ')}` : ''));
  }
  if (!result.previous) out.push('- NOT CHECKED TBT and first-load JS <= previous run: no previous run found');
  out.push('', missed.length === 0 ? '**Every target met.**' : `**${missed.length} check(s) missed.**`, '');
  return out.join('\n');
}

/** The render cost section (bench/run.mjs renderBench). */
export function renderSection(r) {
  const out = [];
  const answers = (x) =>
    x.answers ? `${x.answers.drawn} / ${x.answers.fallback}${x.answers.other ? ` / ${x.answers.other} other` : ''}` : '–';
  const health = (x) =>
    !x.healthMeanwhile
      ? '–'
      : x.healthMeanwhile.requests
        ? `${x.healthMeanwhile.p50} / ${x.healthMeanwhile.p95}${x.answers ? ` (${x.healthMeanwhile.requests} answers)` : ''}`
        : 'none answered (10 s)';
  const guests = r.rows.filter((x) => x.who !== 'member');
  const members = r.rows.filter((x) => x.who === 'member');
  out.push('## Render cost (pages drawn per request, PostgreSQL)', '');
  out.push(
    `The API (production mode) on a throw-away PostgreSQL database seeded with ${r.products} products (\`ops seed\`, ${r.seedS} s), ` +
      `${r.connections} keep-alive connections (autocannon) for ${r.seconds} s per address after three requests in a row (warm-up), ` +
      `\`accept: text/html\`, \`accept-language: en-US\`, \`accept-encoding: gzip, deflate, br\` (as a browser). ` +
      'Page cache off: `PAGE_CACHE_SECONDS=0`, every request a render; on: 60 s (the default), one render per address then the kept copy. ' +
      '`/api/health` under the same load in the same API process, and on one more connection during each page\'s load ("health meanwhile": what the ' +
      'rest of the API answers while pages are drawn). Latencies are of the answers received within the run; "errors" are autocannon\'s (socket errors and ' +
      'timeouts: no answer within 10 s); "settle": seconds the API then took to work off the requests abandoned at the end (before the next address).' +
      (guests.some((x) => x.answers)
        ? ' "drawn / index.html": the page answers the server drew and those it sent as the plain index.html file (the renderer was too busy or ' +
          'refused the client, apps/api/src/plugins/external/page-renderer.ts), told apart by their headers; every request is 127.0.0.1\'s, one ' +
          `client to the renderer, whose guest renders a minute are lifted for the bench (\`PAGE_MISSES_PER_CLIENT_MINUTE=${r.missesPerClientMinute ?? '?'}\`; ` +
          'deployed 120: with the page cache off the one address passes it within seconds, and the rest of the minute is index.html).'
        : ''),
    '',
    table(
      ['page cache', 'address', 'p50 ms', 'p95 ms', 'req/s', 'non-2xx', 'errors (timeouts)', 'drawn / index.html', 'health meanwhile p50 / p95 ms', 'settle s', 'drawn'],
      guests.map((x) => [
        x.cache,
        `\`${x.path}\``,
        x.p50 ?? '–',
        x.p95 ?? '–',
        x.rps,
        x.non2xx,
        `${x.errors} (${x.timeouts ?? 0})`,
        answers(x),
        health(x),
        x.settledS ?? '–',
        x.drawn === undefined ? '–' : x.drawn ? 'yes' : `NO (${x.status})`,
      ]),
    ),
    '',
  );
  if (members.length > 0) {
    const alone = r.rows.find((x) => x.cache === members[0].cache && x.case === 'health');
    const m = r.member ?? {};
    const cart = members.find((x) => x.path === '/cart')?.probe;
    const catalog = members.find((x) => x.path === '/catalog')?.probe;
    const after = members.find((x) => x.guestCatalogAfterMarks)?.guestCatalogAfterMarks;
    const marks = (k) => (k ? `${k.covered} "Covered by your plan", ${k.notCovered} "Not covered"` : '–');
    out.push('### A signed-in member\'s pages', '');
    out.push(
      `The demo member \`${m.login ?? '?'}\` (\`ops seed\`, password sign-in with \`x-auth-mode: session\`: the \`otc_session\` cookie, as the storefront ` +
        `signs in) with ${m.cart?.length ?? '?'} products in the cart (ids ${(m.cart ?? []).map((p) => p.id).join(', ')}, two of each, through the API); ` +
        `every request carries the session cookie. Page cache on (${members[0].cacheSeconds} s, as deployed): a member's page is drawn for them at each ` +
        'request and never kept. Checked before each load on one answer: ' +
        `\`/cart\` ${cart ? `${cart.status}, \`Cache-Control: ${cart.cacheControl}\`, ${cart.drawn ? 'drawn' : 'NOT drawn'}, ${cart.cartRows?.listed}/${cart.cartRows?.of} of the cart's products listed` : '–'}; ` +
        `\`/catalog\` ${catalog ? `${catalog.status}, \`Cache-Control: ${catalog.cacheControl}\`, ${catalog.drawn ? 'drawn' : 'NOT drawn'}, ${marks(catalog.marks)}` : '–'} ` +
        `(a guest's \`/catalog\`: ${marks(m.guestCatalogMarks)}; after the member's loads: ${marks(after)}, so no member's page went into the page cache). ` +
        'Every answer of the load is counted by its headers: drawn for the member (`Cache-Control: private, no-store`), the plain index.html ' +
        '(a file: `Last-Modified`, `no-store` as every answer to a member), other; "drawn p50 / p95" are the latencies of the drawn answers alone, ' +
        'the render figure. "one address": every request 127.0.0.1\'s, one client to the renderer, which holds a client to 2 renders while ' +
        'all 4 render slots are taken: this one client fills the 4 slots and every request finding them full is sent index.html at once, none waits; ' +
        `"${r.connections} addresses": each connection another client (\`X-Forwarded-For\`, the API started with \`TRUST_PROXY=127.0.0.1\`, as ` +
        'shoppers behind the deploy\'s proxy), so only the renderer\'s own bounds apply: 4 renders at once and 32 waiting, 36 places for ' +
        `${r.connections} connections, the requests beyond them sent index.html at once (and asking again at once, a cost the renders share the CPU with). ` +
        `/api/health beside each on one more connection (127.0.0.1), and alone at ${r.connections} connections in the same API process.`,
      '',
      table(
        ['address', 'clients', 'p50 ms', 'p95 ms', 'req/s', 'non-2xx', 'errors (timeouts)', 'drawn / index.html', 'drawn p50 / p95 ms', 'drawn/s', 'health meanwhile p50 / p95 ms', 'settle s'],
        [
          ...members.map((x) => [
            `\`${x.path}\` (member)`,
            x.clients ?? '–',
            x.p50 ?? '–',
            x.p95 ?? '–',
            x.rps,
            x.non2xx,
            `${x.errors} (${x.timeouts ?? 0})`,
            answers(x),
            x.answers?.drawn ? `${x.drawnP50} / ${x.drawnP95}` : 'none drawn',
            x.drawnRps ?? '–',
            health(x),
            x.settledS ?? '–',
          ]),
          ...(alone
            ? [['`/api/health` alone', 'one address', alone.p50 ?? '–', alone.p95 ?? '–', alone.rps, alone.non2xx, `${alone.errors} (${alone.timeouts ?? 0})`, '–', '–', '–', '–', alone.settledS ?? '–']]
            : []),
        ],
      ),
      '',
    );
    if (r.rendersPerRequest?.length) {
      out.push(
        `Renders per request on this database (the render module called by the bench, its API calls answered by this API; the member's with their cookie): ` +
          r.rendersPerRequest.map((x) => `${x.who} \`${x.path}\` ${x.renders ?? `no page (${x.status})`}`).join(', ') +
          '.',
        '',
      );
    }
  }
  return out;
}

/** The report of a BENCH_ONLY run: the parts it ran (render cost, search, API, search scale), their targets. */
export function partialReport(result) {
  const c = result.conditions;
  const out = [];
  out.push(`# Shop benchmark, ${result.only.join(', ')} only (\`BENCH_ONLY=${result.only.join(',')} node bench/run.mjs\`)`, '');
  out.push(
    `${c.date}, commit ${c.commit}${c.dirty ? ' (with uncommitted changes)' : ''}, ${c.durationS ?? '?'} s, Node ${c.node}. ` +
      'A part of the full run (`pnpm bench`, bench/results/latest.md), measured alone.',
    '',
    `**Load conditions**: ${c.cpus} × ${c.cpuModel}, ${c.memoryGb} GB; load average (1, 5, 15 min) ${c.loadAverageStart.join(' / ')} at the start, ` +
      `${(c.loadAverageEnd ?? []).join(' / ')} at the end. The bench, the API and PostgreSQL share these cores. Busiest processes at the start:`,
    '',
    ...c.busiestProcesses.map((line) => `    ${line}`),
    '',
  );
  const full = markdownReport({ ...result, floor: result.floor ?? { firstLoad: { jsGzip: 0, cssGzip: 0 } }, lighthouse: result.lighthouse ?? [], firstLoad: result.firstLoad ?? [] });
  // The sections of the parts run, as the full report writes them (from the first part's heading on).
  const sections = full.split('\n## ').slice(1).map((section) => `## ${section}`);
  const wanted = [
    ...(result.only?.includes('lighthouse') ? ['## Floor', '## Lighthouse', '## First-load'] : []),
    ...(result.render ? ['## Render cost'] : []),
    ...(result.search ? ['## Search as you type'] : []),
    ...(result.api ? ['## API'] : []),
    ...(result.searchScale ? ['## Search relevance'] : []),
    '## Targets',
  ];
  for (const section of sections) if (wanted.some((head) => section.startsWith(head))) out.push(section.replace(/\n+$/, ''), '');
  return out.join('\n');
}
