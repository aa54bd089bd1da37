/** The table of figures: per series its minimum, average, maximum and last value over the range. */
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatisticsFigure } from '@edge/protocol';
import { figureText } from './chart.ts';

export function FiguresTable({
  figures,
  unit,
  nameOf,
}: {
  figures: StatisticsFigure[];
  unit: string;
  nameOf: (key: string, label: string) => string;
}) {
  const { t } = useTranslation();
  const cell = (v: number | null) => figureText(v, unit);
  return (
    <Table<StatisticsFigure>
      data-testid="statistics-figures"
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={figures}
      columns={[
        { title: t('statistics.series'), key: 'name', render: (_, f) => nameOf(f.key, f.label) },
        { title: t('statistics.aggregates.min'), dataIndex: 'min', render: cell },
        { title: t('statistics.aggregates.avg'), dataIndex: 'avg', render: cell },
        { title: t('statistics.aggregates.max'), dataIndex: 'max', render: cell },
        { title: t('statistics.last'), dataIndex: 'last', render: cell },
        { title: t('statistics.samples'), dataIndex: 'samples' },
      ]}
    />
  );
}
