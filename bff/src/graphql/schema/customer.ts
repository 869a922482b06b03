// The signed-in customer: identity, login and logout. Registration and account data build on this.
import { builder, PERSONAL_ANSWER } from './builder.ts';
import { AuthenticationError, TooManyAttemptsError, ValidationError } from './errors.ts';
import { validateInput } from './validation.ts';
import { email, max, required, storedPhone } from '../../../../schema/rules/index.ts';
import { login } from '../../services/auth.ts';
import { requireCaptcha } from '../../services/captcha.ts';
import { afterLogin } from '../../services/after-login.ts';
import { revokeCustomerToken } from '../../services/api-tokens.ts';

builder.prismaNode('Customer', {
  description: 'A customer account: only the signed-in customer (or her personal access token) reads it.',
  id: { field: 'id', description: 'Global id of the customer.' },
  // Checked per object, not with the request's cached `customer` scope: that is computed before a
  // root field runs, so the customer who has just logged in would not be allowed to read herself.
  authScopes: (customer, ctx) => ctx.customerId !== null && ctx.customerId === customer.id,
  fields: (t) => ({
    email: t.exposeString('email', { description: 'The e-mail she signs in with.' }),
    firstName: t.exposeString('firstName', { description: 'First name.' }),
    lastName: t.exposeString('lastName', { description: 'Surname.' }),
    phone: t.string({ nullable: true, description: 'Stored as +420777123456; null when she gave none.', resolve: (customer) => storedPhone(customer.phone) || null }),
    newsletter: t.exposeBoolean('newsletter', { description: 'She receives the newsletter.' }),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  description: 'The login form.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The e-mail she signs in with.' }),
    password: t.string({ required: true, description: 'Her password.' }),
    captcha: t.string({
      description:
        'A captcha token (LOGIN): lets an attempt through while the account is locked by failed attempts ' +
        '(TooManyAttemptsError with captchaAccepted); left unused otherwise.',
    }),
  }),
});

const loginRules = { email: [required, email, max(254)], password: [required, max(128)] };

builder.queryField('me', (t) =>
  t.prismaField({
    ...PERSONAL_ANSWER,
    type: 'Customer',
    nullable: true,
    description: 'The signed-in customer, or null for a guest.',
    resolve: (query, _root, _args, ctx) =>
      ctx.customerId === null ? null : ctx.prisma.customer.findUnique({ ...query, where: { id: ctx.customerId } }),
  }),
);

builder.mutationFields((t) => ({
  login: t.prismaField({
    type: 'Customer',
    description:
      'Signs the shopper in with e-mail and password: her guest cart and wishlist join her own, and the session gets a new id. ' +
      'Failed attempts are limited per account and per address (TooManyAttemptsError); not with a token.',
    errors: {
      types: [ValidationError, AuthenticationError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The signed-in Customer, or why not (AuthenticationError for a wrong e-mail or password, the same for both).' },
    },
    args: { input: t.arg({ type: LoginInput, required: true, description: 'Her e-mail and password.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      validateInput(ctx, { ...input, email: input.email.trim() }, loginRules);
      const token = input.captcha;
      const customerId = await login(
        ctx,
        { email: input.email, password: input.password, clientIp: ctx.clientIp },
        { check: token ? () => requireCaptcha(ctx, 'login', token) : null },
      );
      await afterLogin(ctx, customerId);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: customerId } });
    },
  }),
  logout: t.boolean({
    description: 'Ends the session; with a personal access token (Authorization: Bearer), revokes that token.',
    resolve: async (_root, _args, ctx) => {
      if (ctx.accessTokenId !== undefined && ctx.customerId !== null) {
        await revokeCustomerToken(ctx.prisma, ctx.customerId, ctx.accessTokenId);
        ctx.customerId = null;
        return true;
      }
      await ctx.regenerateSession();
      ctx.customerId = null;
      return true;
    },
  }),
}));
