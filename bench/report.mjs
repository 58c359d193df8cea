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

  if (result.render) {
    const r = result.render;
    out.push('## Render cost (pages drawn per request, PostgreSQL)', '');
    out.push(
      `The API (production mode) on a throw-away PostgreSQL database seeded with ${r.products} products (\`ops seed\`, ${r.seedS} s), ` +
        `${r.connections} keep-alive connections (autocannon) for ${r.seconds} s per address after three requests in a row (warm-up), ` +
        `\`accept: text/html\`, \`accept-language: en-US\`, \`accept-encoding: gzip, deflate, br\` (as a browser). ` +
        'Page cache off: `PAGE_CACHE_SECONDS=0`, every request a render; on: 60 s (the default), one render per address then the kept copy. ' +
        '`/api/health` under the same load in the same API process, and on one more connection during each page\'s load ("health meanwhile": what the ' +
        'rest of the API answers while pages are drawn). Latencies are of the answers received within the run; "errors" are autocannon\'s (socket errors and ' +
        'timeouts: no answer within 10 s); "settle": seconds the API then took to work off the requests abandoned at the end (before the next address).',
      '',
      table(
        ['page cache', 'address', 'p50 ms', 'p95 ms', 'req/s', 'non-2xx', 'errors (timeouts)', 'health meanwhile p50 / p95 ms', 'settle s', 'drawn'],
        r.rows.map((x) => [
          x.cache,
          `\`${x.path}\``,
          x.p50 ?? '–',
          x.p95 ?? '–',
          x.rps,
          x.non2xx,
          `${x.errors} (${x.timeouts ?? 0})`,
          !x.healthMeanwhile ? '–' : x.healthMeanwhile.requests ? `${x.healthMeanwhile.p50} / ${x.healthMeanwhile.p95}` : 'none answered (10 s)',
          x.settledS ?? '–',
          x.drawn === undefined ? '–' : x.drawn ? 'yes' : `NO (${x.status})`,
        ]),
      ),
      '',
    );
  }

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
