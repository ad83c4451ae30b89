import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { announcementBannerHtml } from '@common/announcement-banner';
import { AnnouncementBannerView } from './AnnouncementBanner';

describe('announcement banner', () => {
  // The servers write the banner into the prerendered pages; the app hydrates it with this component.
  it.each(['今晚 22:00 维护', '<b>"价格" & \'积分\'</b>'])('the servers write the markup the component renders: %s', (content) => {
    expect(announcementBannerHtml(content)).toBe(renderToStaticMarkup(<AnnouncementBannerView content={content} />));
  });

  it('no banner for a blank announcement; the text is trimmed as the app shows it', () => {
    expect(announcementBannerHtml('')).toBe('');
    expect(announcementBannerHtml('  \n ')).toBe('');
    expect(announcementBannerHtml(null)).toBe('');
    expect(announcementBannerHtml(' 公告 ')).toContain('<span class="announcement-text">公告</span>');
  });
});
