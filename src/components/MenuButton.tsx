/**
 * MenuButton: a button that opens a menu of links and actions, in plain markup so the menu needs no
 * code beyond the page's own (it must open offline, where a lazy chunk may be missing).
 * Opens on mouse hover and on click / Enter / Space / arrow keys (touch: tap); closes on leaving it
 * with the mouse (when hover opened it), choosing an item, Escape (focus back on the button), Tab,
 * or a press outside. Keyboard as the ARIA menu button pattern: arrows, Home and End move between
 * the items that are shown.
 */
import { useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';

export type MenuButtonItem =
  | { key: string; label: ReactNode; href: string; className?: string; danger?: boolean }
  | { key: string; label: ReactNode; onSelect: () => void; className?: string; danger?: boolean }
  | { key: string; divider: true };

export interface MenuButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'onKeyDown'> {
  items: MenuButtonItem[];
}

/** how long the mouse may be off the button and menu (crossing the gap between them) before it closes */
const HOVER_CLOSE_DELAY_MS = 150;

function shownItems(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return [];
  // Items hidden by a media query (the account summary on wide screens) are skipped.
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((el) => el.checkVisibility?.() ?? true);
}

export default function MenuButton({ items, className, children, ...buttonProps }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const cancelClose = () => clearTimeout(closeTimer.current);
  const close = (focusButton = false) => {
    cancelClose();
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const openMenu = (focus?: 'first' | 'last') => {
    cancelClose();
    setOpen(true);
    if (focus) {
      // The menu is in the DOM but hidden until this render is committed.
      requestAnimationFrame(() => {
        const shown = shownItems(menuRef.current);
        (focus === 'first' ? shown[0] : shown[shown.length - 1])?.focus();
      });
    }
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      clearTimeout(closeTimer.current);
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  useEffect(() => cancelClose, []);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openedByHover.current = false;
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      close();
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      close();
      return;
    }
    const shown = shownItems(menuRef.current);
    const current = shown.indexOf(document.activeElement as HTMLElement);
    const last = shown.length - 1;
    const target = { ArrowDown: current >= last ? 0 : current + 1, ArrowUp: current <= 0 ? last : current - 1, Home: 0, End: last }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    shown[target]?.focus();
  }

  return (
    <div
      ref={rootRef}
      className="menu-button"
      // Only a real mouse opens on hover: a tap also sends pointerenter, then the click would close it again.
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        if (!open) openedByHover.current = true;
        openMenu();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse' || !openedByHover.current) return;
        cancelClose();
        closeTimer.current = setTimeout(() => setOpen(false), HOVER_CLOSE_DELAY_MS);
      }}
    >
      <button
        {...buttonProps}
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onKeyDown={onButtonKeyDown}
        onClick={(event) => {
          // A click on a menu hover opened keeps it open (now until closed explicitly); else it toggles.
          if (open && openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          if (open) close();
          // detail 0: Enter or Space, not a pointer: the keyboard user continues in the menu.
          else openMenu(event.detail === 0 ? 'first' : undefined);
        }}
      >
        {children}
      </button>
      <ul ref={menuRef} id={menuId} role="menu" className="menu-button-list" hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item) => {
          if ('divider' in item) return <li key={item.key} role="separator" className="menu-button-divider" />;
          const classes = ['menu-button-item', item.danger ? 'menu-button-item-danger' : '', item.className ?? '']
            .filter(Boolean)
            .join(' ');
          return (
            <li key={item.key} role="none">
              {'href' in item ? (
                <Link href={item.href} role="menuitem" tabIndex={-1} className={classes} onClick={() => close()}>
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={classes}
                  onClick={() => {
                    close();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
