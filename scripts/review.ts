// Checking reviews before they are shown (issue 44 §3, decision 0075), for the shop owner:
//   npm run review -- list              the reviews waiting for the check, oldest first
//   npm run review -- publish <id>      shows it on the product page (purges that product's cached pages)
//   npm run review -- reject <id>       keeps it off the page (a published one is taken down)
// Reads the server's configuration like `npm run order` (DATABASE_URL, or the embedded database under
// DATA_DIR). Exit code 0 when done (a review with that status already is said so and left alone), 2 for
// an unknown review or a wrong command line, 1 for the configuration.
import type { Config } from '../bff/src/config.ts';
import type { Db } from '../bff/src/db/client.ts';
import { listPendingReviews, moderateReview, ReviewCommandError, type ListedReview } from '../bff/src/services/reviews.ts';
import { formatDateTime } from '../schema/rules/dates.ts';
import { isCommandLine, runShopCommand, UsageError, type ShopCommand } from './shop-command.ts';

const USAGE = `Usage:
  npm run review -- list              lists the reviews waiting for the check (PENDING), oldest first
  npm run review -- publish <id>      publishes a review: it shows on its product's page
  npm run review -- reject <id>       rejects a review: it does not show (a published one is taken down)`;

export type ReviewCommand = { kind: 'list' } | { kind: 'publish' | 'reject'; id: number } | { kind: 'help' };

export function parseReviewCommand(argv: string[]): ReviewCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') return { kind: 'help' };
  if (command === 'list') {
    if (rest.length > 0) throw new UsageError('list takes no arguments.');
    return { kind: 'list' };
  }
  if (command !== 'publish' && command !== 'reject') throw new UsageError(`Unknown command "${command}"; the commands are list, publish and reject.`);
  if (rest.length !== 1 || !/^[1-9]\d{0,8}$/.test(rest[0])) throw new UsageError(`${command} needs the id of one review (a number, as list shows it).`);
  return { kind: command, id: Number(rest[0]) };
}

/** One review as list prints it: id, product, stars, author, order, when, and the text on the next lines. */
export function describeReview(review: ListedReview): string {
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating);
  const head = `#${review.id}  ${review.productCode}  ${stars} (${review.rating}/5)  ${review.authorName}  order ${review.orderNumber ?? '-'}  ${formatDateTime(review.updatedAt, 'en')}`;
  return review.text ? `${head}\n    ${review.text.replace(/\r?\n/g, '\n    ')}` : head;
}

async function run(command: Exclude<ReviewCommand, { kind: 'help' }>, prisma: Db, _config: Config): Promise<void> {
  if (command.kind === 'list') {
    const pending = await listPendingReviews(prisma);
    console.log(pending.length === 0 ? 'No reviews wait for the check.' : pending.map(describeReview).join('\n'));
    return;
  }
  const status = command.kind === 'publish' ? 'PUBLISHED' : 'REJECTED';
  const { changed } = await moderateReview(prisma, command.id, status);
  const done = command.kind === 'publish' ? 'published' : 'rejected';
  console.log(changed ? `Review ${command.id} ${done}.` : `Review ${command.id} was ${done} already; nothing changed.`);
}

export const reviewCommand: ShopCommand<ReviewCommand> = {
  name: 'review',
  usage: USAGE,
  parse: parseReviewCommand,
  run,
  isInputError: (error) => error instanceof ReviewCommandError,
};

// `npx tsx scripts/review.ts …` in development; the build runs reviewCommand from build/bff/review.js (`npm run review`)
if (isCommandLine(import.meta.url)) {
  process.exitCode = await runShopCommand(reviewCommand, process.argv.slice(2));
}
