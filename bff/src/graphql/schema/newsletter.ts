// Newsletter sign-up from the footer. The spec makes an already subscribed e-mail an error.
import { builder } from './builder.ts';
import { ErrorInterface, TooManyAttemptsError, ValidationError } from './errors.ts';
import { validateInput } from './validation.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';
import { AlreadySubscribedError, subscribe } from '../../services/newsletter.ts';
import { requireCaptcha } from '../../services/captcha.ts';

builder.objectType(AlreadySubscribedError, {
  name: 'AlreadySubscribedError',
  description: 'The e-mail already receives the newsletter (code ALREADY_SUBSCRIBED); nothing was changed.',
  interfaces: [ErrorInterface],
});

builder.prismaNode('NewsletterSubscription', {
  id: { field: 'id', description: 'The subscription’s global id.' },
  description: 'An e-mail that receives the newsletter.',
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The subscribed e-mail, trimmed and in lower case.' }),
  }),
});

builder.mutationField('subscribeNewsletter', (t) =>
  t.prismaField({
    type: 'NewsletterSubscription',
    description:
      'Subscribes an e-mail to the newsletter in the request language (the footer form); needs a captcha token and is limited per client address. ' +
      'An e-mail that unsubscribed before is subscribed again.',
    errors: {
      types: [ValidationError, AlreadySubscribedError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The subscription, or why there is none new.' },
    },
    args: {
      email: t.arg.string({ required: true, description: 'The e-mail to subscribe, at most 254 characters.' }),
      captcha: t.arg.string({ description: 'A captcha token for the action NEWSLETTER (Query.captchaChallenge).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const address = args.email.trim().toLowerCase();
      validateInput(ctx, { email: address }, { email: [required, email, max(254)] });
      await requireCaptcha(ctx, 'newsletter', args.captcha);
      const id = await subscribe(ctx, { email: address, language: ctx.language, customerId: ctx.customerId, clientIp: ctx.clientIp });
      return ctx.prisma.newsletterSubscription.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
