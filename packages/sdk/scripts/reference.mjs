// The reference of every export of the SDK, generated from its types by TypeDoc with
// typedoc-plugin-markdown into docs/reference/ (one page per entry of the exports map), then
// formatted with the workspace's prettier so `prettier --write .` leaves it as it is.
//
//   node scripts/reference.mjs           # (re)writes docs/reference/
//   node scripts/reference.mjs --check   # generates into a temporary folder and fails (exit 1)
//                                        # when docs/reference/ differs: run the line above
//
// test/reference.test.ts runs the check with the tests, so the reference cannot go stale.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { Application } from 'typedoc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'docs/reference');
const check = process.argv.includes('--check');

/**
 * The entries of the exports map, by the source tsup builds them from. `./testing` (test
 * doubles for other teams' tests, not the shop's API) is documented in its own module's comments.
 */
const ENTRIES = {
  '.': 'src/index.ts',
  './contract': 'src/contract/index.ts',
  './schemas': 'src/schemas/index.ts',
  './rules': 'src/rules/index.ts',
  './validation': 'src/validation/index.ts',
  './error-texts': 'src/errors/texts.ts',
};

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)],
  );
}

async function generate(out) {
  const app = await Application.bootstrapWithPlugins({
    entryPoints: Object.values(ENTRIES).map((file) => join(root, file)),
    entryPointStrategy: 'resolve',
    tsconfig: join(root, 'tsconfig.json'),
    // The package's typecheck reports type errors; TypeDoc only reads the types.
    skipErrorChecking: true,
    plugin: ['typedoc-plugin-markdown'],
    out,
    name: '@otc/sdk reference',
    readme: 'none',
    router: 'module',
    // No source links: they would carry a commit and change with every commit.
    disableSources: true,
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: true,
    hideBreadcrumbs: true,
    hidePageHeader: true,
    useCodeBlocks: true,
    parametersFormat: 'table',
    enumMembersFormat: 'table',
    sort: ['source-order'],
    validation: { notExported: false, invalidLink: false, rewrittenLink: false },
    logLevel: 'Warn',
  });
  const project = await app.convert();
  if (!project) throw new Error('TypeDoc could not read the SDK (see the errors above)');
  await app.generateOutputs(project);
  const options = await prettier.resolveConfig(join(root, 'README.md'));
  for (const file of files(out)) {
    if (!file.endsWith('.md')) continue;
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
  }
}

if (check) {
  const temp = mkdtempSync(join(tmpdir(), 'otc-sdk-reference-'));
  try {
    await generate(temp);
    const fresh = new Map(files(temp).map((f) => [relative(temp, f), readFileSync(f, 'utf8')]));
    const kept = new Map(files(target).map((f) => [relative(target, f), readFileSync(f, 'utf8')]));
    const stale = [
      ...[...fresh.keys()].filter((name) => kept.get(name) !== fresh.get(name)),
      ...[...kept.keys()].filter((name) => !fresh.has(name)),
    ];
    if (stale.length > 0) {
      console.error(
        `docs/reference is stale (${stale.join(', ')}): run \`pnpm --filter @otc/sdk docs\` and commit it.`,
      );
      process.exit(1);
    }
    console.log(`docs/reference is up to date (${fresh.size} pages).`);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
} else {
  rmSync(target, { recursive: true, force: true });
  await generate(target);
  console.log(`docs/reference: ${files(target).length} pages written.`);
}
