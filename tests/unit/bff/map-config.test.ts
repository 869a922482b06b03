// MAP_TILE_URL: the store maps' tiles, OpenStreetMap by default, a local path in tests, and only a
// sane URL template accepted; the CSP's img-src allows exactly that URL's origin.
import { describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import { ConfigError, DEFAULT_MAP_TILE_URL, loadConfig, mapTileOrigin } from '../../../bff/src/config.ts';
import { securityHeaderSetter } from '../../../bff/src/http/security-headers.ts';

function cspFor(env: NodeJS.ProcessEnv): string {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) };
  securityHeaderSetter(loadConfig(env))('/prodejny', 'n0nce', res as unknown as ServerResponse);
  return headers.get('content-security-policy') ?? '';
}

describe('MAP_TILE_URL', () => {
  it('is OpenStreetMap by default, and a path on the shop itself in tests (never the internet)', () => {
    expect(loadConfig({}).mapTileUrl).toBe(DEFAULT_MAP_TILE_URL);
    expect(loadConfig({ NODE_ENV: 'test' }).mapTileUrl).toMatch(/^\/[^/]/);
    expect(loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: 'http://127.0.0.1:9999/{z}/{x}/{y}.png' }).mapTileUrl).toBe('http://127.0.0.1:9999/{z}/{x}/{y}.png');
  });

  it.each(['javascript:alert(1)//{z}{x}{y}', 'https://tiles.example/{z}/{x}.png', 'ftp://tiles.example/{z}/{x}/{y}.png', 'https://tiles.example/{z}/{x}/{y}.png" onerror="x', '//tiles.example/{z}/{x}/{y}.png', 'tiles/{z}/{x}/{y}.png'])(
    'refuses %s with a message that names the variable',
    (value) => {
      expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ MAP_TILE_URL: value })).toThrow(/MAP_TILE_URL/);
    },
  );

  it('puts the tile server’s origin, and nothing more, into the CSP’s img-src', () => {
    expect(mapTileOrigin('https://tiles.example:8443/osm/{z}/{x}/{y}.png')).toBe('https://tiles.example:8443');
    expect(mapTileOrigin('/tiles/{z}/{x}/{y}.png')).toBeNull();
    expect(cspFor({ MAP_TILE_URL: 'https://tiles.example/osm/{z}/{x}/{y}.png' })).toContain("img-src 'self' data: https://tiles.example;");
    expect(cspFor({})).toContain("img-src 'self' data: https://tile.openstreetmap.org;");
    expect(cspFor({ NODE_ENV: 'test' })).toContain("img-src 'self' data:;");
  });
});
