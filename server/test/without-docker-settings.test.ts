/**
 * docs/deploy.md "Without Docker" makes /etc/taskplan and api.env; the API units and the ops
 * commands (docs/go-live.md: `sudo -u taskplan sh -c 'set -a; . /etc/taskplan/api.env; …'`) run as
 * the service user, who must be able to read them, and nobody else. The documented commands run
 * here as written, on a scratch folder, with the unprivileged `nobody` standing in for taskplan.
 * Needs root (CI runs as root); skipped otherwise.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const isRoot = process.getuid?.() === 0;
const serviceGroup = isRoot ? execFileSync('id', ['-gn', 'nobody'], { encoding: 'utf8' }).trim() : '';

/** The shell lines of docs/deploy.md that make /etc/taskplan or api.env, comments cut. */
function documentedSetup(): string[] {
  const text = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
  return text
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => /^(install|cp|chmod|chown)\b/.test(line) && /\/etc\/taskplan(\s|$|\/api\.env)/.test(line));
}

describe.skipIf(!isRoot)('the settings of a deployment without Docker', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'taskplan-etc-'));
  chmodSync(scratch, 0o755);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const etc = join(scratch, 'etc-taskplan');

  it('are readable by the service user and by nobody else, made as docs/deploy.md says', () => {
    const setup = documentedSetup();
    expect(setup.length).toBeGreaterThan(0);
    for (const line of setup) {
      const command = line.replaceAll('/etc/taskplan', etc).replace(/(-[og]) taskplan\b/g, `$1 ${serviceGroup}`);
      execFileSync('sh', ['-c', command], { cwd: root });
    }
    const asServiceUser = spawnSync('runuser', ['-u', 'nobody', '--', 'sh', '-c', `set -a; . ${etc}/api.env; set +a; echo "$NODE_ENV"`], {
      encoding: 'utf8',
    });
    expect(asServiceUser.stderr).toBe('');
    expect(asServiceUser.stdout).toBe('production\n');
    // others: no bit at all on the file holding the keys
    expect(statSync(join(etc, 'api.env')).mode & 0o007).toBe(0);
  });
});
