import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { asyncApiDocument, openApiDocument } from '@meridian/contract/documents';
import type { FastifyInstance } from 'fastify';

/** The documents' version: the contract's, raised when a call changes. */
export const API_VERSION = '1.0.0';

/** Swagger UI's browser bundle, served from this server: the reference page reaches no other host. */
const swaggerUi = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Meridian API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="api"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// A file of its own, not inline: the page's CSP runs scripts from this origin only.
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#api',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
});
`;

/** The HTTP API's OpenAPI document, the websocket's AsyncAPI document and the reference page that reads them. */
export function apiDocsRoutes(app: FastifyInstance): void {
  // Made from the contract's schemas once per process, at the first ask: nothing to go stale beside the code.
  const served = (url: string, make: () => object) => {
    let text: string | undefined;
    app.get(url, async (_req, reply) => {
      text ??= JSON.stringify(make());
      return reply.type('application/json; charset=utf-8').send(text);
    });
  };
  served('/api/openapi.json', () => openApiDocument(API_VERSION));
  served('/api/asyncapi.json', () => asyncApiDocument(API_VERSION));

  app.get('/api/docs', async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
  const files = new Map<string, Buffer>();
  for (const [name, type] of Object.entries(ASSETS)) {
    app.get(`/api/docs/${name}`, async (_req, reply) => {
      let file = files.get(name);
      if (!file) {
        file = readFileSync(path.join(swaggerUi, name));
        files.set(name, file);
      }
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(file);
    });
  }
}
