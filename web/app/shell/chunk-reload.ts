// A code chunk that fails to load (a deploy removed it, or the network dropped it). Spec: go to the
// page the shopper asked for with a full page load, at most once every 10 s per path (kept in
// sessionStorage), then show an error instead of reloading in a loop.
//
// Two cases:
// - a client-side navigation: React Router's loadRouteModule logs "Error loading route module …" and
//   then reloads the *current* page. installChunkFailureHandling() catches that log line, sends the
//   browser to the navigation's target instead, and throws so React Router's reload never runs (the
//   route's error is shown as a ChunkLoadError by the root ErrorBoundary: a short "loading" or, past
//   the guard, the error with a link).
// - a direct load whose chunk is missing never hydrates: CHUNK_GUARD_SCRIPT (inline in <head>, with
//   the CSP nonce) reloads once per path and 10 s, then shows a notice with a link.
import { CHUNK_RELOAD_GUARD_MS } from '../../../schema/rules/constants.ts';

export const CHUNK_RELOAD_KEY_PREFIX = 'chunk-reload:';

export class ChunkLoadError extends Error {
  constructor(
    public readonly target: string,
    public readonly reloading: boolean,
  ) {
    super(`A code chunk for ${target} could not be loaded`);
    this.name = 'ChunkLoadError';
  }
}

/** True (and remembered) when a full load of this path is allowed now; false within 10 s of the last one. */
export function mayReloadPath(path: string, storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  const key = CHUNK_RELOAD_KEY_PREFIX + path;
  let last: number;
  try {
    last = Number(storage.getItem(key) ?? 0) || 0;
  } catch {
    return false; // no storage: never risk a loop
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    return false;
  }
  return true;
}

type RouterLike = { state: { navigation: { location?: { pathname: string; search: string; hash: string } } } };

/** Where a failed route module load was going: the pending navigation, else the current page. */
function pendingTarget(): { path: string; url: string } {
  const router = (window as Window & { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
  const target = router?.state.navigation.location ?? window.location;
  return { path: target.pathname, url: `${target.pathname}${target.search}${target.hash}` };
}

let installed = false;

export function installChunkFailureHandling() {
  if (installed) return;
  installed = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    original(...args);
    if (typeof args[0] === 'string' && args[0].startsWith('Error loading route module')) {
      const { path, url } = pendingTarget();
      const reloading = mayReloadPath(path, window.sessionStorage);
      if (reloading) window.location.assign(url);
      // stops React Router's own reload of the page the shopper is leaving
      throw new ChunkLoadError(url, reloading);
    }
  };
  // a lazily imported module of the current page (vite's preload helper): reload this page, guarded
  window.addEventListener('vite:preloadError', (event) => {
    if (mayReloadPath(window.location.pathname, window.sessionStorage)) {
      event.preventDefault();
      window.location.reload();
    }
  });
}

/** The inline <head> script for a direct load whose chunks fail (runs before any module). */
export function chunkGuardScript(): string {
  const texts = {
    cs: ['Stránku se nepodařilo úplně načíst.', 'Načíst znovu'],
    en: ['The page could not be loaded completely.', 'Load again'],
  };
  return `(function(){var G=${CHUNK_RELOAD_GUARD_MS},P=${JSON.stringify(CHUNK_RELOAD_KEY_PREFIX)},T=${JSON.stringify(texts)},shown=false;
function fail(){if(document.documentElement.getAttribute('data-hydrated'))return;var k=P+location.pathname,last=0;
try{last=+sessionStorage.getItem(k)||0}catch(e){last=Date.now()}
if(Date.now()-last>=G){try{sessionStorage.setItem(k,String(Date.now()));location.reload();return}catch(e){}}
if(shown)return;shown=true;var show=function(){var t=T[document.documentElement.lang]||T.cs,d=document.createElement('p'),a=document.createElement('a');
d.className='chunk-error';d.setAttribute('role','alert');d.setAttribute('data-testid','chunk-error');d.textContent=t[0]+' ';a.href=location.href;a.textContent=t[1];d.appendChild(a);document.body.insertBefore(d,document.body.firstChild)};
if(document.body)show();else document.addEventListener('DOMContentLoaded',show)}
addEventListener('error',function(e){var t=e.target;if(!t||t===window)return;var u=t.src||t.href||'';
if(t.tagName==='SCRIPT'&&t.type==='module'||/\\/assets\\/[^/?#]+\\.js/.test(u))fail()},true)})();`;
}
