/** Limits of the plan form, checked by the app's form and by the server alike. */

/** Keywords per plan, and characters per keyword. */
export const KEYWORDS_MAX = 5;
export const KEYWORD_MAX_LENGTH = 30;
/** Tasks per day. */
export const DAILY_COUNT_MIN = 1;
export const DAILY_COUNT_MAX = 10_000;
/** Days a plan runs. */
export const DAYS_MIN = 1;
export const DAYS_MAX = 90;
/** How far ahead a plan may start; a year keeps typos such as 2062 out. */
export const START_DAYS_AHEAD_MAX = 365;
/** A day's distribution has one count per hour. */
export const HOURS = 24;
/** Templates one account may keep: a saved form is a few kilobytes, and nobody needs more to choose from. */
export const TEMPLATES_MAX = 100;
