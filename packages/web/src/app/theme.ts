import type { ThemeConfig } from 'antd';

/**
 * Text colours meet WCAG AA (4.5:1) on white and on the page grey: antd's muted greys (0.45 alpha) and its
 * error red are too pale, so they are taken darker (tag text colours: see styles.css).
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Thai', 'Noto Sans CJK TC', 'Noto Sans CJK JP', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 20px',
      siderBg: '#ffffff',
      bodyBg: '#f4f6fa',
    },
  },
};
