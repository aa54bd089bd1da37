/**
 * A Statistics view as a PDF: an HTML page (title, facts, the chart as SVG drawn by ECharts on the server,
 * the table of figures) printed by headless Chromium (/usr/bin/chromium through playwright-core). The
 * page has no script and no address to fetch: JavaScript is off and every request is refused. Fonts: DejaVu
 * (Latin, Arabic), Noto CJK (Chinese, Japanese), TLWG Loma (Thai), installed as Debian packages.
 *
 * ECharts and playwright-core are loaded on the first document, not at start: their sources and compiled
 * code were about 40 MiB of every console's heap (a fifth of it at 10,000 devices) for a page few print.
 */
import {
  figureText,
  indicatorUnits,
  statisticsChartOption,
  type LanguageCode,
  type StatisticsPdfRequest,
  type StatisticsResult,
} from '@edge/protocol';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHART = { width: 960, height: 380 };
/** Documents printed at once: each is a browser of its own. */
const MAX_AT_ONCE = 2;

const FONTS: Partial<Record<LanguageCode, string>> = {
  jp: "'Noto Sans CJK JP'",
  zh_tw: "'Noto Sans CJK TC'",
  phasa: "'Loma'",
};
const fontsOf = (lang: LanguageCode) =>
  [FONTS[lang], "'DejaVu Sans'", "'Noto Sans CJK JP'", "'Loma'", 'sans-serif'].filter(Boolean).join(', ');

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function chartSvg(result: StatisticsResult, names: Record<string, string>, unit: string) {
  const echarts = await import('echarts');
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...CHART });
  try {
    chart.setOption(statisticsChartOption(result, (key, label) => names[key] ?? label, unit));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export async function reportHtml(
  request: StatisticsPdfRequest & { lang: LanguageCode },
  result: StatisticsResult,
): Promise<string> {
  const { texts, lang } = request;
  const unit = indicatorUnits[request.query.view.indicator as keyof typeof indicatorUnits];
  const dir = lang === 'Arabic' ? 'rtl' : 'ltr';
  const cell = (v: number | null) => `<td dir="ltr">${escape(figureText(v, unit))}</td>`;
  const rows = result.figures
    .map(
      (f) =>
        `<tr><th scope="row">${escape(texts.names[f.key] ?? f.label)}</th>${cell(f.min)}${cell(f.avg)}${cell(f.max)}${cell(f.last)}<td>${f.samples}</td></tr>`,
    )
    .join('');
  const c = texts.columns;
  const chart = await chartSvg(result, texts.names, unit);
  return `<!doctype html><html lang="${lang === 'Arabic' ? 'ar' : lang}" dir="${dir}"><head><meta charset="utf-8">
<style>
body{font-family:${fontsOf(lang)};margin:24px;color:#1f1f1f}
h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:16px 0 8px;color:#595959}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 12px}dt{color:#8c8c8c}dd{margin:0}
.chart{direction:ltr}table{border-collapse:collapse;width:100%;font-size:12px}
th,td{border:1px solid #d9d9d9;padding:4px 8px;text-align:start}thead th{background:#fafafa}
</style></head><body>
<h1>${escape(texts.title)}</h1>
<dl>${texts.facts.map(([k, v]) => `<dt>${escape(k)}</dt><dd>${escape(v)}</dd>`).join('')}</dl>
<h2>${escape(texts.indicator)}</h2>
<div class="chart">${chart}</div>
<table><thead><tr><th>${escape(c.series)}</th><th>${escape(c.min)}</th><th>${escape(c.avg)}</th><th>${escape(c.max)}</th><th>${escape(c.last)}</th><th>${escape(c.samples)}</th></tr></thead>
<tbody>${rows}</tbody></table>
</body></html>`;
}

let running = 0;

/** Prints the page; null when MAX_AT_ONCE documents are being printed already. */
export async function printPdf(html: string): Promise<Buffer | null> {
  if (running >= MAX_AT_ONCE) return null;
  running++;
  const browser = await import('playwright-core')
    .then(({ chromium }) => chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] }))
    .catch((err) => {
      running--;
      throw err;
    });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.route('**/*', (route) => route.abort());
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', landscape: true, printBackground: true });
  } finally {
    await browser.close();
    running--;
  }
}
