/**
 * SvgIcon: one of Ant Design's icons (its definition from @ant-design/icons-svg) as a plain inline
 * SVG in antd's `anticon` span (styled in styles.css as @ant-design/icons styles it), for parts of
 * screens that load no antd (the public pages, the top bar, the signed-in pages): @ant-design/icons' React
 * components bring antd's colour and style utilities along, and the build puts those in antd's core chunk.
 */
import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(render));
}

export default function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span role="img" aria-hidden="true" className={className ? `anticon ${className}` : 'anticon'}>
      <svg {...svg.attrs} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        {svg.children?.map(render)}
      </svg>
    </span>
  );
}
