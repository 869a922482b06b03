// Cookie consent: the browser keeps the choice in the `consent` cookie (schema/rules/consent.ts) and
// records each choice here, in the consent log.
import { builder } from './builder.ts';
import { TooManyAttemptsError, ValidationError } from './errors.ts';
import { recordConsent } from '../../services/consent.ts';

type RecordedShape = { id: number; createdAt: Date; textVersion: string };

const ConsentRecordRef = builder.objectRef<RecordedShape>('ConsentRecord').implement({
  description: 'A choice stored in the consent log.',
  fields: (t) => ({
    textVersion: t.exposeString('textVersion', { description: 'The version of the consent text the choice was made on.' }),
    recordedAt: t.field({ type: 'DateTime', description: 'When the choice was recorded.', resolve: (record) => record.createdAt }),
  }),
});

const ConsentInput = builder.inputType('ConsentInput', {
  description: 'A visitor’s choice of the optional cookie categories; technical cookies need no consent.',
  fields: (t) => ({
    anonymousId: t.string({ required: true, description: 'The UUID kept in the consent cookie.' }),
    analytical: t.boolean({ required: true, description: 'Consent to analytical cookies (to improve the site).' }),
    marketing: t.boolean({ required: true, description: 'Consent to marketing cookies (offers matching her interests).' }),
    advertising: t.boolean({ required: true, description: 'Consent to advertising cookies (measuring ads on social networks).' }),
    textVersion: t.string({ required: true, description: 'The version of the consent text the visitor answered.' }),
  }),
});

builder.mutationField('recordConsent', (t) =>
  t.field({
    type: ConsentRecordRef,
    description: 'Records a cookie consent choice (technical cookies are always on) in the consent log.',
    errors: {
      types: [ValidationError, TooManyAttemptsError],
      directResult: true,
      union: { description: 'The recorded choice, or why it was not recorded (30 choices per address in 15 minutes).' },
    },
    args: { input: t.arg({ type: ConsentInput, required: true, description: 'The choice.' }) },
    resolve: async (_root, { input }, ctx) => {
      const recorded = await recordConsent(ctx, { ...input, language: ctx.language, clientIp: ctx.clientIp });
      return { ...recorded, textVersion: input.textVersion };
    },
  }),
);
