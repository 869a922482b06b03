// Self-hosted proof-of-work captcha (ALTCHA, altcha-lib): no shopper's data goes to a third party.
// The BFF signs a challenge for one named action; the browser finds the counter (web/app/features/captcha)
// and sends back a token: base64 of JSON { challenge, solution }, as the ALTCHA widget does. A token is
// accepted once (its signature is stored until the challenge expires), for its own action only, before
// it expires, and only if this shop's key signed it (a token of another site key is refused).
// A service: resolvers ask for it before an action, and placeOrder inside the order's transaction.
import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { resolveSessionSecret } from '../session-secret.ts';
import { ValidationError } from './errors.ts';
import { ipKey, type RateLimiter, type RateRule } from '../rate-limit/rate-limit.ts';
import { message } from '../i18n/messages.ts';
import type { Locale } from '../../../schema/rules/locale.ts';

export const CAPTCHA_ACTIONS = [
  'registration',
  'passwordReset',
  'newsletter',
  'availabilityWatch',
  'returnProtocol',
  'voucherCheck',
  'placeOrder',
  'login',
  'holdSeats',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** How long a challenge may be solved and redeemed. */
export const CAPTCHA_TTL_MS = 10 * 60_000;
/** A real token is about 700 characters; anything longer is refused before parsing. */
export const CAPTCHA_TOKEN_MAX_LENGTH = 4000;
export const CAPTCHA_ALGORITHM = 'SHA-256';

export type CaptchaOutcome = 'ok' | 'missing' | 'invalid' | 'expired' | 'used' | 'wrongAction' | 'wrongSite';

type Keys = { signature: string; keySignature: string; siteKey: string };
const keysByConfig = new WeakMap<Config, Keys>();

function keys(config: Config): Keys {
  let found = keysByConfig.get(config);
  if (!found) {
    const base = config.captchaSecret ?? createHmac('sha256', resolveSessionSecret(config)).update('captcha').digest('hex');
    const derive = (label: string) => createHmac('sha256', base).update(label).digest('hex');
    found = {
      signature: derive('challenge-signature'),
      keySignature: derive('key-signature'),
      // public: names the key in every challenge, so a token of another shop (or an old key) is told apart
      siteKey: createHash('sha256').update(base).digest('hex').slice(0, 16),
    };
    keysByConfig.set(config, found);
  }
  return found;
}

/** The public id of this shop's captcha key (the "site key" every challenge carries). */
export function captchaSiteKey(config: Config): string {
  return keys(config).siteKey;
}

export async function createCaptchaChallenge(config: Config, action: CaptchaAction, now = Date.now()): Promise<Challenge> {
  const { signature, keySignature, siteKey } = keys(config);
  const max = config.captchaMaxNumber;
  return createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: 1,
    counter: randomInt(max, Math.ceil(max / 2)),
    deriveKey,
    data: { action, site: siteKey },
    expiresAt: Math.floor((now + CAPTCHA_TTL_MS) / 1000),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  });
}

function parseToken(token: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, solution } = parsed as { challenge?: Challenge; solution?: Solution };
    if (typeof challenge !== 'object' || challenge === null || typeof challenge.parameters !== 'object' || challenge.parameters === null) return null;
    if (typeof challenge.signature !== 'string' || typeof solution !== 'object' || solution === null) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/** Checks a token for an action and, when it is good, redeems it (a second use answers 'used'). */
export async function verifyCaptcha(
  deps: { prisma: Db | Prisma.TransactionClient; config: Config },
  action: CaptchaAction,
  token: string | null | undefined,
): Promise<CaptchaOutcome> {
  if (!token || token.trim() === '') return 'missing';
  if (token.length > CAPTCHA_TOKEN_MAX_LENGTH || !/^[A-Za-z0-9+/=]+$/.test(token)) return 'invalid';
  const parsed = parseToken(token);
  if (!parsed) return 'invalid';
  const { signature, keySignature, siteKey } = keys(deps.config);
  const data = parsed.challenge.parameters.data ?? {};
  if (parsed.challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) return 'invalid';
  let result;
  try {
    result = await verifySolution({
      challenge: parsed.challenge,
      solution: parsed.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: keySignature,
    });
  } catch {
    return 'invalid';
  }
  if (result.expired) return 'expired';
  if (result.invalidSignature) return data.site !== undefined && data.site !== siteKey ? 'wrongSite' : 'invalid';
  if (!result.verified) return 'invalid';
  if (data.site !== siteKey) return 'wrongSite';
  if (data.action !== action) return 'wrongAction';
  const expiresAt = new Date((parsed.challenge.parameters.expiresAt ?? 0) * 1000);
  if (!(expiresAt.getTime() > Date.now())) return 'invalid';
  await deps.prisma.captchaUse.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  const stored = await deps.prisma.captchaUse.createMany({
    data: [{ signature: parsed.challenge.signature!, action, expiresAt }],
    skipDuplicates: true,
  });
  return stored.count === 1 ? 'ok' : 'used';
}

/**
 * For resolvers and services: throws a ValidationError on the field `captcha` (in the request's
 * language) unless the token is good for this action; a good token is used up.
 */
export async function requireCaptcha(
  ctx: { prisma: Db | Prisma.TransactionClient; config: Config; language: Locale },
  action: CaptchaAction,
  token: string | null | undefined,
): Promise<void> {
  const outcome = await verifyCaptcha(ctx, action, token);
  if (outcome === 'ok') return;
  const key = outcome === 'missing' ? 'captchaMissing' : outcome === 'expired' ? 'captchaExpired' : 'captchaInvalid';
  throw new ValidationError([{ field: 'captcha', message: message(key, ctx.language) }], message('invalidInput', ctx.language));
}

/**
 * A captcha only after a few attempts: the first `rule.limit` calls per client address in the
 * rule's window pass without one (a token sent then is left unused); later ones need a good token.
 */
export async function requireCaptchaAfter(
  ctx: { prisma: Db; config: Config; language: Locale; rateLimiter: RateLimiter; clientIp: string },
  action: CaptchaAction,
  token: string | null | undefined,
  rule: RateRule,
): Promise<void> {
  const free = await ctx.rateLimiter.consume(rule, ipKey(ctx.clientIp));
  if (free.allowed) return;
  await requireCaptcha(ctx, action, token);
}
