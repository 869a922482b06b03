// Accounts and identity (issue 7): registration, forgotten password and password change, deleting
// the account, and personal access tokens (bearer token mode). Thin resolvers: the rules are in
// services/registration.ts, password-reset.ts, privacy.ts and api-tokens.ts.
import { builder } from './builder.ts';
import type { Context } from '../context.ts';
import { AuthenticationError, ErrorInterface, TooManyAttemptsError, ValidationError } from './errors.ts';
import { validateInput } from './validation.ts';
import { email, max, required } from '../../../../schema/rules/index.ts';
import { deleteAccountFormSchema } from '../../../../schema/rules/identity.ts';
import { message } from '../../i18n/messages.ts';
import { requireCaptcha } from '../../services/captcha.ts';
import { login } from '../../services/auth.ts';
import { afterLogin } from '../../services/after-login.ts';
import { createCustomerToken, listCustomerTokens, revokeOwnAccessToken, type CustomerTokenRow } from '../../services/api-tokens.ts';
import { changePassword, PasswordChangeError, requestPasswordReset, resetPassword } from '../../services/password-reset.ts';
import { deleteAccount } from '../../services/privacy.ts';
import { EmailTakenError, register } from '../../services/registration.ts';

// ------------------------------------------------------------------ errors

builder.objectType(EmailTakenError, {
  name: 'EmailTakenError',
  description: 'Registration: an account with this e-mail exists (the spec suggests another e-mail or the forgotten-password page).',
  interfaces: [ErrorInterface],
});

builder.objectType(PasswordChangeError, {
  name: 'PasswordChangeError',
  description: "The password was not changed: a wrong, used or expired link, or a wrong old password (the spec's one message).",
  interfaces: [ErrorInterface],
});

function refuseTokenRequest(ctx: Context): void {
  // a bearer-token request has no session to sign in or out of
  if (ctx.accessTokenId !== undefined) throw new AuthenticationError(message('tokenRequestHasNoSession', ctx.language));
}

// ------------------------------------------------------------------ registration

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    phone: t.string(),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
    newsletter: t.boolean({ required: true, defaultValue: false }),
    /** Consent with the terms and the privacy policy; registration requires it. */
    consent: t.boolean({ required: true }),
    captcha: t.string({ description: 'A captcha token for the action REGISTRATION (Query.captchaChallenge).' }),
  }),
});

builder.mutationField('register', (t) =>
  t.prismaField({
    type: 'Customer',
    description: 'Creates an account and signs the shopper in (new session id, guest cart carried over). Limited per client address.',
    errors: { types: [ValidationError, EmailTakenError, TooManyAttemptsError, AuthenticationError], directResult: true },
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      refuseTokenRequest(ctx);
      const customerId = await register(ctx, input, ctx, () => requireCaptcha(ctx, 'registration', input.captcha));
      await afterLogin(ctx, customerId);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: customerId } });
    },
  }),
);

// ------------------------------------------------------------------ forgotten password

const PasswordResetRequested = builder.objectRef<{ message: string }>('PasswordResetRequested').implement({
  description: 'The same answer whether the e-mail has an account or not.',
  fields: (t) => ({ message: t.exposeString('message') }),
});

const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    captcha: t.string({ description: 'A captcha token for the action PASSWORD_RESET (Query.captchaChallenge).' }),
  }),
});

builder.mutationField('requestPasswordReset', (t) =>
  t.field({
    type: PasswordResetRequested,
    description: "E-mails a link to /zmena-hesla/{token} in the account's language when the e-mail has an account; answers the same either way.",
    errors: { types: [ValidationError, TooManyAttemptsError], directResult: true },
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      await requestPasswordReset(ctx, input, ctx, () => requireCaptcha(ctx, 'passwordReset', input.captcha));
      return { message: message('passwordResetRequested', ctx.language) };
    },
  }),
);

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    token: t.string({ required: true, description: 'The {hash} of the e-mailed link /zmena-hesla/{hash}.' }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
  }),
});

builder.mutationField('resetPassword', (t) =>
  t.prismaField({
    type: 'Customer',
    description: "Sets a new password with the e-mailed link's token (once, within 60 minutes); ends every session of the customer and signs this shopper in.",
    errors: { types: [ValidationError, PasswordChangeError, TooManyAttemptsError, AuthenticationError], directResult: true },
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      refuseTokenRequest(ctx);
      const customerId = await resetPassword(ctx, input, ctx);
      await afterLogin(ctx, customerId);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: customerId } });
    },
  }),
);

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  fields: (t) => ({
    oldPassword: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string({ required: true }),
  }),
});

