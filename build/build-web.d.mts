// Types of build/build-web.mjs, for the TypeScript tests that use it.
export function buildWeb(outDir: string, env?: Record<string, string>, options?: { sourcemap?: boolean }): Promise<void>;
