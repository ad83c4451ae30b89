/** Another nginx with the project's config, for tests that need other settings than the shared edge's. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startNginx, type NginxOptions } from '../../tools/edge-local.mjs';

export interface SecondNginx {
  url: string;
  /** nginx's access log lines so far (log_format edge). */
  accessLog(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startSecondNginx(options: Omit<NginxOptions, 'dir' | 'port'>): Promise<SecondNginx> {
  const dir = await mkdtemp(join(tmpdir(), 'edge-second-'));
  try {
    const nginx = await startNginx({ ...options, dir, port: await freePort() });
    return {
      url: nginx.url,
      accessLog: async () => (await readFile(join(dir, 'access.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean),
      async stop() {
        await nginx.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
