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
import { forgetLinkSecret } from '../../services/link-secrets.ts';

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
  description: 'The registration form; every field is checked, and refused ones come back in ValidationError.fieldErrors.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The e-mail she will sign in with, at most 254 characters; one that has an account answers EmailTakenError.' }),
    phone: t.string({ description: 'Optional: a Czech or Slovak number (9 digits, +420/+421 before them optional); stored as +420777123456.' }),
    firstName: t.string({ required: true, description: 'First name, at most 100 characters.' }),
    lastName: t.string({ required: true, description: 'Last name, at most 100 characters.' }),
    password: t.string({ required: true, description: '8 to 128 characters, no composition rules; one of the 10 000 most common passwords is refused.' }),
    passwordConfirmation: t.string({ required: true, description: 'The password again; it must be the same.' }),
    newsletter: t.boolean({ required: true, defaultValue: false, description: 'Subscribe her e-mail to the newsletter too (her marketing consent).' }),
    consent: t.boolean({ required: true, description: 'Consent with the terms and the privacy policy; registration requires true.' }),
    captcha: t.string({ description: 'A captcha token for the action REGISTRATION (Query.captchaChallenge).' }),
  }),
});

builder.mutationField('register', (t) =>
  t.prismaField({
    type: 'Customer',
    description: 'Creates an account and signs the shopper in (new session id, guest cart carried over). Limited per client address.',
    errors: {
      types: [ValidationError, EmailTakenError, TooManyAttemptsError, AuthenticationError],
      directResult: true,
      union: { description: 'The new, signed-in Customer, or why no account was made.' },
    },
    args: { input: t.arg({ type: RegisterInput, required: true, description: 'The registration form.' }) },
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
  fields: (t) => ({
    message: t.exposeString('message', { description: 'What to tell the shopper, in the request language: a link is on its way if the e-mail has an account.' }),
  }),
});

const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  description: 'The forgotten-password form.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The e-mail of the account, at most 254 characters.' }),
    captcha: t.string({ description: 'A captcha token for the action PASSWORD_RESET (Query.captchaChallenge).' }),
  }),
});

builder.mutationField('requestPasswordReset', (t) =>
  t.field({
    type: PasswordResetRequested,
    description: "E-mails a link to /zmena-hesla/{token} in the account's language when the e-mail has an account; answers the same either way.",
    errors: { types: [ValidationError, TooManyAttemptsError], directResult: true, union: { description: 'The same answer for any e-mail, or a refused input or too many requests.' } },
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true, description: 'The forgotten-password form.' }) },
    resolve: async (_root, { input }, ctx) => {
      await requestPasswordReset(ctx, input, ctx, () => requireCaptcha(ctx, 'passwordReset', input.captcha));
      return { message: message('passwordResetRequested', ctx.language) };
    },
  }),
);

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  description: 'A new password, set with the link of the forgotten-password e-mail.',
  fields: (t) => ({
    token: t.string({ required: true, description: 'The {hash} of the e-mailed link /zmena-hesla/{hash}.' }),
    password: t.string({ required: true, description: 'The new password: 8 to 128 characters; one of the 10 000 most common passwords is refused.' }),
    passwordConfirmation: t.string({ required: true, description: 'The new password again; it must be the same.' }),
  }),
});

builder.mutationField('resetPassword', (t) =>
  t.prismaField({
    type: 'Customer',
    description: "Sets a new password with the e-mailed link's token (once, within 60 minutes); ends every session of the customer and signs this shopper in.",
    errors: {
      types: [ValidationError, PasswordChangeError, TooManyAttemptsError, AuthenticationError],
      directResult: true,
      union: { description: 'The signed-in Customer with the new password, or why the password was not changed.' },
    },
    args: { input: t.arg({ type: ResetPasswordInput, required: true, description: 'The new password and the link’s token.' }) },
    resolve: async (query, _root, { input }, ctx) => {
      refuseTokenRequest(ctx);
      const customerId = await resetPassword(ctx, input, ctx);
      // a used token has done its work (a reload of the reset page then fails as with a used link)
      forgetLinkSecret(ctx.session, 'passwordReset', '');
      await afterLogin(ctx, customerId);
      return ctx.prisma.customer.findUniqueOrThrow({ ...query, where: { id: customerId } });
    },
  }),
);

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  description: 'The password change form of a signed-in customer.',
  fields: (t) => ({
    oldPassword: t.string({ required: true, description: 'Her current password; a wrong one answers PasswordChangeError.' }),
    password: t.string({ required: true, description: 'The new password: 8 to 128 characters; one of the 10 000 most common passwords is refused.' }),
    passwordConfirmation: t.string({ required: true, description: 'The new password again; it must be the same.' }),
  }),
});

