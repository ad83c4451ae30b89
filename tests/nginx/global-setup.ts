/** Starts the edge once for all nginx test files: API + nginx on free ports, torn down after. */
import type { TestProject } from 'vitest/node';
import { startEdge } from '../../tools/edge-local.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    edge: { url: string; apiUrl: string; apiLog: string; webRoot: string; dir: string };
  }
}

export default async function setup(project: TestProject) {
  // dist/ (built when missing), copied and precompressed as the image serves it.
  // 127.0.0.1 plays the CDN in front of nginx (snippets/real-ip.conf lists it).
  const edge = await startEdge({ trustedProxies: ['127.0.0.1'] });
  project.provide('edge', {
    url: edge.url,
    apiUrl: edge.api.url,
    apiLog: edge.api.logFile,
    webRoot: edge.webRoot,
    dir: edge.dir,
  });
  return async () => {
    await edge.stop();
  };
}
