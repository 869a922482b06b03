// docs/decisions/ is only useful while it is true: every record says when it was taken and whether it
// still holds, numbers are not reused, and every link to a record (in docs, code and tests) finds it.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIR = path.join(ROOT, 'docs/decisions');
const records = readdirSync(DIR).filter((name) => name.endsWith('.md')).sort();

describe('decision records', () => {
  it.each(records)('%s names its number, a date and a status', (name) => {
    const text = readFileSync(path.join(DIR, name), 'utf8');
    expect(name).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${name.slice(0, 4)} `));
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}\b/m);
    expect(text).toMatch(/\bStatus: (accepted|superseded|proposed|deprecated)\b/);
  });

  it('gives each number to one record', () => {
    const numbers = records.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('is found by every link to it', () => {
    const files = execSync('git ls-files', { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(md|ts|tsx|mjs)$/.test(file) && existsSync(path.join(ROOT, file)));
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const match of text.matchAll(/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)) {
        if (!existsSync(path.join(DIR, match[1]))) missing.push(`${file}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
