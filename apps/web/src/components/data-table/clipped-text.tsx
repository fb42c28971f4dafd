import { Typography } from 'antd';
import type { Breakpoint } from 'antd';

/**
 * Columns a list can spare between 1200 and 1599 px: shown from 1600 px, and always in the row's
 * details. With them left out each list fits its card at 1280 and 1440 px (sidebar open), so the
 * fixed 操作 column covers no other column; narrower screens scroll inside the table.
 */
export const WIDE_SCREENS: Breakpoint[] = ['xxl'];

/**
 * A long text cut to `width` pixels on one line, whole on hover (`tooltip` replaces it there);
 * `code` sets it as code (paths, JSON).
 */
export function ClippedText({ text, width, tooltip = text, code }: { text: string; width: number; tooltip?: string; code?: boolean }) {
  return (
    <Typography.Text code={code} ellipsis={{ tooltip }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}
