import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { UI } from '../../config/ui';
import { useMediaQuery } from '../../lib/media-query';

dayjs.locale('zh-cn');

/*
 * The brand red is also the colour of an error: a focused or hovered field drawn in it looks
 * invalid. Fields take a neutral slate blue instead; buttons and links keep the brand colour.
 */
const FIELD_FOCUS = '#3a6ea5';
const FIELD_SHADOW = '0 0 0 2px rgba(58, 110, 165, 0.15)';
const fieldTokens = { hoverBorderColor: FIELD_FOCUS, activeBorderColor: FIELD_FOCUS, activeShadow: FIELD_SHADOW };
const THEME = {
  token: { colorPrimary: '#c8102e', colorLink: '#c8102e', borderRadius: 4, zIndexPopupBase: UI.modalZIndex },
  components: {
    Input: fieldTokens,
    InputNumber: fieldTokens,
    DatePicker: fieldTokens,
    Select: { hoverBorderColor: FIELD_FOCUS, activeBorderColor: FIELD_FOCUS, activeOutlineColor: 'rgba(58, 110, 165, 0.15)' },
  },
};

/**
 * antd with the portal's theme, locale and motion, and its App (messages, modals). The console
 * runs inside it; the login page, drawn without antd, wraps only what it loads on demand in it.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  // People who asked their system for less motion get none: menus, dialogs and drawers appear at once.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ ...THEME, token: { ...THEME.token, motion: !reduceMotion } }}
      tooltip={{ mouseEnterDelay: UI.tooltipDelaySeconds, mouseLeaveDelay: UI.tooltipDelaySeconds }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
