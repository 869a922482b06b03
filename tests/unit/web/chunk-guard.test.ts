// The chunk-reload guard: a full load of a path at most once every 10 s (sessionStorage), per path.
import { describe, expect, it } from 'vitest';
import { chunkGuardScript, mayReloadPath } from '../../../web/app/shell/chunk-reload.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('chunk reload guard', () => {
  it('allows one full load per path and 10 s, then refuses until the 10 s are over', () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(mayReloadPath('/produkt/1', storage, t0)).toBe(true);
    expect(storage.items.get('chunk-reload:/produkt/1')).toBe(String(t0));
    expect(mayReloadPath('/produkt/1', storage, t0 + 9_999)).toBe(false);
    expect(mayReloadPath('/kosik', storage, t0 + 9_999)).toBe(true);
    expect(mayReloadPath('/produkt/1', storage, t0 + 10_000)).toBe(true);
  });

  it('without storage it never reloads (no loop)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(mayReloadPath('/', broken)).toBe(false);
  });

  it('the inline script is plain ES5 text with the same guard', () => {
    const script = chunkGuardScript();
    expect(script).toContain('G=10000');
    expect(script).toContain('"chunk-reload:"');
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/=>|`/);
  });
});
