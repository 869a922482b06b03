// Cookie consent: the browser keeps the choice in the `consent` cookie (schema/rules/consent.ts) and
// records each choice here, in the consent log.
import { builder } from './builder.ts';
import { TooManyAttemptsError, ValidationError } from './errors.ts';
import { recordConsent } from '../../services/consent.ts';

type RecordedShape = { id: number; createdAt: Date; textVersion: string };

const ConsentRecordRef = builder.objectRef<RecordedShape>('ConsentRecord').implement({
  description: 'A choice stored in the consent log.',
  fields: (t) => ({
    textVersion: t.exposeString('textVersion'),
    recordedAt: t.field({ type: 'DateTime', resolve: (record) => record.createdAt }),
  }),
});

const ConsentInput = builder.inputType('ConsentInput', {
  fields: (t) => ({
    anonymousId: t.string({ required: true, description: 'The UUID kept in the consent cookie.' }),
    analytical: t.boolean({ required: true }),
    marketing: t.boolean({ required: true }),
    advertising: t.boolean({ required: true }),
    textVersion: t.string({ required: true, description: 'The version of the consent text the visitor answered.' }),
  }),
});

builder.mutationField('recordConsent', (t) =>
  t.field({
    type: ConsentRecordRef,
    description: 'Records a cookie consent choice (technical cookies are always on) in the consent log.',
    errors: { types: [ValidationError, TooManyAttemptsError], directResult: true },
    args: { input: t.arg({ type: ConsentInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const recorded = await recordConsent(ctx, { ...input, language: ctx.language, clientIp: ctx.clientIp });
      return { ...recorded, textVersion: input.textVersion };
    },
  }),
);
