import { describe, expect, it } from 'vitest';
import { dismissInstallCard, installCardDismissed, offerInstallAgain } from './install-offer';

const DAY = 24 * 3600 * 1000;

describe('the install card dismissal', () => {
  it('is remembered for 30 days, then the card is offered again', () => {
    const now = Date.UTC(2026, 10, 27);
    expect(installCardDismissed(now)).toBe(false);
    dismissInstallCard(now);
    expect(installCardDismissed(now + 29 * DAY)).toBe(true);
    expect(installCardDismissed(now + 30 * DAY)).toBe(false);
  });

  it('a purchase offers it again at once', () => {
    const now = Date.UTC(2026, 10, 27);
    dismissInstallCard(now);
    offerInstallAgain();
    expect(installCardDismissed(now + DAY)).toBe(false);
  });
});
