// The product pictures' raster copies (/images/raster/<name>.<hash>.jpg|webp, rendered by the build:
// docs/decisions/0074). A name carries its content's hash, so a file is cached for a year as
// immutable; a name the build did not render answers a short 404 in the visitor's language, never
// the shop's page (an <img> or a feed reader asked for it) and never cached.
import express, { type Request, type Response, type Router } from 'express';
import { languageOfCookies } from '../../../schema/rules/cookies.ts';
import { message } from '../i18n/messages.ts';

export function rasterPictureRoutes(dir: string): Router {
  const router = express.Router();
  router.use(express.static(dir, { immutable: true, maxAge: '1y', index: false, redirect: false, dotfiles: 'deny' }));
  router.use((req: Request, res: Response) => {
    res.status(404).setHeader('Cache-Control', 'no-store');
    res.type('text/plain; charset=utf-8').send(message('pictureNotFound', languageOfCookies(req.headers.cookie)));
  });
  return router;
}
