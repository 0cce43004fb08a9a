import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PLAYGROUND_CONTENT_SECURITY_POLICY } from '../security-headers.ts';

/** The page's own files: plain HTML, CSS and ES modules, served as they are (no build step). */
const PAGE_DIR = fileURLToPath(new URL('../playground/', import.meta.url));

const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

/** Every file under /playground/ by its URL name; nothing else is served from disk. */
const PAGE_FILES: readonly string[] = ['playground.css', 'playground.js', 'api-client.js', 'answer-view.js', 'email-preview.js'];

/**
 * The browser builds of the chart libraries, from the installed packages (the machine may have no
 * internet, and a CDN would widen the page's policy). Each sets a global: vega, vegaLite, vegaEmbed;
 * vega-embed's build carries vega-interpreter, so charts render without eval.
 */
const VENDOR_FILES: Readonly<Record<string, { readonly packageName: string; readonly file: string }>> = {
  'vega.min.js': { packageName: 'vega', file: 'build/vega.min.js' },
  'vega-lite.min.js': { packageName: 'vega-lite', file: 'build/vega-lite.min.js' },
  'vega-embed.min.js': { packageName: 'vega-embed', file: 'build/vega-embed.min.js' },
};

interface StaticFile { readonly body: Buffer; readonly mediaType: string }

/** `GET /`: the playground page, and the files it loads, all from this origin. */
export function registerPlaygroundRoute(app: FastifyInstance): void {
  const cache = new Map<string, StaticFile>();
  // The path is worked out only on a cache miss: a vendor file's means resolving its package.
  const load = (key: string, filePath: () => string): StaticFile => {
    let file = cache.get(key);
    if (!file) {
      const found = filePath();
      file = { body: fs.readFileSync(found), mediaType: MEDIA_TYPES[path.extname(found)] ?? 'application/octet-stream' };
      cache.set(key, file);
    }
    return file;
  };

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    const page = load('index.html', () => path.join(PAGE_DIR, 'index.html'));
    return reply
      .header('content-type', page.mediaType)
      .header('content-security-policy', PLAYGROUND_CONTENT_SECURITY_POLICY)
      .header('cache-control', 'no-cache')
      .send(page.body);
  });

  app.get<{ Params: { file: string } }>('/playground/:file', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params.file;
    if (!PAGE_FILES.includes(name)) return reply.callNotFound();
    const file = load(name, () => path.join(PAGE_DIR, name));
    return reply.header('content-type', file.mediaType).header('cache-control', 'no-cache').send(file.body);
  });

  app.get<{ Params: { file: string } }>('/playground/vendor/:file', { schema: { hide: true } }, async (request, reply) => {
    const vendor = Object.hasOwn(VENDOR_FILES, request.params.file) ? VENDOR_FILES[request.params.file] : undefined;
    if (!vendor) return reply.callNotFound();
    const file = load(`vendor/${request.params.file}`, () => path.join(packageRoot(vendor.packageName), vendor.file));
    // The versions are pinned in package.json, so a day's caching never mixes versions for long.
    return reply.header('content-type', file.mediaType).header('cache-control', 'public, max-age=86400').send(file.body);
  });
}

/** The folder of an installed package: its entry point resolved, then up to its package.json. */
function packageRoot(packageName: string): string {
  const require = createRequire(import.meta.url);
  let directory = path.dirname(require.resolve(packageName));
  while (!isPackageFolder(directory, packageName)) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`package ${packageName} not found`);
    directory = parent;
  }
  return directory;
}

function isPackageFolder(directory: string, packageName: string): boolean {
  const manifest = path.join(directory, 'package.json');
  if (!fs.existsSync(manifest)) return false;
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === packageName;
}
