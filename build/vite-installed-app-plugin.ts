/**
 * The head tags of the app installed on a phone, in index.html and so in every prerendered page:
 * the iPhone launch screens (common/startup-images.ts), each with its media query. The fixed
 * tags (apple-mobile-web-app-capable, mobile-web-app-capable, status-bar style, title) are in
 * index.html itself.
 */
import type { Plugin } from 'vite';
import { STARTUP_IMAGES, startupImageMedia, startupImagePath } from '../common/startup-images.ts';

export function startupImagesInHead(): Plugin {
  return {
    name: 'startup-images-in-head',
    transformIndexHtml: () =>
      STARTUP_IMAGES.map((image) => ({
        tag: 'link',
        attrs: { rel: 'apple-touch-startup-image', media: startupImageMedia(image), href: startupImagePath(image) },
        injectTo: 'head' as const,
      })),
  };
}
