/** The item module: product link recognition and lookup (no tables). */
export { itemRoutes, lookupItem, type ItemRoutesOptions } from './routes.ts';
export { recogniseItemLink, UNRECOGNISED_LINK, type RecognisedItem } from './links.ts';
export { linkOnlyProvider, type ProductInfo, type ProductInfoProvider } from './provider.ts';
