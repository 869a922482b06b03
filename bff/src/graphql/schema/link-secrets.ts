// A link's secret kept in the session (services/link-secrets.ts): the page that read it from its address
// keeps it here and takes it out of the address bar; the same page at its address without the secret
// asks for it back. Browser sessions only: a bearer-token request has no session to keep anything in.
import { builder, PERSONAL_ANSWER } from './builder.ts';
import type { Context } from '../context.ts';
import { keepLinkSecret, keptLinkSecret, type LinkSecretKind } from '../../services/link-secrets.ts';

const LinkSecretKindEnum = builder.enumType('LinkSecretKind', {
  description: 'Which link a kept secret came from.',
  values: {
    ORDER_SUMMARY: { value: 'orderSummary', description: 'An order summary’s hash; the key is the order’s databaseId.' },
    ORDER_CONFIRMATION: { value: 'orderConfirmation', description: 'The token of a link that confirms an order sent without JavaScript; no key.' },
    PASSWORD_RESET: { value: 'passwordReset', description: 'A password-reset token; no key.' },
    SHARED_WISHLIST: { value: 'sharedWishlist', description: 'A wishlist’s share token; no key.' },
    WATCH_CANCEL: { value: 'watchCancel', description: 'An availability watch’s cancel token; no key.' },
  } as const satisfies Record<string, { value: LinkSecretKind; description: string }>,
});

function browserSession(ctx: Context): boolean {
  return ctx.partner === null && ctx.accessTokenId === undefined;
}

builder.mutationField('keepLinkSecret', (t) =>
  t.boolean({
    description:
      'Keeps the secret of a link this browser opened (an order summary, an order confirmation, a password reset, a shared wishlist, a watch’s cancel link) in its session, ' +
      'so the page works at its address without the secret. False when nothing was kept (no browser session, or no such secret).',
    args: {
      kind: t.arg({ type: LinkSecretKindEnum, required: true, description: 'Which link.' }),
      key: t.arg.string({ description: 'The order’s databaseId for ORDER_SUMMARY; empty otherwise.' }),
      secret: t.arg.string({ required: true, description: 'The secret from the link’s address.' }),
    },
    resolve: (_root, args, ctx) => browserSession(ctx) && keepLinkSecret(ctx.session, args.kind, args.key ?? '', args.secret),
  }),
);

builder.queryField('keptLinkSecret', (t) =>
  t.string({
    ...PERSONAL_ANSWER,
    nullable: true,
    description: 'The secret this browser session kept for the link (Mutation.keepLinkSecret), or null.',
    args: {
      kind: t.arg({ type: LinkSecretKindEnum, required: true, description: 'Which link.' }),
      key: t.arg.string({ description: 'The order’s databaseId for ORDER_SUMMARY; empty otherwise.' }),
    },
    resolve: (_root, args, ctx) => (browserSession(ctx) ? keptLinkSecret(ctx.session, args.kind, args.key ?? '') : null),
  }),
);
