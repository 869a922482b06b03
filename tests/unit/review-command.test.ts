// `npm run review` (scripts/review.ts): its command line, and the commands docs/marketing.md shows are
// ones it takes (the integration test tests/integration/reviews.test.ts runs them on a database).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeReview, parseReviewCommand } from '../../scripts/review.ts';
import { UsageError } from '../../scripts/shop-command.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('npm run review', () => {
  it('takes list, publish <id> and reject <id>; anything else is a usage error', () => {
    expect(parseReviewCommand(['list'])).toEqual({ kind: 'list' });
    expect(parseReviewCommand(['publish', '12'])).toEqual({ kind: 'publish', id: 12 });
    expect(parseReviewCommand(['reject', '7'])).toEqual({ kind: 'reject', id: 7 });
    expect(parseReviewCommand([])).toEqual({ kind: 'help' });
    for (const argv of [['publish'], ['publish', '0'], ['publish', 'x'], ['reject', '1', '2'], ['approve', '1'], ['list', 'all']]) {
      expect(() => parseReviewCommand(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('every command docs/marketing.md shows is one it takes', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/marketing.md'), 'utf8');
    const commands = [...doc.matchAll(/npm run review -- ([^#\n`]+)/g)].map((match) => match[1].trim().split(/\s+/));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const argv of commands) expect(parseReviewCommand(argv).kind, argv.join(' ')).not.toBe('help');
  });

  it('lists a review with its stars, author, order and text', () => {
    const line = describeReview({
      id: 5, productId: 1, productCode: 'DRES-01', rating: 4, text: 'Sedí.\nDobrá látka.', status: 'PENDING', authorName: 'Jana N.', language: 'cs',
      createdAt: new Date('2026-11-20T10:00:00Z'), updatedAt: new Date('2026-11-20T10:00:00Z'), publishedAt: null, verified: true, orderNumber: '2026000012',
    });
    expect(line).toMatch(/^#5 {2}DRES-01 {2}★★★★☆ \(4\/5\) {2}Jana N\. {2}order 2026000012 /);
    expect(line).toContain('\n    Sedí.\n    Dobrá látka.');
  });
});
