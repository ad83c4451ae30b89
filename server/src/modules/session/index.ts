/** The session module: owns the sessions table (tokens stored as hashes). */
export { createSession, revokeAllSessions, revokeSession, sessionSummary, sessionUserId } from './sessions.ts';
