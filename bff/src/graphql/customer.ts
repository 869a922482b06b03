// The signed-in customer: identity, login and logout. Registration and account data build on this.
import { builder } from './builder.ts';
import { AuthenticationError, ValidationError } from './errors.ts';
import { validateInput } from './validation.ts';
import { email, max, required } from '../../../schema/rules/index.ts';
import { dummyPasswordHash, verifyPassword } from '../services/passwords.ts';
import { message } from '../i18n/messages.ts';

builder.prismaObject('Customer', {
  authScopes: { customer: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    phone: t.exposeString('phone', { nullable: true }),
    newsletter: t.exposeBoolean('newsletter'),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
  }),
});

const loginRules = { email: [required, email, max(254)], password: [required, max(128)] };

builder.queryField('me', (t) =>
  t.prismaField({
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
    errors: { types: [ValidationError, AuthenticationError], directResult: true },
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      validateInput(ctx, { ...input, email: input.email.trim() }, loginRules);
      const customer = await ctx.prisma.customer.findUnique({
        where: { email: input.email.trim().toLowerCase() },
        select: { id: true, passwordHash: true },
      });
      const valid = await verifyPassword(customer?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!customer || !valid) throw new AuthenticationError(message('loginFailed', ctx.language));
      const cartId = ctx.session.cartId;
      await ctx.regenerateSession();
      ctx.session.customerId = customer.id;
      ctx.session.cartId = cartId;
      ctx.customerId = customer.id;
      if (cartId) await ctx.prisma.cart.updateMany({ where: { id: cartId, customerId: null }, data: { customerId: customer.id } });
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: customer.id } });
    },
  }),
  logout: t.boolean({
    resolve: async (_root, _args, ctx) => {
      await ctx.regenerateSession();
      ctx.customerId = null;
      return true;
    },
  }),
}));
