/** Starts the edge once for all nginx test files: API + nginx on free ports, torn down after. */
import type { TestProject } from 'vitest/node';
import { ensureBuild, ensurePrecompressed, startEdge } from '../../scripts/edge-local.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    edge: { url: string; apiUrl: string; apiLog: string; webRoot: string; dir: string };
  }
}

export default async function setup(project: TestProject) {
  const webRoot = await ensureBuild();
  // The image runs scripts/precompress.mjs after the build: serve what it serves.
  await ensurePrecompressed(webRoot);
  // 127.0.0.1 plays the CDN in front of nginx (snippets/real-ip.conf lists it).
  const edge = await startEdge({ webRoot, trustedProxies: ['127.0.0.1'] });
  project.provide('edge', {
    url: edge.url,
    apiUrl: edge.api.url,
    apiLog: edge.api.logFile,
    webRoot,
    dir: edge.dir,
  });
  return async () => {
    await edge.stop();
  };
}
