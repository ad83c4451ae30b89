/** The session module: owns the sessions table (tokens stored as hashes, with the device each was opened from). */
export {
  createSession,
  forgetSessionsOf,
  removeSessionsEndedBefore,
  signInsOf,
  liveSession,
  listDevices,
  revokeAllSessions,
  revokeDevice,
  revokeOtherDevices,
  revokeSession,
  revokeSessionByHash,
  sessionSummary,
  type ClientInfo,
  type ConsoleSessionPolicy,
  type DeviceSession,
} from './sessions.ts';
export { describeUserAgent } from './user-agent.ts';
