// Captcha challenges (bff/src/services/captcha.ts): the web asks for one per named action, solves it in the
// browser and sends the token with the protected mutation (argument `captcha`).
import { builder, PERSONAL_ANSWER } from './builder.ts';
import { createCaptchaChallenge, CAPTCHA_ALGORITHM, type CaptchaAction } from '../../services/captcha.ts';

export const CaptchaActionEnum = builder.enumType('CaptchaAction', {
  description: 'The action a captcha token is good for; a token of one action is refused by another.',
  values: {
    REGISTRATION: { value: 'registration', description: 'register (always).' },
    PASSWORD_RESET: { value: 'passwordReset', description: 'requestPasswordReset (always).' },
    NEWSLETTER: { value: 'newsletter', description: 'subscribeNewsletter (always).' },
    AVAILABILITY_WATCH: { value: 'availabilityWatch', description: 'watchAvailability (always).' },
    RETURN_PROTOCOL: { value: 'returnProtocol', description: 'submitReturnProtocol (always).' },
    VOUCHER_CHECK: { value: 'voucherCheck', description: 'checkVoucher and applyVoucher, after the first few attempts from an address.' },
    PLACE_ORDER: { value: 'placeOrder', description: 'placeOrder, after the first order from an address in an hour.' },
    LOGIN: { value: 'login', description: 'login at an account locked after failed attempts (TooManyAttemptsError.captchaAccepted).' },
    HOLD_SEATS: { value: 'holdSeats', description: 'holdSeats, after the first hold of a session (once per session).' },
  } as const,
});

type ChallengeShape = { action: CaptchaAction; json: string; expiresAt: Date };

const CaptchaChallengeRef = builder.objectRef<ChallengeShape>('CaptchaChallenge').implement({
  description: `A signed proof-of-work challenge (ALTCHA v2, ${CAPTCHA_ALGORITHM}); solve it and send base64(JSON {challenge, solution}) as the captcha token.`,
  fields: (t) => ({
    action: t.field({ type: CaptchaActionEnum, description: 'The action its token is good for.', resolve: (challenge) => challenge.action }),
    challenge: t.string({ description: 'The challenge as JSON, for the solver.', resolve: (challenge) => challenge.json }),
    expiresAt: t.field({ type: 'DateTime', description: 'After this moment (10 minutes on) neither the challenge nor its token is accepted.', resolve: (challenge) => challenge.expiresAt }),
  }),
});

builder.queryField('captchaChallenge', (t) =>
  t.field({
    ...PERSONAL_ANSWER,
    type: CaptchaChallengeRef,
    description: 'A new captcha challenge for one action; it expires in 10 minutes and its token is accepted once.',
    args: { action: t.arg({ type: CaptchaActionEnum, required: true, description: 'The action the token will be sent with.' }) },
    resolve: async (_root, args, ctx) => {
      // a challenge is good once: a cached one would be handed to many browsers
      ctx.answerIsUnique?.();
      const challenge = await createCaptchaChallenge(ctx.config, args.action);
      return {
        action: args.action,
        json: JSON.stringify(challenge),
        expiresAt: new Date((challenge.parameters.expiresAt ?? 0) * 1000),
      };
    },
  }),
);
