/**
 * Downloads the view as a PDF (POST statistics/pdf): the server asks the view again and prints it with the
 * words of this screen (title, facts, column heads, series' names), so it reads in the user's language.
 */
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints, type LanguageCode, type StatisticsResult, type StatisticsView } from '@edge/protocol';
import { call } from '../../api/call.ts';
import type { TKey } from '../../i18n/keys.ts';
import { formatDate } from '../../components/DateText.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { saveBlob } from '../../components/saveText.ts';

export function PdfButton({
  view,
  result,
  nameOf,
}: {
  view: StatisticsView;
  result: StatisticsResult;
  nameOf: (key: string, label: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const { act, busy } = useConfirmAct();
  const download = () => {
    const generated = formatDate(Date.now(), 'minutes') ?? '';
    void act({
      toastErrors: 'apiRequestError',
      then: (blob: Blob) => saveBlob(blob, `${t('statistics.report.title')} ${generated}.pdf`),
      run: async () => {
        const blob = (await call(endpoints.statistics.pdf, {
          query: { view, to: result.to },
          lang: i18n.language as LanguageCode,
          texts: {
            title: t('statistics.report.title'),
            indicator: t(`statistics.indicators.${view.indicator}` as TKey),
            facts: [
              [t('statistics.report.mode'), t(`statistics.modes.${view.mode}`)],
              [
                t('statistics.report.range'),
                `${t(`statistics.ranges.${view.range}` as TKey)} (${formatDate(result.from, 'minutes')} – ${formatDate(result.to, 'minutes')})`,
              ],
              [t('statistics.report.resolution'), t(`statistics.resolutions.${result.resolution}` as TKey)],
              [t('statistics.report.generated'), generated],
            ],
            columns: {
              series: t('statistics.series'),
              min: t('statistics.aggregates.min'),
              avg: t('statistics.aggregates.avg'),
              max: t('statistics.aggregates.max'),
              last: t('statistics.last'),
              samples: t('statistics.samples'),
            },
            names: Object.fromEntries(result.series.map((s) => [s.key, nameOf(s.key, s.label)])),
          },
        })) as unknown as Blob;
        return blob;
      },
    });
  };
  return (
    <Button icon={<FilePdfOutlined />} loading={busy} onClick={download} data-testid="statistics-pdf">
      {t('statistics.pdf')}
    </Button>
  );
}
