// The bench's use of wrk: the Lua script it writes for a request and the figures it reads back.
import { describe, expect, it } from 'vitest';
import { luaString, parseWrkOutput, wrkScript } from '../../bench/wrk.ts';

/** What a Lua long string holds (the newline after the opening bracket is dropped, as Lua does). */
function luaValue(literal: string): string {
  const match = /^\[(=*)\[\n([\s\S]*)\]\1\]$/.exec(literal);
  if (!match) throw new Error(`not a long string: ${literal}`);
  return match[2];
}

describe('luaString', () => {
  it('holds the text as it is, in a bracket its text cannot close', () => {
    expect(luaString('{"q":"dres"}')).toBe('[[\n{"q":"dres"}]]');
    for (const text of ['a]]b', 'a]=]b]]', 'š "\\n" \n', ']]]=]]==]']) {
      expect(luaValue(luaString(text))).toBe(text);
    }
    expect(luaString('a]]b]=]c')).toBe('[==[\na]]b]=]c]==]');
  });
});

describe('wrkScript', () => {
  it('sends the method, path, headers and body, and prints the figures when done', () => {
    const script = wrkScript({ path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(script).toContain('wrk.method = [[\nPOST]]');
    expect(script).toContain('wrk.path = [[\n/graphql]]');
    // `wrk.headers[[[` would open a long string: Lua would not parse the script
    expect(script).toContain('wrk.headers[ [[\ncontent-type]] ] = [[\napplication/json]]');
    expect(script).not.toContain('[[[');
    expect(script).toContain('wrk.body = [[\n{"a":1}]]');
    expect(script).toMatch(/done = function\(summary, latency, requests\)[\s\S]*latency:percentile\(95\)/);
  });

  it('sends a GET without a body', () => {
    const script = wrkScript({ path: '/kategorie/dresy' });
    expect(script).toContain('wrk.method = [[\nGET]]');
    expect(script).not.toContain('wrk.body');
  });
});

describe('parseWrkOutput', () => {
  it('reads the line of the done hook as the bench figures, latencies in ms', () => {
    const output = ['Running 3s test @ http://127.0.0.1:4000', '  1 threads and 10 connections', 'shop-bench 30000 2 310 1250 2400 3000000', 'Requests/sec: 9999.00', ''].join('\n');
    expect(parseWrkOutput(output, 1.5)).toEqual({ requests: 30000, errors: 2, perSecond: 10000, p50: 0.31, p95: 1.25, p99: 2.4, load: 1.5 });
  });

  it('fails with wrk’s output when the hook printed nothing (a script error)', () => {
    expect(() => parseWrkOutput('request.lua:6: unexpected symbol')).toThrow(/unexpected symbol/);
  });
});
