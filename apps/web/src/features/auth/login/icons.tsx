import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';

/** One of antd's icons drawn from its SVG data alone, at the text's size (the login page loads no @ant-design/icons runtime). */
export function Icon({ icon }: { icon: IconDefinition }) {
  // The outlined and filled icons are a plain node (only two-tone ones are drawn by a function).
  const svg = icon.icon as AbstractNode;
  return (
    <svg viewBox={svg.attrs.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
      {svg.children?.map((path) => (
        <path key={path.attrs.d} d={path.attrs.d} />
      ))}
    </svg>
  );
}