builder.mutationField('changePassword', (t) =>
  t.prismaField({
    type: 'Customer',
    description: 'The signed-in customer changes her password with the old one; every other session ends and this one gets a new id.',
    authScopes: { customer: true },
    errors: {
      types: [ValidationError, PasswordChangeError, TooManyAttemptsError, AuthenticationError],
      directResult: true,
      union: { description: 'The Customer with the new password, or why the password was not changed.' },
    },
    args: { input: t.arg({ type: ChangePasswordInput, required: true, description: 'The old and the new password.' }) },
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
  description: 'Deleting the account asks for the password once more.',
  fields: (t) => ({ password: t.string({ required: true, description: 'Her current password; a wrong one is a ValidationError at `password`.' }) }),
});

const AccountDeleted = builder.objectRef<{ deleted: true }>('AccountDeleted').implement({
  description: 'The account is gone: orders kept anonymised, everything else removed, every session ended.',
  fields: (t) => ({ deleted: t.exposeBoolean('deleted', { description: 'Always true.' }) }),
});

builder.mutationField('deleteAccount', (t) =>
  t.field({
    type: AccountDeleted,
    description:
      'Deletes the signed-in customer’s account after checking her password (wrong passwords are limited as logins are): ' +
      'her orders are kept anonymised, everything else is removed, every session ends and this one continues as a guest’s.',
    authScopes: { customer: true },
    errors: {
      types: [ValidationError, AuthenticationError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The account is gone, or why not (a wrong password, too many attempts, a token request).' },
    },
    args: { input: t.arg({ type: DeleteAccountInput, required: true, description: 'Her password.' }) },
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
    id: t.globalID({ description: 'The token’s id: pass it to revokeAccessToken.', resolve: (row) => ({ type: 'AccessToken', id: row.id }) }),
    prefix: t.exposeString('prefix', { description: 'The public part of the token (8 hex characters after `shp_`), to recognise it by.' }),
    name: t.exposeString('name', { description: 'What the token is for, as given at its creation (tokenName).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the token was created.' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'When a request last used it (to the minute); null before its first use.' }),
    expiresAt: t.field({ type: 'DateTime', description: 'When it stops working: 90 days after its creation.', resolve: (row) => row.expiresAt! }),
  }),
});

const AccessTokenLogin = builder.objectRef<{ token: string; row: CustomerTokenRow; customerId: number }>('AccessTokenLogin').implement({
  description: 'A personal access token just created by loginWithToken: the secret once, and its record.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The bearer token; this is the only time it is shown.' }),
    accessToken: t.field({ type: AccessTokenRef, description: 'The token as her token list shows it.', resolve: (result) => result.row }),
  }),
});

const LoginWithTokenInput = builder.inputType('LoginWithTokenInput', {
  description: 'The sign-in of a customer’s app.',
  fields: (t) => ({
    email: t.string({ required: true, description: 'The e-mail she signs in with.' }),
    password: t.string({ required: true, description: 'Her password.' }),
    tokenName: t.string({ required: true, description: 'What the token is for, e.g. the device; shown in the token list.' }),
  }),
});

builder.mutationField('loginWithToken', (t) =>
  t.field({
    type: AccessTokenLogin,
    description:
      "Login for a customer's app: answers a personal access token (90 days) instead of a session cookie. Same limits as login; " +
      'she keeps at most 20 tokens, and a new one revokes the oldest beyond that.',
    errors: {
      types: [ValidationError, AuthenticationError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The new token, or why none was made (a wrong e-mail or password, too many attempts).' },
    },
    args: { input: t.arg({ type: LoginWithTokenInput, required: true, description: 'Her e-mail, password and a name for the token.' }) },
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
    errors: { types: [ValidationError], directResult: true, union: { description: 'The revoked token, or a ValidationError at `id`.' } },
    args: { id: t.arg.globalID({ required: true, description: 'An AccessToken’s id (Customer.accessTokens).' }) },
    resolve: (_root, args, ctx) =>
      revokeOwnAccessToken(ctx, ctx.customerId!, args.id.typename === 'AccessToken' ? Number(args.id.id) : NaN),
  }),
);
