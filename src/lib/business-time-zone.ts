/**
 * The business time zone the app shows dates and times in: the server's TZ_BUSINESS, learnt from
 * user-data by the session store. Kept apart from the formatters so the session store (in the first
 * load of every page) does not pull dayjs in with them.
 */

/** The server's default TZ_BUSINESS, used until user-data says otherwise. */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Shanghai';
let businessTimeZone = DEFAULT_BUSINESS_TIME_ZONE;

export function setBusinessTimeZone(timeZone: string) {
  // Checking a zone name builds an Intl formatter, costly on a slow phone: only for a new name.
  if (timeZone === businessTimeZone) return;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    businessTimeZone = timeZone;
  } catch {
    /* an unknown zone name: keep the one we have */
  }
}

export const getBusinessTimeZone = () => businessTimeZone;
