// Newsletter sign-up from the footer. The spec makes an already subscribed e-mail an error.
import { builder } from './builder.ts';
import { ErrorInterface, TooManyAttemptsError, ValidationError } from './errors.ts';
import { validateInput } from './validation.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';
import { AlreadySubscribedError, subscribe } from '../../services/newsletter.ts';
import { requireCaptcha } from '../../services/captcha.ts';

builder.objectType(AlreadySubscribedError, { name: 'AlreadySubscribedError', interfaces: [ErrorInterface] });

builder.prismaNode('NewsletterSubscription', {
  id: { field: 'id' },
  fields: (t) => ({
    email: t.exposeString('email'),
  }),
});

builder.mutationField('subscribeNewsletter', (t) =>
  t.prismaField({
    type: 'NewsletterSubscription',
    errors: { types: [ValidationError, AlreadySubscribedError, TooManyAttemptsError], directResult: true },
    args: {
      email: t.arg.string({ required: true }),
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
