// The production build's own files at the top of build/client (favicon.svg, images/…): served as
// files, and only they. express.static in front of every page looked each page's path up in the
// file system first (a `stat` per page, 2 % of a render in a profile: issue 41); the build does not
// change while the shop runs, so what it holds is read once.
import { readdirSync } from 'node:fs';
import express, { type RequestHandler } from 'express';

export function buildFiles(dir: string, options: { maxAge: string }): RequestHandler {
  const entries = new Set(readdirSync(dir));
  const files = express.static(dir, { maxAge: options.maxAge, index: false });
  return (req, res, next) => {
    const first = req.path.split('/')[1] ?? '';
    if (!entries.has(first)) return next();
    files(req, res, next);
  };
}
