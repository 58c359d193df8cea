// RTK Query keeps the first endpoint injected under a name and ignores a second one (a warning in
// development only): two features defining the same name would each get whichever loaded first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

it('no endpoint name is injected into the one API twice', () => {
  const root = join(__dirname, '..');
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const file of sources(root)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^\s+(\w+): build\.(?:query|mutation|infiniteQuery)\b/gm)) {
      const name = match[1]!;
      const where = relative(root, file);
      if (seen.has(name)) twice.push(`${name}: ${seen.get(name)} and ${where}`);
      else seen.set(name, where);
    }
  }
  expect(seen.size).toBeGreaterThan(20);
  expect(twice).toEqual([]);
});
