// The Authorization header of a token request is read exactly (issue 40, item 14): `Bearer`, one
// space, the token, nothing after it. Trailing whitespace that HTTP trims never arrives; what does
// arrive (through a proxy that keeps it, or inside the value) is refused, not cut off.
import { describe, expect, it } from 'vitest';
import { bearerToken } from '../../../bff/src/http/partner-auth.ts';

const TOKEN = `shp_0123abcd_${'f'.repeat(64)}`;

describe('bearerToken', () => {
  it('reads `Bearer <token>` (the scheme in any case)', () => {
    expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`bearer ${TOKEN}`)).toBe(TOKEN);
  });

  it('refuses whitespace around or inside: trailing, doubled, tabs, line breaks, no-break spaces', () => {
    for (const header of [
      `Bearer ${TOKEN} `,
      `Bearer ${TOKEN}\t`,
      `Bearer ${TOKEN}\n`,
      `Bearer ${TOKEN}\r\n`,
      `Bearer ${TOKEN}\u00a0`,
      `Bearer  ${TOKEN}`,
      `Bearer\t${TOKEN}`,
      ` Bearer ${TOKEN}`,
      `Bearer ${TOKEN} extra`,
      'Bearer ',
      'Bearer',
      `Basic ${TOKEN}`,
    ]) {
      expect(bearerToken(header), JSON.stringify(header)).toBeNull();
    }
  });
});
