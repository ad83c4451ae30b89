/** The item module: what a pasted product link or share text stands for, and the platforms' own product APIs. */
export { itemRoutes, type ItemRoutesOptions } from './routes.ts';
export { forgetLookupAttemptsOf, ItemLookup, type ItemProviders, type ItemAnswer } from './lookup.ts';
export { recogniseItemLink, UNRECOGNISED_LINK, type RecognisedItem } from './links.ts';
export { itemSettings, type ItemSettings } from './settings.ts';
export { createItemProviders } from './providers/index.ts';
export type { ProductInfo, ProductInfoProvider } from './provider.ts';
export type { ShortLinkOptions } from './short-links.ts';
