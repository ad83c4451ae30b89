/**
 * The iPhone launch screens of the installed app (`<link rel="apple-touch-startup-image">`, portrait):
 * one per current screen size, in CSS pixels and device pixel ratio. iOS picks the one whose media
 * query matches the phone and shows it while the app starts (without one: a white screen). Made by
 * `npm run screenshots` (tools/screenshots.mjs) into public/startup/; the build links them in
 * every page's head (build/vite-installed-app-plugin.ts).
 */
export interface StartupImage {
  width: number;
  height: number;
  ratio: number;
}

export const STARTUP_IMAGES: readonly StartupImage[] = [
  { width: 440, height: 956, ratio: 3 }, // iPhone 16 Pro Max, 17 Pro Max
  { width: 420, height: 912, ratio: 3 }, // iPhone Air
  { width: 402, height: 874, ratio: 3 }, // iPhone 16 Pro, 17, 17 Pro
  { width: 430, height: 932, ratio: 3 }, // iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus
  { width: 393, height: 852, ratio: 3 }, // iPhone 14 Pro, 15, 15 Pro, 16
  { width: 428, height: 926, ratio: 3 }, // iPhone 12 Pro Max, 13 Pro Max, 14 Plus
  { width: 390, height: 844, ratio: 3 }, // iPhone 12, 12 Pro, 13, 13 Pro, 14, 16e
  { width: 375, height: 812, ratio: 3 }, // iPhone X, XS, 11 Pro, 12 mini, 13 mini
  { width: 414, height: 896, ratio: 3 }, // iPhone XS Max, 11 Pro Max
  { width: 414, height: 896, ratio: 2 }, // iPhone XR, 11
  { width: 375, height: 667, ratio: 2 }, // iPhone 8, SE (2nd and 3rd generation)
];

export const startupImagePath = ({ width, height, ratio }: StartupImage) => `/startup/iphone-${width * ratio}x${height * ratio}.png`;

export const startupImageMedia = ({ width, height, ratio }: StartupImage) =>
  `screen and (device-width: ${width}px) and (device-height: ${height}px) and (-webkit-device-pixel-ratio: ${ratio}) and (orientation: portrait)`;
