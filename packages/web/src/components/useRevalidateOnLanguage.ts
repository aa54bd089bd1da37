/**
 * antd keeps a field's error as the text it had when validated; after a language switch the form would
 * keep showing the old language. Re-checking the fields that currently show an error re-words them.
 */
import { useEffect, useRef } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

export function useRevalidateOnLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const previous = useRef(i18n.language);
  useEffect(() => {
    if (previous.current === i18n.language) return;
    previous.current = i18n.language;
    const failing = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (failing.length) form.validateFields(failing).catch(() => undefined);
  }, [form, i18n.language]);
}
