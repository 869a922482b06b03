// GET /ucet/soukromi/data.json (and /en/account/privacy/data.json): everything the shop holds about
// the signed-in customer as a JSON download (issue 7, item 8; services/privacy.ts). Mounted after the
// session middleware; a guest gets 401. A GET changes nothing, and another site cannot read the
// answer (no CORS), so it needs no CSRF token.
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import type { ShopSession } from '../graphql/context.ts';
import { exportCustomerData } from '../services/privacy.ts';

import { PRIVACY_EXPORT_PATHS } from '../../../schema/rules/identity.ts';

export function privacyExportRoutes(prisma: Db): Router {
  const router = Router();
  router.get([PRIVACY_EXPORT_PATHS.cs, PRIVACY_EXPORT_PATHS.en], async (req, res, next) => {
    try {
      const customerId = (req.session as ShopSession | undefined)?.customerId;
      const data = customerId ? await exportCustomerData(prisma, customerId) : null;
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'noindex');
      if (!data) {
        res.status(401).json({ error: 'Sign in to download your data.' });
        return;
      }
      const date = new Date().toISOString().slice(0, 10);
      res.setHeader('Content-Disposition', `attachment; filename="moje-data-${date}.json"`);
      res.type('application/json').send(JSON.stringify(data, null, 2));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
