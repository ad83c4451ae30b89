/**
 * antd's overlays, loaded when first used instead of with the page that may open them.
 * - `Modal`, `Drawer`: the same props as antd's; nothing is loaded or rendered until `open` is first
 *   true, then the component stays mounted (its closing animation, `destroyOnHidden`, all as antd's).
 * - `Popconfirm`: the trigger (the one child) renders as it is; the first pointer over it,
 *   focus or click loads the overlay, which then wraps the same trigger, open when it was clicked or
 *   hovered (as antd's hover and click triggers would have opened it). Keyboard focus stays on the
 *   trigger across the swap.
 * antd's own components load offline-safely through lazyPart.
 */
import {
  cloneElement,
  Suspense,
  useCallback,
  useDeferredValue,
  useState,
  type ComponentType,
  type ReactElement,
  type SyntheticEvent,
} from 'react';
import type { DrawerProps, ModalProps, PopconfirmProps } from 'antd';
import { lazyPart } from '@/lib/lazy-part';

type Overlays = typeof import('./AntdOverlays');
/** The overlays' module once it has arrived (any overlay's first opening loads it for all). */
let loaded: Overlays | undefined;
const load = () =>
  import('./AntdOverlays').then((module) => {
    loaded = module;
    return module;
  });
const AntdModal = lazyPart(() => load().then((m) => ({ default: m.Modal as ComponentType<ModalProps> })));
const AntdDrawer = lazyPart(() => load().then((m) => ({ default: m.Drawer as ComponentType<DrawerProps> })));
const AntdPopconfirm = lazyPart(() => load().then((m) => ({ default: m.Popconfirm as ComponentType<PopconfirmProps> })));

function useOpenedOnce(open: boolean | undefined): boolean {
  const [opened, setOpened] = useState(Boolean(open));
  if (open && !opened) setOpened(true);
  return opened || Boolean(open);
}

/**
 * A lazy overlay with an `open` prop, rendered (and so loaded) from its first opening on. It opens
 * and closes a render after its `open` (useDeferredValue): the tap that opens it paints its own
 * change at once, and the overlay (antd's tree and styles: 100 ms and more on a phone's CPU the
 * first time) renders right after, in a transition React slices, not inside the tap.
 */
function openedLazily<P extends { open?: boolean }>(Part: ComponentType<P>, pick: (overlays: Overlays) => ComponentType<P>) {
  return function Overlay(props: P) {
    const open = useDeferredValue(Boolean(props.open));
    const opened = useOpenedOnce(open);
    // Decided once, at the first opening: when another overlay has loaded the module, the part renders
    // directly. Its lazy wrapper would suspend once even then, and React holds the reveal that follows
    // a fallback by 300 ms: a dialog opened from a drawer took half a second to show.
    const [direct, setDirect] = useState<{ Part: ComponentType<P> | null } | null>(null);
    if (!opened) return null;
    if (!direct) {
      setDirect({ Part: loaded ? pick(loaded) : null });
      return null;
    }
    if (direct.Part) return <direct.Part {...props} open={open} />;
    return (
      <Suspense fallback={null}>
        <Part {...props} open={open} />
      </Suspense>
    );
  };
}

export const Modal = openedLazily<ModalProps>(AntdModal, (overlays) => overlays.Modal as ComponentType<ModalProps>);
export const Drawer = openedLazily<DrawerProps>(AntdDrawer, (overlays) => overlays.Drawer as ComponentType<DrawerProps>);

type Handler = (event: SyntheticEvent) => void;
type TriggerProps = {
  children: ReactElement<{ onPointerEnter?: Handler; onFocus?: Handler; onBlur?: Handler; onClick?: Handler; ref?: unknown }>;
};

/** The trigger alone until first used, then the lazy overlay around it. */
function useOnFirstUse<P extends TriggerProps>(Overlay: ComponentType<P>, props: P, opensOnHover: boolean) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  // The trigger is a new element once wrapped: give it the focus the plain one had.
  const focusWrapped = useCallback(
    (node: HTMLElement | null) => {
      if (node && focusOnLoad) {
        node.focus();
        setFocusOnLoad(false);
      }
    },
    [focusOnLoad],
  );
  const trigger = props.children;
  const own = trigger.props;
  const start = (openIt: boolean, handler: Handler | undefined) => (event: SyntheticEvent) => {
    handler?.(event);
    setUsed(true);
    if (openIt) setOpen(true);
  };
  const plain = cloneElement(trigger, {
    onPointerEnter: start(opensOnHover, own.onPointerEnter),
    onFocus: (event: SyntheticEvent) => {
      setFocusOnLoad(true);
      start(false, own.onFocus)(event);
    },
    onBlur: (event: SyntheticEvent) => {
      setFocusOnLoad(false);
      own.onBlur?.(event);
    },
    onClick: start(true, own.onClick),
  });
  if (!used) return plain;
  return (
    <Suspense fallback={plain}>
      <Overlay {...props} open={open} onOpenChange={(next: boolean) => setOpen(next)}>
        {cloneElement(trigger, { ref: focusWrapped })}
      </Overlay>
    </Suspense>
  );
}

export function Popconfirm(props: PopconfirmProps & TriggerProps) {
  const hover = props.trigger === 'hover' || (Array.isArray(props.trigger) && props.trigger.includes('hover'));
  return useOnFirstUse(AntdPopconfirm as ComponentType<PopconfirmProps & TriggerProps>, props, hover);
}
