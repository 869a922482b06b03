// docs/security.md names, for every promise of the requirements, the tests that prove it. This keeps
// the table honest: every promise has a row, and every test it names exists under that name.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROMISES = [
  ...Array.from({ length: 8 }, (_, i) => `G${i + 1}`),
  ...Array.from({ length: 6 }, (_, i) => `A${i + 1}`),
  ...Array.from({ length: 6 }, (_, i) => `S${i + 1}`),
  ...Array.from({ length: 4 }, (_, i) => `O${i + 1}`),
];

/** The table rows of docs/security.md by promise id: `| G1 | ... |`. */
function rows(): Map<string, string> {
  const text = readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8');
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const id = /^\|\s*([GASO]\d)\s*\|/.exec(line)?.[1];
    if (id) found.set(id, line);
  }
  return found;
}

/**
 * The tests a row names: `tests/…/file.test.ts` “test name”, “another test of that file”, …
 * A name before any file belongs to `defaultFile` (the findings table's attacks.test.ts).
 */
function references(row: string, defaultFile?: string): { file: string | undefined; name: string }[] {
  let file = defaultFile;
  const found: { file: string | undefined; name: string }[] = [];
  for (const match of row.matchAll(/`(tests\/[^`]+\.test\.tsx?)`|“([^”]+)”/g)) {
    if (match[1]) file = match[1];
    else found.push({ file, name: match[2] });
  }
  return found;
}

/** The other table rows that name tests: the findings of issue 8 and their attacks. */
function findingRows(): string[] {
  const text = readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8');
  return text.split('\n').filter((line) => line.startsWith('|') && line.includes('“') && !/^\|\s*[GASO]\d\s*\|/.test(line));
}

describe('docs/security.md', () => {
  it('has one row for every promise of the requirements', () => {
    expect([...rows().keys()].sort()).toEqual([...PROMISES].sort());
  });

  it('names a test for every promise, or says which issue will build it', () => {
    for (const [id, row] of rows()) {
      expect(references(row).length > 0 || /not built yet: issue \d+/.test(row), `${id} names no test`).toBe(true);
    }
  });

  it('every test it names exists in that file under that name', () => {
    const named = [
      ...[...rows()].flatMap(([id, row]) => references(row).map((reference) => ({ ...reference, where: id }))),
      ...findingRows().flatMap((row) =>
        references(row, 'tests/security/attacks.test.ts').map((reference) => ({ ...reference, where: row.slice(0, 40) })),
      ),
    ];
    expect(named.length).toBeGreaterThan(50);
    for (const { file, name, where } of named) {
      expect(file, `${where}: "${name}" names no file`).toBeDefined();
      const source = path.join(ROOT, file!);
      expect(existsSync(source), `${where}: ${file} does not exist`).toBe(true);
      expect(readFileSync(source, 'utf8').includes(name), `${where}: no test "${name}" in ${file}`).toBe(true);
    }
  });
});
