// Types of the parts of tools/signed-in.mjs that the TypeScript tests use.
export const DEMO: { phone: string; password: string };
export const SIGNED_IN_ROUTES: string[];
export const LOGIN_PLACEHOLDERS: { phone: string; password: string };
export function seedDemoWork(baseURL: string, options?: { plans?: number; templates?: number }): Promise<void>;
