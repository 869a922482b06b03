// Solves the shop's captcha the way a browser does (tests run it with CAPTCHA_MAX_NUMBER 200, so a
// solve is about a hundred SHA-256 rounds). Use: `captcha: await captchaToken(app, 'NEWSLETTER')`.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export type CaptchaActionName =
  | 'REGISTRATION'
  | 'PASSWORD_RESET'
  | 'NEWSLETTER'
  | 'AVAILABILITY_WATCH'
  | 'RETURN_PROTOCOL'
  | 'VOUCHER_CHECK'
  | 'PLACE_ORDER'
  | 'LOGIN'
  | 'HOLD_SEATS';

type GqlCapable = {
  gql: (document: string, variables?: Record<string, unknown>) => Promise<{ data?: unknown; errors?: { message: string }[] }>;
};

/** A fresh challenge of the app for the action, as JSON. */
export async function captchaChallenge(app: GqlCapable, action: CaptchaActionName): Promise<Challenge> {
  const response = await app.gql('query TestCaptchaChallenge($action: CaptchaAction!) { captchaChallenge(action: $action) { challenge } }', {
    action,
  });
  const data = response.data as { captchaChallenge?: { challenge: string } } | null | undefined;
  if (!data?.captchaChallenge) throw new Error(`no captcha challenge: ${JSON.stringify(response.errors)}`);
  return JSON.parse(data.captchaChallenge.challenge) as Challenge;
}

/** The token for a challenge: base64 of JSON { challenge, solution }. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A good, unused token of the app for one action. */
export async function captchaToken(app: GqlCapable, action: CaptchaActionName): Promise<string> {
  return solveCaptcha(await captchaChallenge(app, action));
}
