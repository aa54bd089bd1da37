/** antd layout words, kept out of JSX (they are not text). */
export const VERTICAL = 'vertical' as const;
