/**
 * antd's ConfigProvider (zh_CN locale, theme) for the parts of the app that use antd components:
 * the pages that use antd (`withAntd` in src/app/lazy.ts), and the lazily loaded antd parts a page
 * without antd may show (Antd*.tsx here: overlays, table, select, date pickers; lazy-antd.ts for
 * others). It is loaded with those lazy chunks instead of wrapping the whole app, so the visitor
 * screens, the top bar and the signed-in pages load no antd code for their first screen.
 * All instances share antd's global style cache, so styles are generated once.
 *
 * Styles for the declared browser floor (Chromium 80, package.json's browserslist): antd wraps its
 * selectors in `:where()` (Chromium 88), and an engine that cannot parse a selector drops the whole
 * rule. There, `hashPriority="high"` writes plain class selectors instead, and the logical-properties
 * transformer turns `inset`, `margin-inline` and the like (Chromium 87+) into their physical forms
 * (antd's documented way, "CSS Compatible"). Engines that know `:where()` keep antd's defaults, so
 * the app's own rules keep outweighing antd's as they always did.
 */
import type { ComponentType, ReactNode } from 'react';
import { legacyLogicalPropertiesTransformer, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';

// Colours dark enough for 4.5:1 contrast on white and on their own light tints (WCAG AA): the
// primary blue, the status colours (danger links, errors, status tags), the text of gold tags, and
// the faint text of empty states, placeholders and disabled controls.
export const antdTheme = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd's derived hover (#2e7ae6) is lighter: white text on a hovered primary button fell to 4.2:1.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorInfo: '#0958d9',
    colorWarning: '#ad4e00',
    // antd derives muddy tints from these dark seeds (success: #adb8a5, 2.7:1 under its text): keep the light ones.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fff7e6',
    colorWarningBorder: '#ffd591',
    // Tags read the palette through both spellings (gold7 and its CSS variable gold-7).
    gold7: '#874d00',
    'gold-7': '#874d00',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextQuaternary: 'rgba(0, 0, 0, 0.56)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 6,
  },
};

/** An engine without `:where()` (before Chromium 88; `selector()` itself is unknown before 83, which answers false too). */
const legacyEngine = typeof CSS === 'undefined' || typeof CSS.supports !== 'function' || !CSS.supports('selector(:where(a))');
const styleTransformers = legacyEngine ? [legacyLogicalPropertiesTransformer] : [];

/** antd's styles as the oldest engines of the browser floor understand them (see above). */
export function FloorStyles({ children }: { children: ReactNode }) {
  return (
    <StyleProvider hashPriority={legacyEngine ? 'high' : 'low'} transformers={styleTransformers}>
      {children}
    </StyleProvider>
  );
}

/**
 * antd puts a space between the two characters of a two-character button (关 闭, 取 消): Chinese
 * apps do not, and the space read as two words to a screen reader. Off for every antd button,
 * dialogs' OK and Cancel included.
 */
export const antdButtonConfig = { autoInsertSpace: false } as const;

export default function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <FloorStyles>
      <ConfigProvider locale={zhCN} theme={antdTheme} button={antdButtonConfig}>
        {children}
      </ConfigProvider>
    </FloorStyles>
  );
}

// antd's static methods (the toasts of src/lib/toast.ts, the console's message.success) render outside
// any provider: they get the same theme and floor styles. Set whenever this module loads, which
// src/lib/toast.ts makes sure of before its first toast.
ConfigProvider.config({ holderRender: (children) => <AntdProvider>{children}</AntdProvider> });

/** `Component` rendered inside AntdProvider: for antd parts loaded where no page provides it. */
export function provided<P extends object>(Component: ComponentType<P>) {
  return function Provided(props: P) {
    return (
      <AntdProvider>
        <Component {...props} />
      </AntdProvider>
    );
  };
}
