/**
 * PostCSS plugin (vite.config.ts): flex `gap` needs Chromium 84, the browser floor is 80. For each
 * rule giving a flex container a gap, a fallback rule under `.no-flex-gap` (set on <html> by
 * src/floor-check.js where flex gap is missing) spaces the children with margins instead, so the
 * layout looks the same:
 * - one line: the gap before every child but the first (left in a row, top in a column);
 * - wrapping: every child gets the gap on its top and left, and the container gives it back with
 *   negative margins (added to its own margin where the rule sets one).
 * A child with an auto left margin (pushed to the end) keeps it.
 * Grid gap (supported since Chromium 66) is left alone. A container's layout comes from the file's
 * top-level rules of the same selector, with a media query's own declarations on top, so a media
 * query changing only the gap or the direction gets its fallback too.
 */
import type { Declaration, Plugin, Rule } from 'postcss';

const NO_FLEX_GAP_CLASS = 'no-flex-gap';

interface Layout {
  flex: boolean;
  column: boolean;
  wrap: boolean;
}

const value = (rule: Rule, prop: string) => {
  let found: string | undefined;
  rule.walkDecls(prop, (decl: Declaration) => {
    if (decl.parent === rule) found = decl.value.trim();
  });
  return found;
};

/** `[row, column]` gaps of the rule, or null when it sets none. */
function gaps(rule: Rule): [string, string] | null {
  const gap = value(rule, 'gap');
  let [row, column] = gap ? (gap.split(/\s+/) as [string, string?]) : [undefined, undefined];
  column ??= row;
  row = value(rule, 'row-gap') ?? row;
  column = value(rule, 'column-gap') ?? column;
  if (row === undefined && column === undefined) return null;
  return [row ?? '0px', column ?? '0px'];
}

/** The rule's own top and left margin, where it sets them. */
function ownMargins(rule: Rule): { top?: string; left?: string } {
  const shorthand = value(rule, 'margin')?.split(/\s+/);
  const top = value(rule, 'margin-top') ?? shorthand?.[0];
  const left = value(rule, 'margin-left') ?? (shorthand ? (shorthand[3] ?? shorthand[1] ?? shorthand[0]) : undefined);
  return { top, left };
}

const isZero = (length: string) => /^0(px|em|rem)?$/.test(length);
const minus = (own: string | undefined, gap: string) => (own && !isZero(own) ? `calc(${own} - ${gap})` : `calc(-1 * ${gap})`);

/** What the rule itself says about the flex layout, on top of `base`. */
function layoutOf(rule: Rule, base: Layout): Layout {
  const display = value(rule, 'display');
  const direction = value(rule, 'flex-direction');
  const wrap = value(rule, 'flex-wrap');
  return {
    flex: display ? /^(inline-)?flex$/.test(display) : base.flex,
    column: direction ? direction.startsWith('column') : base.column,
    wrap: wrap ? wrap !== 'nowrap' : base.wrap,
  };
}

const NO_LAYOUT: Layout = { flex: false, column: false, wrap: false };

/**
 * Gives the declarations made here the source of the rule they stand in for: Vite's URL rewriting
 * reads each declaration's file, and warns about a plugin that leaves it out.
 */
function sourcedFrom(rule: Rule, made: Rule): Rule {
  made.source = rule.source;
  made.walkDecls((decl) => {
    decl.source ??= rule.source;
  });
  return made;
}
const LAYOUT_PROPS = /^(display|flex-direction|flex-wrap|gap|row-gap|column-gap|margin(-top|-left)?)$/;

export function flexGapFallback(): Plugin {
  return {
    postcssPlugin: 'flex-gap-fallback',
    OnceExit(root) {
      // each selector's layout and gap as its top-level rules set them (media queries override these)
      const base = new Map<string, { layout: Layout; gap: [string, string] | null; rule: Rule }>();
      root.each((node) => {
        if (node.type !== 'rule') return;
        const known = base.get(node.selector);
        base.set(node.selector, { layout: layoutOf(node, known?.layout ?? NO_LAYOUT), gap: gaps(node) ?? known?.gap ?? null, rule: node });
      });
      // children pushed aside by an auto margin (`margin-left: auto`)
      const autoMargin: Rule[] = [];
      root.walkRules((rule) => {
        if ((value(rule, 'margin-left') ?? value(rule, 'margin-inline-start')) === 'auto' && /^\.[\w-]+$/.test(rule.selector))
          autoMargin.push(rule);
      });
      root.walkRules((rule) => {
        if (rule.selector.includes(NO_FLEX_GAP_CLASS) || !rule.some((node) => node.type === 'decl' && LAYOUT_PROPS.test(node.prop))) return;
        const known = base.get(rule.selector);
        const nested = rule.parent !== root;
        const layout = nested ? layoutOf(rule, known?.layout ?? NO_LAYOUT) : known!.layout;
        const gap = gaps(rule) ?? known?.gap;
        if (!layout.flex || !gap) return;
        const [row, column] = gap;
        const scoped = (suffix: string) => rule.selectors.map((selector) => `.${NO_FLEX_GAP_CLASS} ${selector}${suffix}`).join(', ');
        const fallbacks: Rule[] = [];
        if (layout.wrap) {
          const own = ownMargins(rule);
          const baseMargins = known ? ownMargins(known.rule) : {};
          const container = rule.clone({ selector: scoped(''), nodes: [] });
          const children = rule.clone({ selector: scoped(' > *'), nodes: [] });
          // a zero gap needs no margin (and must not take away one the children have)
          if (!isZero(row)) {
            container.append({ prop: 'margin-top', value: minus(own.top ?? baseMargins.top, row) });
            children.append({ prop: 'margin-top', value: row });
          }
          if (!isZero(column)) {
            container.append({ prop: 'margin-left', value: minus(own.left ?? baseMargins.left, column) });
            children.append({ prop: 'margin-left', value: column });
          }
          if (container.nodes.length) fallbacks.push(container, children);
        } else {
          const [side, other] = layout.column ? ['margin-top', 'margin-left'] : ['margin-left', 'margin-top'];
          const spaced = rule
            .clone({ selector: scoped(' > * + *'), nodes: [] })
            .append({ prop: side, value: layout.column ? row : column });
          // a media query turning a column into a row (or back) takes the other side's margin away
          if (nested) spaced.append({ prop: other, value: '0' });
          fallbacks.push(spaced);
        }
        rule.after(fallbacks.map((made) => sourcedFrom(rule, made)));
      });
      // after every fallback, at the same specificity: a child pushed aside by its auto margin keeps it
      for (const rule of autoMargin) {
        root.append({ selector: `.${NO_FLEX_GAP_CLASS} ${rule.selector}` });
        sourcedFrom(rule, (root.last as Rule).append({ prop: 'margin-left', value: 'auto' }));
      }
    },
  };
}
