/**
 * What is known about a product beyond its link. A real implementation would ask the platform's
 * open API; none is reachable here, so the default provider knows only what the link says and the
 * user types the title.
 */
import type { RecognisedItem } from './links.ts';

export interface ProductInfo {
  title?: string;
  image?: string;
  shopName?: string;
  /** Price in fen. */
  price?: number;
}

export interface ProductInfoProvider {
  readonly name: string;
  lookup(item: RecognisedItem, signal: AbortSignal): Promise<ProductInfo>;
}

export const linkOnlyProvider: ProductInfoProvider = {
  name: 'link-only',
  lookup: async () => ({}),
};
