/**
 * TabBar: a plain tab bar (tablist, tabs, one panel) that looks like antd's top tabs. Used where the
 * tabs are on a page a signed-in user opens all day: antd's Tabs measures its tabs on every render
 * and watches their size, work a bar of a few labels does not need.
 * Keyboard as the ARIA tabs pattern: one tab in the tab order, arrow keys / Home / End move to and
 * select a tab. Without children it renders no panel: `controls` then names the element the tabs
 * drive. The chosen tab shows at once and `onChange` runs in a transition: the panel it changes
 * renders after the tap has painted, in slices.
 */
import { startTransition, useId, useOptimistic, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './TabBar.css';

export interface TabBarItem {
  key: string;
  label: ReactNode;
}

export interface TabBarProps {
  items: TabBarItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** the id of the element the tabs drive, when it is not this bar's own panel */
  controls?: string;
  className?: string;
  children?: ReactNode;
}

export default function TabBar({ items, activeKey: currentKey, onChange: change, controls, className, children }: TabBarProps) {
  const baseId = useId();
  const [activeKey, setActiveKey] = useOptimistic(currentKey);
  const onChange = (key: string) =>
    startTransition(() => {
      setActiveKey(key);
      change(key);
    });
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const hasPanel = children !== undefined;
  const panelId = hasPanel ? `${baseId}panel` : controls;
  const tabId = (key: string) => `${baseId}tab-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => tabRefs.current.get(item.key) === document.activeElement);
    if (current < 0) return;
    const last = items.length - 1;
    const target = { ArrowRight: current === last ? 0 : current + 1, ArrowLeft: current === 0 ? last : current - 1, Home: 0, End: last }[
      event.key
    ];
    if (target === undefined) return;
    event.preventDefault();
    const key = items[target].key;
    tabRefs.current.get(key)?.focus();
    if (key !== activeKey) onChange(key);
  }

  return (
    <>
      <div className={className ? `tab-bar ${className}` : 'tab-bar'} role="tablist" onKeyDown={onKeyDown}>
        {items.map(({ key, label }) => {
          const active = key === activeKey;
          return (
            <button
              key={key}
              ref={(el) => {
                if (el) tabRefs.current.set(key, el);
                else tabRefs.current.delete(key);
              }}
              type="button"
              role="tab"
              id={tabId(key)}
              className={active ? 'tab-bar-tab tab-bar-tab-active' : 'tab-bar-tab'}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => {
                if (!active) onChange(key);
              }}
            >
              {label}
            </button>
          );
        })}
      </div>
      {hasPanel && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(activeKey)} className="tab-bar-panel">
          {children}
        </div>
      )}
    </>
  );
}
