/**
 * Lazily loaded parts that use antd, for screens that load no antd up front: the part is rendered
 * inside AntdProvider (zh_CN, theme), whose code loads in parallel with the part's own.
 */
import type { ComponentType } from 'react';
import { lazyPart } from '@/lib/lazy-part';

/** `factory` with its component wrapped in AntdProvider once both have loaded. */
export function antdProvided<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  return () =>
    Promise.all([factory(), import('./AntdProvider')]).then(([{ default: Inner }, { provided }]) => ({ default: provided(Inner) }));
}

/** `lazyPart` of an antd component, rendered inside AntdProvider. */
export function lazyAntdPart<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  return lazyPart(antdProvided(factory));
}
