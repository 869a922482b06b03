// Availability watch ('Hlídat dostupnost'): an e-mail left on a sold-out variant, and the unsubscribe
// link of the e-mail that announces its return. The answer never says whether the address watched the
// variant before (no enumeration), and nothing in the API lists watches.
import { builder } from './builder.ts';
import { NotFoundError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { localDatabaseId } from './global-id.ts';
import { validateInput } from './validation.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';
import { requireCaptcha } from '../../services/captcha.ts';
import { unsubscribeWatches, watchAvailability } from '../../services/availability-watch.ts';

const AvailabilityWatchConfirmation = builder.objectRef<{ email: string }>('AvailabilityWatchConfirmation').implement({
  description: 'The watch is stored: one e-mail goes to this address when the variant is back in stock.',
  fields: (t) => ({ email: t.exposeString('email', { description: 'The e-mail that will be told, normalised (trimmed, lower case).' }) }),
});

const AvailabilityWatchCancellation = builder.objectRef<{ cancelled: number }>('AvailabilityWatchCancellation').implement({
  description: 'Every availability watch of the address the link was sent to is cancelled.',
  fields: (t) => ({ cancelled: t.exposeInt('cancelled', { description: 'How many watches (variants) were cancelled.' }) }),
});

builder.mutationFields((t) => ({
  watchAvailability: t.field({
    type: AvailabilityWatchConfirmation,
    description:
      '"Watch availability" of a variant: one e-mail goes to the address when it is back in stock (at once when it is in stock now). ' +
      'Asking again for the same e-mail and variant re-arms the watch; the answer never says whether it existed. Needs a captcha token; limited per address and per e-mail.',
    errors: {
      types: [ValidationError, NotFoundError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The stored watch, or why not (NotFoundError for a variant not on sale).' },
    },
    args: {
      variantId: t.arg.globalID({ required: true, description: 'A Variant’s id (usually a sold-out one).' }),
      email: t.arg.string({ required: true, description: 'The e-mail to tell, at most 254 characters.' }),
      captcha: t.arg.string({ description: 'A captcha token for the action AVAILABILITY_WATCH (Query.captchaChallenge).' }),
    },
    resolve: async (_root, args, ctx) => {
      const address = args.email.trim();
      validateInput(ctx, { email: address }, { email: [required, email, max(254)] });
      const variantId = localDatabaseId(args.variantId, 'Variant', ctx);
      await requireCaptcha(ctx, 'availabilityWatch', args.captcha);
      const watching = await watchAvailability(ctx, {
        variantId,
        email: address,
        language: ctx.language,
        customerId: ctx.customerId,
        clientIp: ctx.clientIp,
      });
      return { email: watching };
    },
  }),
  cancelAvailabilityWatches: t.field({
    type: AvailabilityWatchCancellation,
    errors: { types: [NotFoundError], directResult: true, union: { description: 'What was cancelled, or NotFoundError for an unknown or used link.' } },
    description: 'The unsubscribe link of a back-in-stock e-mail (its token): cancels every watch of that e-mail address.',
    args: { token: t.arg.string({ required: true, description: 'The token of the e-mail’s unsubscribe link.' }) },
    resolve: async (_root, args, ctx) => ({ cancelled: await unsubscribeWatches(ctx.prisma, args.token, ctx.language) }),
  }),
}));
