// GET /odstoupeni-od-smlouvy.pdf (/en/withdrawal-form.pdf): the model withdrawal form (Annex I(B);
// docs/decisions/0061) as a PDF, the same bytes for everyone (drawn once per language).
import { Router } from 'express';
import { MODEL_FORM_PDF_PATHS } from '../../../schema/routes.ts';
import type { Locale } from '../../../schema/rules/locale.ts';
import { modelFormFileName } from '../pdf/withdrawal.ts';
import { drawInThread } from '../pdf/drawing-thread.ts';

/** `periodDays`: the shop's withdrawal period (config.withdrawalPeriodDays), which the form states. */
export function withdrawalFormRoutes(periodDays: number): Router {
  const router = Router();
  const drawn = new Map<Locale, Promise<Buffer>>();
  for (const language of ['cs', 'en'] as const) {
    router.get(MODEL_FORM_PDF_PATHS[language], async (_req, res) => {
      if (!drawn.has(language)) drawn.set(language, drawInThread('modelForm', language, periodDays));
      const bytes = await drawn.get(language)!;
      res.status(200);
      res.type('application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="${modelFormFileName(language)}"`);
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.end(bytes);
    });
  }
  return router;
}
