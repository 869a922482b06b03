// Names for pg's prepared statements (bff/src/db/client.ts): one name per SQL text, and no more
// names than PREPARED_STATEMENTS, so SQL shaped by data cannot make every connection keep more.
import { describe, expect, it } from 'vitest';
import { statementNames } from '../../../bff/src/db/client.ts';

describe('statementNames', () => {
  it('gives the same text the same name, another text another name, and stops naming after 1000 texts', () => {
    const nameOf = statementNames();
    const first = nameOf({ sql: 'SELECT 1' });
    expect(first).toMatch(/^shop_\d+$/);
    expect(nameOf({ sql: 'SELECT ' + '1' })).toBe(first);
    expect(nameOf({ sql: 'SELECT 2' })).not.toBe(first);
    for (let i = 3; i <= 1000; i += 1) expect(nameOf({ sql: `SELECT ${i}` })).toBeDefined();
    // the 1001st text runs unnamed (parsed each time), the known ones keep their names
    expect(nameOf({ sql: 'SELECT 1001' })).toBeUndefined();
    expect(nameOf({ sql: 'SELECT 1' })).toBe(first);
    // every application (and test app) has its own names
    expect(statementNames()({ sql: 'SELECT 2' })).toBe(first);
  });
});
