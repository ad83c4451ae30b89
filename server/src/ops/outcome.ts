/** What an ops command answers: 0 and what changed, or 1 and why not (its own file: preflight and the commands both use it). */
export interface CommandOutcome {
  code: 0 | 1;
  output: string;
}