builder.mutationField('changePassword', (t) =>
  t.prismaField({
    type: 'Customer',
    description: 'The signed-in customer changes her password with the old one; every other session ends and this one gets a new id.',
    authScopes: { customer: true },
    errors: { types: [ValidationError, PasswordChangeError, TooManyAttemptsError, AuthenticationError], directResult: true },
    args: { input: t.arg({ type: ChangePasswordInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      refuseTokenRequest(ctx);
      const customerId = await changePassword(ctx, { ...input, customerId: ctx.customerId! }, ctx);
      await afterLogin(ctx, customerId);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: customerId } });
    },
  }),
);

// ------------------------------------------------------------------ deleting the account

const DeleteAccountInput = builder.inputType('DeleteAccountInput', {
  fields: (t) => ({ password: t.string({ required: true }) }),
});

const AccountDeleted = builder.objectRef<{ deleted: true }>('AccountDeleted').implement({
  description: 'The account is gone: orders kept anonymised, everything else removed, every session ended.',
  fields: (t) => ({ deleted: t.exposeBoolean('deleted') }),
});

builder.mutationField('deleteAccount', (t) =>
  t.field({
    type: AccountDeleted,
    authScopes: { customer: true },
    errors: { types: [ValidationError, AuthenticationError, TooManyAttemptsError], directResult: true },
    args: { input: t.arg({ type: DeleteAccountInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      refuseTokenRequest(ctx);
      validateInput(ctx, input, deleteAccountFormSchema);
      await deleteAccount(ctx, { customerId: ctx.customerId!, password: input.password }, ctx);
      await ctx.regenerateSession();
      ctx.customerId = null;
      return { deleted: true as const };
    },
  }),
);

// ------------------------------------------------------------------ personal access tokens

const AccessTokenRef = builder.objectRef<CustomerTokenRow>('AccessToken').implement({
  description: "A customer's personal access token for `Authorization: Bearer`; only its public prefix is ever shown again.",
  fields: (t) => ({
    id: t.globalID({ resolve: (row) => ({ type: 'AccessToken', id: row.id }) }),
    prefix: t.exposeString('prefix'),
    name: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.field({ type: 'DateTime', resolve: (row) => row.expiresAt! }),
  }),
});

const AccessTokenLogin = builder.objectRef<{ token: string; row: CustomerTokenRow; customerId: number }>('AccessTokenLogin').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The bearer token; this is the only time it is shown.' }),
    accessToken: t.field({ type: AccessTokenRef, resolve: (result) => result.row }),
  }),
});

const LoginWithTokenInput = builder.inputType('LoginWithTokenInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    tokenName: t.string({ required: true, description: 'What the token is for, e.g. the device; shown in the token list.' }),
  }),
});

builder.mutationField('loginWithToken', (t) =>
  t.field({
    type: AccessTokenLogin,
    description: "Login for a customer's app: answers a personal access token (90 days) instead of a session cookie. Same limits as login.",
    errors: { types: [ValidationError, AuthenticationError, TooManyAttemptsError], directResult: true },
    args: { input: t.arg({ type: LoginWithTokenInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      validateInput(ctx, { ...input, email: input.email.trim() }, { email: [required, email, max(254)], password: [required, max(128)], tokenName: [required, max(100)] });
      // an app's token login takes no captcha: a locked account's refusal does not offer one
      const customerId = await login(ctx, { email: input.email, password: input.password, clientIp: ctx.clientIp });
      const created = await createCustomerToken(ctx.prisma, { customerId, name: input.tokenName });
      return { ...created, customerId };
    },
  }),
);

builder.prismaObjectField('Customer', 'accessTokens', (t) =>
  t.field({
    type: [AccessTokenRef],
    description: 'Her personal access tokens that still work, newest first.',
    resolve: (customer, _args, ctx) => listCustomerTokens(ctx.prisma, customer.id),
  }),
);

builder.mutationField('revokeAccessToken', (t) =>
  t.field({
    type: AccessTokenRef,
    description: 'Revokes one of her own tokens (also the one this request is made with); another customer\'s id is "not found".',
    authScopes: { customer: true },
    errors: { types: [ValidationError], directResult: true },
    args: { id: t.arg.globalID({ required: true }) },
    resolve: (_root, args, ctx) =>
      revokeOwnAccessToken(ctx, ctx.customerId!, args.id.typename === 'AccessToken' ? Number(args.id.id) : NaN),
  }),
);
