// docs/deployment.md shows commands, settings and nginx's configuration: each must be what the shop
// really has, so the doc cannot drift from the code (as docs/partners.md runs its examples).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxConfig } from '../../scripts/cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
const scripts = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);
const config = readFileSync(path.join(root, 'bff/src/config.ts'), 'utf8');

describe('docs/deployment.md', () => {
  it('names only npm scripts that exist', () => {
    const named = [...doc.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('names only settings the server reads', () => {
    // settings have an underscore (DATABASE_URL), unlike the demo data's voucher codes (POSLEDNICH5)
    const settings = [...new Set([...doc.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)`/g)].map((match) => match[1]))].filter((name) => name !== 'SERVICE_UNAVAILABLE');
    expect(settings).toContain('SESSION_SECRET');
    expect(settings.filter((name) => !config.includes(`env.${name}`) && !config.includes(`'${name}'`))).toEqual([]);
  });

  it("shows nginx's location block exactly as the cluster writes it", () => {
    const block = doc.match(/```nginx\n([\s\S]*?)```/)![1];
    const written = nginxConfig('/tmp/cluster', 8080, [3001, 3002]);
    const lines = block.split('\n').map((line) => line.trim()).filter(Boolean);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(written).toContain(line);
  });
});
