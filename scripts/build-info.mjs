// After `react-router build`: writes build/client/builds/latest.json and builds/meta/{buildId}.json.
// The build id is React Router's manifest version (a hash of the client's entry and route modules),
// which the page knows as window.__reactRouterManifest.version; open pages poll latest.json hourly
// and offer a reload when it names another build (web/app/shell/build-check.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const clientDir = path.resolve('build/client');
const manifests = readdirSync(path.join(clientDir, 'assets')).filter((name) => /^manifest-[0-9a-f]+\.js$/.test(name));
if (manifests.length !== 1) throw new Error(`expected one build/client/assets/manifest-*.js, found ${manifests.length}`);
const buildId = manifests[0].slice('manifest-'.length, -'.js'.length);
const info = { buildId, builtAt: new Date().toISOString() };
mkdirSync(path.join(clientDir, 'builds/meta'), { recursive: true });
writeFileSync(path.join(clientDir, 'builds/latest.json'), `${JSON.stringify(info)}\n`);
writeFileSync(path.join(clientDir, 'builds/meta', `${buildId}.json`), `${JSON.stringify({ ...info, manifest: `/assets/${manifests[0]}` })}\n`);
console.log(`build ${buildId}: build/client/builds/latest.json written`);
