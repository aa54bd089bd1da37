/**
 * One ECharts instance in a div: created on mount, given each new option, resized with its box, disposed on
 * unmount. Only the chart types the console draws are registered (tree-shaken), with the SVG renderer so the
 * charts stay crisp and need no canvas. Charts read left to right in every language (time runs that way).
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';
import type { LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';

echarts.use([
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;

export interface EChartProps {
  option: ChartOption;
  height: number;
  className?: string;
  /** Accessible description of what the chart shows. */
  label: string;
  testId?: string;
}

export function EChart({ option, height, className, label, testId }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.EChartsType | null>(null);
  const latest = useRef(option);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Created once the box has a size (a hidden tab has none yet), then resized with it.
    const ensure = () => {
      if (chart.current) {
        chart.current.resize();
        return;
      }
      if (element.clientWidth === 0 || element.clientHeight === 0) return;
      try {
        chart.current = echarts.init(element, undefined, { renderer: 'svg' });
        chart.current.setOption(latest.current);
      } catch {
        // A chart that cannot draw leaves its box empty; its figures are in the page beside it.
      }
    };
    ensure();
    const observer = new ResizeObserver(ensure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = option;
    try {
      chart.current?.setOption(option, { lazyUpdate: true });
    } catch {
      // As above: never break the page for a chart.
    }
  }, [option]);

  return (
    <div
      ref={box}
      className={className}
      style={{ height, width: '100%' }}
      role="img"
      aria-label={label}
      dir="ltr"
      data-testid={testId}
    />
  );
}
