import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_BANNER_INCLUDE, announcementBannerHtml } from '@common/announcement-banner';
import { AnnouncementBannerView, bannerInPage } from './AnnouncementBanner';

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

  // A page from the service worker's precache still holds the include no server filled.
  it('an unserved include becomes the remembered banner before hydration, or nothing', () => {
    const root = document.createElement('div');
    root.innerHTML = `<div class="app">${ANNOUNCEMENT_BANNER_INCLUDE}<header></header></div>`;
    localStorage.setItem('announcementTop', '今晚 22:00 维护');
    expect(bannerInPage(root)).toEqual({ content: '今晚 22:00 维护' });
    expect(root.innerHTML).toBe(`<div class="app">${announcementBannerHtml('今晚 22:00 维护')}<header></header></div>`);

    root.innerHTML = `<div class="app">${ANNOUNCEMENT_BANNER_INCLUDE}<header></header></div>`;
    localStorage.setItem('announcementTop', '');
    expect(bannerInPage(root)).toBeUndefined();
    expect(root.innerHTML).toBe('<div class="app"><header></header></div>');
    localStorage.removeItem('announcementTop');
  });
});
