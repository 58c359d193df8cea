// The Markdown of a bench/run.mjs result.
const kb = (bytes) => (bytes === null || bytes === undefined ? '–' : (bytes / 1024).toFixed(1));
const s = (ms) => (ms === null || ms === undefined ? '–' : (ms / 1000).toFixed(2));

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

  const floor = result.floor;
  out.push('## Floor: the bare page of the required stack', '');
  out.push(
    'React 19, react-router 7 data router, RTK Query with react-redux, Lingui (lazy catalog), zod/mini checking the answer of its one query, two routes ' +
      '(bench/floor), built with the storefront\'s Vite in this run and served by the same API under `/floor/`.',
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
        ['page', 'performance (runs)', '÷ floor', 'LCP s (runs)', 'LCP ÷ floor', 'FCP s', 'TBT ms', 'CLS', 'first-load JS KB gz', 'JS ÷ floor', 'JS fetched before LCP KB gz', 'LCP element'],
        result.lighthouse.map((r) => [
          `\`${r.path}\``,
          `${r.performance} (${r.performanceRuns.join(', ')})`,
          r.ratio?.performance ?? '–',
          `${s(r.lcpMs)} (${r.lcpRuns.map(s).join(', ')})`,
          r.ratio?.lcp ?? '–',
          s(r.fcpMs),
          r.tbtMs,
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
  out.push(
    'index.html\'s scripts and styles (first-paint.js, the entry, the vendor chunk, the CSS), the route\'s own chunks and ' +
      'the locale\'s message catalog: what a first visit to that address downloads before the page can render.',
    '',
  );
  const floorJs = floor.firstLoad.jsGzip;
  const patterns = [...new Set(result.firstLoad.map((r) => r.pattern))];
  out.push(
    table(
      ['route', 'JS KB en', 'JS KB es', 'largest ÷ floor', 'CSS KB', 'files'],
      patterns.map((pattern) => {
        const rows = result.firstLoad.filter((r) => r.pattern === pattern);
        const by = (locale) => rows.find((r) => r.locale === locale);
        const largest = Math.max(...rows.map((r) => r.jsGzip));
        return [`\`/${pattern}\``, kb(by('en')?.jsGzip), kb(by('es')?.jsGzip), (largest / floorJs).toFixed(2), kb(rows[0].cssGzip), rows[0].scripts.length];
      }),
    ),
    '',
  );

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
  const fmt = (v) => (v.subject === 'search-scale' ? 'see above' : v.target.includes('JS') ? `${kb(v.value)} KB (limit ${kb(v.limit)}, ${kb(-v.by)} KB over)` : v.target.includes('LCP') || v.target.includes('search') ? `${v.value} ms (limit ${v.limit}, ${-v.by} ms over)` : `${v.value} (${-v.by} under)`);
  for (const [target, entry] of byTarget) {
    const total = entry.met + entry.missed.length;
    if (target.includes('JS') && entry.missed.length > 0) {
      const values = entry.missed.map((v) => v.value);
      const limit = entry.missed[0].limit;
      out.push(
        `- MISSED ${target}: ${entry.met}/${total} routes within ${kb(limit)} KB; the others ${kb(Math.min(...values))} to ${kb(Math.max(...values))} KB ` +
          `(${kb(Math.min(...values) - limit)} to ${kb(Math.max(...values) - limit)} KB over)`,
      );
      continue;
    }
    out.push(`- ${entry.missed.length === 0 ? 'MET' : 'MISSED'} ${target}: ${entry.met}/${total}` + (entry.missed.length ? `; missed: ${entry.missed.map((v) => `\`${v.subject}\` ${fmt(v)}`).join('; ')}` : ''));
  }
  out.push('', missed.length === 0 ? '**Every target met.**' : `**${missed.length} check(s) missed.**`, '');
  return out.join('\n');
}
