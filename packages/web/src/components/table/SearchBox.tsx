/**
 * The search box above a list: Enter (or the button) searches for the trimmed text, and emptying the box
 * (typing it away or its clear button) shows the whole list again at once. `live` searches as one types
 * (a list filtered in the browser).
 */
import { useState } from 'react';
import { Input } from 'antd';

export function SearchBox({
  value,
  label,
  onSearch,
  live,
  className,
  'data-testid': testId,
}: {
  /** The search in force (from the address), shown when the page opens. */
  value?: string;
  /** The placeholder, also the box's accessible name. */
  label: string;
  onSearch: (text: string) => void;
  live?: boolean;
  className?: string;
  'data-testid'?: string;
}) {
  const [text, setText] = useState(value ?? '');
  return (
    <Input.Search
      allowClear
      value={text}
      className={className}
      placeholder={label}
      aria-label={label}
      onChange={(e) => {
        setText(e.target.value);
        if (live || !e.target.value) onSearch(live ? e.target.value : '');
      }}
      onSearch={(v) => onSearch(v.trim())}
      data-testid={testId}
    />
  );
}
