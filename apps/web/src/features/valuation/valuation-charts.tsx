import type { NavPoint, ValuationLine } from '@portal/shared';
import { LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { classLabel } from './valuation-format';

// Only what the two charts use, so the page's chunk stays small; this module is loaded with the page's charts only.
echarts.use([LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A thin wrapper: one echarts instance per element, resized with it, disposed with it. */
function Chart({ option, label, height = 280 }: { option: echarts.EChartsCoreOption; label: string; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = echarts.init(ref.current!);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(ref.current!);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, []);
  useEffect(() => {
    echarts.getInstanceByDom(ref.current!)?.setOption(option, true);
  }, [option]);
  return <div ref={ref} role="img" aria-label={label} style={{ width: '100%', height }} />;
}

/** NAV (yuan, left axis) and unit NAV (right axis) per valuation day. */
export function NavTrendChart({ points }: { points: readonly NavPoint[] }) {
  return (
    <Chart
      label="净值走势图"
      option={{
        tooltip: { trigger: 'axis' },
        legend: { data: ['单位净值', '累计单位净值', '资产净值（万元）'], top: 0 },
        grid: { left: 56, right: 56, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: points.map((p) => p.date), axisLabel: { hideOverlap: true } },
        yAxis: [
          { type: 'value', scale: true, name: '净值', axisLabel: { formatter: (v: number) => v.toFixed(3) } },
          { type: 'value', scale: true, name: '万元', splitLine: { show: false } },
        ],
        series: [
          { name: '单位净值', type: 'line', showSymbol: false, data: points.map((p) => Number(p.unitNav)) },
          { name: '累计单位净值', type: 'line', showSymbol: false, data: points.map((p) => Number(p.cumUnitNav)) },
          { name: '资产净值（万元）', type: 'line', yAxisIndex: 1, showSymbol: false, areaStyle: { opacity: 0.08 }, data: points.map((p) => Math.round(Number(p.nav) / 100) / 100) },
        ],
      }}
    />
  );
}

/** Market value by asset class (positions) and the money lines, as shares of the total. */
export function AllocationChart({ lines }: { lines: readonly ValuationLine[] }) {
  const byClass = new Map<string, number>();
  for (const l of lines) {
    if (l.type === 'payable') continue;
    const key = classLabel(l);
    byClass.set(key, (byClass.get(key) ?? 0) + Number(l.marketValue));
  }
  return (
    <Chart
      label="资产配置图"
      option={{
        tooltip: { trigger: 'item', formatter: '{b}：{d}%' },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            radius: ['38%', '66%'],
            center: ['50%', '45%'],
            label: { formatter: '{b}\n{d}%' },
            data: [...byClass].map(([name, value]) => ({ name, value: Math.round(value) })),
          },
        ],
      }}
    />
  );
}
