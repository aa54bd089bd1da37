/** The page's chart option: the shared one (protocol statistics-chart.ts), typed for the console's ECharts. */
import { statisticsChartOption, type StatisticsResult } from '@edge/protocol';
import type { ChartOption } from '../../components/charts/EChart.tsx';

export { figureText } from '@edge/protocol';

export const chartOption = (
  result: StatisticsResult,
  nameOf: (key: string, label: string) => string,
  unit: string,
): ChartOption => statisticsChartOption(result, nameOf, unit) as ChartOption;
