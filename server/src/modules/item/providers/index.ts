/** The providers the settings turn on, by platform (a platform without settings has none: off). */
import type { ItemSettings } from '../settings.ts';
import type { ItemProviders } from '../lookup.ts';
import { taobaoProvider } from './taobao.ts';
import { jdUnionProvider } from './jd.ts';
import { pddProvider } from './pdd.ts';

export function createItemProviders(settings: Pick<ItemSettings, 'taobao' | 'jdUnion' | 'pdd'>): ItemProviders {
  return {
    ...(settings.taobao ? { tb: taobaoProvider(settings.taobao) } : {}),
    ...(settings.jdUnion ? { jd: jdUnionProvider(settings.jdUnion) } : {}),
    ...(settings.pdd ? { pdd: pddProvider(settings.pdd) } : {}),
  };
}
