// docs/architecture.md's "Layers of a request" names the layers bff/src/app.ts runs a request through,
// in the same order: the doc cannot drift from the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRONT_LAYERS, LAYERS, ROOT_DIR } from '../../bff/src/app.ts';

/** The rows of the section's table: [layer, where]. */
function documentedLayers(): [string, string][] {
  const doc = readFileSync(path.join(ROOT_DIR, 'docs/architecture.md'), 'utf8');
  const section = doc.split('\n## Layers of a request\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| layer |'))
    .map((line) => line.split('|').slice(1, 3).map((cell) => cell.trim()) as [string, string]);
}

describe('the layers of a request', () => {
  it("the doc's table names the code's front layers, then its Express layers, in the code's order", () => {
    const code = [...FRONT_LAYERS.map((layer) => [layer.name, 'front']), ...LAYERS.map((layer) => [layer.name, 'Express'])];
    expect(documentedLayers()).toEqual(code);
  });

  it('every layer has a name of its own', () => {
    const names = [...FRONT_LAYERS, ...LAYERS].map((layer) => layer.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
